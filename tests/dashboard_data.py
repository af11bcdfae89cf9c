"""A deterministic delivery run for the dashboard tests and snapshots: rows written through
DeliveryStore and TaskStateMachine, then every stored time pinned so nothing depends on the clock."""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.state_machine import TaskStateMachine
from pmtui.delivery.store import DeliveryStore, PlannedTask
from pmtui.models.delivery import ExpectedFiles, GateResult, ReviewNote, TaskContract
from pmtui.models.states import IssueState
from pmtui.store import Store

S = IssueState
HAPPY = [S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS,
         S.VALIDATING_SOLUTION, S.CREATING_PR, S.COMPLETED]
TIERS = ("critical", "normal", "low")


def build_run(store: Store, repo: Path, count: int = 12, *, escalate: bool = False) -> int:
    """A run of `count` tasks: four completed, one failed its gates, one working, the rest waiting."""
    dstore = DeliveryStore(store)
    machine = TaskStateMachine(dstore)
    run = dstore.create_run("calc-v1", repo, plan_name="Calculator v1", config={"max_parallel": 2})
    planned = []
    for n in range(1, count + 1):
        task_id = f"T{n:02d}"
        tier = TIERS[n % 3]
        contract = TaskContract(
            task_id=task_id, title=f"Module {n} [core]", tier=tier,
            acceptance_criteria=[f"m{n}_value() returns {n}", "the [tests] pass"],
            expected_files=ExpectedFiles(create=[f"src/m{n}.py"], modify=["README.md"]),
            non_goals=["no command-line interface"],
        )
        planned.append(PlannedTask(task_id=task_id, title=f"Module {n} [core]", tier=tier,
                                   ownership=f"area-{n % 4}", depends=[f"T{n - 1:02d}"] if n % 4 != 1 else [],
                                   contract=contract))
    dstore.add_tasks(run.id, planned)
    for n in (1, 2, 3, 5):
        task_id = f"T{n:02d}"
        for state in HAPPY:
            machine.transition(run.id, task_id, state, f"{state.value.replace('_', ' ')} done")
        dstore.record_attempt(run.id, task_id, 1, outcome="passed", finished=True)
        dstore.save_gate_results(run.id, task_id, 1, [
            GateResult(gate="lint", passed=True, evidence=["ruff: All checks passed!"]),
            GateResult(gate="test", passed=True, evidence=[f"{n} passed"]),
        ])
        dstore.set_task_fields(run.id, task_id, duration_ms=60_000.0 * n,
                               review_note=ReviewNote(summary=f"Adds m{n}", rollback="git revert <sha>"))
    for state in HAPPY[:4]:
        machine.transition(run.id, "T04", state, "step")
    dstore.record_attempt(run.id, "T04", 1, outcome="gates_failed", finished=True)
    dstore.save_gate_results(run.id, "T04", 1, [
        GateResult(gate="lint", passed=True, evidence=["clean"]),
        GateResult(gate="test", passed=False, evidence=["FAILED tests/test_m4.py::test_m4 - assert 0 == 4"]),
    ])
    if escalate:
        machine.transition(run.id, "T04", S.REQUIRES_HUMAN_INTERVENTION, "retry budget exhausted")
        dstore.add_escalation(run.id, "T04", "T04 failed its gates 3 times", "T05 waits for it",
                              ["Retry with a fresh budget", "Accept as is", "Skip it"], 1)
    else:
        machine.transition(run.id, "T04", S.FIXING_ISSUES, "test gate failed")
    for state in HAPPY[:2]:
        machine.transition(run.id, "T06", state, "step")
    pin_times(store, run.id)
    return run.id


def pin_times(store: Store, run_id: int) -> None:
    """Every stored timestamp of the run, one minute apart in write order, from 2025-01-01 09:00."""
    with store.transaction() as conn:
        conn.execute("UPDATE runs SET created_at = '2025-01-01T09:00:00.000+00:00' WHERE id = ?", (run_id,))
        for table in ("transitions", "events"):
            conn.execute(
                f"UPDATE {table} SET created_at = strftime('%Y-%m-%dT%H:%M:%S', '2025-01-01 09:00:00', "
                f"'+' || id || ' minutes') || '.000+00:00'"
            )
        conn.execute("UPDATE tasks SET started_at = NULL, finished_at = NULL WHERE run_id = ?", (run_id,))
        conn.execute("UPDATE escalations SET created_at = '2025-01-01T10:00:00.000+00:00' WHERE run_id = ?",
                     (run_id,))


def finish_run(store: Store, run_id: int) -> None:
    """Mark the run failed at a pinned time (a finished run: no elapsed clock)."""
    DeliveryStore(store).set_run_state(run_id, "failed", "stopped for the snapshot")
    with store.transaction() as conn:
        conn.execute("UPDATE runs SET finished_at = '2025-01-01T11:00:00.000+00:00' WHERE id = ?", (run_id,))
        conn.execute("UPDATE events SET created_at = '2025-01-01T11:00:00.000+00:00' WHERE kind = 'run_state'")
