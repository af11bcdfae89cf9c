"""A burn-up chart of completions over time, drawn with block characters (no plotting library)."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

BLOCKS = " ▁▂▃▄▅▆▇█"


def burnup_text(completed_at: list[str], total: int, start: str, end: str, width: int = 40,
                height: int = 6) -> Text:
    """Completed tasks (cumulative) per time bucket between `start` and `end`, against the total.

    Times come from the store (transition timestamps), so the chart is the same on every redraw."""
    text = Text()
    if total <= 0:
        return Text("no tasks", style="dim")
    width = max(8, width)
    try:
        t0 = datetime.fromisoformat(start)
        span = max(1e-6, (datetime.fromisoformat(end) - t0).total_seconds())
        offsets = sorted(max(0.0, (datetime.fromisoformat(s) - t0).total_seconds()) for s in completed_at)
    except ValueError:
        return Text("no timeline", style="dim")
    counts: list[int] = []
    done = 0
    for column in range(width):
        edge = span * (column + 1) / width
        while done < len(offsets) and offsets[done] <= edge:
            done += 1
        counts.append(done)
    levels = height * (len(BLOCKS) - 1)
    for row in range(height - 1, -1, -1):
        line = Text()
        for count in counts:
            filled = count / total * levels - row * (len(BLOCKS) - 1)
            index = int(max(0, min(len(BLOCKS) - 1, round(filled))))
            line.append(BLOCKS[index], style="green")
        label = f" {total}" if row == height - 1 else (" 0" if row == 0 else "")
        line.append(label, style="dim")
        text.append_text(line)
        text.append("\n")
    text.append(f"{len(offsets)}/{total} done over {_span(span)}", style="dim")
    return text


def _span(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
