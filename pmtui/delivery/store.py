"""The delivery run's state store (seed 003 §2) over SQLite: runs, tasks, attempts, escalations,
risks, commits, tags and progress reports.

Every write runs in one Store.transaction() and emits an event row (payload carries run_id and
task_id) that the dashboard follows. Task states change only through TaskStateMachine, which
uses the transition writer here inside its own transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pmtui.clock import now_iso, seconds_between
from pmtui.delivery.records import (
    FINISHED_RUN_STATES,
    UNFINISHED_RUN_STATES,
    AttemptRecord,
    CommitRecord,
    EscalationRecord,
    PlannedTask,
    ProgressReportRecord,
    RunRecord,
    TagRecord,
    TaskRecord,
    TransitionRecord,
    _attempt,
    _plain,
    _run,
    _task,
    _task_value,
)
from pmtui.delivery.store_escalations import DeliveryStoreError, EscalationTables
from pmtui.models.delivery import AgentResult, GateResult, RunState
from pmtui.models.states import IssueState
from pmtui.store.db import Store

__all__ = [
    "FINISHED_RUN_STATES",
    "UNFINISHED_RUN_STATES",
    "AttemptRecord",
    "CommitRecord",
    "DeliveryStore",
    "DeliveryStoreError",
    "EscalationRecord",
    "PlannedTask",
    "ProgressReportRecord",
    "RunRecord",
    "TagRecord",
    "TaskRecord",
    "TransitionRecord",
]

_RUN_FIELDS = frozenset(
    {
        "plan_name",
        "plan_path",
        "design_path",
        "start_branch",
        "plan_branch",
        "baseline_sha",
        "current_sha",
        "paused",
        "shared_context",
        "config",
        "manifest_path",
    }
)
_TASK_FIELDS = frozenset(
    {
        "title",
        "tier",
        "tier_reason",
        "retry_budget",
        "ownership",
        "contract",
        "code_state",
        "commit_sha",
        "tag",
        "branch",
        "review_note",
        "duration_ms",
        "started_at",
        "finished_at",
        "decision_log",
    }
)
# A LOW task "starts" when it leaves RECEIVED for real work, not when it is blocked or skipped.
_NOT_A_START = (IssueState.BLOCKED.value, IssueState.FAILED.value)


class DeliveryStore(EscalationTables):
    """Typed reads and writes of the delivery tables of one Store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- plumbing -------------------------------------------------------------------------
    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        return self.store.query(sql, params)

    def _emit(self, event: str, run_id: int, task_id: str | None = None, **payload: Any) -> None:
        body: dict[str, Any] = {"run_id": run_id}
        if task_id is not None:
            body["task_id"] = task_id
        body.update(payload)
        self.store.emit(None, event, body)

    def _require_task(self, conn: sqlite3.Connection, run_id: int, task_id: str) -> sqlite3.Row:
        row = conn.execute("SELECT * FROM tasks WHERE run_id = ? AND task_id = ?", (run_id, task_id)).fetchone()
        if row is None:
            raise DeliveryStoreError(f"run {run_id} has no task {task_id!r}")
        return row

    # -- runs -----------------------------------------------------------------------------
    def create_run(
        self,
        plan_id: str,
        repo: str | Path,
        *,
        plan_name: str = "",
        plan_path: str | Path = "",
        design_path: str | Path = "",
        start_branch: str = "",
        plan_branch: str = "",
        baseline_sha: str = "",
        shared_context: str = "",
        config: dict[str, Any] | None = None,
        project_id: int | None = None,
        retry_budget: int = 2,
    ) -> RunRecord:
        """A new run, or the unfinished run of the same plan in the same repository (resumed=True, with the
        retry budget it was created with)."""
        repo_key = str(Path(repo).resolve())
        with self.store.transaction() as conn:
            existing = conn.execute(
                "SELECT id FROM runs WHERE plan_id = ? AND repo = ? AND state IN (?, ?) "
                "ORDER BY id DESC LIMIT 1",
                (plan_id, repo_key, *UNFINISHED_RUN_STATES),
            ).fetchone()
            if existing is not None:
                run = self.get_run(int(existing["id"]))
                return run.model_copy(update={"resumed": True})
            stamp = now_iso()
            cur = conn.execute(
                "INSERT INTO runs (project_id, plan_id, plan_name, plan_path, design_path, repo, start_branch, "
                "plan_branch, baseline_sha, current_sha, shared_context, config, retry_budget, created_at, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    project_id,
                    plan_id,
                    plan_name,
                    str(plan_path),
                    str(design_path),
                    repo_key,
                    start_branch,
                    plan_branch,
                    baseline_sha,
                    baseline_sha,
                    shared_context,
                    json.dumps(config or {}),
                    retry_budget,
                    stamp,
                    stamp,
                ),
            )
            run_id = int(cur.lastrowid or 0)
            self._emit("run_started", run_id, plan_id=plan_id, repo=repo_key)
        return self.get_run(run_id)

    def get_run(self, run_id: int) -> RunRecord:
        rows = self._rows("SELECT * FROM runs WHERE id = ?", (run_id,))
        if not rows:
            raise DeliveryStoreError(f"no delivery run with id {run_id}")
        return _run(rows[0])

    def latest_run(self, plan_id: str | None = None, repo: str | Path | None = None) -> RunRecord | None:
        """The most recently created run, optionally of one plan and/or one repository."""
        clauses, params = [], []
        if plan_id is not None:
            clauses.append("plan_id = ?")
            params.append(plan_id)
        if repo is not None:
            clauses.append("repo = ?")
            params.append(str(Path(repo).resolve()))
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self._rows(f"SELECT * FROM runs {where} ORDER BY id DESC LIMIT 1", tuple(params))
        return _run(rows[0]) if rows else None

    def runs(self) -> list[RunRecord]:
        return [_run(r) for r in self._rows("SELECT * FROM runs ORDER BY id")]

    def set_run_state(self, run_id: int, state: RunState, reason: str = "") -> RunRecord:
        if state not in (*UNFINISHED_RUN_STATES, *FINISHED_RUN_STATES):
            raise DeliveryStoreError(f"unknown run state {state!r}")
        stamp = now_iso()
        with self.store.transaction() as conn:
            before = self.get_run(run_id)
            finished = stamp if state in FINISHED_RUN_STATES else None
            conn.execute(
                "UPDATE runs SET state = ?, updated_at = ?, finished_at = ? WHERE id = ?",
                (state, stamp, finished, run_id),
            )
            self._emit("run_state", run_id, from_state=before.state, state=state, reason=reason)
        return self.get_run(run_id)

    def set_run_fields(self, run_id: int, **fields: Any) -> RunRecord:
        """Update run columns other than state (current_sha, paused, config, manifest_path, ...)."""
        unknown = set(fields) - _RUN_FIELDS
        if unknown:
            raise DeliveryStoreError(f"not a settable run field: {', '.join(sorted(unknown))}")
        if not fields:
            return self.get_run(run_id)
        values = {
            key: json.dumps(value) if key == "config" else int(value) if key == "paused" else str(value)
            for key, value in fields.items()
        }
        assignments = ", ".join(f"{key} = ?" for key in values)
        with self.store.transaction() as conn:
            self.get_run(run_id)
            conn.execute(
                f"UPDATE runs SET {assignments}, updated_at = ? WHERE id = ?",
                (*values.values(), now_iso(), run_id),
            )
            self._emit("run_state", run_id, fields=sorted(fields))
        return self.get_run(run_id)

    def record_release(self, run_id: int, manifest_path: str | Path) -> RunRecord:
        """The release manifest is written: the run is released."""
        stamp = now_iso()
        with self.store.transaction() as conn:
            self.get_run(run_id)
            conn.execute(
                "UPDATE runs SET manifest_path = ?, state = 'released', updated_at = ?, finished_at = ? "
                "WHERE id = ?",
                (str(manifest_path), stamp, stamp, run_id),
            )
            self._emit("release", run_id, manifest_path=str(manifest_path))
        return self.get_run(run_id)

    # -- tasks ----------------------------------------------------------------------------
    def add_tasks(self, run_id: int, tasks: Iterable[PlannedTask]) -> list[TaskRecord]:
        """Add tasks in plan order; a task id the run already has is left as it is (resume)."""
        with self.store.transaction() as conn:
            self.get_run(run_id)
            position = conn.execute(
                "SELECT COALESCE(MAX(position) + 1, 0) FROM tasks WHERE run_id = ?", (run_id,)
            ).fetchone()[0]
            added: list[str] = []
            for task in tasks:
                cur = conn.execute(
                    "INSERT OR IGNORE INTO tasks (run_id, task_id, position, title, tier, tier_reason, "
                    "retry_budget, ownership, depends, contract, code_state, branch) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        run_id,
                        task.task_id,
                        position,
                        task.title,
                        task.tier,
                        task.tier_reason,
                        task.retry_budget,
                        task.ownership,
                        json.dumps(task.depends),
                        task.contract.model_dump_json() if task.contract else None,
                        task.code_state,
                        task.branch,
                    ),
                )
                if cur.rowcount:
                    added.append(task.task_id)
                    position += 1
            if added:
                self._emit("task_state", run_id, added=added, state=IssueState.RECEIVED.value)
        return self.tasks(run_id)

    def tasks(self, run_id: int, *, contracts: bool = True) -> list[TaskRecord]:
        """The run's tasks in plan order. contracts=False leaves each contract and review note out (None): for
        counting and listing (the progress report after every few completions), where decoding them was most of
        the cost and grew with the plan."""
        rows = self._rows("SELECT * FROM tasks WHERE run_id = ? ORDER BY position", (run_id,))
        states = {r["task_id"]: r["state"] for r in rows}
        return [_task(r, states, contracts=contracts) for r in rows]

    def task(self, run_id: int, task_id: str) -> TaskRecord:
        rows = self._rows("SELECT * FROM tasks WHERE run_id = ? AND task_id = ?", (run_id, task_id))
        if not rows:
            raise DeliveryStoreError(f"run {run_id} has no task {task_id!r}")
        row = rows[0]
        depends = json.loads(row["depends"])
        states: dict[str, str] = {}
        if depends:
            marks = ", ".join("?" for _ in depends)
            states = {
                r["task_id"]: r["state"]
                for r in self._rows(
                    f"SELECT task_id, state FROM tasks WHERE run_id = ? AND task_id IN ({marks})",
                    (run_id, *depends),
                )
            }
        return _task(row, states)

    def task_state(self, run_id: int, task_id: str) -> IssueState:
        """Only the task's state: read on every transition, where decoding the whole record (its contract and
        review note) was most of the cost."""
        rows = self._rows("SELECT state FROM tasks WHERE run_id = ? AND task_id = ?", (run_id, task_id))
        if not rows:
            raise DeliveryStoreError(f"run {run_id} has no task {task_id!r}")
        return IssueState(rows[0]["state"])

    def set_task_fields(self, run_id: int, task_id: str, **fields: Any) -> None:
        """Update task columns other than state and iteration (those move with the state machine). Nothing is
        read back: no caller used the record, whose contract was decoded twice a task for it."""
        unknown = set(fields) - _TASK_FIELDS
        if unknown:
            raise DeliveryStoreError(f"not a settable task field: {', '.join(sorted(unknown))}")
        if not fields:
            self.task(run_id, task_id)  # a missing task is still an error
            return
        values = {key: _task_value(key, value) for key, value in fields.items()}
        assignments = ", ".join(f"{key} = ?" for key in values)
        with self.store.transaction() as conn:
            # The update tells the state for the event, and no row means no such task (nothing was written).
            rows = conn.execute(
                f"UPDATE tasks SET {assignments} WHERE run_id = ? AND task_id = ? RETURNING state",
                (*values.values(), run_id, task_id),
            ).fetchall()
            if not rows:
                raise DeliveryStoreError(f"run {run_id} has no task {task_id!r}")
            self._emit("task_state", run_id, task_id, state=rows[0]["state"], fields=sorted(fields))

    def log_decision(self, run_id: int, task_id: str, decision: str) -> None:
        """Append to the task's decision log (why the PM did what it did)."""
        with self.store.transaction() as conn:
            # Appended in place (the log is not read, decoded and written back whole), in one statement that
            # tells the state for the event; no row means no such task.
            rows = conn.execute(
                "UPDATE tasks SET decision_log = json_insert(decision_log, '$[#]', ?) WHERE run_id = ? AND task_id = ? "
                "RETURNING state",
                (decision, run_id, task_id),
            ).fetchall()
            if not rows:
                raise DeliveryStoreError(f"run {run_id} has no task {task_id!r}")
            self._emit("task_state", run_id, task_id, state=rows[0]["state"], decision=decision)

    # -- transitions (written by TaskStateMachine only) -----------------------------------
    @staticmethod
    def _waited_for_human(conn: sqlite3.Connection, run_id: int, task_id: str) -> float:
        """Seconds the task spent waiting for a human answer: not its work. The walk at stop 28 showed a task of
        ten seconds' work as 6m56s, and the remaining estimate, an average of such durations, grew with it."""
        waited, since = 0.0, None
        for row in conn.execute("SELECT to_state, created_at FROM transitions WHERE run_id = ? AND task_id = ? "
                                "ORDER BY id", (run_id, task_id)):
            if since is not None:
                waited += seconds_between(since, row["created_at"])
                since = None
            if row["to_state"] == IssueState.REQUIRES_HUMAN_INTERVENTION.value:
                since = row["created_at"]
        return waited

    def _write_transition(
        self,
        conn: sqlite3.Connection,
        run_id: int,
        task_id: str,
        from_state: IssueState,
        to_state: IssueState,
        reason: str,
        iteration: int,
        started_at: str | None,
    ) -> None:
        stamp = now_iso()
        sets = ["state = ?", "iteration = ?"]
        params: list[Any] = [to_state.value, iteration]
        if started_at is None and to_state not in (IssueState.BLOCKED, IssueState.FAILED):
            sets.append("started_at = ?")
            params.append(stamp)
        if to_state in (IssueState.COMPLETED, IssueState.FAILED):
            sets.append("finished_at = ?")
            params.append(stamp)
        if to_state is IssueState.COMPLETED and started_at is not None:
            sets.append("duration_ms = ?")
            waited = self._waited_for_human(conn, run_id, task_id)
            params.append(max(0.0, seconds_between(started_at, stamp) - waited) * 1000.0)
        conn.execute(
            f"UPDATE tasks SET {', '.join(sets)} WHERE run_id = ? AND task_id = ?",
            (*params, run_id, task_id),
        )
        conn.execute(
            "INSERT INTO transitions (run_id, task_id, from_state, to_state, reason, iteration, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (run_id, task_id, from_state.value, to_state.value, reason, iteration, stamp),
        )
        self._emit(
            "task_state",
            run_id,
            task_id,
            from_state=from_state.value,
            state=to_state.value,
            reason=reason,
            iteration=iteration,
        )

    def transitions(self, run_id: int, task_id: str | None = None) -> list[TransitionRecord]:
        if task_id is None:
            rows = self._rows("SELECT * FROM transitions WHERE run_id = ? ORDER BY id", (run_id,))
        else:
            rows = self._rows(
                "SELECT * FROM transitions WHERE run_id = ? AND task_id = ? ORDER BY id", (run_id, task_id)
            )
        return [TransitionRecord.model_validate(dict(r)) for r in rows]

    def state_moves(self, run_id: int, task_id: str) -> list[tuple[IssueState, IssueState]]:
        """(from, to) of each of the task's transitions, oldest first: transitions() without the records."""
        rows = self._rows(
            "SELECT from_state, to_state FROM transitions WHERE run_id = ? AND task_id = ? ORDER BY id", (run_id, task_id)
        )
        return [(IssueState(row[0]), IssueState(row[1])) for row in rows]

    def completions_since_low(self, run_id: int) -> int:
        """CRITICAL/NORMAL completions since a LOW task last started, derived from the transitions
        (the queue's anti-starvation counter, so a resumed run keeps the same order)."""
        marks = ", ".join("?" for _ in _NOT_A_START)
        last_low = self._rows(
            "SELECT COALESCE(MAX(tr.id), 0) FROM transitions tr JOIN tasks t "
            "ON t.run_id = tr.run_id AND t.task_id = tr.task_id "
            f"WHERE tr.run_id = ? AND t.tier = 'low' AND tr.from_state = ? AND tr.to_state NOT IN ({marks})",
            (run_id, IssueState.RECEIVED.value, *_NOT_A_START),
        )[0][0]
        count = self._rows(
            "SELECT COUNT(*) FROM transitions tr JOIN tasks t ON t.run_id = tr.run_id AND t.task_id = tr.task_id "
            "WHERE tr.run_id = ? AND tr.id > ? AND t.tier != 'low' AND tr.to_state = ?",
            (run_id, last_low, IssueState.COMPLETED.value),
        )[0][0]
        return int(count)

    # -- attempts and gates ---------------------------------------------------------------
    def record_attempt(
        self,
        run_id: int,
        task_id: str,
        attempt: int,
        *,
        outcome: str | None = None,
        agent_result: AgentResult | None = None,
        evidence: list[str] | None = None,
        failure_signature: str | None = None,
        finished: bool = False,
    ) -> AttemptRecord:
        """Start or update attempt N of a task (1-based); a new attempt's outcome is "running" and
        fields left as None keep their value."""
        with self.store.transaction() as conn:
            row = self._write_attempt(conn, run_id, task_id, attempt, outcome=outcome, agent_result=agent_result,
                                      evidence=evidence, failure_signature=failure_signature, finished=finished)
        return _attempt(row)

    def _write_attempt(
        self,
        conn: sqlite3.Connection,
        run_id: int,
        task_id: str,
        attempt: int,
        *,
        outcome: str | None = None,
        agent_result: AgentResult | None = None,
        evidence: list[str] | None = None,
        failure_signature: str | None = None,
        finished: bool = False,
    ) -> sqlite3.Row:
        """record_attempt's writes and its event inside `conn`'s transaction; the attempt's row as written (read
        once, inside the transaction, instead of its outcome and then the whole row again after the commit)."""
        if attempt < 1:
            raise DeliveryStoreError(f"attempt numbers start at 1, got {attempt}")
        stamp = now_iso()
        # The task's attempt count first: no row updated means no such task, and nothing was written.
        if not conn.execute(
            "UPDATE tasks SET attempts = MAX(attempts, ?) WHERE run_id = ? AND task_id = ?", (attempt, run_id, task_id)
        ).rowcount:
            raise DeliveryStoreError(f"run {run_id} has no task {task_id!r}")
        conn.execute(
            "INSERT INTO attempts (run_id, task_id, attempt, started_at, outcome) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (run_id, task_id, attempt) DO NOTHING",
            (run_id, task_id, attempt, stamp, outcome or "running"),
        )
        sets: list[str] = []
        params: list[Any] = []
        if outcome is not None:
            sets.append("outcome = ?")
            params.append(outcome)
        if agent_result is not None:
            sets.append("agent_result = ?")
            params.append(agent_result.model_dump_json())
        if evidence is not None:
            sets.append("evidence = ?")
            params.append(json.dumps(evidence))
        if failure_signature is not None:
            sets.append("failure_signature = ?")
            params.append(failure_signature)
        if finished:
            sets.append("finished_at = ?")
            params.append(stamp)
        if sets:  # the row as written comes back with the update: no read of its own
            row = conn.execute(
                f"UPDATE attempts SET {', '.join(sets)} WHERE run_id = ? AND task_id = ? AND attempt = ? RETURNING *",
                (*params, run_id, task_id, attempt),
            ).fetchall()[0]
        else:
            row = self._attempt_row(conn, run_id, task_id, attempt)
        self._emit("attempt", run_id, task_id, attempt=attempt, outcome=row["outcome"])
        return row

    @staticmethod
    def _attempt_row(conn: sqlite3.Connection, run_id: int, task_id: str, attempt: int) -> sqlite3.Row:
        row = conn.execute(
            "SELECT * FROM attempts WHERE run_id = ? AND task_id = ? AND attempt = ?", (run_id, task_id, attempt)
        ).fetchone()
        assert row is not None
        return row

    def save_gate_results(
        self,
        run_id: int,
        task_id: str,
        attempt: int,
        results: list[GateResult],
        failure_signature: str | None = None,
    ) -> AttemptRecord:
        """The gates' verdicts and evidence for one attempt (the attempt row is created if needed)."""
        with self.store.transaction() as conn:
            self._write_attempt(conn, run_id, task_id, attempt)
            sets, params = ["gate_results = ?"], [json.dumps([g.model_dump() for g in results])]
            if failure_signature is not None:
                sets.append("failure_signature = ?")
                params.append(failure_signature)
            row = conn.execute(
                f"UPDATE attempts SET {', '.join(sets)} WHERE run_id = ? AND task_id = ? AND attempt = ? RETURNING *",
                (*params, run_id, task_id, attempt),
            ).fetchall()[0]
            self._emit(
                "gate",
                run_id,
                task_id,
                attempt=attempt,
                passed=all(g.passed for g in results),
                failed=[g.gate for g in results if not g.passed],
            )
        return _attempt(row)

    def set_attempt_node(self, run_id: int, task_id: str, attempt: int, node: str, node_name: str = "") -> None:
        """The cluster node attempt N runs on (again, when its first node was lost)."""
        with self.store.transaction() as conn:
            self._require_task(conn, run_id, task_id)
            conn.execute(
                "UPDATE attempts SET node = ?, node_name = ? WHERE run_id = ? AND task_id = ? AND attempt = ?",
                (node, node_name, run_id, task_id, attempt),
            )
            self._emit("attempt", run_id, task_id, attempt=attempt, node=node, node_name=node_name)

    def latest_nodes(self, run_id: int) -> dict[str, tuple[str, str]]:
        """Task id → (node, node name) of its latest attempt, for the tasks that had one."""
        rows = self._rows(
            "SELECT a.task_id, a.node, a.node_name FROM attempts a JOIN (SELECT task_id, MAX(attempt) AS n "
            "FROM attempts WHERE run_id = ? GROUP BY task_id) m ON m.task_id = a.task_id AND m.n = a.attempt "
            "WHERE a.run_id = ?",
            (run_id, run_id),
        )
        return {row["task_id"]: (row["node"], row["node_name"]) for row in rows}

    def attempt(self, run_id: int, task_id: str, attempt: int) -> AttemptRecord | None:
        rows = self._rows(
            "SELECT * FROM attempts WHERE run_id = ? AND task_id = ? AND attempt = ?", (run_id, task_id, attempt)
        )
        return _attempt(rows[0]) if rows else None

    def last_attempt(self, run_id: int, task_id: str) -> AttemptRecord | None:
        rows = self._rows(
            "SELECT * FROM attempts WHERE run_id = ? AND task_id = ? ORDER BY attempt DESC LIMIT 1",
            (run_id, task_id),
        )
        return _attempt(rows[0]) if rows else None

    def attempts(self, run_id: int, task_id: str | None = None) -> list[AttemptRecord]:
        if task_id is None:
            rows = self._rows("SELECT * FROM attempts WHERE run_id = ? ORDER BY id", (run_id,))
        else:
            rows = self._rows(
                "SELECT * FROM attempts WHERE run_id = ? AND task_id = ? ORDER BY attempt", (run_id, task_id)
            )
        return [_attempt(r) for r in rows]

    # -- commits and tags -----------------------------------------------------------------
    def record_commit(self, run_id: int, task_id: str, sha: str, branch: str, message: str) -> CommitRecord:
        """The task's one commit; recording the same sha again is a no-op, a different sha is refused."""
        with self.store.transaction() as conn:
            existing = self.commit_for(run_id, task_id)
            if existing is not None:
                if existing.sha != sha:
                    raise DeliveryStoreError(
                        f"task {task_id} already has commit {existing.sha[:12]}; refusing a second one ({sha[:12]})"
                    )
                return existing
            # The task's row first: none updated means no such task, and nothing was written.
            if not conn.execute(
                "UPDATE tasks SET commit_sha = ? WHERE run_id = ? AND task_id = ?", (sha, run_id, task_id)
            ).rowcount:
                raise DeliveryStoreError(f"run {run_id} has no task {task_id!r}")
            # The row as written, read back by the insert itself (not by a query after the commit).
            row = conn.execute(
                "INSERT INTO commits (run_id, task_id, sha, branch, message, created_at) VALUES (?, ?, ?, ?, ?, ?) "
                "RETURNING *",
                (run_id, task_id, sha, branch, message, now_iso()),
            ).fetchall()[0]
            conn.execute("UPDATE runs SET current_sha = ?, updated_at = ? WHERE id = ?", (sha, now_iso(), run_id))
            self._emit("commit", run_id, task_id, sha=sha, branch=branch, subject=message.split("\n", 1)[0])
        return CommitRecord.model_validate(_plain(row))

    def commit_for(self, run_id: int, task_id: str) -> CommitRecord | None:
        rows = self._rows("SELECT * FROM commits WHERE run_id = ? AND task_id = ?", (run_id, task_id))
        return CommitRecord.model_validate(_plain(rows[0])) if rows else None

    def commits(self, run_id: int) -> list[CommitRecord]:
        rows = self._rows("SELECT * FROM commits WHERE run_id = ? ORDER BY id", (run_id,))
        return [CommitRecord.model_validate(_plain(r)) for r in rows]

    def record_tag(self, run_id: int, name: str, sha: str, task_id: str | None = None) -> TagRecord:
        """A checkpoint tag; the same name and sha again is a no-op, a moved tag is refused."""
        with self.store.transaction() as conn:
            if task_id is not None:
                self._require_task(conn, run_id, task_id)
            existing = self.tag(run_id, name)
            if existing is not None:
                if existing.sha != sha:
                    raise DeliveryStoreError(f"tag {name} already points at {existing.sha[:12]}; tags never move")
                return existing
            self.get_run(run_id)
            conn.execute(
                "INSERT INTO tags (run_id, task_id, name, sha, created_at) VALUES (?, ?, ?, ?, ?)",
                (run_id, task_id, name, sha, now_iso()),
            )
            if task_id is not None:
                conn.execute("UPDATE tasks SET tag = ? WHERE run_id = ? AND task_id = ?", (name, run_id, task_id))
            self._emit("tag", run_id, task_id, name=name, sha=sha)
        found = self.tag(run_id, name)
        assert found is not None
        return found

    def tag(self, run_id: int, name: str) -> TagRecord | None:
        rows = self._rows("SELECT * FROM tags WHERE run_id = ? AND name = ?", (run_id, name))
        return TagRecord.model_validate(_plain(rows[0])) if rows else None

    def tags(self, run_id: int) -> list[TagRecord]:
        rows = self._rows("SELECT * FROM tags WHERE run_id = ? ORDER BY id", (run_id,))
        return [TagRecord.model_validate(_plain(r)) for r in rows]
