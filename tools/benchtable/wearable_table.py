#!/usr/bin/env python3
"""Prints the table (docs/performance.md) of the wearable scorers against the verbatim originals.

Usage: python3 tools/benchtable/wearable_table.py regrade-out/bench/bench.json

Reads the document `./regrade bench --sections wearable --python-scorer DIR` writes and prints, in
Markdown, one row per task, variant and scale (medians, time per golden row, peak RSS of the whole
process, the ratio of the medians, the lowest ratio of a pair, whether the output files were
byte-identical, the target of issue 27's target 2 at that scale, met or with its gap), then each pair's
individual runs. Nothing is measured here: the numbers are the bench's.

Targets (issue 27, target 2): every task and variant at least 1.0x the original at 1x, 2x at 10x, 10x
at 100x (LongQA 2.5x, in every paired run, not the median only); under 512 MB of peak RSS at 100x.
"""
import json
import sys

TARGET_RSS_MB = 512


def target_ratio(task, scale):
    if scale >= 100:
        return 2.5 if task == "longqa" else 10.0
    return 2.0 if scale >= 10 else 1.0


def pair_ratios(m):
    return [p / j for j, p in zip(m["wall_ms_samples"], m["python"]["wall_ms_samples"])]


def time(ms):
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms"


def per_row(us):
    return f"{us:.1f}" if us < 100 else f"{us:.0f}"


def main(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    rows = doc["subjects"]["wearable"]
    print("| task | variant | scale | golden | Regrade | µs/row | peak RSS | original | µs/row | peak RSS "
          "| ratio | lowest pair | outputs | target |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for m in rows:
        p = m.get("python")
        if not isinstance(p, dict):
            sys.exit(f"{path}: {m['task']} {m['variant']} {m['scale']}x has no paired original run "
                     "(run the bench with --python-scorer DIR)")
        golden = m["golden_mb"]
        want = target_ratio(m["task"], m["scale"])
        lowest = min(pair_ratios(m))
        # LongQA at 100x must meet its target in every pair; the others on the median of the runs.
        got = lowest if m["task"] == "longqa" and m["scale"] >= 100 else p["ratio"]
        target = f"≥ {want:g}×: " + ("met" if got >= want else f"**missed** by {want - got:.2f}×")
        if m["task"] == "longqa" and m["scale"] >= 100:
            target += " (every pair)"
        if m["scale"] >= 100:
            target += f"; RSS: {'met' if m['peak_rss_mb'] < TARGET_RSS_MB else '**missed**'}"
        ratio = f"{p['ratio']:.2f}×"
        if m["scale"] == 100:
            ratio = f"**{ratio}**"
        print(f"| {m['task']} | {m['variant']} | {m['scale']}× | {golden:.1f} MB | "
              if golden < 1 else f"| {m['task']} | {m['variant']} | {m['scale']}× | {golden:.0f} MB | ", end="")
        print(f"{time(m['wall_ms_median'])} | {per_row(m['us_per_row'])} | {m['peak_rss_mb']:,.0f} MB | "
              f"{time(p['wall_ms_median'])} | {per_row(p['us_per_row'])} | {p['peak_rss_mb']:,.0f} MB | {ratio} | "
              f"{lowest:.2f}× | {'byte-identical' if p['outputs_identical'] else '**differ**'} | {target} |")
    print()
    for scale in sorted({m["scale"] for m in rows}):
        runs = []
        for m in rows:
            if m["scale"] == scale:
                p = m["python"]
                runs.append(f"{m['task']} {m['variant']} {' / '.join(time(x) for x in m['wall_ms_samples'])} against "
                            f"{' / '.join(time(x) for x in p['wall_ms_samples'])} (pairs "
                            f"{', '.join(f'{r:.2f}' for r in pair_ratios(m))})")
        print(f"The runs of each {scale}× pair (Regrade against the original): " + "; ".join(runs) + ".")
        print()
    print(f"Load average before: {doc['subjects'].get('load_before', '?')}, after: "
          f"{doc['subjects'].get('load_after', '?')}.")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
