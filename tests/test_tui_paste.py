"""A founder pastes a brief drafted elsewhere into the chat (Pilot, offline engine, a store on disk): every line of
the paste is sent, kept as written in the store, and heard by the PM. Textual's Input keeps only a paste's first
line, so "**Who it's for:**" went alone and the people under it were lost."""

from __future__ import annotations

from pathlib import Path

from textual import events

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.store import Store
from pmtui.widgets.message_input import LINE_BREAK, MessageInput
from tests.fixtures.tui import chat_texts, new_project, say, settle

PASTED = "**Who it's for:**\r\n- Dog owners at the Saturday market, about 80 a week\n\n- The two groomers\n"


def test_said_turns_the_box_back_into_the_lines_written() -> None:
    assert MessageInput.said(f"Users:{LINE_BREAK}- owners{LINE_BREAK}- groomers") == "Users:\n- owners\n- groomers"
    assert MessageInput.said("  just one line  ") == "just one line"


async def test_a_pasted_brief_is_sent_whole_and_heard(tmp_path: Path) -> None:
    store = Store(tmp_path / "paste.db")
    app = PmtuiApp(store, Config(offline=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await new_project(pilot, "groomvan")
        await say(pilot, "A booking app for my mobile dog-grooming van")
        box = app.screen.query_one("#message", MessageInput)
        box.focus()
        box.post_message(events.Paste("one line"))
        await pilot.pause()
        assert box.value == "one line", box.value
        box.value = ""
        box.post_message(events.Paste(PASTED))
        await pilot.pause()
        assert box.value.count(LINE_BREAK) == 2, box.value
        await pilot.press("enter")
        await settle(pilot)
        state = app.orchestrator.state(app.screen.project_id)  # type: ignore[attr-defined]
        sent = [m.content for m in state.messages if m.role == "user"][-1]
        assert sent == "**Who it's for:**\n- Dog owners at the Saturday market, about 80 a week\n- The two groomers"
        assert "Dog owners at the Saturday market" in state.discovery_summary.target_user
        assert "groomers" in state.discovery_summary.target_user
        assert any("The two groomers" in text for text in chat_texts(app))
    store.close()
