"""The delivery dashboard with the Pilot: a stored run, live updates written by another Store handle,
filters and a selection that stays put, escalations, and `pmtui watch` on a run in a subprocess."""

from __future__ import annotations

import asyncio
import io
import os
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widgets import Static

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.delivery.state_machine import TaskStateMachine
from pmtui.delivery.store import DeliveryStore
from pmtui.models.states import IssueState
from pmtui.store import Store
from tests.fixtures.dashboard_data import build_run, finish_run

S = IssueState
ROOT = Path(__file__).resolve().parent.parent

try:
    from pmtui.screens.escalation import EscalationModal
except ImportError:  # the escalation helper's modal lands separately; its tests wait for it
    EscalationModal = None  # type: ignore[assignment,misc]
needs_modal = pytest.mark.skipif(EscalationModal is None, reason="screens/escalation.py has not landed yet")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "dash.db"


@pytest.fixture
def app_on(db: Path) -> Iterator[Callable[[], PmtuiApp]]:
    stores: list[Store] = []

    def make() -> PmtuiApp:
        store = Store(db)
        stores.append(store)
        app = PmtuiApp(store, Config(offline=True))
        app.start_dashboard = (None,)
        return app

    yield make
    for store in stores:
        store.close()


async def until(pilot: Pilot[None], condition: Callable[[], bool], tries: int = 200) -> None:
    """Let the app run until `condition` holds (the feed polls from a thread worker)."""
    for _ in range(tries):
        try:
            if condition():
                return
        except NoMatches:  # the screen is still composing
            pass
        await pilot.pause(0.05)
    raise AssertionError("the dashboard never reached the expected state")


def dashboard(app: PmtuiApp):  # type: ignore[no-untyped-def]
    from pmtui.screens.dashboard import DashboardScreen

    return next(s for s in app.screen_stack if isinstance(s, DashboardScreen))


def table(app: PmtuiApp):  # type: ignore[no-untyped-def]
    from pmtui.widgets.task_table import TaskTable

    return dashboard(app).query_one(TaskTable)


def plain(widget: Static) -> str:
    """The text a Static shows (its rich renderable printed without styles)."""
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


def has_dashboard(app: PmtuiApp) -> bool:
    from pmtui.screens.dashboard import DashboardScreen

    return any(isinstance(s, DashboardScreen) for s in app.screen_stack)


async def test_dashboard_on_a_finished_run(db: Path, tmp_path: Path, app_on: Callable[[], PmtuiApp]) -> None:
    writer = Store(db)
    run_id = build_run(writer, tmp_path)
    finish_run(writer, run_id)
    writer.close()
    app = app_on()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: has_dashboard(app) and len(table(app).rows) == 12)
        tasks = table(app)
        assert tasks.order[:3] == ["T01", "T02", "T03"]
        assert tasks.rows["T04"].state == "fixing_issues"
        run_line = plain(dashboard(app).query_one("#run-line", Static))
        assert "Calculator v1" in run_line and "4/12 done" in run_line and "failed" in run_line
        await pilot.press("down", "down", "down")
        assert tasks.cursor_key == "T04"
        from pmtui.widgets.task_detail import TaskDetailPane

        pane = dashboard(app).query_one(TaskDetailPane)
        await until(pilot, lambda: "assert 0 == 4" in pane.plain)
        body = pane.plain
        assert "the [tests] pass" in body, "plan text is shown as typed, not parsed as markup"
        await pilot.press("s")
        assert tasks.sort_column == "title"


async def test_live_updates_touch_only_the_changed_rows(db: Path, tmp_path: Path,
                                                      app_on: Callable[[], PmtuiApp]) -> None:
    writer = Store(db)
    run_id = build_run(writer, tmp_path)
    app = app_on()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: has_dashboard(app) and len(table(app).rows) == 12)
            tasks = table(app)
            untouched = tasks.rows["T08"]
            machine = TaskStateMachine(DeliveryStore(writer))
            for state in (S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS):
                machine.transition(run_id, "T07", state, "live")
            await until(pilot, lambda: tasks.rows["T07"].state == "creating_tests")
            assert tasks.rows["T08"] is untouched, "a row nobody changed keeps its object"
            log = dashboard(app).query_one("#events")
            assert not any("T07" in line for line in log.lines), "a hidden log is written when shown"
            await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")
            await until(pilot, lambda: any("T07 analyzing_requirements → creating_tests" in line
                                           for line in log.lines))
            machine.transition(run_id, "T07", S.IMPLEMENTING, "live")
            await until(pilot, lambda: any("T07 creating_tests → implementing" in line for line in log.lines))
    finally:
        writer.close()


async def test_filters_and_a_selection_that_stays_on_its_task(db: Path, tmp_path: Path,
                                                            app_on: Callable[[], PmtuiApp]) -> None:
    writer = Store(db)
    run_id = build_run(writer, tmp_path)
    app = app_on()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: has_dashboard(app) and len(table(app).rows) == 12)
            tasks = table(app)
            await pilot.press("down", "down")
            assert tasks.cursor_key == "T03"
            await pilot.press("s", "s", "s")  # sort by state
            assert tasks.sort_column == "state"
            assert tasks.cursor_key == "T03"
            machine = TaskStateMachine(DeliveryStore(writer))
            machine.transition(run_id, "T07", S.ANALYZING_REQUIREMENTS, "moves above T03 in state order")
            await until(pilot, lambda: tasks.rows["T07"].state == "analyzing_requirements")
            await pilot.pause()
            assert tasks.cursor_key == "T03"
            await pilot.press("f", "f", "f", "f")  # state filter: done
            assert set(tasks.order) == {"T01", "T02", "T03", "T05"}
            assert tasks.cursor_key == "T03"
            await pilot.press("t", "t")  # and tier: normal
            assert tasks.order == ["T01"]
            assert tasks.cursor_key == "T01", "the selection moves only when its task is filtered out"
            await pilot.press("t", "t", "t")  # all tiers again: the chosen task has the cursor back
            assert tasks.cursor_key == "T03"
            await pilot.press("escape", "slash")
            await pilot.press(*"module 1")
            assert set(tasks.order) == {"T01", "T10", "T11", "T12"}
            await pilot.press("enter", "escape")
            assert len(tasks.order) == 12
    finally:
        writer.close()


@needs_modal
async def test_escalation_modal_answered_by_key(db: Path, tmp_path: Path, app_on: Callable[[], PmtuiApp]) -> None:
    writer = Store(db)
    run_id = build_run(writer, tmp_path, escalate=True)
    writer.close()
    app = app_on()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EscalationModal))
        await pilot.press("2")
        await until(pilot, lambda: not isinstance(app.screen, EscalationModal))
        answered = DeliveryStore(app.store).escalations(run_id)[0]
        assert answered.answer == 2


@needs_modal
async def test_escalation_modal_closes_when_answered_from_outside(db: Path, tmp_path: Path,
                                                                  app_on: Callable[[], PmtuiApp]) -> None:
    writer = Store(db)
    run_id = build_run(writer, tmp_path, escalate=True)
    writer.close()
    app = app_on()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EscalationModal))
        escalation_id = DeliveryStore(app.store).open_escalations(run_id)[0].id
        answer = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "pmtui", "--db", str(db), "answer", str(escalation_id), "--option", "3",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT,
        )
        _, stderr = await asyncio.wait_for(answer.communicate(), timeout=60)
        assert answer.returncode == 0, stderr.decode()
        await until(pilot, lambda: not isinstance(app.screen, EscalationModal))
        assert not dashboard(app).escalations


async def test_watch_follows_a_run_delivered_by_another_process(tmp_path: Path, db: Path,
                                                                app_on: Callable[[], PmtuiApp]) -> None:
    from tests.fixtures.delivery_repo import make_project, plan_text, task_block
    from tests.fixtures.processes import kill_tree

    root = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("watched", [
        task_block("T1", "First module", module="first"),
        task_block("T2", "Second module", module="second", depends="T1"),
    ]))
    agent = ROOT / "tests" / "agents" / "module_agent.py"
    slow = f"{sys.executable} -c " + shlex.quote(
        f"import runpy, time; time.sleep(1.0); runpy.run_path({str(agent)!r}, run_name='__main__')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    deliver = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pmtui", "--db", str(db), "deliver", str(plan), "--repo", str(root),
        "--headless", "--agent", slow,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL, env=env, cwd=tmp_path,
        start_new_session=True,
    )
    try:
        probe = Store(db)
        try:
            for _ in range(400):
                if DeliveryStore(probe).latest_run() is not None:
                    break
                await asyncio.sleep(0.05)
        finally:
            probe.close()
        app = app_on()
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: has_dashboard(app) and len(table(app).rows) == 2, tries=400)
            seen: set[str] = set()

            def progressed() -> bool:
                seen.update(view.state for view in table(app).rows.values())
                return table(app).rows["T1"].state != "received"

            await until(pilot, progressed, tries=600)
            await until(pilot, lambda: table(app).rows["T1"].state == "completed", tries=1200)
            # The dashboard is all `pmtui watch` shows: closing it ends the program at once (no delivery of its own).
            await pilot.press("q")
            await pilot.pause()
            assert app.return_code == 0
    finally:
        if deliver.returncode is None:
            kill_tree(deliver.pid)
        await asyncio.wait_for(deliver.wait(), timeout=30)


async def test_a_cluster_run_shows_its_nodes_free_slots_and_each_attempts_node(
    db: Path, tmp_path: Path, app_on: Callable[[], PmtuiApp]
) -> None:
    from pmtui.delivery.nodes import ClusterView
    from pmtui.widgets.task_detail import TaskDetailPane

    writer = Store(db)
    run_id = build_run(writer, tmp_path)
    dstore = DeliveryStore(writer)
    view = ClusterView("ray", "10.0.0.1:6379", nodes=2, slots=2, free=1, node_names=("gpu-a", "gpu-b"))
    run = dstore.get_run(run_id)
    dstore.set_run_fields(run_id, config={**run.config, "executor": "ray", "cluster": view.as_dict()})
    dstore.set_attempt_node(run_id, "T04", 1, "f" * 56, "gpu-b")
    app = app_on()
    async with app.run_test(size=(160, 40)) as pilot:
        await until(pilot, lambda: has_dashboard(app) and len(table(app).rows) == 12)
        await until(pilot, lambda: "2 nodes · 1/2 slots free" in plain(dashboard(app).query_one("#run-line", Static)))
        await pilot.press("down", "down", "down")
        pane = dashboard(app).query_one(TaskDetailPane)
        await until(pilot, lambda: "node: gpu-b (ffffffff) · attempt 1" in pane.plain)
        # A third node joins: the run line follows the store.
        grown = ClusterView("ray", "10.0.0.1:6379", nodes=3, slots=3, free=3)
        dstore.set_run_fields(run_id, config={**dstore.get_run(run_id).config, "cluster": grown.as_dict()})
        await until(pilot, lambda: "3 nodes · 3/3 slots free" in plain(dashboard(app).query_one("#run-line", Static)))
    writer.close()


async def test_the_task_table_shows_which_node_runs_which_attempt_once_a_task_runs_on_a_cluster(
    db: Path, tmp_path: Path, app_on: Callable[[], PmtuiApp]
) -> None:
    writer = Store(db)
    run_id = build_run(writer, tmp_path)
    dstore = DeliveryStore(writer)

    def rows() -> dict[str, str]:
        grid = table(app)
        lines = [grid.render_line(y).text for y in range(len(grid.order) + 1)]
        return {"header": lines[0], **{line.split()[0]: line for line in lines[1:] if line.strip()}}

    app = app_on()
    async with app.run_test(size=(160, 40)) as pilot:
        await until(pilot, lambda: has_dashboard(app) and len(table(app).rows) == 12)
        await pilot.pause()
        assert "Node" not in rows()["header"]  # a run on this machine: no column of nodes
        # Attempts start on the nodes of a cluster: each row says its node as the attempt starts there.
        dstore.set_attempt_node(run_id, "T04", 1, "f" * 56, "gpu-b")
        await until(pilot, lambda: "Node" in rows()["header"] and "gpu-b" in rows()["T04"])
        dstore.record_attempt(run_id, "T05", 1, outcome="running")
        dstore.set_attempt_node(run_id, "T05", 1, "e" * 56, "")
        await until(pilot, lambda: "eeeeeeee" in rows()["T05"])  # a node without a name: its id, short
        # gpu-b is lost mid-attempt: the attempt runs again on gpu-a, and the row follows it there.
        dstore.set_attempt_node(run_id, "T04", 1, "a" * 56, "gpu-a")
        await until(pilot, lambda: "gpu-a" in rows()["T04"] and "gpu-b" not in rows()["T04"])
        assert "gpu" not in rows()["T01"]
    writer.close()


async def test_the_detail_follows_the_agents_output_while_the_task_stays_in_one_state(
    db: Path, tmp_path: Path, app_on: Callable[[], PmtuiApp]
) -> None:
    from pmtui.delivery.feed import output_log_path
    from pmtui.widgets.task_detail import TaskDetailPane

    writer = Store(db)
    run_id = build_run(writer, tmp_path)
    log = output_log_path(DeliveryStore(writer).get_run(run_id), db, "T04", 1)
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("agent: reading the contract\n")
    app = app_on()
    async with app.run_test(size=(160, 40)) as pilot:
        await until(pilot, lambda: has_dashboard(app) and len(table(app).rows) == 12)
        await pilot.press("down", "down", "down")
        pane = dashboard(app).query_one(TaskDetailPane)
        await until(pilot, lambda: "agent: reading the contract" in pane.plain)
        with log.open("a") as out:  # the agent writes on; no state changes meanwhile
            out.write("agent: tests written, running them\n")
        await until(pilot, lambda: "agent: tests written, running them" in pane.plain)
    writer.close()


async def test_r_on_a_failed_task_reopens_it_and_its_ended_run(db: Path, tmp_path: Path,
                                                             app_on: Callable[[], PmtuiApp]) -> None:
    from pmtui.delivery.controls import controls

    writer = Store(db)
    run_id = build_run(writer, tmp_path)
    TaskStateMachine(DeliveryStore(writer)).transition(run_id, "T04", S.FAILED, "the human skipped it")
    finish_run(writer, run_id)
    app = app_on()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: has_dashboard(app) and len(table(app).rows) == 12)
            await pilot.press("down", "down", "down")
            assert table(app).cursor_key == "T04"
            await pilot.press("r")
            await pilot.pause()
            (retry,) = [c for c in controls(writer, run_id) if c.kind == "retry"]
            assert retry.task_id == "T04" and retry.pending
            assert not DeliveryStore(writer).get_run(run_id).finished
            assert any(n.title == "Retry" and "T04 runs again" in n.message for n in app._notifications)
            await pilot.press("up")
            await pilot.press("r")
            await pilot.pause()
            assert any(n.severity == "error" and "T03 is completed" in n.message for n in app._notifications)
    finally:
        writer.close()


def test_the_task_detail_shows_the_tasks_own_description(tmp_path: Path) -> None:
    """The plan's words about a task now travel with its contract: the detail pane shows them above the criteria."""
    from pmtui.delivery.feed import DeliveryFeed
    from widgets.task_detail import detail_renderable

    store = Store(tmp_path / "pmtui.db")
    try:
        feed = DeliveryFeed(store, build_run(store, tmp_path))
        feed.load()
        detail = feed.detail("T01")
        assert detail is not None and detail.task.contract is not None
        detail.task.contract = detail.task.contract.model_copy(
            update={"description": "Phase 1, P0. Core-flow step 2 of 4; step 3 builds on it: Get reminders."})
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(detail_renderable(detail))
        text = console.export_text()
        assert "Phase 1, P0. Core-flow step 2 of 4; step 3 builds on it: Get reminders." in text
        assert text.index("Core-flow step 2 of 4") < text.index("Acceptance criteria")
    finally:
        store.close()


@pytest.mark.parametrize(("reason", "shown"), [
    ("tier normal from the plan", "tier normal from the plan"),  # it used to read "tier: tier normal from the plan"
    ("escalated to critical by the review gate", "tier: escalated to critical by the review gate"),
])
def test_the_task_detail_says_the_tier_reason_once(tmp_path: Path, reason: str, shown: str) -> None:
    from pmtui.delivery.feed import DeliveryFeed
    from widgets.task_detail import detail_renderable

    store = Store(tmp_path / "pmtui.db")
    try:
        feed = DeliveryFeed(store, build_run(store, tmp_path))
        feed.load()
        detail = feed.detail("T01")
        assert detail is not None
        detail.task.tier_reason = reason
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(detail_renderable(detail))
        lines = [line.strip() for line in console.export_text().splitlines()]
        assert shown in lines and "tier: tier" not in " ".join(lines)
    finally:
        store.close()


@needs_modal
async def test_an_open_ask_leads_the_run_line_and_takes_the_place_of_the_time_left(
        db: Path, tmp_path: Path, app_on: Callable[[], PmtuiApp]) -> None:
    """At 100 columns the line was cut before its last part, "1 open ask(s) (e)", and went on saying "~56s left"
    for minutes while the run waited on the user."""
    writer = Store(db)
    build_run(writer, tmp_path, escalate=True)
    writer.close()
    app = app_on()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EscalationModal))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, EscalationModal))
        line = plain(dashboard(app).query_one("#run-line", Static))
        assert "open ask(s) (e)" in line and line.index("open ask(s)") < line.index(" done"), line
        assert " left" not in line


@needs_modal
async def test_escape_puts_off_every_open_ask_until_e(db: Path, tmp_path: Path, app_on: Callable[[], PmtuiApp]) -> None:
    """Found by hand (2026-11-27): an agent that could not do five tasks opened five asks, and each Esc ("answers
    later") popped the next modal over the dashboard. Esc now puts off every ask open at that moment; `e` brings
    them back one by one, and an ask that opens afterwards still comes up by itself."""
    writer = Store(db)
    run_id = build_run(writer, tmp_path, escalate=True)
    dstore = DeliveryStore(writer)
    dstore.add_escalation(run_id, "T06", "T06: the agent exited 1", "nothing waits for it",
                          ["Retry with a fresh budget", "Skip it"], 1)
    writer.close()
    app = app_on()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EscalationModal) and len(dashboard(app).escalations) == 2)
        first = app.screen.escalation.id
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert not isinstance(app.screen, EscalationModal)
        assert any("2 open asks wait for you" in n.message for n in app._notifications)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, EscalationModal))
        assert app.screen.escalation.id == first
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert not isinstance(app.screen, EscalationModal)
        # A new ask, after the founder put the others off, comes up by itself.
        writer = Store(db)
        DeliveryStore(writer).add_escalation(run_id, "T05", "T05 failed its gates 3 times", "nothing waits for it",
                                             ["Retry with a fresh budget", "Skip it"], 1)
        writer.close()
        await until(pilot, lambda: isinstance(app.screen, EscalationModal) and app.screen.escalation.task_id == "T05")


@pytest.mark.parametrize(("sandboxed", "in_process", "shown", "style"), [
    (True, False, "sandboxed", ""),
    (False, False, "unconfined", "yellow"),
    (False, True, "in-process agent", "dim"),
])
def test_the_task_detail_says_how_the_agent_ran(tmp_path: Path, sandboxed: bool, in_process: bool, shown: str,
                                                 style: str) -> None:
    """`pmtui demo`'s scripted agent runs in pmtui's own process: every task said "unconfined" in yellow, a warning
    about a program that was never started. A real agent process left unconfined still gets the warning."""
    from pmtui.delivery.feed import DeliveryFeed
    from pmtui.models.delivery import AgentResult
    from widgets.task_detail import detail_renderable

    store = Store(tmp_path / "pmtui.db")
    try:
        run_id = build_run(store, tmp_path)
        DeliveryStore(store).record_attempt(run_id, "T01", 1, outcome="agent_done", finished=True,
                                            agent_result=AgentResult(sandboxed=sandboxed, in_process=in_process))
        feed = DeliveryFeed(store, run_id)
        feed.load()
        detail = feed.detail("T01")
        assert detail is not None
        meta = detail_renderable(detail).renderables[1]
        assert f" · {shown}" in meta.plain
        spans = [meta.plain[span.start:span.end] for span in meta.spans if str(span.style) == style]
        assert (f" · {shown}" in spans) if style else all(shown not in s for s in spans)
    finally:
        store.close()
