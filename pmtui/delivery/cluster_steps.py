"""A task's attempts on the nodes of a cluster (nodes.py): which node runs an attempt, the node's report, and an
attempt the cluster could not run. A part of the task driver (task_driver.py), split off by what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pmtui.delivery.escalations import NO_ACCEPT_OPTIONS
from pmtui.delivery.nodes import AttemptLost, AttemptNotRun, ClusterLost, NodeRef, NodeReport, NodeUnfit

if TYPE_CHECKING:
    from pmtui.delivery.escalations import Escalations
    from pmtui.delivery.nodes import ClusterExecutor
    from pmtui.delivery.run_context import RunContext
    from pmtui.delivery.store import TaskRecord

# The outcome of an attempt a cluster could not run (nodes.AttemptNotRun): it runs again under its number.
NOT_RUN = "not_run"


class ClusterSteps:
    """What TaskDriver does for attempts on a cluster's nodes (its attributes, declared here)."""

    ctx: RunContext
    cluster: ClusterExecutor | None
    escalations: Escalations
    _attempt_nodes: dict[tuple[str, int], NodeRef]

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
