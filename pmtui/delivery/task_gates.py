"""A task's gates after its agent: the gate commands' results, the six minimum gates, the tier review and what a
failure leads to (a fix attempt or a human). A part of the task driver (task_driver.py), split off by what it does.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from pmtui.delivery import gates, git_ops, tree_hygiene
from pmtui.delivery.escalations import OFFLINE_REVIEW_CHOSEN, REVIEW_OPTIONS, other_agent_option
from pmtui.delivery.failure_findings import (
    agent_side,
    escalation_options,
    finding_text,
    first_finding,
    never_accepted_findings,
    repeated_failure_options,
)
from pmtui.delivery.integration import gate_timeout
from pmtui.delivery.prewarm import PREWARM
from pmtui.delivery.release.criteria_trace import criteria_locations_from_gates
from pmtui.models.delivery import AgentResult, GateResult, TaskContract
from pmtui.models.states import IssueState

if TYPE_CHECKING:
    from pmtui.delivery.agent_choice import AgentChoice
    from pmtui.delivery.escalations import Escalations
    from pmtui.delivery.gates import CommandResult, Reviewer
    from pmtui.delivery.nodes import NodeReport
    from pmtui.delivery.run_context import RunContext
    from pmtui.delivery.store import TaskRecord
    from pmtui.delivery.worktrees import WorktreePool

S = IssueState
# What differs between two runs of the same failure (timings, addresses, shas, the attempt's number).
_VOLATILE = re.compile(r"\d+(\.\d+)?\s*(ms|s)\b|0x[0-9a-f]+|\b[0-9a-f]{12,40}\b|attempt \d+", re.IGNORECASE)
# Evidence lines of what an agent did that it must not (agent_watch, a node's report).
_TAMPERING = ("HEAD moved", "outside the repository", "switched the working tree", "stray ref:", "git metadata:")


class GateSteps:
    """The RUNNING_TESTS and VALIDATING_SOLUTION steps of TaskDriver (its attributes, declared here; a node's
    report of an attempt comes from ClusterSteps._node_report)."""

    ctx: RunContext
    pool: WorktreePool
    escalations: Escalations
    agents: AgentChoice
    reviewer: Reviewer | None
    criteria_mapper: gates.Ask | None
    gate_timeout_s: float | None

    if TYPE_CHECKING:  # TaskDriver's own and ClusterSteps': declared for the type checker only, never shadowing them
        def _node_report(self, task_id: str, attempt: int) -> NodeReport | None: ...

        def _first_attempt_of_cycle(self, task: TaskRecord) -> int: ...

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


def gate_line(results: list[GateResult]) -> str:
    failed = [g.gate for g in results if not g.passed]
    passed = len(results) - len(failed)
    if not failed:
        return f"all {len(results)} gates passed"
    return f"{passed}/{len(results)} gates passed; FAILED: {', '.join(failed)}"


