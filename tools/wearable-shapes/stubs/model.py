"""Stand-in for the starter kit's model.py, put on PYTHONPATH by shapes.py (no upstream code here).

The upstream vLLM judge (`_VllmJudgeServer`) asks `find_free_port()` for a port, spawns
`python -m vllm.entrypoints.cli.main serve ...` (the stub beside this file, which only waits to be
killed) and then talks HTTP to localhost:<port>: GET /health until it answers 200, then one
POST /v1/chat/completions per judged turn. Here `find_free_port()` itself starts that HTTP server (in
a daemon thread of the scorer's process), so the upstream code runs unchanged against a judge that
is ready at once and answers from a script:

  SHAPES_JUDGE_SCRIPT  a JSON list of {"status": int, "body": str}; request i gets entry i % len
  SHAPES_JUDGE_LOG     a JSONL file; one {"model", "prompt", "max_tokens", "temperature"} per request
"""
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def find_free_port() -> int:
    with open(os.environ["SHAPES_JUDGE_SCRIPT"], encoding="utf-8") as f:
        script = json.load(f)
    log_path = os.environ["SHAPES_JUDGE_LOG"]
    lock = threading.Lock()
    served = [0]

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self._send(200 if self.path == "/health" else 404, b"")

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            with lock:
                with open(log_path, "a", encoding="utf-8") as log:
                    log.write(json.dumps({"model": body["model"], "prompt": body["messages"][0]["content"],
                                          "max_tokens": body["max_tokens"],
                                          "temperature": body["temperature"]}) + "\n")
                entry = script[served[0] % len(script)]
                served[0] += 1
            self._send(entry["status"], entry["body"].encode("utf-8"))

        def _send(self, status, data):
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]
