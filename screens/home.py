"""The home screen: every project in the store, with new, open, rename and delete."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from pmtui.naming import plan_id_for
from pmtui.screens.styling import StyledOnce
from pmtui.widgets.key_footer import KeyFooter
from pmtui.widgets.status_bar import StatusBar

if TYPE_CHECKING:
    from pmtui.app import PmtuiApp

PHASE_NAMES = {"discovery": "Discovery", "scoping": "Scoping", "spec": "Spec", "done": "Spec ready"}
# A project whose plan went to delivery: where its latest run stands, in place of "Spec ready".
DELIVERY_NAMES = {"running": "Delivering", "waiting_for_human": "Delivery waits for you", "released": "Delivered",
                  "failed": "Delivery failed"}
EMPTY_TEXT = (
    "No projects yet.\n\n"
    "Press n to start one: give it a name, then tell the PM your idea in a sentence or two. "
    "It interviews you one question at a time, proposes a RICE-scored MVP you can argue with, "
    "and writes a spec and a delivery plan.\n\n"
    "F1 shows every key; ctrl+p lists every action."
)


def humanise(stamp: str, now: datetime | None = None) -> str:
    """'just now', '5 min ago', '3 h ago', 'yesterday', '12 days ago' or the date."""
    try:
        then = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if then.tzinfo is None:
        then = then.replace(tzinfo=UTC)
    seconds = ((now or datetime.now(UTC)) - then).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    days = int(seconds // 86400)
    if days == 1:
        return "yesterday"
    if days < 30:
        return f"{days} days ago"
    return then.date().isoformat()


class HomeScreen(StyledOnce, Screen[None]):
    CSS_PATH = "home.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New project", id="home.new"),
        Binding("o", "open", "Open", id="home.open"),
        Binding("r", "rename", "Rename", id="home.rename"),
        Binding("d", "delete", "Delete", id="home.delete"),
        Binding("q", "app.quit", "Quit", id="home.quit"),
    ]

    @property
    def pmtui(self) -> PmtuiApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="home-body"):
            yield Static("Projects", id="home-title")
            yield Static(Text(EMPTY_TEXT), id="empty", markup=False)
            table: DataTable[Any] = DataTable(id="projects", cursor_type="row", zebra_stripes=True)
            table.add_column("Project", key="name")
            table.add_column("Phase", key="phase")
            table.add_column("Spend", key="spend")
            table.add_column("Last change", key="updated")
            yield table
        yield StatusBar()
        yield KeyFooter()

    def on_mount(self) -> None:
        if self.pmtui.backend_ready:
            self.refresh_projects()
        else:
            self.query_one("#empty", Static).update(Text("Loading projects…"))
            self.query_one("#projects").display = False

    def on_screen_resume(self) -> None:
        if self.pmtui.backend_ready:
            self.refresh_projects()

    def refresh_projects(self) -> None:
        """Reload the list from the store (a quick read), keeping the cursor on the same project."""
        table = self.query_one("#projects", DataTable)
        selected = self.selected_project()
        projects = self.pmtui.store.list_projects()
        delivery = self._delivery_states()
        table.clear()
        for project in projects:
            phase = PHASE_NAMES.get(project["phase"], project["phase"])
            if project["phase"] == "done":
                phase = DELIVERY_NAMES.get(delivery.get(plan_id_for(project["slug"]), ""), phase)
            table.add_row(
                Text(project["name"], style="bold"),
                phase,
                f"${project['spend']:.4f}",
                humanise(project["updated_at"]),
                key=str(project["id"]),
            )
        status = self.query_one(StatusBar)
        status.model = self.pmtui.model_label
        status.spend = float(self.pmtui.store.llm_usage()["cost"])
        empty = not projects
        self.query_one("#empty", Static).update(Text(EMPTY_TEXT))
        self.query_one("#empty").display = empty
        table.display = not empty
        if selected is not None and str(selected) in table.rows:
            table.move_cursor(row=table.get_row_index(str(selected)))
        if not empty:
            table.focus()

    def _delivery_states(self) -> dict[str, str]:
        """The state of the latest delivery run of each plan (one query on the runs table)."""
        rows = self.pmtui.store.query(
            "SELECT plan_id, state FROM runs WHERE id IN (SELECT MAX(id) FROM runs GROUP BY plan_id)")
        return {str(row["plan_id"]): str(row["state"]) for row in rows}

    def selected_project(self) -> int | None:
        table = self.query_one("#projects", DataTable)
        if table.row_count == 0:
            return None
        row_key, _ = table.coordinate_to_cell_key(table.cursor_coordinate)
        return int(row_key.value) if row_key.value is not None else None

    def _selected_or_warn(self) -> int | None:
        project_id = self.selected_project()
        if project_id is None:
            self.notify("There is no project yet — press n to start one.", severity="warning")
        return project_id

    # -- actions --------------------------------------------------------------------------
    def action_new(self) -> None:
        from pmtui.screens.modals import TextInputModal

        def created(name: str | None) -> None:
            if name:
                self.pmtui.open_project_named(name)

        self.app.push_screen(
            TextInputModal("New project", "What do you call your idea?", placeholder="e.g. Nurse habit tracker"),
            created,
        )

    @on(DataTable.RowSelected, "#projects")
    def action_open(self) -> None:
        project_id = self._selected_or_warn()
        if project_id is not None:
            self.pmtui.show_project(project_id)

    def action_rename(self) -> None:
        from pmtui.screens.modals import TextInputModal
        from pmtui.store import StoreError

        project_id = self._selected_or_warn()
        if project_id is None:
            return
        old = self.pmtui.store.project_name(project_id)

        def renamed(name: str | None) -> None:
            if not name or name == old:
                return
            try:
                self.pmtui.store.rename_project(project_id, name)
            except StoreError as exc:
                self.notify(f"{exc}. Try another name.", title="Rename", severity="error")
                return
            self.refresh_projects()
            self.notify(f"Renamed to {name}.")

        self.app.push_screen(TextInputModal("Rename project", f"New name for {old}:", value=old), renamed)

    def action_delete(self) -> None:
        from pmtui.screens.modals import ConfirmationModal

        project_id = self._selected_or_warn()
        if project_id is None:
            return
        name = self.pmtui.store.project_name(project_id)

        def confirmed(yes: bool | None) -> None:
            if not yes:
                return
            self.pmtui.store.delete_project(project_id)
            if self.pmtui.project_id == project_id:
                self.pmtui.project_id = None
            self.refresh_projects()
            self.notify(f"Deleted {name}.")

        self.app.push_screen(
            ConfirmationModal(
                "Delete project",
                f"Delete {name} with its whole conversation, scope and spec? This cannot be undone.",
            ),
            confirmed,
        )
