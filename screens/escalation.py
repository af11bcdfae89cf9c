"""The escalation modal: the engine asks the human (Problem, Impact, Options, Recommended, Blocking).

EscalationModal(escalation) returns an EscalationAnswer (1-based option, note) or None when the
human answers later (Esc). The caller stores the answer with DeliveryStore.answer_escalation; the
dashboard calls answered_elsewhere(option) when `pmtui answer` got there first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from pmtui.screens.styling import StyledOnce
from pmtui.widgets.message_input import MessageInput

if TYPE_CHECKING:
    from pmtui.delivery.store import EscalationRecord

MAX_OPTION_KEYS = 9


@dataclass(frozen=True)
class EscalationAnswer:
    """The human's choice: the option number (from 1, as in `pmtui answer`) and an optional note."""

    option: int
    note: str = ""


class EscalationModal(StyledOnce, ModalScreen["EscalationAnswer | None"]):
    """Answer an escalation by key (1–N) or button; the recommended option has the focus."""

    CSS_PATH = "escalation.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "later", "Answer later", id="escalation.later"),
        *(
            Binding(str(n), f"choose({n})", f"Option {n}", show=False, id=f"escalation.option_{n}")
            for n in range(1, MAX_OPTION_KEYS + 1)
        ),
    ]

    def __init__(self, escalation: EscalationRecord) -> None:
        super().__init__()
        self.escalation = escalation
        self._settled = False

    def compose(self) -> ComposeResult:
        escalation = self.escalation
        where = f"task {escalation.task_id}" if escalation.task_id else "the run"
        count = len(escalation.options)
        with Vertical(classes="dialog", id="escalation-dialog"):
            yield Label(Text(f"Escalation {escalation.id} · {where} · the engine needs a decision"),
                        classes="dialog-title")
            with VerticalScroll(id="escalation-body"):
                # The four facts in one widget: each widget of a modal costs its compose, restyle and layout
                # on the UI thread while the run goes on behind it.
                yield Static(self._facts(), id="facts")
                yield Label("Options", classes="fact-name")
                # The option buttons and the note come in the next frames (_mount_options, _mount_note):
                # the whole modal in one go held the event loop for 58-74 ms while the run went on.
                yield Vertical(id="options")
            with Horizontal(classes="dialog-buttons"):
                keys = f"1–{count}" if count > 1 else "1"
                yield Static(Text(f"Keys {keys} answer · Esc answers later"), id="escalation-keys")
                yield Button("Answer later", id="later")

    def _option_buttons(self) -> list[Button]:
        escalation = self.escalation
        buttons = []
        for number, text in enumerate(escalation.options, start=1):
            chosen = number == escalation.recommended
            label = Text(f"{number}. {text}" + ("  (recommended)" if chosen else ""))
            buttons.append(Button(label, id=f"option-{number}", variant="primary" if chosen else "default",
                                  classes="option -recommended" if chosen else "option"))
        return buttons

    async def _mount_options(self) -> None:
        if self._settled:
            return
        await self.query_one("#options", Vertical).mount_all(self._option_buttons())
        # Focused without scrolling to it: on a short terminal the problem and its impact, read first, stay in view
        # (the keys answer whatever is scrolled).
        self.query_one(f"#option-{self.escalation.recommended}", Button).focus(scroll_visible=False)
        self.call_after_refresh(self._mount_note)

    async def _mount_note(self) -> None:
        if self._settled:
            return
        # An option that sends the finding to the agent starts the note as the finding: the human adds the fix.
        suggested = self.escalation.suggested_note()
        label = ("Note (pre-filled with the finding: add how to fix it; the agent reads it)" if suggested
                 else "Note (optional; on a retry the agent reads it)")
        await self.query_one("#escalation-body", VerticalScroll).mount_all([
            Label(label, classes="fact-name"),
            # Focusing a pre-filled note must not select it: the first key typed would replace the finding.
            # A pasted note keeps every line (a stack trace, steps to take), as the chat's box does.
            MessageInput(value=f"{suggested}. " if suggested else "", placeholder="e.g. use the simpler approach", id="note",
                         select_on_focus=False),
        ])

    def _facts(self) -> Table:
        """Problem, Impact, Blocking and Recommended as a two-column grid (texts as typed, never markup)."""
        escalation = self.escalation
        facts = Table.grid(padding=(0, 2))
        facts.add_column(width=11, style="bold dim", no_wrap=True)
        facts.add_column(ratio=1)
        recommended = escalation.options[escalation.recommended - 1]
        facts.add_row("Problem", Text(escalation.problem))
        facts.add_row("Impact", Text(escalation.impact or "not stated"))
        theme = self.app.current_theme
        facts.add_row("Blocking", Text(self._blocking_text(), style=(theme.warning or "") if escalation.blocking else ""))
        facts.add_row("Recommended", Text(f"{escalation.recommended}. {recommended}", style=f"bold {theme.success}"))
        return facts

    def _blocking_text(self) -> str:
        if self.escalation.blocking:
            return "yes — the task and its dependents wait for this answer"
        return "no — delivery goes on meanwhile"

    def on_mount(self) -> None:
        self.call_after_refresh(self._mount_options)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Digits typed in the note are text, not answers; and only existing options have keys.
        if action == "choose":
            if isinstance(self.focused, Input):
                return False
            number = parameters[0] if parameters else 0
            return isinstance(number, int) and 1 <= number <= len(self.escalation.options)
        return True

    @property
    def note(self) -> str:
        notes = self.query("#note").results(Input)
        return next((MessageInput.said(note.value) for note in notes), "")

    def action_choose(self, number: int) -> None:
        if self._settled or not 1 <= number <= len(self.escalation.options):
            return
        refused = self.escalation.note_refusal(number, self.note)
        if refused:
            # The store would refuse it, and the modal would close with what was typed: ask for the note here.
            notes = self.query("#note").results(Input)
            for note in notes:
                note.focus()
            offered = self.escalation.agents_offered(number)
            what = (f"name one of {', '.join(offered)} in the note field" if offered
                    else "type it in the note field")
            self.notify(f"Option {number} sends your note to the agent: {what}, then press Enter and choose again.",
                        title="A note is needed", severity="warning", markup=False)
            return
        self._settled = True
        self.dismiss(EscalationAnswer(number, self.note))

    def action_later(self) -> None:
        if self._settled:
            return
        self._settled = True
        self.dismiss(None)

    @on(Button.Pressed, ".option")
    def _option_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_choose(int(str(event.button.id).removeprefix("option-")))

    @on(Button.Pressed, "#later")
    def _later_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_later()

    @on(Input.Submitted, "#note")
    def _note_done(self, event: Input.Submitted) -> None:
        # Enter in the note returns to the options, so a key or Enter then answers.
        event.stop()
        self.query_one(f"#option-{self.escalation.recommended}", Button).focus()

    def answered_elsewhere(self, option: int) -> None:
        """The escalation was answered outside this modal (`pmtui answer`): say so and close."""
        if self._settled:
            return
        self._settled = True
        options = self.escalation.options
        text = options[option - 1] if 1 <= option <= len(options) else "an option"
        self.app.notify(f"Escalation {self.escalation.id} was answered elsewhere: option {option} — {text}",
                        title="Escalation answered", markup=False)
        if self.app.screen is not self and self in self.app.screen_stack:
            self.pop_until_active()
        self.dismiss(None)
