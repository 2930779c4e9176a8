"""Writes the request captures of tools/pysdk/captures/: what the OpenAI Python SDK sends.

Usage: python3 tools/pysdk/make_captures.py [OUT]   (needs pydantic 2; OUT defaults to captures/ beside
this file; a test regenerates them into a temporary OUT and compares)

Each capture is the body bytes of one request (NAME.body) and its method, path and headers
(NAME.json), written from the SDK's documented wire format rather than recorded, so no SDK and no
network are needed:
- the body is json.dumps(..., ensure_ascii=False, separators=(",", ":"), allow_nan=False) in UTF-8,
  the SDK's serialization (the same as httpx's), keys in the order its create/parse methods list
  them: messages, model, response_format, stream, temperature;
- `beta.chat.completions.parse(response_format=Model)` sends {"type": "json_schema", "json_schema":
  {"schema": strict(Model.model_json_schema()), "name": Model.__name__, "strict": true}} and
  "stream": false, with the header X-Stainless-Helper-Method; strict() is the SDK's documented
  transformation (every object closed with additionalProperties false and all its properties
  required, None defaults dropped, a single allOf and a $ref with sibling keys inlined);
- the Mind2Web 2 verifier sends its prompt from Regrade's copies of the templates
  (rubric-engine/.../prompts/), and a page check as a text part followed by one image_url part per
  screenshot (data:image/jpeg;base64,..., detail high), the screenshot being web-cache's blank JPEG.
The models below are invented for the captures, in the style of the evaluation scripts.
"""
import json
import re
import sys
from pathlib import Path
from typing import List, Literal, Optional

from pydantic import BaseModel, Field

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PROMPTS = REPO / "rubric-engine/src/main/resources/dev/regrade/rubric/prompts"
OUT = HERE / "captures"
sys.path.insert(0, str(REPO / "audit/src/main/resources/dev/regrade/audit/python"))
from driver import strict  # noqa: E402  (the one home of the SDK's strict-schema transformation)

TASK = "Find three gas stations on the I-20 between Atlanta, GA and Birmingham, AL."
ANSWER = ("1. Shell, 100 Main St, Villa Rica, GA (https://stations.example.test/shell)\n"
          "2. BP, 12 Oak Ave, Anniston, AL (https://stations.example.test/bp)")


class BinaryEvalResult(BaseModel):
    reasoning: str
    result: bool


class StationAddress(BaseModel):
    street: Optional[str] = None
    city: Optional[str] = None


class GasStation(BaseModel):
    name: Optional[str] = None
    brand: Literal["Shell", "BP", "Chevron", "Other"] = "Other"
    address: Optional[StationAddress] = None
    urls: List[str] = Field(default_factory=list)


class GasStationList(BaseModel):
    stations: List[GasStation] = Field(default_factory=list)
    total_miles: Optional[float] = None


def response_format(model):
    return {"type": "json_schema",
            "json_schema": {"schema": strict(model.model_json_schema()), "name": model.__name__, "strict": True}}


def template(name, **values):
    return (PROMPTS / name).read_text(encoding="utf-8").format(**values)


def blank_jpeg():
    java = (REPO / "web-cache/src/main/java/dev/regrade/webcache/BlankJpeg.java").read_text(encoding="utf-8")
    start = java.index("BASE64 =")
    return "".join(re.findall(r'"([^"]*)"', java[start:java.index(";", start)]))


HEADERS = {
    "Accept": "application/json",
    "Content-Type": "application/json",
    "User-Agent": "OpenAI/Python 1.109.1",
    "X-Stainless-Lang": "python",
    "X-Stainless-Package-Version": "1.109.1",
    "X-Stainless-Runtime": "CPython",
    "X-Stainless-Runtime-Version": "3.11.7",
    "X-Stainless-Async": "false",
    "x-stainless-retry-count": "0",
    "x-stainless-read-timeout": "600",
    "Authorization": "Bearer sk-capture-not-a-key",
}


def parse_body(model, content, response_model, temperature=None):
    body = {"messages": [{"role": "user", "content": content}], "model": model,
            "response_format": response_format(response_model), "stream": False}
    if temperature is not None:
        body["temperature"] = temperature
    return body


def captures():
    claim = "The first station, Shell, is at 100 Main St, Villa Rica, GA."
    verify = template("verify_simple.txt", task_description=TASK, answer=ANSWER, claim=claim,
                      additional_instruction="None")
    page = template("verify_url.txt", task_description=TASK, answer=ANSWER, claim=claim,
                    additional_instruction="None", url="https://stations.example.test/shell",
                    web_text="Shell Villa Rica. 100 Main St, Villa Rica, GA 30180. Open 24 hours.")
    extract = template("extract_simple.txt", task_description=TASK, answer=ANSWER,
                       extraction_prompt="Extract every gas station in the answer, with its brand, address and URLs.",
                       additional_instruction="None")
    parse = {**HEADERS, "X-Stainless-Helper-Method": "beta.chat.completions.parse"}
    yield "plain", HEADERS, {"messages": [{"role": "user", "content": "Say hi in one word."}], "model": "gpt-4o-mini"}
    yield "verify_parse", parse, parse_body("o4-mini", verify, BinaryEvalResult)
    yield "verify_screenshot_parse", parse, parse_body("o4-mini", [
        {"type": "text", "text": page},
        {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64," + blank_jpeg(), "detail": "high"}},
    ], BinaryEvalResult)
    yield "extract_parse", parse, parse_body("gpt-4.1", extract, GasStationList, temperature=0.0)


def main(out):
    out.mkdir(exist_ok=True)
    for name, headers, body in captures():
        (out / (name + ".body")).write_bytes(
            json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8"))
        meta = {"method": "POST", "path": "/chat/completions", "headers": headers}
        (out / (name + ".json")).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
        print("wrote", out / name)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
