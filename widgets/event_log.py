"""The dashboard's event log: every state change, gate result, commit and escalation, newest last."""

from __future__ import annotations

from collections.abc import Iterable

from textual.widgets import Log

from pmtui.delivery.feed import EventLine

EVENT_LOG_LINES = 500


def event_text(line: EventLine) -> str:
    """'HH:MM:SS text' with the stored time of the event (never the wall clock)."""
    return f"{line.created_at[11:19]} {line.text}"


class EventLog(Log):
    """A bounded Log (Line API: cheap at hundreds of lines a second); plain text, never markup."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(max_lines=EVENT_LOG_LINES, auto_scroll=True, id=id)

    def add(self, lines: Iterable[EventLine]) -> None:
        texts = [event_text(line) for line in lines]
        if texts:
            self.write_lines(texts)
