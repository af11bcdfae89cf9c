"""Confinement: under bubblewrap an agent can write its worktree and nothing else; without it, its
writes beside the repository and into the user's checkout fail the gate, its branches and tags are
removed and reported; `--sandbox on` without a working bubblewrap refuses to deliver."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.delivery.sandbox import Sandbox, SandboxPolicy, SandboxUnavailable, probe, resolve
from tests.fixtures.bwrap import needs_bwrap
from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block

AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'escape_agent.py'}"


def setup(tmp_path: Path, *, sandbox_writable: bool = True) -> tuple[Path, Path, dict[str, str]]:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("box", [task_block("T1", "Alpha value", module="alpha")], lint=False))
    logs = tmp_path / "agent-logs"
    logs.mkdir()
    home = tmp_path / "home"
    home.mkdir()
    config = tmp_path / "pmtui.toml"
    config.write_text(f'[delivery]\nsandbox_writable = ["{logs}"]\n' if sandbox_writable else "", encoding="utf-8")
    env = {
        "PMTUI_CONFIG": str(config), "HOME": str(home), "ESCAPE_DIR": str(repo.parent),
        "ESCAPE_CHECKOUT": str(repo), "ESCAPE_LOG": str(logs / "escape.json"), "ESCAPE_TAG": tmp_path.name,
    }
    return repo, plan, env


def pmtui(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pmtui", *args], capture_output=True, text=True, timeout=180,
                          env={**os.environ, **env}, check=False)


def status(env: dict[str, str]) -> dict:
    done = pmtui("status", "--json", env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@needs_bwrap
def test_a_sandboxed_agent_writes_its_worktree_and_nothing_else(tmp_path: Path) -> None:
    repo, plan, env = setup(tmp_path)
    env["ESCAPE_GIT"] = "1"
    done = pmtui("deliver", str(plan), "--repo", str(repo), "--agent", AGENT, "--headless", "--sandbox", "on",
                 env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "sandbox: bubblewrap" in done.stdout
    (tried,) = json.loads(Path(env["ESCAPE_LOG"]).read_text())
    # It stages its work as agents do (`git add` failed on the read-only index before: exit 128), in an index
    # of its own; history stays out of its reach.
    assert tried == {"beside_repo": False, "home": False, "checkout": False, "tmpdir": True, "branch": False,
                     "tag": False, "stage": True, "status": True, "staged": True, "commit": False}
    assert not list(repo.parent.glob("escaped-*")) and not list(Path(env["HOME"]).iterdir())
    assert "stray" not in git(repo, "branch", "--list") + git(repo, "tag", "--list")
    data = status(env)
    assert [task["sandboxed"] for task in data["tasks"]] == [True]
    committed = git(repo, "show", "--name-only", "--format=", "pm/box~1").split()
    assert sorted(committed) == ["docs/reviews/T1-review.md", "src/alpha.py", "tests/test_alpha.py"]


def test_an_unconfined_agent_is_caught_and_its_stray_refs_removed(tmp_path: Path) -> None:
    repo, plan, env = setup(tmp_path)
    done = pmtui("deliver", str(plan), "--repo", str(repo), "--agent", AGENT, "--headless", "--sandbox", "off",
                 "--no-wait", env=env)
    assert done.returncode == 3, done.stdout + done.stderr
    assert "sandbox: none — the sandbox is off" in done.stdout
    tries = json.loads(Path(env["ESCAPE_LOG"]).read_text())
    assert tries and all(all(attempt.values()) for attempt in tries), tries
    data = status(env)
    (task,) = data["tasks"]
    assert task["sandboxed"] is False and task["commit"] is None
    assert task["state"] == "requires_human_intervention"
    assert git(repo, "branch", "--list", "stray-*") == "" and git(repo, "tag", "--list", "stray-*") == ""
    from pmtui.delivery.store import DeliveryStore
    from pmtui.store import Store

    store = Store(os.environ["PMTUI_DB"])
    try:
        attempt = DeliveryStore(store).attempt(data["run_id"], "T1", 1)
    finally:
        store.close()
    assert attempt is not None and attempt.agent_result is not None
    evidence = "\n".join([*attempt.evidence, *attempt.agent_result.evidence])
    assert f"a file outside the repository was created: {repo.parent / 'escaped-1.txt'}" in evidence
    assert f"written in the user's checkout: {repo / 'escaped-1.txt'}" in evidence
    assert "stray ref: the agent created the branch stray-1" in evidence
    assert "stray ref: the agent created the tag stray-tag-1" in evidence
    assert f"note: unconfined, the agent's run created {Path(env['HOME']) / '.pmtui-escape-test-'}" in evidence
    conduct = next(g for g in attempt.gate_results if g.gate == "agent")
    assert not conduct.passed


def test_sandbox_on_without_bubblewrap_refuses_and_auto_says_why(tmp_path: Path) -> None:
    repo, plan, env = setup(tmp_path)
    tools = tmp_path / "bin"
    tools.mkdir()
    for name in ("git",):
        (tools / name).symlink_to(shutil.which(name) or "/usr/bin/git")
    env = {**env, "PATH": str(tools)}
    done = pmtui("deliver", str(plan), "--repo", str(repo), "--agent", AGENT, "--headless", "--sandbox", "on",
                 env=env)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--sandbox on: bubblewrap is not installed" in done.stderr
    assert "Traceback" not in done.stderr
    assert git(repo, "rev-parse", "--abbrev-ref", "HEAD") == "main", "refused before touching the repository"


def test_a_bubblewrap_that_cannot_make_a_sandbox_falls_back_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    probe.cache_clear()
    sandbox = resolve("auto")
    if shutil.which("bwrap") is None:
        assert not sandbox.active and "not installed" in sandbox.reason
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    try:
        fallback = resolve("auto")
        assert not fallback.active
        assert fallback.reason == ("bubblewrap is installed but cannot make a sandbox here "
                                   "(bwrap: No permissions to creating new namespace)")
        assert fallback.describe().startswith("sandbox: none — bubblewrap is installed but cannot make a sandbox")
        with pytest.raises(SandboxUnavailable, match="--sandbox on: bubblewrap is installed but cannot make a"):
            resolve("on")
    finally:
        probe.cache_clear()


def test_wrap_binds_the_worktree_and_the_writable_paths_only(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    extra = tmp_path / "state"
    extra.mkdir()
    sandbox = Sandbox(mode="on", bwrap="/usr/bin/bwrap", layout=("--ro-bind", "/", "/"), reason="",
                      writable=(str(extra), str(tmp_path / "missing")))
    argv = sandbox.wrap(["pytest", "-q"], tree)
    assert argv[:4] == ["/usr/bin/bwrap", "--ro-bind", "/", "/"]
    binds = [argv[i + 1] for i, arg in enumerate(argv) if arg == "--bind"]
    assert binds == [str(tree.resolve()), str(extra.resolve())]
    assert argv[-3:] == ["--", "pytest", "-q"]
    assert Sandbox().wrap(["pytest"], tree) == ["pytest"]
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    boxed = Sandbox(mode="on", bwrap="/usr/bin/bwrap", layout=("--ro-bind", "/", "/"), reason="",
                    scratch=str(scratch)).wrap(["pytest"], tree)
    assert [boxed[i + 1] for i, arg in enumerate(boxed) if arg == "--bind"] == [str(tree.resolve()), str(scratch)]
    assert boxed[boxed.index("--setenv"):][:3] == ["--setenv", "TMPDIR", str(scratch)]


@needs_bwrap
def test_a_sandboxed_agent_cannot_make_pmtuis_own_git_run_its_code(tmp_path: Path) -> None:
    """pmtui's git runs unconfined: the agent's worktree pointer (`.git`) and the git directory the release
    gate's tests run beside stay read-only, so no fsmonitor, hooksPath or hook of the agent's runs as the user."""
    repo, plan, env = setup(tmp_path)
    marker = tmp_path / "hijacked"
    env["HIJACK_MARKER"] = str(marker)
    agent = f"{sys.executable} {Path(__file__).parent / 'agents' / 'git_hijack_agent.py'}"
    done = pmtui("deliver", str(plan), "--repo", str(repo), "--agent", agent, "--headless", "--sandbox", "on",
                 "--no-wait", env=env)
    assert not marker.exists(), "an agent's command ran outside the sandbox"
    assert not (repo / ".git" / "hooks" / "pre-commit").exists()
    assert json.loads(Path(env["ESCAPE_LOG"]).read_text())[0] == {"pointer": False}
    assert done.returncode == 0, done.stdout + done.stderr
    assert git(repo, "rev-parse", "--abbrev-ref", "HEAD") == "pm/box"


def test_wrap_keeps_the_git_metadata_of_a_writable_folder_read_only(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / ".git").write_text("gitdir: /elsewhere\n")
    checkout = tmp_path / "checkout"
    (checkout / ".git").mkdir(parents=True)
    argv = Sandbox(mode="on", bwrap="/usr/bin/bwrap", layout=("--ro-bind", "/", "/"), reason="",
                   writable=(str(checkout),)).wrap(["pytest"], tree)
    pairs = [(arg, argv[i + 1]) for i, arg in enumerate(argv) if arg in ("--bind", "--ro-bind")][1:]
    assert pairs == [("--bind", str(tree.resolve())), ("--bind", str(checkout.resolve())),
                     ("--ro-bind", str(tree.resolve() / ".git")), ("--ro-bind", str(checkout.resolve() / ".git"))]


def test_an_unconfined_agent_that_plants_git_hooks_or_config_is_caught_and_undone(tmp_path: Path) -> None:
    """Unconfined, an agent can set core.hooksPath or plant a hook for pmtui's next commit to run: what runs
    code in the git directory is compared before and after the agent, put back, and fails the attempt."""
    repo, plan, env = setup(tmp_path)
    marker = tmp_path / "hijacked"
    env["HIJACK_MARKER"] = str(marker)
    common = repo / ".git"
    (common / "info").mkdir(exist_ok=True)
    (common / "info" / "attributes").write_text("*.bin binary\n")
    hooks_before = sorted(path.name for path in (common / "hooks").iterdir())
    agent = f"{sys.executable} {Path(__file__).parent / 'agents' / 'git_config_agent.py'}"
    done = pmtui("deliver", str(plan), "--repo", str(repo), "--agent", agent, "--headless", "--sandbox", "off",
                 "--no-wait", env=env)
    assert done.returncode == 3, done.stdout + done.stderr
    assert not marker.exists(), "pmtui's own git ran a hook the agent planted"
    assert "hookspath" not in (common / "config").read_text().lower()
    assert sorted(path.name for path in (common / "hooks").iterdir()) == hooks_before
    assert (common / "info" / "attributes").read_text() == "*.bin binary\n"
    data = status(env)
    assert data["tasks"][0]["commit"] is None
    from pmtui.delivery.store import DeliveryStore
    from pmtui.store import Store

    store = Store(os.environ["PMTUI_DB"])
    try:
        attempt = DeliveryStore(store).attempt(data["run_id"], "T1", 1)
    finally:
        store.close()
    assert attempt is not None
    conduct = next(g for g in attempt.gate_results if g.gate == "agent")
    said = "\n".join(conduct.evidence)
    assert not conduct.passed
    assert "the agent changed the repository's git config (.git/config): put back" in said, said
    assert "the agent created the git hook .git/hooks/pre-commit: removed" in said, said
    assert "the agent changed .git/info/attributes: put back" in said, said


def test_the_runs_policy_is_what_was_asked_whatever_this_machine_can_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The policy a run sends to its cluster nodes is the settings as given (`~` unexpanded: a node has its own home),
    the same whether this machine could confine or not: a node decides for itself."""
    asked = SandboxPolicy(mode="auto", writable=("~/.aider",), readable=("~/.config/mytool",))
    here = resolve("auto", ["~/.aider"], ["~/.config/mytool"])
    assert here.policy() == asked
    monkeypatch.setenv("PATH", str(tmp_path))  # no bubblewrap on this PATH
    unconfined = resolve("auto", ["~/.aider"], ["~/.config/mytool"])
    assert not unconfined.active and unconfined.policy() == asked
    assert resolve("off", ["~/.aider"]).policy().mode == "off"
