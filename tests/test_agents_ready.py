"""Another agent is offered only when it could run: installed and able to sign in.

Noticed at stop 27 (issue 7): "Retry with another agent" listed every preset on PATH. A Claude Code installed but never
signed in (no key variable, no login file) was offered, and choosing it cost the human a whole round trip: the
attempt failed on its first model call. Now the option lists the agents that can sign in, names the installed ones
that cannot (so the human knows why), and refuses a note that names one of those. Real executables on a PATH of the
test's own, a real HOME folder, real config objects; nothing of pmtui's is replaced.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pmtui.config import AgentConfig, Config
from pmtui.delivery.agent_choice import other_agents, unready_agents
from pmtui.delivery.agent_presets import agent_catalog, cannot_sign_in
from pmtui.delivery.failure_findings import repeated_failure_options
from pmtui.models.delivery import CANNOT_SIGN_IN, OTHER_AGENT, Escalation

SIGN_IN_VARIABLES = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "OPENAI_API_KEY",
                     "GEMINI_API_KEY", "GOOGLE_API_KEY", "CODEX_HOME")


@pytest.fixture
def machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A PATH holding only fake `claude`, `gemini` and `codex` executables, and an empty home."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for program in ("claude", "gemini", "codex"):
        tool = bin_dir / program
        tool.write_text("#!/bin/sh\necho 1.0.0\n")
        tool.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("HOME", str(home))
    for name in SIGN_IN_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return home


def config() -> Config:
    # The run's own agent, a command of the user's (whose sign-in pmtui cannot know: always offered).
    return Config(offline=True, agents={"mine": AgentConfig(command="/bin/true"), "failer": AgentConfig(command="/bin/true")})


def test_only_the_agents_that_can_sign_in_are_offered(machine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", "gm-test-value")  # gemini has a key
    (machine / ".codex").mkdir()
    (machine / ".codex" / "auth.json").write_text("{}")  # codex signed in by its own login
    offered = other_agents(config(), "failer")
    assert offered == ["codex", "gemini", "mine"], offered
    assert unready_agents(config(), "failer") == ["claude"]
    [claude] = [agent for agent in agent_catalog(config(), probe=False) if agent.name == "claude"]
    assert cannot_sign_in(claude) and "$ANTHROPIC_API_KEY" in claude.login, claude.login


def test_a_login_or_a_key_makes_the_agent_offered_again(machine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "claude" not in other_agents(config(), "failer")
    (machine / ".claude").mkdir()
    (machine / ".claude" / ".credentials.json").write_text("{}")
    assert "claude" in other_agents(config(), "failer") and "claude" not in unready_agents(config(), "failer")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-value")
    assert "codex" in other_agents(config(), "failer")


def test_an_agent_that_takes_any_providers_key_is_not_judged(machine: Path) -> None:
    """aider with no model forwarded picks its provider by the keys it finds: pmtui cannot say it would fail."""
    aider = Path(os.environ["PATH"]) / "aider"
    aider.write_text("#!/bin/sh\necho aider 0.86.2\n")
    aider.chmod(0o755)
    assert "aider" in other_agents(config(), "failer") and "aider" not in unready_agents(config(), "failer")


def test_the_option_names_the_unready_ones_and_a_note_naming_one_is_refused(machine: Path) -> None:
    others, unready = other_agents(config(), "failer"), unready_agents(config(), "failer")
    options, _ = repeated_failure_options(["tests_run"], "FAILED tests/test_a.py::test_b", others, unready)
    [option] = [text for text in options if text.startswith(OTHER_AGENT)]
    assert f"{CANNOT_SIGN_IN}: claude, codex, gemini" in option, option
    escalation = Escalation(id=3, problem="p", impact="i", options=list(options))
    number = options.index(option) + 1
    assert escalation.agents_offered(number) == ["mine"]
    assert "name one of mine" in escalation.note_refusal(number, "use claude")
    assert escalation.note_refusal(number, "use mine") == ""
