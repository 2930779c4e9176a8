#!/usr/bin/env python3
"""Times one upstream wearable scorer run for `regrade bench` (no upstream code lives in this repo).

    python3 wearable_score.py --scorer run_evaluation.py --task longqa|convqa|proactive \
        --golden G --predictions P --output OUT/results.json --report REPORT.json

Imports the given starter-kit run_evaluation.py (released or fixed; its scoring functions need only
the standard library), runs its _run_<task>(golden, predictions, output) exactly as its CLI's
--eval-only path does (ConvQA with BLEU only, no LLM judge), and writes REPORT.json:
{"status": exit status, "in_main_ms": time inside the scorer, "peak_rss_bytes": peak resident set
size of this process}. The scorer's own output files are compared with Regrade's by the bench.
"""
import argparse
import importlib.util
import json
import logging
import resource
import sys
import time


def peak_rss_kib() -> int:
    """VmHWM (this process's own peak RSS); ru_maxrss would carry the spawning JVM's peak across exec."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scorer", required=True)
    ap.add_argument("--task", required=True, choices=["longqa", "convqa", "proactive"])
    ap.add_argument("--golden", required=True)
    ap.add_argument("--predictions", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("--report", required=True)
    a = ap.parse_args()
    spec = importlib.util.spec_from_file_location("upstream_run_evaluation", a.scorer)
    ev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ev)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    start = time.perf_counter()
    status = 0
    try:
        if a.task == "longqa":
            ev._run_longqa(a.golden, a.predictions, a.output)
        elif a.task == "convqa":
            ev._run_convqa(a.golden, a.predictions, a.output, run_llm_judge=False, judge_model="none",
                           judge_batch_size=1)
        else:
            ev._run_proactive(a.golden, a.predictions, a.output)
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else 1
    except Exception as e:  # the scorer's own error: reported, not hidden
        print("%s: %s" % (type(e).__name__, e), file=sys.stderr)
        status = 1
    elapsed_ms = (time.perf_counter() - start) * 1000
    peak_kb = peak_rss_kib()
    with open(a.report, "w") as f:
        json.dump({"status": status, "in_main_ms": round(elapsed_ms, 1), "peak_rss_bytes": peak_kb * 1024}, f)
    return status


if __name__ == "__main__":
    sys.exit(main())
