#!/usr/bin/env python3
"""Golden vectors for the str methods of PyStr and PyWhitespace, and for PyRe's character classes.

Writes, under pycompat/src/test/resources/dev/regrade/pycompat/ (deterministic):
  str_upper.jsonl        [s, s.upper()]
  str_upper_sweep.jsonl  {"lo", "hi", "sha256"} of upper() of every code point c in [lo, hi) as "c a"
  str_methods.jsonl      [s, chars, s.strip(chars), s.splitlines(), s.strip(), s.lstrip(), s.rstrip(),
                          s.split()]
  str_order.jsonl        [a, b, -1 | 0 | 1 as Python orders a and b]
  re_classes.json        {"s": ranges, "w": ranges, "d": ranges}: the code points re's \\s, \\w and \\d
                         match in a str pattern without flags, as [lo, hi] pairs
Run from the repository root: python3 tools/pycompat-vectors/gen_strings.py
"""
import hashlib
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_vectors as gv  # noqa: E402  (its helpers: random strings, the JSONL writer)

OUT = "pycompat/src/test/resources/dev/regrade/pycompat"
SPACES = [" ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u1680",
          "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\u200b", "\ufeff", "\r\n"]


def gen_upper():
    rng = random.Random(gv.SEED_BASE + 1212)
    rows = []
    for _ in range(3000):
        w = rng.choice([[3, 1, 2, 2, 1, 6, 1, 1], [8, 0, 1, 0, 0, 4, 0, 0], [2, 0, 2, 6, 2, 2, 1, 2]])
        rows.append(gv.rand_str(rng, 24, weights=w))
    rows += ["", "abc", "ABC", "a\u00df", "\ufb03", "\u0149", "\u01f0", "\u0390", "\u1e96", "\u1f80", "\u1fb3",
             "\u0131", "\u017f", "\u0345", "\u2c2f\u2c5f", "\ua7c0\ua7c1", "\U00010597\U000105b3", "the answer is b."]
    gv.write_jsonl(os.path.join(OUT, "str_upper.jsonl"), [[s, s.upper()] for s in rows])
    sweep = []
    for lo in range(0, gv.MAX_CP, 4096):
        hi = min(lo + 4096, gv.MAX_CP)
        s = "".join(chr(cp) + " a" for cp in range(lo, hi))
        sweep.append({"lo": lo, "hi": hi, "sha256": hashlib.sha256(gv.utf8_surrogatepass(s.upper())).hexdigest()})
    gv.write_jsonl(os.path.join(OUT, "str_upper_sweep.jsonl"), sweep)


def spaced(rng):
    s = gv.rand_str(rng, 10, weights=[10, 2, 2, 2, 1, 2, 1, 0])
    out = []
    for ch in s:
        if rng.random() < 0.35:
            out.append("".join(rng.choice(SPACES) for _ in range(rng.randint(1, 3))))
        out.append(ch)
    if rng.random() < 0.5:
        out.insert(0, "".join(rng.choice(SPACES) for _ in range(rng.randint(1, 3))))
    if rng.random() < 0.5:
        out.append("".join(rng.choice(SPACES) for _ in range(rng.randint(1, 3))))
    return gv.java_safe("".join(out))


def gen_methods():
    rng = random.Random(gv.SEED_BASE + 1313)
    charsets = [".", ".,;:", "", " ", "ab", "\u00e9\U0001f600", "\n\r", "x"]
    rows = []
    for s in ["", " ", "\n", "a\r\nb\rc\n", "\r\n\r\n", "a\x0bb\x0cc\x1cd\x1de\x1ef\x85g\u2028h\u2029i",
              "...5.", ".,;:x.,;:", "\U0001f600a\U0001f600"]:
        rows.append(s)
    while len(rows) < 3000:
        s = spaced(rng)
        if rng.random() < 0.3:
            c = rng.choice(charsets)
            s = "".join(rng.choice(c) for _ in range(rng.randint(0, 3)) if c) + s + \
                "".join(rng.choice(c) for _ in range(rng.randint(0, 3)) if c)
        rows.append(gv.java_safe(s))
    out = []
    for i, s in enumerate(rows):
        chars = charsets[i % len(charsets)]
        out.append([s, chars, s.strip(chars), s.splitlines(), s.strip(), s.lstrip(), s.rstrip(), s.split()])
    gv.write_jsonl(os.path.join(OUT, "str_methods.jsonl"), out)


def gen_order():
    rng = random.Random(gv.SEED_BASE + 1414)
    rows = [["", ""], ["", "a"], ["a", "ab"], ["\uffff", "\U00010000"], ["\ue000", "\U0001f600"], ["Z", "a"],
            ["\u00e9", "z"], ["ab", "aa"]]
    while len(rows) < 3000:
        a = gv.rand_str(rng, 6, weights=[6, 0, 2, 3, 3, 1, 2, 1])
        b = a[: rng.randint(0, len(a))] + gv.rand_str(rng, 4, weights=[6, 0, 2, 3, 3, 1, 2, 1]) \
            if rng.random() < 0.6 else gv.rand_str(rng, 6, weights=[6, 0, 2, 3, 3, 1, 2, 1])
        rows.append([a, gv.java_safe(b)])
    gv.write_jsonl(os.path.join(OUT, "str_order.jsonl"), [[a, b, (a > b) - (a < b)] for a, b in rows])


def ranges(pattern):
    p = re.compile(pattern)
    out = []
    start = None
    for cp in range(gv.MAX_CP + 1):
        hit = cp < gv.MAX_CP and p.match(chr(cp)) is not None
        if hit and start is None:
            start = cp
        elif not hit and start is not None:
            out.append([start, cp - 1])
            start = None
    return out


def gen_re_classes():
    path = os.path.join(OUT, "re_classes.json")
    with open(path, "w", encoding="ascii", newline="\n") as f:
        json.dump({"s": ranges(r"\s"), "w": ranges(r"\w"), "d": ranges(r"\d")}, f, separators=(",", ":"))
        f.write("\n")
    print("%-28s %16d bytes" % (os.path.basename(path), os.path.getsize(path)))


def main():
    gv.require_cpython311()
    gen_upper()
    gen_methods()
    gen_order()
    gen_re_classes()


if __name__ == "__main__":
    main()
