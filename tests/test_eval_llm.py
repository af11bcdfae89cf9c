"""The LLM path through the same eval, against the fake OpenAI-compatible server (real litellm, real HTTP).

The server answers with tests/fixtures/pm_model.py, a stand-in model made from the offline engine, so
the founders' words matter on this path too; what is tested is the model path itself — prompts,
JSON parsing and repair, merging, table changes, the conversation flow. Then faults: malformed JSON,
prose around the JSON, missing fields, a 429 and a timeout each give a clear message and keep the
founder's message, and the turn can be retried.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pmtui.config import Config, ModelRoute
from pmtui.product.eval.founders import KINDS, load_founders
from pmtui.product.eval.runner import run_eval
from pmtui.product.orchestrator import Orchestrator
from pmtui.store import Store
from tests.fake_llm_server import FakeLLMServer, FakeResponse
from tests.fixtures.pm_model import pm_model


def _config(server: FakeLLMServer, timeout: float = 30, retries: int = 0) -> Config:
    route = ModelRoute(model="openai/pm-model", api_base=server.api_base, timeout=timeout, max_retries=retries)
    return Config(models={"default": route})


@pytest.fixture
def model_server(fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> FakeLLMServer:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    fake_llm.set_responder(pm_model)
    return fake_llm


async def test_the_llm_path_passes_the_same_eval(model_server: FakeLLMServer) -> None:
    founders = load_founders("tuned", len(KINDS))
    report = await run_eval(_config(model_server), founders)
    notes = [f"{r.founder.id}: {n}" for r in report.results for n in r.notes]
    assert report.engine.startswith("openai/pm-model")
    assert report.pass_rate >= 0.95, "\n".join(notes)
    for result in report.results:
        for name in ("no_repeated_reply", "no_garbled_fact", "requests_reflected", "agreement_understood"):
            assert result.assertions[name], (result.founder.id, result.notes)
    assert model_server.call_count > 10 * len(founders), "every step went through the model"


# -- faults: a clear message, the founder's message kept, the turn retried ----------------------------
IDEA = "An app for ICU nurses to swap shifts without the paper book."


async def _first_turn(tmp_path: Path, server: FakeLLMServer, *faults: FakeResponse | str, timeout: float = 30):  # type: ignore[no-untyped-def]
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, _config(server, timeout=timeout), )
    project = orchestrator.open_project("Swaps").project_id
    server.enqueue(*faults)
    result = await orchestrator.handle(project, IDEA)
    return store, orchestrator, project, result


def _kept(orchestrator: Orchestrator, project: int) -> bool:
    messages = orchestrator.state(project).messages
    return messages[-1].role == "user" and messages[-1].content == IDEA


@pytest.mark.parametrize(
    ("faults", "words"),
    [
        (["{target_user: ICU nurses", "still {not json"], "JSON"),
        (['{"target_user": 3, "feature_wishlist": {"a": 1}}', '{"target_user": 3, "feature_wishlist": {"a": 1}}'],
         "JSON"),
        ([FakeResponse(status=429, error_message="Rate limit reached")], "rate"),
    ],
)
async def test_a_bad_answer_is_reported_clearly_and_the_message_kept(
    tmp_path: Path, model_server: FakeLLMServer, faults: list[FakeResponse | str], words: str
) -> None:
    store, orchestrator, project, result = await _first_turn(tmp_path, model_server, *faults)
    assert result.error and words.lower() in result.error.lower(), result.error
    assert "message is saved" in result.error
    assert _kept(orchestrator, project)
    retried = await orchestrator.retry(project)
    assert not retried.error and retried.reply
    store.close()


async def test_a_timeout_is_reported_and_the_message_kept(tmp_path: Path, model_server: FakeLLMServer) -> None:
    store, orchestrator, project, result = await _first_turn(
        tmp_path, model_server, FakeResponse(text="{}", delay=4.0), timeout=1
    )
    assert result.error and ("timed out" in result.error.lower() or "timeout" in result.error.lower()), result.error
    assert _kept(orchestrator, project)
    store.close()


async def test_prose_around_the_json_is_read_and_missing_fields_are_empty(
    tmp_path: Path, model_server: FakeLLMServer
) -> None:
    answer = 'Sure! Here is what I found:\n{"target_user": "ICU nurses", "feature_wishlist": ["Swap shifts"]}\nHope it helps.'
    store, orchestrator, project, result = await _first_turn(tmp_path, model_server, answer)
    assert not result.error, result.error
    summary = orchestrator.state(project).discovery_summary
    assert summary.target_user == "ICU nurses" and summary.feature_wishlist == ["Swap shifts"]
    assert summary.core_problem == "", "a field the model left out is simply unknown"
    store.close()


async def test_a_proposal_missing_its_features_is_an_error_not_an_empty_scope(
    tmp_path: Path, model_server: FakeLLMServer
) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, _config(model_server))
    project = orchestrator.open_project("Swaps").project_id
    for text in ("An app for ICU nurses to swap shifts.", "Swaps take days and are approved on paper.",
                 "A paper book and WhatsApp.", "Post a shift, accept a swap, approval.",
                 "60% of swaps in the app in 3 months.", "Two developers, 8 weeks.", "$2 per nurse a month."):
        if (await orchestrator.handle(project, text)).summary_shown:
            break
    model_server.enqueue(json.dumps({"intent": "CONFIRM"}), json.dumps({"cut_features": []}), json.dumps({"x": 1}))
    result = await orchestrator.handle(project, "yes, that's right")
    assert result.error and "JSON" in result.error
    state = orchestrator.state(project)
    assert state.phase == "scoping" and state.scoping_output is None
    retried = await orchestrator.retry(project)
    assert not retried.error and orchestrator.state(project).scoping_output is not None
    store.close()


async def test_an_llm_founder_and_an_llm_judge(
    tmp_path: Path, fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pmtui.llm.gateway import LLMGateway
    from pmtui.product.eval.models import LLMFounder, SpecJudge
    from tests.fixtures.pm_model import founder_and_judge

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    fake_llm.set_responder(founder_and_judge)
    store = Store(tmp_path / "roles.db")
    roles = LLMGateway(_config(fake_llm), store)
    founders = load_founders("tuned", 2)
    report = await run_eval(
        Config(offline=True), founders, make_simulator=lambda f: LLMFounder(f, roles), judge=SpecJudge(roles)
    )
    assert report.simulator == "llm" and report.engine == "offline engine"
    founder_calls = [r for r in fake_llm.requests if r.messages[0]["content"].startswith("You are playing a founder")]
    assert len(founder_calls) >= 4 * len(founders), "the model wrote the discovery answers"
    for result in report.results:
        assert result.judge is not None and result.judge["score"] == 5 and result.judge["reasons"]
        assert result.assertions["judge_spec_quality"] is True
        assert result.assertions["reached_done"], result.notes
    assert "judge" in report.to_json()["conversations"][0]
    store.close()
