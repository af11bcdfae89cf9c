"""A write to SQLite that is never committed (round 23, held-out 26's false pass).

Python's sqlite3 opens a transaction before an INSERT, UPDATE or DELETE and rolls it back when the connection is
closed or dropped unless something commits it: `conn.commit()`, a `with conn:` block (the connection as a context
manager commits on success), or a connection opened in autocommit (`isolation_level=None`, `autocommit=True`). A
handler that executes its INSERT on a connection it opened (itself or through a helper of its file) and returns keeps
nothing, though it answers 201 with the new row's id. Judged for a criterion that asks for the result to be kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_ASKS_KEPT = re.compile(r"\b(?:saved|stored|kept|persist(?:s|ed)?|recorded)\b", re.IGNORECASE)
_CONNECTS = re.compile(r"\bsqlite3\.connect\(")
_WRITES = re.compile(r"\.execute(?:many)?\(\s*(?:f?[\"']{1,3})\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)
# `with conn:`, `with db() as conn:`, `with sqlite3.connect(path) as conn:` commit; `with open(path) as f:` does not
_COMMITS = re.compile(r"\.commit\(\)|\bwith\s+(?:sqlite3\.connect\([^)]*\)|\w+(?:\(\))?)(?:\s+as\s+\w+)?\s*:|"
                      r"isolation_level\s*=\s*None|autocommit\s*=\s*True|\.executescript\(|\bCOMMIT\b")


def uncommitted(file_text: str) -> str:
    """Why the file's SQLite writes keep nothing (it opens the connection, writes, and never commits), or ""."""
    if not _CONNECTS.search(file_text) or not _WRITES.search(file_text) or _COMMITS.search(file_text):
        return ""
    return "its SQLite write is never committed (no commit, no `with` block): it is rolled back when the connection closes"


def never_committed(criterion: str, file_text: str) -> str:
    """For a criterion that asks for the result to be kept: why the file's SQLite writes keep nothing, or ""."""
    return uncommitted(file_text) if _ASKS_KEPT.search(criterion) else ""


def uncommitted_at(location: str, units: Sequence[Any]) -> str:
    """The same for the file of a location (`path:line`) the shaped criteria found, read across all its units."""
    path = location.rsplit(":", 1)[0]
    why = uncommitted("\n".join(u.code_text for u in units if u.path == path))
    return f"{location} writes, but {why}" if why else ""
