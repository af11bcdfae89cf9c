"""Which coding agent a delivery runs: `[delivery] agent`, else, in the TUI, asked whenever there is a choice.

Found at stop 28: with models.agent configured (often set *for* the agent CLI, which pmtui forwards it to), the TUI's
"Deliver this plan" ran pmtui's built-in agent without a word, and a founder's installed, signed-in Claude Code or
aider could not be chosen from the TUI at all. Now the TUI asks (prefilled with the built-in agent, naming the ready
ones), `[delivery] agent` in pmtui.toml answers for good (the TUI and `pmtui deliver` without --agent), and
`--agent built-in` names pmtui's own agent. Real config objects and files, real executables on a PATH of the test's
own, the real app under Pilot, a real `pmtui deliver` subprocess.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from pmtui.app import PmtuiApp
from pmtui.config import AgentConfig, Config, DeliveryConfig, ModelRoute
from pmtui.delivery.agent_question import which_agent
from pmtui.delivery.store import DeliveryStore
from pmtui.screens.modals import TextInputModal
from tests.fixtures.delivery_repo import make_project, plan_text, task_block
from tests.fixtures.gate_tools import gate_tools
from tests.test_delivery_cli import pmtui
from tests.test_spec_deliver import deliver_dialog, started_run

AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'module_agent.py'}"


def with_model(**delivery: str) -> Config:
    """The PM offline; models.agent set (its key in a variable of its own); one agent of the user's own."""
    return Config(models={"default": ModelRoute(), "agent": ModelRoute(model="openai/fake-coder",
                                                                     api_key_env="FAKE_AGENT_KEY")},
                  agents={"mine": AgentConfig(command=AGENT)}, delivery=DeliveryConfig(**delivery))


@pytest.fixture
def keyed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_AGENT_KEY", "fk-test-value")


def test_with_a_model_and_a_ready_agent_the_choice_is_asked(keyed: None) -> None:
    question = which_agent(with_model())
    assert question.ask and question.agent == "built-in"
    assert "mine" in question.prompt and "openai/fake-coder" in question.prompt
    assert "[delivery] agent" in question.prompt


def test_with_a_model_and_no_agent_installed_nothing_is_asked(keyed: None, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no agent CLI on PATH
    config = with_model().model_copy(update={"agents": {}})
    assert which_agent(config).ask is False and which_agent(config).agent is None


def test_the_agent_of_the_run_resumed_is_prefilled(keyed: None) -> None:
    assert which_agent(with_model(), previous="mine").agent == "mine"
    assert which_agent(with_model(), previous="llm").agent == "built-in"  # the built-in agent's recorded name
    gone = which_agent(with_model(), previous="uninstalled-cli")  # cannot run now: the usual answer
    assert gone.agent == "built-in" and "resumes" not in gone.prompt


def test_delivery_agent_answers_for_good(keyed: None) -> None:
    assert (which_agent(with_model(agent="mine")).ask, which_agent(with_model(agent="mine")).agent) == (False, "mine")
    assert (which_agent(with_model(agent="built-in")).ask, which_agent(with_model(agent="built-in")).agent) == (False, None)
    # built-in with no model to run it on is no answer: asked, as with no model at all.
    offline = Config(offline=True, agents={"mine": AgentConfig(command=AGENT)}, delivery=DeliveryConfig(agent="built-in"))
    question = which_agent(offline)
    assert question.ask and "models.agent" in question.prompt and question.agent == "mine"


async def test_the_tui_asks_which_agent_when_a_model_is_configured(
        keyed: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pmtui.store import Store

    repo = make_project(tmp_path)
    gate_tools(tmp_path, monkeypatch)
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, with_model())
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            (await deliver_dialog(app, pilot)).value = str(repo)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal), app.screen
            assert "mine" in app.screen.prompt and "built-in" in app.screen.prompt
            field = app.screen.query_one(Input)
            assert field.value == "built-in"
            field.value = "no-such-agent-cli"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal)  # refused in the dialog, what was typed kept
            assert "cannot run" in str(app.screen.query_one("#text-error").render())
            app.screen.query_one(Input).value = "mine"
            await pilot.press("enter")
            run = await started_run(app, pilot)
            assert run.job.agent == "mine" and "--agent mine" in run.job.resume_command
            record = DeliveryStore(store).get_run(run.run_id)
            assert record.repo == str(repo.resolve())
            await run.stop()
            # Deliver again resumes that run: the agent it used is the answer prefilled.
            await pilot.press("q")
            await pilot.pause()
            await pilot.press("d")
            await pilot.pause()
            app.screen.query_one(Input).value = str(repo)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal), app.screen
            assert app.screen.query_one(Input).value == "mine"
            assert "The run this resumes used mine." in app.screen.prompt
    finally:
        store.close()


async def test_the_tui_runs_the_configured_agent_without_asking(
        keyed: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pmtui.store import Store

    repo = make_project(tmp_path)
    gate_tools(tmp_path, monkeypatch)
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, with_model(agent="mine"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            (await deliver_dialog(app, pilot)).value = str(repo)
            await pilot.press("enter")
            run = await started_run(app, pilot)
            assert run.job.agent == "mine"
            await run.stop()
    finally:
        store.close()


def test_pmtui_deliver_without_agent_runs_the_configured_one(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("conf", [task_block("T1", "Alpha value", module="alpha")]))
    config = tmp_path / "pmtui.toml"
    config.write_text(f"[delivery]\nagent = 'no-such-agent-cli'\n[agents.mine]\ncommand = '{AGENT}'\n")
    env = {"PMTUI_CONFIG": str(config), "PMTUI_DB": str(tmp_path / "pmtui.db")}
    refused = pmtui("--offline", "deliver", str(plan), "--repo", str(project), "--headless", env=env)
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert f"[delivery] agent in {config}: unknown agent 'no-such-agent-cli'" in refused.stderr, refused.stderr
    built_in = pmtui("--offline", "deliver", str(plan), "--repo", str(project), "--headless", "--agent", "built-in",
                     env=env)
    assert built_in.returncode == 2 and "set [delivery] agent, or configure models.agent" in built_in.stderr
    config.write_text(f"[delivery]\nagent = 'mine'\n[agents.mine]\ncommand = '{AGENT}'\n")
    done = pmtui("--offline", "deliver", str(plan), "--repo", str(project), "--headless", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "[commit] T1 committed" in done.stdout


async def test_deliver_on_a_plan_already_delivered_opens_its_dashboard(
        keyed: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in the TUI walk at stop 28: Deliver on a released plan asked which agent to run, then said the run was
    already released. Nothing will run: its dashboard opens at once."""
    from pmtui.naming import plan_id_for
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.store import Store

    repo = make_project(tmp_path)
    gate_tools(tmp_path, monkeypatch)
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, with_model())
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            field = await deliver_dialog(app, pilot)
            slug = app.screen_stack[-2].state.slug  # the spec screen under the dialog
            dstore = DeliveryStore(store)
            run = dstore.create_run(plan_id_for(slug), repo)
            dstore.set_run_state(run.id, "released")
            field.value = str(repo)
            await pilot.press("enter")
            for _ in range(100):
                if isinstance(app.screen, DashboardScreen):
                    break
                await pilot.pause(0.05)
            assert isinstance(app.screen, DashboardScreen) and app.screen.run_id == run.id
            assert app.delivery is None  # no engine started
    finally:
        store.close()


async def test_the_agent_typed_is_prefilled_after_a_cancel(
        keyed: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Walked in tmux: the founder typed mini-swe-agent, the gate-tools dialog said ruff, mypy and pytest were missing,
    they cancelled to install them, and "Deliver this plan" again offered "built-in": what they typed was gone."""
    from pmtui.screens.modals import ConfirmationModal
    from pmtui.store import Store

    repo = make_project(tmp_path)
    bare = tmp_path / "bare-bin"
    bare.mkdir()
    (bare / "git").symlink_to(shutil.which("git") or "/usr/bin/git")
    monkeypatch.setenv("PATH", str(bare))  # git, and no gate tool installed anywhere
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, with_model())
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            (await deliver_dialog(app, pilot)).value = str(repo)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal) and app.screen.query_one(Input).value == "built-in"
            app.screen.query_one(Input).value = "mine"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmationModal), app.screen  # the gate tools are missing
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("d")
            await pilot.pause()
            app.screen.query_one(Input).value = str(repo)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TextInputModal), app.screen
            assert app.screen.query_one(Input).value == "mine"
    finally:
        store.close()
