"""Lookup scenarios against the ORIGINAL CacheFileSys._find_url. Usage: PYTHONHASHSEED=s python3 lookup.py urls.json N"""
import json, random, sys, tempfile, os
from mind2web2.utils.cache_filesys import CacheFileSys
from mind2web2.utils.url_tools import normalize_url_simple

def safe(f, *a):
    try:
        return f(*a)
    except Exception:
        return None

def main():
    urls = [u for u in json.load(open(sys.argv[1])) if not any(0xD800 <= ord(ch) <= 0xDFFF for ch in u)]
    n = int(sys.argv[2])
    r = random.Random(7)
    c = CacheFileSys(tempfile.mkdtemp(prefix="m2w2-lk-"))
    seed = int(os.environ["PYTHONHASHSEED"])
    for _ in range(n):
        base = r.choice(urls[:110]) if r.random() < 0.5 else r.choice(urls)
        others = [r.choice(urls) for _ in range(r.randint(0, 3))]
        variants = safe(c._get_url_variants, base) or [base]
        keys = []
        for _ in range(r.randint(1, 6)):
            k = r.random()
            if k < 0.3:
                keys.append(r.choice(variants))
            elif k < 0.45:
                keys.append(safe(c._remove_frag_and_slash, base) or base)
            elif k < 0.55:
                keys.append(safe(normalize_url_simple, base) or base)
            elif k < 0.65:
                keys.append(base.upper())
            elif k < 0.8 and others:
                keys.append(safe(c._remove_frag_and_slash, r.choice(others)) or base)
            else:
                keys.append(r.choice(variants) + r.choice(["", "/", "#x", "?a=1"]))
        c.urls = {k: r.choice(["web", "pdf"]) for k in keys}
        queries = [base] + [r.choice(variants) for _ in range(3)] + others + [base.replace("https://", "http://"), base + "/", base + "#frag", base.upper()]
        res = []
        for q in queries:
            try:
                res.append([q, {"ok": c._find_url(q)}])
            except Exception as e:
                res.append([q, {"error": type(e).__name__, "message": str(e)}])
        print(json.dumps({"seed": seed, "keys": list(c.urls.items()), "queries": res}, ensure_ascii=True))

main()
