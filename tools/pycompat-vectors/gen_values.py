#!/usr/bin/env python3
"""Golden vectors for PyJsonValue: Python's builtins on values json.loads returned.

Writes, under pycompat/src/test/resources/dev/regrade/pycompat/ (deterministic):
  json_values.jsonl  [text, type(v).__name__, str(v), repr(v), len(v) or ["TypeError", message],
                      bool(v), float(v) as 16 hex digits of its bits or [type name, message]]
                      with v = json.loads(text)
  json_equal.jsonl   [text_a, text_b, json.loads(text_a) == json.loads(text_b)]
  json_access.jsonl  {"text", "get": {key: outcome of v.get(key)}, "item": {key: outcome of v[key]},
                      "index": {j: outcome of v[j]}, "iter": outcome of list(v),
                      "head": {stop: outcome of v[:stop]}} with v = json.loads(text); an outcome is
                      {"ok": repr(result)} or {"error": type name, "message": str(exc)}
  json_keys.jsonl    [text_a, text_b, outcome of json.loads(text_b) in {json.loads(text_a): 0}]
Run from the repository root: python3 tools/pycompat-vectors/gen_values.py
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_json  # noqa: E402  (random JSON values)
import gen_vectors as gv  # noqa: E402

OUT = "pycompat/src/test/resources/dev/regrade/pycompat"


def length(v):
    try:
        return len(v)
    except TypeError as e:
        return ["TypeError", str(e)]


def to_float(v):
    try:
        return gv.bits(float(v))
    except (TypeError, ValueError, OverflowError) as e:
        return [type(e).__name__, str(e)]


def gen_values():
    rng = random.Random(gv.SEED_BASE + 1515)
    texts = ["null", "true", "false", "0", "-0", "0.0", "-0.0", "1e400", "NaN", "123456789012345678901234567890",
             '""', '" "', '"\\u00e9\\ud83d\\ude00"', "[]", "[0]", "{}", '{"a": null}', '[[], {}]', '"it\'s"',
             str(2 ** 1024 - 2 ** 970 - 1), str(2 ** 1024 - 2 ** 970), str(-2 ** 1024), str(2 ** 53 + 1), '" 1e5 "',
             '"x"', '"nan"', '"\u0661\u0662"', '"1_000"', '"-Infinity"']
    while len(texts) < 2000:
        texts.append(json.dumps(gen_json.rand_json(rng, 3)))
    rows = []
    for t in texts:
        v = json.loads(t)
        rows.append([t, type(v).__name__, str(v), repr(v), length(v), bool(v), to_float(v)])
    gv.write_jsonl(os.path.join(OUT, "json_values.jsonl"), rows)


def variant(rng, v):
    """A value that is == v in Python or nearly so: numbers as int/float/bool, containers rebuilt."""
    if isinstance(v, bool):
        return rng.choice([v, int(v), float(v), not v])
    if isinstance(v, int):
        return rng.choice([v, float(v) if abs(v) < 2 ** 53 else v, v + 1, v == 1 or v == 0 and bool(v)])
    if isinstance(v, float):
        return rng.choice([v, int(v) if v == v and abs(v) != float("inf") and v == int(v) else v, v * 2])
    if isinstance(v, list):
        if rng.random() < 0.2:
            return v[:-1]
        return [variant(rng, x) for x in v]
    if isinstance(v, dict):
        if rng.random() < 0.2 and v:
            return dict(list(v.items())[1:])
        items = [(k, variant(rng, x)) for k, x in v.items()]
        rng.shuffle(items)  # dict == ignores order
        return dict(items)
    if isinstance(v, str):
        return rng.choice([v, v + "x", v.upper()])
    return rng.choice([None, 0, False, ""])


def gen_equal():
    rng = random.Random(gv.SEED_BASE + 1616)
    pairs = [("1", "1.0"), ("1", "true"), ("0", "false"), ("0.0", "-0.0"), ("NaN", "NaN"), ("[NaN]", "[NaN]"),
             ('{"a": NaN}', '{"a": NaN}'), ("[1e400]", "[Infinity]"), ("null", "null"), ("null", "0"),
             ('"1"', "1"), ("[]", "{}"), ('{"a": 1, "b": 2}', '{"b": 2, "a": 1.0}'),
             ("123456789012345678901234567890", "1.2345678901234568e+29"), ("9007199254740993", "9007199254740992.0")]
    while len(pairs) < 2000:
        v = gen_json.rand_json(rng, 3)
        pairs.append((json.dumps(v), json.dumps(variant(rng, v))))
    rows = [[a, b, json.loads(a) == json.loads(b)] for a, b in pairs]
    gv.write_jsonl(os.path.join(OUT, "json_equal.jsonl"), rows)
    print("   (%d equal)" % sum(1 for r in rows if r[2]))


def outcome(f):
    try:
        return {"ok": repr(f())}
    except (TypeError, KeyError, IndexError, AttributeError) as e:
        return {"error": type(e).__name__, "message": str(e)}


def gen_access():
    """v.get(key), v[key], v[j], list(v) and v[:stop] of loaded values of every shape."""
    rng = random.Random(gv.SEED_BASE + 1717)
    texts = ["null", "true", "0", "1.5", "NaN", '""', '"ab"', '"\\ud83d\\ude00x\\u00e9"', "[]", "[1, [2]]",
             "{}", '{"a": 1, "b": null}', '{"0": "zero"}', '"' + "x" * 130 + '"', "[" + ", ".join(["1"] * 130) + "]"]
    while len(texts) < 500:
        texts.append(json.dumps(gen_json.rand_json(rng, 2)))
    rows = []
    for t in texts:
        v = json.loads(t)
        keys = ["a", "zz"] + ([next(iter(v))] if isinstance(v, dict) and v else [])
        rows.append({"text": t,
                     "get": {k: outcome(lambda: v.get(k)) for k in keys},
                     "item": {k: outcome(lambda: v[k]) for k in keys},
                     "index": {str(j): outcome(lambda: v[j]) for j in (0, 1, 5)},
                     "iter": outcome(lambda: list(v)),
                     "head": {str(n): outcome(lambda: v[:n]) for n in (0, 2, 120)}})
    gv.write_jsonl(os.path.join(OUT, "json_access.jsonl"), rows)


def scalar(rng):
    return gen_json.rand_json(rng, 0)


def gen_keys():
    """Whether a loaded value finds another as a dict key (hash and ==), or which TypeError it raises."""
    rng = random.Random(gv.SEED_BASE + 1818)
    pairs = [("1", "1.0"), ("1", "true"), ("0", "false"), ("0.0", "-0.0"), ("NaN", "NaN"), ("null", "null"),
             ("null", "0"), ("1e400", "Infinity"), ('"1"', "1"), ('"a"', '"a"'), ("-1", "-1.0"), ("0.5", "0.5"),
             ("123456789012345678901234567890", "1.2345678901234568e+29"), ("9007199254740993", "9007199254740992.0"),
             ("1180591620717411303424", "1.1805916207174113e+21"), ("1e16", "10000000000000000"),
             ("[]", "1"), ("1", "[]"), ("{}", "1"), ("1", '{"a": 1}'), ("[1]", "[1]")]
    while len(pairs) < 1000:
        v = scalar(rng)
        pairs.append((json.dumps(v), json.dumps(variant(rng, v))))
    rows = []
    for a, b in pairs:
        try:
            found = json.loads(b) in {json.loads(a): 0}
            rows.append([a, b, {"ok": repr(found)}])
        except TypeError as e:
            rows.append([a, b, {"error": "TypeError", "message": str(e)}])
    gv.write_jsonl(os.path.join(OUT, "json_keys.jsonl"), rows)


def main():
    gv.require_cpython311()
    gen_values()
    gen_equal()
    gen_access()
    gen_keys()


main()
