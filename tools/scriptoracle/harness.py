"""Runs golden cases of the 2025_10_23 evaluation scripts through the ORIGINAL scripts (released:
the upstream file as is; any other variant: the upstream file with its patch from patches/) on the
ORIGINAL engine, loaded by tools/pyoracle/oracle.py with its offline stubs.

Run by generate.py as a child process, one per PYTHONHASHSEED (set by the parent): reads
[[script, variant, case], ...] as JSON on stdin and writes, in the same order, what each run
produced (the recorded outputs of a golden file) as JSON on stdout.

The scripted client, as the golden files describe it:
* extractions: `extractions[extraction_name]` validated into the script's template; a name not
  listed raises in the client (the engine then falls back to the empty template);
* judge: `judge.table[claim]`, else `judge.default` (true when absent), reasoning "scripted verdict";
* pages: every URL is a cached web page (oracle's cache stub);
* maps (gas_stations): `maps` rows [origin, destination, value]: an int is metres, a string is
  returned as is, {"raise": msg} raises RuntimeError(msg);
* the evaluation clock: `datetime.now()` in the script is `eval_date` at midnight.
"""
from __future__ import annotations

import asyncio
import contextvars
import datetime as _dt
import hashlib
import json
import sys
import types
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "pyoracle"))

sys.path.insert(0, str(HERE.parent.parent / "audit/src/main/resources/dev/regrade/audit/python"))

import driver  # noqa: E402  (Regrade's Python driver: the one evaluation clock)
import oracle  # noqa: E402  (the one loader of the upstream engine)
import unidiff  # noqa: E402

SCRIPTS_DIR = oracle.UPSTREAM / "eval_scripts" / "2025_10_23"
PATCHES_DIR = HERE / "patches"
RELEASED = "released"
DEFAULT_EVAL_DATE = "2025-10-23"  # for calls outside a case
AGENT_NAME = "agent"
ANSWER_NAME = "answer_1"
MODEL = "o4-mini"
REASONING = "scripted verdict"


class HarnessError(BaseException):
    """A gap in a case (no maps row for a lookup): not an Exception, so no script catches it."""


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def patch_path(script: str, variant: str) -> Path:
    """patches/<script>.patch for the fixed variant, patches/<script>.<variant>.patch for others."""
    return PATCHES_DIR / (f"{script}.patch" if variant == "fixed" else f"{script}.{variant}.patch")


def read_text(path: Path) -> str:
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def script_source(script: str, variant: str) -> str:
    text = read_text(SCRIPTS_DIR / f"{script}.py")
    if variant == RELEASED:
        return text
    patch = patch_path(script, variant)
    return unidiff.apply(text, read_text(patch), patch.name)


# --------------------------------------------------------------------------- #
# Engine: oracle's loader, plus what the scripts import beyond it             #
# --------------------------------------------------------------------------- #

# The extraction an LLM call belongs to (set around Evaluator.extract) and the maps tool's table.
_EXTRACTION: contextvars.ContextVar = contextvars.ContextVar("scriptoracle_extraction", default=None)
_MAPS: dict = {"rows": [], "calls": []}


class _ScriptedMapsTool:
    """tool_googlemap.GoogleMapsTool answering calculate_distance from the case's maps rows."""

    def __init__(self, *_a, **_k):
        pass

    async def calculate_distance(self, address1, address2, mode="driving"):
        _MAPS["calls"].append([address1, address2, mode])
        for origin, destination, value in _MAPS["rows"]:
            if origin == address1 and destination == address2:
                if isinstance(value, dict):
                    raise RuntimeError(value["raise"])
                return value
        raise HarnessError(f"no maps row for {address1!r} -> {address2!r}")


def load_engine():
    ev, tk, vt = oracle.load_upstream()
    pkg = sys.modules["mind2web2"]
    if getattr(pkg, "_scriptoracle_ready", False):
        return ev, tk, vt
    # The package __init__ is not executed: the names the scripts import from the package.
    pkg.Evaluator = ev.Evaluator
    pkg.VerificationNode = vt.VerificationNode
    pkg.AggregationStrategy = vt.AggregationStrategy
    pkg.CacheFileSys = sys.modules["mind2web2.utils.cache_filesys"].CacheFileSys
    pkg.LLMClient = sys.modules["mind2web2.llm_client.base_client"].LLMClient
    gmaps = oracle.stub_module("mind2web2.api_tools.tool_googlemap")
    gmaps.GoogleMapsTool = _ScriptedMapsTool
    if "openai" not in sys.modules:  # only used in annotations (openai.AsyncAzureOpenAI)
        oracle.stub_module("openai").AsyncAzureOpenAI = type("AsyncAzureOpenAI", (), {})

    orig_extract = ev.Evaluator.extract

    async def extract(self, prompt, template_class, extraction_name="extraction", source=None,
                      additional_instruction=None, **kwargs):
        token = _EXTRACTION.set({"name": extraction_name, "source": source, "script_prompt": prompt,
                                 "additional_instruction": additional_instruction or "None"})
        try:
            return await orig_extract(self, prompt, template_class, extraction_name, source,
                                      additional_instruction, **kwargs)
        finally:
            _EXTRACTION.reset(token)

    ev.Evaluator.extract = extract
    pkg._scriptoracle_ready = True
    return ev, tk, vt


def load_script(script: str, variant: str, eval_date: str) -> types.ModuleType:
    """A fresh module of the script's (patched) source, its clock set to the evaluation date."""
    name = f"scriptoracle_{script}_{variant.replace('-', '_')}"
    module = types.ModuleType(name)
    module.__file__ = str(SCRIPTS_DIR / f"{script}.py")
    sys.modules[name] = module
    exec(compile(script_source(script, variant), f"{script}.py ({variant})", "exec"), module.__dict__)
    if module.__dict__.get("datetime") is _dt.datetime:
        module.datetime = driver.evaluation_datetime(eval_date)
    return module


# --------------------------------------------------------------------------- #
# Scripted client                                                             #
# --------------------------------------------------------------------------- #

class ScriptedClient:
    """Stands in for the OpenAI client and records every request. Never suspends."""

    def __init__(self, case: dict, binary_cls):
        judge = case.get("judge", {})
        self.default = bool(judge.get("default", True))
        self.table = judge.get("table", {})
        self.extractions = case.get("extractions", {})
        self.binary_cls = binary_cls
        self.judge_calls: list = []
        self.extraction_requests: list = []

    async def async_response(self, *, model, messages, response_format, **_kw):
        content = messages[0]["content"]
        text = content if isinstance(content, str) else content[0]["text"]
        if response_format is self.binary_cls:
            check = oracle.CURRENT_CHECK.get()
            assert check is not None, "judge call outside _core_verify"
            claim = check["claim"]
            self.judge_calls.append({"claim": claim, "url": check["url"], "prompt_sha256": sha256(text)})
            return self.binary_cls(reasoning=REASONING, result=bool(self.table.get(claim, self.default)))
        request = _EXTRACTION.get()
        assert request is not None, "extraction call outside Evaluator.extract"
        self.extraction_requests.append({**request, "schema_name": response_format.__name__, "prompt": text})
        data = self.extractions.get(request["name"])
        if data is None:
            raise RuntimeError(f"scripted extraction failure for {request['name']}")
        return response_format.model_validate(data)


# --------------------------------------------------------------------------- #
# One run                                                                     #
# --------------------------------------------------------------------------- #

def run_case(script: str, variant: str, case: dict) -> dict:
    """Runs the script on the case; returns the raw record (summary or crash, and every request)."""
    ev, tk, vt = load_engine()
    module = load_script(script, variant, case["eval_date"])
    client = ScriptedClient(case, tk.BinaryEvalResult)
    _MAPS["rows"] = case.get("maps", [])
    _MAPS["calls"] = []

    async def evaluate():
        return await module.evaluate_answer(
            client=client, answer=case["answer"], agent_name=AGENT_NAME, answer_name=ANSWER_NAME,
            cache=oracle.FakeCacheFileSys(), semaphore=oracle.DualSemaphore(), logger=oracle.run_logger(),
            model=MODEL)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pydantic .dict() deprecation
        try:
            expected = {"summary": asyncio.run(evaluate())}
        except Exception as e:  # the original raised: the golden file records it
            expected = {"crash": f"{type(e).__name__}: {e}"}
    return {"expected": expected, "judge_calls": client.judge_calls,
            "extraction_requests": client.extraction_requests, "maps_calls": list(_MAPS["calls"]),
            "task_description": module.TASK_DESCRIPTION}


def main():
    jobs = json.load(sys.stdin)
    out = [run_case(script, variant, case) for script, variant, case in jobs]
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
