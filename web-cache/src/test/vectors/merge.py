"""Merges the per-seed outputs of compute.py, lookup.py and jsondump.py into the gzipped golden files."""
import gzip, json, sys
R = sys.argv[1].rstrip("/") + "/"
SEEDS = (1, 42, 123456789)
base = [json.loads(l) for l in open("out-0.jsonl")]
others = {s: [json.loads(l) for l in open(f"out-{s}.jsonl")] for s in SEEDS}
with gzip.open(R + "url-vectors.jsonl.gz", "wt", encoding="ascii", compresslevel=9) as f:
    for i, rec in enumerate(base):
        out = {k: v for k, v in rec.items() if k not in ("seed", "variants_sha256", "variants_count")}
        if "variants_error" not in rec:
            out["variants_count"] = rec["variants_count"]
            out["variants_sha256"] = {"0": rec["variants_sha256"]}
            for s, lst in others.items():
                assert lst[i]["url"] == rec["url"] and lst[i]["variants_count"] == rec["variants_count"]
                out["variants_sha256"][str(s)] = lst[i]["variants_sha256"]
        f.write(json.dumps(out, ensure_ascii=True) + "\n")
with gzip.open(R + "lookup-vectors.jsonl.gz", "wt", encoding="ascii", compresslevel=9) as f:
    for s in (0, 42):
        for l in open(f"lookup-{s}.jsonl"):
            f.write(l)
with gzip.open(R + "index-json-vectors.jsonl.gz", "wt", encoding="ascii", compresslevel=9) as f:
    for l in open("jsondump.jsonl"):
        f.write(l)
