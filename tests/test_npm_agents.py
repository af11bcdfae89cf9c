"""The npm-distributed coding agents end to end: Codex CLI (installed by `make test` in .venv-agents/npm)
delivers the two-task calculator plan of test_real_agents through `pmtui deliver --agent codex`, its model a
scripted server on 127.0.0.1 speaking the tool's own API (Codex: the Responses API, `/v1/responses` SSE, its
`exec_command` tool). The tool knows nothing of pmtui: it gets the preset's command line, the prompt on
standard input and pmtui's [models.agent] route, and runs under pmtui's sandbox where there is one.
Correct code is released with no escalation; wrong code is escalated.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.fake_llm_server import FakeLLMServer, FakeResponse, input_messages
from tests.fixtures.delivery_repo import QUICK_TESTS, RUFF, git
from tests.fixtures.processes import run_pmtui
from tests.test_real_agents import PLAN, PY, REVIEW_PROMPT, TASK, calculator, edits, review_reply, status

NPM_BIN = Path(__file__).resolve().parent.parent / ".venv-agents" / "npm" / "node_modules" / ".bin"


def npm_agent_installed(program: str) -> Path:
    path = NPM_BIN / program
    if not path.exists():
        pytest.skip(f"{program} is not installed in .venv-agents/npm: `make test` (or `make agents`) installs it "
                    "when the npm registry is reachable")
    return path


def codex_responder(wrong: bool):  # type: ignore[no-untyped-def]
    """Codex's turns on a task: write the files with a heredoc, run the tests, then a final message; pmtui's own
    review calls (chat completions to the same endpoint) are answered as in test_real_agents."""

    def respond(body: dict[str, Any]) -> FakeResponse:
        if "input" not in body:
            return review_reply(body) or FakeResponse(text="")
        messages = input_messages(body)
        found = TASK.findall("\n".join(str(m["content"]) for m in messages))
        files = edits(wrong).get(found[-1] if found else "")
        ran = sum(1 for m in messages if m["role"] == "tool")
        if files is None or ran >= 2:
            return FakeResponse(text="Done: the code and its test are written and the tests pass.")
        if ran == 0:
            script = "\n".join(f"cat > {path} <<'PMTUI_EOF'\n{text}PMTUI_EOF" for path, text in files.items())
            return FakeResponse(text="I will write the code and its test.",
                                tool_calls=[{"name": "exec_command", "arguments": {"cmd": script}}])
        tests = f"PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 {PY} -m pytest -q -p no:cacheprovider tests"
        return FakeResponse(text="Now the tests.", tool_calls=[{"name": "exec_command", "arguments": {"cmd": tests}}])

    return respond


@pytest.fixture
def fake_model() -> Iterator[FakeLLMServer]:
    with FakeLLMServer() as server:
        yield server


def deliver(tmp_path: Path, repo: Path, agent: str, server: FakeLLMServer) -> subprocess.CompletedProcess[str]:
    """`pmtui deliver --agent NAME` as a user runs it, with one model endpoint for pmtui and the agent."""
    plan = tmp_path / "plan.md"
    plan.write_text(PLAN.format(agent=agent, ruff=RUFF, quick_tests=QUICK_TESTS))
    config = tmp_path / "pmtui.toml"
    config.write_text(f'[models.agent]\nmodel = "openai/fake-coder"\napi_base = "{server.api_base}"\n',
                      encoding="utf-8")
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
    return run_pmtui(["deliver", str(plan), "--repo", str(repo), "--agent", agent, "--headless", "--no-wait"],
                     env=env, timeout=240)


def test_codex_delivers_correct_code_to_release(tmp_path: Path, fake_model: FakeLLMServer) -> None:
    npm_agent_installed("codex")
    repo = calculator(tmp_path)
    fake_model.set_responder(codex_responder(wrong=False))

    done = deliver(tmp_path, repo, "codex", fake_model)

    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = status(tmp_path)
    assert report["state"] == "released" and report["escalations"] == []
    assert [(t["id"], t["state"], t["attempts"]) for t in report["tasks"]] == [
        ("T1", "completed", 1), ("T2", "completed", 1)]
    final = git(repo, "show", "pm/calc-codex:calc/__init__.py")
    assert "def sub(a, b):\n    return a - b" in final and "def mul(a, b):\n    return a * b" in final
    assert git(repo, "status", "--porcelain") == ""
    turns = [r for r in fake_model.requests if r.path.endswith("/responses")]
    # Per task: the write, the test run, the final message; its commands ran (their output came back).
    assert len(turns) == 6 and all(r.authorization == "Bearer sk-fake-for-tests" for r in turns)
    outputs = [m["content"] for r in turns for m in r.messages if m["role"] == "tool"]
    assert any("2 passed" in out for out in outputs) and any("3 passed" in out for out in outputs), outputs[-2:]
    assert any(REVIEW_PROMPT in r.text() for r in fake_model.requests), "the tier review went to the user's model"


def test_codex_writing_wrong_code_is_escalated(tmp_path: Path, fake_model: FakeLLMServer) -> None:
    npm_agent_installed("codex")
    repo = calculator(tmp_path)
    fake_model.set_responder(codex_responder(wrong=True))

    done = deliver(tmp_path, repo, "codex", fake_model)

    assert done.returncode == 3, done.stdout[-3000:] + done.stderr[-3000:]
    report = status(tmp_path)
    assert report["state"] == "waiting_for_human"
    (escalation,) = report["escalations"]
    assert escalation["task_id"] == "T1" and "tests" in escalation["problem"]
    tasks = {t["id"]: t for t in report["tasks"]}
    assert tasks["T1"]["status"] == "escalated" and tasks["T1"]["commit"] is None
    assert tasks["T2"]["state"] == "received"
    assert git(repo, "log", "--format=%s", "pm/calc-codex").splitlines() == ["a calculator that adds"]
