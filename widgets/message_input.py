"""The chat's message box: one line to type in, and a pasted text kept whole.

Textual's Input keeps only the first line of a paste, so a founder who pasted a brief drafted elsewhere ("Who it's
for:\n- smallholders\n- my two nurses") sent its first line and lost the rest. Here each line break of a paste is
shown as " ↵ " in the box and sent as the line break it was.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

LINE_BREAK = " \u21b5 "


class MessageInput(Input):
    """An Input whose paste keeps every line; `said` turns its value back into the message as written."""

    def _on_paste(self, event: events.Paste) -> None:
        lines = [line.rstrip() for line in event.text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
        lines = [line for line in lines if line.strip()]
        if len(lines) <= 1:
            return  # one line: Input's own handler (run after this one) pastes it
        # Input's handler would paste the first line again: this one does the whole paste.
        event.prevent_default()
        text = LINE_BREAK.join(lines)
        if self.selection.is_empty:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, *self.selection)
        event.stop()

    @staticmethod
    def said(value: str) -> str:
        """The message as written: each " ↵ " of the box a line break again."""
        return "\n".join(part.strip() for part in value.split(LINE_BREAK.strip())).strip()
