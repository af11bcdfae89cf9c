"""One task through its states (seed 004): requirements, the agent's attempts, the gates, the fix loop.

`drive(task_id)` reads the task's state from the store and takes one step at a time until the
task completes, fails or waits for a human; every step is written before it acts, so a killed run
resumes where it stopped. The agent runs under one of `max_parallel` agent slots; gates, review
and integration run outside the slots, so other tasks' agents overlap them.
"""

from __future__ import annotations

import asyncio
import re
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pmtui.delivery import agent_watch, gates, git_ops, tree_hygiene
from pmtui.delivery.agent_choice import AgentChoice
from pmtui.delivery.cluster_steps import NOT_RUN, ClusterSteps, cluster_agent
from pmtui.delivery.contract import ambiguous_criteria, build_contract
from pmtui.delivery.escalations import (
    BUDGET_RAISED,
    HUMAN_NOTES,
    NO_ACCEPT_OPTIONS,
    Escalations,
)
from pmtui.delivery.feed import output_log_path
from pmtui.delivery.integration import Integration
from pmtui.delivery.model_failure import SETUP_FIXES, live_model_error, model_failure, setup_failure
from pmtui.delivery.nodes import (
    LOCAL_NODE,
    AttemptNotRun,
    ClusterExecutor,
    NodeRef,
)
from pmtui.delivery.plan_revisions import revision_notes
from pmtui.delivery.records import RunRecord
from pmtui.delivery.run_context import RunContext
from pmtui.delivery.store import TaskRecord
from pmtui.delivery.task_gates import GateSteps
from pmtui.delivery.worktrees import WorktreePool
from pmtui.models.delivery import AgentResult, GateResult, TaskContract
from pmtui.models.states import VALID_TRANSITIONS, InvalidTransition, IssueState
from pmtui.redaction import clip, redact

if TYPE_CHECKING:
    from pmtui.delivery.executors import Executor
    from pmtui.delivery.gates import Reviewer

S = IssueState
DriveResult = Literal["done", "failed", "waiting"]
_SPENT = re.compile(r"^spent \$(?P<usd>[0-9.]+) on attempt \d+")


class TaskDriver(GateSteps, ClusterSteps):
    """Drives tasks of one run; shared by every task the dispatch loop starts."""

    def __init__(
        self,
        ctx: RunContext,
        *,
        executor: Executor,
        reviewer: Reviewer | None,
        pool: WorktreePool,
        escalations: Escalations,
        integration: Integration,
        max_parallel: int,
        gate_timeout_s: float | None,
        criteria_mapper: gates.Ask | None = None,
    ) -> None:
        self.ctx = ctx
        self.executor = executor
        # An executor that runs attempts on a cluster's nodes (nodes.py), else None for a local one.
        self.cluster = executor if isinstance(executor, ClusterExecutor) else None
        # The node each attempt on the cluster started on, to tell a start again elsewhere (its node lost).
        self._attempt_nodes: dict[tuple[str, int], NodeRef] = {}
        # (node id, reason) of each node the feed said lacks what attempts need (said once a run).
        self._unfit_said: set[tuple[str, str]] = set()
        # The agent each task runs with: the run's, or another the human chose for it in an escalation.
        self.agents = AgentChoice(executor, ctx.config, local=self.cluster is None)
        self.reviewer = reviewer
        self.criteria_mapper = criteria_mapper
        self.pool = pool
        self.escalations = escalations
        self.integration = integration
        self.gate_timeout_s = gate_timeout_s
        self.agent_slots = asyncio.Semaphore(max(1, max_parallel))
        # Tasks past their agent (gating, reviewing, integrating): they hold no agent slot.
        self.past_agent: set[str] = set()
        # Set when an agent finishes, so the dispatch loop can start the next task at once.
        self.slot_freed = asyncio.Event()
        self._delta_sha = ""
        self._delta_text = ""
        self._start_lock = threading.Lock()
        # The user's checkout's `git status` as last seen: a new entry after an agent is its write.
        self._checkout_status: list[str] | None = None
        # Node id → how it confined its last attempt, as said in the feed (once per node, again if it changes).
        self._node_sandboxes: dict[str, str] = {}

    def start_delta(self, sha: str) -> None:
        self._delta_sha = sha

    # -- the drive --------------------------------------------------------------------------------
    async def drive(self, task_id: str) -> DriveResult:
        """Move one task through its states until it completes, fails or waits."""
        try:
            return await self._steps(task_id)
        except Exception as error:  # noqa: BLE001 - one task's fault must not stop the run
            return self._engine_fault(task_id, error)
        finally:
            self.past_agent.discard(task_id)

    def _engine_fault(self, task_id: str, error: Exception) -> DriveResult:
        ctx = self.ctx
        reason = f"engine error while handling the task: {type(error).__name__}: {error}"
        ctx.dstore.log_decision(ctx.run_id, task_id, reason)
        try:
            self.escalations.escalate(task_id, reason, kind="stuck", recommended=1)
            return "waiting"
        except InvalidTransition:
            state = ctx.dstore.task_state(ctx.run_id, task_id)
            if S.FAILED in VALID_TRANSITIONS[state]:
                ctx.move(task_id, S.FAILED, reason)
                return "failed"
            raise

    async def _steps(self, task_id: str) -> DriveResult:
        ctx = self.ctx
        stepped = False
        while True:
            task = ctx.task(task_id)
            # The safety net after each step, on the row the next step reads (no read of its own, nothing between).
            if stepped and self._stuck(task):
                return "waiting"
            stepped = True
            state = task.state
            if state is S.COMPLETED:
                return "done"
            if state is S.FAILED:
                return "failed"
            if state is S.BLOCKED:
                ctx.move(task_id, S.ANALYZING_REQUIREMENTS, "its dependencies are done again")
            elif state is S.RECEIVED:
                ctx.move(task_id, S.ANALYZING_REQUIREMENTS, f"dispatched: {task.tier} tier ({task.tier_reason})")
            elif state is S.ANALYZING_REQUIREMENTS:
                questions = ambiguous_criteria(ctx.plan_task(task_id))
                if questions:
                    self.escalations.ask_clarification(task, questions)
                    return "waiting"
                count = len(task.contract.acceptance_criteria) if task.contract else 0
                ctx.move(task_id, S.CREATING_TESTS, f"{count} clear acceptance criteria")
            elif state is S.REQUIREMENTS_UNCLEAR:
                self.escalations.ask_clarification(task, ambiguous_criteria(ctx.plan_task(task_id)))
                return "waiting"
            elif state in (S.WAITING_FOR_REQUIREMENTS_CLARIFICATION, S.REQUIRES_HUMAN_INTERVENTION,
                           S.WAITING_FOR_HUMAN_INPUT):
                if not self.escalations.take_answer(task):
                    return "waiting"
            elif state is S.REQUIREMENTS_CLARIFIED:
                ctx.move(task_id, S.CREATING_TESTS, "requirements clarified by the human")
            elif state is S.HUMAN_INPUT_RECEIVED:
                self.escalations.apply_human_input(task)
            elif state is S.CREATING_TESTS:
                tests = task.contract.tests_to_add if task.contract else []
                ctx.move(task_id, S.IMPLEMENTING, f"tests to add are in the contract: {', '.join(tests) or 'none listed'}")
            elif state in (S.IMPLEMENTING, S.FIXING_ISSUES):
                if not await self._attempt(task):
                    return "waiting"
            elif state is S.RUNNING_TESTS:
                await self._run_gates(task)
            elif state is S.VALIDATING_SOLUTION:
                await self._validate(task)
            elif state is S.CREATING_PR:
                if not await self.integration.commit(task):
                    stepped = False  # the state moved elsewhere: the next step comes without a stuck check
                    continue
                return "done"
            else:
                self.escalations.escalate(task_id, f"the task is in state {state.value}, which the engine does not "
                                          "drive", kind="stuck")
                return "waiting"

    def _stuck(self, task: TaskRecord) -> bool:
        """The safety net: a loop or max_iterations moves the task to a human (when an edge exists)."""
        ctx = self.ctx
        if S.REQUIRES_HUMAN_INTERVENTION not in VALID_TRANSITIONS[task.state]:
            return False
        why = ctx.machine.check_stuck(ctx.run_id, task.task_id, task.retry_budget)
        if why is None:
            return False
        self.escalations.escalate(task.task_id, why, kind="stuck")
        return True

    # -- attempts ---------------------------------------------------------------------------------
    def _first_attempt_of_cycle(self, task: TaskRecord) -> int:
        """A task's retry_budget is the last fix attempt of its current cycle; each cycle is the run's size."""
        return task.retry_budget - self.ctx.retry_budget + 1

    async def _attempt(self, task: TaskRecord) -> bool:
        """Run the agent for the current attempt; False when the task went to a human instead."""
        ctx = self.ctx
        task_id = task.task_id
        last = ctx.dstore.last_attempt(ctx.run_id, task_id)
        if last is not None and last.outcome == "agent_done" and last.attempt in self._attempt_numbers(task):
            ctx.move(task_id, S.RUNNING_TESTS, f"attempt {last.attempt}: the agent had finished before the restart")
            return True
        # An attempt that is still "running" (killed before it ended) or did not run runs again under its number.
        rerun = last is not None and last.outcome in ("running", NOT_RUN)
        attempt = last.attempt if last is not None and rerun else (last.attempt if last else 0) + 1
        if attempt > task.retry_budget + 1:
            self.escalations.escalate(task_id, f"retry budget exhausted after {attempt - 1} attempt(s)",
                                      kind="budget_exhausted")
            return False
        if self._over_spend_budget(task):
            return False
        if (unavailable := self.agents.unavailable(task.decision_log)) is not None:
            reason, options, recommended = unavailable
            self.escalations.escalate(task_id, reason, kind="agent_missing", recommended=recommended, options=options)
            return False
        self.past_agent.discard(task_id)
        for model in (self.reviewer, self.criteria_mapper):
            if (warm := getattr(model, "warm", None)) is not None:
                warm()  # the review model's client imported while the agent works (engine.ModelCall)
        async with self.agent_slots:
            try:
                result, tampering = await self._run_agent(task, attempt)
            except AttemptNotRun as fault:
                self.past_agent.add(task_id)
                self.slot_freed.set()
                self._not_run(task, attempt, fault)
                return False
        self.past_agent.add(task_id)
        self.slot_freed.set()
        kind, said = setup_failure(result.output_tail, result.exit_code)
        if kind:
            self._setup_failed(task, attempt, result, kind, said)
            return False
        failure = model_failure(result.output_tail)
        if failure:
            self._model_failed(task, attempt, result, failure)
            return False
        ctx.facts(task_id).agent_results[attempt] = result
        summary = _agent_summary(attempt, result)
        with ctx.store.transaction():
            ctx.dstore.record_attempt(ctx.run_id, task_id, attempt, outcome="agent_done", agent_result=result,
                                      evidence=tampering)
            ctx.machine.transition(ctx.run_id, task_id, S.RUNNING_TESTS, summary)
        ctx.say("state", f"{task_id} → running_tests: {summary}")
        return True

    async def _run_agent(self, task: TaskRecord, attempt: int) -> tuple[AgentResult, list[str]]:
        """The agent's attempt in the task's tree, its output streamed to the attempt's log."""
        ctx = self.ctx
        task_id = task.task_id
        executor = self.agents.executor_for(task.decision_log)  # one that cannot run was asked about in _attempt
        tree = await self.pool.tree_for(task)
        ctx.facts(task_id).changes = {}
        run = ctx.dstore.get_run(ctx.run_id)  # read once for the contract's shared context and the log's place
        contract = self._contract_for(task, attempt, run)
        await asyncio.to_thread(self._clean_start, task_id, attempt, tree)
        # The contract the agent gets and its attempt's start in one transaction.
        with ctx.store.transaction():
            ctx.dstore.set_task_fields(ctx.run_id, task_id, contract=contract)
            record = ctx.dstore.record_attempt(ctx.run_id, task_id, attempt, outcome="running")
        if self.cluster is None and record.node != LOCAL_NODE:
            # The attempt ran on a cluster before the restart and runs here now.
            ctx.dstore.set_attempt_node(ctx.run_id, task_id, attempt, LOCAL_NODE)
        if self.cluster is None:
            ctx.say("agent", f"{task_id} attempt {attempt}: {getattr(executor, 'name', 'agent')} agent at work")
        else:
            # Ray may keep it in its queue until a node has a free slot: at work once a node starts it (_on_node).
            ctx.say("agent", f"{task_id} attempt {attempt}: {cluster_agent(executor)} agent waiting for a Ray node")
        before = await asyncio.to_thread(self._before_agent, tree)
        spent_before = ctx.store.llm_usage()["cost"]
        log_path = output_log_path(run, ctx.store.path, task_id, attempt)
        log_path.parent.mkdir(parents=True, exist_ok=True)
        failing: list[str] = []
        with log_path.open("a", encoding="utf-8") as log:

            def stream(line: str) -> None:
                # The dashboard (in this process or `pmtui watch`) tails this file while the agent works.
                line = redact(line)
                log.write(line if line.endswith("\n") else line + "\n")
                log.flush()
                # An endpoint that is down or rate-limited: the tool retries, maybe for the whole time budget, and
                # the feed said only "agent at work". Said once an attempt.
                if not failing and (said := live_model_error(line)):
                    failing.append(said)
                    ctx.say("agent", f"{task_id} attempt {attempt}: the agent's model call failed ({clip(said, 160)}); "
                                     "the agent retries by itself, and the attempt ends at its time budget "
                                     f"({contract.time_budget_ms / 60000:g} min) if its endpoint stays down")

            if self.cluster is None:
                result = await executor.run(
                    contract, tree, attempt=attempt, run_dir=ctx.run_dir / "attempts", on_output=stream
                )
                result.in_process = bool(getattr(self.executor, "in_process", False))
            else:
                result = await self.cluster.run(
                    contract, tree, attempt=attempt, run_dir=ctx.run_dir / "attempts", on_output=stream,
                    on_node=lambda node: self._on_node(task_id, attempt, node),
                    on_steered=lambda node, why: self._on_steered(task_id, attempt, node, why),
                )
        tampering = await asyncio.to_thread(self._after_agent, before, tree)
        notes = agent_watch.outside_notes(before) if before.noted_dirs else []
        report = self._node_report(task_id, attempt)
        if report is not None:
            ctx.facts(task_id).env_results[attempt] = report.gate_results
            tampering = [*tampering, *report.tampering]
            if report.sandbox and self._node_sandboxes.get(report.node.node_id) != report.sandbox:
                # As a local run says its sandbox at the start, each node says its own (it confines on its own).
                self._node_sandboxes[report.node.node_id] = report.sandbox
                ctx.say("info", f"node {report.node.label()}: {report.sandbox}")
        spent = ctx.store.llm_usage()["cost"] - spent_before
        if spent > 0:
            ctx.dstore.log_decision(ctx.run_id, task_id, f"spent ${spent:.4f} on attempt {attempt}")
        for note in notes[:5]:
            ctx.dstore.log_decision(ctx.run_id, task_id, note)
        if tampering or notes:
            result = result.model_copy(update={"evidence": [*result.evidence, *tampering, *notes[:20]]})
        return result, tampering

    def _model_failed(self, task: TaskRecord, attempt: int, result: AgentResult, failure: str) -> None:
        """An agent whose own model call failed (a refused key, an unknown model, an address that does not answer):
        its attempt says nothing of the code and a retry meets the same model, so a human is asked at once. The
        attempt keeps its number (no retry budget spent); a retry puts the tree back as the attempt found it."""
        ctx = self.ctx
        task_id = task.task_id
        failure = clip(redact(failure), 300)
        ctx.dstore.record_attempt(ctx.run_id, task_id, attempt, outcome=NOT_RUN, agent_result=result,
                                  evidence=[f"the agent's model call failed: {failure}"])
        ctx.dstore.log_decision(ctx.run_id, task_id, f"attempt {attempt}: the agent's model call failed: {failure}")
        self.escalations.escalate(
            task_id, f"the agent's model call failed, so there is no code to review: {failure}. Check the agent's "
            "model, address and key (`[models.agent]` in pmtui.toml, the key in the agent's environment), then "
            "retry; the retry budget was not spent", kind="agent_model", recommended=1, options=NO_ACCEPT_OPTIONS)

    def _setup_failed(self, task: TaskRecord, attempt: int, result: AgentResult, kind: str, said: str) -> None:
        """The provider refused the agent's key, access or model: one question for the whole run (Escalations.
        ask_setup). The attempt keeps its number (no retry budget spent) and runs again once it is answered."""
        ctx = self.ctx
        said = clip(redact(said), 300)
        ctx.dstore.record_attempt(ctx.run_id, task.task_id, attempt, outcome=NOT_RUN, agent_result=result,
                                  evidence=[f"the agent's model setup was refused: {said}"])
        ctx.dstore.log_decision(ctx.run_id, task.task_id, f"attempt {attempt}: {SETUP_FIXES[kind]}: {said}")
        agent = getattr(getattr(self.executor, "agent", None), "name", "") or "the agent"
        self.escalations.ask_setup(task.task_id, kind, f"{agent}: {said}")

    def _clean_start(self, task_id: str, attempt: int, tree: Path) -> None:
        """The tree as this attempt found it: its checkpoint is written once; a run that finds one already
        (a kill while the agent worked) stops that agent and puts the tree back before running it again."""
        from pmtui.delivery.executors import attempt_dir, stop_leftover_agent

        folder = attempt_dir(self.ctx.run_dir / "attempts", task_id, attempt)
        checkpoint = folder / "checkpoint"
        stopped = stop_leftover_agent(folder / "agent.pid")
        if stopped:
            self.ctx.dstore.log_decision(self.ctx.run_id, task_id, f"attempt {attempt}: {stopped}")
        head = git_ops.head(tree)[0] or ""
        if checkpoint.is_file():
            sha, _, at = checkpoint.read_text(encoding="utf-8").strip().partition(" ")
            if not at or not head or at == head:
                tree_hygiene.restore_checkpoint(tree, sha, folder / "objects")
                self.ctx.dstore.log_decision(self.ctx.run_id, task_id, f"attempt {attempt} runs again: the tree is "
                                             "back to how the attempt found it (what the interrupted run left is gone)")
                return
            # The attempt runs again on a tree at another commit (the run that was killed had its tree at `at`, the
            # plan head has moved since): its checkpoint belongs to that commit. Put back here, it would keep this
            # HEAD and the old files, and every task committed in between would look deleted by this one.
            tree_hygiene.restore_checkpoint(tree, git_ops.tree_of(tree, head), folder / "objects")
            self.ctx.dstore.log_decision(self.ctx.run_id, task_id, f"attempt {attempt} runs again on a tree at "
                                         f"{head[:10]}, not the {at[:10]} it started on: it starts clean there")
        folder.mkdir(parents=True, exist_ok=True)
        facts = self.ctx.facts(task_id)
        clean_at, facts.clean_at = facts.clean_at, None
        if clean_at:
            # A tree the pool just made clean at a commit is that commit's tree: no staging of the whole tree.
            sha = git_ops.tree_of(tree, clean_at)
        else:
            too_big = gates.oversized_files(tree, int(self.ctx.config.delivery.max_file_mb * gates.MB))
            # A nested repository is never staged (one with no commit makes `git add` fail): it stays as it is.
            left_out = [*too_big, *gates.nested_repositories(tree)]
            sha = tree_hygiene.tree_checkpoint(tree, folder / "objects", leave_out=left_out)
        temporary = checkpoint.with_suffix(".tmp")
        # The commit the tree was at goes with it: a checkpoint is put back only onto that commit.
        temporary.write_text(f"{sha} {head}\n" if head else sha + "\n", encoding="utf-8")
        temporary.replace(checkpoint)

    # -- what an unconfined agent did around its worktree -------------------------------------------
    def _before_agent(self, tree: Path) -> git_ops.Snapshot:
        """What the agent's surroundings look like before it runs. A sandboxed agent can write nothing but
        its worktree; an unconfined one is watched where that is cheap enough: the folder holding the
        repository, the user's checkout, its branches and tags ($HOME and $TMPDIR only reported)."""
        ctx = self.ctx
        trees = self.pool.trees()
        # An attempt on a cluster node runs in a scratch clone there, watched by the node (NodeReport.tampering):
        # what changes here meanwhile (the store beside the repository, the shell's output file) is pmtui's or the
        # operator's doing, never the agent's.
        if self.cluster is not None or (ctx.sandbox.active and getattr(self.executor, "runs_in_sandbox", False)):
            return git_ops.snapshot(tree, worktrees=trees, with_status=False)
        noted = [str(Path.home()), tempfile.gettempdir()]
        parent = str(ctx.root.parent)
        guarded = [] if parent in noted else [parent]
        # The first agents start in threads side by side: one reads how the run found the repository while
        # the others wait (one that went on with half of it compared its agent with no git config at all).
        # As the run found it: agents running side by side are each compared with it, not with each other.
        with self._start_lock:
            if self._checkout_status is None:
                self._checkout_status = ctx.on_checkout(agent_watch.checkout_writes, ctx.root, [])[1]
        found = ctx.git_as_found()
        before = git_ops.snapshot(tree, worktrees=trees, with_status=False)
        return agent_watch.watched(before, guarded, noted, ctx.root, found.refs, found.metadata, found.stash_log,
                                   own=agent_watch.own_files(ctx.store.path))

    def _after_agent(self, before: git_ops.Snapshot, tree: Path) -> list[str]:
        """What the agent did that it must not (committed, switched branch, wrote outside, made branches or
        tags); its commit is undone and its stray refs removed."""
        ctx = self.ctx
        # The git metadata first: pmtui's own git below must not run what the agent planted.
        undone = agent_watch.undo_git_metadata(before, ctx.run_dir / "displaced")
        tampering = [*agent_watch.undo_agent_moves(before, tree), *agent_watch.guarded_writes(before)]
        if before.checkout and self._checkout_status is not None:
            written, self._checkout_status = ctx.on_checkout(agent_watch.checkout_writes, ctx.root,
                                                             self._checkout_status)
            tampering += written
        return [*tampering, *undone, *agent_watch.undo_stray_refs(before, ctx.root, ctx.own_refs())]

    def _attempt_numbers(self, task: TaskRecord) -> range:
        return range(self._first_attempt_of_cycle(task), task.retry_budget + 2)

    def _over_spend_budget(self, task: TaskRecord) -> bool:
        """A task about to exceed its LLM budget (or the run's) escalates instead of spending."""
        ctx = self.ctx
        budget = ctx.config.budget
        if budget.task_usd is None and budget.run_usd is None:
            return False
        spends = [float(m["usd"]) for line in task.decision_log if (m := _SPENT.match(line))]
        raised = sum(1 for line in task.decision_log if line == BUDGET_RAISED)
        estimate = max(spends) if spends else 0.0
        task_spent = sum(spends)
        reasons = []
        if budget.task_usd is not None and spends and task_spent + estimate > budget.task_usd * (1 + raised):
            reasons.append(f"the next attempt (about ${estimate:.4f}) would take the task past its budget of "
                           f"${budget.task_usd * (1 + raised):.2f} (spent ${task_spent:.4f})")
        if budget.run_usd is not None:
            run_spent = sum(
                float(m["usd"]) for t in ctx.dstore.tasks(ctx.run_id) for line in t.decision_log
                if (m := _SPENT.match(line))
            )
            if run_spent + estimate > budget.run_usd * (1 + raised) and (spends or run_spent >= budget.run_usd):
                reasons.append(f"the run has spent ${run_spent:.4f} of its ${budget.run_usd:.2f} budget")
        if not reasons:
            return False
        self.escalations.escalate(task.task_id, "LLM budget: " + "; ".join(reasons), kind="budget", recommended=3)
        return True

    def _contract_for(self, task: TaskRecord, attempt: int, run: RunRecord) -> TaskContract:
        """The attempt's contract (_run_agent stores it with the attempt's start)."""
        ctx = self.ctx
        assert ctx.plan is not None
        plan_task = ctx.plan_task(task.task_id)
        evidence: list[str] = []
        unmapped: list[str] = []
        if attempt > 1:
            previous = ctx.dstore.attempt(ctx.run_id, task.task_id, attempt - 1)
            if previous is not None:
                evidence = _failure_evidence(previous.gate_results, previous.evidence)
            # Every criterion an earlier attempt could not map: the agent has been asked for it once.
            for earlier in ctx.dstore.attempts(ctx.run_id, task.task_id):
                if earlier.attempt < attempt:
                    unmapped += [c for c in gates.unmapped_criteria(earlier.gate_results) if c not in unmapped]
        contract = build_contract(
            ctx.plan, plan_task, shared_context=run.shared_context, task_delta=self._task_delta(task),
            # The task's own ceiling: "Fix attempt k of n" counts as the task detail's "attempt a/b" does.
            attempt=attempt, failure_evidence=evidence, retry_budget=task.retry_budget, repo=ctx.root,
        )
        # The human's words for the agent: clarified criteria, and the note of an answer that chose a retry.
        clarifications = [line.split(": ", 1)[1] for line in task.decision_log if line.startswith(HUMAN_NOTES)]
        contract = contract.model_copy(update={
            "tier": task.tier, "unmapped_criteria": unmapped,
            "context": contract.context.model_copy(update={
                "clarifications": clarifications, "revision": revision_notes(run.config, task.task_id)}),
        })
        return contract

    def _task_delta(self, task: TaskRecord) -> str:
        """Per cycle, only what changed since the last task's commit; plus the dependencies' notes."""
        ctx = self.ctx
        head = ctx.plan_head()
        if head != self._delta_sha:
            stat = git_ops.diff_stat_since(ctx.root, self._delta_sha, head)
            subjects = [c.subject for c in git_ops.log_since(ctx.root, self._delta_sha, head)]
            self._delta_text = (
                f"Changes since {self._delta_sha[:12]}: " + ("; ".join(subjects) or "none") + "\n" + stat
            ).strip()
            self._delta_sha = head
        lines = [self._delta_text] if self._delta_text else []
        for dep in task.depends:
            record = ctx.task(dep)
            if record.review_note is not None:
                lines.append(f"{dep} (done): {record.review_note.summary}")
        return "\n".join(lines)


def _failure_evidence(results: list[GateResult], extra: list[str]) -> list[str]:
    lines: list[str] = []
    for gate in results:
        if gate.passed:
            continue
        lines.append(f"gate {gate.gate} FAILED:")
        lines.extend(f"  {line}" for line in gate.evidence[:15])
    lines.extend(extra)
    return lines


def _agent_summary(attempt: int, result: AgentResult) -> str:
    if result.timed_out:
        how = "timed out"
    elif result.exit_code not in (0, None):
        how = f"exited {result.exit_code}"
    else:
        how = f"finished ({result.self_assessment})"
    return f"attempt {attempt}: agent {how}"
