"""What `pmtui eval` runs: the engine chosen, the founders, the optional judge and LLM founders, the output.

The CLI (pmtui.cli) parses the options and owns the exit code; this module does the rest.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from pmtui.config import Config
    from pmtui.product.eval.runner import EvalReport

# The founders, the runner and the config (pydantic, YAML, the orchestrator) load when `pmtui eval` runs,
# not when the CLI builds its parser: `pmtui` itself builds it before its first paint.


@dataclass
class EvalOptions:
    model: str | None = None
    personas: int | None = None
    founder_set: str = "all"
    judge: str | None = None
    founder_model: str | None = None


def add_parser(commands: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    """`pmtui eval` and its options (DESIGN.md: [--offline | --model M] [--personas N] [--json] [--min-pass F])."""
    evaluate = commands.add_parser(
        "eval", parents=[common], help="simulated founders through the real conversation, with assertions",
        description="Each simulated founder talks to the PM from idea to spec; every conversation is scored. "
                    "Exit 1 when the pass rate is below --min-pass.",
    )
    evaluate.add_argument("--model", metavar="M", help="the PM's model for every task (default: the configuration)")
    evaluate.add_argument("--personas", type=int, metavar="N", help="how many founders (default: all of the set)")
    evaluate.add_argument("--json", action="store_true", help="the result as JSON")
    evaluate.add_argument("--min-pass", type=float, default=0.97, metavar="F", help="pass rate needed (default 0.97)")
    evaluate.add_argument("--set", dest="founder_set", default="all", metavar="SET",
                          help="which founders: tuned (the offline engine was tuned on them), heldout, heldout2, "
                               "…, or all (default)")
    evaluate.add_argument("--judge", metavar="M", help="a model that rates each spec 1-5 (default: [eval] judge)")
    evaluate.add_argument("--founder-model", metavar="M",
                          help="a model plays the founders in discovery (default: [eval] founder, else scripted)")


def options_from(args: argparse.Namespace) -> EvalOptions:
    """The options of a parsed `pmtui eval`; ValueError (a usage error) when they contradict each other."""
    if args.offline and args.model:
        raise ValueError("--offline and --model exclude each other")
    if not 0.0 <= args.min_pass <= 1.0:
        raise ValueError(f"--min-pass must be between 0 and 1, got {args.min_pass}")
    if args.personas is not None and args.personas < 1:
        raise ValueError("--personas must be at least 1")
    from pmtui.product.eval.founders import SETS

    if args.founder_set not in (*SETS, "all"):
        raise ValueError(f"--set must be one of {', '.join((*SETS, 'all'))}, got {args.founder_set!r}")
    return EvalOptions(args.model, args.personas, args.founder_set, args.judge, args.founder_model)


def pm_config(config: Config, model: str | None) -> Config:
    """The PM under test: `--model M` on every task, else the loaded config (offline when forced or unset)."""
    if model is None:
        return config
    from pmtui.product.eval.models import route_config

    return route_config(model, config)


async def evaluate(options: EvalOptions, config: Config) -> EvalReport:
    from pmtui.product.eval.founders import load_founders
    from pmtui.product.eval.runner import run_eval

    founders = load_founders(options.founder_set, options.personas)
    judge_model = options.judge or config.eval.judge
    founder_model = options.founder_model or config.eval.founder
    with tempfile.TemporaryDirectory(prefix="pmtui-eval-") as scratch:
        judge = None
        make_simulator = None
        store = None
        if judge_model or founder_model:
            from pmtui.llm.gateway import LLMGateway
            from pmtui.product.eval.models import LLMFounder, SpecJudge, route_config
            from pmtui.store import Store

            store = Store(Path(scratch) / "models.db")
            if judge_model:
                judge = SpecJudge(LLMGateway(route_config(judge_model, config), store))
            if founder_model:
                gateway = LLMGateway(route_config(founder_model, config), store)

                def make_simulator(founder):  # type: ignore[no-untyped-def]
                    return LLMFounder(founder, gateway)

        try:
            return await run_eval(
                pm_config(config, options.model), founders, make_simulator=make_simulator, judge=judge,
                store_dir=Path(scratch),
            )
        finally:
            if store is not None:
                store.close()


def render(report: EvalReport, as_json: bool, stream: TextIO) -> None:
    if as_json:
        stream.write(json.dumps(report.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    from rich.console import Console

    from pmtui.product.eval.report import pass_line, table

    console = Console(file=stream, highlight=False, soft_wrap=False)
    console.print(table(report))
    sets = sorted({r.founder.set for r in report.results})
    if len(sets) > 1:
        for which in sets:
            console.print(pass_line(report.for_set(which), which))
    console.print(pass_line(report, "all" if len(sets) > 1 else ""))
