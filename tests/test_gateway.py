"""The LLM gateway against a real OpenAI-compatible HTTP server on 127.0.0.1."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel

from pmtui.config import BudgetConfig, Config, ModelRoute
from pmtui.llm.gateway import BudgetExceeded, LLMError, LLMGateway, first_json_object
from pmtui.store import Store
from tests.fake_llm_server import FakeLLMServer, FakeResponse

SECRET = "sk-test-do-not-store-7f3a9c"


class Verdict(BaseModel):
    intent: str
    confidence: float


def make_gateway(
    server: FakeLLMServer, store: Store, *, model: str = "openai/fake-model", timeout: float = 2,
    max_retries: int = 2, fallbacks: list[str] | None = None, budget: float | None = None,
) -> LLMGateway:
    route = ModelRoute(model=model, api_base=server.api_base, timeout=timeout, max_retries=max_retries,
                       fallbacks=fallbacks or [])
    config = Config(models={"default": route}, budget=BudgetConfig(project_usd=budget))
    return LLMGateway(config, store, backoff_base=0.01, backoff_cap=0.05)


@pytest.fixture(autouse=True)
def _api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)


@pytest.fixture
def project(store: Store) -> int:
    return store.create_project("Habit tracker")


HELLO = [{"role": "user", "content": "I want to build a habit tracker for night-shift nurses."}]


async def test_streamed_conversation_delivers_deltas_in_order_and_records_usage(
    fake_llm: FakeLLMServer, store: Store, project: int, capsys: pytest.CaptureFixture[str]
) -> None:
    reply = "Night-shift nurses, got it. What do they use today to keep their habits on track?"
    fake_llm.enqueue(FakeResponse(text=reply, chunk_size=7))
    gateway = make_gateway(fake_llm, store, model="openai/gpt-4o-mini")
    deltas: list[str] = []

    result = await gateway.llm_call("conversation", HELLO, project_id=project, stream=True, on_delta=deltas.append)

    assert len(deltas) > 5
    assert "".join(deltas) == reply == result.text
    assert fake_llm.requests[0].stream
    assert fake_llm.requests[0].body["stream_options"] == {"include_usage": True}
    sent = fake_llm.requests[0]
    assert (result.prompt_tokens, result.completion_tokens) == (sent.prompt_tokens, sent.completion_tokens)
    assert result.cost_usd > 0
    [call] = store.llm_calls(project)
    assert call["task_type"] == "conversation"
    assert call["model"] == "openai/gpt-4o-mini"
    assert call["prompt_tokens"] == sent.prompt_tokens
    assert call["completion_tokens"] == sent.completion_tokens
    assert call["cost_usd"] == pytest.approx(result.cost_usd)
    assert call["error"] == ""
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


async def test_unknown_model_costs_nothing_but_tokens_are_recorded(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.enqueue("Tell me about the users.")
    gateway = make_gateway(fake_llm, store)

    result = await gateway.llm_call("conversation", HELLO, project_id=project)

    assert result.cost_usd == 0.0
    usage = store.llm_usage(project)
    assert usage["calls"] == 1 and usage["tokens"] == result.prompt_tokens + result.completion_tokens > 0


async def test_json_extraction_parses_fenced_json_after_prose(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.enqueue('Sure! Here it is:\n```json\n{"intent": "CONFIRM", "confidence": 0.9}\n```\nAnything else?')
    gateway = make_gateway(fake_llm, store)

    result = await gateway.llm_call("classification", HELLO, project_id=project, response_model=Verdict)

    assert result.parsed == Verdict(intent="CONFIRM", confidence=0.9)
    assert fake_llm.call_count == 1
    assert '"confidence"' in fake_llm.requests[0].messages[0]["content"]
    assert not fake_llm.requests[0].stream


async def test_rate_limit_then_success_records_both_attempts(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.enqueue(FakeResponse(status=429, error_message="slow down"), "Second time lucky.")
    gateway = make_gateway(fake_llm, store)

    result = await gateway.llm_call("conversation", HELLO, project_id=project)

    assert result.text == "Second time lucky."
    calls = store.llm_calls(project)
    assert len(calls) == 2 == fake_llm.call_count
    assert calls[0]["error"].startswith("rate_limit")
    assert calls[1]["error"] == ""
    assert store.llm_usage(project)["errors"] == 1


async def test_server_errors_exhaust_retries_with_a_clear_message(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.set_responder(lambda body: FakeResponse(status=503))
    gateway = make_gateway(fake_llm, store, max_retries=1)

    with pytest.raises(LLMError) as raised:
        await gateway.llm_call("conversation", HELLO, project_id=project)

    assert "server error (HTTP 503)" in str(raised.value)
    assert "retry" in str(raised.value).lower()
    assert fake_llm.call_count == 2
    assert len(store.llm_calls(project)) == 2


async def test_malformed_json_is_repaired_with_one_more_call(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.enqueue('{"intent": "CONFIRM", "confidence": "very"', '{"intent": "CONFIRM", "confidence": 0.8}')
    gateway = make_gateway(fake_llm, store)

    result = await gateway.llm_call("extraction", HELLO, project_id=project, response_model=Verdict)

    assert result.parsed == Verdict(intent="CONFIRM", confidence=0.8)
    assert fake_llm.call_count == 2
    repair = fake_llm.requests[1].messages
    assert repair[-2] == {"role": "assistant", "content": '{"intent": "CONFIRM", "confidence": "very"'}
    assert "corrected JSON" in repair[-1]["content"]


async def test_invalid_fields_are_named_in_the_repair_request(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.enqueue('{"intent": "CONFIRM", "confidence": "very"}', '{"intent": "REVISE", "confidence": 0.1}')
    gateway = make_gateway(fake_llm, store)

    result = await gateway.llm_call("extraction", HELLO, project_id=project, response_model=Verdict)

    assert result.parsed == Verdict(intent="REVISE", confidence=0.1)
    assert "confidence" in fake_llm.requests[1].messages[-1]["content"]


async def test_repair_also_malformed_raises_llm_error(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.enqueue("I think they confirm.", "Still no JSON, sorry.")
    gateway = make_gateway(fake_llm, store)

    with pytest.raises(LLMError) as raised:
        await gateway.llm_call("extraction", HELLO, project_id=project, response_model=Verdict)

    message = str(raised.value)
    assert "could not be read as Verdict" in message
    assert "--offline" in message
    assert raised.value.kind == "invalid_json"
    assert fake_llm.call_count == 2


async def test_timeout_retries_then_says_the_model_timed_out(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.set_responder(lambda body: FakeResponse(text="too late", delay=5))
    gateway = make_gateway(fake_llm, store, timeout=0.5, max_retries=1)

    with pytest.raises(LLMError) as raised:
        await gateway.llm_call("conversation", HELLO, project_id=project)

    assert "timed out" in str(raised.value)
    assert raised.value.kind == "timeout"
    assert fake_llm.call_count == 2
    assert all(call["error"].startswith("timeout") for call in store.llm_calls(project))


async def test_fallback_model_answers_when_the_primary_keeps_failing(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    def by_model(body: dict[str, object]) -> FakeResponse:
        if body["model"] == "fake-primary":
            return FakeResponse(status=500)
        return FakeResponse(text=f"answered by {body['model']}")

    fake_llm.set_responder(by_model)
    gateway = make_gateway(fake_llm, store, model="openai/fake-primary", fallbacks=["openai/fake-backup"],
                           max_retries=1)

    result = await gateway.llm_call("conversation", HELLO, project_id=project)

    assert result.text == "answered by fake-backup"
    assert result.model == "openai/fake-backup"
    assert [r.model for r in fake_llm.requests] == ["fake-primary", "fake-primary", "fake-backup"]
    assert [c["model"] for c in store.llm_calls(project)] == [
        "openai/fake-primary", "openai/fake-primary", "openai/fake-backup"
    ]


async def test_auth_error_is_not_retried_and_names_the_key_variable(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.set_responder(lambda body: FakeResponse(status=401, error_message=f"Incorrect API key {SECRET}"))
    gateway = make_gateway(fake_llm, store)

    with pytest.raises(LLMError) as raised:
        await gateway.llm_call("conversation", HELLO, project_id=project)

    assert "OPENAI_API_KEY" in str(raised.value)
    assert fake_llm.call_count == 1


async def test_budget_stops_the_call_before_it_is_made(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    store.record_llm_call(project, "conversation", "openai/gpt-4o-mini", 1000, 1000, 0.30, 100.0)
    gateway = make_gateway(fake_llm, store, budget=0.25)

    with pytest.raises(BudgetExceeded) as raised:
        await gateway.llm_call("conversation", HELLO, project_id=project)

    assert "spent $0.3000 of its $0.25 budget" in str(raised.value)
    assert "budget.project_usd" in str(raised.value) and "--offline" in str(raised.value)
    assert fake_llm.call_count == 0
    assert store.llm_usage(project)["calls"] == 1


async def test_budget_counts_the_estimate_of_the_next_call(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    store.record_llm_call(project, "conversation", "openai/gpt-4o", 0, 0, 0.999999, 1.0)
    gateway = make_gateway(fake_llm, store, model="openai/gpt-4o", budget=1.0)

    with pytest.raises(BudgetExceeded):
        await gateway.llm_call("conversation", HELLO, project_id=project)
    assert fake_llm.call_count == 0


async def test_within_budget_the_call_goes_through(fake_llm: FakeLLMServer, store: Store, project: int) -> None:
    gateway = make_gateway(fake_llm, store, model="openai/gpt-4o-mini", budget=1.0)

    result = await gateway.llm_call("conversation", HELLO, project_id=project)

    assert result.text == "OK"
    assert fake_llm.call_count == 1


async def test_api_key_never_reaches_the_store(fake_llm: FakeLLMServer, store: Store, project: int) -> None:
    fake_llm.enqueue(
        FakeResponse(status=401, error_message=f"Incorrect API key provided: {SECRET}"),
        FakeResponse(status=429, error_message=f"rate limited for key {SECRET}"),
        "fine",
    )
    gateway = make_gateway(fake_llm, store)
    with pytest.raises(LLMError):
        await gateway.llm_call("conversation", HELLO, project_id=project)
    await gateway.llm_call("conversation", HELLO, project_id=project)

    assert fake_llm.requests[0].body.get("api_key") is None
    assert len(store.llm_calls(project)) == 3
    store.close()
    for path in store.path.parent.glob(store.path.name + "*"):
        assert SECRET.encode() not in path.read_bytes(), path


async def test_offline_route_raises_without_calling(fake_llm: FakeLLMServer, store: Store) -> None:
    # An OPENAI_API_KEY is set for these tests, so an empty Config would now pick a model: force offline.
    gateway = LLMGateway(Config(offline=True), store)

    with pytest.raises(LLMError) as raised:
        await gateway.llm_call("conversation", HELLO)

    assert "--offline" in str(raised.value)
    assert fake_llm.call_count == 0


def test_first_json_object_skips_braces_that_are_not_json() -> None:
    text = 'Use {curly} braces like this: {"a": {"b": [1, 2]}} and then {"c": 3}'
    assert first_json_object(text) == {"a": {"b": [1, 2]}}
    with pytest.raises(ValueError):
        first_json_object("no json here [1, 2]")


def test_the_gateway_module_does_not_import_litellm() -> None:
    import subprocess
    import sys

    code = "import sys, pmtui.llm.gateway, pmtui.product.brains.model; print(json.dumps('litellm' in sys.modules))"
    out = subprocess.run([sys.executable, "-c", "import json; " + code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) is False


async def test_a_stream_cut_off_after_text_was_shown_is_not_retried(
    fake_llm: FakeLLMServer, store: Store, project: int
) -> None:
    fake_llm.enqueue(FakeResponse(text="one two three four five", chunk_size=4, break_stream_after=2), "again")
    gateway = make_gateway(fake_llm, store)
    deltas: list[str] = []

    with pytest.raises(LLMError) as raised:
        await gateway.llm_call("conversation", HELLO, project_id=project, stream=True, on_delta=deltas.append)

    assert deltas == ["one ", "two "]
    assert "cut off" in str(raised.value)
    assert fake_llm.call_count == 1
    assert store.llm_calls(project)[0]["error"].startswith("interrupted")


async def test_an_unreachable_server_is_reported_as_such(store: Store, project: int, litellm_loaded: None) -> None:
    with FakeLLMServer() as gone:  # stopped at once: nothing answers at its address
        route = ModelRoute(model="openai/fake-model", api_base=gone.api_base, timeout=1, max_retries=1)
    gateway = LLMGateway(Config(models={"default": route}), store, backoff_base=0.01)

    with pytest.raises(LLMError) as raised:
        await gateway.llm_call("conversation", HELLO, project_id=project)

    assert raised.value.kind == "connection"
    assert "Could not reach" in str(raised.value) and str(route.api_base) in str(raised.value)
    assert len(store.llm_calls(project)) == 2
