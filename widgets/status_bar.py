"""The one-line status bar above the Footer: model (or offline engine), project, phase and spend."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

PHASE_LABELS = {"discovery": "Discovery", "scoping": "Scoping", "spec": "Spec", "done": "Spec ready"}


class StatusBar(Static):
    DEFAULT_CSS = """
    StatusBar {
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $text;
    }
    """

    model: reactive[str] = reactive("offline engine")
    project: reactive[str] = reactive("")
    phase: reactive[str] = reactive("")
    spend: reactive[float] = reactive(0.0)
    # A delivery running in this window while another screen is in front ("delivering · 1 open ask"), else "".
    delivery: reactive[str] = reactive("")

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append("● ", style="bold green" if self.model == "offline engine" else "bold cyan")
        text.append(self.model)
        if self.project:
            text.append("  │  ", style="dim")
            text.append(self.project, style="bold")
        if self.phase:
            text.append("  │  ", style="dim")
            text.append(PHASE_LABELS.get(self.phase, self.phase))
        if self.delivery:
            # Before the spend: at 100 columns the run waiting on the founder matters more than the cents.
            text.append("  │  ", style="dim")
            text.append(self.delivery, style="bold yellow" if "ask" in self.delivery else "bold cyan")
        text.append("  │  ", style="dim")
        text.append(f"${self.spend:.4f}")
        return text
