"""The Textual app: wires the screens, themes, key bindings and the command palette to the Orchestrator."""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

# rich reads its emoji table (3,600 entries) on the first markup it renders with a colon in it. Left to that
# moment, `pmtui deliver` read it on the UI thread just as the engine thread started, and waiting for the GIL
# through the import's file reads stalled the loop 100-180 ms (bench/live_delivery.py, a stack sampled during the
# stall); read here, before the first frame (which renders such markup anyway), it costs 3-9 ms.
import rich._emoji_codes  # noqa: F401
from rich.text import Text
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from pmtui.paths import peek_theme
from pmtui.themes import DEFAULT_THEME, GLOBAL_CSS, build_themes

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.widget import AwaitMount

    from pmtui.config import Config
    from pmtui.product.orchestrator import Orchestrator
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.screens.delivery_run import DeliveringApp, DeliveryEnded, DeliveryRun, DeliveryStarted
    from pmtui.screens.home import HomeScreen
    from pmtui.store import Store


class PmtuiApp(App[None]):
    """pmtui in the terminal: home (projects) → discovery → scoping → spec."""

    TITLE = "pmtui"
    CSS_PATH = GLOBAL_CSS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012 — App declares it per instance
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="app.help"),
        Binding("ctrl+t", "toggle_theme", "Theme", show=False, id="app.toggle_theme"),
        Binding("ctrl+s", "settings", "Settings", show=False, id="app.settings"),
    ]

    def __init__(
        self,
        store: Store | None = None,
        config: Config | None = None,
        orchestrator: Orchestrator | None = None,
        project: str | None = None,
        *,
        db_path: Path | None = None,
        offline: bool = False,
    ) -> None:
        """Give `store` and `config` to use them as they are; without them they load after the first paint."""
        super().__init__()
        self._store = store
        self._config = config
        self._orchestrator = orchestrator
        self._db_path = db_path
        self._offline = offline
        self._backend_lock = threading.Lock()
        self.start_project = project
        # `pmtui watch` / `pmtui deliver`: open the delivery dashboard of this run (None = latest) at start.
        self.start_dashboard: tuple[int | None] | None = None
        self.project_id: int | None = None
        # The delivery this app runs in-process (`pmtui deliver`, `pmtui demo`, "Deliver this plan").
        self.delivery: DeliveryRun | None = None
        # The dashboard the command itself opened (`pmtui watch`, `pmtui deliver`, `pmtui demo`): closing it ends
        # the program, as it is the whole of what the user asked for.
        self.command_dashboard: DashboardScreen | None = None
        # The agent the founder typed for a project's "Deliver this plan" (slug → command): asked again after a
        # cancel (the gate-tools dialog, a repository), it is the answer prefilled.
        self.agent_answers: dict[str, str] = {}
        # Why the app ended before it could work ("bad_config", "bad_store"); the CLI turns it into an exit code.
        self.failure: str | None = None
        self._model_label: str | None = None
        self._backend_warm = False
        # The first paint's settling is done (every sheet read); a delivery asked for before waits for it.
        self._settled = False
        self._pending_delivery: DeliveryRun | None = None
        for theme in build_themes():
            self.register_theme(theme)
        self.theme = DEFAULT_THEME

    # -- the engine, loaded off the start-up path ------------------------------------------
    @property
    def backend_ready(self) -> bool:
        return self._orchestrator is not None

    @property
    def store(self) -> Store:
        self._ensure_backend()
        assert self._store is not None
        return self._store

    @property
    def store_path(self) -> Path:
        """The store's file, known without loading the engine (a given store's, else the configured one)."""
        if self._store is not None:
            return self._store.path
        from pmtui.paths import default_db_path

        return self._db_path or default_db_path()

    @property
    def config(self) -> Config:
        self._ensure_backend()
        assert self._config is not None
        return self._config

    @property
    def orchestrator(self) -> Orchestrator:
        self._ensure_backend()
        assert self._orchestrator is not None
        return self._orchestrator

    def _ensure_backend(self) -> None:
        """Load config, store and orchestrator once (pydantic and SQLite: ~100 ms kept off the first paint)."""
        if self._orchestrator is not None:
            return
        with self._backend_lock:
            if self._orchestrator is not None:
                return
            from pmtui.config import load_config
            from pmtui.paths import default_db_path
            from pmtui.product.orchestrator import Orchestrator
            from pmtui.store import Store

            config = self._config or load_config(offline=self._offline, find_models=True)
            store = self._store or Store(self._db_path or default_db_path())
            self._config, self._store = config, store
            self._orchestrator = Orchestrator(store, config)

    def _load_backend(self) -> None:
        """Thread worker: load the engine; a bad config or store ends the app with its message."""
        from pmtui.errors import ConfigError, StoreError, StoreFileError

        try:
            self._ensure_backend()
        except ConfigError as exc:
            self.call_from_thread(self._fail, "bad_config", str(exc))
            return
        except StoreFileError as exc:
            self.call_from_thread(self._fail, "bad_store_file", str(exc))
            return
        except StoreError as exc:
            self.call_from_thread(self._fail, "bad_store", str(exc))
            return
        self.call_from_thread(self._backend_loaded)

    def _fail(self, failure: str, message: str) -> None:
        self.failure = failure
        self.exit(message=Text(f"pmtui: {message}"))

    def _backend_loaded(self) -> None:
        """The engine loaded after the first paint: right theme, the project list, the start project."""
        if self.config.ui.theme != self.theme:
            self.apply_theme(self.config.ui.theme)
        home = self.home_screen
        if home is not None:
            home.refresh_projects()
        if self.start_project:
            self.open_project_named(self.start_project)
        if self.start_dashboard is not None:
            self.show_dashboard(self.start_dashboard[0])

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification (screens call this one) passes pmtui.redaction: no key on the screen."""
        from pmtui.redaction import redact

        super().notify(redact(message), title=redact(title), severity=severity, timeout=timeout, markup=markup)

    def close_store(self) -> None:
        if self._store is not None:
            self._store.close()

    @property
    def model_label(self) -> str:
        """'offline engine' or the conversation model; asked of the orchestrator once a project is open."""
        if self._model_label is None:
            if self.project_id is None:
                return self.config.describe_model() if self.backend_ready else "…"
            self._model_label = self.orchestrator.model_label()
        return self._model_label

    def on_mount(self) -> None:
        from pmtui.screens.home import HomeScreen

        self.apply_theme(self._config.ui.theme if self._config else peek_theme(DEFAULT_THEME))
        # Pushed rather than returned from get_default_screen so that its stylesheet is loaded.
        self.push_screen(HomeScreen())
        self.open_first_screens()

    def open_first_screens(self) -> None:
        """The screens above the home screen at start: the project or the dashboard asked for."""
        if self.backend_ready and self.start_project:
            self.open_project_named(self.start_project)
        if self.backend_ready and self.start_dashboard is not None:
            self.show_dashboard(self.start_dashboard[0])

    def on_ready(self) -> None:
        """The first frame is on screen: now load the engine, off the start-up path, and every screen's sheet."""
        if not self.backend_ready:
            self.run_worker(self._load_backend, thread=True, group="backend", exit_on_error=False)
        self.call_after_refresh(self._settle_after_first_paint)

    def _settle_after_first_paint(self) -> None:
        self.load_screen_stylesheets()
        self.run_worker(_warm_imports, thread=True, group="warm", exit_on_error=False)
        # What is alive now lives as long as the app: out of the collector's way, so a full collection
        # walks only what came later (one over everything took 50-90 ms on the UI thread).
        gc.freeze()
        self._settled = True
        pending, self._pending_delivery = self._pending_delivery, None
        if pending is not None:
            self.begin_delivery(pending)

    def _get_screen(self, screen: Screen[Any] | str) -> tuple[Screen[Any], AwaitMount]:
        # A screen's width classes (-narrow/-wide) are set before it is styled for the first time: set by its
        # first Resize instead, they changed every class of the screen after every widget had been styled, so
        # Textual styled the whole screen twice (the spec screen: 1.5 of 16 s in a profile of its opening).
        if isinstance(screen, Screen) and not screen.is_running:
            breakpoints = screen.HORIZONTAL_BREAKPOINTS
            if breakpoints is None:
                breakpoints = self.HORIZONTAL_BREAKPOINTS
            if breakpoints and self.size.width:
                chosen = screen._get_breakpoint_classes(self.size.width, breakpoints)
                screen.update_classes({name: name in chosen for _, name in breakpoints}, update=False)
        return super()._get_screen(screen)

    def load_screen_stylesheets(self) -> None:
        """Read every screen's stylesheet in one go, once the first frame is up.

        Textual reads a screen's CSS_PATH when the screen is first shown, then re-parses every sheet
        and restyles the whole app: 40-150 ms on the UI thread, a stall each time the dashboard or the
        escalation modal first opened during a delivery. Each sheet nests its rules under its own
        screen (tests/test_styles.py), so reading them early changes no screen's look.
        """
        from pmtui import screens

        added = False
        for path in sorted(Path(screens.__file__).parent.glob("*.tcss")):
            source = path.resolve()
            if not self.stylesheet.has_source(str(source), ""):
                self.stylesheet.read(source)
                added = True
        if added:
            # update() parses only the new sources (the stylesheet caches the parsed ones); reparse()
            # would parse every sheet again, as Textual's own loading does.
            self.stylesheet.update(self)

    # -- themes ---------------------------------------------------------------------------
    def apply_theme(self, name: str) -> bool:
        """Use the theme called `name`; an unknown one falls back to pmtui-dark with an error toast."""
        if name in self.available_themes:
            self.theme = name
            return True
        self.theme = DEFAULT_THEME
        self.notify(
            f"Unknown theme {name!r}; using {DEFAULT_THEME}. Set ui.theme to pmtui-dark or pmtui-light.",
            title="Theme",
            severity="error",
        )
        return False

    def action_toggle_theme(self) -> None:
        self.theme = "pmtui-light" if self.theme == "pmtui-dark" else "pmtui-dark"

    # -- projects -------------------------------------------------------------------------
    def open_project_named(self, name: str) -> None:
        """Open (creating when new) the project called `name` on the screen of its phase."""
        from pmtui.store import StoreError

        try:
            state = self.orchestrator.open_project(name)
        except StoreError as exc:
            self.notify(f"{exc}. Choose another name.", title="Project", severity="error")
            return
        self.show_project(state.project_id)

    def show_project(self, project_id: int, screen: str | None = None) -> None:
        """Show a project on the screen of its phase (or `screen`, when that phase was reached)."""
        from pmtui.screens.base import ProjectScreen, reached, screen_phase

        self.project_id = project_id
        self._warm_model_backend()
        state = self.orchestrator.state(project_id)
        target = screen or screen_phase(state.phase)
        if not reached(state, target):
            self.notify(f"This project has not reached {target} yet.", severity="warning")
            return
        new_screen = self._phase_screen(target, project_id)
        if isinstance(self.screen, ProjectScreen):
            self.switch_screen(new_screen)
        else:
            self.push_screen(new_screen)

    def _warm_model_backend(self) -> None:
        """Import litellm (about 3 s) in a thread once a project opens, so the first reply does not wait."""
        if self._backend_warm or self.config.is_offline:
            return
        self._backend_warm = True
        self.run_worker(_load_model_backend, thread=True, group="warmup", exit_on_error=False)

    def _phase_screen(self, phase: str, project_id: int) -> Screen:
        if phase == "scoping":
            from pmtui.screens.scoping import ScopingScreen

            return ScopingScreen(project_id)
        if phase == "spec":
            from pmtui.screens.spec import SpecScreen

            return SpecScreen(project_id)
        from pmtui.screens.discovery import DiscoveryScreen

        return DiscoveryScreen(project_id)

    def action_goto_phase(self, phase: str) -> None:
        if self.project_id is None:
            self.notify("Open a project first (Enter on the projects list).", severity="warning")
            return
        from pmtui.screens.base import ProjectScreen

        if isinstance(self.screen, ProjectScreen) and self.screen.PHASE == phase:
            return
        self.show_project(self.project_id, phase)

    def action_go_home(self) -> None:
        from pmtui.screens.home import HomeScreen

        while not isinstance(self.screen, HomeScreen) and len(self.screen_stack) > 2:
            self.pop_screen()
        home = self.home_screen
        if home is not None:
            home.refresh_projects()

    @property
    def home_screen(self) -> HomeScreen | None:
        from pmtui.screens.home import HomeScreen

        return next((s for s in self.screen_stack if isinstance(s, HomeScreen)), None)

    def action_new_project(self) -> None:
        self.action_go_home()
        home = self.home_screen
        if home is not None:
            home.action_new()

    def action_open_project(self) -> None:
        self.action_go_home()
        self.notify("Pick a project and press Enter.", title="Open project")

    # -- delivery -------------------------------------------------------------------------
    def delivery_note(self) -> str:
        """"delivering · ^p dashboard", or with the asks waiting ("delivering · 2 open asks · …"), while a
        delivery runs in this window; "" otherwise."""
        run = self.delivery
        if run is None or not run.active:
            return ""
        asks = 0
        if run.run_id:
            from pmtui.delivery.store import DeliveryStore

            asks = DeliveryStore(self.store).open_ask_count(run.run_id)
        waiting = f" · {asks} open ask{'s' if asks != 1 else ''}" if asks else ""
        return f"delivering{waiting} · ^p dashboard"

    def show_dashboard(self, run_id: int | None = None) -> None:
        """The live delivery dashboard of a run (None: the latest run in the store)."""
        from pmtui.screens.dashboard import DashboardScreen

        if isinstance(self.screen, DashboardScreen) and self.screen.run_id == run_id:
            return
        screen = DashboardScreen(run_id)
        if self.start_dashboard is not None and self.command_dashboard is None:
            self.command_dashboard = screen
        self.push_screen(screen)

    def _delivery_dashboard(self, run: DeliveryRun) -> DashboardScreen | None:
        """The dashboard opened for `run` (start_delivery), wherever it is in the stack."""
        from pmtui.screens.dashboard import DashboardScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, DashboardScreen) and screen.delivery is run:
                return screen
        return None

    # -- spec actions from the palette ----------------------------------------------------
    def action_export_spec(self) -> None:
        self._on_spec_screen("action_export")

    def action_copy_spec(self) -> None:
        self._on_spec_screen("action_copy")

    def _on_spec_screen(self, action: str) -> None:
        from pmtui.screens.spec import SpecScreen

        if self.project_id is None:
            self.notify("Open a project with a written spec first.", severity="warning")
            return
        if not isinstance(self.screen, SpecScreen):
            self.show_project(self.project_id, "spec")
        if isinstance(self.screen, SpecScreen):
            getattr(self.screen, action)()
        else:
            self.call_after_refresh(self._run_on_spec_screen, action)

    def _run_on_spec_screen(self, action: str) -> None:
        from pmtui.screens.spec import SpecScreen

        if isinstance(self.screen, SpecScreen):
            getattr(self.screen, action)()

    # -- help, settings, palette ----------------------------------------------------------
    def action_help(self) -> None:
        from pmtui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        screen = self.screen
        ours = [a.binding for a in self.active_bindings.values() if a.node is screen or a.node is self]
        # pmtui's own keys (they all carry an id) first, Textual's generic ones after.
        ours.sort(key=lambda binding: binding.id is None)
        widgets = [a.binding for a in self.active_bindings.values() if a.node is not screen and a.node is not self]
        self.push_screen(HelpScreen(type(screen).__name__, ours, widgets))

    def action_settings(self) -> None:
        from pmtui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    async def action_quit(self) -> None:
        """Quit; while a delivery runs in this window, ask first (stopped, it resumes later)."""
        run = self.delivery
        if run is None or not run.active:
            self.exit()
            return
        from pmtui.screens.modals import ConfirmationModal

        def answer(stop: bool | None) -> None:
            if stop:
                self.run_worker(self._stop_delivery_and_exit(run), group="quit", exit_on_error=False)

        hint = run.job.resume_hint() if run.job is not None else None
        resume = f"`{hint}` resumes it" if hint else "the same command resumes it"
        self.push_screen(
            ConfirmationModal(
                "Stop delivering?",
                f"A delivery is still running. Quitting stops it where it is: everything done so far is "
                f"stored, and {resume}.",
                confirm_label="Stop and quit",
            ),
            answer,
        )

    async def _stop_delivery_and_exit(self, run: DeliveryRun) -> None:
        self.notify("Stopping the delivery…", title="Delivery", timeout=30)
        await run.stop()
        self.exit()

    # -- delivery in this window -------------------------------------------------------------
    def start_delivery(self, run: DeliveryRun) -> DashboardScreen:
        """Run a delivery here, off the event loop: its dashboard opens first, and the engine starts once
        the dashboard is drawn and the app has settled after its first paint (begin_delivery)."""
        from pmtui.screens.dashboard import DashboardScreen

        self.delivery = run
        self.push_screen(screen := DashboardScreen(delivery=run))
        return screen

    def begin_delivery(self, run: DeliveryRun) -> None:
        """Start the engine of `run` (its dashboard is on screen); after the first paint's settling if that
        is still to come, so the two never share the UI thread."""
        if run.worker is not None or run.stop_event.is_set():
            return
        if not self._settled:
            self._pending_delivery = run
            return
        run.start()

    def _handle_exception(self, error: Exception) -> None:
        # Textual prints the traceback on the terminal as the app exits, where nobody may see it (a tmux pane or a
        # tab that closes with the app: a session at stop 27 ended so, and the log held nothing). The log keeps it.
        logging.getLogger("pmtui.app").error("the app stopped on an unhandled error", exc_info=error)
        super()._handle_exception(error)

    def on_unmount(self) -> None:
        # However the app ends (quit, a crash, a test's failure), the delivery thread must not outlive it:
        # the engine sees the stop, ends its attempts and leaves the run resumable.
        if self.delivery is not None:
            self.delivery.stop_event.set()

    def on_delivery_started(self, message: DeliveryStarted) -> None:
        dashboard = self._delivery_dashboard(self.delivery) if self.delivery is not None else None
        if dashboard is not None:
            dashboard.follow(message.run_id)
        else:
            self.show_dashboard(message.run_id)

    def on_delivery_ended(self, message: DeliveryEnded) -> None:
        run = self.delivery
        outcome = message.outcome
        if outcome is None:
            self.notify(message.error + ". Run the same command again to resume.", title="Delivery",
                        severity="error", timeout=30, markup=False)
            return
        if run is not None and not run.run_id and outcome.run_id:
            run.run_id = outcome.run_id
            dashboard = self._delivery_dashboard(run)
            if dashboard is not None:
                dashboard.follow(outcome.run_id)
            else:
                self.show_dashboard(outcome.run_id)
        text = outcome.message
        if run is not None and not run.run_id and not outcome.run_id and outcome.ending != "stopped":
            dashboard = self._delivery_dashboard(run)
            if dashboard is not None:
                dashboard.not_started(outcome.message)
                if self.screen is dashboard:
                    # The header says the whole reason: the notice, over the task table, need not say it again.
                    text = "Delivery did not start: why, and what to do, is at the top of the dashboard."
        if outcome.ending == "released":
            self.notify(text, title="Released", timeout=15, markup=False)
        elif outcome.ending != "stopped":
            self.notify(text, title="Delivery stopped", timeout=30, markup=False,
                        severity="warning" if outcome.ending == "waiting" else "error")

    def action_deliver_plan(self) -> None:
        self._on_spec_screen("action_deliver")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand("New project", "Start a new idea (asks for a name)", self.action_new_project)
        yield SystemCommand("Open project", "Go to the projects list to open one", self.action_open_project)
        yield SystemCommand("Discovery", "The discovery interview of the open project",
                            lambda: self.action_goto_phase("discovery"))
        yield SystemCommand("Scoping", "The RICE table and argue-back of the open project",
                            lambda: self.action_goto_phase("scoping"))
        yield SystemCommand("Spec", "The spec and plan of the open project", lambda: self.action_goto_phase("spec"))
        yield SystemCommand("Delivery dashboard", "The live dashboard of the latest delivery run",
                            self.show_dashboard)
        yield SystemCommand("Export spec", "Write the spec and plan to files", self.action_export_spec)
        yield SystemCommand("Copy spec", "Copy the spec Markdown to the clipboard", self.action_copy_spec)
        yield SystemCommand(
            "Deliver this plan", "Run the plan on a repository with a coding agent", self.action_deliver_plan
        )
        yield SystemCommand("Toggle theme", "Switch between pmtui-dark and pmtui-light", self.action_toggle_theme)
        yield SystemCommand("Settings", "Conversation model and theme", self.action_settings)
        yield SystemCommand("Help", "Keys of this screen and a short tour", self.action_help)
        yield from super().get_system_commands(screen)


def _load_model_backend() -> None:
    from pmtui.llm.gateway import load_litellm

    load_litellm()


def _warm_imports() -> None:
    """Thread worker: import the dashboard and what "Deliver this plan" uses off the UI thread once the
    first frame is up (GitPython, the feed, the agent presets and executors). Imported on the UI thread
    when the dashboard first opened or "Deliver this plan" started a run, they froze the screen. The
    engine itself (the gates' criteria vocabularies: half a second of imports, which held the GIL while
    a live run's first rows were drawn) is never imported here: every run in the TUI delivers in a
    process of its own (pmtui.delivery.engine_process)."""
    import pmtui.delivery.agent_presets
    import pmtui.delivery.controls
    import pmtui.delivery.executors
    import pmtui.delivery.git_ops
    import pmtui.delivery.run_config
    import pmtui.screens.dashboard  # noqa: F401



def delivering_app(engine: Any, **options: Any) -> DeliveringApp:
    """The app that delivers a run on its dashboard (`pmtui deliver`, `pmtui demo` without --headless). The CLI reaches
    the UI only through this module (pyproject's import contracts ignore `pmtui.cli -> pmtui.app` alone)."""
    from pmtui.screens.delivery_run import DeliveringApp

    return DeliveringApp(engine, **options)
