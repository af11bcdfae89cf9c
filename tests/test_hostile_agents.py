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
