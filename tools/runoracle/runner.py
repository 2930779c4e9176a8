"""Runs the ORIGINAL Mind2Web 2 runner (mind2web2/eval_runner.py at the release commit 31f021f:
evaluate_task -> _eval_one_answer -> _save_result_json) over answers of the released 2025_10_23
scripts, on the original engine (tools/pyoracle/oracle.py's loader and stubs, tools/scriptoracle's
scripted extractions and maps), so that the result files are the runner's own. Then runs
generate_result_summary of the upstream HEAD revision (1fcbfda) on what the runner wrote.

Child process of generate.py, one per world and variant (PYTHONHASHSEED set by the parent). Reads
one job as JSON on stdin: {"judge": accept|reject|hash, "variant": released|fixed, "out": DIR,
"work": DIR, "stamps": null or {log tag: "YYYY-mm-ddTHH:MM:SS"}, "tasks": [[task, agent,
[[answer_name, case_name], ...]], ...], "cases": {task: {case_name: case}}}. Writes
DIR/<agent>/<task>/... as the runner does. The fixed variant is the released script with
tools/scriptoracle's patch, loaded by the runner from a file of its own (<work>/scripts/<task>.py).

The clock: without stamps, the loggers' time stamps tick one second per logger from 2025-10-23
09:00:00 and the scripts' datetime.now() is 2025-10-23 (midnight). With stamps, an answer's logger
(tag "<task>_<agent>_<answer>", the runner's own) is stamped at its given time and the script
evaluating that answer reads SCRIPT_DELAY later: the evaluation starts when the logger is made and
reads the clock afterwards, so a stamp shortly before midnight evaluates on the next day.

Stubbed, because the offline world lacks them: tqdm (the progress bar), utils/logging_setup
(create_logger: a silent logger and a time stamp from a clock that starts at 2025-10-23 09:00:00
and ticks one second per logger), utils/cache_filesys (oracle's every-URL-is-a-page cache, plus a
no-op save), the LLM client (scripted below) and the maps tool. The runner itself, load_eval_script
and the scripts run as published.
"""
from __future__ import annotations

import asyncio
import contextlib
import contextvars
import datetime as _dt
import hashlib
import importlib.util
import json
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "pyoracle"))
sys.path.insert(0, str(HERE.parent / "scriptoracle"))

import harness  # noqa: E402  (scriptoracle: engine loader on top of oracle, extraction context)
import oracle  # noqa: E402

RUNNER = oracle.UPSTREAM / "mind2web2" / "eval_runner.py"
LOAD_EVAL_SCRIPT = oracle.UPSTREAM / "mind2web2" / "utils" / "load_eval_script.py"
HEAD_RUNNER = oracle.UPSTREAM / "head" / "mind2web2" / "eval_runner.py"
# The runner has no evaluation date: the scripts' clock is Regrade's default one (EvalClock.DEFAULT_DATE).
EVAL_DATE = _dt.date(2025, 10, 23)
LOG_CLOCK_START = _dt.datetime(2025, 10, 23, 9, 0, 0)
# With stamps: how long after its logger's time stamp an answer's script reads the clock.
SCRIPT_DELAY = _dt.timedelta(seconds=30)

# The case of the answer being evaluated (set around each evaluate_answer call).
_CASE: contextvars.ContextVar = contextvars.ContextVar("runoracle_case", default=None)
# With stamps: what the running answer's script reads as now (set in its task by create_logger).
_NOW: contextvars.ContextVar = contextvars.ContextVar("runoracle_now", default=None)


class RunnerDatetime(_dt.datetime):
    """datetime whose now(), today() and utcnow() are the running answer's clock (stamps only)."""

    @classmethod
    def _at(cls, tz=None):
        t = _NOW.get()
        assert t is not None, "the clock read outside an answer's evaluation"
        return cls(t.year, t.month, t.day, t.hour, t.minute, t.second, tzinfo=tz)

    @classmethod
    def now(cls, tz=None):
        return cls._at(tz)

    @classmethod
    def today(cls):
        return cls._at()

    @classmethod
    def utcnow(cls):
        return cls._at()


def judge_verdict(judge: str, case: dict, claim: str) -> bool:
    """accept: every claim holds; reject: the case's table by claim, else its default; hash: the
    first byte of the claim's SHA-256 is even (so a changed claim gets a verdict too)."""
    if judge == "accept":
        return True
    if judge == "reject":
        table = case["judge"].get("table", {})
        return bool(table.get(claim, case["judge"].get("default", True)))
    if judge == "hash":
        return hashlib.sha256(claim.encode("utf-8")).digest()[0] % 2 == 0
    raise ValueError(f"unknown judge {judge!r}")


class RunnerClient:
    """The one client the runner passes to every answer: scripted by the case of the running answer."""

    def __init__(self, judge: str, binary_cls):
        self.judge = judge
        self.binary_cls = binary_cls

    async def async_response(self, *, model, messages, response_format, **_kw):
        case = _CASE.get()
        assert case is not None, "LLM call outside an answer's evaluation"
        if response_format is self.binary_cls:
            check = oracle.CURRENT_CHECK.get()
            assert check is not None, "judge call outside _core_verify"
            return self.binary_cls(reasoning=oracle.REASONING,
                                   result=judge_verdict(self.judge, case, check["claim"]))
        request = harness._EXTRACTION.get()
        assert request is not None, "extraction call outside Evaluator.extract"
        data = case["extractions"].get(request["name"])
        if data is None:
            raise RuntimeError(f"scripted extraction failure for {request['name']}")
        return response_format.model_validate(data)


class CaseMapsTool:
    """tool_googlemap.GoogleMapsTool answering from the running answer's case rows (scriptoracle's rule)."""

    def __init__(self, *_a, **_k):
        pass

    async def calculate_distance(self, address1, address2, mode="driving"):
        for origin, destination, value in _CASE.get().get("maps", []):
            if origin == address1 and destination == address2:
                if isinstance(value, dict):
                    raise RuntimeError(value["raise"])
                return value
        raise harness.HarnessError(f"no maps row for {address1!r} -> {address2!r}")


class _Cache(oracle.FakeCacheFileSys):
    def save(self):
        pass


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, str(path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_runner(cases: dict, stamps):
    """The runner module and HEAD's, on the engine, with the stubs above."""
    harness.load_engine()
    oracle.stub_module("mind2web2.api_tools.tool_googlemap").GoogleMapsTool = CaseMapsTool
    oracle.stub_module("mind2web2.utils.cache_filesys").CacheFileSys = _Cache
    tqdm = oracle.stub_module("tqdm")
    tqdm.tqdm = lambda iterable, *a, **k: iterable
    logging_setup = oracle.stub_module("mind2web2.utils.logging_setup")
    ticks = [0]

    def create_logger(lgr_nm, log_folder, enable_console=True, file_format="both", enable_shared_errors=False):
        Path(log_folder).mkdir(parents=True, exist_ok=True)
        if stamps and lgr_nm in stamps:
            now = _dt.datetime.fromisoformat(stamps[lgr_nm])
            _NOW.set(now + SCRIPT_DELAY)  # in the answer's own task: its evaluation reads it
        else:
            now = LOG_CLOCK_START + _dt.timedelta(seconds=ticks[0])
            ticks[0] += 1
        return oracle.run_logger(), now.strftime("%Y%m%d_%H%M%S")

    logging_setup.create_logger = create_logger
    logging_setup.cleanup_logger = lambda logger: None
    les = _load("mind2web2.utils.load_eval_script", LOAD_EVAL_SCRIPT)
    runner = _load("mind2web2.eval_runner", RUNNER)
    head = _load("mind2web2.eval_runner_head", HEAD_RUNNER)

    def load_eval_script(path):
        """The real loader; then the script's clock is the evaluation date, and each call knows its case."""
        evaluate_answer = les.load_eval_script(path)
        task = Path(path).stem  # the runner's <eval_version>/<task_id>.py
        g = evaluate_answer.__globals__
        if g.get("datetime") is _dt.datetime:
            g["datetime"] = RunnerDatetime if stamps else harness.driver.evaluation_datetime(EVAL_DATE.isoformat())

        async def with_case(**kwargs):
            token = _CASE.set(cases[(task, kwargs["agent_name"], kwargs["answer_name"])])
            try:
                return await evaluate_answer(**kwargs)
            finally:
                _CASE.reset(token)

        return with_case

    runner.load_eval_script = load_eval_script
    return runner, head


def main():
    job = json.load(sys.stdin)
    out, work = Path(job["out"]), Path(job["work"])
    case_files: dict = job["cases"]
    cases: dict = {}
    scripts = work / "scripts"
    scripts.mkdir()
    for task, agent, answers in job["tasks"]:
        script = scripts / f"{task}.py"
        if not script.exists():  # the runner loads <eval_version>/<task_id>.py: the variant's source
            script.write_text(harness.script_source(task, job["variant"]), encoding="utf-8", newline="")
        for answer_name, case_name in answers:
            case = case_files[task][case_name]
            cases[(task, agent, answer_name)] = case
            md = work / "answers" / agent / task / answer_name
            md.parent.mkdir(parents=True, exist_ok=True)
            md.write_bytes(case["answer"].encode("utf-8"))
    runner, head = load_runner(cases, job.get("stamps"))
    client = RunnerClient(job["judge"], sys.modules["mind2web2.eval_toolkit"].BinaryEvalResult)
    agents = []
    with warnings.catch_warnings(), contextlib.redirect_stdout(sys.stderr):  # the runner's prints
        warnings.simplefilter("ignore")  # pydantic .dict() deprecation
        for task, agent, _answers in job["tasks"]:
            asyncio.run(runner.evaluate_task(
                client=client, task_id=task, agent_name=agent, answer_dir=work / "answers",
                cache_dir=work / "cache", output_dir=out, script_path=scripts / f"{task}.py"))
            if agent not in agents:
                agents.append(agent)
        for agent in agents:
            head.generate_result_summary(out, agent)


if __name__ == "__main__":
    main()
