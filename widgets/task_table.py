"""A virtualized task table: renders only the visible rows of an in-memory list (Line API).

Textual's DataTable measures every cell it adds (about 1.9 s to settle 10,000 rows); this table
keeps the rows as TaskView objects, sorts and filters lazily (only when a change can move a row),
caches one rendered Strip per visible row and, on an update by key, refreshes only that row's line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from pmtui.delivery.feed import FAMILIES, TaskView
from pmtui.widgets.line_style import LineStyleCache

FAMILY_STYLES: dict[str, str] = {
    "waiting": "grey62",
    "working": "bold cyan",
    "testing": "bold yellow",
    "human": "bold magenta",
    "done": "green",
    "failed": "bold red",
}
TIER_ORDER = {"critical": 0, "normal": 1, "low": 2}
FAMILY_ORDER = {family: n for n, family in enumerate(FAMILIES)}


def format_duration(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    width: int
    priority: int  # columns with the highest number go first when the table is narrow
    value: Callable[[TaskView], str]
    # A scalar (int, float or str: objects the garbage collector does not track); ties keep task order.
    sort: Callable[[TaskView], int | float | str]


def _position(view: TaskView) -> int:
    return view.position


def _deps(view: TaskView) -> str:
    return ",".join(view.depends) or "—"


def _attempt(view: TaskView) -> str:
    return f"{view.attempts}/{view.max_attempts}"


COLUMNS: tuple[Column, ...] = (
    Column("id", "ID", 9, 0, lambda v: v.task_id, lambda v: v.position),
    Column("title", "Title", 0, 0, lambda v: v.title, lambda v: v.title.lower()),
    Column("tier", "Tier", 8, 1, lambda v: v.tier, lambda v: TIER_ORDER.get(v.tier, 3)),
    Column("state", "State", 20, 0, lambda v: v.state.replace("_", " "),
           lambda v: f"{FAMILY_ORDER.get(v.family, 9)}{v.state}"),
    Column("deps", "Deps", 12, 4, _deps, lambda v: len(v.depends)),
    Column("attempt", "Try", 5, 2, _attempt, lambda v: v.attempts),
    # Shown once a task of the run ran on a cluster node (`--executor ray`): which node runs which attempt.
    Column("node", "Node", 14, 4, lambda v: v.node or "—", lambda v: v.node),
    Column("duration", "Time", 7, 3, lambda v: format_duration(v.duration_s()), lambda v: v.duration_s() or 0.0),
    Column("area", "Area", 12, 5, lambda v: v.ownership or "—", lambda v: v.ownership),
)
COLUMN_KEYS = tuple(column.key for column in COLUMNS)
_STATE_SENSITIVE = frozenset({"state", "attempt", "duration", "node"})
# Strips of about three screens of rows: each Strip carries seven small caches the collector walks.
_CACHE_SCREENS = 3


class TaskTable(LineStyleCache, ScrollView, can_focus=True):
    """The task queue of a run. Rows are set by key (`set_rows`, `update_rows`); the cursor follows
    the selected task id, not a row number, so it stays on its task while rows move."""

    DEFAULT_CSS = """
    TaskTable {
        background: $surface;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "edge(-1)", "First", show=False),
        Binding("end", "edge(1)", "Last", show=False),
        Binding("enter", "choose", "Open", show=False),
    ]

    class Highlighted(Message):
        """The cursor moved to another task."""

        def __init__(self, table: TaskTable, task_id: str | None) -> None:
            super().__init__()
            self.table = table
            self.task_id = task_id

    class SortChanged(Message):
        def __init__(self, table: TaskTable, column: str, reverse: bool) -> None:
            super().__init__()
            self.table = table
            self.column = column
            self.reverse = reverse

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.rows: dict[str, TaskView] = {}
        self.sort_column = "id"
        self.sort_reverse = False
        self.families: frozenset[str] | None = None
        self.tiers: frozenset[str] | None = None
        self.search = ""
        self.cursor_key: str | None = None
        # The task the user chose: it gets the cursor back when a filter that hid it is lifted.
        self._chosen: str | None = None
        self._order: list[str] = []
        self._index: dict[str, int] = {}
        self._dirty = False
        self._cache: dict[tuple[str, int, bool, int], Strip] = {}
        self._widths: list[tuple[Column, int]] = []
        self._layout_width = -1
        # Whether a task ran on a cluster node: the Node column is shown from then on.
        self._on_nodes = False

    # -- data -----------------------------------------------------------------------------
    def set_rows(self, views: Iterable[TaskView]) -> None:
        self.rows = {view.task_id: view for view in views}
        self._on_nodes = any(view.node for view in self.rows.values())
        self._layout_width = -1
        self._cache.clear()
        self._invalidate()

    def update_rows(self, views: Iterable[TaskView]) -> None:
        """Replace rows by key; re-order only when a change can move a row, repaint only visible rows."""
        views = list(views)
        if not self._on_nodes and any(view.node for view in views):
            # The first attempt on a cluster node: the Node column joins the table.
            self._on_nodes = True
            self._layout_width = -1
            self._cache.clear()
            self.refresh()
        moved = False
        for view in views:
            old = self.rows.get(view.task_id)
            self.rows[view.task_id] = view
            if old is None or self._may_move(old, view):
                moved = True
        if moved:
            self._invalidate()
            return
        top, bottom = self._visible_rows()
        for view in views:
            index = self._index.get(view.task_id)
            if index is not None and top <= index < bottom:
                self.refresh_line(index + 1)

    def _may_move(self, old: TaskView, new: TaskView) -> bool:
        if self.families is not None and old.family != new.family:
            return True
        if self.sort_column in _STATE_SENSITIVE:
            return True
        return old.title != new.title if self.sort_column == "title" else False

    def _invalidate(self) -> None:
        if not self._dirty:
            self._dirty = True
            self.call_next(self._settle_order)
        self.refresh()

    def _settle_order(self) -> None:
        if self._dirty:
            self._rebuild_order(keep_place=True)

    @property
    def order(self) -> list[str]:
        """The visible task ids in display order (sorted and filtered on first use after a change)."""
        if self._dirty:
            self._rebuild_order(keep_place=False)
        return self._order

    def _rebuild_order(self, keep_place: bool) -> None:
        previous = self._index.get(self.cursor_key) if self.cursor_key else None
        screen_offset = None if previous is None else previous - int(self.scroll_y)
        needle = self.search.lower()
        views = [
            view for view in self.rows.values()
            if (self.families is None or view.family in self.families)
            and (self.tiers is None or view.tier in self.tiers)
            and (not needle or needle in view.task_id.lower() or needle in view.title.lower())
        ]
        column = next(c for c in COLUMNS if c.key == self.sort_column)
        # Two stable passes instead of (key, position) tuples: 10,000 short-lived tuples per poll were
        # promoted by the collector and made its next full pass walk them (60-80 ms on the UI thread).
        views.sort(key=_position, reverse=self.sort_reverse)
        if column.key != "id":
            views.sort(key=column.sort, reverse=self.sort_reverse)  # type: ignore[arg-type]
        self._order = [view.task_id for view in views]
        self._index = {task_id: n for n, task_id in enumerate(self._order)}
        self._dirty = False
        self.virtual_size = Size(self._total_width(), len(self._order) + 1)
        if self._chosen in self._index and self.cursor_key != self._chosen:
            self.cursor_key = self._chosen
            self.post_message(self.Highlighted(self, self.cursor_key))
        if self.cursor_key not in self._index:
            old_key = self.cursor_key
            self.cursor_key = self._order[0] if self._order else None
            if self.cursor_key != old_key:
                self.post_message(self.Highlighted(self, self.cursor_key))
        elif keep_place and screen_offset is not None and self.cursor_key is not None:
            # Keep the selected task where it was on screen while the rows around it move.
            target = self._index[self.cursor_key] - screen_offset
            self.scroll_to(y=max(0, target), animate=False, immediate=True)

    def _total_width(self) -> int:
        # Never wider than the view: no horizontal scrolling, and no resize loop with the scrollbar.
        return 0

    # -- sorting and filtering ------------------------------------------------------------
    def sort_by(self, column: str, reverse: bool | None = None) -> None:
        if column not in COLUMN_KEYS:
            raise ValueError(f"unknown column {column!r}")
        if reverse is None:
            reverse = not self.sort_reverse if column == self.sort_column else False
        self.sort_column, self.sort_reverse = column, reverse
        self._cache.clear()
        self._invalidate()
        self.post_message(self.SortChanged(self, column, reverse))

    def set_filter(self, families: Iterable[str] | None = None, tiers: Iterable[str] | None = None,
                   search: str | None = None) -> None:
        self.families = frozenset(families) if families is not None else None
        self.tiers = frozenset(tiers) if tiers is not None else None
        if search is not None:
            self.search = search
        self._invalidate()

    # -- cursor ---------------------------------------------------------------------------
    @property
    def cursor_row(self) -> int:
        order = self.order
        return self._index.get(self.cursor_key, 0) if self.cursor_key and order else 0

    def select(self, task_id: str) -> bool:
        if task_id not in self.rows:
            return False
        self.cursor_key = self._chosen = task_id
        if task_id in self._index or self._dirty:
            self._after_cursor_move()
        return True

    def _move_to(self, index: int) -> None:
        order = self.order
        if not order:
            return
        index = max(0, min(len(order) - 1, index))
        if order[index] == self.cursor_key:
            return
        self.cursor_key = self._chosen = order[index]
        self._after_cursor_move()

    def _after_cursor_move(self) -> None:
        index = self._index.get(self.cursor_key or "", 0)
        body = max(1, self.size.height - 1)
        if index < self.scroll_y:
            self.scroll_to(y=index, animate=False, immediate=True)
        elif index >= self.scroll_y + body:
            self.scroll_to(y=index - body + 1, animate=False, immediate=True)
        self.refresh()
        self.post_message(self.Highlighted(self, self.cursor_key))

    def action_cursor(self, step: int) -> None:
        self._move_to(self.cursor_row + step)

    def action_page(self, direction: int) -> None:
        self._move_to(self.cursor_row + direction * max(1, self.size.height - 2))

    def action_edge(self, direction: int) -> None:
        self._move_to(0 if direction < 0 else len(self.order) - 1)

    def action_choose(self) -> None:
        self.post_message(self.Highlighted(self, self.cursor_key))

    def on_click(self, event: events.Click) -> None:
        if event.y == 0:
            column = self._column_at(event.x)
            if column is not None:
                self.sort_by(column)
            return
        self._move_to(int(self.scroll_y) + event.y - 1)

    def _column_at(self, x: int) -> str | None:
        left = 0
        for column, width in self._columns():
            if left <= x < left + width + 1:
                return column.key
            left += width + 1
        return None

    # -- rendering ------------------------------------------------------------------------
    def _visible_rows(self) -> tuple[int, int]:
        top = int(self.scroll_y)
        return top, top + max(0, self.size.height - 1)

    def _columns(self) -> list[tuple[Column, int]]:
        width = self.size.width - 1
        if width == self._layout_width:
            return self._widths
        shown = [c for c in COLUMNS if c.key != "node" or self._on_nodes]
        min_title = 14
        while sum(c.width + 1 for c in shown) + min_title > width and any(c.priority for c in shown):
            shown.remove(max(shown, key=lambda c: c.priority))
        fixed = sum(c.width + 1 for c in shown if c.key != "title")
        self._widths = [(c, c.width if c.key != "title" else max(min_title, width - fixed)) for c in shown]
        self._layout_width = width
        self._cache.clear()
        return self._widths

    def on_resize(self) -> None:
        self._layout_width = -1
        self._cache.clear()
        if not self._dirty:
            self.virtual_size = Size(self._total_width(), len(self._order) + 1)

    def render_line(self, y: int) -> Strip:
        order = self.order
        columns = self._columns()
        width = self.size.width
        if y == 0:
            return self._header(columns, width)
        index = int(self.scroll_y) + y - 1
        if index >= len(order):
            return Strip.blank(width, self.line_style)
        task_id = order[index]
        view = self.rows[task_id]
        selected = task_id == self.cursor_key
        key = (task_id, view.version, selected, width)
        strip = self._cache.get(key)
        if strip is None:
            if len(self._cache) > _CACHE_SCREENS * max(40, self.size.height):
                self._cache.clear()
            strip = self._row(view, columns, width, selected, index)
            self._cache[key] = strip
        return strip

    def _header(self, columns: list[tuple[Column, int]], width: int) -> Strip:
        base = self.line_style + Style(bold=True, underline=True)
        segments: list[Segment] = []
        for column, size in columns:
            label = column.label
            if column.key == self.sort_column:
                label += " ▼" if self.sort_reverse else " ▲"
            segments.append(Segment(_fit(label, size) + " ", base))
        return Strip(segments).adjust_cell_length(width, base)

    def _row(self, view: TaskView, columns: list[tuple[Column, int]], width: int, selected: bool,
             index: int) -> Strip:
        base = self.line_style
        if selected:
            base = base + Style(reverse=self.has_focus, bgcolor=None if self.has_focus else "grey30")
        family_style = Style.parse(FAMILY_STYLES.get(view.family, ""))
        segments: list[Segment] = []
        for column, size in columns:
            style = base + family_style if column.key == "state" else base
            if column.key == "tier" and view.tier == "critical":
                style = base + Style(bold=True)
            segments.append(Segment(_fit(column.value(view), size) + " ", style))
        return Strip(segments).adjust_cell_length(width, base)

    def on_focus(self) -> None:
        self._cache.clear()
        self.refresh()

    def on_blur(self) -> None:
        self._cache.clear()
        self.refresh()


def _fit(text: str, width: int) -> str:
    text = text.replace("\n", " ")
    if cell_len(text) > width:
        return set_cell_size(text, max(0, width - 1)) + "…"
    return set_cell_size(text, width)
