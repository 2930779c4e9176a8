"""Differential-test oracle: runs scripted scenarios through the ORIGINAL
Mind2Web 2 rubric engine (VerificationNode, Evaluator, Verifier, Extractor)
with offline stubs for the LLM client, web cache, browser and PDF parser.

The upstream files are NOT part of this repository. They are imported from
$M2W2_UPSTREAM (default /tmp/upstream), which must contain
    mind2web2/verification_tree.py
    mind2web2/evaluator.py
    mind2web2/eval_toolkit.py
    mind2web2/utils/misc.py
(see README.md). Everything else the upstream modules import is stubbed here.
"""
from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import os
import sys
import types
import warnings
from pathlib import Path
from typing import Any, Optional

UPSTREAM = Path(os.environ.get("M2W2_UPSTREAM", "/tmp/upstream"))

# Stub reasoning text returned by the scripted judge.
REASONING = "scripted verdict"


class ScenarioRaised(Exception):
    pass


# --------------------------------------------------------------------------- #
# Loading the upstream modules with stubs for what cannot run offline          #
# --------------------------------------------------------------------------- #

def stub_module(name: str, path: Optional[Path] = None) -> types.ModuleType:
    """An empty module registered in sys.modules (and on its parent package) under `name`."""
    m = types.ModuleType(name)
    if path is not None:
        m.__path__ = [str(path)]  # a package whose real __init__ is not executed
    sys.modules[name] = m
    parent, _, child = name.rpartition(".")
    if parent and parent in sys.modules:
        setattr(sys.modules[parent], child, m)
    return m


class _NoPdfParser:
    async def extract(self, *_a, **_k):
        raise RuntimeError("offline oracle: no PDF parsing")


async def _is_pdf(_url):
    return False


class _NoBrowser:
    def __init__(self, *_a, **_k):
        pass

    async def capture_page(self, *_a, **_k):
        raise RuntimeError("offline oracle: no browser")


class FakeCacheFileSys:
    """Every URL is a cached web page: fixed text + a (non-image) screenshot blob.
    The real get_page_info path runs on it (normalize_url_markdown, truncation,
    screenshot list; the resize step fails and keeps the blob, as it would for
    an undecodable image)."""

    def __init__(self, *_a, **_k):
        pass

    def has(self, url):
        return "web"

    def has_pdf(self, url):
        return False

    def get_web(self, url):
        return f"Stub page text for {url}", b"stub-screenshot"


def load_upstream():
    pkg = UPSTREAM / "mind2web2"
    for f in ("verification_tree.py", "evaluator.py", "eval_toolkit.py", "utils/misc.py"):
        if not (pkg / f).is_file():
            raise SystemExit(f"missing upstream file {pkg / f} (see tools/pyoracle/README.md)")
    if "mind2web2.evaluator" in sys.modules:
        return sys.modules["mind2web2.evaluator"], sys.modules["mind2web2.eval_toolkit"], \
            sys.modules["mind2web2.verification_tree"]
    stub_module("mind2web2", pkg)
    stub_module("mind2web2.utils", pkg / "utils")
    stub_module("mind2web2.api_tools", pkg / "api_tools")
    stub_module("mind2web2.llm_client", pkg / "llm_client")
    tool_pdf = stub_module("mind2web2.api_tools.tool_pdf")
    tool_pdf.PDFParser = _NoPdfParser
    tool_pdf.is_pdf = _is_pdf
    stub_module("mind2web2.llm_client.base_client").LLMClient = object
    stub_module("mind2web2.utils.cache_filesys").CacheFileSys = FakeCacheFileSys
    stub_module("mind2web2.utils.page_info_retrieval").BatchBrowserManager = _NoBrowser
    try:
        import PIL.Image  # noqa: F401  (real Pillow: resize of the stub blob fails -> blob kept)
    except ImportError:
        pil = stub_module("PIL", Path("/nonexistent"))
        img = stub_module("PIL.Image")

        def _open(*_a, **_k):
            raise OSError("offline oracle: no image decoding")
        img.open = _open
        img.LANCZOS = 1
        pil.Image = img
    import importlib
    vt = importlib.import_module("mind2web2.verification_tree")
    tk = importlib.import_module("mind2web2.eval_toolkit")
    ev = importlib.import_module("mind2web2.evaluator")
    _instrument(tk)
    return ev, tk, vt


# --------------------------------------------------------------------------- #
# Instrumentation: a transparent wrapper around Verifier._core_verify that     #
# tells the scripted client which check (claim, url) a judge call belongs to.  #
# --------------------------------------------------------------------------- #

# The check (claim, url, votes so far) the running judge call belongs to.
CURRENT_CHECK: contextvars.ContextVar = contextvars.ContextVar("oracle_check", default=None)
_ACTIVE_CHECKS = [0]


def _instrument(tk):
    if getattr(tk.Verifier, "_oracle_wrapped", False):
        return
    orig = tk.Verifier._core_verify

    async def _core_verify(self, claim, prompt, message_content, verify_context, node=None,
                           cancellation_event=None, **kwargs):
        url = None
        if verify_context.get("verify_type") == "url":
            # _build_verify_context only stores a truthy url
            url = verify_context.get("url", "")
        # Checks must not interleave (non-suspending stubs): assert it.
        assert _ACTIVE_CHECKS[0] == 0, "judge checks interleaved; call order would depend on scheduling"
        _ACTIVE_CHECKS[0] += 1
        token = CURRENT_CHECK.set({"claim": claim, "url": url, "n": 0})
        try:
            return await orig(self, claim, prompt, message_content, verify_context, node,
                              cancellation_event, **kwargs)
        finally:
            CURRENT_CHECK.reset(token)
            _ACTIVE_CHECKS[0] -= 1

    tk.Verifier._core_verify = _core_verify
    tk.Verifier._oracle_wrapped = True


# --------------------------------------------------------------------------- #
# Scripted LLM client                                                         #
# --------------------------------------------------------------------------- #

class ScriptedClient:
    """Stands in for the OpenAI client. Never suspends (returns without awaiting
    anything), so the original's asyncio code runs in a deterministic order."""

    def __init__(self, judge: dict, binary_cls):
        self.judge = judge or {}
        self.binary_cls = binary_cls
        self.calls: list = []
        self.current_node: Optional[str] = None
        self.pending_extraction: Optional[dict] = None
        self._claim_ptr: dict = {}
        self._url_ptr: dict = {}

    def _verdict(self, claim: str, url: Optional[str]) -> bool:
        default = bool(self.judge.get("default", True))
        url_votes = self.judge.get("url_votes", {})
        if url is not None and claim in url_votes and url in url_votes[claim]:
            seq = url_votes[claim][url]
            i = self._url_ptr.get((claim, url), 0)
            self._url_ptr[(claim, url)] = i + 1
        else:
            seq = self.judge.get("votes", {}).get(claim, [])
            i = self._claim_ptr.get(claim, 0)
            self._claim_ptr[claim] = i + 1
        return bool(seq[i]) if i < len(seq) else default

    async def async_response(self, *, model, messages, response_format, **_kw):
        if response_format is self.binary_cls:
            ctx = CURRENT_CHECK.get()
            assert ctx is not None, "judge call outside _core_verify"
            ctx["n"] += 1
            claim, url = ctx["claim"], ctx["url"]
            self.calls.append({"node": self.current_node, "claim": claim, "url": url, "vote": ctx["n"]})
            if claim in self.judge.get("raise", []):
                raise RuntimeError("scripted judge failure")
            return self.binary_cls(reasoning=REASONING, result=self._verdict(claim, url))
        # extraction
        data = self.pending_extraction
        assert data is not None, "extraction call without a scripted result"
        return response_format(**data)


class DualSemaphore:
    def __init__(self):
        self.webpage = asyncio.Semaphore(5)
        self.llm = asyncio.Semaphore(30)


def template_for(result: dict):
    """Generic extraction template whose fields are the result's keys, in order."""
    from pydantic import create_model
    return create_model("OracleExtraction", **{k: (Any, None) for k in result})


# --------------------------------------------------------------------------- #
# Scenario runner                                                             #
# --------------------------------------------------------------------------- #

def run_logger():
    lg = logging.getLogger("pyoracle")
    lg.setLevel(logging.DEBUG)  # records are built, as with the runner's file logger
    lg.propagate = False
    if not lg.handlers:
        lg.addHandler(logging.NullHandler())
    return lg


async def _run(sc: dict, ev, tk, vt):
    AS = vt.AggregationStrategy
    client = ScriptedClient(sc.get("judge", {}), tk.BinaryEvalResult)
    evaluator = ev.Evaluator()
    init_kw = dict(client=client, answer=sc.get("answer", "Scripted answer text."),
                   global_cache=FakeCacheFileSys(), global_semaphore=DualSemaphore(),
                   logger=run_logger(), default_model="o4-mini")
    if "task_description" in sc:
        init_kw["task_description"] = sc["task_description"]
    evaluator.initialize(task_id=sc.get("task_id", "t"),
                         strategy=AS(sc.get("root_strategy", "parallel")),
                         agent_name=sc.get("agent_name", "a"),
                         answer_name=sc.get("answer_name", "answer_1"),
                         **init_kw)
    nodes = {"root": evaluator.root}
    verify_returns = []
    out = {"calls": client.calls, "verify_returns": verify_returns}

    def ref(x):
        return None if x is None else nodes[x]

    try:
        for op in sc["ops"]:
            kind = op["op"]
            if kind in ("parallel", "sequential", "leaf", "custom"):
                kw = {}
                for k in ("critical", "score", "status"):
                    if k in op:
                        kw[k] = op[k]
                if "parent_node" in op:
                    kw["parent_node"] = ref(op["parent_node"])
                parent = ref(op.get("parent"))
                if kind == "parallel":
                    n = evaluator.add_parallel(op["id"], op["desc"], parent=parent, **kw)
                elif kind == "sequential":
                    n = evaluator.add_sequential(op["id"], op["desc"], parent=parent, **kw)
                elif kind == "leaf":
                    n = evaluator.add_leaf(op["id"], op["desc"], parent=parent, **kw)
                else:
                    n = evaluator.add_custom_node(op["result"], op["id"], op["desc"], parent=parent,
                                                  **({"critical": op["critical"]} if "critical" in op else {}))
                nodes[n.id] = n
            elif kind == "verify":
                node = ref(op.get("node"))
                client.current_node = op.get("node")
                kw = {}
                if "extra_prerequisites" in op:
                    kw["extra_prerequisites"] = [nodes[x] for x in op["extra_prerequisites"]]
                if "additional_instruction" in op:
                    kw["additional_instruction"] = op["additional_instruction"]
                r = await evaluator.verify(op["claim"], node, op.get("sources"), **kw)
                client.current_node = None
                verify_returns.append(r)
            elif kind == "extract":
                client.pending_extraction = op["result"]
                await evaluator.extract(f"Extract {op['name']}.", template_for(op["result"]),
                                        extraction_name=op["name"], source=op.get("source"))
                client.pending_extraction = None
            elif kind == "ground_truth":
                if "type" in op:
                    evaluator.add_ground_truth(op["info"], op["type"])
                else:
                    evaluator.add_ground_truth(op["info"])
            elif kind == "custom_info":
                kw = {k: op[k] for k in ("info_type", "info_name") if k in op}
                evaluator.add_custom_info(op["info"], **kw)
            elif kind == "score":
                evaluator.score()
            else:
                raise ValueError(f"unknown op {kind}")
    except ValueError as e:
        out["raises"] = f"{type(e).__name__}: {e}"
        return None, out
    summary = evaluator.get_summary()
    # Release-era summary shape (31f021f): exactly these keys. Later revisions
    # add "judge"/"judge_usage"; drop them if a later evaluator.py is used.
    keys = ["agent_name", "answer_name", "final_score", "judge_model", "extract_model",
            "eval_breakdown", "tree_statistics"]
    summary = {k: summary[k] for k in keys if k in summary}
    return summary, out


def run_scenario(sc: dict):
    """Returns (summary dict or None if the run raised, calls-file dict)."""
    ev, tk, vt = load_upstream()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pydantic .dict() deprecation
        return asyncio.run(_run(sc, ev, tk, vt))


def summary_text(summary: dict) -> str:
    return json.dumps(summary, indent=4, ensure_ascii=False) + "\n"


def result_file_text(summary: dict) -> str:
    """Exactly what eval_runner._save_result_json writes:
    json.dump(result, fp, ensure_ascii=False, indent=4) (no trailing newline)."""
    return json.dumps(summary, ensure_ascii=False, indent=4)
