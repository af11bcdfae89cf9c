"""F1 help: every key of the screen it was opened from, with what it does, and a short tour."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from pmtui.widgets.key_footer import KeyFooter

TOUR = (
    "pmtui takes an idea to a spec in three phases.\n\n"
    "1 Discovery — the PM interviews you, one question at a time. The sidebar fills in the eight "
    "aspects of your idea; when enough is known you confirm a summary (Looks right) or revise it.\n"
    "2 Scoping — a RICE-scored MVP: edit any reach, impact, confidence, effort, priority or phase "
    "cell (enter or e), push back in the chat (up to 3 rounds), then Agree.\n"
    "3 Spec — the phased spec and a delivery plan; export them (x) or copy the spec (c).\n\n"
    "F2, F3 and F4 (or 1, 2 and 3 outside a text field) switch between the phases a project has reached; Esc goes back to the projects; "
    "ctrl+p lists every action."
)


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "dismiss_help", "Close help", id="help.close"),
    ]

    def __init__(self, screen_name: str, bindings: list[Binding], widget_bindings: list[Binding] | None = None) -> None:
        super().__init__()
        self.screen_name = screen_name
        self.key_bindings = bindings
        self.widget_bindings = widget_bindings or []

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(f"Keys — {self.screen_name.removesuffix('Screen')}", classes="section-title")
            yield Static(self._keys_text(self.key_bindings), id="help-keys", markup=False)
            if self.widget_bindings:
                yield Static("In the focused widget", classes="section-title")
                yield Static(self._keys_text(self.widget_bindings), id="help-widget-keys", markup=False)
            yield Static("Tour", classes="section-title")
            yield Static(Text(TOUR), id="help-tour", markup=False)
        yield KeyFooter()

    def key_rows(self, bindings: list[Binding]) -> list[tuple[str, str]]:
        """(key, description) for every described binding, once each."""
        rows: list[tuple[str, str]] = []
        for binding in bindings:
            if not binding.description or binding.system:
                continue
            row = (binding.key_display or self.app.get_key_display(binding), binding.description)
            if row not in rows:
                rows.append(row)
        return rows

    def _keys_text(self, bindings: list[Binding]) -> Text:
        rows = self.key_rows(bindings)
        width = max((len(key) for key, _ in rows), default=0) + 3
        text = Text()
        for index, (key, description) in enumerate(rows):
            text.append(key.ljust(width), style="bold")
            text.append(description + ("\n" if index < len(rows) - 1 else ""))
        return text

    def action_dismiss_help(self) -> None:
        self.dismiss(None)
