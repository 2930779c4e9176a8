"""Golden vectors for PyFormat: format(x, '.Nf') and format(x, ',.Nf') as CPython 3.11 prints them.

Writes pycompat/src/test/resources/dev/regrade/pycompat/format_fixed.jsonl (deterministic).
Run from the repository root: python3 tools/pycompat-vectors/gen_format.py
"""
import json
import random
import struct

random.seed(11)
rows = []
specials = [2.675, 0.125, 0.375, -0.04, 1234567.891, -0.0, 0.0, 1e16, 1e-7, 5e-324, 123456789012.3456,
            -2.5, 0.5, 1.5, 2.5, 999.9996]
for x in specials:
    for d in (0, 1, 2, 3):
        rows.append((x, d))
for _ in range(3000):
    kind = random.random()
    if kind < 0.4:
        x = round(random.uniform(-1e6, 1e6), random.randint(0, 6))
    elif kind < 0.7:
        x = random.randint(-10**6, 10**6) / random.choice([2, 4, 8, 16, 1000, 3])
    else:
        x = struct.unpack('<d', struct.pack('<Q', random.getrandbits(64)))[0]
        if x != x or abs(x) > 1e18 or abs(x) < 1e-12:
            x = random.uniform(-1000, 1000)
    rows.append((x, random.randint(0, 6)))
with open('pycompat/src/test/resources/dev/regrade/pycompat/format_fixed.jsonl', 'w') as f:
    for x, d in rows:
        f.write(json.dumps({"bits": struct.unpack('<q', struct.pack('<d', x))[0], "digits": d,
                            "fixed": format(x, f".{d}f"), "grouped": format(x, f",.{d}f")}) + "\n")
