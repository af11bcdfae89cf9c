"""The spec and the plan checked against the founder's own words (pmtui.product.eval.text_checks, held-out 24 on):
the plan's criteria read as sentences and say the founder's nouns, the spec says them; counted only for a founder
whose set gives the words, so earlier sets keep their totals."""

from __future__ import annotations

from pmtui.models import ConversationState
from pmtui.product.eval.assertions import ASSERTIONS, score
from pmtui.product.eval.founders import Founder, load_founders
from pmtui.product.eval.runner import Conversation

_PLAN = """# Plan: Grain store
plan-id: grain

## Environment
- lint: ruff check .
- typecheck: none
- test: pytest -q
- build: none

## Tasks

### T1: Project skeleton

Set up.

- tier: normal
- depends: none
- ownership: skeleton
- files: create app.py
- tests: tests/test_smoke.py
- non-goals: none
- time-budget: 15m

Acceptance criteria:
- The project builds from a clean checkout with the commands in the Environment section

### T2: Sacks weighed in

Phase 1, P0.

- tier: normal
- depends: T1
- ownership: sacks
- files: create sacks.py
- tests: tests/test_sacks.py
- non-goals: none
- time-budget: 20m

Acceptance criteria:
- {criterion}
- Invalid or empty input is refused with a message that says what to fix, and nothing is saved
- tests/test_sacks.py covers these criteria and passes with `pytest -q`
"""


def _conversation(criterion: str, plan: list[str], spec: list[str]) -> Conversation:
    founder = Founder(id="grain-store", kind="terse", product="Grain store sacks", opening="grain store",
                      answers={}, agree="ok", plan=plan, spec=spec)
    state = ConversationState(project="Grain store", slug="grain", phase="done",
                              spec_markdown="# Spec\n\nFarmers bring sacks of maize to the store.\n",
                              plan_markdown=_PLAN.format(criterion=criterion))
    return Conversation(founder=founder, simulator="scripted", state=state)


def test_a_plan_whose_criteria_read_as_sentences_and_say_the_founders_nouns_passes() -> None:
    verdicts, _ = score(_conversation("Farmers can weigh in their sacks from the app and see the result saved",
                                      plan=["sack", "farmer"], spec=["maize"]))
    assert verdicts["plan_criteria_read_well"] is True
    assert verdicts["spec_keeps_their_words"] is True


def test_a_wish_glued_after_the_template_or_a_noun_left_out_fails() -> None:
    verdicts, notes = score(_conversation("A user can add a farmers weigh in their sacks from the app and sees the "
                                          "result saved", plan=["sack"], spec=["maize"]))
    assert verdicts["plan_criteria_read_well"] is False
    assert any("no sentence" in note for note in notes)
    verdicts, notes = score(_conversation("A user can weigh in a delivery from the app and sees the result saved",
                                          plan=["sack"], spec=["sorghum"]))
    assert verdicts["plan_criteria_read_well"] is False
    assert verdicts["spec_keeps_their_words"] is False
    assert any("['sack']" in note for note in notes)


def test_the_text_assertions_count_only_for_a_founder_that_gives_the_words() -> None:
    verdicts, _ = score(_conversation("A user can add a farmers weigh in from the app and sees the result saved",
                                      plan=[], spec=[]))
    assert set(verdicts) == set(ASSERTIONS)
    assert all(not founder.plan and not founder.spec for founder in load_founders("heldout23"))
    assert all(founder.plan for founder in load_founders("heldout24"))
