"""The records of a delivery run as the store reads and writes them (runs, tasks, transitions,
attempts, escalations, commits, tags, progress reports), and their conversion from SQLite rows.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from pydantic import BaseModel, Field

from pmtui.models.delivery import (
    AgentResult,
    CodeState,
    Escalation,
    GateResult,
    ReviewNote,
    Risk,
    RunState,
    TaskContract,
    Tier,
)
from pmtui.models.states import IssueState, TaskStatus, task_status

UNFINISHED_RUN_STATES: tuple[str, ...] = ("running", "waiting_for_human")
FINISHED_RUN_STATES: tuple[str, ...] = ("released", "failed")
class RunRecord(BaseModel):
    id: int
    project_id: int | None = None
    plan_id: str
    plan_name: str = ""
    plan_path: str = ""
    design_path: str = ""
    repo: str
    start_branch: str = ""
    plan_branch: str = ""
    baseline_sha: str = ""
    current_sha: str = ""
    state: RunState = "running"
    paused: bool = False
    shared_context: str = ""
    config: dict[str, Any] = Field(default_factory=dict)
    manifest_path: str = ""
    # Fix attempts each task gets before a human (and again after each retry the human grants).
    retry_budget: int = 2
    created_at: str
    updated_at: str
    finished_at: str | None = None
    resumed: bool = False  # set by create_run when it returned an unfinished run (not stored)

    @property
    def finished(self) -> bool:
        return self.state in FINISHED_RUN_STATES


class PlannedTask(BaseModel):
    """A task as a run takes it in, before it has any state (add_tasks)."""

    task_id: str
    title: str
    tier: Tier = "normal"
    tier_reason: str = ""
    ownership: str = ""
    depends: list[str] = Field(default_factory=list)
    contract: TaskContract | None = None
    code_state: CodeState = "MISSING"
    retry_budget: int = 2
    branch: str = ""


class TaskRecord(BaseModel):
    """One task row; `status` is derived from `state` and the dependencies, never stored."""

    run_id: int
    task_id: str
    position: int
    title: str
    tier: Tier
    tier_reason: str = ""
    state: IssueState = IssueState.RECEIVED
    attempts: int = 0
    iteration: int = 0
    retry_budget: int = 2
    ownership: str = ""
    depends: list[str] = Field(default_factory=list)
    contract: TaskContract | None = None
    code_state: CodeState = "MISSING"
    commit_sha: str | None = None
    tag: str | None = None
    branch: str = ""
    review_note: ReviewNote | None = None
    duration_ms: float | None = None
    started_at: str | None = None
    finished_at: str | None = None
    decision_log: list[str] = Field(default_factory=list)
    dependencies_done: bool = True
    status: TaskStatus = "pending"


class TransitionRecord(BaseModel):
    id: int
    run_id: int
    task_id: str
    from_state: IssueState
    to_state: IssueState
    reason: str
    iteration: int
    created_at: str


class AttemptRecord(BaseModel):
    run_id: int
    task_id: str
    attempt: int
    agent_result: AgentResult | None = None
    evidence: list[str] = Field(default_factory=list)
    gate_results: list[GateResult] = Field(default_factory=list)
    failure_signature: str = ""
    started_at: str
    finished_at: str | None = None
    outcome: str = "running"
    node: str = "local"  # "local", or the id of the cluster node the attempt ran on
    node_name: str = ""

    @property
    def gates_passed(self) -> bool:
        return bool(self.gate_results) and all(gate.passed for gate in self.gate_results)


class EscalationRecord(Escalation):
    run_id: int
    created_at: str = ""
    answered_at: str | None = None


class CommitRecord(BaseModel):
    run_id: int
    task_id: str
    sha: str
    branch: str = ""
    message: str = ""
    created_at: str


class TagRecord(BaseModel):
    run_id: int
    task_id: str | None = None
    name: str
    sha: str
    created_at: str


class ProgressReportRecord(BaseModel):
    id: int
    run_id: int
    trigger: str
    text: str
    created_at: str


# -- row conversion ------------------------------------------------------------------------------
def _plain(row: sqlite3.Row) -> dict[str, Any]:
    data = dict(row)
    data.pop("id", None)
    return data


def _run(row: sqlite3.Row) -> RunRecord:
    data = dict(row)
    data["config"] = json.loads(data["config"])
    data["paused"] = bool(data["paused"])
    return RunRecord.model_validate(data)


def _task(row: sqlite3.Row, states: dict[str, str], *, contracts: bool = True) -> TaskRecord:
    data = _plain(row)
    depends = json.loads(data["depends"])
    data["depends"] = depends
    data["decision_log"] = json.loads(data["decision_log"])
    data["contract"] = TaskContract.model_validate_json(data["contract"]) if contracts and data["contract"] else None
    data["review_note"] = (ReviewNote.model_validate_json(data["review_note"]) if contracts and data["review_note"]
                           else None)
    done = all(states.get(dep) == IssueState.COMPLETED.value for dep in depends)
    data["dependencies_done"] = done
    data["status"] = task_status(IssueState(data["state"]), done)
    return TaskRecord.model_validate(data)


def _task_value(key: str, value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    if key == "decision_log":
        return json.dumps(list(value))
    return value


def _attempt(row: sqlite3.Row) -> AttemptRecord:
    data = _plain(row)
    data["agent_result"] = AgentResult.model_validate_json(data["agent_result"]) if data["agent_result"] else None
    data["evidence"] = json.loads(data["evidence"])
    data["gate_results"] = json.loads(data["gate_results"])
    return AttemptRecord.model_validate(data)


def _escalation(row: sqlite3.Row) -> EscalationRecord:
    data = dict(row)
    data["options"] = json.loads(data["options"])
    data["blocking"] = bool(data["blocking"])
    data["note"] = data["note"] or ""
    return EscalationRecord.model_validate(data)


def _risk_from_row(row: sqlite3.Row) -> Risk:
    return Risk(
        id=row["risk_id"],
        description=row["description"],
        severity=row["severity"],
        status=row["status"],
        source_task=row["source_task"],
    )


