"""The live view model of one delivery run, for the dashboard and `pmtui watch` (no Textual here).

DeliveryFeed follows the store's events table: each poll() reads the events written since the
last one, collects the task ids they name and re-reads only those task rows, in one query. The
same path serves the dashboard in the engine's own process and `pmtui watch` in another process
(SQLite in WAL mode lets a second connection read while the engine writes).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pmtui.clock import seconds_between
from pmtui.delivery import git_ops
from pmtui.delivery.progress import TIERS, BlockedTask, ProgressReport, run_spend, top_risks
from pmtui.delivery.queue import DEFAULT_PARALLEL_TIERS
from pmtui.delivery.store import (
    AttemptRecord,
    CommitRecord,
    DeliveryStore,
    EscalationRecord,
    RunRecord,
    TaskRecord,
    TransitionRecord,
)
from pmtui.models.states import WAITING_STATES, IssueState
from pmtui.store.db import Store

S = IssueState
FAMILIES: tuple[str, ...] = ("waiting", "working", "testing", "human", "done", "failed")
_FAMILY: dict[str, str] = {
    S.RECEIVED.value: "waiting",
    S.RUNNING_TESTS.value: "testing",
    S.VALIDATING_SOLUTION.value: "testing",
    S.REQUIREMENTS_UNCLEAR.value: "human",
    S.WAITING_FOR_REQUIREMENTS_CLARIFICATION.value: "human",
    S.WAITING_FOR_HUMAN_INPUT.value: "human",
    S.REQUIRES_HUMAN_INTERVENTION.value: "human",
    S.COMPLETED.value: "done",
    S.FAILED.value: "failed",
    S.BLOCKED.value: "failed",
}
_TURNS_EVERY_S = 1.0
# Done or given up: what the remaining estimate no longer counts (the families "done" and "failed").
_FINISHED_STATES = frozenset(state for state, family in _FAMILY.items() if family in ("done", "failed"))
_ASKING: frozenset[str] = frozenset({*(state.value for state in WAITING_STATES), S.REQUIREMENTS_UNCLEAR.value})
_STOPPED: frozenset[str] = frozenset({S.FAILED.value, S.BLOCKED.value})
_NOT_IN_PROGRESS: frozenset[str] = frozenset({*_ASKING, *_STOPPED, S.RECEIVED.value, S.COMPLETED.value})
EVENT_LOG_SIZE = 500
_TASK_COLUMNS = (
    "task_id, position, title, tier, state, attempts, retry_budget, ownership, depends, "
    "duration_ms, started_at, finished_at, commit_sha, tag, "
    # The cluster node of the task's latest attempt ("" before one ran, or when it ran on this machine).
    "(SELECT CASE WHEN a.node = 'local' THEN '' WHEN a.node_name != '' THEN a.node_name ELSE substr(a.node, 1, 8) END "
    "FROM attempts a WHERE a.run_id = tasks.run_id AND a.task_id = tasks.task_id ORDER BY a.attempt DESC LIMIT 1) "
    "AS node_name"
)
# SQLite's default limit on bound parameters is 999 in old builds; stay under it.
_IN_CHUNK = 900
_LOGGED_KINDS = frozenset(
    {"task_state", "attempt", "gate", "commit", "tag", "escalation", "escalation_answered", "run_state",
     "release", "risk", "progress", "run_started", "control", "control_applied"}
)


def state_family(state: str) -> str:
    """waiting, working, testing, human, done or failed: how the dashboard colours a state."""
    return _FAMILY.get(state, "working")


@dataclass(slots=True)
class TaskView:
    """One row of the task queue, as the dashboard shows it."""

    task_id: str
    position: int
    title: str
    tier: str
    state: str
    attempts: int
    retry_budget: int
    ownership: str
    depends: tuple[str, ...]
    duration_ms: float | None
    started_at: str | None
    finished_at: str | None
    commit_sha: str | None
    tag: str | None
    node: str = ""  # the cluster node its latest attempt runs (ran) on; "" on this machine
    version: int = 0

    @property
    def family(self) -> str:
        return state_family(self.state)

    @property
    def max_attempts(self) -> int:
        return self.retry_budget + 1

    def duration_s(self) -> float | None:
        """Stored duration; for a finished task without one, finished - started; None while running."""
        if self.duration_ms is not None:
            return self.duration_ms / 1000
        if self.started_at and self.finished_at:
            return seconds_between(self.started_at, self.finished_at)
        return None


@dataclass(slots=True)
class EventLine:
    """One line of the dashboard's event log."""

    event_id: int
    created_at: str
    kind: str
    task_id: str | None
    text: str


@dataclass
class FeedDelta:
    """What one poll found: changed task ids (their rows are already in feed.tasks), new log lines,
    escalations opened and answered, and whether the run row or the progress changed."""

    changed: set[str] = field(default_factory=set)
    added: list[str] = field(default_factory=list)
    events: list[EventLine] = field(default_factory=list)
    escalations_opened: list[EscalationRecord] = field(default_factory=list)
    escalations_answered: list[tuple[int, int]] = field(default_factory=list)
    run_changed: bool = False
    completions: int = 0

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.events or self.escalations_opened
                    or self.escalations_answered or self.run_changed)


@dataclass
class TaskDetail:
    """Everything the task detail pane shows about one task, read in one go (off the UI thread)."""

    task: TaskRecord
    transitions: list[TransitionRecord]
    attempts: list[AttemptRecord]
    escalations: list[EscalationRecord]
    commit: CommitRecord | None
    diff_stat: str
    output_tail: str


@dataclass
class ReleaseView:
    """The release pane: the manifest (once written), its text and the handoff summary."""

    manifest_path: str = ""
    manifest_text: str = ""
    handoff: str = ""


class DeliveryFeed:
    """Incremental view model of a run: `tasks`, `escalations` (open ones), `events`, `run`,
    `completed_at` (completion times for the burn-up). Call `poll()` repeatedly (from a thread)."""

    def __init__(self, store: Store, run_id: int | None = None, event_log_size: int = EVENT_LOG_SIZE) -> None:
        self.store = store
        self.dstore = DeliveryStore(store)
        self.requested_run = run_id
        self.run_id: int | None = run_id
        self.run: RunRecord | None = None
        self.tasks: dict[str, TaskView] = {}
        self.dependents: dict[str, list[str]] = {}
        self.escalations: dict[int, EscalationRecord] = {}
        self.events: deque[EventLine] = deque(maxlen=event_log_size)
        self.completed_at: list[str] = []
        # The reason of the last transition of each failed or blocked task (the progress report's "Blocked").
        self.stop_reasons: dict[str, str] = {}
        # Running totals over the rows (done, unfinished, completed durations): O(1) per poll at 10,000 tasks.
        self._done = 0
        self._open = 0
        self._durations = 0.0
        self._timed = 0
        # The turns of work left (remaining_estimate_s), computed again only when a task finishes or comes back.
        self._turns_key: tuple[int, int, int] | None = None
        self._turns_left = 0.0
        self._turns_at = 0.0
        self.last_event_id = 0
        self.loaded = False
        # The outcome last logged for each (task, attempt): a row updated again with the same outcome (its gate
        # results, its agent's result) is no new line ("T4 attempt 1 agent_done" three times over).
        self._outcomes: dict[tuple[str, int], str] = {}

    def _line(self, event_id: int, kind: str, payload: dict[str, Any], created_at: str) -> EventLine | None:
        """The log line of an event, none for an attempt's update that leaves its outcome as last logged."""
        if kind == "attempt":
            key = (str(payload.get("task_id")), int(payload.get("attempt") or 0))
            outcome = str(payload.get("outcome", ""))
            if self._outcomes.get(key) == outcome:
                return None
            self._outcomes[key] = outcome
        return _event_line(event_id, kind, payload, created_at)

    # -- loading --------------------------------------------------------------------------
    def load(self) -> FeedDelta:
        """Read the run once (all its task rows in one query); later calls to poll() are incremental."""
        delta = FeedDelta()
        self.last_event_id = int(self.store.query("SELECT COALESCE(MAX(id), 0) FROM events")[0][0])
        if self.requested_run is None:
            latest = self.dstore.latest_run()
            self.run_id = latest.id if latest else None
        if self.run_id is None:
            self.loaded = True
            return delta
        self.run = self.dstore.get_run(self.run_id)
        rows = self.store.query(f"SELECT {_TASK_COLUMNS} FROM tasks WHERE run_id = ? ORDER BY position",
                                (self.run_id,))
        self.tasks = {row["task_id"]: _view(row) for row in rows}
        self._done = self._open = self._timed = 0
        self._durations = 0.0
        for view in self.tasks.values():
            self._count(view, 1)
        self.dependents = {}
        for view in self.tasks.values():
            for dep in view.depends:
                self.dependents.setdefault(dep, []).append(view.task_id)
        self.escalations = {e.id: e for e in self.dstore.open_escalations(self.run_id)}
        self.stop_reasons = {
            str(r[0]): str(r[1] or "") for r in self.store.query(
                "SELECT tr.task_id, tr.reason FROM transitions tr JOIN tasks t "
                "ON t.run_id = tr.run_id AND t.task_id = tr.task_id WHERE tr.run_id = ? AND t.state IN (?, ?) "
                "AND tr.id = (SELECT MAX(id) FROM transitions WHERE run_id = tr.run_id AND task_id = tr.task_id)",
                (self.run_id, S.FAILED.value, S.BLOCKED.value),
            )
        }
        self.completed_at = [
            str(r[0]) for r in self.store.query(
                "SELECT created_at FROM transitions WHERE run_id = ? AND to_state = ? ORDER BY id",
                (self.run_id, S.COMPLETED.value),
            )
        ]
        recent = self.store.query(
            "SELECT id, kind, payload, created_at FROM events WHERE id <= ? "
            "AND json_extract(payload, '$.run_id') = ? ORDER BY id DESC LIMIT ?",
            (self.last_event_id, self.run_id, self.events.maxlen or EVENT_LOG_SIZE),
        )
        for row in reversed(recent):
            line = self._line(int(row["id"]), row["kind"], json.loads(row["payload"]), row["created_at"])
            if line is not None:
                self.events.append(line)
        delta.added = list(self.tasks)
        delta.escalations_opened = list(self.escalations.values())
        delta.run_changed = True
        self.loaded = True
        return delta

    # -- following ------------------------------------------------------------------------
    def poll(self, limit: int = 5000) -> FeedDelta:
        """Events since the last poll → the changed task ids → one query for those rows."""
        if not self.loaded:
            return self.load()
        if self.run_id is None:
            latest = self.dstore.latest_run()
            if latest is None:
                return FeedDelta()
            self.requested_run = latest.id
            self.run_id = latest.id
            return self.load()
        delta = FeedDelta()
        events = self.store.events_since(self.last_event_id, limit=limit)
        if not events:
            return delta
        self.last_event_id = int(events[-1]["id"])
        opened: list[int] = []
        for event in events:
            payload = event["payload"]
            if payload.get("run_id") != self.run_id:
                continue
            kind = event["kind"]
            task_id = payload.get("task_id")
            if task_id is not None:
                delta.changed.add(str(task_id))
            for added in payload.get("added", ()):
                delta.changed.add(str(added))
            if kind == "task_state" and payload.get("from_state") and task_id is not None:
                if payload.get("state") in _STOPPED:
                    self.stop_reasons[str(task_id)] = str(payload.get("reason") or "")
                else:
                    self.stop_reasons.pop(str(task_id), None)
                if payload.get("state") == S.COMPLETED.value:
                    self.completed_at.append(event["created_at"])
                    delta.completions += 1
            elif kind == "escalation":
                opened.append(int(payload["escalation_id"]))
            elif kind == "escalation_answered":
                escalation_id = int(payload["escalation_id"])
                self.escalations.pop(escalation_id, None)
                if escalation_id in opened:
                    opened.remove(escalation_id)
                delta.escalations_answered.append((escalation_id, int(payload.get("option", 0))))
            elif kind in ("run_state", "release", "control", "control_applied"):
                delta.run_changed = True
            line = self._line(int(event["id"]), kind, payload, event["created_at"])
            if line is not None:
                self.events.append(line)
                delta.events.append(line)
        for escalation_id in opened:
            record = self.dstore.escalation(escalation_id)
            if record.answer is None and escalation_id not in self.escalations:
                self.escalations[escalation_id] = record
                delta.escalations_opened.append(record)
        if delta.run_changed and self.run_id is not None:
            self.run = self.dstore.get_run(self.run_id)
        if delta.changed:
            self._reread(delta)
        return delta

    def _reread(self, delta: FeedDelta) -> None:
        ids = sorted(delta.changed)
        for start in range(0, len(ids), _IN_CHUNK):
            chunk = ids[start:start + _IN_CHUNK]
            marks = ", ".join("?" for _ in chunk)
            rows = self.store.query(
                f"SELECT {_TASK_COLUMNS} FROM tasks WHERE run_id = ? AND task_id IN ({marks})",
                (self.run_id, *chunk),
            )
            for row in rows:
                view = _view(row)
                old = self.tasks.get(view.task_id)
                if old is None:
                    delta.added.append(view.task_id)
                    for dep in view.depends:
                        self.dependents.setdefault(dep, []).append(view.task_id)
                else:
                    view.version = old.version + 1
                    self._count(old, -1)
                self._count(view, 1)
                self.tasks[view.task_id] = view
        delta.changed.difference_update(delta.added)

    # -- reads for the detail panes -------------------------------------------------------
    def open_escalations(self) -> list[EscalationRecord]:
        return sorted(self.escalations.values(), key=lambda e: e.id)

    def output_mark(self, task_id: str) -> int:
        """The size of the latest attempt's output log (-1 when there is none): when it grows, the
        agent wrote more, and a detail pane showing the task reads it again."""
        view = self.tasks.get(task_id)
        if view is None or self.run is None:
            return -1
        try:
            return output_log_path(self.run, self.store.path, task_id, max(view.attempts, 1)).stat().st_size
        except OSError:
            return -1

    def output_tail(self, task_id: str, lines: int = 40) -> str:
        """The agent's live output (the engine's output log of the latest attempt), else the stored tail."""
        view = self.tasks.get(task_id)
        if view is None or self.run is None:
            return ""
        log = output_log_path(self.run, self.store.path, task_id, max(view.attempts, 1))
        if log.is_file():
            try:
                with log.open("rb") as handle:
                    handle.seek(0, 2)
                    size = handle.tell()
                    handle.seek(max(0, size - 16_000))
                    text = handle.read().decode("utf-8", errors="replace")
                return "\n".join(text.splitlines()[-lines:])
            except OSError:
                pass
        attempt = self.dstore.last_attempt(self.run.id, task_id)
        if attempt is None or attempt.agent_result is None:
            return ""
        return "\n".join(attempt.agent_result.output_tail.splitlines()[-lines:])

    def detail(self, task_id: str) -> TaskDetail | None:
        """The selected task's contract, timeline, attempts with gates, escalations, commit, diff
        stat and output tail (None when the run has no such task)."""
        if self.run_id is None or task_id not in self.tasks:
            return None
        task = self.dstore.task(self.run_id, task_id)
        commit = self.dstore.commit_for(self.run_id, task_id)
        return TaskDetail(
            task=task,
            transitions=self.dstore.transitions(self.run_id, task_id),
            attempts=self.dstore.attempts(self.run_id, task_id),
            escalations=[e for e in self.dstore.escalations(self.run_id) if e.task_id == task_id],
            commit=commit,
            diff_stat=self._diff_stat(commit.sha) if commit else "",
            output_tail=self.output_tail(task_id),
        )

    def _diff_stat(self, sha: str) -> str:
        if self.run is None:
            return ""
        try:
            return git_ops.run_git(self.run.repo, "show", "--stat", "--format=", sha).strip()
        except git_ops.GitError:
            return ""

    def release(self) -> ReleaseView:
        """The manifest file's text and the handoff summary, once the run is released."""
        if self.run is None or not self.run.manifest_path:
            return ReleaseView()
        path = Path(self.run.repo) / self.run.manifest_path
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            text = f"(cannot read {path}: {error.strerror or error})"
        handoff = self.store.query(
            "SELECT text FROM progress_reports WHERE run_id = ? AND trigger = 'release' ORDER BY id DESC LIMIT 1",
            (self.run.id,),
        )
        return ReleaseView(self.run.manifest_path, text, str(handoff[0][0]) if handoff else "")

    def progress_report(self) -> ProgressReport | None:
        """The run's seed-003 progress report from the rows this feed holds: the same report as
        progress.progress_report, without re-reading every task and transition (half a second of
        pydantic at 10,000 tasks, and a burst of garbage the collector then has to walk)."""
        run = self.run
        if run is None or self.run_id is None:
            return None
        tasks = sorted(self.tasks.values(), key=lambda v: v.position)
        asking = {e.task_id: e for e in self.open_escalations() if e.task_id is not None}
        remaining = {str(tier): 0 for tier in TIERS}
        blocked: list[BlockedTask] = []
        for view in tasks:
            state = view.state
            if state not in (S.COMPLETED.value, S.FAILED.value):
                remaining[view.tier] = remaining.get(view.tier, 0) + 1
            reason = ""
            if state == S.FAILED.value:
                reason = f"failed: {self.stop_reasons.get(view.task_id) or 'no reason recorded'}"
            elif state == S.BLOCKED.value:
                reason = self.stop_reasons.get(view.task_id) or "a dependency failed or waits for a human"
            elif state in _ASKING:
                question = asking.get(view.task_id)
                reason = (f"waits for the answer to escalation #{question.id}: {question.problem}"
                          if question is not None else f"waits for a human ({state})")
            elif state == S.RECEIVED.value and view.depends:
                stuck = [dep for dep in view.depends
                         if dep in self.tasks and (self.tasks[dep].state in _ASKING or self.tasks[dep].state in _STOPPED)]
                if stuck:  # a stuck dependency is not completed, so this task's dependencies are not done
                    reason = "waits on " + ", ".join(
                        f"{dep}, {'escalated' if self.tasks[dep].state in _ASKING else 'failed'}" for dep in stuck)
            if reason:
                blocked.append(BlockedTask(task_id=view.task_id, title=view.title, reason=reason))
        for item in self.open_escalations():
            if item.task_id is None and item.blocking:
                blocked.append(BlockedTask(task_id="run",
                                           reason=f"waits for the answer to escalation #{item.id}: {item.problem}"))
        risks = self.dstore.risks(self.run_id)
        return ProgressReport(
            run_id=run.id,
            plan_id=run.plan_id,
            plan_name=run.plan_name or run.plan_id,
            state=run.state,
            completed=sum(view.state == S.COMPLETED.value for view in tasks),
            total=len(tasks),
            in_progress=[f"{view.task_id} {view.title}" for view in tasks if view.state not in _NOT_IN_PROGRESS],
            blocked=blocked,
            unresolved_risks=sum(risk.status == "open" for risk in risks),
            top_risks=top_risks(risks),
            remaining_by_tier=remaining,
            elapsed_s=seconds_between(run.created_at, run.finished_at),
            llm_spend_usd=run_spend(self.dstore, run),
        )

    def _count(self, view: TaskView, sign: int) -> None:
        if view.state == S.COMPLETED.value:
            self._done += sign
            duration = view.duration_s()
            if duration is not None:
                self._durations += sign * duration
                self._timed += sign
        elif view.family != "failed":
            self._open += sign

    def done_count(self) -> int:
        return self._done

    def remaining_estimate_s(self) -> float | None:
        """The average duration of the completed tasks times the turns of work left (None without data)."""
        if self._timed <= 0:
            return None
        key = (self._done, self._open, len(self.tasks))
        now = time.monotonic()
        if self._turns_key != key and (self._turns_key is None or now - self._turns_at >= _TURNS_EVERY_S):
            # At most once a second: at 10,000 tasks a count is tens of milliseconds of the feed thread's time.
            self._turns_key, self._turns_left, self._turns_at = key, self._count_turns_left(), now
        return max(0.0, self._durations) / self._timed * self._turns_left

    def _count_turns_left(self) -> float:
        """How many task-lengths the unfinished tasks still need, run as the engine runs them: the longest chain of
        them (a task starts after what it depends on), or, when more, their work as it may overlap (tasks of a
        parallel tier share the run's slots; the others run one at a time, the seed's rule). A plan whose tasks
        each build on the last takes one task-length per task, however many slots the run has."""
        config = self.run.config if self.run else {}
        slots = max(1, int(config.get("max_parallel") or 1))
        parallel_tiers = set(config.get("parallel_tiers") or DEFAULT_PARALLEL_TIERS)
        depends = {task_id: view.depends for task_id, view in self.tasks.items()
                   if view.state not in _FINISHED_STATES}
        one_at_a_time = sum(1 for task_id in depends if self.tasks[task_id].tier not in parallel_tiers)
        overlapped = one_at_a_time + (len(depends) - one_at_a_time) / slots
        chain: dict[str, int] = {}
        for start, needs in depends.items():
            if start in chain:
                continue
            if not any(dep in depends for dep in needs):
                chain[start] = 1
                continue
            stack, entered = [start], {start}
            while stack:  # iterative: a chain of 10,000 tasks is no recursion limit
                task_id = stack[-1]
                pending = [dep for dep in depends[task_id] if dep in depends and dep not in chain and dep not in entered]
                if pending:
                    stack.extend(pending)
                    entered.update(pending)
                    continue
                chain[task_id] = 1 + max((chain.get(dep, 0) for dep in depends[task_id] if dep in depends), default=0)
                stack.pop()
        return max(overlapped, max(chain.values(), default=0))


def output_log_path(run: RunRecord, db_path: Path, task_id: str, attempt: int) -> Path:
    """Where the engine streams an attempt's agent output (the run's directory, as the engine chose it)."""
    run_dir = Path(run.config.get("run_dir") or Path(db_path).parent / "runs" / f"run-{run.id}")
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in task_id) or "task"
    return run_dir / "attempts" / f"{safe}-attempt-{attempt}.output.log"


def _view(row: sqlite3.Row) -> TaskView:
    return TaskView(
        task_id=row["task_id"],
        position=int(row["position"]),
        title=row["title"],
        tier=row["tier"],
        state=row["state"],
        attempts=int(row["attempts"]),
        retry_budget=int(row["retry_budget"]),
        ownership=row["ownership"],
        depends=tuple(json.loads(row["depends"])),
        duration_ms=row["duration_ms"],
        started_at=row["started_at"],
        finished_at=row["finished_at"],
        commit_sha=row["commit_sha"],
        tag=row["tag"],
        node=row["node_name"] or "",
    )


def _event_line(event_id: int, kind: str, payload: dict[str, Any], created_at: str) -> EventLine | None:
    """The log line of an event, or None for bookkeeping events not worth a line."""
    if kind not in _LOGGED_KINDS:
        return None
    task_id = payload.get("task_id")
    who = f"{task_id} " if task_id else ""
    text = ""
    if kind == "task_state":
        if payload.get("added"):
            count = len(payload["added"])
            text = f"{count} task{'s' if count != 1 else ''} received"
        elif payload.get("from_state"):
            reason = f": {payload['reason']}" if payload.get("reason") else ""
            text = f"{who}{payload['from_state']} → {payload.get('state')}{reason}"
        else:
            return None
    elif kind == "attempt":
        text = f"{who}attempt {payload.get('attempt')} {payload.get('outcome', '')}".rstrip()
    elif kind == "gate":
        failed = payload.get("failed") or []
        verdict = "gates passed" if payload.get("passed") else f"gates failed: {', '.join(failed)}"
        text = f"{who}attempt {payload.get('attempt')} {verdict}"
    elif kind == "commit":
        text = f"{who}commit {str(payload.get('sha', ''))[:10]} {payload.get('subject', '')}".rstrip()
    elif kind == "tag":
        text = f"{who}tag {payload.get('name')}"
    elif kind == "escalation":
        text = f"{who}escalation #{payload.get('escalation_id')} ({payload.get('kind', 'task')}) opened"
    elif kind == "escalation_answered":
        text = f"{who}escalation #{payload.get('escalation_id')} answered: option {payload.get('option')}"
    elif kind == "run_state":
        if "state" in payload:
            reason = f": {payload['reason']}" if payload.get("reason") else ""
            text = f"run {payload.get('from_state')} → {payload['state']}{reason}"
        else:
            return None
    elif kind == "release":
        text = f"released: manifest {payload.get('manifest_path')}"
    elif kind == "risk":
        text = f"{who}risk {payload.get('risk_id')} {payload.get('severity') or payload.get('status') or ''}".rstrip()
    elif kind == "progress":
        text = f"progress report ({payload.get('trigger')})"
    elif kind == "run_started":
        text = f"run started: plan {payload.get('plan_id')}"
    elif kind == "control":
        reason = f": {payload['reason']}" if payload.get("reason") else ""
        text = f"{who}{payload.get('kind')} requested{reason}"
    else:
        text = f"{who}{payload.get('kind')}: {payload.get('outcome', '')}".rstrip(": ")
    return EventLine(event_id, created_at, kind, task_id, text)
