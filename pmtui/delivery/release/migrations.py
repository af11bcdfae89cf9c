"""Migration safety for the release gate (seed 003 §7), as far as it can be checked offline.

Migrations are the .py and .sql files under an alembic/ or migrations/ directory. Every migration
the release changes must have a way back (a downgrade() body, a down section or a down file); the
forward dry-run needs the target database, so it is left as an open risk that says so.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from pmtui.models.delivery import GateResult, Risk

MIGRATION_RISK_ID = "release-migration-dry-run"
_SKIP_DIRS = frozenset({".git", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".mypy_cache", "site-packages"})
_MIGRATION_DIRS = frozenset({"alembic", "migrations"})
_NOT_MIGRATIONS = frozenset({"__init__.py", "env.py", "conftest.py"})
_DOWNGRADE = re.compile(r"^def downgrade\(.*?\).*?:\s*\n(?P<body>(?:[ \t]+.*\n?|\s*\n)*)", re.MULTILINE)
_SQL_DOWN = re.compile(r"--\s*(?:\+goose\s+down|migrate:down|down\b)|\brollback\b", re.IGNORECASE)


def find_migrations(repo: str | Path) -> list[str]:
    """Migration files (.py/.sql under an alembic/ or migrations/ directory), repo-relative, sorted."""
    root = Path(repo)
    found: list[str] = []
    for current, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS and not d.startswith(".")]
        relative = Path(current).relative_to(root)
        if not _MIGRATION_DIRS.intersection(relative.parts):
            continue
        for name in names:
            if name.endswith((".py", ".sql")) and name not in _NOT_MIGRATIONS:
                found.append((relative / name).as_posix())
    return sorted(found)


def _has_rollback(root: Path, path: str, siblings: Sequence[str]) -> str | None:
    """How `path` is rolled back, or None when it cannot be."""
    try:
        text = (root / path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    name = Path(path).name.lower()
    if path.endswith(".py"):
        match = _DOWNGRADE.search(text)
        if match is None:
            return None
        body = [line.strip() for line in match["body"].splitlines() if line.strip()]
        real = [line for line in body if not line.startswith(("#", '"""', "'''")) and line not in ("pass", "...")]
        return "has a downgrade()" if real else None
    if "down" in name:
        return "is itself a down migration"
    if _SQL_DOWN.search(text):
        return "has a down section"
    stem = name.removesuffix(".sql").removesuffix(".up")
    parent = Path(path).parent
    for other in siblings:
        other_name = Path(other).name.lower()
        if Path(other).parent == parent and "down" in other_name and other_name.startswith(stem.split("_")[0]):
            return f"rolled back by {other}"
    return None


def migration_safety(repo: str | Path, changed_files: Iterable[str] | None = None) -> tuple[GateResult, list[str], list[Risk]]:
    """Seed 003 §7 migration safety as far as it can be checked offline: every migration the release
    changes has a way back; the forward dry-run needs the target database, so it is not run and the
    open risk says so. Returns (check, migrations changed, risks)."""
    root = Path(repo)
    every = find_migrations(root)
    if not every:
        return (
            GateResult(gate="migration_safety", passed=True, evidence=["no migrations in the repository (no alembic/ or migrations/ directory)"]),
            [],
            [],
        )
    if changed_files is None:
        changed = every
    else:
        touched = {path.removeprefix("./") for path in changed_files}
        changed = [path for path in every if path in touched]
    if not changed:
        evidence = [f"{len(every)} migration file(s) in the repository; this release changes none"]
        return GateResult(gate="migration_safety", passed=True, evidence=evidence), [], []
    evidence = [f"{len(changed)} migration file(s) in this release:"]
    irreversible: list[str] = []
    for path in changed:
        how = _has_rollback(root, path, every)
        if how:
            evidence.append(f"✓ {path} {how}")
        else:
            irreversible.append(path)
            evidence.append(f"✗ {path}: no rollback (no downgrade body, no down section or down file)")
    evidence.append(
        "forward dry-run: not run — it needs the target database, which pmtui does not have offline; "
        "rollback checked statically only"
    )
    risk = Risk(
        id=MIGRATION_RISK_ID,
        description=(
            f"Migrations were not dry-run against a database ({', '.join(changed)}): run them forward and back "
            "on a staging copy before merging"
        ),
        severity="critical",
        status="open",
        source_task="release",
    )
    return GateResult(gate="migration_safety", passed=not irreversible, evidence=evidence), changed, [risk]


def migration_steps_for(migrations: Sequence[str]) -> list[str]:
    """How to apply the release's migrations: alembic upgrade for alembic ones, in order for the rest."""
    alembic = [path for path in migrations if "alembic" in Path(path).parts]
    others = [path for path in migrations if path not in alembic]
    steps = [f"alembic upgrade head (applies {', '.join(alembic)})"] if alembic else []
    steps += [f"apply {path}" for path in others]
    return steps
