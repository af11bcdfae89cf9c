"""The criteria trace of a release: each task's acceptance criteria → its commit and `path:line`.

Locations come from the plan_alignment evidence of a task's last attempt that ran the gates, else
from the "Acceptance criteria" section of its committed review artifact.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pmtui.delivery.review import review_path
from pmtui.delivery.store import DeliveryStore
from pmtui.models.delivery import CriterionTrace, GateResult

_PLAN_ALIGNED = re.compile(r"^✓ (?P<criterion>.+) → (?P<location>\S+)(?: \(.*\))?$")
_PLAN_UNMAPPED = re.compile(r"^✗ (?P<criterion>.+?): not mapped\b")
_REVIEW_CRITERION = re.compile(r"^- (?P<criterion>.+) → (?:`(?P<location>[^`]+)`|not mapped)$")


def task_criteria(task: Any) -> list[str]:
    """A task's acceptance criteria, from its contract or, for a plan task, from itself."""
    contract = getattr(task, "contract", None)
    if contract is not None:
        return list(contract.acceptance_criteria)
    return list(getattr(task, "acceptance_criteria", []) or [])


def criteria_locations_from_gates(gate_results: Iterable[GateResult]) -> dict[str, str | None]:
    """criterion → path:line from a plan_alignment gate's evidence (None for an unmapped criterion)."""
    found: dict[str, str | None] = {}
    for gate in gate_results:
        if gate.gate != "plan_alignment":
            continue
        for line in gate.evidence:
            aligned = _PLAN_ALIGNED.match(line)
            if aligned:
                found[aligned["criterion"]] = aligned["location"]
                continue
            unmapped = _PLAN_UNMAPPED.match(line)
            if unmapped:
                found.setdefault(unmapped["criterion"], None)
    return found


def criteria_locations_from_review(markdown: str) -> dict[str, str | None]:
    """criterion → path:line from a review artifact's "Acceptance criteria" section."""
    found: dict[str, str | None] = {}
    in_section = False
    for line in markdown.splitlines():
        if line.startswith("## "):
            in_section = line.strip() == "## Acceptance criteria"
            continue
        match = _REVIEW_CRITERION.match(line.strip()) if in_section else None
        if match:
            found[match["criterion"]] = match["location"]
    return found


def criteria_trace_for_task(
    task_id: str, commit_sha: str, criteria: Sequence[str], locations: Mapping[str, str | None]
) -> list[CriterionTrace]:
    """One trace entry per criterion; location "" when the criterion was not mapped."""
    return [
        CriterionTrace(task_id=task_id, criterion=criterion, commit_sha=commit_sha, location=locations.get(criterion) or "")
        for criterion in criteria
    ]


def criteria_trace_from_store(
    dstore: DeliveryStore, run_id: int, repo: str | Path | None = None
) -> list[CriterionTrace]:
    """Each task's criteria → its commit and path:line: from the plan_alignment evidence of its last
    attempt that ran the gates, else from its committed review artifact in `repo`."""
    trace: list[CriterionTrace] = []
    for task in dstore.tasks(run_id):
        criteria = task_criteria(task)
        if not criteria:
            continue
        locations: dict[str, str | None] = {}
        for attempt in reversed(dstore.attempts(run_id, task.task_id)):
            locations = criteria_locations_from_gates(attempt.gate_results)
            if locations:
                break
        if repo is not None and not all(locations.get(criterion) for criterion in criteria):
            artifact = Path(repo) / review_path(task.task_id)
            if artifact.is_file():
                from_review = criteria_locations_from_review(artifact.read_text(encoding="utf-8"))
                locations = {**from_review, **{k: v for k, v in locations.items() if v}}
        trace.extend(criteria_trace_for_task(task.task_id, task.commit_sha or "", criteria, locations))
    return trace
