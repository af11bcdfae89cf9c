"""The TUI paints before it loads the engine; a bad config still ends it with exit code 2 and the message."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from pmtui.app import PmtuiApp
from pmtui.cli import app_exit_code, tui_exit_code


async def _until(pilot, condition, attempts: int = 100) -> None:  # type: ignore[no-untyped-def]
    for _ in range(attempts):
        if condition():
            return
        await pilot.pause(0.05)


async def test_engine_loads_after_the_first_paint(tmp_path: Path) -> None:
    db = tmp_path / "lazy.db"
    app = PmtuiApp(db_path=db, offline=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: app.backend_ready)
        assert app.backend_ready
        app.store.create_project("Loaded later")
        app.home_screen.refresh_projects()  # type: ignore[union-attr]
        await pilot.pause()
        table = app.screen.query_one("#projects", DataTable)
        assert table.row_count == 1
    app.close_store()
    assert db.exists()


async def test_malformed_config_exits_with_code_2_naming_file_line_and_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "pmtui.toml"
    config.write_text('[models]\nconversation = "openai/x"\n\n[budget]\nproject_usd = -4\n')
    monkeypatch.setenv("PMTUI_CONFIG", str(config))
    app = PmtuiApp(db_path=tmp_path / "x.db")
    async with app.run_test(size=(100, 30)) as pilot:
        await _until(pilot, lambda: app._exit)
    assert app.failure == "bad_config" and app_exit_code(app) == 2 and tui_exit_code(app) == 2
    message = capsys.readouterr().err.replace("\n", "")
    assert str(config) in message and "line 5" in message and "budget.project_usd" in message
