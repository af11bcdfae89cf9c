"""What every room of the delivery engine shares about the run this process delivers.

The engine (init and dispatch), the task driver, the worktree pool, the escalations, the
integration and the release stage each hold the one RunContext of the run: the store, the state
machine, the plan, the repository, the run's folders, how to tell the user, and the stop signal.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pmtui.config import DEFAULT_RETRY_BUDGET
from pmtui.delivery import git_ops
from pmtui.delivery.agent_watch import FoundGit, found_git, put_back_git
from pmtui.delivery.plan import PlanDocument, PlanFiles, PlanTask
from pmtui.delivery.sandbox import Sandbox
from pmtui.delivery.state_machine import TaskStateMachine
from pmtui.delivery.store import DeliveryStore, TaskRecord
from pmtui.models.delivery import AgentResult, RunState, Tier
from pmtui.models.states import IssueState
from pmtui.redaction import redact

if TYPE_CHECKING:
    from pmtui.config import Config
    from pmtui.delivery.gates import CommandResult
    from pmtui.delivery.progress import ReportEvent
    from pmtui.store.db import Store

EventCallback = Callable[[str, str], None]
T = TypeVar("T")
# How a run ended this time; the CLI turns it into the process exit code.
Ending = Literal["released", "failed", "bad_input", "waiting", "stopped"]


@dataclass
class RunOutcome:
    """How a run ended this time: the run state, why it ended, and what to tell the user."""

    state: RunState
    ending: Ending
    run_id: int | None = None
    message: str = ""
    handoff: str = ""
    escalations: list[int] = field(default_factory=list)


class DeliveryInputError(Exception):
    """A plan, repository or working tree delivery cannot start from (bad input)."""


class TaskFacts:
    """In-memory facts of one task for this process (rebuilt from the store on resume)."""

    def __init__(self, plan_task: PlanTask) -> None:
        self.plan_task = plan_task
        self.env_results: dict[int, dict[str, CommandResult]] = {}
        self.agent_results: dict[int, AgentResult] = {}
        self.changes: dict[int, git_ops.ChangeSet] = {}
        self.tree: Path | None = None
        # The commit the task's tree was clean at when the pool gave it (None: not known clean).
        self.clean_at: str | None = None
        self.entered_pr = False


@dataclass
class RunContext:
    """The run being delivered: its store, state machine, plan, repository and folders."""

    store: Store
    config: Config
    on_event: EventCallback | None = None
    poll_interval: float = 0.2
    stop: threading.Event = field(default_factory=threading.Event)
    # Why the run stopped by itself (e.g. the cluster's head was lost); empty for a stop asked for.
    stop_reason: str = ""
    run_id: int = 0
    # The run's retry budget as stored with it (a resumed run keeps its own): the size of every fix cycle.
    retry_budget: int = DEFAULT_RETRY_BUDGET
    root: Path = field(default_factory=Path)
    plan_branch: str = ""
    # The commit the run started from (its task commits are looked up after it) and what its tags, manifest and
    # release commit are named by (plan_revisions.release_label: the plan id, "-2" after it for a second release).
    base_sha: str = ""
    label: str = ""
    run_dir: Path = field(default_factory=Path)
    plan: PlanDocument | None = None
    design_text: str = ""
    tasks: dict[str, TaskFacts] = field(default_factory=dict)
    sandbox: Sandbox = field(default_factory=Sandbox)
    # Held while pmtui moves the user's checkout (integration) and while it reads the checkout's status to
    # see what an agent wrote there: read halfway through a fast-forward, pmtui's own files looked like an
    # agent's write and failed a task running beside it.
    checkout_lock: threading.Lock = field(default_factory=threading.Lock)
    # The repository's refs, stash list and code-running git files as the run found them, taken when the first
    # agent or gate command runs: whatever else changes them (agents, gate commands) is put back.
    found: FoundGit | None = None
    found_lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.dstore = DeliveryStore(self.store)
        self.machine = TaskStateMachine(self.dstore)

    # -- telling the user ---------------------------------------------------------------------
    def say(self, kind: str, text: str) -> None:
        if self.on_event is not None:
            self.on_event(kind, redact(text))

    def report(self, event: ReportEvent, tier: Tier | None = None) -> None:
        """A progress report when one of its triggers is due (stored with the trigger, then shown)."""
        from pmtui.delivery.progress import maybe_report

        report = maybe_report(self.dstore, self.run_id, event, tier=tier)
        if report is not None:
            self.say("progress", report.text())

    # -- tasks ----------------------------------------------------------------------------------
    def task(self, task_id: str) -> TaskRecord:
        return self.dstore.task(self.run_id, task_id)

    def move(self, task_id: str, to: IssueState, reason: str) -> None:
        """A validated, recorded transition, then one line to the user."""
        self.say_move(task_id, self.machine.transition_from(self.run_id, task_id, to, reason), to, reason)

    def say_move(self, task_id: str, before: IssueState, to: IssueState, reason: str) -> None:
        """move()'s line to the user, for a transition written together with a step's other writes."""
        self.say("state", f"{task_id} {before.value} → {to.value}: {reason}")

    def block(self, task_id: str, reason: str) -> None:
        """A task that has not started waits under a failed (or skipped) dependency."""
        if self.dstore.task_state(self.run_id, task_id) is IssueState.RECEIVED:
            self.machine.transition(self.run_id, task_id, IssueState.BLOCKED, reason)
            self.say("state", f"{task_id} blocked: {reason}")

    def plan_task(self, task_id: str) -> PlanTask:
        return self.facts(task_id).plan_task

    def facts(self, task_id: str) -> TaskFacts:
        """The task's facts; a task not in the plan document (a remediation task) is rebuilt from the store."""
        if task_id not in self.tasks:
            plan_task = plan_task_from(self.task(task_id))
            self.tasks[task_id] = TaskFacts(plan_task)
            assert self.plan is not None
            self.plan.tasks.append(plan_task)
        return self.tasks[task_id]

    def on_checkout(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """`work(*args, **kwargs)` while holding the user's checkout (call it from a worker thread)."""
        with self.checkout_lock:
            return work(*args, **kwargs)

    def git_as_found(self) -> FoundGit:
        """How the run found the repository's git (taken once; threads starting together wait for it)."""
        with self.found_lock:
            if self.found is None:
                self.found = found_git(self.root)
            return self.found

    def own_refs(self) -> tuple[str, ...]:
        """Ref prefixes pmtui moves during the run: the plan and feature branches, checkpoint tags, bases."""
        plan_id = self.plan.plan_id if self.plan is not None else ""
        label = self.label or plan_id
        return (f"refs/heads/{self.plan_branch}", f"refs/heads/feat/{plan_id}/", f"refs/tags/pm/{plan_id}/",
                *((f"refs/heads/feat/{label}/", f"refs/tags/pm/{label}/") if label != plan_id else ()), "refs/pmtui/")

    def put_back_git(self, tree: Path, who: str) -> list[str]:
        """What `who` changed in the repository's git config, hooks, attributes and refs since the run found
        them, put back (what it wrote is kept in the run folder); evidence lines, empty when nothing changed."""
        return put_back_git(self.git_as_found(), tree, self.own_refs(), self.run_dir / "displaced", who)

    def plan_head(self) -> str:
        sha = git_ops.ref_sha(self.root, f"refs/heads/{self.plan_branch}")
        if sha is None:
            raise git_ops.GitError(f"the plan branch {self.plan_branch} is gone")
        return sha


def plan_task_from(record: TaskRecord) -> PlanTask:
    """A task that is not in the plan document (a remediation task) rebuilt from its stored contract."""
    contract = record.contract
    if contract is None:
        return PlanTask(id=record.task_id, title=record.title, tier=record.tier, depends=list(record.depends),
                        ownership=record.ownership)
    files = contract.expected_files
    return PlanTask(
        id=record.task_id, title=record.title, tier=record.tier, depends=list(record.depends),
        ownership=record.ownership,
        files=PlanFiles(create=list(files.create), modify=list(files.modify), delete=list(files.delete)),
        tests=[t for t in contract.tests_to_run if t != contract.environment.test_command],
        non_goals=list(contract.non_goals), time_budget_s=contract.time_budget_ms // 1000,
        acceptance_criteria=list(contract.acceptance_criteria),
    )
