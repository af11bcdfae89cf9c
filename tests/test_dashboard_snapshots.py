"""Snapshots of the delivery dashboard and the task detail at 80×24 and 120×40, on a stored run
whose times are pinned (no wall clock on screen). Regenerate with `--snapshot-update`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.css.query import NoMatches
from textual.pilot import Pilot

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.store import Store
from tests.fixtures.dashboard_data import build_run, finish_run

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[PmtuiApp]:
    store = Store(tmp_path / "snap.db")
    run_id = build_run(store, Path("/srv/calc"))
    finish_run(store, run_id)
    app = PmtuiApp(store, Config(offline=True))
    app.start_dashboard = (None,)
    yield app
    store.close()


async def loaded(pilot: Pilot[None]) -> None:
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.widgets.task_table import TaskTable

    for _ in range(200):
        screen = pilot.app.screen
        try:
            if isinstance(screen, DashboardScreen) and len(screen.query_one(TaskTable).rows) == 12 \
                    and screen.report is not None:
                break
        except NoMatches:
            pass
        await pilot.pause(0.05)
    await pilot.pause(0.3)


@pytest.mark.parametrize("size", SIZES)
def test_dashboard(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await loaded(pilot)
        await pilot.press("down")
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=size, run_before=steps)


@pytest.mark.parametrize("size", SIZES)
def test_task_detail(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await loaded(pilot)
        await pilot.press("down", "down", "down")
        await pilot.pause(0.5)
        pilot.app.screen.query_one("#detail").scroll_to(y=12, animate=False)
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=size, run_before=steps)


@pytest.mark.parametrize("size", SIZES)
def test_progress_pane(snap_compare, app: PmtuiApp, size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await loaded(pilot)
        await pilot.press("right_square_bracket", "right_square_bracket")
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=size, run_before=steps)


@pytest.fixture
def escalated_app(tmp_path: Path) -> Iterator[PmtuiApp]:
    store = Store(tmp_path / "escalated.db")
    run_id = build_run(store, Path("/srv/calc"), escalate=True)
    finish_run(store, run_id)  # pinned times: no elapsed clock behind the modal
    app = PmtuiApp(store, Config(offline=True))
    app.start_dashboard = (None,)
    yield app
    store.close()


@pytest.mark.parametrize("size", SIZES)
def test_escalation_modal(snap_compare, escalated_app: PmtuiApp, size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        from pmtui.screens.escalation import EscalationModal

        for _ in range(200):
            if isinstance(pilot.app.screen, EscalationModal):
                break
            await pilot.pause(0.05)
        assert isinstance(pilot.app.screen, EscalationModal)
        await pilot.pause(0.3)

    assert snap_compare(escalated_app, terminal_size=size, run_before=steps)
