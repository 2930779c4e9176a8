"""Regenerates the golden cases of the 2025_10_23 script ports from the ORIGINAL scripts.

    python3 tools/scriptoracle/generate.py [--scripts a,b,...] [--out DIR] [--check]

For every case in cases/<script>.json and every variant it lists, runs the upstream script
(released as is, other variants patched, see harness.py) in a child python with the case's
PYTHONHASHSEED, and writes <DIR>/<script>/golden/<file>.json (the case's inputs, then what the run
produced) and, for the scripts that have them, <DIR>/<script>/prompts/<file>.json (its prompt
digests); and recomputes the vector files (VECTORS). Default DIR:
scripts-2025_10_23/src/test/resources/dev/regrade/scripts/v2025_10_23. --check regenerates into a
temporary directory and compares bytes with DIR (exit 1 on any different or missing file, or a
committed golden/prompts file without a case). The upstream files under $M2W2_UPSTREAM must match
their pins in upstream.json.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE.parent / "pyoracle"))

import harness  # noqa: E402
from oracle import UPSTREAM  # noqa: E402  (the same $M2W2_UPSTREAM as the engine corpus)

MANIFEST = HERE / "upstream.json"
CASES_DIR = HERE / "cases"
DEFAULT_OUT = REPO / "scripts-2025_10_23/src/test/resources/dev/regrade/scripts/v2025_10_23"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------- #
# Pins                                                                        #
# --------------------------------------------------------------------------- #

def check_pins():
    """Refuses to run unless every pinned file under $M2W2_UPSTREAM is the pinned text."""
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    problems = []
    for pin in manifest["files"]:
        path = UPSTREAM / pin["path"]
        if not path.is_file():
            problems.append(f"missing {path}")
            continue
        data = path.read_bytes()
        try:
            chars = len(data.decode("utf-8"))
        except UnicodeDecodeError:
            chars = -1
        digest = hashlib.sha256(data).hexdigest()
        if chars != pin["chars"] or digest != pin["sha256"]:
            problems.append(f"{path}: {chars} chars, sha256 {digest}; pinned: {pin['chars']} chars, "
                            f"sha256 {pin['sha256']} ({pin['repository']}, {pin['upstream_path']}, "
                            f"revision: {pin['revision']})")
    if problems:
        sys.exit("upstream files do not match their pins in tools/scriptoracle/upstream.json "
                 "(see tools/scriptoracle/README.md):\n  " + "\n  ".join(problems))


# --------------------------------------------------------------------------- #
# What each golden file records after its inputs, and its prompts/ sidecar    #
# --------------------------------------------------------------------------- #
# A part maps a run's record (harness.run_case) to some keys of the file, in file order.

def expected(r):
    return {"expected": r["expected"]}


def judge_claims(r):
    return {"judge_claims": [c["claim"] for c in r["judge_calls"]]}


def judge_urls(r):
    return {"judge_urls": [c["url"] for c in r["judge_calls"]]}


def judge_prompt_sha256(r):
    return {"judge_prompt_sha256": [c["prompt_sha256"] for c in r["judge_calls"]]}


def task_description_sha256(r):
    return {"task_description_sha256": sha256(r["task_description"])}


def maps_calls(r):
    return {"maps_calls": r["maps_calls"]}


def per_request(key, value):
    """key: [value(request) for each extraction request, in call order]."""
    return lambda r: {key: [value(q, r) for q in r["extraction_requests"]]}


def per_name(key, value):
    """key: {extraction name: value(request)}, in first-call order (a repeated name keeps its last)."""
    def part(r):
        out = {}
        for q in r["extraction_requests"]:
            out[q["name"]] = value(q)
        return {key: out}
    return part


def nested(key, *parts):
    return lambda r: {key: build(r, parts)}


def build(r, parts) -> dict:
    out = {}
    for part in parts:
        out.update(part(r))
    return out


script_prompt_digests = per_name("script_extraction_prompt_sha256", lambda q: sha256(q["script_prompt"]))
message_digests = per_name("extraction_message_sha256", lambda q: sha256(q["prompt"]))

GOLDEN = {
    "active_stock": (expected, judge_claims),
    "baltimore_marc_station": (expected, judge_claims),
    "best_selling_foundations": (
        expected, judge_claims, judge_urls, judge_prompt_sha256, task_description_sha256,
        per_request("extraction_requests", lambda q, r: {
            "extraction_name": q["name"], "schema_name": q["schema_name"], "source": q["source"],
            "script_prompt_sha256": sha256(q["script_prompt"]), "prompt_sha256": sha256(q["prompt"])})),
    "county_AQI": (expected, judge_claims),
    "drone_delivery": (expected, judge_claims, judge_urls),
    "gas_stations": (
        expected, judge_claims, maps_calls,
        per_request("extraction_requests", lambda q, r: {
            "extraction_name": q["name"], "schema_name": q["schema_name"], "source": q["source"],
            "additional_instruction": q["additional_instruction"],
            "extraction_prompt_sha256": sha256(q["script_prompt"]),
            "task_description_sha256": sha256(r["task_description"])})),
    "ikea_shopping_list": (
        expected, judge_claims,
        nested("prompts", task_description_sha256, script_prompt_digests, judge_prompt_sha256)),
    "ingredient_safety": (expected, judge_claims),
    "paper_collaboration": (expected, judge_claims),
    "popular_ai_books": (
        expected, judge_claims,
        nested("prompts", task_description_sha256,
               per_request("extraction_requests", lambda q, r: [q["name"], q["schema_name"], sha256(q["prompt"])]),
               judge_prompt_sha256)),
    "rl_course_book": (expected, judge_claims),
}

# The scripts whose golden files have a prompts/<same name>.json sidecar, and what it records.
_FULL_PROMPTS = (task_description_sha256,
                 per_name("script_extraction_prompt", lambda q: q["script_prompt"]),
                 script_prompt_digests, message_digests,
                 per_name("extraction_schema", lambda q: q["schema_name"]),
                 judge_prompt_sha256)
PROMPTS = {
    "active_stock": (task_description_sha256, script_prompt_digests, judge_prompt_sha256),
    "baltimore_marc_station": (task_description_sha256, script_prompt_digests, message_digests, judge_prompt_sha256),
    "county_AQI": (
        task_description_sha256,
        per_request("extractions", lambda q, r: [q["name"], q["schema_name"], sha256(q["script_prompt"])]),
        judge_prompt_sha256),
    "drone_delivery": (
        task_description_sha256, script_prompt_digests,
        per_name("extraction_prompt_sha256", lambda q: sha256(q["prompt"])), judge_prompt_sha256),
    "ingredient_safety": _FULL_PROMPTS,
    "paper_collaboration": _FULL_PROMPTS,
    "rl_course_book": (task_description_sha256, script_prompt_digests, judge_prompt_sha256),
}


# --------------------------------------------------------------------------- #
# Vector files: each line's outputs recomputed from its inputs                #
# --------------------------------------------------------------------------- #

def _call(function, *args):
    """function(*args), or {"error": "Type: message"} when it raises."""
    try:
        return function(*args)
    except Exception as e:
        return {"error": f"{type(e).__name__}: {e}"}


def _price_line(fns, d):
    """{"price", "released", "fixed"}: the repr of extract_numeric_price(price) in each variant
    (ASCII-escaped JSON, as the committed file)."""
    return json.dumps({"price": d["price"], **{v: repr(f(d["price"])) for v, f in fns.items()}})


def _brand_line(fns, d):
    """{"extracted", "required", "released", "fixed"[, "python_lower"]}: calculate_brand_similarity."""
    line = {"extracted": d["extracted"], "required": d["required"],
            **{v: _call(f, d["extracted"], d["required"]) for v, f in fns.items()}}
    if "python_lower" in d:
        line["python_lower"] = [d["extracted"].lower(), d["required"].lower()]
    return json.dumps(line, ensure_ascii=False)


# script: [(file next to golden/, the script's function, line builder)]
VECTORS = {
    "ikea_shopping_list": [("extract_numeric_price_vectors.jsonl", "extract_numeric_price", _price_line)],
    "ingredient_safety": [("brand_similarity_vectors.jsonl", "calculate_brand_similarity", _brand_line),
                          ("brand_similarity_known_gap.jsonl", "calculate_brand_similarity", _brand_line)],
}


def vector_texts(scripts) -> dict:
    """Relative path -> text of each vector file, its inputs read from the committed file. Runs in
    this process: these functions use no hashing."""
    harness.load_engine()
    texts = {}
    for script in scripts:
        for name, function, line in VECTORS.get(script, []):
            fns = {v: getattr(harness.load_script(script, v, harness.DEFAULT_EVAL_DATE), function)
                   for v in (harness.RELEASED, "fixed")}
            rows = [json.loads(x) for x in (DEFAULT_OUT / script / name).read_text(encoding="utf-8").splitlines()]
            texts[Path(script) / name] = "".join(line(fns, d) + "\n" for d in rows)
    return texts


# --------------------------------------------------------------------------- #
# Cases and runs                                                              #
# --------------------------------------------------------------------------- #

class Job(NamedTuple):
    script: str
    stem: str  # the golden file's name without .json
    variant: str
    inputs: dict  # the golden file's inputs, in file order


KINDS = ("golden", "prompts")  # the generated subdirectories of a script


def load_cases(scripts) -> list[Job]:
    """One job per case and variant of the scripts, in cases/<script>.json order."""
    jobs = []
    for script in scripts:
        cases = json.loads((CASES_DIR / f"{script}.json").read_text(encoding="utf-8"))
        for case in cases.values():
            for variant, stem in case["files"].items():
                inputs = {}
                for key, value in case.items():
                    if key == "files":
                        continue
                    inputs[key] = value
                    if key == "description":
                        inputs["variant"] = variant
                jobs.append(Job(script, stem, variant, inputs))
    return jobs


def run_all(jobs):
    """Runs every job in a child python per hash seed; returns the raw records in job order."""
    records = [None] * len(jobs)
    by_seed = {}
    for i, job in enumerate(jobs):
        by_seed.setdefault(job.inputs["hash_seed"], []).append(i)
    for seed, indexes in sorted(by_seed.items()):
        env = {**os.environ, "PYTHONHASHSEED": str(seed), "M2W2_UPSTREAM": str(UPSTREAM)}
        payload = json.dumps([[jobs[i].script, jobs[i].variant, jobs[i].inputs] for i in indexes],
                             ensure_ascii=False)
        proc = subprocess.run([sys.executable, str(HERE / "harness.py")], input=payload.encode("utf-8"),
                              capture_output=True, env=env)
        if proc.returncode != 0:
            sys.exit(f"harness failed (PYTHONHASHSEED={seed}):\n{proc.stderr.decode('utf-8', 'replace')}")
        for i, record in zip(indexes, json.loads(proc.stdout.decode("utf-8"))):
            records[i] = record
    return records


def _dump(obj) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def generate(out: Path, scripts) -> list[Path]:
    """Writes every golden, prompts and vector file of the scripts under `out`; returns their paths."""
    texts = vector_texts(scripts)
    jobs = load_cases(scripts)
    for job, record in zip(jobs, run_all(jobs)):
        texts[Path(job.script, "golden", f"{job.stem}.json")] = _dump(
            {**job.inputs, **build(record, GOLDEN[job.script])})
        if job.script in PROMPTS:
            texts[Path(job.script, "prompts", f"{job.stem}.json")] = _dump(build(record, PROMPTS[job.script]))
    for rel, text in texts.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        with open(out / rel, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    return list(texts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scripts", help="comma-separated script names (default: all)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="regenerate to a temp dir and compare with --out")
    a = ap.parse_args()
    scripts = a.scripts.split(",") if a.scripts else sorted(p.stem for p in CASES_DIR.glob("*.json"))
    unknown = [s for s in scripts if s not in GOLDEN]
    if unknown:
        ap.error(f"unknown script(s): {', '.join(unknown)}")
    check_pins()
    if not a.check:
        written = generate(a.out, scripts)
        print(f"wrote {len(written)} files ({_count(written)}) under {a.out}")
        return
    with tempfile.TemporaryDirectory(prefix="scriptoracle-") as tmp:
        written = generate(Path(tmp), scripts)
        bad = [rel for rel in written
               if not (a.out / rel).is_file() or (a.out / rel).read_bytes() != (Path(tmp) / rel).read_bytes()]
    committed = {p.relative_to(a.out) for s in scripts for kind in KINDS for p in (a.out / s / kind).glob("*.json")}
    extra = sorted(committed - set(written))
    for rel in bad:
        print(f"{'DIFFERENT' if (a.out / rel).is_file() else 'MISSING'}: {rel}")
    for rel in extra:
        print(f"NOT GENERATED (committed, no case): {rel}")
    print(f"identical: {len(written) - len(bad)} of {len(written)} files ({_count(written)}); "
          f"{len(extra)} committed without a case")
    if bad or extra:
        sys.exit(1)


def _count(paths) -> str:
    counts = [f"{sum(1 for p in paths if p.parts[1] == kind)} {kind}" for kind in KINDS]
    return ", ".join(counts + [f"{sum(1 for p in paths if p.suffix == '.jsonl')} vectors"])


if __name__ == "__main__":
    main()
