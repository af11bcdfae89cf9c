"""Scale-out on Ray (DESIGN.md budget: 12 tasks on three 1-slot nodes at least 2.5× faster than on one).

A plan of N independent LOW tasks, each done by a sleeping agent (tests/agents/cluster_agent.py
--sleep S: it sleeps, then writes its module and test), with trivial gate commands (`true`), is
delivered three times into fresh repositories:

- local: the local executor with 3 slots (--max-parallel 3), the reference;
- ray, 1 node: a Ray head alone, 1 CPU (one attempt at a time);
- ray, 3 nodes: a head and two workers, 1 CPU each (the same slots per node).

Each cluster is real (`ray start --block` processes, tests/fixtures/ray_cluster.py) and started before its
clock; connecting to it is timed on its own. Reported: the makespan of each (engine start to
release), the speedup of three nodes over one, and the overhead per task against the local
executor — the attempt's wall time (from the store: attempt start to its agent's end) less the
same on this machine, i.e. what a Ray task adds (bundle, scheduling, a worker, the scratch clone,
the change's way back) on top of the agent's own time.

    python bench/ray_scale.py [--tasks 12] [--sleep 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests/fixtures/ray_cluster.py starts the clusters, tests/agents holds the agent

from pmtui.clock import seconds_between
from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.ray_executor import RayExecutor
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.ray_cluster import RayCluster

AGENT = f"{sys.executable} {ROOT / 'tests' / 'agents' / 'cluster_agent.py'}"


def make_repo(base: Path) -> Path:
    root = base / "work" / "repo"
    root.mkdir(parents=True)
    for args in (["init", "-q", "-b", "main"], ["config", "user.name", "Bench"],
                 ["config", "user.email", "bench@example.com"]):
        subprocess.run(["git", *args], cwd=root, check=True)
    (root / "README.md").write_text("bench\n")
    (root / "src").mkdir()
    (root / "tests").mkdir()
    (root / "src" / "__init__.py").write_text("")
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "initial"], cwd=root, check=True)
    return root


def plan_text(count: int) -> str:
    tasks = []
    for n in range(1, count + 1):
        tasks.append("\n".join([
            f"### T{n}: Module m{n}", "- tier: low", f"- ownership: m{n}", f"- files: create src/m{n}.py",
            f"- tests: tests/test_m{n}.py", "- time-budget: 5m", "", "Acceptance criteria:",
            f"- m{n} returns one", "",
        ]))
    env = "- lint: true\n- typecheck: true\n- test: true\n- build: true"
    return f"# Plan: Scale\nplan-id: scale\n\n## Environment\n{env}\n\n## Tasks\n\n" + "\n".join(tasks)


def attempt_walls(db: Path, run_id: int) -> list[float]:
    """Per task: from its attempt's start to the end of its agent (the transition to running_tests)."""
    dstore = DeliveryStore(Store(db))
    walls = []
    for task in dstore.tasks(run_id):
        attempt = dstore.attempt(run_id, task.task_id, 1)
        done = [t for t in dstore.transitions(run_id, task.task_id) if t.to_state.value == "running_tests"]
        if attempt is not None and done:
            walls.append(seconds_between(attempt.started_at, done[0].created_at))
    return walls


def node_timings(run_dir: Path) -> dict[str, float]:
    """Mean per attempt of what the nodes measured (ms): the scratch clone, the agent, the gates, all."""
    import json

    found: dict[str, list[float]] = {}
    for path in run_dir.rglob("*.node.json"):
        data = json.loads(path.read_text())
        for key, value in [*data["timings_ms"].items(), *((f"@{k}", v) for k, v in data["clock_ms"].items())]:
            found.setdefault(key, []).append(value)
    return {key: statistics.mean(values) for key, values in found.items()}


def deliver(base: Path, count: int, executor: Any, max_parallel: int) -> dict[str, Any]:
    root = make_repo(base)
    plan = base / "plan.md"
    plan.write_text(plan_text(count))
    db = base / "pmtui.db"
    engine = DeliveryEngine(Store(db), Config(offline=True), repo=root, plan_path=plan, executor=executor,
                            run_dir=base / "runs", max_parallel=max_parallel, poll_interval=0.05)
    started = time.perf_counter()
    outcome = asyncio.run(engine.run())
    makespan = time.perf_counter() - started
    if outcome.state != "released":
        raise SystemExit(f"the run did not release: {outcome.state}: {outcome.message}")
    dstore = DeliveryStore(Store(db))
    nodes = {a.node for t in dstore.tasks(outcome.run_id or 0) for a in dstore.attempts(outcome.run_id or 0, t.task_id)}
    return {"makespan": makespan, "walls": attempt_walls(db, outcome.run_id or 0), "nodes": len(nodes),
            "on_node": node_timings(base / "runs")}


def on_cluster(base: Path, workers: int, count: int, agent: CommandExecutor) -> dict[str, Any]:
    cluster = RayCluster().start(workers=workers)
    try:
        executor = RayExecutor(agent, address=cluster.address, log_path=base / "ray-driver.log")
        started = time.perf_counter()
        view = executor.connect()
        connect = time.perf_counter() - started
        try:
            # As `pmtui deliver --executor ray` does: max(--max-parallel default 3, the cluster's slots).
            result = deliver(base, count, executor, max(3, view.slots))
        finally:
            executor.close()
        return {**result, "connect": connect}
    finally:
        cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tasks", type=int, default=12)
    parser.add_argument("--sleep", type=float, default=5.0, help="seconds each agent sleeps")
    args = parser.parse_args()
    agent = CommandExecutor(f"{AGENT} --sleep {args.sleep:g}")
    with tempfile.TemporaryDirectory(prefix="pmtui-ray-scale-") as folder:
        base = Path(folder)
        local = deliver(base / "local", args.tasks, agent, 3)
        one = on_cluster(base / "one", 0, args.tasks, agent)
        three = on_cluster(base / "three", 2, args.tasks, agent)
    print(f"{args.tasks} tasks, agent sleeps {args.sleep:g} s, gates `true`")
    print(f"{'executor':<22}{'makespan':>10}{'ideal':>8}{'nodes used':>12}{'connect':>9}")
    rows = [("local, 3 slots", local, args.tasks / 3), ("ray, 1 node x 1 CPU", one, args.tasks),
            ("ray, 3 nodes x 1 CPU", three, args.tasks / 3)]
    for name, result, waves in rows:
        connect = f"{result['connect']:.1f} s" if "connect" in result else "-"
        print(f"{name:<22}{result['makespan']:>9.1f}s{waves * args.sleep:>7.0f}s{result['nodes']:>12}{connect:>9}")
    print(f"speedup, 3 nodes over 1: {one['makespan'] / three['makespan']:.2f}x (budget: at least 2.5x)")
    # With 3 slots each, no attempt of these two waits for a slot: the attempt's wall is its own.
    local_wall, ray_wall = statistics.mean(local["walls"]), statistics.mean(three["walls"])
    print(f"attempt wall (mean): local {local_wall:.2f} s, ray on 3 nodes {ray_wall:.2f} s: "
          f"overhead per task on Ray {1000 * (ray_wall - local_wall):.0f} ms")
    on_node = three["on_node"]
    print("on the node (mean ms): " + ", ".join(f"{key} {value:.0f}" for key, value in on_node.items()
                                                if not key.startswith("@")))
    print("here, from the attempt's start (mean ms): " + ", ".join(
        f"{key[1:]} {value:.0f}" for key, value in on_node.items() if key.startswith("@"))
        + " (prepared: base and earlier change read; started: its node began; result: the outcome arrived;"
          " applied: the change is in the tree)")

if __name__ == "__main__":
    main()
