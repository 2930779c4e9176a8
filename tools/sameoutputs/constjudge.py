"""A constant OpenAI-compatible chat judge on 127.0.0.1 (stdlib only), for capture.sh: every POST
answers {"score": 0.75, "reason": ...}. Writes its port to the file named by argv[1]; argv[2], if given, is the port."""
import http.server, json, sys

REPLY = json.dumps({"id": "chatcmpl-c", "object": "chat.completion", "created": 0, "model": "m",
    "choices": [{"index": 0, "message": {"role": "assistant",
        "content": json.dumps({"score": 0.75, "reason": "constant judge"})}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()

class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go in two writes: without this, ~40 ms a request
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(REPLY))); self.end_headers(); self.wfile.write(REPLY)
    def log_message(self, *a): pass

s = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2]) if len(sys.argv) > 2 else 0), H)
open(sys.argv[1], "w").write(str(s.server_address[1]))
s.serve_forever()
