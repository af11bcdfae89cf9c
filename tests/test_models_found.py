"""Models found, not only configured: API keys in the environment pick a model per task (like aider), an
Ollama server answering on localhost does when there is no key, and --offline still wins. Every test
controls the environment itself: conftest removes the developer's *_API_KEY variables."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from pmtui.config import PROVIDER_DEFAULTS, Config, ModelRoute, find_ollama, load_config
from pmtui.product.orchestrator import Orchestrator
from pmtui.store import Store
from tests.fixtures.processes import run_pmtui

ROOT = Path(__file__).resolve().parents[1]


def test_no_key_no_config_means_the_offline_engine_and_says_why() -> None:
    config = Config()
    route, why = config.pick("conversation")
    assert route.is_offline and "no API key" in why
    assert config.describe_model() == "offline engine"


@pytest.mark.parametrize(("env", "strong", "fast"), PROVIDER_DEFAULTS)
def test_a_key_picks_a_strong_model_to_talk_and_a_fast_one_to_extract(
    monkeypatch: pytest.MonkeyPatch, env: str, strong: str, fast: str
) -> None:
    monkeypatch.setenv(env, "sk-test")
    config = Config()
    assert config.route("conversation").model == strong and config.route("spec").model == strong
    assert config.route("extraction").model == fast and config.route("classification").model == fast
    assert config.pick("conversation")[1] == f"found {env}"
    assert config.describe_model() == f"{strong} (found {env})"


def test_the_first_provider_in_order_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROQ_API_KEY", "gsk-test")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert Config().route("conversation").model == "openai/gpt-4o"


def test_configured_beats_found_and_offline_beats_both(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("GROQ_API_KEY", "gsk-test")
    configured = Config(models={"default": ModelRoute(model="groq/llama-3.1-8b-instant")})
    assert configured.route("conversation").model == "groq/llama-3.1-8b-instant"
    assert configured.pick("conversation")[1].startswith("configured")
    assert Config(offline=True).route("conversation").is_offline
    assert Config(auto_models=False).route("conversation").is_offline
    monkeypatch.delenv("GROQ_API_KEY")
    fallback = configured.pick("conversation")
    assert fallback[0].model == "openai/gpt-4o" and "has no GROQ_API_KEY" in fallback[1]


def test_a_found_model_drives_the_pm(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config())
    assert orchestrator.brain.name == "llm"
    assert orchestrator.model_label() == "openai/gpt-4o (found OPENAI_API_KEY)"
    assert Orchestrator(store, Config(offline=True)).brain.name == "offline"
    store.close()


# -- Ollama -------------------------------------------------------------------------------------------
@pytest.fixture
def ollama() -> Iterator[str]:
    """A real HTTP server on 127.0.0.1 answering Ollama's /api/tags."""
    models = {"models": [{"name": "nomic-embed-text:latest"}, {"name": "gemma2:2b"}, {"name": "llama3.1:8b"}]}

    class Tags(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = json.dumps(models).encode() if self.path == "/api/tags" else b"{}"
            self.send_response(200 if self.path == "/api/tags" else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Tags)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_an_ollama_server_is_found_and_its_best_model_picked(ollama: str, monkeypatch: pytest.MonkeyPatch) -> None:
    found = find_ollama(ollama)
    assert found is not None
    assert found.model == "ollama_chat/llama3.1:8b" and found.api_base == ollama
    monkeypatch.setenv("PMTUI_OLLAMA_URL", ollama)
    config = load_config(find_models=True)
    route, why = config.pick("conversation")
    assert route.model == "ollama_chat/llama3.1:8b" and route.api_base == ollama and why == "found Ollama on localhost"


def test_no_probe_without_need_or_with_the_network_off(ollama: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert find_ollama() is None, "PMTUI_NO_NETWORK is set in tests: no probe of a real localhost"
    assert find_ollama("http://127.0.0.1:9") is None, "nothing answering is not an error"
    monkeypatch.setenv("PMTUI_OLLAMA_URL", ollama)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert load_config(find_models=True).ollama is None, "a key already gives a model: no probe"
    assert load_config(offline=True, find_models=True).ollama is None


def test_config_show_says_which_model_and_why(ollama: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    run = [sys.executable, "-m", "pmtui", "config", "show"]
    shown = subprocess.run(run, check=False, capture_output=True, text=True, env={**env, "GEMINI_API_KEY": "g-test"}, cwd=ROOT)
    assert "conversation   gemini/gemini-2.5-pro  (found GEMINI_API_KEY)" in shown.stdout
    assert "extraction     gemini/gemini-2.5-flash  (found GEMINI_API_KEY)" in shown.stdout
    assert "g-test" not in shown.stdout + shown.stderr
    forced = subprocess.run([*run, "--offline"], check=False, capture_output=True, text=True,
                            env={**env, "GEMINI_API_KEY": "g-test"}, cwd=ROOT)
    assert "conversation   offline engine  (offline forced" in forced.stdout
    local = subprocess.run(run, check=False, capture_output=True, text=True, env={**env, "PMTUI_OLLAMA_URL": ollama}, cwd=ROOT)
    assert "ollama_chat/llama3.1:8b  (found Ollama on localhost)" in local.stdout


async def test_the_status_bar_says_which_model_and_why(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from pmtui.app import PmtuiApp
    from pmtui.widgets.status_bar import StatusBar
    from tests.fixtures.tui import settle

    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    store = Store(tmp_path / "db")
    app = PmtuiApp(store, Config())
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(StatusBar).model == (
            "anthropic/claude-sonnet-4-20250514 (found ANTHROPIC_API_KEY)"
        )
    store.close()


def test_the_review_goes_where_the_agent_goes_not_to_a_public_url_another_key_picks(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Found delivering with Codex (issue 7): both an OpenAI and an Anthropic key set, `[models.agent]` naming an
    endpoint and no other model: pmtui's review went to Anthropic's public URL. It goes where the agent goes, and
    `pmtui agents` says so."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    agent = ModelRoute(model="openai/fake-coder", api_base="http://127.0.0.1:9/v1")
    config = Config(models={"agent": agent})

    route, why = config.pick("review")

    assert (route.model, route.api_base) == ("openai/fake-coder", "http://127.0.0.1:9/v1") and "agent" in why
    # The PM's own conversation is not the agent's business: still found from the keys.
    assert config.route("conversation").model == "anthropic/claude-sonnet-4-20250514"
    # An agent model whose key pmtui does not have is no review model; a configured review wins over the agent's.
    monkeypatch.delenv("OPENAI_API_KEY")
    assert config.route("review").model == "anthropic/claude-sonnet-4-20250514"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    own = Config(models={"agent": agent, "review": ModelRoute(model="anthropic/claude-haiku-4-5")})
    assert own.route("review").model == "anthropic/claude-haiku-4-5"

    # Gemini CLI takes its base URL without the API version, litellm with it: the review adds what litellm needs.
    monkeypatch.setenv("GEMINI_API_KEY", "g-test")
    gemini = Config(models={"agent": ModelRoute(model="gemini/gemini-2.5-pro", api_base="http://127.0.0.1:9")})
    assert gemini.route("review").api_base == "http://127.0.0.1:9/v1beta"

    toml = tmp_path / "pmtui.toml"
    toml.write_text('[models.agent]\nmodel = "openai/fake-coder"\napi_base = "http://127.0.0.1:9/v1"\n',
                    encoding="utf-8")
    shown = run_pmtui(["agents"], env={**os.environ, "PMTUI_CONFIG": str(toml), "PATH": "/usr/bin:/bin"})
    assert shown.returncode == 0, shown.stderr
    assert "pmtui's review: openai/fake-coder at http://127.0.0.1:9/v1 (the agent's model" in shown.stdout


def test_with_no_model_configured_the_review_is_found_at_the_agents_own_provider(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`pmtui deliver --agent codex` with an OpenAI and an Anthropic key and no pmtui.toml: Codex works at OpenAI, and
    pmtui reviewed its work at Anthropic (the first key in order). The review's found model is now the agent's
    provider's; the PM's own conversation still takes the first key; an agent of any provider (aider) changes nothing."""
    from pmtui.delivery.agent_presets import review_config

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")

    assert review_config(Config(), "codex").route("review").model == "openai/gpt-4o"
    assert review_config(Config(), "gemini").route("review").model == "anthropic/claude-sonnet-4-20250514"  # no key
    assert review_config(Config(), "codex").route("conversation").model == "anthropic/claude-sonnet-4-20250514"
    assert review_config(Config(), "aider").route("review").model == "anthropic/claude-sonnet-4-20250514"

    missing = tmp_path / "none.toml"
    shown = run_pmtui(["agents"], env={**os.environ, "PMTUI_CONFIG": str(missing), "PATH": "/usr/bin:/bin"})
    assert shown.returncode == 0, shown.stderr
    codex = shown.stdout.split("\ncodex")[1].split("\ngemini")[0]
    assert "with it, pmtui's review: openai/gpt-4o at the provider's public address (found OPENAI_API_KEY)" in codex
    assert "pmtui's review: anthropic/claude-sonnet-4-20250514 at the provider's public address" in shown.stdout
