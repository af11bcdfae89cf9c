"""The founder's whole path in one app session: a raw idea, the discovery interview, an argument
with the proposed scope, the spec accepted, "Deliver this plan" into a new project's repository, and
the dashboard following the run until every task is done. Offline engine, SQLite and git on disk,
the agent a real subprocess that knows nothing of pmtui (it reads the prompt file it is given and
writes code; no result file, no criteria map), ruff and pytest the plan's own gate commands.
Per-screen tests miss what only shows after another screen was visited."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.delivery.feed import state_family
from pmtui.delivery.plan import parse_plan
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import git
from tests.fixtures.gate_tools import gate_tools
from tests.fixtures.tui import (
    PROJECT,
    SIZE,
    interview,
    new_project,
    open_on,
    say,
    scoped,
    screen_name,
    settle,
)

AGENT = Path(__file__).parent / "agents" / "module_agent.py"
PLAIN_AGENT = Path(__file__).parent / "agents" / "plain_agent.py"


def new_repository(base: Path) -> Path:
    """The founder's new project: a git repository holding only a README (the plan's first task lays
    out the project)."""
    root = base / "work" / "app"
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test Founder")
    git(root, "config", "user.email", "founder@example.com")
    git(root, "config", "commit.gpgsign", "false")
    (root / "README.md").write_text("# Nurse habits\n")
    (root / ".gitignore").write_text("__pycache__/\n*.pyc\n.pytest_cache/\n.ruff_cache/\n.mypy_cache/\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start")
    return root


async def deliver_this_plan(pilot: Any, repo: Path, agent: str = f"{sys.executable} {AGENT}") -> None:
    """`d` on the spec screen, then the repository and the agent command, as the founder types them."""
    from pmtui.screens.modals import TextInputModal

    app = pilot.app
    await pilot.press("d")
    await pilot.pause()
    assert isinstance(app.screen, TextInputModal)
    app.screen.query_one(Input).value = str(repo)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, TextInputModal)
    app.screen.query_one(Input).value = agent
    await pilot.press("enter")


async def test_idea_to_every_task_done_in_one_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.widgets.task_table import TaskTable

    repo = new_repository(tmp_path)
    gate_tools(tmp_path, monkeypatch)
    store = Store(tmp_path / "pmtui.db")
    dstore = DeliveryStore(store)
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await new_project(pilot)
            await interview(pilot)
            await pilot.click("#looks-right")
            await settle(pilot)
            assert screen_name(app) == "ScopingScreen"
            project_id = store.find_project(PROJECT)
            assert project_id is not None
            proposed = app.orchestrator.state(project_id).scoping_output
            assert proposed is not None
            streak = next(f.name for f in proposed.mvp_features if "streak" in f.name.lower())

            # The founder argues back: the streak is cut from the first version.
            await say(pilot, "Cut the weekly streak, nurses only need to log a habit and get reminders.")
            state = app.orchestrator.state(project_id)
            assert state.negotiation_rounds == 1
            assert streak not in [f.name for f in state.scoping_output.mvp_features]
            assert "1/3" in str(app.screen.query_one("#round").render())

            await pilot.click("#agree")
            await settle(pilot)
            assert screen_name(app) == "SpecScreen"
            plan = parse_plan(app.orchestrator.state(project_id).plan_markdown)
            assert plan.tasks and not [t for t in plan.tasks if "streak" in t.title.lower()]

            await deliver_this_plan(pilot, repo, f"{sys.executable} {PLAIN_AGENT} --message-file {{prompt_file}}")

            # The dashboard follows the run to its end.
            for _ in range(2400):
                await pilot.pause(0.05)
                run = app.delivery
                if run is not None and run.run_id and not run.active:
                    break
            run = app.delivery
            assert run is not None and not run.active, "the run did not end"
            assert run.outcome is not None and run.outcome.ending == "released", run.outcome
            assert isinstance(app.screen, DashboardScreen)
            table = app.screen.query_one(TaskTable)
            for _ in range(100):  # the dashboard's feed catches up with the store (its worker follows the run)
                if all(state_family(view.state) == "done" for view in table.rows.values()):
                    break
                await pilot.pause(0.05)
            assert sorted(table.rows) == sorted(task.id for task in plan.tasks)
            assert {task_id: state_family(view.state) for task_id, view in table.rows.items()} == {
                task.id: "done" for task in plan.tasks}
            assert dstore.get_run(run.run_id).state == "released"
            # Each task's work is on the plan's branch in the founder's repository.
            log = git(repo, "log", "--all", "--format=%B")
            for task in plan.tasks:
                assert f"Refs: task-{task.id}" in log
            # Scoping was visited in this session: the dashboard's own panes keep their size.
            assert app.screen.query_one("#detail").size.height > 20
            # The agent spoke no protocol: every change was read from git, every criterion judged from the code
            # and the gate commands' runs. No escalation reached the founder.
            attempts = dstore.attempts(run.run_id)
            assert attempts and all(
                a.agent_result is not None and not a.agent_result.criteria_map
                and "no result file written; the changed files are taken from git" in a.agent_result.evidence
                for a in attempts)
            assert not dstore.escalations(run.run_id)
            # The skeleton (its criteria are the gate commands) and the core flow's tasks (their criteria are what
            # the code does) pass on the agent's first run; a wasted run of a real agent is minutes and money.
            first_tries = {a.task_id for a in attempts if a.attempt == 1 and all(g.passed for g in a.gate_results)}
            flow = [task.id for task in plan.tasks if task.description.startswith("Phase 1")]
            assert {"T1", *flow} <= first_tries, [(a.task_id, a.attempt, [g.gate for g in a.gate_results if not g.passed])
                                                   for a in attempts]
    finally:
        store.close()


async def test_deliver_this_plan_without_the_plans_type_checker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by hand (2026-11-27): from a `make run` install, which has no mypy, "Deliver this plan" ran every task
    into its typecheck gate ("execvp mypy: No such file or directory"), escalated without naming the tool, and the
    header kept saying "starting the run…". Then the run did not start and the dashboard said why, by name, asking the
    founder to edit a plan the app does not let them edit. Now the dialog names the tool and how to install it in the
    project, and the founder chooses: install and come back (Cancel), or deliver without that gate
    (test_spec_deliver)."""
    import shutil

    from pmtui.screens.modals import ConfirmationModal

    repo = new_repository(tmp_path)
    # A PATH with git, a shell, the sandbox and ruff and pytest, and no mypy, whatever this machine has installed.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("git", "sh", "env", "bwrap"):
        found = shutil.which(tool)
        if found:
            (bin_dir / tool).symlink_to(found)
    for tool, module in (("ruff", "ruff"), ("pytest", "pytest")):
        script = bin_dir / tool
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m {module} "$@"\n')
        script.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=SIZE) as pilot:
            # The spec reached as the PM's engine reaches it (the interview through the screens is the first test's).
            project_id = await scoped(app)
            await app.orchestrator.agree_scope(project_id)
            await open_on(pilot, project_id)
            assert screen_name(app) == "SpecScreen"
            await deliver_this_plan(pilot, repo)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmationModal), app.screen
            message = app.screen.message
            assert "typecheck gate needs `mypy`" in message and "`ruff`" not in message, message
            assert f"{repo / '.venv'}/bin/pip install mypy" in message
            assert app.screen.confirm_label == "Deliver without it"
            await pilot.click("#cancel")
            await pilot.pause()
            assert screen_name(app) == "SpecScreen" and app.delivery is None
    finally:
        store.close()
    # The founder's repository was not touched: no plan branch, nothing committed.
    assert git(repo, "branch", "--list").strip() == "* main"
    assert git(repo, "log", "--format=%s") == "start"
