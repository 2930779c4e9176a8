"""Regrade's driver of the Mind2Web 2 originals: runs a script's evaluate_answer in Regrade's offline world.

Standard library only (Python 3.9+); started by Regrade with PYTHONHASHSEED set, one child per seed:
    python3 driver.py CHECKOUT
It imports the user's mind2web2 from CHECKOUT, then reads one JSON request per line on stdin and
answers one JSON line per message on its own stdout (the scripts' prints go to stderr):
  -> {"op": "ready", "standins": [...], "client", "cache"} or {"op": "import_error", "message", "traceback", "fix"}
     (then exits 2); "cache" is the engine's cache class: CacheFileSys (2.0) or CacheClass (pre-2.0)
  <- {"op": "run", "script": PATH, "answer", "agent_name", "answer_name", "model", "base_url",
      "cache_dir", "eval_date", "judge_strict", "judge_pipe"}
  -> {"op": "maps", "from", "to", "mode"}        <- {"value": metres or text} | {"error": text}
  -> {"op": "chat", "headers", "length"}, then    <- {"status", "body"} (a judge request, when the run's
     the body's `length` ASCII characters and a      "judge_pipe" is true: the lane answers in process)
     line end
  -> {"op": "page", "url"}                        <- {"cache_dir": DIR, "stem": STEM | null} (a folder holding
                                                    that page too, as STEM.txt and STEM.jpg; null: none)
  -> {"op": "done", "summary", "pages"} | {"op": "crashed", "type", "message", "pages", "traceback"}
     | {"op": "missing_module", "module", "name", "message", "traceback"} (the script imports a mind2web2
       module, or a name of one, that this engine lacks)
     | {"op": "judge_failed", "message", "pages"} (judge_strict: the endpoint did not answer a request)
     | {"op": "failed", "message", "traceback"} (the driver itself failed)
The client never suspends (a blocking HTTP call inside the coroutine), so the original's asyncio code
sends its requests in one order, whatever the scheduling.
"""
import asyncio
import contextvars
import datetime as _dt
import importlib
import json
import logging
import os
import socket
import sys
import traceback
import types
import urllib.parse

PROTOCOL = [sys.stdout]  # main() moves it off the stdout the scripts print to
STANDINS = []
ORIGINALS = [""]  # the checkout's folder (with a trailing separator), then the script files run


def send(msg, payload=None):
    """One message line, then the payload's characters and a line end when there is one."""
    PROTOCOL[0].write(json.dumps(msg, ensure_ascii=False) + "\n" + ("" if payload is None else payload + "\n"))
    PROTOCOL[0].flush()


def ask(msg, payload=None):
    send(msg, payload)
    line = sys.stdin.readline()
    if not line:
        raise SystemExit(0)
    return json.loads(line)


# --------------------------------------------------------------------------- #
# Stand-ins: only for modules that cannot be imported, and each one reported   #
# --------------------------------------------------------------------------- #

def _module(name, attrs):
    m = types.ModuleType(name)
    m.__dict__.update(attrs)
    m.__regrade_standin__ = True
    sys.modules[name] = m
    parent, _, child = name.rpartition(".")
    if parent and parent in sys.modules:
        setattr(sys.modules[parent], child, m)
    return m


class _AnyMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything


class _Anything(metaclass=_AnyMeta):
    """A stand-in attribute: a class to subclass or annotate with; using it for real raises."""

    def __init__(self, *_a, **_k):
        pass

    def __call__(self, *_a, **_k):
        raise RuntimeError("Regrade offline world: a stand-in was called (no network, browser or model here)")

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything


def _lenient(name, attrs=None):
    """A stand-in package answering any attribute with a placeholder class."""
    m = _module(name, attrs or {})
    m.__path__ = []

    def __getattr__(attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return _Anything
    m.__getattr__ = __getattr__
    return m


def _pil():
    import base64

    class BlankImage:
        """Image.new's result: saves a fixed 1x1 PNG whatever is asked (only the engine's placeholder uses it)."""
        PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")

        def __init__(self, *_a, **_k):
            pass

        def save(self, fp, *_a, **_k):
            fp.write(self.PNG)

    def _open(*_a, **_k):
        raise OSError("Regrade stand-in for Pillow: no image decoding")
    pil = _lenient("PIL")
    pil.Image = _lenient("PIL.Image", {"open": _open, "new": BlankImage, "LANCZOS": 1})


def _tqdm():
    def tqdm(iterable=None, *_a, **_k):
        return iterable
    _lenient("tqdm", {"tqdm": tqdm})
    _lenient("tqdm.asyncio", {"tqdm": tqdm, "tqdm_asyncio": tqdm})


def _validators():
    import re
    pattern = re.compile(r"^https?://[^\s/$.?#][^\s]*\.[^\s]+$", re.IGNORECASE)
    _lenient("validators", {"url": lambda value, **_k: True if pattern.match(value or "") else False})


def _backoff():
    def on_exception(*_a, **_k):
        return lambda f: f
    _lenient("backoff", {"on_exception": on_exception, "expo": None, "constant": None})


# Stand-ins that behave (the engine calls them on the offline path); any other missing module is
# only imported, never used offline, and gets a placeholder package.
STANDIN_MAKERS = {"PIL": _pil, "tqdm": _tqdm, "validators": _validators, "backoff": _backoff}
# Never stood in: the engine needs them for real; their absence is an import error with a fix.
REQUIRED = {"mind2web2", "pydantic", "pydantic_core", "typing_extensions"}


class StandInFinder:
    """Last on sys.meta_path: a third-party module the user's python lacks gets a stand-in, reported."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        import importlib.machinery
        top = name.split(".")[0]
        if top in REQUIRED or top in getattr(sys, "stdlib_module_names", ()) or not StandInFinder.from_original():
            return None
        return importlib.machinery.ModuleSpec(name, StandInFinder, is_package=True)

    @staticmethod
    def from_original():
        """Whether the import is the checkout's or a script's own (a library's optional import is left alone)."""
        f = sys._getframe(2)
        while f is not None and (f.f_code.co_filename.startswith("<frozen") or f.f_code.co_filename == __file__):
            f = f.f_back
        if f is None:
            return False
        name = os.path.abspath(f.f_code.co_filename)
        return name.startswith(ORIGINALS[0]) or name in ORIGINALS[1:]

    @staticmethod
    def create_module(spec):
        top = spec.name.split(".")[0]
        if top not in STANDINS:
            STANDINS.append(top)
        if spec.name in STANDIN_MAKERS:
            STANDIN_MAKERS[spec.name]()
            return sys.modules[spec.name]
        return _lenient(spec.name)

    @staticmethod
    def exec_module(module):
        pass


def install_standins():
    sys.meta_path.append(StandInFinder)


# --------------------------------------------------------------------------- #
# The checkout                                                                #
# --------------------------------------------------------------------------- #

class Engine:
    def __init__(self, checkout):
        sys.path.insert(0, os.path.abspath(checkout))
        ORIGINALS[0] = os.path.join(os.path.abspath(checkout), "")
        install_standins()
        pkg = importlib.import_module("mind2web2")
        self.pkg = pkg
        # the 2.0 engine reads a cache folder (CacheFileSys); the pre-2.0 one (04ed9d1..4e7b067) an
        # in-memory CacheClass, which the driver fills from the folder Regrade writes
        try:
            self.cache_cls = importlib.import_module("mind2web2.utils.cache_filesys").CacheFileSys
            self.era = "CacheFileSys"
        except ModuleNotFoundError as e:
            if e.name != "mind2web2.utils.cache_filesys":
                raise
            self.cache_cls = importlib.import_module("mind2web2.utils.cache").CacheClass
            self.era = "CacheClass"
        self.evaluator_cls = getattr(pkg, "Evaluator", None) or importlib.import_module("mind2web2.evaluator").Evaluator
        self.maps = None
        try:
            self.maps = importlib.import_module("mind2web2.api_tools.tool_googlemap")
        except ImportError:
            pass
        self._instrument()

    def _instrument(self):
        """Names each extraction request (the fake judge answers by extraction name) and the node each
        verification is for (the report names it), as headers."""
        original = self.evaluator_cls.extract

        async def extract(evaluator, prompt, template_class, extraction_name="extraction", source=None, *args,
                          **kwargs):
            token = EXTRACTION.set((extraction_name, source if isinstance(source, str) else None))
            try:
                return await original(evaluator, prompt, template_class, extraction_name, source, *args, **kwargs)
            finally:
                EXTRACTION.reset(token)

        self.evaluator_cls.extract = extract
        original_verify = self.evaluator_cls.verify

        async def verify(evaluator, claim, *args, **kwargs):
            node = args[0] if args else kwargs.get("node")
            token = NODE.set(getattr(node, "id", None))
            try:
                return await original_verify(evaluator, claim, *args, **kwargs)
            finally:
                NODE.reset(token)

        self.evaluator_cls.verify = verify
        if self.maps is not None and hasattr(self.maps, "GoogleMapsTool"):
            async def calculate_distance(_tool, address1, address2, mode="driving"):
                reply = ask({"op": "maps", "from": address1, "to": address2, "mode": mode})
                if "error" in reply:
                    raise RuntimeError(reply["error"])
                return reply["value"]

            tool = self.maps.GoogleMapsTool
            tool.__init__ = lambda _tool, *_a, **_k: None
            tool.calculate_distance = calculate_distance


EXTRACTION = contextvars.ContextVar("regrade_extraction", default=None)
NODE = contextvars.ContextVar("regrade_node", default=None)


def regrade_headers(structured):
    """Regrade's request headers: the extraction's name and page, else the node being verified."""
    headers = {}
    named = EXTRACTION.get()
    if structured and named is not None:
        headers["X-Regrade-Extraction"] = urllib.parse.quote(named[0], safe="")
        if named[1]:
            headers["X-Regrade-Url"] = urllib.parse.quote(named[1], safe="")
    elif NODE.get() is not None:
        headers["X-Regrade-Node"] = urllib.parse.quote(str(NODE.get()), safe="")
    return headers


# --------------------------------------------------------------------------- #
# The judge client: the engine's async_response over HTTP to the fake judge    #
# --------------------------------------------------------------------------- #

SCHEMAS = {}


def json_schema_of(template):
    """The structured-output schema the OpenAI SDK sends for a pydantic model, computed once per template."""
    if template not in SCHEMAS:
        SCHEMAS[template] = json.dumps(strict(template.model_json_schema()))
    return json.loads(SCHEMAS[template])


def strict(schema, root=None):
    """The SDK's documented strict form of a pydantic JSON schema: every object closed with
    additionalProperties false and all its properties required, None defaults dropped, a single
    allOf and a $ref with sibling keys inlined (tools/pysdk's captures use it too)."""
    root = schema if root is None else root
    for key in ("$defs", "definitions"):
        for sub in schema.get(key, {}).values():
            strict(sub, root)
    if schema.get("type") == "object" and "additionalProperties" not in schema:
        schema["additionalProperties"] = False
    if isinstance(schema.get("properties"), dict):
        schema["required"] = list(schema["properties"])
        schema["properties"] = {k: strict(v, root) for k, v in schema["properties"].items()}
    if isinstance(schema.get("items"), dict):
        schema["items"] = strict(schema["items"], root)
    if isinstance(schema.get("anyOf"), list):
        schema["anyOf"] = [strict(v, root) for v in schema["anyOf"]]
    if isinstance(schema.get("allOf"), list):
        if len(schema["allOf"]) == 1:
            schema.update(strict(schema.pop("allOf")[0], root))
        else:
            schema["allOf"] = [strict(v, root) for v in schema["allOf"]]
    if "default" in schema and schema["default"] is None:
        del schema["default"]
    ref = schema.get("$ref")
    if ref and len(schema) > 1:
        target = root
        for part in ref[2:].split("/"):
            target = target[part]
        merged = {**target, **schema}
        merged.pop("$ref")
        schema.clear()
        schema.update(merged)
        return strict(schema, root)
    return schema


class JudgeUnanswered(BaseException):
    """A strict run's endpoint (audit --judge-url) did not answer a request. A BaseException, so that no
    `except Exception` of the engine or a script turns it into a failed node: the run is abandoned."""


def what_request(headers):
    """The request as a message names it: the extraction, else the node verified."""
    if "X-Regrade-Extraction" in headers:
        return "extraction '" + urllib.parse.unquote(headers["X-Regrade-Extraction"]) + "'"
    if "X-Regrade-Node" in headers:
        return "verification of node '" + urllib.parse.unquote(headers["X-Regrade-Node"]) + "'"
    return "a request"


class StdlibClient:
    """The engine's LLMClient interface (async_response) with http.client: the shapes the engine reads."""

    def __init__(self, base_url, strict=False):
        parts = urllib.parse.urlsplit(base_url.rstrip("/"))
        self.host, self.port, self.path = parts.hostname, parts.port, parts.path
        self.base_url, self.strict = base_url, strict
        self.connection = None

    def _post(self, body, headers):
        """One POST on a kept-alive connection (headers and body in one write), reopened once if it was closed."""
        import http.client
        data = json.dumps(body).encode("utf-8")
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
                self.connection.connect()
                self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            try:
                self.connection.request("POST", self.path + "/chat/completions", body=data,
                                        headers={"Content-Type": "application/json", **headers})
                reply = self.connection.getresponse()
                text = reply.read().decode("utf-8")
                break
            except (ConnectionError, http.client.HTTPException):
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        if reply.status != 200 and self.strict:
            raise JudgeUnanswered(f"{what_request(headers)}: the judge at {self.base_url} answered HTTP "
                                  f"{reply.status}: {text[:500]}")
        if reply.status != 200:
            raise RuntimeError(f"Error code: {reply.status} - {text}")
        return json.loads(text)

    async def async_response(self, count_token=False, **kwargs):
        template = kwargs.pop("response_format", None)
        body = dict(kwargs)
        if template is not None:
            body["response_format"] = {"type": "json_schema", "json_schema": {
                "name": template.__name__, "schema": json_schema_of(template), "strict": True}}
        headers = regrade_headers(template is not None)
        try:
            reply = self._post(body, headers)
        except OSError as e:  # refused, reset, timed out: ConnectionError and socket.timeout are OSErrors
            if self.strict:
                raise JudgeUnanswered(f"{what_request(headers)}: cannot reach the judge at {self.base_url}: "
                                      f"{type(e).__name__}: {e}") from None
            raise
        message = reply["choices"][0]["message"]
        usage = reply.get("usage") or {}
        tokens = {"input_tokens": usage.get("prompt_tokens", 0), "output_tokens": usage.get("completion_tokens", 0)}
        value = message.get("content")
        if template is not None:
            value = template.model_validate_json(value or "")
        return (value, tokens) if count_token else value


class PipeClient(StdlibClient):
    """StdlibClient whose request goes over the driver's own pipe to the Regrade lane that answers it in
    process: the same body bytes and Regrade headers, the same reply text, no HTTP round trip."""

    def _post(self, body, headers):
        # The body follows the message line as it is (json.dumps' default output is ASCII: its length in
        # characters is its length in bytes), not as a JSON string inside the message: no second escaping
        # here and no second parse in Regrade (a third of the JVM's work in a Python audit).
        data = json.dumps(body)
        reply = ask({"op": "chat", "headers": headers, "length": len(data)}, data)
        text = reply["body"]
        if reply["status"] != 200:
            raise RuntimeError(f"Error code: {reply['status']} - {text}")
        return json.loads(text)


class SdkClient:
    """The same interface through the real openai SDK (synchronous calls: the coroutine never suspends)."""

    def __init__(self, openai, base_url, strict=False):
        self.client = openai.OpenAI(base_url=base_url, api_key="regrade-offline", max_retries=2)
        self.openai, self.base_url, self.strict = openai, base_url, strict

    async def async_response(self, count_token=False, **kwargs):
        headers = regrade_headers(kwargs.get("response_format") is not None)
        if not self.strict:
            return self._respond(count_token, headers, kwargs)
        try:
            return self._respond(count_token, headers, kwargs)
        except (self.openai.APIStatusError, self.openai.APIConnectionError) as e:
            raise JudgeUnanswered(f"{what_request(headers)}: the judge at {self.base_url} did not answer: "
                                  f"{type(e).__name__}: {e}") from None

    def _respond(self, count_token, headers, kwargs):
        if "response_format" in kwargs:
            reply = self.client.beta.chat.completions.parse(extra_headers=headers, **kwargs)
            value = reply.choices[0].message.parsed
        else:
            reply = self.client.chat.completions.create(extra_headers=headers, **kwargs)
            value = reply.choices[0].message.content
        usage = reply.usage
        tokens = {"input_tokens": getattr(usage, "prompt_tokens", 0), "output_tokens": getattr(usage, "completion_tokens", 0)}
        return (value, tokens) if count_token else value


def make_client(base_url, strict=False, pipe=False):
    openai = sys.modules.get("openai")
    if openai is not None and not getattr(openai, "__regrade_standin__", False) and hasattr(openai, "OpenAI"):
        return SdkClient(openai, base_url, strict)
    return PipeClient(base_url) if pipe and not strict else StdlibClient(base_url, strict)


# --------------------------------------------------------------------------- #
# One run                                                                     #
# --------------------------------------------------------------------------- #

class DualSemaphore:
    """The runner's pair of semaphores (eval_runner.DualSemaphore)."""

    def __init__(self):
        self.webpage = asyncio.Semaphore(5)
        self.llm = asyncio.Semaphore(30)

    async def __aenter__(self):
        await self.webpage.acquire()
        return self

    async def __aexit__(self, *_exc):
        self.webpage.release()


def offline_cache(engine, cache_dir, pages):
    """The user's CacheFileSys over Regrade's folder; a URL it lacks is asked of Regrade, never fetched."""
    if engine.era == "CacheClass":
        return offline_cache_class(engine, pages)
    base = engine.cache_cls

    class OfflineCache(base):
        def has(self, url):
            found = base.has(self, url)
            if found is None and url not in asked:
                asked.add(url)
                base.__init__(self, ask({"op": "page", "url": url})["cache_dir"])
                found = base.has(self, url)
            pages.append(url)
            return found

        # The engine's lookup (the URL variants, a normalisation of every stored URL) is a pure function
        # of the stored URLs and the URL, and the engine repeats it several times per page: computed once
        # while the stored URLs stay the same (the index is only reloaded, a new dict, or added to).
        if hasattr(base, "_find_url"):
            def _find_url(self, url):
                index = (id(self.urls), len(self.urls))
                if found_urls.get(None) != index:
                    found_urls.clear()
                    found_urls[None] = index
                if url not in found_urls:
                    found_urls[url] = base._find_url(self, url)
                return found_urls[url]

        # the engine asks has() then has_pdf(): one lookup, recorded once
        def has_pdf(self, url):
            return base.has(self, url) == "pdf"

        def has_web(self, url):
            return base.has(self, url) == "web"

    asked = set()
    found_urls = {}
    return OfflineCache(cache_dir)


def offline_cache_class(engine, pages):
    """The pre-2.0 engine's CacheClass (in memory, no file): each URL the engine looks up is asked of
    Regrade once (the page message) and its text and screenshot put under that very URL, as a capture
    would have put them, so the class's own lookup answers; a URL Regrade has no page for stays absent."""
    import base64
    base = engine.cache_cls

    class OfflineCacheClass(base):
        def has(self, url, *types):
            if url not in asked:
                asked.add(url)
                reply = ask({"op": "page", "url": url})
                if reply.get("stem"):
                    stem = os.path.join(reply["cache_dir"], reply["stem"])
                    with open(stem + ".txt", encoding="utf-8") as f:
                        self.text_cache[url] = f.read()
                    with open(stem + ".jpg", "rb") as f:
                        self.screenshot_cache[url] = base64.b64encode(f.read()).decode("ascii")
            pages.append(url)
            return base.has(self, url, *types)

    asked = set()
    return OfflineCacheClass(None)


def missing_engine_module(e):
    """(module, name) when an import error is a mind2web2 module (or a name of one) the engine lacks, else None."""
    module = getattr(e, "name", None) or ""
    if not (module == "mind2web2" or module.startswith("mind2web2.")):
        return None
    if isinstance(e, ModuleNotFoundError):
        return module, None
    import re
    m = re.match(r"cannot import name '([^']+)'", str(e))
    return module, m.group(1) if m else None


def evaluation_datetime(eval_date):
    """datetime whose now(), today() and utcnow() are the evaluation date at midnight (tools/scriptoracle uses it too)."""
    day = _dt.date.fromisoformat(eval_date)

    class EvalDatetime(_dt.datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(day.year, day.month, day.day, tzinfo=tz)

        @classmethod
        def today(cls):
            return cls(day.year, day.month, day.day)

        @classmethod
        def utcnow(cls):
            return cls(day.year, day.month, day.day)

    return EvalDatetime


MODULES = {}


def loaded_script(path, eval_date):
    """The script's module for this evaluation date, executed once per file version and date and then
    reused for every answer, as Mind2Web 2's runner loads a task's script once for all its answers
    (eval_runner.load_eval_script); its pydantic models are then built once, not once per run."""
    stat = os.stat(path)
    key = (os.path.abspath(path), eval_date, stat.st_mtime_ns, stat.st_size)
    if key not in MODULES:
        MODULES[key] = script_module(path, eval_date)
    return MODULES[key]


def script_module(path, eval_date):
    """A fresh module of the script, whose datetime/date clock is the evaluation date."""
    day = _dt.date.fromisoformat(eval_date)

    class EvalDate(_dt.date):
        @classmethod
        def today(cls):
            return cls(day.year, day.month, day.day)

    clock = types.ModuleType("datetime")
    clock.__dict__.update({k: getattr(_dt, k) for k in dir(_dt) if not k.startswith("__")})
    clock.datetime = evaluation_datetime(eval_date)
    clock.date = EvalDate
    if os.path.abspath(path) not in ORIGINALS:
        ORIGINALS.append(os.path.abspath(path))
    name = "regrade_script_" + os.path.splitext(os.path.basename(path))[0]
    module = types.ModuleType(name)
    module.__file__ = path
    with open(path, encoding="utf-8") as f:
        source = f.read()
    saved = sys.modules.get("datetime")
    sys.modules["datetime"] = clock  # what the script imports at its top is the evaluation clock
    try:
        exec(compile(source, path, "exec"), module.__dict__)
    finally:
        sys.modules["datetime"] = saved
    return module


def run(engine, req):
    pages = []
    logger = logging.getLogger("regrade-driver")
    logger.propagate = False
    if not logger.handlers:
        logger.addHandler(logging.NullHandler())
    # Nothing reads the records (a NullHandler): above every level, the engine's many debug calls make none.
    logger.setLevel(logging.CRITICAL + 1)
    try:
        try:
            module = loaded_script(req["script"], req["eval_date"])
        except ImportError as e:
            missing = missing_engine_module(e)
            if missing is None:
                raise
            # not the script's fault nor a crash: the script was written for another engine
            return {"op": "missing_module", "module": missing[0], "name": missing[1], "message": f"{type(e).__name__}: {e}",
                    "traceback": traceback.format_exc()}
        cache = offline_cache(engine, req["cache_dir"], pages)

        async def evaluate():
            return await module.evaluate_answer(
                client=make_client(req["base_url"], req.get("judge_strict", False), req.get("judge_pipe", False)), answer=req["answer"], agent_name=req["agent_name"],
                answer_name=req["answer_name"], cache=cache, semaphore=DualSemaphore(), logger=logger,
                model=req["model"])
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            summary = asyncio.run(evaluate())
        return {"op": "done", "summary": json.loads(json.dumps(summary, default=str)), "pages": pages}
    except JudgeUnanswered as e:
        return {"op": "judge_failed", "message": str(e), "pages": pages}
    except Exception as e:  # the original raised: recorded as crashed, as the Java runs are
        return {"op": "crashed", "type": type(e).__name__, "message": str(e), "pages": pages,
                "traceback": traceback.format_exc()}


def main():
    PROTOCOL[0] = os.fdopen(os.dup(1), "w", encoding="utf-8")
    sys.stdout = sys.stderr  # what the scripts print must not reach the protocol
    checkout = sys.argv[1]
    try:
        engine = Engine(checkout)
    except Exception as e:
        missing = missing_engine_module(e) if isinstance(e, ImportError) else None
        if missing is not None:
            # the package's own module is absent: installing the checkout would not add it
            fix = (f"the mind2web2 of {checkout} has no {missing[0]}; Regrade's driver runs the 2.0 engine "
                   f"(mind2web2/utils/cache_filesys.py) and the pre-2.0 one (mind2web2/utils/cache.py)")
        else:
            fix = (f"check that {checkout} is a Mind2Web 2 checkout (it holds mind2web2/__init__.py) and that "
                   f"its imports resolve with this python3 (pip install -e {checkout})")
        send({"op": "import_error", "message": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc(),
              "fix": fix})
        sys.exit(2)
    send({"op": "ready", "standins": sorted(STANDINS), "client": "openai SDK" if isinstance(
        make_client("http://127.0.0.1:1/v1"), SdkClient) else "http.client", "cache": engine.era})
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        try:
            send(run(engine, req))
        except SystemExit:
            raise
        except BaseException as e:  # noqa: BLE001 (the driver's own failure, reported not hidden)
            send({"op": "failed", "message": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()})


if __name__ == "__main__":
    main()
