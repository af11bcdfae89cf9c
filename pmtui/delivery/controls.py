"""Run controls: pause / resume dispatch, retry an escalated task, skip a task with a reason.

Any process may send a control (the dashboard in the delivering process, `pmtui watch` in
another): `request_*` writes a row to the `controls` table and emits a `control` event. Pause and
resume take effect at once through the run's `paused` flag; retry and skip wait in the table
until the delivering engine applies them (RunControls.apply, called by the engine's dispatch loop,
the same way it polls for escalation answers), which records the outcome and emits
`control_applied`. A run that is not being delivered keeps its pending controls until the next
`pmtui deliver` of the same plan resumes it.

A retry gives a task a fresh attempt budget. A task waiting for a human gets its escalation
answered with the retry option. A failed task is reopened by the human alone: FAILED →
HUMAN_INPUT_RECEIVED → IMPLEMENTING in one transaction, with the reason and the new attempt
numbers in its decision log and the budget raised by a full cycle; the dependents it blocked are
pending again, and a run that had ended on it is open again (the next `pmtui deliver` resumes it).
Skip ends the task as failed with the reason, answering its open escalation with the skip option
when it has one, and blocks its dependents with "depends on T3, which was skipped: <reason>".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel

from pmtui.clock import now_iso
from pmtui.delivery.store import DeliveryStore, DeliveryStoreError, EscalationRecord, TaskRecord
from pmtui.models.states import VALID_TRANSITIONS, WAITING_STATES, IssueState

if TYPE_CHECKING:
    from pmtui.delivery.queue import TaskQueue
    from pmtui.delivery.run_context import RunContext
    from pmtui.store.db import Store

S = IssueState
ControlKind = Literal["pause", "resume", "retry", "skip"]
RETRY_REASON = "retry requested from the dashboard"
_HUMAN_WAIT = frozenset({*WAITING_STATES, S.REQUIREMENTS_UNCLEAR})


class ControlError(DeliveryStoreError):
    """A control that cannot apply (unknown run or task, finished run, a task in the wrong state)."""


class ControlRecord(BaseModel):
    id: int
    run_id: int
    task_id: str | None = None
    kind: ControlKind
    reason: str = ""
    outcome: str = ""
    created_at: str
    applied_at: str | None = None

    @property
    def pending(self) -> bool:
        return self.applied_at is None


# -- requests (any process) ------------------------------------------------------------------------
def request_pause(store: Store, run_id: int) -> ControlRecord:
    """Stop dispatching new tasks; tasks already running finish their current work."""
    return _toggle(store, run_id, paused=True)


def request_resume(store: Store, run_id: int) -> ControlRecord:
    """Dispatch again after a pause."""
    return _toggle(store, run_id, paused=False)


def request_retry(store: Store, run_id: int, task_id: str, reason: str = RETRY_REASON) -> ControlRecord:
    """Retry an escalated or failed task with a fresh attempt budget (applied by the delivering engine).

    A run that ended with the task failed is opened again, so that `pmtui deliver` resumes it."""
    dstore = DeliveryStore(store)
    reason = " ".join(reason.split()) or RETRY_REASON
    task = _task(dstore, run_id, task_id)
    run = dstore.get_run(run_id)
    if task.state is S.FAILED:
        if run.state == "released":
            raise ControlError(f"run {run_id} of {run.plan_id} is already released: its tasks cannot be retried")
        with store.transaction():
            if run.finished:
                dstore.set_run_state(run_id, "running", f"reopened: the human retries {task_id}")
            return _add(store, run_id, task_id, "retry", reason)
    _open_run(dstore, run_id)
    if task.state not in _HUMAN_WAIT:
        raise ControlError(f"{task_id} is {task.state.value}: only a failed task or one waiting for a human "
                           "can be retried")
    if retry_option(dstore.open_escalations(run_id, task_id)) is None:
        raise ControlError(f"{task_id} has no open escalation with a retry option; answer its escalation instead")
    return _add(store, run_id, task_id, "retry", reason)


def request_skip(store: Store, run_id: int, task_id: str, reason: str) -> ControlRecord:
    """End a task as failed with the reason; its dependents are blocked with it."""
    reason = " ".join(reason.split())
    if not reason:
        raise ControlError("a skip needs a reason (it is recorded and shown on the blocked dependents)")
    dstore = DeliveryStore(store)
    _open_run(dstore, run_id)
    task = _task(dstore, run_id, task_id)
    if task.state in (S.COMPLETED, S.FAILED, S.BLOCKED):
        raise ControlError(f"{task_id} is already {task.state.value}: there is nothing to skip")
    return _add(store, run_id, task_id, "skip", reason)


# -- reads -----------------------------------------------------------------------------------------
def controls(store: Store, run_id: int) -> list[ControlRecord]:
    rows = store.query("SELECT * FROM controls WHERE run_id = ? ORDER BY id", (run_id,))
    return [ControlRecord.model_validate(dict(r)) for r in rows]


def pending_controls(store: Store, run_id: int) -> list[ControlRecord]:
    rows = store.query("SELECT * FROM controls WHERE run_id = ? AND applied_at IS NULL ORDER BY id", (run_id,))
    return [ControlRecord.model_validate(dict(r)) for r in rows]


def is_paused(store: Store, run_id: int) -> bool:
    rows = store.query("SELECT paused FROM runs WHERE id = ?", (run_id,))
    return bool(rows and rows[0]["paused"])


def retry_option(escalations: list[EscalationRecord]) -> tuple[EscalationRecord, int] | None:
    """The first open escalation offering a retry (or, for a clarification, to proceed) and that option."""
    return _option(escalations, ("retry", "proceed"))


def skip_option(escalations: list[EscalationRecord]) -> tuple[EscalationRecord, int] | None:
    return _option(escalations, ("skip",))


# -- the engine side -------------------------------------------------------------------------------
class RunControls:
    """Applies pending controls inside the engine's dispatch loop and tells it whether it is paused."""

    def __init__(self, ctx: RunContext) -> None:
        self.ctx = ctx
        self._paused: bool | None = None

    def apply(self, queue: TaskQueue, running: Mapping[str, Any]) -> bool:
        """Apply what waits (a task this process is driving waits until its drive ends); True while paused."""
        ctx = self.ctx
        for control in pending_controls(ctx.store, ctx.run_id):
            if control.task_id is None or control.task_id in running:
                continue
            if control.kind == "skip":
                outcome = self._skip(queue, control.task_id, control.reason)
            else:
                outcome = self._retry(queue, control.task_id, control.reason)
            self._done(control, outcome)
        paused = is_paused(ctx.store, ctx.run_id)
        if paused != self._paused:
            if paused:
                ctx.say("control", "dispatch paused: running tasks finish, nothing new starts")
            elif self._paused is not None:
                ctx.say("control", "dispatch resumed")
            self._paused = paused
        return paused

    def _done(self, control: ControlRecord, outcome: str) -> None:
        store = self.ctx.store
        with store.transaction() as conn:
            conn.execute("UPDATE controls SET applied_at = ?, outcome = ? WHERE id = ?",
                         (now_iso(), outcome, control.id))
            store.emit(None, "control_applied", {
                "run_id": control.run_id, "task_id": control.task_id, "control_id": control.id,
                "kind": control.kind, "outcome": outcome,
            })
        self.ctx.say("control", outcome)

    def _retry(self, queue: TaskQueue, task_id: str, reason: str) -> str:
        ctx = self.ctx
        task = ctx.task(task_id)
        if task.state is S.FAILED:
            return self._reopen(queue, task, reason or RETRY_REASON)
        found = retry_option(ctx.dstore.open_escalations(ctx.run_id, task_id))
        if task.state not in _HUMAN_WAIT or found is None:
            return f"{task_id}: retry not applied: it is {task.state.value} with no open escalation to retry"
        escalation, option = found
        ctx.dstore.answer_escalation(escalation.id, option, RETRY_REASON)
        return f"{task_id}: retry: escalation {escalation.id} answered with option {option} ({escalation.options[option - 1]})"

    def _reopen(self, queue: TaskQueue, task: TaskRecord, reason: str) -> str:
        """FAILED → HUMAN_INPUT_RECEIVED → IMPLEMENTING with a fresh budget of the run's size, recorded with its
        reason."""
        ctx = self.ctx
        task_id = task.task_id
        first = task.attempts + 1
        budget = task.attempts + ctx.retry_budget
        why = f"retry of a failed task ({reason}): fresh budget, attempts {first}–{budget + 1}"
        with ctx.store.transaction():
            ctx.machine.transition(ctx.run_id, task_id, S.HUMAN_INPUT_RECEIVED, f"reopened by the human: {reason}")
            ctx.dstore.set_task_fields(ctx.run_id, task_id, retry_budget=budget)
            ctx.machine.transition(ctx.run_id, task_id, S.IMPLEMENTING, why)
            ctx.dstore.log_decision(ctx.run_id, task_id, why)
        if ctx.dstore.get_run(ctx.run_id).state == "failed":
            ctx.dstore.set_run_state(ctx.run_id, "running", f"reopened: the human retries {task_id}")
        unblocked = queue.reopen(task_id) if task_id in queue and queue.status(task_id) == "failed" else []
        ctx.say("state", f"{task_id} failed → implementing: {why}")
        tail = f"; pending again: {', '.join(unblocked)}" if unblocked else ""
        return f"{task_id}: {why}{tail}"

    def _skip(self, queue: TaskQueue, task_id: str, reason: str) -> str:
        ctx = self.ctx
        task = ctx.task(task_id)
        if task.state in (S.COMPLETED, S.FAILED, S.BLOCKED):
            return f"{task_id}: skip not applied: it is already {task.state.value}"
        path = _path_to_failed(task.state)
        if path is None:
            return f"{task_id}: skip not applied: no way from {task.state.value} to failed"
        why = f"skipped by the human: {reason}"
        with ctx.store.transaction():
            found = skip_option(ctx.dstore.open_escalations(ctx.run_id, task_id))
            if found is not None:
                ctx.dstore.answer_escalation(found[0].id, found[1], why)
            for step in path:
                ctx.machine.transition(ctx.run_id, task_id, step, why)
            ctx.dstore.log_decision(ctx.run_id, task_id, why)
        ctx.say("state", f"{task_id} {task.state.value} → failed: {why}")
        blocked: list[str] = []
        if task_id in queue and queue.status(task_id) in ("pending", "running", "waiting"):
            blocked = queue.mark_failed(task_id)
        for dependent in blocked:
            ctx.block(dependent, f"depends on {task_id}, which was skipped: {reason}")
        tail = f"; blocked: {', '.join(blocked)}" if blocked else ""
        return f"{task_id}: skipped ({reason}){tail}"


# -- helpers ---------------------------------------------------------------------------------------
def _toggle(store: Store, run_id: int, *, paused: bool) -> ControlRecord:
    dstore = DeliveryStore(store)
    _open_run(dstore, run_id)
    with store.transaction():
        dstore.set_run_fields(run_id, paused=paused)
        control = _add(store, run_id, None, "pause" if paused else "resume", "", applied=True)
    return control


def _add(store: Store, run_id: int, task_id: str | None, kind: ControlKind, reason: str,
         applied: bool = False) -> ControlRecord:
    """A control row and its event; an identical pending one is returned instead of a second."""
    stamp = now_iso()
    with store.transaction() as conn:
        if not applied:
            same = conn.execute(
                "SELECT id FROM controls WHERE run_id = ? AND task_id IS ? AND kind = ? AND applied_at IS NULL",
                (run_id, task_id, kind),
            ).fetchone()
            if same is not None:
                return _control(store, int(same["id"]))
        outcome = ("dispatch paused" if kind == "pause" else "dispatch resumed") if applied else ""
        cur = conn.execute(
            "INSERT INTO controls (run_id, task_id, kind, reason, outcome, created_at, applied_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (run_id, task_id, kind, reason, outcome, stamp, stamp if applied else None),
        )
        control_id = int(cur.lastrowid or 0)
        payload: dict[str, Any] = {"run_id": run_id, "control_id": control_id, "kind": kind}
        if task_id is not None:
            payload["task_id"] = task_id
        if reason:
            payload["reason"] = reason
        store.emit(None, "control", payload)
    return _control(store, control_id)


def _control(store: Store, control_id: int) -> ControlRecord:
    rows = store.query("SELECT * FROM controls WHERE id = ?", (control_id,))
    return ControlRecord.model_validate(dict(rows[0]))


def _open_run(dstore: DeliveryStore, run_id: int) -> None:
    run = dstore.get_run(run_id)
    if run.finished:
        raise ControlError(f"run {run_id} of {run.plan_id} is already {run.state}: controls no longer apply")


def _task(dstore: DeliveryStore, run_id: int, task_id: str) -> TaskRecord:
    try:
        return dstore.task(run_id, task_id)
    except DeliveryStoreError:
        raise ControlError(f"run {run_id} has no task {task_id!r}") from None


def _option(escalations: list[EscalationRecord], starts: tuple[str, ...]) -> tuple[EscalationRecord, int] | None:
    """The first option starting so; never one that sends the human's own note to the agent (a control has none)."""
    for escalation in escalations:
        for number, text in enumerate(escalation.options, start=1):
            if text.strip().lower().startswith(starts) and not escalation.needs_note(number):
                return escalation, number
    return None


def _path_to_failed(state: IssueState) -> list[IssueState] | None:
    """The shortest run of valid transitions from `state` to FAILED through a human-answer state."""
    if S.FAILED in VALID_TRANSITIONS[state]:
        return [S.FAILED]
    for middle in (S.HUMAN_INPUT_RECEIVED, S.WAITING_FOR_REQUIREMENTS_CLARIFICATION):
        if middle in VALID_TRANSITIONS[state] and S.FAILED in VALID_TRANSITIONS[middle]:
            return [middle, S.FAILED]
    return None
