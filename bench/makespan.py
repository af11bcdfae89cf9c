"""Schedule: wall time of a plan over its lower bound, max(critical path, total agent time / slots).

A held-out plan of 18 independent-ish tasks (15 independent, a chain of three, one more pair; each
its own ownership area) is delivered into a fresh git repository by a scripted agent that sleeps
`--agent-s` seconds and then writes its module and test, with `true` as every gate command: the
time beyond the bound is pmtui's (dispatch, gates' checks, git, integration, the release). Three
settings: all tasks LOW (the seed's parallel tier), all tasks NORMAL with `parallel_tiers =
low,normal`, and all NORMAL under the seed's rule (one normal at a time) for contrast.

    .venv/bin/python bench/makespan.py [--agent-s 1.0] [--slots 3]
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import ScriptedExecutor, write_files
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
    with tempfile.TemporaryDirectory(prefix="pmtui-makespan-") as scratch:
        base = Path(scratch)
        root = make_repo(base)
        plan = base / "plan.md"
        plan.write_text(plan_text(tier))
        store = Store(base / "pmtui.db")
        try:
            engine = DeliveryEngine(store, Config(offline=True), repo=root, plan_path=plan,
                                    executor=ScriptedExecutor({"*": [agent(agent_s)]}), max_parallel=slots,
                                    parallel_tiers=parallel_tiers, run_dir=base / "runs")
            started = time.perf_counter()
            outcome = await engine.run()
            wall = time.perf_counter() - started
        finally:
            store.close()
        if outcome.ending != "released":
            raise SystemExit(f"the {tier} run did not release: {outcome.message}")
        return wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent-s", type=float, default=1.0, help="seconds each agent run sleeps")
    parser.add_argument("--slots", type=int, default=3)
    args = parser.parse_args()
    import git  # noqa: F401  (one-time import cost, not the schedule's)
    import networkx  # noqa: F401

    import pmtui.delivery.gates.alignment  # noqa: F401  (loaded at the first gate since stop 21: once, not per task)

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
