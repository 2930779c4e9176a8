"""Run the ORIGINAL Mind2Web 2 functions (and urllib.parse) over urls.json; print JSON Lines.
Usage: PYTHONHASHSEED=<seed> python3 compute.py urls.json <full_variant_count>"""
import hashlib, json, os, sys, tempfile
from urllib.parse import quote, quote_plus, unquote, urlsplit, urlparse, parse_qsl, urldefrag
from mind2web2.utils.cache_filesys import CacheFileSys
from mind2web2.utils.url_tools import normalize_url_simple, remove_utm_parameters

SAFES = ["/", ":/?#", ":/?#@!$&'*+,;=", ":/?#[]@!$&'*+,;=", ":/?#[]@!$&'()*+,;=", ":/", ""]
PLUS_SAFES = [":/?#[]@!$&'()*+,;=", ""]

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
            rec["defrag"] = call(lambda x: urldefrag(x)[0], u)
            rec["unquote"] = call(unquote, u)
            rec["lower"] = call(str.lower, u)
            rec["quote"] = [call(quote, u, safe=s) for s in SAFES]
            rec["quote_plus"] = [call(quote_plus, u, safe=s) for s in PLUS_SAFES]
            rec["urlsplit"] = call(lambda x: list(urlsplit(x)), u)
            rec["urlparse"] = call(lambda x: list(urlparse(x)), u)
            q = call(lambda x: urlsplit(x).query, u)
            if "ok" in q:
                rec["parse_qsl"] = call(lambda x: [list(p) for p in parse_qsl(x, keep_blank_values=True)], q["ok"])
        print(json.dumps(rec, ensure_ascii=True))

main()
