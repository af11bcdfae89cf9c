"""A plan whose scope changed after its release is delivered as a new run that builds on the release.

Left at stop 28: a project's plan id is the project's (naming.plan_id_for), so a founder who added a feature,
regenerated the spec and pressed Deliver got the released run back ("run 1 of … is already released", or its
dashboard) and their new tasks were never delivered. Now the changed plan starts a run of its own on the plan branch's
released head; the tasks the release holds are carried, not redone; the released run, its tags and its manifest stay
as they were; an unchanged plan still answers with its released run. Real git, real gates, a real agent subprocess,
a real `pmtui deliver`.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from pmtui.config import Config
from pmtui.delivery.agent_presets import resolve_agent
from pmtui.delivery.contract import contract_markdown
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.plan import parse_plan
from pmtui.delivery.plan_revisions import compare, plan_changed
from pmtui.delivery.store import DeliveryStore
from pmtui.models.states import IssueState
from pmtui.store import Store
from tests.fixtures.delivery_repo import RUFF, git, make_project, plan_text, refs_count, task_block
from tests.test_delivery_cli import pmtui

AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'module_agent.py'}"
ALPHA = task_block("T1", "Alpha value", module="alpha", tier="critical")
BETA = task_block("T2", "Beta value", module="beta", depends="T1")
# The feature the founder added: the plan writer numbers it among the others, so ids move.
GAMMA = task_block("T2", "Gamma value", module="gamma", depends="T1", tier="critical")
BETA_AFTER = task_block("T3", "Beta value", module="beta", depends="T1").replace("returns the t3 value",
                                                                                  "returns the t2 value")


def deliver(store: Store, repo: Path, plan: Path, tmp_path: Path, said: list[str] | None = None):  # type: ignore[no-untyped-def]
    config = Config(offline=True)
    engine = DeliveryEngine(store, config, repo=repo, plan_path=plan,
                            executor=CommandExecutor(resolve_agent(AGENT, config)),
                            poll_interval=0.05, gate_timeout_s=60,
                            on_event=(lambda kind, text: said.append(text)) if said is not None else None)
    return asyncio.run(engine.run(no_wait=True))


def test_a_changed_plan_delivers_its_new_tasks_as_a_new_run_on_the_release(tmp_path: Path, store: Store) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("calc-mvp", [ALPHA, BETA], lint=False))
    first = deliver(store, repo, plan, tmp_path)
    assert first.ending == "released", first.message
    dstore = DeliveryStore(store)
    released_head = git(repo, "rev-parse", "pm/calc-mvp")
    manifest = (repo / "docs/releases/calc-mvp-release.yaml").read_text()

    plan.write_text(plan_text("calc-mvp", [ALPHA, GAMMA, BETA_AFTER], lint=False))  # a feature added, ids moved
    said: list[str] = []
    second = deliver(store, repo, plan, tmp_path, said)
    assert second.ending == "released", second.message
    assert second.run_id != first.run_id
    run = dstore.get_run(second.run_id)
    # Only the new task is this run's; the released ones are carried, and said so.
    assert [task.task_id for task in dstore.tasks(run.id)] == ["T2"]
    assert dstore.task(run.id, "T2").title == "Gamma value" and dstore.task(run.id, "T2").state is IssueState.COMPLETED
    assert run.config["builds_on"] == {"run": first.run_id, "carried": {"T1": "T1", "T3": "T2"}}
    assert any("builds on that release and delivers T2" in line and "T1, T3 are in that release" in line
               for line in said), said
    # It started on the release and went on from it: same plan branch, the released head its base.
    assert run.baseline_sha == released_head and run.plan_branch == "pm/calc-mvp"
    assert git(repo, "merge-base", "--is-ancestor", released_head, "pm/calc-mvp") == ""
    assert (repo / "src" / "gamma.py").is_file() and (repo / "src" / "beta.py").is_file()
    # Its own names: the release's tag and manifest are untouched, the new ones stand beside them.
    assert git(repo, "tag", "--list", "pm/*").splitlines() == ["pm/calc-mvp-2/checkpoint-T2", "pm/calc-mvp/checkpoint-T1"]
    assert (repo / "docs/releases/calc-mvp-release.yaml").read_text() == manifest
    assert (repo / "docs/releases/calc-mvp-2-release.yaml").is_file()
    assert "Refs: release-calc-mvp-2" in git(repo, "log", "-1", "--format=%B", "pm/calc-mvp")
    assert refs_count(repo, "T2", "pm/calc-mvp") == 2  # the release's Beta and the new Gamma, each once
    # The released run and its history stay readable as they were.
    old = dstore.get_run(first.run_id)
    assert old.state == "released" and [t.task_id for t in dstore.tasks(old.id)] == ["T1", "T2"]
    assert dstore.task(old.id, "T2").title == "Beta value"

    # The same plan again: nothing new, the latest release answers.
    again = deliver(store, repo, plan, tmp_path)
    assert again.run_id == second.run_id and "already released" in again.message




def test_a_task_whose_criteria_changed_is_told_what_changed_and_starts_from_the_released_code(
        tmp_path: Path, store: Store) -> None:
    """Left at stop 29: a task whose criteria changed in a second release was redone as if new, its prompt the whole
    task again. Its prompt now says which released task it was, what is new or reworded and what is no longer asked;
    its files are there to edit (the base is the release)."""
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("calc-mvp", [ALPHA, BETA], lint=False))
    assert deliver(store, repo, plan, tmp_path).ending == "released"
    released_beta = (repo / "src" / "beta.py").read_text()
    reworded = task_block("T3", "Beta value", module="beta", depends="T1",
                          criteria=("beta returns the t2 value in euros", "beta refuses an empty name with a message"))
    plan.write_text(plan_text("calc-mvp", [ALPHA, GAMMA, reworded], lint=False))
    second = deliver(store, repo, plan, tmp_path)
    dstore = DeliveryStore(store)
    run = dstore.get_run(second.run_id)
    assert run.config["builds_on"]["changed"] == {"T3": {
        "was": "T2", "new": ["beta returns the t2 value in euros", "beta refuses an empty name with a message"],
        "dropped": ["beta returns the t2 value"]}}
    contract = dstore.task(run.id, "T3").contract
    assert contract is not None
    prompt = contract_markdown(contract)
    section = prompt.split("## Changed since the release", 1)[1].split("\n## ", 1)[0]
    assert "delivered before, as T2 of the release" in section
    assert "New or reworded criterion: beta returns the t2 value in euros" in section
    assert "New or reworded criterion: beta refuses an empty name with a message" in section
    assert "No longer asked (remove it only where it now contradicts a criterion): beta returns the t2 value" in section
    # It starts from the released code: the file the plan says to create is one to edit in place.
    assert contract.expected_files.modify == ["src/beta.py"] and contract.expected_files.create == []
    assert git(repo, "show", f"{run.baseline_sha}:src/beta.py").strip() == released_beta.strip()
    # A task that is new, not changed, is told nothing of the kind.
    gamma = dstore.task(run.id, "T2").contract
    assert gamma is not None and "Changed since the release" not in contract_markdown(gamma)


def test_a_release_the_founder_merged_and_built_on_is_the_new_runs_base(tmp_path: Path, store: Store) -> None:
    """The founder merged the release into main and committed more there: the changed plan's run starts from their
    HEAD (pm/<plan-id> fast-forwarded to it, nothing of theirs moved), not from the older released head."""
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("calc-mvp", [ALPHA, BETA], lint=False))
    assert deliver(store, repo, plan, tmp_path).ending == "released"
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--no-ff", "-m", "Merge the first release", "pm/calc-mvp")
    (repo / "NOTES.md").write_text("what the founder wrote after the release\n")
    git(repo, "add", "NOTES.md")
    git(repo, "commit", "-q", "-m", "notes")
    theirs = git(repo, "rev-parse", "main")

    plan.write_text(plan_text("calc-mvp", [ALPHA, GAMMA, BETA_AFTER], lint=False))
    second = deliver(store, repo, plan, tmp_path)
    assert second.ending == "released", second.message
    run = DeliveryStore(store).get_run(second.run_id)
    assert run.baseline_sha == theirs and run.start_branch == "main"
    assert git(repo, "rev-parse", "main") == theirs  # their branch untouched
    assert git(repo, "merge-base", "--is-ancestor", theirs, "pm/calc-mvp") == ""
    assert (repo / "NOTES.md").is_file() and (repo / "src" / "gamma.py").is_file()

def test_a_run_on_a_release_killed_before_its_commit_resumes_without_taking_the_releases_commit(
        tmp_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The resume guard looks a task's commit up by `Refs: task-<id>`: on a plan branch that holds a release, the
    release's T2 (Beta) answered for the new run's T2 (Gamma), which a kill before its commit left in CREATING_PR, and
    the run released without Gamma's code. It looks only after the run's base now; and the resumed run keeps its
    carried tasks out."""
    import asyncio as aio

    from pmtui.delivery import git_ops

    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("calc-mvp", [ALPHA, BETA], lint=False))
    assert deliver(store, repo, plan, tmp_path).ending == "released"
    plan.write_text(plan_text("calc-mvp", [ALPHA, GAMMA, BETA_AFTER], lint=False))
    commit = git_ops.commit_task

    def killed(*args: object, **kwargs: object) -> str:
        raise aio.CancelledError  # the process dies as it would commit the task

    monkeypatch.setattr(git_ops, "commit_task", killed)
    with pytest.raises(aio.CancelledError):
        deliver(store, repo, plan, tmp_path)
    monkeypatch.setattr(git_ops, "commit_task", commit)
    dstore = DeliveryStore(store)
    run = dstore.latest_run()
    assert run is not None and dstore.task(run.id, "T2").state is IssueState.CREATING_PR
    assert dstore.commit_for(run.id, "T2") is None

    resumed = deliver(store, repo, plan, tmp_path)
    assert resumed.ending == "released" and resumed.run_id == run.id, resumed.message
    assert [task.task_id for task in dstore.tasks(run.id)] == ["T2"]  # T1 and T3 still carried, not added
    recorded = dstore.commit_for(run.id, "T2")
    assert recorded is not None and "gamma" in git(repo, "show", "--stat", "--format=%s", recorded.sha).lower()
    assert (repo / "src" / "gamma.py").is_file()

def test_what_counts_as_changed(tmp_path: Path, store: Store) -> None:
    """The comparison, on the class of edits a regenerated plan makes: ids renumbered and the gate commands' own
    criteria left out ("Deliver without them") are no change; a new task or a criterion changed is."""
    dstore = DeliveryStore(store)
    run = dstore.create_run("calc-mvp", tmp_path)
    with_lint = task_block("T1", "Alpha value", module="alpha", criteria=("alpha returns the t1 value",
                                                                          f"`{RUFF} check .` reports no errors"))
    from pmtui.delivery.contract import build_contract
    from pmtui.delivery.store import PlannedTask

    first = parse_plan(plan_text("calc-mvp", [with_lint, BETA]))
    dstore.add_tasks(run.id, [PlannedTask(task_id=t.id, title=t.title, tier="normal",
                                          contract=build_contract(first, t, shared_context="", task_delta=""))
                              for t in first.tasks])
    for task in first.tasks:
        for state in ("analyzing_requirements", "implementing", "creating_pr", "completed"):
            dstore_machine(store).transition(run.id, task.id, state, "test")
    tasks = dstore.tasks(run.id)
    without_lint = plan_text("calc-mvp", [ALPHA, BETA], lint=False)
    assert not plan_changed(without_lint, run, tasks)
    renumbered = [task_block("T9", "Alpha value", module="alpha", criteria=("Alpha returns the T1 value.",)),
                  task_block("T4", "Beta value", module="beta", depends="T9", criteria=("beta returns the t2 value",))]
    assert not plan_changed(plan_text("calc-mvp", renumbered, lint=False), run, tasks)
    assert not plan_changed(plan_text("calc-mvp", [ALPHA], lint=False), run, tasks)  # scope shrank: nothing to do
    assert plan_changed(plan_text("calc-mvp", [ALPHA, BETA, GAMMA.replace("T2", "T3")], lint=False), run, tasks)
    changed = ALPHA.replace("alpha returns the t1 value", "alpha returns the t1 value in euros")
    revision = compare(parse_plan(plan_text("calc-mvp", [changed, BETA], lint=False)), run, tasks)
    assert revision is not None and revision.new == ["T1"] and revision.carried == {"T2": "T2"}
    assert not plan_changed(without_lint, run, [])  # a run that recorded no tasks: nothing to tell by


def dstore_machine(store: Store):  # type: ignore[no-untyped-def]
    from pmtui.delivery.state_machine import TaskStateMachine

    return TaskStateMachine(DeliveryStore(store))


def test_pmtui_deliver_on_a_changed_plan_starts_a_new_run(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("cli-mvp", [task_block("T1", "Alpha value", module="alpha")], lint=False))
    db = str(tmp_path / "pmtui.db")
    done = pmtui("--db", db, "deliver", str(plan), "--repo", str(repo), "--agent", AGENT, "--headless")
    assert done.returncode == 0, done.stdout + done.stderr
    plan.write_text(plan_text("cli-mvp", [task_block("T1", "Alpha value", module="alpha"),
                                          task_block("T2", "Beta value", module="beta", depends="T1")], lint=False))
    done = pmtui("--db", db, "deliver", str(plan), "--repo", str(repo), "--agent", AGENT, "--headless")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "[commit] T2 committed" in done.stdout and "[commit] T1 committed" not in done.stdout
    assert "released: docs/releases/cli-mvp-2-release.yaml" in done.stdout
    status = json.loads(pmtui("--db", db, "status", "--json").stdout)
    assert (status["plan_id"], status["completed"], status["total"]) == ("cli-mvp", 1, 1)
    assert status["builds_on"] == {"run": 1, "carried": {"T1": "T1"}}
    assert status["manifest"] == "docs/releases/cli-mvp-2-release.yaml"


async def test_the_founder_adds_a_feature_and_delivers_again_in_one_tui_session(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole path in one app session: the spec delivered to release from the TUI; a feature added to the scope and
    the plan written again by the PM's plan writer; Deliver on the spec starts a new run (not the released run's
    dashboard), the release's agent prefilled, that delivers the new feature's task alone, on the release; Deliver
    once more on the same plan opens that run's dashboard."""
    from pmtui.app import PmtuiApp
    from pmtui.config import AgentConfig
    from pmtui.models.scoping import Feature
    from pmtui.product.plan_writer import write_plan
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.screens.spec import SpecScreen
    from tests.fixtures.tui import open_on
    from tests.test_spec_deliver import repo_and_agent, started_run

    repo = make_project(tmp_path)
    quick_gate_tools(tmp_path, monkeypatch)
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True, agents={"mine": AgentConfig(command=AGENT)}))
    dstore = DeliveryStore(store)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await repo_and_agent(app, pilot, repo, "mine")  # the founder's own agent, by its [agents.NAME]
            first = await released(app, pilot, await started_run(app, pilot))
            spec = next(screen for screen in app.screen_stack if isinstance(screen, SpecScreen))
            project_id, slug = spec.project_id, spec.state.slug
            delivered = [task.title for task in dstore.tasks(first)]

            # The founder adds a feature; the PM's plan writer writes the plan again from the scope.
            state = store.load_state(project_id)
            assert state.scoping_output is not None
            added = Feature(name="Export bookings to CSV", description="Download every booking as a CSV file",
                            priority="P0", phase=1, rice_reach=100, rice_effort=1)
            output = state.scoping_output.model_copy(update={"mvp_features": [*state.scoping_output.mvp_features,
                                                                               added]})
            store.save_scoping(project_id, output, "the founder added a feature")
            state.scoping_output = output
            store.save_document(project_id, "plan", write_plan(state))
            await pilot.press("q")  # the released run's dashboard, back to the spec
            await open_on(pilot, project_id)
            assert isinstance(app.screen, SpecScreen) and "Export bookings to CSV" in app.screen.state.plan_markdown

            field = await deliver_dialog_on_spec(app, pilot)
            field.value = str(repo)
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, DashboardScreen) or app.screen.run_id != first  # not the old run
            # The agent question, a run being about to start: the release's agent prefilled, and said.
            assert "The release this run builds on used mine." in app.screen.prompt, app.screen.prompt
            assert app.screen.query_one(Input).value == "mine"
            await pilot.press("enter")
            second = await released(app, pilot, await started_run(app, pilot))
            assert second != first and isinstance(app.screen, DashboardScreen) and app.screen.run_id == second
            await pilot.pause(0.3)
            run_line = str(app.screen.query_one("#run-line").render())
            assert f"builds on run {first} ({len(delivered)} carried)" in run_line, run_line
            new_titles = [task.title for task in dstore.tasks(second)]
            assert new_titles and all(title not in delivered for title in new_titles), (new_titles, delivered)
            assert any("csv" in title.lower() or "export" in title.lower() for title in new_titles), new_titles
            assert dstore.get_run(second).config["builds_on"]["run"] == first
            assert dstore.get_run(first).state == "released" and len(dstore.tasks(first)) == len(delivered)
            assert (repo / f"docs/releases/{slug}-mvp-release.yaml").is_file()
            assert (repo / f"docs/releases/{slug}-mvp-2-release.yaml").is_file()

            # The same plan again: the latest release's dashboard, no engine started.
            await pilot.press("q")
            await pilot.pause()
            delivery = app.delivery
            field = await deliver_dialog_on_spec(app, pilot)
            field.value = str(repo)
            await pilot.press("enter")
            for _ in range(100):
                if isinstance(app.screen, DashboardScreen):
                    break
                await pilot.pause(0.05)
            assert isinstance(app.screen, DashboardScreen) and app.screen.run_id == second
            assert app.delivery is delivery and not delivery.active
    finally:
        store.close()


async def released(app, pilot, run) -> int:  # type: ignore[no-untyped-def]
    """The run id, once the app's delivery ended released."""
    for _ in range(2400):
        if run.outcome is not None or run.error:
            break
        await pilot.pause(0.05)
    assert run.outcome is not None and run.outcome.ending == "released", (run.outcome, run.error)
    return int(run.run_id)


async def deliver_dialog_on_spec(app, pilot):  # type: ignore[no-untyped-def]
    from pmtui.screens.modals import TextInputModal
    from pmtui.screens.spec import SpecScreen

    assert isinstance(app.screen, SpecScreen), app.screen
    await pilot.press("d")
    await pilot.pause()
    assert isinstance(app.screen, TextInputModal)
    return app.screen.query_one(Input)


def quick_gate_tools(base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The PM plan's `ruff check .`, `mypy src` and `pytest -q` on PATH: ruff's own binary, the project's tests run
    for real by quick_tests.py (a tenth of pytest's start, twelve gate runs here), mypy a stand-in that accepts (the
    test is not about the type checker)."""
    from tests.fixtures.delivery_repo import QUICK_TESTS

    tools = base / "bin"
    tools.mkdir()
    for name, line in (("ruff", f'exec "{RUFF}" "$@"'), ("pytest", f'exec {QUICK_TESTS} "$@"'),
                       ("mypy", 'echo "Success: no issues found (stand-in)"')):
        (tools / name).write_text(f"#!/bin/sh\n{line}\n")
        (tools / name).chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}:{os.environ.get('PATH', '')}")
