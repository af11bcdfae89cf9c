"""A machine where git does not know who the user is still delivers, and nothing is written to any git config.

Found delivering from the TUI at stop 28 with aider, on a home with no ~/.gitconfig and a repository pmtui had just
started: aider checks `git config --get user.name` first and writes "Your Name" into the repository's config when
there is none; pmtui's sandbox keeps the git metadata read-only, so aider crashed on every attempt ("Read-only file
system: '.git/config.lock'"), and without the sandbox pmtui's own commit would have failed ("unable to auto-detect
email address"). The run now lends git the identity it lacks (pmtui <pmtui@localhost>, as a repository pmtui starts
gets for its first commit) through the environment, says so, and gives the environment back when it ends. The agent
here does what aider does, in a real subprocess; real git, real gates.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.config import Config
from pmtui.delivery.agent_presets import resolve_agent
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.git_env import RUN_GIT_ENV, run_git_env
from pmtui.delivery.git_identity import LentIdentity, missing_keys
from pmtui.delivery.git_ops import run_git
from pmtui.delivery.run_context import RunOutcome
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block

MODULE_AGENT = Path(__file__).parent / "agents" / "module_agent.py"


@pytest.fixture
def nobody(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """git with no identity anywhere: an empty global config, no system config, no author in the environment, and a
    repository whose own config names nobody."""
    empty = tmp_path / "empty.gitconfig"
    empty.write_text("")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(empty))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "EMAIL",
                 "GIT_CONFIG_COUNT"):
        monkeypatch.delenv(name, raising=False)
    repo = make_project(tmp_path)
    git(repo, "config", "--unset", "user.name")
    git(repo, "config", "--unset", "user.email")
    assert missing_keys(repo) == ["user.name", "user.email"]
    return repo


def aider_like_agent(tmp_path: Path) -> str:
    """Checks git's identity as aider does, and writes one into the repository's config when there is none (failing
    as aider does when it cannot); then does its task."""
    script = tmp_path / "identity_agent.sh"
    script.write_text('#!/bin/sh\nif [ -z "$(git config --get user.name)" ]; then\n'
                      '  git config user.name "Your Name" || { echo "OSError: cannot write .git/config" >&2; exit 1; }\n'
                      f'fi\nexec "{sys.executable}" "{MODULE_AGENT}"\n')
    script.chmod(0o755)
    return str(script)


def test_a_run_where_git_knows_nobody_commits_as_pmtui_and_writes_no_config(
        nobody: Path, tmp_path: Path, store: Store) -> None:
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("who", [task_block("T1", "Alpha value", module="alpha")], lint=False))
    config = Config(offline=True)
    said: list[str] = []
    engine = DeliveryEngine(store, config, repo=nobody, plan_path=plan,
                            executor=CommandExecutor(resolve_agent(aider_like_agent(tmp_path), config)),
                            run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60,
                            on_event=lambda kind, text: said.append(text))
    outcome = asyncio.run(engine.run(no_wait=True))
    assert outcome.ending == "released", outcome.message
    authors = git(nobody, "log", "--format=%an <%ae>", "pm/who").splitlines()
    assert "pmtui <pmtui@localhost>" in authors, authors
    assert "[user]" not in (nobody / ".git" / "config").read_text()  # neither the agent nor pmtui wrote one
    assert any("git has no user.name or user.email" in line and "pmtui@localhost" in line for line in said), said
    assert "GIT_CONFIG_COUNT" not in os.environ  # the environment given back
    assert missing_keys(nobody) == ["user.name", "user.email"]


def test_a_users_own_identity_is_never_overridden(nobody: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    git(nobody, "config", "user.email", "me@example.com")  # an address but no name: only the name is lent
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")  # the user's own environment config, kept in its place
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "core.autocrlf")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", "false")
    lent = LentIdentity(nobody)
    token = lent.lend()  # the run's environment (git_env.py), as the engine lends it
    try:
        assert lent.keys == ["user.name"] and "user.name = pmtui" in lent.note()
        who = subprocess.run(["git", "var", "GIT_AUTHOR_IDENT"], cwd=nobody, capture_output=True, text=True, check=True,
                             env={**os.environ, **run_git_env()})  # an agent's or a gate's process
        assert who.stdout.startswith("pmtui <me@example.com>"), who.stdout
        assert run_git(nobody, "var", "GIT_AUTHOR_IDENT").startswith("pmtui <me@example.com>")  # pmtui's own git
        assert git(nobody, "config", "--get", "core.autocrlf") == "false"
        assert run_git(nobody, "config", "--get", "core.autocrlf") == "false"
    finally:
        RUN_GIT_ENV.reset(token)
    assert os.environ["GIT_CONFIG_COUNT"] == "1" and "GIT_CONFIG_KEY_1" not in os.environ
    assert run_git_env() == {}
    assert LentIdentity(make_identified(nobody)).note() == ""


def make_identified(repo: Path) -> Path:
    git(repo, "config", "user.name", "Founder")
    return repo


def waiting_agent(tmp_path: Path, name: str, marker: Path) -> str:
    """The module agent, once `marker` exists (the test says when each run may go on)."""
    script = tmp_path / f"{name}_agent.sh"
    script.write_text(f'#!/bin/sh\nwhile [ ! -f "{marker}" ]; do sleep 0.02; done\nexec "{sys.executable}" "{MODULE_AGENT}"\n')
    script.chmod(0o755)
    return str(script)


def test_two_engines_in_one_process_each_lend_their_own_identity(nobody: Path, tmp_path: Path, store: Store) -> None:
    """Left at stop 28: the lent identity lived in os.environ, so of two engines in one process on repositories where
    git knows nobody, the second found the first's and lent none, and when the first ended and gave the environment
    back, the second's commits had no author. Each run now lends its own, in its own context (git_env.py): the first
    ends while the second's agent still works, and the second still commits as pmtui."""
    other = make_project(tmp_path / "other")
    git(other, "config", "--unset", "user.name")
    git(other, "config", "--unset", "user.email")
    config = Config(offline=True)
    markers = {name: tmp_path / f"{name}.go" for name in ("first", "second")}

    def engine(repo: Path, name: str, module: str) -> DeliveryEngine:
        plan = tmp_path / f"{name}.md"
        plan.write_text(plan_text(name, [task_block("T1", f"{module.title()} value", module=module)], lint=False))
        agent = waiting_agent(tmp_path, name, markers[name])
        return DeliveryEngine(store, config, repo=repo, plan_path=plan, sandbox="off",
                              executor=CommandExecutor(resolve_agent(agent, config)), poll_interval=0.05,
                              gate_timeout_s=60)

    first, second = engine(nobody, "first", "alpha"), engine(other, "second", "beta")

    async def both() -> tuple[RunOutcome, RunOutcome]:
        running_first = asyncio.create_task(first.run(no_wait=True))
        while not first.run_id:  # the first run has lent git its identity
            await asyncio.sleep(0.01)
        running_second = asyncio.create_task(second.run(no_wait=True))
        while not second.run_id:
            await asyncio.sleep(0.01)
        markers["first"].write_text("go")
        ended = await running_first  # and gave back what it lent, while the second's agent still waits
        markers["second"].write_text("go")
        return ended, await running_second

    ended_first, ended_second = asyncio.run(both())
    assert ended_first.ending == "released", ended_first
    assert ended_second.ending == "released", ended_second
    for repo, branch in ((nobody, "pm/first"), (other, "pm/second")):
        assert "pmtui <pmtui@localhost>" in git(repo, "log", "--format=%an <%ae>", branch).splitlines()
        assert "[user]" not in (repo / ".git" / "config").read_text()
    assert "GIT_CONFIG_COUNT" not in os.environ and run_git_env() == {}
