"""'Deliver this plan' from the spec screen: the repository is asked for, the plan is written outside
it, the engine runs in the app and the dashboard follows the new run."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from pmtui.app import PmtuiApp
from pmtui.cli import app_exit_code, tui_exit_code
from pmtui.config import Config
from pmtui.delivery.store import DeliveryStore
from pmtui.screens.dashboard import DashboardScreen
from pmtui.screens.delivery_run import plan_file
from pmtui.screens.modals import ConfirmationModal, TextInputModal
from pmtui.screens.spec import SpecScreen
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, make_project
from tests.fixtures.gate_tools import gate_tools
from tests.fixtures.tui import open_on, scoped

ROOT = Path(__file__).resolve().parents[1]


async def test_deliver_this_plan_asks_for_the_repo_and_an_agent_then_opens_the_dashboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = make_project(tmp_path)
    (repo / "src").mkdir(exist_ok=True)
    monkeypatch.chdir(repo / "src")  # started inside the founder's repository: that repository is suggested
    gate_tools(tmp_path, monkeypatch)  # the plan's ruff, mypy and pytest, as the founder's shell finds them
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            project_id = await scoped(app)
            await app.orchestrator.agree_scope(project_id)
            await open_on(pilot, project_id)
            assert isinstance(app.screen, SpecScreen)
            slug = app.screen.state.slug
            await pilot.press("d")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal)
            field = app.screen.query_one(Input)
            assert field.value == str(repo.resolve()) and "new repository" not in app.screen.prompt
            field.value = ""  # an empty answer is told what this dialog asks for, not "a name"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal)
            assert "repository's folder" in str(app.screen.query_one("#text-error").render())
            field.value = str(repo)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal) and "models.agent" in app.screen.prompt
            assert "aider" in app.screen.prompt and "pmtui agents" in app.screen.prompt  # the presets are offered
            app.screen.query_one(Input).value = "true"
            await pilot.press("enter")
            while not isinstance(app.screen, DashboardScreen):
                await pilot.pause(0.05)
            # The dashboard opens first; the engine starts once it is drawn and the run then exists.
            run = app.delivery
            assert run is not None and app.screen.delivery is run
            for _ in range(600):
                if run.run_id or not run.active:
                    break
                await pilot.pause(0.05)
            assert run.active and run.run_id, run.error
            record = DeliveryStore(store).get_run(run.run_id)
            written = plan_file(store.path, slug)
            assert record.plan_path == str(written.resolve()) and record.repo == str(repo.resolve())
            assert written.read_text() == app.orchestrator.state(project_id).plan_markdown
            assert app.screen.run_id == run.run_id
            # Quitting asks first, and names the command that resumes this run: the user typed none to start it.
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmationModal)
            asked = app.screen.message
            assert shlex.join(["pmtui", "--db", str(store.path), "deliver", str(written.resolve()), "--repo",
                               str(repo.resolve()), "--agent", "true"]) in asked, asked
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, DashboardScreen)
            await run.stop()
            assert run.outcome is not None and run.outcome.ending == "stopped"
            # Opened from the spec, the dashboard closes back to the spec (the app goes on).
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, SpecScreen) and app.return_code is None
        # Quitting the TUI after that is a plain quit (0), not the stopped run's 130: the run stays resumable.
        assert app_exit_code(app) == 130 and tui_exit_code(app) == 0
        assert not written.is_relative_to(repo)
        assert git(repo, "status", "--porcelain", "--untracked-files=all") == ""
    finally:
        store.close()


async def deliver_dialog(app: PmtuiApp, pilot: Any) -> Input:
    """The spec of an agreed scope on screen and "Deliver this plan" opened: its repository field."""
    project_id = await scoped(app)
    await app.orchestrator.agree_scope(project_id)
    await open_on(pilot, project_id)
    await pilot.press("d")
    await pilot.pause()
    assert isinstance(app.screen, TextInputModal)
    return app.screen.query_one(Input)


async def test_deliver_this_plan_offers_to_start_a_repository_where_there_is_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A founder who walked from an idea to a plan typed a folder that did not exist yet: "… is not a git repository
    (no such directory)" in a toast, the dialog gone, the path to type again. Now it offers to start one.

    Started with `make run`, the app runs in pmtui's own checkout: the dialog suggested that folder, a clean tree pmtui
    would have delivered into. It suggests a new folder named after the project in the home folder, and Enter, Enter
    starts it (the confirmation's Cancel had the focus, so the second Enter cancelled; typed by hand in tmux).

    The three kinds of folder (missing, empty, a repository with no commits) one after another in one session on one
    spec (they were three parametrized tests, each paying an app start and a whole interview for the same spec): each
    gets "Deliver this plan" anew, and the escape from the agent question that ends one brings the next its spec."""
    from pmtui.delivery.new_repo import needs_new_repo

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(ROOT)  # pmtui's own checkout, where `make run` starts the app
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            field = await deliver_dialog(app, pilot)
            spec = app.screen_stack[-2]
            assert isinstance(spec, SpecScreen)
            suggested = tmp_path / "home" / spec.state.slug
            assert field.value == str(suggested) and "gets a new repository" in app.screen.prompt
            for kind in ("missing", "empty", "no commits"):
                repo = suggested if kind == "missing" else tmp_path / kind / "projects" / "uniform-swap"
                if kind != "missing":
                    repo.mkdir(parents=True)
                if kind == "no commits":
                    git(repo, "init", "-q", "-b", "master")
                assert needs_new_repo(repo) is not None
                if kind != "missing":  # the dialog of the kind before was answered: "Deliver this plan" again
                    assert isinstance(app.screen, SpecScreen), (kind, app.screen)
                    await pilot.press("d")
                    await pilot.pause()
                    assert isinstance(app.screen, TextInputModal), kind
                    field = app.screen.query_one(Input)
                field.value = str(repo)
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, ConfirmationModal), (kind, app.screen)
                assert str(repo) in app.screen.message and "Start" in app.screen.confirm_label
                if kind == "no commits":
                    await pilot.click("#confirm")
                else:
                    await pilot.press("enter")  # the step only adds what the founder asked for: Enter goes ahead
                await pilot.pause()
                # Started: one commit on main, a clean tree, and the next question is the agent (no model configured).
                assert isinstance(app.screen, TextInputModal) and "models.agent" in app.screen.prompt, kind
                assert git(repo, "rev-list", "--count", "HEAD") == "1"
                # A repository the founder had already made keeps its branch; one pmtui starts is on main.
                assert git(repo, "branch", "--show-current") == ("master" if kind == "no commits" else "main")
                assert git(repo, "status", "--porcelain", "--untracked-files=all") == ""
                assert needs_new_repo(repo) is None
                await pilot.press("escape")
                await pilot.pause()
    finally:
        store.close()


async def repo_and_agent(app: PmtuiApp, pilot: Any, repo: Path, agent: str = "true") -> None:
    """"Deliver this plan" on the spec of an agreed scope, answered with `repo` and the agent command `agent`."""
    (await deliver_dialog(app, pilot)).value = str(repo)
    await pilot.press("enter")
    await pilot.pause()
    app.screen.query_one(Input).value = agent
    await pilot.press("enter")
    await pilot.pause()


async def started_run(app: PmtuiApp, pilot: Any) -> Any:
    """The app's delivery once the dashboard shows it and the run exists."""
    while not isinstance(app.screen, DashboardScreen):
        await pilot.pause(0.05)
    run = app.delivery
    assert run is not None
    for _ in range(600):
        if run.run_id or not run.active:
            break
        await pilot.pause(0.05)
    assert run.active and run.run_id, run.error
    return run


def test_a_folder_with_someone_elses_files_is_not_made_a_repository(tmp_path: Path) -> None:
    from pmtui.delivery.new_repo import needs_new_repo

    (tmp_path / "notes.txt").write_text("mine\n")
    assert needs_new_repo(tmp_path) is None
    assert needs_new_repo(make_project(tmp_path / "p")) is None


async def test_a_folder_or_agent_that_will_not_do_is_told_in_the_dialog_with_what_was_typed(tmp_path: Path) -> None:
    """A wrong folder closed the dialog with a toast that vanished, and the path had to be typed again; so did an
    agent command that cannot run."""
    theirs = tmp_path / "their-notes"
    theirs.mkdir()
    (theirs / "notes.txt").write_text("mine\n")
    repo = make_project(tmp_path)
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            (await deliver_dialog(app, pilot)).value = str(theirs)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal) and app.screen.title_text == "Deliver this plan"
            said = str(app.screen.query_one("#text-error").render())
            assert "not a git repository" in said and "new folder" in said, said
            assert app.screen.query_one(Input).value == str(theirs)
            app.screen.query_one(Input).value = str(repo)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal) and "models.agent" in app.screen.prompt
            app.screen.query_one(Input).value = "no-such-agent-cli --go"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal) and "models.agent" in app.screen.prompt
            assert "cannot run" in str(app.screen.query_one("#text-error").render())
            assert app.screen.query_one(Input).value == "no-such-agent-cli --go"
            await pilot.press("escape")
    finally:
        store.close()


def bare_path(base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PATH as on a machine where pmtui came from `make run`: git, a shell and the sandbox, but no ruff, mypy or
    pytest."""
    import os
    import shutil

    bin_dir = base / "bare-bin"
    bin_dir.mkdir()
    for program in ("git", "sh", "bwrap", "true", "env"):
        found = shutil.which(program)
        if found:
            (bin_dir / program).symlink_to(found)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert all(shutil.which(tool) is None for tool in ("ruff", "mypy", "pytest")), os.environ["PATH"]


@pytest.mark.parametrize("choice", ["without", "cancel", "project venv"])
async def test_deliver_this_plan_where_the_plans_gate_tools_are_not_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, choice: str
) -> None:
    """Found by hand (2026-11-27): from a `make run` install, "Deliver this plan" into a new repository went to the
    dashboard and stopped there ("the plan's gate commands need programs that are not installed here … change those
    Environment lines of the plan"), a plan the founder cannot edit in the app. Now the dialog says which tools are
    missing and how to install them in the project, and offers the run without those gates; tools in the project's
    own .venv are found without asking."""
    repo = make_project(tmp_path)
    bare_path(tmp_path, monkeypatch)
    if choice == "project venv":
        tools = repo / ".venv" / "bin"
        tools.mkdir(parents=True)
        for tool in ("ruff", "mypy", "pytest"):
            (tools / tool).write_text("#!/bin/sh\nexit 0\n")
            (tools / tool).chmod(0o755)
        (repo / ".git" / "info" / "exclude").write_text(".venv/\n")
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await repo_and_agent(app, pilot, repo)
            slug = next(screen for screen in app.screen_stack if isinstance(screen, SpecScreen)).state.slug
            written = plan_file(store.path, slug)
            if choice == "project venv":
                assert not isinstance(app.screen, ConfirmationModal)
            else:
                assert isinstance(app.screen, ConfirmationModal), app.screen
                message = app.screen.message
                for said in ("`ruff`, `mypy` and `pytest`", "lint, typecheck and test gates", f"{repo / '.venv'}/bin/pip install"):
                    assert said in message, message
                assert "Deliver without them" == app.screen.confirm_label
                await pilot.click("#confirm" if choice == "without" else "#cancel")
                await pilot.pause()
            if choice == "cancel":
                assert app.delivery is None and not isinstance(app.screen, DashboardScreen)
                assert "- lint: none" not in written.read_text()
                return
            run = await started_run(app, pilot)
            plan = written.read_text()
            if choice == "without":
                for key in ("lint", "typecheck", "test"):
                    assert f"- {key}: none" in plan
                assert "`ruff check .`" not in plan and "`mypy src`" not in plan
            else:
                assert "- lint: ruff check ." in plan
            await run.stop()
    finally:
        store.close()


def test_the_deliver_dialogs_checks_import_no_gitpython(tmp_path: Path) -> None:
    """The folder typed is checked on every Enter in the dialog, on the app's own loop: GitPython's first import
    (0.2-0.4 s) stalled it. A plain repository, an empty folder and a folder with no commits are told apart without it."""
    import subprocess
    import sys

    repo = make_project(tmp_path)
    (tmp_path / "empty").mkdir()
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    git(fresh, "init", "-q", "-b", "main")
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from pmtui.delivery.new_repo import needs_new_repo\n"
        "from pmtui.delivery.git_ops import work_tree\n"
        f"print(needs_new_repo(Path({str(repo)!r})), needs_new_repo(Path({str(tmp_path / 'empty')!r})), "
        f"needs_new_repo(Path({str(fresh)!r})), work_tree(Path({str(repo)!r})) == Path({str(repo)!r}).resolve())\n"
        "print('git' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == ["None is an empty folder has no commits yet True", "False"], out


async def test_the_status_bar_says_a_delivery_runs_behind_the_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by hand (2026-11-27): with the dashboard closed back to the spec, nothing said a run was still going, nor
    that it waited on the founder's answer."""
    from pmtui.widgets.status_bar import StatusBar

    repo = make_project(tmp_path)
    gate_tools(tmp_path, monkeypatch)
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await repo_and_agent(app, pilot, repo)
            run = await started_run(app, pilot)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, SpecScreen)
            bar = app.screen.query_one(StatusBar)
            app.screen.refresh_delivery()
            assert bar.delivery.startswith("delivering") and "^p dashboard" in bar.delivery, bar.delivery
            for _ in range(600):  # an agent that does nothing: the task escalates and the run waits on the founder
                app.screen.refresh_delivery()
                if "open ask" in bar.delivery:
                    break
                await pilot.pause(0.1)
            assert "1 open ask ·" in bar.delivery, bar.delivery
            await run.stop()
            app.screen.refresh_delivery()
            assert bar.delivery == ""
    finally:
        store.close()
