"""The founder's whole path in one app session: a raw idea, the discovery interview, the scope
agreed, the spec written, "Deliver this plan", and the dashboard following the run as a real agent
command works on the tasks. Per-screen tests miss what only shows after another screen was visited."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import Input

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.delivery.plan import parse_plan
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import make_project
from tests.fixtures.tui import PROJECT, SIZE, interview, new_project, screen_name, settle

AGENT = Path(__file__).parent / "agents" / "write_file_agent.py"


async def test_idea_to_a_delivering_dashboard_in_one_session(tmp_path: Path) -> None:
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.screens.modals import TextInputModal
    from pmtui.widgets.task_table import TaskTable

    repo = make_project(tmp_path)
    store = Store(tmp_path / "pmtui.db")
    dstore = DeliveryStore(store)
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await new_project(pilot)
            await interview(pilot)
            await pilot.click("#looks-right")
            await settle(pilot)
            assert screen_name(app) == "ScopingScreen"
            await pilot.click("#agree")
            await settle(pilot)
            assert screen_name(app) == "SpecScreen"
            project_id = store.find_project(PROJECT)
            assert project_id is not None
            plan = parse_plan(app.orchestrator.state(project_id).plan_markdown)

            await pilot.press("d")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal)
            app.screen.query_one(Input).value = str(repo)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal)
            app.screen.query_one(Input).value = f"{sys.executable} {AGENT}"
            await pilot.press("enter")

            # The dashboard follows the run while the agent works: wait for a finished attempt on screen.
            attempted: list[str] = []
            for _ in range(1200):
                await pilot.pause(0.05)
                run = app.delivery
                if run is None or not run.run_id or not isinstance(app.screen, DashboardScreen):
                    continue
                attempted = [a.task_id for a in dstore.attempts(run.run_id) if a.finished_at]
                rows = app.screen.query_one(TaskTable).rows
                if attempted and rows and rows[attempted[0]].attempts >= 1:
                    break
            assert isinstance(app.screen, DashboardScreen)
            run = app.delivery
            assert run is not None and run.active, "the run should still be delivering"
            assert attempted, "no attempt finished on the dashboard"
            table = app.screen.query_one(TaskTable)
            assert sorted(table.rows) == sorted(task.id for task in plan.tasks)
            assert dstore.get_run(run.run_id).state in ("running", "waiting_for_human")
            # Scoping was visited in this session: the dashboard's own panes keep their size.
            assert app.screen.query_one("#detail").size.height > 20
            await run.stop()
            assert run.outcome is not None and run.outcome.ending == "stopped"
    finally:
        store.close()
