"""The LLM gateway: one `llm_call` that routes a task type to a model through litellm.

It retries timeouts, rate limits and server errors with backoff, then tries the fallback models,
streams conversation replies, extracts and validates JSON (with one repair call), keeps a project
within its budget and records every attempt's tokens, cost and latency in the store. litellm is
imported lazily, on the first call, with its cost map local and its logging kept off the screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from pmtui.config import Config, ModelRoute
from pmtui.redaction import redact
from pmtui.store.db import Store

DeltaCallback = Callable[[str], None]
# A guess at a reply's length, used only to estimate a call's cost before making it.
EXPECTED_COMPLETION_TOKENS = 600
RETRYABLE_KINDS = frozenset({"timeout", "rate_limit", "server", "connection"})
_LITELLM: Any = None
_WARMING: threading.Thread | None = None
_WARMING_LOCK = threading.Lock()


class LLMError(Exception):
    """A model call failed; the message says what happened and what to do about it."""

    def __init__(self, message: str, kind: str = "error") -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind


class BudgetExceeded(LLMError):
    """The project's configured budget would be exceeded; no call was made."""

    def __init__(self, message: str) -> None:
        super().__init__(message, kind="budget")


class LLMResult(BaseModel):
    """What one successful llm_call produced."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    text: str
    parsed: BaseModel | None = None
    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    latency_ms: float = 0.0


class _AttemptFailed(Exception):
    """One attempt's failure, classified so the retry loop knows what to do next."""

    def __init__(self, kind: str, detail: str, status: int | None = None) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.status = status


def load_litellm() -> Any:
    """Import litellm once, quietly: local cost map, no debug output, no telemetry, loggers muted."""
    global _LITELLM
    if _LITELLM is not None:
        return _LITELLM
    os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
    os.environ.setdefault("LITELLM_LOG", "CRITICAL")
    import litellm

    litellm.suppress_debug_info = True
    litellm.set_verbose = False
    if hasattr(litellm, "telemetry"):
        litellm.telemetry = False
    litellm.drop_params = True
    for name in ("LiteLLM", "LiteLLM Proxy", "LiteLLM Router", "litellm", "httpx", "openai"):
        logger = logging.getLogger(name)
        logger.handlers = [logging.NullHandler()]
        logger.propagate = False
        logger.setLevel(logging.CRITICAL)
    _LITELLM = litellm
    return litellm


def warm_litellm() -> None:
    """Start importing litellm (2-4 s of CPU) in a daemon thread, once per process, and return at once.

    A delivery run whose review model is configured calls this when an agent's attempt starts
    (engine.ModelCall): the first tier review comes after the agent and its gates, and without this it
    waited for the import on the critical path (a two-task run with aider: the first review 4.3 s, the
    second 8 ms). A call that comes while
    the thread is importing waits on Python's import lock, so nothing is imported twice.
    """
    global _WARMING
    with _WARMING_LOCK:
        if _LITELLM is not None or _WARMING is not None:
            return
        _WARMING = threading.Thread(target=_warm, name="pmtui-litellm-import", daemon=True)
        _WARMING.start()


def _warm() -> None:
    # An unusable litellm is reported by the real call, with its own message, where the user sees it.
    with contextlib.suppress(Exception):
        load_litellm()


class LLMGateway:
    """Routes task types to models; `backoff_base` and `backoff_cap` are seconds (small in tests)."""

    def __init__(
        self, config: Config, store: Store, *, backoff_base: float = 0.2, backoff_cap: float = 4.0
    ) -> None:
        self.config = config
        self.store = store
        self.backoff_base = backoff_base
        self.backoff_cap = backoff_cap

    def model_for(self, task_type: str) -> str:
        route = self.config.route(task_type)
        return "offline engine" if route.is_offline else route.model

    async def llm_call(
        self,
        task_type: str,
        messages: list[dict[str, str]],
        *,
        project_id: int | None = None,
        stream: bool = False,
        on_delta: DeltaCallback | None = None,
        response_model: type[BaseModel] | None = None,
        temperature: float | None = None,
    ) -> LLMResult:
        """One model call with retries and fallbacks; with response_model, validated JSON in `parsed`."""
        route = self.config.route(task_type)
        if route.is_offline:
            raise LLMError(
                f"No model is configured for {task_type} (or its API key is missing); "
                "set models.default in pmtui.toml and the key's environment variable, or use --offline.",
                kind="offline",
            )
        litellm = load_litellm()
        project_id = project_id or None
        if response_model is None:
            return await self._call_with_fallbacks(
                litellm, route, task_type, messages, project_id, stream, on_delta, temperature, False
            )
        ask = _with_schema(messages, response_model)
        result = await self._call_with_fallbacks(
            litellm, route, task_type, ask, project_id, False, None, temperature, True
        )
        try:
            result.parsed = parse_json_model(result.text, response_model)
            return result
        except ValueError as first_error:
            repair = ask + [
                {"role": "assistant", "content": result.text},
                {"role": "user", "content": _repair_request(str(first_error))},
            ]
            fixed = await self._call_with_fallbacks(
                litellm, route, task_type, repair, project_id, False, None, temperature, True
            )
            try:
                fixed.parsed = parse_json_model(fixed.text, response_model)
            except ValueError as second_error:
                raise LLMError(
                    f"The model's answer for {task_type} could not be read as {response_model.__name__}, "
                    f"even after asking it to repair its JSON ({_short(str(second_error), 160)}). "
                    "Retry the message, choose a stronger model for this task in pmtui.toml, or use --offline.",
                    kind="invalid_json",
                ) from None
            return fixed

    # -- routing and retries --------------------------------------------------------------
    async def _call_with_fallbacks(
        self,
        litellm: Any,
        route: ModelRoute,
        task_type: str,
        messages: list[dict[str, str]],
        project_id: int | None,
        stream: bool,
        on_delta: DeltaCallback | None,
        temperature: float | None,
        want_json: bool,
    ) -> LLMResult:
        self._check_budget(litellm, route.model, messages, project_id)
        failures: list[tuple[str, _AttemptFailed]] = []
        for model in [route.model, *route.fallbacks]:
            api_base, api_key = self._endpoint(route, model)
            for attempt in range(route.max_retries + 1):
                started = time.perf_counter()
                try:
                    result = await self._attempt(
                        litellm, model, api_base, api_key, route.timeout, messages, stream, on_delta,
                        temperature, want_json,
                    )
                except _AttemptFailed as failure:
                    latency = (time.perf_counter() - started) * 1000
                    # A provider may echo the key in its error ("Incorrect API key provided: sk-…"):
                    # the detail is redacted here, before any message, log line or record carries it.
                    failure.detail = redact(failure.detail, [api_key])
                    self.store.record_llm_call(
                        project_id, task_type, model, 0, 0, 0.0, latency, f"{failure.kind}: {failure.detail}",
                    )
                    failures.append((model, failure))
                    if failure.kind == "interrupted":
                        raise _failure_error(task_type, route, failures)
                    if failure.kind not in RETRYABLE_KINDS or attempt == route.max_retries:
                        break
                    await asyncio.sleep(min(self.backoff_cap, self.backoff_base * 2**attempt))
                    continue
                self.store.record_llm_call(
                    project_id, task_type, model, result.prompt_tokens, result.completion_tokens,
                    result.cost_usd, result.latency_ms, "",
                )
                return result
        raise _failure_error(task_type, route, failures)

    def _endpoint(self, route: ModelRoute, model: str) -> tuple[str | None, str | None]:
        """A fallback of the primary's provider shares its api_base and key; others use their own."""
        if model == route.model or _provider(model) == _provider(route.model):
            env = route.key_env()
            return route.api_base, os.environ.get(env) if env else None
        env = ModelRoute(model=model).key_env()
        return None, os.environ.get(env) if env else None

    def _check_budget(
        self, litellm: Any, model: str, messages: list[dict[str, str]], project_id: int | None
    ) -> None:
        limit = self.config.budget.project_usd
        if limit is None or project_id is None:
            return
        spent = float(self.store.llm_usage(project_id)["cost"])
        estimate = _estimate_cost(litellm, model, messages)
        if spent >= limit or spent + estimate > limit:
            raise BudgetExceeded(
                f"This project has spent ${spent:.4f} of its ${limit:.2f} budget; raise budget.project_usd "
                "in pmtui.toml or continue with --offline."
            )

    # -- one attempt ----------------------------------------------------------------------
    async def _attempt(
        self,
        litellm: Any,
        model: str,
        api_base: str | None,
        api_key: str | None,
        timeout: float,
        messages: list[dict[str, str]],
        stream: bool,
        on_delta: DeltaCallback | None,
        temperature: float | None,
        want_json: bool,
    ) -> LLMResult:
        kwargs: dict[str, Any] = {
            "model": model,
            "messages": messages,
            "timeout": timeout,
            "num_retries": 0,
            "max_retries": 0,
        }
        if api_base:
            kwargs["api_base"] = api_base
        if api_key:
            kwargs["api_key"] = api_key
        if temperature is not None:
            kwargs["temperature"] = temperature
        started = time.perf_counter()
        try:
            if stream:
                text, usage = await self._stream(litellm, kwargs, timeout, on_delta)
                response = None
            else:
                # litellm's timeout guards each read; this also bounds the whole call.
                response = await asyncio.wait_for(litellm.acompletion(**kwargs), timeout + 1.0)
                text = response.choices[0].message.content or ""
                usage = getattr(response, "usage", None)
        except _AttemptFailed:
            raise
        except Exception as exc:  # noqa: BLE001 - litellm raises many unrelated types; each becomes a retry kind
            raise _classify(litellm, exc) from None
        latency = (time.perf_counter() - started) * 1000
        prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0) if usage else 0
        completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0) if usage else 0
        if not prompt_tokens and not completion_tokens:
            prompt_tokens = _count_tokens(litellm, model, messages=messages)
            completion_tokens = _count_tokens(litellm, model, text=text)
        return LLMResult(
            text=text,
            model=model,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            cost_usd=_cost(litellm, model, response, prompt_tokens, completion_tokens),
            latency_ms=round(latency, 1),
        )

    async def _stream(
        self, litellm: Any, kwargs: dict[str, Any], timeout: float, on_delta: DeltaCallback | None
    ) -> tuple[str, Any]:
        kwargs = {**kwargs, "stream": True, "stream_options": {"include_usage": True}}
        response = await asyncio.wait_for(litellm.acompletion(**kwargs), timeout + 1.0)
        parts: list[str] = []
        usage: Any = None
        try:
            async for chunk in response:
                if getattr(chunk, "usage", None):
                    usage = chunk.usage
                choices = getattr(chunk, "choices", None) or []
                piece = getattr(choices[0].delta, "content", None) if choices else None
                if piece:
                    parts.append(piece)
                    if on_delta is not None:
                        on_delta(piece)
        except Exception as exc:
            if not parts:
                raise
            # A retry would repeat text the user has already seen, so the call ends here.
            failure = _classify(load_litellm(), exc)
            raise _AttemptFailed("interrupted", f"{failure.kind}: {failure.detail}", failure.status) from None
        return "".join(parts), usage


# -- helpers ------------------------------------------------------------------------------
def _provider(model: str) -> str:
    return model.split("/", 1)[0] if "/" in model else "openai"


def _classify(litellm: Any, exc: Exception) -> _AttemptFailed:
    """Map a litellm/openai/httpx exception to a retry kind, keeping its HTTP status."""
    status = getattr(exc, "status_code", None)
    status = status if isinstance(status, int) else None
    detail = _short(str(exc).replace("\n", " "), 300)
    causes = _cause_names(exc)
    if (
        isinstance(exc, (asyncio.TimeoutError, getattr(litellm, "Timeout", ())))
        or status == 408
        or any("Timeout" in name for name in causes)
    ):
        return _AttemptFailed("timeout", detail or "the request timed out", status)
    if status == 429 or isinstance(exc, getattr(litellm, "RateLimitError", ())):
        return _AttemptFailed("rate_limit", detail, 429)
    if status in (401, 403) or isinstance(exc, getattr(litellm, "AuthenticationError", ())):
        return _AttemptFailed("auth", detail, status or 401)
    # litellm reports a refused connection as HTTP 500; the cause chain tells the truth.
    if isinstance(exc, getattr(litellm, "APIConnectionError", ())) or causes & _CONNECTION_ERRORS:
        return _AttemptFailed("connection", detail, None)
    if status is not None and status >= 500:
        return _AttemptFailed("server", detail, status)
    if status is not None and 400 <= status < 500:
        return _AttemptFailed("bad_request", detail, status)
    if isinstance(exc, (ConnectionError, OSError)):
        return _AttemptFailed("connection", detail, status)
    return _AttemptFailed("error", f"{type(exc).__name__}: {detail}", status)


_CONNECTION_ERRORS = frozenset(
    {
        "APIConnectionError",
        "ConnectError",
        "ClientConnectorError",
        "ConnectionRefusedError",
        "ConnectionError",
        "ConnectionResetError",
        "RemoteProtocolError",
    }
)


def _cause_names(exc: BaseException) -> set[str]:
    """Class names along the exception's cause/context chain (litellm wraps the real error)."""
    names: set[str] = set()
    current: BaseException | None = exc.__cause__ or exc.__context__
    while current is not None and len(names) < 20:
        names.add(type(current).__name__)
        current = current.__cause__ or current.__context__
    return names


def _failure_error(task_type: str, route: ModelRoute, failures: list[tuple[str, _AttemptFailed]]) -> LLMError:
    """The user-facing message for a call that failed on every model and attempt."""
    last = failures[-1][1]
    tried = sorted({m for m, _ in failures}, key=[m for m, _ in failures].index)
    models = " and ".join(tried)
    attempts = f"{len(failures)} attempt{'s' if len(failures) != 1 else ''}"
    status = f" (HTTP {last.status})" if last.status else ""
    messages = {
        "timeout": f"The model {models} timed out after {route.timeout:g} s ({attempts}). "
        f"Check the model server, or raise models.{task_type}.timeout in pmtui.toml, then retry.",
        "rate_limit": f"The model {models} is rate-limited{status} after {attempts}. "
        "Wait a minute and retry, or add a fallback model in pmtui.toml.",
        "server": f"The model provider for {models} returned a server error{status} after {attempts}. "
        "Retry in a moment, or add a fallback model in pmtui.toml.",
        "connection": f"Could not reach the model {models}{' at ' + route.api_base if route.api_base else ''} "
        f"({attempts}). Check the network or api_base in pmtui.toml, then retry.",
        "auth": f"The model {models} rejected the API key{status}. "
        f"Check {route.key_env() or 'the API key environment variable'} and retry.",
        "interrupted": f"The reply from {models} was cut off mid-stream ({_short(last.detail, 120)}). "
        "Retry the message.",
        "bad_request": f"The model {models} refused the request{status}: {_short(last.detail, 160)}. "
        "Check the model name in pmtui.toml, or use --offline.",
    }
    message = messages.get(
        last.kind,
        f"The call to {models} failed ({attempts}): {_short(last.detail, 160)}. Retry, or use --offline.",
    )
    return LLMError(redact(message), kind=last.kind)


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _count_tokens(litellm: Any, model: str, messages: list[dict[str, str]] | None = None, text: str = "") -> int:
    try:
        if messages is not None:
            return int(litellm.token_counter(model=model, messages=messages))
        return int(litellm.token_counter(model=model, text=text)) if text else 0
    except Exception:  # noqa: BLE001 - an unknown tokenizer only degrades the estimate
        joined = text if messages is None else " ".join(m.get("content", "") for m in messages)
        return len(joined) // 4


def _cost(litellm: Any, model: str, response: Any, prompt_tokens: int, completion_tokens: int) -> float:
    """litellm's price for the call when it knows the model; 0 for unknown (e.g. local) models."""
    try:
        if response is not None:
            return float(litellm.completion_cost(completion_response=response, model=model) or 0.0)
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens
        )
        return float(prompt_cost + completion_cost)
    except Exception:  # noqa: BLE001 - litellm raises a bare Exception for models it has no price for
        return 0.0


def _estimate_cost(litellm: Any, model: str, messages: list[dict[str, str]]) -> float:
    prompt_tokens = _count_tokens(litellm, model, messages=messages)
    try:
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=model, prompt_tokens=prompt_tokens, completion_tokens=EXPECTED_COMPLETION_TOKENS
        )
        return float(prompt_cost + completion_cost)
    except Exception:  # noqa: BLE001 - litellm raises a bare Exception for models it has no price for
        return 0.0


# -- JSON extraction ----------------------------------------------------------------------
def _with_schema(messages: list[dict[str, str]], response_model: type[BaseModel]) -> list[dict[str, str]]:
    """The messages plus an instruction to answer with one JSON object of the model's schema."""
    schema = json.dumps(response_model.model_json_schema(), separators=(",", ":"))
    instruction = (
        "Answer with ONE JSON object and nothing else (no prose, no Markdown fences). "
        f"It must validate against this JSON schema:\n{schema}"
    )
    out = [dict(m) for m in messages]
    if out and out[0].get("role") == "system":
        out[0]["content"] = f"{out[0]['content']}\n\n{instruction}"
    else:
        out.insert(0, {"role": "system", "content": instruction})
    return out


def _repair_request(error: str) -> str:
    return (
        "Your previous answer could not be used: "
        f"{_short(error, 600)}\nReply again with ONLY the corrected JSON object, valid against the schema."
    )


def first_json_object(text: str) -> Any:
    """The first JSON object in text, tolerating ```json fences and prose around it."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    raise ValueError("the answer holds no JSON object")


def parse_json_model(text: str, response_model: type[BaseModel]) -> BaseModel:
    """Parse and validate; raises ValueError whose message says what was wrong."""
    value = first_json_object(text)
    try:
        return response_model.model_validate(value)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '(root)'}: {err['msg']}" for err in exc.errors()[:6]
        )
        raise ValueError(f"the JSON does not match {response_model.__name__}: {problems}") from None
