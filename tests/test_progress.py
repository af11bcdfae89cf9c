"""Progress reports (seed 003 §6) from a real delivery store: the six-line text, blocked reasons,
risks by severity, the report triggers, stored reports and `pmtui status --json`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pmtui.delivery.progress import (
    ProgressReport,
    ReportTrigger,
    maybe_report,
    progress_report,
    report_counters,
    status_json,
    top_risks,
)
from pmtui.delivery.state_machine import TaskStateMachine
from pmtui.delivery.store import DeliveryStore, PlannedTask
from pmtui.models.delivery import Risk
from pmtui.models.states import IssueState
from pmtui.store import Store

S = IssueState
TO_COMPLETED = [
    S.ANALYZING_REQUIREMENTS,
    S.CREATING_TESTS,
    S.IMPLEMENTING,
    S.RUNNING_TESTS,
    S.VALIDATING_SOLUTION,
    S.CREATING_PR,
    S.COMPLETED,
]


@pytest.fixture
def dstore(tmp_path: Path) -> Iterator[DeliveryStore]:
    store = Store(tmp_path / "progress.db")
    yield DeliveryStore(store)
    store.close()


def _walk(machine: TaskStateMachine, run_id: int, task_id: str, states: list[IssueState]) -> None:
    for state in states:
        machine.transition(run_id, task_id, state, f"to {state.value}")


def _run_in_every_state(dstore: DeliveryStore) -> int:
    """T1 done (critical), T2 in the gates, T3 escalated, T4 waits on T3, T5 failed, T6 blocked by T5."""
    run = dstore.create_run("habit-mvp", "/tmp/habit", plan_name="Habit tracker MVP")
    dstore.add_tasks(
        run.id,
        [
            PlannedTask(task_id="T1", title="Auth", tier="critical"),
            PlannedTask(task_id="T2", title="Storage layer", tier="normal"),
            PlannedTask(task_id="T3", title="Sync", tier="normal"),
            PlannedTask(task_id="T4", title="Sync docs", tier="low", depends=["T3"]),
            PlannedTask(task_id="T5", title="Reports", tier="normal"),
            PlannedTask(task_id="T6", title="Report copy", tier="low", depends=["T5"]),
        ],
    )
    machine = TaskStateMachine(dstore)
    _walk(machine, run.id, "T1", TO_COMPLETED)
    _walk(machine, run.id, "T2", TO_COMPLETED[:4])
    _walk(machine, run.id, "T3", TO_COMPLETED[:4])
    machine.escalate_stuck(run.id, "T3", "the same failure twice")
    machine.transition(run.id, "T5", S.FAILED, "skipped by the human")
    machine.transition(run.id, "T6", S.BLOCKED, "dependency T5 failed")
    for risk in (
        Risk(id="R1", description="copy is long", severity="low", source_task="T6"),
        Risk(id="R2", description="tokens stored in plain text", severity="critical", source_task="T1"),
        Risk(id="R3", description="no index on habits.user_id", severity="normal", source_task="T2"),
        Risk(id="R4", description="sync retries unbounded", severity="normal", source_task="T3"),
        Risk(id="R5", description="old session cookie", severity="critical", status="mitigated", source_task="T1"),
    ):
        dstore.add_risk(run.id, risk)
    return run.id


def test_report_text_is_the_seed_format_line_by_line(dstore: DeliveryStore) -> None:
    run_id = _run_in_every_state(dstore)
    escalation = dstore.open_escalations(run_id, "T3")[0]

    text = progress_report(dstore, run_id).text()

    assert text.splitlines() == [
        "PROGRESS — Habit tracker MVP",
        "Completed: 1/6 tasks",
        "In progress: T2 Storage layer",
        (
            "Blocked: "
            f"T3 Sync (waits for the answer to escalation #{escalation.id}: Task T3 is stuck: the same failure twice); "
            "T4 Sync docs (waits on T3, escalated); "
            "T5 Reports (failed: skipped by the human); "
            "T6 Report copy (dependency T5 failed)"
        ),
        (
            "Unresolved risks: 4 (top: CRITICAL R2, T1: tokens stored in plain text; "
            "NORMAL R3, T2: no index on habits.user_id; NORMAL R4, T3: sync retries unbounded)"
        ),
        "Estimated remaining: 4 tasks (critical 0, normal 2, low 2)",
    ]


def test_report_fields_count_what_the_text_shows(dstore: DeliveryStore) -> None:
    run_id = _run_in_every_state(dstore)

    report = progress_report(dstore, run_id)

    assert (report.completed, report.total) == (1, 6)
    assert [item.task_id for item in report.blocked] == ["T3", "T4", "T5", "T6"]
    assert report.unresolved_risks == 4
    assert [risk.id for risk in report.top_risks] == ["R2", "R3", "R4"]
    assert report.remaining_by_tier == {"critical": 0, "normal": 2, "low": 2}
    assert report.elapsed_s >= 0
    assert report.llm_spend_usd == 0.0


def test_an_empty_run_reports_none_rather_than_blank_lists(dstore: DeliveryStore) -> None:
    run = dstore.create_run("empty", "/tmp/empty")
    dstore.add_tasks(run.id, [PlannedTask(task_id="T1", title="Only task", tier="low")])

    assert progress_report(dstore, run.id).text().splitlines() == [
        "PROGRESS — empty",
        "Completed: 0/1 tasks",
        "In progress: none",
        "Blocked: none",
        "Unresolved risks: 0",
        "Estimated remaining: 1 task (critical 0, normal 0, low 1)",
    ]


def test_a_run_level_blocking_escalation_is_listed_as_blocking_the_run(dstore: DeliveryStore) -> None:
    run = dstore.create_run("rel", "/tmp/rel")
    dstore.add_tasks(run.id, [PlannedTask(task_id="T1", title="Task")])
    escalation_id = dstore.add_escalation(run.id, None, "Open risk R1 on CRITICAL task T1", "release waits", ["a", "b"])

    blocked = progress_report(dstore, run.id).blocked

    assert [(item.task_id, item.reason) for item in blocked] == [
        ("run", f"waits for the answer to escalation #{escalation_id}: Open risk R1 on CRITICAL task T1")
    ]


def test_spend_counts_llm_calls_made_during_the_run(dstore: DeliveryStore) -> None:
    run = dstore.create_run("spend", "/tmp/spend")
    dstore.store.record_llm_call(None, "review", "openai/gpt-4o-mini", cost_usd=0.25)
    dstore.store.record_llm_call(None, "agent", "openai/gpt-4o-mini", cost_usd=0.5)

    assert progress_report(dstore, run.id).llm_spend_usd == pytest.approx(0.75)


def test_top_risks_orders_by_severity_then_age_and_skips_closed_ones() -> None:
    risks = [
        Risk(id="a", description="a", severity="low"),
        Risk(id="b", description="b", severity="normal", status="accepted"),
        Risk(id="c", description="c", severity="normal"),
        Risk(id="d", description="d", severity="critical"),
        Risk(id="e", description="e", severity="critical"),
    ]
    assert [risk.id for risk in top_risks(risks)] == ["d", "e", "c"]


@pytest.mark.parametrize(
    ("event", "completions", "seconds", "tier", "expected"),
    [
        ("task_completed", 1, 10.0, "normal", None),
        ("task_completed", 2, 1799.0, "low", None),
        ("task_completed", 3, 10.0, "normal", "3 tasks completed"),
        ("task_completed", 1, 10.0, "critical", "critical task completed"),
        ("tick", 0, 1800.0, None, "30 minutes since the last report"),
        ("tick", 0, 1799.9, None, None),
        ("tick", 3, 0.0, None, "3 tasks completed"),
        ("escalation_answered", 0, 0.0, None, "escalation answered"),
        ("requested", 0, 0.0, None, "requested"),
    ],
)
def test_trigger_fires_on_the_seed_conditions(
    event: str, completions: int, seconds: float, tier: str | None, expected: str | None
) -> None:
    assert ReportTrigger().due(event, completions, seconds, tier=tier) == expected  # type: ignore[arg-type]


def test_trigger_intervals_are_configurable() -> None:
    trigger = ReportTrigger(every_completions=5, every_seconds=60)
    assert trigger.due("task_completed", 3, 0, tier="normal") is None
    assert trigger.due("tick", 0, 60) == "1 minute since the last report"


def test_counters_restart_after_each_stored_report(dstore: DeliveryStore) -> None:
    run = dstore.create_run("counts", "/tmp/counts")
    dstore.add_tasks(run.id, [PlannedTask(task_id=f"T{n}", title=f"Task {n}") for n in range(1, 5)])
    machine = TaskStateMachine(dstore)
    for task_id in ("T1", "T2"):
        _walk(machine, run.id, task_id, TO_COMPLETED)
        assert maybe_report(dstore, run.id, "task_completed", tier="normal") is None
    assert report_counters(dstore, run.id)[0] == 2

    _walk(machine, run.id, "T3", TO_COMPLETED)
    report = maybe_report(dstore, run.id, "task_completed", tier="normal")

    assert isinstance(report, ProgressReport)
    stored = dstore.latest_progress_report(run.id)
    assert stored is not None
    assert (stored.trigger, stored.text) == ("3 tasks completed", report.text())
    assert report_counters(dstore, run.id)[0] == 0
    _walk(machine, run.id, "T4", TO_COMPLETED)
    assert report_counters(dstore, run.id)[0] == 1
    assert maybe_report(dstore, run.id, "requested") is not None
    assert [r.trigger for r in dstore.progress_reports(run.id)] == ["3 tasks completed", "requested"]


def test_status_json_has_the_design_keys_and_types(dstore: DeliveryStore) -> None:
    run_id = _run_in_every_state(dstore)
    dstore.add_escalation(
        run_id, "T2", "Gate lint fails", "T2 waits", ["Retry", "Accept", "Skip"], recommended=2, blocking=False
    )

    status = json.loads(json.dumps(status_json(dstore, run_id)))

    assert {"plan_id", "state", "completed", "total", "tasks", "escalations", "risks", "manifest"} <= set(status)
    assert (status["plan_id"], status["state"], status["completed"], status["total"]) == ("habit-mvp", "running", 1, 6)
    assert status["manifest"] is None
    assert status["report"].startswith("PROGRESS — Habit tracker MVP\n")
    first = status["tasks"][0]
    # DESIGN.md: each task also says where its latest attempt ran ("local" here).
    # And the last attempt it may run before a human decides (its retry budget's ceiling).
    assert set(first) == {"id", "title", "tier", "state", "status", "attempts", "max_attempts", "commit", "node",
                          "node_name", "sandboxed"}
    assert status["retry_budget"] == 2 and {t["max_attempts"] for t in status["tasks"]} == {3}
    assert {t["node"] for t in status["tasks"]} == {"local"}
    assert first["sandboxed"] is False, "a run without a sandbox ran nothing sandboxed"
    assert (first["id"], first["tier"], first["state"], first["status"]) == ("T1", "critical", "completed", "completed")
    assert isinstance(first["attempts"], int)
    assert [t["status"] for t in status["tasks"]] == ["completed", "in_progress", "escalated", "pending", "failed", "failed"]
    stuck, gate = status["escalations"]
    assert set(stuck) == {"id", "task_id", "problem", "impact", "options", "recommended", "blocking", "answer"}
    assert (stuck["task_id"], stuck["recommended"], stuck["blocking"], stuck["answer"]) == ("T3", 1, True, None)
    assert (gate["recommended"], gate["options"][gate["recommended"] - 1], gate["blocking"]) == (2, "Accept", False)
    assert {r["id"]: r["status"] for r in status["risks"]}["R5"] == "mitigated"


def test_status_json_shows_answers_and_the_manifest_once_released(dstore: DeliveryStore) -> None:
    run_id = _run_in_every_state(dstore)
    escalation = dstore.open_escalations(run_id, "T3")[0]
    dstore.answer_escalation(escalation.id, 3, note="drop it")
    dstore.record_release(run_id, "/tmp/habit/docs/releases/habit-mvp-release.yaml")

    status = status_json(dstore, run_id)

    assert status["state"] == "released"
    assert status["manifest"] == "/tmp/habit/docs/releases/habit-mvp-release.yaml"
    assert status["escalations"][0]["answer"] == 3
