"""`pmtui agents` and `pmtui retry`: the CLI of the coding-agent presets and of retrying a task.

Part of the CLI (pmtui/cli.py keeps the exit codes and CommandError): the parsers are added by
add_agent_commands, the handlers take what they need from cli.py as arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pmtui.config import Config
    from pmtui.store import Store

HELP = {
    "retry": "run a failed or escalated task again with a fresh retry budget",
    "agents": "the coding-agent presets and whether each is installed",
}


def add_agent_commands(commands: Any, common: argparse.ArgumentParser) -> None:
    """The `retry` and `agents` subcommands."""
    retry = commands.add_parser(
        "retry", parents=[common], help=HELP["retry"],
        description="A failed task is reopened (recorded with the reason); an escalated one gets its escalation "
                    "answered with the retry option. The delivering `pmtui deliver` applies it; if none is "
                    "running, run it again to resume.",
    )
    retry.add_argument("task_id", metavar="TASK_ID")
    retry.add_argument("--reason", metavar="TEXT", default="", help="why, recorded with the retry")
    retry.add_argument("--run", type=int, metavar="ID", help="the run (default: the latest)")
    agents = commands.add_parser("agents", parents=[common], help=HELP["agents"],
                                 description="Each preset's command line for its installed version, and any "
                                             "[agents.NAME] of pmtui.toml; --agent NAME runs it.")
    agents.add_argument("--json", action="store_true", help="name, installed, version, command per agent")


def run_retry(args: argparse.Namespace, open_store: Callable[[argparse.Namespace], Store],
              latest_run_id: Callable[[Store], int]) -> int:
    from pmtui.cli import EXIT_OK, EXIT_USAGE, CommandError
    from pmtui.delivery.controls import request_retry
    from pmtui.delivery.store import DeliveryStore, DeliveryStoreError

    store = open_store(args)
    try:
        run_id = args.run if args.run is not None else latest_run_id(store)
        try:
            run = DeliveryStore(store).get_run(run_id)
            control = request_retry(store, run_id, args.task_id, args.reason or "retry requested with pmtui retry")
        except DeliveryStoreError as exc:
            raise CommandError(str(exc), EXIT_USAGE) from None
    finally:
        store.close()
    fixes = f"{run.retry_budget} fix attempt{'' if run.retry_budget == 1 else 's'}, the run's retry budget"
    print(f"{args.task_id} will run again with a fresh retry budget ({fixes}; control {control.id}). A `pmtui deliver` "
          f"of this run applies it at once; if none is running: pmtui deliver {run.plan_path} --repo {run.repo}")
    return EXIT_OK


def run_agents(args: argparse.Namespace, load_config: Callable[[argparse.Namespace], Config]) -> int:
    from pmtui.cli import EXIT_OK, EXIT_USAGE, CommandError
    from pmtui.delivery.agent_presets import AgentError, agent_catalog, agents_table, review_line

    try:
        config = load_config(args)
        agents = agent_catalog(config)
    except AgentError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None
    if args.json:
        sys.stdout.write(json.dumps([agent.as_json() for agent in agents], indent=2) + "\n")
    else:
        print(agents_table(agents, review_line(config), config))
    return EXIT_OK


def delivery_executor(args: argparse.Namespace, config: Config, store: Store) -> Any:
    """--agent NAME or "CMD ARGS" (a preset, [agents.NAME], or the sub-agent protocol), else the built-in LLM
    agent when a model is set. An agent that cannot run is a usage error before anything starts."""
    from pmtui.cli import EXIT_USAGE, CommandError

    if args.agent is not None:
        from pmtui.delivery.agent_presets import AgentError, resolve_agent
        from pmtui.delivery.agent_readiness import setup_missing
        from pmtui.delivery.executors import CommandExecutor

        try:
            agent = resolve_agent(args.agent, config)
            missing = setup_missing(agent, Path(getattr(args, "repo", None) or "."))
            if missing:
                raise AgentError(missing)
            return CommandExecutor(agent)
        except (AgentError, ValueError) as exc:
            raise CommandError(f"{getattr(args, 'agent_from', '--agent')}: {exc}", EXIT_USAGE) from exc
    if config.route("agent").is_offline:
        raise CommandError('no agent: pass --agent NAME or "CMD", set [delivery] agent, or configure models.agent',
                           EXIT_USAGE)
    from pmtui.delivery.llm_agent import model_agent

    return model_agent(config, store)
