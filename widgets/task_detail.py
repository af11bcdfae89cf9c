"""The task detail pane: contract, state timeline, gate results, review note, diff stat, agent output,
commit and tag of the selected task. Text from agents and plans is never parsed as markup."""

from __future__ import annotations

import io

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from pmtui.delivery.feed import TaskDetail, state_family
from pmtui.delivery.nodes import LOCAL_NODE, NodeRef
from pmtui.widgets.line_style import LineStyleCache
from pmtui.widgets.task_table import FAMILY_STYLES, format_duration

EVIDENCE_LINES = 4
PLACEHOLDER = "Select a task to see its contract, timeline and gates."


def _heading(text: str) -> Text:
    return Text(text, style="bold underline")


def _bullets(items: list[str], empty: str = "none") -> Text:
    if not items:
        return Text(f"  {empty}", style="dim")
    return Text("\n".join(f"  • {item}" for item in items))


def _clock(stamp: str) -> str:
    """HH:MM:SS of a stored ISO timestamp (the stored value, never the wall clock)."""
    return stamp[11:19] if len(stamp) >= 19 else stamp


def detail_renderable(detail: TaskDetail) -> RenderableType:
    task = detail.task
    parts: list[RenderableType] = []
    title = Text()
    title.append(f"{task.task_id} ", style="bold")
    title.append(task.title, style="bold")
    parts.append(title)
    meta = Text()
    meta.append(f"{task.tier}", style="bold" if task.tier == "critical" else "")
    meta.append(" · ")
    meta.append(task.state.value.replace("_", " "), style=FAMILY_STYLES.get(state_family(task.state.value), ""))
    meta.append(f" · attempt {task.attempts}/{task.retry_budget + 1}")
    result = detail.attempts[-1].agent_result if detail.attempts else None
    if result is not None:
        # Whether the agent could write only its worktree (bubblewrap) or ran unconfined; pmtui's own in-process agent
        # (the demo's, the built-in LLM agent) starts no program, so there is nothing to confine or warn about.
        if result.sandboxed or not result.in_process:
            meta.append(" · sandboxed" if result.sandboxed else " · unconfined",
                        style="" if result.sandboxed else "yellow")
        else:
            meta.append(" · in-process agent", style="dim")
    if task.ownership:
        meta.append(f" · area {task.ownership}")
    duration = task.duration_ms / 1000 if task.duration_ms is not None else None
    if duration is not None:
        meta.append(f" · {format_duration(duration)}")
    parts.append(meta)
    latest = detail.attempts[-1] if detail.attempts else None
    if latest is not None and latest.node != LOCAL_NODE:
        node = NodeRef(latest.node, latest.node_name)
        parts.append(Text(f"node: {node.label()} · attempt {latest.attempt}", style="dim"))
    if task.tier_reason:
        # "tier normal from the plan" says what it is; "escalated to critical by the review gate" needs the label.
        reason = task.tier_reason
        parts.append(Text(reason if reason.startswith("tier ") else f"tier: {reason}", style="dim"))

    contract = task.contract
    parts.append(Text())
    parts.append(_heading("Contract"))
    if contract is None:
        parts.append(Text("  no contract recorded", style="dim"))
    else:
        if contract.description:
            parts.append(Text(f"  {contract.description}"))
        parts.append(Text("Acceptance criteria"))
        parts.append(_bullets(contract.acceptance_criteria))
        files = [f"create {p}" for p in contract.expected_files.create]
        files += [f"modify {p}" for p in contract.expected_files.modify]
        files += [f"delete {p}" for p in contract.expected_files.delete]
        parts.append(Text("Files"))
        parts.append(_bullets(files))
        parts.append(Text("Non-goals"))
        parts.append(_bullets(contract.non_goals))

    parts.append(Text())
    parts.append(_heading("Timeline"))
    if detail.transitions:
        timeline = Text()
        for record in detail.transitions:
            timeline.append(f"  {_clock(record.created_at)} ", style="dim")
            timeline.append(record.to_state.value.replace("_", " "),
                            style=FAMILY_STYLES.get(state_family(record.to_state.value), ""))
            if record.reason:
                timeline.append(f"\n      {record.reason}")
            timeline.append("\n")
        timeline.rstrip()
        parts.append(timeline)
    else:
        parts.append(Text("  not started", style="dim"))

    parts.append(Text())
    parts.append(_heading("Gates"))
    gated = [a for a in detail.attempts if a.gate_results]
    if gated:
        gates = Table(box=None, padding=(0, 1), expand=True, header_style="bold")
        gates.add_column("try", no_wrap=True)
        gates.add_column("gate", no_wrap=True)
        gates.add_column("result", no_wrap=True)
        gates.add_column("evidence", ratio=1)
        for attempt in gated:
            for gate in attempt.gate_results:
                verdict = Text("pass", style="green") if gate.passed else Text("FAIL", style="bold red")
                evidence = Text("\n".join(gate.evidence[:EVIDENCE_LINES]))
                gates.add_row(str(attempt.attempt), gate.gate, verdict, evidence)
        parts.append(gates)
    else:
        parts.append(Text("  no gate run yet", style="dim"))

    if task.review_note is not None:
        parts.append(Text())
        parts.append(_heading("Review note"))
        parts.append(Text(task.review_note.summary))
        if task.review_note.risks:
            parts.append(_bullets(task.review_note.risks))
        if task.review_note.rollback:
            parts.append(Text(f"rollback: {task.review_note.rollback}", style="dim"))

    for escalation in detail.escalations:
        parts.append(Text())
        answered = (f"answered: option {escalation.answer}" if escalation.answer is not None else "open")
        parts.append(_heading(f"Escalation #{escalation.id} ({answered})"))
        parts.append(Text(escalation.problem))

    parts.append(Text())
    parts.append(_heading("Commit"))
    if detail.commit is not None:
        line = Text()
        line.append(detail.commit.sha[:12], style="bold")
        line.append(" " + detail.commit.message.split("\n", 1)[0])
        parts.append(line)
        if task.tag:
            parts.append(Text(f"tag {task.tag}", style="bold green"))
        if detail.diff_stat:
            parts.append(Text(detail.diff_stat))
    else:
        parts.append(Text("  no commit yet", style="dim"))

    parts.append(Text())
    parts.append(_heading("Agent output"))
    parts.append(Text(detail.output_tail or "  no output yet", style="" if detail.output_tail else "dim"))
    return Group(*parts)


def detail_lines(detail: TaskDetail | None, width: int) -> list[Strip]:
    """The detail rendered to lines of `width` cells: done in the feed worker, so showing a task
    costs the UI thread no measuring and no wrapping, only a repaint of the pane."""
    renderable = detail_renderable(detail) if detail is not None else Text(PLACEHOLDER, style="dim")
    console = Console(width=max(1, width), file=io.StringIO(), force_terminal=True, color_system="truecolor",
                      legacy_windows=False, markup=False, highlight=False, emoji=False)
    return [Strip(line) for line in console.render_lines(renderable, console.options, pad=False)]


class TaskDetailPane(LineStyleCache, ScrollView, can_focus=True):
    """Shows one TaskDetail as pre-rendered lines (Line API); `show(None)` when no task is selected."""

    # The vertical scrollbar is always there: a detail that grows (the agent's output, the gates) then never
    # changes the pane's layout, so its new height is a repaint of the pane, not a layout of the screen.
    DEFAULT_CSS = """
    TaskDetailPane { padding: 0 1; scrollbar-size-vertical: 1; overflow-x: hidden; overflow-y: scroll; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.detail: TaskDetail | None = None
        self.lines: list[Strip] = []
        self._width = 0
        self._cache: dict[int, Strip] = {}

    @property
    def text_width(self) -> int:
        """The width the detail is wrapped to: the pane less its padding and its scrollbar, shown or not."""
        return max(20, self.outer_size.width - 3)

    @property
    def plain(self) -> str:
        return "\n".join(strip.text.rstrip() for strip in self.lines)

    def on_mount(self) -> None:
        self.show(None)

    def show(self, detail: TaskDetail | None, lines: list[Strip] | None = None, width: int = 0) -> None:
        """Show `detail`; pass the `lines` of detail_lines(detail, width) built off the UI thread (they
        are used when `width` is still the pane's text width)."""
        self.detail = detail
        if lines is None or width != self.text_width:
            width, lines = self.text_width, detail_lines(detail, self.text_width)
        self.lines, self._width = lines, width
        self._cache.clear()
        size = Size(0, len(self.lines))
        if size != self.virtual_size:
            # Set without the reactive's layout of the whole screen (40-45 ms a time during a live run): with
            # the scrollbar always shown nothing moves, only the scrollbar's range (Textual 8.2.8's own way
            # in Widget._size_updated).
            self.set_reactive(Widget.virtual_size, size)
            self._scroll_update(size)
        self.refresh()

    def on_resize(self) -> None:
        if self.detail is not None and self._width != self.text_width:
            self.show(self.detail)

    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_y) + y
        strip = self._cache.get(index)
        if strip is None:
            base = self.line_style
            line = self.lines[index] if index < len(self.lines) else Strip.blank(0)
            strip = line.apply_style(base).adjust_cell_length(self.size.width, base)
            if len(self._cache) > 200:
                self._cache.clear()
            self._cache[index] = strip
        return strip
