"""The npm-distributed coding agents end to end: Codex CLI, Claude Code, Gemini CLI and opencode (installed by
`make test` in .venv-agents/npm) deliver the first task of the calculator plan of test_real_agents through `pmtui
deliver --agent NAME`, their model a scripted server on 127.0.0.1 speaking the tool's own API — Codex: the Responses
API (`/v1/responses` SSE, its `exec_command` tool); opencode: the same API, its `bash` tool; Claude Code: the
Anthropic Messages API (`/v1/messages` SSE, its `Bash` tool); Gemini CLI: the Gemini API
(`/v1beta/models/M:streamGenerateContent` SSE, `run_shell_command`). The tools know nothing of pmtui: each gets the
preset's command line, the prompt (on standard input; opencode as its message argument) and pmtui's model route, and
runs under pmtui's sandbox where there is one. Correct code is released with no escalation. Wrong code is not tried
here (about 20 s more per tool): the gates that escalate it are the same for every agent, and test_real_agents proves
them with aider and mini-swe-agent.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fake_llm_server import FakeLLMServer, FakeResponse, content_text, gemini_messages, input_messages
from tests.fixtures.calculator import PLAN, PY, REVIEW_PROMPT, TASK, calculator, edits, review_reply, status
from tests.fixtures.delivery_repo import QUICK_TESTS, RUFF, git
from tests.fixtures.processes import run_pmtui

NPM_BIN = Path(__file__).resolve().parent.parent / ".venv-agents" / "npm" / "node_modules" / ".bin"


def npm_agent_installed(program: str) -> Path:
    path = NPM_BIN / program
    if not path.exists():
        pytest.skip(f"{program} is not installed in .venv-agents/npm: `make test` (or `make agents`) installs it "
                    "when the npm registry is reachable")
    return path


# Each tool's shell tool: its name and the argument that holds the command.
SHELL_TOOL = {"codex": ("exec_command", "cmd"), "claude": ("Bash", "command"), "gemini": ("run_shell_command", "command"),
              "opencode": ("bash", "command")}


def turn(agent: str, messages: list[dict[str, Any]], ran: int) -> FakeResponse:
    """The agent's turns on a task: write the files with a heredoc, run the tests, then a final message."""
    found = TASK.findall("\n".join(content_text(m.get("content", "")) for m in messages))
    files = edits(wrong=False).get(found[-1] if found else "")
    if files is None or ran >= 2:
        return FakeResponse(text="Done: the code and its test are written and the tests pass.")
    tool, argument = SHELL_TOOL[agent]
    if ran == 0:
        script = "\n".join(f"cat > {path} <<'PMTUI_EOF'\n{text}PMTUI_EOF" for path, text in files.items())
        return FakeResponse(text="I will write the code and its test.",
                            tool_calls=[{"name": tool, "arguments": {argument: script}}])
    tests = f"PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 {PY} -m pytest -q -p no:cacheprovider tests"
    return FakeResponse(text="Now the tests.", tool_calls=[{"name": tool, "arguments": {argument: tests}}])


def tool_results(agent: str, body: dict[str, Any]) -> list[str]:
    """What the agent's commands printed, as the tool sent it back to the model."""
    if agent in ("codex", "opencode"):
        return [str(m["content"]) for m in input_messages(body) if m["role"] == "tool"]
    if agent == "gemini":
        return [str(m["content"]) for m in gemini_messages(body) if m["role"] == "tool"]
    return [content_text(part.get("content", "")) for m in body.get("messages", [])
            if isinstance(m.get("content"), list) for part in m["content"]
            if isinstance(part, dict) and part.get("type") == "tool_result"]


def responder(agent: str):  # type: ignore[no-untyped-def]
    """The agent's turns; pmtui's own review calls to the same endpoint are answered as in test_real_agents."""

    def respond(body: dict[str, Any]) -> FakeResponse:
        messages = (input_messages(body) if "input" in body else gemini_messages(body) if "contents" in body
                    else body.get("messages", []))
        flat = [{"role": m.get("role"), "content": content_text(m.get("content", ""))} for m in messages]
        review = review_reply({"messages": flat})
        if review is not None:
            return review
        if not body.get("tools"):
            return FakeResponse(text="OK")  # a side request of the tool's own (Claude Code sends some without tools)
        return turn(agent, flat, len(tool_results(agent, body)))

    return respond


@pytest.fixture
def fake_model() -> Iterator[FakeLLMServer]:
    with FakeLLMServer() as server:
        yield server


# One endpoint for pmtui and the agent, as a user with a proxy or a local server has it: Codex gets [models.agent]
# (pmtui finds the OpenAI key and base URL for its own review); Claude Code and pmtui share [models.default].
CONFIG = {
    "codex": '[models.agent]\nmodel = "openai/fake-coder"\napi_base = "{api_base}"\n',
    "opencode": '[models.agent]\nmodel = "openai/fake-coder"\napi_base = "{api_base}"\n',
    "claude": '[models.default]\nmodel = "anthropic/claude-sonnet-4-5"\napi_base = "{base_url}"\n',
    "gemini": '[models.agent]\nmodel = "gemini/gemini-2.5-pro"\napi_base = "{base_url}"\n',
}


def deliver(tmp_path: Path, repo: Path, agent: str, server: FakeLLMServer) -> subprocess.CompletedProcess[str]:
    """`pmtui deliver --agent NAME` as a user runs it."""
    plan = tmp_path / "plan.md"
    # One task: each of these tools starts a Node process per attempt (8-16 s of CPU a two-task run); what comes after
    # the first task is the engine's, the same for every agent, and aider and mini-swe-agent deliver both tasks.
    plan.write_text(PLAN.format(agent=agent, ruff=RUFF, quick_tests=QUICK_TESTS).split("\n### T2:")[0])
    config = tmp_path / "pmtui.toml"
    config.write_text(CONFIG[agent].format(api_base=server.api_base, base_url=server.base_url), encoding="utf-8")
    (tmp_path / "home").mkdir()
    (tmp_path / "tmp").mkdir()
    env = {
        **os.environ,
        "PATH": f"{NPM_BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "PMTUI_CONFIG": str(config),
        "PMTUI_DB": str(tmp_path / "pmtui.db"),
        "OPENAI_API_KEY": "sk-fake-for-tests",
        "OPENAI_BASE_URL": server.api_base,
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "HOME": str(tmp_path / "home"),
        # Codex makes the helper its own sandbox needs (outside pmtui's) only when its home is not under the
        # temporary folder; a user's is not, this test's is under pytest's.
        "TMPDIR": str(tmp_path / "tmp"),
        "NO_COLOR": "1",
        "NO_PROXY": "127.0.0.1,localhost",
    }
    if agent == "claude":
        # Its key (with an OpenAI key beside it, pmtui's found model is Anthropic's); its own switches for what it
        # would send elsewhere (there is no network here anyway).
        env.update({"ANTHROPIC_API_KEY": "sk-ant-fake-for-tests", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
                    "DISABLE_TELEMETRY": "1", "DISABLE_AUTOUPDATER": "1"})
    if agent == "gemini":
        # Only the key: with a base URL, the settings Gemini CLI 0.61 needs come from the run's own home (presets).
        env["GEMINI_API_KEY"] = "fake-gemini-key"
    return run_pmtui(["deliver", str(plan), "--repo", str(repo), "--agent", agent, "--headless", "--no-wait"],
                     env=env, timeout=240)


# The API each tool speaks, and the header its key travels in.
API = {"codex": ("/v1/responses", "authorization", "Bearer sk-fake-for-tests"),
       "opencode": ("/v1/responses", "authorization", "Bearer sk-fake-for-tests"),
       "claude": ("/v1/messages", "x-api-key", "sk-ant-fake-for-tests"),
       "gemini": ("/v1beta/models/gemini-2.5-pro:streamGenerateContent", "x-goog-api-key", "fake-gemini-key")}


@pytest.mark.parametrize("agent", ["codex", "claude", "gemini", "opencode"])
def test_an_npm_agent_delivers_correct_code_to_release(tmp_path: Path, fake_model: FakeLLMServer, agent: str) -> None:
    npm_agent_installed(agent)
    repo = calculator(tmp_path)
    fake_model.set_responder(responder(agent))

    done = deliver(tmp_path, repo, agent, fake_model)

    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = status(tmp_path)
    assert report["state"] == "released" and report["escalations"] == []
    assert [(t["id"], t["state"], t["attempts"]) for t in report["tasks"]] == [("T1", "completed", 1)]
    final = git(repo, "show", f"pm/calc-{agent}:calc/__init__.py")
    assert "def sub(a, b):\n    return a - b" in final
    assert git(repo, "status", "--porcelain") == ""
    path, header, key = API[agent]
    turns = [r for r in fake_model.requests if r.path.startswith(path) and r.body.get("tools")]
    # The write, the test run, the final message; the commands ran (their output came back).
    assert len(turns) == 3 and all(r.headers.get(header) == key for r in turns), [r.path for r in turns]
    outputs = [out for r in turns for out in tool_results(agent, r.body)]
    assert any("2 passed" in out for out in outputs), outputs[-2:]
    assert any(REVIEW_PROMPT in r.text() for r in fake_model.requests), "the tier review went to the user's model"
    # The user's own settings are never written (Gemini CLI's come from a home of the run's own).
    assert not (tmp_path / "home" / ".gemini" / "settings.json").exists()



async def test_codex_signed_in_with_codex_login_sends_its_login_to_the_forwarded_address(
        tmp_path: Path, fake_model: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Codex user signs in with `codex login` (~/.codex/auth.json), no key in the environment. Found running Codex
    0.169 with only that login and pmtui's base URL: the model provider pmtui gave it sent no Authorization at all, so
    a real endpoint refuses every call. Under pmtui's sandbox (when there is one: / read-only, ~/.codex writable) it
    now sends the login's key. One run of the tool, no delivery around it (the engine is the same for every agent)."""
    from pmtui.config import Config, ModelRoute
    from pmtui.delivery.agent_presets import resolve_agent
    from pmtui.delivery.executors import CommandExecutor
    from pmtui.delivery.sandbox import SANDBOX, resolve
    from tests.test_agent_presets import contract

    npm_agent_installed("codex")
    home = tmp_path / "home"
    (home / ".codex").mkdir(parents=True)
    (home / ".codex" / "auth.json").write_text('{"OPENAI_API_KEY": "sk-codex-login-key"}', encoding="utf-8")
    (tmp_path / "tmp").mkdir()
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    for name, value in {"HOME": str(home), "TMPDIR": str(tmp_path / "tmp"), "NO_COLOR": "1",
                        "PATH": f"{NPM_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}.items():
        monkeypatch.setenv(name, value)
    fake_model.set_responder(lambda body: FakeResponse(text="Done: nothing to change."))
    codex = resolve_agent("codex", Config(models={"agent": ModelRoute(model="openai/fake-coder",
                                                                       api_base=fake_model.api_base)}))
    assert codex.login == "its own login (~/.codex/auth.json)"

    token = SANDBOX.set(resolve("auto"))
    try:
        result = await CommandExecutor(codex).run(contract(), calculator(tmp_path), attempt=1,
                                                  run_dir=tmp_path / "runs")
    finally:
        SANDBOX.reset(token)

    assert result.exit_code == 0, result.output_tail[-2000:]
    calls = [r for r in fake_model.requests if r.path.startswith("/v1/responses")]
    assert calls and all(r.headers.get("authorization") == "Bearer sk-codex-login-key" for r in calls), [
        r.headers.get("authorization") for r in calls]


async def test_claude_code_refused_its_key_says_so_in_seconds_not_minutes(
        tmp_path: Path, fake_model: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Claude Code 2.1 retries a 401 as it would a busy server, 10 times by default with a growing wait (over 150 s
    an attempt with a wrong key). The preset bounds its retries (CLAUDE_CODE_MAX_RETRIES, the route's max_retries):
    a refused key ends the attempt after a few calls, with the provider's words, well inside its time budget."""
    from pmtui.config import Config, ModelRoute
    from pmtui.delivery.agent_presets import resolve_agent
    from pmtui.delivery.executors import CommandExecutor
    from pmtui.delivery.model_failure import setup_failure
    from pmtui.delivery.sandbox import SANDBOX, resolve
    from tests.test_agent_presets import contract

    npm_agent_installed("claude")
    (tmp_path / "home").mkdir()
    (tmp_path / "tmp").mkdir()
    monkeypatch.delenv("CLAUDE_CODE_MAX_RETRIES", raising=False)
    for name, value in {"HOME": str(tmp_path / "home"), "TMPDIR": str(tmp_path / "tmp"), "NO_COLOR": "1",
                        "ANTHROPIC_API_KEY": "sk-ant-refused", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
                        "DISABLE_TELEMETRY": "1", "DISABLE_AUTOUPDATER": "1", "NO_PROXY": "127.0.0.1,localhost",
                        "PATH": f"{NPM_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}.items():
        monkeypatch.setenv(name, value)
    fake_model.set_responder(lambda body: FakeResponse(status=401, error_message="invalid x-api-key"))
    route = ModelRoute(model="anthropic/claude-sonnet-4-5", api_base=fake_model.base_url)
    claude = resolve_agent("claude", Config(models={"agent": route}))
    assert claude.env["CLAUDE_CODE_MAX_RETRIES"] == str(route.max_retries) == "2"

    # With the run's scratch as TMPDIR, as the engine gives it (Claude Code 2.1 hangs, calling nothing, on a
    # read-only one).
    (tmp_path / "scratch").mkdir()
    token = SANDBOX.set(dataclasses.replace(resolve("auto"), scratch=str(tmp_path / "scratch")))
    try:
        result = await CommandExecutor(claude).run(contract(time_budget_ms=60_000), calculator(tmp_path), attempt=1,
                                                   run_dir=tmp_path / "runs")
    finally:
        SANDBOX.reset(token)

    calls = [r for r in fake_model.requests if r.path.startswith("/v1/messages") and r.body.get("tools")]
    assert not result.timed_out and result.exit_code != 0, [(r.path, r.status) for r in fake_model.requests]
    # The first call and its two retries (Claude Code's own default: eleven, the last after minutes).
    assert len(calls) == 3 and all(r.status == 401 for r in calls), [(r.path, r.status) for r in fake_model.requests]
    # pmtui reads it as the agent's setup (a refused key), the run's one question to the user.
    assert setup_failure(result.output_tail, result.exit_code)[0] == "key", result.output_tail[-2000:]
