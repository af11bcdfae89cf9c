"""Executors against real subprocesses in temporary git repositories, and the LLM agent's jail."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pmtui.config import Config, ModelRoute
from pmtui.delivery.contract import build_contract
from pmtui.delivery.executors import CommandExecutor, ScriptedExecutor, write_files
from pmtui.delivery.llm_agent import LLMAgentExecutor, PathRefused, RepositoryJail
from pmtui.delivery.plan import parse_plan
from pmtui.llm.gateway import LLMGateway
from pmtui.models.delivery import TaskContract
from pmtui.store import Store
from tests.fake_llm_server import FakeLLMServer
from tests.fixtures.repo_copies import copy_of
from tests.fixtures.steps import commit_behind_pm, crash, delete_files, sequence, sleep

AGENTS = Path(__file__).parent / "agents"
PLAN = """\
# Plan: Habit tracker MVP
plan-id: habit-mvp

## Environment
- lint: ruff check .
- test: pytest -q

## Tasks

### T1: Storage layer
- ownership: storage
- files: create src/store.py; modify src/app.py
- tests: tests/test_store.py
- time-budget: 30s

Acceptance criteria:
- Habits persist across restarts
- Deleting a habit removes its history
"""


def agent(name: str, *args: str) -> str:
    return shlex.join([sys.executable, str(AGENTS / name), *args])


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout.strip()


def _build_repo(root: Path) -> None:
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test User")
    git(root, "config", "user.email", "test@example.com")
    (root / "README.md").write_text("habit tracker\n")
    git(root, "add", "README.md")
    git(root, "commit", "-q", "-m", "initial")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return copy_of(_build_repo, tmp_path / "repo")


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    return tmp_path / "run"


def make_contract(**changes: object) -> TaskContract:
    plan = parse_plan(PLAN)
    contract = build_contract(plan, plan.tasks[0], shared_context="Python 3.11 habit tracker",
                              task_delta="src/app.py is the entry point")
    return contract.model_copy(update=changes)


# -- the command executor -----------------------------------------------------------------------------
async def test_env_vars_placeholders_and_stdin_reach_the_agent(repo: Path, run_dir: Path) -> None:
    command = agent("report_agent.py", "--prompt={prompt_file}", "{task_file}", "{result_file}", "{task_id}",
                    "{attempt}", "{repo}")
    executor = CommandExecutor(command, env={"AGENT_FLAVOUR": "test"})
    lines: list[str] = []

    result = await executor.run(make_contract(), repo, attempt=2, run_dir=run_dir, on_output=lines.append)

    seen_files = list(run_dir.glob("*.seen.json"))
    assert len(seen_files) == 1
    seen = json.loads(seen_files[0].read_text())
    env = seen["env"]
    assert env["PMTUI_TASK_ID"] == "T1"
    assert env["PMTUI_ATTEMPT"] == "2"
    assert env["PMTUI_REPO"] == str(repo.resolve())
    assert Path(seen["cwd"]).resolve() == repo.resolve()
    for key in ("PMTUI_TASK_FILE", "PMTUI_PROMPT_FILE", "PMTUI_RESULT_FILE"):
        assert Path(env[key]).parent == run_dir.resolve()
        assert not Path(env[key]).is_relative_to(repo)
    assert seen["argv"] == [f"--prompt={env['PMTUI_PROMPT_FILE']}", env["PMTUI_TASK_FILE"],
                            env["PMTUI_RESULT_FILE"], "T1", "2", str(repo.resolve())]
    task = json.loads(Path(env["PMTUI_TASK_FILE"]).read_text())
    assert task["task_id"] == "T1" and task["attempt"] == 2
    prompt = Path(env["PMTUI_PROMPT_FILE"]).read_text()
    assert seen["stdin"] == prompt
    assert prompt.startswith("# Task T1: Storage layer")
    assert result.exit_code == 0 and result.self_assessment == "confident"
    assert result.evidence == ["recorded"]
    assert env["AGENT_FLAVOUR"] == "test"
    assert lines == ["report agent: recorded task T1"]
    assert result.output_tail == "report agent: recorded task T1"


async def test_result_file_is_parsed_and_files_are_real(repo: Path, run_dir: Path) -> None:
    result = await CommandExecutor(agent("write_file_agent.py")).run(
        make_contract(failure_evidence=["tests: 1 failed"]), repo, attempt=2, run_dir=run_dir)

    assert result.exit_code == 0 and not result.timed_out and not result.result_file_error
    assert result.files_changed == ["src/store.py"]
    assert result.self_assessment == "confident"
    assert result.criteria_map == {"Habits persist across restarts": "src/store.py:2",
                                   "Deleting a habit removes its history": "src/store.py:3"}
    assert "failure evidence seen: 1" in result.evidence
    lines = (repo / "src/store.py").read_text().splitlines()
    assert lines[0] == "# T1 attempt 2"
    assert lines[1] == "# implements: Habits persist across restarts"


async def test_prompt_on_stdin_is_enough_for_a_stdin_agent(repo: Path, run_dir: Path) -> None:
    result = await CommandExecutor(agent("stdin_agent.py")).run(make_contract(), repo, attempt=1, run_dir=run_dir)

    assert result.exit_code == 0
    assert (repo / "NOTES.md").read_text() == "# Task T1: Storage layer\n"
    assert result.files_changed == ["NOTES.md"]


async def test_placeholders_let_an_agent_cli_ignore_the_environment(repo: Path, run_dir: Path) -> None:
    command = agent("prompt_file_agent.py", "--message-file", "{prompt_file}", "--out", "{result_file}",
                    "--task", "{task_id}")
    result = await CommandExecutor(command).run(make_contract(), repo, attempt=1, run_dir=run_dir)

    assert result.exit_code == 0
    assert result.evidence == ["# Task T1: Storage layer", "task T1"]
    assert result.blockers == ["prompt file agent knows nothing"]
    assert result.self_assessment == "uncertain"


async def test_missing_result_file_is_uncertain_and_says_git_decides(repo: Path, run_dir: Path) -> None:
    command = shlex.join([sys.executable, "-c", "open('made.txt', 'w').write('x')"])
    result = await CommandExecutor(command).run(make_contract(), repo, attempt=1, run_dir=run_dir)

    assert result.exit_code == 0
    assert result.self_assessment == "uncertain"
    assert result.files_changed == []
    assert not result.result_file_error
    assert any("no result file" in line for line in result.evidence)
    assert (repo / "made.txt").exists()


@pytest.mark.parametrize(
    ("mode", "expected"),
    [("notjson", "not valid JSON"), ("list", "holds a JSON list"), ("types", "wrong types"),
     ("huge", "the limit is")],
)
async def test_garbage_result_file_sets_an_error_and_never_raises(
    repo: Path, run_dir: Path, mode: str, expected: str
) -> None:
    result = await CommandExecutor(agent("garbage_agent.py", mode)).run(
        make_contract(), repo, attempt=1, run_dir=run_dir)

    assert result.exit_code == 0
    assert expected in result.result_file_error
    assert result.self_assessment == "uncertain"
    assert result.files_changed == [] and result.criteria_map == {}


async def test_a_stale_result_file_from_an_earlier_run_is_not_read(repo: Path, run_dir: Path) -> None:
    await CommandExecutor(agent("write_file_agent.py")).run(make_contract(), repo, attempt=1, run_dir=run_dir)
    command = shlex.join([sys.executable, "-c", "pass"])

    rerun = await CommandExecutor(command).run(make_contract(), repo, attempt=1, run_dir=run_dir)

    assert rerun.self_assessment == "uncertain" and rerun.criteria_map == {}


async def test_non_zero_exit_is_recorded_with_stderr_in_the_tail(repo: Path, run_dir: Path) -> None:
    result = await CommandExecutor(agent("crash_agent.py", "T1")).run(make_contract(), repo, attempt=1,
                                                                      run_dir=run_dir)

    assert result.exit_code == 3
    assert not result.timed_out
    assert "agent exited with code 3" in result.evidence
    assert "RuntimeError: the agent fell over" in result.output_tail
    assert "starting work on ['T1']" in result.output_tail


async def test_output_streams_every_line_and_keeps_the_last_200(repo: Path, run_dir: Path) -> None:
    command = shlex.join([sys.executable, "-c", "for n in range(500): print('line', n)"])
    lines: list[str] = []

    result = await CommandExecutor(command).run(make_contract(), repo, attempt=1, run_dir=run_dir,
                                                on_output=lines.append)

    assert lines == [f"line {n}" for n in range(500)]
    tail = result.output_tail.splitlines()
    assert len(tail) == 200 and tail[0] == "line 300" and tail[-1] == "line 499"


async def test_a_failing_output_callback_is_detached_not_fatal(repo: Path, run_dir: Path) -> None:
    def broken(line: str) -> None:
        raise RuntimeError("viewer gone")

    result = await CommandExecutor(agent("write_file_agent.py")).run(make_contract(), repo, attempt=1,
                                                                     run_dir=run_dir, on_output=broken)

    assert result.exit_code == 0 and result.files_changed == ["src/store.py"]
    assert any("output callback failed and was detached: RuntimeError: viewer gone" in e for e in result.evidence)


def _gone(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    # A zombie has been killed; only its parent has not collected it yet.
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


def _wait_until_gone(pid: int) -> bool:
    for _ in range(100):
        if _gone(pid):
            return True
        time.sleep(0.05)
    return False


async def test_timeout_kills_the_whole_process_group(repo: Path, run_dir: Path, tmp_path: Path) -> None:
    pids_file = tmp_path / "pids.json"
    contract = make_contract(time_budget_ms=1500)

    result = await CommandExecutor(agent("sleeping_agent.py", str(pids_file))).run(
        contract, repo, attempt=1, run_dir=run_dir)

    assert result.timed_out
    assert any("timed out after 1.5 s" in line for line in result.evidence)
    assert "sleeping" in result.output_tail
    pids = json.loads(pids_file.read_text())
    assert _wait_until_gone(pids["agent"])
    assert _wait_until_gone(pids["grandchild"])


async def test_command_not_found_is_a_result_not_an_exception(repo: Path, run_dir: Path) -> None:
    result = await CommandExecutor("no-such-agent-cli-7f3a --yes").run(make_contract(), repo, attempt=1,
                                                                      run_dir=run_dir)

    assert result.exit_code == 127
    assert result.self_assessment == "blocked"
    assert any("agent command not found: 'no-such-agent-cli-7f3a'" in line for line in result.evidence)


async def test_a_missing_working_tree_is_reported_not_raised(tmp_path: Path, run_dir: Path) -> None:
    result = await CommandExecutor(agent("report_agent.py")).run(make_contract(), tmp_path / "gone", attempt=1,
                                                                 run_dir=run_dir)

    assert result.exit_code == 126 and result.self_assessment == "blocked"
    assert "does not exist" in result.evidence[0]


def test_an_empty_command_is_refused_up_front() -> None:
    with pytest.raises(ValueError, match="empty"):
        CommandExecutor("   ")


# -- the scripted executor ------------------------------------------------------------------------------
async def test_scripted_steps_play_one_per_attempt_and_make_real_changes(repo: Path, run_dir: Path) -> None:
    executor = ScriptedExecutor({
        "T1": [
            write_files({"src/store.py": "def save():\n    return 1\n"}),
            sequence(write_files({"src/store.py": "def save():\n    return 2\n"}),
                     delete_files(["README.md"])),
        ],
    })

    first = await executor.run(make_contract(), repo, attempt=1, run_dir=run_dir)
    assert first.exit_code == 0 and first.files_changed == ["src/store.py"]
    assert first.self_assessment == "confident"
    assert "return 1" in (repo / "src/store.py").read_text()

    second = await executor.run(make_contract(), repo, attempt=2, run_dir=run_dir)
    assert second.files_changed == ["README.md"]
    assert "return 2" in (repo / "src/store.py").read_text()
    assert not (repo / "README.md").exists()
    third = await executor.run(make_contract(), repo, attempt=3, run_dir=run_dir)
    assert third.exit_code == 0
    assert executor.calls == [("T1", 1), ("T1", 2), ("T1", 3)]


async def test_scripted_crash_timeout_and_missing_step(repo: Path, run_dir: Path) -> None:
    executor = ScriptedExecutor({"T1": [crash("boom"), sleep(30), lambda workdir, contract: None]})

    crashed = await executor.run(make_contract(), repo, attempt=1, run_dir=run_dir)
    assert crashed.exit_code == 1
    assert crashed.evidence == ["agent crashed: RuntimeError: boom"]
    assert "RuntimeError: boom" in crashed.output_tail

    slow = await executor.run(make_contract(time_budget_ms=50), repo, attempt=2, run_dir=run_dir)
    assert slow.timed_out and slow.exit_code is None

    silent = await executor.run(make_contract(), repo, attempt=3, run_dir=run_dir)
    assert silent.exit_code == 0 and silent.self_assessment == "uncertain"

    unknown = await executor.run(make_contract(task_id="T9"), repo, attempt=1, run_dir=run_dir)
    assert unknown.exit_code == 1 and "no scripted step for task T9" in unknown.blockers[0]


async def test_scripted_commit_behind_the_pm_moves_head(repo: Path, run_dir: Path) -> None:
    before = git(repo, "rev-parse", "HEAD")
    executor = ScriptedExecutor(lambda contract, attempt: commit_behind_pm({"src/store.py": "x = 1\n"}))

    result = await executor.run(make_contract(), repo, attempt=1, run_dir=run_dir)

    assert result.exit_code == 0
    assert git(repo, "rev-parse", "HEAD") != before
    assert git(repo, "log", "-1", "--format=%an") == "Rogue Agent"
    assert git(repo, "status", "--porcelain") == ""


# -- the LLM agent ----------------------------------------------------------------------------------
def tool_call(name: str, **args: object) -> str:
    return json.dumps({"tool": name, "args": args})


@pytest.fixture
def llm_executor(fake_llm: FakeLLMServer, store: Store, monkeypatch: pytest.MonkeyPatch) -> LLMAgentExecutor:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-agent-test-0000")
    route = ModelRoute(model="openai/fake-coder", api_base=fake_llm.api_base, timeout=5, max_retries=0)
    config = Config(models={"agent": route})
    project = store.create_project("Habit tracker")
    return LLMAgentExecutor(lambda: LLMGateway(config, store), project_id=project, command_timeout_s=20)


async def test_llm_agent_writes_a_file_runs_a_command_and_finishes(
    llm_executor: LLMAgentExecutor, fake_llm: FakeLLMServer, store: Store, repo: Path, run_dir: Path
) -> None:
    fake_llm.enqueue(
        tool_call("list_dir", path="."),
        tool_call("write_file", path="src/store.py", content="def save():\n    return True\n"),
        tool_call("run_command", argv=[sys.executable, "-c", ("import sys; sys.path.insert(0, 'src'); "
                                       "import store; print('saved', store.save())")]),
        tool_call("finish", files_changed=["src/store.py"], self_assessment="confident",
                  evidence=["saved True"], criteria_map={"Habits persist across restarts": "src/store.py:1"}),
    )

    result = await llm_executor.run(make_contract(), repo, attempt=1, run_dir=run_dir)

    assert result.exit_code == 0 and result.self_assessment == "confident"
    assert result.files_changed == ["src/store.py"]
    assert result.criteria_map == {"Habits persist across restarts": "src/store.py:1"}
    assert (repo / "src/store.py").read_text() == "def save():\n    return True\n"
    assert fake_llm.call_count == 4
    first = fake_llm.requests[0]
    assert [t["function"]["name"] for t in first.body["tools"]] == [
        "read_file", "write_file", "list_dir", "run_command", "finish"]
    assert "# Task T1: Storage layer" in first.text()
    assert "README.md" in fake_llm.requests[1].text()
    assert "exit code 0\nsaved True" in fake_llm.requests[3].text()
    calls = store.llm_calls(llm_executor.project_id or 0)
    assert len(calls) == 4
    assert all(c["task_type"] == "agent" and c["model"] == "openai/fake-coder" and c["prompt_tokens"] > 0
               and c["error"] == "" for c in calls)


async def test_llm_agent_refusals_go_back_to_the_model(
    llm_executor: LLMAgentExecutor, fake_llm: FakeLLMServer, repo: Path, run_dir: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (repo / "link").symlink_to(outside)
    (repo / "passwd-link").symlink_to("/etc/passwd")
    fake_llm.enqueue(
        tool_call("write_file", path="../escape.txt", content="out"),
        tool_call("read_file", path="/etc/passwd"),
        tool_call("write_file", path="link/planted.txt", content="out"),
        tool_call("read_file", path="passwd-link"),
        tool_call("write_file", path="src/../../escape2.txt", content="out"),
        tool_call("write_file", path=".git/hooks/pre-commit", content="#!/bin/sh\n"),
        tool_call("run_command", argv=["sh", "-c", "cat /etc/passwd"]),
        tool_call("run_command", argv=["cat", "/etc/passwd"]),
        tool_call("finish", self_assessment="blocked", blockers=["everything was refused"]),
    )

    result = await llm_executor.run(make_contract(), repo, attempt=1, run_dir=run_dir)

    assert result.self_assessment == "blocked" and result.files_changed == []
    assert not (tmp_path / "escape.txt").exists() and not (tmp_path / "escape2.txt").exists()
    assert not (outside / "planted.txt").exists()
    assert not (repo / ".git/hooks/pre-commit").exists()
    answers = [request.messages[-1]["content"] for request in fake_llm.requests[1:]]
    assert "'..' leads outside the repository" in answers[0]
    assert "absolute paths are outside the repository" in answers[1]
    assert "'link' is a symlink that points outside the repository" in answers[2]
    assert "'passwd-link' is a symlink that points outside the repository" in answers[3]
    assert "'..' leads outside the repository" in answers[4]
    assert "the .git directory belongs to the PM" in answers[5]
    assert "without a shell" in answers[6]
    assert "absolute paths are outside the repository" in answers[7]
    assert all("root:" not in answer for answer in answers)


async def test_llm_agent_stops_after_its_step_limit(
    fake_llm: FakeLLMServer, store: Store, repo: Path, run_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-agent-test-0000")
    route = ModelRoute(model="openai/fake-coder", api_base=fake_llm.api_base, timeout=5, max_retries=0)
    executor = LLMAgentExecutor(lambda: LLMGateway(Config(models={"agent": route}), store), max_steps=3)
    fake_llm.set_responder(lambda body: tool_call("list_dir", path="."))

    result = await executor.run(make_contract(), repo, attempt=1, run_dir=run_dir)

    assert result.exit_code == 1
    assert fake_llm.call_count == 3
    assert "used its 3 tool steps without calling finish" in result.evidence[0]


async def test_llm_agent_without_a_model_is_blocked_not_crashed(store: Store, repo: Path, run_dir: Path) -> None:
    executor = LLMAgentExecutor(lambda: LLMGateway(Config(), store))

    result = await executor.run(make_contract(), repo, attempt=1, run_dir=run_dir)

    assert result.exit_code == 1 and result.self_assessment == "blocked"
    assert "no model is configured for the agent" in result.blockers[0]


def test_jail_allows_inside_symlinks_and_refuses_the_rest(repo: Path, tmp_path: Path) -> None:
    (repo / "src").mkdir()
    (repo / "src/app.py").write_text("x = 1\n")
    (repo / "alias").symlink_to(repo / "src")
    (repo / "up").symlink_to("..")
    jail = RepositoryJail(repo)

    assert jail.resolve("alias/app.py") == (repo / "src/app.py").resolve()
    assert jail.resolve("src/./app.py") == (repo / "src/app.py").resolve()
    assert jail.resolve("src/../README.md") == (repo / "README.md").resolve()
    for bad in ("up/escape", "/tmp/x", "~/x", "../x", "src/../../x", ".git/config", 42):
        with pytest.raises(PathRefused):
            jail.resolve(bad)
    assert os.path.realpath(repo) == str(jail.root)
