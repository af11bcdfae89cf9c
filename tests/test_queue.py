"""The task queue on generated DAGs: dependency order, tier priority, critical alone, parallel LOW
tasks by ownership, anti-starvation, blocking on failure, and rebuilding from the store's rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pmtui.delivery.queue import LOW_EVERY, TIER_RANK, QueueError, QueueTask, TaskQueue
from pmtui.delivery.state_machine import TaskStateMachine
from pmtui.delivery.store import DeliveryStore, PlannedTask, TaskRecord
from pmtui.models.states import IssueState
from pmtui.store import Store

S = IssueState
AREAS = ["api", "ui", "docs", "db", ""]


@st.composite
def plans(draw: st.DrawFn, max_tasks: int = 18) -> list[QueueTask]:
    """A random DAG: task T<k> may depend on any T<j<k>; plan positions are a random permutation,
    so the plan order need not be a dependency order."""
    count = draw(st.integers(1, max_tasks))
    positions = draw(st.permutations(range(count)))
    tasks = []
    for rank in range(count):
        deps = draw(st.sets(st.integers(0, rank - 1), max_size=3)) if rank else set()
        tasks.append(
            QueueTask(
                task_id=f"T{rank}",
                tier=draw(st.sampled_from(["critical", "normal", "low"])),
                depends=tuple(f"T{d}" for d in sorted(deps)),
                ownership=draw(st.sampled_from(AREAS)),
                position=positions[rank],
            )
        )
    return tasks


def _ancestors(tasks: list[QueueTask], task_id: str) -> set[str]:
    deps = {t.task_id: t.depends for t in tasks}
    found: set[str] = set()
    stack = list(deps[task_id])
    while stack:
        dep = stack.pop()
        if dep not in found:
            found.add(dep)
            stack.extend(deps[dep])
    return found


def _check_running(queue: TaskQueue, tasks: list[QueueTask]) -> None:
    running = queue.running()
    tiers = [queue.tier(t) for t in running]
    assert len(running) <= queue.max_parallel
    if "critical" in tiers:
        assert len(running) == 1, f"critical task ran alongside {running}"
    assert tiers.count("normal") <= 1, "two NORMAL tasks ran at once"
    areas = [queue.ownership(t).strip().lower() for t in running]
    assert len(areas) == len(set(areas)), f"one ownership area twice in {running}"


@settings(max_examples=150, deadline=None)
@given(tasks=plans(), max_parallel=st.integers(1, 4), data=st.data())
def test_draining_random_dags_keeps_every_rule(tasks: list[QueueTask], max_parallel: int, data: st.DataObject) -> None:
    queue = TaskQueue(tasks, max_parallel=max_parallel)
    by_id = {t.task_id: t for t in tasks}
    done: set[str] = set()
    failed: set[str] = set()
    while not queue.is_finished():
        ready = queue.ready()
        was_idle = not queue.running()
        low_due = queue.completions_since_low >= LOW_EVERY
        batch = queue.next_batch()
        if was_idle:
            assert batch, "nothing runs and nothing started although tasks are ready"
            if low_due and any(queue.tier(t) == "low" for t in ready):
                assert queue.tier(batch[0]) == "low", "anti-starvation: a LOW goes first"
            else:
                assert TIER_RANK[queue.tier(batch[0])] == min(TIER_RANK[queue.tier(t)] for t in ready)
                best = min(ready, key=lambda t: TIER_RANK[queue.tier(t)])
                assert batch[0] == best, "within a tier, dependency order then plan order"
        assert set(batch) <= set(ready)
        for task_id in batch:
            assert set(by_id[task_id].depends) <= done
            queue.mark_running(task_id)
        _check_running(queue, tasks)
        assert queue.next_batch() == [], "a batch starts everything that may start"
        finishing = data.draw(st.sampled_from(sorted(queue.running())))
        if data.draw(st.integers(0, 9)) == 0:
            expected = {
                t.task_id
                for t in tasks
                if finishing in _ancestors(tasks, t.task_id) and queue.status(t.task_id) == "pending"
            }
            blocked = queue.mark_failed(finishing)
            failed.add(finishing)
            assert set(blocked) == expected
            for task_id in blocked:
                assert queue.blocked_reason(task_id) == f"depends on {finishing}, which failed"
        else:
            newly_ready = queue.mark_done(finishing)
            done.add(finishing)
            for task_id in newly_ready:
                assert set(by_id[task_id].depends) <= done
    for task_id in queue.blocked():
        assert _ancestors(tasks, task_id) & failed
    assert set(queue.done()) == done and set(queue.failed()) == failed
    assert done | failed | set(queue.blocked()) == set(by_id)


def test_priority_critical_then_normal_then_low_in_dependency_then_plan_order() -> None:
    tasks = [
        QueueTask("L1", "low", position=0, ownership="docs"),
        QueueTask("N2", "normal", ("N1",), position=1, ownership="api"),
        QueueTask("N1", "normal", position=2, ownership="api"),
        QueueTask("C1", "critical", position=3, ownership="auth"),
        QueueTask("N3", "normal", position=4, ownership="api"),
    ]
    queue = TaskQueue(tasks, max_parallel=1)
    order = []
    while not queue.is_finished():
        [task_id] = queue.next_batch()
        order.append(task_id)
        queue.mark_running(task_id)
        queue.mark_done(task_id)
    assert order == ["C1", "N1", "N2", "L1", "N3"]


def test_a_critical_task_waits_for_running_work_to_drain_and_then_runs_alone() -> None:
    tasks = [
        QueueTask("L1", "low", ownership="docs", position=0),
        QueueTask("L2", "low", ownership="ui", position=1),
        QueueTask("C1", "critical", ("L1",), ownership="auth", position=2),
        QueueTask("L3", "low", ownership="config", position=3),
    ]
    queue = TaskQueue(tasks)
    assert queue.next_batch() == ["L1", "L2", "L3"]
    for task_id in ("L1", "L2"):
        queue.mark_running(task_id)
    queue.mark_done("L1")
    assert queue.ready() == ["C1", "L3"]
    assert queue.next_batch() == []
    queue.mark_done("L2")
    assert queue.next_batch() == ["C1"]
    queue.mark_running("C1")
    assert queue.next_batch() == []
    with pytest.raises(QueueError, match="unknown task X"):
        queue.next_batch(running={"X"})


def test_low_tasks_run_in_parallel_by_ownership_area_and_beside_one_normal() -> None:
    tasks = [
        QueueTask("N1", "normal", ownership="api", position=0),
        QueueTask("N2", "normal", ownership="ui", position=1),
        QueueTask("L1", "low", ownership="api", position=2),
        QueueTask("L2", "low", ownership="docs", position=3),
        QueueTask("L3", "low", ownership="docs", position=4),
        QueueTask("L4", "low", ownership="Config ", position=5),
        QueueTask("L5", "low", ownership="config", position=6),
    ]
    queue = TaskQueue(tasks, max_parallel=3)
    assert queue.next_batch() == ["N1", "L2", "L4"]
    assert TaskQueue(tasks, max_parallel=5).next_batch() == ["N1", "L2", "L4"]
    assert TaskQueue(tasks, max_parallel=2).next_batch() == ["N1", "L2"]
    for task_id in ("N1", "L2", "L4"):
        queue.mark_running(task_id)
    queue.mark_done("L2")
    assert queue.next_batch() == ["L3"]
    queue.mark_done("N1")
    assert queue.next_batch() == ["N2", "L1"]


def test_tasks_without_an_ownership_area_never_overlap() -> None:
    queue = TaskQueue([QueueTask(f"L{i}", "low", position=i) for i in range(3)])
    assert queue.next_batch() == ["L0"]


@pytest.mark.parametrize("max_parallel", [1, 3])
def test_anti_starvation_a_low_behind_a_chain_of_normals_gets_its_turn_after_three(max_parallel: int) -> None:
    chain = [QueueTask(f"N{i}", "normal", (f"N{i - 1}",) if i > 1 else (), "core", i) for i in range(1, 8)]
    tasks = [*chain, QueueTask("L", "low", ownership="core", position=8)]
    queue = TaskQueue(tasks, max_parallel=max_parallel)
    order = []
    while not queue.is_finished():
        batch = queue.next_batch()
        assert len(batch) == 1
        order.append(batch[0])
        queue.mark_running(batch[0])
        queue.mark_done(batch[0])
    assert order == ["N1", "N2", "N3", "L", "N4", "N5", "N6", "N7"]
    assert queue.completions_since_low == 4


def test_the_starvation_counter_counts_only_critical_and_normal_completions() -> None:
    tasks = [
        QueueTask("C1", "critical", position=0, ownership="a"),
        QueueTask("N1", "normal", ("C1",), position=1, ownership="a"),
        QueueTask("L1", "low", ("C1",), position=2, ownership="a"),
        QueueTask("L2", "low", ("L1",), position=3, ownership="a"),
    ]
    queue = TaskQueue(tasks)
    for task_id in ("C1",):
        queue.mark_running(task_id)
        queue.mark_done(task_id)
    assert queue.completions_since_low == 1
    queue.mark_running("L1")
    assert queue.completions_since_low == 0
    queue.mark_done("L1")
    assert queue.completions_since_low == 0


def test_a_failed_task_blocks_its_dependents_transitively_with_reasons() -> None:
    tasks = [
        QueueTask("T1", position=0),
        QueueTask("T2", depends=("T1",), position=1, ownership="a"),
        QueueTask("T3", depends=("T1",), position=2, ownership="b"),
        QueueTask("T4", depends=("T3",), position=3, ownership="c"),
        QueueTask("T5", depends=("T4", "T2"), position=4, ownership="d"),
        QueueTask("T6", position=5, ownership="e"),
    ]
    queue = TaskQueue(tasks, max_parallel=1)
    queue.mark_running("T1")
    queue.mark_done("T1")
    queue.mark_running("T3")
    assert queue.mark_failed("T3") == ["T4", "T5"]
    assert queue.blocked_reason("T4") == "depends on T3, which failed"
    assert queue.blocked_reason("T5") == "depends on T3, which failed"
    assert queue.blocked_reason("T2") is None
    assert queue.ready() == ["T2", "T6"]
    queue.mark_running("T2")
    queue.mark_failed("T2")
    assert queue.blocked_reason("T5") == "depends on T3, which failed"
    assert not queue.is_finished()
    queue.mark_running("T6")
    queue.mark_done("T6")
    assert queue.is_finished()


def test_a_task_waiting_for_a_human_pauses_only_its_dependents() -> None:
    tasks = [
        QueueTask("A", position=0, ownership="a"),
        QueueTask("B", depends=("A",), position=1, ownership="b"),
        QueueTask("C", position=2, ownership="c"),
    ]
    queue = TaskQueue(tasks, max_parallel=1)
    queue.mark_running("A")
    queue.mark_waiting("A")
    assert queue.next_batch() == ["C"]
    assert queue.blocked_reason("B") == "depends on A, which waits for a human answer"
    queue.mark_running("C")
    queue.mark_done("C")
    assert queue.next_batch() == [] and queue.is_stalled() and not queue.is_finished()
    assert queue.mark_done("A") == ["B"]
    assert queue.blocked_reason("B") is None
    assert queue.next_batch() == ["B"]


def test_bad_graphs_and_out_of_turn_marks_are_refused() -> None:
    with pytest.raises(QueueError, match="unknown task T9"):
        TaskQueue([QueueTask("T1", depends=("T9",))])
    with pytest.raises(QueueError, match="dependency cycle"):
        TaskQueue([QueueTask("T1", depends=("T2",)), QueueTask("T2", depends=("T1",), position=1)])
    queue = TaskQueue([QueueTask("T1"), QueueTask("T2", depends=("T1",), position=1)])
    with pytest.raises(QueueError, match="dependencies are not done"):
        queue.mark_running("T2")
    with pytest.raises(QueueError, match="cannot complete"):
        queue.mark_done("T1")


# -- rebuilding from rows ---------------------------------------------------------------------------
_QUEUE_TO_STATE = {
    "pending": S.RECEIVED,
    "running": S.IMPLEMENTING,
    "waiting": S.REQUIRES_HUMAN_INTERVENTION,
    "done": S.COMPLETED,
    "failed": S.FAILED,
    "blocked": S.BLOCKED,
}


def _records(queue: TaskQueue, tasks: list[QueueTask]) -> list[TaskRecord]:
    return [
        TaskRecord(
            run_id=1,
            task_id=t.task_id,
            position=t.position,
            title=t.task_id,
            tier=t.tier,
            ownership=t.ownership,
            depends=list(t.depends),
            state=_QUEUE_TO_STATE[queue.status(t.task_id)],
        )
        for t in tasks
    ]


@settings(max_examples=120, deadline=None)
@given(tasks=plans(), max_parallel=st.integers(1, 4), data=st.data())
def test_rebuilding_from_rows_gives_the_same_decisions(
    tasks: list[QueueTask], max_parallel: int, data: st.DataObject
) -> None:
    queue = TaskQueue(tasks, max_parallel=max_parallel)
    for _ in range(data.draw(st.integers(0, len(tasks)))):
        for task_id in queue.next_batch():
            queue.mark_running(task_id)
        if not queue.running():
            break
        task_id = data.draw(st.sampled_from(sorted(queue.running())))
        outcome = data.draw(st.sampled_from(["done", "done", "done", "failed", "waiting", "keep"]))
        if outcome == "done":
            queue.mark_done(task_id)
        elif outcome == "failed":
            queue.mark_failed(task_id)
        elif outcome == "waiting":
            queue.mark_waiting(task_id)
    rebuilt = TaskQueue.from_records(_records(queue, tasks), max_parallel, queue.completions_since_low)
    assert rebuilt.next_batch() == queue.next_batch()
    assert rebuilt.ready() == queue.ready()
    assert rebuilt.running() == queue.running()
    assert rebuilt.waiting() == queue.waiting()
    assert rebuilt.blocked() == queue.blocked()
    assert rebuilt.is_finished() == queue.is_finished()
    for task_id in rebuilt.blocked():
        reason = rebuilt.blocked_reason(task_id)
        assert reason is not None and reason.endswith("which failed")


def test_rebuilding_a_run_from_the_store_keeps_the_anti_starvation_turn(tmp_path: Path) -> None:
    store = Store(tmp_path / "queue.db")
    dstore = DeliveryStore(store)
    machine = TaskStateMachine(dstore)
    run = dstore.create_run("starve", tmp_path, config={"max_parallel": 2})
    planned = [
        PlannedTask(task_id="L0", title="Docs first", tier="low", ownership="core"),
        *(
            PlannedTask(task_id=f"N{i}", title=f"Step {i}", ownership="core", depends=[f"N{i - 1}"] if i > 1 else [])
            for i in range(1, 6)
        ),
        PlannedTask(task_id="L1", title="Docs", tier="low", ownership="core"),
        PlannedTask(task_id="F1", title="Doomed", ownership="x"),
        PlannedTask(task_id="F2", title="After doomed", tier="low", ownership="y", depends=["F1"]),
    ]
    dstore.add_tasks(run.id, planned)
    queue = TaskQueue.for_run(dstore, run.id)
    assert queue.max_parallel == 2

    def complete(task_id: str) -> None:
        queue.mark_running(task_id)
        for state in (S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS):
            machine.transition(run.id, task_id, state, "work")
        for state in (S.VALIDATING_SOLUTION, S.CREATING_PR, S.COMPLETED):
            machine.transition(run.id, task_id, state, "pass")
        queue.mark_done(task_id)

    complete("L0")
    for task_id in ("N1", "N2", "N3"):
        assert queue.next_batch()[0] == task_id
        complete(task_id)
    queue.mark_running("F1")
    machine.transition(run.id, "F1", S.ANALYZING_REQUIREMENTS, "work")
    machine.transition(run.id, "F1", S.FAILED, "skipped by the human")
    assert queue.mark_failed("F1") == ["F2"]
    assert queue.completions_since_low == 3
    assert dstore.completions_since_low(run.id) == 3
    assert queue.next_batch() == ["L1"]

    store.close()
    reopened = DeliveryStore(Store(tmp_path / "queue.db"))
    rebuilt = TaskQueue.for_run(reopened, run.id)
    assert rebuilt.completions_since_low == 3
    assert rebuilt.next_batch() == ["L1"]
    assert rebuilt.blocked() == ["F2"] and rebuilt.blocked_reason("F2") == "depends on F1, which failed"
    assert rebuilt.done() == ["L0", "N1", "N2", "N3"]
    reopened.store.close()


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=30)
@given(tasks=plans(max_tasks=40))
def test_a_serial_drain_is_a_topological_order(tasks: list[QueueTask]) -> None:
    queue = TaskQueue(tasks, max_parallel=1)
    seen: set[str] = set()
    while not queue.is_finished():
        [task_id] = queue.next_batch()
        queue.mark_running(task_id)
        queue.mark_done(task_id)
        assert set(queue._task[task_id].depends) <= seen
        seen.add(task_id)
    assert seen == {t.task_id for t in tasks}


def test_within_a_tier_the_task_heading_the_longest_chain_goes_first() -> None:
    # A1 heads a chain of three, B1 of two, the others of one: plan order alone would leave the
    # chain for last and stretch the run by two agent runs.
    tasks = [QueueTask(f"X{n}", "low", position=n, ownership=f"x{n}") for n in range(1, 5)]
    tasks += [
        QueueTask("B1", "low", position=5, ownership="b1"),
        QueueTask("A1", "low", position=6, ownership="a1"),
        QueueTask("A2", "low", ("A1",), position=7, ownership="a2"),
        QueueTask("A3", "low", ("A2",), position=8, ownership="a3"),
        QueueTask("B2", "low", ("B1",), position=9, ownership="b2"),
    ]
    queue = TaskQueue(tasks, max_parallel=2)
    assert queue.next_batch() == ["A1", "B1"]
    assert queue.ready()[:3] == ["A1", "B1", "X1"], "ties between one-task chains keep plan order"


def test_parallel_tiers_let_independent_normal_tasks_run_together_by_area() -> None:
    tasks = [
        QueueTask("N1", "normal", position=1, ownership="api"),
        QueueTask("N2", "normal", position=2, ownership="api"),
        QueueTask("N3", "normal", position=3, ownership="ui"),
        QueueTask("N4", "normal", position=4, ownership="docs"),
    ]
    seed_rule = TaskQueue(tasks, max_parallel=3)
    assert seed_rule.next_batch() == ["N1"], "by default a NORMAL task runs alone"
    queue = TaskQueue(tasks, max_parallel=3, parallel_tiers=("low", "normal"))
    assert queue.next_batch() == ["N1", "N3", "N4"], "one per ownership area, up to the slots"
    for task_id in ("N1", "N3", "N4"):
        queue.mark_running(task_id)
    assert queue.next_batch() == []
    queue.mark_done("N1")
    assert queue.next_batch() == ["N2"]


def test_busy_slots_count_only_agents_and_a_task_unlocking_better_work_keeps_its_slot() -> None:
    tasks = [
        QueueTask("A1", "low", position=1, ownership="a1"),
        QueueTask("A2", "low", ("A1",), position=2, ownership="a2"),
        QueueTask("A3", "low", ("A2",), position=3, ownership="a3"),
        QueueTask("B1", "low", position=4, ownership="b1"),
        QueueTask("C1", "low", position=5, ownership="c1"),
        QueueTask("D1", "low", position=6, ownership="d1"),
        QueueTask("E1", "low", ("B1",), position=7, ownership="e1"),
    ]
    queue = TaskQueue(tasks, max_parallel=2)
    assert queue.next_batch() == ["A1", "B1"]
    queue.mark_running("A1")
    queue.mark_running("B1")
    # Both agents finished; A1 and B1 are committing. A1's dependent A2 outranks every ready task,
    # so A1 keeps its slot; B1's dependent E1 does not, so B1's slot goes to the best ready task.
    assert queue.holds_slot("A1") and not queue.holds_slot("B1")
    assert queue.next_batch(busy=1) == ["C1"]
    queue.mark_running("C1")
    queue.mark_done("A1")
    assert queue.next_batch(busy=1) == ["A2"]
