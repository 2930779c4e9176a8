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
import datetime as _dt
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


def released_cases() -> dict:
    """task -> {case name: case} of tools/scriptoracle's cases."""
    return {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(CASES_DIR.glob("*.json"))}


# ---- the dated world: the same answers, evaluated on many days -----------------------------------

def dated_stamps(jobs) -> dict:
    """Each answer's time stamp (the runner's log tag -> ISO time): the days spread over 2026-2031;
    every other county_AQI answer is stamped on a New Year's Eve at 23:59:45, so that its script reads
    the clock (SCRIPT_DELAY later) in the next year: the run crossed midnight and the year its
    "last 10 years" window ends in is not the file name's."""
    stamps = {}
    i = 0
    county = 0
    for task, agent, answers in jobs:
        for answer_name, _case in answers:
            tag = f"{task}_{agent}_{answer_name}"  # eval_runner._eval_one_answer's log_tag
            if task == "county_AQI":
                if county % 2 == 0:
                    t = _dt.datetime(2025 + county // 2 % 6, 12, 31, 23, 59, 45)
                else:
                    t = _dt.datetime(2026, 1, 1, 12, 0, 0) + _dt.timedelta(days=53 * county, seconds=county)
                county += 1
            else:
                t = _dt.datetime(2026, 3, 1, 9, 0, 0) + _dt.timedelta(days=11 * i, seconds=i % 3600)
            stamps[tag] = t.isoformat()
            i += 1
    return stamps


# ---- the legs world: gas_stations answers whose legs lie at the script's thresholds ----------------

MPM = 1609.34  # the script's METERS_PER_MILE
ATLANTA, LA = "Atlanta, GA", "Los Angeles, CA"
LEG_MILES = [289.96, 289.99, 290.01, 290.04, 509.96, 509.99, 510.01, 510.04, 400.0, 450.55, 600.0]
ROUTE_SLACK = [-0.04, -0.01, 0.01, 0.04, -25.0, 30.0]  # around 2182 * 1.05 = 2291.1 miles in all
LAST_MILES = [289.96, 289.98, 290.02, 290.04, 509.96, 509.98, 510.02, 510.04]
LEGS_TRIPS = (30, 12)  # trips with legs and route totals at the thresholds; trips with the last leg at them


def legs_cases() -> dict:
    """gas_stations cases (scriptoracle's case shape) whose maps answers lie within 0.05 mile of the
    script's comparisons (290 and 510 miles a leg, 2291.1 miles a route), so that the rounded legs of
    a stored result leave some of them undecided: deterministic (random.Random(20261206))."""
    rng = random.Random(20261206)
    cases = {}
    for t in range(sum(LEGS_TRIPS)):
        near_end = t >= LEGS_TRIPS[0]
        n = 4 if near_end else 4 + rng.randrange(2)
        stations, maps = [], [[ATLANTA, LA, "Distance not found"]]
        previous, cumulative = ATLANTA, 0.0
        last = LAST_MILES[t % len(LAST_MILES)] + rng.randrange(20) * 0.001
        prev_even = (2182 - last) / 4 + rng.randrange(100) * 0.01
        for i in range(n):
            address = "" if not near_end and i == 1 and rng.randrange(12) == 0 else f"{100 + i} Main St, Town {t + 1}"
            stations.append({"name": f"Station {i + 1}", "address": address or None, "url": None})
            prev = prev_even if near_end else LEG_MILES[rng.randrange(len(LEG_MILES))] + rng.randrange(3) * 0.001
            if previous and address:
                maps.append([previous, address, "Distance not found" if not near_end and rng.randrange(25) == 0
                             else round(prev * MPM)])
            cumulative += prev
            if near_end:
                end = last if i == n - 1 else 2182 - cumulative + rng.randrange(50)
            else:
                end = (LEG_MILES[rng.randrange(len(LEG_MILES))] if i == n - 1
                       else 2291.1 - cumulative + ROUTE_SLACK[rng.randrange(len(ROUTE_SLACK))])
            if address:
                maps.append([address, LA, "Distance not found" if not near_end and rng.randrange(30) == 0
                             else round(max(end, 1) * MPM)])
            previous = address
        lines = [f"{i + 1}. {s['name']} - {s['address'] or ''}" for i, s in enumerate(stations)]
        cases[f"legs_{t + 1:02d}"] = {
            "description": "Generated by tools/runoracle: legs within 0.05 mile of the script's thresholds"
                           + (" (the last leg to Los Angeles at 290 or 510 miles)" if near_end else ""),
            "answer": "Here is the route from Atlanta to Los Angeles:\n" + "\n".join(lines),
            "judge": {"default": True, "table": {}},
            "extractions": {"gas_stations_extraction": {"stations": stations, "urls": []}},
            "maps": maps,
        }
    return cases


def legs_plan(cases) -> list:
    names = list(cases)
    return [["gas_stations", f"agent_{start // RUNS + 1:02d}",
             [[f"answer_{k + 1}.md", name] for k, name in enumerate(names[start:start + RUNS])]]
            for start in range(0, len(names), RUNS)]


def worlds():
    """Each world: the runner's judge, PYTHONHASHSEED, clock (null: the ticking one) and answers."""
    judge_seeds = seeds()
    cases = released_cases()
    jobs = plan()
    out = [{"name": j, "judge": j, "seed": judge_seeds[j], "stamps": None, "tasks": jobs, "cases": cases}
           for j in JUDGES]
    rng = random.Random(20261206)
    out.append({"name": "dated", "judge": "hash", "seed": rng.randrange(4096), "stamps": dated_stamps(jobs),
                "tasks": jobs, "cases": cases})
    legs = legs_cases()
    out.append({"name": "legs", "judge": "accept", "seed": rng.randrange(4096), "stamps": None,
                "tasks": legs_plan(legs), "cases": {"gas_stations": legs}})
    return out


def run_runner(out: Path, world: dict, variant: str):
    """Runs the runner over the world's answers with the variant's scripts into out (its eval_results root)."""
    with tempfile.TemporaryDirectory(prefix="runoracle-") as work:
        job = {"judge": world["judge"], "variant": variant, "out": str(out), "work": work,
               "stamps": world["stamps"], "tasks": world["tasks"],
               "cases": {t: world["cases"][t] for t in sorted({t for t, _a, _n in world["tasks"]})}}
        env = dict(os.environ, PYTHONHASHSEED=str(world["seed"]), M2W2_UPSTREAM=str(UPSTREAM))
        p = subprocess.run([sys.executable, str(HERE / "runner.py")], input=json.dumps(job), text=True,
                           env=env, capture_output=True)
        if p.returncode != 0:
            sys.exit(f"runner child ({world['name']}, {variant}) failed:\n{p.stderr[-4000:]}")


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


def legs_bounds(cases: dict) -> dict:
    """For each legs case and direction (the stored variant → the other): the lowest and highest score of
    the other variant over leg values within the stored rounding that reproduce the stored variant's tree
    (legs.py, the upstream scripts)."""
    env = dict(os.environ, PYTHONHASHSEED="0", M2W2_UPSTREAM=str(UPSTREAM))
    p = subprocess.run([sys.executable, str(HERE / "legs.py")], input=json.dumps(cases), text=True, env=env,
                       capture_output=True)
    if p.returncode != 0:
        sys.exit(f"legs child failed:\n{p.stderr[-4000:]}")
    return json.loads(p.stdout)


def dumps(value) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def generate() -> dict:
    """File name under DIR -> its members (a zip) or bytes (the JSON files)."""
    out = {}
    all_worlds = worlds()
    with tempfile.TemporaryDirectory(prefix="runoracle-out-") as tmp:
        for w in all_worlds:
            for variant in ("released", "fixed"):
                root = Path(tmp) / w["name"] / variant
                run_runner(root, w, variant)
                out[w["name"] + (".zip" if variant == "released" else ".fixed.zip")] = tree_files(root)
    by_name = {w["name"]: w for w in all_worlds}
    inputs = {
        "about": "Which scriptoracle case (tools/scriptoracle/cases/<task>.json) each answer of the runner's "
                 "result files (<judge>.zip) is, and each judge's PYTHONHASHSEED; written by "
                 "tools/runoracle/generate.py",
        "judges": {j: {"hash_seed": by_name[j]["seed"]} for j in JUDGES},
        "answers": [{"task": t, "agent": a, "answer": n, "case": c} for t, a, answers in plan() for n, c in answers],
        "worlds": {
            "dated": {
                "about": "dated.zip: the answers above under the hash judge, each evaluated on its own day (the "
                         "time stamp of its file name); script_now is what its script's datetime.now() read, "
                         "30 s after the stamp (a run stamped at 23:59:45 read the next day)",
                "judge": "hash", "hash_seed": by_name["dated"]["seed"],
                "script_now": {tag: (_dt.datetime.fromisoformat(t) + _dt.timedelta(seconds=30)).isoformat()
                               for tag, t in by_name["dated"]["stamps"].items()},
            },
            "legs": {
                "about": "legs.zip: generated gas_stations answers (legs-cases.json) under the accept judge, "
                         "evaluated on 2025-10-23",
                "judge": "accept", "hash_seed": by_name["legs"]["seed"],
                "answers": [{"task": t, "agent": a, "answer": n, "case": c}
                            for t, a, answers in by_name["legs"]["tasks"] for n, c in answers],
            },
            "fixed": "<world>.fixed.zip: the same answers, judge, seed and clock with the fixed scripts "
                     "(tools/scriptoracle/patches/): the upstream fixed script's own results, run by the runner",
        },
    }
    out["inputs.json"] = dumps(inputs)
    legs = by_name["legs"]["cases"]["gas_stations"]
    out["legs-cases.json"] = dumps(legs)
    out["legs-bounds.json"] = dumps(legs_bounds(legs))
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
