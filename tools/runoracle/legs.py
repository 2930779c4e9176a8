"""The ends a replay of a legs answer (generate.py's legs world) must attain, from the ORIGINAL scripts.

Child process of generate.py: reads the legs cases (scriptoracle's case shape) as JSON on stdin and
writes, per case and direction ("released→fixed": a stored released result replayed under the fixed
script; "fixed→released" the other way), the lowest and highest score the other variant gives over
leg values that the stored result allows: the maps tool's answers moved, each alone through ±85
metres (about the width of a 0.1-mile rounding) metre by metre and then all at once at random, and
kept where the stored variant's tree is exactly the one it stores (every rounded distance, sum and
percentage it renders). The true legs are among them, so low <= the direct run's score <= high.

The scripts (released, and fixed with tools/scriptoracle's patch) are loaded once, the engine
through tools/scriptoracle's harness; the judge accepts every claim, the clock is 2025-10-23.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "pyoracle"))
sys.path.insert(0, str(HERE.parent / "scriptoracle"))

import harness  # noqa: E402
import oracle  # noqa: E402

VARIANTS = ("released", "fixed")
SCAN = 85  # metres either side of a leg, one leg at a time
JOINT = 400  # random moves of every leg at once


def run(module, tk, case: dict, rows: list) -> dict:
    client = harness.ScriptedClient(case, tk.BinaryEvalResult)
    harness._MAPS["rows"] = rows
    harness._MAPS["calls"] = []

    async def evaluate():
        return await module.evaluate_answer(
            client=client, answer=case["answer"], agent_name="agent", answer_name="answer_1.md",
            cache=oracle.FakeCacheFileSys(), semaphore=oracle.DualSemaphore(), logger=oracle.run_logger(),
            model="o4-mini")

    return asyncio.run(evaluate())


def tree(summary: dict):
    return summary["eval_breakdown"][0]["verification_tree"]


def candidates(rows: list, rng: random.Random) -> list:
    """The maps rows with their metre answers moved (the direct distance, a text, stays as it is)."""
    legs = [i for i, row in enumerate(rows) if isinstance(row[2], int)]
    out = []
    for i in legs:
        for d in range(-SCAN, SCAN + 1):
            if d:
                moved = [list(r) for r in rows]
                moved[i][2] += d
                out.append(moved)
    for _ in range(JOINT):
        moved = [list(r) for r in rows]
        for i in legs:
            moved[i][2] += rng.randint(-SCAN, SCAN)
        out.append(moved)
    return out


def main():
    cases = json.load(sys.stdin)
    _ev, tk, _vt = harness.load_engine()
    modules = {v: harness.load_script("gas_stations", v, "2025-10-23") for v in VARIANTS}
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pydantic .dict() deprecation
        for k, (name, case) in enumerate(cases.items()):
            truth = {v: run(modules[v], tk, case, case["maps"]) for v in VARIANTS}
            seen = {f"{a}→{b}": [] for a, b in (VARIANTS, VARIANTS[::-1])}
            for rows in [case["maps"]] + candidates(case["maps"], random.Random(k)):
                runs = {v: run(modules[v], tk, case, rows) for v in VARIANTS}
                for a, b in (VARIANTS, VARIANTS[::-1]):
                    if tree(runs[a]) == tree(truth[a]):
                        seen[f"{a}→{b}"].append(runs[b]["final_score"])
            out[name] = {d: {"low": min(s), "high": max(s), "reproducing": len(s)} for d, s in seen.items()}
            print(f"{name}: {out[name]}", file=sys.stderr)
    json.dump(out, sys.stdout, ensure_ascii=False, indent=2)


if __name__ == "__main__":
    main()
