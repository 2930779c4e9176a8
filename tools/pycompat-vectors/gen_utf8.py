#!/usr/bin/env python3
"""Golden vectors for PyUtf8: bytes.decode('utf-8', 'replace') and the strict decoding errors of
CPython 3.11, on random byte strings biased towards UTF-8 edge cases.

Writes pycompat/src/test/resources/dev/regrade/pycompat/utf8_decode.jsonl.gz (deterministic):
one JSON line {"hex", "replace", "strict" | "error"} per byte string.
Run from the repository root: python3 tools/pycompat-vectors/gen_utf8.py
"""
import gzip
import json
import random
import sys

OUT = "pycompat/src/test/resources/dev/regrade/pycompat/utf8_decode.jsonl.gz"
EDGE = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
        0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF, 0x90, 0x8F, 0x9F, 0xA0]


def main():
    if sys.version_info[:2] != (3, 11):
        sys.exit("run this with CPython 3.11 (found %s)" % sys.version)
    r = random.Random(11)
    with open(OUT, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as gz:
        for _ in range(5000):
            n = r.randint(0, 10)
            b = bytes(r.choice(EDGE) if r.random() < 0.7 else r.randint(0, 255) for _ in range(n))
            if r.random() < 0.3:
                b += "é€😀".encode()[: r.randint(0, 9)]
            rec = {"hex": b.hex(), "replace": b.decode("utf-8", "replace")}
            try:
                rec["strict"] = b.decode("utf-8")
            except UnicodeDecodeError as e:
                rec["error"] = str(e)
            gz.write((json.dumps(rec, ensure_ascii=True) + "\n").encode("ascii"))
    print(OUT)


if __name__ == "__main__":
    main()
