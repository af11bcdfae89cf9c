"""Benchmark: scheduling a 10,000-task random DAG through the delivery TaskQueue.

Builds a random DAG (each task depends on up to 3 earlier tasks, plan positions shuffled, tiers
and ownership areas drawn at random), then drains it with instant completions: each round asks
next_batch, starts what it returns and completes the oldest running task. Prints the build time,
the time per scheduling decision (next_batch + the marks it leads to) and the total. Also times
a rebuild from task rows (what a resumed run does).

    .venv/bin/python bench/queue_scheduling.py [--tasks 10000] [--seed 7] [--max-parallel 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pmtui.delivery.queue import QueueTask, TaskQueue
from pmtui.delivery.store import TaskRecord
from pmtui.models.states import IssueState

TIERS = ["critical"] * 1 + ["normal"] * 5 + ["low"] * 4
AREAS = ["api", "ui", "storage", "docs", "billing", "auth", "config", "search", "jobs", "infra", ""]


def random_plan(count: int, seed: int) -> list[QueueTask]:
    rng = random.Random(seed)
    positions = list(range(count))
    rng.shuffle(positions)
    tasks = []
    for rank in range(count):
        deps = rng.sample(range(max(0, rank - 50), rank), k=min(rank, rng.randint(0, 3))) if rank else []
        tasks.append(
            QueueTask(
                task_id=f"T{rank}",
                tier=rng.choice(TIERS),  # type: ignore[arg-type]
                depends=tuple(f"T{d}" for d in deps),
                ownership=rng.choice(AREAS),
                position=positions[rank],
            )
        )
    return tasks


def drain(queue: TaskQueue) -> tuple[list[float], int]:
    decisions: list[float] = []
    started = 0
    running: list[str] = []
    while not queue.is_finished():
        t0 = time.perf_counter()
        batch = queue.next_batch()
        for task_id in batch:
            queue.mark_running(task_id)
        running.extend(batch)
        started += len(batch)
        queue.mark_done(running.pop(0))
        decisions.append(time.perf_counter() - t0)
    return decisions, started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-parallel", type=int, default=3)
    args = parser.parse_args()

    tasks = random_plan(args.tasks, args.seed)
    edges = sum(len(t.depends) for t in tasks)
    t0 = time.perf_counter()
    import networkx  # noqa: F401  (imported lazily by the queue; timed apart from the build)

    import_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    queue = TaskQueue(tasks, max_parallel=args.max_parallel)
    build_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    decisions, started = drain(queue)
    drain_s = time.perf_counter() - t0
    assert started == args.tasks and len(queue.done()) == args.tasks

    records = [
        TaskRecord(
            run_id=1,
            task_id=t.task_id,
            position=t.position,
            title=t.task_id,
            tier=t.tier,
            ownership=t.ownership,
            depends=list(t.depends),
            state=IssueState.COMPLETED if i < args.tasks // 2 else IssueState.RECEIVED,
        )
        for i, t in enumerate(tasks)
    ]
    t0 = time.perf_counter()
    TaskQueue.from_records(records, args.max_parallel)
    rebuild_s = time.perf_counter() - t0

    ms = [d * 1000 for d in decisions]
    ms_sorted = sorted(ms)
    print(f"tasks {args.tasks}, dependency edges {edges}, max_parallel {args.max_parallel}, seed {args.seed}")
    print(f"networkx import        {import_s * 1000:8.1f} ms")
    print(f"build (graph + order)  {build_s * 1000:8.1f} ms")
    print(
        f"per decision           mean {statistics.mean(ms) * 1000:6.1f} µs, "
        f"median {statistics.median(ms) * 1000:6.1f} µs, p99 {ms_sorted[int(len(ms) * 0.99)] * 1000:6.1f} µs, "
        f"max {ms_sorted[-1]:6.2f} ms  ({len(ms)} decisions)"
    )
    print(f"drain total            {drain_s * 1000:8.1f} ms")
    print(f"build + drain          {(build_s + drain_s) * 1000:8.1f} ms")
    print(f"rebuild from rows      {rebuild_s * 1000:8.1f} ms  (half the tasks completed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
