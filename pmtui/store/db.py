"""The on-disk SQLite store. Every write runs in one transaction; the UI follows the events table."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pmtui.clock import now_iso
from pmtui.errors import StoreError, StoreFileError
from pmtui.naming import slugify
from pmtui.redaction import redact
from pmtui.store.migrations import MIGRATIONS

if TYPE_CHECKING:
    # The conversation's schemas load where a conversation is read: a delivery command never builds them.
    from pmtui.models import (
        Completeness,
        ConversationState,
        DecisionRecord,
        DiscoverySummary,
        ScopingOutput,
    )

SCHEMA_VERSION = len(MIGRATIONS)
_FLAG_KEYS = (
    "discovery_summary_shown",
    "asked_aspect",
    "probe_count",
    "ask_count",
    "drafts",
    "negotiation_rounds",
    "scope_agreed",
    "awaiting_scope_agreement",
    "choices",
    "misunderstood",
)


_WRITES = ("INSERT", "UPDATE", "REPLAC")


class RedactingConnection(sqlite3.Connection):
    """The store's connection: every text a write stores passes pmtui.redaction first, so no secret
    reaches a table (events and llm_calls included), whichever module wrote it."""

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        if parameters and sql.lstrip()[:6].upper() in _WRITES:
            parameters = _redacted(parameters)
        return super().execute(sql, parameters)

    def executemany(self, sql: str, seq_of_parameters: Any, /) -> sqlite3.Cursor:
        return super().executemany(sql, [_redacted(parameters) for parameters in seq_of_parameters])


def _redacted(parameters: Any) -> Any:
    if isinstance(parameters, dict):
        return {key: redact(value) if isinstance(value, str) else value for key, value in parameters.items()}
    return tuple(redact(value) if isinstance(value, str) else value for value in parameters)


class Store:
    """One SQLite file. Thread-safe: one connection guarded by a re-entrant lock."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30,
                                         factory=RedactingConnection)
        except (OSError, sqlite3.Error) as exc:
            raise StoreFileError(f"cannot open the store at {self.path}: {exc}") from None
        self._conn.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        self._depth = 0
        try:
            self._refuse_foreign_database()
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
        except sqlite3.Error as exc:
            self._conn.close()
            raise StoreFileError(store_problem(self.path, exc)) from None
        except StoreError:
            self._conn.close()
            raise

    def _refuse_foreign_database(self) -> None:
        """Someone else's SQLite file is not made a pmtui store: pmtui adds its tables only to an empty one.
        Checked before the first write, so the file is left exactly as it was."""
        version = self._conn.execute("PRAGMA user_version").fetchone()[0]
        names = [row[0] for row in self._conn.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        if names and (version == 0 or "projects" not in names):
            shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
            raise StoreFileError(
                f"{self.path} is an SQLite database but not a pmtui store (it holds {shown}); pmtui does not add "
                "its tables to another program's database: give --db (or PMTUI_DB) a new or empty file"
            )

    # -- plumbing -------------------------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction; nested calls join the outer one. Its event rows are seen after commit."""
        with self._lock:
            outer = self._depth == 0
            if outer:
                self._conn.execute("BEGIN IMMEDIATE")
            self._depth += 1
            try:
                yield self._conn
            except BaseException:
                self._depth -= 1
                if outer:
                    self._conn.execute("ROLLBACK")
                raise
            self._depth -= 1
            if outer:
                self._conn.execute("COMMIT")

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        """A read under the store's lock (modules with tables of their own, like delivery, use it)."""
        with self._lock:
            return list(self._conn.execute(sql, params))

    def _migrate(self) -> None:
        with self._lock:
            version = self._conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreFileError(
                    f"the store at {self.path} has schema version {version}, newer than this "
                    f"pmtui understands ({SCHEMA_VERSION}); upgrade pmtui"
                )
            for number in range(version + 1, SCHEMA_VERSION + 1):
                with self.transaction() as conn:
                    for statement in _split_sql(MIGRATIONS[number - 1]):
                        conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {number}")

    @property
    def schema_version(self) -> int:
        return int(self.query("PRAGMA user_version")[0][0])

    # -- events ---------------------------------------------------------------------------
    def emit(self, project_id: int | None, kind: str, payload: dict[str, Any] | None = None) -> None:
        body = payload or {}
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO events (project_id, kind, payload, created_at) VALUES (?, ?, ?, ?)",
                (project_id, kind, json.dumps(body), now_iso()),
            )

    def events_since(self, last_id: int, limit: int = 1000) -> list[dict[str, Any]]:
        rows = self.query(
            "SELECT id, project_id, kind, payload, created_at FROM events WHERE id > ? ORDER BY id LIMIT ?",
            (last_id, limit),
        )
        return [
            {
                "id": r["id"],
                "project_id": r["project_id"],
                "kind": r["kind"],
                "payload": json.loads(r["payload"]),
                "created_at": r["created_at"],
            }
            for r in rows
        ]

    # -- projects -------------------------------------------------------------------------
    def create_project(self, name: str) -> int:
        name = name.strip()
        if not name:
            raise StoreError("a project needs a name")
        stamp = now_iso()
        with self.transaction() as conn:
            if conn.execute("SELECT 1 FROM projects WHERE name = ?", (name,)).fetchone():
                raise StoreError(f"a project named {name!r} already exists")
            cur = conn.execute(
                "INSERT INTO projects (name, slug, created_at, updated_at) VALUES (?, ?, ?, ?)",
                (name, slugify(name), stamp, stamp),
            )
            project_id = int(cur.lastrowid or 0)
            self.emit(project_id, "project_created", {"name": name})
        return project_id

    def find_project(self, name: str) -> int | None:
        rows = self.query("SELECT id FROM projects WHERE name = ?", (name.strip(),))
        return int(rows[0]["id"]) if rows else None

    def project_name(self, project_id: int) -> str:
        rows = self.query("SELECT name FROM projects WHERE id = ?", (project_id,))
        if not rows:
            raise StoreError(f"no project with id {project_id}")
        return str(rows[0]["name"])

    def list_projects(self) -> list[dict[str, Any]]:
        """Projects, most recently changed first, with their spend."""
        rows = self.query(
            """
            SELECT p.id, p.name, p.slug, p.phase, p.created_at, p.updated_at,
                   COALESCE((SELECT SUM(cost_usd) FROM llm_calls c WHERE c.project_id = p.id), 0) AS spend,
                   (SELECT COUNT(*) FROM messages m WHERE m.project_id = p.id) AS message_count
            FROM projects p ORDER BY p.updated_at DESC, p.id DESC
            """
        )
        return [dict(r) for r in rows]

    def latest_project(self) -> int | None:
        projects = self.list_projects()
        return int(projects[0]["id"]) if projects else None

    def rename_project(self, project_id: int, new_name: str) -> None:
        new_name = new_name.strip()
        if not new_name:
            raise StoreError("a project needs a name")
        with self.transaction() as conn:
            clash = conn.execute(
                "SELECT 1 FROM projects WHERE name = ? AND id != ?", (new_name, project_id)
            ).fetchone()
            if clash:
                raise StoreError(f"a project named {new_name!r} already exists")
            conn.execute(
                "UPDATE projects SET name = ?, slug = ?, updated_at = ? WHERE id = ?",
                (new_name, slugify(new_name), now_iso(), project_id),
            )
            self.emit(project_id, "project_renamed", {"name": new_name})

    def delete_project(self, project_id: int) -> None:
        with self.transaction() as conn:
            conn.execute("DELETE FROM projects WHERE id = ?", (project_id,))
            self.emit(project_id, "project_deleted", {})

    def _touch(self, conn: sqlite3.Connection, project_id: int) -> None:
        conn.execute("UPDATE projects SET updated_at = ? WHERE id = ?", (now_iso(), project_id))

    # -- conversation ---------------------------------------------------------------------
    def add_message(self, project_id: int, role: str, content: str, phase: str) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO messages (project_id, role, content, phase, created_at) VALUES (?, ?, ?, ?, ?)",
                (project_id, role, content, phase, now_iso()),
            )
            self._touch(conn, project_id)
            self.emit(project_id, "message", {"role": role, "phase": phase})

    def save_flags(self, state: ConversationState) -> None:
        """Persist the phase and the small per-turn flags of a conversation state."""
        flags = {key: getattr(state, key) for key in _FLAG_KEYS}
        with self.transaction() as conn:
            conn.execute(
                "UPDATE projects SET phase = ?, phases_visited = ?, flags = ?, updated_at = ? WHERE id = ?",
                (
                    state.phase,
                    json.dumps(state.phases_visited),
                    json.dumps(flags),
                    now_iso(),
                    state.project_id,
                ),
            )
            self.emit(state.project_id, "state", {"phase": state.phase})

    def save_discovery(self, project_id: int, summary: DiscoverySummary, completeness: Completeness) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO discovery_summaries (project_id, summary, completeness, created_at) VALUES (?, ?, ?, ?)",
                (project_id, summary.model_dump_json(), completeness.model_dump_json(), now_iso()),
            )
            self._touch(conn, project_id)
            self.emit(project_id, "discovery", {"score": completeness.score})

    def save_scoping(self, project_id: int, output: ScopingOutput, cause: str) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO scoping_outputs (project_id, output, cause, created_at) VALUES (?, ?, ?, ?)",
                (project_id, output.model_dump_json(), cause, now_iso()),
            )
            self._touch(conn, project_id)
            self.emit(project_id, "scoping", {"cause": cause})

    def record_edit(
        self, project_id: int, feature: str, field: str, old: Any, new: Any, output: ScopingOutput
    ) -> None:
        """A user's table edit: the edit row and the new scoping output, together."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO scoping_edits (project_id, feature, field, old_value, new_value, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (project_id, feature, field, json.dumps(old), json.dumps(new), now_iso()),
            )
            self.save_scoping(project_id, output, f"edit:{feature}:{field}")

    def scoping_edits(self, project_id: int) -> list[dict[str, Any]]:
        rows = self.query(
            "SELECT feature, field, old_value, new_value, created_at FROM scoping_edits "
            "WHERE project_id = ? ORDER BY id",
            (project_id,),
        )
        return [
            {
                "feature": r["feature"],
                "field": r["field"],
                "old": json.loads(r["old_value"]),
                "new": json.loads(r["new_value"]),
                "created_at": r["created_at"],
            }
            for r in rows
        ]

    def add_negotiation_round(self, project_id: int, record: DecisionRecord) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO negotiation_rounds (project_id, round, record, created_at) VALUES (?, ?, ?, ?)",
                (project_id, record.round, record.model_dump_json(), now_iso()),
            )
            self.emit(project_id, "negotiation", {"round": record.round, "outcome": record.outcome})

    def discovery_history(self, project_id: int, limit: int = 20) -> list[DiscoverySummary]:
        """The saved discovery summaries, newest first (for "undo that")."""
        from pmtui.models.discovery import DiscoverySummary

        rows = self.query(
            "SELECT summary FROM discovery_summaries WHERE project_id = ? ORDER BY id DESC LIMIT ?", (project_id, limit)
        )
        return [DiscoverySummary.model_validate_json(r["summary"]) for r in rows]

    def scoping_history(self, project_id: int, limit: int = 20) -> list[ScopingOutput]:
        """The saved scopes, newest first (for "go back on that")."""
        from pmtui.models.scoping import ScopingOutput

        rows = self.query(
            "SELECT output FROM scoping_outputs WHERE project_id = ? ORDER BY id DESC LIMIT ?", (project_id, limit)
        )
        return [ScopingOutput.model_validate_json(r["output"]) for r in rows]

    def negotiation_records(self, project_id: int) -> list[DecisionRecord]:
        from pmtui.models.scoping import DecisionRecord

        rows = self.query(
            "SELECT record FROM negotiation_rounds WHERE project_id = ? ORDER BY id", (project_id,)
        )
        return [DecisionRecord.model_validate_json(r["record"]) for r in rows]

    def save_document(self, project_id: int, kind: str, content: str) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO documents (project_id, kind, content, created_at) VALUES (?, ?, ?, ?)",
                (project_id, kind, content, now_iso()),
            )
            self._touch(conn, project_id)
            self.emit(project_id, "document", {"kind": kind})

    # -- LLM ledger -----------------------------------------------------------------------
    def record_llm_call(
        self,
        project_id: int | None,
        task_type: str,
        model: str,
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        cost_usd: float = 0.0,
        latency_ms: float = 0.0,
        error: str = "",
    ) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO llm_calls (project_id, task_type, model, prompt_tokens, completion_tokens, "
                "cost_usd, latency_ms, error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    project_id,
                    task_type,
                    model,
                    prompt_tokens,
                    completion_tokens,
                    cost_usd,
                    latency_ms,
                    error,
                    now_iso(),
                ),
            )
            self.emit(project_id, "llm_call", {"task_type": task_type, "cost_usd": cost_usd, "error": error})

    def llm_usage(self, project_id: int | None = None) -> dict[str, Any]:
        where, params = ("WHERE project_id = ?", (project_id,)) if project_id is not None else ("", ())
        row = self.query(
            "SELECT COUNT(*) AS calls, COALESCE(SUM(prompt_tokens), 0) AS prompt_tokens, "
            "COALESCE(SUM(completion_tokens), 0) AS completion_tokens, COALESCE(SUM(cost_usd), 0) AS cost, "
            f"COALESCE(SUM(error != ''), 0) AS errors FROM llm_calls {where}",
            params,
        )[0]
        return {
            "calls": int(row["calls"]),
            "prompt_tokens": int(row["prompt_tokens"]),
            "completion_tokens": int(row["completion_tokens"]),
            "tokens": int(row["prompt_tokens"]) + int(row["completion_tokens"]),
            "cost": float(row["cost"]),
            "errors": int(row["errors"]),
        }

    def llm_calls(self, project_id: int) -> list[dict[str, Any]]:
        rows = self.query("SELECT * FROM llm_calls WHERE project_id = ? ORDER BY id", (project_id,))
        return [dict(r) for r in rows]

    # -- whole state ----------------------------------------------------------------------
    def load_state(self, project_id: int) -> ConversationState:
        from pmtui.models import ChatMessage, Completeness, ConversationState, DiscoverySummary, ScopingOutput

        rows = self.query("SELECT * FROM projects WHERE id = ?", (project_id,))
        if not rows:
            raise StoreError(f"no project with id {project_id}")
        project = rows[0]
        flags = json.loads(project["flags"])
        state = ConversationState(
            project_id=project_id,
            project=project["name"],
            slug=project["slug"],
            phase=project["phase"],
            phases_visited=json.loads(project["phases_visited"]),
            **{key: flags[key] for key in _FLAG_KEYS if key in flags},
        )
        state.messages = [
            ChatMessage(role=r["role"], content=r["content"], phase=r["phase"], created_at=r["created_at"])
            for r in self.query(
                "SELECT role, content, phase, created_at FROM messages WHERE project_id = ? ORDER BY id",
                (project_id,),
            )
        ]
        latest = self.query(
            "SELECT summary, completeness FROM discovery_summaries WHERE project_id = ? ORDER BY id DESC LIMIT 1",
            (project_id,),
        )
        if latest:
            state.discovery_summary = DiscoverySummary.model_validate_json(latest[0]["summary"])
            state.completeness = Completeness.model_validate_json(latest[0]["completeness"])
        scoping = self.query(
            "SELECT output FROM scoping_outputs WHERE project_id = ? ORDER BY id DESC LIMIT 1", (project_id,)
        )
        if scoping:
            state.scoping_output = ScopingOutput.model_validate_json(scoping[0]["output"])
        for kind in ("spec", "plan"):
            doc = self.query(
                "SELECT content FROM documents WHERE project_id = ? AND kind = ? ORDER BY id DESC LIMIT 1",
                (project_id, kind),
            )
            if doc:
                setattr(state, f"{kind}_markdown", doc[0]["content"])
        return state


def store_problem(path: Path, error: sqlite3.Error) -> str:
    """What is wrong with a store file SQLite refused, and what to do, in the user's words."""
    detail = str(error)
    lowered = detail.lower()
    if "not a database" in lowered or "file is encrypted" in lowered:
        return f"{path} is not a pmtui store (not an SQLite database): give --db (or PMTUI_DB) another file"
    if "malformed" in lowered or "corrupt" in lowered:
        return (f"the store at {path} is damaged ({detail}); restore it from a backup, or move it away and "
                "start a new one")
    if "readonly" in lowered or "read-only" in lowered or "unable to open" in lowered:
        return f"the store at {path} cannot be written ({detail}); check the file's and its folder's permissions"
    if "locked" in lowered or "busy" in lowered:
        return f"the store at {path} is locked by another program ({detail}); try again when it has finished"
    return f"the store at {path} cannot be used: {detail}"


def _split_sql(script: str) -> list[str]:
    return [part.strip() for part in script.split(";") if part.strip()]
