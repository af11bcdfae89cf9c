"""A real model server on 127.0.0.1 for tests and benchmarks, speaking four APIs.

- POST /v1/chat/completions (and /chat/completions): OpenAI chat completions, one JSON body or SSE chunks,
  with usage.
- POST /v1/responses: the Responses API Codex CLI speaks, as its SSE events (each tool call a
  `function_call` output item, the text a `message` item, then `response.completed` with usage).
- POST /v1/messages: the Anthropic Messages API Claude Code speaks (each tool call a `tool_use` block),
  streamed or one JSON body.
- POST /v1beta/models/MODEL:streamGenerateContent (SSE), :generateContent, :countTokens: the Gemini API
  Gemini CLI speaks (each tool call a `functionCall` part).

Scriptable: a queue of FakeResponse items is served first, then the default responder
(a function of the request body). Every request is recorded so callers can count calls and tokens.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

import pytest

CHAT_PATHS = ("/v1/chat/completions", "/chat/completions")
RESPONSES_PATHS = ("/v1/responses", "/responses")
MESSAGES_PATHS = ("/v1/messages",)
# The Gemini API (Gemini CLI): /v1beta/models/MODEL:streamGenerateContent?alt=sse, :generateContent, :countTokens.
GEMINI_PATH = re.compile(r"^/v1(?:beta|alpha)?/models/([^/:]+):(streamGenerateContent|generateContent|countTokens)$")


@dataclass
class FakeResponse:
    """One scripted answer: text (or an HTTP error status), optionally after a delay.

    break_stream_after=N sends N content chunks of a streamed reply, then a corrupt event.
    An error_message may hold `{authorization}`: the request's Authorization header is put there, as
    a provider that echoes the key it refused does ("Incorrect API key provided: Bearer sk-…").
    """

    text: str = "OK"
    status: int = 200
    delay: float = 0.0
    error_message: str = ""
    chunk_size: int = 12
    break_stream_after: int | None = None
    # OpenAI tool calls ({"name": ..., "arguments": {...}}), for agents that act through tools (mini-swe-agent).
    tool_calls: list[dict[str, Any]] | None = None


@dataclass
class RecordedRequest:
    path: str
    body: dict[str, Any]
    status: int = 0
    authorization: str = ""
    # Every request header, by its lower-case name (an Anthropic key travels in x-api-key).
    headers: dict[str, str] = field(default_factory=dict)
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def model(self) -> str:
        return str(self.body.get("model", ""))

    @property
    def stream(self) -> bool:
        return bool(self.body.get("stream"))

    @property
    def messages(self) -> list[dict[str, Any]]:
        """Chat messages; a Responses API request's input items read as messages (tool output as `tool`)."""
        if "input" in self.body and "messages" not in self.body:
            return input_messages(self.body)
        if "contents" in self.body:
            return gemini_messages(self.body)
        return list(self.body.get("messages", []))

    def text(self) -> str:
        """All message contents joined, for asserting on what the prompt said."""
        return "\n".join(content_text(m.get("content", "")) for m in self.messages)


Responder = Callable[[dict[str, Any]], "FakeResponse | str"]


def content_text(content: Any) -> str:
    """A message's content as text: a string, or the text of its parts (Anthropic blocks, tool results)."""
    if isinstance(content, list):
        return "\n".join(content_text(part.get("text", part.get("content", ""))) if isinstance(part, dict)
                         else str(part) for part in content)
    return str(content)


def gemini_messages(body: dict[str, Any]) -> list[dict[str, Any]]:
    """A Gemini API body's `contents` as chat-like messages (a functionResponse part as a `tool` message)."""
    messages: list[dict[str, Any]] = []
    for content in body.get("contents", []):
        role = "assistant" if content.get("role") == "model" else "user"
        texts = [str(part["text"]) for part in content.get("parts", []) if "text" in part]
        if texts:
            messages.append({"role": role, "content": "\n".join(texts)})
        for part in content.get("parts", []):
            if "functionResponse" in part:
                messages.append({"role": "tool", "content": json.dumps(part["functionResponse"].get("response", {}))})
    return messages


def input_messages(body: dict[str, Any]) -> list[dict[str, Any]]:
    """A Responses API body's `input` as chat-like messages: {role, content} with the item's text joined."""
    items = body.get("input", [])
    if isinstance(items, str):
        return [{"role": "user", "content": items}]
    messages: list[dict[str, Any]] = []
    for item in items:
        kind = item.get("type", "message")
        if kind == "message":
            content = item.get("content", "")
            if isinstance(content, list):
                content = "\n".join(str(part.get("text", "")) for part in content)
            messages.append({"role": item.get("role", "user"), "content": content})
        elif kind == "function_call":
            messages.append({"role": "assistant", "content": "", "tool_call": item.get("name")})
        elif kind in ("function_call_output", "custom_tool_call_output"):
            output = item.get("output", "")
            messages.append({"role": "tool", "content": output if isinstance(output, str) else json.dumps(output)})
    return messages


def count_tokens(text: str) -> int:
    """A stable stand-in for a tokenizer: about one token per four characters."""
    return max(1, (len(text) + 3) // 4) if text else 0


@dataclass
class FakeLLMServer:
    """Start with `with FakeLLMServer() as server:`; `server.base_url` + "/v1" is the api_base."""

    responder: Responder | None = None
    queue: deque[FakeResponse] = field(default_factory=deque)
    requests: list[RecordedRequest] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- scripting ------------------------------------------------------------------------
    def enqueue(self, *responses: FakeResponse | str) -> None:
        with self._lock:
            for response in responses:
                self.queue.append(response if isinstance(response, FakeResponse) else FakeResponse(text=response))

    def set_responder(self, responder: Responder | None) -> None:
        self.responder = responder

    def _next_response(self, body: dict[str, Any]) -> FakeResponse:
        with self._lock:
            if self.queue:
                return self.queue.popleft()
        if self.responder is not None:
            answer = self.responder(body)
            return answer if isinstance(answer, FakeResponse) else FakeResponse(text=answer)
        return FakeResponse(text="OK")

    # -- what happened --------------------------------------------------------------------
    @property
    def call_count(self) -> int:
        return len(self.requests)

    def usage(self) -> dict[str, int]:
        prompt = sum(r.prompt_tokens for r in self.requests)
        completion = sum(r.completion_tokens for r in self.requests)
        return {"calls": len(self.requests), "prompt_tokens": prompt, "completion_tokens": completion,
                "tokens": prompt + completion}

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self.queue.clear()

    # -- lifecycle ------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        if self._httpd is None:
            raise RuntimeError("the fake LLM server is not running")
        port = self._httpd.server_address[1]
        return f"http://127.0.0.1:{port}"

    @property
    def api_base(self) -> str:
        return self.base_url + "/v1"

    def start(self) -> Self:
        owner: FakeLLMServer = self

        class Handler(_ChatHandler):
            fake = owner

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), name="fake-llm", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# Each API's error body as its provider sends it: clients read their kind from it (Claude Code retries a 401 whose
# body is not Anthropic's, as it would a proxy's hiccup).
_ANTHROPIC_ERRORS = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
                     404: "not_found_error", 429: "rate_limit_error", 529: "overloaded_error"}
_GEMINI_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                  429: "RESOURCE_EXHAUSTED", 503: "UNAVAILABLE"}


def _error_body(status: int, message: str, route: str, gemini: bool) -> dict[str, Any]:
    if route in MESSAGES_PATHS:
        return {"type": "error", "error": {"type": _ANTHROPIC_ERRORS.get(status, "api_error"), "message": message}}
    if gemini:
        return {"error": {"code": status, "message": message, "status": _GEMINI_STATUS.get(status, "INTERNAL")}}
    kind = {429: "rate_limit_exceeded", 400: "invalid_request_error", 401: "invalid_api_key"}.get(status, "server_error")
    return {"error": {"message": message, "type": kind, "code": kind}}


class _ChatHandler(BaseHTTPRequestHandler):
    fake: FakeLLMServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        route = self.path.split("?", 1)[0].rstrip("/")
        gemini = GEMINI_PATH.match(route)
        if route not in CHAT_PATHS + RESPONSES_PATHS + MESSAGES_PATHS and gemini is None:
            self._send_json(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
            return
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            self._send_json(400, {"error": {"message": "request body is not JSON", "type": "invalid_request"}})
            return
        record = RecordedRequest(path=self.path, body=body, authorization=self.headers.get("Authorization", ""),
                                 headers={name.lower(): value for name, value in self.headers.items()})
        record.prompt_tokens = count_tokens(record.text())
        with self.fake._lock:
            self.fake.requests.append(record)
        response = self.fake._next_response(body)
        if response.delay and self.fake._stopping.wait(response.delay):
            return
        record.status = response.status
        if response.status != 200:
            record.prompt_tokens = 0
            message = (response.error_message or f"fake error {response.status}").replace(
                "{authorization}", record.authorization)
            self._send_json(response.status, _error_body(response.status, message, route, gemini is not None))
            return
        record.completion_tokens = count_tokens(response.text)
        usage = {
            "prompt_tokens": record.prompt_tokens,
            "completion_tokens": record.completion_tokens,
            "total_tokens": record.prompt_tokens + record.completion_tokens,
        }
        model = str(body.get("model", "fake-model"))
        if gemini is not None:
            self._send_gemini(gemini.group(1), gemini.group(2), response, record)
        elif route in RESPONSES_PATHS:
            self._send_responses(model, response, record)
        elif route in MESSAGES_PATHS:
            self._send_messages(model, response, record)
        elif body.get("stream"):
            include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
            self._send_stream(model, response, usage if include_usage else None)
        else:
            message: dict[str, Any] = {"role": "assistant", "content": response.text}
            if response.tool_calls:
                message["tool_calls"] = _tool_calls(response.tool_calls)
            self._send_json(200, {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": model,
                "choices": [{
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if response.tool_calls else "stop",
                }],
                "usage": usage,
            })

    def _send_json(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        try:
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _send_stream(self, model: str, response: FakeResponse, usage: dict[str, int] | None) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        created = int(time.time())

        def chunk(delta: dict[str, Any], finish: str | None) -> dict[str, Any]:
            return {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": created, "model": model,
                    "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

        events: list[dict[str, Any]] = [chunk({"role": "assistant", "content": ""}, None)]
        pieces = list(_pieces(response.text, response.chunk_size))
        if response.break_stream_after is not None:
            self._send_broken_stream(events, [chunk({"content": p}, None) for p in pieces],
                                     response.break_stream_after)
            return
        events += [chunk({"content": piece}, None) for piece in pieces]
        events.append(chunk({}, "stop"))
        if usage is not None:
            events.append({"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": created,
                           "model": model, "choices": [], "usage": usage})
        try:
            for event in events:
                self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                self.wfile.flush()
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return
        self.close_connection = True


    def _send_responses(self, model: str, response: FakeResponse, record: RecordedRequest) -> None:
        """The Responses API's SSE events: created, one output item per tool call and the text, completed."""
        number = len(self.fake.requests)
        head = {"id": f"resp_fake_{number}", "object": "response", "created_at": int(time.time()), "model": model,
                "status": "in_progress", "output": []}
        items: list[dict[str, Any]] = []
        if response.text:
            items.append({"type": "message", "id": f"msg_fake_{number}", "role": "assistant", "status": "completed",
                          "content": [{"type": "output_text", "text": response.text, "annotations": []}]})
        for index, call in enumerate(response.tool_calls or []):
            items.append({"type": "function_call", "id": f"fc_fake_{number}_{index}", "status": "completed",
                          "call_id": f"call_{number}_{index}", "name": call["name"],
                          "arguments": json.dumps(call.get("arguments", {}))})
        events: list[dict[str, Any]] = [{"type": "response.created", "response": head}]
        for index, item in enumerate(items):
            events.append({"type": "response.output_item.added", "output_index": index, "item": item})
            if item["type"] == "message":
                events += [{"type": "response.output_text.delta", "item_id": item["id"], "output_index": index,
                            "content_index": 0, "delta": piece} for piece in _pieces(response.text, 200)]
            events.append({"type": "response.output_item.done", "output_index": index, "item": item})
        usage = {"input_tokens": record.prompt_tokens, "output_tokens": record.completion_tokens,
                 "total_tokens": record.prompt_tokens + record.completion_tokens,
                 "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}
        events.append({"type": "response.completed",
                       "response": {**head, "status": "completed", "output": items, "usage": usage}})
        self._send_events(_named(events))

    def _send_gemini(self, model: str, method: str, response: FakeResponse, record: RecordedRequest) -> None:
        """A Gemini API reply: one candidate, a text part and a functionCall part per tool call (SSE or whole)."""
        if method == "countTokens":
            self._send_json(200, {"totalTokens": record.prompt_tokens})
            return
        parts: list[dict[str, Any]] = [{"text": response.text}] if response.text else []
        parts += [{"functionCall": {"name": call["name"], "args": call.get("arguments", {})}}
                  for call in response.tool_calls or []]
        reply = {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
                 "usageMetadata": {"promptTokenCount": record.prompt_tokens,
                                   "candidatesTokenCount": record.completion_tokens,
                                   "totalTokenCount": record.prompt_tokens + record.completion_tokens},
                 "modelVersion": model}
        if method == "generateContent":
            self._send_json(200, reply)
            return
        self._send_events([f"data: {json.dumps(reply)}\n\n"])

    def _send_messages(self, model: str, response: FakeResponse, record: RecordedRequest) -> None:
        """An Anthropic Messages reply: a text block and a tool_use block per tool call, streamed or whole."""
        number = len(self.fake.requests)
        blocks: list[dict[str, Any]] = [{"type": "text", "text": response.text}] if response.text else []
        blocks += [{"type": "tool_use", "id": f"toolu_fake_{number}_{index}", "name": call["name"],
                    "input": call.get("arguments", {})} for index, call in enumerate(response.tool_calls or [])]
        stop = "tool_use" if response.tool_calls else "end_turn"
        usage = {"input_tokens": record.prompt_tokens, "output_tokens": record.completion_tokens}
        message = {"id": f"msg_fake_{number}", "type": "message", "role": "assistant", "model": model,
                   "content": blocks, "stop_reason": stop, "stop_sequence": None, "usage": usage}
        if not record.stream:
            self._send_json(200, message)
            return
        events: list[dict[str, Any]] = [{"type": "message_start", "message": {
            **message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 0}}}]
        for index, block in enumerate(blocks):
            if block["type"] == "text":
                events.append({"type": "content_block_start", "index": index,
                               "content_block": {"type": "text", "text": ""}})
                events += [{"type": "content_block_delta", "index": index,
                            "delta": {"type": "text_delta", "text": piece}} for piece in _pieces(block["text"], 200)]
            else:
                events.append({"type": "content_block_start", "index": index,
                               "content_block": {**block, "input": {}}})
                events.append({"type": "content_block_delta", "index": index,
                               "delta": {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}})
            events.append({"type": "content_block_stop", "index": index})
        events += [{"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                    "usage": {"output_tokens": record.completion_tokens}}, {"type": "message_stop"}]
        self._send_events(_named(events))

    def _send_events(self, frames: list[str]) -> None:
        """A server-sent-events reply of these frames, then the connection closes (a client gone early ends it)."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        try:
            for frame in frames:
                self.wfile.write(frame.encode())
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return
        self.close_connection = True

    def _send_broken_stream(self, head: list[dict[str, Any]], body: list[dict[str, Any]], keep: int) -> None:
        try:
            for event in head + body[:keep]:
                self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
            self.wfile.write(b'data: {"choices": [{"delta": {"content": "tru\n\n')
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True


def _tool_calls(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"id": f"call_{index}", "type": "function",
         "function": {"name": call["name"], "arguments": json.dumps(call.get("arguments", {}))}}
        for index, call in enumerate(calls)
    ]


def _named(events: list[dict[str, Any]]) -> list[str]:
    """SSE frames of events that name their type (the Responses and Messages APIs): `event: TYPE` then the data."""
    return [f"event: {event['type']}\ndata: {json.dumps(event)}\n\n" for event in events]


def _pieces(text: str, size: int) -> Iterator[str]:
    for start in range(0, len(text), max(1, size)):
        yield text[start:start + size]


@pytest.fixture(scope="session")
def litellm_loaded() -> None:
    """litellm imported once per test process (seconds): no test's time budget pays for the import."""
    from pmtui.llm.gateway import load_litellm

    load_litellm()


@pytest.fixture
def fake_llm(litellm_loaded: None) -> Iterator[FakeLLMServer]:
    """A running fake OpenAI-compatible server, stopped after the test."""
    with FakeLLMServer() as server:
        yield server
