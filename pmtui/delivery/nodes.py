"""Where an attempt runs: this machine ("local") or a node of a cluster, and what can go wrong there.

The engine knows executors through `Executor` (executors.py). An executor that runs attempts on
the nodes of a cluster (the Ray executor) is also a `ClusterExecutor`: it names the node of each
attempt as it starts, hands over the gate results the node measured, and tells the engine how
big the cluster is. Faults that are not the agent's doing raise an `AttemptNotRun` error instead of
returning an AgentResult, so they never spend a task's retry budget. Nothing here imports Ray.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pathlib import Path

    from pmtui.delivery.executors import OutputCallback
    from pmtui.delivery.gates import CommandResult
    from pmtui.models.delivery import AgentResult, TaskContract

LOCAL_NODE = "local"
# A task's log line saying a node lacked what its attempt needs (the attempt ran elsewhere): its review note says it.
NODE_UNFIT_NOTE = "cluster node unfit: "
# The keys of a run's config that say where its attempts run (ClusterExecutor.describe() and "executor").
PLACEMENT_KEYS = frozenset({"executor", "ray_address", "num_cpus", "remote", "env", "cluster"})


@dataclass(frozen=True)
class NodeRef:
    """One node of the cluster: its id (Ray's node id) and a name people recognise (host or IP)."""

    node_id: str
    name: str = ""

    def label(self) -> str:
        """`name (id8)`: short enough for a table cell, unambiguous when nodes share a host."""
        short = self.node_id[:8]
        return f"{self.name} ({short})" if self.name else short


NodeCallback = Callable[[NodeRef], None]
# A node that lacks what the attempt needs (its reason): the attempt runs again on another node.
SteerCallback = Callable[[NodeRef, str], None]


@dataclass(frozen=True)
class ClusterView:
    """The cluster as the run line shows it: live nodes, attempt slots and how many are free."""

    executor: str
    address: str
    nodes: int
    slots: int
    free: int
    node_names: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"executor": self.executor, "address": self.address, "nodes": self.nodes, "slots": self.slots,
                "free": self.free, "node_names": list(self.node_names)}

    @classmethod
    def from_dict(cls, data: Any) -> ClusterView | None:
        """The stored view, or None when there is none (a local run) or it cannot be read."""
        if not isinstance(data, dict):
            return None
        try:
            return cls(executor=str(data["executor"]), address=str(data.get("address", "")),
                       nodes=int(data["nodes"]), slots=int(data["slots"]), free=int(data["free"]),
                       node_names=tuple(str(n) for n in data.get("node_names", ())))
        except (KeyError, TypeError, ValueError):
            return None

    def line(self) -> str:
        """`3 nodes · 1/3 slots free` for the dashboard's run line."""
        nodes = f"{self.nodes} node{'' if self.nodes == 1 else 's'}"
        return f"{nodes} · {self.free}/{self.slots} slots free"


@dataclass
class NodeReport:
    """What the node measured for one attempt beside the agent's result."""

    node: NodeRef
    gate_results: dict[str, CommandResult] = field(default_factory=dict)
    # Evidence that the agent committed, switched branches or wrote outside its clone, seen on the node.
    tampering: list[str] = field(default_factory=list)
    # The nodes an earlier try of this attempt was lost on (the attempt ran again elsewhere).
    lost_on: list[NodeRef] = field(default_factory=list)
    # How the node confined the agent and its gates: its sandbox's describe() ("" from a node that did not say).
    sandbox: str = ""
    # The nodes an earlier try of this attempt landed on that lacked what it needs, each with its reason.
    unfit_on: list[tuple[NodeRef, str]] = field(default_factory=list)


class AttemptNotRun(Exception):
    """The attempt did not run to its end for a reason outside the agent: no retry budget is spent."""


class NodeUnfit(AttemptNotRun):
    """A node cannot run the attempt at all (the agent's command or git is missing there); with `nodes`, no node
    of the cluster can (each with what it lacks)."""

    def __init__(self, node: NodeRef, reason: str, nodes: list[tuple[NodeRef, str]] | None = None) -> None:
        if nodes and len(nodes) == 1:
            (node, reason), nodes = nodes[0], None  # a cluster of one node: that node
        if nodes:
            each = "; ".join(f"node {ref.label()}: {why}" for ref, why in nodes)
            super().__init__(f"no node of the cluster can run the attempt ({len(nodes)} tried): {each}")
        else:
            super().__init__(f"node {node.label()} cannot run the attempt: {reason}")
        self.node = node
        self.reason = reason
        self.nodes = nodes or [(node, reason)]


class AttemptLost(AttemptNotRun):
    """The attempt was lost with its node more often than the executor reruns it."""

    def __init__(self, reason: str, lost_on: list[NodeRef]) -> None:
        super().__init__(reason)
        self.lost_on = lost_on


class ClusterLost(AttemptNotRun):
    """The cluster's head is gone: the run stops, and the same command resumes it."""


@runtime_checkable
class ClusterExecutor(Protocol):
    """An executor whose attempts run on the nodes of a cluster (see module docstring)."""

    name: str

    async def run(
        self,
        contract: TaskContract,
        workdir: Path,
        *,
        attempt: int,
        run_dir: Path,
        on_output: OutputCallback | None = None,
        on_node: NodeCallback | None = None,
        on_steered: SteerCallback | None = None,
    ) -> AgentResult: ...

    def node_report(self, task_id: str, attempt: int, run_dir: Path) -> NodeReport | None:
        """The node's report of a finished attempt (read back from run_dir after a restart)."""
        ...

    def cluster_view(self) -> ClusterView | None:
        """The latest view of the cluster, or None before the executor connected."""
        ...

    def describe(self) -> dict[str, Any]:
        """What the run records about where attempts run (never a secret's value)."""
        ...
