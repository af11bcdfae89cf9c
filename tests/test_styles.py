"""Stylesheets stay with their screen: a sheet in a screen's CSS_PATH applies app-wide once that
screen has been shown, so each one nests every rule under its screen's type (STYLE.md habit 1)."""

from __future__ import annotations

import inspect
from pathlib import Path

from textual.app import App
from textual.css.query import NoMatches
from textual.css.stylesheet import Stylesheet
from textual.pilot import Pilot
from textual.screen import Screen

import pmtui.screens as screens_package
from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.store import Store
from tests.fixtures.dashboard_data import build_run
from tests.fixtures.tui import open_on, scoped

SCREENS_DIR = Path(screens_package.__file__).parent


def _screen_sheets() -> dict[Path, set[str]]:
    """Each .tcss beside a screen module, with the names of the screens that load it."""
    import importlib
    import pkgutil

    sheets: dict[Path, set[str]] = {}
    for info in pkgutil.iter_modules([str(SCREENS_DIR)]):
        module = importlib.import_module(f"pmtui.screens.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, Screen) or cls.__module__ != module.__name__:
                continue
            paths = cls.CSS_PATH if isinstance(cls.CSS_PATH, list) else [cls.CSS_PATH] if cls.CSS_PATH else []
            for path in paths:
                sheets.setdefault(SCREENS_DIR / str(path), set()).add(cls.__name__)
    return sheets


def test_every_rule_of_a_screen_sheet_starts_at_one_of_its_screens() -> None:
    sheets = _screen_sheets()
    assert set(sheets) == set(SCREENS_DIR.glob("*.tcss")), "a .tcss beside the screens that no screen loads"
    variables = App[None]().get_css_variables()
    leaks: list[str] = []
    for path, owners in sheets.items():
        sheet = Stylesheet(variables=variables)
        sheet.read(path)
        sheet.parse()
        for rule in sheet.rules:
            for selector_set in rule.selector_set:
                if selector_set.selectors[0].name not in owners:
                    leaks.append(f"{path.name}: {selector_set.css} (not under {' or '.join(sorted(owners))})")
    assert not leaks, "unscoped rules reach every screen shown after theirs:\n" + "\n".join(leaks)


async def _detail_height(pilot: Pilot[None]) -> int:
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.widgets.task_table import TaskTable

    app: PmtuiApp = pilot.app  # type: ignore[assignment]
    app.show_dashboard(None)
    for _ in range(200):
        screen = app.screen
        try:
            if isinstance(screen, DashboardScreen) and screen.query_one(TaskTable).rows:
                break
        except NoMatches:
            pass
        await pilot.pause(0.05)
    await pilot.pause(0.2)
    height = app.screen.query_one("#detail").size.height
    app.screen.dismiss(None)
    await pilot.pause()
    return height


async def test_a_visit_to_scoping_leaves_the_dashboards_task_detail_its_height(tmp_path: Path) -> None:
    from pmtui.screens.scoping import ScopingScreen

    store = Store(tmp_path / "pmtui.db")
    build_run(store, Path("/srv/calc"))
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            before = await _detail_height(pilot)
            project_id = await scoped(app)
            await open_on(pilot, project_id)
            assert isinstance(app.screen, ScopingScreen)
            assert app.screen.query_one("#detail").styles.max_height is not None  # Scoping's own cap holds
            after = await _detail_height(pilot)
        assert before > 20, f"the detail pane should fill the dashboard's side, not {before} rows"
        assert after == before
    finally:
        store.close()
