"""The plans pmtui's own PM writes, as a coding agent and a reviewer read them (issue 7: prompts third-party agents
handle cleanly, criteria a gate can judge).

Every eval founder (pmtui/product/eval/founders/*.yaml) goes through the offline PM in-process, the eval's own loop
(`run_conversation`), to a plan; each plan is checked as `pmtui plan check` checks it (parsed and ordered) and read by
the measures of pmtui.product.plan_quality: fragment titles, criteria in the founder's first person, criteria that
repeat their title, template criteria no code can show, duplicate criteria and ungrammatical criteria (a
wish glued after the template's verb: "A user can add a customers order a tree …"). Totals at the end.

    .venv/bin/python bench/plan_quality.py [--set all|tuned|heldout|…] [--save PLANS.json | --plans PLANS.json]
                                           [--show MEASURE] [-v]

`--save` keeps the plans written (founder id → Markdown) and `--plans` reads such a file instead of running the PM;
`--show "fragment titles"` prints that measure's every hit; `-v` prints each founder's counts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pmtui.config import Config
from pmtui.delivery.plan import PlanError, execution_order, parse_plan
from pmtui.product.eval.founders import load_founders
from pmtui.product.eval.runner import run_conversation
from pmtui.product.eval.simulator import ScriptedFounder
from pmtui.product.orchestrator import Orchestrator
from pmtui.product.plan_quality import MEASURES, defects, feature_tasks
from pmtui.store import Store


async def written_plans(which: str) -> dict[str, str]:
    """Founder id → the plan the offline PM wrote for them ('' when the conversation reached none)."""
    found: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="pmtui-plan-quality-") as scratch:
        store = Store(Path(scratch) / "quality.db")
        try:
            orchestrator = Orchestrator(store, Config(offline=True))
            for founder in load_founders(which):
                conversation = await run_conversation(orchestrator, ScriptedFounder(founder))
                found[founder.id] = conversation.state.plan_markdown if conversation.state else ""
        finally:
            store.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", dest="which", default="all")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--save", metavar="PLANS.json", help="also write the plans to this file")
    source.add_argument("--plans", metavar="PLANS.json", help="read plans saved with --save instead of running the PM")
    parser.add_argument("--show", metavar="MEASURE", choices=MEASURES, help="print every hit of one measure")
    parser.add_argument("-v", action="store_true", help="each founder's counts")
    args = parser.parse_args()
    plans = json.loads(Path(args.plans).read_text(encoding="utf-8")) if args.plans else asyncio.run(
        written_plans(args.which))
    if args.save:
        Path(args.save).write_text(json.dumps(plans, indent=1), encoding="utf-8")
    totals: Counter[str] = Counter()
    why: Counter[str] = Counter()
    invalid: list[str] = []
    tasks = criteria = 0
    for founder_id, markdown in plans.items():
        if not markdown:
            invalid.append(f"{founder_id}: no plan")
            continue
        try:
            plan = parse_plan(markdown)
            execution_order(plan)
        except PlanError as exc:
            invalid.append(f"{founder_id}:{exc.line}: {exc.message}")
            continue
        rows = feature_tasks(plan)
        tasks += len(rows)
        criteria += sum(len(c) for _, c in rows)
        found = defects(plan)
        totals.update({name: len(hits) for name, hits in found.items()})
        why.update(f"{name}: {hit.rsplit(' — ', 1)[-1]}" for name in ("template criteria", "criteria that repeat their title")
                   for hit in found[name])
        if args.v:
            print(f"{founder_id:36} " + " ".join(f"{len(found[name]):3}" for name in MEASURES))
        if args.show:
            for hit in found[args.show]:
                print(f"{founder_id}\t{hit}")
    print(f"{len(plans)} founders, {len(plans) - len(invalid)} plans valid (`plan check`), {tasks} feature tasks, "
          f"{criteria} feature criteria (the plan format's fixed criteria not counted)")
    for line in invalid:
        print(f"  invalid: {line}")
    for name in MEASURES:
        print(f"  {name:34} {totals[name]:5}")
    for reason, count in sorted(why.items(), key=lambda item: (item[0].split(":")[0], -item[1])):
        print(f"    {reason:66} {count:5}")


if __name__ == "__main__":
    main()
