"""Replays the captures of tools/pysdk/captures/ byte for byte with python3's standard library.

Usage: python3 tools/pysdk/replay.py BASE_URL [CAPTURES_DIR]
BASE_URL is an OpenAI base URL such as http://127.0.0.1:PORT/v1 (loopback only: the fake judge).
Prints one JSON object: capture name -> {"status": HTTP status, "body": the reply text}.
"""
import json
import sys
import urllib.error
import urllib.request
from pathlib import Path


def replay(base_url, captures):
    results = {}
    for meta_file in sorted(captures.glob("*.json")):
        name = meta_file.stem
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        body = (captures / (name + ".body")).read_bytes()
        request = urllib.request.Request(base_url.rstrip("/") + meta["path"], data=body, method=meta["method"],
                                         headers=meta["headers"])
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                results[name] = {"status": response.status, "body": response.read().decode("utf-8")}
        except urllib.error.HTTPError as e:
            results[name] = {"status": e.code, "body": e.read().decode("utf-8")}
    return results


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    captures = Path(sys.argv[2]) if len(sys.argv) > 2 else here / "captures"
    print(json.dumps(replay(sys.argv[1], captures), ensure_ascii=False, indent=1))
