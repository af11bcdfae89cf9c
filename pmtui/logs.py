"""Logging that never reaches the terminal: everything goes to a file in the user log dir."""

from __future__ import annotations

import logging
import os
import sys
import warnings
from pathlib import Path


def log_path() -> Path:
    explicit = os.environ.get("PMTUI_LOG")
    if explicit:
        return Path(explicit)
    from platformdirs import user_log_dir

    return Path(user_log_dir("pmtui", appauthor=False)) / "pmtui.log"


class RedactingFormatter(logging.Formatter):
    """Log lines (messages, arguments and tracebacks alike) pass pmtui.redaction on their way to the file."""

    def format(self, record: logging.LogRecord) -> str:
        from pmtui.redaction import redact

        return redact(super().format(record))


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Route all logging and warnings to the log file; drop handlers that would print over the TUI."""
    root = logging.getLogger()
    for existing in list(root.handlers):
        # Only what would print on the terminal, and our own earlier file handler, is replaced.
        console = type(existing) is logging.StreamHandler and existing.stream in (sys.stderr, sys.stdout)
        if console or getattr(existing, "pmtui", False):
            root.removeHandler(existing)
            existing.close()
    path: Path | None = log_path()
    handler: logging.Handler
    try:
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(path, encoding="utf-8")
        handler.pmtui = True  # type: ignore[attr-defined]
        handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    except OSError:
        handler, path = logging.NullHandler(), None
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)
    warnings.simplefilter("default")
    return path
