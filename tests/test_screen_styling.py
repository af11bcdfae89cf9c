"""A screen is styled once when it opens: its width class (-narrow/-wide) is set before its first styling, not by
its first Resize (which restyled every widget of the screen a second time)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.dom import DOMNode

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.store import Store
from tests.fixtures.tui import scoped, settle


@pytest.mark.parametrize("width, expected, other", [(80, "-narrow", "-wide"), (140, "-wide", "-narrow")])
async def test_a_project_screen_opens_with_its_width_class_and_is_not_restyled_whole(
    tmp_path: Path, width: int, expected: str, other: str
) -> None:
    store = Store(tmp_path / "styling.db")
    app = PmtuiApp(store, Config(offline=True))
    restyled: list[DOMNode] = []
    try:
        async with app.run_test(size=(width, 40)) as pilot:
            project_id = await scoped(app)
            app.action_go_home()
            await settle(pilot)
            original = app.update_styles

            def recording(node: DOMNode, animate: bool = True, **kwargs: Any) -> None:
                restyled.append(node)
                original(node, animate, **kwargs)

            app.update_styles = recording  # type: ignore[method-assign]
            app.show_project(project_id, "scoping")
            await settle(pilot)
            screen = app.screen
            assert type(screen).__name__ == "ScopingScreen"
            assert screen.has_class(expected) and not screen.has_class(other)
            assert screen not in restyled, "the whole screen was styled again after it opened"
    finally:
        store.close()
