"""Remediation tasks (seed 003 §7): a failing release check becomes a task the engine runs.

One task per failing check ("R1: Fix failing tests"…), its acceptance criteria taken from the
tool's key failing lines, written so the contract's ambiguity check accepts them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from pmtui.delivery.plan import PlanDocument, PlanFiles, PlanTask
from pmtui.delivery.release.gate import ReleaseGateResult, environment_commands
from pmtui.models.delivery import GateResult

MAX_CRITERIA_LINES = 5
_PATH_IN_LINE = re.compile(r"(?:^|\s)(?:FAILED |ERROR )?(?P<path>[\w./-]+\.[A-Za-z]{1,5})(?=::|:\d)")
_FAILED_TEST = re.compile(r"^(?P<kind>FAILED|ERROR) (?P<node>\S+)(?: - (?P<why>.*))?$")
_SUMMARY_LINE = re.compile(r"^(Found \d+ errors?|Success:|All checks passed|\d+ (passed|failed|errors?)\b)", re.IGNORECASE)
_ARROW = re.compile(r"^-->\s*(?P<location>\S+?:\d+)(?::\d+)?$")
_LOCATED = re.compile(r"^\S+:\d+")
_ELLIPSIS = re.compile(r"\.\.\.+|…|\?\?+")
_UNFINISHED_WORD = re.compile(r"\b(todo|tbd|tbc|etc)\b", re.IGNORECASE)
_UNFINISHED_SPELLED = {"todo": "to-do", "tbd": "t.b.d", "tbc": "t.b.c", "etc": "et cetera"}

_TITLES: dict[str, str] = {
    "tests": "Fix failing tests",
    "lint": "Fix lint errors",
    "typecheck": "Fix type errors",
    "build": "Fix the build",
    "migration_safety": "Add rollbacks to the migrations",
}


def _next_ids(taken: set[str], count: int) -> list[str]:
    ids: list[str] = []
    number = 1
    while len(ids) < count:
        candidate = f"R{number}"
        if candidate not in taken:
            ids.append(candidate)
        number += 1
    return ids


def _failing_lines(check: GateResult) -> list[str]:
    """The tool's own key lines (indented in CommandResult.evidence), without the command header."""
    if check.gate == "migration_safety":
        return [line.removeprefix("✗ ").strip() for line in check.evidence if line.startswith("✗ ")]
    lines = [line.strip() for line in check.evidence if line.startswith("  ") and line.strip()]
    return [line for line in lines if line != "not configured"]


def _checkable(text: str) -> str:
    """A tool line as a criterion the contract's ambiguity check accepts: no ellipsis, no TODO/TBD/etc."""
    text = _ELLIPSIS.sub(" ", text.replace("[*] ", ""))
    text = _UNFINISHED_WORD.sub(lambda match: _UNFINISHED_SPELLED[match[0].lower()], text)
    return " ".join(text.split())


def failure_criteria(check: GateResult) -> list[str]:
    """Criteria from a failing check's key lines: each failing test passes, each reported problem
    (located by path:line, also when the tool prints the location on a `-->` line) is resolved."""
    lines = _failing_lines(check)
    if check.gate == "migration_safety":
        paths = [line.split(":", 1)[0] for line in lines]
        return [f"{path} can be rolled back (a downgrade() body, a down section or a down file)" for path in paths]
    if check.gate == "tests":
        failed = [_FAILED_TEST.match(line) for line in lines]
        named = [match for match in failed if match]
        if named:
            return [
                _checkable(
                    f"{match['node']} passes (it {'failed' if match['kind'] == 'FAILED' else 'errored'}"
                    + (f": {match['why']})" if match["why"] else ")")
                )
                for match in named
            ]
    problems: list[str] = []
    for line in lines:
        if _SUMMARY_LINE.match(line):
            continue
        arrow = _ARROW.match(line)
        if arrow:
            if problems and not _LOCATED.match(problems[-1]):
                problems[-1] = f"{arrow['location']} {problems[-1]}"
            continue
        problems.append(line)
    return [f"Resolved: {_checkable(problem)}" for problem in problems]


def _paths_in(lines: Iterable[str], root: Path | None) -> list[str]:
    paths: list[str] = []
    for line in lines:
        for match in _PATH_IN_LINE.finditer(line):
            path = match["path"].removeprefix("./")
            if path not in paths and (root is None or (root / path).is_file()):
                paths.append(path)
    return paths


def remediation_tasks(
    result: ReleaseGateResult, plan: PlanDocument, existing_ids: Iterable[str] = ()
) -> list[PlanTask]:
    """One task per failing check ("R1: Fix failing tests"…), criteria from the key failing lines;
    ids skip the plan's and `existing_ids` (remediation tasks of an earlier round)."""
    failing = result.failing()
    taken = {task.id for task in plan.tasks} | set(existing_ids)
    ids = _next_ids(taken, len(failing))
    root = Path(result.repo) if result.repo else None
    commands = environment_commands(plan.environment)
    tasks: list[PlanTask] = []
    for task_id, check in zip(ids, failing, strict=True):
        lines = _failing_lines(check)
        paths = _paths_in(lines, root)
        criteria = failure_criteria(check)[:MAX_CRITERIA_LINES]
        command = commands.get(check.gate)
        if command:
            criteria.append(f"`{command}` exits 0 on the plan branch")
        if not criteria:
            criteria.append(f"The release check {check.gate} passes")
        # A failing test may need a fix anywhere: naming only the test file would fence the fix out.
        if check.gate == "tests":
            paths = []
        elif check.gate == "migration_safety":
            paths = [line.split(":", 1)[0] for line in lines]
        tasks.append(
            PlanTask(
                id=task_id,
                title=_TITLES.get(check.gate, f"Fix the release check {check.gate}"),
                tier="normal",
                depends=[],
                ownership="release",
                files=PlanFiles(modify=paths),
                non_goals=["no new features and no unrelated refactors: fix only what the release gate flagged"],
                acceptance_criteria=criteria,
                description="Release gate evidence: " + " | ".join(check.evidence[:12]),
            )
        )
    return tasks
