"""Reads caches written by the Java SyntheticCacheWriter with the ORIGINAL CacheFileSys."""
import json, sys
from mind2web2.utils.cache_filesys import CacheFileSys
exp = json.load(open(sys.argv[1]))
n = ok = bad = notkept = notkept_other = 0
for task in exp:
    c = CacheFileSys(task["dir"])
    for q in task["queries"]:
        n += 1
        try:
            text, shot = c.get_web(q["url"])
            got = {"text": text}
            assert shot[:2] == b"\xff\xd8"
        except Exception as e:
            got = {"error": type(e).__name__ + ": " + str(e)}
        want = {"text": q["text"]} if "text" in q else {"error": q["error"]}
        if got == want:
            ok += 1
        elif "not kept" in q.get("detail", "") and "No web content found" in got.get("error", ""):
            notkept += 1
        elif "not kept" in q.get("detail", ""):
            notkept_other += 1
        else:
            bad += 1
            if bad <= 5: print("MISMATCH", repr(q["url"]), got, want)
print(f"{len(exp)} caches, {n} reads, {ok} equal, {notkept} not cacheable in the original (miss there, generated afresh here), {notkept_other} not cacheable here but matching a later page in the pre-written cache, {bad} different")
