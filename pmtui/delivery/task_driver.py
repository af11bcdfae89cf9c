"""One task through its states (seed 004): requirements, the agent's attempts, the gates, the fix loop.

`drive(task_id)` reads the task's state from the store and takes one step at a time until the
task completes, fails or waits for a human; every step is written before it acts, so a killed run
resumes where it stopped. The agent runs under one of `max_parallel` agent slots; gates, review
and integration run outside the slots, so other tasks' agents overlap them.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pmtui.delivery import agent_watch, gates, git_ops, tree_hygiene
from pmtui.delivery.agent_choice import AgentChoice
from pmtui.delivery.contract import ambiguous_criteria, build_contract
from pmtui.delivery.escalations import (
    BUDGET_RAISED,
    HUMAN_NOTES,
    NO_ACCEPT_OPTIONS,
    OFFLINE_REVIEW_CHOSEN,
    REVIEW_OPTIONS,
    Escalations,
    other_agent_option,
)
from pmtui.delivery.failure_findings import (
    agent_side,
    escalation_options,
    finding_text,
    first_finding,
    never_accepted_findings,
    repeated_failure_options,
)
from pmtui.delivery.feed import output_log_path
from pmtui.delivery.integration import Integration, gate_timeout
from pmtui.delivery.model_failure import SETUP_FIXES, live_model_error, model_failure, setup_failure
from pmtui.delivery.nodes import (
    LOCAL_NODE,
    AttemptLost,
    AttemptNotRun,
    ClusterExecutor,
    ClusterLost,
    NodeRef,
    NodeReport,
    NodeUnfit,
)
from pmtui.delivery.prewarm import PREWARM
from pmtui.delivery.release.criteria_trace import criteria_locations_from_gates
from pmtui.delivery.run_context import RunContext
from pmtui.delivery.store import TaskRecord
from pmtui.delivery.worktrees import WorktreePool
from pmtui.models.delivery import AgentResult, GateResult, TaskContract
from pmtui.models.states import VALID_TRANSITIONS, InvalidTransition, IssueState
from pmtui.redaction import clip, redact

if TYPE_CHECKING:
    from pmtui.delivery.executors import Executor
    from pmtui.delivery.gates import CommandResult, Reviewer

S = IssueState
DriveResult = Literal["done", "failed", "waiting"]
# Gates whose failure means the change must never be committed as it is: their escalations offer no accept.
_VOLATILE = re.compile(r"\d+(\.\d+)?\s*(ms|s)\b|0x[0-9a-f]+|\b[0-9a-f]{12,40}\b|attempt \d+", re.IGNORECASE)
_SPENT = re.compile(r"^spent \$(?P<usd>[0-9.]+) on attempt \d+")
_TAMPERING = ("HEAD moved", "outside the repository", "switched the working tree", "stray ref:", "git metadata:")
# The outcome of an attempt a cluster could not run (nodes.AttemptNotRun): it runs again under its number.
NOT_RUN = "not_run"


class TaskDriver:
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
        contract = self._contract_for(task, attempt, run.shared_context)
        await asyncio.to_thread(self._clean_start, task_id, attempt, tree)
        # The contract the agent gets and its attempt's start in one transaction.
        with ctx.store.transaction():
            ctx.dstore.set_task_fields(ctx.run_id, task_id, contract=contract)
            record = ctx.dstore.record_attempt(ctx.run_id, task_id, attempt, outcome="running")
        if self.cluster is None and record.node != LOCAL_NODE:
            # The attempt ran on a cluster before the restart and runs here now.
            ctx.dstore.set_attempt_node(ctx.run_id, task_id, attempt, LOCAL_NODE)
        ctx.say("agent", f"{task_id} attempt {attempt}: {getattr(executor, 'name', 'agent')} agent at work")
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

    # -- attempts on the nodes of a cluster ---------------------------------------------------------
    def _on_node(self, task_id: str, attempt: int, node: NodeRef) -> None:
        ctx = self.ctx
        ctx.dstore.set_attempt_node(ctx.run_id, task_id, attempt, node.node_id, node.name)
        lost = self._attempt_nodes.get((task_id, attempt))
        self._attempt_nodes[(task_id, attempt)] = node
        if lost is not None:
            # The same attempt started again: its node died under it (the executor placed it anew).
            ctx.say("agent", f"{task_id} attempt {attempt} runs again, on node {node.label()}: node {lost.label()} "
                             "was lost mid-attempt (the retry budget is not spent)")
        else:
            ctx.say("agent", f"{task_id} attempt {attempt} runs on node {node.label()}")

    def _node_report(self, task_id: str, attempt: int) -> NodeReport | None:
        if self.cluster is None:
            return None
        return self.cluster.node_report(task_id, attempt, self.ctx.run_dir / "attempts")

    def _not_run(self, task: TaskRecord, attempt: int, fault: AttemptNotRun) -> None:
        """An attempt the cluster could not run: the run stops (head lost) or a human is asked; the
        attempt keeps its number, so no retry budget is spent."""
        ctx = self.ctx
        task_id = task.task_id
        ctx.dstore.record_attempt(ctx.run_id, task_id, attempt, outcome=NOT_RUN, evidence=[str(fault)])
        ctx.dstore.log_decision(ctx.run_id, task_id, f"attempt {attempt} did not run: {fault}")
        if isinstance(fault, ClusterLost):
            ctx.stop_reason = str(fault)
            ctx.stop.set()
            return
        if isinstance(fault, NodeUnfit):
            reason = (f"{fault}. Install what is missing on every node of the cluster (docs/scale.md), "
                      "then retry; the retry budget was not spent")
            # Nothing ran: there is no change to accept and commit.
            self.escalations.escalate(task_id, reason, kind="node_unfit", recommended=1, options=NO_ACCEPT_OPTIONS)
            return
        kind = "node_lost" if isinstance(fault, AttemptLost) else "cluster"
        self.escalations.escalate(task_id, f"{fault} (the retry budget was not spent)", kind=kind, recommended=1,
                                  options=NO_ACCEPT_OPTIONS)

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
        if checkpoint.is_file():
            sha = checkpoint.read_text(encoding="utf-8").strip()
            tree_hygiene.restore_checkpoint(tree, sha, folder / "objects")
            self.ctx.dstore.log_decision(self.ctx.run_id, task_id, f"attempt {attempt} runs again: the tree is back "
                                         "to how the attempt found it (what the interrupted run left is gone)")
            return
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
        temporary.write_text(sha + "\n", encoding="utf-8")
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

    def _contract_for(self, task: TaskRecord, attempt: int, shared: str) -> TaskContract:
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
            ctx.plan, plan_task, shared_context=shared, task_delta=self._task_delta(task),
            # The task's own ceiling: "Fix attempt k of n" counts as the task detail's "attempt a/b" does.
            attempt=attempt, failure_evidence=evidence, retry_budget=task.retry_budget, repo=ctx.root,
        )
        # The human's words for the agent: clarified criteria, and the note of an answer that chose a retry.
        clarifications = [line.split(": ", 1)[1] for line in task.decision_log if line.startswith(HUMAN_NOTES)]
        contract = contract.model_copy(update={
            "tier": task.tier, "unmapped_criteria": unmapped,
            "context": contract.context.model_copy(update={"clarifications": clarifications}),
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

    # -- gates ------------------------------------------------------------------------------------
    async def _env_results(self, task: TaskRecord, attempt: int, tree: Path) -> dict[str, CommandResult]:
        facts = self.ctx.facts(task.task_id)
        cached = facts.env_results.get(attempt)
        if cached is None and (report := self._node_report(task.task_id, attempt)) is not None:
            cached = facts.env_results[attempt] = report.gate_results
        if cached is not None:
            return cached
        assert task.contract is not None
        if self.ctx.found is None:  # taken once a run (never reset): a thread hop only the first time
            await asyncio.to_thread(self.ctx.git_as_found)
        results = await gates.run_commands(gates.gate_commands(task.contract), tree, gate_timeout(task.contract, self.gate_timeout_s))
        # Gate commands run the agent's code (its tests): what they did to the git metadata and refs is put back
        # and fails the attempt, as an agent's would.
        undone = await asyncio.to_thread(self.ctx.put_back_git, tree, "the gate commands")
        if undone:
            ctx = self.ctx
            record = ctx.dstore.attempt(ctx.run_id, task.task_id, attempt)
            ctx.dstore.record_attempt(ctx.run_id, task.task_id, attempt,
                                      evidence=[*(record.evidence if record else []), *undone])
        facts.env_results[attempt] = results
        return results

    def _agent_result(self, task_id: str, attempt: int) -> AgentResult | None:
        found = self.ctx.facts(task_id).agent_results.get(attempt)
        if found is None:
            record = self.ctx.dstore.attempt(self.ctx.run_id, task_id, attempt)
            found = record.agent_result if record else None
        return found

    async def _change(self, task: TaskRecord, attempt: int, tree: Path) -> git_ops.ChangeSet:
        """The attempt's change set, read once per attempt (the tree does not move between gates)."""
        facts = self.ctx.facts(task.task_id)
        if attempt not in facts.changes:
            limit = file_limit(self.ctx)
            facts.changes = {attempt: await asyncio.to_thread(_agent_change, tree, limit)}
        return facts.changes[attempt]

    async def _run_gates(self, task: TaskRecord) -> None:
        ctx = self.ctx
        task_id = task.task_id
        attempt = task.attempts
        assert task.contract is not None
        tree = await self.pool.tree_for(task)
        change = await self._change(task, attempt, tree)
        result = self._agent_result(task_id, attempt)
        env = await self._env_results(task, attempt, tree)
        # Read after the gate commands ran: what they did is evidence too.
        record = ctx.dstore.attempt(ctx.run_id, task_id, attempt)
        tampering = [line for line in (record.evidence if record else []) if any(m in line for m in _TAMPERING)]
        for module in ("pmtui.delivery.gates.alignment", "pmtui.delivery.gates.reviewer"):
            await PREWARM.ready(module)  # a fresh process's first gates: the import, if still running, off the loop
        reviewer_map = await self._reviewer_map(task.contract, change, result, env)
        results = await gates.minimum_gate(task.contract, change, result, env, tampering=tampering,
                                           reviewer_map=reviewer_map)
        if (nothing := gates.change_gate(change, task.contract)) is not None:
            results.append(nothing)
        limits = gates.size_limit(change, file_limit(ctx), change_limit(ctx))
        if not limits.passed:
            results.append(limits)
        if change.nested:
            results.append(gates.nested_repo_gate(change))
        for extra in (gates.own_config_gate(change, task.contract), gates.kept_entries_gate(change)):
            if not extra.passed:
                results.append(extra)
        passed = all(g.passed for g in results)
        signature = "" if passed else _signature(results)
        why = "all six minimum gates passed"
        # The verdicts and the move they allow in one transaction: a kill leaves both or neither.
        with ctx.store.transaction():
            ctx.dstore.save_gate_results(ctx.run_id, task_id, attempt, results, failure_signature=signature)
            left = ctx.machine.transition_from(ctx.run_id, task_id, S.VALIDATING_SOLUTION, why) if passed else None
        ctx.say("gate", f"{task_id} attempt {attempt}: " + gate_line(results))
        if left is not None:
            ctx.say_move(task_id, left, S.VALIDATING_SOLUTION, why)
            return
        self._after_failure(task, attempt, signature, "RUNNING_TESTS", results)

    async def _reviewer_map(self, contract: TaskContract, change: git_ops.ChangeSet,
                            result: AgentResult | None, env: Mapping[str, gates.CommandResult]) -> dict[str, str]:
        """The review model's locations for the criteria neither the agent, the gate commands nor the offline
        matcher mapped."""
        if self.criteria_mapper is None or not contract.acceptance_criteria:
            return {}
        located = gates.map_criteria(contract.acceptance_criteria, change, result.criteria_map if result else None,
                                     checked=gates.checked_by_commands(contract, change, env), title=contract.title)
        unmapped = [item.criterion for item in located if item.location is None]
        if not unmapped:
            return {}
        found, note = await gates.reviewer_locations(unmapped, change, self.criteria_mapper)
        if note:
            self.ctx.dstore.log_decision(self.ctx.run_id, contract.task_id, f"criteria mapping: {note}")
        return found

    def _after_failure(self, task: TaskRecord, attempt: int, signature: str, where: str,
                       results: list[GateResult]) -> None:
        ctx = self.ctx
        task_id = task.task_id
        failed = [g.gate for g in results if not g.passed]
        ctx.dstore.record_attempt(ctx.run_id, task_id, attempt, outcome="failed", finished=True)
        previous = ctx.dstore.attempt(ctx.run_id, task_id, attempt - 1) if attempt > 1 else None
        same = (
            previous is not None
            and attempt - 1 >= self._first_attempt_of_cycle(task)
            and previous.failure_signature == signature
        )
        # Never a default to accept a change that failed a gate: the recommendation is a retry (with a note for the
        # agent when the agent itself was the cause: the same prompt to the same agent fails the same way).
        result = self._agent_result(task_id, attempt)
        by_agent = agent_side(results, result)
        options, recommended = escalation_options(failed, agent_side=by_agent), 1
        if by_agent and (others := self.agents.others(task.decision_log)):
            options = (*options, other_agent_option(others, self.agents.unready(task.decision_log)))  # the same tool may well fail the same way again
        agent = self.agents.current(task.decision_log) or ""
        never = never_accepted_findings(results) or first_finding(results, result, agent)
        if same and not by_agent:
            # The code (not the agent) failed exactly as the attempt before: not the same prompt to the same agent.
            options, recommended = repeated_failure_options(failed, finding_text(results, result, agent),
                                                            self.agents.others(task.decision_log),
                                                            self.agents.unready(task.decision_log))
        if same:
            self.escalations.escalate(task_id, f"attempt {attempt} failed exactly as attempt {attempt - 1} did "
                                      f"({', '.join(failed)}): not retrying blindly{never}", kind="same_failure",
                                      recommended=recommended, options=options)
            return
        if attempt >= task.retry_budget + 1:
            self.escalations.escalate(task_id, f"{where.lower()} failed on attempt {attempt}, the last of the retry "
                                      f"budget ({', '.join(failed)}){never}", kind="budget_exhausted",
                                      recommended=recommended, options=options)
            return
        ctx.move(task_id, S.FIXING_ISSUES, f"attempt {attempt} failed {', '.join(failed)}: fix attempt {attempt + 1}")

    async def _validate(self, task: TaskRecord) -> None:
        ctx = self.ctx
        task_id = task.task_id
        attempt = task.attempts
        assert task.contract is not None
        tree = await self.pool.tree_for(task)
        change = await self._change(task, attempt, tree)
        result = self._agent_result(task_id, attempt)
        env = await self._env_results(task, attempt, tree)
        record = ctx.dstore.attempt(ctx.run_id, task_id, attempt)
        # The tier review reads the criteria where plan alignment placed them (passing tests included).
        placed = {criterion: where for criterion, where in criteria_locations_from_gates(
            record.gate_results if record else []).items() if where}
        # The human chose the offline reviewer after the review model was unavailable.
        reviewer = None if OFFLINE_REVIEW_CHOSEN in task.decision_log else self.reviewer
        review_gates, tier = await gates.tier_review(
            task.contract, change, reviewer, env, ctx.design_text,
            criteria_map={**(result.criteria_map if result else {}), **placed},
        )
        earlier = [g for g in (record.gate_results if record else []) if g.gate not in {r.gate for r in review_gates}]
        passed = all(g.passed for g in review_gates)
        signature = "" if passed else _signature(review_gates)
        why = f"{tier} tier review passed"
        # The verdicts, the tier and the move they allow in one transaction: a kill leaves all or none.
        with ctx.store.transaction():
            ctx.dstore.save_gate_results(ctx.run_id, task_id, attempt, [*earlier, *review_gates],
                                         failure_signature=signature or None)
            if tier != task.tier:
                ctx.dstore.set_task_fields(ctx.run_id, task_id, tier=tier,
                                           tier_reason=f"escalated to {tier} by the review gate")
            left = ctx.machine.transition_from(ctx.run_id, task_id, S.CREATING_PR, why) if passed else None
        ctx.say("gate", f"{task_id} tier review ({tier}): " + gate_line(review_gates))
        if left is not None:
            ctx.say_move(task_id, left, S.CREATING_PR, why)
            ctx.facts(task_id).entered_pr = True
            return
        failing = [g for g in review_gates if not g.passed]
        if [g.gate for g in failing] == ["code_review"] and failing[0].evidence[0].startswith(gates.REVIEW_UNAVAILABLE):
            # Not the agent's fault, and never a silent approval: the human decides how to review.
            self.escalations.escalate(task_id, f"{failing[0].evidence[0]} — retry, use the offline reviewer, or stop",
                                      kind="review_unavailable", recommended=1, options=REVIEW_OPTIONS)
            return
        failed = ", ".join(g.gate for g in failing)
        ctx.dstore.record_attempt(ctx.run_id, task_id, attempt, outcome="failed", finished=True)
        if attempt >= task.retry_budget + 1:
            self.escalations.escalate(task_id, f"tier review failed on the last attempt ({failed})",
                                      kind="budget_exhausted", options=escalation_options([g.gate for g in failing]))
            return
        ctx.move(task_id, S.FIXING_ISSUES, "tier review failed: " + failed)


def _agent_change(tree: Path, max_file_bytes: int) -> git_ops.ChangeSet:
    """The change the agent made: tool caches a gate or a killed run left in the tree are removed first;
    files over the size limit are left out of it (gates.limited_change)."""
    listed = gates.tree_listing(tree)
    kept = tree_hygiene.drop_tool_caches(tree, listed.changed)
    return gates.limited_change(tree, max_file_bytes, gates.TreeListing(changed=kept, nested=listed.nested))


def file_limit(ctx: RunContext) -> int:
    return int(ctx.config.delivery.max_file_mb * gates.MB)


def change_limit(ctx: RunContext) -> int:
    return int(ctx.config.delivery.max_change_mb * gates.MB)


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


def gate_line(results: list[GateResult]) -> str:
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
