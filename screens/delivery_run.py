"""A delivery engine running inside the TUI: an async worker of the app, shown on the dashboard.

DeliveryRun starts DeliveryEngine.run() as a worker (exit_on_error=False), opens the dashboard on
the run as soon as the engine has created (or resumed) it, and keeps the outcome. The engine
writes everything to the store; the dashboard follows the store, as it does under `pmtui watch`.
DeliveringApp is the app of `pmtui deliver` (without --headless) and `pmtui demo`: quitting
while the run is going asks first, and its return code follows the run.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.worker import Worker, WorkerState

from pmtui.app import PmtuiApp

if TYPE_CHECKING:
    from textual.app import App

    from pmtui.delivery.engine import DeliveryEngine, RunOutcome

EXIT_INTERRUPTED = 130
EXIT_WAITING = 3
EXIT_INPUT = 2
EngineFactory = Callable[[Callable[[str, str], None]], "DeliveryEngine"]


class DeliveryRun:
    """One engine run hosted by an app; `engine_factory(on_event)` builds the engine."""

    def __init__(self, app: App[Any], engine_factory: EngineFactory, *, no_wait: bool = False,
                 on_outcome: Callable[[RunOutcome], None] | None = None) -> None:
        self.app = app
        self.engine = engine_factory(self._on_event)
        self.no_wait = no_wait
        self.on_outcome = on_outcome
        self.outcome: RunOutcome | None = None
        self.error: str = ""
        self.worker: Worker[Any] | None = None
        self._shown = False

    @property
    def active(self) -> bool:
        return self.worker is not None and self.worker.state in (WorkerState.PENDING, WorkerState.RUNNING)

    @property
    def run_id(self) -> int:
        return self.engine.run_id

    def start(self) -> None:
        self.worker = self.app.run_worker(self._deliver(), name="delivery", group="delivery",
                                          exclusive=True, exit_on_error=False)

    async def _deliver(self) -> None:
        try:
            outcome = await self.engine.run(no_wait=self.no_wait)
        except Exception as error:  # noqa: BLE001 - shown to the user; the store stays resumable
            self.error = f"delivery stopped: {type(error).__name__}: {error}"
            self.app.notify(self.error + ". Run the same command again to resume.", title="Delivery",
                            severity="error", timeout=30, markup=False)
            return
        self.outcome = outcome
        self._show_dashboard()
        if outcome.exit_code == 0:
            self.app.notify(outcome.message, title="Released", timeout=15, markup=False)
        else:
            self.app.notify(outcome.message, title="Delivery stopped", timeout=30, markup=False,
                            severity="warning" if outcome.exit_code == EXIT_WAITING else "error")
        if self.on_outcome is not None:
            self.on_outcome(outcome)

    def _on_event(self, kind: str, text: str) -> None:
        # The run exists once the engine says its first line: then the dashboard can follow it.
        if not self._shown and self.engine.run_id:
            self._show_dashboard()

    def _show_dashboard(self) -> None:
        if self._shown or not self.engine.run_id:
            return
        self._shown = True
        show = getattr(self.app, "show_dashboard", None)
        if show is not None:
            show(self.engine.run_id)

    def stop(self) -> None:
        """Cancel the engine (the store is consistent at every step; the same command resumes)."""
        if self.worker is not None and self.active:
            self.worker.cancel()


class DeliveringApp(PmtuiApp):
    """pmtui on the dashboard of a run it delivers itself (`pmtui deliver`, `pmtui demo`)."""

    def __init__(self, engine_factory: EngineFactory, *, no_wait: bool = False, intro: list[str] | None = None,
                 **options: Any) -> None:
        super().__init__(**options)
        self.engine_factory = engine_factory
        self.no_wait = no_wait
        self.intro = intro or []
        self.delivery: DeliveryRun | None = None
        self.interrupted = False

    def on_ready(self) -> None:
        # PmtuiApp.on_ready (loading the engine) runs too: Textual calls the handlers of base classes.
        self.delivery = DeliveryRun(self, self.engine_factory, no_wait=self.no_wait, on_outcome=self._finished)
        self.delivery.start()
        for line in self.intro:
            self.notify(line, title="pmtui", timeout=12, markup=False)

    def _finished(self, outcome: RunOutcome) -> None:
        # Bad input (exit 2) leaves nothing to watch: say it on the terminal at once.
        if outcome.exit_code == EXIT_INPUT:
            self.exit(return_code=EXIT_INPUT)

    async def action_quit(self) -> None:
        from pmtui.screens.modals import ConfirmationModal

        if self.delivery is None or not self.delivery.active:
            self._leave()
            return

        def answer(stop: bool | None) -> None:
            if stop:
                self.interrupted = True
                self._leave()

        self.push_screen(ConfirmationModal(
            "Stop delivering?",
            "The run is still going. Quitting stops it where it is: everything done so far is stored, "
            "and running the same command again resumes it.",
            confirm_label="Stop and quit",
        ), answer)

    def _leave(self) -> None:
        delivery = self.delivery
        if delivery is not None:
            delivery.stop()
        self.exit(return_code=self.delivery_exit_code())

    def delivery_exit_code(self) -> int:
        """0 released, 1 failed, 2 bad input, 3 waiting for a human; 130 when stopped mid-run."""
        delivery = self.delivery
        if delivery is None:
            return EXIT_INTERRUPTED
        if delivery.outcome is not None:
            return delivery.outcome.exit_code
        if delivery.error:
            return 1
        if delivery.run_id:
            run = self._run_state(delivery.run_id)
            if run == "waiting_for_human":
                return EXIT_WAITING
        return EXIT_INTERRUPTED

    def _run_state(self, run_id: int) -> str:
        from pmtui.delivery.store import DeliveryStore, DeliveryStoreError

        try:
            return DeliveryStore(self.store).get_run(run_id).state
        except DeliveryStoreError:
            return ""

    def final_message(self) -> Text | None:
        delivery = self.delivery
        if delivery is None:
            return None
        if delivery.outcome is not None:
            return Text(delivery.outcome.message)
        if delivery.error:
            return Text(delivery.error)
        if self.interrupted:
            return Text("delivery stopped by the user; run the same command again to resume")
        return None


# -- "Deliver this plan" from the spec screen --------------------------------------------------------
_RUNS: weakref.WeakKeyDictionary[App[Any], DeliveryRun] = weakref.WeakKeyDictionary()


def active_run(app: App[Any]) -> DeliveryRun | None:
    """The delivery this app runs in-process, while it is going."""
    run = _RUNS.get(app)
    return run if run is not None and run.active else None


def plan_file(store_path: Path, slug: str) -> Path:
    """Where a project's plan is written for delivery: beside the store, never inside the repository
    (delivery refuses a dirty working tree)."""
    return store_path.parent / "plans" / f"{slug}-plan.md"


def deliver_project_plan(app: PmtuiApp, slug: str, plan_markdown: str) -> None:
    """Ask for the repository (default: the current directory) and, without an agent model, for an
    agent command; write the plan outside the repository; run the engine here on the dashboard."""
    from pmtui.screens.modals import TextInputModal

    if not plan_markdown.strip():
        app.notify("There is no plan to deliver yet: agree on the scope first.", severity="warning")
        return
    if active_run(app) is not None:
        app.notify("A delivery is already running in this window; it is on the dashboard.", severity="warning")
        app.show_dashboard(_RUNS[app].run_id or None)
        return

    def got_repo(answer: str | None) -> None:
        from pmtui.delivery.git_ops import GitError, open_repo

        if answer is None:
            return
        repo = Path(answer).expanduser()
        try:
            open_repo(repo)
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
        if not app.config.route("agent").is_offline:
            _start(app, repo, target, _model_agent(app))
            return
        app.push_screen(TextInputModal(
            "Agent command",
            "No agent model is configured (models.agent). Which coding agent should pmtui run for each task? "
            "Placeholders: {prompt_file}, {task_file}, {result_file}, {repo}.",
            placeholder="aider --yes-always --no-auto-commits --message-file {prompt_file}",
        ), lambda command: got_agent(repo, target, command))

    def got_agent(repo: Path, target: Path, command: str | None) -> None:
        from pmtui.delivery.executors import CommandExecutor

        if command is None:
            return
        try:
            executor = CommandExecutor(command)
        except ValueError as error:
            app.notify(f"That agent command cannot run: {error}", title="Deliver", severity="error", markup=False)
            return
        _start(app, repo, target, executor)

    app.push_screen(TextInputModal("Deliver this plan", "The git repository to deliver into (a clean working "
                                   "tree; pmtui works on its own branch):", value=os.getcwd()), got_repo)


def _model_agent(app: PmtuiApp) -> Any:
    from pmtui.delivery.llm_agent import LLMAgentExecutor
    from pmtui.llm.gateway import LLMGateway

    config, store = app.config, app.store
    return LLMAgentExecutor(lambda: LLMGateway(config, store), budget_usd=config.budget.task_usd)


def _start(app: PmtuiApp, repo: Path, plan_path: Path, executor: Any) -> None:
    from pmtui.delivery.engine import DeliveryEngine, model_reviewer

    config, store = app.config, app.store

    def engine(on_event: Callable[[str, str], None]) -> DeliveryEngine:
        return DeliveryEngine(store, config, repo=repo, plan_path=plan_path, executor=executor,
                              reviewer=model_reviewer(config, store), on_event=on_event)

    run = DeliveryRun(app, engine)
    _RUNS[app] = run
    run.start()
    app.notify(f"Delivering {plan_path.name} into {repo}", title="Deliver", markup=False)
