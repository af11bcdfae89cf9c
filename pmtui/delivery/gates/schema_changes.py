"""The table a schema change works on, against the one the criterion names (round 15).

"Add a nullable archived_at column to projects", "index orders on created_at": a migration names its table in the
call or statement that changes it (alembic's `op.add_column("users", …)`, `op.create_index(name, "orders", …)`,
SQL's `ALTER TABLE users`, Rails' `add_column :users`, Django's `model_name="user"`, Laravel's
`Schema::table('users')`). When every table the change alters is one the criterion never names, and the
criterion's "to/on/in/from projects" is named nowhere in the code, the column went to another table.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary import split_identifier, stem

_TABLES = (
    re.compile(r"\bop\.(?:add_column|drop_column|alter_column|create_table|drop_table|rename_table|batch_alter_table)"
               r"\(\s*[\"'](\w+)[\"']"),
    re.compile(r"\bop\.(?:create_index|drop_index|create_unique_constraint|create_check_constraint)\(\s*[\"'][^\"']*[\"']\s*,"
               r"\s*[\"'](\w+)[\"']"),
    re.compile(r"\btable_name\s*=\s*[\"'](\w+)[\"']"),
    re.compile(r"\b(?:ALTER|CREATE|DROP)\s+TABLE\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?[\"`]?(\w+)", re.IGNORECASE),
    re.compile(r"\bCREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?\w+\s+ON\s+[\"`]?(\w+)", re.IGNORECASE),
    re.compile(r"\b(?:add_column|remove_column|change_column|add_index|remove_index|create_table|drop_table|"
               r"add_reference)\s*\(?\s*:(\w+)"),
    re.compile(r"\bmodel_name\s*=\s*[\"'](\w+)[\"']"),
    re.compile(r"\bSchema::(?:table|create)\(\s*[\"'](\w+)[\"']"),
)
_TARGET = re.compile(r"\b(?:to|on|in|into|from|of)\s+(?:the\s+|each\s+|all\s+)?`?([A-Za-z_][\w]*)`?(?:\s+table)?\b", re.IGNORECASE)
_FILLER = frozenset({"the", "a", "an", "it", "them", "each", "all", "this", "that", "batches", "batch", "order", "case",
                     "place", "time", "use", "default", "prod", "production", "staging", "page", "top"})


def _stems(name: str) -> set[str]:
    parts = split_identifier(name) or [name]
    return {stem(part.lower()) for part in parts} | {stem(name.lower())}


def altered_tables(code: str) -> list[str]:
    return [table for pattern in _TABLES for table in pattern.findall(code)]


def alters_another_table(criterion: str, code: str) -> str:
    """Why the schema change works on tables the criterion never names while its target is named nowhere, or ""."""
    tables = altered_tables(code)
    if not tables:
        return ""
    words = {stem(w.lower()) for w in re.findall(r"[A-Za-z]+", criterion)}
    if any(_stems(table) & words for table in tables):
        return ""
    named = {stem(part.lower()) for name in re.findall(r"[A-Za-z_]\w*", code) for part in split_identifier(name)}
    for target in _TARGET.findall(criterion):
        if target.lower() in _FILLER or len(target) < 3:
            continue
        if not _stems(target) & named:
            return f"it alters {', '.join(dict.fromkeys(tables))}, not {target}"
    return ""
