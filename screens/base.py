"""What the three phase screens (discovery, scoping, spec) share: the project, the status bar, phase keys."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Input

from pmtui.models import ConversationState
from pmtui.screens.styling import StyledOnce
from pmtui.widgets.chat_log import ChatLog, PMMessage
from pmtui.widgets.choice_bar import ChoiceBar
from pmtui.widgets.message_input import MessageInput
from pmtui.widgets.status_bar import StatusBar

if TYPE_CHECKING:
    from pmtui.app import PmtuiApp
    from pmtui.product.orchestrator import Orchestrator

PHASE_SCREENS = ("discovery", "scoping", "spec")


def screen_phase(phase: str) -> str:
    """Which phase screen shows a project in `phase` ('done' shows the spec)."""
    return "spec" if phase in ("spec", "done") else phase


def reached(state: ConversationState, screen: str) -> bool:
    """Has the project reached the phase that `screen` shows?"""
    visited = set(state.phases_visited) | {state.phase}
    if screen == "spec":
        return bool(visited & {"spec", "done"})
    return screen in visited


class ProjectScreen(StyledOnce, Screen[None]):
    """A screen about one open project."""

    PHASE: ClassVar[str] = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.go_home", "Projects", id="project.home"),
        # F2-F4 work while the chat input has focus; 1-3 when it does not.
        Binding("f2,1", "app.goto_phase('discovery')", "Discovery", show=False, id="project.discovery"),
        Binding("f3,2", "app.goto_phase('scoping')", "Scoping", show=False, id="project.scoping"),
        Binding("f4,3", "app.goto_phase('spec')", "Spec", show=False, id="project.spec"),
    ]

    def __init__(self, project_id: int) -> None:
        super().__init__()
        self.project_id = project_id
        self.state: ConversationState = self.pmtui.orchestrator.state(project_id)

    @property
    def pmtui(self) -> PmtuiApp:
        return self.app  # type: ignore[return-value]

    @property
    def orchestrator(self) -> Orchestrator:
        return self.pmtui.orchestrator

    def reload_state(self) -> ConversationState:
        self.state = self.orchestrator.state(self.project_id)
        return self.state

    def refresh_status(self) -> None:
        bar = self.query_one(StatusBar)
        bar.model = self.pmtui.model_label
        bar.project = self.state.project
        bar.phase = self.state.phase
        bar.spend = self.orchestrator.spend(self.project_id)
        self.refresh_delivery()

    def refresh_delivery(self) -> None:
        """The status bar's note of a delivery running in this window: a founder who closed the dashboard to read the
        spec saw nothing of the run waiting on them."""
        if self.is_current:
            self.query_one(StatusBar).delivery = self.pmtui.delivery_note()

    def on_mount(self) -> None:
        self.refresh_status()
        self.set_interval(2.0, self.refresh_delivery)

    def follow_phase(self) -> bool:
        """Move to the screen of the project's phase when it has moved on; True when it did."""
        target = screen_phase(self.state.phase)
        if target != self.PHASE:
            self.pmtui.show_project(self.project_id)
            return True
        return False


class ConversationScreen(ProjectScreen):
    """A phase screen with a chat: runs each turn in a worker and streams the PM's reply into the log.

    Subclasses compose a ChatLog (#chat) and an Input (#message) and refresh their panels in `turn_done`.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "retry", "Retry", id="conversation.retry"),
    ]

    thinking = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "message":
            return
        text = MessageInput.said(event.value)
        if not text:
            self.notify("Type a message first.", severity="warning")
            return
        event.input.value = ""
        self.query_one("#chat", ChatLog).add_user(text)
        self.run_turn("handle", text)

    def action_retry(self) -> None:
        self.run_turn("retry")

    @work(exclusive=True, exit_on_error=False, group="turn")
    async def run_turn(self, kind: str, text: str = "") -> None:
        """One orchestrator call ('handle', 'retry', 'confirm', 'agree') with the reply streamed in."""
        chat = self.query_one("#chat", ChatLog)
        reply = PMMessage(thinking=True)
        # Mounted before the turn starts, so its placeholder can never overwrite a fast reply.
        await chat.mount(reply)
        self.set_thinking(True)
        try:
            if kind == "handle":
                result = await self.orchestrator.handle(self.project_id, text, on_delta=reply.feed)
            elif kind == "retry":
                result = await self.orchestrator.retry(self.project_id, on_delta=reply.feed)
            elif kind == "confirm":
                result = await self.orchestrator.confirm_summary(self.project_id, on_delta=reply.feed)
            else:
                result = await self.orchestrator.agree_scope(self.project_id, on_delta=reply.feed)
        except Exception as exc:  # noqa: BLE001 — the orchestrator guards turns; this is the last line of defence
            result = None
            error = f"Something went wrong ({type(exc).__name__}: {exc}). Your message is saved; press ctrl+r to retry."
        finally:
            self.set_thinking(False)
        self.reload_state()
        if screen_phase(self.state.phase) != self.PHASE and not (result and result.error):
            # The phase moved on: the next screen shows this turn from the store, so skip rendering it here.
            self.refresh_status()
            self.follow_phase()
            return
        if result is not None:
            error = result.error
            said = result.reply.removesuffix(error).strip() if error else result.reply
        else:
            said = ""
        if said:
            await reply.finish(said)
        else:
            await reply.remove()
        if error:
            chat.add_notice(error, error=True)
            self.notify(error, title="The PM could not answer", severity="error", timeout=8)
        self.reload_state()
        self.refresh_status()
        if not self.follow_phase():
            await self.show_choices()
            self.turn_done()

    async def show_choices(self) -> None:
        """The PM's numbered options as buttons, when it offered some (after a second misunderstanding)."""
        from pmtui.product.texts import CHOICES

        for bar in self.query(ChoiceBar):
            await bar.show([CHOICES[choice] for choice in self.state.choices if choice in CHOICES])

    def on_choice_bar_picked(self, event: ChoiceBar.Picked) -> None:
        """A pressed option is the same as typing its number."""
        if self.thinking:
            return
        self.query_one("#chat", ChatLog).add_user(str(event.number))
        self.run_turn("handle", str(event.number))

    def set_thinking(self, thinking: bool) -> None:
        self.thinking = thinking
        message = self.query_one("#message", Input)
        message.disabled = thinking
        message.placeholder = "The PM is thinking…" if thinking else self.input_placeholder()
        if not thinking:
            message.focus()
        self.refresh_bindings()

    def input_placeholder(self) -> str:
        return "Type your answer and press Enter"

    def turn_done(self) -> None:
        """Refresh what shows the state after a turn that stayed in this phase."""
