"""The `pmtui` command: the TUI by default, plus chat, export, config and plan subcommands.

Textual and litellm are imported only by the code paths that need them, so `pmtui --help`,
`pmtui chat` on the offline engine and `pmtui export` start fast.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from pmtui.app import PmtuiApp
    from pmtui.config import Config
    from pmtui.delivery.engine import DeliveryEngine
    from pmtui.delivery.run_context import RunOutcome
    from pmtui.store import Store

# The process exit codes of DESIGN.md; this module is their one owner.
EXIT_OK = 0
EXIT_RUNTIME = 1
EXIT_USAGE = 2
EXIT_WAITING = 3
EXIT_INTERRUPTED = 130
ENDING_EXIT: dict[str, int] = {
    "released": EXIT_OK, "failed": EXIT_RUNTIME, "bad_input": EXIT_USAGE, "waiting": EXIT_WAITING,
    "stopped": EXIT_INTERRUPTED,
}
APP_FAILURE_EXIT: dict[str, int] = {"bad_config": EXIT_USAGE, "bad_store": EXIT_RUNTIME, "bad_store_file": EXIT_USAGE}
DELIVERY_COMMANDS: dict[str, str] = {
    "deliver": "deliver a plan: dispatch sub-agents, review through gates, commit",
    "watch": "the live delivery dashboard of a run elsewhere",
    "status": "the progress report of the latest delivery run",
    "answer": "answer an open escalation",
    "demo": "deliver a sample plan in a sandbox repository",
}
JSONL_KEYS = ("project", "phase", "reply", "summary_shown", "negotiation_round")


class CommandError(Exception):
    """A failure to report as 'pmtui: <message>' with an exit code."""

    def __init__(self, message: str, code: int = EXIT_RUNTIME) -> None:
        super().__init__(message)
        self.code = code


# -- argument parsing -----------------------------------------------------------------------------
def _given(value: str) -> str:
    """A path or name that is there: `--repo "$REPO"` with REPO unset would mean the current directory."""
    if not value.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return value


def _global_options(defaults: bool) -> argparse.ArgumentParser:
    """--db and --offline; subcommands get them with SUPPRESS so a value given earlier survives."""
    parent = argparse.ArgumentParser(add_help=False)
    default: Any = None if defaults else argparse.SUPPRESS
    parent.add_argument(
        "--db", metavar="PATH", default=default, type=_given,
        help="the SQLite store (env PMTUI_DB; default in the user data dir)",
    )
    parent.add_argument(
        "--offline", action="store_true", default=False if defaults else argparse.SUPPRESS,
        help="force the built-in offline engine (env PMTUI_MODEL=offline)",
    )
    return parent


def build_parser() -> argparse.ArgumentParser:
    common = _global_options(defaults=False)
    parser = argparse.ArgumentParser(
        prog="pmtui",
        description="An AI product manager in the terminal. Without a command, opens the TUI.",
        parents=[_global_options(defaults=True)],
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    chat = commands.add_parser(
        "chat", parents=[common], help="the discovery → scoping → spec conversation on stdin/stdout",
        description="One user message per stdin line; end of input ends the session.",
    )
    chat.add_argument("--project", metavar="NAME", type=_given, help="create the project when new, resume it when it exists")
    chat.add_argument("--jsonl", action="store_true", help="print one JSON object per input line")

    export = commands.add_parser("export", parents=[common], help="print a project's state (JSON) or its spec")
    export.add_argument("--project", metavar="NAME", type=_given, help="default: the most recently changed project")
    form = export.add_mutually_exclusive_group()
    form.add_argument("--json", dest="form", action="store_const", const="json", help="the whole state (default)")
    form.add_argument("--md", dest="form", action="store_const", const="md", help="the spec as Markdown")

    config = commands.add_parser("config", parents=[common], help="show or change the configuration")
    config_commands = config.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    config_commands.add_parser("show", parents=[common], help="the effective configuration and its file")
    config_set = config_commands.add_parser("set", parents=[common], help="set one key, e.g. models.default.model")
    config_set.add_argument("key", metavar="KEY")
    config_set.add_argument("value", metavar="VALUE")

    plan = commands.add_parser("plan", parents=[common], help="work with delivery plans")
    plan_commands = plan.add_subparsers(dest="plan_command", metavar="ACTION", required=True)
    plan_check = plan_commands.add_parser(
        "check", parents=[common], help="validate a plan and print its execution order"
    )
    plan_check.add_argument("plan_path", metavar="PLAN.md", type=_given)

    deliver = commands.add_parser("deliver", parents=[common], help=DELIVERY_COMMANDS["deliver"])
    deliver.add_argument("plan_path", metavar="PLAN.md", type=_given)
    deliver.add_argument("--repo", metavar="DIR", type=_given)
    deliver.add_argument("--agent", metavar="NAME|CMD ARGS", help="a preset, an [agents.NAME] or a command line")
    deliver.add_argument("--headless", action="store_true")
    deliver.add_argument("--no-wait", action="store_true")
    deliver.add_argument("--max-parallel", type=int, metavar="N")
    deliver.add_argument("--retry-budget", type=int, metavar="N",
                         help="fix attempts a failing task gets before it goes to a human, 0 to 10 "
                              "(default: [delivery] retry_budget, else 2); a resumed run keeps its own")
    deliver.add_argument("--sandbox", choices=("auto", "on", "off"),
                         help="run agents and gate commands under bubblewrap: auto (default: when installed and "
                              "working), on (refuse without), off")
    deliver.add_argument("--parallel-tiers", metavar="low[,normal]",
                         help="tiers whose independent tasks may run at once (default: [delivery] parallel_tiers, "
                              "else low)")
    deliver.add_argument("--executor", choices=("local", "ray"),
                         help="where attempts run: this machine, or one Ray task each on a Ray cluster "
                              "(default: [delivery] executor, else local)")
    deliver.add_argument("--ray-address", metavar="HOST:PORT|auto",
                         help="the Ray cluster's head (default: [delivery] ray_address, else auto)")
    deliver.add_argument("--remote", metavar="URL",
                         help="with --executor ray: a git URL the nodes fetch the base commit from "
                              "(default: a git bundle through Ray's object store)")
    watch = commands.add_parser(
        "watch", parents=[common], help=DELIVERY_COMMANDS["watch"],
        description="Open the live dashboard on a run that `pmtui deliver` drives in another terminal "
                    "(same --db). It reads, answers escalations and sends controls; it never delivers.",
    )
    watch.add_argument("--run", type=int, metavar="ID", help="the run to follow (default: the latest)")
    status = commands.add_parser("status", parents=[common], help=DELIVERY_COMMANDS["status"])
    status.add_argument("--json", action="store_true")
    answer = commands.add_parser("answer", parents=[common], help=DELIVERY_COMMANDS["answer"])
    answer.add_argument("escalation_id", metavar="ESCALATION_ID")
    answer.add_argument("--option", type=int, metavar="N", required=True)
    answer.add_argument("--note", metavar="TEXT")
    from pmtui.cli_agents import add_agent_commands

    add_agent_commands(commands, common)
    demo = commands.add_parser(
        "demo", parents=[common], help=DELIVERY_COMMANDS["demo"],
        description="Create a sandbox git repository (a small Python project), a sample plan of eight tasks and "
                    "a scripted agent, then deliver it live on the dashboard. No API key needed.",
    )
    demo.add_argument("--headless", action="store_true",
                      help="no TUI: print progress; escalations are answered with the recommended option")
    demo.add_argument("--dir", metavar="DIR", type=_given, help="where to create the sandbox (default: a new temporary dir)")
    from pmtui.product.eval.command import add_parser as add_eval_parser

    add_eval_parser(commands, common)
    return parser


# -- shared plumbing ------------------------------------------------------------------------------
def _db_path(args: argparse.Namespace) -> Path:
    if args.db:
        return Path(args.db).expanduser()
    if os.environ.get("PMTUI_DB"):
        return Path(os.environ["PMTUI_DB"]).expanduser()
    from pmtui.paths import default_db_path

    return default_db_path()


def _open_store(args: argparse.Namespace) -> Store:
    from pmtui.store import Store

    return Store(_db_path(args))


def _read_store(args: argparse.Namespace, nothing: str) -> Store:
    """The store of a command that only reads: one that does not exist is said so (`nothing`: what there is
    none of), never created with its folders where a mistyped --db points."""
    path = _db_path(args)
    if not path.exists():
        raise CommandError(f"no {nothing} in {path} (no store there); check --db or PMTUI_DB")
    return _open_store(args)


def _load_config(args: argparse.Namespace) -> Config:
    from pmtui.config import load_config

    return load_config(offline=bool(args.offline), find_models=True)


def _project_id(store: Store, name: str | None) -> int:
    if name:
        project_id = store.find_project(name)
        if project_id is None:
            raise CommandError(f"no project named {name!r} in {store.path}", EXIT_USAGE)
        return project_id
    latest = store.latest_project()
    if latest is None:
        raise CommandError(f"no projects in {store.path} yet; start one with `pmtui` or `pmtui chat`")
    return latest


# -- pmtui (the TUI) ------------------------------------------------------------------------------
def run_tui(args: argparse.Namespace) -> int:
    """The TUI paints first; it loads config and store right after (a bad config still exits 2)."""
    from pmtui.app import PmtuiApp

    app = PmtuiApp(db_path=_db_path(args), offline=bool(args.offline))
    try:
        app.run()
    finally:
        app.close_store()
    return tui_exit_code(app)


def tui_exit_code(app: PmtuiApp) -> int:
    """The bare TUI's exit code: a failure to start, else 0. A delivery started from its spec screen and stopped by
    quitting stays resumable, and the quit was the user's: `make run` printed "Error 3" after a plain quit while a
    run waited for an answer. (`pmtui deliver` and `pmtui demo` exit with their run's outcome: app_exit_code.)"""
    return APP_FAILURE_EXIT.get(app.failure, EXIT_RUNTIME) if app.failure is not None else EXIT_OK


def app_exit_code(app: PmtuiApp) -> int:
    """The exit code of a TUI session: a failure to start, else the outcome of its delivery, else 0."""
    if app.failure is not None:
        return APP_FAILURE_EXIT.get(app.failure, EXIT_RUNTIME)
    delivery = app.delivery
    if delivery is None:
        return EXIT_OK
    if delivery.outcome is not None:
        return run_exit_code(delivery.outcome)
    return EXIT_RUNTIME if delivery.error else EXIT_OK


def run_exit_code(outcome: RunOutcome) -> int:
    """0 released, 1 failed, 2 bad input, 3 waiting for a human, 130 stopped mid-run."""
    if outcome.ending == "stopped" and outcome.state == "waiting_for_human":
        return EXIT_WAITING
    return ENDING_EXIT[outcome.ending]


def run_chat(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    import asyncio

    from pmtui.cli_chat import chat_session

    config = _load_config(args)
    store = _open_store(args)
    try:
        asyncio.run(chat_session(args, config, store, stdin or sys.stdin, stdout or sys.stdout))
        return EXIT_OK
    finally:
        store.close()


# -- pmtui export ---------------------------------------------------------------------------------
def run_export(args: argparse.Namespace) -> int:
    store = _read_store(args, "projects")
    try:
        project_id = _project_id(store, args.project)
        if args.form == "md":
            spec = store.load_state(project_id).spec_markdown
            if not spec.strip():
                name = store.project_name(project_id)
                raise CommandError(f"project {name!r} has no spec yet; finish scoping first")
            sys.stdout.write(spec if spec.endswith("\n") else spec + "\n")
        else:
            from pmtui.cli_chat import export_state

            sys.stdout.write(json.dumps(export_state(store, project_id), indent=2, ensure_ascii=False) + "\n")
    finally:
        store.close()
    return EXIT_OK


# -- pmtui config ---------------------------------------------------------------------------------
def run_config(args: argparse.Namespace) -> int:
    from pmtui.config import find_config_file, write_config_value

    if args.config_command == "set":
        explicit = os.environ.get("PMTUI_CONFIG")
        target = write_config_value(args.key, args.value, Path(explicit) if explicit else None)
        print(f"wrote {target}")
        return EXIT_OK

    config = _load_config(args)
    print("\n".join(config.show_lines(find_config_file())))
    return EXIT_OK


# -- pmtui eval -----------------------------------------------------------------------------------
def run_eval(args: argparse.Namespace) -> int:
    import asyncio

    from pmtui.product.eval.command import evaluate, options_from, render

    try:
        options = options_from(args)
    except ValueError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from exc
    report = asyncio.run(evaluate(options, _load_config(args)))
    render(report, bool(args.json), sys.stdout)
    return EXIT_OK if report.pass_rate >= args.min_pass else EXIT_RUNTIME


# -- pmtui plan check -----------------------------------------------------------------------------
def run_plan_check(args: argparse.Namespace) -> int:
    from pmtui.delivery.plan import PlanError, decode_plan, execution_order, parse_plan

    path = Path(args.plan_path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}", EXIT_USAGE) from exc
    try:
        plan = parse_plan(decode_plan(data))
        order = execution_order(plan)
    except PlanError as exc:
        print(f"{path}:{exc.line}: {exc.message}", file=sys.stderr)
        return EXIT_USAGE
    print(f"Plan: {plan.name} ({plan.plan_id}) · {len(plan.tasks)} task{'s' if len(plan.tasks) != 1 else ''}")
    width = max(len(task.id) for task in order)
    for position, task in enumerate(order, start=1):
        tier = f"[{task.effective_tier}]" + ("" if task.tier else " (classified)")
        after = f"  after {', '.join(task.depends)}" if task.depends else ""
        print(f"{position}. {task.id:<{width}}  {task.title}  {tier}{after}")
    return EXIT_OK


# -- pmtui deliver / status / answer --------------------------------------------------------------
def _print_event(kind: str, text: str) -> None:
    if kind in ("escalation", "progress", "release") and "\n" in text:
        print(text, flush=True)
        return
    print(f"[{kind}] {text}", flush=True)


def _parallel_tiers(args: argparse.Namespace, config: Config) -> list[str]:
    if args.parallel_tiers is None:
        return list(config.delivery.parallel_tiers)
    tiers = [tier.strip().lower() for tier in args.parallel_tiers.split(",") if tier.strip()]
    unknown = [tier for tier in tiers if tier not in ("low", "normal")]
    if unknown or not tiers:
        raise CommandError(f"--parallel-tiers takes low or low,normal (critical tasks always run alone), "
                           f"not {args.parallel_tiers!r}", EXIT_USAGE)
    return tiers


def _cluster_executor(args: argparse.Namespace, config: Config, agent: Any) -> Any:
    """--executor ray: the agent's attempts as Ray tasks on the cluster, which must answer now."""
    from pmtui.delivery.ray_executor import ClusterUnavailable, RayExecutor

    delivery = config.delivery
    try:
        executor = RayExecutor(agent, address=args.ray_address or delivery.ray_address,
                               num_cpus=delivery.ray_num_cpus, remote=args.remote or delivery.ray_remote,
                               env_names=delivery.ray_env)
    except ValueError as exc:
        raise CommandError(f"--executor ray: {exc}", EXIT_USAGE) from exc
    try:
        view = executor.connect()
    except ClusterUnavailable as exc:
        hint = "" if "not installed" in str(exc) else (
            ". Start one with `ray start --head` (docs/scale.md), or pass --ray-address HOST:PORT")
        raise CommandError(f"{exc}{hint}", EXIT_RUNTIME) from exc
    missing = ", ".join(executor.missing_env)
    print(f"pmtui deliver: Ray cluster at {executor.address}: {view.line()}"
          + (f"; not set here, so not sent to the nodes: {missing}" if missing else ""), file=sys.stderr)
    return executor


def _delivery_config(args: argparse.Namespace, repo: Path) -> Config:
    """The config a delivery trusts (delivery.run_config): never a pmtui.toml the run's own commits changed."""
    from pmtui.delivery.run_config import delivery_config

    config, note = delivery_config(repo, offline=bool(args.offline))
    if note:
        print(f"pmtui deliver: note: {note}", file=sys.stderr)
    return config


def run_deliver(args: argparse.Namespace) -> int:
    import asyncio
    import threading

    from pmtui.cli_agents import delivery_executor
    from pmtui.config import BUILT_IN_AGENT, MAX_PARALLEL, MAX_RETRY_BUDGET
    if args.max_parallel is not None and not 1 <= args.max_parallel <= MAX_PARALLEL:
        raise CommandError(f"--max-parallel must be between 1 and {MAX_PARALLEL} (as [delivery] max_parallel), "
                           f"not {args.max_parallel}", EXIT_USAGE)
    if args.retry_budget is not None and not 0 <= args.retry_budget <= MAX_RETRY_BUDGET:
        raise CommandError(f"--retry-budget must be between 0 and {MAX_RETRY_BUDGET} (as [delivery] "
                           f"retry_budget), not {args.retry_budget}", EXIT_USAGE)
    plan_path = Path(args.plan_path)
    if not plan_path.is_file():
        why = "it is a directory" if plan_path.is_dir() else "no such file"
        raise CommandError(f"cannot read the plan {plan_path}: {why}", EXIT_USAGE)
    repo = Path(args.repo or ".")
    config = _delivery_config(args, repo)
    if args.agent is None:
        from pmtui.config import configured_agent

        args.agent = configured_agent(config)
        args.agent_from = f"[delivery] agent in {config.source}"
    elif args.agent.strip() == BUILT_IN_AGENT:
        args.agent = None
    tiers = _parallel_tiers(args, config)
    max_parallel = args.max_parallel or config.delivery.max_parallel
    store = _open_store(args)
    cluster = None
    on_ray = (args.executor or config.delivery.executor) == "ray"
    if not on_ray and (args.ray_address or args.remote):
        store.close()
        raise CommandError("--ray-address and --remote go with --executor ray", EXIT_USAGE)
    if on_ray and args.agent is None:
        store.close()
        raise CommandError('--executor ray runs an agent command on the nodes: pass --agent "CMD ARGS" or set '
                           "[delivery] agent (the built-in LLM agent runs on this machine only)", EXIT_USAGE)
    try:
        executor = delivery_executor(args, config, store)  # an agent that cannot run stops us here (exit 2)
        if on_ray:
            executor = cluster = _cluster_executor(args, config, executor)
            view = cluster.cluster_view()
            if args.max_parallel is None and view is not None:
                # More nodes, more attempts at once: the cluster's slots, unless --max-parallel says otherwise.
                max_parallel = max(max_parallel, view.slots)
        if not args.headless and _no_terminal("deliver"):
            args.headless = True

        from pmtui.delivery.engine_process import EngineJob, build_engine

        job = EngineJob.for_config(config, store.path, repo=str(repo.resolve()), plan_path=str(plan_path.resolve()),
                                   agent=args.agent, max_parallel=max_parallel, parallel_tiers=tiers,
                                   sandbox=args.sandbox, retry_budget=args.retry_budget,
                                   no_wait=bool(args.no_wait))

        def engine(on_store: Store, on_event: Callable[[str, str], None], stop: threading.Event) -> DeliveryEngine:
            # In this process: the config as it is, and the cluster's executor on Ray.
            return build_engine(job, on_store, on_event, stop, config=config, executor=cluster)

        if not args.headless:
            # The engine runs in a process of its own beside the dashboard (engine_process); on Ray, whose
            # cluster client lives in this process, on the dashboard's worker thread.
            return _deliver_in_tui(args, store, config, job if cluster is None else engine, plan_path=plan_path,
                                   repo=repo)
        outcome = asyncio.run(engine(store, _print_event, threading.Event()).run(no_wait=bool(args.no_wait)))
    finally:
        if cluster is not None:
            cluster.close()
        store.close()
    return _report_outcome("pmtui deliver", outcome)


def _report_outcome(prefix: str, outcome: RunOutcome, released_note: str = "",
                    resume: str = "run the same command again") -> int:
    """The last line of a headless run on the terminal, and its exit code."""
    code = run_exit_code(outcome)
    if code == EXIT_OK:
        print(f"{prefix}: {outcome.message}{released_note}")
    elif code == EXIT_WAITING:
        ids = ", ".join(str(i) for i in outcome.escalations)
        print(f"{prefix}: {outcome.message} (open escalations: {ids or 'none'}); "
              f"answer with `pmtui answer ID --option N`, then {resume} to resume")
    else:
        print(f"{prefix}: {outcome.message}", file=sys.stderr)
    return code


def _no_terminal(command: str) -> bool:
    """The dashboard needs a terminal; without one the run goes on headless, and says so."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return False
    print(f"pmtui {command}: no terminal for the dashboard; running headless", file=sys.stderr)
    return True


def _deliver_in_tui(
    args: argparse.Namespace, store: Store, config: Config, engine: Any, *,
    plan_path: Path | None = None, repo: Path | None = None, intro: list[str] | None = None,
) -> int:
    """The dashboard of a run delivered beside it (`engine`: an EngineJob for a process of its own, or an engine
    factory for the worker thread); the exit code follows the run. A bad plan or a missing repository is reported before the TUI opens (exit 2)."""
    if plan_path is not None:
        from pmtui.delivery.plan import PlanError, load_plan

        try:
            load_plan(plan_path)
        except PlanError as exc:
            where = f"{plan_path}:{exc.line}" if exc.line else str(plan_path)
            raise CommandError(f"{where}: {exc.message}", EXIT_USAGE) from None
    if repo is not None:
        from pmtui.delivery.git_ops import GitError, open_repo

        try:
            root = Path(str(open_repo(repo).working_tree_dir))
        except GitError as exc:
            raise CommandError(str(exc), EXIT_USAGE) from None
        from pmtui.delivery.git_ops import common_dir
        from pmtui.delivery.lease import LeaseHeld, RepositoryHeld, RepositoryLock, lease_holder

        holder = lease_holder(store, root)
        if holder is not None:
            raise CommandError(str(LeaseHeld(holder)), EXIT_USAGE)
        probe = RepositoryLock(common_dir(root), root, store.path)
        try:
            probe.acquire()
        except RepositoryHeld as held:
            raise CommandError(str(held), EXIT_USAGE) from None
        except OSError:
            pass  # the engine says what is wrong with the repository, on the dashboard
        probe.release()
    try:
        from pmtui.app import delivering_app

        app = delivering_app(engine, no_wait=bool(getattr(args, "no_wait", False)), intro=intro,
                             store=store, config=config, offline=bool(args.offline))
    except ImportError as exc:
        raise CommandError(f"the live dashboard cannot load ({exc}); use --headless", EXIT_RUNTIME) from None
    app.run()
    code = app_exit_code(app)
    if app.failure is None and app.delivery is not None and app.delivery.outcome is None and not app.delivery.error:
        code = EXIT_INTERRUPTED  # the user quit before the run said anything
    message = app.final_message()
    if message is not None:
        prefix = f"pmtui {args.command}"
        print(f"{prefix}: {message.plain}", file=sys.stdout if code == EXIT_OK else sys.stderr)
    return code


def _latest_run_id(store: Store) -> int:
    from pmtui.delivery.store import DeliveryStore

    run = DeliveryStore(store).latest_run()
    if run is None:
        raise CommandError(f"no delivery runs in {store.path} yet; start one with `pmtui deliver PLAN.md`")
    return run.id


def run_status(args: argparse.Namespace) -> int:
    from pmtui.delivery.progress import maybe_report, progress_report, status_json
    from pmtui.delivery.store import DeliveryStore

    store = _read_store(args, "delivery runs")
    try:
        run_id = _latest_run_id(store)
        dstore = DeliveryStore(store)
        if args.json:
            sys.stdout.write(json.dumps(status_json(dstore, run_id), indent=2, ensure_ascii=False) + "\n")
            return EXIT_OK
        report = maybe_report(dstore, run_id, "requested") or progress_report(dstore, run_id)
        run = dstore.get_run(run_id)
        print(report.text())
        print(f"State: {run.state} · retry budget {run.retry_budget}"
              + (f" · manifest {run.manifest_path}" if run.manifest_path else ""))
        for escalation in dstore.open_escalations(run_id):
            options = "; ".join(f"{n}. {text}" for n, text in enumerate(escalation.options, start=1))
            print(f"Escalation {escalation.id} ({escalation.task_id or 'run'}): {escalation.problem}")
            if escalation.impact:
                print(f"  impact: {escalation.impact}")
            print(f"  options: {options}; recommended {escalation.recommended}")
            print(f"  answer: pmtui answer {escalation.id} --option {escalation.recommended}{escalation.note_hint()}")
    finally:
        store.close()
    return EXIT_OK


def run_answer(args: argparse.Namespace) -> int:
    from pmtui.delivery.store import DeliveryStore, DeliveryStoreError

    try:
        escalation_id = int(args.escalation_id)
    except ValueError:
        raise CommandError(f"escalation id {args.escalation_id!r} is not a number", EXIT_USAGE) from None
    store = _read_store(args, "escalations")
    try:
        dstore = DeliveryStore(store)
        try:
            current = dstore.escalation(escalation_id)
        except DeliveryStoreError:
            raise CommandError(f"unknown escalation {escalation_id}", EXIT_USAGE) from None
        if current.answer is not None:
            raise CommandError(
                f"escalation {escalation_id} already answered (option {current.answer}: "
                f"{current.options[current.answer - 1]})", EXIT_USAGE)
        try:
            answered = dstore.answer_escalation(escalation_id, args.option, args.note or "")
        except DeliveryStoreError as exc:
            raise CommandError(str(exc), EXIT_USAGE) from None
    finally:
        store.close()
    assert answered.answer is not None
    print(f"escalation {escalation_id} answered: option {answered.answer} — {answered.options[answered.answer - 1]}")
    return EXIT_OK


def run_watch(args: argparse.Namespace) -> int:
    """The dashboard attached to the store of a run in another process (the latest run by default)."""
    from pmtui.app import PmtuiApp
    from pmtui.delivery.store import DeliveryStore, DeliveryStoreError

    store = _read_store(args, "delivery runs")
    try:
        dstore = DeliveryStore(store)
        if args.run is not None:
            try:
                dstore.get_run(args.run)
            except DeliveryStoreError:
                raise CommandError(f"no delivery run {args.run} in {store.path}", EXIT_USAGE) from None
        else:
            _latest_run_id(store)
    finally:
        store.close()
    app = PmtuiApp(db_path=_db_path(args), offline=bool(args.offline))
    app.start_dashboard = (args.run,)
    try:
        app.run()
    finally:
        app.close_store()
    return app_exit_code(app)


def run_demo(args: argparse.Namespace) -> int:
    """A sandbox repository, the demo plan and the scripted agent, delivered live (or headless)."""
    import asyncio

    from pmtui.delivery import demo

    config = _load_config(args)
    reopened = demo.reopen_sandbox(Path(args.dir)) if args.dir else None
    try:
        sandbox = reopened or demo.create_sandbox(Path(args.dir) if args.dir else None)
    except demo.DemoError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from None
    store = _open_store(args)
    # `pmtui demo` again would make a new sandbox: a stopped demo says the command that resumes this one.
    db = [] if args.db is None else ["--db", str(store.path)]
    sandbox.resume_command = shlex.join(["pmtui", *db, "demo", "--dir", str(sandbox.base)])
    if reopened is not None:
        print(f"pmtui demo: resuming the demo sandbox in {sandbox.base}", flush=True)
    try:
        if not args.headless and _no_terminal("demo"):
            args.headless = True
        if not args.headless:
            from pmtui.delivery.engine_process import EngineJob

            job = EngineJob.for_config(config, store.path, demo=demo.sandbox_job(sandbox, pace=0.6))
            return _deliver_in_tui(args, store, config, job, intro=demo.intro_lines(sandbox))
        for line in demo.intro_lines(sandbox):
            print(line, flush=True)
        outcome = asyncio.run(demo.run_headless(sandbox, store, config, lambda text: print(text, flush=True)))
    finally:
        store.close()
    return _report_outcome("pmtui demo", outcome, f"; the sandbox is {sandbox.repo} (branch {demo.PLAN_BRANCH})",
                           resume=f"run `{sandbox.resume_command}`")


# -- entry point ----------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from pmtui.logs import setup_logging
    from pmtui.redaction import RedactingStream

    log = setup_logging()
    # The last exit of every message: nothing secret reaches the terminal, whoever printed it.
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = RedactingStream(sys.stdout), RedactingStream(sys.stderr)
    try:
        return _dispatch(args, log)
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass  # a closed pipe: nothing more can be said
        sys.stdout, sys.stderr = streams


def _dispatch(args: argparse.Namespace, log: Path | None) -> int:
    from pmtui.cli_agents import run_agents, run_retry
    from pmtui.errors import ConfigError, StoreError, StoreFileError

    handlers: dict[str | None, Callable[[argparse.Namespace], int]] = {
        None: run_tui,
        "chat": run_chat,
        "export": run_export,
        "config": run_config,
        "plan": run_plan_check,
        "deliver": run_deliver,
        "status": run_status,
        "answer": run_answer,
        "retry": lambda parsed: run_retry(parsed, lambda given: _read_store(given, "delivery runs"), _latest_run_id),
        "agents": lambda parsed: run_agents(parsed, _load_config),
        "watch": run_watch,
        "demo": run_demo,
        "eval": run_eval,
    }
    try:
        return handlers[args.command](args)
    except ConfigError as exc:
        print(f"pmtui: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except StoreFileError as exc:
        print(f"pmtui: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except StoreError as exc:
        print(f"pmtui: {exc}", file=sys.stderr)
        return EXIT_RUNTIME
    except CommandError as exc:
        print(f"pmtui: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`); point stdout at devnull so the exit flush is quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_RUNTIME
    except Exception as exc:  # the last line of defence: a message, never a traceback
        import logging

        logging.getLogger("pmtui").exception("pmtui %s failed", args.command or "")
        where = f"; the details are in {log}" if log else ""
        print(f"pmtui: internal error: {type(exc).__name__}: {exc}{where}", file=sys.stderr)
        return EXIT_RUNTIME


if __name__ == "__main__":
    sys.exit(main())
