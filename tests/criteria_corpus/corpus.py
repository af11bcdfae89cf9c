"""The criteria corpus: (criterion, change) cases and how the plan-alignment matcher does on them.

A case's change is written to a folder as its `after` files and read as the engine reads a change
(a ChangeSet of added lines with their numbers; removed lines as well), built from `before` → `after`
with difflib so the whole corpus runs in well under a second. `measure()` is what the test and
bench/criteria_recall.py report: recall on correct changes, false passes on wrong ones.
"""

from __future__ import annotations

import copy
import difflib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from pmtui.delivery.gates.alignment import map_criteria
from pmtui.delivery.gates.command_criteria import checked_by_commands, named_tests_criterion
from pmtui.delivery.gates.commands import CommandResult
from pmtui.delivery.git_ops import ChangeSet
from pmtui.models.delivery import EnvironmentContract, TaskContract

HERE = Path(__file__).parent
SETS = ("tuned", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10", "heldout11",
        "heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "pm_written", "heldout17", "heldout18", "heldout19", "heldout20", "heldout21",
        "heldout22", "heldout23", "heldout24", "heldout25", "heldout26")


@dataclass
class Case:
    id: str
    criterion: str
    expect: str
    style: str
    lang: str
    before: dict[str, str] = field(default_factory=dict)
    after: dict[str, str] = field(default_factory=dict)
    why: str = ""
    title: str = ""  # the plan's task title the criterion came under ("" where a set does not say)


@dataclass
class Outcome:
    case: Case
    location: str | None
    note: str
    source: str = ""  # "offline" (the matcher), "gates" (the test gate's criterion)

    @property
    def passed(self) -> bool:
        return self.location is not None

    @property
    def right(self) -> bool:
        return self.passed == (self.case.expect == "pass")


@cache
def _cases_data(name: str) -> tuple[dict[str, Any], ...]:
    """A set's YAML, read once per process, by libyaml when PyYAML has it (the pure-Python loader took
    0.07 s a set, and the twin checks read every set again for each set)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return tuple(yaml.load((HERE / f"{name}.yaml").read_text(encoding="utf-8"), Loader=loader))


def load(name: str) -> list[Case]:
    """The set's cases, fresh objects each call (a caller may change them)."""
    return [Case(**copy.deepcopy(item)) for item in _cases_data(name)]


def change_for(case: Case, folder: Path) -> ChangeSet:
    """The case's change as a ChangeSet rooted in `folder`, where its `after` files are written."""
    change = ChangeSet(root=str(folder), base_sha="0" * 40)
    for path in sorted(set(case.before) | set(case.after)):
        old = case.before.get(path)
        new = case.after.get(path)
        if new is None:
            change.deleted.append(path)
            continue
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(new, encoding="utf-8")
        (change.added if old is None else change.modified).append(path)
        old_lines = (old or "").splitlines()
        new_lines = new.splitlines()
        added: list[tuple[int, str]] = []
        removed: list[tuple[int, str]] = []
        matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag in ("replace", "delete"):
                removed.extend((n + 1, old_lines[n]) for n in range(i1, i2))
            if tag in ("replace", "insert"):
                added.extend((n + 1, new_lines[n]) for n in range(j1, j2))
        if added:
            change.added_lines[path] = added
        if removed:
            change.removed_lines[path] = removed
    return change


def gate_verdict(criterion: str, change: ChangeSet) -> dict[str, tuple[str | None, str]]:
    """What the task's test gate says of a "tests/test_x.py covers these criteria and passes with `pytest -q`"
    criterion, as the product decides it (command_criteria.checked_by_commands) with the command's run taken as
    passed: the corpus runs no test, so such a criterion counts as mapped only when the change adds or edits the
    named test file and that file adds a test the runner collects that checks something."""
    asked = named_tests_criterion(criterion)
    if asked is None:
        return {}
    contract = TaskContract(task_id="T", title="corpus", tier="normal", acceptance_criteria=[criterion],
                            environment=EnvironmentContract(test_command=asked.command))
    ran = {"test": CommandResult(name="test", command=asked.command, exit_code=0)}
    return {criterion: (where, f"{said} (the test gate's run, taken as passed: the corpus runs no test)")
            for criterion, (where, said) in checked_by_commands(contract, change, ran).items()}


def run_case(case: Case, folder: Path) -> Outcome:
    folder.mkdir(parents=True, exist_ok=True)
    change = change_for(case, folder)
    located = map_criteria([case.criterion], change, checked=gate_verdict(case.criterion, change), title=case.title)[0]
    return Outcome(case, located.location, located.note, located.source)


@dataclass
class Score:
    name: str
    outcomes: list[Outcome]

    @property
    def correct(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.case.expect == "pass"]

    @property
    def wrong(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.case.expect == "fail"]

    @property
    def recall(self) -> float:
        return sum(o.passed for o in self.correct) / max(1, len(self.correct))

    @property
    def false_passes(self) -> list[Outcome]:
        return [o for o in self.wrong if o.passed]

    @property
    def misses(self) -> list[Outcome]:
        return [o for o in self.correct if not o.passed]


def measure(name: str, workdir: Path) -> Score:
    return Score(name, [run_case(case, workdir / name / case.id) for case in load(name)])
