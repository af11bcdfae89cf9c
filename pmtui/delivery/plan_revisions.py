"""A plan delivered again after its scope changed: a new run that builds on the released one.

A project's plan id is the project's (naming.plan_id_for), so a founder who goes back, adds a feature, regenerates
the spec and presses Deliver brings the same plan id to a repository where that plan was released. Before, the
released run was found and its dashboard opened: the new tasks were never delivered. Now:

- **Unchanged plan** (every task of the plan is one the released run completed): its dashboard opens, as before
  (`pmtui deliver` says the run is already released). A plan whose scope only shrank is unchanged in this sense:
  pmtui never removes released code.
- **Changed plan**: a new run of the same plan id starts, on the same plan branch `pm/<plan-id>`, from its released
  head (or from the checked-out HEAD when that already contains the release: the founder merged it and went on).
  The repository already holds the first release, so a task of the new plan that the released run completed (the
  same title and the same criteria, words compared without case or punctuation; a gate command's own criterion,
  "`ruff check .` reports no errors", is left out of the comparison, as "Deliver without them" leaves it out of the
  plan) is *carried*: it is not redone, not part of the new run, and a new task's dependency on it is met by the
  base. The new run records which run it builds on and which of its tasks were carried (run config `builds_on`),
  says so when it starts, and delivers the new and changed tasks, each of them again through every gate.
- **A changed task** (a released task's title with other criteria) starts from the released code: the run's base
  holds it, so the files the plan says to create are there and its prompt says to edit them in place. Its prompt
  also says what changed: which task of the release it was, the criteria that are new or reworded, the ones no
  longer asked (run config `builds_on.changed`, revision_notes()), so the agent changes what changed instead of
  reading the whole task as new.
- The released run and its history stay as they were: its store rows, its commits on the plan branch, its
  checkpoint tags and its manifest. The new run's names carry its release number so nothing of the first is moved
  or overwritten: tags `pm/<plan-id>-2/checkpoint-<task>`, manifest `docs/releases/<plan-id>-2-release.yaml`,
  `Refs: release-<plan-id>-2`. A task's commit (`Refs: task-<id>`) is looked up only among the run's own commits
  (after its base), so the released run's T3 is never taken for the new run's T3.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pmtui.models.states import IssueState

if TYPE_CHECKING:
    from pmtui.delivery.plan import PlanDocument
    from pmtui.delivery.records import RunRecord, TaskRecord
    from pmtui.delivery.store import DeliveryStore

REVISION = "revision"
BUILDS_ON = "builds_on"
_QUOTED = re.compile(r"`([^`]+)`")
_NOT_WORD = re.compile(r"[^\w]+")


def revision_of(config: dict[str, Any]) -> int:
    """A run's release number for its plan (1 for the first run; a run that builds on a release is one more)."""
    value = config.get(REVISION, 1)
    return value if isinstance(value, int) and value > 0 else 1


def release_label(plan_id: str, revision: int) -> str:
    """What a run's tags, manifest and release commit are named by: the plan id, with the release number after it
    from the second release on (`habit-mvp`, `habit-mvp-2`)."""
    return plan_id if revision <= 1 else f"{plan_id}-{revision}"


def _words(text: str) -> str:
    return " ".join(_NOT_WORD.sub(" ", text.lower()).split())


def _key(title: str, criteria: list[str], commands: set[str]) -> tuple[str, frozenset[str]]:
    """A task as its scope: its title and criteria, without the criteria that are a gate command's own."""
    kept = frozenset(_words(criterion) for criterion in criteria
                     if not any(quoted.strip() in commands for quoted in _QUOTED.findall(criterion)))
    return _words(title), kept


@dataclass
class Revision:
    """How a plan relates to the run that released it: `carried` (new task id → the released task it is), and
    `new` (the task ids that run again)."""

    released: RunRecord
    carried: dict[str, str] = field(default_factory=dict)
    new: list[str] = field(default_factory=list)
    # A new task that is a released one with other criteria: task id → {"was": the released id, "new": [criteria
    # new or reworded], "dropped": [criteria no longer asked]}.
    changed: dict[str, dict[str, Any]] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        """What the new run keeps in its config."""
        kept: dict[str, Any] = {"run": self.released.id, "carried": dict(self.carried)}
        if self.changed:
            kept["changed"] = {task: dict(what) for task, what in self.changed.items()}
        return kept

    def said(self) -> str:
        """What the new run says when it starts."""
        kept = (f"; {', '.join(self.carried)} {'is' if len(self.carried) == 1 else 'are'} in that release and "
                "not redone" if self.carried else "")
        return (f"the plan changed since run {self.released.id} released it: this run builds on that release and "
                f"delivers {', '.join(self.new)}{kept}")


def compare(plan: PlanDocument, released: RunRecord, tasks: list[TaskRecord]) -> Revision | None:
    """The plan's revision against its released run (`tasks`: released_tasks of it); None when the plan brings nothing
    new to deliver (every task is one the releases completed), or they recorded no tasks (nothing to tell by)."""
    if not tasks:
        return None
    commands = {command.strip() for command in plan.environment.model_dump().values() if command}
    for task in tasks:
        if task.contract is not None:
            commands.update(command.strip() for command in task.contract.environment.model_dump().values() if command)
    done: dict[tuple[str, frozenset[str]], str] = {}
    titled: dict[str, TaskRecord] = {}
    for task in tasks:
        if task.state == IssueState.COMPLETED and task.contract is not None:
            done.setdefault(_key(task.title, task.contract.acceptance_criteria, commands), task.task_id)
            titled.setdefault(_words(task.title), task)
    revision = Revision(released)
    for planned in plan.tasks:
        was = done.get(_key(planned.title, planned.acceptance_criteria, commands))
        if was is not None:
            revision.carried[planned.id] = was
            continue
        revision.new.append(planned.id)
        before = titled.get(_words(planned.title))
        if before is not None and before.contract is not None:
            old, now = (_own(criteria, commands) for criteria in (before.contract.acceptance_criteria,
                                                                    planned.acceptance_criteria))
            revision.changed[planned.id] = {
                "was": before.task_id,
                "new": [c for c in now if _words(c) not in {_words(o) for o in old}],
                "dropped": [c for c in old if _words(c) not in {_words(n) for n in now}],
            }
    return revision if revision.new else None


def _own(criteria: list[str], commands: set[str]) -> list[str]:
    """The criteria that are the task's own (a gate command's criterion left out, as _key leaves it out)."""
    return [c for c in criteria if not any(quoted.strip() in commands for quoted in _QUOTED.findall(c))]


def revision_notes(config: dict[str, Any], task_id: str) -> list[str]:
    """What a changed task's prompt says about its release (empty for a task that is not one)."""
    builds_on = config.get(BUILDS_ON)
    changed = builds_on.get("changed") if isinstance(builds_on, dict) else None
    what = changed.get(task_id) if isinstance(changed, dict) else None
    if not isinstance(what, dict):
        return []
    first = (f"This task was delivered before, as {what.get('was', task_id)} of the release this run builds on: its "
             "code and tests are in the repository. Change them for what changed below; keep what still holds, and do "
             "not write the files anew.")
    notes = [first]
    notes += [f"New or reworded criterion: {criterion}" for criterion in what.get("new", [])]
    notes += [f"No longer asked (remove it only where it now contradicts a criterion): {criterion}"
              for criterion in what.get("dropped", [])]
    return notes


def released_tasks(dstore: DeliveryStore, run: RunRecord) -> list[TaskRecord]:
    """The tasks a released run holds: its own, then those of the releases it built on (newest first: a task
    delivered again counts as its latest version)."""
    from pmtui.delivery.store import DeliveryStoreError

    tasks: list[TaskRecord] = []
    seen: set[int] = set()
    current: RunRecord | None = run
    while current is not None and current.id not in seen and current.state == "released":
        seen.add(current.id)
        tasks.extend(dstore.tasks(current.id))
        builds_on = current.config.get(BUILDS_ON)
        earlier = builds_on.get("run") if isinstance(builds_on, dict) else None
        try:
            current = dstore.get_run(earlier) if isinstance(earlier, int) else None
        except DeliveryStoreError:  # a store pruned of it: what is left is what can be told
            current = None
    return tasks


def without_carried(plan: PlanDocument, carried: dict[str, str] | list[str]) -> PlanDocument:
    """The plan without the tasks carried from the release; a dependency on one is met by the run's base."""
    gone = set(carried)
    if not gone:
        return plan
    tasks = [task.model_copy(update={"depends": [d for d in task.depends if d not in gone]})
             for task in plan.tasks if task.id not in gone]
    return plan.model_copy(update={"tasks": tasks})


def carried_of(config: dict[str, Any]) -> dict[str, str]:
    """The carried tasks a run recorded when it started (empty for a first run)."""
    builds_on = config.get(BUILDS_ON)
    carried = builds_on.get("carried") if isinstance(builds_on, dict) else None
    return {str(k): str(v) for k, v in carried.items()} if isinstance(carried, dict) else {}


def plan_changed(plan_markdown: str, released: RunRecord, tasks: list[TaskRecord]) -> bool:
    """Whether Deliver on this plan text starts a new run (True) rather than opening the released run (False); a plan
    that does not parse is left to the run, which names the line."""
    from pmtui.delivery.contract import DEFAULT_PATCH_SIZE_LIMIT, split_plan
    from pmtui.delivery.plan import PlanError, parse_plan

    try:
        plan = parse_plan(plan_markdown)
    except PlanError:
        return True
    return compare(split_plan(plan, DEFAULT_PATCH_SIZE_LIMIT)[0], released, tasks) is not None
