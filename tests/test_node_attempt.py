"""One attempt as a cluster node runs it (node_attempt.py), on this machine and without Ray: the clone
at the base commit from a real git bundle (or a remote), the change carried there and back
binary-safe, the gates run in the clone, the agent's misconduct seen there, and a node that lacks
the agent's program saying so before it starts."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.delivery import git_ops, git_transfer, git_worktrees
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.node_attempt import AttemptSpec, NodeOutcome, pickled_executor, run_attempt
from pmtui.models.delivery import AgentResult, EnvironmentContract, ExpectedFiles, TaskContract
from tests.fixtures.bwrap import needs_bwrap
from tests.fixtures.delivery_repo import git, make_project

AGENT = r'''
import os, pathlib, subprocess, sys
root = pathlib.Path.cwd()
print("agent at work", flush=True)
(root / "src" / "blob.bin").write_bytes(bytes(range(256)) * 4)
(root / "src" / "calc.py").write_text(open("src/calc.py").read() + "\n\ndef sub(a: int, b: int) -> int:\n    return a - b\n")
(root / "tests" / "test_calc.py").unlink()
(root / "run.sh").write_text("#!/bin/sh\necho hi\n")
os.chmod(root / "run.sh", 0o755)
(root / "notes.log").write_text("ignored by git\n")
if os.environ.get("COMMIT") == "1":
    subprocess.run(["git", "add", "-A"], check=True)
    subprocess.run(["git", "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "sneak"], check=True)
print("agent done", flush=True)
'''


def contract(test_command: str | None = None) -> TaskContract:
    return TaskContract(
        task_id="T1", title="Subtraction", tier="low", acceptance_criteria=["sub subtracts"],
        expected_files=ExpectedFiles(modify=["src/calc.py"]),
        environment=EnvironmentContract(test_command=test_command), time_budget_ms=60_000,
    )


def spec_for(root: Path, tmp_path: Path, command: str, *, env: dict[str, str] | None = None,
             test_command: str | None = None, start_patch: bytes = b"") -> AttemptSpec:
    blob, program = pickled_executor(CommandExecutor(command, env=env))
    return AttemptSpec(task_id="T1", attempt=1, contract_json=contract(test_command).model_dump_json(),
                       executor=blob, program=program, base=git_ops.head(root)[0] or "",
                       start_patch=start_patch, gate_timeout_s=60)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = make_project(tmp_path)
    (root / ".gitignore").write_text((root / ".gitignore").read_text() + "*.log\n")
    git(root, "commit", "-qam", "ignore logs")
    return root


def bundle_of(root: Path, tmp_path: Path) -> bytes:
    path = tmp_path / "base.bundle"
    git_transfer.bundle_head(root, path)
    return path.read_bytes()


def test_the_change_comes_back_binary_safe_and_applies_to_the_base(tmp_path: Path, project: Path) -> None:
    agent = tmp_path / "agent.py"
    agent.write_text(AGENT)
    lines: list[str] = []
    spec = spec_for(project, tmp_path, f"{sys.executable} {agent}",
                    test_command=f"{sys.executable} -c \"import pathlib; assert pathlib.Path('run.sh').exists()\"")
    outcome = asyncio.run(run_attempt(spec, bundle_of(project, tmp_path), lines.append))
    # Through the wire format, as it travels from the node.
    outcome = NodeOutcome.from_wire(outcome.to_wire())

    assert outcome.unfit == ""
    assert lines == ["agent at work", "agent done"]
    assert outcome.tampering == []
    assert outcome.gates["test"] and '"exit_code":0' in outcome.gates["test"]
    assert set(outcome.gates) == {"lint", "typecheck", "test"}
    git_transfer.apply_patch(project, outcome.patch)
    assert (project / "src" / "blob.bin").read_bytes() == bytes(range(256)) * 4
    assert "def sub" in (project / "src" / "calc.py").read_text()
    assert not (project / "tests" / "test_calc.py").exists()
    assert os.access(project / "run.sh", os.X_OK)
    assert not (project / "notes.log").exists()  # ignored files are not part of the change
    change = git_ops.change_set(project)
    assert sorted(change.files()) == ["run.sh", "src/blob.bin", "src/calc.py", "tests/test_calc.py"]


def test_a_fix_attempt_starts_from_the_earlier_change_and_a_commit_is_evidence(tmp_path: Path, project: Path) -> None:
    (project / "src" / "earlier.py").write_text("EARLIER = 1\n")
    start = git_transfer.binary_patch(project, git_ops.head(project)[0] or "")
    git_worktrees.reset_worktree(project, git_ops.head(project)[0] or "")
    agent = tmp_path / "agent.py"
    agent.write_text(AGENT)
    spec = spec_for(project, tmp_path, f"{sys.executable} {agent}", env={"COMMIT": "1"}, start_patch=start)
    outcome = asyncio.run(run_attempt(spec, bundle_of(project, tmp_path)))

    assert any("HEAD moved" in line for line in outcome.tampering)
    git_transfer.apply_patch(project, outcome.patch)
    # The agent's commit was undone on the node; its change, and the earlier one, came back.
    assert (project / "src" / "earlier.py").read_text() == "EARLIER = 1\n"
    assert (project / "src" / "blob.bin").exists()


def test_the_base_can_come_from_a_remote_instead_of_a_bundle(tmp_path: Path, project: Path) -> None:
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    base = git_ops.head(project)[0] or ""
    ref = git_transfer.push_base(project, str(remote), base)
    assert git_transfer.push_base(project, str(remote), base) == ref  # pushing the same base again is a no-op
    agent = tmp_path / "agent.py"
    agent.write_text(AGENT)
    spec = spec_for(project, tmp_path, f"{sys.executable} {agent}")
    spec.remote, spec.remote_ref = str(remote), ref
    outcome = asyncio.run(run_attempt(spec, None))
    git_transfer.apply_patch(project, outcome.patch)
    assert (project / "run.sh").exists()


def test_a_node_without_the_agents_program_says_so_before_it_clones(tmp_path: Path, project: Path) -> None:
    spec = spec_for(project, tmp_path, "no-such-agent-cli --yes {prompt_file}")
    outcome = asyncio.run(run_attempt(spec, b"not even a bundle"))
    assert outcome.unfit == "agent command not found: 'no-such-agent-cli' (is it installed and on PATH on this node?)"
    assert outcome.patch == b"" and outcome.agent_result_json == ""


def test_a_node_without_a_gate_commands_program_says_so_before_it_clones(tmp_path: Path, project: Path) -> None:
    """Found delivering on a Ray cluster by hand (2026-11-27): a node whose PATH lacked ruff and mypy ran the agent,
    then failed lint with exit 127 twice, and the task escalated as the agent's failure ("3 of 4 criteria not mapped")
    with its budget spent. A missing gate program is the node's problem: said before anything runs, like the agent's."""
    spec = spec_for(project, tmp_path, f"{sys.executable} -c pass", test_command="no-such-test-runner -q")
    outcome = asyncio.run(run_attempt(spec, b"not even a bundle"))
    assert outcome.unfit == ("gate command not found: 'no-such-test-runner', which the plan's test command "
                             "`no-such-test-runner -q` runs (is it installed and on PATH on this node?)")
    assert outcome.patch == b"" and outcome.agent_result_json == ""
    # A program in the repository itself (a relative path) is there once the clone is: not refused before it.
    relative = spec_for(project, tmp_path, f"{sys.executable} -c pass", test_command="./scripts/test.sh")
    assert asyncio.run(run_attempt(relative, bundle_of(project, tmp_path))).unfit == ""


def test_an_executor_that_cannot_travel_is_refused_with_what_to_do() -> None:
    from pmtui.delivery.executors import ScriptedExecutor

    with pytest.raises(ValueError, match="run the agent as a command"):
        pickled_executor(ScriptedExecutor({"*": [lambda workdir, contract: None]}))


NOSY_AGENT = r'''
import pathlib
home = pathlib.Path.home()
seen = {}
try:
    seen["key"] = (home / ".ssh" / "id_rsa").read_text().strip()
except OSError:
    seen["key"] = None
try:
    (home / "planted-by-agent").write_text("x")
    seen["home_write"] = True
except OSError:
    seen["home_write"] = False
pathlib.Path("src/calc.py").write_text(pathlib.Path("src/calc.py").read_text() + "\nX = 1\n")
print("seen", sorted(seen.items()), flush=True)
'''


def nosy_spec(project: Path, tmp_path: Path, mode: str) -> AttemptSpec:
    """An attempt whose agent reads a key in $HOME and writes there, and whose test gate writes there too, under the
    run's sandbox policy `mode`; sent through the wire format, as it reaches a node."""
    agent = tmp_path / "nosy.py"
    agent.write_text(NOSY_AGENT)
    gate = f"{sys.executable} -c \"import pathlib; (pathlib.Path.home() / 'planted-by-gate').write_text('x')\""
    spec = spec_for(project, tmp_path, f"{sys.executable} {agent}", test_command=gate)
    spec.sandbox = mode
    return AttemptSpec.from_wire(spec.to_wire())


@needs_bwrap
def test_a_node_confines_the_agent_and_its_gates_under_the_runs_policy_with_its_own_home(
    tmp_path: Path, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "node-home"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("node key\n")
    monkeypatch.setenv("HOME", str(home))
    lines: list[str] = []
    outcome = asyncio.run(run_attempt(nosy_spec(project, tmp_path, "on"), bundle_of(project, tmp_path), lines.append))

    assert outcome.unfit == ""
    assert lines == ["seen [('home_write', False), ('key', None)]"]
    assert sorted(path.name for path in home.iterdir()) == [".ssh"]  # neither the agent nor the gate wrote there
    assert '"exit_code":0' not in outcome.gates["test"]
    assert outcome.sandbox.startswith("sandbox: bubblewrap") and f"{home.resolve()} is hidden" in outcome.sandbox
    assert AgentResult.model_validate_json(outcome.agent_result_json).sandboxed is True
    git_transfer.apply_patch(project, outcome.patch)
    assert (project / "src" / "calc.py").read_text().endswith("\nX = 1\n")  # its worktree it may write


def test_a_node_without_bubblewrap_refuses_a_run_that_requires_one_and_runs_an_auto_one_unconfined(
    tmp_path: Path, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = tmp_path / "node-bin"
    tools.mkdir()
    (tools / "git").symlink_to(shutil.which("git") or "/usr/bin/git")
    home = tmp_path / "node-home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("PATH", str(tools))
    refused = asyncio.run(run_attempt(nosy_spec(project, tmp_path, "on"), bundle_of(project, tmp_path)))
    assert refused.unfit.startswith("--sandbox on: bubblewrap is not installed (install it with `apt-get install")
    assert refused.patch == b"" and refused.agent_result_json == "" and not list(home.iterdir())

    # `auto` is best effort, as on this machine: unconfined, and it says so.
    lines: list[str] = []
    ran = asyncio.run(run_attempt(nosy_spec(project, tmp_path, "auto"), bundle_of(project, tmp_path), lines.append))
    assert ran.unfit == "" and lines == ["seen [('home_write', True), ('key', None)]"]
    assert ran.sandbox.startswith("sandbox: none — bubblewrap is not installed")
    assert AgentResult.model_validate_json(ran.agent_result_json).sandboxed is False


def test_a_node_where_git_knows_nobody_lends_its_clone_an_identity(
        tmp_path: Path, project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As on the machine that runs pmtui (tests/test_git_identity.py): a node with no git identity gives its scratch
    clone one, so an agent that checks it first does not stop there (aider writes one, which a node's sandbox
    refuses); the user's repository is not touched and nothing of the identity comes back in the change."""
    empty = tmp_path / "empty.gitconfig"
    empty.write_text("")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(empty))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "EMAIL"):
        monkeypatch.delenv(name, raising=False)
    agent = tmp_path / "identity_agent.sh"
    agent.write_text('#!/bin/sh\n[ -n "$(git config --get user.name)" ] || { echo "no git identity" >&2; exit 3; }\n'
                     'echo "x = 1" >> src/calc.py\n')
    agent.chmod(0o755)
    outcome = asyncio.run(run_attempt(spec_for(project, tmp_path, str(agent)), bundle_of(project, tmp_path)))
    result = AgentResult.model_validate_json(outcome.agent_result_json)
    assert result.exit_code == 0, result.output_tail
    git_transfer.apply_patch(project, outcome.patch)
    assert git_ops.change_set(project).files() == ["src/calc.py"]
