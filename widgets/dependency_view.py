"""The task graph around the selected task: what it waits for and what waits for it (two levels)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from pmtui.delivery.feed import TaskView
from pmtui.widgets.task_table import FAMILY_STYLES

MAX_LISTED = 12


def _node(text: Text, view: TaskView | None, task_id: str, indent: str) -> None:
    text.append(indent)
    if view is None:
        text.append(f"{task_id} (not in this run)\n", style="dim")
        return
    text.append(f"{view.task_id} ", style="bold")
    text.append(view.state.replace("_", " "), style=FAMILY_STYLES.get(view.family, ""))
    text.append(f"  {view.title}\n")


def dependency_text(task_id: str | None, tasks: Mapping[str, TaskView],
                    dependents: Mapping[str, Sequence[str]]) -> Text:
    text = Text()
    if task_id is None or task_id not in tasks:
        return Text("Select a task to see what it waits for and what waits for it.", style="dim")
    view = tasks[task_id]
    text.append("Waits for\n", style="bold underline")
    if not view.depends:
        text.append("  nothing\n", style="dim")
    for dep in view.depends[:MAX_LISTED]:
        _node(text, tasks.get(dep), dep, "  ")
        upstream = tasks.get(dep)
        for second in (upstream.depends if upstream else ())[:MAX_LISTED]:
            _node(text, tasks.get(second), second, "    └ ")
    text.append("\n")
    _node(text, view, task_id, "▶ ")
    text.append("\n")
    text.append("Waited on by\n", style="bold underline")
    waiting = list(dependents.get(task_id, ()))
    if not waiting:
        text.append("  nothing\n", style="dim")
    for child in waiting[:MAX_LISTED]:
        _node(text, tasks.get(child), child, "  ")
        for second in list(dependents.get(child, ()))[:MAX_LISTED]:
            _node(text, tasks.get(second), second, "    └ ")
    if len(waiting) > MAX_LISTED:
        text.append(f"  … and {len(waiting) - MAX_LISTED} more\n", style="dim")
    return text
