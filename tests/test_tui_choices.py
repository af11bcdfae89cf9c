"""The numbered choices of a second misunderstanding are buttons in the TUI; pressing one is the same as
typing its number (Pilot, offline engine)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.store import Store
from tests.fixtures.tui import open_on, scoped, settle


async def _say(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    # The message is put in the box and sent with enter (typing it key by key cost ~40 Pilot presses a turn;
    # the choices, not the typing, are the subject).
    await pilot.click("#message")
    pilot.app.screen.query_one("#message", Input).value = text
    await pilot.press("enter")
    await settle(pilot)
    await pilot.pause(0.3)
    await settle(pilot)


async def test_the_choices_are_buttons_and_a_press_answers(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    app = PmtuiApp(store, Config(offline=True))
    async with app.run_test(size=(120, 40)) as pilot:
        project = await scoped(app)
        await open_on(pilot, project)
        bar = app.screen.query_one("#choices")
        assert not bar.has_class("-visible")
        await _say(pilot, "just write the spec")
        assert not bar.has_class("-visible"), "the first misunderstanding is explained in words"
        await _say(pilot, "just write the spec!!")
        labels = [str(button.label) for button in bar.query("Button")]
        assert bar.has_class("-visible") and labels[0] == "1. Agree to this scope and write the spec"
        await pilot.click("#choice-1")
        await settle(pilot)
        await pilot.pause(0.5)
        await settle(pilot)
        assert app.orchestrator.state(project).phase == "done"
        assert type(app.screen).__name__ == "SpecScreen"
    store.close()
