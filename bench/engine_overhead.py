"""Engine overhead per task (DESIGN.md budget: under 50 ms): everything but the agent and the gate commands.

A plan of N independent NORMAL tasks is delivered into a fresh git repository with an instant
scripted agent (it writes one module and its test) and trivial gate commands (`true`). The time
spent inside the agent and inside the gate commands is measured and taken out; what is left, over
N, is the engine's own cost per task: store writes, state transitions, git (worktree, change set,
commit, integration), the gates' own checks, review notes. Init and the release are included.
The modules the engine imports lazily (networkx, gitpython, the criteria vocabularies, the queue, progress and
release) are
imported before the clock starts and their one-time cost is reported on its own line: it is paid
once per process, not per task.

    python bench/engine_overhead.py [--tasks 20] [--runs 5] [--count-git] [--count-sql]

`--count-git` also counts the git processes the engine starts (every one goes through
git_ops.complete), per task and by subcommand. `--count-sql` counts the SQL statements the engine's
store runs and its transactions, per task. Both counts are the same run after run: on a busy machine
they, and the CPU time, are the figures to compare.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from pmtui.config import Config
from pmtui.delivery import engine as engine_module
from pmtui.delivery import gates, git_ops
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import ScriptedExecutor, write_files
from pmtui.delivery.release import gate as release_gate
from pmtui.models.delivery import AgentResult, TaskContract
from pmtui.store import Store


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def make_repo(base: Path) -> Path:
    root = base / "work" / "repo"
    root.mkdir(parents=True)
    _git(root, "init", "-q", "-b", "main")
    _git(root, "config", "user.name", "Bench")
    _git(root, "config", "user.email", "bench@example.com")
    (root / "README.md").write_text("bench\n")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "initial")
    return root


def plan_text(count: int) -> str:
    tasks = []
    for n in range(1, count + 1):
        tasks.append("\n".join([
            f"### T{n}: Module m{n}",
            "- tier: normal",
            f"- ownership: m{n}",
            f"- files: create src/m{n}.py",
            f"- tests: tests/test_m{n}.py",
            "",
            "Acceptance criteria:",
            f"- m{n} returns the number {n}",
            "",
        ]))
    env = "- lint: true\n- typecheck: true\n- test: true\n- build: true"
    return f"# Plan: Bench\nplan-id: bench\n\n## Environment\n{env}\n\n## Tasks\n\n" + "\n".join(tasks)


class Timed:
    """Adds up the wall time spent inside an async callable."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.seconds = 0.0

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return await self.inner(*args, **kwargs)
        finally:
            self.seconds += time.perf_counter() - started


def agent_step(workdir: Path, contract: TaskContract) -> AgentResult:
    n = contract.task_id[1:]
    step = write_files(
        {f"src/m{n}.py": f"def m{n}() -> int:\n    return {n}\n",
         f"tests/test_m{n}.py": f"from m{n} import m{n}\n\n\ndef test_m{n}() -> None:\n    assert m{n}() == {n}\n"},
        criteria_map={contract.acceptance_criteria[0]: f"src/m{n}.py:2"},
    )
    result = step(workdir, contract)
    assert isinstance(result, AgentResult)
    return result


class SqlCounter:
    """Counts the statements of the stores the bench opens (sqlite3's trace callback), and the transactions."""

    def __init__(self) -> None:
        self.statements = 0
        self.transactions = 0

    def __call__(self, sql: str) -> None:
        self.statements += 1
        if sql.startswith("BEGIN"):
            self.transactions += 1


SQL: SqlCounter | None = None


async def deliver(count: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="pmtui-bench-") as scratch:
        base = Path(scratch)
        root = make_repo(base)
        plan = base / "plan.md"
        plan.write_text(plan_text(count))
        store = Store(base / "pmtui.db")
        if SQL is not None:
            store._conn.set_trace_callback(SQL)  # the bench's own store: the engine's statements, counted
        executor = ScriptedExecutor({"*": [agent_step]})
        agent = Timed(executor.run)
        executor.run = agent  # type: ignore[method-assign]
        commands = Timed(gates.run_commands)
        single = Timed(gates.run_command)
        originals = (gates.run_commands, release_gate.run_commands, gates.run_command)
        gates.run_commands = commands  # type: ignore[assignment]
        release_gate.run_commands = commands  # type: ignore[assignment]
        engine_module.gates.run_command = single  # type: ignore[attr-defined]
        try:
            engine = DeliveryEngine(store, Config(offline=True), repo=root, plan_path=plan, executor=executor,
                                    run_dir=base / "runs")
            cpu_before, own_before = _cpu_seconds(), _own_cpu_seconds()
            started = time.perf_counter()
            outcome = await engine.run()
            total = time.perf_counter() - started
            cpu, own = _cpu_seconds() - cpu_before, _own_cpu_seconds() - own_before
        finally:
            gates.run_commands, release_gate.run_commands, gates.run_command = originals
            store.close()
        if outcome.ending != "released":
            raise SystemExit(f"the bench run did not release: {outcome.message}")
        gate_time = commands.seconds + single.seconds
        return {"total": total, "agent": agent.seconds, "gates": gate_time,
                "overhead": total - agent.seconds - gate_time, "cpu": cpu, "own_cpu": own}


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children: steadier than wall time on a busy machine."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _own_cpu_seconds() -> float:
    """CPU time of this process alone (the engine, its threads, the instant agent): no git, no gate commands."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


class GitCounter:
    """Counts the git processes started through git_ops.complete (all of pmtui's), by subcommand."""

    def __init__(self) -> None:
        self.inner = git_ops.complete
        self.counts: dict[str, int] = {}

    def __call__(self, cwd: Path, args: Any, env: Any = None, stdin: Any = None) -> Any:
        # The subcommand: the first argument that is not a `-c name=value` pair.
        words = [arg for index, arg in enumerate(args) if arg != "-c" and (index == 0 or args[index - 1] != "-c")]
        name = words[0] if words else "?"
        self.counts[name] = self.counts.get(name, 0) + 1
        return self.inner(cwd, args, env, stdin)


def warm_imports() -> float:
    """Import what the engine imports lazily; the seconds it took (a once-per-process cost)."""
    started = time.perf_counter()
    import git  # noqa: F401
    import networkx  # noqa: F401

    import pmtui.delivery.gates.alignment
    import pmtui.delivery.progress
    import pmtui.delivery.queue  # noqa: F401
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=20)
    parser.add_argument("--runs", type=int, default=1, help="deliver this many times; report the best run")
    parser.add_argument("--count-git", action="store_true", help="count the git processes per task")
    parser.add_argument("--count-sql", action="store_true", help="count the SQL statements and transactions per task")
    args = parser.parse_args()
    global SQL
    SQL = SqlCounter() if args.count_sql else None
    imports = warm_imports()
    counter = GitCounter() if args.count_git else None
    if counter is not None:
        git_ops.complete = counter  # type: ignore[assignment]
    runs = [asyncio.run(deliver(args.tasks)) for _ in range(max(1, args.runs))]
    figures = min(runs, key=lambda run: run["overhead"])
    per_task = figures["overhead"] / args.tasks * 1000
    print(f"tasks: {args.tasks}; runs: {len(runs)} (best shown)")
    print(f"one-time lazy imports: {imports * 1000:.0f} ms ({imports / args.tasks * 1000:.1f} ms per task "
          f"if charged to this run)")
    print(f"total wall time: {figures['total']:.2f} s")
    print(f"inside the agent: {figures['agent']:.2f} s; inside gate commands: {figures['gates']:.2f} s")
    if len(runs) > 1:
        print("overhead per task of every run: " + ", ".join(f"{r['overhead'] / args.tasks * 1000:.1f}" for r in runs))
    print(f"CPU time per task (engine, git and the gates' `true` processes): "
          f"{min(r['cpu'] for r in runs) / args.tasks * 1000:.1f} ms; the engine's process alone: "
          f"{min(r['own_cpu'] for r in runs) / args.tasks * 1000:.1f} ms")
    if SQL is not None:
        print(f"SQL statements per task (init and release included): {SQL.statements / len(runs) / args.tasks:.2f}, "
              f"in {SQL.transactions / len(runs) / args.tasks:.2f} transactions")
    if counter is not None:
        total = sum(counter.counts.values()) / len(runs)
        top = sorted(counter.counts.items(), key=lambda item: -item[1])
        print(f"git processes per task (init and release included): {total / args.tasks:.2f} ("
              + ", ".join(f"{name} {count / len(runs) / args.tasks:.2f}" for name, count in top) + ")")
    print(f"engine overhead per task: {per_task:.1f} ms (budget 50 ms) — {'OK' if per_task < 50 else 'OVER'}")


if __name__ == "__main__":
    main()
