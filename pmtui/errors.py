"""The errors a user can act on, importable without loading pydantic (the CLI catches them at start-up)."""

from __future__ import annotations

from pathlib import Path


class ConfigError(Exception):
    """A config file problem: the message names the file, the line and the key."""

    def __init__(self, message: str, path: Path | None = None, line: int | None = None, key: str = "") -> None:
        self.path = path
        self.line = line
        self.key = key
        where = str(path) if path else "config"
        if line:
            where += f", line {line}"
        if key:
            where += f", key '{key}'"
        super().__init__(f"{where}: {message}")


class StoreError(Exception):
    """A store problem the user can act on (bad path, newer schema, unknown project)."""


class StoreFileError(StoreError):
    """The store file itself cannot be used: not SQLite, damaged, another program's database, read-only.
    Bad input (exit 2), as a bad plan or config is."""
