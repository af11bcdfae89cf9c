"""Logging that never reaches the terminal: everything goes to a file in the user log dir."""

from __future__ import annotations

import logging
import os
import warnings
from pathlib import Path


def log_path() -> Path:
    explicit = os.environ.get("PMTUI_LOG")
    if explicit:
        return Path(explicit)
    from platformdirs import user_log_dir

    return Path(user_log_dir("pmtui", appauthor=False)) / "pmtui.log"


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Route all logging and warnings to the log file; drop handlers that would print over the TUI."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    path: Path | None = log_path()
    try:
        assert path is not None
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    except OSError:
        handler, path = logging.NullHandler(), None
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)
    warnings.simplefilter("default")
    return path
