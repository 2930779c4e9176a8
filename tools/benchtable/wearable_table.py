#!/usr/bin/env python3
"""Prints the table (docs/performance.md) of the wearable scorers against the verbatim originals.

Usage: python3 tools/benchtable/wearable_table.py regrade-out/bench/bench.json

Reads the document `./regrade bench --sections wearable --python-scorer DIR` writes and prints, in
Markdown, one row per task, variant and scale (medians, time per golden row, peak RSS of the whole
process, the ratio of the medians, whether the output files were byte-identical, the 100x targets),
then each 100x pair's individual runs. Nothing is measured here: the numbers are the bench's.
"""
import json
import sys

TARGET_RATIO = {"proactive": 10.0, "convqa": 10.0, "longqa": 2.5}
TARGET_RSS_MB = 512


def time(ms):
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms"


def per_row(us):
    return f"{us:.1f}" if us < 100 else f"{us:.0f}"


def main(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    rows = doc["subjects"]["wearable"]
    print("| task | variant | scale | golden | Regrade | µs/row | peak RSS | original | µs/row | peak RSS "
          "| ratio | outputs | target at 100× |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for m in rows:
        p = m.get("python")
        if not isinstance(p, dict):
            sys.exit(f"{path}: {m['task']} {m['variant']} {m['scale']}x has no paired original run "
                     "(run the bench with --python-scorer DIR)")
        golden = m["golden_mb"]
        ratio = f"{p['ratio']:.2f}×"
        target = ""
        if m["scale"] == 100:
            want = TARGET_RATIO[m["task"]]
            target = (f"≥ {want:g}×: {'met' if p['ratio'] >= want else '**missed**'}; "
                      f"RSS: {'met' if m['peak_rss_mb'] < TARGET_RSS_MB else '**missed**'}")
            ratio = f"**{ratio}**"
        print(f"| {m['task']} | {m['variant']} | {m['scale']}× | {golden:.1f} MB | "
              if golden < 1 else f"| {m['task']} | {m['variant']} | {m['scale']}× | {golden:.0f} MB | ", end="")
        print(f"{time(m['wall_ms_median'])} | {per_row(m['us_per_row'])} | {m['peak_rss_mb']:,.0f} MB | "
              f"{time(p['wall_ms_median'])} | {per_row(p['us_per_row'])} | {p['peak_rss_mb']:,.0f} MB | {ratio} | "
              f"{'byte-identical' if p['outputs_identical'] else '**differ**'} | {target} |")
    print()
    runs = []
    for m in rows:
        if m["scale"] == 100:
            p = m["python"]
            runs.append(f"{m['task']} {m['variant']} {' / '.join(time(x) for x in m['wall_ms_samples'])} against "
                        f"{' / '.join(time(x) for x in p['wall_ms_samples'])} (median of the pairs' ratios: "
                        f"{p['ratio_of_pairs_median']:.2f})")
    print("The runs of each 100× pair: " + "; ".join(runs) + ".")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
