"""The footer of every screen: the keys that matter, drawn as one line by one widget."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget


class FooterEntry(NamedTuple):
    """One key shown in the footer."""

    key: str
    display: str
    description: str
    enabled: bool


class KeyFooter(Widget, can_focus=False):
    """The screen's shown bindings (and the command palette's key, on the right) as one line of text.

    Textual's Footer mounts one widget per key and recomposes on every focus change and bindings
    refresh: each key restyled twice, 20-80 ms on the UI thread each time, and a dozen more nodes for
    every screen's restyle and layout (the dashboard's first compose, the escalation modal's return).
    This footer is one node: it re-reads the bindings when the screen says they changed and repaints
    only when what it shows differs. A click on a key presses it, as on Textual's.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"footer-key--key", "footer-key--description"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
        & > .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.entries: tuple[FooterEntry, ...] = ()
        self.palette: FooterEntry | None = None
        # (first cell, end cell, key) of each key as drawn last: where a click lands.
        self._spans: list[tuple[int, int, str]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not self.is_attached or screen is not self.screen:
            return
        app = self.app
        active = screen.active_bindings
        entries = tuple(
            FooterEntry(binding.key, app.get_key_display(binding), binding.description, enabled)
            for (_, binding, enabled, _) in active.values()
            if binding.show
        )
        palette = None
        if app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
            _, binding, enabled, _ = active[app.COMMAND_PALETTE_BINDING]
            palette = FooterEntry(binding.key, app.get_key_display(binding), binding.description, enabled)
        if (entries, palette) != (self.entries, self.palette):
            self.entries, self.palette = entries, palette
            self.refresh()

    def _entry(self, entry: FooterEntry, key_style: Style, description_style: Style) -> Text:
        dim = Style(dim=True) if not entry.enabled else Style()
        text = Text(end="")
        text.append(f" {entry.display} ", style=key_style + dim)
        if entry.description:
            text.append(f"{entry.description} ", style=description_style + dim)
        return text

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer-key--key", partial=True)
        description_style = self.get_component_rich_style("footer-key--description", partial=True)
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, str]] = []
        for entry in self.entries:
            start = line.cell_len
            line.append_text(self._entry(entry, key_style, description_style))
            spans.append((start, line.cell_len, entry.key))
            line.append(" ")
        if self.palette is not None:
            palette = self._entry(self.palette, key_style, description_style)
            start = max(line.cell_len + 1, self.size.width - palette.cell_len)
            line.append(" " * (start - line.cell_len))
            line.append_text(palette)
            spans.append((start, line.cell_len, self.palette.key))
        self._spans = spans
        return line

    def on_click(self, event: events.Click) -> None:
        enabled = {entry.key for entry in (*self.entries, *([self.palette] if self.palette else [])) if entry.enabled}
        for start, end, key in self._spans:
            if start <= event.x < end:
                if key in enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return
