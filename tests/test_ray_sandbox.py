"""Attempts on a Ray node are confined as local ones are: the run's sandbox policy travels with each attempt, the
node wraps the agent and its gate commands in its own bubblewrap with its own home hidden, and a run that asks for a
sandbox (`--sandbox on`) on a node that has none fails closed there, the store resumable.

Each test starts a real one-node cluster of its own (a head, 1 CPU) whose environment is the node's: its own $HOME
with keys in it, or a PATH without bubblewrap. The agents are the local sandbox tests' (tests/agents/)."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import socket
import sys
import uuid
from pathlib import Path

import pytest

from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.feed import output_log_path
from pmtui.delivery.progress import status_json
from pmtui.delivery.ray_executor import RayExecutor
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.bwrap import needs_bwrap
from tests.fixtures.delivery_repo import git, make_project, plan_text, refs_count, task_block
from tests.fixtures.ray_cluster import RayCluster

pytestmark = [pytest.mark.ray, pytest.mark.xdist_group("ray"), needs_bwrap]

AGENTS = Path(__file__).parent / "agents"
ESCAPE = f"{shlex.quote(sys.executable)} {shlex.quote(str(AGENTS / 'escape_agent.py'))}"
READER = f"{shlex.quote(sys.executable)} {shlex.quote(str(AGENTS / 'secret_reader_agent.py'))}"
# What the escape agent managed under the sandbox on this machine (tests/test_sandbox.py): its worktree and its
# TMPDIR, nothing else.
CONFINED = {"beside_repo": False, "home": False, "checkout": False, "tmpdir": True, "branch": False, "tag": False}


def setup(tmp_path: Path) -> tuple[Path, Path, Path, Config]:
    """The repository, a one-task plan, the agents' log folder (writable for them) and the run's config."""
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("nodebox", [task_block("T1", "Alpha value", module="alpha", tier="low")], lint=False))
    logs = tmp_path / "agent-logs"
    logs.mkdir()
    config = Config(offline=True)
    # As a user writes them: `~` is whichever home the machine that runs the attempt has.
    config.delivery.sandbox_writable = [str(logs)]
    config.delivery.sandbox_readable = ["~/.config/mytool"]
    return repo, plan, logs, config


def escape_env(repo: Path, logs: Path, tag: str) -> dict[str, str]:
    return {"ESCAPE_DIR": str(repo.parent), "ESCAPE_CHECKOUT": str(repo), "ESCAPE_LOG": str(logs / "escape.json"),
            "ESCAPE_TAG": tag}


def engine(tmp_path: Path, repo: Path, plan: Path, config: Config, executor: object, said: list[str]) -> DeliveryEngine:
    return DeliveryEngine(Store(tmp_path / "pmtui.db"), config, repo=repo, plan_path=plan, executor=executor,  # type: ignore[arg-type]
                          run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60, sandbox="on",
                          on_event=lambda kind, text: said.append(text))


def test_an_agent_on_a_node_reads_no_key_of_the_nodes_home_and_writes_only_its_worktree(tmp_path: Path) -> None:
    repo, plan, logs, config = setup(tmp_path)
    # The node's own home: keys that are no business of the agent, and a tool's settings the config gives back.
    home = tmp_path / "node-home"
    key = f"node-key-{uuid.uuid4().hex}"
    for relative, text in ((".ssh/id_ed25519", key), (".aws/credentials", key), (".config/mytool/settings", "tool")):
        (home / relative).parent.mkdir(parents=True, exist_ok=True)
        (home / relative).write_text(text + "\n")
    before = sorted(str(path.relative_to(home)) for path in home.rglob("*"))
    reads = ["~/.ssh/id_ed25519", "~/.aws/credentials", "~/.config/mytool/settings", "src/calc.py"]
    env = {**escape_env(repo, logs, tmp_path.name), "READ_PATHS": os.pathsep.join(reads),
           "READ_LOG": str(logs / "read.json")}
    head = socket.gethostname()  # the one node's name as pmtui gives it (host:port only where hosts repeat)
    agent = CommandExecutor(shlex.join(["sh", "-c", f"{ESCAPE} && {READER}"]), env=env)
    said: list[str] = []
    cluster = RayCluster(env={"HOME": str(home)}).start(workers=0)
    executor = RayExecutor(agent, address=cluster.address)
    try:
        executor.connect()
        outcome = asyncio.run(engine(tmp_path, repo, plan, config, executor, said).run(no_wait=True))
    finally:
        executor.close()
        cluster.stop()

    # Stopped as on this machine: its worktree and TMPDIR writable, nothing else; the node's keys unread, its home
    # unchanged; what the config gives back (`~` being the node's home) and the repository readable.
    tries = json.loads((logs / "escape.json").read_text())
    assert tries[0] == CONFINED and len(tries) == 1, tries
    assert json.loads((logs / "read.json").read_text()) == {
        "~/.ssh/id_ed25519": None, "~/.aws/credentials": None, "~/.config/mytool/settings": "tool",
        "src/calc.py": '"""Arithmetic for the calculator."""'}
    assert sorted(str(path.relative_to(home)) for path in home.rglob("*")) == before
    assert not list(repo.parent.glob("escaped-*")) and not (repo / "escaped-1.txt").exists()
    assert "stray" not in git(repo, "branch", "--list") + git(repo, "tag", "--list")
    assert outcome.state == "released", outcome.message

    # The status, the feed and the attempt's log say the node ran it confined, and which home it hid.
    dstore = DeliveryStore(Store(tmp_path / "pmtui.db"))
    (task,) = status_json(dstore, outcome.run_id or 0)["tasks"]
    assert task["node_name"] == head and task["sandboxed"] is True and task["attempts"] == 1
    (line,) = [text for text in said if text.startswith(f"node {head} (")]
    assert "sandbox: bubblewrap — agents and gate commands may write only their worktree" in line
    assert f"{home} is hidden" in line
    log = output_log_path(dstore.get_run(outcome.run_id or 0), tmp_path / "pmtui.db", "T1", 1).read_text()
    assert f"[pmtui] node {head} (" in log and "sandbox: bubblewrap" in log
    assert key not in log and key not in (tmp_path / "pmtui.db").read_bytes().decode(errors="replace")


def test_a_node_without_bubblewrap_fails_closed_when_the_run_requires_a_sandbox_and_the_run_resumes(
    tmp_path: Path,
) -> None:
    repo, plan, logs, config = setup(tmp_path)
    # The node's PATH has git and Python (the agent, the gates, Ray itself) but no bubblewrap.
    tools = tmp_path / "node-bin"
    tools.mkdir()
    (tools / "git").symlink_to(git_path())
    env = escape_env(repo, logs, tmp_path.name)
    head = socket.gethostname()
    said: list[str] = []
    cluster = RayCluster(env={"PATH": f"{tools}{os.pathsep}{Path(sys.executable).parent}"}).start(workers=0)
    executor = RayExecutor(CommandExecutor(ESCAPE, env=env), address=cluster.address)
    try:
        executor.connect()
        stopped = asyncio.run(engine(tmp_path, repo, plan, config, executor, said).run(no_wait=True))
    finally:
        executor.close()
        cluster.stop()

    # Refused on the node before anything ran: no agent, no change, a question naming the node and what to do.
    assert stopped.ending == "waiting", stopped.message
    assert not (logs / "escape.json").exists(), "the agent ran on a node that could not confine it"
    assert not list(repo.parent.glob("escaped-*"))
    dstore = DeliveryStore(Store(tmp_path / "pmtui.db"))
    run_id = stopped.run_id or 0
    (escalation,) = dstore.escalations(run_id)
    assert escalation.kind == "node_unfit" and escalation.answer is None
    assert f"node {head} (" in escalation.problem
    assert "cannot run the attempt: --sandbox on: bubblewrap is not installed" in escalation.problem
    assert escalation.options == ["Retry with a fresh budget", "Skip this task (dependents blocked)"]
    task = dstore.task(run_id, "T1")
    assert task.retry_budget == 2 and task.attempts == 1
    assert dstore.last_attempt(run_id, "T1").outcome == "not_run"  # type: ignore[union-attr]
    assert git(repo, "rev-list", "--count", "main..pm/nodebox") == "0"

    # Answered, the same run resumes (here on this machine, which has bubblewrap): the attempt runs confined, under
    # its own number, and the task is committed once.
    dstore.answer_escalation(escalation.id, 1)
    resumed = asyncio.run(engine(tmp_path, repo, plan, config, CommandExecutor(ESCAPE, env=env), said).run())
    assert resumed.state == "released" and resumed.run_id == run_id, resumed.message
    (tried,) = json.loads((logs / "escape.json").read_text())
    assert tried == CONFINED
    (status,) = status_json(dstore, run_id)["tasks"]
    assert (status["node"], status["sandboxed"], status["attempts"]) == ("local", True, 1)
    assert refs_count(repo, "T1") == 1


def git_path() -> str:
    import shutil

    found = shutil.which("git")
    assert found is not None
    return found
