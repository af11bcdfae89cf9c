"""The shape of the plans pmtui's own PM writes: what a parallel schedule can make of them.

Every eval founder (pmtui/product/eval/founders/*.yaml) goes through the offline PM in-process (the real
conversation loop, `run_conversation`); for each that reaches a plan this prints the task count, the longest
dependency chain (in tasks: the critical path with equal tasks), the widest wave (tasks ready at once when every
task takes the same time), how many tasks share a file or an ownership area with another task, and the lower
bound of a 3-slot schedule with equal tasks over the whole plan's work, and the tasks that need only the
skeleton ("alone"). Totals at the end.

    .venv/bin/python bench/plan_shape.py [--set all|tuned|heldout|…] [--plans]   (--plans prints each plan's edges)
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.plan_quality import written_plans
from pmtui.delivery.plan import PlanDocument, execution_order, parse_plan

SLOTS = 3


def depths(plan: PlanDocument) -> dict[str, int]:
    """Each task's position on its longest dependency chain, counted in tasks (a task with no dependency: 1)."""
    depth: dict[str, int] = {}
    for task in execution_order(plan):
        depth[task.id] = 1 + max((depth[dep] for dep in task.depends), default=0)
    return depth


def sharing(plan: PlanDocument) -> int:
    """Tasks that share a file path or an ownership area with another task of the plan."""
    owners: Counter[str] = Counter()
    for task in plan.tasks:
        for key in {f"file:{path}" for path in [*task.files.all(), *task.tests]} | (
                {f"own:{task.ownership}"} if task.ownership else set()):
            owners[key] += 1
    return sum(1 for task in plan.tasks
               if any(owners[f"file:{path}"] > 1 for path in [*task.files.all(), *task.tests])
               or (task.ownership and owners[f"own:{task.ownership}"] > 1))


def shape(plan: PlanDocument) -> dict[str, float]:
    depth = depths(plan)
    chain = max(depth.values())
    waves = Counter(depth.values())
    tasks = len(plan.tasks)
    bound = max(chain, tasks / SLOTS)
    alone = sum(1 for task in plan.tasks[1:] if set(task.depends) <= {plan.tasks[0].id})
    return {"tasks": tasks, "chain": chain, "widest": max(waves.values()), "sharing": sharing(plan),
            "alone": alone, "bound": bound}


async def plans(which: str) -> list[tuple[str, str]]:
    """(founder id, plan) for every founder whose conversation reached a plan (bench/plan_quality.py runs the PM)."""
    return [(founder_id, markdown) for founder_id, markdown in (await written_plans(which)).items() if markdown]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", dest="which", default="all")
    parser.add_argument("--plans", action="store_true", help="print every task's title and dependencies")
    args = parser.parse_args()
    written = asyncio.run(plans(args.which))
    totals: Counter[str] = Counter()
    chains_of_all = 0
    print(f"{'founder':34} tasks chain widest sharing alone  bound({SLOTS} slots, equal tasks)")
    for founder_id, markdown in written:
        plan = parse_plan(markdown)
        figures = shape(plan)
        totals.update({k: v for k, v in figures.items()})
        chains_of_all += figures["chain"] == figures["tasks"]
        print(f"{founder_id:34} {figures['tasks']:5.0f} {figures['chain']:5.0f} {figures['widest']:6.0f} "
              f"{figures['sharing']:7.0f} {figures['alone']:5.0f}  {figures['bound']:.2f}")
        if args.plans:
            for task in plan.tasks:
                print(f"    {task.id:4} {task.effective_tier:8} <- {', '.join(task.depends) or '-':14} {task.title}")
    count = len(written)
    print(f"{count} plans: {totals['tasks']:.0f} tasks, longest chains sum {totals['chain']:.0f} "
          f"(mean {totals['chain'] / max(count, 1):.2f} of {totals['tasks'] / max(count, 1):.2f} tasks), "
          f"{chains_of_all} plans one chain from the skeleton; {totals['alone']:.0f} tasks need only the skeleton; "
          f"{totals['sharing']:.0f} tasks share a file or ownership; sum of {SLOTS}-slot bounds {totals['bound']:.1f} task-times")


if __name__ == "__main__":
    main()
