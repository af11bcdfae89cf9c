"""Progress of a delivery run (seed 003 §6): the progress report, when one is due, and `pmtui status --json`.

Everything here is read from the DeliveryStore; nothing is kept in memory between calls, so a
resumed run, `pmtui status` in another terminal and the dashboard all see the same report.
ReportTrigger is stateless: the counters it needs are derived from the store (report_counters).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from pmtui.clock import now_iso, seconds_between
from pmtui.delivery.nodes import LOCAL_NODE
from pmtui.delivery.store import DeliveryStore, RunRecord, TaskRecord, TransitionRecord
from pmtui.models.delivery import Risk, Tier
from pmtui.models.states import WAITING_STATES, IssueState

TIERS: tuple[Tier, ...] = ("critical", "normal", "low")
SEVERITY_RANK: dict[str, int] = {"critical": 0, "normal": 1, "low": 2}
TOP_RISKS = 3
REPORT_EVERY_COMPLETIONS = 3
REPORT_EVERY_SECONDS = 30 * 60.0
_RISK_TEXT = 90
_REASON_TEXT = 120
_ASKING = frozenset({*WAITING_STATES, IssueState.REQUIREMENTS_UNCLEAR})

ReportEvent = Literal["task_completed", "escalation_answered", "requested", "tick"]


class BlockedTask(BaseModel):
    """A task that cannot move on by itself, and why; `task_id` "run" for a run-level escalation."""

    task_id: str
    title: str = ""
    reason: str


class ProgressReport(BaseModel):
    """Seed 003 §6 progress report of one run; `text()` is the seed's six-line format."""

    run_id: int
    plan_id: str
    plan_name: str
    state: str = "running"
    completed: int
    total: int
    in_progress: list[str] = Field(default_factory=list)
    blocked: list[BlockedTask] = Field(default_factory=list)
    unresolved_risks: int = 0
    top_risks: list[Risk] = Field(default_factory=list)
    remaining_by_tier: dict[str, int] = Field(default_factory=lambda: {str(tier): 0 for tier in TIERS})
    elapsed_s: float = 0.0
    llm_spend_usd: float = 0.0

    def text(self) -> str:
        in_progress = "; ".join(self.in_progress) or "none"
        blocked = "; ".join(_blocked_text(item) for item in self.blocked) or "none"
        risks = str(self.unresolved_risks)
        if self.top_risks:
            risks += " (top: " + "; ".join(_risk_text(risk) for risk in self.top_risks) + ")"
        remaining = sum(self.remaining_by_tier.values())
        by_tier = ", ".join(f"{tier} {self.remaining_by_tier.get(tier, 0)}" for tier in TIERS)
        return "\n".join(
            [
                f"PROGRESS — {self.plan_name or self.plan_id}",
                f"Completed: {self.completed}/{self.total} tasks",
                f"In progress: {in_progress}",
                f"Blocked: {blocked}",
                f"Unresolved risks: {risks}",
                f"Estimated remaining: {remaining} {'task' if remaining == 1 else 'tasks'} ({by_tier})",
            ]
        )


def _clip(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _blocked_text(item: BlockedTask) -> str:
    name = f"{item.task_id} {item.title}".strip()
    return f"{name} ({_clip(item.reason, _REASON_TEXT)})"


def _risk_text(risk: Risk) -> str:
    source = f", {risk.source_task}" if risk.source_task else ""
    return f"{risk.severity.upper()} {risk.id}{source}: {_clip(risk.description, _RISK_TEXT)}"


def top_risks(risks: Iterable[Risk], count: int = TOP_RISKS) -> list[Risk]:
    """Open risks by severity (critical > normal > low), oldest first within a severity."""
    open_risks = [risk for risk in risks if risk.status == "open"]
    ranked = sorted(enumerate(open_risks), key=lambda item: (SEVERITY_RANK[item[1].severity], item[0]))
    return [risk for _, risk in ranked[:count]]


def run_spend(dstore: DeliveryStore, run: RunRecord) -> float:
    """LLM spend (USD) of the calls made while the run was going (the ledger has no run column)."""
    end = run.finished_at or now_iso()
    rows = dstore._rows(
        "SELECT COALESCE(SUM(cost_usd), 0) FROM llm_calls WHERE created_at >= ? AND created_at <= ? "
        "AND project_id IS ?",
        (run.created_at, end, run.project_id),
    )
    return float(rows[0][0])


def _last_reasons(transitions: Iterable[TransitionRecord]) -> dict[str, str]:
    """Each task's reason for the state it is in now (the reason of its last transition)."""
    reasons: dict[str, str] = {}
    for record in transitions:
        reasons[record.task_id] = record.reason
    return reasons


def blocked_tasks(dstore: DeliveryStore, run_id: int, tasks: list[TaskRecord] | None = None) -> list[BlockedTask]:
    """Failed and blocked tasks with their reason, tasks waiting for a human answer, tasks waiting
    behind one of those, and run-level blocking escalations."""
    tasks = dstore.tasks(run_id, contracts=False) if tasks is None else tasks
    by_id = {task.task_id: task for task in tasks}
    reasons = _last_reasons(dstore.transitions(run_id))
    open_escalations = dstore.open_escalations(run_id)
    asking = {item.task_id: item for item in open_escalations if item.task_id is not None}
    found: list[BlockedTask] = []
    for task in tasks:
        reason = ""
        if task.state is IssueState.FAILED:
            reason = f"failed: {reasons.get(task.task_id) or 'no reason recorded'}"
        elif task.state is IssueState.BLOCKED:
            reason = reasons.get(task.task_id) or "a dependency failed or waits for a human"
        elif task.state in _ASKING:
            question = asking.get(task.task_id)
            reason = (
                f"waits for the answer to escalation #{question.id}: {question.problem}"
                if question is not None
                else f"waits for a human ({task.state.value})"
            )
        elif task.state is IssueState.RECEIVED and not task.dependencies_done:
            stuck = [
                dep
                for dep in task.depends
                if dep in by_id
                and (by_id[dep].state in _ASKING or by_id[dep].state in (IssueState.FAILED, IssueState.BLOCKED))
            ]
            if stuck:
                reason = "waits on " + ", ".join(f"{dep}, {by_id[dep].status}" for dep in stuck)
        if reason:
            found.append(BlockedTask(task_id=task.task_id, title=task.title, reason=reason))
    for item in open_escalations:
        if item.task_id is None and item.blocking:
            found.append(BlockedTask(task_id="run", reason=f"waits for the answer to escalation #{item.id}: {item.problem}"))
    return found


def progress_report(dstore: DeliveryStore, run_id: int) -> ProgressReport:
    """The run's progress report, read from the store."""
    run = dstore.get_run(run_id)
    tasks = dstore.tasks(run_id, contracts=False)  # states, tiers and titles: no contract is read here
    risks = dstore.risks(run_id)
    remaining: dict[str, int] = {str(tier): 0 for tier in TIERS}
    for task in tasks:
        if task.state not in (IssueState.COMPLETED, IssueState.FAILED):
            remaining[task.tier] += 1
    return ProgressReport(
        run_id=run.id,
        plan_id=run.plan_id,
        plan_name=run.plan_name or run.plan_id,
        state=run.state,
        completed=sum(task.state is IssueState.COMPLETED for task in tasks),
        total=len(tasks),
        in_progress=[f"{task.task_id} {task.title}" for task in tasks if task.status == "in_progress"],
        blocked=blocked_tasks(dstore, run_id, tasks),
        unresolved_risks=sum(risk.status == "open" for risk in risks),
        top_risks=top_risks(risks),
        remaining_by_tier=remaining,
        elapsed_s=seconds_between(run.created_at, run.finished_at or now_iso()),
        llm_spend_usd=run_spend(dstore, run),
    )


# -- when a report is due -----------------------------------------------------------------------
@dataclass(frozen=True)
class ReportTrigger:
    """Seed 003 §6 triggers: every N completions or every M seconds (whichever first), after a
    CRITICAL task completes, after an escalation is answered, on request. Stateless: the caller
    passes the counters since the last report (report_counters derives them from the store)."""

    every_completions: int = REPORT_EVERY_COMPLETIONS
    every_seconds: float = REPORT_EVERY_SECONDS

    def due(
        self,
        event: ReportEvent,
        completions_since_last: int,
        seconds_since_last: float,
        *,
        tier: Tier | None = None,
    ) -> str | None:
        """The trigger's label when a report is due, else None. `completions_since_last` counts the
        completion being reported (a `task_completed` event is counted before asking)."""
        if event == "requested":
            return "requested"
        if event == "escalation_answered":
            return "escalation answered"
        if event == "task_completed" and tier == "critical":
            return "critical task completed"
        if completions_since_last >= self.every_completions:
            return f"{completions_since_last} tasks completed"
        if seconds_since_last >= self.every_seconds:
            minutes = self.every_seconds / 60
            return f"{minutes:g} minute{'' if minutes == 1 else 's'} since the last report"
        return None


def report_counters(dstore: DeliveryStore, run_id: int, now: str | None = None) -> tuple[int, float]:
    """(tasks completed, seconds elapsed) since the run's last progress report, or since it started.

    Completions after a report are counted by event id, not by time: a task can complete within
    the same millisecond as the report is written.
    """
    last = dstore.latest_progress_report(run_id)
    if last is None:
        run = dstore.get_run(run_id)  # only its start is needed, and only before the first report
        completions = dstore._rows(
            "SELECT COUNT(*) FROM transitions WHERE run_id = ? AND to_state = ?",
            (run_id, IssueState.COMPLETED.value),
        )[0][0]
        return int(completions), seconds_between(run.created_at, now or now_iso())
    marker = dstore._rows(
        "SELECT id FROM events WHERE kind = 'progress' AND json_extract(payload, '$.run_id') = ? "
        "AND json_extract(payload, '$.report_id') = ? ORDER BY id DESC LIMIT 1",
        (run_id, last.id),
    )
    after = int(marker[0][0]) if marker else 0
    completions = dstore._rows(
        "SELECT COUNT(*) FROM events WHERE id > ? AND kind = 'task_state' "
        "AND json_extract(payload, '$.run_id') = ? AND json_extract(payload, '$.state') = ? "
        "AND json_extract(payload, '$.from_state') IS NOT NULL",
        (after, run_id, IssueState.COMPLETED.value),
    )[0][0]
    return int(completions), seconds_between(last.created_at, now or now_iso())


def maybe_report(
    dstore: DeliveryStore,
    run_id: int,
    event: ReportEvent,
    *,
    tier: Tier | None = None,
    trigger: ReportTrigger | None = None,
) -> ProgressReport | None:
    """When a report is due: build it, store it (with its trigger) and return it; else None."""
    completions, seconds = report_counters(dstore, run_id)
    label = (trigger or ReportTrigger()).due(event, completions, seconds, tier=tier)
    if label is None:
        return None
    report = progress_report(dstore, run_id)
    dstore.add_progress_report(run_id, label, report.text())
    return report


# -- pmtui status --json -----------------------------------------------------------------------
def status_json(dstore: DeliveryStore, run_id: int) -> dict[str, Any]:
    """DESIGN.md `pmtui status --json`, plus `run_id`, `plan_name`, the run's `retry_budget`, each task's
    `max_attempts` and the report text."""
    run = dstore.get_run(run_id)
    tasks = dstore.tasks(run_id)
    report = progress_report(dstore, run_id)
    nodes = dstore.latest_nodes(run_id)
    # A task that has not run yet: "local" when attempts run here, unknown (null) on a cluster.
    unplaced = LOCAL_NODE if run.config.get("executor", LOCAL_NODE) == LOCAL_NODE else None
    sandboxed = latest_attempts_sandboxed(dstore, run_id)
    return {
        "plan_id": run.plan_id,
        "state": run.state,
        "completed": report.completed,
        "total": report.total,
        "tasks": [
            {
                "id": task.task_id,
                "title": task.title,
                "tier": task.tier,
                "state": task.state.value,
                "status": task.status,
                "attempts": task.attempts,
                # The last attempt the task may run before a human decides (the task detail's "attempt a/b").
                "max_attempts": task.retry_budget + 1,
                "commit": task.commit_sha,
                "node": nodes[task.task_id][0] if task.task_id in nodes else unplaced,
                "node_name": nodes[task.task_id][1] if task.task_id in nodes else "",
                "sandboxed": sandboxed.get(task.task_id, False),
            }
            for task in tasks
        ],
        "escalations": [
            {
                "id": item.id,
                "task_id": item.task_id,
                "problem": item.problem,
                "impact": item.impact,
                "options": list(item.options),
                "recommended": item.recommended,
                "blocking": item.blocking,
                "answer": item.answer,
            }
            for item in dstore.escalations(run_id)
        ],
        "risks": [risk.model_dump(mode="json") for risk in dstore.risks(run_id)],
        "manifest": run.manifest_path or None,
        "run_id": run.id,
        "retry_budget": run.retry_budget,
        "plan_name": run.plan_name or run.plan_id,
        # A changed plan's run (plan_revisions): the released run it builds on and the tasks it carried from there
        # (this run's task id → the released task's); null for a plan's first run.
        "builds_on": run.config.get("builds_on") or None,
        "report": report.text(),
    }


def latest_attempts_sandboxed(dstore: DeliveryStore, run_id: int) -> dict[str, bool]:
    """Task → whether its latest attempt's agent ran sandboxed (one query for the whole run). An attempt
    still at work has no result yet: it runs as the run confines its agents."""
    config = dstore.get_run(run_id).config
    confined = config.get("sandbox", "none") != "none" and config.get("agent") != "scripted"
    rows = dstore.store.query(
        "SELECT a.task_id, a.agent_result FROM attempts a WHERE a.run_id = ? AND a.attempt = "
        "(SELECT MAX(b.attempt) FROM attempts b WHERE b.run_id = a.run_id AND b.task_id = a.task_id)",
        (run_id,),
    )
    found: dict[str, bool] = {}
    for row in rows:
        try:
            result = json.loads(row["agent_result"]) if row["agent_result"] else None
        except ValueError:
            result = None
        found[row["task_id"]] = bool(result.get("sandboxed", False)) if isinstance(result, dict) else confined
    return found
