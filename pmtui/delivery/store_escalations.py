"""The delivery store's tables of what a run raises to the human: escalations, risks and progress
reports. A part of DeliveryStore (pmtui.delivery.store), kept apart because it is its own concern.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from pmtui.clock import now_iso
from pmtui.delivery.records import (
    EscalationRecord,
    ProgressReportRecord,
    RunRecord,
    _escalation,
    _risk_from_row,
)
from pmtui.models.delivery import Risk, RiskStatus, Tier
from pmtui.store.db import Store, StoreError


class DeliveryStoreError(StoreError):
    """A delivery-store request the user can act on (unknown run or task, bad answer, clash)."""


class EscalationTables:
    """Escalations, risks and progress reports; DeliveryStore supplies the plumbing below."""

    store: Store

    if TYPE_CHECKING:

        def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]: ...

        def _emit(self, event: str, run_id: int, task_id: str | None = None, **payload: Any) -> None: ...

        def _require_task(self, conn: sqlite3.Connection, run_id: int, task_id: str) -> sqlite3.Row: ...

        def get_run(self, run_id: int) -> RunRecord: ...

    # -- escalations ----------------------------------------------------------------------
    def add_escalation(
        self,
        run_id: int,
        task_id: str | None,
        problem: str,
        impact: str,
        options: list[str],
        recommended: int = 1,
        blocking: bool = True,
        kind: str = "task",
    ) -> int:
        """Store an escalation (task_id None for a run-level one) and return its id. An identical
        open escalation (same task, kind and problem) is not asked twice: its id is returned."""
        if not options:
            raise DeliveryStoreError("an escalation needs at least one option")
        if not 1 <= recommended <= len(options):
            raise DeliveryStoreError(f"recommended must be an option number from 1 to {len(options)}")
        with self.store.transaction() as conn:
            self.get_run(run_id)
            if task_id is not None:
                self._require_task(conn, run_id, task_id)
            same = conn.execute(
                "SELECT id FROM escalations WHERE run_id = ? AND task_id IS ? AND kind = ? AND problem = ? "
                "AND answer IS NULL",
                (run_id, task_id, kind, problem),
            ).fetchone()
            if same is not None:
                return int(same["id"])
            cur = conn.execute(
                "INSERT INTO escalations (run_id, task_id, kind, problem, impact, options, recommended, blocking, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (run_id, task_id, kind, problem, impact, json.dumps(options), recommended, int(blocking), now_iso()),
            )
            escalation_id = int(cur.lastrowid or 0)
            self._emit(
                "escalation", run_id, task_id, escalation_id=escalation_id, kind=kind, blocking=blocking
            )
        return escalation_id

    def answer_escalation(self, escalation_id: int, option: int, note: str = "") -> EscalationRecord:
        """Record the human's answer (1-based option number). Each escalation is answered once."""
        with self.store.transaction() as conn:
            current = self.escalation(escalation_id)
            if current.answer is not None:
                raise DeliveryStoreError(
                    f"escalation {escalation_id} was already answered (option {current.answer}: "
                    f"{current.options[current.answer - 1]}); an answer cannot be changed"
                )
            if not 1 <= option <= len(current.options):
                choices = "; ".join(f"{n}: {text}" for n, text in enumerate(current.options, start=1))
                raise DeliveryStoreError(
                    f"option {option} is not one of escalation {escalation_id}'s options "
                    f"(1 to {len(current.options)} — {choices})"
                )
            refused = current.note_refusal(option, note)
            if refused:
                raise DeliveryStoreError(refused)
            conn.execute(
                "UPDATE escalations SET answer = ?, note = ?, answered_at = ? WHERE id = ?",
                (option, note, now_iso(), escalation_id),
            )
            self._emit(
                "escalation_answered",
                current.run_id,
                current.task_id,
                escalation_id=escalation_id,
                option=option,
                note=note,
            )
        return self.escalation(escalation_id)

    def escalation(self, escalation_id: int) -> EscalationRecord:
        rows = self._rows("SELECT * FROM escalations WHERE id = ?", (escalation_id,))
        if not rows:
            raise DeliveryStoreError(f"no escalation with id {escalation_id}")
        return _escalation(rows[0])

    def escalations(self, run_id: int) -> list[EscalationRecord]:
        rows = self._rows("SELECT * FROM escalations WHERE run_id = ? ORDER BY id", (run_id,))
        return [_escalation(r) for r in rows]

    def open_escalations(self, run_id: int, task_id: str | None = None) -> list[EscalationRecord]:
        if task_id is None:
            rows = self._rows(
                "SELECT * FROM escalations WHERE run_id = ? AND answer IS NULL ORDER BY id", (run_id,)
            )
        else:
            rows = self._rows(
                "SELECT * FROM escalations WHERE run_id = ? AND task_id = ? AND answer IS NULL ORDER BY id",
                (run_id, task_id),
            )
        return [_escalation(r) for r in rows]

    def open_ask_count(self, run_id: int) -> int:
        """How many asks of the run wait for an answer; 0 when the store cannot say right now (a status line's read
        must never fail the screen it is drawn on)."""
        try:
            return len(self.open_escalations(run_id))
        except (StoreError, sqlite3.Error):
            return 0

    # -- risks ----------------------------------------------------------------------------
    def add_risk(self, run_id: int, risk: Risk) -> Risk:
        """Record a risk; the same risk id again updates its text and severity, keeping its status."""
        stamp = now_iso()
        with self.store.transaction() as conn:
            self.get_run(run_id)
            conn.execute(
                "INSERT INTO risks (run_id, risk_id, description, severity, status, source_task, created_at, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, risk_id) DO UPDATE SET "
                "description = excluded.description, severity = excluded.severity, "
                "source_task = excluded.source_task, updated_at = excluded.updated_at",
                (run_id, risk.id, risk.description, risk.severity, risk.status, risk.source_task, stamp, stamp),
            )
            self._emit("risk", run_id, risk.source_task or None, risk_id=risk.id, severity=risk.severity)
        return self.risk(run_id, risk.id)

    def update_risk(
        self,
        run_id: int,
        risk_id: str,
        *,
        status: RiskStatus | None = None,
        description: str | None = None,
        severity: Tier | None = None,
    ) -> Risk:
        changes = {
            key: value
            for key, value in (("status", status), ("description", description), ("severity", severity))
            if value is not None
        }
        with self.store.transaction() as conn:
            before = self.risk(run_id, risk_id)
            if changes:
                assignments = ", ".join(f"{key} = ?" for key in changes)
                conn.execute(
                    f"UPDATE risks SET {assignments}, updated_at = ? WHERE run_id = ? AND risk_id = ?",
                    (*changes.values(), now_iso(), run_id, risk_id),
                )
                self._emit("risk", run_id, before.source_task or None, risk_id=risk_id, **changes)
        return self.risk(run_id, risk_id)

    def risk(self, run_id: int, risk_id: str) -> Risk:
        rows = self._rows("SELECT * FROM risks WHERE run_id = ? AND risk_id = ?", (run_id, risk_id))
        if not rows:
            raise DeliveryStoreError(f"run {run_id} has no risk {risk_id!r}")
        return _risk_from_row(rows[0])

    def risks(self, run_id: int, status: RiskStatus | None = None) -> list[Risk]:
        if status is None:
            rows = self._rows("SELECT * FROM risks WHERE run_id = ? ORDER BY id", (run_id,))
        else:
            rows = self._rows("SELECT * FROM risks WHERE run_id = ? AND status = ? ORDER BY id", (run_id, status))
        return [_risk_from_row(r) for r in rows]

    # -- progress reports -----------------------------------------------------------------
    def add_progress_report(self, run_id: int, trigger: str, text: str) -> int:
        with self.store.transaction() as conn:
            self.get_run(run_id)
            cur = conn.execute(
                "INSERT INTO progress_reports (run_id, trigger, text, created_at) VALUES (?, ?, ?, ?)",
                (run_id, trigger, text, now_iso()),
            )
            report_id = int(cur.lastrowid or 0)
            self._emit("progress", run_id, report_id=report_id, trigger=trigger)
        return report_id

    def progress_reports(self, run_id: int) -> list[ProgressReportRecord]:
        rows = self._rows("SELECT * FROM progress_reports WHERE run_id = ? ORDER BY id", (run_id,))
        return [ProgressReportRecord.model_validate(dict(r)) for r in rows]

    def latest_progress_report(self, run_id: int) -> ProgressReportRecord | None:
        reports = self._rows(
            "SELECT * FROM progress_reports WHERE run_id = ? ORDER BY id DESC LIMIT 1", (run_id,)
        )
        return ProgressReportRecord.model_validate(dict(reports[0])) if reports else None
