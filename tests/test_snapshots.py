"""Snapshots of every screen at 80×24 and 120×40, built deterministically on the offline engine.

Regenerate with `pytest tests/test_snapshots.py --snapshot-update` and look at the report.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.store import Store
from tests.fixtures.tui import discovery_answers, open_on, scoped, settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
Steps = Callable[[Pilot[None]], Awaitable[None]]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[PmtuiApp]:
    store = Store(tmp_path / "snap.db")
    yield PmtuiApp(store, Config(offline=True))
    store.close()


@pytest.mark.parametrize("size", SIZES)
def test_home_empty(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_home_with_projects(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await scoped(app)
        app.orchestrator.open_project("Dog walking marketplace")
        app.action_go_home()
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_discovery_mid_interview(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await open_on(pilot, await discovery_answers(app, 2))

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_discovery_summary_card(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await open_on(pilot, await discovery_answers(app))

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_scoping(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await open_on(pilot, await scoped(app))

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_scoping_cell_editor(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await open_on(pilot, await scoped(app))
        await pilot.press("right", "right", "right", "right", "right", "right", "e")
        await pilot.press("ctrl+u", "-", "3", "enter")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_spec(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        project_id = await scoped(app)
        await app.orchestrator.agree_scope(project_id)
        await open_on(pilot, project_id)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await open_on(pilot, await scoped(app))
        await pilot.press("f1")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_settings(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        app.action_settings()
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_delete_confirmation(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        app.orchestrator.open_project("Nurse habits")
        app.action_go_home()
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
