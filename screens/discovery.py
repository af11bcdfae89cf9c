"""The discovery interview: chat log, answer input, and the summary sidebar filling in live."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from pmtui.screens.base import ConversationScreen
from pmtui.widgets.chat_log import ChatLog
from pmtui.widgets.choice_bar import ChoiceBar
from pmtui.widgets.key_footer import KeyFooter
from pmtui.widgets.message_input import MessageInput
from pmtui.widgets.status_bar import StatusBar
from pmtui.widgets.summary_sidebar import SummarySidebar

REVISE_HINT = "Say what to change, e.g. “the target user is night-shift ICU nurses”"


class DiscoveryScreen(ConversationScreen):
    CSS_PATH = "discovery.tcss"
    PHASE = "discovery"
    AUTO_FOCUS = "#message"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+y", "confirm", "Looks right", id="discovery.confirm"),
        Binding("ctrl+e", "revise", "Revise", id="discovery.revise"),
        Binding("ctrl+b", "toggle_sidebar", "Summary", id="discovery.sidebar"),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="discovery-main"):
            with Vertical(id="conversation"):
                yield ChatLog(id="chat")
                yield ChoiceBar(id="choices")
                with Horizontal(id="summary-actions"):
                    yield Static("Does this summary look right?", id="summary-question")
                    yield Button("Looks right", id="looks-right", variant="success")
                    yield Button("Revise", id="revise", variant="default")
                yield MessageInput(placeholder=self.input_placeholder(), id="message")
            yield SummarySidebar(id="sidebar")
        yield StatusBar()
        yield KeyFooter()

    async def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#chat", ChatLog).load(m for m in self.state.messages if m.phase == "discovery")
        await self.show_choices()
        self.turn_done()

    def input_placeholder(self) -> str:
        if self.state.discovery_summary_shown:
            return "Say “looks right”, or what to change"
        return "Type your answer and press Enter"

    def turn_done(self) -> None:
        self.query_one(SummarySidebar).show(self.state.discovery_summary, self.state.completeness)
        self.query_one("#summary-actions").display = self.state.discovery_summary_shown
        self.query_one("#message", Input).placeholder = self.input_placeholder()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("confirm", "revise"):
            return self.state.discovery_summary_shown and not self.thinking
        return True

    @on(Button.Pressed, "#looks-right")
    def action_confirm(self) -> None:
        if self.thinking:
            return
        self.query_one("#chat", ChatLog).add_user("Looks right.")
        self.run_turn("confirm")

    @on(Button.Pressed, "#revise")
    def action_revise(self) -> None:
        message = self.query_one("#message", Input)
        message.placeholder = REVISE_HINT
        message.focus()
        self.notify("Type what to change in the summary and press Enter.", title="Revise")

    def action_toggle_sidebar(self) -> None:
        self.query_one(SummarySidebar).toggle_class("-hidden")
