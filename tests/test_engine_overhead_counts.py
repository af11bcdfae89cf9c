"""Counts the engine-overhead work pinned (bench/engine_overhead.py --count-sql): statements a write runs, and the
reads of git objects a task makes through GitPython. Counts, not times; each write still does what it did."""

from __future__ import annotations

import asyncio
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

import pytest

from pmtui.delivery.store import DeliveryStore, DeliveryStoreError, PlannedTask
from pmtui.models.delivery import AgentResult, GateResult
from pmtui.store import Store


@pytest.fixture
def dstore(tmp_path: Path) -> Iterator[DeliveryStore]:
    store = Store(tmp_path / "delivery.db")
    yield DeliveryStore(store)
    store.close()


def _run(dstore: DeliveryStore, tmp_path: Path) -> int:
    run = dstore.create_run("counts", tmp_path, plan_name="Counts")
    dstore.add_tasks(run.id, [PlannedTask(task_id="T1", title="One"), PlannedTask(task_id="T2", title="Two")])
    return run.id


class Statements:
    """The statements a store runs inside the block (sqlite3's trace callback), BEGIN/COMMIT and the events aside."""

    def __init__(self, dstore: DeliveryStore) -> None:
        self.dstore = dstore
        self.all: list[str] = []

    def __enter__(self) -> Self:
        self.dstore.store._conn.set_trace_callback(self.all.append)
        return self

    def __exit__(self, *exc: object) -> None:
        self.dstore.store._conn.set_trace_callback(None)

    @property
    def own(self) -> list[str]:
        return [sql for sql in self.all
                if not sql.startswith(("BEGIN", "COMMIT", "ROLLBACK", "INSERT INTO events"))]


def _events(dstore: DeliveryStore) -> list[dict[str, Any]]:
    return dstore.store.events_since(0, limit=100_000)


def test_a_decision_is_appended_in_one_statement_and_the_log_keeps_every_entry_in_order(
        dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run(dstore, tmp_path)
    entries = ["first", 'a "quoted" word, a back\\slash', "née à Zürich — ✓", "", "last"]
    for entry in entries:
        with Statements(dstore) as seen:
            dstore.log_decision(run_id, "T1", entry)
        [statement] = seen.own
        assert statement.startswith("UPDATE tasks SET decision_log")
    assert dstore.task(run_id, "T1").decision_log == entries
    assert dstore.task(run_id, "T2").decision_log == []
    last = _events(dstore)[-1]
    assert last["kind"] == "task_state" and last["payload"]["decision"] == "last"
    assert last["payload"]["state"] == dstore.task(run_id, "T1").state.value


def test_a_decision_and_task_fields_for_a_missing_task_are_refused_and_write_nothing(
        dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run(dstore, tmp_path)
    before = len(_events(dstore))
    with pytest.raises(DeliveryStoreError, match="no task 'T9'"):
        dstore.log_decision(run_id, "T9", "lost")
    with pytest.raises(DeliveryStoreError, match="no task 'T9'"):
        dstore.set_task_fields(run_id, "T9", ownership="x")
    with pytest.raises(DeliveryStoreError, match="no task 'T9'"):
        dstore.record_commit(run_id, "T9", "a" * 40, "pm/counts", "feat: lost\n")
    assert len(_events(dstore)) == before
    assert dstore.commits(run_id) == []


def test_task_fields_are_set_in_one_statement_that_also_tells_the_state_for_the_event(
        dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run(dstore, tmp_path)
    with Statements(dstore) as seen:
        dstore.set_task_fields(run_id, "T2", ownership="reminders")
    [statement] = seen.own
    assert statement.startswith("UPDATE tasks SET ownership")
    assert dstore.task(run_id, "T2").ownership == "reminders"
    last = _events(dstore)[-1]
    assert last["payload"] == {"run_id": run_id, "task_id": "T2", "state": "received", "fields": ["ownership"]}


def test_a_commit_is_recorded_without_reading_the_task_or_the_commit_back_and_a_second_sha_is_refused(
        dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run(dstore, tmp_path)
    sha = "b" * 40
    with Statements(dstore) as seen:
        record = dstore.record_commit(run_id, "T1", sha, "pm/counts", "feat: one\n\nRefs: task-T1\n")
    # The existing-commit check, the task's sha, the commit row (returned by its insert) and the run's head.
    assert [sql.split(" ", 2)[:2] for sql in seen.own] == [
        ["SELECT", "*"], ["UPDATE", "tasks"], ["INSERT", "INTO"], ["UPDATE", "runs"]]
    assert record == dstore.commit_for(run_id, "T1")
    assert record.sha == sha and record.message == "feat: one\n\nRefs: task-T1\n" and record.branch == "pm/counts"
    assert dstore.task(run_id, "T1").commit_sha == sha and dstore.get_run(run_id).current_sha == sha
    assert dstore.record_commit(run_id, "T1", sha, "pm/counts", "again") == record  # the same sha: a no-op
    with pytest.raises(DeliveryStoreError, match="refusing a second one"):
        dstore.record_commit(run_id, "T1", "c" * 40, "pm/counts", "other")
    assert dstore.task(run_id, "T1").commit_sha == sha


def test_an_attempt_write_returns_its_row_from_the_update_and_gate_results_read_no_row_after_their_update(
        dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run(dstore, tmp_path)
    with Statements(dstore) as seen:
        started = dstore.record_attempt(run_id, "T1", 1, outcome="running")
    assert not [sql for sql in seen.own if sql.startswith("SELECT")]
    assert started == dstore.attempt(run_id, "T1", 1) and started.outcome == "running"
    result = AgentResult(exit_code=0, self_assessment="confident", files_changed=["src/one.py"])
    with Statements(dstore) as seen:
        done = dstore.record_attempt(run_id, "T1", 1, outcome="agent_done", agent_result=result, evidence=["e"])
    assert not [sql for sql in seen.own if sql.startswith("SELECT")]
    assert done == dstore.attempt(run_id, "T1", 1)
    assert done.outcome == "agent_done" and done.agent_result == result and done.evidence == ["e"]
    gates = [GateResult(gate="lint", passed=True, evidence=["ok"]), GateResult(gate="test", passed=False)]
    with Statements(dstore) as seen:
        saved = dstore.save_gate_results(run_id, "T1", 1, gates, failure_signature="sig")
    # One read of the attempt's outcome for its event; the row returned comes from the gate results' update.
    assert len([sql for sql in seen.own if sql.startswith("SELECT")]) == 1
    assert saved == dstore.attempt(run_id, "T1", 1)
    assert saved.gate_results == gates and saved.failure_signature == "sig" and saved.outcome == "agent_done"
    with pytest.raises(DeliveryStoreError, match="no task 'T9'"):
        dstore.record_attempt(run_id, "T9", 1, outcome="running")


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def test_a_delivery_records_each_commits_message_without_asking_gitpython_for_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The message recorded for a task's commit is read from its loose object: GitPython's object reads (a round
    trip to its `cat-file` processes) are not used for it, and the message is GitPython's, byte for byte."""
    import git

    from pmtui.config import Config
    from pmtui.delivery.engine import DeliveryEngine
    from pmtui.delivery.executors import ScriptedExecutor, write_files
    from tests.fixtures.delivery_repo import make_project, module_files, plan_text, task_block

    root = make_project(tmp_path)
    store = Store(tmp_path / "pmtui.db")
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("msgs", [task_block("T1", "Alpha value", module="alpha"),
                                       task_block("T2", "Beta value", module="beta")], lint=False))
    engine = DeliveryEngine(store, Config(offline=True), repo=root, plan_path=plan,
                            executor=ScriptedExecutor({"T1": [write_files(module_files("alpha", "1"))],
                                                       "T2": [write_files(module_files("beta", "2"))]}),
                            run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60)
    asked: list[str] = []
    real_commit = git.Repo.commit

    def counted(self: git.Repo, rev: Any = None) -> Any:
        asked.append(str(rev))
        return real_commit(self, rev)

    monkeypatch.setattr(git.Repo, "commit", counted)
    outcome = asyncio.run(engine.run(no_wait=True))
    monkeypatch.setattr(git.Repo, "commit", real_commit)
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    assert outcome.run_id is not None
    commits = dstore.commits(outcome.run_id)
    assert [c.task_id for c in commits] == ["T1", "T2"]
    assert asked == []
    repo = git.Repo(root)
    for record in commits:
        assert record.message == repo.commit(record.sha).message
        assert record.message.startswith("feat(") and f"Refs: task-{record.task_id}\n" in record.message
    store.close()


def test_a_packed_commits_message_is_read_through_gitpython_as_before(tmp_path: Path) -> None:
    import git

    from pmtui.delivery.integration import message_of

    root = tmp_path / "repo"
    root.mkdir()
    _git(root, "init", "-q", "-b", "main")
    _git(root, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty",
         "--cleanup=verbatim", "-m", "feat: ünïcode subject\n\nbody line\n")
    sha = _git(root, "rev-parse", "HEAD").strip()
    repo = git.Repo(root)
    loose = message_of(root, repo, sha)
    assert loose == repo.commit(sha).message == "feat: ünïcode subject\n\nbody line\n"
    _git(root, "gc", "-q", "--prune=now")
    assert not (root / ".git" / "objects" / sha[:2] / sha[2:]).exists()  # packed now
    assert message_of(root, git.Repo(root), sha) == loose


def test_a_status_look_at_a_checkout_leaves_its_index_file_untouched(tmp_path: Path) -> None:
    """The user's checkout is looked at after every agent: git's optional index refresh is not written back (git
    rewrote the index on each look), and the look still sees every change."""
    import os
    import time

    from pmtui.delivery import git_ops

    root = tmp_path / "repo"
    root.mkdir()
    _git(root, "init", "-q", "-b", "main")
    (root / "a.py").write_text("A = 1\n")
    (root / "b.py").write_text("B = 1\n")
    _git(root, "add", "-A")
    _git(root, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "initial")
    time.sleep(0.05)
    os.utime(root / "a.py")  # new stat data, same content: what git's refresh writes back
    index = root / ".git" / "index"
    before = (index.stat().st_ino, index.stat().st_mtime_ns, index.read_bytes())
    assert git_ops.status_paths(root) == []
    (root / "b.py").write_text("B = 2\n")
    (root / "c.py").write_text("C = 3\n")
    assert git_ops.status_paths(root) == [" M b.py", "?? c.py"]
    assert (index.stat().st_ino, index.stat().st_mtime_ns, index.read_bytes()) == before


def test_an_attempt_reads_the_run_once_for_its_contract_and_its_output_log(tmp_path: Path) -> None:
    import traceback

    from pmtui.config import Config
    from pmtui.delivery.engine import DeliveryEngine
    from pmtui.delivery.executors import ScriptedExecutor, write_files
    from tests.fixtures.delivery_repo import make_project, module_files, plan_text, task_block

    root = make_project(tmp_path)
    store = Store(tmp_path / "pmtui.db")
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("reads", [task_block("T1", "Alpha value", module="alpha"),
                                        task_block("T2", "Beta value", module="beta")], lint=False))
    engine = DeliveryEngine(store, Config(offline=True), repo=root, plan_path=plan,
                            executor=ScriptedExecutor({"T1": [write_files(module_files("alpha", "1"))],
                                                       "T2": [write_files(module_files("beta", "2"))]}),
                            run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60)
    in_attempts: list[str] = []

    def trace(sql: str) -> None:
        if sql.startswith("SELECT * FROM runs") and any(f.name == "_run_agent" for f in traceback.extract_stack()):
            in_attempts.append(sql)

    store._conn.set_trace_callback(trace)
    try:
        outcome = asyncio.run(engine.run(no_wait=True))
    finally:
        store._conn.set_trace_callback(None)
    assert outcome.ending == "released", outcome.message
    assert len(in_attempts) == 2  # one per attempt
    logs = sorted(p.name for p in (tmp_path / "runs" / "attempts").glob("*.output.log"))
    assert logs == ["T1-attempt-1.output.log", "T2-attempt-1.output.log"]
    assert outcome.run_id is not None
    contract = DeliveryStore(store).task(outcome.run_id, "T2").contract
    assert contract is not None and contract.context.shared == DeliveryStore(store).get_run(outcome.run_id).shared_context
    store.close()
