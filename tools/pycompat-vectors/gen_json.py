#!/usr/bin/env python3
"""Golden vectors for PyJson: CPython 3.11's json.dumps under every keyword combination a port uses,
and json.loads on texts with repeated keys, non-finite numbers and errors.

Writes, under pycompat/src/test/resources/dev/regrade/pycompat/ (deterministic):
  json_dumps.jsonl  {"value": json.dumps(v) (the input, ASCII, NaN/Infinity as Python writes them),
                     "dumps": {FORMAT: json.dumps(v, **FORMAT) or ["ValueError", message]}}
                    for random nested values (str with control, non-ASCII, astral characters and lone
                    surrogates; int up to 10**40; float of every kind, 4-place scores among them; bool,
                    None, list, dict)
  json_loads.jsonl  [text, json.dumps(json.loads(text))] or [text, "JSONDecodeError", message]
Run from the repository root: python3 tools/pycompat-vectors/gen_json.py
"""
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_vectors as gv  # noqa: E402  (its helpers: random strings, doubles, the JSONL writer)

OUT = "pycompat/src/test/resources/dev/regrade/pycompat"

# The keyword arguments of json.dumps the ports pass (name -> kwargs); the Java test knows each name.
FORMATS = {
    "": {},
    "indent=2": {"indent": 2},
    "indent=1,ensure_ascii=False": {"indent": 1, "ensure_ascii": False},
    "indent=2,ensure_ascii=False": {"indent": 2, "ensure_ascii": False},
    "indent=4,ensure_ascii=False": {"indent": 4, "ensure_ascii": False},
    "ensure_ascii=False,allow_nan=False": {"ensure_ascii": False, "allow_nan": False},
    "ensure_ascii=False,sort_keys=True,allow_nan=False": {"ensure_ascii": False, "sort_keys": True,
                                                          "allow_nan": False},
    "indent=2,allow_nan=False": {"indent": 2, "allow_nan": False},
    "indent=2,ensure_ascii=False,allow_nan=False": {"indent": 2, "ensure_ascii": False, "allow_nan": False},
    # the rest of the API: other separators, indent 0 and negative, sorting with an indent
    "separators=(',', ':')": {"separators": (",", ":")},
    "indent=2,separators=(', ', ': ')": {"indent": 2, "separators": (", ", ": ")},
    "indent=0": {"indent": 0},
    "indent=-3,sort_keys=True": {"indent": -3, "sort_keys": True},
}


def rand_json_str(rng, key=False):
    s = gv.rand_str(rng, 12, weights=[10, 3, 3, 3, 2, 1, 1, 0])
    if rng.random() < 0.4:
        s = "".join(ch + rng.choice(['"', "\\", "\n", "\t", "\r", "\b", "\f", "\x00", "\x1f", "\x7f", "\x80",
                                     "\u2028", "\ud800", "\udfff", "\U0001f600", "\U0010ffff", "/"])
                    if rng.random() < 0.3 else ch for ch in s)
    if key:
        # Jackson refuses a lone surrogate in a key (json_loads.jsonl shows it); values may hold them.
        s = "".join(ch if not 0xD800 <= ord(ch) <= 0xDFFF else "?" for ch in s)
    return gv.java_safe(s)


def rand_float(rng):
    r = rng.random()
    if r < 0.3:
        # a score rounded to 4 places, as the wearable scorers write them
        return round(rng.uniform(0, 1) * rng.choice([1, 1, 100, 10 ** 6, 2 * 10 ** 6]), 4)
    if r < 0.35:
        return rng.choice([math.nan, math.inf, -math.inf])
    return gv.random_double(rng)


def rand_json(rng, depth):
    return gv.rand_value(rng, depth, key=lambda r: rand_json_str(r, key=True), text=rand_json_str, real=rand_float)


def outcome(f):
    try:
        return f()
    except ValueError as e:
        return ["ValueError", str(e)]


def gen_dumps():
    rng = random.Random(gv.SEED_BASE + 9001)
    values = [None, True, 0, -0.0, 1e16, 1e-05, 0.1, 123456789012345678901234567890, "", "é\u2028\x7f",
              "\ud83d\ude00", [], {}, [[]], {"": {}}, [math.nan], {"z": 1, "é": 2, "\U0001f600": 3, "\uffff": 4, "a": 5},
              {"b": [1, {"c": []}], "a": {"d": [math.inf]}}, [0.25, 1.0, 1000000.0, 999999.9999, 0.0001]]
    while len(values) < 3000:
        values.append(rand_json(rng, 4))
    rows = []
    for v in values:
        rows.append({"value": json.dumps(v),
                     "dumps": {name: outcome(lambda: json.dumps(v, **kw)) for name, kw in FORMATS.items()}})
    gv.write_jsonl(os.path.join(OUT, "json_dumps.jsonl"), rows)


def gen_loads():
    texts = [
        # repeated keys: the last value wins, the key stays where it first stood
        '{"a": 1, "b": 2, "a": 3}', '{"a": {"x": 1}, "a": [2]}', '{"k": 1, "k": 2, "k": 3}',
        '[{"a": 1, "b": {"c": 1, "d": 2, "c": 3}, "a": 2}]', '{"a": 1, "b": 2, "a": 3, "c": 4, "b": 5}',
        '{"": 1, "": null}', '{"\\u00e9": 1, "\u00e9": 2}', '{"a": {"a": 1, "a": 2}, "a": {"b": 1}}',
        # what json.loads accepts
        'NaN', '-Infinity', '[Infinity, -Infinity, NaN]', '1e400', '-1e400', '-0', '-0.0', '1E5', '0.1e1',
        '123456789012345678901234567890', '"\\ud800"', '"\\u00e9\\n\\/"', ' \t\n\r{"a" : [ ] }\n ', '[]', '{}',
        'true', 'null', '"\\udfff\\ud800"',
        # what it refuses
        '', '   ', '\n', '{', '[1,]', '{"a": 1,}', '{"a" 1}', "{'a': 1}", '01', '+1', '1.', '.5', '"\x01"',
        'nan', 'inf', '+Infinity', 'Infinity1', '[1] [2]', '{"a": 1} x', 'tru', '"\\x41"', '[1, 2', '"abc',
        '\ufeff{}', '1 2', '{"\\udf85": 1}',
    ]
    rows = []
    for t in texts:
        try:
            rows.append([t, json.dumps(json.loads(t))])
        except json.JSONDecodeError as e:
            rows.append([t, "JSONDecodeError", str(e)])
    gv.write_jsonl(os.path.join(OUT, "json_loads.jsonl"), rows)


def main():
    gv.require_cpython311()
    gen_dumps()
    gen_loads()


if __name__ == "__main__":
    main()
