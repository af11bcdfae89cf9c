"""The release's completeness check (seed 003 §7): what keeps the release open.

A task not completed, an acceptance criterion not mapped to code, or a TODO/FIXME/HACK/XXX the
release adds without a follow-up task.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pmtui.delivery.release.criteria_trace import task_criteria
from pmtui.models.delivery import CriterionTrace
from pmtui.models.states import IssueState


def completeness_check(
    tasks: Iterable[Any],
    criteria_trace: Iterable[CriterionTrace],
    change_todos: Iterable[tuple[str, int, str, bool]],
) -> list[str]:
    """Problems that keep the release open: a task not completed, an acceptance criterion not mapped
    to code, a TODO/FIXME/HACK/XXX without a follow-up task (gates.todo_markers' tuples)."""
    mapped = {(item.task_id, item.criterion) for item in criteria_trace if item.location.strip()}
    problems: list[str] = []
    for task in tasks:
        task_id = str(getattr(task, "task_id", None) or getattr(task, "id", ""))
        status = getattr(task, "status", None)
        state = getattr(task, "state", None)
        if status != "completed":
            shown = state.value if isinstance(state, IssueState) else state
            problems.append(f"task {task_id} is not completed ({status}{f', {shown}' if shown else ''})")
        for criterion in task_criteria(task):
            if (task_id, criterion) not in mapped:
                problems.append(f"task {task_id}: criterion not mapped to code: {criterion}")
    for path, line, text, linked in change_todos:
        if not linked:
            problems.append(f"orphan marker without a follow-up task: {path}:{line}: {text}")
    return problems
