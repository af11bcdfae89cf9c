"""The delivery engine (seed 003 ORCHESTRATE → DISPATCH → REVIEW GATE → PROGRESS → FINAL RELEASE GATE,
with the seed-004 state machine for every task): the run's start and its dispatch loop.

DeliveryEngine.run() initialises a run once (plan, repository, plan branch, baseline scan, shared
context, code state, tiers, split, queue — all stored first), then loops: pick the next batch from
the queue and hand each task to the TaskDriver (task_driver.py), which drives it through its states
in a pooled worktree (worktrees.py), through the gates, and into one commit on the plan branch
(integration.py); escalations (escalations.py) go to the store and are answered from any process.
When the queue is done, the ReleaseStage (release_stage.py) runs the final release gate. Each step
reads the task's state from the store and writes before it acts, so a run killed at any point
resumes where it stopped: nothing is committed or tagged twice. `stop` (a threading.Event) ends
the run cleanly from another thread: running attempts are cancelled and the run stays resumable.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import secrets
import shutil
import threading
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from pmtui.delivery import baseline, gates, git_ops, plan_revisions
from pmtui.delivery.contract import (
    DEFAULT_PATCH_SIZE_LIMIT,
    build_contract,
    effective_tier,
    split_plan,
)
from pmtui.delivery.controls import RunControls
from pmtui.delivery.escalations import Escalations
from pmtui.delivery.git_env import RUN_GIT_ENV
from pmtui.delivery.git_identity import LentIdentity
from pmtui.delivery.integration import Integration
from pmtui.delivery.lease import LeaseHeld, RepositoryHeld, RepositoryLock, RunLease
from pmtui.delivery.nodes import LOCAL_NODE, PLACEMENT_KEYS, ClusterExecutor, ClusterView
from pmtui.delivery.plan import PlanDocument, PlanError, PlanTask, load_plan
from pmtui.delivery.prewarm import PREWARM
from pmtui.delivery.project_tools import PROJECT_ROOT, tool_path
from pmtui.delivery.queue import DEFAULT_PARALLEL_TIERS
from pmtui.delivery.release_stage import ReleaseStage
from pmtui.delivery.run_context import (
    DeliveryInputError,
    Ending,
    EventCallback,
    RunContext,
    RunOutcome,
    TaskFacts,
)
from pmtui.delivery.sandbox import SANDBOX, Sandbox, SandboxMode, SandboxUnavailable, new_scratch
from pmtui.delivery.sandbox import resolve as resolve_sandbox
from pmtui.delivery.store import PlannedTask, RunRecord
from pmtui.delivery.task_driver import DriveResult, TaskDriver
from pmtui.delivery.toolcheck import missing_tools
from pmtui.delivery.worktrees import WorktreePool
from pmtui.models.states import IssueState

if TYPE_CHECKING:
    from pmtui.config import Config
    from pmtui.delivery.executors import Executor
    from pmtui.delivery.gates import Reviewer
    from pmtui.delivery.queue import TaskQueue
    from pmtui.store.db import Store

S = IssueState
POLL_INTERVAL_S = 0.2
_In = TypeVar("_In")
_Out = TypeVar("_Out")
BASELINE_TEST_TIMEOUT_S = 300.0


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
        parallel_tiers: Iterable[str] = DEFAULT_PARALLEL_TIERS,
        reviewer: Reviewer | None = None,
        design_path: Path | None = None,
        run_dir: Path | None = None,
        on_event: EventCallback | None = None,
        poll_interval: float = POLL_INTERVAL_S,
        gate_timeout_s: float | None = None,
        stop: threading.Event | None = None,
        criteria_mapper: gates.Ask | None = None,
        sandbox: SandboxMode | None = None,
        resume_command: str | None = None,
        retry_budget: int | None = None,
    ) -> None:
        self.ctx = RunContext(store, config, on_event=on_event, poll_interval=poll_interval,
                              stop=stop or threading.Event())
        self.repo_path = Path(repo)
        self.plan_path = Path(plan_path)
        self.executor = executor
        self.cluster = executor if isinstance(executor, ClusterExecutor) else None
        self._cluster_seen: ClusterView | None = None
        self.max_parallel = max(1, max_parallel)
        self.parallel_tiers = frozenset(parallel_tiers)
        self.design_path = Path(design_path) if design_path else None
        self.run_dir_option = Path(run_dir) if run_dir else None
        self._decisions: dict[str, list[str]] = {}
        self.pool = WorktreePool(self.ctx)
        self.escalations = Escalations(self.ctx)
        self.integration = Integration(self.ctx, self.pool, self.escalations, gate_timeout_s)
        self.driver = TaskDriver(self.ctx, executor=executor, reviewer=reviewer, pool=self.pool,
                                 escalations=self.escalations, integration=self.integration,
                                 max_parallel=self.max_parallel, gate_timeout_s=gate_timeout_s,
                                 criteria_mapper=criteria_mapper)
        self.release_stage = ReleaseStage(self.ctx, self.escalations, self._add_remediation, gate_timeout_s)
        self.lease: RunLease | None = None
        self.repository_lock: RepositoryLock | None = None
        self.sandbox_mode = sandbox
        # A new run's retry budget (None: [delivery] retry_budget); a resumed run keeps the one it has.
        self.retry_budget = config.delivery.retry_budget if retry_budget is None else retry_budget
        # What the user types to resume a stopped run (`pmtui demo --dir …`); by default the same command.
        self.resume_command = resume_command
        self._sandbox_token: contextvars.Token[Sandbox | None] | None = None
        self._identity: contextvars.Token[tuple[tuple[str, str], ...]] | None = None
        self._tools_token: contextvars.Token[Path | None] | None = None

    @property
    def run_id(self) -> int:
        return self.ctx.run_id

    def request_stop(self) -> None:
        """End the run soon, from any thread: attempts are cancelled, everything stored stays resumable."""
        self.ctx.stop.set()

    # -- the run ----------------------------------------------------------------------------------
    async def run(self, no_wait: bool = False) -> RunOutcome:
        try:
            return await self._run(no_wait)
        finally:
            await self.pool.settle()
            if self._sandbox_token is not None:
                SANDBOX.reset(self._sandbox_token)
                self._sandbox_token = None
            if self._tools_token is not None:
                PROJECT_ROOT.reset(self._tools_token)
                self._tools_token = None
            if self.ctx.sandbox.scratch:
                shutil.rmtree(self.ctx.sandbox.scratch, ignore_errors=True)
            if self._identity is not None:
                RUN_GIT_ENV.reset(self._identity)
                self._identity = None
            if self.lease is not None:
                self.lease.release()
            if self.repository_lock is not None:
                self.repository_lock.release()

    async def _run(self, no_wait: bool) -> RunOutcome:
        try:
            run = await self._initialise()
        except PlanError as error:
            where = f"{self.plan_path}:{error.line}" if error.line else str(self.plan_path)
            return RunOutcome("failed", "bad_input", message=f"{where}: {error.message}")
        except DeliveryInputError as error:
            return RunOutcome("failed", "bad_input", message=str(error))
        if run.finished:
            ending: Ending = "released" if run.state == "released" else "failed"
            return RunOutcome(run.state, ending, run.id, message=f"run {run.id} of {run.plan_id} is already {run.state}")
        try:
            return await self._loop(no_wait)
        except git_ops.GitError as error:
            return RunOutcome("failed", "failed", self.run_id, message=f"git: {error}")

    def _take_lease(self, plan_id: str) -> None:
        """Own the repository before touching it: a second `deliver` is refused (bad input, exit 2)."""
        ctx = self.ctx
        lease = RunLease(ctx.store, ctx.root, plan_id)
        try:
            lease.acquire()
        except LeaseHeld as held:
            raise DeliveryInputError(str(held)) from None
        self.lease = lease
        # The store's lease keeps out a second `deliver` on this store; the repository's lock one on any other.
        hold = RepositoryLock(git_ops.common_dir(ctx.root), ctx.root, ctx.store.path)
        try:
            hold.acquire()
        except RepositoryHeld as held:
            raise DeliveryInputError(str(held)) from None
        except OSError as error:
            raise DeliveryInputError(f"cannot lock {hold.path} to deliver {ctx.root}: {error.strerror or error}") from None
        self.repository_lock = hold
        if lease.taken_over is not None:
            gone = lease.taken_over
            ctx.say("info", f"taking over from pid {gone.pid} on {gone.host}, which no longer delivers "
                            f"{f'run {gone.run_id}' if gone.run_id else f'plan {gone.plan_id}'}")

        def lost() -> None:
            ctx.say("error", "another `pmtui deliver` took this repository's run over; stopping here")
            ctx.stop.set()

        lease.keep_alive(lost)

    def _confine(self) -> None:
        """The run's sandbox, for every process it starts (agents, gates, the release gate)."""
        ctx = self.ctx
        mode = self.sandbox_mode or ctx.config.delivery.sandbox
        try:
            sandbox = resolve_sandbox(mode, ctx.config.delivery.sandbox_writable, ctx.config.delivery.sandbox_readable)
        except SandboxUnavailable as error:
            raise DeliveryInputError(str(error)) from None
        if sandbox.active:
            # The run's own TMPDIR inside the sandbox (pmtui- names are pmtui's scratch, never an agent's write).
            sandbox = dataclasses.replace(sandbox, scratch=new_scratch())
        ctx.sandbox = sandbox
        self._sandbox_token = SANDBOX.set(sandbox)
        ctx.say("info", sandbox.describe())

    # -- init (first run only; idempotent on resume) ----------------------------------------------
    async def _initialise(self) -> RunRecord:
        ctx = self.ctx
        try:
            plan = load_plan(self.plan_path)
        except OSError as error:
            raise DeliveryInputError(f"cannot read the plan {self.plan_path}: {error.strerror or error}") from None
        try:
            ctx.root = git_ops.work_tree(self.repo_path)
        except git_ops.GitError as error:
            raise DeliveryInputError(str(error)) from None
        identity = LentIdentity(ctx.root)
        self._identity = identity.lend()  # this run's own: its git calls, agents and gates, no other engine's
        if identity.note():
            ctx.say("info", identity.note())
        # The heavy imports of a fresh process, beside the set-up below (prewarm.py); not for a plan that does not
        # parse nor a folder that is no repository: that command ends here.
        PREWARM.start()
        self._take_lease(plan.plan_id)
        self._confine()
        # The repository's own .venv / node_modules tools come first for every gate command, as when activated.
        self._tools_token = PROJECT_ROOT.set(ctx.root)
        missing = missing_tools(plan.environment, ctx.root, tool_path(ctx.root))
        if missing:
            raise DeliveryInputError(missing)
        existing = ctx.dstore.latest_run(plan.plan_id, ctx.root)
        if existing is not None and _repository_replaced(ctx.root, existing.baseline_sha):
            # The folder was deleted and a new repository made there (Deliver again after starting over): the run's
            # commits are not in it, and resuming it failed every task on "Invalid revision range". It is closed, and
            # a run of its own starts.
            why = (f"the repository at {ctx.root} is not the one run {existing.id} started in (its base commit "
                   f"{existing.baseline_sha[:7]} is not there)")
            if not existing.finished:
                ctx.dstore.set_run_state(existing.id, "failed", f"{why}; a new run was started")
            ctx.say("info", f"{why}: a new run starts; run {existing.id} stays in the store as it was")
            existing = None
        resuming = existing is not None and not existing.finished
        split, replaced = split_plan(plan, DEFAULT_PATCH_SIZE_LIMIT)
        builds_on = None
        if existing is not None and existing.finished and existing.state == "released":
            # The plan changed since its release (a feature added, the spec regenerated): a new run that builds on
            # it (plan_revisions); unchanged, the released run is the answer.
            builds_on = plan_revisions.compare(split, existing, plan_revisions.released_tasks(ctx.dstore, existing))
            if builds_on is None:
                ctx.plan = plan
                ctx.run_id = existing.id
                return existing
        try:
            if resuming:
                git_ops.recover_after_kill(ctx.root)
            else:
                git_ops.ensure_clean(ctx.root)
            start_branch, plan_branch, baseline_sha = (
                git_ops.continue_plan_branch(ctx.root, plan.plan_id) if builds_on is not None
                else git_ops.prepare_plan_branch(ctx.root, plan.plan_id))
        except git_ops.GitError as error:
            raise DeliveryInputError(str(error)) from None
        ctx.plan_branch = plan_branch
        revision = {} if builds_on is None else {
            plan_revisions.REVISION: plan_revisions.revision_of(existing.config if existing else {}) + 1,
            plan_revisions.BUILDS_ON: builds_on.record()}
        ctx.plan = split
        design = self.design_path or _default_design(self.plan_path)
        run = ctx.dstore.create_run(
            plan.plan_id,
            ctx.root,
            plan_name=plan.name,
            plan_path=self.plan_path.resolve(),
            design_path=design.resolve() if design else "",
            start_branch=start_branch,
            plan_branch=plan_branch,
            baseline_sha=baseline_sha,
            config={"max_parallel": self.max_parallel, "agent": getattr(self.executor, "name", "agent"),
                    "split": replaced, "parallel_tiers": sorted(self.parallel_tiers), **revision, **self._where()},
            retry_budget=self.retry_budget,
        )
        ctx.run_id = run.id
        ctx.base_sha = run.baseline_sha
        ctx.label = plan_revisions.release_label(plan.plan_id, plan_revisions.revision_of(run.config))
        carried = plan_revisions.carried_of(run.config)
        if carried:
            # The tasks the release this run builds on holds are not this run's, on a resume too.
            split = ctx.plan = plan_revisions.without_carried(split, carried)
        ctx.retry_budget = run.retry_budget
        assert self.lease is not None
        self.lease.attach(run.id)
        if any(run.config.get(key) != value for key, value in self._where().items()):
            # A resumed run records where and how its attempts run now (a run may move to a cluster, or
            # back; a resume may confine its agents differently).
            kept = {key: value for key, value in run.config.items() if key not in (*PLACEMENT_KEYS, "sandbox")}
            run = ctx.dstore.set_run_fields(run.id, config={**kept, **self._where()})
        self.design_path = Path(run.design_path) if run.design_path else None
        ctx.design_text = _read(self.design_path)
        ctx.run_dir = (self.run_dir_option or _run_folder(ctx.store.path, run)).resolve()
        ctx.run_dir.mkdir(parents=True, exist_ok=True)
        if run.config.get("run_dir") != str(ctx.run_dir):
            run = ctx.dstore.set_run_fields(run.id, config={**run.config, "run_dir": str(ctx.run_dir)})
        if run.resumed:
            ctx.say("info", f"resuming run {run.id} of plan {plan.plan_id} on {plan_branch}")
            if run.retry_budget != self.retry_budget:
                # The attempts already counted were counted against this budget: changing it halfway would
                # make a task's cycle end before or after the attempts it was promised.
                ctx.say("info", f"run {run.id} keeps its retry budget of {run.retry_budget} (asked: "
                                f"{self.retry_budget}; a new run takes the new value)")
            from pmtui.delivery.orphans import end_orphans

            ended = end_orphans(ctx.run_dir)
            if ended:
                ctx.say("info", f"ended {len(ended)} process(es) the stopped engine had left running: "
                                f"{', '.join(map(str, ended))}")
            if run.state == "waiting_for_human":
                ctx.dstore.set_run_state(run.id, "running", "resumed")
            setup = self.escalations.setup_escalation()
            if setup is not None:
                # What the question asked for is done outside pmtui (a key, a login, pmtui.toml): running
                # `pmtui deliver` again is the user's answer to it.
                ctx.dstore.answer_escalation(setup.id, 1, "answered by resuming: the agent's model setup was fixed")
                ctx.say("answer", f"escalation {setup.id} (the agent's model setup) answered by resuming: retry")
        else:
            ctx.say("info", f"run {run.id}: plan {plan.plan_id} on {plan_branch} (from {start_branch})")
            if builds_on is not None:
                ctx.say("info", builds_on.said())
        if not run.shared_context:
            context = await self._baseline(split)
            run = ctx.dstore.set_run_fields(run.id, shared_context=context)
        known = {task.task_id for task in ctx.dstore.tasks(run.id)}
        planned = [self._planned(task, run.shared_context) for task in split.tasks if task.id not in known]
        if planned:
            ctx.dstore.add_tasks(run.id, planned)
        for task in split.tasks:
            ctx.tasks[task.id] = TaskFacts(task)
        self.driver.start_delta(ctx.dstore.get_run(run.id).current_sha or baseline_sha)
        return ctx.dstore.get_run(run.id)

    async def _baseline(self, plan: PlanDocument) -> str:
        """Baseline scan: git log, file tree, the test command's result once; the shared context block."""
        root = self.ctx.root
        commits = baseline.recent_commits(root)
        files = baseline.tracked_files(root)
        test_line = "no test command configured"
        if plan.environment.test and plan.environment.test.strip().lower() not in ("none", "-"):
            result = await gates.run_command("test", plan.environment.test, root, BASELINE_TEST_TIMEOUT_S)
            summary = result.key_lines[-1] if result.key_lines else ""
            verdict = "passing" if result.passed else f"FAILING (exit {result.exit_code})"
            test_line = f"`{plan.environment.test}` {verdict}{f' — {summary}' if summary else ''}"
        self.ctx.say("info", f"baseline: {len(files)} files, {len(commits)} recent commits, tests {test_line}")
        return baseline.shared_context_block(
            plan, root, commits=commits, files=files, test_line=test_line, design_path=self.design_path
        )

    def _placement(self) -> dict[str, object]:
        """Where attempts run, as the run records it: `executor` local, or the cluster's settings."""
        if self.cluster is None:
            return {"executor": LOCAL_NODE}
        return self.cluster.describe()

    def _where(self) -> dict[str, object]:
        """Where attempts run and whether local agents and gates are confined (status --json reads it)."""
        sandbox = self.ctx.sandbox
        return {**self._placement(), "sandbox": sandbox.mode if sandbox.active else "none"}

    def _note_cluster(self) -> None:
        """The cluster's nodes and free slots into the run, when they changed (the run line shows them)."""
        if self.cluster is None:
            return
        view = self.cluster.cluster_view()
        if view is None or view == self._cluster_seen:
            return
        self._cluster_seen = view
        ctx = self.ctx
        config = ctx.dstore.get_run(ctx.run_id).config
        ctx.dstore.set_run_fields(ctx.run_id, config={**config, "cluster": view.as_dict()})

    def _planned(self, task: PlanTask, shared: str) -> PlannedTask:
        plan = self.ctx.plan
        assert plan is not None
        tier, reason = effective_tier(task)
        state, evidence = baseline.code_state(task, self.ctx.root)
        contract = build_contract(plan, task, shared_context=shared, task_delta="", repo=self.ctx.root,
                                  retry_budget=self.ctx.retry_budget)
        self._decisions.setdefault(task.id, []).append(f"code state {state}: {evidence}; {reason}")
        return PlannedTask(
            task_id=task.id,
            title=task.title,
            tier=tier,
            tier_reason=reason,
            ownership=task.ownership,
            depends=list(task.depends),
            contract=contract,
            code_state=state,
            retry_budget=self.ctx.retry_budget,
            branch=git_ops.feature_branch_name(self.ctx.label or plan.plan_id, task.id, task.title),
        )

    def _add_remediation(self, tasks: list[PlanTask]) -> None:
        """Remediation tasks of the release gate join the plan and the run."""
        ctx = self.ctx
        assert ctx.plan is not None
        shared = ctx.dstore.get_run(ctx.run_id).shared_context
        ctx.plan.tasks.extend(tasks)
        ctx.dstore.add_tasks(ctx.run_id, [self._planned(task, shared) for task in tasks])
        for task in tasks:
            ctx.tasks[task.id] = TaskFacts(task)

    # -- the loop ---------------------------------------------------------------------------------
    async def _loop(self, no_wait: bool) -> RunOutcome:
        from pmtui.delivery.queue import TaskQueue

        ctx = self.ctx
        with ctx.store.transaction():  # one transaction for the run's opening notes, not one per note
            for task_id, notes in self._decisions.items():
                for note in notes:
                    ctx.dstore.log_decision(ctx.run_id, task_id, note)
        self._decisions.clear()
        remediation_round = 0
        await PREWARM.ready("networkx")
        while True:
            queue = TaskQueue.for_run(ctx.dstore, ctx.run_id, self.max_parallel, parallel_tiers=self.parallel_tiers)
            for task_id in queue.blocked():
                ctx.block(task_id, queue.blocked_reason(task_id) or "a dependency failed")
            outcome = await self._cycle(queue, no_wait)
            if outcome is not None:
                return outcome
            await self.pool.settle()
            self.pool.clear()
            result = await self.release_stage.release(remediation_round, no_wait)
            if isinstance(result, RunOutcome):
                return result
            remediation_round = result

    async def _cycle(self, queue: TaskQueue, no_wait: bool) -> RunOutcome | None:
        """Dispatch until the queue is finished (None), or only waiting work remains (--no-wait), or a stop."""
        ctx = self.ctx
        running: dict[str, asyncio.Task[DriveResult]] = {}
        waiting_said = False
        for task_id in sorted(queue.running()):
            running[task_id] = self._start(queue, task_id)
        controls = RunControls(ctx)
        while True:
            if ctx.stop.is_set():
                return await self._stopped(running)
            self._note_cluster()
            paused = controls.apply(queue, running)
            # While the agent's model setup is refused, nothing starts: every task would meet the same refusal.
            if not paused and self.escalations.setup_escalation() is None:
                self._resume_answered(queue, running)
                busy = sum(1 for task_id in running
                           if task_id not in self.driver.past_agent or queue.holds_slot(task_id))
                for task_id in queue.next_batch(busy=busy):
                    queue.mark_running(task_id)
                    running[task_id] = self._start(queue, task_id)
            if not running:
                if queue.is_finished():
                    return None
                if paused:
                    if no_wait:
                        return RunOutcome("running", "waiting", ctx.run_id,
                                          message="dispatch is paused; resume it from the dashboard (pmtui watch)")
                    await asyncio.sleep(ctx.poll_interval)
                    continue
                if not waiting_said:
                    self._present_blockers(queue)
                    if ctx.dstore.get_run(ctx.run_id).state != "waiting_for_human":
                        ctx.dstore.set_run_state(ctx.run_id, "waiting_for_human", "only waiting work remains")
                    waiting_said = True
                if no_wait:
                    return RunOutcome(
                        "waiting_for_human", "waiting", ctx.run_id, message="delivery paused: waiting for a human answer",
                        escalations=[e.id for e in ctx.dstore.open_escalations(ctx.run_id)],
                    )
                await asyncio.sleep(ctx.poll_interval)
                continue
            if waiting_said:
                ctx.dstore.set_run_state(ctx.run_id, "running", "an escalation was answered")
                waiting_said = False
            for task_id, result in await self._next_change(running):
                await self._settle(queue, task_id, result)

    def _start(self, queue: TaskQueue, task_id: str) -> asyncio.Task[DriveResult]:
        if queue.tier(task_id) in self.parallel_tiers - {"low"}:
            self.integration.expect(task_id, self.ctx.task(task_id).position)
        return asyncio.create_task(self.driver.drive(task_id))

    async def _next_change(self, running: dict[str, asyncio.Task[DriveResult]]) -> list[tuple[str, DriveResult]]:
        """Wait until a task ends, an agent frees its slot, or the poll interval passes (controls, answers
        and a stop sent from elsewhere are seen then); the tasks that ended, with their results."""
        freed = self.driver.slot_freed
        waiter = asyncio.ensure_future(freed.wait())
        try:
            done, _ = await asyncio.wait([*running.values(), waiter], timeout=self.ctx.poll_interval,
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()
        freed.clear()
        ended = [(task_id, task.result()) for task_id, task in running.items() if task in done]
        for task_id, _ in ended:
            del running[task_id]
        return ended

    async def _settle(self, queue: TaskQueue, task_id: str, result: DriveResult) -> None:
        ctx = self.ctx
        if result != "done":
            await self.integration.forget(task_id)
        if result == "done":
            queue.mark_done(task_id)
            ctx.report("task_completed", ctx.task(task_id).tier)
        elif result == "failed":
            for blocked in queue.mark_failed(task_id):
                ctx.block(blocked, queue.blocked_reason(blocked) or f"depends on {task_id}, which failed")
        else:
            queue.mark_waiting(task_id)

    async def _stopped(self, running: dict[str, asyncio.Task[DriveResult]]) -> RunOutcome:
        """A stop: running attempts are cancelled (their agents' process groups die with them)."""
        for task in running.values():
            task.cancel()
        await asyncio.gather(*running.values(), return_exceptions=True)
        ctx = self.ctx
        run = ctx.dstore.get_run(ctx.run_id)
        resume = f"`{self.resume_command}` resumes it" if self.resume_command else "the same command resumes it"
        again = f"run `{self.resume_command}`" if self.resume_command else "run the same command again"
        if ctx.stop_reason:
            ctx.say("info", f"run {ctx.run_id} stopped: {ctx.stop_reason}; {resume}")
            return RunOutcome(run.state, "failed", ctx.run_id,
                              message=f"delivery stopped: {ctx.stop_reason}; {again} to resume")
        ctx.say("info", f"run {ctx.run_id} stopped; {resume}")
        return RunOutcome(run.state, "stopped", ctx.run_id, message=f"delivery stopped; {again} to resume")

    def _resume_answered(self, queue: TaskQueue, running: dict[str, asyncio.Task[DriveResult]]) -> None:
        ctx = self.ctx
        waiting = queue.waiting()
        if not waiting:
            return
        still_open = {e.task_id for e in ctx.dstore.open_escalations(ctx.run_id)}
        for task_id in waiting:
            if task_id in still_open or task_id in running:
                continue
            queue.mark_running(task_id)
            ctx.say("answer", f"{task_id}: escalation answered, continuing")
            ctx.report("escalation_answered")
            running[task_id] = self._start(queue, task_id)

    def _present_blockers(self, queue: TaskQueue) -> None:
        ctx = self.ctx
        for escalation in ctx.dstore.open_escalations(ctx.run_id):
            ctx.say("waiting", f"waiting for an answer to escalation {escalation.id} ({escalation.task_id or 'run'})")
        for task_id in queue.ready():
            reason = queue.blocked_reason(task_id)
            if reason:
                ctx.say("waiting", f"{task_id} paused: {reason}")
        for task in ctx.dstore.tasks(ctx.run_id):
            if task.state is S.RECEIVED and not task.dependencies_done:
                reason = queue.blocked_reason(task.task_id)
                if reason:
                    ctx.say("waiting", f"{task.task_id} paused: {reason}")


def _read(path: Path | None) -> str:
    if path is None or not path.is_file():
        return ""
    return path.read_text(encoding="utf-8", errors="replace")


def _run_folder(store_path: Path, run: RunRecord) -> Path:
    """Where a run keeps its worktrees, checkpoints and logs: the folder it recorded, else a new one beside
    the store whose name no other run has (two stores in one folder, or a store deleted and begun afresh,
    both have a run 1; one run resuming from another's checkpoints would mix two repositories)."""
    recorded = run.config.get("run_dir")
    if recorded:
        return Path(recorded)
    return store_path.parent / "runs" / f"run-{run.id}-{secrets.token_hex(4)}"


def _default_design(plan_path: Path) -> Path | None:
    """A design doc beside the plan (design.md, DESIGN.md or <name>-design.md), when there is one."""
    folder = plan_path.resolve().parent
    for name in ("design.md", "DESIGN.md", f"{plan_path.stem}-design.md"):
        if (folder / name).is_file():
            return folder / name
    return None


class ModelCall(Generic[_In, _Out]):
    """The run's review model as the tier review or the criteria mapper. Making one imports nothing: `warm()` starts
    litellm's import (2-4 s of CPU) in a daemon thread, and the task driver calls it as an agent's attempt starts (a
    model review only ever follows an attempt), so the import runs while the agent works. A `pmtui deliver` that
    attempts nothing (resumed to say the run waits for its human, or to review a task again with the offline
    reviewer the human chose) imports none of it: that half second to 3 s of CPU was spent at every such start."""

    def __init__(self, call: Callable[[_In], Awaitable[_Out]]) -> None:
        self._call = call

    async def __call__(self, request: _In) -> _Out:
        return await self._call(request)

    @staticmethod
    def warm() -> None:
        from pmtui.llm.gateway import warm_litellm

        warm_litellm()


def model_reviewer(config: Config, store: Store) -> ModelCall[gates.ReviewRequest, gates.ReviewVerdict] | None:
    """The review model of the config as the tier-review reviewer; None (the offline reviewer) when unset."""
    route = config.route("review")
    if route.is_offline:
        return None

    async def review(request: gates.ReviewRequest) -> gates.ReviewVerdict:
        from pmtui.llm.gateway import LLMGateway

        result = await LLMGateway(config, store).llm_call("review", [{"role": "user", "content": request.prompt}])
        return gates.parse_review_reply(result.text, reviewer=result.model)

    return ModelCall(review)


def model_criteria_mapper(config: Config, store: Store) -> ModelCall[str, str] | None:
    """The review model as the mapper of criteria the offline matcher could not place; None when unset."""
    route = config.route("review")
    if route.is_offline:
        return None

    async def ask(prompt: str) -> str:
        from pmtui.llm.gateway import LLMGateway

        result = await LLMGateway(config, store).llm_call("review", [{"role": "user", "content": prompt}])
        return result.text

    return ModelCall(ask)


def _repository_replaced(root: Path, baseline_sha: str) -> bool:
    """Is the run's base commit missing from the repository (a new repository made where the old one was)?"""
    if not baseline_sha:
        return False
    done = git_ops.complete(root, ["cat-file", "-e", f"{baseline_sha}^{{commit}}"])
    return done.returncode != 0
