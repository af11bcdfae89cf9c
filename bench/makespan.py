"""Schedule: wall time of a plan over its lower bound, max(critical path, total agent time / slots).

A held-out plan of 18 independent-ish tasks (15 independent, a chain of three, one more pair; each
its own ownership area) is delivered into a fresh git repository by a scripted agent that sleeps
`--agent-s` seconds and then writes its module and test, with `true` as every gate command: the
time beyond the bound is pmtui's (dispatch, gates' checks, git, integration, the release). Three
settings: all tasks LOW (the seed's parallel tier), all tasks NORMAL with `parallel_tiers =
low,normal`, and all NORMAL under the seed's rule (one normal at a time) for contrast.

    .venv/bin/python bench/makespan.py [--agent-s 1.0] [--slots 3]

With `--plan`, the plans given (e.g. the ones pmtui's own PM wrote: `--write-pm-plans DIR` writes the nurses' and
the tool-hire shop's, tests/fixtures/written_code.py, with the code of this tree) are delivered instead, as written
(tiers and dependencies) but with `true` as every gate command, by an agent that sleeps and then writes each file the
task names; `--rounds N` runs them N times, alternating, and the bound is each plan's own (its longest dependency
chain × the agent's time, or its work / slots), beside the wall the queue's rules give with no overhead (a critical
task runs alone: a sign-up task, raised to critical by its security flag, holds every slot):

    .venv/bin/python bench/makespan.py --write-pm-plans /tmp/new
    .venv/bin/python bench/makespan.py --plan /tmp/old/hire.md --plan /tmp/new/hire.md --rounds 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pmtui.config import Config
from pmtui.delivery.contract import effective_tier
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import ScriptedExecutor, write_files
from pmtui.delivery.plan import PlanDocument, execution_order, parse_plan
from pmtui.delivery.queue import QueueTask, TaskQueue
from pmtui.models.delivery import AgentResult, TaskContract
from pmtui.store import Store

TASKS = 18
# T16 waits for T1 and T17 for T16 (the critical path: three agent runs); T18 waits for T2.
DEPENDS = {16: "T1", 17: "T16", 18: "T2"}


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


def plan_text(tier: str) -> str:
    blocks = []
    for n in range(1, TASKS + 1):
        blocks.append("\n".join([
            f"### T{n}: Module m{n}",
            f"- tier: {tier}",
            f"- depends: {DEPENDS.get(n, 'none')}",
            f"- ownership: m{n}",
            f"- files: create src/m{n}.py",
            f"- tests: tests/test_m{n}.py",
            "",
            "Acceptance criteria:",
            f"- m{n} returns the number {n}",
            "",
        ]))
    env = "- lint: true\n- typecheck: true\n- test: true\n- build: true"
    return f"# Plan: Makespan\nplan-id: makespan\n\n## Environment\n{env}\n\n## Tasks\n\n" + "\n".join(blocks)


def agent(seconds: float):  # type: ignore[no-untyped-def]
    async def work(workdir: Path, contract: TaskContract) -> AgentResult:
        await asyncio.sleep(seconds)
        n = contract.task_id[1:]
        step = write_files(
            {f"src/m{n}.py": f"def m{n}() -> int:\n    return {n}\n",
             f"tests/test_m{n}.py": f"from m{n} import m{n}\n\n\ndef test_m{n}() -> None:\n    assert m{n}() == {n}\n"},
            criteria_map={contract.acceptance_criteria[0]: f"src/m{n}.py:2"},
        )
        result = step(workdir, contract)
        assert isinstance(result, AgentResult)
        return result

    return work


def lower_bound(agent_s: float, slots: int) -> float:
    critical_path = 3 * agent_s
    return max(critical_path, TASKS * agent_s / slots)


async def deliver(tier: str, parallel_tiers: tuple[str, ...], agent_s: float, slots: int) -> float:
    return await _released_in(plan_text(tier), agent(agent_s), parallel_tiers, slots, f"the {tier} run")


async def _released_in(markdown: str, script, parallel_tiers: tuple[str, ...], slots: int,  # type: ignore[no-untyped-def]
                       what: str) -> float:
    """Wall time of one delivery of `markdown` to release in a scratch repository, every attempt run by `script`."""
    with tempfile.TemporaryDirectory(prefix="pmtui-makespan-") as scratch:
        base = Path(scratch)
        root = make_repo(base)
        plan = base / "plan.md"
        plan.write_text(markdown)
        store = Store(base / "pmtui.db")
        try:
            engine = DeliveryEngine(store, Config(offline=True), repo=root, plan_path=plan,
                                    executor=ScriptedExecutor({"*": [script]}), max_parallel=slots,
                                    parallel_tiers=parallel_tiers, run_dir=base / "runs")
            started = time.perf_counter()
            outcome = await engine.run()
            wall = time.perf_counter() - started
        finally:
            store.close()
        if outcome.ending != "released":
            raise SystemExit(f"{what} did not release: {outcome.message}")
        return wall


def plan_agent(seconds: float):  # type: ignore[no-untyped-def]
    """Sleeps, then writes every file the task names (a module, its test) and maps each criterion to the module."""

    async def work(workdir: Path, contract: TaskContract) -> AgentResult:
        await asyncio.sleep(seconds)
        paths = [*contract.expected_files.create, *contract.expected_files.modify, *contract.tests_to_add]
        source = next((p for p in paths if p not in contract.tests_to_add), paths[0])
        name = re.sub(r"\W", "_", contract.task_id.lower())
        contents = {path: (f"def test_{name}() -> None:\n    assert True\n" if path in contract.tests_to_add
                           else f"{name.upper()} = {json.dumps(contract.title)}\n") for path in paths}
        step = write_files(contents, criteria_map={c: f"{source}:1" for c in contract.acceptance_criteria})
        result = step(workdir, contract)
        assert isinstance(result, AgentResult)
        return result

    return work


def gates_true(markdown: str) -> str:
    """The plan with `true` as every gate command: the time beyond the bound is pmtui's, not the tools'."""
    return re.sub(r"^- (lint|typecheck|test|build):.*$", r"- \1: true", markdown, flags=re.MULTILINE)


def plan_bound(plan: PlanDocument, agent_s: float, slots: int) -> tuple[float, int]:
    """max(longest dependency chain, work / slots) with every agent run `agent_s`; and the chain in tasks."""
    depth: dict[str, int] = {}
    for task in execution_order(plan):
        depth[task.id] = 1 + max((depth[dep] for dep in task.depends), default=0)
    chain = max(depth.values())
    return max(chain * agent_s, len(plan.tasks) * agent_s / slots), chain


def queue_makespan(plan: PlanDocument, agent_s: float, slots: int, parallel_tiers: tuple[str, ...]) -> float:
    """The wall the queue's own rules give with no overhead at all (every agent run `agent_s`, nothing else takes
    time): a critical task runs alone, a tier outside `parallel_tiers` one at a time, one task per ownership area."""
    queue = TaskQueue([QueueTask(task.id, effective_tier(task)[0], tuple(task.depends), task.ownership, position)
                       for position, task in enumerate(plan.tasks)], slots, parallel_tiers=parallel_tiers)
    now, ends = 0.0, {}  # type: float, dict[str, float]
    while not queue.is_finished():
        for task_id in queue.next_batch(running=ends):
            queue.mark_running(task_id)
            ends[task_id] = now + agent_s
        task_id = min(ends, key=ends.__getitem__)
        now = ends.pop(task_id)
        queue.mark_done(task_id)
    return now


async def deliver_plan(markdown: str, parallel_tiers: tuple[str, ...], agent_s: float, slots: int) -> float:
    return await _released_in(gates_true(markdown), plan_agent(agent_s), parallel_tiers, slots, "the run")


def write_pm_plans(directory: Path) -> None:
    """The plans the offline PM writes for the plain-agent bench's founders, through `pmtui chat` as a user types."""
    from tests.fixtures.written_code import FOUNDERS

    directory.mkdir(parents=True, exist_ok=True)
    for founder, (answers, _code) in FOUNDERS.items():
        with tempfile.TemporaryDirectory(prefix="pmtui-pm-plan-") as scratch:
            db = str(Path(scratch) / "pm.db")
            pmtui = [sys.executable, "-m", "pmtui", "--db", db, "--offline"]
            subprocess.run([*pmtui, "chat", "--jsonl", "--project", founder], input="\n".join(answers) + "\n",
                           capture_output=True, text=True, check=True)
            exported = subprocess.run([*pmtui, "export", "--project", founder, "--json"], capture_output=True,
                                      text=True, check=True).stdout
        (directory / f"{founder}.md").write_text(json.loads(exported)["plan_markdown"])
        print(f"wrote {directory / f'{founder}.md'}")


def main_plans(paths: list[Path], agent_s: float, slots: int, rounds: int, tiers: tuple[str, ...]) -> None:
    print(f"agent {agent_s:g} s each, {slots} slots, parallel_tiers={','.join(tiers)}")
    for round_number in range(1, rounds + 1):
        for path in paths:
            markdown = path.read_text()
            plan = parse_plan(markdown)
            bound, chain = plan_bound(plan, agent_s, slots)
            scheduled = queue_makespan(plan, agent_s, slots, tiers)
            wall = asyncio.run(deliver_plan(markdown, tiers, agent_s, slots))
            print(f"round {round_number} {path}: {len(plan.tasks)} tasks, chain {chain}, bound {bound:.2f} s, the "
                  f"queue's rules with no overhead {scheduled:.2f} s: wall {wall:.2f} s = {wall / bound:.2f}x the bound, "
                  f"{wall / scheduled:.2f}x the rules'")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent-s", type=float, default=1.0, help="seconds each agent run sleeps")
    parser.add_argument("--slots", type=int, default=3)
    parser.add_argument("--plan", type=Path, action="append", help="deliver this plan (repeatable) instead")
    parser.add_argument("--rounds", type=int, default=1, help="with --plan: how many times each, alternating")
    parser.add_argument("--parallel-tiers", default="low,normal", help="with --plan (default low,normal)")
    parser.add_argument("--write-pm-plans", type=Path, metavar="DIR", help="write the PM's plans into DIR and stop")
    args = parser.parse_args()
    if args.write_pm_plans:
        write_pm_plans(args.write_pm_plans)
        return
    import git  # noqa: F401  (one-time import cost, not the schedule's)
    import networkx  # noqa: F401

    import pmtui.delivery.gates.alignment  # noqa: F401  (loaded at the first gate since stop 21: once, not per task)

    if args.plan:
        tiers = tuple(t.strip() for t in args.parallel_tiers.split(",") if t.strip())
        main_plans(args.plan, args.agent_s, args.slots, args.rounds, tiers)
        return
    bound = lower_bound(args.agent_s, args.slots)
    print(f"{TASKS} tasks, agent {args.agent_s:g} s each, {args.slots} slots: lower bound {bound:.2f} s")
    settings = [
        ("low tier, parallel_tiers=low", "low", ("low",)),
        ("normal tier, parallel_tiers=low,normal", "normal", ("low", "normal")),
        ("normal tier, parallel_tiers=low (seed rule)", "normal", ("low",)),
    ]
    for label, tier, tiers in settings:
        wall = asyncio.run(deliver(tier, tiers, args.agent_s, args.slots))
        print(f"{label}: wall {wall:.2f} s = {wall / bound:.2f}x the bound")


if __name__ == "__main__":
    main()
