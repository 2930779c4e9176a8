"""Run the ORIGINAL Mind2Web 2 functions over urls.json; print JSON Lines (urllib.parse itself is
covered by tools/pycompat-vectors/gen_urlparse.py on the same URLs).
Usage: PYTHONHASHSEED=<seed> python3 compute.py urls.json <full_variant_count>"""
import hashlib, json, os, sys, tempfile
from mind2web2.utils.cache_filesys import CacheFileSys
from mind2web2.utils.url_tools import normalize_url_simple, remove_utm_parameters

cache = CacheFileSys(tempfile.mkdtemp(prefix="m2w2-"))

def call(f, *a, **k):
    try:
        return {"ok": f(*a, **k)}
    except Exception as e:
        return {"error": type(e).__name__, "message": str(e)}

def digest(lst):
    return hashlib.sha256("\n".join(lst).encode("utf-16-be", "surrogatepass")).hexdigest()

def main():
    urls = json.load(open(sys.argv[1]))
    full = int(sys.argv[2])
    seed = os.environ["PYTHONHASHSEED"]
    for i, u in enumerate(urls):
        rec = {"url": u, "seed": int(seed)}
        v = call(cache._get_url_variants, u)
        if "ok" in v:
            rec["variants_count"] = len(v["ok"])
            rec["variants_sha256"] = digest(v["ok"])
            if i < full:
                rec["variants"] = v["ok"]
        else:
            rec["variants_error"] = v
        if seed == "0":
            rec["storage_key"] = call(cache._remove_frag_and_slash, u)
            rec["stem"] = call(cache._get_url_hash, u)
            rec["simple"] = call(normalize_url_simple, u)
            rec["remove_utm"] = call(remove_utm_parameters, u)
            rec["lower"] = call(str.lower, u)
        print(json.dumps(rec, ensure_ascii=True))

main()
