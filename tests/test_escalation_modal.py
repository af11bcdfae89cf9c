"""The escalation modal alone in a tiny App: keys answer, the recommended option has the focus,
the note is captured, Esc answers later, and an answer from elsewhere closes it."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.widgets import Button, Input, Static

from pmtui.delivery.store import EscalationRecord
from pmtui.screens.escalation import EscalationAnswer, EscalationModal

SIZE = (100, 34)
NOT_SET = object()


def escalation(recommended: int = 2, blocking: bool = True, problem: str = "T3: budget exhausted") -> EscalationRecord:
    return EscalationRecord(
        id=7,
        run_id=1,
        task_id="T3",
        problem=problem,
        impact="Task T3 is paused; waiting with it: T5.",
        options=["Retry with a fresh budget", "Accept as is and commit", "Skip this task (dependents blocked)"],
        recommended=recommended,
        blocking=blocking,
    )


class ModalHost(App[None]):
    def __init__(self, record: EscalationRecord) -> None:
        super().__init__()
        self.record = record
        self.results: list[Any] = []
        self.modal: EscalationModal | None = None

    def on_mount(self) -> None:
        self.modal = EscalationModal(self.record)
        self.push_screen(self.modal, self.results.append)


async def settled(pilot: Any) -> None:
    """The modal mounts its option buttons and its note in the frames after it opens (so no frame holds
    the event loop for the whole modal): wait until the note is there."""
    for _ in range(50):
        if pilot.app.screen.query("#note"):
            return
        await pilot.pause()
    raise AssertionError("the note field never appeared")


async def test_the_modal_settles_with_every_option_button_focused_on_the_recommended_one() -> None:
    app = ModalHost(escalation())
    async with app.run_test(size=SIZE) as pilot:
        modal = app.screen
        assert isinstance(modal, EscalationModal)
        await settled(pilot)
        assert [b.id for b in modal.query(".option").results(Button)] == ["option-1", "option-2", "option-3"]
        assert isinstance(modal.focused, Button) and modal.focused.id == "option-2"


@pytest.mark.parametrize("key", ["1", "2", "3"])
async def test_a_number_key_answers_with_that_option(key: str) -> None:
    app = ModalHost(escalation())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert app.results == [EscalationAnswer(int(key), "")]
        assert not isinstance(app.screen, EscalationModal)


async def test_the_recommended_option_is_focused_and_highlighted() -> None:
    app = ModalHost(escalation(recommended=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        focused = app.screen.focused
        assert isinstance(focused, Button) and focused.id == "option-3"
        assert focused.variant == "primary" and focused.has_class("-recommended")
        assert "(recommended)" in str(focused.label)
        others = [app.screen.query_one(f"#option-{n}", Button) for n in (1, 2)]
        assert all(b.variant == "default" and not b.has_class("-recommended") for b in others)
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [EscalationAnswer(3, "")]


async def test_problem_impact_and_blocking_are_shown_as_typed() -> None:
    app = ModalHost(escalation(blocking=False, problem="T3: [bold]ruff[/] failed"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        facts = app.screen.query_one("#facts", Static)
        lines = [line.text.rstrip() for line in facts.render_lines(facts.region.reset_offset)]
        shown = {line.split(maxsplit=1)[0]: line.split(maxsplit=1)[1] for line in lines if line.strip()}
        assert shown["Problem"] == "T3: [bold]ruff[/] failed"
        assert "T5" in shown["Impact"]
        assert shown["Blocking"].startswith("no")
        assert shown["Recommended"] == "2. Accept as is and commit"


async def test_the_note_is_captured_with_the_answer_and_digits_in_it_are_text() -> None:
    app = ModalHost(escalation())
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        app.screen.query_one("#note", Input).focus()
        await pilot.press(*"use 2 retries", "enter")
        await pilot.pause()
        assert app.results == []
        focused = app.screen.focused
        assert isinstance(focused, Button) and focused.id == "option-2"
        await pilot.press("1")
        await pilot.pause()
    assert app.results == [EscalationAnswer(1, "use 2 retries")]


async def test_an_option_that_sends_the_note_to_the_agent_asks_for_the_note_before_it_answers() -> None:
    """The store refuses "Retry with my note for the agent" without a note; the modal closed on the refusal and
    the founder had to start again. Now the option asks for the note, and answers once there is one."""
    from pmtui.delivery.escalations import RETRY, RETRY_NOTE, SKIP

    record = escalation(recommended=1).model_copy(update={"options": [RETRY_NOTE, RETRY, SKIP]})
    app = ModalHost(record)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("enter")  # the recommended option, with no note
        await pilot.pause()
        assert app.results == [] and isinstance(app.screen, EscalationModal)
        assert isinstance(app.screen.focused, Input) and app.screen.focused.id == "note"
        await pilot.press(*"the files are src/app.py", "enter", "1")
        await pilot.pause()
    assert app.results == [EscalationAnswer(1, "the files are src/app.py")]


async def test_escape_answers_later_with_none() -> None:
    app = ModalHost(escalation())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert app.results == [None]
        assert not isinstance(app.screen, EscalationModal)


async def test_a_key_beyond_the_options_does_nothing() -> None:
    record = escalation(recommended=1)
    record = record.model_copy(update={"options": ["Release anyway", "Stop"]})
    app = ModalHost(record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert app.results == []
        assert isinstance(app.screen, EscalationModal)


async def test_answered_elsewhere_notifies_and_closes() -> None:
    app = ModalHost(escalation())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.modal is not None
        app.modal.answered_elsewhere(3)
        await pilot.pause()
        assert app.results == [None]
        assert not isinstance(app.screen, EscalationModal)
        messages = [n.message for n in app._notifications]
        assert any("answered elsewhere" in m and "option 3" in m and "Skip this task" in m for m in messages)
        app.modal.answered_elsewhere(3)
        await pilot.pause()
        assert app.results == [None]


LONG_FINDING = EscalationRecord(
    id=1, run_id=1, task_id="T1",
    problem=("T1: attempt 2 failed exactly as attempt 1 did (plan_alignment, tests_added, tests_run, change): not retrying "
             "blindly; first finding: asker.sh exited 0: the attempt changed no files; the agent asked: “Before I start: "
             "should the amounts be stored in shillings as whole numbers, or with cents?”"),
    impact="Task T1 (Project skeleton) is paused; waiting with it: T2, T3, T4, T5. Independent tasks go on.",
    options=["Retry with my note for the agent (note required: answer its question, name the files or the approach)",
             "Retry with a fresh budget", "Skip this task (dependents blocked)",
             "Retry with another agent: aider, mini-swe-agent, claude"],
    recommended=1, blocking=True)


@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_a_tall_escalation_keeps_its_keys_and_answer_later_on_screen(size: tuple[int, int]) -> None:
    """Found in the TUI at 120x36 (stop 27): a long finding with four options and the note pushed the keys line and
    "Answer later" below the dialog's edge; the body scrolls instead."""
    app = ModalHost(LONG_FINDING)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        await pilot.pause()
        dialog = app.screen.query_one("#escalation-dialog").region
        for part in ("#later", "#escalation-keys"):
            assert dialog.contains_region(app.screen.query_one(part).region), (part, dialog)
        # The problem is read first: the body opens at its top, not scrolled down to the focused option.
        assert app.screen.query_one("#escalation-body").scroll_y == 0
        assert app.screen.focused is app.screen.query_one("#option-1")
