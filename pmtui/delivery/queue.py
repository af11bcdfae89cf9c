"""The delivery task queue (seed 003 §3 and §4 dispatch rules) over a networkx DAG.

Priority CRITICAL > NORMAL > LOW; within a tier dependency order, then the task heading the longest
chain of dependents, then plan order (the order `pmtui plan check` prints). A CRITICAL task runs alone. Tiers in `parallel_tiers` (the seed's rule:
LOW only) run several at a time; any other tier one at a time. At most `max_parallel` tasks hold an
agent slot (the caller may say how many are busy: a task past its agent, in its gates or
integration, holds none), and never two tasks of one ownership area are in flight (an empty
ownership is an area of its own, so unowned tasks never overlap). Anti-starvation:
after every 3 CRITICAL/NORMAL completions one ready LOW goes first. A failed task blocks its
dependents transitively; a task waiting for a human pauses only its dependents.

The queue holds no state of its own that the store does not: `from_records` rebuilds it from the
task rows and the store's derived `completions_since_low`.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pmtui.models.states import WAITING_STATES, IssueState

if TYPE_CHECKING:
    from pmtui.delivery.store import DeliveryStore, TaskRecord

Tier = Literal["critical", "normal", "low"]
QueueStatus = Literal["pending", "running", "waiting", "done", "failed", "blocked"]
TIER_RANK: dict[str, int] = {"critical": 0, "normal": 1, "low": 2}
DEFAULT_MAX_PARALLEL = 3
DEFAULT_PARALLEL_TIERS: tuple[str, ...] = ("low",)
LOW_EVERY = 3
_OPEN = frozenset({"pending", "running", "waiting"})


@dataclass(frozen=True)
class QueueTask:
    task_id: str
    tier: Tier = "normal"
    depends: tuple[str, ...] = ()
    ownership: str = ""
    position: int = 0


class QueueError(ValueError):
    """Tasks the queue cannot order (unknown dependency, cycle) or a mark out of turn."""


@dataclass
class _ReadyTier:
    """Ready tasks of one tier, one heap per ownership area, plus a heap of the areas' best tasks,
    so picking the best task of an unlocked area skips at most the locked areas."""

    areas: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    heads: list[tuple[int, str]] = field(default_factory=list)

    def push(self, order: int, task_id: str, area: str) -> None:
        heap = self.areas.setdefault(area, [])
        if not heap or order < heap[0][0]:
            heapq.heappush(self.heads, (order, area))
        heapq.heappush(heap, (order, task_id))

    def best(self, is_live: Callable[[str], bool], locked: set[str], limit: int) -> list[str]:
        """Up to `limit` tasks, the best live one of each unlocked area, best first.
        Dead entries (tasks no longer pending) are dropped on the way."""
        found: list[str] = []
        kept: list[tuple[int, str]] = []
        seen: set[str] = set()
        while self.heads and len(found) < limit:
            order, area = heapq.heappop(self.heads)
            if area in seen:
                continue
            heap = self.areas.get(area)
            while heap and not is_live(heap[0][1]):
                heapq.heappop(heap)
            if not heap:
                self.areas.pop(area, None)
                continue
            if heap[0][0] != order:
                heapq.heappush(self.heads, (heap[0][0], area))
                continue
            seen.add(area)
            kept.append((order, area))
            if area not in locked:
                found.append(heap[0][1])
        for entry in kept:
            heapq.heappush(self.heads, entry)
        return found


class TaskQueue:
    """What may start now, given what runs; marks move tasks through pending → running → done."""

    def __init__(
        self,
        tasks: Iterable[QueueTask],
        max_parallel: int = DEFAULT_MAX_PARALLEL,
        completions_since_low: int = 0,
        parallel_tiers: Iterable[str] = DEFAULT_PARALLEL_TIERS,
    ) -> None:
        import networkx as nx

        if max_parallel < 1:
            raise QueueError("max_parallel must be at least 1")
        self.max_parallel = max_parallel
        self.parallel_tiers = frozenset(parallel_tiers)
        self.completions_since_low = completions_since_low
        self.graph = nx.DiGraph()
        items = sorted(tasks, key=lambda task: task.position)
        self._task = {task.task_id: task for task in items}
        if len(self._task) != len(items):
            counts = Counter(task.task_id for task in items)
            raise QueueError(f"duplicate task id {min(i for i, n in counts.items() if n > 1)}")
        edges = []
        for task in items:
            for dep in task.depends:
                if dep not in self._task:
                    raise QueueError(f"task {task.task_id} depends on unknown task {dep}")
                edges.append((dep, task.task_id))
        self.graph.add_nodes_from(self._task)
        self.graph.add_edges_from(edges)
        position = {task.task_id: index for index, task in enumerate(items)}
        try:
            topo = list(nx.lexicographical_topological_sort(self.graph, key=position.__getitem__))
        except nx.NetworkXUnfeasible:
            cycle = [edge[0] for edge in nx.find_cycle(self.graph)]
            raise QueueError(f"dependency cycle: {' -> '.join([*cycle, cycle[0]])}") from None
        self._order = {task_id: index for index, task_id in enumerate(topo)}
        # Among ready tasks of one tier the one heading the longest chain of dependents starts
        # first (plan order breaks ties): a chain left for last would stretch the whole run.
        height: dict[str, int] = {}
        for task_id in reversed(topo):
            height[task_id] = 1 + max((height[s] for s in self.graph.successors(task_id)), default=0)
        ranked = sorted(topo, key=lambda task_id: (-height[task_id], self._order[task_id]))
        self._rank = {task_id: index for index, task_id in enumerate(ranked)}
        self._status: dict[str, QueueStatus] = dict.fromkeys(topo, "pending")
        self._open = len(topo)  # pending, running or waiting: what keeps the queue unfinished
        self._unmet = {task_id: self.graph.in_degree(task_id) for task_id in topo}
        self._reasons: dict[str, str] = {}
        self._ready = {tier: _ReadyTier() for tier in TIER_RANK}
        self._running: set[str] = set()
        for task_id in topo:
            if self._unmet[task_id] == 0:
                self._push_ready(task_id)

    # -- building -------------------------------------------------------------------------
    @classmethod
    def from_records(
        cls,
        records: Iterable[TaskRecord],
        max_parallel: int = DEFAULT_MAX_PARALLEL,
        completions_since_low: int = 0,
        parallel_tiers: Iterable[str] = DEFAULT_PARALLEL_TIERS,
    ) -> TaskQueue:
        """The queue of a run, from its task rows: completed → done, failed → failed, waiting
        states → waiting, RECEIVED → pending, work in progress → running (the engine resumes it);
        BLOCKED is blocked only under a failed dependency (else it waited for one: pending)."""
        rows = list(records)
        queue = cls(
            (
                QueueTask(r.task_id, r.tier, tuple(r.depends), r.ownership, r.position)
                for r in rows
            ),
            max_parallel=max_parallel,
            completions_since_low=completions_since_low,
            parallel_tiers=parallel_tiers,
        )
        by_order = sorted(rows, key=lambda r: queue._order[r.task_id])
        for record in by_order:
            state = record.state
            if state is IssueState.COMPLETED:
                queue._finish(record.task_id)
            elif state in WAITING_STATES or state is IssueState.REQUIREMENTS_UNCLEAR:
                queue._set(record.task_id, "waiting")
            elif state not in (IssueState.RECEIVED, IssueState.BLOCKED, IssueState.FAILED):
                queue._set(record.task_id, "running")
                queue._running.add(record.task_id)
        for record in by_order:
            if record.state is IssueState.FAILED and queue._status[record.task_id] != "blocked":
                queue._set(record.task_id, "failed")
                queue._block_dependents(record.task_id)
        return queue

    @classmethod
    def for_run(cls, dstore: DeliveryStore, run_id: int, max_parallel: int | None = None,
                parallel_tiers: Iterable[str] | None = None) -> TaskQueue:
        """Rebuild a run's queue from the store (max_parallel and parallel_tiers from the run's config
        when not given)."""
        config = dstore.get_run(run_id).config
        if max_parallel is None:
            max_parallel = int(config.get("max_parallel", DEFAULT_MAX_PARALLEL))
        if parallel_tiers is None:
            parallel_tiers = config.get("parallel_tiers", DEFAULT_PARALLEL_TIERS)
        return cls.from_records(dstore.tasks(run_id), max_parallel, dstore.completions_since_low(run_id),
                                parallel_tiers)

    # -- reading --------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._status)

    def __contains__(self, task_id: object) -> bool:
        return task_id in self._status

    def status(self, task_id: str) -> QueueStatus:
        return self._status[self._known(task_id)]

    def tier(self, task_id: str) -> Tier:
        return self._task[self._known(task_id)].tier

    def ownership(self, task_id: str) -> str:
        return self._task[self._known(task_id)].ownership

    def dependents(self, task_id: str) -> list[str]:
        return sorted(self.graph.successors(self._known(task_id)), key=self._order.__getitem__)

    def ready(self) -> list[str]:
        """Pending tasks whose dependencies are all done, in priority order (tier, then the longest
        chain of dependents, then plan order)."""
        found = [
            task_id
            for task_id, status in self._status.items()
            if status == "pending" and self._unmet[task_id] == 0
        ]
        return sorted(found, key=self._priority)

    def running(self) -> set[str]:
        return set(self._running)

    def waiting(self) -> list[str]:
        return self._with_status("waiting")

    def done(self) -> list[str]:
        return self._with_status("done")

    def failed(self) -> list[str]:
        return self._with_status("failed")

    def blocked(self) -> list[str]:
        return self._with_status("blocked")

    def blocked_reason(self, task_id: str) -> str | None:
        """Why a task cannot start: a failed dependency (blocked) or one waiting for a human."""
        self._known(task_id)
        if task_id in self._reasons:
            return self._reasons[task_id]
        if self._status[task_id] != "pending" or self._unmet[task_id] == 0:
            return None
        waits = [dep for dep in self._deps_in_order(task_id) if self._status[dep] == "waiting"]
        if waits:
            return f"depends on {waits[0]}, which waits for a human answer"
        return None

    def is_finished(self) -> bool:
        """Nothing left that could still run: every task done, failed or blocked."""
        return self._open == 0

    def is_stalled(self, running: Iterable[str] = ()) -> bool:
        """Nothing runs and nothing can start, yet the queue is not finished: it waits for a human."""
        return not (self._running | set(running)) and not self.next_batch() and not self.is_finished()

    # -- scheduling -----------------------------------------------------------------------
    def next_batch(self, running: Iterable[str] = (), busy: int | None = None) -> list[str]:
        """What to start now, in order, given what is in flight (the queue's own marks and `running`)
        and how many agent slots are busy (all in-flight tasks when not given)."""
        active = self._running | {self._known(task_id) for task_id in running}
        if any(self._task[task_id].tier == "critical" for task_id in active):
            return []
        room = self.max_parallel - (len(active) if busy is None else busy)
        if room <= 0:
            return []
        locked = {self._area(task_id) for task_id in active}
        batch: list[str] = []

        def take(task_id: str) -> None:
            batch.append(task_id)
            locked.add(self._area(task_id))

        if self.completions_since_low >= LOW_EVERY:
            for due in self._ready["low"].best(self._is_ready, locked, 1):
                take(due)
        critical = self._ready["critical"].best(self._is_ready, set(), 1)
        if critical:
            # A critical task waits for everything to drain, and nothing lower starts before it.
            return batch if active or batch else critical
        for tier in ("normal", "low"):
            if len(batch) >= room:
                break
            if tier in self.parallel_tiers:
                limit = room - len(batch)
            elif any(self._task[t].tier == tier for t in (*active, *batch)):
                continue
            else:
                limit = 1
            for task_id in self._ready[tier].best(self._is_ready, locked, limit):
                take(task_id)
        return batch

    def holds_slot(self, task_id: str) -> bool:
        """Whether a running task past its agent should keep its slot until it is done: finishing it
        frees a dependent that outranks every task ready now, so that dependent gets the slot rather
        than a task picked in the moment between the agent's end and the commit."""
        task_id = self._known(task_id)
        waiting = [d for d in self.graph.successors(task_id) if self._status[d] == "pending" and self._unmet[d] == 1]
        if not waiting:
            return False
        best_next = min(self._priority(d) for d in waiting)
        for tier in TIER_RANK:
            ready = self._ready[tier].best(self._is_ready, set(), 1)
            if ready:
                return best_next < self._priority(ready[0])
        return True

    # -- marks ----------------------------------------------------------------------------
    def mark_running(self, task_id: str) -> None:
        """Start a ready task, or resume a waiting one (after the human's answer)."""
        status = self._status[self._known(task_id)]
        if status == "pending":
            if self._unmet[task_id]:
                raise QueueError(f"task {task_id} cannot start: its dependencies are not done")
            if self._task[task_id].tier == "low":
                self.completions_since_low = 0
        elif status != "waiting":
            raise QueueError(f"task {task_id} cannot start: it is {status}")
        self._set(task_id, "running")
        self._running.add(task_id)

    def mark_waiting(self, task_id: str) -> None:
        """The task waits for a human; only its dependents pause."""
        status = self._status[self._known(task_id)]
        if status not in ("running", "pending"):
            raise QueueError(f"task {task_id} cannot wait: it is {status}")
        self._set(task_id, "waiting")
        self._running.discard(task_id)

    def mark_done(self, task_id: str) -> list[str]:
        """Complete a task; returns the dependents that became ready."""
        status = self._status[self._known(task_id)]
        if status not in ("running", "waiting"):
            raise QueueError(f"task {task_id} cannot complete: it is {status}")
        if self._task[task_id].tier != "low":
            self.completions_since_low += 1
        return self._finish(task_id)

    def mark_failed(self, task_id: str) -> list[str]:
        """Fail a task; returns its not-yet-finished dependents, transitively, now blocked (each with
        the reason "depends on <task>, which failed"), in dependency order."""
        status = self._status[self._known(task_id)]
        if status in ("done", "failed", "blocked"):
            raise QueueError(f"task {task_id} cannot fail: it is {status}")
        self._set(task_id, "failed")
        self._running.discard(task_id)
        return self._block_dependents(task_id)

    def reopen(self, task_id: str) -> list[str]:
        """A failed task the human retries: it waits to be resumed, and the dependents it blocked are
        pending again; returns those dependents, in dependency order."""
        import networkx as nx

        status = self._status[self._known(task_id)]
        if status != "failed":
            raise QueueError(f"task {task_id} cannot be reopened: it is {status}")
        self._set(task_id, "waiting")
        reason = f"depends on {task_id}, which failed"
        reopened = []
        for dependent in nx.descendants(self.graph, task_id):
            if self._status[dependent] == "blocked" and self._reasons.get(dependent) == reason:
                self._set(dependent, "pending")
                del self._reasons[dependent]
                if self._unmet[dependent] == 0:
                    self._push_ready(dependent)
                reopened.append(dependent)
        return sorted(reopened, key=self._order.__getitem__)

    # -- internals ------------------------------------------------------------------------
    def _set(self, task_id: str, status: QueueStatus) -> None:
        self._open += (status in _OPEN) - (self._status[task_id] in _OPEN)
        self._status[task_id] = status

    def _known(self, task_id: str) -> str:
        if task_id not in self._status:
            raise QueueError(f"unknown task {task_id}")
        return task_id

    def _area(self, task_id: str) -> str:
        return self._task[task_id].ownership.strip().lower()

    def _priority(self, task_id: str) -> tuple[int, int]:
        return TIER_RANK[self._task[task_id].tier], self._rank[task_id]

    def _is_ready(self, task_id: str) -> bool:
        return self._status[task_id] == "pending" and self._unmet[task_id] == 0

    def _push_ready(self, task_id: str) -> None:
        task = self._task[task_id]
        self._ready[task.tier].push(self._rank[task_id], task_id, self._area(task_id))

    def _with_status(self, wanted: QueueStatus) -> list[str]:
        return sorted((t for t, s in self._status.items() if s == wanted), key=self._order.__getitem__)

    def _deps_in_order(self, task_id: str) -> list[str]:
        return sorted(self.graph.predecessors(task_id), key=self._order.__getitem__)

    def _finish(self, task_id: str) -> list[str]:
        self._set(task_id, "done")
        self._running.discard(task_id)
        unblocked = []
        for dependent in self.graph.successors(task_id):
            self._unmet[dependent] -= 1
            if self._unmet[dependent] == 0 and self._status[dependent] == "pending":
                self._push_ready(dependent)
                unblocked.append(dependent)
        return sorted(unblocked, key=self._order.__getitem__)

    def _block_dependents(self, task_id: str) -> list[str]:
        import networkx as nx

        reason = f"depends on {task_id}, which failed"
        newly = []
        for dependent in nx.descendants(self.graph, task_id):
            if self._status[dependent] in ("pending", "waiting"):
                self._set(dependent, "blocked")
                self._reasons[dependent] = reason
                newly.append(dependent)
        return sorted(newly, key=self._order.__getitem__)
