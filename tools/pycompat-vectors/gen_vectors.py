#!/usr/bin/env python3
"""Generate the golden vectors that the dev.regrade.pycompat JUnit tests replay.

Every expected value is computed by the running CPython 3.11 interpreter; the
inputs are pseudo-random but fully determined by the fixed seeds below, so running
this script twice gives identical files.

Usage: python3 gen_vectors.py OUTPUT_DIR
(The script re-runs itself with PYTHONHASHSEED=0..100 for the set-order vectors.)

Output files (JSON Lines, UTF-8; lone surrogates are written as \\uXXXX escapes):
  difflib_ratio.jsonl     [a, b, bits of SequenceMatcher(None, a, b).ratio()]
  set_pool.json           a list of strings (with duplicates) that the set cases use
  set_order.jsonl         [seed, start, n, order]: items = pool[start:start+n]; order =
                          indices in items of list(set(items)) under PYTHONHASHSEED=seed
  set_order_clustered.jsonl  [seed, items, order]: strings picked (per seed) so that
                          their hashes collide in a few table slots
  str_hash.jsonl          [seed, i, "hash(pool[i])"]
  float_parse.jsonl       [s, bits of float(s)] or [s, "ValueError", message]
  float_parse_sweep.json  every code point c for which float(c + "1") succeeds -> bits
  str_title.jsonl         [s, s.title()]
  str_title_sweep.jsonl   {"lo", "hi", "sha256"} of title() of a pattern over [lo, hi)
  round.jsonl             [bits of x, n, bits of round(x, n) or "OverflowError: msg"]
  float_repr.jsonl        ["bits", repr(x)]
  obj_repr.jsonl          [typed value, repr(value), str(value)]
  str_repr_sweep.jsonl    {"lo", "hi", "sha256"} of repr() of a pattern over [lo, hi)
  str_lower.jsonl         [s, s.lower()]
  str_lower_sweep.jsonl   {"lo", "hi", "sha256"} of lower() of a pattern over [lo, hi)
  textwrap_shorten.jsonl  [text, width, placeholder, textwrap.shorten(text, width,
                          placeholder=placeholder)] or [text, width, placeholder,
                          "ValueError", message]
  textwrap_shorten_big.jsonl  [unit, repeat, width, placeholder, len(result), sha256 of
                          result]: text = unit * repeat (multi-megabyte texts)
Doubles are given as 16 hex digits of their IEEE-754 bits.
"""
import difflib
import hashlib
import json
import math
import os
import random
import re
import struct
import subprocess
import sys
import unicodedata

SEEDS = range(0, 101)
# The committed vectors use offset 0. Another offset gives a fresh set of random
# cases for extra fuzzing (see README); do not commit vectors made with one.
SEED_BASE = 1_000_003 * int(os.environ.get("PYCOMPAT_SEED_OFFSET", "0"))
MAX_CP = 0x110000


# ----------------------------------------------------------------- helpers

def bits(x):
    return struct.pack(">d", x).hex()


def from_bits(h):
    return struct.unpack(">d", bytes.fromhex(h))[0]


_SURR = re.compile("[\ud800-\udfff]")


def dumps(obj):
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    # Lone surrogates cannot be written as UTF-8: escape them.
    return _SURR.sub(lambda m: "\\u%04x" % ord(m.group()), s)


_PAIR = re.compile("[\ud800-\udbff](?=[\udc00-\udfff])")


def java_safe(s):
    """A Java String cannot hold a high surrogate followed by a low surrogate as two
    code points (it reads them as one astral code point), so break such pairs."""
    return _PAIR.sub(lambda m: m.group() + "x", s)


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(dumps(r) + "\n")
    print("%-28s %6d rows %9d bytes" % (os.path.basename(path), len(rows), os.path.getsize(path)))


def utf8_surrogatepass(s):
    return s.encode("utf-8", "surrogatepass")


# Pools of code points for random strings.
ASCII = [chr(c) for c in range(0x20, 0x7F)]
CONTROL = [chr(c) for c in list(range(0, 0x20)) + [0x7F]]
LATIN1 = [chr(c) for c in range(0x80, 0x100)]
CASE_SPECIAL = list(
    "ßŉǅǆǄǈǉǊǋǌﬁﬀﬃﬄﬅﬆﬓﬔﬕﬖﬗİıΣσςΐΰẞᾀᾈᾳᾼῳῼǰẖẗẘẙẚև"
    "აბგᲐᲑᏸᎠꭰⅠⅰⓐⒶ\u0345\u0300\u0301\u0307'’.:·\u00ad\u200b\u200d"
    "ΑΒΓΣΩαβγωÀÉÎõüÿŸĲĳǱǲǳ")
EMOJI = [chr(c) for c in (0x1F600, 0x1F44D, 0x1F3FB, 0x2764, 0xFE0F, 0x1F1EB, 0x1F1F7, 0x200D)]
ASTRAL_CASED = [chr(c) for c in list(range(0x10400, 0x10450)) + list(range(0x1E900, 0x1E944))
                + list(range(0x1D400, 0x1D420))]


def rand_cp(rng, kind):
    if kind == "ascii":
        return rng.choice(ASCII)
    if kind == "control":
        return rng.choice(CONTROL)
    if kind == "latin1":
        return rng.choice(LATIN1)
    if kind == "bmp":
        return chr(rng.randrange(0x100, 0x10000))
    if kind == "astral":
        return chr(rng.randrange(0x10000, MAX_CP))
    if kind == "special":
        return rng.choice(CASE_SPECIAL)
    if kind == "emoji":
        return rng.choice(EMOJI)
    if kind == "astral_cased":
        return rng.choice(ASTRAL_CASED)
    raise ValueError(kind)


KINDS = ["ascii", "control", "latin1", "bmp", "astral", "special", "emoji", "astral_cased"]


def rand_str(rng, maxlen, weights=None):
    if weights is None:
        weights = [10, 1, 3, 3, 2, 3, 1, 1]
    n = rng.randint(0, maxlen)
    kinds = rng.choices(KINDS, weights=weights, k=n)
    return java_safe("".join(rand_cp(rng, k) for k in kinds))


# ----------------------------------------------------------------- difflib

WORDS = ("jo malone london christian dior chanel no 5 eau de parfum toilette "
         "tom ford black orchid yves saint laurent libre gucci bloom 100ml 50 ml "
         "price $179.00 usd free shipping the a of and in for with new edition "
         "café crème brûlée naïve ß straße Ελληνικά 東京 日本語 😀 𝔘𝔫𝔦").split()


def difflib_string(rng, length, style):
    if style == "tiny":
        alphabet = rng.choice(["ab", "abc", "ab ", "xyz", "aé", "a😀"])
        return "".join(rng.choice(alphabet) for _ in range(length))
    if style == "words":
        out = []
        while sum(len(w) + 1 for w in out) < length:
            out.append(rng.choice(WORDS))
        return " ".join(out)[:length]
    if style == "text":
        alphabet = "abcdefghijklmnopqrstuvwxyz      ABCDE.,'-0123456789"
        return "".join(rng.choice(alphabet) for _ in range(length))
    if style == "unicode":
        kinds = rng.choices(KINDS, weights=[6, 0, 3, 3, 2, 3, 2, 1], k=length)
        return java_safe("".join(rand_cp(rng, k) for k in kinds))
    raise ValueError(style)


def mutate(rng, s, edits, style):
    s = list(s)
    for _ in range(edits):
        op = rng.randrange(3)
        pos = rng.randint(0, len(s))
        if op == 0 or not s:
            s.insert(pos, difflib_string(rng, 1, style) or "x")
        elif op == 1 and pos < len(s):
            del s[pos]
        elif pos < len(s):
            s[pos] = difflib_string(rng, 1, style) or "y"
    return java_safe("".join(s))


def gen_difflib(out):
    rng = random.Random(SEED_BASE + 1001)
    rows = []
    plan = [(4050, 0, 45), (870, 150, 260), (80, 260, 700)]
    for count, lo, hi in plan:
        for _ in range(count):
            style = rng.choice(["tiny", "words", "text", "unicode"])
            la = rng.randint(lo, hi)
            a = difflib_string(rng, la, style)
            relation = rng.choice(["unrelated", "near", "near", "edited", "same", "slice", "empty"])
            if relation == "unrelated":
                b = difflib_string(rng, rng.randint(lo, hi), rng.choice(["tiny", "words", "text", "unicode"]))
            elif relation == "near":
                b = mutate(rng, a, rng.randint(1, 4), style)
            elif relation == "edited":
                b = mutate(rng, a, rng.randint(5, max(6, la // 3)), style)
            elif relation == "same":
                b = a
            elif relation == "slice":
                i = rng.randint(0, len(a))
                j = rng.randint(i, len(a))
                b = a[i:j] + difflib_string(rng, rng.randint(0, 10), style)
            else:
                b = ""
            if rng.random() < 0.5:
                a, b = b, a
            a, b = java_safe(a), java_safe(b)
            r = difflib.SequenceMatcher(None, a, b).ratio()
            rows.append([a, b, bits(r)])
    write_jsonl(os.path.join(out, "difflib_ratio.jsonl"), rows)
    return len(rows)


# ----------------------------------------------------------------- sets

def set_worker():
    """Run under a fixed PYTHONHASHSEED: read cases from stdin, answer on stdout."""
    req = json.loads(sys.stdin.read())
    pool = req["pool"]
    sets = []
    for start, n in req["sets"]:
        items = pool[start:start + n]
        sets.append([items.index(x) for x in list(set(items))])
    hashes = [str(hash(pool[i])) for i in req["hash"]]
    clustered = []
    for size, mask, width, n in req["clustered"]:
        # Strings whose hash lands in a few neighbouring slots of a table with
        # mask + 1 slots: they collide and form long runs, which exercises the
        # linear probing and the probe sequence far more than random strings do.
        rng = random.Random(SEED_BASE + int(os.environ["PYTHONHASHSEED"]) * 100 + len(clustered))
        items = []
        while len(items) < n:
            if items and rng.random() < 0.05:
                items.append(rng.choice(items))  # a duplicate
                continue
            cand = java_safe(rand_str(rng, size, weights=[6, 0, 2, 2, 1, 1, 0, 0]))
            if (hash(cand) & mask) < width:
                items.append(cand)
        clustered.append([items, [items.index(x) for x in list(set(items))]])
    sys.stdout.write(json.dumps({"sets": sets, "hash": hashes, "clustered": clustered}))


def set_item(rng, previous):
    r = rng.random()
    if previous and r < 0.15:
        return rng.choice(previous[-40:])  # a duplicate of a recent item
    if r < 0.18:
        return ""
    style = rng.random()
    if style < 0.4:
        return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789 _-") for _ in range(rng.randint(1, 8)))
    if style < 0.55:
        return rand_str(rng, 5, weights=[4, 0, 6, 0, 0, 1, 0, 0])     # latin-1 range
    if style < 0.75:
        return rand_str(rng, 5, weights=[3, 1, 2, 6, 0, 2, 0, 0])     # BMP
    if style < 0.9:
        return rand_str(rng, 5, weights=[3, 0, 1, 2, 4, 1, 2, 1])     # astral
    return rng.choice(["a", "b", "apple", "Apple", "ß", "straße", "😀", "日本", "x" * 40, "0", "1"])


def gen_sets(out):
    """Sets are windows pool[start:start + n] of one shared pool of strings (which
    contains duplicates and empty strings), to keep the vector file small."""
    rng = random.Random(SEED_BASE + 2002)
    pool = []
    while len(pool) < 6000:
        pool.append(java_safe(set_item(rng, pool)))
    rows = []
    hash_rows = []
    clustered_rows = []
    for seed in SEEDS:
        sizes = list(range(1, 61))
        rng.shuffle(sizes)
        sizes = sizes[:50] + [rng.randint(61, 400) for _ in range(2)]
        cases = []
        for n in sizes:
            cases.append([rng.randrange(0, len(pool) - n), n])
        hash_inputs = [rng.randrange(len(pool)) for _ in range(20)]
        # [max string length, mask, slot window, item count]; tables of 32 slots hold
        # 5..19 items, tables of 128 slots 20..76 items.
        clustered = [[4, 31, rng.randint(2, 8), rng.randint(6, 19)],
                     [6, 31, rng.randint(8, 20), rng.randint(10, 19)],
                     [4, 127, rng.randint(4, 30), rng.randint(20, 76)],
                     [6, 127, rng.randint(20, 60), rng.randint(40, 76)]]
        env = dict(os.environ, PYTHONHASHSEED=str(seed))
        res = subprocess.run([sys.executable, os.path.abspath(__file__), "--set-worker"],
                             input=json.dumps({"pool": pool, "sets": cases, "hash": hash_inputs,
                                               "clustered": clustered}),
                             capture_output=True, text=True, env=env, check=True)
        ans = json.loads(res.stdout)
        for (start, n), order in zip(cases, ans["sets"]):
            rows.append([seed, start, n, order])
        for i, h in zip(hash_inputs, ans["hash"]):
            hash_rows.append([seed, i, h])
        for items, order in ans["clustered"]:
            clustered_rows.append([seed, items, order])
    with open(os.path.join(out, "set_pool.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(dumps(pool) + "\n")
    write_jsonl(os.path.join(out, "set_order.jsonl"), rows)
    write_jsonl(os.path.join(out, "set_order_clustered.jsonl"), clustered_rows)
    write_jsonl(os.path.join(out, "str_hash.jsonl"), hash_rows)
    return len(rows), len(hash_rows)


# ----------------------------------------------------------------- float()

UNICODE_SPACES = ["\u0085", "\u00a0", "\u1680", "\u2000", "\u2007", "\u200a", "\u2028",
                  "\u2029", "\u202f", "\u205f", "\u3000"]
ASCII_SPACES = [" ", "\t", "\n", "\x0b", "\x0c", "\r"]
NOT_SPACES = ["\x1c", "\x1d", "\x1e", "\x1f", "\u200b", "\u180e", "\ufeff", "\x00"]
DIGIT_ZEROS = [cp for cp in range(MAX_CP) if unicodedata.decimal(chr(cp), -1) == 0]


def float_number_string(rng):
    s = ""
    if rng.random() < 0.3:
        s += rng.choice("+-")
    intd = "".join(rng.choice("0123456789") for _ in range(rng.choice([0, 1, 1, 2, 3, 5, 8, 17, 25])))
    frac = None
    if rng.random() < 0.6:
        frac = "".join(rng.choice("0123456789") for _ in range(rng.choice([0, 1, 2, 3, 6, 12, 20, 40])))
    if not intd and not frac:
        intd = rng.choice("0123456789")
    s += intd
    if frac is not None:
        s += "." + frac
    if rng.random() < 0.4:
        s += rng.choice("eE")
        if rng.random() < 0.5:
            s += rng.choice("+-")
        s += str(rng.choice([0, 1, 5, 10, 22, 23, 100, 300, 307, 308, 309, 320, 323, 324, 330, 400,
                             rng.randint(0, 999), 10 ** 20]))
    return s


def decorate(rng, s):
    """Add underscores, non-ASCII digits and surrounding white space."""
    if rng.random() < 0.25:
        out = []
        for i, ch in enumerate(s):
            out.append(ch)
            if ch.isdigit() and i + 1 < len(s) and s[i + 1].isdigit() and rng.random() < 0.3:
                out.append("_")
        s = "".join(out)
    if rng.random() < 0.2:
        zero = rng.choice(DIGIT_ZEROS)
        s = "".join(chr(zero + int(ch)) if ("0" <= ch <= "9" and rng.random() < 0.7) else ch for ch in s)
    if rng.random() < 0.3:
        pool = ASCII_SPACES + UNICODE_SPACES
        s = "".join(rng.choice(pool) for _ in range(rng.randint(0, 3))) + s + \
            "".join(rng.choice(pool) for _ in range(rng.randint(0, 3)))
    return s


def special_float_string(rng):
    word = rng.choice(["inf", "infinity", "nan", "infinit", "infinityy", "nann", "in", "na",
                       "infnan", "nan(1)", "snan", "Infinity", "NaN", "INF", "iNfInItY"])
    word = "".join(c.upper() if rng.random() < 0.5 else c for c in word)
    if rng.random() < 0.5:
        word = rng.choice("+-") + word
    return word


def halfway_string(rng):
    """Exact decimal of a midpoint between two adjacent doubles, maybe nudged."""
    from decimal import Decimal, getcontext
    getcontext().prec = 2000
    if rng.random() < 0.1:
        x = abs(from_bits("%016x" % rng.getrandbits(64)))
    else:
        x = rng.uniform(1, 10) * 10.0 ** rng.randint(-22, 22)
    if math.isnan(x) or math.isinf(x) or x == 0:
        x = 1.5
    y = math.nextafter(x, math.inf)
    if math.isinf(y):
        y = x
        x = math.nextafter(y, 0)
    mid = (Decimal(x) + Decimal(y)) / 2
    s = format(mid, "f") if rng.random() < 0.5 else format(mid, "e")
    r = rng.random()
    if r < 0.2:
        s = s.replace("e", "1e") if "e" in s else s + "1"
    elif r < 0.3 and "e" not in s and "." in s:
        s = s[:-1]
    return s


def gen_float(out):
    rng = random.Random(SEED_BASE + 3003)
    inputs = []
    fixed = ["$179.00", "179.00", "1,000", "12%", "0x1A", "1e", "e5", ".", "-", "+", "", "   ",
             "1 2", "١٫٥", "١٢٣", "１２３．５", "1_000.000_1", "1__0", "_1", "1_", "1_e5", "1e_5",
             "1e1_0", "1.5\x00", "\x1c1", "1\x1f", "\u00a01.5\u3000", "\u200b1", "\ufeff1",
             "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
             "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "5e-324",
             "0e999999999999999", "1e-99999999999", "-0", "-0.0", "+0e5", "0.1", "3.14",
             "nan", "-nan", "+inf", "-Infinity", "infinity ", " \t\n1.25\x0b\x0c\r ",
             "1" * 400, "0." + "0" * 400 + "1", "9" * 800 + "e-1100", "1.0e+", "1.0e-", "1.0e+-1",
             "None", "True", "N/A", "n/a", "--1", "+-1", "1.2.3", "1e2e3", "\U0001d7cf\U0001d7ce",
             "٣.١٤", "𝟑.𝟏𝟒", "¹", "½", "Ⅻ", "1²", "0.5\u20ac"]
    inputs += fixed
    while len(inputs) < 11000:
        r = rng.random()
        if r < 0.45:
            s = decorate(rng, float_number_string(rng))
        elif r < 0.55:
            s = decorate(rng, special_float_string(rng))
        elif r < 0.65:
            x = from_bits("%016x" % rng.getrandbits(64))
            s = decorate(rng, rng.choice([repr(x), "%.17g" % x, "%.25e" % x, "%.3f" % x, "%r" % (x / 7)]))
        elif r < 0.67:
            s = halfway_string(rng)
        elif r < 0.85:
            # a mutation of a valid string
            s = list(decorate(rng, float_number_string(rng)))
            for _ in range(rng.randint(1, 2)):
                pos = rng.randint(0, len(s))
                op = rng.randrange(3)
                ch = rand_cp(rng, rng.choice(["ascii", "ascii", "control", "latin1", "bmp"]))
                if op == 0:
                    s.insert(pos, rng.choice([ch, "_", ".", "e", "-", " ", "\x00"] + NOT_SPACES))
                elif op == 1 and pos < len(s):
                    del s[pos]
                elif pos < len(s):
                    s[pos] = ch
            s = "".join(s)
        else:
            s = rand_str(rng, 8, weights=[10, 2, 2, 2, 1, 1, 1, 0])
        inputs.append(java_safe(s))
    rows = []
    ok = 0
    for s in inputs:
        try:
            rows.append([s, bits(float(s))])
            ok += 1
        except ValueError as e:
            rows.append([s, "ValueError", str(e)])
    write_jsonl(os.path.join(out, "float_parse.jsonl"), rows)
    print("   (%d valid, %d invalid)" % (ok, len(rows) - ok))

    sweep = {}
    for cp in range(MAX_CP):
        try:
            sweep["%X" % cp] = bits(float(chr(cp) + "1"))
        except ValueError:
            pass
    path = os.path.join(out, "float_parse_sweep.json")
    with open(path, "w", encoding="ascii", newline="\n") as f:
        json.dump(sweep, f, separators=(",", ":"), sort_keys=True)
        f.write("\n")
    print("%-28s %6d code points accepted" % ("float_parse_sweep.json", len(sweep)))
    return len(rows)


# ----------------------------------------------------------------- title()

def title_pattern(cp):
    c = chr(cp)
    return c + "a" + c + " A\u03a3" + c + "a 1" + c + "\u03a3 "


def gen_title(out):
    rng = random.Random(SEED_BASE + 4004)
    rows = []
    seps = [" ", " ", "'", "\u0301", "\u03a3", "-", "1", ".", "\u00ad", "\u2019", "a"]
    for _ in range(2500):
        w = rng.choice([[3, 1, 2, 2, 1, 6, 1, 1], [8, 0, 1, 0, 0, 4, 0, 0], [2, 0, 2, 6, 2, 2, 1, 2]])
        s = rand_str(rng, 24, weights=w)
        if rng.random() < 0.3:
            s = "".join(rng.choice(seps) + ch if rng.random() < 0.3 else ch for ch in s)
        rows.append(java_safe(s))
    # all BMP letters (and other code points with case behaviour), in shuffled chunks
    letters = [cp for cp in range(0x10000)
               if unicodedata.category(chr(cp)).startswith("L")
               or chr(cp).title() != chr(cp) or chr(cp).lower() != chr(cp)]
    rng.shuffle(letters)
    i = 0
    while i < len(letters):
        n = rng.randint(30, 90)
        chunk = letters[i:i + n]
        i += n
        s = "".join(chr(cp) + (rng.choice(seps) if rng.random() < 0.4 else "") for cp in chunk)
        rows.append(java_safe(s))
    rows = [[s, s.title()] for s in rows]
    write_jsonl(os.path.join(out, "str_title.jsonl"), rows)
    print("   (%d BMP letters covered)" % len(letters))

    sweep = []
    step = 4096
    for lo in range(0, MAX_CP, step):
        hi = min(lo + step, MAX_CP)
        s = "".join(title_pattern(cp) for cp in range(lo, hi))
        sweep.append({"lo": lo, "hi": hi, "sha256": hashlib.sha256(utf8_surrogatepass(s.title())).hexdigest()})
    write_jsonl(os.path.join(out, "str_title_sweep.jsonl"), sweep)
    return len(rows)


# ----------------------------------------------------------------- round()

def random_double(rng):
    r = rng.random()
    if r < 0.3:
        return from_bits("%016x" % rng.getrandbits(64))
    if r < 0.6:
        return rng.uniform(-1, 1) * 10.0 ** rng.randint(-8, 12)
    if r < 0.75:
        # decimal-looking values such as 2.675 or 0.125
        d = rng.randint(1, 6)
        return round(rng.uniform(-1000, 1000), d) + rng.choice([0, 5 * 10.0 ** -(d + 1)])
    if r < 0.9:
        # exact ties at some position: odd / 2^k and (k + 0.5) * 10^m
        if rng.random() < 0.5:
            return rng.choice([1, -1]) * (2 * rng.randint(0, 10 ** 6) + 1) / 2.0 ** rng.randint(1, 14)
        return rng.choice([1, -1]) * (rng.randint(0, 10 ** 6) + 0.5) * 10.0 ** rng.randint(0, 5)
    return rng.choice([0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324, 2.2250738585072014e-308,
                       1.7976931348623157e308, -1.7976931348623157e308, 0.5, 1.5, 2.5, -0.5, 0.125,
                       2.675, 1.005, 0.285, 1e22, 1e23, 123456789.125])


def gen_round(out):
    rng = random.Random(SEED_BASE + 5005)
    rows = []
    extra_n = [-400, -309, -308, -307, -300, -20, 13, 15, 16, 17, 20, 100, 300, 322, 323, 324, 330, 400]
    for k in range(10000):
        x = random_double(rng)
        n = rng.randint(-5, 12) if k % 10 else rng.choice(extra_n)
        try:
            r = bits(round(x, n))
        except OverflowError as e:
            r = "OverflowError: " + str(e)
        rows.append([bits(x), n, r])
    write_jsonl(os.path.join(out, "round.jsonl"), rows)
    return len(rows)


# ----------------------------------------------------------------- repr(float)

def gen_float_repr(out):
    rng = random.Random(SEED_BASE + 6006)
    xs = []
    for k in range(-330, 311):
        p = float("1e%d" % k)
        xs += [p, math.nextafter(p, 0), math.nextafter(p, math.inf)]
    for e in range(-1074, 1024):
        xs.append(math.ldexp(1.0, e))
    xs += [0.0, -0.0, math.inf, -math.inf, math.nan, 0.1, 0.2, 0.30000000000000004, 1 / 3, 2e16 + 8,
           9007199254740993.0, 123456789012345678.0, 1e16 - 2, 1e16 - 1, 0.0001, 0.00001, 0.00009999999999999999]
    while len(xs) < 12000:
        r = rng.random()
        if r < 0.5:
            xs.append(from_bits("%016x" % rng.getrandbits(64)))
        elif r < 0.6:
            xs.append(from_bits("%016x" % rng.getrandbits(52)))  # subnormals
        elif r < 0.7:
            xs.append(float(rng.randint(-10 ** rng.randint(1, 20), 10 ** rng.randint(1, 20))))
        elif r < 0.85:
            xs.append(round(rng.uniform(-1e6, 1e6), rng.randint(0, 8)))
        else:
            xs.append(rng.uniform(-1, 1) * 10.0 ** rng.randint(-20, 20))
    rows = [[bits(x), repr(x)] for x in xs]
    write_jsonl(os.path.join(out, "float_repr.jsonl"), rows)
    return len(rows)


# ----------------------------------------------------------------- repr(object)

def rand_value(rng, depth, key=None, text=None, real=None):
    """A random nested value; key, text and real draw the dict keys, the str and the float values
    (by default any hashable key, rand_repr_str and random_double)."""
    key, text, real = key or rand_key, text or rand_repr_str, real or random_double
    r = rng.random()
    if depth > 0 and r < 0.15:
        return [rand_value(rng, depth - 1, key, text, real) for _ in range(rng.randint(0, 4))]
    if depth > 0 and r < 0.25:
        d = {}
        for _ in range(rng.randint(0, 4)):
            d[key(rng)] = rand_value(rng, depth - 1, key, text, real)
        return d
    if r < 0.6:
        return text(rng)
    if r < 0.7:
        return rng.choice([0, 1, -1, rng.randint(-10 ** 6, 10 ** 6), rng.randint(-2 ** 63, 2 ** 63),
                           rng.randint(-10 ** 40, 10 ** 40)])
    if r < 0.85:
        return real(rng)
    return rng.choice([None, True, False])


def rand_key(rng):
    r = rng.random()
    if r < 0.7:
        return rand_repr_str(rng)
    if r < 0.85:
        return rng.randint(-1000, 1000)
    if r < 0.95:
        return random_double(rng)
    return rng.choice([None, True, False])


def rand_repr_str(rng):
    s = rand_str(rng, 12, weights=[10, 3, 3, 3, 2, 1, 1, 0])
    if rng.random() < 0.4:
        s = "".join(ch + rng.choice(["'", '"', "\\", "\n", "\t", "\r", "\x00", "\x7f", "\xa0", "\xad",
                                     "\u2028", "\ud800", "\U000e0001", "\U0010ffff"])
                    if rng.random() < 0.3 else ch for ch in s)
    return java_safe(s)


def encode_value(v):
    """Typed encoding so that the Java test can rebuild the exact Python value."""
    if v is None:
        return ["none"]
    if isinstance(v, bool):
        return ["bool", v]
    if isinstance(v, int):
        return ["int", str(v)]
    if isinstance(v, float):
        return ["float", bits(v)]
    if isinstance(v, str):
        return ["str", v]
    if isinstance(v, list):
        return ["list", [encode_value(x) for x in v]]
    if isinstance(v, dict):
        return ["dict", [[encode_value(k), encode_value(x)] for k, x in v.items()]]
    raise TypeError(type(v))


def gen_obj_repr(out):
    rng = random.Random(SEED_BASE + 7007)
    rows = []
    values = ["", "'", '"', "'\"", "it's", 'say "hi"', "\\", "a\nb", "ß", "\u00a0", "\ud800", "\U0001f600",
              "\U000e0001", "\x7f", "\x80", "\xff", "\u0378", "\u2028", "\ufeff", [], {}, [[]], {"a": []},
              10 ** 4300 - 1, -(10 ** 4300 - 1), 0.1, -0.0, math.inf, math.nan, True, None]
    while len(values) < 2500:
        values.append(rand_value(rng, 3))
    for v in values:
        rows.append([encode_value(v), repr(v), str(v)])
    write_jsonl(os.path.join(out, "obj_repr.jsonl"), rows)

    sweep = []
    step = 4096
    for lo in range(0, MAX_CP, step):
        hi = min(lo + step, MAX_CP)
        s = ",".join(chr(cp) for cp in range(lo, hi))
        sweep.append({"lo": lo, "hi": hi, "sha256": hashlib.sha256(utf8_surrogatepass(repr(s))).hexdigest()})
    write_jsonl(os.path.join(out, "str_repr_sweep.jsonl"), sweep)
    return len(rows)


# ----------------------------------------------------------------- lower()

def lower_pattern(cp):
    """c's own mapping, and c before / after a capital sigma: as the cased letter before
    it, as a case-ignorable code point skipped before or after it, as the cased letter
    after it."""
    c = chr(cp)
    return c + "\u03a3" + c + " A" + c + "\u03a3 A\u03a3" + c + "a A\u03a3" + c + " "


def gen_lower(out):
    rng = random.Random(SEED_BASE + 8008)
    rows = []
    sigma = ["\u03a3", "\u03a3", "\u03a3", "\u03c3", "\u03c2"]
    ignorable = ["'", "\u2019", ".", ":", "\u00b7", "\u00ad", "\u0301", "\u0345", "\u200b",
                 "\u200d", "\u02b0", "\U0001f3fb", "^", "`"]
    seps = [" ", " ", "1", "-", "\u03a3", "a", "A"] + ignorable
    # Greek words with capital sigmas in every context
    greek = "\u0391\u0392\u0393\u0394\u0395\u0399\u039f\u03a3\u03a5\u03a9\u03b1\u03bf\u03c3\u03c2\u0386\u038c"
    for _ in range(1500):
        parts = []
        for _ in range(rng.randint(1, 6)):
            r = rng.random()
            if r < 0.5:
                w = "".join(rng.choice(greek) for _ in range(rng.randint(0, 5)))
            elif r < 0.7:
                w = "".join(rng.choice(sigma + ignorable) for _ in range(rng.randint(1, 5)))
            else:
                w = rand_str(rng, 5, weights=[4, 1, 2, 2, 1, 6, 2, 2])
            if rng.random() < 0.5:
                w += rng.choice(sigma) + "".join(rng.choice(ignorable) for _ in range(rng.randint(0, 2)))
            parts.append(w)
            parts.append(rng.choice(seps))
        rows.append(java_safe("".join(parts)))
    for _ in range(2500):
        w = rng.choice([[3, 1, 2, 2, 1, 6, 1, 1], [8, 0, 1, 0, 0, 4, 0, 0], [2, 0, 2, 6, 2, 2, 1, 2]])
        s = rand_str(rng, 24, weights=w)
        if rng.random() < 0.4:
            s = "".join(rng.choice(seps) + ch if rng.random() < 0.3 else ch for ch in s)
        rows.append(java_safe(s))
    # all BMP letters (and other code points with case behaviour), in shuffled chunks
    letters = [cp for cp in range(0x10000)
               if unicodedata.category(chr(cp)).startswith("L")
               or chr(cp).lower() != chr(cp) or chr(cp).upper() != chr(cp)]
    rng.shuffle(letters)
    i = 0
    while i < len(letters):
        n = rng.randint(30, 90)
        chunk = letters[i:i + n]
        i += n
        s = "".join(chr(cp) + (rng.choice(seps) if rng.random() < 0.4 else "") for cp in chunk)
        rows.append(java_safe(s))
    rows = [[s, s.lower()] for s in rows]
    write_jsonl(os.path.join(out, "str_lower.jsonl"), rows)
    print("   (%d BMP letters covered)" % len(letters))

    sweep = []
    step = 4096
    for lo in range(0, MAX_CP, step):
        hi = min(lo + step, MAX_CP)
        s = "".join(lower_pattern(cp) for cp in range(lo, hi))
        sweep.append({"lo": lo, "hi": hi, "sha256": hashlib.sha256(utf8_surrogatepass(s.lower())).hexdigest()})
    write_jsonl(os.path.join(out, "str_lower_sweep.jsonl"), sweep)
    return len(rows)


# ----------------------------------------------------------------- textwrap.shorten()

SHORTEN_PLACEHOLDERS = ["\u2026 [CONTENT TRUNCATED]", " [...]", "..."]
SHORTEN_EXTRA_PLACEHOLDERS = ["", " ", "-", "\u3000\u2026", " \t[\u2026] ", "\U0001f600"]
SHORTEN_WORDS = ["goof-ball", "--", "-", "---", "-b", "a-b", "a-b-c", "ab-cd", "ab-c-de", "x--y",
                 "Hello", "there", "you", "option!", "Look,", "e-mail", "self-contained",
                 "well-known--really", "123-456", "1a-2b", "a1-b2", "\u00e9t\u00e9-\u00e0-l\u00e0",
                 "\u03b1\u03b2-\u03b3\u03b4", "\u6771\u4eac-\u65e5\u672c", "\u0661\u0662-\u0663",
                 "a_b-c_d", "__-__", "it's", "\"quoted\"--word", "and&--so", "end.--Next",
                 "a?--b", "(x)--y", "word--", "--word", "a-", "-a", "ab-", "ab--", "ab---cd",
                 "co-op-er-ate", "x-y-z-w", "\u00bd-\u00bd", "\u0301a-b\u0301", "\U0001d400\U0001d401-\U0001d402\U0001d403",
                 "\U0001f600-\U0001f600", "\u200b-\u200b", "a\u200bb-cd", "ab-\u2013cd", "ab\u2010cd"]
SHORTEN_SPACES = [" ", " ", " ", "  ", "\t", "\n", "\r\n", "\x0b", "\x0c", "\x1c", "\x1f", "\x85",
                  "\u00a0", "\u1680", "\u2003", "\u2028", "\u202f", "\u3000", " \u3000 "]
SHORTEN_LETTERS = "abcdefghijklmnopqrstuvwxyzABC0123456789_-.,!?'\"&()/:;\u00e9\u00df\u03b1\u0661\u00bd\u0301\u200b"


def shorten_word(rng):
    r = rng.random()
    if r < 0.35:
        return rng.choice(SHORTEN_WORDS)
    if r < 0.6:
        return "".join(rng.choice("abcdefghij") for _ in range(rng.randint(1, 9)))
    if r < 0.75:
        return "".join(rng.choice(SHORTEN_LETTERS) for _ in range(rng.randint(1, 12)))
    if r < 0.85:
        # a long word, maybe with hyphens
        alphabet = rng.choice(["abcdefgh", "abcdefgh-", "ab-", "a-1", "-", "x\u00e9-\U0001f600"])
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(10, 160)))
    if r < 0.95:
        return "-".join(shorten_word(rng) for _ in range(rng.randint(2, 4)))
    return rand_str(rng, 8, weights=[6, 0, 2, 2, 1, 2, 1, 1])


def shorten_text(rng):
    n = rng.choice([0, 1, 2, 3, 5, 8, 12, 20, 30, 40])
    n = rng.randint(0, n)
    parts = []
    if rng.random() < 0.3:
        parts.append(rng.choice(SHORTEN_SPACES))
    for k in range(n):
        if k:
            parts.append(rng.choice(SHORTEN_SPACES) if rng.random() < 0.9 else "")
        parts.append(shorten_word(rng))
    if rng.random() < 0.3:
        parts.append(rng.choice(SHORTEN_SPACES))
    return java_safe("".join(parts))


def shorten_row(text, width, placeholder):
    import textwrap
    try:
        return [text, width, placeholder, textwrap.shorten(text, width, placeholder=placeholder)]
    except ValueError as e:
        return [text, width, placeholder, "ValueError", str(e)]


def gen_shorten(out):
    import textwrap
    rng = random.Random(SEED_BASE + 9009)
    rows = []
    fixed = [("Hello  world!", 12, " [...]"), ("Hello  world!", 11, " [...]"),
             ("Look, goof-ball -- use the -b option!", 20, "..."), ("", 1, "..."), ("", 3, "..."),
             ("abc", 2, "..."), ("abc", 0, ""), ("abc", -1, ""), ("  a  ", 1, " [...]"),
             ("a" * 30, 10, " [...]"), ("aaaa-bbbb-cccc-dddd", 12, " [...]"),
             ("---- ----", 3, ""), ("-" * 20, 7, "."), ("x" * 21, 21, "\u2026 [CONTENT TRUNCATED]"),
             ("word " * 10, 21, "\u2026 [CONTENT TRUNCATED]"), ("word " * 10, 22, "\u2026 [CONTENT TRUNCATED]")]
    for text, width, placeholder in fixed:
        rows.append(shorten_row(text, width, placeholder))
    while len(rows) < 8000:
        text = shorten_text(rng)
        placeholder = rng.choice(SHORTEN_PLACEHOLDERS if rng.random() < 0.85 else SHORTEN_EXTRA_PLACEHOLDERS)
        collapsed = len(" ".join(text.split()))
        r = rng.random()
        if r < 0.5 and collapsed > 1:
            # around the collapsed length, where truncation starts
            width = max(1, min(200, collapsed + rng.randint(-collapsed, 3)))
        elif r < 0.6:
            width = rng.randint(1, 30)
        else:
            width = rng.randint(1, 200)
        if width < len(placeholder.lstrip()) and rng.random() < 0.7:
            # mostly valid widths; ValueError cases remain
            width = rng.randint(len(placeholder.lstrip()), 200)
        rows.append(shorten_row(text, width, placeholder))
    write_jsonl(os.path.join(out, "textwrap_shorten.jsonl"), rows)
    errors = sum(1 for r in rows if len(r) == 5)
    shortened = sum(1 for r in rows if len(r) == 4 and r[3] != " ".join(r[0].split()))
    print("   (%d shortened, %d ValueError)" % (shortened, errors))

    big = []
    units = ["lorem ipsum-dolor sit amet, consectetur--adipiscing elit. ",
             "a-b-c-d-e-f " * 3 + "x" * 997 + "\n\t",
             "\u00e9t\u00e9 \u6771\u4eac\U0001f600 \u00a0\u3000 \u03a3\u03b1\u03c2-\u03b2\u03b3 --- ",
             "word-" * 50,
             "-" * 70 + " ",
             "ab" * 333 + "-",
             "x"]
    widths = [400000, 400000, 400000, 400000, 400000, 400000, 400000]
    for unit, width in zip(units, widths):
        for extra in (0, 1, 7):
            repeat = (width * 3) // len(unit) + extra
            text = unit * repeat
            for placeholder in ("\u2026 [CONTENT TRUNCATED]", " [...]"):
                res = textwrap.shorten(text, width, placeholder=placeholder)
                big.append([unit, repeat, width, placeholder, len(res),
                            hashlib.sha256(utf8_surrogatepass(res)).hexdigest()])
    write_jsonl(os.path.join(out, "textwrap_shorten_big.jsonl"), big)
    return len(rows)


def require_cpython311():
    if sys.version_info[:2] != (3, 11) or sys.hash_info.algorithm != "siphash13":
        sys.exit("run this with CPython 3.11 (siphash13); found %s" % sys.version)


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--set-worker":
        set_worker()
        return
    require_cpython311()
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    gen_difflib(out)
    gen_sets(out)
    gen_float(out)
    gen_title(out)
    gen_round(out)
    gen_float_repr(out)
    gen_obj_repr(out)
    gen_lower(out)
    gen_shorten(out)


if __name__ == "__main__":
    main()
