#!/usr/bin/env python3
"""Golden vectors for odd-shaped inputs to the wearable scorers (issue #12 item 7).

    python3 tools/wearable-shapes/shapes.py --upstream DIR [--check] [--jobs 2]
    python3 tools/wearable-shapes/shapes.py --extract-base VAL_DIR

DIR holds the upstream starter-kit scorers, not shipped with Regrade: DIR/released/run_evaluation.py
(Sri427/wearable-ai-proactive) and DIR/fixed/run_evaluation.py (GauravKarakoti/wearable-ai, commit
98fcd646); REGRADE_UPSTREAM_WEARABLE may name it instead. Run from the repository root with python3.11.

Each case starts from a well-formed scenario (base_rows.json: rows of the real LongQA and ConvQA val
files, trimmed, and EgoProactive sessions shaped like the real ones) and changes ONE thing: one field
of one row (golden or prediction) set to every JSON type in its place, or removed; one element of a
list field; the whole row replaced by a non-object; a blank line inserted; the file empty or with other
line ends; or, for the ConvQA LLM judge, the judge's HTTP reply. Key cases put two values in the same
key field of a golden and a prediction row (1 and 1.0, null and missing, ...) to pin how pairing compares
them. Both upstream files score every case
through their own command line (`--eval-only`, one python3 process per case and variant, in a temp
dir; the LLM judge through the upstream vLLM client against the scripted server in stubs/model.py),
and what each did is recorded: the exit status, the error line it printed, the output files' bytes,
and the judge prompts it sent.

Writes wearable/src/test/resources/dev/regrade/wearable/shapes/:
  scenarios.json  the base golden and prediction files of each scenario (exact bytes)
  cases.jsonl     one case a line: id, scenario, the edits, the judge script, and per variant the outcome
                  {"exit", "error": {"line", "type", "message"} (exit != 0), "files": {name: sha256},
                  "prompts": [sha256 of each judge prompt, in order]}
  outputs.jsonl   every distinct output file once: {"sha256", "text"}
--check regenerates into a temp dir and fails if anything differs from the committed vectors.
--extract-base refreshes base_rows.json from VAL_DIR/longqa.jsonl and VAL_DIR/convqa.jsonl (the
egolongqa/egoconv val_700 files of GauravKarakoti/wearable-ai).
"""
import argparse
import concurrent.futures
import copy
import filecmp
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join("wearable", "src", "test", "resources", "dev", "regrade", "wearable", "shapes")
VARIANTS = ("released", "fixed")
MISSING = object()
JUDGE_MODEL = "shapes-judge"

UNICODE = "\u00dcn\u00efcode \u2615 \U0001d11e \u00a0end"
HUGE = ("lorem ipsum dolor " * 300)[:5000]

# Every JSON type in a field's place; "missing" removes the key. Lines are written as the real val
# files are (json.dumps, ASCII); "unicode_raw" writes the same value as raw UTF-8 instead.
VALUES = [
    ("null", None), ("true", True), ("false", False), ("0", 0), ("-1", -1), ("1.5", 1.5),
    ("bigint", 2 ** 70), ("nan", float("nan")), ("empty", ""), ("x", "x"), ("numstr", "7"),
    ("spaces", "  "), ("list0", []), ("list1", [1]), ("lista", ["a"]), ("dict0", {}),
    ("dict1", {"k": 1}), ("missing", MISSING), ("huge", HUGE), ("unicode", UNICODE),
    ("unicode_raw", UNICODE),
]
# Every JSON type in a list element's place; "drop" removes the element.
ELEMENT_VALUES = [v for v in VALUES if v[0] != "missing"] + [("drop", MISSING)]
# Two values put in the same key field of golden row 0 and prediction row 0: equal or not as Python
# compares dict keys (1 == 1.0 == True; None for null and missing alike; NaN found, as json.loads
# returns the same NaN object every time and a dict lookup tries identity first).
KEY_PAIRS = [
    ("int_float", 1, 1.0), ("int_bool", 1, True), ("float_bool", 1.0, True), ("str_int", "1", 1),
    ("nan", float("nan"), float("nan")), ("bigint_float", 2 ** 70, float(2 ** 70)), ("neg", -1, -1.0),
    ("zero_false", 0, False), ("null_missing", None, MISSING), ("list", ["a"], ["a"]), ("dict", {"k": 1}, {"k": 1}),
]

# The fields each scorer reads beyond those the base rows carry (prediction ids the released
# pairing keys on, the ConvQA category).
EXTRA_FIELDS = {
    ("longqa", "preds"): ["question"],
    ("convqa", "golden"): ["category"],
    ("convqa", "preds"): ["task"],
}
# List-of-string fields whose first element is mutated too.
LIST_FIELDS = {
    ("convqa", "golden"): ["questions", "answers"],
    ("convqa", "preds"): ["answers"],
    ("proactive", "golden"): ["answers"],
    ("proactive", "preds"): ["answers"],
}
WHOLE_ROWS = [("null", "null"), ("int", "1"), ("str", '"x"'), ("list0", "[]"), ("list_obj", "[{}]"),
              ("true", "true"), ("dict0", "{}")]
BLANK_LINES = [("empty", ""), ("spaces", "   "), ("tab", "\t"), ("nbsp", "\u00a0"), ("ideographic", "\u3000"),
               ("fs", "\x1c"), ("vt_ff", "\x0b\x0c")]

# ConvQA judge replies: the HTTP body (and status) each judged turn gets.
def _content(c):
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": c}}]})


JUDGE_OK = [{"status": 200, "body": _content("1.0")}]
JUDGE_REPLIES = [
    ("content_null", [{"status": 200, "body": _content(None)}]),
    ("content_empty", [{"status": 200, "body": _content("")}]),
    ("content_spaces", [{"status": 200, "body": _content("  \n")}]),
    ("content_text", [{"status": 200, "body": _content("excellent")}]),
    ("content_1.0", [{"status": 200, "body": _content("1.0")}]),
    ("content_0.5", [{"status": 200, "body": _content("0.5")}]),
    ("content_0", [{"status": 200, "body": _content("0")}]),
    ("content_point5", [{"status": 200, "body": _content(".5")}]),
    ("content_bold", [{"status": 200, "body": _content("**1.0**")}]),
    ("content_labelled", [{"status": 200, "body": _content("It covers 3 facts. Score: 0.5")}]),
    ("content_comma", [{"status": 200, "body": _content("1,0")}]),
    ("content_fraction", [{"status": 200, "body": _content("1.0/1.0")}]),
    ("content_bracketed", [{"status": 200, "body": _content("[0.5]")}]),
    ("content_quoted", [{"status": 200, "body": _content('"1.0"')}]),
    ("content_five", [{"status": 200, "body": _content("5")}]),
    ("content_truncated", [{"status": 200, "body": _content("It covers 3 facts. Score:")}]),
    ("content_nan", [{"status": 200, "body": _content("nan")}]),
    ("content_inf", [{"status": 200, "body": _content("inf")}]),
    ("content_unicode_digit", [{"status": 200, "body": _content("\u0661.0")}]),
    ("content_long", [{"status": 200, "body": _content("x" * 300 + " 0.5")}]),
    ("content_int", [{"status": 200, "body": _content(1)}]),
    ("content_int0", [{"status": 200, "body": _content(0)}]),
    ("content_float", [{"status": 200, "body": _content(0.5)}]),
    ("content_true", [{"status": 200, "body": _content(True)}]),
    ("content_false", [{"status": 200, "body": _content(False)}]),
    ("content_list0", [{"status": 200, "body": _content([])}]),
    ("content_list", [{"status": 200, "body": _content(["1.0"])}]),
    ("content_dict0", [{"status": 200, "body": _content({})}]),
    ("content_dict", [{"status": 200, "body": _content({"k": "1.0"})}]),
    ("no_content_key", [{"status": 200, "body": json.dumps({"choices": [{"message": {"role": "assistant"}}]})}]),
    ("message_null", [{"status": 200, "body": json.dumps({"choices": [{"message": None}]})}]),
    ("message_str", [{"status": 200, "body": json.dumps({"choices": [{"message": "1.0"}]})}]),
    ("choices_empty", [{"status": 200, "body": json.dumps({"choices": []})}]),
    ("choices_str", [{"status": 200, "body": json.dumps({"choices": "1.0"})}]),
    ("choices_dict", [{"status": 200, "body": json.dumps({"choices": {"0": {"message": {"content": "1.0"}}}})}]),
    ("payload_list", [{"status": 200, "body": "[]"}]),
    ("payload_null", [{"status": 200, "body": "null"}]),
    ("payload_str", [{"status": 200, "body": '"1.0"'}]),
    ("payload_not_json", [{"status": 200, "body": "1.0 please"}]),
    ("payload_empty", [{"status": 200, "body": ""}]),
    ("payload_nan_field", [{"status": 200, "body": '{"choices": [{"message": {"content": "1.0"}}], "usage": NaN}'}]),
    ("http_500", [{"status": 500, "body": '{"error": "boom"}'}]),
    ("http_404", [{"status": 404, "body": ""}]),
    ("null_then_ok", [{"status": 200, "body": _content(None)}, {"status": 200, "body": _content("1.0")}]),
    ("ok_then_null", [{"status": 200, "body": _content("1.0")}, {"status": 200, "body": _content(None)}]),
    ("text_then_list0", [{"status": 200, "body": _content("excellent")},
                         {"status": 200, "body": _content([])}]),
]

SCENARIOS = {
    # id: task, golden rows (indices into base_rows[task]["golden"]), pred rows, judge
    "longqa.full": ("longqa", [0, 1], [0, 1], False),
    "longqa.subset": ("longqa", [0, 1, 2], [0, 1], False),
    "convqa.full": ("convqa", [0, 1], [0, 1], False),
    "convqa.subset": ("convqa", [0, 1, 2], [0, 1], False),
    "convqa.judge": ("convqa", [0, 1], [0, 1], True),
    "proactive.full": ("proactive", [0, 1], [0, 1], False),
}


def dumps_line(row, ascii_only=True):
    return json.dumps(row, ensure_ascii=ascii_only)


def scenario_rows(base, scenario):
    task, gi, pi, _ = SCENARIOS[scenario]
    golden = [copy.deepcopy(base[task]["golden"][i]) for i in gi]
    preds = [copy.deepcopy(base[task]["preds"][i]) for i in pi]
    if scenario.endswith(".subset"):
        # The released pairing keys on (video_path, question|task): subset predictions carry the key.
        key = "question" if task == "longqa" else "task"
        for p, g in zip(preds, golden):
            p[key] = g[key]
    return golden, preds


def file_text(rows):
    return "".join(dumps_line(r) + "\n" for r in rows)


def mutate(row, field, value, index=None):
    row = copy.deepcopy(row)
    if index is None:
        if value is MISSING:
            row.pop(field, None)
        else:
            row[field] = value
    else:
        if value is MISSING:
            del row[field][index]
        else:
            row[field][index] = value
    return row


def build_cases(base):
    """Every case: (id, scenario, edits, judge script or None)."""
    cases = []
    for scenario, (task, _, _, judge) in SCENARIOS.items():
        golden, preds = scenario_rows(base, scenario)
        script = JUDGE_OK if judge else None
        for kind, rows in (("golden", golden), ("preds", preds)):
            other = rows[1]
            fields = list(rows[0].keys()) + [f for f in EXTRA_FIELDS.get((task, kind), []) if f not in rows[0]]
            for field in fields:
                values = list(VALUES)
                if field == "video_path":
                    values.append(("dup", other["video_path"]))
                for name, value in values:
                    if value is MISSING and field not in rows[0]:
                        continue
                    line = dumps_line(mutate(rows[0], field, value), ascii_only=name != "unicode_raw")
                    cases.append((f"{scenario}.{kind}[0].{field}={name}", scenario,
                                  [{"file": kind, "line": 0, "text": line}], script))
            for field in LIST_FIELDS.get((task, kind), []):
                for name, value in ELEMENT_VALUES:
                    line = dumps_line(mutate(rows[0], field, value, 0), ascii_only=name != "unicode_raw")
                    cases.append((f"{scenario}.{kind}[0].{field}[0]={name}", scenario,
                                  [{"file": kind, "line": 0, "text": line}], script))
            for name, text in WHOLE_ROWS:
                for line in (0, 1):
                    cases.append((f"{scenario}.{kind}[{line}]:row={name}", scenario,
                                  [{"file": kind, "line": line, "text": text}], script))
            for name, text in BLANK_LINES:
                cases.append((f"{scenario}.{kind}:blank_line={name}", scenario,
                              [{"file": kind, "insert": 1, "text": text}], script))
            plain = file_text(rows)
            for name, whole in (("empty", ""), ("crlf", plain.replace("\n", "\r\n")),
                                ("cr", plain.replace("\n", "\r")), ("no_final_newline", plain[:-1]),
                                ("blank_only", "\n  \n")):
                cases.append((f"{scenario}.{kind}:file={name}", scenario, [{"file": kind, "whole": whole}], script))
        cases.append((f"{scenario}.both:file=empty", scenario,
                      [{"file": "golden", "whole": ""}, {"file": "preds", "whole": ""}], script))
        key_fields = ["video_path"] + (["question" if task == "longqa" else "task"] if scenario.endswith(".subset") else [])
        for field in key_fields:
            for name, a, b in KEY_PAIRS:
                cases.append((f"{scenario}.pair.{field}={name}", scenario,
                              [{"file": "golden", "line": 0, "text": dumps_line(mutate(golden[0], field, a))},
                               {"file": "preds", "line": 0, "text": dumps_line(mutate(preds[0], field, b))}], script))
        if judge:
            for name, replies in JUDGE_REPLIES:
                cases.append((f"{scenario}.reply={name}", scenario, [], replies))
    return cases


def apply_edit(text, edit):
    """One edit of a file's text: the whole text, a line replaced, or a line inserted."""
    if "whole" in edit:
        return edit["whole"]
    lines = text.split("\n")[:-1]
    if "insert" in edit:
        lines.insert(edit["insert"], edit["text"])
    else:
        lines[edit["line"]] = edit["text"]
    return "".join(l + "\n" for l in lines)


def sha(data):
    return hashlib.sha256(data).hexdigest()


def error_of(stderr):
    """The error line the original printed last: a traceback's last line, or its logger.error line."""
    lines = [l for l in stderr.splitlines() if l.strip()]
    if not lines:
        return None
    line = lines[-1]
    if line.startswith("ERROR: "):
        return {"line": line, "type": "ValueError", "message": line[len("ERROR: "):]}
    if ": " in line:
        kind, message = line.split(": ", 1)
    else:
        kind, message = line, ""
    return {"line": line, "type": kind, "message": message}


def run_one(upstream, task, golden, preds, script, variant):
    with tempfile.TemporaryDirectory(prefix="shapes-") as tmp:
        g = os.path.join(tmp, "golden.jsonl")
        p = os.path.join(tmp, "preds.jsonl")
        with open(g, "w", encoding="utf-8", newline="") as f:
            f.write(golden)
        with open(p, "w", encoding="utf-8", newline="") as f:
            f.write(preds)
        out = os.path.join(tmp, "out")
        env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "stubs"), PYTHONHASHSEED="0",
                   PYTHONIOENCODING="utf-8", VLLM_LOG_DIR=tmp,
                   SHAPES_JUDGE_SCRIPT=os.path.join(tmp, "script.json"),
                   SHAPES_JUDGE_LOG=os.path.join(tmp, "judge.jsonl"))
        cmd = [sys.executable, os.path.join(upstream, variant, "run_evaluation.py"), "--task", task, "--eval-only",
               "--golden", g, "--predictions", p, "--output", os.path.join(out, "results.json")]
        if script is not None:
            with open(env["SHAPES_JUDGE_SCRIPT"], "w", encoding="utf-8") as f:
                json.dump(script, f)
            cmd += ["--llm-judge", "--llm-judge-model", JUDGE_MODEL]
        proc = subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, timeout=120)
        outcome = {"exit": proc.returncode}
        if proc.returncode != 0:
            outcome["error"] = error_of(proc.stderr.decode("utf-8", "replace"))
        files = {}
        if os.path.isdir(out):
            for name in sorted(os.listdir(out)):
                with open(os.path.join(out, name), "rb") as f:
                    files[name] = f.read()
        outcome["files"] = files
        prompts = []
        if os.path.exists(env["SHAPES_JUDGE_LOG"]):
            with open(env["SHAPES_JUDGE_LOG"], encoding="utf-8") as f:
                for line in f:
                    request = json.loads(line)
                    if request["model"] != JUDGE_MODEL or request["max_tokens"] != 10 or request["temperature"] != 0.0:
                        raise SystemExit("unexpected judge request: " + line)
                    prompts.append(sha(request["prompt"].encode("utf-8")))
        if script is not None:
            outcome["prompts"] = prompts
        return outcome


def generate(upstream, base, out_dir, jobs):
    scenarios = {}
    for scenario, (task, _, _, judge) in SCENARIOS.items():
        golden, preds = scenario_rows(base, scenario)
        scenarios[scenario] = {"task": task, "judge": judge, "golden": file_text(golden), "preds": file_text(preds)}
    cases = build_cases(base)
    ids = [c[0] for c in cases]
    assert len(ids) == len(set(ids)), "case ids must be unique"

    done = [0]

    def work(case):
        cid, scenario, edits, script = case
        s = scenarios[scenario]
        files = {"golden": s["golden"], "preds": s["preds"]}
        for edit in edits:
            files[edit["file"]] = apply_edit(files[edit["file"]], edit)
        result = {v: run_one(upstream, s["task"], files["golden"], files["preds"], script, v) for v in VARIANTS}
        done[0] += 1
        if done[0] % 100 == 0:
            print(f"{done[0]}/{len(cases)} cases", file=sys.stderr, flush=True)
        return result

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(work, cases))
    outputs = {}
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "cases.jsonl"), "w", encoding="utf-8") as f:
        for (cid, scenario, edits, script), result in zip(cases, results):
            row = {"id": cid, "scenario": scenario, "edits": edits}
            if script is not None:
                row["judge"] = script
            for v in VARIANTS:
                o = result[v]
                named = {}
                for name, data in o["files"].items():
                    h = sha(data)
                    outputs[h] = data.decode("utf-8")
                    named[name] = h
                o["files"] = named
                row[v] = o
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(os.path.join(out_dir, "scenarios.json"), "w", encoding="utf-8") as f:
        json.dump(scenarios, f, indent=1, ensure_ascii=False)
        f.write("\n")
    with open(os.path.join(out_dir, "outputs.jsonl"), "w", encoding="utf-8") as f:
        for h in sorted(outputs):
            f.write(json.dumps({"sha256": h, "text": outputs[h]}, ensure_ascii=False) + "\n")
    return cases, results


def summarize(cases, results):
    counts = {}
    for (cid, scenario, _, _), result in zip(cases, results):
        task = scenario.split(".")[0]
        for v in VARIANTS:
            c = counts.setdefault((task, v), [0, 0])
            c[0 if result[v]["exit"] == 0 else 1] += 1
    for (task, v), (ok, err) in sorted(counts.items()):
        print(f"{task:10s} {v:8s} {ok + err:5d} vectors: {ok} scored, {err} raised")


def extract_base(val_dir):
    """Rows 0-2 of the real LongQA and ConvQA val files (ConvQA trimmed to two turns and one dialog line), the prediction rows
    a perfect submission would send, and two EgoProactive sessions shaped like the real ones."""
    def first(name, n):
        with open(os.path.join(val_dir, name), encoding="utf-8") as f:
            return [json.loads(next(f)) for _ in range(n)]

    longqa = first("longqa.jsonl", 3)
    convqa = first("convqa.jsonl", 3)
    for r in convqa:
        for k in ("video_intervals", "questions", "answers"):
            r[k] = r[k][:2]
        r["dialog"] = r["dialog"][:1]
    proactive = [
        {"video_path": "0028bee556249cd3.mp4", "duration_in_sec": 24.0,
         "video_intervals": [[0.0, 8.0], [8.0, 16.0], [16.0, 24.0]],
         "query": "Help me decorate a notebook cover with stickers.", "domain": "crafts",
         "task": "Decorating a notebook cover with stickers",
         "answers": ["$interrupt$Peel the backing off the first sticker.", "$silent$",
                     "$interrupt$Press it down from the centre outwards."],
         "dialog": [{"text": "Help me decorate a notebook cover with stickers.", "role": "user"}]},
        {"video_path": "04304adeae192486.mp4", "duration_in_sec": 16.0,
         "video_intervals": [[0.0, 8.0], [8.0, 16.0]],
         "query": "Walk me through repotting this succulent.", "domain": "gardening",
         "task": "Repotting a succulent",
         "answers": ["$silent$", "$interrupt$Loosen the roots before you lift it."],
         "dialog": [{"text": "Walk me through repotting this succulent.", "role": "user"}]},
    ]
    base = {
        "longqa": {"golden": longqa,
                   "preds": [{"video_path": r["video_path"], "mcq_answer": r["mcq_answer"]} for r in longqa[:2]]},
        "convqa": {"golden": convqa,
                   "preds": [{"video_path": r["video_path"], "answers": r["answers"]} for r in convqa[:2]]},
        "proactive": {"golden": proactive,
                      "preds": [{"video_path": proactive[0]["video_path"],
                                 "answers": ["$interrupt$Peel it.", "$interrupt$Now the next one.", "$silent$"]},
                                {"video_path": proactive[1]["video_path"],
                                 "answers": ["$silent$", "$silent$"]}]},
    }
    with open(os.path.join(HERE, "base_rows.json"), "w", encoding="utf-8") as f:
        json.dump(base, f, indent=1)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--upstream", default=os.environ.get("REGRADE_UPSTREAM_WEARABLE"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--extract-base", metavar="VAL_DIR")
    a = ap.parse_args()
    if a.extract_base:
        extract_base(a.extract_base)
        return 0
    if not a.upstream:
        ap.error("--upstream DIR (or REGRADE_UPSTREAM_WEARABLE) is required")
    with open(os.path.join(HERE, "base_rows.json"), encoding="utf-8") as f:
        base = json.load(f)
    if not a.check:
        cases, results = generate(a.upstream, base, OUT_DIR, a.jobs)
        summarize(cases, results)
        return 0
    with tempfile.TemporaryDirectory(prefix="shapes-check-") as tmp:
        cases, results = generate(a.upstream, base, tmp, a.jobs)
        summarize(cases, results)
        differ = [n for n in ("scenarios.json", "cases.jsonl", "outputs.jsonl")
                  if not filecmp.cmp(os.path.join(tmp, n), os.path.join(OUT_DIR, n), shallow=False)]
        if differ:
            print("differs from the committed vectors: " + ", ".join(differ), file=sys.stderr)
            return 1
        print("committed vectors are current")
        return 0


if __name__ == "__main__":
    sys.exit(main())
