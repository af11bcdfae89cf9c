"""The TUI on the model path, against the fake OpenAI-compatible server: a timeout keeps the message
and says what to do, ctrl+r retries it, the reply streams in, and the status bar shows the spend."""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.widgets import Input

from pmtui.app import PmtuiApp
from pmtui.config import Config, ModelRoute
from pmtui.llm.gateway import LLMGateway
from pmtui.product.brains.model import LLMBrain
from pmtui.product.orchestrator import Orchestrator
from pmtui.store import Store
from pmtui.widgets.chat_log import ChatNotice, PMMessage, UserMessage
from pmtui.widgets.status_bar import StatusBar
from tests.fake_llm_server import FakeLLMServer, FakeResponse
from tests.fixtures.tui import new_project, settle

QUESTION = "Which nurses exactly — ward, shift pattern, and what does a bad day look like?"


def responder(body: dict[str, Any]) -> FakeResponse:
    """Extraction gets JSON facts; the streamed conversation call gets the PM's question."""
    if body.get("stream"):
        return FakeResponse(text=QUESTION, chunk_size=9)
    return FakeResponse(text=json.dumps({"target_user": "busy nurses", "core_problem": ""}))


@pytest.fixture
def model_app(fake_llm: FakeLLMServer, store: Store, monkeypatch: pytest.MonkeyPatch) -> PmtuiApp:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    # 2 s: the retry's calls must fit in it on a loaded machine; the timed-out call is delayed far beyond it.
    route = ModelRoute(model="openai/gpt-4o-mini", api_base=fake_llm.api_base, timeout=2, max_retries=0)
    config = Config(models={"default": route})
    brain = LLMBrain(LLMGateway(config, store, backoff_base=0.01, backoff_cap=0.02))
    return PmtuiApp(store, config, orchestrator=Orchestrator(store, config, brain=brain))


async def test_timeout_keeps_the_message_and_retry_answers_it(
    model_app: PmtuiApp, fake_llm: FakeLLMServer, store: Store
) -> None:
    app = model_app
    async with app.run_test(size=(120, 40)) as pilot:
        await new_project(pilot, "Nurse habits")
        project_id = store.find_project("Nurse habits")
        assert app.screen.query_one(StatusBar).model == "openai/gpt-4o-mini"

        fake_llm.enqueue(FakeResponse(text="{}", delay=10))
        message = app.screen.query_one("#message", Input)
        message.value = "A habit tracker for busy nurses"
        await pilot.press("enter")
        await settle(pilot)

        notices = [w.text for w in app.screen.query(ChatNotice) if w.has_class("-error")]
        assert notices and "timed out" in notices[-1] and "ctrl+r" in notices[-1]
        assert any(n.severity == "error" and "timed out" in n.message for n in app._notifications)
        assert [w.text for w in app.screen.query(UserMessage)] == ["A habit tracker for busy nurses"]
        saved = app.orchestrator.state(project_id).messages
        assert saved[-1].role == "user" and saved[-1].content == "A habit tracker for busy nurses"
        assert not message.disabled

        fake_llm.set_responder(responder)
        await pilot.press("ctrl+r")
        await settle(pilot)
        replies = [w.text for w in app.screen.query(PMMessage)]
        assert replies[-1] == QUESTION
        assert any(r.stream for r in fake_llm.requests), "the conversation reply was streamed"
        assert app.orchestrator.state(project_id).messages[-1].content == QUESTION
        assert "busy nurses" in str(app.screen.query_one("#aspect-target_user").render())
        assert app.screen.query_one(StatusBar).spend == pytest.approx(app.orchestrator.spend(project_id))
        assert app.screen.query_one(StatusBar).spend > 0
