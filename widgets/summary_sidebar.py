"""The discovery sidebar: the eight DiscoverySummary aspects filling in, a completeness meter, open gaps."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from pmtui.models import ASPECT_LABELS, ASPECTS, Completeness, DiscoverySummary

METER_WIDTH = 20


def meter(score: float, width: int = METER_WIDTH) -> Text:
    """A bar of blocks with the percentage, e.g. ██████░░░░ 60%."""
    filled = round(max(0.0, min(1.0, score)) * width)
    text = Text(no_wrap=True)
    text.append("█" * filled, style="bold green" if score >= 0.75 else "bold yellow")
    text.append("░" * (width - filled), style="dim")
    text.append(f" {round(score * 100)}%", style="bold")
    return text


class AspectField(Static):
    """One aspect: its label and its value, or a dim dash while unknown."""

    DEFAULT_CSS = """
    AspectField {
        height: auto;
        padding: 0 1;
        margin-bottom: 1;
    }
    """

    def __init__(self, aspect: str) -> None:
        super().__init__(id=f"aspect-{aspect}", markup=False)
        self.aspect = aspect

    def show(self, value: str) -> None:
        text = Text()
        text.append(ASPECT_LABELS[self.aspect], style="bold")
        text.append("\n")
        if value.strip():
            text.append(value)
        else:
            text.append("—", style="dim")
        self.set_class(bool(value.strip()), "-known")
        self.update(text)


class SummarySidebar(VerticalScroll):
    DEFAULT_CSS = """
    SummarySidebar {
        width: 34;
        height: 1fr;
        background: $surface;
        border-left: vkey $panel;
        scrollbar-size-vertical: 1;
    }
    SummarySidebar #sidebar-title {
        text-style: bold;
        color: $primary;
        padding: 0 1;
        margin-top: 1;
    }
    SummarySidebar #meter {
        padding: 0 1;
        margin-bottom: 1;
    }
    SummarySidebar #gaps {
        padding: 0 1;
        margin-bottom: 1;
        color: $warning;
    }
    """

    can_focus = False

    def compose(self) -> ComposeResult:
        yield Static("Completeness", id="sidebar-title")
        yield Static(meter(0.0), id="meter", markup=False)
        yield Static("", id="gaps", markup=False)
        for aspect in ASPECTS:
            yield AspectField(aspect)

    def show(self, summary: DiscoverySummary, completeness: Completeness) -> None:
        """Reflect the latest summary and completeness."""
        self.query_one("#meter", Static).update(meter(completeness.score))
        gaps = self.query_one("#gaps", Static)
        if completeness.gaps:
            labels = ", ".join(ASPECT_LABELS[g] for g in completeness.gaps if g in ASPECT_LABELS)
            gaps.update(Text(f"Open: {labels}"))
        else:
            gaps.update(Text("No open gaps", style="green"))
        for aspect in ASPECTS:
            self.query_one(f"#aspect-{aspect}", AspectField).show(summary.value_text(aspect))
