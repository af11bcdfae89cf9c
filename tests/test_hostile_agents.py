"""Misbehaving agents against the holes the earlier safety rounds left: keys at the cut of a long output
line, nested git repositories, refs outside branches and tags, gate commands that change git metadata, and
an agent-written pmtui.toml. Each agent is a script in tests/agents/; every `pmtui deliver` a test starts is
killed with its process group on the way out (tests/fixtures/processes.py)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block
from tests.fixtures.processes import run_pmtui

AGENTS = Path(__file__).parent / "agents"


def agent(name: str) -> str:
    return f"{sys.executable} {AGENTS / name}"


def deliver(repo: Path, plan: Path, agent_name: str, *extra: str, env: dict[str, str] | None = None,
            cwd: Path | None = None) -> tuple[int, str]:
    done = run_pmtui(["deliver", str(plan), "--repo", str(repo), "--agent", agent(agent_name), "--headless",
                      "--no-wait", *extra], env={**os.environ, **(env or {})}, cwd=cwd, timeout=240)
    return done.returncode, done.stdout + done.stderr


def status(env: dict[str, str] | None = None) -> dict:
    done = run_pmtui(["status", "--json"], env={**os.environ, **(env or {})})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def one_task_plan(tmp_path: Path, plan_id: str = "hostile", *, files: str = "") -> Path:
    plan = tmp_path / "plan.md"
    block = task_block("T1", "Alpha value", module="alpha")
    if files:
        block = block.replace("- files: create src/alpha.py", f"- files: create src/alpha.py; {files}")
    plan.write_text(plan_text(plan_id, [block], lint=False), encoding="utf-8")
    return plan


def windows(secret: str, width: int = 12) -> list[str]:
    return [secret[start:start + width] for start in range(len(secret) - width + 1)]


# -- 5. a key at the cut of a long output line ----------------------------------------------------------
def test_a_key_straddling_the_cut_of_a_long_output_line_is_redacted_whole(tmp_path: Path) -> None:
    """An output line over 1 MB is handed on in pieces; a key that a piece's end cut in two was seen by
    redaction as two harmless halves, and both halves were stored. Every piece now ends outside a key."""
    repo = make_project(tmp_path)
    plan = one_task_plan(tmp_path)
    key = "sk-proj-LONGLINE7Qx2Lm9Wk4Nb7Cy1Fj6Hd5Sa3Rt8Vp0"
    token = "ghp_" + "Zq8Lm2Wx4Nc6Vb1Kj3Hg5Fd7Sa9Pt0Ry2Ue4"
    code, output = deliver(repo, plan, "long_line_agent.py", "--sandbox", "off", "--offline",
                           env={"OPENAI_API_KEY": key, "LONG_LINE_TOKEN": token})
    assert code in (0, 3), output
    logs = sorted((Path(os.environ["PMTUI_DB"]).parent / "runs").rglob("*.output.log"))
    assert logs, "no attempt log was written"
    long_lines = [line for log in logs for line in log.read_text(encoding="utf-8").splitlines() if len(line) > 10_000]
    assert len(long_lines) >= 4, "the long lines did not reach the attempt log in pieces"
    for line in long_lines:
        assert set(line.replace("[REDACTED]", "")) <= {" "}, f"a piece of a key was kept: {line[:80]!r}…"
    stored = Path(os.environ["PMTUI_DB"]).read_bytes()
    for secret in (key, token):
        for window in windows(secret):
            assert window.encode() not in stored, f"{window!r} of a key is in the store"


# -- 2. refs outside branches and tags ------------------------------------------------------------------
def test_stash_notes_replace_and_remote_refs_of_an_agent_are_put_back_and_reported(tmp_path: Path) -> None:
    """Only branches and tags were compared around an unconfined agent: its stash, notes, replace refs (which
    change what git reads, and so what pmtui commits) and remote-tracking refs stayed. Every ref namespace but
    pmtui's own is now put back, the user's own stash list exactly as it was, and each change reported with
    the command that redoes it."""
    repo = make_project(tmp_path)
    (repo / "src" / "calc.py").write_text("# the user's work in progress\n", encoding="utf-8")
    git(repo, "stash", "push", "-m", "user stash")
    stash_list = git(repo, "stash", "list")
    plan = one_task_plan(tmp_path)
    code, output = deliver(repo, plan, "ref_agent.py", "--sandbox", "off")
    assert code == 3, output
    assert git(repo, "stash", "list") == stash_list
    assert git(repo, "for-each-ref", "refs/notes", "refs/replace", "refs/remotes") == ""
    data = status()
    (task,) = data["tasks"]
    assert task["commit"] is None
    said = "\n".join(gate_evidence(data["run_id"], "T1", 1, "agent"))
    assert "stray ref: the agent changed the stash (refs/stash)" in said, said
    assert "git stash store -m 'agent stash'" in said, said
    assert "stray ref: the agent created the notes ref refs/notes/commits" in said, said
    assert "stray ref: the agent created the replace ref refs/replace/" in said, said
    assert "stray ref: the agent created the remote-tracking branch origin/agent" in said, said


def gate_evidence(run_id: int, task_id: str, attempt: int, gate: str) -> list[str]:
    from pmtui.delivery.store import DeliveryStore
    from pmtui.store import Store

    store = Store(os.environ["PMTUI_DB"])
    try:
        record = DeliveryStore(store).attempt(run_id, task_id, attempt)
    finally:
        store.close()
    assert record is not None
    return next(g.evidence for g in record.gate_results if g.gate == gate)


# -- 1. nested git repositories ----------------------------------------------------------------------
def test_nested_git_repositories_are_refused_with_no_accept_and_never_run(tmp_path: Path) -> None:
    """A folder that is a git repository of its own would be committed as a pointer to a commit that exists
    nowhere else (its files lost), and one with no commit made `git add` fail. Each is left out of the change
    and refused like a found secret: the escalation names the folder and offers no accept; the nested
    repository's own core.fsmonitor never runs."""
    repo = make_project(tmp_path)
    plan = one_task_plan(tmp_path)
    marker = tmp_path / "fsmonitor-ran"
    code, output = deliver(repo, plan, "nested_repo_agent.py", "--sandbox", "off",
                           env={"HIJACK_MARKER": str(marker)})
    assert code == 3, output
    assert not marker.exists(), "pmtui's own git ran a nested repository's core.fsmonitor"
    data = status()
    (task,) = data["tasks"]
    assert task["commit"] is None and task["state"] == "requires_human_intervention"
    (escalation,) = [e for e in data["escalations"] if e["task_id"] == "T1" and e["answer"] is None]
    assert not any(option.startswith("Accept") for option in escalation["options"]), escalation
    assert "vendor/lib" in escalation["problem"] and "notes/draft" in escalation["problem"], escalation
    said = "\n".join(gate_evidence(data["run_id"], "T1", task["attempts"], "nested_repo"))
    assert "vendor/lib is a git repository of its own" in said, said
    assert "160000" not in git(repo, "ls-tree", "-r", "pm/hostile")


def test_pmtuis_git_never_runs_a_nested_repositorys_config(tmp_path: Path) -> None:
    """A tree whose HEAD holds a gitlink with the nested repository beside it (what "accept as is" used to
    commit): `git status` and `git diff` enter the nested repository and run its core.fsmonitor, even when
    .gitmodules says `ignore = none`. pmtui's own git does not."""
    from pmtui.delivery import git_ops

    repo = make_project(tmp_path)
    marker = tmp_path / "fsmonitor-ran"
    lib = repo / "vendor" / "lib"
    lib.mkdir(parents=True)
    (lib / "helper.py").write_text("x = 1\n", encoding="utf-8")
    for args in (["init", "-q"], ["add", "helper.py"], ["-c", "user.name=A", "-c", "user.email=a@b", "commit", "-qm", "v"]):
        git(lib, *args)
    (repo / ".gitmodules").write_text('[submodule "lib"]\n\tpath = vendor/lib\n\turl = ./lib\n\tignore = none\n')
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "a gitlink")
    hook = lib / ".git" / "fsmonitor-hook"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n", encoding="utf-8")
    hook.chmod(0o755)
    git(lib, "config", "core.fsmonitor", str(hook))
    (lib / "helper.py").write_text("x = 2\n", encoding="utf-8")
    git_ops.status_paths(repo)
    git_ops.run_git(repo, "diff", "--name-only", "--diff-filter=U")
    git_ops.change_set(repo)
    assert not marker.exists(), "pmtui's own git ran a nested repository's core.fsmonitor"


def test_a_staged_gitlink_is_refused_at_the_commit_whatever_the_path(tmp_path: Path) -> None:
    """The final-content check before every commit pmtui makes refuses a gitlink, as it refuses a secret."""
    from pmtui.delivery.commit_check import final_content_problems

    repo = make_project(tmp_path)
    lib = repo / "vendor" / "lib"
    lib.mkdir(parents=True)
    (lib / "helper.py").write_text("x = 1\n", encoding="utf-8")
    for args in (["init", "-q"], ["add", "helper.py"], ["-c", "user.name=A", "-c", "user.email=a@b", "commit", "-qm", "v"]):
        git(lib, *args)
    git(repo, "add", "-A")
    problems = final_content_problems(repo)
    assert any("vendor/lib" in problem and "git repository of its own" in problem for problem in problems), problems


# -- 3. gate commands and the release gate --------------------------------------------------------------
def _assert_repository_untouched(repo: Path, marker: Path, hooks_before: list[str]) -> None:
    assert not marker.exists(), "pmtui's own commit ran a hook that the gate commands planted"
    assert "hookspath" not in (repo / ".git" / "config").read_text().lower()
    assert sorted(path.name for path in (repo / ".git" / "hooks").iterdir()) == hooks_before
    assert git(repo, "for-each-ref", "refs/notes") == ""


def test_gate_commands_that_change_git_config_hooks_or_refs_fail_closed_and_are_put_back(tmp_path: Path) -> None:
    """Unconfined, the gate commands run the agent's code (its tests): the git metadata and refs were checked
    around the agent only, so a test that set core.hooksPath made pmtui's own commit run its hook. The same
    check now runs around the gate commands: what they changed is put back and the attempt fails."""
    repo = make_project(tmp_path)
    plan = one_task_plan(tmp_path)
    marker = tmp_path / "hijacked"
    hooks_before = sorted(path.name for path in (repo / ".git" / "hooks").iterdir())
    code, output = deliver(repo, plan, "gate_tamper_agent.py", "--sandbox", "off",
                           env={"HIJACK_MARKER": str(marker), "TAMPER_WHERE": "tasks"})
    assert code == 3, output
    _assert_repository_untouched(repo, marker, hooks_before)
    data = status()
    (task,) = data["tasks"]
    assert task["commit"] is None
    said = "\n".join(gate_evidence(data["run_id"], "T1", 1, "agent"))
    assert "git metadata: the gate commands changed the repository's git config (.git/config): put back" in said, said
    assert "git metadata: the gate commands created the git hook .git/hooks/post-commit: removed" in said, said
    assert "stray ref: the gate commands created the notes ref refs/notes/gate" in said, said


def test_a_release_gate_that_changes_git_config_or_hooks_fails_closed_and_is_put_back(tmp_path: Path) -> None:
    """The release gate runs the full suite in the user's checkout; code that plants a hook there then ran in
    pmtui's release commit. The release stops (failed, nothing committed) and the change is put back."""
    repo = make_project(tmp_path)
    plan = one_task_plan(tmp_path)
    marker = tmp_path / "hijacked"
    hooks_before = sorted(path.name for path in (repo / ".git" / "hooks").iterdir())
    code, output = deliver(repo, plan, "gate_tamper_agent.py", "--sandbox", "off",
                           env={"HIJACK_MARKER": str(marker), "TAMPER_WHERE": "release"})
    assert code == 1, output
    assert "the release gate's commands changed" in output, output
    _assert_repository_untouched(repo, marker, hooks_before)
    data = status()
    assert data["state"] == "failed" and data["manifest"] is None
    assert not (repo / "docs" / "releases").exists() or not any((repo / "docs" / "releases").iterdir())


# -- 4. an agent-written pmtui.toml ---------------------------------------------------------------------
def test_an_unplanned_pmtui_toml_is_refused_at_the_gate_with_no_accept(tmp_path: Path) -> None:
    """pmtui.toml is pmtui's own configuration (the sandbox, the agents, where the review goes): a task may
    change it only when the plan names it in the task's files; otherwise the change is never committed."""
    repo = make_project(tmp_path)
    plan = one_task_plan(tmp_path)
    code, output = deliver(repo, plan, "config_agent.py", "--sandbox", "off")
    assert code == 3, output
    data = status()
    (task,) = data["tasks"]
    assert task["commit"] is None
    (escalation,) = [e for e in data["escalations"] if e["task_id"] == "T1" and e["answer"] is None]
    assert not any(option.startswith("Accept") for option in escalation["options"]), escalation
    assert "pmtui.toml" in escalation["problem"], escalation
    said = "\n".join(gate_evidence(data["run_id"], "T1", task["attempts"], "own_config"))
    assert "pmtui.toml is pmtui's own configuration" in said, said
    assert "pmtui.toml" not in git(repo, "ls-tree", "-r", "--name-only", "pm/hostile")


def test_a_pmtui_toml_the_run_committed_is_not_read_when_the_run_resumes(tmp_path: Path) -> None:
    """Even a planned pmtui.toml lands in the user's checkout, and `pmtui deliver` run from the repository's
    root read it on resume: the agent could turn the sandbox off for its next attempts. A config file that
    the run's own commits changed is not read; the run says so and goes on with the file as it was before."""
    repo = make_project(tmp_path)
    (repo / "pmtui.toml").write_text("[delivery]\nmax_parallel = 2\n", encoding="utf-8")
    git(repo, "add", "pmtui.toml")
    git(repo, "commit", "-qm", "the user's config")
    plan = tmp_path / "plan.md"
    first = task_block("T1", "Alpha value", module="alpha").replace(
        "- files: create src/alpha.py", "- files: create src/alpha.py; modify pmtui.toml")
    second = task_block("T2", "Beta value", module="beta", depends="T1", criteria=("beta returns the value, TBD",))
    plan.write_text(plan_text("hostile", [first, second], lint=False), encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    env_without_config = {key: value for key, value in os.environ.items() if key != "PMTUI_CONFIG"}
    runs = []
    for _ in range(2):
        done = run_pmtui(["deliver", str(plan), "--agent", agent("config_agent.py"), "--headless", "--no-wait"],
                         env={**env_without_config, **env}, cwd=repo, timeout=240)
        runs.append(done.stdout + done.stderr)
        assert done.returncode == 3, runs[-1]
    assert "pmtui.toml" in git(repo, "show", "--name-only", "--format=", "pm/hostile")
    assert "sandbox = \"off\"" in (repo / "pmtui.toml").read_text()
    assert "the sandbox is off" not in runs[1], runs[1]
    assert "pmtui.toml was changed by this delivery" in runs[1], runs[1]
