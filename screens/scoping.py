"""Scoping: the RICE table with the MVP cut line, in-place edits, the side panel and the argue-back chat."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import Button, DataTable, Input, Label, Static, TabbedContent, TabPane

from pmtui.models import Feature, ScopingOutput
from pmtui.screens.base import ConversationScreen
from pmtui.widgets.chat_log import ChatLog
from pmtui.widgets.choice_bar import ChoiceBar
from pmtui.widgets.key_footer import KeyFooter
from pmtui.widgets.message_input import MessageInput
from pmtui.widgets.status_bar import StatusBar

CUT_ROW = "__cut__"
FEATURE_WIDTH = 24
COLUMNS: tuple[tuple[str, str], ...] = (
    ("priority", "Pri"),
    ("phase", "Ph"),
    ("feature", "Feature"),
    ("reach", "Reach"),
    ("impact", "Impact"),
    ("confidence", "Conf"),
    ("effort", "Effort"),
    ("score", "RICE"),
    ("source", "Src"),
)
EDITABLE = ("priority", "phase", "reach", "impact", "confidence", "effort")
RICE_FIELDS = ("reach", "impact", "confidence", "effort")
FIELD_LABELS = {
    "priority": "Priority",
    "phase": "Phase",
    "reach": "Reach (users per quarter)",
    "impact": "Impact (0.25, 0.5, 1, 2, 3)",
    "confidence": "Confidence (0–100%)",
    "effort": "Effort (person-weeks)",
}
SOURCE_MARK = {"stated": "S", "estimated": "E", "edited": "✎"}


def number(value: float) -> str:
    """1200 → '1,200', 2.0 → '2', 0.25 → '0.25'."""
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def cell_value(feature: Feature, field: str) -> str:
    """The text an editor starts with for one editable cell."""
    if field == "confidence":
        return f"{round(feature.rice_confidence * 100)}%"
    if field in RICE_FIELDS:
        return number(getattr(feature, f"rice_{field}")).replace(",", "")
    return str(getattr(feature, field))


def source_marks(feature: Feature) -> Text:
    """One mark per RICE value (reach, impact, confidence, effort): S stated, E estimated, ✎ edited."""
    text = Text(no_wrap=True)
    for field in RICE_FIELDS:
        source = feature.provenance.get(field)
        kind = source.source if source else "estimated"
        style = {"stated": "bold green", "edited": "bold yellow"}.get(kind, "dim")
        text.append(SOURCE_MARK[kind], style=style)
    return text


class CellEditor(Input):
    """The inline editor under the table; escape cancels it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel edit", id="scoping.cancel_edit"),
    ]

    class Cancelled(Message):
        """The user left the editor without saving."""

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())


class ScopingScreen(ConversationScreen):
    CSS_PATH = "scoping.tcss"
    PHASE = "scoping"
    AUTO_FOCUS = "#features"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "edit", "Edit cell", id="scoping.edit"),
        Binding("p", "toggle_panel", "Details", id="scoping.panel"),
        Binding("ctrl+g", "agree", "Agree", id="scoping.agree"),
    ]

    editing: tuple[str, str] | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="scope-top"):
            with Vertical(id="table-col"):
                table: DataTable[Any] = DataTable(id="features", cursor_type="cell", zebra_stripes=True)
                for key, label in COLUMNS:
                    table.add_column(label, key=key, width=FEATURE_WIDTH if key == "feature" else None)
                yield Static("", id="table-caption", markup=False)
                yield table
                yield Static("", id="detail", markup=False)
                with Vertical(id="editor"):
                    yield Label("", id="editor-label", markup=False)
                    yield CellEditor(id="cell-input")
                    yield Static("", id="editor-error", classes="error-line", markup=False)
            with TabbedContent(id="side"):
                with TabPane("Cut", id="tab-cut"):
                    yield VerticalScroll(Static(id="cut-list", markup=False))
                with TabPane("Comparables", id="tab-comparables"):
                    yield VerticalScroll(Static(id="comparable-list", markup=False))
                with TabPane("Flow", id="tab-flow"):
                    yield VerticalScroll(Static(id="flow-list", markup=False))
                with TabPane("Phases", id="tab-phases"):
                    yield VerticalScroll(Static(id="phase-list", markup=False))
        with Vertical(id="argue"):
            yield ChatLog(id="chat")
            yield ChoiceBar(id="choices")
            with Horizontal(id="argue-bar"):
                yield Static("", id="round", markup=False)
                yield MessageInput(placeholder=self.input_placeholder(), id="message")
                yield Button("Agree", id="agree", variant="success")
        yield StatusBar()
        yield KeyFooter()

    async def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#chat", ChatLog).load(m for m in self.state.messages if m.phase == "scoping")
        await self.show_choices()
        self.turn_done()
        # Typing goes to the argue-back chat; the table's single-key bindings would swallow a sentence.
        self.query_one("#message", Input).focus()

    def input_placeholder(self) -> str:
        return "Push back, ask, or say “agreed”"

    def turn_done(self) -> None:
        if self.state.scoping_output is not None:
            self.show_output(self.state.scoping_output)
        rounds = self.state.negotiation_rounds
        self.query_one("#round", Static).update(
            Text.assemble(("Round ", "dim"), (f"{rounds}/{self.state.max_negotiation_rounds}", "bold"))
        )

    # -- the table ------------------------------------------------------------------------
    def show_output(self, output: ScopingOutput, keep: str | None = None) -> None:
        """Fill the table in score order with the cut line, and the side panel; keep the cursor on `keep`."""
        from pmtui.product.rice import cut_line_index, phase_effort

        table = self.query_one("#features", DataTable)
        column = table.cursor_column
        keep = keep or self.current_feature()
        cut = cut_line_index(output)
        with self.app.batch_update():
            table.clear()
            for index, feature in enumerate(output.mvp_features):
                if index == cut:
                    self._add_cut_row(table, phase_effort(output, 1), output.effort_budget_weeks)
                table.add_row(*self._cells(feature), key=feature.name)
            if cut >= len(output.mvp_features):
                self._add_cut_row(table, phase_effort(output, 1), output.effort_budget_weeks)
            if keep and keep in table.rows:
                table.move_cursor(row=table.get_row_index(keep), column=column)
        caption = Text(no_wrap=True, overflow="ellipsis")
        caption.append(
            f"MVP cut line: Phase 1 = {number(phase_effort(output, 1))} of "
            f"{number(output.effort_budget_weeks)} person-weeks",
            style="bold yellow",
        )
        self.query_one("#table-caption", Static).update(caption)
        self._show_side(output)
        self._show_detail()

    @staticmethod
    def _cells(feature: Feature) -> list[Text | str]:
        priority_style = {"P0": "bold green", "P1": "yellow", "P2": "dim"}[feature.priority]
        return [
            Text(feature.priority, style=priority_style),
            str(feature.phase),
            Text(feature.name, no_wrap=True, overflow="ellipsis"),
            Text(number(feature.rice_reach), justify="right"),
            Text(number(feature.rice_impact), justify="right"),
            Text(f"{round(feature.rice_confidence * 100)}%", justify="right"),
            Text(number(feature.rice_effort), justify="right"),
            Text(number(feature.rice_score), style="bold", justify="right"),
            source_marks(feature),
        ]

    @staticmethod
    def _add_cut_row(table: DataTable[Any], used: float, budget: float) -> None:
        style = "bold yellow"
        label = f"── MVP cut {number(used)}/{number(budget)} pw " + "─" * FEATURE_WIDTH
        line = Text(label[:FEATURE_WIDTH], style=style, no_wrap=True)
        cells = [Text("─" * len(title), style=style) for _, title in COLUMNS]
        cells[2] = line
        table.add_row(*cells, key=CUT_ROW)

    def current_feature(self) -> str | None:
        table = self.query_one("#features", DataTable)
        if table.row_count == 0:
            return None
        row_key, _ = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0))
        return None if row_key.value in (None, CUT_ROW) else str(row_key.value)

    def current_field(self) -> str:
        table = self.query_one("#features", DataTable)
        return COLUMNS[table.cursor_column][0]

    @on(DataTable.CellHighlighted, "#features")
    def _show_detail(self) -> None:
        detail = self.query_one("#detail", Static)
        output = self.state.scoping_output
        name = self.current_feature()
        feature = output.feature(name) if output and name else None
        if feature is None:
            detail.update(Text("The cut line: Phase 1 holds what fits the effort budget.", style="dim"))
            return
        text = Text()
        text.append(feature.name, style="bold")
        if feature.description and feature.description.strip().lower() != feature.name.lower():
            text.append(f" — {feature.description}")
        for field in RICE_FIELDS:
            source = feature.provenance.get(field)
            kind = source.source if source else "estimated"
            text.append(f"\n{SOURCE_MARK[kind]} {field.capitalize()}: {kind}", style="" if kind == "estimated" else "bold")
            if source and source.reason:
                text.append(f" — {source.reason}", style="dim")
        detail.update(text)

    # -- the side panel -------------------------------------------------------------------
    def _show_side(self, output: ScopingOutput) -> None:
        cut = Text()
        for item in output.cut_features:
            cut.append(f"✗ {item.name}\n", style="bold")
            cut.append(f"  {item.reason}\n\n")
        self.query_one("#cut-list", Static).update(cut if output.cut_features else Text("Nothing cut.", style="dim"))
        comparables = Text()
        for product in output.comparable_products:
            comparables.append(f"{product.name}\n", style="bold")
            if product.description:
                comparables.append(f"  {product.description}\n")
            if product.url:
                comparables.append(f"  {product.url}\n", style="underline dim")
            comparables.append("\n")
        self.query_one("#comparable-list", Static).update(
            comparables if output.comparable_products else Text("No comparable products found.", style="dim")
        )
        flow = Text()
        flow.append("Core user flow\n", style="bold")
        for step, flow_step in enumerate(output.core_user_flow, start=1):
            flow.append(f"{step}. {flow_step}\n")
        flow.append("\nKey screens\n", style="bold")
        for key_screen in output.key_screens:
            flow.append(f"• {key_screen}\n")
        self.query_one("#flow-list", Static).update(flow)
        phases = Text()
        for phase in output.implementation_phases:
            phases.append(f"Phase {phase.phase_number}: {phase.name}", style="bold")
            phases.append(f"  ~{number(phase.estimated_weeks)} weeks\n", style="dim")
            phases.append(f"  {phase.goal}\n")
            if phase.features:
                phases.append(f"  {', '.join(phase.features)}\n", style="dim")
            phases.append("\n")
        self.query_one("#phase-list", Static).update(phases)

    def action_toggle_panel(self) -> None:
        self.toggle_class("-panel")

    # -- editing --------------------------------------------------------------------------
    @on(DataTable.CellSelected, "#features")
    def action_edit(self) -> None:
        if self.thinking:
            return
        name = self.current_feature()
        field = self.current_field()
        output = self.state.scoping_output
        feature = output.feature(name) if output and name else None
        if feature is None:
            return
        if field not in EDITABLE:
            self.notify(
                "Reach, impact, confidence, effort, priority and phase can be edited; move to one of those.",
                severity="warning",
            )
            return
        self.editing = (feature.name, field)
        self.query_one("#editor-label", Label).update(Text.assemble(
            (FIELD_LABELS[field], "bold"), " of ", (feature.name, "bold"),
        ))
        editor = self.query_one("#cell-input", CellEditor)
        editor.value = cell_value(feature, field)
        editor.remove_class("-invalid")
        self.query_one("#editor-error", Static).update(Text("enter saves · esc cancels", style="dim"))
        self.query_one("#table-col").add_class("-editing")
        editor.focus()

    @on(Input.Submitted, "#cell-input")
    def _save_edit(self, event: Input.Submitted) -> None:
        event.stop()
        from pmtui.product.rice import EditRejected

        if self.editing is None:
            return
        name, field = self.editing
        try:
            output = self.orchestrator.edit_feature(self.project_id, name, field, event.value)
        except EditRejected as exc:
            event.input.add_class("-invalid")
            self.query_one("#editor-error", Static).update(Text(str(exc)))
            self.notify(f"{exc}. Nothing was saved.", title="Edit refused", severity="error")
            return
        self._close_editor()
        self.reload_state()
        self.show_output(output, keep=name)
        self.refresh_status()
        self.notify(f"{FIELD_LABELS[field].split(' (')[0]} of {name} set to {event.value.strip()}.")

    @on(CellEditor.Cancelled)
    def _cancel_edit(self) -> None:
        self._close_editor()

    def _close_editor(self) -> None:
        self.editing = None
        self.query_one("#table-col").remove_class("-editing")
        self.query_one("#features", DataTable).focus()

    # -- argue-back -----------------------------------------------------------------------
    @on(Button.Pressed, "#agree")
    def action_agree(self) -> None:
        if self.thinking:
            return
        self.query_one("#chat", ChatLog).add_user("Agreed — let's go with this scope.")
        self.run_turn("agree")

    def set_thinking(self, thinking: bool) -> None:
        super().set_thinking(thinking)
        self.query_one("#agree", Button).disabled = thinking
