"""Regenerates the differential-test corpus from the ORIGINAL engine.

    python3 tools/pyoracle/generate.py [--out DIR] [--check]

Default DIR: rubric-engine/src/test/resources/dev/regrade/rubric/oracle (relative to the repo).
--check regenerates into a temporary directory and compares bytes with DIR.
"""
from __future__ import annotations

import argparse
import filecmp
import json
import shutil
import sys
import tempfile
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import oracle  # noqa: E402
import handwritten  # noqa: E402
import randomgen  # noqa: E402
import realistic  # noqa: E402

REPO = HERE.parent.parent
DEFAULT_OUT = REPO / "rubric-engine/src/test/resources/dev/regrade/rubric/oracle"
RANDOM_SEED = 20251022
RANDOM_COUNT = 300
VECTOR_SEED = 7
VECTOR_COUNT = 2000


def _write(path: Path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def _dump(obj) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def _calls_text(calls: dict) -> str:
    # one judge call per line keeps diffs readable
    lines = ["{", '  "calls": [']
    for i, c in enumerate(calls["calls"]):
        lines.append("    " + json.dumps(c, ensure_ascii=False) + ("," if i + 1 < len(calls["calls"]) else ""))
    lines.append("  ],")
    tail = ['  "verify_returns": ' + json.dumps(calls["verify_returns"])]
    if "raises" in calls:
        tail[-1] += ","
        tail.append('  "raises": ' + json.dumps(calls["raises"], ensure_ascii=False))
    return "\n".join(lines + tail + ["}"]) + "\n"


def _check_idempotent(summary: dict, vt) -> bool:
    """compute_score(mutate=True) on the stored tree reproduces it (what a rescore checks)."""
    tree = summary["eval_breakdown"][0]["verification_tree"]
    root = vt.VerificationNode.model_validate(tree)
    final = root.compute_score(mutate=True)
    return root.dict() == tree and final == summary["final_score"]


def _neumaier_differs(tree: dict) -> int:
    """How many container sums would differ under Python>=3.12's compensated sum()."""
    n = 0

    def walk(d):
        nonlocal n
        for c in d["children"]:
            walk(c)
        soft = [c["score"] for c in d["children"] if not c["critical"]]
        if len(soft) > 2:
            naive = 0.0
            for s in soft:
                naive += s
            # CPython 3.12+ sum(): Neumaier compensated summation
            total, comp = 0.0, 0.0
            for x in soft:
                t = total + x
                comp += (total - t) + x if abs(total) >= abs(x) else (x - t) + total
                total = t
            if total + comp != naive:
                n += 1
    walk(tree)
    return n


UPSTREAM_SHA256 = {
    "verification_tree.py": "6c6860586dc73eb986786284256265d98d900626179ac848bfdfd9ede4e1960d",
    "evaluator.py": "66dd3f39c8271f8db4ed53210cc549b7323f205100e668b5869996cb7d2a19be",
    "eval_toolkit.py": "21ee9f1963abc8a49260df767af0375f2311dc189f4fb2d25160471bf180e6db",
    "utils/misc.py": "f4646d4c46737d77d3e99c39307e076c05efb66f731ea09251a829523069b1cb",
}


def _warn_if_other_upstream():
    import hashlib
    for rel, want in UPSTREAM_SHA256.items():
        got = hashlib.sha256((oracle.UPSTREAM / "mind2web2" / rel).read_bytes()).hexdigest()
        if got != want:
            print(f"note: upstream {rel} differs from the copy the committed corpus was made with", file=sys.stderr)


def generate(out: Path, verbose=True):
    ev, tk, vt = oracle.load_upstream()
    _warn_if_other_upstream()
    if out.exists():
        for sub in ("scenarios", "results"):
            shutil.rmtree(out / sub, ignore_errors=True)
        (out / "compute_score.jsonl").unlink(missing_ok=True)
    stats = {"handwritten": 0, "random": 0, "raises": 0, "judge_calls": 0, "verify_ops": 0,
             "non_idempotent_with_score_op": 0, "non_idempotent_other": 0}

    def emit(idx, sc):
        stem = f"{idx:03d}-{sc['name']}"
        summary, calls = oracle.run_scenario(sc)
        _write(out / "scenarios" / f"{stem}.json", _dump(sc))
        _write(out / "scenarios" / f"{stem}.calls.json", _calls_text(calls))
        stats["judge_calls"] += len(calls["calls"])
        stats["verify_ops"] += len(calls["verify_returns"])
        if summary is None:
            stats["raises"] += 1
            return
        _write(out / "scenarios" / f"{stem}.summary.json", oracle.summary_text(summary))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if not _check_idempotent(summary, vt):
                has_score = any(o["op"] == "score" for o in sc["ops"])
                stats["non_idempotent_with_score_op" if has_score else "non_idempotent_other"] += 1

    for i, sc in enumerate(handwritten.SCENARIOS):
        emit(i + 1, sc)
        stats["handwritten"] += 1
    for i, sc in enumerate(randomgen.random_scenarios(RANDOM_SEED, RANDOM_COUNT)):
        emit(100 + i, sc)
        stats["random"] += 1

    for build in realistic.BUILDERS:
        sc = build()
        summary, calls = oracle.run_scenario(sc)
        assert summary is not None, calls
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert _check_idempotent(summary, vt), sc["name"]
        _write(out / "results" / f"{sc['name']}.json", oracle.result_file_text(summary))

    lines = []
    neumaier = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for v in randomgen.compute_score_vectors(vt, VECTOR_SEED, VECTOR_COUNT):
            neumaier += _neumaier_differs(v["scored"])
            lines.append(json.dumps(v, ensure_ascii=False, separators=(",", ":")))
    _write(out / "compute_score.jsonl", "\n".join(lines) + "\n")
    stats["vectors"] = len(lines)
    stats["vector_container_sums_differing_under_py312_sum"] = neumaier
    if verbose:
        print(json.dumps(stats, indent=2))
    return stats


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="regenerate to a temp dir and compare with --out")
    a = ap.parse_args()
    if not a.check:
        generate(a.out)
        return
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp), verbose=False)
        cmp = filecmp.dircmp(tmp, a.out)
        bad = []

        def walk(c, rel=""):
            bad.extend(rel + x for x in c.left_only + c.right_only + c.diff_files + c.funny_files)
            for name, sub in c.subdirs.items():
                walk(sub, rel + name + "/")
        # dircmp compares shallowly by stat; force byte comparison
        for p in Path(tmp).rglob("*"):
            if p.is_file():
                q = a.out / p.relative_to(tmp)
                if not q.is_file() or q.read_bytes() != p.read_bytes():
                    bad.append(str(p.relative_to(tmp)))
        walk(cmp)
        bad = [b for b in bad if b != "README.md"]  # hand-written, not generated
        if bad:
            print("DIFFERENT:", sorted(set(bad))[:20])
            sys.exit(1)
        print("identical")


if __name__ == "__main__":
    main()
