"""index.json text as the ORIGINAL CacheFileSys.save writes it (json.dump indent=2, ensure_ascii=False)."""
import json, random, sys, io
urls = [u for u in json.load(open(sys.argv[1])) if not any(0xD800 <= ord(ch) <= 0xDFFF for ch in u)]
r = random.Random(3)
extra = ["a\"b", "back\\slash", "ctl\x00\x01\x1f\x7f", "tab\tnl\nCR\r\b\f", "\u2028\u2029", "é中😀", "\ufeff", "/"]
for i in range(int(sys.argv[2])):
    keys = [r.choice(urls + extra) for _ in range(r.randint(0, 6))]
    d = {k: r.choice(["web", "pdf", "other"]) for k in keys}
    buf = io.StringIO()
    json.dump(d, buf, indent=2, ensure_ascii=False)
    print(json.dumps({"pairs": list(d.items()), "text": buf.getvalue()}, ensure_ascii=True))
