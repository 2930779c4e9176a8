#!/usr/bin/env python3
"""Golden vectors for PyUrlParse: CPython 3.11's urllib.parse on the web-cache URL set.

The 4000 URLs are web-cache's (web-cache/src/test/vectors/gen_urls.py: realistic ones, random ones
biased to escapes, IPv6 hosts and odd netlocs, two with lone surrogates). For each URL, one JSON line:
  {"url", "defrag", "unquote", "quote": [7 safe sets], "quote_plus": [2 safe sets], "urlsplit",
   "urlparse", "parse_qsl" (of urlsplit(url).query, keep_blank_values=True; absent when urlsplit raises)}
where every outcome is {"ok": value} or {"error": type name, "message": str(e)}.

Writes pycompat/src/test/resources/dev/regrade/pycompat/urlparse.jsonl.gz (deterministic).
Run from the repository root: python3 tools/pycompat-vectors/gen_urlparse.py
"""
import gzip
import json
import subprocess
import sys
from urllib.parse import parse_qsl, quote, quote_plus, unquote, urldefrag, urlparse, urlsplit

SAFES = ["/", ":/?#", ":/?#@!$&'*+,;=", ":/?#[]@!$&'*+,;=", ":/?#[]@!$&'()*+,;=", ":/", ""]
PLUS_SAFES = [":/?#[]@!$&'()*+,;=", ""]
OUT = "pycompat/src/test/resources/dev/regrade/pycompat/urlparse.jsonl.gz"


def call(f, *a, **k):
    try:
        return {"ok": f(*a, **k)}
    except Exception as e:
        return {"error": type(e).__name__, "message": str(e)}


def main():
    if sys.version_info[:2] != (3, 11):
        sys.exit("run this with CPython 3.11 (found %s)" % sys.version)
    urls = json.loads(subprocess.run([sys.executable, "web-cache/src/test/vectors/gen_urls.py", "4000"],
                                     check=True, capture_output=True, text=True).stdout)
    with open(OUT, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as gz:
        for u in urls:
            rec = {"url": u,
                   "defrag": call(lambda x: urldefrag(x)[0], u),
                   "unquote": call(unquote, u),
                   "quote": [call(quote, u, safe=s) for s in SAFES],
                   "quote_plus": [call(quote_plus, u, safe=s) for s in PLUS_SAFES],
                   "urlsplit": call(lambda x: list(urlsplit(x)), u),
                   "urlparse": call(lambda x: list(urlparse(x)), u)}
            q = call(lambda x: urlsplit(x).query, u)
            if "ok" in q:
                rec["parse_qsl"] = call(lambda x: [list(p) for p in parse_qsl(x, keep_blank_values=True)], q["ok"])
            gz.write((json.dumps(rec, ensure_ascii=True) + "\n").encode("ascii"))
    print("%s: %d URLs" % (OUT, len(urls)))


if __name__ == "__main__":
    main()
