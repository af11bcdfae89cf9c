"""The delivery engine (seed 003 ORCHESTRATE → DISPATCH → REVIEW GATE → PROGRESS → FINAL RELEASE GATE,
with the seed-004 state machine for every task).

DeliveryEngine.run() initialises a run once (plan, repository, plan branch, baseline scan, shared
context, code state, tiers, split, queue — all stored first), then loops: pick the next batch from
the queue, drive each task through its states in its own git worktree, review it through the gates,
commit it on its worktree branch and bring the commit onto the plan branch, and report progress.
Escalations go to the store and are answered by `pmtui answer` from any process; the engine polls
for answers. Each step reads the task's state from the store and writes before it acts, so a run
killed at any point resumes where it stopped: nothing is committed or tagged twice.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pmtui.delivery import baseline, gates, git_ops
from pmtui.delivery.contract import (
    DEFAULT_PATCH_SIZE_LIMIT,
    DEFAULT_RETRY_BUDGET,
    ambiguous_criteria,
    build_contract,
    effective_tier,
    split_plan,
)
from pmtui.delivery.controls import RunControls
from pmtui.delivery.feed import output_log_path
from pmtui.delivery.plan import PlanDocument, PlanError, PlanFiles, PlanTask, load_plan
from pmtui.delivery.review import build_review_note, review_artifact_markdown, review_path
from pmtui.delivery.state_machine import TaskStateMachine
from pmtui.delivery.store import DeliveryStore, PlannedTask, RunRecord, TaskRecord
from pmtui.models.delivery import AgentResult, GateResult, RunState, TaskContract, Tier
from pmtui.models.states import InvalidTransition, IssueState

if TYPE_CHECKING:
    from pmtui.config import Config
    from pmtui.delivery.executors import Executor
    from pmtui.delivery.gates import CommandResult, Reviewer
    from pmtui.delivery.progress import ReportEvent
    from pmtui.delivery.queue import TaskQueue
    from pmtui.store.db import Store

S = IssueState
EXIT_RELEASED = 0
EXIT_FAILED = 1
EXIT_INPUT = 2
EXIT_WAITING = 3
POLL_INTERVAL_S = 0.2
MAX_REMEDIATION_ROUNDS = 2
BASELINE_TEST_TIMEOUT_S = 300.0
EventCallback = Callable[[str, str], None]

ESCALATION_OPTIONS: tuple[str, ...] = (
    "Retry with a fresh budget",
    "Accept as is and commit",
    "Skip this task (dependents blocked)",
)
CLARIFY_OPTIONS: tuple[str, ...] = (
    "Proceed: my note clarifies the criteria (or they are fine as written)",
    "Skip this task (dependents blocked)",
)
# Gates whose failure leaves working, tested code: accepting the change as is is a fair default.
_COSMETIC_GATES = frozenset({"no_orphan_todos", "review_note", "plan_alignment", "code_review"})
_HIGH_BLAST = re.compile(
    r"(^|/|\b)(auth\w*|login|oauth|session|billing|payments?|invoices?|stripe|migrations?|alembic|schema|"
    r"security|secrets?|infra\w*|terraform|k8s|helm|deploy\w*|docker\w*|\.github/workflows)(/|\.|\b|$)",
    re.IGNORECASE,
)
_VOLATILE = re.compile(r"\d+(\.\d+)?\s*(ms|s)\b|0x[0-9a-f]+|\b[0-9a-f]{12,40}\b|attempt \d+", re.IGNORECASE)
_SPENT = re.compile(r"^spent \$(?P<usd>[0-9.]+) on attempt \d+")
_BUDGET_RAISED = "budget raised by the human"


@dataclass
class RunOutcome:
    """How a run ended this time: the run state and the process exit code of DESIGN.md."""

    state: RunState
    exit_code: int
    run_id: int | None = None
    message: str = ""
    handoff: str = ""
    escalations: list[int] = field(default_factory=list)


class DeliveryInputError(Exception):
    """A plan, repository or working tree delivery cannot start from (exit code 2)."""


class _TaskContext:
    """In-memory facts of one task for this process (rebuilt from the store on resume)."""

    def __init__(self, plan_task: PlanTask) -> None:
        self.plan_task = plan_task
        self.env_results: dict[int, dict[str, CommandResult]] = {}
        self.agent_results: dict[int, AgentResult] = {}
        self.changes: dict[int, git_ops.ChangeSet] = {}
        self.tree: Any = None
        self.entered_pr = False


class DeliveryEngine:
    """Delivers one plan into one repository; `run()` starts or resumes the run of that plan."""

    def __init__(
        self,
        store: Store,
        config: Config,
        *,
        repo: Path,
        plan_path: Path,
        executor: Executor,
        max_parallel: int = 3,
        reviewer: Reviewer | None = None,
        design_path: Path | None = None,
        run_dir: Path | None = None,
        on_event: EventCallback | None = None,
        poll_interval: float = POLL_INTERVAL_S,
        gate_timeout_s: float | None = None,
    ) -> None:
        self.store = store
        self.config = config
        self.dstore = DeliveryStore(store)
        self.machine = TaskStateMachine(self.dstore)
        self.repo_path = Path(repo)
        self.plan_path = Path(plan_path)
        self.executor = executor
        self.max_parallel = max(1, max_parallel)
        self.reviewer = reviewer
        self.design_path = Path(design_path) if design_path else None
        self.run_dir_option = Path(run_dir) if run_dir else None
        self.on_event = on_event
        self.poll_interval = poll_interval
        self.gate_timeout_s = gate_timeout_s
        self.plan: PlanDocument | None = None
        self.run_id = 0
        self.root = Path()
        self.plan_branch = ""
        self.run_dir = Path()
        self._tasks: dict[str, _TaskContext] = {}
        self._integration = asyncio.Lock()
        self._delta_sha = ""
        self._delta_text = ""
        self._design_text = ""
        self._decisions: dict[str, list[str]] = {}
        self._repo: Any = None
        self._slots: dict[int, str | None] | None = None

    # -- events ---------------------------------------------------------------------------------
    def _say(self, kind: str, text: str) -> None:
        if self.on_event is not None:
            self.on_event(kind, text)

    # -- the run ----------------------------------------------------------------------------------
    async def run(self, no_wait: bool = False) -> RunOutcome:
        try:
            run = await self._initialise()
        except PlanError as error:
            where = f"{self.plan_path}:{error.line}" if error.line else str(self.plan_path)
            return RunOutcome("failed", EXIT_INPUT, message=f"{where}: {error.message}")
        except DeliveryInputError as error:
            return RunOutcome("failed", EXIT_INPUT, message=str(error))
        if run.finished:
            return self._finished_outcome(run)
        try:
            return await self._loop(no_wait)
        except git_ops.GitError as error:
            return RunOutcome("failed", EXIT_FAILED, self.run_id, message=f"git: {error}")

    def _finished_outcome(self, run: RunRecord) -> RunOutcome:
        code = EXIT_RELEASED if run.state == "released" else EXIT_FAILED
        return RunOutcome(run.state, code, run.id, message=f"run {run.id} of {run.plan_id} is already {run.state}")

    # -- init (first run only; idempotent on resume) ----------------------------------------------
    async def _initialise(self) -> RunRecord:
        try:
            plan = load_plan(self.plan_path)
        except OSError as error:
            raise DeliveryInputError(f"cannot read the plan {self.plan_path}: {error.strerror or error}") from None
        try:
            repo = git_ops.open_repo(self.repo_path)
        except git_ops.GitError as error:
            raise DeliveryInputError(str(error)) from None
        self.root = Path(str(repo.working_tree_dir)).resolve()
        self._repo = repo
        existing = self.dstore.latest_run(plan.plan_id, self.root)
        resuming = existing is not None and not existing.finished
        if existing is not None and existing.finished and existing.state == "released":
            self.plan = plan
            self.run_id = existing.id
            return existing
        if resuming:
            self._recover_git(repo)
        else:
            try:
                git_ops.ensure_clean(repo)
            except git_ops.GitError as error:
                raise DeliveryInputError(str(error)) from None
        try:
            start_branch, plan_branch, baseline_sha = git_ops.prepare_plan_branch(repo, plan.plan_id)
        except git_ops.GitError as error:
            raise DeliveryInputError(str(error)) from None
        self.plan_branch = plan_branch
        split, replaced = split_plan(plan, DEFAULT_PATCH_SIZE_LIMIT)
        self.plan = split
        design = self.design_path or _default_design(self.plan_path)
        run = self.dstore.create_run(
            plan.plan_id,
            self.root,
            plan_name=plan.name,
            plan_path=self.plan_path.resolve(),
            design_path=design.resolve() if design else "",
            start_branch=start_branch,
            plan_branch=plan_branch,
            baseline_sha=baseline_sha,
            config={"max_parallel": self.max_parallel, "agent": getattr(self.executor, "name", "agent"),
                    "split": replaced},
        )
        self.run_id = run.id
        self.design_path = Path(run.design_path) if run.design_path else None
        self._design_text = _read(self.design_path)
        self.run_dir = (self.run_dir_option or self.store.path.parent / "runs" / f"run-{run.id}").resolve()
        self.run_dir.mkdir(parents=True, exist_ok=True)
        if run.config.get("run_dir") != str(self.run_dir):
            run = self.dstore.set_run_fields(run.id, config={**run.config, "run_dir": str(self.run_dir)})
        if run.resumed:
            self._say("info", f"resuming run {run.id} of plan {plan.plan_id} on {plan_branch}")
            if run.state == "waiting_for_human":
                self.dstore.set_run_state(run.id, "running", "resumed")
        else:
            self._say("info", f"run {run.id}: plan {plan.plan_id} on {plan_branch} (from {start_branch})")
        if not run.shared_context:
            context = await self._baseline(split)
            run = self.dstore.set_run_fields(run.id, shared_context=context)
        known = {task.task_id for task in self.dstore.tasks(run.id)}
        planned = [self._planned(task, run.shared_context) for task in split.tasks if task.id not in known]
        if planned:
            self.dstore.add_tasks(run.id, planned)
        for task in split.tasks:
            self._tasks[task.id] = _TaskContext(task)
        self._delta_sha = self.dstore.get_run(run.id).current_sha or baseline_sha
        return self.dstore.get_run(run.id)

    def _recover_git(self, repo: Any) -> None:
        """After a kill: drop stale locks and abort a half-done cherry-pick or merge on the plan branch."""
        git_dir = Path(str(repo.git_dir))
        for lock in [git_dir / "index.lock", *git_dir.glob("worktrees/*/index.lock")]:
            lock.unlink(missing_ok=True)
        for marker, command in (("CHERRY_PICK_HEAD", "cherry-pick"), ("MERGE_HEAD", "merge")):
            if (git_dir / marker).exists():
                subprocess.run(["git", command, "--abort"], cwd=self.root, check=False, capture_output=True,
                               timeout=30)

    async def _baseline(self, plan: PlanDocument) -> str:
        """Baseline scan: git log, file tree, the test command's result once; the shared context block."""
        commits = baseline.recent_commits(self.root)
        files = baseline.tracked_files(self.root)
        test_line = "no test command configured"
        if plan.environment.test and plan.environment.test.strip().lower() not in ("none", "-"):
            result = await gates.run_command("test", plan.environment.test, self.root, BASELINE_TEST_TIMEOUT_S)
            summary = result.key_lines[-1] if result.key_lines else ""
            verdict = "passing" if result.passed else f"FAILING (exit {result.exit_code})"
            test_line = f"`{plan.environment.test}` {verdict}{f' — {summary}' if summary else ''}"
        self._say("info", f"baseline: {len(files)} files, {len(commits)} recent commits, tests {test_line}")
        return baseline.shared_context_block(
            plan, self.root, commits=commits, files=files, test_line=test_line, design_path=self.design_path
        )

    def _planned(self, task: PlanTask, shared: str) -> PlannedTask:
        assert self.plan is not None
        tier, reason = effective_tier(task)
        state, evidence = baseline.code_state(task, self.root)
        contract = build_contract(self.plan, task, shared_context=shared, task_delta="", repo=self.root)
        branch = git_ops.feature_branch_name(self.plan.plan_id, task.id, task.title)
        planned = PlannedTask(
            task_id=task.id,
            title=task.title,
            tier=tier,
            tier_reason=reason,
            ownership=task.ownership,
            depends=list(task.depends),
            contract=contract,
            code_state=state,
            retry_budget=DEFAULT_RETRY_BUDGET,
            branch=branch,
        )
        self._decisions.setdefault(task.id, []).append(f"code state {state}: {evidence}; {reason}")
        return planned

    # -- the loop ---------------------------------------------------------------------------------
    async def _loop(self, no_wait: bool) -> RunOutcome:
        from pmtui.delivery.queue import TaskQueue

        for task_id, notes in self._decisions.items():
            for note in notes:
                self.dstore.log_decision(self.run_id, task_id, note)
        self._decisions.clear()
        remediation_round = 0
        while True:
            queue = TaskQueue.for_run(self.dstore, self.run_id, self.max_parallel)
            self._block_failed_dependents(queue)
            outcome = await self._cycle(queue, no_wait)
            if outcome is not None:
                return outcome
            self._clear_pool()
            result = await self._release(remediation_round, no_wait)
            if isinstance(result, RunOutcome):
                return result
            remediation_round = result

    async def _cycle(self, queue: TaskQueue, no_wait: bool) -> RunOutcome | None:
        """Dispatch until the queue is finished (None) or only waiting work remains (--no-wait: exit 3)."""
        running: dict[str, asyncio.Task[str]] = {}
        waiting_said = False
        for task_id in sorted(queue.running()):
            running[task_id] = asyncio.create_task(self._drive(task_id))
        controls = RunControls(self)
        while True:
            paused = controls.apply(queue, running)
            if not paused:
                self._resume_answered(queue, running)
            for task_id in [] if paused else queue.next_batch():
                queue.mark_running(task_id)
                running[task_id] = asyncio.create_task(self._drive(task_id))
            if not running:
                if queue.is_finished():
                    return None
                if paused:
                    if no_wait:
                        return RunOutcome("running", EXIT_WAITING, self.run_id,
                                          message="dispatch is paused; resume it from the dashboard (pmtui watch)")
                    await asyncio.sleep(self.poll_interval)
                    continue
                open_ids = [e.id for e in self.dstore.open_escalations(self.run_id)]
                if not waiting_said:
                    self._present_blockers(queue)
                    if self.dstore.get_run(self.run_id).state != "waiting_for_human":
                        self.dstore.set_run_state(self.run_id, "waiting_for_human", "only waiting work remains")
                    waiting_said = True
                if no_wait:
                    return RunOutcome(
                        "waiting_for_human", EXIT_WAITING, self.run_id,
                        message="delivery paused: waiting for a human answer", escalations=open_ids,
                    )
                await asyncio.sleep(self.poll_interval)
                continue
            if waiting_said:
                self.dstore.set_run_state(self.run_id, "running", "an escalation was answered")
                waiting_said = False
            timeout = self.poll_interval  # wakes to apply controls and answers sent by other processes
            done, _ = await asyncio.wait(running.values(), timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            for finished in done:
                task_id = next(key for key, value in running.items() if value is finished)
                del running[task_id]
                result = finished.result()
                self._settle(queue, task_id, result)

    def _settle(self, queue: TaskQueue, task_id: str, result: str) -> None:
        if result == "done":
            queue.mark_done(task_id)
            self._report("task_completed", self.dstore.task(self.run_id, task_id).tier)
        elif result == "failed":
            for blocked in queue.mark_failed(task_id):
                self._block(blocked, queue.blocked_reason(blocked) or f"depends on {task_id}, which failed")
        else:
            queue.mark_waiting(task_id)

    def _block_failed_dependents(self, queue: TaskQueue) -> None:
        """Tasks under a failed dependency move to BLOCKED with the reason (a resumed run included)."""
        for task_id in queue.blocked():
            record = self.dstore.task(self.run_id, task_id)
            if record.state is S.RECEIVED:
                self._block(task_id, queue.blocked_reason(task_id) or "a dependency failed")

    def _block(self, task_id: str, reason: str) -> None:
        record = self.dstore.task(self.run_id, task_id)
        if record.state is S.RECEIVED:
            self.machine.transition(self.run_id, task_id, S.BLOCKED, reason)
            self._say("state", f"{task_id} blocked: {reason}")

    def _resume_answered(self, queue: TaskQueue, running: dict[str, asyncio.Task[str]]) -> None:
        waiting = queue.waiting()
        if not waiting:
            return
        still_open = {e.task_id for e in self.dstore.open_escalations(self.run_id)}
        for task_id in waiting:
            if task_id in still_open or task_id in running:
                continue
            queue.mark_running(task_id)
            self._say("answer", f"{task_id}: escalation answered, continuing")
            self._report("escalation_answered")
            running[task_id] = asyncio.create_task(self._drive(task_id))

    def _present_blockers(self, queue: TaskQueue) -> None:
        for escalation in self.dstore.open_escalations(self.run_id):
            self._say("waiting", f"waiting for an answer to escalation {escalation.id} ({escalation.task_id or 'run'})")
        for task_id in queue.ready():
            reason = queue.blocked_reason(task_id)
            if reason:
                self._say("waiting", f"{task_id} paused: {reason}")
        for task in self.dstore.tasks(self.run_id):
            if task.state is S.RECEIVED and not task.dependencies_done:
                reason = queue.blocked_reason(task.task_id)
                if reason:
                    self._say("waiting", f"{task.task_id} paused: {reason}")

    # -- one task ---------------------------------------------------------------------------------
    async def _drive(self, task_id: str) -> str:
        """Move one task through its states until it completes ("done"), fails ("failed") or waits."""
        try:
            return await self._steps(task_id)
        except Exception as error:  # noqa: BLE001 - one task's fault must not stop the run
            reason = f"engine error while handling the task: {type(error).__name__}: {error}"
            self.dstore.log_decision(self.run_id, task_id, reason)
            try:
                self._escalate(task_id, reason, kind="stuck", recommended=1)
                return "waiting"
            except InvalidTransition:
                state = self.dstore.task(self.run_id, task_id).state
                if S.FAILED in _edges(state):
                    self._move(task_id, S.FAILED, reason)
                    return "failed"
                raise

    async def _steps(self, task_id: str) -> str:
        while True:
            task = self.dstore.task(self.run_id, task_id)
            state = task.state
            if state is S.COMPLETED:
                return "done"
            if state is S.FAILED:
                return "failed"
            if state is S.BLOCKED:
                self._move(task_id, S.ANALYZING_REQUIREMENTS, "its dependencies are done again")
            elif state is S.RECEIVED:
                self._move(task_id, S.ANALYZING_REQUIREMENTS, f"dispatched: {task.tier} tier ({task.tier_reason})")
            elif state is S.ANALYZING_REQUIREMENTS:
                questions = ambiguous_criteria(self._plan_task(task_id))
                if questions:
                    self._ask_clarification(task, questions)
                    return "waiting"
                self._move(task_id, S.CREATING_TESTS, f"{len(task.contract.acceptance_criteria) if task.contract else 0} "
                           "clear acceptance criteria")
            elif state is S.REQUIREMENTS_UNCLEAR:
                self._ask_clarification(task, ambiguous_criteria(self._plan_task(task_id)))
                return "waiting"
            elif state in (S.WAITING_FOR_REQUIREMENTS_CLARIFICATION, S.REQUIRES_HUMAN_INTERVENTION,
                           S.WAITING_FOR_HUMAN_INPUT):
                if not self._take_answer(task):
                    return "waiting"
            elif state is S.REQUIREMENTS_CLARIFIED:
                self._move(task_id, S.CREATING_TESTS, "requirements clarified by the human")
            elif state is S.HUMAN_INPUT_RECEIVED:
                self._apply_human_input(task)
            elif state is S.CREATING_TESTS:
                tests = task.contract.tests_to_add if task.contract else []
                self._move(task_id, S.IMPLEMENTING,
                           f"tests to add are in the contract: {', '.join(tests) or 'none listed'}")
            elif state in (S.IMPLEMENTING, S.FIXING_ISSUES):
                if not await self._attempt(task):
                    return "waiting"
            elif state is S.RUNNING_TESTS:
                await self._run_gates(task)
            elif state is S.VALIDATING_SOLUTION:
                await self._validate(task)
            elif state is S.CREATING_PR:
                if not await self._commit(task):
                    continue
                return "done"
            else:
                self._escalate(task_id, f"the task is in state {state.value}, which the engine does not drive",
                               kind="stuck")
                return "waiting"
            if self._stuck(task_id):
                return "waiting"

    def _plan_task(self, task_id: str) -> PlanTask:
        if task_id not in self._tasks:
            plan_task = _plan_task_from(self.dstore.task(self.run_id, task_id))
            self._tasks[task_id] = _TaskContext(plan_task)
            assert self.plan is not None
            self.plan.tasks.append(plan_task)
        return self._tasks[task_id].plan_task

    def _ctx(self, task_id: str) -> _TaskContext:
        self._plan_task(task_id)
        return self._tasks[task_id]

    def _move(self, task_id: str, to: IssueState, reason: str) -> None:
        before = self.dstore.task(self.run_id, task_id).state
        self.machine.transition(self.run_id, task_id, to, reason)
        self._say("state", f"{task_id} {before.value} → {to.value}: {reason}")

    def _stuck(self, task_id: str) -> bool:
        """The safety net: a loop or max_iterations moves the task to a human (when an edge exists)."""
        task = self.dstore.task(self.run_id, task_id)
        if S.REQUIRES_HUMAN_INTERVENTION not in _edges(task.state):
            return False
        why = self.machine.check_stuck(self.run_id, task_id)
        if why is None:
            return False
        self._escalate(task_id, why, kind="stuck")
        return True

    def _escalate(
        self,
        task_id: str,
        reason: str,
        *,
        kind: str,
        recommended: int = 1,
        options: tuple[str, ...] = ESCALATION_OPTIONS,
    ) -> int:
        task = self.dstore.task(self.run_id, task_id)
        dependents = [t.task_id for t in self.dstore.tasks(self.run_id) if task_id in t.depends]
        impact = f"Task {task_id} ({task.title}) is paused" + (
            f"; waiting with it: {', '.join(dependents)}" if dependents else "; no other task depends on it"
        ) + ". Independent tasks go on."
        with self.store.transaction():
            self.machine.transition(self.run_id, task_id, S.REQUIRES_HUMAN_INTERVENTION, reason)
            escalation_id = self.dstore.add_escalation(
                self.run_id, task_id, problem=f"{task_id}: {reason}", impact=impact, options=list(options),
                recommended=recommended, blocking=True, kind=kind,
            )
        self._announce(escalation_id)
        return escalation_id

    def _announce(self, escalation_id: int) -> None:
        escalation = self.dstore.escalation(escalation_id)
        lines = [
            f"ESCALATION {escalation.id} ({escalation.task_id or 'run'})",
            f"Problem:     {escalation.problem}",
            f"Impact:      {escalation.impact}",
            "Options:     " + "; ".join(f"{n}. {text}" for n, text in enumerate(escalation.options, start=1)),
            f"Recommended: {escalation.recommended}. {escalation.options[escalation.recommended - 1]}",
            f"Blocking:    {'yes' if escalation.blocking else 'no'}",
            f"Answer with: pmtui answer {escalation.id} --option {escalation.recommended} [--note TEXT]",
        ]
        self._say("escalation", "\n".join(lines))

    def _ask_clarification(self, task: TaskRecord, questions: list[str]) -> None:
        with self.store.transaction():
            if task.state is S.ANALYZING_REQUIREMENTS:
                self.machine.transition(self.run_id, task.task_id, S.REQUIREMENTS_UNCLEAR,
                                        f"{len(questions)} question(s) about the acceptance criteria")
            self.machine.transition(self.run_id, task.task_id, S.WAITING_FOR_REQUIREMENTS_CLARIFICATION,
                                    "questions posted to the human")
            escalation_id = self.dstore.add_escalation(
                self.run_id, task.task_id,
                problem=f"{task.task_id}: the requirements are ambiguous — " + " ".join(questions),
                impact=f"Task {task.task_id} ({task.title}) and its dependents wait; independent tasks go on.",
                options=list(CLARIFY_OPTIONS), recommended=1, blocking=True, kind="requirements",
            )
        self._say("state", f"{task.task_id} requirements unclear: waiting for clarification")
        self._announce(escalation_id)

    def _latest_answer(self, task_id: str) -> Any:
        answered = [e for e in self.dstore.escalations(self.run_id) if e.task_id == task_id and e.answer is not None]
        return answered[-1] if answered else None

    def _take_answer(self, task: TaskRecord) -> bool:
        """Apply the human's answer to a waiting task; False while the escalation is open."""
        if self.dstore.open_escalations(self.run_id, task.task_id):
            return False
        answer = self._latest_answer(task.task_id)
        if answer is None:
            if task.state is S.WAITING_FOR_REQUIREMENTS_CLARIFICATION:
                self._ask_clarification(task, ambiguous_criteria(self._plan_task(task.task_id)))
            else:
                self._escalate(task.task_id, "waiting without an escalation (recovered after a restart)", kind="stuck")
            return False
        chosen = answer.options[answer.answer - 1]
        note = f" ({answer.note})" if answer.note else ""
        if task.state is S.WAITING_FOR_REQUIREMENTS_CLARIFICATION:
            if answer.answer == 1:
                self.dstore.log_decision(self.run_id, task.task_id, f"clarification: {answer.note or 'proceed as written'}")
                self._move(task.task_id, S.REQUIREMENTS_CLARIFIED, f"escalation {answer.id}: {chosen}{note}")
            else:
                self._move(task.task_id, S.FAILED, f"escalation {answer.id}: {chosen}{note}")
            return True
        self._move(task.task_id, S.HUMAN_INPUT_RECEIVED, f"escalation {answer.id}: option {answer.answer} — {chosen}{note}")
        return True

    def _apply_human_input(self, task: TaskRecord) -> None:
        answer = self._latest_answer(task.task_id)
        option = answer.answer if answer is not None else 3
        if option == 1:
            with self.store.transaction():
                self.dstore.set_task_fields(self.run_id, task.task_id,
                                            retry_budget=task.retry_budget + DEFAULT_RETRY_BUDGET + 1)
                if answer is not None and answer.kind == "budget":
                    self.dstore.log_decision(self.run_id, task.task_id, _BUDGET_RAISED)
                self.machine.transition(self.run_id, task.task_id, S.IMPLEMENTING,
                                        "the human chose a retry with a fresh budget")
            self._say("state", f"{task.task_id} human_input_received → implementing: retry with a fresh budget")
        elif option == 2:
            self._move(task.task_id, S.CREATING_PR, "the human accepted the change as it is")
        else:
            self._move(task.task_id, S.FAILED, "the human chose to skip the task")

    # -- attempts ---------------------------------------------------------------------------------
    def _first_attempt_of_cycle(self, task: TaskRecord) -> int:
        return task.retry_budget - DEFAULT_RETRY_BUDGET + 1

    async def _attempt(self, task: TaskRecord) -> bool:
        """Run the agent for the current attempt; False when the task went to a human instead."""
        task_id = task.task_id
        last = self.dstore.last_attempt(self.run_id, task_id)
        if last is not None and last.outcome == "agent_done" and last.attempt in self._attempt_numbers(task):
            self._move(task_id, S.RUNNING_TESTS, f"attempt {last.attempt}: the agent had finished before the restart")
            return True
        if last is not None and last.outcome == "running":
            attempt = last.attempt
        else:
            attempt = (last.attempt if last else 0) + 1
        if attempt > task.retry_budget + 1:
            self._escalate(task_id, f"retry budget exhausted after {attempt - 1} attempt(s)", kind="budget_exhausted")
            return False
        if self._over_spend_budget(task):
            return False
        workdir = self._worktree(task)
        tree = self._tree_repo(task)
        self._ctx(task_id).changes = {}
        contract = self._contract_for(task, attempt)
        self.dstore.record_attempt(self.run_id, task_id, attempt, outcome="running")
        self._say("agent", f"{task_id} attempt {attempt}: {getattr(self.executor, 'name', 'agent')} agent at work")
        before = git_ops.snapshot(tree, worktrees=self._pool_trees(), with_status=False)
        spent_before = self.store.llm_usage()["cost"]
        log_path = output_log_path(self.dstore.get_run(self.run_id), self.store.path, task_id, attempt)
        log_path.parent.mkdir(parents=True, exist_ok=True)
        with log_path.open("a", encoding="utf-8") as log:

            def stream(line: str) -> None:
                # The dashboard (in this process or `pmtui watch`) tails this file while the agent works.
                log.write(line if line.endswith("\n") else line + "\n")
                log.flush()

            result = await self.executor.run(
                contract, workdir, attempt=attempt, run_dir=self.run_dir / "attempts", on_output=stream
            )
        tampering = git_ops.detect_agent_tampering(before, tree)
        self._undo_agent_commit(before, tree)
        spent = self.store.llm_usage()["cost"] - spent_before
        if tampering:
            result = result.model_copy(update={"evidence": [*result.evidence, *tampering]})
        self._ctx(task_id).agent_results[attempt] = result
        with self.store.transaction():
            self.dstore.record_attempt(self.run_id, task_id, attempt, outcome="agent_done", agent_result=result,
                                       evidence=tampering)
            if spent > 0:
                self.dstore.log_decision(self.run_id, task_id, f"spent ${spent:.4f} on attempt {attempt}")
            self.machine.transition(self.run_id, task_id, S.RUNNING_TESTS, _agent_summary(attempt, result))
        self._say("state", f"{task_id} → running_tests: {_agent_summary(attempt, result)}")
        return True

    def _attempt_numbers(self, task: TaskRecord) -> range:
        return range(self._first_attempt_of_cycle(task), task.retry_budget + 2)

    def _over_spend_budget(self, task: TaskRecord) -> bool:
        """A task about to exceed its LLM budget (or the run's) escalates instead of spending."""
        budget = self.config.budget
        if budget.task_usd is None and budget.run_usd is None:
            return False
        spends = [float(m["usd"]) for line in task.decision_log if (m := _SPENT.match(line))]
        raised = sum(1 for line in task.decision_log if line == _BUDGET_RAISED)
        estimate = max(spends) if spends else 0.0
        task_spent = sum(spends)
        reasons = []
        if budget.task_usd is not None and spends and task_spent + estimate > budget.task_usd * (1 + raised):
            reasons.append(f"the next attempt (about ${estimate:.4f}) would take the task past its budget of "
                           f"${budget.task_usd * (1 + raised):.2f} (spent ${task_spent:.4f})")
        if budget.run_usd is not None:
            run_spent = sum(
                float(m["usd"]) for t in self.dstore.tasks(self.run_id) for line in t.decision_log
                if (m := _SPENT.match(line))
            )
            if run_spent + estimate > budget.run_usd * (1 + raised) and (spends or run_spent >= budget.run_usd):
                reasons.append(f"the run has spent ${run_spent:.4f} of its ${budget.run_usd:.2f} budget")
        if not reasons:
            return False
        self._escalate(task.task_id, "LLM budget: " + "; ".join(reasons), kind="budget", recommended=3)
        return True

    def _contract_for(self, task: TaskRecord, attempt: int) -> TaskContract:
        assert self.plan is not None
        plan_task = self._plan_task(task.task_id)
        evidence: list[str] = []
        if attempt > 1:
            previous = self.dstore.attempt(self.run_id, task.task_id, attempt - 1)
            if previous is not None:
                evidence = _failure_evidence(previous.gate_results, previous.evidence)
        shared = self.dstore.get_run(self.run_id).shared_context
        contract = build_contract(
            self.plan, plan_task, shared_context=shared, task_delta=self._task_delta(task),
            attempt=attempt, failure_evidence=evidence, retry_budget=DEFAULT_RETRY_BUDGET, repo=self.root,
        )
        tier = task.tier
        contract = contract.model_copy(update={"tier": tier})
        self.dstore.set_task_fields(self.run_id, task.task_id, contract=contract)
        return contract

    def _task_delta(self, task: TaskRecord) -> str:
        """Per cycle, only what changed since the last task's commit; plus the dependencies' notes."""
        head = self._plan_head()
        if head != self._delta_sha:
            stat = git_ops.diff_stat_since(self._repo, self._delta_sha, head)
            subjects = [c.subject for c in git_ops.log_since(self._repo, self._delta_sha, head)]
            self._delta_text = (
                f"Changes since {self._delta_sha[:12]}: " + ("; ".join(subjects) or "none") + "\n" + stat
            ).strip()
            self._delta_sha = head
        lines = [self._delta_text] if self._delta_text else []
        for dep in task.depends:
            record = self.dstore.task(self.run_id, dep)
            if record.review_note is not None:
                lines.append(f"{dep} (done): {record.review_note.summary}")
        clarified = [line for line in task.decision_log if line.startswith("clarification: ")]
        lines.extend(clarified)
        lines.append(f"code state: {task.code_state}")
        return "\n".join(lines)

    def _plan_head(self) -> str:
        sha = git_ops.ref_sha(self.root, f"refs/heads/{self.plan_branch}")
        if sha is None:
            raise git_ops.GitError(f"the plan branch {self.plan_branch} is gone")
        return sha

    def _undo_agent_commit(self, before: git_ops.Snapshot, tree: Path) -> None:
        """An agent that committed: its commit is undone (changes kept) so pmtui makes the one commit."""
        sha, branch = git_ops.head(tree)
        if branch != before.branch:
            try:
                if before.branch:
                    git_ops.run_git(tree, "checkout", "--quiet", before.branch)
                else:
                    git_ops.run_git(tree, "checkout", "--quiet", "--detach")
            except git_ops.GitError:
                return  # the gate already has the evidence
            sha = git_ops.head(tree)[0]
        if before.head_sha and sha != before.head_sha:
            git_ops.run_git(tree, "reset", "--soft", "--quiet", before.head_sha)

    # -- worktrees --------------------------------------------------------------------------------
    # Tasks run in pooled worktrees (run_dir/worktrees/slot-<n>/tree, detached HEAD): a task holds its
    # slot until it is committed, so a task waiting for a human keeps its changes; a free slot is reset
    # to the plan head for the next task. `slot-<n>.owner` names the holder, so a resumed run finds it.
    def _slot_tree(self, slot: int) -> Path:
        return self.run_dir / "worktrees" / f"slot-{slot}" / "tree"

    def _owner_file(self, slot: int) -> Path:
        return self.run_dir / "worktrees" / f"slot-{slot}.owner"

    def _owners(self) -> dict[int, str | None]:
        """Slot → the task holding it (None: free), read once per process; completed holders are freed."""
        if self._slots is None:
            slots: dict[int, str | None] = {}
            folder = self.run_dir / "worktrees"
            for entry in sorted(folder.iterdir()) if folder.is_dir() else []:
                match = re.fullmatch(r"slot-(\d+)(\.owner)?", entry.name)
                if match is None:
                    continue
                slots.setdefault(int(match[1]), None)
                if match[2]:
                    slots[int(match[1])] = entry.read_text(encoding="utf-8").strip() or None
            if any(slots.values()):
                states = {t.task_id: t.state for t in self.dstore.tasks(self.run_id)}
                for slot, owner in slots.items():
                    if owner is not None and states.get(owner, S.COMPLETED) is S.COMPLETED:
                        self._owner_file(slot).unlink(missing_ok=True)
                        slots[slot] = None
            self._slots = slots
        return self._slots

    def _pool_trees(self) -> list[Path]:
        return [self._slot_tree(slot) for slot in self._owners()]

    def _worktree(self, task: TaskRecord) -> Path:
        """The task's tree: the slot it holds, or a free slot reset to the plan head (a new one if none)."""
        ctx = self._ctx(task.task_id)
        if ctx.tree is not None and ctx.tree.is_dir():
            return Path(ctx.tree)
        owners = self._owners()
        held = [slot for slot, owner in owners.items() if owner == task.task_id]
        if held and (self._slot_tree(held[0]) / ".git").exists():
            ctx.tree = self._slot_tree(held[0])
            return Path(ctx.tree)
        free = [slot for slot, owner in owners.items() if owner is None]
        slot = held[0] if held else free[0] if free else max(owners, default=-1) + 1
        path = self._slot_tree(slot)
        self._fresh_tree(path, self._plan_head())
        # The owner is written after the reset: a kill in between leaves a free slot, never a half-reset held one.
        owner = self._owner_file(slot)
        owner.with_suffix(".tmp").write_text(task.task_id, encoding="utf-8")
        owner.with_suffix(".tmp").replace(owner)
        owners[slot] = task.task_id
        ctx.tree = path
        return path

    def _fresh_tree(self, path: Path, sha: str) -> None:
        if (path / ".git").exists():
            try:
                git_ops.reset_worktree(path, sha)
                return
            except git_ops.GitError:
                git_ops.remove_worktrees(self.root, [path])
        elif path.exists():
            git_ops.remove_worktrees(self.root, [path])
        path.parent.mkdir(parents=True, exist_ok=True)
        git_ops.add_detached_worktree(self.root, path, sha)

    def _tree_repo(self, task: TaskRecord) -> Path:
        return self._worktree(task)

    def _drop_worktree(self, task: TaskRecord, keep_branch: bool) -> None:
        """The task lets go of its slot (reset when the next task takes it); its merge branch goes unless kept."""
        self._ctx(task.task_id).tree = None
        owners = self._owners()
        for slot, owner in owners.items():
            if owner == task.task_id:
                self._owner_file(slot).unlink(missing_ok=True)
                owners[slot] = None
        if not keep_branch and git_ops.ref_sha(self.root, f"refs/heads/{task.branch}") is not None:
            git_ops.run_git(self.root, "branch", "-D", task.branch)

    def _clear_pool(self) -> None:
        """When the queue is done: pooled trees no task holds are removed (a waiting or failed task's stays)."""
        owners = self._owners()
        free = [slot for slot, owner in owners.items() if owner is None]
        if not free:
            return
        git_ops.remove_worktrees(self.root, [self._slot_tree(slot).parent for slot in free])
        for slot in free:
            del owners[slot]

    # -- gates ------------------------------------------------------------------------------------
    def _timeout(self, contract: TaskContract) -> float:
        return self.gate_timeout_s or max(30.0, contract.time_budget_ms / 1000)

    async def _env_results(self, task: TaskRecord, attempt: int, workdir: Path) -> dict[str, CommandResult]:
        cached = self._ctx(task.task_id).env_results.get(attempt)
        if cached is not None:
            return cached
        assert task.contract is not None
        results = await gates.run_commands(gates.gate_commands(task.contract), workdir, self._timeout(task.contract))
        self._ctx(task.task_id).env_results[attempt] = results
        return results

    def _agent_result(self, task_id: str, attempt: int) -> AgentResult | None:
        found = self._ctx(task_id).agent_results.get(attempt)
        if found is None:
            record = self.dstore.attempt(self.run_id, task_id, attempt)
            found = record.agent_result if record else None
        return found

    def _change(self, task: TaskRecord, attempt: int) -> git_ops.ChangeSet:
        """The attempt's change set, read once per attempt (the tree does not move between gates)."""
        ctx = self._ctx(task.task_id)
        if attempt not in ctx.changes:
            ctx.changes = {attempt: git_ops.change_set(self._tree_repo(task))}
        return ctx.changes[attempt]

    async def _run_gates(self, task: TaskRecord) -> None:
        task_id = task.task_id
        attempt = task.attempts
        assert task.contract is not None
        workdir = self._worktree(task)
        change = self._change(task, attempt)
        record = self.dstore.attempt(self.run_id, task_id, attempt)
        tampering = [line for line in (record.evidence if record else []) if "HEAD moved" in line
                     or "outside the repository" in line or "switched the working tree" in line]
        result = self._agent_result(task_id, attempt)
        env = await self._env_results(task, attempt, workdir)
        results = await gates.minimum_gate(task.contract, change, result, env, tampering=tampering)
        if change.is_empty():
            results.append(GateResult(gate="change", passed=False, evidence=["the attempt changed no files"]))
        passed = all(g.passed for g in results)
        signature = "" if passed else _signature(results)
        self.dstore.save_gate_results(self.run_id, task_id, attempt, results, failure_signature=signature)
        self._say("gate", f"{task_id} attempt {attempt}: " + _gate_line(results))
        if passed:
            self._move(task_id, S.VALIDATING_SOLUTION, "all six minimum gates passed")
            return
        self._after_failure(task, attempt, signature, "RUNNING_TESTS", results)

    def _after_failure(self, task: TaskRecord, attempt: int, signature: str, where: str,
                       results: list[GateResult]) -> None:
        task_id = task.task_id
        failed = [g.gate for g in results if not g.passed]
        self.dstore.record_attempt(self.run_id, task_id, attempt, outcome="failed", finished=True)
        previous = self.dstore.attempt(self.run_id, task_id, attempt - 1) if attempt > 1 else None
        same = (
            previous is not None
            and attempt - 1 >= self._first_attempt_of_cycle(task)
            and previous.failure_signature == signature
        )
        recommended = 2 if set(failed) <= _COSMETIC_GATES and task.tier != "critical" else 1
        if same:
            self._escalate(task_id, f"attempt {attempt} failed exactly as attempt {attempt - 1} did "
                           f"({', '.join(failed)}): not retrying blindly", kind="same_failure",
                           recommended=recommended)
            return
        if attempt >= task.retry_budget + 1:
            self._escalate(task_id, f"{where.lower()} failed on attempt {attempt}, the last of the retry budget "
                           f"({', '.join(failed)})", kind="budget_exhausted", recommended=recommended)
            return
        self._move(task_id, S.FIXING_ISSUES, f"attempt {attempt} failed {', '.join(failed)}: fix attempt {attempt + 1}")

    async def _validate(self, task: TaskRecord) -> None:
        task_id = task.task_id
        attempt = task.attempts
        assert task.contract is not None
        workdir = self._worktree(task)
        change = self._change(task, attempt)
        result = self._agent_result(task_id, attempt)
        env = await self._env_results(task, attempt, workdir)
        review_gates, tier = await gates.tier_review(
            task.contract, change, self.reviewer, env, self._design_text,
            criteria_map=result.criteria_map if result else None,
        )
        record = self.dstore.attempt(self.run_id, task_id, attempt)
        earlier = [g for g in (record.gate_results if record else []) if g.gate not in {r.gate for r in review_gates}]
        passed = all(g.passed for g in review_gates)
        signature = "" if passed else _signature(review_gates)
        self.dstore.save_gate_results(self.run_id, task_id, attempt, [*earlier, *review_gates],
                                      failure_signature=signature or None)
        if tier != task.tier:
            self.dstore.set_task_fields(self.run_id, task_id, tier=tier,
                                        tier_reason=f"escalated to {tier} by the review gate")
        self._say("gate", f"{task_id} tier review ({tier}): " + _gate_line(review_gates))
        if passed:
            self._move(task_id, S.CREATING_PR, f"{tier} tier review passed")
            self._ctx(task_id).entered_pr = True
            return
        if attempt >= task.retry_budget + 1:
            failed = ", ".join(g.gate for g in review_gates if not g.passed)
            self.dstore.record_attempt(self.run_id, task_id, attempt, outcome="failed", finished=True)
            self._escalate(task_id, f"tier review failed on the last attempt ({failed})", kind="budget_exhausted")
            return
        self.dstore.record_attempt(self.run_id, task_id, attempt, outcome="failed", finished=True)
        self._move(task_id, S.FIXING_ISSUES, "tier review failed: " +
                   ", ".join(g.gate for g in review_gates if not g.passed))

    # -- commit -----------------------------------------------------------------------------------
    async def _commit(self, task: TaskRecord) -> bool:
        """Commit (once), bring onto the plan branch, tag a critical task, complete. False → state moved."""
        assert self.plan is not None
        task_id = task.task_id
        assert task.contract is not None
        merge = task.tier == "critical" and _high_blast(task.contract)
        # A task this process moved into CREATING_PR has no commit yet, on the plan branch or in its tree:
        # only a task found in CREATING_PR after a restart is looked up.
        entered_here = self._ctx(task_id).entered_pr
        sha = None if entered_here else git_ops.find_task_commit(self.root, self.plan_branch, task_id)
        if sha is None:
            workdir = self._worktree(task)
            sha = None if entered_here else git_ops.find_task_commit(workdir, "HEAD", task_id)
            parent = None
            if sha is None:
                parent = git_ops.head(workdir)[0]
                sha = self._commit_in_tree(task, workdir)
                if sha is None:
                    return False
            if merge:
                git_ops.run_git(self.root, "branch", "--force", task.branch, sha)
            async with self._integration:
                try:
                    head = git_ops.bring_onto(self.root, self.plan_branch, task.branch if merge else sha,
                                              mode="merge" if merge else "cherry-pick",
                                              message=f"Merge {task.branch} into {self.plan_branch} "
                                              f"(staged integration of {task_id})" if merge else None,
                                              parent=parent)
                except git_ops.GitError as error:
                    self._integration_failed(task, str(error))
                    return False
            if not merge:
                sha = head
        message = self._commit_subject(sha)
        self.dstore.record_commit(self.run_id, task_id, sha, self.plan_branch, message)
        self._say("commit", f"{task_id} committed {sha[:12]} on {self.plan_branch}: {message.splitlines()[0]}")
        head = self._plan_head()
        if head != sha:
            self.dstore.set_run_fields(self.run_id, current_sha=head)
        if task.tier == "critical":
            name = git_ops.tag_checkpoint(self.root, self.plan.plan_id, task_id, head)
            self.dstore.record_tag(self.run_id, name, head, task_id)
            self._say("tag", f"{task_id} checkpoint tag {name}")
        self._drop_worktree(task, keep_branch=merge)
        self._move(task_id, S.COMPLETED, f"committed {sha[:12]}" + (" (merged at staged integration)" if merge else ""))
        return True

    def _commit_in_tree(self, task: TaskRecord, workdir: Path) -> str | None:
        task_id = task.task_id
        assert task.contract is not None
        attempt = max(task.attempts, 1)
        change = self._change(task, attempt)
        if change.is_empty():
            self._move(task_id, S.FAILED, "nothing to commit: the change is empty")
            return None
        record = self.dstore.attempt(self.run_id, task_id, attempt)
        gate_results = record.gate_results if record else []
        result = self._agent_result(task_id, attempt)
        note = build_review_note(task.contract, change, gate_results, result)
        located = {item.criterion: item.location for item in gates.map_criteria(
            task.contract.acceptance_criteria, change, result.criteria_map if result else None)}
        path = review_path(task_id)
        target = workdir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        contract = task.contract.model_copy(update={"attempt": attempt})
        target.write_text(review_artifact_markdown(contract, note, gate_results, change, located), encoding="utf-8")
        with self.store.transaction():
            self.dstore.set_task_fields(self.run_id, task_id, review_note=note)
            self.dstore.log_decision(self.run_id, task_id, "criteria: " + "; ".join(
                f"{criterion} → {location or 'not mapped'}" for criterion, location in located.items()))
        scope = task.ownership or task_id
        try:
            return git_ops.commit_task(workdir, type_=_commit_type(task, change), scope=scope,
                                       description=task.title, task_id=task_id, review_path=path,
                                       paths=[*change.files(), *(old for old, _ in change.renamed)])
        except git_ops.GitError as error:
            self._move(task_id, S.FIXING_ISSUES, f"the commit was refused: {error}")
            return None

    def _integration_failed(self, task: TaskRecord, error: str) -> None:
        """A conflict bringing the commit onto the plan branch: a fresh tree and a fix attempt, or a human."""
        self._drop_worktree(task, keep_branch=False)
        self.dstore.log_decision(self.run_id, task.task_id, f"integration failed: {error}")
        attempt = task.attempts
        if attempt >= task.retry_budget + 1:
            self._move(task.task_id, S.FIXING_ISSUES, f"integration failed: {error}")
            self._escalate(task.task_id, f"integration onto {self.plan_branch} failed: {error}",
                           kind="integration")
            return
        self._move(task.task_id, S.FIXING_ISSUES, f"integration failed, redo on a fresh tree: {error}")

    def _commit_subject(self, sha: str) -> str:
        return str(self._repo.commit(sha).message)

    # -- progress ---------------------------------------------------------------------------------
    def _report(self, event: ReportEvent, tier: Tier | None = None) -> None:
        """A progress report when one of its triggers is due (stored with the trigger, then shown)."""
        from pmtui.delivery.progress import maybe_report

        report = maybe_report(self.dstore, self.run_id, event, tier=tier)
        if report is not None:
            self._say("progress", report.text())

    # -- release ----------------------------------------------------------------------------------
    async def _release(self, remediation_round: int, no_wait: bool) -> RunOutcome | int:
        """The final release gate; a new remediation round number when it re-enters the loop."""
        from pmtui.delivery import release

        assert self.plan is not None
        tasks = self.dstore.tasks(self.run_id)
        unfinished = [t for t in tasks if t.state is not S.COMPLETED]
        if unfinished:
            names = ", ".join(f"{t.task_id} ({t.state.value})" for t in unfinished)
            self.dstore.set_run_state(self.run_id, "failed", f"tasks not completed: {names}")
            return RunOutcome("failed", EXIT_FAILED, self.run_id,
                              message=f"delivery stopped: {len(unfinished)} task(s) not completed: {names}")
        run = self.dstore.get_run(self.run_id)
        self._say("release", "final release gate: full tests, lint, typecheck, build, migrations")
        timeout = self.gate_timeout_s or BASELINE_TEST_TIMEOUT_S
        gate = await release.run_release_gate(
            self.root, self.plan.environment, timeout,
            changed_files=release.changed_since(self.root, run.baseline_sha, self.plan_branch),
        )
        self._say("gate", "release gate: " + _gate_line(gate.checks))
        for risk in gate.risks:
            self.dstore.add_risk(self.run_id, risk)
        if not gate.passed:
            failing = "; ".join(f"{g.gate}: {(g.evidence or [''])[0]}" for g in gate.failing())
            if remediation_round >= MAX_REMEDIATION_ROUNDS:
                answer = await self._run_escalation(
                    f"the final release gate still fails after {remediation_round} remediation round(s): {failing}",
                    ["Release anyway: accept the failing checks", "Stop: mark the run failed"], "release", 2, no_wait)
                if isinstance(answer, RunOutcome):
                    return answer
                if answer != 1:
                    return self._stop_release()
            else:
                new = release.remediation_tasks(gate, self.plan, [t.task_id for t in tasks])
                shared = run.shared_context
                self.plan.tasks.extend(new)
                self.dstore.add_tasks(self.run_id, [self._planned(task, shared) for task in new])
                for task in new:
                    self._tasks[task.id] = _TaskContext(task)
                self._say("release", f"release gate failed ({failing}); remediation: "
                          + ", ".join(f"{t.id} {t.title}" for t in new))
                return remediation_round + 1
        for escalation in release.risk_audit(self.dstore.risks(self.run_id), tasks):
            answer = await self._run_escalation(escalation.problem, list(escalation.options), "risk",
                                                escalation.recommended, no_wait, impact=escalation.impact)
            if isinstance(answer, RunOutcome):
                return answer
            status = release.risk_answer(answer)
            risk_id = release.risk_id_of(escalation)
            if status is None:
                return self._stop_release()
            if risk_id:
                self.dstore.update_risk(self.run_id, risk_id, status=status)
        trace = release.criteria_trace_from_store(self.dstore, self.run_id, self.root)
        todos = release.release_todos(self.root, run.baseline_sha, self.plan_branch)
        problems = release.completeness_check(self.dstore.tasks(self.run_id), trace, todos)
        if problems:
            answer = await self._run_escalation(
                "completeness check: " + "; ".join(problems),
                ["Release anyway: the gaps are known", "Stop: mark the run failed"], "release", 2, no_wait)
            if isinstance(answer, RunOutcome):
                return answer
            if answer != 1:
                return self._stop_release()
        manifest = release.manifest_from_store(self.dstore, self.run_id, gate, repo=self.root, criteria_trace=trace)
        path = release.write_manifest(self.root, manifest)
        rel = path.relative_to(self.root).as_posix()
        self._commit_manifest(rel)
        self.dstore.record_release(self.run_id, rel)
        run = self.dstore.get_run(self.run_id)
        handoff = release.handoff_summary(run.plan_name or run.plan_id, manifest, run.plan_branch, run.start_branch,
                                          len(self.dstore.commits(self.run_id)))
        self.dstore.add_progress_report(self.run_id, "release", handoff)
        self._say("release", handoff)
        return RunOutcome("released", EXIT_RELEASED, self.run_id, message=f"released: {rel}", handoff=handoff)

    def _stop_release(self) -> RunOutcome:
        self.dstore.set_run_state(self.run_id, "failed", "the human stopped the release")
        return RunOutcome("failed", EXIT_FAILED, self.run_id, message="the human stopped the release")

    async def _run_escalation(
        self, problem: str, options: list[str], kind: str, recommended: int, no_wait: bool, *, impact: str = ""
    ) -> int | RunOutcome:
        """A run-level escalation's answer (asked once: an answered one with the same problem is reused)."""
        for earlier in self.dstore.escalations(self.run_id):
            if earlier.task_id is None and earlier.kind == kind and earlier.problem == problem and earlier.answer:
                return earlier.answer
        escalation_id = self.dstore.add_escalation(
            self.run_id, None, problem=problem,
            impact=impact or "The release manifest is not written until this is decided.",
            options=options, recommended=recommended, blocking=True, kind=kind,
        )
        self._announce(escalation_id)
        waiting = False
        while (answer := self.dstore.escalation(escalation_id).answer) is None:
            if not waiting:
                self.dstore.set_run_state(self.run_id, "waiting_for_human", "the release waits for a human")
                waiting = True
            if no_wait:
                return RunOutcome("waiting_for_human", EXIT_WAITING, self.run_id,
                                  message="the release waits for a human answer", escalations=[escalation_id])
            await asyncio.sleep(self.poll_interval)
        if waiting:
            self.dstore.set_run_state(self.run_id, "running", "the release escalation was answered")
        self._report("escalation_answered")
        return answer

    def _commit_manifest(self, rel: str) -> None:
        repo = git_ops.open_repo(self.root)
        status = repo.git.execute(["git", "status", "--porcelain", "--", rel])
        if not status.strip():
            return
        repo.git.execute(["git", "add", "--force", "--", rel])
        assert self.plan is not None
        message = f"docs(release): release manifest for {self.plan.plan_id}\n\nRefs: release-{self.plan.plan_id}\n"
        repo.git.execute(["git", "commit", "--quiet", "-m", message])
        self.dstore.set_run_fields(self.run_id, current_sha=str(repo.head.commit.hexsha))


# -- helpers ------------------------------------------------------------------------------------------
def _edges(state: IssueState) -> frozenset[IssueState]:
    from pmtui.models.states import VALID_TRANSITIONS

    return VALID_TRANSITIONS[state]


def _read(path: Path | None) -> str:
    if path is None or not path.is_file():
        return ""
    return path.read_text(encoding="utf-8", errors="replace")


def _default_design(plan_path: Path) -> Path | None:
    """A design doc beside the plan (design.md, DESIGN.md or <name>-design.md), when there is one."""
    folder = plan_path.resolve().parent
    for name in ("design.md", "DESIGN.md", f"{plan_path.stem}-design.md"):
        if (folder / name).is_file():
            return folder / name
    return None


def _high_blast(contract: TaskContract) -> bool:
    flags = contract.security_flags
    if flags.touches_auth or flags.touches_billing or flags.touches_schema or flags.touches_secrets:
        return True
    text = " ".join([contract.title, contract.ownership, *contract.expected_files.all()])
    return bool(_HIGH_BLAST.search(text))


def _commit_type(task: TaskRecord, change: git_ops.ChangeSet) -> str:
    title = task.title.lower()
    files = [path for path in change.files() if not path.startswith(gates.REVIEW_DIR + "/")]
    if files and all(path.endswith((".md", ".rst", ".txt")) or path.startswith("docs/") for path in files):
        return "docs"
    if files and all(gates.is_test_path(path) for path in files):
        return "test"
    if title.startswith(("fix", "remediat", "repair")):
        return "fix"
    if title.startswith("refactor"):
        return "refactor"
    return "feat"


def _signature(results: list[GateResult]) -> str:
    """What failed and how, without timings or shas: equal signatures mean the same failure."""
    parts = []
    for gate in results:
        if gate.passed:
            continue
        lines = [_VOLATILE.sub("#", line.strip()) for line in gate.evidence]
        parts.append(gate.gate + "\n" + "\n".join(lines))
    return hashlib.sha256("\n\n".join(parts).encode()).hexdigest()[:16]


def _failure_evidence(results: list[GateResult], extra: list[str]) -> list[str]:
    lines: list[str] = []
    for gate in results:
        if gate.passed:
            continue
        lines.append(f"gate {gate.gate} FAILED:")
        lines.extend(f"  {line}" for line in gate.evidence[:15])
    lines.extend(extra)
    return lines


def _gate_line(results: list[GateResult]) -> str:
    failed = [g.gate for g in results if not g.passed]
    passed = len(results) - len(failed)
    if not failed:
        return f"all {len(results)} gates passed"
    return f"{passed}/{len(results)} gates passed; FAILED: {', '.join(failed)}"


def _agent_summary(attempt: int, result: AgentResult) -> str:
    if result.timed_out:
        how = "timed out"
    elif result.exit_code not in (0, None):
        how = f"exited {result.exit_code}"
    else:
        how = f"finished ({result.self_assessment})"
    return f"attempt {attempt}: agent {how}"


def _plan_task_from(record: TaskRecord) -> PlanTask:
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





def model_reviewer(config: Config, store: Store) -> Reviewer | None:
    """The review model of the config as the tier-review reviewer; None (the offline reviewer) when unset."""
    route = config.route("review")
    if route.is_offline:
        return None

    async def review(request: gates.ReviewRequest) -> gates.ReviewVerdict:
        from pmtui.llm.gateway import LLMGateway

        result = await LLMGateway(config, store).llm_call("review", [{"role": "user", "content": request.prompt}])
        return gates.parse_review_reply(result.text, reviewer=result.model)

    return review
