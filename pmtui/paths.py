"""Where pmtui keeps things: config candidates, the store, the log. Cheap to import (no pydantic)."""

from __future__ import annotations

import os
from pathlib import Path


def user_config_path() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("pmtui", appauthor=False)) / "pmtui.toml"


def config_candidates() -> list[Path]:
    """Where config is looked for, first found wins. PMTUI_CONFIG overrides both."""
    explicit = os.environ.get("PMTUI_CONFIG")
    if explicit:
        return [Path(explicit)]
    return [Path.cwd() / "pmtui.toml", user_config_path()]


def find_config_file(passed_over: Path | None = None) -> Path | None:
    """The first candidate that is a file (`passed_over`, a file pmtui must not read, is skipped)."""
    for candidate in config_candidates():
        if candidate.is_file() and candidate != passed_over:
            return candidate
    return None


def default_db_path() -> Path:
    explicit = os.environ.get("PMTUI_DB")
    if explicit:
        return Path(explicit)
    from platformdirs import user_data_dir

    return Path(user_data_dir("pmtui", appauthor=False)) / "pmtui.db"


def peek_theme(default: str) -> str:
    """The configured theme without validating the whole config, so the first frame has the right colours."""
    path = find_config_file()
    if path is None:
        return default
    import tomllib

    try:
        ui = tomllib.loads(path.read_text(encoding="utf-8")).get("ui", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError):
        return default
    theme = ui.get("theme") if isinstance(ui, dict) else None
    return theme if isinstance(theme, str) else default
