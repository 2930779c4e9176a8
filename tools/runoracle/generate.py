"""Writes the result files of the ORIGINAL Mind2Web 2 runner for the replay's tests.

    python3 tools/runoracle/generate.py [--out DIR] [--check]

Every released case of tools/scriptoracle/cases/<task>.json becomes one answer of one agent (in case
order, three answers per agent: answer_1.md .. answer_3.md are the runs), evaluated by the upstream
runner (runner.py, one child python per judge, under that judge's PYTHONHASHSEED) under three
judges: accept, reject (each case's judge table by claim) and hash (the first byte of the claim's
SHA-256 is even). Writes DIR/<judge>.zip, the runner's output folder byte for byte (zipped: 20 MB of
indented JSON, 2 MB zipped): <agent>/<task>/<answer>/results/<ts>_<answer>.json, the runner's answer
copies and summary.json files, and HEAD's generate_result_summary per agent (<agent>/summary.json);
and DIR/inputs.json (which case each answer is, each judge's seed). Default DIR:
audit/src/test/resources/dev/regrade/audit/replay/runner. --check regenerates and compares every
file (each zip member) with DIR byte for byte (exit 1 on any difference). The upstream
files under $M2W2_UPSTREAM must match their pins in upstream.json (see README.md).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE.parent / "pyoracle"))

from oracle import UPSTREAM  # noqa: E402

MANIFESTS = [HERE.parent / "scriptoracle" / "upstream.json", HERE / "upstream.json"]
CASES_DIR = HERE.parent / "scriptoracle" / "cases"
DEFAULT_OUT = REPO / "audit/src/test/resources/dev/regrade/audit/replay/runner"
JUDGES = ["accept", "reject", "hash"]
RUNS = 3  # answers per agent and task


def check_pins():
    problems = []
    for manifest in MANIFESTS:
        for pin in json.loads(manifest.read_text(encoding="utf-8"))["files"]:
            path = UPSTREAM / pin["path"]
            if not path.is_file():
                problems.append(f"missing {path}")
                continue
            data = path.read_bytes()
            digest = hashlib.sha256(data).hexdigest()
            if len(data.decode("utf-8")) != pin["chars"] or digest != pin["sha256"]:
                problems.append(f"{path}: sha256 {digest}; pinned {pin['sha256']} ({pin['upstream_path']} "
                                f"at {pin['revision']})")
    if problems:
        sys.exit("upstream files do not match their pins (see tools/runoracle/README.md):\n  "
                 + "\n  ".join(problems))


def plan():
    """[[task, agent, [[answer_name, case_name], ...]], ...]: each task's released cases, RUNS per agent."""
    jobs = []
    for path in sorted(CASES_DIR.glob("*.json")):
        task = path.stem
        cases = [name for name, c in json.loads(path.read_text(encoding="utf-8")).items()
                 if "released" in c["files"]]
        for start in range(0, len(cases), RUNS):
            agent = f"agent_{start // RUNS + 1:02d}"
            answers = [[f"answer_{k + 1}.md", name] for k, name in enumerate(cases[start:start + RUNS])]
            jobs.append([task, agent, answers])
    return jobs


def seeds():
    """Each judge's PYTHONHASHSEED: random, but fixed (the replay must recover it where the tree reads it)."""
    rng = random.Random(20251023)
    return {judge: rng.randrange(4096) for judge in JUDGES}


def run_runner(out: Path, jobs, judge_seeds):
    """Runs the runner once per judge into out/<judge>/ (its eval_results root)."""
    for judge in JUDGES:
        with tempfile.TemporaryDirectory(prefix="runoracle-") as work:
            job = {"judge": judge, "out": str(out / judge), "work": work, "tasks": jobs}
            env = dict(os.environ, PYTHONHASHSEED=str(judge_seeds[judge]), M2W2_UPSTREAM=str(UPSTREAM))
            p = subprocess.run([sys.executable, str(HERE / "runner.py")], input=json.dumps(job), text=True,
                               env=env, capture_output=True)
            if p.returncode != 0:
                sys.exit(f"runner child ({judge}) failed:\n{p.stderr[-4000:]}")


def tree_files(root: Path) -> dict:
    """Relative path -> bytes of every file under root (the runner's empty logs/ folders have none)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def write_zip(path: Path, members: dict):
    """A zip of the runner's files, byte for byte, sorted, with one fixed time stamp (reproducible)."""
    with zipfile.ZipFile(path, "w") as z:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=(2025, 10, 23, 9, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, members[name], compresslevel=9)


def zip_members(path: Path) -> dict:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def generate() -> dict:
    """File name under DIR -> its members (a zip) or bytes (inputs.json)."""
    jobs = plan()
    judge_seeds = seeds()
    with tempfile.TemporaryDirectory(prefix="runoracle-out-") as tmp:
        run_runner(Path(tmp), jobs, judge_seeds)
        out = {f"{judge}.zip": tree_files(Path(tmp) / judge) for judge in JUDGES}
    inputs = {
        "about": "Which scriptoracle case (tools/scriptoracle/cases/<task>.json) each answer of the runner's "
                 "result files (<judge>.zip) is, and each judge's PYTHONHASHSEED; written by "
                 "tools/runoracle/generate.py",
        "judges": {j: {"hash_seed": judge_seeds[j]} for j in JUDGES},
        "answers": [{"task": t, "agent": a, "answer": n, "case": c} for t, a, answers in jobs for n, c in answers],
    }
    out["inputs.json"] = (json.dumps(inputs, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="regenerate and compare with the files in --out")
    args = ap.parse_args()
    check_pins()
    fresh = generate()
    if not args.check:
        args.out.mkdir(parents=True, exist_ok=True)
        for name, content in fresh.items():
            if name.endswith(".zip"):
                write_zip(args.out / name, content)
            else:
                (args.out / name).write_bytes(content)
        results = sum(1 for n, c in fresh.items() if n.endswith(".zip") for m in c if "/results/" in m)
        print(f"wrote {', '.join(fresh)} to {args.out}: {results} result files")
        return
    problems, same, total = [], 0, 0
    for name, content in fresh.items():
        path = args.out / name
        if not path.is_file():
            problems.append(f"missing: {name}")
            continue
        if not name.endswith(".zip"):
            total += 1
            same += path.read_bytes() == content
            problems += [] if path.read_bytes() == content else [f"different: {name}"]
            continue
        committed = zip_members(path)
        for member in sorted(content.keys() | committed.keys()):
            total += 1
            if content.get(member) == committed.get(member):
                same += 1
            else:
                problems.append(f"{'different' if member in content and member in committed else 'missing or extra'}: "
                                f"{name}!{member}")
    for p in problems[:20]:
        print(p)
    print(f"identical: {same} of {total} files")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
