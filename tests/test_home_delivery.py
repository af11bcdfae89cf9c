"""The projects list says where a project's delivery stands, not "Spec ready" for a plan already delivered.

Seen at stop 28 after a whole TUI walk (idea → spec → Deliver with aider → released): back on the projects list the
project read "Spec ready"; a founder returning later could not tell a delivered project from one never started, nor
one whose run waits for their answer. The real app under Pilot, a real store, delivery runs as the engine records them.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.delivery.store import DeliveryStore
from pmtui.naming import plan_id_for
from pmtui.screens.home import HomeScreen
from pmtui.store import Store
from tests.fixtures.tui import scoped, settle


def phase_of(app: PmtuiApp, project_id: int) -> str:
    table = app.screen.query_one("#projects", DataTable)
    return str(table.get_cell(str(project_id), "phase"))


async def test_the_projects_list_follows_the_plans_delivery(tmp_path: Path) -> None:
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            project_id = await scoped(app)
            await app.orchestrator.agree_scope(project_id)
            slug = app.orchestrator.state(project_id).slug
            await settle(pilot)
            assert isinstance(app.screen, HomeScreen)
            app.screen.refresh_projects()
            assert phase_of(app, project_id) == "Spec ready"
            dstore = DeliveryStore(store)
            other = dstore.create_run("some-other-plan", tmp_path)  # another plan's run says nothing of this one
            dstore.set_run_state(other.id, "released")
            run = dstore.create_run(plan_id_for(slug), tmp_path)
            seen = []
            for state in ("running", "waiting_for_human", "failed"):
                dstore.set_run_state(run.id, state)  # type: ignore[arg-type]
                app.screen.refresh_projects()
                seen.append(phase_of(app, project_id))
            again = dstore.create_run(plan_id_for(slug), tmp_path / "again")  # the latest run counts
            dstore.set_run_state(again.id, "released")
            app.screen.refresh_projects()
            seen.append(phase_of(app, project_id))
            assert seen == ["Delivering", "Delivery waits for you", "Delivery failed", "Delivered"], seen
    finally:
        store.close()
