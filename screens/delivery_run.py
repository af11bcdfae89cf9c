"""A delivery engine running beside the TUI, off the event loop, shown on the dashboard.

DeliveryRun supervises the run from a thread worker. The commands' runs (`pmtui deliver`, `pmtui demo`,
"Deliver this plan") give it an EngineJob: the engine then runs in a process of its own
(pmtui.delivery.engine_process), so its Python work never holds the interpreter lock the compositor needs;
the thread starts that process, hears the run id and the outcome, and closes its pipe to stop it. Runs
built in this process (an EngineFactory: `--executor ray`, whose cluster client lives here, and engines
made of Python objects) run on the worker thread itself, with their own asyncio loop and Store connection.
Either way it reports back with messages (DeliveryStarted once the run exists, DeliveryEnded with the
outcome); the dashboard follows the store, as it does under `pmtui watch`. Stopping sets an event: running
attempts are cancelled and the run stays resumable. DeliveringApp is the app of `pmtui deliver` (without
--headless) and `pmtui demo`.
"""

from __future__ import annotations

import asyncio
import gc
import os
import shlex
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.message import Message
from textual.worker import Worker, WorkerState

from pmtui.app import PmtuiApp
from pmtui.delivery.engine_process import EngineJob

if TYPE_CHECKING:
    from textual.app import App

    from pmtui.delivery.engine import DeliveryEngine
    from pmtui.delivery.run_context import RunOutcome
    from pmtui.store import Store

# How much lower than the UI the engine's thread runs, and with it every agent and gate it starts (they
# inherit it): on a loaded machine the UI thread is scheduled first, and the run still gets every idle cycle.
ENGINE_NICENESS = 10

# Builds the engine in the worker thread, on that thread's store, with its event callback and stop signal.
EngineFactory = Callable[["Store", Callable[[str, str], None], threading.Event], "DeliveryEngine"]


class DeliveryStarted(Message):
    """The engine created (or resumed) its run: the dashboard can follow it."""

    def __init__(self, run_id: int) -> None:
        super().__init__()
        self.run_id = run_id


class DeliveryEnded(Message):
    """The engine returned (`outcome`) or failed (`error`); the worker thread is done."""

    def __init__(self, outcome: RunOutcome | None, error: str = "") -> None:
        super().__init__()
        self.outcome = outcome
        self.error = error


class DeliveryRun:
    """One engine run hosted by an app in a thread worker; `engine_factory` builds the engine there."""

    def __init__(self, app: App[Any], engine: EngineFactory | EngineJob, *, store_path: Path,
                 no_wait: bool = False) -> None:
        self.app = app
        self.job = engine if isinstance(engine, EngineJob) else None
        self.engine_factory = None if isinstance(engine, EngineJob) else engine
        if self.job is not None:
            self.job.niceness = ENGINE_NICENESS
            self.job.no_wait = self.job.no_wait or no_wait
        self.store_path = store_path
        self.no_wait = no_wait
        self.stop_event = threading.Event()
        self.run_id = 0
        self.outcome: RunOutcome | None = None
        self.error = ""
        self.worker: Worker[None] | None = None
        self._engine: DeliveryEngine | None = None

    @property
    def active(self) -> bool:
        """Running, or about to start (its dashboard is being drawn) unless it was stopped first."""
        if self.worker is None:
            return not self.stop_event.is_set()
        return self.worker.state in (WorkerState.PENDING, WorkerState.RUNNING)

    def start(self) -> None:
        if self.worker is not None or self.stop_event.is_set():
            return
        work = self._deliver if self.job is None else self._supervise
        self.worker = self.app.run_worker(work, name="delivery", group="delivery", thread=True,
                                          exclusive=True, exit_on_error=False)

    def _supervise(self) -> None:
        """The worker thread of a run in its own process: start it, hear it, stop it when asked."""
        from pmtui.delivery.engine_process import EngineProcess

        assert self.job is not None
        report = EngineProcess(self.job).run(self.stop_event, self._started)
        self.outcome, self.error = report.outcome, report.error
        self.app.post_message(DeliveryEnded(report.outcome, report.error))

    def _started(self, run_id: int) -> None:
        self.run_id = run_id
        self.app.post_message(DeliveryStarted(run_id))

    def _deliver(self) -> None:
        """The worker thread: its own store connection and event loop for the whole run."""
        from pmtui.store import Store

        assert self.engine_factory is not None
        lower_thread_priority(ENGINE_NICENESS)
        outcome: RunOutcome | None = None
        error = ""
        try:
            store = Store(self.store_path)
        except Exception as exc:  # noqa: BLE001 - shown to the user
            self.error = f"delivery could not open the store: {exc}"
            self.app.post_message(DeliveryEnded(None, self.error))
            return
        try:
            self._engine = self.engine_factory(store, self._heard, self.stop_event)
            outcome = asyncio.run(self._engine.run(no_wait=self.no_wait))
        except Exception as exc:  # noqa: BLE001 - shown to the user; the store stays resumable
            error = f"delivery stopped: {type(exc).__name__}: {exc}"
        finally:
            store.close()
        # Set here, before the message: whoever awaits the worker sees the outcome at once.
        self.outcome, self.error = outcome, error
        self.app.post_message(DeliveryEnded(outcome, error))

    def _heard(self, kind: str, text: str) -> None:
        # The run exists once the engine says its first line: then the dashboard can follow it.
        engine = self._engine
        if not self.run_id and engine is not None and engine.run_id:
            self.run_id = engine.run_id
            # The engine's modules and the run's set-up stay for the whole run: freezing them keeps the
            # collector's full passes (which stall the UI thread too) to what the run adds later.
            gc.freeze()
            self.app.post_message(DeliveryStarted(engine.run_id))

    async def stop(self) -> None:
        """Stop the engine and wait for its thread (everything stored stays; the same command resumes)."""
        self.stop_event.set()
        if self.worker is not None:
            await self.worker.wait()


def lower_thread_priority(step: int) -> None:
    """Raise the calling thread's nice value by `step` (Linux: niceness is per thread, and the processes
    and threads it starts inherit it). Elsewhere, or when refused, nothing changes."""
    if not sys.platform.startswith("linux"):
        return
    tid = threading.get_native_id()
    try:
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + step))
    except OSError:
        pass


class DeliveringApp(PmtuiApp):
    """pmtui on the dashboard of a run it delivers itself (`pmtui deliver`, `pmtui demo`)."""

    def __init__(self, engine: EngineFactory | EngineJob, *, no_wait: bool = False,
                 intro: list[str] | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.engine = engine
        self.no_wait = no_wait
        self.intro = intro or []

    def open_first_screens(self) -> None:
        # Every sheet is read now, before any screen is composed (nothing to restyle yet), rather than after
        # the first paint, when the engine is about to start. The dashboard is composed before the first
        # paint too; the engine starts once it is drawn.
        self.load_screen_stylesheets()
        self.command_dashboard = self.start_delivery(
            DeliveryRun(self, self.engine, store_path=self.store_path, no_wait=self.no_wait))

    def on_ready(self) -> None:
        # PmtuiApp.on_ready (loading the engine, settling) runs too: Textual calls the handlers of base classes.
        for line in self.intro:
            self.notify(line, title="pmtui", timeout=12, markup=False)

    def on_delivery_ended(self, message: DeliveryEnded) -> None:
        # Bad input leaves nothing to watch: say it on the terminal at once.
        if message.outcome is not None and message.outcome.ending == "bad_input":
            self.exit()

    def final_message(self) -> Text | None:
        delivery = self.delivery
        if delivery is None:
            return None
        if delivery.outcome is not None:
            return Text(delivery.outcome.message)
        if delivery.error:
            return Text(delivery.error)
        return None


# -- "Deliver this plan" from the spec screen --------------------------------------------------------
def plan_file(store_path: Path, slug: str) -> Path:
    """Where a project's plan is written for delivery: beside the store, never inside the repository
    (delivery refuses a dirty working tree)."""
    return store_path.parent / "plans" / f"{slug}-plan.md"


def deliver_project_plan(app: PmtuiApp, slug: str, plan_markdown: str) -> None:
    """Ask for the repository (default: the founder's repository pmtui started in, else ~/SLUG) and, unless
    `[delivery] agent` answers, which agent (delivery.agent_question); write the plan outside the repository; run
    the engine here on the dashboard."""
    from pmtui.delivery.agent_presets import PRESETS
    from pmtui.screens.modals import TextInputModal

    if not plan_markdown.strip():
        app.notify("There is no plan to deliver yet: agree on the scope first.", severity="warning")
        return
    if app.delivery is not None and app.delivery.active:
        app.notify("A delivery is already running in this window; it is on the dashboard.", severity="warning")
        app.show_dashboard(app.delivery.run_id or None)
        return

    def got_repo(answer: str | None) -> None:
        from pmtui.delivery.new_repo import needs_new_repo
        from pmtui.screens.modals import ConfirmationModal

        if answer is None:
            return
        repo = Path(answer).expanduser()
        why = needs_new_repo(repo)
        if why is not None:
            # A founder who walked from an idea to this plan often has no repository yet: offer to start one.
            app.push_screen(ConfirmationModal(
                "Start a new repository?", f"{repo} {why}. Start a git repository there for this plan (a README and a "
                ".gitignore in a first commit on main), then deliver into it?", confirm_label="Start it", destructive=False),
                lambda yes: new_repo(repo) if yes else None)
            return
        with_repo(repo)

    def new_repo(repo: Path) -> None:
        from pmtui.delivery.git_ops import GitError
        from pmtui.delivery.new_repo import start_repo

        try:
            start_repo(repo, slug)
        except (OSError, GitError) as error:
            app.notify(f"Could not start a repository in {repo}: {error}", title="Deliver", severity="error",
                       markup=False)
            return
        app.notify(f"Started a git repository in {repo}", title="Deliver", markup=False)
        with_repo(repo)

    def with_repo(repo: Path) -> None:
        from pmtui.delivery.git_ops import GitError, work_tree

        try:
            work_tree(repo)
        except GitError as error:
            app.notify(f"{error}. Choose a git repository.", title="Deliver", severity="error", markup=False)
            return
        target = plan_file(app.store.path, slug)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(plan_markdown, encoding="utf-8")
        except OSError as error:
            app.notify(f"Could not write the plan to {target}: {error.strerror}.", title="Deliver",
                       severity="error", markup=False)
            return
        from pmtui.delivery.agent_question import (
            latest_run_of,
            released_and_changed,
            resumed_agent,
            which_agent,
        )

        latest = latest_run_of(app.store, plan_markdown, repo)
        if latest is not None and latest.finished and not released_and_changed(app.store, plan_markdown, latest):
            # Delivered (or ended) already: its dashboard, not a question about an agent nothing will run. A plan
            # whose scope changed since its release is delivered as a new run that builds on it (plan_revisions).
            app.notify(f"This plan's run {latest.id} in {repo} is {latest.state.replace('_', ' ')}: its dashboard.",
                       title="Deliver", markup=False)
            app.show_dashboard(latest.id)
            return
        question = which_agent(app.config, resumed_agent(latest), builds_on=latest is not None and latest.finished)
        if not question.ask and (question.agent is None or agent_problem(question.agent, repo) is None):
            with_tools(repo, target, question.agent)
            return
        # Asked; or `[delivery] agent` names one that cannot run: asked again, its answer prefilled, the dialog's
        # check saying why.
        modal = TextInputModal(
            "Agent command", question.prompt or f"[delivery] agent names {question.agent!r}, which cannot run. Which "
            f"coding agent should pmtui run for each task? A preset ({', '.join(preset.name for preset in PRESETS)}; "
            "`pmtui agents` shows which are installed) or a command.",
            value=app.agent_answers.get(slug) or question.agent or "", placeholder="aider, or: my-agent --prompt {prompt_file}",
            empty="Please type a preset name or an agent command (Esc cancels).",
            check=lambda command: agent_problem(command, repo))
        app.push_screen(modal, lambda command: got_agent(repo, target, command))

    def repo_problem(answer: str) -> str | None:
        """What is wrong with the folder typed, said in the dialog (a folder pmtui can start a repository in is
        fine: it asks next)."""
        # work_tree reads a plain .git without GitPython, whose first import would stall the dialog (0.2-0.4 s).
        from pmtui.delivery.git_ops import GitError, work_tree
        from pmtui.delivery.new_repo import needs_new_repo

        repo = Path(answer).expanduser()
        if needs_new_repo(repo) is not None:
            return None
        try:
            work_tree(repo)
        except GitError as error:
            return f"{error}. Type a git repository's folder, or a new folder to start one in."
        return None

    def agent_problem(command: str, repo: Path) -> str | None:
        from pmtui.config import BUILT_IN_AGENT
        from pmtui.delivery.agent_presets import AgentError, resolve_agent
        from pmtui.delivery.agent_readiness import setup_missing
        from pmtui.delivery.executors import CommandExecutor

        if command.strip() == BUILT_IN_AGENT:
            return None if not app.config.route("agent").is_offline else (
                f"{BUILT_IN_AGENT} runs pmtui's own agent on models.agent, and no model is configured: set models.agent "
                "in pmtui.toml, or name an agent CLI")
        try:
            agent = resolve_agent(command, app.config)
            CommandExecutor(agent)
        except (AgentError, ValueError) as error:
            return f"That agent command cannot run: {error}"
        missing = setup_missing(agent, repo)
        return f"{missing}." if missing else None

    def got_agent(repo: Path, target: Path, command: str | None) -> None:
        from pmtui.config import BUILT_IN_AGENT
        from pmtui.delivery.agent_presets import AgentError, resolve_agent
        from pmtui.delivery.executors import CommandExecutor

        if command is None:
            return
        app.agent_answers[slug] = command.strip()
        if command.strip() == BUILT_IN_AGENT and not app.config.route("agent").is_offline:
            with_tools(repo, target, None)
            return
        try:
            CommandExecutor(resolve_agent(command, app.config))
        except (AgentError, ValueError) as error:
            app.notify(f"That agent command cannot run: {error}", title="Deliver", severity="error", markup=False)
            return
        with_tools(repo, target, command.strip())

    def with_tools(repo: Path, target: Path, agent: str | None) -> None:
        """Start, or first say which gate tools are not installed and offer the run without those gates."""
        from pmtui.delivery.project_tools import missing_gate_tools, without_gates
        from pmtui.screens.modals import ConfirmationModal

        missing = missing_gate_tools(target, repo)
        if not missing:
            _start(app, repo, target, agent)
            return
        def said(words: list[str]) -> str:
            return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"

        gates = said(list(missing))
        programs = said([f"`{program}`" for program in dict.fromkeys(missing.values())])

        def chosen(without: bool | None) -> None:
            if not without:
                return
            try:
                target.write_text(without_gates(target.read_text(encoding="utf-8"), list(missing)), encoding="utf-8")
            except OSError as error:
                app.notify(f"Could not write the plan to {target}: {error.strerror}.", title="Deliver",
                           severity="error", markup=False)
                return
            app.notify(f"This run has no {gates} gate: {programs} not installed.", title="Deliver", severity="warning",
                       markup=False)
            _start(app, repo, target, agent)

        venv = repo / ".venv"
        app.push_screen(ConfirmationModal(
            "Gate tools not installed",
            f"The plan's {gates} gate{'s' if len(missing) > 1 else ''} need{'' if len(missing) > 1 else 's'} "
            f"{programs}, not found on PATH nor in {venv}/bin. Install {'them' if len(missing) > 1 else 'it'} in the "
            f"project (python3 -m venv {venv} && {venv}/bin/pip install "
            f"{' '.join(dict.fromkeys(missing.values()))}; pmtui looks there first) and choose Deliver again, or "
            f"deliver now without {'those gates' if len(missing) > 1 else 'that gate'}: the agents' work is then not "
            f"checked by {'them' if len(missing) > 1 else 'it'}.",
            confirm_label="Deliver without them" if len(missing) > 1 else "Deliver without it"), chosen)

    from pmtui.delivery.new_repo import suggested_repo

    suggested = suggested_repo(slug)
    fresh = " A folder that does not exist yet gets a new repository." if suggested == Path.home() / slug else ""
    app.push_screen(TextInputModal("Deliver this plan", "The git repository to deliver into (a clean working "
                                   f"tree; pmtui works on its own branch).{fresh}", value=str(suggested),
                                   empty="Please type the repository's folder (Esc cancels).", check=repo_problem),
                    got_repo)


def _start(app: PmtuiApp, repo: Path, plan_path: Path, agent: str | None) -> None:
    """Deliver in a process of its own (engine_process), with `agent` (None: the built-in LLM agent)."""
    from pmtui.delivery.run_config import delivery_config, run_written_config

    config = app.config
    source = Path(config.source)
    if source.is_file() and not os.environ.get("PMTUI_CONFIG") and run_written_config(source, repo):
        # Never a pmtui.toml the run's own commits changed (delivery.run_config): the one from before the run.
        config, note = delivery_config(repo, offline=config.offline)
        app.notify(note, title="Deliver", severity="warning", markup=False)
    job = EngineJob.for_config(config, app.store.path, repo=str(repo.resolve()), plan_path=str(plan_path.resolve()),
                               agent=agent)
    # The user typed no command to start this run: a stop names the one that resumes it (Deliver again does too).
    job.resume_command = shlex.join(["pmtui", "--db", str(app.store.path), "deliver", job.plan_path, "--repo", job.repo,
                                     *(["--agent", agent] if agent else [])])
    app.start_delivery(DeliveryRun(app, job, store_path=app.store.path))
    app.notify(f"Delivering {plan_path.name} into {repo}", title="Deliver", markup=False)
