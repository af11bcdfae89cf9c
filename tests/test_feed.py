"""DeliveryFeed follows a run through the events table: incremental, by key, across Store handles."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.delivery.feed import DeliveryFeed, state_family
from pmtui.delivery.state_machine import TaskStateMachine
from pmtui.delivery.store import DeliveryStore, PlannedTask
from pmtui.models.states import IssueState
from pmtui.store import Store

S = IssueState


def seeded(store: Store, count: int = 5) -> tuple[DeliveryStore, int]:
    dstore = DeliveryStore(store)
    run = dstore.create_run("plan-feed", store.path.parent, plan_name="Feed plan")
    dstore.add_tasks(run.id, [
        PlannedTask(task_id=f"T{n}", title=f"Task {n}", tier="low" if n % 2 else "normal",
                    depends=[f"T{n - 1}"] if n > 1 else [])
        for n in range(1, count + 1)
    ])
    return dstore, run.id


def test_load_reads_the_latest_run_with_dependents(store: Store) -> None:
    _, run_id = seeded(store)
    feed = DeliveryFeed(store)
    delta = feed.poll()
    assert feed.run_id == run_id
    assert list(feed.tasks) == ["T1", "T2", "T3", "T4", "T5"]
    assert delta.added == ["T1", "T2", "T3", "T4", "T5"]
    assert feed.dependents["T1"] == ["T2"]
    assert feed.tasks["T3"].depends == ("T2",)
    assert [line.text for line in feed.events] == ["run started: plan plan-feed", "5 tasks received"]


def test_poll_rereads_only_the_tasks_named_by_new_events(store: Store) -> None:
    dstore, run_id = seeded(store)
    feed = DeliveryFeed(store, run_id)
    feed.poll()
    before = feed.tasks["T2"]
    machine = TaskStateMachine(dstore)
    machine.transition(run_id, "T1", S.ANALYZING_REQUIREMENTS, "picked up")
    delta = feed.poll()
    assert delta.changed == {"T1"}
    assert feed.tasks["T1"].state == "analyzing_requirements"
    assert feed.tasks["T1"].version == 1
    assert feed.tasks["T2"] is before, "an unchanged row is not re-read"
    assert delta.events[-1].text == "T1 received → analyzing_requirements: picked up"
    assert not feed.poll(), "nothing new: an empty delta"


def test_completions_escalations_and_answers_are_followed(store: Store) -> None:
    dstore, run_id = seeded(store, 2)
    feed = DeliveryFeed(store, run_id)
    feed.poll()
    machine = TaskStateMachine(dstore)
    for state in (S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS,
                  S.VALIDATING_SOLUTION, S.CREATING_PR, S.COMPLETED):
        machine.transition(run_id, "T1", state, "step")
    escalation_id = dstore.add_escalation(run_id, "T2", "Which database?", "Blocks T2", ["SQLite", "Postgres"], 2)
    delta = feed.poll()
    assert delta.completions == 1 and len(feed.completed_at) == 1
    assert feed.tasks["T1"].family == "done"
    assert [e.id for e in delta.escalations_opened] == [escalation_id]
    assert [e.id for e in feed.open_escalations()] == [escalation_id]
    dstore.answer_escalation(escalation_id, 1, "keep it simple")
    delta = feed.poll()
    assert delta.escalations_answered == [(escalation_id, 1)]
    assert feed.open_escalations() == []


def test_a_second_handle_sees_another_handles_writes(tmp_path: Path) -> None:
    writer = Store(tmp_path / "shared.db")
    reader = Store(tmp_path / "shared.db")
    try:
        dstore, run_id = seeded(writer, 3)
        feed = DeliveryFeed(reader)
        feed.poll()
        assert feed.run_id == run_id and len(feed.tasks) == 3
        TaskStateMachine(dstore).transition(run_id, "T1", S.ANALYZING_REQUIREMENTS, "from the engine")
        dstore.set_run_fields(run_id, paused=True)
        delta = feed.poll()
        assert delta.changed == {"T1"} and delta.run_changed
        assert feed.tasks["T1"].state == "analyzing_requirements"
        assert feed.run is not None and feed.run.paused
    finally:
        reader.close()
        writer.close()


def test_a_feed_opened_before_any_run_picks_up_the_first_one(store: Store) -> None:
    feed = DeliveryFeed(store)
    assert not feed.poll() and feed.run_id is None
    _, run_id = seeded(store, 2)
    delta = feed.poll()
    assert feed.run_id == run_id and delta.added == ["T1", "T2"]


def test_events_of_other_runs_are_ignored(store: Store) -> None:
    dstore, first = seeded(store, 2)
    feed = DeliveryFeed(store, first)
    feed.poll()
    other = dstore.create_run("plan-other", store.path.parent / "elsewhere")
    dstore.add_tasks(other.id, [PlannedTask(task_id="T1", title="Other")])
    TaskStateMachine(dstore).transition(other.id, "T1", S.ANALYZING_REQUIREMENTS, "other run")
    assert not feed.poll()
    assert feed.tasks["T1"].state == "received"


@pytest.mark.parametrize(
    ("state", "family"),
    [("received", "waiting"), ("implementing", "working"), ("running_tests", "testing"),
     ("requires_human_intervention", "human"), ("completed", "done"), ("blocked", "failed")],
)
def test_state_families(state: str, family: str) -> None:
    assert state_family(state) == family


def test_remaining_estimate_from_average_duration(store: Store) -> None:
    dstore, run_id = seeded(store, 3)
    dstore.set_task_fields(run_id, "T1", duration_ms=60_000.0)
    machine = TaskStateMachine(dstore)
    for state in (S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS,
                  S.VALIDATING_SOLUTION, S.CREATING_PR, S.COMPLETED):
        machine.transition(run_id, "T1", state, "step")
    dstore.set_task_fields(run_id, "T1", duration_ms=60_000.0)
    feed = DeliveryFeed(store, run_id)
    feed.poll()
    assert feed.remaining_estimate_s() == pytest.approx(120.0)


def test_progress_report_from_the_feed_matches_the_stored_report(store: Store) -> None:
    from pmtui.delivery.progress import progress_report

    dstore, run_id = seeded(store, 7)
    feed = DeliveryFeed(store, run_id)
    feed.poll()
    machine = TaskStateMachine(dstore)
    for state in (S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS,
                  S.VALIDATING_SOLUTION, S.CREATING_PR, S.COMPLETED):
        machine.transition(run_id, "T1", state, "step")
    machine.transition(run_id, "T2", S.ANALYZING_REQUIREMENTS, "picked up")
    machine.transition(run_id, "T2", S.FAILED, "the agent crashed")
    machine.transition(run_id, "T3", S.BLOCKED, "T2 failed")
    machine.transition(run_id, "T5", S.ANALYZING_REQUIREMENTS, "picked up")
    machine.transition(run_id, "T5", S.REQUIREMENTS_UNCLEAR, "which unit?")
    dstore.add_escalation(run_id, "T5", "Metres or feet?", "T6 waits", ["Metres", "Feet"], 1)
    dstore.add_escalation(run_id, None, "Budget spent", "Everything waits", ["Raise it", "Stop"], 1)
    machine.transition(run_id, "T7", S.ANALYZING_REQUIREMENTS, "picked up")
    feed.poll()
    mine = feed.progress_report()
    stored = progress_report(dstore, run_id)
    assert mine is not None
    assert mine.model_dump(exclude={"elapsed_s"}) == stored.model_dump(exclude={"elapsed_s"})
    assert "T2 Task 2 (failed: the agent crashed)" in mine.text()
    assert "T6 Task 6 (waits on T5, escalated)" in mine.text()
    reopened = DeliveryFeed(store, run_id)
    reopened.poll()
    again = reopened.progress_report()
    assert again is not None, "the failure reasons are read back when a feed opens on a run"
    assert again.model_dump(exclude={"elapsed_s"}) == stored.model_dump(exclude={"elapsed_s"})


def test_running_totals_follow_live_changes(store: Store) -> None:
    dstore, run_id = seeded(store, 4)
    feed = DeliveryFeed(store, run_id)
    feed.poll()
    assert feed.done_count() == 0 and feed.remaining_estimate_s() is None
    machine = TaskStateMachine(dstore)
    for task_id, seconds in (("T1", 60.0), ("T2", 180.0)):
        for state in (S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS,
                      S.VALIDATING_SOLUTION, S.CREATING_PR, S.COMPLETED):
            machine.transition(run_id, task_id, state, "step")
        dstore.set_task_fields(run_id, task_id, duration_ms=seconds * 1000)
    machine.transition(run_id, "T3", S.FAILED, "gave up")
    feed.poll()
    assert feed.done_count() == 2
    assert feed.remaining_estimate_s() == pytest.approx(120.0), "average 120 s times one unfinished task"
    reloaded = DeliveryFeed(store, run_id)
    reloaded.poll()
    assert (reloaded.done_count(), reloaded.remaining_estimate_s()) == (2, pytest.approx(120.0))


def _finish(dstore: DeliveryStore, run_id: int, task_id: str, seconds: float) -> None:
    machine = TaskStateMachine(dstore)
    for state in (S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS,
                  S.VALIDATING_SOLUTION, S.CREATING_PR, S.COMPLETED):
        machine.transition(run_id, task_id, state, "step")
    dstore.set_task_fields(run_id, task_id, duration_ms=seconds * 1000)


@pytest.mark.parametrize(("tier", "chained", "parallel_tiers", "turns"), [
    # Found in the TUI: six tasks of a PM-written plan, each building on the last, 3 slots. After the first (4 s)
    # the header said "~7s left" (4 s x 5 / 3 slots); they run one after another: 20 s.
    ("normal", True, ["low"], 5),
    ("low", True, ["low"], 5),  # a chain waits for itself, whatever its tier
    ("normal", False, ["low"], 5),  # normal tasks run one at a time by the seed's rule
    ("normal", False, ["low", "normal"], 5 / 3),  # unless the run lets them share the 3 slots
    ("low", False, ["low"], 5 / 3),
])
def test_the_remaining_estimate_follows_the_dependencies_and_what_may_run_at_once(
    store: Store, tier: str, chained: bool, parallel_tiers: list[str], turns: float
) -> None:
    dstore = DeliveryStore(store)
    run = dstore.create_run("plan-eta", store.path.parent, config={"max_parallel": 3, "parallel_tiers": parallel_tiers})
    dstore.add_tasks(run.id, [
        PlannedTask(task_id=f"T{n}", title=f"Task {n}", tier=tier, depends=[f"T{n - 1}"] if chained and n > 1 else [])
        for n in range(1, 7)
    ])
    _finish(dstore, run.id, "T1", 4.0)
    feed = DeliveryFeed(store, run.id)
    feed.poll()
    assert feed.remaining_estimate_s() == pytest.approx(4.0 * turns)


@pytest.mark.parametrize("loaded_late", [False, True])
def test_an_attempt_updated_with_the_same_outcome_is_one_log_line(store: Store, loaded_late: bool) -> None:
    """Seen on the dashboard's Log at stop 28: "T4 attempt 1 agent_done" three times for one attempt, once for the
    agent's end and again for each save of its gate results. A line says what changed; the gates' own line stays.
    The same whether the feed follows the run live or reads it afterwards."""
    from pmtui.models.delivery import GateResult

    dstore, run_id = seeded(store, 1)
    feed = DeliveryFeed(store, run_id)
    if not loaded_late:
        feed.poll()
    dstore.record_attempt(run_id, "T1", 1)
    dstore.record_attempt(run_id, "T1", 1, outcome="agent_done")
    for _ in range(2):
        dstore.save_gate_results(run_id, "T1", 1, [GateResult(gate="tests_run", passed=True)])
    dstore.record_attempt(run_id, "T1", 1, outcome="failed", finished=True)
    dstore.record_attempt(run_id, "T1", 2)
    if loaded_late:
        feed = DeliveryFeed(store, run_id)
    feed.poll()
    lines = [line.text for line in feed.events if line.task_id == "T1"]
    assert lines == ["T1 attempt 1 running", "T1 attempt 1 agent_done", "T1 attempt 1 gates passed",
                     "T1 attempt 1 gates passed", "T1 attempt 1 failed", "T1 attempt 2 running"], lines


def test_a_tasks_time_leaves_out_the_wait_for_a_human_answer(store: Store) -> None:
    """Seen in the TUI walk at stop 28: T1 did ten seconds of work, waited almost seven minutes for the founder's
    answer, and showed 6m56s; the remaining estimate averages those durations. The wait is not the task's time.
    (The wait here is an hour, written into the store's own stamps: no clock is raced.)"""
    dstore, run_id = seeded(store, 1)
    machine = TaskStateMachine(dstore)
    for state in (S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS,
                  S.REQUIRES_HUMAN_INTERVENTION):
        machine.transition(run_id, "T1", state, "on")
    with store.transaction() as conn:  # the task started an hour and a minute ago; it has waited since an hour ago
        conn.execute("UPDATE tasks SET started_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-3660 seconds') "
                     "WHERE run_id = ? AND task_id = 'T1'", (run_id,))
        conn.execute("UPDATE transitions SET created_at = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-3600 seconds') "
                     "WHERE run_id = ? AND to_state = ?", (run_id, S.REQUIRES_HUMAN_INTERVENTION.value))
    for state in (S.HUMAN_INPUT_RECEIVED, S.IMPLEMENTING, S.RUNNING_TESTS, S.VALIDATING_SOLUTION, S.CREATING_PR,
                  S.COMPLETED):
        machine.transition(run_id, "T1", state, "on")
    duration = dstore.task(run_id, "T1").duration_ms
    assert duration is not None and 55_000 <= duration <= 70_000, duration  # its minute of work, not the hour
