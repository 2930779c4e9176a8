#!/usr/bin/env python3
"""Golden vectors for how the wearable scorers read and write files (issue 26 item 13).

    python3 tools/wearable-io/io_vectors.py --upstream DIR [--check]

DIR is the one tools/wearable-shapes uses (DIR/released/run_evaluation.py, DIR/fixed/run_evaluation.py,
not in this repository; REGRADE_UPSTREAM_WEARABLE may name it). Run from the repository root with
python3.11 under a UTF-8 locale.

Every case starts from the well-formed rows of tools/wearable-shapes/base_rows.json and breaks ONE
thing in how a file is read or written: malformed JSON of every kind json.loads names (a truncated
line, a trailing comma, a BOM, an invalid escape, a raw control character, extra data, ...), bytes
that are not UTF-8 (also past the first 8,192-byte chunk), a missing file or a directory as input,
NaN/Infinity/+Infinity, numbers of 2,000 to 5,000 digits, nesting at and past the recursion limit,
an --output whose parent is a file, an --output that is a directory, new parent directories on a
failing run. Each upstream file runs each case through its own command line (--eval-only, absolute
paths in a temp dir), and what it did is recorded: the exit status, the last error line (its message,
with the temp dir as {dir}), and every path left in the temp dir (files with their sha256).

Writes cli/src/test/resources/dev/regrade/cli/wearable-io/cases.jsonl, one case a line:
  {"id", "task", "golden": base64 or null (missing), "preds": ..., "setup": [[kind, relpath]...],
   "output": relpath, "released": {"exit", "type", "error": message or null, "io": whether the type is a reading/writing
   error (the fixed variant replays those), "paths": {relpath: sha|"dir"}}}
ScoreIoVectorsTest (cli module) replays every case through `regrade score` without Python.
--check regenerates in memory and fails if anything differs from the committed file.
"""
import argparse
import base64
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "cli", "src", "test", "resources", "dev", "regrade", "cli", "wearable-io", "cases.jsonl")
VARIANTS = ("released",)
# The fixed file's load_jsonl and write_results are the released file's, line for line: the fixed variant
# replays the cases where the released one stops reading or writing (IO_ERRORS), with the same outcome.
IO_ERRORS = ("json.decoder.JSONDecodeError", "UnicodeDecodeError", "FileNotFoundError", "IsADirectoryError",
             "NotADirectoryError", "FileExistsError", "PermissionError", "RecursionError", "ValueError")


def text(rows):
    return "".join(json.dumps(r) + "\n" for r in rows).encode("utf-8")


def with_field(line_obj, raw):
    """The row's JSON text with one more field "x" whose value is the raw text given (maybe invalid)."""
    s = json.dumps(line_obj)
    return s[:-1] + ', "x": ' + raw + "}"


def lines_with(rows, index, raw_line):
    out = [json.dumps(r) for r in rows]
    out[index] = raw_line
    return ("\n".join(out) + "\n").encode("utf-8")


def build_cases(base):
    cases = []

    def add(cid, task, golden, preds, setup=(), output="out/results.json"):
        cases.append({"id": cid, "task": task, "golden": golden, "preds": preds, "setup": list(setup),
                      "output": output})

    for task in ("longqa", "convqa", "proactive"):
        g, p = base[task]["golden"], base[task]["golden"]  # predictions: the golden rows score perfectly
        G, P = text(g), text(p)
        last = len(p) - 1

        def pr(raw, index=0):
            return lines_with(p, index, raw)

        add(f"{task}-ok", task, G, P)
        add(f"{task}-truncated-last-line", task, G, P[:-3])
        add(f"{task}-truncated-mid-string", task, G, P[: P.index(b'"', 20) + 4] + b"\n")
        add(f"{task}-trailing-comma-object", task, G, pr(json.dumps(p[0])[:-1] + ",}"))
        add(f"{task}-trailing-comma-array", task, G, pr(with_field(p[0], "[1, 2,]")))
        add(f"{task}-bom", task, G, b"\xef\xbb\xbf" + P)
        add(f"{task}-bom-golden", task, b"\xef\xbb\xbf" + G, P)
        add(f"{task}-invalid-escape", task, G, pr(with_field(p[0], r'"a\qb"')))
        add(f"{task}-invalid-u-escape", task, G, pr(with_field(p[0], r'"a\u12G4"')))
        add(f"{task}-u-escape-at-end", task, G, pr(with_field(p[0], '"\\u12')[:-1]))
        add(f"{task}-raw-tab", task, G, pr(with_field(p[0], '"a\tb"')))
        add(f"{task}-raw-control", task, G, pr(with_field(p[0], '"a\x01b"'), last))
        add(f"{task}-extra-data", task, G, pr(json.dumps(p[0]) + " {}"))
        add(f"{task}-two-rows-one-line", task, G, pr(json.dumps(p[0]) + json.dumps(p[0])))
        add(f"{task}-unterminated-string", task, G, pr(json.dumps(p[0])[:-1] + ', "x": "abc'))
        add(f"{task}-unquoted-key", task, G, pr("{x: 1, " + json.dumps(p[0])[1:]))
        add(f"{task}-missing-colon", task, G, pr(with_field(p[0], "1").replace('"x": 1', '"x" 1')))
        add(f"{task}-missing-comma", task, G, pr(with_field(p[0], "1").replace(', "x"', ' "x"')))
        add(f"{task}-single-quotes", task, G, pr(with_field(p[0], "'a'")))
        add(f"{task}-non-ascii-then-error", task, G, pr(with_field(p[0], '"é€😀", "y": ]')))
        add(f"{task}-crlf-truncated", task, G, P.replace(b"\n", b"\r\n")[:-4] + b"\r\n")
        add(f"{task}-cr-extra-data", task, G, P.replace(b"\n", b"\r", 1)[:-1] + b" x\n")
        add(f"{task}-plus-infinity", task, G, pr(with_field(p[0], "+Infinity")))
        add(f"{task}-plus-infinity-in-string", task, G, pr(with_field(p[0], '"+Infinity"')))
        add(f"{task}-infinity-nan", task, G, pr(with_field(p[0], "[Infinity, -Infinity, NaN]")))
        add(f"{task}-plus-one", task, G, pr(with_field(p[0], "+1")))
        add(f"{task}-leading-zero", task, G, pr(with_field(p[0], "01")))
        add(f"{task}-int-2000-digits", task, G, pr(with_field(p[0], "7" * 2000)))
        add(f"{task}-int-4300-digits", task, G, pr(with_field(p[0], "-" + "7" * 4300)))
        add(f"{task}-int-4301-digits", task, G, pr(with_field(p[0], "7" * 4301)))
        add(f"{task}-float-5000-digits", task, G, pr(with_field(p[0], "1." + "3" * 5000)))
        add(f"{task}-float-overflow", task, G, pr(with_field(p[0], "1e400")))
        add(f"{task}-nesting-990", task, G, pr(with_field(p[0], "[" * 989 + "]" * 989)))
        add(f"{task}-nesting-991", task, G, pr(with_field(p[0], "[" * 990 + "]" * 990)))
        add(f"{task}-nesting-991-objects", task, G, pr(with_field(p[0], '{"a": ' * 990 + "1" + "}" * 990)))
        add(f"{task}-nesting-1200-golden", task, lines_with(g, 0, with_field(g[0], "[" * 1200 + "]" * 1200)), P)
        add(f"{task}-empty-line-value", task, G, pr("null"))
        add(f"{task}-not-utf8-start-byte", task, G, P[:30] + b"\xff" + P[30:])
        add(f"{task}-not-utf8-continuation", task, G, P[:30] + b"\xc3\x28" + P[30:])
        add(f"{task}-not-utf8-3-byte", task, G, P[:30] + b"\xe2\x82\x28" + P[30:])
        add(f"{task}-not-utf8-surrogate", task, G, P[:30] + b"\xed\xa0\x80" + P[30:])
        add(f"{task}-not-utf8-truncated-at-end", task, G, P + b"\xe2\x82")
        add(f"{task}-not-utf8-golden", task, G[:10] + b"\x80" + G[10:], P[:10] + b"\xfe" + P[10:])
        big = pr(with_field(p[0], json.dumps("long " * 2000)))  # row 0 past 8,192 bytes
        add(f"{task}-not-utf8-second-chunk", task, G, big[:9000] + b"\xff" + big[9000:])
        add(f"{task}-not-utf8-split-across-chunks", task, G, big[:8191] + b"\xe2\x82\x28" + big[8191:])
        add(f"{task}-json-error-before-bad-byte", task, G, b"{\n" + P[:30] + b"\xff" + P[30:])
        add(f"{task}-bad-byte-same-chunk-as-json-error", task, G, P[:-3] + b"\n{\"a\": \xff}\n")
        add(f"{task}-golden-missing", task, None, P)
        add(f"{task}-preds-missing", task, G, None)
        add(f"{task}-golden-broken-preds-missing", task, G[:-3], None)
        add(f"{task}-golden-directory", task, "dir", P)
        add(f"{task}-preds-directory", task, G, "dir")
        add(f"{task}-output-parent-is-file", task, G, P, [["file", "afile"]], "afile/results.json")
        add(f"{task}-output-grandparent-is-file", task, G, P, [["file", "afile"]], "afile/sub/results.json")
        add(f"{task}-output-is-empty-directory", task, G, P, [["dir", "out/results.json"]])
        add(f"{task}-output-is-directory", task, G, P, [["dir", "out/results.json"], ["file", "out/results.json/keep"]])
        add(f"{task}-summary-is-directory", task, G, P, [["dir", "out/results_summary.json"]])
        add(f"{task}-new-parents-failing-run", task, G, P[:-3], (), "new/deeper/results.json")
        add(f"{task}-new-parents", task, G, P, (), "new/deeper/results.json")
        add(f"{task}-output-no-extension", task, G, P, (), "out/results")
    return cases


def b64(data):
    return None if data is None else "dir" if data == "dir" else base64.b64encode(data).decode("ascii")


def listing(d):
    out = {}
    for root, dirs, files in os.walk(d):
        for name in dirs:
            out[os.path.relpath(os.path.join(root, name), d)] = "dir"
        for name in files:
            with open(os.path.join(root, name), "rb") as f:
                out[os.path.relpath(os.path.join(root, name), d)] = hashlib.sha256(f.read()).hexdigest()
    return dict(sorted(out.items()))


def error_of(stderr):
    lines = [l for l in stderr.splitlines() if l.strip()]
    if not lines:
        return None
    line = lines[-1]
    if line.startswith("ERROR: "):
        return "logged", line[len("ERROR: "):]
    return tuple(line.split(": ", 1)) if ": " in line else (line, "")


def run_case(upstream, case, variant):
    with tempfile.TemporaryDirectory() as d:
        d = os.path.realpath(d)
        for name, data in (("g.jsonl", case["golden"]), ("p.jsonl", case["preds"])):
            if data == "dir":
                os.mkdir(os.path.join(d, name))
            elif data is not None:
                with open(os.path.join(d, name), "wb") as f:
                    f.write(data)
        for kind, rel in case["setup"]:
            path = os.path.join(d, rel)
            if kind == "dir":
                os.makedirs(path)
            else:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write("in the way\n")
        cmd = [sys.executable, os.path.join(upstream, variant, "run_evaluation.py"), "--task", case["task"],
               "--eval-only", "--golden", os.path.join(d, "g.jsonl"), "--predictions", os.path.join(d, "p.jsonl"),
               "--output", os.path.join(d, case["output"])]
        env = dict(os.environ, PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8")
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=d, env=env, timeout=120)
        kind, err = error_of(r.stderr) if r.returncode != 0 else (None, None)
        return {"exit": r.returncode, "type": kind, "error": None if err is None else err.replace(d, "{dir}"),
                "io": kind in IO_ERRORS, "paths": listing(d)}


def generate(upstream):
    with open(os.path.join(ROOT, "tools", "wearable-shapes", "base_rows.json"), encoding="utf-8") as f:
        base = json.load(f)
    rows = []
    for case in build_cases(base):
        row = {k: case[k] for k in ("id", "task")}
        row["golden"], row["preds"] = b64(case["golden"]), b64(case["preds"])
        row["setup"], row["output"] = case["setup"], case["output"]
        for v in VARIANTS:
            row[v] = run_case(upstream, case, v)
        rows.append(json.dumps(row, sort_keys=False) + "\n")
    return "".join(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--upstream", default=os.environ.get("REGRADE_UPSTREAM_WEARABLE"))
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    if not a.upstream:
        sys.exit("--upstream DIR (or REGRADE_UPSTREAM_WEARABLE) is required")
    new = generate(a.upstream)
    if a.check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != new:
                sys.exit("io vectors differ from " + OUT)
        print("io vectors: unchanged")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(new)
    print(f"wrote {new.count(chr(10))} cases to {OUT}")


if __name__ == "__main__":
    main()
