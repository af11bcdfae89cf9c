"""The seed-004 state machine over SQLite: valid transitions recorded with their row, invalid ones
refused without a trace, loop detection, max_iterations escalation and the derived seed-003 status."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pmtui.delivery.state_machine import STUCK_OPTIONS, TaskStateMachine, loop_window
from pmtui.delivery.store import DeliveryStore, DeliveryStoreError, PlannedTask
from pmtui.models.states import VALID_TRANSITIONS, InvalidTransition, IssueState
from pmtui.store import Store

S = IssueState
ALL_PAIRS = list(itertools.product(IssueState, IssueState))
VALID_PAIRS = [(a, b) for a, b in ALL_PAIRS if b in VALID_TRANSITIONS[a]]
INVALID_PAIRS = [(a, b) for a, b in ALL_PAIRS if b not in VALID_TRANSITIONS[a]]
HAPPY_PATH = [
    S.ANALYZING_REQUIREMENTS,
    S.CREATING_TESTS,
    S.IMPLEMENTING,
    S.RUNNING_TESTS,
    S.FIXING_ISSUES,
    S.RUNNING_TESTS,
    S.VALIDATING_SOLUTION,
    S.CREATING_PR,
    S.COMPLETED,
]
_fixture_ok = settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None, max_examples=60
)


@pytest.fixture
def dstore(tmp_path: Path) -> Iterator[DeliveryStore]:
    store = Store(tmp_path / "states.db")
    yield DeliveryStore(store)
    store.close()


_task_numbers = itertools.count(1)


def _new_task(dstore: DeliveryStore, state: IssueState = S.RECEIVED, depends: list[str] | None = None) -> tuple[int, str]:
    """A fresh task in its own run, put straight into `state` (set-up only, not a transition)."""
    number = next(_task_numbers)
    run = dstore.create_run(f"plan-{number}", f"/tmp/repo-{number}")
    dstore.add_tasks(run.id, [PlannedTask(task_id="T1", title="Task", depends=depends or [])])
    if state is not S.RECEIVED:
        with dstore.store.transaction() as conn:
            conn.execute("UPDATE tasks SET state = ? WHERE run_id = ? AND task_id = 'T1'", (state.value, run.id))
    return run.id, "T1"


def _last_event(dstore: DeliveryStore) -> int:
    events = dstore.store.events_since(0, limit=1_000_000)
    return int(events[-1]["id"]) if events else 0


def _assert_untouched(dstore: DeliveryStore, run_id: int, transitions: int, last_event: int) -> None:
    assert len(dstore.transitions(run_id)) == transitions
    assert dstore.store.events_since(last_event) == []


def test_every_valid_pair_is_accepted_and_recorded(dstore: DeliveryStore) -> None:
    machine = TaskStateMachine(dstore)
    for from_state, to_state in VALID_PAIRS:
        run_id, task_id = _new_task(dstore, from_state)
        assert machine.transition(run_id, task_id, to_state, f"{from_state.value} to {to_state.value}") is to_state
        assert dstore.task(run_id, task_id).state is to_state
        [row] = dstore.transitions(run_id, task_id)
        assert (row.from_state, row.to_state, row.iteration) == (from_state, to_state, 1)
        assert row.reason == f"{from_state.value} to {to_state.value}"
        assert row.created_at


def test_every_other_pair_is_refused_and_leaves_no_trace(dstore: DeliveryStore) -> None:
    machine = TaskStateMachine(dstore)
    assert len(INVALID_PAIRS) > len(VALID_PAIRS)
    for from_state, to_state in INVALID_PAIRS:
        run_id, task_id = _new_task(dstore, from_state)
        last_event = _last_event(dstore)
        with pytest.raises(InvalidTransition) as refused:
            machine.transition(run_id, task_id, to_state, "not allowed")
        assert f"{from_state.value} -> {to_state.value}" in str(refused.value)
        task = dstore.task(run_id, task_id)
        assert (task.state, task.iteration) == (from_state, 0)
        _assert_untouched(dstore, run_id, 0, last_event)


@_fixture_ok
@given(targets=st.lists(st.sampled_from(list(IssueState)), min_size=1, max_size=25))
def test_random_walks_record_exactly_the_valid_steps(dstore: DeliveryStore, targets: list[IssueState]) -> None:
    machine = TaskStateMachine(dstore)
    run_id, task_id = _new_task(dstore)
    state, accepted = S.RECEIVED, []
    for target in targets:
        if target in VALID_TRANSITIONS[state]:
            machine.transition(run_id, task_id, target, "walk")
            accepted.append((state, target))
            state = target
        else:
            with pytest.raises(InvalidTransition):
                machine.transition(run_id, task_id, target, "walk")
    rows = machine.history(run_id, task_id)
    assert [(r.from_state, r.to_state) for r in rows] == accepted
    assert [r.iteration for r in rows] == list(range(1, len(accepted) + 1))
    task = dstore.task(run_id, task_id)
    assert (task.state, task.iteration) == (state, len(accepted))
    kinds = [e["payload"] for e in dstore.store.events_since(0, limit=1_000_000) if e["kind"] == "task_state"]
    steps = [(p["from_state"], p["state"]) for p in kinds if p["run_id"] == run_id and "from_state" in p]
    assert steps == [(a.value, b.value) for a, b in accepted]


def test_happy_path_is_recorded_in_order_with_times(dstore: DeliveryStore) -> None:
    machine = TaskStateMachine(dstore)
    run_id, task_id = _new_task(dstore)
    for state in HAPPY_PATH:
        machine.transition(run_id, task_id, state, f"to {state.value}")
    assert machine.states_visited(run_id, task_id) == [S.RECEIVED, *HAPPY_PATH]
    task = dstore.task(run_id, task_id)
    assert task.status == "completed"
    assert task.started_at and task.finished_at and task.duration_ms is not None
    assert task.started_at <= task.finished_at


def _walk(machine: TaskStateMachine, run_id: int, task_id: str, states: list[IssueState]) -> None:
    for state in states:
        machine.transition(run_id, task_id, state, "test")


@pytest.mark.parametrize("budget", [0, 1, 2, 3])
def test_loop_detection_fires_one_fix_cycle_past_the_budget(dstore: DeliveryStore, budget: int) -> None:
    machine = TaskStateMachine(dstore)
    run_id, task_id = _new_task(dstore)
    _walk(machine, run_id, task_id, [S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS])
    for _ in range(budget):
        _walk(machine, run_id, task_id, [S.FIXING_ISSUES, S.RUNNING_TESTS])
        assert machine.check_stuck(run_id, task_id, budget) is None
    _walk(machine, run_id, task_id, [S.FIXING_ISSUES, S.RUNNING_TESTS])
    reason = machine.check_stuck(run_id, task_id, budget)
    assert reason is not None
    assert f"last {loop_window(budget)} states" in reason
    assert "fixing_issues" in reason and "running_tests" in reason


def test_loop_detection_uses_the_task_budget_and_restarts_after_a_human_answer(dstore: DeliveryStore) -> None:
    machine = TaskStateMachine(dstore)
    run_id, task_id = _new_task(dstore)
    _walk(machine, run_id, task_id, [S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS])
    _walk(machine, run_id, task_id, [S.FIXING_ISSUES, S.RUNNING_TESTS] * 3)
    assert machine.check_stuck(run_id, task_id) is not None
    escalation_id = machine.escalate_stuck(run_id, task_id, "same failure three times")
    dstore.answer_escalation(escalation_id, 1)
    _walk(machine, run_id, task_id, [S.HUMAN_INPUT_RECEIVED, S.IMPLEMENTING, S.RUNNING_TESTS])
    assert machine.check_stuck(run_id, task_id) is None
    _walk(machine, run_id, task_id, [S.FIXING_ISSUES, S.RUNNING_TESTS] * 2)
    assert machine.check_stuck(run_id, task_id) is None


def test_max_iterations_escalates_with_a_row_in_the_same_step(dstore: DeliveryStore) -> None:
    machine = TaskStateMachine(dstore, max_iterations=6)
    run_id, task_id = _new_task(dstore)
    path = [S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.UPDATING_TESTS, S.CREATING_TESTS, S.IMPLEMENTING]
    _walk(machine, run_id, task_id, path)
    assert machine.check_stuck(run_id, task_id) is None
    _walk(machine, run_id, task_id, [S.RUNNING_TESTS])
    reason = machine.check_stuck(run_id, task_id)
    assert reason is not None and "max_iterations is 6" in reason
    escalation_id = machine.escalate_stuck(run_id, task_id, reason)
    task = dstore.task(run_id, task_id)
    assert (task.state, task.status) == (S.REQUIRES_HUMAN_INTERVENTION, "escalated")
    last = machine.history(run_id, task_id)[-1]
    assert (last.from_state, last.to_state, last.reason, last.iteration) == (
        S.RUNNING_TESTS,
        S.REQUIRES_HUMAN_INTERVENTION,
        reason,
        7,
    )
    [escalation] = dstore.open_escalations(run_id)
    assert escalation.id == escalation_id
    assert (escalation.task_id, escalation.kind, escalation.blocking) == (task_id, "stuck", True)
    assert escalation.options == list(STUCK_OPTIONS) and escalation.recommended == 1
    assert reason in escalation.problem


def test_escalating_from_a_state_without_that_edge_writes_nothing(dstore: DeliveryStore) -> None:
    machine = TaskStateMachine(dstore)
    run_id, task_id = _new_task(dstore)
    waiting = S.WAITING_FOR_REQUIREMENTS_CLARIFICATION
    assert S.REQUIRES_HUMAN_INTERVENTION not in VALID_TRANSITIONS[waiting]
    _walk(machine, run_id, task_id, [S.ANALYZING_REQUIREMENTS, S.REQUIREMENTS_UNCLEAR, waiting])
    last_event = _last_event(dstore)
    with pytest.raises(InvalidTransition):
        machine.escalate_stuck(run_id, task_id, "stuck while waiting")
    assert dstore.escalations(run_id) == []
    assert dstore.task(run_id, task_id).state is waiting
    _assert_untouched(dstore, run_id, 3, last_event)


EXPECTED_STATUS = {
    S.RECEIVED: "ready",
    S.ANALYZING_REQUIREMENTS: "in_progress",
    S.REQUIREMENTS_UNCLEAR: "escalated",
    S.WAITING_FOR_REQUIREMENTS_CLARIFICATION: "escalated",
    S.REQUIREMENTS_CLARIFIED: "in_progress",
    S.PLANNING_APPROACH: "in_progress",
    S.CREATING_TESTS: "in_progress",
    S.UPDATING_TESTS: "in_progress",
    S.RUNNING_TESTS: "in_progress",
    S.IMPLEMENTING: "in_progress",
    S.FIXING_ISSUES: "in_progress",
    S.REFACTORING: "in_progress",
    S.VALIDATING_SOLUTION: "in_progress",
    S.ADDRESSING_FEEDBACK: "in_progress",
    S.CREATING_PR: "in_progress",
    S.COMPLETED: "completed",
    S.WAITING_FOR_HUMAN_INPUT: "escalated",
    S.HUMAN_INPUT_RECEIVED: "in_progress",
    S.FAILED: "failed",
    S.BLOCKED: "failed",
    S.REQUIRES_HUMAN_INTERVENTION: "escalated",
}


@pytest.mark.parametrize("state", list(IssueState), ids=lambda s: s.value)
def test_status_is_derived_from_the_state(dstore: DeliveryStore, state: IssueState) -> None:
    run_id, task_id = _new_task(dstore, state)
    assert dstore.task(run_id, task_id).status == EXPECTED_STATUS[state]
    assert [t.status for t in dstore.tasks(run_id)] == [EXPECTED_STATUS[state]]


def test_a_received_task_is_pending_until_its_dependencies_complete(dstore: DeliveryStore) -> None:
    machine = TaskStateMachine(dstore)
    run = dstore.create_run("deps", "/tmp/deps-repo")
    dstore.add_tasks(
        run.id,
        [PlannedTask(task_id="A", title="first"), PlannedTask(task_id="B", title="second", depends=["A"])],
    )
    assert [(t.task_id, t.status) for t in dstore.tasks(run.id)] == [("A", "ready"), ("B", "pending")]
    _walk(machine, run.id, "A", HAPPY_PATH[:-1])
    assert dstore.task(run.id, "B").status == "pending"
    machine.transition(run.id, "A", S.COMPLETED, "committed")
    assert dstore.task(run.id, "B").status == "ready"
    assert dstore.task(run.id, "B").dependencies_done


def test_an_unknown_task_is_an_error_not_a_row(dstore: DeliveryStore) -> None:
    machine = TaskStateMachine(dstore)
    run_id, _ = _new_task(dstore)
    with pytest.raises(DeliveryStoreError, match="no task .T9."):
        machine.transition(run_id, "T9", S.ANALYZING_REQUIREMENTS, "typo")
    assert dstore.transitions(run_id) == []
