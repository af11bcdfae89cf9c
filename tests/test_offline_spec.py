"""Offline spec writer: every section, open questions for gaps, decision records, never TBD."""

import re

from pmtui.models import ConversationState, DiscoverySummary
from pmtui.product.brains.offline.scoping import negotiate, propose
from pmtui.product.brains.offline.spec import write_spec
from pmtui.product.rice import rescore
from pmtui.product.search import search_comparable_products

FULL = DiscoverySummary(
    target_user="500 nurses at a regional hospital",
    core_problem="swapping shifts takes days of texting and nurses miss approvals",
    current_alternatives="WhatsApp groups and a paper rota",
    why_now="staff shortages since last winter made swaps weekly",
    feature_wishlist=[
        "shift swap requests",
        "manager approval of swaps",
        "push notifications",
        "social feed for the ward",
    ],
    success_metric="80% of swaps approved within 24 hours",
    revenue_model="per-seat subscription paid by the hospital",
    constraints="solo developer, launch in 6 weeks, mobile web first",
)
SECTIONS = (
    "## Problem statement",
    "## Target user persona",
    "## Comparable products",
    "## Implementation plan by phase",
    "## Cut features and rationale",
    "## RICE summary",
    "## Open questions and risks",
    "## Technical considerations",
)


def state_for(summary: DiscoverySummary, project: str = "ShiftSwap") -> ConversationState:
    output = rescore(propose(summary, search_comparable_products(summary, backend="catalog")))
    return ConversationState(project=project, phase="spec", discovery_summary=summary, scoping_output=output)


def test_all_sections_in_order():
    spec = write_spec(state_for(FULL))
    assert spec.startswith("# ShiftSwap — Product Spec")
    positions = [spec.index(section) for section in SECTIONS]
    assert positions == sorted(positions)
    phases = [p.phase_number for p in state_for(FULL).scoping_output.implementation_phases]
    assert len(phases) >= 2, "the scope has something below the cut line"
    for phase in phases:
        assert f"### Phase {phase}:" in spec
    assert "**Core user flow:**" in spec and "**Key screens:**" in spec
    assert "**Goal:**" in spec and "**Estimated weeks:**" in spec


def test_content_comes_from_the_data():
    state = state_for(FULL)
    spec = write_spec(state)
    assert "Swapping shifts takes days of texting and nurses miss approvals" in spec  # FULL.core_problem, as a sentence
    assert FULL.target_user in spec
    for product in state.scoping_output.comparable_products:
        assert product.name in spec and product.url in spec
    for feature in state.scoping_output.mvp_features:
        assert f"| {feature.name} | {feature.priority} | {feature.phase} |" in spec
    assert "Social feed for the ward" in spec.split("## Cut features and rationale")[1]
    assert "Data privacy" in spec, "nurses and a hospital imply personal data"
    assert "Notifications" in spec
    assert "mobile" in spec.split("## Technical considerations")[1]


def test_gaps_become_open_questions_and_nothing_is_invented():
    sparse = DiscoverySummary(
        target_user="dog owners in my city",
        core_problem="finding a trusted dog walker at short notice",
        feature_wishlist=["walker profiles", "book a walk"],
        revenue_model="TBD",
    )
    spec = write_spec(state_for(sparse, project="Walkies"))
    questions = spec.split("### Open questions")[1].split("### Risks")[0]
    for label in ("Why now", "Success metric", "Revenue model", "Constraints", "Current alternatives"):
        assert f"{label} (not covered in discovery)" in questions
    assert "Platform" in questions
    assert "**Success looks like:**" not in spec
    assert not re.search(r"\bTBD\b", spec, re.IGNORECASE)


def test_vague_answers_are_questioned():
    vague = FULL.model_copy(update={"success_metric": "maybe more usage"})
    spec = write_spec(state_for(vague))
    assert "Success metric is still vague (“maybe more usage”)" in spec


def test_decision_records_appear_with_ask_answer_outcome_and_why():
    state = state_for(FULL)
    held = negotiate(state, "but the social feed is our differentiator", 1, False)
    state.scoping_output = held.output.model_copy(update={"decisions": [held.record]})
    conceded = negotiate(state, "I need the social feed in the MVP", 3, True)
    state.scoping_output = conceded.output.model_copy(update={"decisions": [held.record, conceded.record]})
    spec = write_spec(state)
    decisions = spec.split("### Argue-back decisions")[1].split("## RICE summary")[0]
    assert "Round 1 (Social feed for the ward): held." in decisions
    assert "Round 3 (Social feed for the ward): conceded." in decisions
    assert "“but the social feed is our differentiator”" in decisions
    assert "Why: final round: conceded gracefully" in decisions
    risks = spec.split("### Risks")[1]
    assert "Round 3:" in risks and "without evidence" in risks


def test_spec_without_a_scope_still_has_every_section():
    state = ConversationState(project="Bare", discovery_summary=FULL)
    spec = write_spec(state)
    for section in SECTIONS:
        assert section in spec
    assert not re.search(r"\bTBD\b", spec, re.IGNORECASE)


def test_the_founders_lower_case_facts_start_the_specs_sentences_with_a_capital():
    """Typed the way people chat ("we run 12 matatus in nairobi…"), a fact still starts a sentence of the
    spec with a capital; only the first letter changes, so names and figures stay as the founder typed them."""
    summary = FULL.model_copy(update={
        "core_problem": "we run 12 matatus in nairobi and cash fares go missing",
        "current_alternatives": "a paper book and WhatsApp voice notes",
        "why_now": "two conductors vanished with a week's takings",
    })
    spec = write_spec(state_for(summary))
    assert "\nWe run 12 matatus in nairobi and cash fares go missing\n" in spec
    assert "**Today they use:** A paper book and WhatsApp voice notes" in spec
    assert "**Why now:** Two conductors vanished with a week's takings" in spec
    # Said in the first person, the problem is the founder's own words, not the persona's.
    assert "- **The problem, in the founder's words:** We run 12 matatus in nairobi" in spec


def test_the_personas_problem_is_labelled_by_whose_words_it_is() -> None:
    """The tool-hire walk (stop 28): "Their problem: I can't answer everyone while im loading vans" put the owner's
    own complaint in the tradespeople's mouths. A problem said of the users keeps "Their problem"."""
    owner = FULL.model_copy(update={"core_problem": "i cant pick up the phone while im out on a job"})
    spec = write_spec(state_for(owner))
    assert "- **The problem, in the founder's words:** I cant pick up the phone while im out on a job" in spec
    assert "Their problem" not in spec
    users = write_spec(state_for(FULL))
    assert "- **Their problem:** Swapping shifts takes days of texting" in users
