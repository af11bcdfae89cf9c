"""The conversation log: user messages shown exactly as typed, PM messages rendered as Markdown."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Markdown, Static

from pmtui.models import ChatMessage


class UserMessage(Static):
    """What the user typed. Never parsed as markup, so "[brackets]" show as typed."""

    DEFAULT_CSS = """
    UserMessage {
        margin: 1 1 0 8;
        padding: 0 1;
        background: $primary 15%;
        border-left: thick $primary;
        width: 1fr;
        height: auto;
    }
    """

    def __init__(self, text: str) -> None:
        super().__init__(Text(text), markup=False)
        self.text = text


class PMMessage(Markdown):
    """A reply from the PM, rendered as Markdown; `feed` grows it while a reply streams in."""

    DEFAULT_CSS = """
    PMMessage {
        margin: 1 8 0 1;
        padding: 0 1;
        background: $panel 60%;
        border-left: thick $secondary;
        height: auto;
    }
    PMMessage.-thinking {
        color: $text-muted;
        text-style: italic;
    }
    PMMessage > MarkdownBlock:last-child {
        margin-bottom: 0;
    }
    """

    def __init__(self, markdown: str = "", thinking: bool = False) -> None:
        super().__init__(markdown or ("_Thinking…_" if thinking else ""))
        self.text = markdown
        self._flush_pending = False
        self.set_class(thinking, "-thinking")

    def feed(self, delta: str) -> None:
        """Append a streamed fragment; repaints are queued on this widget so they never overlap."""
        self.text += delta
        self.remove_class("-thinking")
        if not self._flush_pending:
            self._flush_pending = True
            self.call_later(self._flush)

    async def _flush(self) -> None:
        self._flush_pending = False
        await self.update(self.text)

    async def finish(self, markdown: str) -> None:
        """Show the final reply (the streamed text, or everything the PM said for this turn)."""
        self.text = markdown
        self.remove_class("-thinking")
        await self.update(markdown)


class ChatNotice(Static):
    """A line from pmtui itself (errors, hints) — plain text, never markup."""

    DEFAULT_CSS = """
    ChatNotice {
        margin: 1 1 0 1;
        padding: 0 1;
        color: $text-muted;
        height: auto;
    }
    ChatNotice.-error {
        color: $error;
        border-left: thick $error;
    }
    """

    def __init__(self, text: str, error: bool = False) -> None:
        super().__init__(Text(text), markup=False)
        self.text = text
        self.set_class(error, "-error")


class ChatLog(VerticalScroll):
    """A scrolling conversation that stays anchored to the newest message."""

    DEFAULT_CSS = """
    ChatLog {
        height: 1fr;
        padding-bottom: 1;
        scrollbar-size-vertical: 1;
    }
    """

    can_focus = False

    def on_mount(self) -> None:
        self.anchor()

    def load(self, messages: Iterable[ChatMessage]) -> None:
        """Show a saved conversation (user and assistant messages only)."""
        widgets = [self._widget_for(m) for m in messages if m.role in ("user", "assistant")]
        if widgets:
            self.mount_all(widgets)

    def add_user(self, text: str) -> UserMessage:
        message = UserMessage(text)
        self.mount(message)
        return message

    def add_pm(self, markdown: str = "", thinking: bool = False) -> PMMessage:
        message = PMMessage(markdown, thinking=thinking)
        self.mount(message)
        return message

    def add_notice(self, text: str, error: bool = False) -> ChatNotice:
        notice = ChatNotice(text, error=error)
        self.mount(notice)
        return notice

    @staticmethod
    def _widget_for(message: ChatMessage) -> UserMessage | PMMessage:
        if message.role == "user":
            return UserMessage(message.content)
        return PMMessage(message.content)
