"""The whole idea → spec flow through the TUI with the Pilot, on the offline engine and a real store."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, MarkdownViewer, TabbedContent

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.screens.scoping import number
from pmtui.store import Store
from tests.fixtures.tui import (
    NURSE_ANSWERS,
    PROJECT,
    SIZE,
    chat_texts,
    edit_cell,
    interview,
    new_project,
    say,
    screen_name,
    settle,
)


async def test_idea_to_spec_and_resume(store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = PmtuiApp(store, Config(offline=True))
    async with app.run_test(size=SIZE) as pilot:
        assert screen_name(app) == "HomeScreen"
        assert app.screen.query_one("#empty").display
        await new_project(pilot)
        assert screen_name(app) == "DiscoveryScreen"
        assert chat_texts(app), "the PM opens with a question"

        await interview(pilot)
        project_id = store.find_project(PROJECT)
        assert project_id is not None
        state = app.orchestrator.state(project_id)
        assert state.discovery_summary_shown
        sidebar_target = app.screen.query_one("#aspect-target_user").render()
        assert "nurse" in str(sidebar_target).lower()

        await pilot.click("#looks-right")
        await settle(pilot)
        assert screen_name(app) == "ScopingScreen"
        table = app.screen.query_one("#features", DataTable)
        output = app.orchestrator.state(project_id).scoping_output
        assert output is not None and table.row_count == len(output.mvp_features) + 1

        # A valid edit re-scores at once and keeps the cursor on the same feature.
        feature = output.mvp_features[-1]
        new_effort = 2.0 if feature.rice_effort != 2.0 else 3.0
        await edit_cell(pilot, feature.name, "effort", f"{new_effort:g}")
        edited = app.orchestrator.state(project_id).scoping_output.feature(feature.name)
        assert edited.rice_effort == new_effort and edited.rice_score != feature.rice_score
        assert str(table.get_cell(feature.name, "score")) == number(edited.rice_score)
        row_key, _ = table.coordinate_to_cell_key(table.cursor_coordinate)
        assert row_key.value == feature.name
        assert "✎" in str(table.get_cell(feature.name, "source"))
        assert len(store.scoping_edits(project_id)) == 1

        # An invalid edit is refused on the cell and nothing is saved.
        await edit_cell(pilot, feature.name, "effort", "-3")
        error = str(app.screen.query_one("#editor-error").render())
        assert "greater than 0" in error
        assert app.screen.query_one("#cell-input", Input).has_class("-invalid")
        assert len(store.scoping_edits(project_id)) == 1
        assert app.orchestrator.state(project_id).scoping_output.feature(feature.name).rice_effort == new_effort
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "ScopingScreen", "escape in the editor only cancels the edit"

        await say(pilot, "But the social feed is our differentiator!")
        assert "1/3" in str(app.screen.query_one("#round").render())
        assert app.orchestrator.state(project_id).negotiation_rounds == 1

        await pilot.click("#agree")
        await settle(pilot)
        assert screen_name(app) == "SpecScreen"
        final = app.orchestrator.state(project_id)
        assert final.phase == "done" and final.spec_markdown
        viewer = app.screen.query_one("#spec-view", MarkdownViewer)
        assert viewer.document.source == final.spec_markdown
        # The plan is written into its tab when the tab is first shown, and kept when the user comes back to it.
        plan_view = app.screen.query_one("#plan-view", MarkdownViewer)
        assert plan_view.document.source == ""
        await pilot.press("v")
        await settle(pilot)
        assert app.screen.query_one("#spec-tabs", TabbedContent).active == "tab-plan"
        assert plan_view.document.source == final.plan_markdown
        plan_headings = [title for _, title, _ in plan_view.document.table_of_contents]
        assert any(heading.startswith("Plan:") for heading in plan_headings), plan_headings
        await pilot.press("v", "v")
        await settle(pilot)
        assert plan_view.document.source == final.plan_markdown
        await pilot.press("v")
        await settle(pilot)

        await pilot.press("x")
        await pilot.pause()
        assert screen_name(app) == "ExportModal"
        await pilot.click("#export")
        await pilot.pause()
        spec_file = tmp_path / "docs" / "specs" / f"{final.slug}.md"
        plan_file = tmp_path / "docs" / "plans" / f"{final.slug}-plan.md"
        assert spec_file.read_text(encoding="utf-8") == final.spec_markdown
        assert plan_file.read_text(encoding="utf-8") == final.plan_markdown
        chat_before = [(m.role, m.content) for m in final.messages]

    # Restart on the same database file: the project opens where it was, with the same chat.
    reopened = Store(store.path)
    try:
        app = PmtuiApp(reopened, Config(offline=True))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)  # the home screen mounts and focuses its table before Enter means "open"
            assert isinstance(app.focused, DataTable) and app.focused.row_count == 1
            await pilot.press("enter")
            await settle(pilot)
            assert screen_name(app) == "SpecScreen"
            state = app.orchestrator.state(project_id)
            assert [(m.role, m.content) for m in state.messages] == chat_before
            app.screen.query_one("#spec-tabs", TabbedContent).active = "tab-chat"
            await settle(pilot)
            assert chat_texts(app) == [content for role, content in chat_before if role in ("user", "assistant")]
            await pilot.press("2")
            await settle(pilot)
            assert screen_name(app) == "ScopingScreen"
            table = app.screen.query_one("#features", DataTable)
            assert "✎" in str(table.get_cell(feature.name, "source"))
            await pilot.press("f2")  # the argue-back input has focus, so "1" would be typed into it
            await settle(pilot)
            assert screen_name(app) == "DiscoveryScreen"
            assert NURSE_ANSWERS[0] in chat_texts(app)
    finally:
        reopened.close()


async def test_user_text_is_never_markup(store: Store) -> None:
    app = PmtuiApp(store, Config(offline=True))
    async with app.run_test(size=SIZE) as pilot:
        await new_project(pilot, "Markup check")
        await say(pilot, "[red]hi[/red] a tracker for [b]nurses[/b]")
        from pmtui.widgets.chat_log import UserMessage

        shown = [str(w.render()) for w in app.screen.query(UserMessage)]
        assert "[red]hi[/red] a tracker for [b]nurses[/b]" in shown


async def test_home_rename_and_delete_with_confirmation(store: Store) -> None:
    app = PmtuiApp(store, Config(offline=True))
    async with app.run_test(size=SIZE) as pilot:
        await new_project(pilot, "First idea")
        await pilot.press("escape")
        await settle(pilot)
        assert screen_name(app) == "HomeScreen"
        await pilot.press("r")
        await pilot.pause()
        app.screen.query_one("#text-input", Input).value = "Renamed idea"
        await pilot.press("enter")
        await pilot.pause()
        assert store.find_project("Renamed idea") is not None

        await pilot.press("d")
        await pilot.pause()
        assert screen_name(app) == "ConfirmationModal"
        await pilot.press("escape")
        await pilot.pause()
        assert store.find_project("Renamed idea") is not None, "cancel keeps the project"

        await pilot.press("d")
        await pilot.pause()
        await pilot.click("#confirm")
        await pilot.pause()
        assert store.list_projects() == []
        assert app.screen.query_one("#empty").display


async def test_bad_theme_falls_back_with_an_error(store: Store) -> None:
    config = Config(offline=True)
    config.ui.theme = "no-such-theme"
    app = PmtuiApp(store, config)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "pmtui-dark"
        assert any(n.severity == "error" and "no-such-theme" in n.message for n in app._notifications)
        await pilot.press("ctrl+t")
        assert app.theme == "pmtui-light"


async def test_help_lists_the_keys_of_the_current_screen(store: Store) -> None:
    app = PmtuiApp(store, Config(offline=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        keys = str(app.screen.query_one("#help-keys").render())
        for description in ("New project", "Rename", "Delete", "Quit", "Help"):
            assert description in keys
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "HomeScreen"


async def test_retry_with_nothing_to_retry_says_so_in_chat_and_toast(store: Store) -> None:
    app = PmtuiApp(store, Config(offline=True))
    async with app.run_test(size=SIZE) as pilot:
        await new_project(pilot, "Retry check")
        await say(pilot, NURSE_ANSWERS[0])
        before = len(app.orchestrator.state(store.find_project("Retry check")).messages)
        await pilot.press("ctrl+r")
        await settle(pilot)
        from pmtui.widgets.chat_log import ChatNotice

        notices = [w.text for w in app.screen.query(ChatNotice) if w.has_class("-error")]
        assert notices and "nothing to retry" in notices[-1]
        assert any(n.severity == "error" for n in app._notifications)
        assert len(app.orchestrator.state(store.find_project("Retry check")).messages) == before
        assert not app.screen.query_one("#message", Input).disabled


async def test_command_palette_lists_every_action(store: Store) -> None:
    app = PmtuiApp(store, Config(offline=True))
    async with app.run_test(size=SIZE):
        titles = {command.title for command in app.get_system_commands(app.screen)}
        for title in ("New project", "Open project", "Discovery", "Scoping", "Spec", "Export spec",
                      "Copy spec", "Toggle theme", "Settings", "Help"):
            assert title in titles


async def test_settings_writes_model_and_theme(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tomllib

    target = tmp_path / "pmtui.toml"
    monkeypatch.setenv("PMTUI_CONFIG", str(target))
    app = PmtuiApp(store, Config(offline=True))
    async with app.run_test(size=SIZE) as pilot:
        app.action_settings()
        await pilot.pause()
        from textual.widgets import Select

        app.screen.query_one("#model", Input).value = "ollama/llama3.1"
        app.screen.query_one("#theme", Select).value = "pmtui-light"
        await pilot.pause()
        await pilot.click("#save")
        await pilot.pause()
        written = tomllib.loads(target.read_text(encoding="utf-8"))
        assert written["models"]["conversation"]["model"] == "ollama/llama3.1"
        assert written["ui"]["theme"] == "pmtui-light"
        assert app.theme == "pmtui-light"
