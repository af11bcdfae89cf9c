"""A task's attempts on the nodes of a cluster (nodes.py): which node runs an attempt, the node's report, and an
attempt the cluster could not run. A part of the task driver (task_driver.py), split off by what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pmtui.delivery.escalations import NO_ACCEPT_OPTIONS
from pmtui.delivery.nodes import (
    NODE_UNFIT_NOTE,
    AttemptLost,
    AttemptNotRun,
    ClusterLost,
    NodeRef,
    NodeReport,
    NodeUnfit,
)

if TYPE_CHECKING:
    from pmtui.delivery.escalations import Escalations
    from pmtui.delivery.nodes import ClusterExecutor
    from pmtui.delivery.run_context import RunContext
    from pmtui.delivery.store import TaskRecord

# The outcome of an attempt a cluster could not run (nodes.AttemptNotRun): it runs again under its number.
NOT_RUN = "not_run"


def cluster_agent(executor: object) -> str:
    """The agent a cluster executor runs on its nodes, by name ("agent" when it has none)."""
    return str(getattr(getattr(executor, "agent", None), "name", "") or "agent")


class ClusterSteps:
    """What TaskDriver does for attempts on a cluster's nodes (its attributes, declared here)."""

    ctx: RunContext
    cluster: ClusterExecutor | None
    escalations: Escalations
    _attempt_nodes: dict[tuple[str, int], NodeRef]
    _unfit_said: set[tuple[str, str]]

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
            agent = cluster_agent(self.cluster)
            ctx.say("agent", f"{task_id} attempt {attempt}: {agent} agent at work on node {node.label()}")

    def _on_steered(self, task_id: str, attempt: int, node: NodeRef, reason: str) -> None:
        """The node the attempt landed on lacks what it needs (the agent's program, a gate's…): the executor keeps
        it off that node for the rest of the run and places the attempt again; said once a node and reason in the
        feed, and in the task's log, whose lines of this kind its review note lists."""
        ctx = self.ctx
        # Not lost: the start elsewhere that follows is this attempt's first real start.
        self._attempt_nodes.pop((task_id, attempt), None)
        ctx.dstore.log_decision(ctx.run_id, task_id, f"{NODE_UNFIT_NOTE}node {node.label()} cannot run {task_id}'s "
                                f"attempts: {reason}; attempt {attempt} ran on another node")
        if (node.node_id, reason) in self._unfit_said:
            return
        self._unfit_said.add((node.node_id, reason))
        ctx.say("agent", f"{task_id} attempt {attempt}: node {node.label()} cannot run it: {reason}. It is not used "
                         "again for that in this run; the attempt waits for another Ray node (the retry budget is "
                         "not spent)")

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
