"""Run controls on the real engine: a temporary repository, the scripted executor, real gates, and the
controls sent from a second Store handle on the same file (as `pmtui watch` would from another process)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pmtui.config import Config
from pmtui.delivery.controls import (
    RETRY_REASON,
    ControlError,
    controls,
    is_paused,
    request_pause,
    request_resume,
    request_retry,
    request_skip,
)
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import ScriptedExecutor, write_files
from pmtui.delivery.store import DeliveryStore
from pmtui.models.delivery import TaskContract
from pmtui.models.states import IssueState
from pmtui.store import Store
from tests.fixtures.delivery_repo import make_project, module_files, plan_text, refs_count, task_block
from tests.fixtures.steps import sequence

S = IssueState


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path)


def engine_for(tmp_path: Path, root: Path, plan: str, script: Any, store: Store) -> DeliveryEngine:
    plan_path = tmp_path / "plan.md"
    plan_path.write_text(plan)
    return DeliveryEngine(store, Config(offline=True), repo=root, plan_path=plan_path,
                          executor=ScriptedExecutor(script), run_dir=tmp_path / "runs",
                          poll_interval=0.05, gate_timeout_s=60)


def from_other_handle(db: Path, action: Callable[[Store, int], Any]) -> Callable[[Path, TaskContract], None]:
    """A scripted step that, while its task runs, sends a control from a second Store handle."""

    def step(workdir: Path, contract: TaskContract) -> None:
        other = Store(db)
        try:
            run = DeliveryStore(other).latest_run()
            assert run is not None
            action(other, run.id)
        finally:
            other.close()

    return step


async def when_escalated(db: Path, task_id: str, action: Callable[[Store, int], Any]) -> Any:
    """Another 'process': waits for the task's open escalation, then sends a control about it."""
    other = Store(db)
    try:
        dstore = DeliveryStore(other)
        while True:
            run = dstore.latest_run()
            if run is not None and dstore.open_escalations(run.id, task_id):
                return action(other, run.id)
            await asyncio.sleep(0.05)
    finally:
        other.close()


def plan(*tasks: str) -> str:
    return plan_text("ctl", list(tasks), lint=False)


async def test_pause_stops_dispatch_and_resume_continues(tmp_path: Path, project: Path) -> None:
    db = tmp_path / "pmtui.db"
    text = plan(task_block("T1", "First module", module="first"), task_block("T2", "Second module", module="second"))
    script = {
        "T1": [sequence(from_other_handle(db, request_pause), write_files(module_files("first")))],
        "T2": [write_files(module_files("second", "2"))],
    }
    store = Store(db)
    try:
        engine = engine_for(tmp_path, project, text, script, store)
        outcome = await engine.run(no_wait=True)
        dstore = DeliveryStore(store)
        assert outcome.ending == "waiting" and "paused" in outcome.message
        # T1 was running when the pause came: it finished; T2 was never dispatched.
        assert dstore.task(outcome.run_id or 0, "T1").state is S.COMPLETED
        assert dstore.task(outcome.run_id or 0, "T2").state is S.RECEIVED
        assert is_paused(store, outcome.run_id or 0)

        other = Store(db)
        try:
            request_resume(other, outcome.run_id or 0)
        finally:
            other.close()
        resumed = await engine_for(tmp_path, project, text, script, store).run(no_wait=True)
        assert resumed.ending == "released", resumed.message
        assert resumed.run_id == outcome.run_id
        assert dstore.task(resumed.run_id or 0, "T2").state is S.COMPLETED
        assert [c.kind for c in controls(store, resumed.run_id or 0)] == ["pause", "resume"]
        kinds = [e["kind"] for e in store.events_since(0, limit=100_000)]
        assert kinds.count("control") == 2
    finally:
        store.close()
    assert refs_count(project, "T1") == 1 and refs_count(project, "T2") == 1


async def test_skip_a_pending_task_blocks_its_dependents_with_the_reason(tmp_path: Path, project: Path) -> None:
    db = tmp_path / "pmtui.db"
    text = plan(
        task_block("T1", "First module", module="first"),
        # T2 waits for T1, so T2 is still pending when T1's agent sends the skip, whatever order the
        # scheduler would pick among ready tasks.
        task_block("T2", "Second module", module="second", depends="T1"),
        task_block("T3", "Third module", module="third", depends="T2"),
        task_block("T4", "Fourth module", module="fourth", depends="T3"),
    )
    skip = from_other_handle(db, lambda other, run_id: request_skip(other, run_id, "T2", "the  second module\nis out of scope"))
    script = {"T1": [sequence(skip, write_files(module_files("first")))], "*": [write_files(module_files("other"))]}
    store = Store(db)
    try:
        outcome = await engine_for(tmp_path, project, text, script, store).run()
        dstore = DeliveryStore(store)
        run_id = outcome.run_id or 0
        assert outcome.ending == "failed"
        assert dstore.task(run_id, "T1").state is S.COMPLETED
        t2 = dstore.task(run_id, "T2")
        assert t2.state is S.FAILED and t2.attempts == 0
        assert dstore.transitions(run_id, "T2")[-1].reason == "skipped by the human: the second module is out of scope"
        for dependent in ("T3", "T4"):
            record = dstore.transitions(run_id, dependent)[-1]
            assert record.to_state is S.BLOCKED
            assert record.reason == "depends on T2, which was skipped: the second module is out of scope"
        (control,) = controls(store, run_id)
        assert control.kind == "skip" and not control.pending and "blocked: T3, T4" in control.outcome
    finally:
        store.close()
    assert refs_count(project, "T2") == 0


async def test_skip_an_escalated_task_answers_its_escalation_and_blocks_dependents(
    tmp_path: Path, project: Path
) -> None:
    db = tmp_path / "pmtui.db"
    text = plan(task_block("T1", "First module", module="first"),
                task_block("T2", "Second module", module="second", depends="T1"))
    script = {"T1": [write_files(module_files("first", broken=True))], "T2": [write_files(module_files("second"))]}
    store = Store(db)
    try:
        engine = engine_for(tmp_path, project, text, script, store)
        skipper = asyncio.create_task(when_escalated(
            db, "T1", lambda other, run_id: request_skip(other, run_id, "T1", "we drop this feature")))
        outcome = await engine.run()
        await skipper
        dstore = DeliveryStore(store)
        run_id = outcome.run_id or 0
        assert dstore.task(run_id, "T1").state is S.FAILED
        (escalation,) = dstore.escalations(run_id)
        assert escalation.answer == 3 and escalation.options[2].startswith("Skip")
        assert escalation.note == "skipped by the human: we drop this feature"
        assert [r.to_state for r in dstore.transitions(run_id, "T1")[-2:]] == [S.HUMAN_INPUT_RECEIVED, S.FAILED]
        assert dstore.transitions(run_id, "T2")[-1].reason == "depends on T1, which was skipped: we drop this feature"
    finally:
        store.close()


async def test_a_failed_task_is_reopened_with_a_fresh_budget_and_the_ended_run_resumes(
    tmp_path: Path, project: Path
) -> None:
    """Seed 004 keeps FAILED final for the engine; the human's retry reopens it through
    HUMAN_INPUT_RECEIVED with the reason and new attempt numbers recorded, its blocked dependent runs too."""
    db = tmp_path / "pmtui.db"
    text = plan(task_block("T1", "First module", module="first"),
                task_block("T2", "Second module", module="second", depends="T1"))
    broken = write_files(module_files("first", broken=True))
    fixed = write_files(module_files("first"))
    script = {"T1": [broken, broken, broken, fixed], "T2": [write_files(module_files("second"))]}
    store = Store(db)
    try:
        skip = asyncio.create_task(when_escalated(
            db, "T1", lambda other, run_id: DeliveryStore(other).answer_escalation(
                DeliveryStore(other).open_escalations(run_id, "T1")[0].id, 3, "give up for now")))
        first = await engine_for(tmp_path, project, text, script, store).run()
        await skip
        assert first.ending == "failed", first.message
        dstore = DeliveryStore(store)
        run_id = first.run_id or 0
        failed = dstore.task(run_id, "T1")
        assert failed.state is S.FAILED and dstore.task(run_id, "T2").state is S.BLOCKED
        assert dstore.get_run(run_id).finished

        control = request_retry(store, run_id, "T1", "the fixture data is in place now")
        assert not dstore.get_run(run_id).finished
        second = await engine_for(tmp_path, project, text, script, store).run()

        assert second.ending == "released", second.message
        assert second.run_id == run_id
        t1, t2 = dstore.task(run_id, "T1"), dstore.task(run_id, "T2")
        assert t1.state is S.COMPLETED and t2.state is S.COMPLETED
        assert t1.attempts > failed.attempts
        steps = [(r.from_state, r.to_state) for r in dstore.transitions(run_id, "T1")]
        reopen = steps.index((S.FAILED, S.HUMAN_INPUT_RECEIVED))
        assert steps[reopen + 1] == (S.HUMAN_INPUT_RECEIVED, S.IMPLEMENTING)
        records = dstore.transitions(run_id, "T1")
        assert "the fixture data is in place now" in records[reopen].reason
        assert f"attempts {failed.attempts + 1}–{failed.attempts + 3}" in records[reopen + 1].reason
        (applied,) = [c for c in controls(store, run_id) if c.kind == "retry"]
        assert applied.id == control.id and "fresh budget" in applied.outcome and "T2" in applied.outcome
    finally:
        store.close()
    assert refs_count(project, "T1") == 1 and refs_count(project, "T2") == 1


async def test_retry_re_runs_a_task_that_failed_its_budget(tmp_path: Path, project: Path) -> None:
    db = tmp_path / "pmtui.db"
    text = plan(task_block("T1", "First module", module="first"))
    broken = write_files(module_files("first", broken=True))
    fixed = write_files(module_files("first"))
    script = {"T1": [broken, broken, fixed]}
    store = Store(db)
    try:
        engine = engine_for(tmp_path, project, text, script, store)
        retry = asyncio.create_task(when_escalated(db, "T1", lambda other, run_id: request_retry(other, run_id, "T1")))
        outcome = await engine.run()
        control = await retry
        assert outcome.ending == "released", outcome.message
        dstore = DeliveryStore(store)
        run_id = outcome.run_id or 0
        task = dstore.task(run_id, "T1")
        assert task.state is S.COMPLETED and task.attempts == 3
        (escalation,) = dstore.escalations(run_id)
        assert escalation.answer == 1 and escalation.note == RETRY_REASON
        (applied,) = controls(store, run_id)
        assert applied.id == control.id and "answered with option 1" in applied.outcome
        assert "control_applied" in [e["kind"] for e in store.events_since(0, limit=100_000)]
    finally:
        store.close()
    assert refs_count(project, "T1") == 1


def test_controls_refuse_what_cannot_apply(tmp_path: Path, store: Store) -> None:
    dstore = DeliveryStore(store)
    from pmtui.delivery.store import PlannedTask

    run = dstore.create_run("p", tmp_path)
    dstore.add_tasks(run.id, [PlannedTask(task_id="T1", title="One"), PlannedTask(task_id="T2", title="Two")])
    with pytest.raises(ControlError, match="only a failed task or one waiting for a human"):
        request_retry(store, run.id, "T1")
    with pytest.raises(ControlError, match="needs a reason"):
        request_skip(store, run.id, "T1", "   ")
    with pytest.raises(ControlError, match="no task 'T9'"):
        request_skip(store, run.id, "T9", "why")
    with store.transaction() as conn:
        conn.execute("UPDATE tasks SET state = 'failed' WHERE run_id = ? AND task_id = 'T2'", (run.id,))
    with pytest.raises(ControlError, match="already failed"):
        request_skip(store, run.id, "T2", "why")
    first = request_skip(store, run.id, "T1", "not needed")
    assert request_skip(store, run.id, "T1", "not needed").id == first.id
    dstore.set_run_state(run.id, "released")
    with pytest.raises(ControlError, match="already released"):
        request_pause(store, run.id)

