"""Code that fails the same way twice (a failing test, a lint error, a criterion unmet) is not retried blindly.

Found in round 21 (issue 7): such an escalation recommended "Retry with a fresh budget", the same agent on the same
prompt. Now it recommends the human's note pre-filled with the finding, offers the other installed agents by name
and states the risk in the accept option; options 1 to 3 keep their places for `pmtui answer`. Real subprocess
agents (tests/agents/module_agent.py), real git, real gate commands; the modal in a Pilot test.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from pmtui.config import AgentConfig, Config
from pmtui.delivery.agent_presets import resolve_agent
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.escalations import RETRY, RETRY_FINDING, SKIP
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.store import DeliveryStore, DeliveryStoreError, EscalationRecord
from pmtui.models.delivery import OTHER_AGENT
from pmtui.models.states import IssueState
from pmtui.screens.escalation import EscalationAnswer, EscalationModal
from pmtui.store import Store
from tests.fixtures.delivery_repo import make_project, plan_text, refs_count, task_block

MODULE_AGENT = Path(__file__).parent / "agents" / "module_agent.py"
FINDING = "FAILED tests/test_delta.py::test_delta_value"


def config(fixer: str = "fixer") -> Config:
    # Two agents of the user's own: one whose test fails the same way every time, one that writes it right.
    command = f"{sys.executable} {MODULE_AGENT}"
    return Config(offline=True, agents={"failer": AgentConfig(command=command, env={"AGENT_FAIL": "T1"}),
                                        fixer: AgentConfig(command=command, env={"AGENT_FAIL": ""})})


def engine(tmp_path: Path, project: Path, store: Store, fixer: str = "fixer") -> DeliveryEngine:
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("again", [task_block("T1", "Delta value", module="delta")], lint=False))
    conf = config(fixer)
    return DeliveryEngine(store, conf, repo=project, plan_path=plan, executor=CommandExecutor(resolve_agent("failer", conf)),
                          run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60)


def test_the_same_failing_test_twice_recommends_a_note_with_the_finding_or_another_agent(
        tmp_path: Path, store: Store) -> None:
    project = make_project(tmp_path)
    outcome = asyncio.run(engine(tmp_path, project, store).run(no_wait=True))
    assert outcome.ending == "waiting", outcome.message
    dstore = DeliveryStore(store)
    [escalation] = dstore.escalations(outcome.run_id)
    assert escalation.kind == "same_failure" and FINDING in escalation.problem
    options = escalation.options
    # Options 1 to 3 keep their places; accept says the risk it takes.
    assert options[0] == RETRY and options[2] == SKIP, options
    assert options[1] == f"Accept as is and commit, taking the risk: {FINDING}", options
    # Never the blind retry: the human's note, pre-filled with the finding, is recommended.
    assert options[escalation.recommended - 1] == RETRY_FINDING, (escalation.recommended, options)
    assert escalation.suggested_note() == f"Still failing the same way: {FINDING}"
    assert f"--note 'Still failing the same way: {FINDING}. Fix it by …'" in escalation.note_hint()
    # Another agent: the installed ones, by name, not the one that failed.
    [other] = [number for number, text in enumerate(options, start=1) if text.startswith(OTHER_AGENT)]
    assert "fixer" in escalation.agents_offered(other) and "failer" not in escalation.agents_offered(other)
    with pytest.raises(DeliveryStoreError, match="name one of .*fixer"):
        dstore.answer_escalation(escalation.id, other, "some agent that is not installed")
    assert dstore.escalation(escalation.id).answer is None  # refused: nothing recorded, nothing lost

    dstore.answer_escalation(escalation.id, other, "try fixer")
    again = asyncio.run(engine(tmp_path, project, store).run(no_wait=True))
    assert again.run_id == outcome.run_id and again.ending == "released", again.message
    task = dstore.task(outcome.run_id, "T1")
    assert task.state is IssueState.COMPLETED and refs_count(project, "T1") == 1
    assert "agent for this task: fixer" in task.decision_log
    assert "note for the agent: try fixer" in task.decision_log
    assert [a.attempt for a in dstore.attempts(outcome.run_id, "T1")] == [1, 2, 3]


def record() -> EscalationRecord:
    from pmtui.delivery.failure_findings import repeated_failure_options

    options, recommended = repeated_failure_options(["tests_run"], FINDING, ["aider", "fixer"])
    return EscalationRecord(id=9, run_id=1, task_id="T1", kind="same_failure",
                            problem=f"T1: attempt 2 failed exactly as attempt 1 did (tests_run): not retrying "
                                    f"blindly; first finding: {FINDING}",
                            impact="Task T1 is paused.", options=list(options), recommended=recommended)


async def test_the_modal_prefills_the_finding_and_asks_which_agent() -> None:
    from textual.widgets import Input

    from tests.test_escalation_modal import SIZE, ModalHost, settled

    app = ModalHost(record())
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        note = app.screen.query_one("#note", Input)
        assert note.value == f"Still failing the same way: {FINDING}. "
        await pilot.press("5")  # another agent, and the note names none
        await pilot.pause()
        assert app.results == [] and isinstance(app.screen, EscalationModal)
        assert app.screen.focused is note
        await pilot.press(*"use fixer", "enter", "5")
        await pilot.pause()
    assert app.results == [EscalationAnswer(5, f"Still failing the same way: {FINDING}. use fixer")]


async def test_the_recommended_option_answers_with_the_prefilled_finding() -> None:
    from tests.test_escalation_modal import SIZE, ModalHost, settled

    app = ModalHost(record())
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [EscalationAnswer(4, f"Still failing the same way: {FINDING}.")]


def test_a_chosen_agent_that_is_gone_is_asked_about_before_the_attempt_and_nothing_is_lost(
        tmp_path: Path, store: Store) -> None:
    """The agent named in the answer is gone from pmtui.toml when delivery resumes: a clear escalation before any
    attempt starts (no budget spent, not an "engine error"), and another agent named then delivers."""
    project = make_project(tmp_path)
    outcome = asyncio.run(engine(tmp_path, project, store).run(no_wait=True))
    dstore = DeliveryStore(store)
    [first] = dstore.escalations(outcome.run_id)
    [other] = [n for n, text in enumerate(first.options, start=1) if text.startswith(OTHER_AGENT)]
    dstore.answer_escalation(first.id, other, "fixer")

    gone = asyncio.run(engine(tmp_path, project, store, fixer="fixer2").run(no_wait=True))
    assert gone.ending == "waiting", gone.message
    [_, missing] = dstore.escalations(outcome.run_id)
    assert missing.kind == "agent_missing", missing.problem
    assert "the agent chosen for this task cannot run: unknown agent 'fixer'" in missing.problem, missing.problem
    assert "the retry budget was not spent" in missing.problem
    assert len(dstore.attempts(outcome.run_id, "T1")) == 2, "no attempt started"
    assert missing.options[missing.recommended - 1].startswith(OTHER_AGENT)
    offered = missing.agents_offered(missing.recommended)
    assert "fixer2" in offered and "fixer" not in offered, offered

    dstore.answer_escalation(missing.id, missing.recommended, "use fixer2")
    done = asyncio.run(engine(tmp_path, project, store, fixer="fixer2").run(no_wait=True))
    assert done.ending == "released", done.message
    assert "agent for this task: fixer2" in dstore.task(outcome.run_id, "T1").decision_log
