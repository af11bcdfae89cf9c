"""Issue 8 items 3 and 4 end to end against the fake OpenAI-compatible server (real litellm, real HTTP).

A user with OPENAI_API_KEY and OPENAI_BASE_URL set (a proxy, a local gateway, here the fake server) and
no config gets that model, sees which and why in `pmtui config show` and the status bar, and talks to
it; `--offline` still forces the offline engine. Faults on that path (malformed JSON, prose around the
JSON, missing fields, a 429, a timeout) give a clear message, keep the founder's message, and retry.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.config import Config, load_config
from pmtui.product.orchestrator import Orchestrator
from pmtui.store import Store
from tests.fake_llm_server import FakeLLMServer, FakeResponse
from tests.fixtures.pm_model import pm_model

ROOT = Path(__file__).resolve().parents[1]
IDEA = "An app for ICU nurses to swap shifts without the paper book."


@pytest.fixture
def found(fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> FakeLLMServer:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-found-test")
    monkeypatch.setenv("OPENAI_BASE_URL", fake_llm.api_base)
    fake_llm.set_responder(pm_model)
    return fake_llm


def test_config_show_names_the_found_model_its_base_url_and_why(found: FakeLLMServer) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PMTUI_CONFIG"}
    run = [sys.executable, "-m", "pmtui", "config", "show"]
    shown = subprocess.run(run, check=False, capture_output=True, text=True, env=env, cwd=ROOT)
    assert shown.returncode == 0, shown.stderr
    assert "conversation   openai/gpt-4o  (found OPENAI_API_KEY, OPENAI_BASE_URL)" in shown.stdout, shown.stdout
    assert "extraction     openai/gpt-4o-mini  (found OPENAI_API_KEY, OPENAI_BASE_URL)" in shown.stdout
    assert f"api_base={found.api_base}" in shown.stdout
    assert "sk-found-test" not in shown.stdout + shown.stderr
    forced = subprocess.run([*run, "--offline"], check=False, capture_output=True, text=True, env=env, cwd=ROOT)
    assert "conversation   offline engine  (offline forced" in forced.stdout, forced.stdout
    assert "gpt-4o" not in forced.stdout


async def test_the_found_model_answers_and_offline_still_wins(found: FakeLLMServer, tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config())
    assert orchestrator.model_label() == "openai/gpt-4o (found OPENAI_API_KEY, OPENAI_BASE_URL)"
    project = orchestrator.open_project("Swaps").project_id
    result = await orchestrator.handle(project, IDEA)
    assert not result.error and result.reply
    models = {request.model for request in found.requests}
    assert found.call_count >= 1 and models <= {"gpt-4o", "gpt-4o-mini"}, models
    assert all(request.authorization == "Bearer sk-found-test" for request in found.requests)
    calls = found.call_count
    offline = Orchestrator(store, load_config(offline=True))
    assert offline.brain.name == "offline" and offline.model_label() == "offline engine"
    other = offline.open_project("Offline").project_id
    assert not (await offline.handle(other, IDEA)).error
    assert found.call_count == calls, "--offline sends nothing to the model"
    store.close()


async def test_the_status_bar_names_the_found_model(found: FakeLLMServer, tmp_path: Path) -> None:
    from pmtui.app import PmtuiApp
    from pmtui.widgets.status_bar import StatusBar
    from tests.fixtures.tui import settle

    store = Store(tmp_path / "db")
    app = PmtuiApp(store, Config())
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(StatusBar).model == "openai/gpt-4o (found OPENAI_API_KEY, OPENAI_BASE_URL)"
    store.close()


# -- faults on the found model's path: a clear message, the message kept, a retry that works -----------
@pytest.mark.parametrize(
    ("faults", "words", "timeout"),
    [
        (["{target_user: ICU nurses", "still {not json"], "json", 30.0),
        (['{"target_user": 3, "feature_wishlist": {"a": 1}}'] * 2, "json", 30.0),
        ([FakeResponse(status=429, error_message="Rate limit reached for gpt-4o")], "rate", 30.0),
        ([FakeResponse(text="{}", delay=6.0)], "timed out", 3.0),
    ],
    ids=["malformed-json", "wrong-fields", "429", "timeout"],
)
async def test_a_fault_is_clear_keeps_the_message_and_retries(
    found: FakeLLMServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faults: list[FakeResponse | str], words: str,
    timeout: float,
) -> None:
    store = Store(tmp_path / "db")
    config = Config()
    for task in ("conversation", "extraction", "classification", "spec"):
        route = config.route(task)
        config.models[task] = route.model_copy(update={"timeout": timeout, "max_retries": 0})
    orchestrator = Orchestrator(store, config)
    project = orchestrator.open_project("Swaps").project_id
    found.enqueue(*faults)
    result = await orchestrator.handle(project, IDEA)
    error = result.error.lower()
    assert result.error and (words in error or (words == "timed out" and "timeout" in error)), result.error
    assert "sk-found-test" not in result.error
    messages = orchestrator.state(project).messages
    assert messages[-1].role == "user" and messages[-1].content == IDEA, "the founder's message is kept"
    retried = await orchestrator.retry(project)
    assert not retried.error and retried.reply
    assert [m.content for m in orchestrator.state(project).messages if m.role == "user"] == [IDEA], "kept once"
    store.close()


async def test_prose_and_missing_fields_on_the_found_path_are_read(found: FakeLLMServer, tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config())
    project = orchestrator.open_project("Swaps").project_id
    found.enqueue('Sure! Here it is:\n```json\n{"target_user": "ICU nurses"}\n```\nAnything else?')
    result = await orchestrator.handle(project, IDEA)
    assert not result.error, result.error
    summary = orchestrator.state(project).discovery_summary
    assert summary.target_user == "ICU nurses" and summary.core_problem == ""
    store.close()
