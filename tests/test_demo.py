"""`pmtui demo --headless` end to end in a subprocess, and the demo project under the fallback tools."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from pmtui.cli import app_exit_code
from pmtui.delivery import demo
from pmtui.delivery.engine_process import EngineJob
from pmtui.delivery.store import DeliveryStore
from tests.fixtures.delivery_repo import git, refs_count
from tests.fixtures.processes import run_pmtui

PY = sys.executable


def pmtui(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_pmtui(args, cwd=cwd, timeout=180)


def light_tools() -> demo.DemoTooling:
    """ruff, no type checker, and the demo's tests under unittest: the tests of the TUI around the demo are
    not about mypy or pytest (the headless demo is), and those two cost seconds of every gate."""
    return demo.demo_tooling(available=lambda name: name == "ruff")


@pytest.fixture(scope="module")
def headless_demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    base = tmp_path_factory.mktemp("demo")
    db = base / "pmtui.db"
    result = pmtui("--db", str(db), "demo", "--headless", "--dir", str(base / "sandbox"), cwd=base)
    return result, base / "sandbox" / demo.REPO_NAME, db


def test_the_headless_demo_releases_with_one_commit_per_task(
    headless_demo: tuple[subprocess.CompletedProcess[str], Path, Path],
) -> None:
    result, repo, _ = headless_demo
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "gates use lint: ruff; typecheck: mypy --strict; tests: pytest" in result.stdout
    assert "RELEASE SUMMARY" in result.stdout and "Tasks: 8/8 completed" in result.stdout
    for task_id in demo.TASK_IDS:
        assert refs_count(repo, task_id, demo.PLAN_BRANCH) == 1, task_id
    assert git(repo, "rev-parse", "--abbrev-ref", "HEAD") == demo.PLAN_BRANCH
    assert git(repo, "log", "--format=%s", "main") == "tally: habits, the starting point of the pmtui demo"
    assert git(repo, "status", "--porcelain") == ""


def test_the_critical_task_has_its_checkpoint_tag(
    headless_demo: tuple[subprocess.CompletedProcess[str], Path, Path],
) -> None:
    _, repo, _ = headless_demo
    tag = f"pm/{demo.PLAN_ID}/checkpoint-{demo.CHECKPOINT_TASK}"
    assert git(repo, "tag", "--list") == tag
    tagged = git(repo, "log", "-1", "--format=%B", f"{tag}^{{commit}}")
    assert f"Refs: task-{demo.CHECKPOINT_TASK}" in tagged


def test_the_escalation_is_answered_with_the_recommended_option_and_said_so(
    headless_demo: tuple[subprocess.CompletedProcess[str], Path, Path],
) -> None:
    result, repo, db = headless_demo
    status = pmtui("--db", str(db), "status", "--json", cwd=repo)
    assert status.returncode == 0, status.stderr
    data = json.loads(status.stdout)
    assert data["state"] == "released" and (data["completed"], data["total"]) == (8, 8)
    [escalation] = data["escalations"]
    assert escalation["task_id"] == demo.ESCALATING_TASK
    assert escalation["answer"] == escalation["recommended"] == 1
    assert escalation["options"][0].startswith("Retry")
    said = [line for line in result.stdout.splitlines() if line.startswith("[answer]")]
    assert said == [(f"[answer] escalation {escalation['id']}: the recommended option 1 (Retry with a fresh budget) "
                     "— the headless demo answers for you")]
    attempts = {task["id"]: task["attempts"] for task in data["tasks"]}
    assert attempts["T1"] == 1 and attempts["T3"] == 2 and attempts[demo.ESCALATING_TASK] == 4
    assert all(task["state"] == "completed" for task in data["tasks"])


def test_the_release_manifest_is_written_and_committed(
    headless_demo: tuple[subprocess.CompletedProcess[str], Path, Path],
) -> None:
    _, repo, _ = headless_demo
    manifest = repo / "docs" / "releases" / f"{demo.PLAN_ID}-release.yaml"
    data = yaml.safe_load(manifest.read_text())
    assert data["plan_id"] == demo.PLAN_ID
    assert [task["task_id"] for task in data["tasks"]] == list(demo.TASK_IDS)
    assert all(task["commit_sha"] for task in data["tasks"])
    assert data["lint_clean"] is True and data["typecheck_clean"] is True
    assert data["tests_run"] == data["tests_passed"] > 1
    assert git(repo, "log", "-1", "--format=%s", demo.PLAN_BRANCH) == f"docs(release): release manifest for {demo.PLAN_ID}"


def test_a_sandbox_that_exists_is_refused_with_exit_2(tmp_path: Path) -> None:
    (tmp_path / demo.REPO_NAME).mkdir()
    result = pmtui("--db", str(tmp_path / "pmtui.db"), "demo", "--headless", "--dir", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2
    assert "already exists" in result.stderr


async def test_a_stopped_demo_names_the_command_that_resumes_its_own_sandbox(tmp_path: Path) -> None:
    """`pmtui demo` run again makes a new sandbox, so a stopped demo says `pmtui demo --dir BASE`, and that command
    picks the same sandbox up and resumes its run to release (it used to say "run the same command again"), answering
    the escalation left open by the stop (it used to wait for it)."""
    import threading

    from pmtui.config import Config
    from pmtui.store import Store

    base, db = tmp_path / "sandbox", tmp_path / "pmtui.db"
    sandbox = demo.create_sandbox(base, tooling=light_tools())
    sandbox.resume_command = shlex.join(["pmtui", "--db", str(db), "demo", "--dir", str(sandbox.base)])
    stop = threading.Event()

    def on_event(kind: str, text: str) -> None:
        if kind == "escalation":
            stop.set()  # the user quits with the escalation unanswered

    store = Store(db)
    try:
        outcome = await demo.demo_engine(sandbox, store, Config(offline=True), on_event=on_event, stop=stop).run()
    finally:
        store.close()
    assert outcome.ending == "stopped"
    assert f"run `{sandbox.resume_command}` to resume" in outcome.message
    assert "the same command" not in outcome.message
    reopened = demo.reopen_sandbox(base)
    assert reopened is not None and reopened.repo == sandbox.repo and reopened.tooling == sandbox.tooling

    result = pmtui("--db", str(db), "demo", "--headless", "--dir", str(base), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"resuming the demo sandbox in {sandbox.base}" in result.stdout
    assert "resuming run 1" in result.stdout
    # The escalation raised before the stop is still open on resume: the headless demo answers it as it does a new one.
    assert "[answer] escalation 1" in result.stdout
    check = Store(db)
    try:
        runs = DeliveryStore(check)
        latest = runs.latest_run()
        assert latest is not None and latest.id == 1 and latest.state == "released"
    finally:
        check.close()


def test_without_ruff_mypy_and_pytest_the_fallback_tools_check_the_same_project(tmp_path: Path) -> None:
    tools = demo.demo_tooling(available=lambda name: False)
    assert tools.summary == ("lint: compileall (ruff is not installed); typecheck: none (mypy is not installed); "
                             "tests: unittest (pytest is not installed)")
    sandbox = demo.create_sandbox(tmp_path, tooling=tools)
    plan = sandbox.plan_path.read_text()
    assert f"- lint: {tools.lint}" in plan and "- typecheck: none" in plan and f"- test: {tools.test}" in plan
    for task in demo.DEMO_TASKS:
        for path, text in demo._files(task, demo.MODULES[task.id]).items():
            (sandbox.repo / path).parent.mkdir(parents=True, exist_ok=True)
            (sandbox.repo / path).write_text(text)

    def run(command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(shlex.split(command), cwd=sandbox.repo, capture_output=True, text=True, timeout=60,
                              check=False)

    assert run(tools.lint).returncode == 0
    tests = run(tools.test)
    assert tests.returncode == 0, tests.stderr
    assert "Ran 14 tests" in tests.stderr
    export = next(task for task in demo.DEMO_TASKS if task.id == demo.ESCALATING_TASK)
    (sandbox.repo / export.module).write_text(demo.MODULE_ATTEMPTS[export.id][0])
    assert run(tools.test).returncode == 1


async def test_the_live_demo_runs_on_the_dashboard_and_the_modal_answers_the_escalation(tmp_path: Path) -> None:
    from pmtui.config import Config
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.screens.delivery_run import DeliveringApp
    from pmtui.screens.escalation import EscalationModal
    from pmtui.store import Store

    # The headless demo checks the real type checker and pytest; here the dashboard and the modal are the
    # subject, so the gates are ruff and the fallback unittest (the same tests, without pytest's start-up).
    sandbox = demo.create_sandbox(tmp_path / "sandbox", tooling=light_tools())
    store = Store(tmp_path / "pmtui.db")
    config = Config(offline=True)
    # As `pmtui demo` runs it: the engine in a process of its own, answered from this one through the store.
    app = DeliveringApp(EngineJob.for_config(config, store.path, demo=demo.sandbox_job(sandbox, pace=0.0)),
                        store=store, config=config)
    dstore = DeliveryStore(store)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            while not isinstance(app.screen, EscalationModal):
                assert app.delivery is not None and app.delivery.outcome is None, app.delivery.error
                await pilot.pause(0.1)
            assert app.screen.escalation.task_id == demo.ESCALATING_TASK
            assert any(isinstance(screen, DashboardScreen) for screen in app.screen_stack)
            await pilot.press("1")
            while app.delivery.outcome is None:
                assert not app.delivery.error, app.delivery.error
                await pilot.pause(0.1)
            assert app.delivery.outcome.ending == "released", app.delivery.outcome.message
            await pilot.press("ctrl+q")
            await pilot.pause()
        assert app_exit_code(app) == 0
        run = dstore.latest_run()
        assert run is not None and run.state == "released"
        [escalation] = dstore.escalations(run.id)
        assert escalation.answer == 1
        assert dstore.tag(run.id, f"pm/{demo.PLAN_ID}/checkpoint-{demo.CHECKPOINT_TASK}") is not None
    finally:
        store.close()


async def test_quitting_while_the_run_goes_asks_first(tmp_path: Path) -> None:
    from pmtui.config import Config
    from pmtui.screens.delivery_run import DeliveringApp
    from pmtui.screens.modals import ConfirmationModal
    from pmtui.store import Store

    sandbox = demo.create_sandbox(tmp_path / "sandbox", tooling=light_tools())
    store = Store(tmp_path / "pmtui.db")
    config = Config(offline=True)
    app = DeliveringApp(EngineJob.for_config(config, store.path, demo=demo.sandbox_job(sandbox, pace=5.0)),
                        store=store, config=config)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            while app.delivery is None or not app.delivery.run_id:
                await pilot.pause(0.05)
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmationModal)
            await pilot.press("escape")
            await pilot.pause()
            assert app.delivery.active
            # Closing the dashboard `pmtui deliver` opened is quitting too (not a step back to the project list).
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmationModal)
            await pilot.click("#confirm")
            # The stop is a worker: the engine ends its attempt first (a gate under way is killed and
            # cleaned), which takes longer than one pause on a loaded machine. Leaving run_test before
            # it ends tore the app down under it (outcome None, no error).
            for _ in range(1200):
                if not app.delivery.active:
                    break
                await pilot.pause(0.05)
        assert app.delivery.outcome is not None and app.delivery.outcome.ending == "stopped", app.delivery.error
        assert app_exit_code(app) == 130
        assert app.final_message() is not None
        # Stopped, not failed: the run stays open for the same command to resume.
        run = DeliveryStore(store).latest_run()
        assert run is not None and run.state == "running"
    finally:
        store.close()


@pytest.mark.parametrize("where", ["process", "thread"])
async def test_an_app_that_ends_without_asking_still_stops_its_delivery(tmp_path: Path, where: str) -> None:
    """app.exit() from anywhere (a crash, a test's failure): the engine (its own process, or the worker thread
    of an engine built in the app's process) must not outlive the app."""
    import asyncio

    from pmtui.config import Config
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.screens.delivery_run import DeliveringApp
    from pmtui.store import Store

    sandbox = demo.create_sandbox(tmp_path / "sandbox", tooling=light_tools())
    store = Store(tmp_path / "pmtui.db")
    config = Config(offline=True)
    def factory(on_store: Store, on_event: Any, stop: Any) -> Any:
        return demo.demo_engine(sandbox, on_store, config, pace=30.0, on_event=on_event, stop=stop)

    engine = factory if where == "thread" else EngineJob.for_config(config, store.path,
                                                                     demo=demo.sandbox_job(sandbox, pace=30.0))
    app = DeliveringApp(engine, store=store, config=config)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            while app.delivery is None or not app.delivery.run_id or not isinstance(app.screen, DashboardScreen):
                await pilot.pause(0.05)
            await pilot.pause(0.2)
            app.exit()
        delivery = app.delivery
        for _ in range(600):
            if delivery.outcome is not None:
                break
            await asyncio.sleep(0.05)
        assert delivery.outcome is not None and delivery.outcome.ending == "stopped"
        run = DeliveryStore(store).latest_run()
        assert run is not None and run.state == "running"  # stopped, resumable
    finally:
        store.close()
