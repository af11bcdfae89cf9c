"""An unhandled error that ends the app is written to the log, with its traceback (the terminal Textual prints it on
may close with the app: a TUI session at stop 27 ended with nothing in the log)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.store import Store


async def test_an_unhandled_error_that_ends_the_app_is_logged_with_its_traceback(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))

    def boom() -> None:
        raise RuntimeError("the dashboard fell over")

    try:
        with caplog.at_level(logging.ERROR, logger="pmtui.app"), pytest.raises(RuntimeError):
            async with app.run_test() as pilot:
                app.call_later(boom)
                await pilot.pause()
                await pilot.pause()
    finally:
        store.close()
    [record] = [r for r in caplog.records if r.name == "pmtui.app"]
    assert record.exc_info is not None and "the dashboard fell over" in str(record.exc_info[1])
