"""The live delivery dashboard: task queue, task detail, dependencies, progress, event log, release,
escalations and run controls of one run, followed through the store's events (DeliveryFeed).

The feed is polled in one thread worker with its own read connection (SQLite WAL), so the engine
writing in this process or in another (`pmtui watch`) never waits on the UI, and the UI never
blocks on SQLite. Each poll's delta is applied by key: only changed rows are touched.
"""

from __future__ import annotations

import gc
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.strip import Strip
from textual.timer import Timer
from textual.widgets import Input, Static, TabbedContent, TabPane
from textual.worker import get_current_worker

from pmtui.clock import seconds_between
from pmtui.delivery.nodes import ClusterView
from pmtui.screens.styling import StyledOnce
from pmtui.widgets.burnup import burnup_text
from pmtui.widgets.dependency_view import dependency_text
from pmtui.widgets.event_log import EVENT_LOG_LINES, EventLog
from pmtui.widgets.key_footer import KeyFooter
from pmtui.widgets.status_bar import StatusBar
from pmtui.widgets.task_detail import TaskDetailPane, detail_lines
from pmtui.widgets.task_table import COLUMN_KEYS, TaskTable, format_duration

if TYPE_CHECKING:
    from pmtui.app import PmtuiApp
    from pmtui.delivery.feed import DeliveryFeed, EventLine, FeedDelta, TaskDetail
    from pmtui.delivery.progress import ProgressReport
    from pmtui.delivery.store import EscalationRecord, RunRecord
    from pmtui.screens.delivery_run import DeliveryRun
    from pmtui.screens.escalation import EscalationAnswer, EscalationModal

POLL_S = 0.25
PROGRESS_EVERY_S = 2.0
# The detail is read once the cursor rests this long: holding Down does not read every task it passes.
DETAIL_SETTLE_S = 0.05
REPORT_LINE_CHARS = 300
FAMILY_FILTERS: tuple[tuple[str, ...] | None, ...] = (
    None, ("waiting",), ("working", "testing"), ("human",), ("done",), ("failed",),
)
TIER_FILTERS: tuple[tuple[str, ...] | None, ...] = (None, ("critical",), ("normal",), ("low",))
PANES = ("pane-task", "pane-graph", "pane-progress", "pane-log", "pane-escalations", "pane-release")


@dataclass(frozen=True)
class RunFigures:
    """Counts over every task, computed by the feed worker so the UI thread never walks 10,000 rows."""

    done: int = 0
    total: int = 0
    estimate_s: float | None = None


@dataclass(frozen=True)
class ProgressView:
    """The progress and release panes, built by the feed worker (report, burn-up, manifest)."""

    report: ProgressReport
    progress: Any
    release: Any


class DashboardScreen(StyledOnce, Screen[None]):
    """One run, live. `DashboardScreen(run_id=None)` follows the latest run of `app.store`.

    With `delivery` (a run this app is about to deliver), the screen opens first and the engine starts
    once the screen is drawn: the dashboard's compose and first layout (100-150 ms of Textual's work on
    the UI thread) never overlap the engine's set-up, and the feed follows the run once it exists.
    """

    CSS_PATH = "dashboard.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "search", "Search", id="dashboard.search"),
        Binding("s", "sort", "Sort", id="dashboard.sort"),
        Binding("S", "reverse_sort", "Reverse sort", show=False, id="dashboard.reverse_sort"),
        Binding("f", "filter_state", "State", id="dashboard.filter_state"),
        Binding("t", "filter_tier", "Tier", show=False, id="dashboard.filter_tier"),
        Binding("escape", "clear_filters", "Clear filters", show=False, id="dashboard.clear"),
        Binding("e", "answer", "Answer", id="dashboard.answer"),
        Binding("p", "pause", "Pause/resume", id="dashboard.pause"),
        Binding("r", "retry", "Retry", show=False, id="dashboard.retry"),
        Binding("x", "skip", "Skip", show=False, id="dashboard.skip"),
        Binding("o", "open_repo", "Repo", show=False, id="dashboard.open_repo"),
        Binding("right_square_bracket", "pane(1)", "Next pane", show=False, id="dashboard.next_pane"),
        Binding("left_square_bracket", "pane(-1)", "Previous pane", show=False, id="dashboard.previous_pane"),
        Binding("q", "close", "Close", id="dashboard.close"),
    ]

    def __init__(self, run_id: int | None = None, delivery: DeliveryRun | None = None) -> None:
        super().__init__()
        self.run_id = run_id
        self.delivery = delivery
        self.feed: DeliveryFeed | None = None
        self.run: RunRecord | None = None
        self.escalations: dict[int, EscalationRecord] = {}
        self.deferred: set[int] = set()
        self.modal: EscalationModal | None = None
        self.report: ProgressReport | None = None
        self._family_filter = 0
        self._tier_filter = 0
        self._wake = threading.Event()
        self._detail_for: str | None = None
        self._detail_timer: Timer | None = None
        self._detail_width = 40
        self._progress_due = True
        self._figures = RunFigures()
        self._progress_view: ProgressView | None = None
        self._stale: set[str] = set()
        self._log_backlog: deque[EventLine] = deque(maxlen=EVENT_LOG_LINES)
        self._burnup_width = 40
        self._frozen = False

    @property
    def pmtui(self) -> PmtuiApp:
        return self.app  # type: ignore[return-value]

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(Text("Delivery dashboard · loading the run…"), id="run-line")
        yield Static(Text(""), id="filter-line")
        yield Input(placeholder="Search task id or title (Enter keeps it, Esc clears)", id="search")
        with Horizontal(id="dash-body"):
            yield TaskTable(id="tasks")
            with TabbedContent(id="panes", initial="pane-task"):
                with TabPane("Task", id="pane-task"):
                    yield TaskDetailPane(id="detail")
                with TabPane("Graph", id="pane-graph"), VerticalScroll():
                    yield Static(Text(""), id="graph")
                with TabPane("Progress", id="pane-progress"), VerticalScroll():
                    yield Static(Text(""), id="progress")
                with TabPane("Log", id="pane-log"):
                    yield EventLog(id="events")
                with TabPane("Asks", id="pane-escalations"), VerticalScroll():
                    yield Static(Text(""), id="escalation-list")
                with TabPane("Release", id="pane-release"), VerticalScroll():
                    yield Static(Text(""), id="release")
        yield StatusBar()
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#search", Input).display = False
        self._show_filters()
        self.query_one(TaskTable).focus()
        if self.waiting_for_run:
            self.query_one("#run-line", Static).update(Text("Delivery dashboard · starting the run…"))
            self.call_after_refresh(self.pmtui.begin_delivery, self.delivery)
        else:
            self._follow()
        self.set_interval(1.0, self._tick)

    @property
    def waiting_for_run(self) -> bool:
        """True while this screen's own delivery has not created (or resumed) its run yet."""
        return self.delivery is not None and not self.delivery.run_id and self.run_id is None

    def follow(self, run_id: int) -> None:
        """Follow `run_id` from now on (the run this screen's delivery created)."""
        if self.run_id == run_id and self.feed is not None:
            return
        self.run_id = run_id
        self._follow()

    def not_started(self, message: str) -> None:
        """This screen's delivery ended before it had a run (a bad plan, a missing tool, a held repository): the
        header says why, and keeps saying it after the notification has gone."""
        if self.waiting_for_run:
            line = self.query_one("#run-line", Static)
            line.styles.height = "auto"  # the whole reason, however many lines it takes (the header is one line)
            line.update(Text(f"Delivery did not start · {message}", style="bold"))

    def on_unmount(self) -> None:
        self._wake.set()

    # -- following the run (thread worker) ------------------------------------------------
    @work(thread=True, exclusive=True, group="dashboard-feed", exit_on_error=False)
    def _follow(self) -> None:
        """Poll the feed with a read connection of our own and do the heavy work here (counts over
        every task, the progress report, the detail text); the UI thread gets ready-made results."""
        from pmtui.delivery.feed import DeliveryFeed
        from pmtui.store import Store

        worker = get_current_worker()
        reader = Store(self.pmtui.store.path)
        try:
            feed = DeliveryFeed(reader, self.run_id)
            self.feed = feed
            shown_detail: str | None = None
            shown_mark = -1
            last_progress = 0.0
            first = True
            while not worker.is_cancelled:
                delta = feed.poll()
                if delta or first:
                    figures = RunFigures(feed.done_count(), len(feed.tasks), feed.remaining_estimate_s())
                    self.app.call_from_thread(self._apply, delta, figures)
                    first = False
                wanted = self._detail_for
                # The agent's output grows without a state change: the pane follows it as it is written.
                mark = feed.output_mark(wanted) if wanted is not None else -1
                if wanted is not None and (wanted != shown_detail or wanted in delta.changed
                                           or wanted in delta.added or mark != shown_mark):
                    detail = feed.detail(wanted)
                    shown_detail, shown_mark = wanted, mark
                    width = self._detail_width
                    self.app.call_from_thread(self._show_detail, wanted, detail, detail_lines(detail, width), width)
                now = time.monotonic()
                if feed.run_id is not None and (delta or self._progress_due) and now - last_progress >= (
                        0 if self._progress_due else PROGRESS_EVERY_S):
                    self._progress_due = False
                    last_progress = now
                    view = self._progress_pane(feed)
                    if view is not None:
                        self.app.call_from_thread(self._show_progress, view)
                self._wake.wait(POLL_S)
                self._wake.clear()
        finally:
            reader.close()

    def _progress_pane(self, feed: DeliveryFeed) -> ProgressView | None:
        """The progress and release panes' renderables (in the feed worker)."""
        report = feed.progress_report()
        run = feed.run
        if report is None or run is None:
            return None
        # At 10,000 tasks "In progress" can list thousands: clip each line so layout stays cheap.
        parts: list[Any] = [Text("\n".join(_clip(line) for line in report.text().splitlines()))]
        parts.append(Text(""))
        parts.append(Text(f"LLM spend ${report.llm_spend_usd:.4f} · elapsed {format_duration(_elapsed(run))}"
                          + _estimate_text(feed.remaining_estimate_s(), run.finished)))
        parts.append(Text(""))
        parts.append(Text("Burn-up (completed tasks over time)", style="bold underline"))
        end = run.finished_at or (feed.completed_at[-1] if feed.completed_at else run.created_at)
        parts.append(burnup_text(feed.completed_at, len(feed.tasks), run.created_at, end, width=self._burnup_width))
        release: Any
        if run.manifest_path:
            manifest = feed.release()
            body: list[Any] = [Text(f"Manifest {manifest.manifest_path}", style="bold")]
            if manifest.handoff:
                body += [Text(""), Text("Handoff", style="bold underline"), Text(manifest.handoff)]
            body += [Text(""), Text("Release manifest", style="bold underline"), Text(manifest.manifest_text)]
            release = Group(*body)
        else:
            release = Text("The release gate runs once every task is done: full checks, migration safety, risk "
                           "audit, then the manifest and the handoff appear here.", style="dim")
        return ProgressView(report, Group(*parts), release)

    def _apply(self, delta: FeedDelta, figures: RunFigures) -> None:
        """A poll's changes, by key: rows, log lines, escalations, the run line — one screen update."""
        feed = self.feed
        if feed is None:
            return
        self._figures = figures
        with self.app.batch_update():
            self._apply_delta(feed, delta)
        if not self._frozen and feed.tasks:
            # The loaded rows live as long as the screen: keep the collector from walking them again
            # (a full collection over 10,000 rows and Textual's objects took 100-250 ms on the UI thread).
            self._frozen = True
            gc.freeze()

    def _apply_delta(self, feed: DeliveryFeed, delta: FeedDelta) -> None:
        table = self.query_one(TaskTable)
        if delta.added and len(delta.added) == len(feed.tasks):
            table.set_rows(feed.tasks.values())
        else:
            changed = [feed.tasks[t] for t in (*delta.added, *delta.changed) if t in feed.tasks]
            if changed:
                table.update_rows(changed)
        if delta.events:
            if self._pane_shown("pane-log"):
                self.query_one(EventLog).add(delta.events)
            else:
                # A hidden log is written when shown: its growing size would lay out the whole screen.
                self._log_backlog.extend(delta.events)
        if delta.run_changed and feed.run is not None:
            self.run = feed.run
            self.run_id = feed.run.id
        if delta.changed or delta.added:
            self._refresh_graph()
        for escalation_id, option in delta.escalations_answered:
            self.escalations.pop(escalation_id, None)
            self.deferred.discard(escalation_id)
            if self.modal is not None and self.modal.escalation.id == escalation_id:
                modal, self.modal = self.modal, None
                modal.answered_elsewhere(option)
        for record in delta.escalations_opened:
            self.escalations[record.id] = record
            if not self._is_active():
                where = f"task {record.task_id}" if record.task_id else "the run"
                self.app.notify(f"Escalation #{record.id} ({where}): {record.problem}",
                                title="The engine needs a decision", severity="warning", markup=False)
        if delta.escalations_opened or delta.escalations_answered or delta.run_changed:
            self._show_escalations()
        self._show_run_line()
        self._show_filters()
        self._present_next()

    def _tick(self) -> None:
        """Once a second: the elapsed time on the run line moves while a run is going."""
        if self.run is not None and not self.run.finished:
            self._show_run_line()

    def _is_active(self) -> bool:
        return self.app.screen is self

    # -- the run line, filters and panes --------------------------------------------------
    def _show_run_line(self) -> None:
        feed, run = self.feed, self.run
        line = Text(no_wrap=True, overflow="ellipsis")
        if feed is None or run is None:
            line.append("No delivery run in this store yet — start one with `pmtui deliver PLAN.md`.",
                        style="dim")
            self.query_one("#run-line", Static).update(line, layout=False)
            return
        figures = self._figures
        line.append(f"{run.plan_name or run.plan_id}", style="bold")
        line.append(f" · run {run.id} · ")
        state_style = {"released": "bold green", "failed": "bold red", "waiting_for_human": "bold magenta"}
        line.append(run.state.replace("_", " "), style=state_style.get(run.state, "bold cyan"))
        if run.paused:
            line.append(" · PAUSED", style="bold yellow")
        if self.escalations:
            # What needs the user comes first: the line is cut at the terminal's width.
            line.append(f" · {len(self.escalations)} open ask(s) (e)", style="bold magenta")
        line.append(f" · {figures.done}/{figures.total} done")
        builds_on = run.config.get("builds_on")
        if isinstance(builds_on, dict) and builds_on.get("run"):
            # A changed plan's run: its own tasks above; the release it builds on holds the rest (plan_revisions).
            line.append(f" · builds on run {builds_on['run']} ({len(builds_on.get('carried') or {})} carried)")
        line.append(f" · elapsed {format_duration(_elapsed(run))}")
        if figures.estimate_s is not None and not run.finished and not run.paused and not self.escalations:
            # Paused or waiting on an answer, the time left is the user's, which no figure here knows.
            line.append(f" · ~{format_duration(figures.estimate_s)} left")
        cluster = ClusterView.from_dict(run.config.get("cluster"))
        if cluster is not None and not run.finished:
            line.append(f" · {cluster.line()}", style="bold" if cluster.free else "")
        if self.report is not None:
            line.append(f" · ${self.report.llm_spend_usd:.4f}")
        # One fixed-height line: no layout of the whole screen for it.
        self.query_one("#run-line", Static).update(line, layout=False)

    def _show_filters(self) -> None:
        table = self.query_one(TaskTable)
        line = Text(no_wrap=True, overflow="ellipsis", style="dim")
        line.append(f"sort {table.sort_column} {'▼' if table.sort_reverse else '▲'} (s)")
        families = FAMILY_FILTERS[self._family_filter]
        line.append(f" · state {'/'.join(families) if families else 'all'} (f)")
        tiers = TIER_FILTERS[self._tier_filter]
        line.append(f" · tier {'/'.join(tiers) if tiers else 'all'} (t)")
        if table.search:
            line.append(" · search ")
            line.append(repr(table.search), style="bold")
        line.append(f" · {len(table.order)} shown")
        self.query_one("#filter-line", Static).update(line, layout=False)

    def _pane_shown(self, pane: str) -> bool:
        """Whether `pane` is the active tab; a hidden pane is marked stale and drawn when shown."""
        if self.query_one(TabbedContent).active == pane:
            return True
        self._stale.add(pane)
        return False

    def _refresh_graph(self) -> None:
        if self.feed is None or not self._pane_shown("pane-graph"):
            return
        table = self.query_one(TaskTable)
        self.query_one("#graph", Static).update(
            dependency_text(table.cursor_key, table.rows, self.feed.dependents))

    def _show_detail(self, task_id: str, detail: TaskDetail | None, lines: list[Strip], width: int) -> None:
        if task_id == self.query_one(TaskTable).cursor_key:
            self.query_one(TaskDetailPane).show(detail, lines, width)

    def _show_progress(self, view: ProgressView) -> None:
        self.report = view.report
        self._progress_view = view
        if self._pane_shown("pane-progress"):
            self.query_one("#progress", Static).update(view.progress)
        if self._pane_shown("pane-release"):
            self.query_one("#release", Static).update(view.release)
        self._show_run_line()

    @on(TabbedContent.TabActivated, "#panes")
    def _pane_activated(self, event: TabbedContent.TabActivated) -> None:
        pane = event.pane.id or ""
        if pane == "pane-task":
            self._want_detail()
        if pane not in self._stale:
            return
        self._stale.discard(pane)
        if pane == "pane-graph":
            self._refresh_graph()
        elif pane == "pane-log":
            self.query_one(EventLog).add(self._log_backlog)
            self._log_backlog.clear()
        elif pane in ("pane-progress", "pane-release") and self._progress_view is not None:
            widget, content = (("#progress", self._progress_view.progress) if pane == "pane-progress"
                               else ("#release", self._progress_view.release))
            self.query_one(widget, Static).update(content)

    def on_resize(self) -> None:
        self._burnup_width = max(10, self.query_one("#panes").size.width - 8)

    def _show_escalations(self) -> None:
        widget = self.query_one("#escalation-list", Static)
        if not self.escalations:
            widget.update(Text("No open escalations.", style="dim"))
            return
        text = Text()
        for record in sorted(self.escalations.values(), key=lambda e: e.id):
            text.append(f"#{record.id} {record.task_id or 'run'}", style="bold magenta")
            text.append(f"  {record.problem}\n")
            for number, option in enumerate(record.options, start=1):
                mark = " (recommended)" if number == record.recommended else ""
                text.append(f"   {number}. {option}{mark}\n", style="bold" if mark else "")
        text.append("\nPress e to answer the first one.", style="dim")
        widget.update(text)

    # -- the task table -------------------------------------------------------------------
    @on(TaskTable.Highlighted)
    def _highlighted(self, event: TaskTable.Highlighted) -> None:
        if event.task_id is None:
            self._detail_for = None
            self.query_one(TaskDetailPane).show(None)
        elif self._detail_timer is None:
            self._detail_timer = self.set_timer(DETAIL_SETTLE_S, self._want_detail)
        else:
            self._detail_timer.reset()
        self._refresh_graph()

    def _want_detail(self) -> None:
        """Ask the feed worker for the detail of the task under the cursor (when the Task pane shows)."""
        self._detail_timer = None
        if self._pane_shown("pane-task"):
            self._detail_width = self.query_one(TaskDetailPane).text_width
            self._detail_for = self.query_one(TaskTable).cursor_key
            self._wake.set()

    @on(TaskTable.SortChanged)
    def _sorted(self) -> None:
        self._show_filters()

    def action_sort(self) -> None:
        table = self.query_one(TaskTable)
        table.sort_by(COLUMN_KEYS[(COLUMN_KEYS.index(table.sort_column) + 1) % len(COLUMN_KEYS)], reverse=False)

    def action_reverse_sort(self) -> None:
        table = self.query_one(TaskTable)
        table.sort_by(table.sort_column, reverse=not table.sort_reverse)

    def action_filter_state(self) -> None:
        self._family_filter = (self._family_filter + 1) % len(FAMILY_FILTERS)
        self._apply_filters()

    def action_filter_tier(self) -> None:
        self._tier_filter = (self._tier_filter + 1) % len(TIER_FILTERS)
        self._apply_filters()

    def _apply_filters(self) -> None:
        table = self.query_one(TaskTable)
        table.set_filter(FAMILY_FILTERS[self._family_filter], TIER_FILTERS[self._tier_filter])
        self._show_filters()

    def action_clear_filters(self) -> None:
        self._family_filter = self._tier_filter = 0
        search = self.query_one("#search", Input)
        search.value = ""
        search.display = False
        table = self.query_one(TaskTable)
        table.set_filter(None, None, "")
        table.focus()
        self._show_filters()

    def action_search(self) -> None:
        search = self.query_one("#search", Input)
        search.display = True
        search.focus()

    @on(Input.Changed, "#search")
    def _search_changed(self, event: Input.Changed) -> None:
        table = self.query_one(TaskTable)
        table.set_filter(FAMILY_FILTERS[self._family_filter], TIER_FILTERS[self._tier_filter], event.value.strip())
        self._show_filters()

    @on(Input.Submitted, "#search")
    def _search_done(self) -> None:
        search = self.query_one("#search", Input)
        if not search.value.strip():
            search.display = False
        self.query_one(TaskTable).focus()

    def action_pane(self, step: int) -> None:
        panes = self.query_one(TabbedContent)
        current = PANES.index(panes.active) if panes.active in PANES else 0
        panes.active = PANES[(current + step) % len(PANES)]

    # -- escalations ----------------------------------------------------------------------
    def on_screen_resume(self) -> None:
        self._present_next()

    def _present_next(self) -> None:
        """Push the modal for the oldest open escalation not put off, when this screen is in front."""
        if self.modal is not None or not self._is_active():
            return
        waiting = [e for e in sorted(self.escalations.values(), key=lambda e: e.id) if e.id not in self.deferred]
        if waiting:
            self._ask(waiting[0])

    def _ask(self, record: EscalationRecord) -> None:
        from pmtui.screens.escalation import EscalationModal

        self.modal = EscalationModal(record)
        self.app.push_screen(self.modal, lambda answer: self._answered(record, answer))

    def _answered(self, record: EscalationRecord, answer: EscalationAnswer | None) -> None:
        from pmtui.delivery.store import DeliveryStore, DeliveryStoreError

        self.modal = None
        if answer is None:
            # "Esc answers later" puts off every ask open now, not only this one: the founder chose to look at the
            # dashboard, and five failures in a row each popped the next modal over it. New asks still come up.
            later = set(self.escalations) | {record.id}
            self.deferred |= later
            if len(later) > 1:
                self.notify(f"{len(later)} open asks wait for you: press e to answer them.", title="Escalations")
            return
        try:
            DeliveryStore(self.pmtui.store).answer_escalation(record.id, answer.option, answer.note)
        except DeliveryStoreError as error:
            self.notify(f"{error}", title="Escalation", severity="error", markup=False)
        else:
            self.escalations.pop(record.id, None)
            self.notify(f"Escalation #{record.id}: option {answer.option} — {record.options[answer.option - 1]}",
                        title="Answered", markup=False)
            self._wake.set()
        self._show_escalations()
        self.call_after_refresh(self._present_next)

    def action_answer(self) -> None:
        if not self.escalations:
            self.notify("No open escalations.", title="Escalations")
            return
        if self.modal is None:
            self._ask(min(self.escalations.values(), key=lambda e: e.id))

    # -- controls -------------------------------------------------------------------------
    def _control(self, name: str, *args: Any) -> bool:
        from pmtui.delivery import controls
        from pmtui.store import StoreError

        if self.run is None:
            self.notify("No run to control yet.", severity="warning")
            return False
        try:
            getattr(controls, name)(self.pmtui.store, self.run.id, *args)
        except StoreError as error:
            self.notify(str(error), title="Control", severity="error", markup=False)
            return False
        self._wake.set()
        return True

    def action_pause(self) -> None:
        if self.run is None:
            self.notify("No run to control yet.", severity="warning")
            return
        paused = self.run.paused
        self._control("request_resume" if paused else "request_pause")
        self.notify("Dispatch resumed." if paused else "Dispatch paused: running tasks finish their step.",
                    title="Run")

    def _selected(self) -> str | None:
        task_id = self.query_one(TaskTable).cursor_key
        if task_id is None:
            self.notify("Select a task first.", severity="warning")
        return task_id

    def action_retry(self) -> None:
        task_id = self._selected()
        if task_id is not None and self._control("request_retry", task_id):
            self.notify(f"{task_id} runs again with a fresh retry budget as soon as the run is delivered "
                        "(`pmtui deliver` of this plan applies it).", title="Retry", markup=False)

    def action_skip(self) -> None:
        from pmtui.screens.modals import TextInputModal

        task_id = self._selected()
        if task_id is None:
            return

        def skip(reason: str | None) -> None:
            if reason:
                self._control("request_skip", task_id, reason)

        self.app.push_screen(
            TextInputModal(f"Skip {task_id}", "Why skip it? The reason is recorded and shown on the tasks "
                           "it blocks.", placeholder="reason", empty="Please type why (Esc cancels)."),
            skip,
        )

    def action_open_repo(self) -> None:
        if self.run is None:
            self.notify("No run yet.", severity="warning")
            return
        repo = self.run.repo
        self.app.copy_to_clipboard(repo)
        self.app.open_url(f"file://{repo}")
        self.notify(f"{repo} (copied to the clipboard)", title="Repository", markup=False)

    async def action_close(self) -> None:
        """Back to where the user came from; the dashboard a command opened (`pmtui deliver`, `watch`, `demo`)
        ends the program instead of leaving the user on an unrelated project list."""
        if len(self.app.screen_stack) > 2 and self.pmtui.command_dashboard is not self:
            self.dismiss(None)
        else:
            await self.app.action_quit()  # the app's quit asks first while a delivery runs here


def _elapsed(run: RunRecord) -> float:
    return seconds_between(run.created_at, run.finished_at)


def _clip(line: str, width: int = REPORT_LINE_CHARS) -> str:
    return line if len(line) <= width else line[: width - 1] + "…"


def _estimate_text(estimate: float | None, finished: bool) -> str:
    if finished:
        return ""
    if estimate is None:
        return " · remaining: no completed task to estimate from yet"
    return f" · about {format_duration(estimate)} remaining (average task time)"
