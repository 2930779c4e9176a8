"""bytes.decode('utf-8', 'replace') and strict decoding errors of CPython, on random byte strings
biased towards UTF-8 edge cases. Output: JSON Lines {hex, replace, strict | error}."""
import json, random, sys
r = random.Random(11)
EDGE = [0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
        0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF, 0x90, 0x8F, 0x9F, 0xA0]
for _ in range(int(sys.argv[1])):
    n = r.randint(0, 10)
    b = bytes(r.choice(EDGE) if r.random() < 0.7 else r.randint(0, 255) for _ in range(n))
    if r.random() < 0.3:
        b += "é€😀".encode()[: r.randint(0, 9)]
    rec = {"hex": b.hex(), "replace": b.decode("utf-8", "replace")}
    try:
        rec["strict"] = b.decode("utf-8")
    except UnicodeDecodeError as e:
        rec["error"] = str(e)
    print(json.dumps(rec, ensure_ascii=True))
