"""kill -9 of `pmtui deliver` at random points, then the same command again until it finishes: the
store stays consistent, nothing is committed or tagged twice, no answered escalation is asked again."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from itertools import pairwise
from pathlib import Path

from pmtui.delivery.store import DeliveryStore
from pmtui.models.states import TERMINAL_STATES, is_valid_transition
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, make_project, plan_text, refs_count, task_block
from tests.fixtures.processes import descendants, kill_tree, run_pmtui, spawned

AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'module_agent.py'}"


def event_count(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def deliver_args(plan: Path, repo: Path) -> list[str]:
    return ["deliver", str(plan), "--repo", str(repo), "--agent", AGENT, "--headless"]


def kill_after(process: subprocess.Popen[bytes], db: Path, events: int, left: list[tuple[int, str]],
               deadline_s: float = 60) -> bool:
    """SIGKILL the process (only it, as a crash would) once the store holds `events` event rows; False when
    it finished first. The processes it started, which a kill -9 leaves running, are noted in `left`."""
    stop = time.monotonic() + deadline_s
    while time.monotonic() < stop:
        if process.poll() is not None:
            return False
        if event_count(db) >= events:
            break
        time.sleep(0.005)
    left.extend((pid, started) for pid in descendants(process.pid) if (started := start_time(pid)))
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    return True


def start_time(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[19]
    except OSError:
        return ""


def kill_leftovers(left: list[tuple[int, str]]) -> None:
    """The processes killed runs left behind, if still alive (the same process, not a reused pid)."""
    for pid, started in left:
        if start_time(pid) == started:
            kill_tree(pid)


def test_kill_9_at_random_points_then_resume_leaves_no_duplicates(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    start = git(repo, "rev-parse", "main")
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("kill", [
        task_block("T1", "Alpha value", module="alpha"),
        task_block("T2", "Session store", module="session", tier="critical", ownership="auth", depends="T1"),
        task_block("L1", "Copy one", module="one", tier="low", ownership="copy"),
        task_block("L2", "Copy two", module="two", tier="low", ownership="help"),
    ]))
    db = Path(os.environ["PMTUI_DB"])
    rng = random.Random(os.environ.get("PMTUI_KILL_SEED", "20260218"))
    kills = 0
    left: list[tuple[int, str]] = []
    try:
        for _ in range(12):
            threshold = event_count(db) + rng.randint(2, 14)
            with spawned(deliver_args(plan, repo), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as run:
                if not kill_after(run, db, threshold, left):
                    break
            kills += 1
        assert kills >= 3
        final = run_pmtui([*deliver_args(plan, repo), "--no-wait"], timeout=120)
        assert final.returncode == 0, final.stdout[-2000:] + final.stderr[-2000:]
    finally:
        kill_leftovers(left)

    store = Store(db)
    try:
        dstore = DeliveryStore(store)
        runs = dstore.runs()
        assert len(runs) == 1 and runs[0].state == "released"
        run_id = runs[0].id
        tasks = dstore.tasks(run_id)
        assert {t.task_id for t in tasks} == {"T1", "T2", "L1", "L2"}
        for task in tasks:
            assert task.state in TERMINAL_STATES and task.state.value == "completed", task
            records = dstore.transitions(run_id, task.task_id)
            assert records[0].from_state.value == "received"
            for before, after in pairwise(records):
                assert before.to_state == after.from_state
            for record in records:
                assert is_valid_transition(record.from_state, record.to_state)
            assert [r.iteration for r in records] == list(range(1, len(records) + 1))
            assert refs_count(repo, task.task_id) == 1
            assert task.commit_sha == dstore.commit_for(run_id, task.task_id).sha  # type: ignore[union-attr]
        assert len(dstore.commits(run_id)) == 4
        tags = git(repo, "tag", "--list").split()
        assert tags == ["pm/kill/checkpoint-T2"]
        assert [t.name for t in dstore.tags(run_id)] == ["pm/kill/checkpoint-T2"]
        problems = [(e.task_id, e.kind, e.problem) for e in dstore.escalations(run_id)]
        assert len(problems) == len(set(problems))
        assert git(repo, "log", "--format=%s", "pm/kill").count("docs(release)") == 1
    finally:
        store.close()
    assert git(repo, "rev-parse", "main") == start
    assert git(repo, "status", "--porcelain") == ""
