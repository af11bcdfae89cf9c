"""The delivery store on a SQLite file: resumable runs, idempotent tasks/commits/tags, escalation
answers validated once, attempts and gates, risks, reports, and an event row for every write."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pmtui.delivery.store import DeliveryStore, DeliveryStoreError, PlannedTask
from pmtui.models.delivery import AgentResult, GateResult, ReviewNote, Risk, TaskContract
from pmtui.store import Store, StoreError


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "delivery.db"


@pytest.fixture
def dstore(db_path: Path) -> Iterator[DeliveryStore]:
    store = Store(db_path)
    yield DeliveryStore(store)
    store.close()


def _events(dstore: DeliveryStore, after: int = 0) -> list[dict[str, Any]]:
    return dstore.store.events_since(after, limit=100_000)


def _last_event_id(dstore: DeliveryStore) -> int:
    events = _events(dstore)
    return int(events[-1]["id"]) if events else 0


def _run_with_tasks(dstore: DeliveryStore, repo: Path) -> int:
    run = dstore.create_run("habit-mvp", repo, plan_name="Habit tracker MVP", config={"max_parallel": 3})
    dstore.add_tasks(
        run.id,
        [
            PlannedTask(task_id="T1", title="Storage layer", ownership="storage"),
            PlannedTask(task_id="T2", title="Reminders", depends=["T1"], tier="critical", tier_reason="auth"),
        ],
    )
    return run.id


def test_an_unfinished_run_of_the_same_plan_and_repo_is_resumed(dstore: DeliveryStore, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    first = dstore.create_run("habit-mvp", repo, plan_branch="pm/habit-mvp", baseline_sha="abc123")
    assert not first.resumed and first.state == "running" and first.current_sha == "abc123"
    again = dstore.create_run("habit-mvp", tmp_path / "repo" / ".." / "repo")
    assert again.id == first.id and again.resumed
    assert dstore.create_run("other-plan", repo).id != first.id
    assert dstore.create_run("habit-mvp", tmp_path).id != first.id
    dstore.set_run_state(first.id, "waiting_for_human", "an escalation blocks everything")
    assert dstore.create_run("habit-mvp", repo).id == first.id
    finished = dstore.set_run_state(first.id, "failed", "abandoned")
    assert finished.finished_at is not None and finished.finished
    fresh = dstore.create_run("habit-mvp", repo)
    assert fresh.id != first.id and not fresh.resumed
    assert dstore.latest_run("habit-mvp", repo).id == fresh.id  # type: ignore[union-attr]
    assert dstore.latest_run().id == fresh.id  # type: ignore[union-attr]
    started = [e for e in _events(dstore) if e["kind"] == "run_started"]
    assert len(started) == 4


def test_a_run_survives_reopening_the_file(db_path: Path, tmp_path: Path) -> None:
    store = Store(db_path)
    run_id = _run_with_tasks(DeliveryStore(store), tmp_path)
    store.close()
    reopened = DeliveryStore(Store(db_path))
    resumed = reopened.create_run("habit-mvp", tmp_path)
    assert resumed.id == run_id and resumed.resumed
    assert resumed.config == {"max_parallel": 3} and resumed.plan_name == "Habit tracker MVP"
    assert [t.task_id for t in reopened.tasks(run_id)] == ["T1", "T2"]
    reopened.store.close()


def test_adding_the_same_tasks_again_keeps_one_row_each(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    contract = TaskContract(task_id="T3", title="Docs", tier="low", acceptance_criteria=["README explains setup"])
    tasks = dstore.add_tasks(
        run_id,
        [
            PlannedTask(task_id="T1", title="Storage layer (again)"),
            PlannedTask(task_id="T3", title="Docs", tier="low", contract=contract, code_state="PARTIAL"),
        ],
    )
    assert [(t.task_id, t.position, t.title) for t in tasks] == [
        ("T1", 0, "Storage layer"),
        ("T2", 1, "Reminders"),
        ("T3", 2, "Docs"),
    ]
    t3 = dstore.task(run_id, "T3")
    assert t3.contract == contract and t3.code_state == "PARTIAL" and t3.status == "ready"
    t2 = dstore.task(run_id, "T2")
    assert (t2.tier, t2.tier_reason, t2.depends, t2.status) == ("critical", "auth", ["T1"], "pending")


def test_task_fields_are_typed_and_state_is_not_one_of_them(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    note = ReviewNote(summary="Adds the store", risks=["data loss on crash"], rollback="git revert")
    dstore.set_task_fields(run_id, "T1", review_note=note, branch="pm/habit-mvp", tier="critical")
    task = dstore.task(run_id, "T1")
    assert (task.review_note, task.branch, task.tier) == (note, "pm/habit-mvp", "critical")
    dstore.log_decision(run_id, "T1", "tier raised: touches the schema")
    dstore.log_decision(run_id, "T1", "dispatched to the command agent")
    assert dstore.task(run_id, "T1").decision_log == [
        "tier raised: touches the schema",
        "dispatched to the command agent",
    ]
    with pytest.raises(DeliveryStoreError, match="not a settable task field: state"):
        dstore.set_task_fields(run_id, "T1", state="completed")
    with pytest.raises(DeliveryStoreError, match="has no task 'T7'"):
        dstore.set_task_fields(run_id, "T7", branch="x")
    with pytest.raises(DeliveryStoreError, match="not a settable run field: state"):
        dstore.set_run_fields(run_id, state="released")


def test_escalation_answers_are_validated_and_given_once(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    options = ["Retry with a fresh budget", "Accept as is", "Skip the task"]
    escalation_id = dstore.add_escalation(
        run_id, "T1", "Tests keep failing", "T2 waits", options, recommended=1, blocking=True
    )
    assert [e.id for e in dstore.open_escalations(run_id)] == [escalation_id]
    assert [e.id for e in dstore.open_escalations(run_id, "T1")] == [escalation_id]
    before = _last_event_id(dstore)
    for bad in (0, 4, -1):
        with pytest.raises(DeliveryStoreError, match=f"option {bad} is not one of escalation {escalation_id}"):
            dstore.answer_escalation(escalation_id, bad)
    with pytest.raises(DeliveryStoreError, match="1 to 3 — 1: Retry with a fresh budget; 2: Accept as is"):
        dstore.answer_escalation(escalation_id, 9)
    assert dstore.escalation(escalation_id).answer is None
    assert _events(dstore, before) == []

    answered = dstore.answer_escalation(escalation_id, 2, note="good enough for the MVP")
    assert (answered.answer, answered.note) == (2, "good enough for the MVP")
    assert answered.answered_at is not None
    assert dstore.open_escalations(run_id) == []
    with pytest.raises(DeliveryStoreError, match=r"already answered \(option 2: Accept as is\)"):
        dstore.answer_escalation(escalation_id, 3)
    assert dstore.escalation(escalation_id).answer == 2
    with pytest.raises(DeliveryStoreError, match="no escalation with id 999"):
        dstore.answer_escalation(999, 1)
    [event] = [e for e in _events(dstore, before) if e["kind"] == "escalation_answered"]
    assert event["payload"] == {
        "run_id": run_id,
        "task_id": "T1",
        "escalation_id": escalation_id,
        "option": 2,
        "note": "good enough for the MVP",
    }


def test_escalations_are_stored_once_and_checked_when_asked(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    first = dstore.add_escalation(run_id, None, "All tasks are blocked", "Nothing can run", ["Wait", "Stop"])
    assert dstore.add_escalation(run_id, None, "All tasks are blocked", "Nothing can run", ["Wait", "Stop"]) == first
    dstore.answer_escalation(first, 1)
    second = dstore.add_escalation(run_id, None, "All tasks are blocked", "Still nothing", ["Wait", "Stop"])
    assert second != first
    run_level = dstore.escalation(second)
    assert run_level.task_id is None and run_level.blocking
    with pytest.raises(DeliveryStoreError, match="option number from 1 to 2"):
        dstore.add_escalation(run_id, "T1", "p", "i", ["a", "b"], recommended=3)
    with pytest.raises(DeliveryStoreError, match="at least one option"):
        dstore.add_escalation(run_id, "T1", "p", "i", [])
    with pytest.raises(DeliveryStoreError, match="has no task 'T9'"):
        dstore.add_escalation(run_id, "T9", "p", "i", ["a"])
    assert [e.id for e in dstore.escalations(run_id)] == [first, second]


def test_a_task_is_committed_once(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    assert dstore.commit_for(run_id, "T1") is None
    message = "feat(storage): storage layer\n\nRefs: task-T1\nReview: docs/reviews/T1-review.md"
    commit = dstore.record_commit(run_id, "T1", "a" * 40, "pm/habit-mvp", message)
    again = dstore.record_commit(run_id, "T1", "a" * 40, "pm/habit-mvp", message)
    assert again == commit
    assert dstore.commits(run_id) == [commit]
    with pytest.raises(DeliveryStoreError, match="already has commit aaaaaaaaaaaa; refusing a second one"):
        dstore.record_commit(run_id, "T1", "b" * 40, "pm/habit-mvp", message)
    assert dstore.task(run_id, "T1").commit_sha == "a" * 40
    assert dstore.get_run(run_id).current_sha == "a" * 40
    commit_events = [e for e in _events(dstore) if e["kind"] == "commit"]
    assert [e["payload"]["subject"] for e in commit_events] == ["feat(storage): storage layer"]


def test_a_tag_is_recorded_once_and_never_moves(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    name = "pm/habit-mvp/checkpoint-T2"
    tag = dstore.record_tag(run_id, name, "c" * 40, task_id="T2")
    assert dstore.record_tag(run_id, name, "c" * 40, task_id="T2") == tag
    with pytest.raises(DeliveryStoreError, match="tags never move"):
        dstore.record_tag(run_id, name, "d" * 40, task_id="T2")
    assert [t.name for t in dstore.tags(run_id)] == [name]
    assert dstore.task(run_id, "T2").tag == name
    assert len([e for e in _events(dstore) if e["kind"] == "tag"]) == 1


def test_attempts_keep_their_evidence_and_gate_results(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    assert dstore.last_attempt(run_id, "T1") is None
    result = AgentResult(files_changed=["src/store.py"], self_assessment="confident", exit_code=0)
    dstore.record_attempt(run_id, "T1", 1, agent_result=result, evidence=["2 passed"])
    gates = [
        GateResult(gate="plan_alignment", passed=True, evidence=["criterion 1 -> src/store.py:3"]),
        GateResult(gate="tests_run", passed=False, evidence=["FAILED tests/test_store.py::test_delete"]),
    ]
    saved = dstore.save_gate_results(run_id, "T1", 1, gates, failure_signature="tests_run:test_delete")
    assert saved.gate_results == gates and not saved.gates_passed
    assert saved.agent_result == result and saved.evidence == ["2 passed"]
    finished = dstore.record_attempt(run_id, "T1", 1, outcome="failed", finished=True)
    assert finished.finished_at is not None and finished.failure_signature == "tests_run:test_delete"
    assert finished.agent_result == result
    amended = dstore.record_attempt(run_id, "T1", 1, evidence=["2 passed", "1 failed"])
    assert (amended.outcome, amended.evidence) == ("failed", ["2 passed", "1 failed"])
    dstore.record_attempt(run_id, "T1", 2)
    last = dstore.last_attempt(run_id, "T1")
    assert last is not None and (last.attempt, last.outcome) == (2, "running")
    assert [a.attempt for a in dstore.attempts(run_id, "T1")] == [1, 2]
    assert dstore.task(run_id, "T1").attempts == 2
    with pytest.raises(DeliveryStoreError, match="start at 1"):
        dstore.record_attempt(run_id, "T1", 0)
    [gate_event] = [e for e in _events(dstore) if e["kind"] == "gate"]
    assert gate_event["payload"]["failed"] == ["tests_run"] and not gate_event["payload"]["passed"]


def test_risks_progress_reports_and_release(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    dstore.add_risk(run_id, Risk(id="R1", description="no backup", severity="critical", source_task="T2"))
    dstore.update_risk(run_id, "R1", status="mitigated")
    kept = dstore.add_risk(run_id, Risk(id="R1", description="no backup before migration", severity="critical"))
    assert (kept.status, kept.description) == ("mitigated", "no backup before migration")
    assert dstore.risks(run_id, "open") == []
    with pytest.raises(DeliveryStoreError, match="no risk 'R9'"):
        dstore.update_risk(run_id, "R9", status="accepted")
    report_id = dstore.add_progress_report(run_id, "every_3_completions", "PROGRESS: 3/7 tasks")
    assert dstore.latest_progress_report(run_id).id == report_id  # type: ignore[union-attr]
    released = dstore.record_release(run_id, "docs/releases/habit-mvp-release.yaml")
    assert released.state == "released" and released.manifest_path.endswith("habit-mvp-release.yaml")


def test_every_write_emits_an_event_with_run_and_task(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    dstore.record_attempt(run_id, "T1", 1)
    dstore.save_gate_results(run_id, "T1", 1, [GateResult(gate="lint", passed=True)])
    dstore.record_commit(run_id, "T1", "e" * 40, "pm/habit-mvp", "feat: x")
    dstore.record_tag(run_id, "pm/habit-mvp/checkpoint-T1", "e" * 40, task_id="T1")
    escalation_id = dstore.add_escalation(run_id, "T2", "p", "i", ["a", "b"])
    dstore.answer_escalation(escalation_id, 1)
    dstore.add_risk(run_id, Risk(id="R1", description="d", source_task="T1"))
    dstore.add_progress_report(run_id, "status", "text")
    dstore.set_run_state(run_id, "waiting_for_human")
    dstore.record_release(run_id, "m.yaml")
    events = _events(dstore)
    kinds = {e["kind"] for e in events}
    assert kinds >= {
        "run_started",
        "task_state",
        "attempt",
        "gate",
        "commit",
        "tag",
        "escalation",
        "escalation_answered",
        "risk",
        "progress",
        "run_state",
        "release",
    }
    assert all(e["payload"]["run_id"] == run_id and e["project_id"] is None for e in events)
    per_task = [e for e in events if e["kind"] in ("attempt", "gate", "commit", "tag", "escalation")]
    assert all(e["payload"]["task_id"] in ("T1", "T2") for e in per_task)


def test_a_refused_write_leaves_no_event_row(dstore: DeliveryStore, tmp_path: Path) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    last = dstore.store.events_since(0, limit=100_000)[-1]["id"]
    with pytest.raises(DeliveryStoreError):
        dstore.record_tag(run_id, "t", "f" * 40, task_id="missing")
    assert dstore.store.events_since(last) == []
    assert isinstance(DeliveryStoreError("x"), StoreError)
    with pytest.raises(DeliveryStoreError, match="no delivery run with id 42"):
        dstore.get_run(42)


def test_a_store_written_before_delivery_upgrades_in_place(db_path: Path, tmp_path: Path) -> None:
    import sqlite3

    from pmtui.store.migrations import MIGRATIONS

    conn = sqlite3.connect(db_path)
    conn.executescript(MIGRATIONS[0])
    conn.execute(
        "INSERT INTO projects (name, slug, created_at, updated_at) VALUES ('Habits', 'habits', 'then', 'then')"
    )
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    store = Store(db_path)
    assert store.schema_version == len(MIGRATIONS) >= 2
    assert store.find_project("Habits") is not None
    dstore = DeliveryStore(store)
    run = dstore.create_run("habit-mvp", tmp_path, project_id=store.find_project("Habits"))
    assert dstore.get_run(run.id).project_id == store.find_project("Habits")
    store.close()


def test_tasks_without_contracts_are_the_same_records_less_their_contract_and_review_note(
    dstore: DeliveryStore, tmp_path: Path
) -> None:
    run_id = _run_with_tasks(dstore, tmp_path)
    note = ReviewNote(summary="Adds the store", risks=["data loss on crash"], rollback="git revert")
    dstore.set_task_fields(run_id, "T1", review_note=note, contract=TaskContract(task_id="T1", title="t", tier="low"))
    dstore.log_decision(run_id, "T1", "a decision")
    full, light = dstore.tasks(run_id), dstore.tasks(run_id, contracts=False)
    assert full[0].contract is not None and full[0].review_note is not None
    assert all(task.contract is None and task.review_note is None for task in light)
    assert [t.model_copy(update={"contract": None, "review_note": None}) for t in full] == light
