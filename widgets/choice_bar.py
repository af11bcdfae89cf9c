"""The numbered options the PM offered after a second misunderstanding, as buttons.

Pressing one posts `ChoiceBar.Picked`; the screen sends the option's number as the user's reply, the
same as typing it, so the conversation (and the store) sees one path.
"""

from __future__ import annotations

from textual import on
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button


class ChoiceBar(Horizontal):
    DEFAULT_CSS = """
    ChoiceBar {
        height: auto;
        display: none;
        padding: 0 1;
    }
    ChoiceBar.-visible {
        display: block;
    }
    ChoiceBar Button {
        margin-right: 1;
        min-width: 10;
    }
    """

    class Picked(Message):
        """An option was pressed: `number` as the PM numbered it."""

        def __init__(self, number: int, label: str) -> None:
            super().__init__()
            self.number = number
            self.label = label

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.labels: list[str] = []

    async def show(self, labels: list[str]) -> None:
        """Buttons for these options (none hides the bar)."""
        if labels == self.labels:
            return
        self.labels = list(labels)
        await self.remove_children()
        await self.mount_all(
            Button(f"{number}. {label}", id=f"choice-{number}", compact=True)
            for number, label in enumerate(labels, start=1)
        )
        self.set_class(bool(labels), "-visible")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id and event.button.id.startswith("choice-"):
            number = int(event.button.id.removeprefix("choice-"))
            self.post_message(self.Picked(number, self.labels[number - 1]))
