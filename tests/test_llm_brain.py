"""LLMBrain: the Brain protocol through the gateway, against the fake OpenAI-compatible server."""

from __future__ import annotations

import json

import pytest

from pmtui.config import Config, ModelRoute
from pmtui.llm.gateway import LLMError, LLMGateway
from pmtui.models import ChatMessage, ComparableProduct, ConversationState, DiscoverySummary
from pmtui.product.brains.model import DiscoveryFacts, LLMBrain, merge_summary
from pmtui.product.completeness import check_completeness
from pmtui.product.rice import effort_budget_weeks
from pmtui.store import Store
from tests.fake_llm_server import FakeLLMServer, FakeResponse

SPEC_SECTIONS = (
    "Problem statement", "Target user persona", "Comparable products", "Implementation plan by phase",
    "Cut features and rationale", "RICE summary", "Open questions and risks", "Technical considerations",
)


@pytest.fixture
def brain(fake_llm: FakeLLMServer, store: Store, monkeypatch: pytest.MonkeyPatch) -> LLMBrain:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    # A timeout no loaded machine reaches: with 2 s, a first call that paid litellm's lazy set-up at load 8 timed
    # out and was retried, and the calls counted were three. Timeouts have their own test, against a slow server.
    route = ModelRoute(model="openai/fake-model", api_base=fake_llm.api_base, timeout=60, max_retries=1)
    return LLMBrain(LLMGateway(Config(models={"default": route}), store, backoff_base=0.01, backoff_cap=0.02))


@pytest.fixture
def state(store: Store) -> ConversationState:
    project_id = store.create_project("Shift habits")
    return ConversationState(
        project_id=project_id,
        project="Shift habits",
        messages=[ChatMessage(role="assistant", content="What's the idea, and who is it for?", phase="discovery")],
        discovery_summary=DiscoverySummary(feature_wishlist=["Streak tracking"]),
    )


def scoped_summary() -> DiscoverySummary:
    return DiscoverySummary(
        target_user="night-shift nurses",
        core_problem="they lose healthy routines on rotating shifts",
        current_alternatives="paper notes and generic habit apps",
        why_now="hospitals now publish shift rosters as calendar feeds",
        feature_wishlist=["Habit check-ins", "Shift-aware reminders", "Social feed", "Analytics dashboard"],
        success_metric="40% of users check in 4 nights a week after a month",
        revenue_model="hospital wellness subscriptions",
        constraints="solo founder, 6 weeks",
    )


DRAFT = {
    "features": [
        {"name": "Habit check-ins", "description": "Tick a habit in two taps", "priority": "P0", "phase": 1,
         "reach": 500, "impact": 2, "confidence": 80, "effort": 1.5, "reach_reason": "all active users",
         "impact_reason": "the core flow", "confidence_reason": "the founder said it", "effort_reason": "simple",
         "stated": ["reach"]},
        {"name": "Shift-aware reminders", "priority": "p0", "phase": 1, "reach": 400, "impact": 3,
         "confidence": 0.6, "effort": 2},
        {"name": "Social feed", "priority": "P2", "phase": 3, "reach": 100, "impact": 0.5, "confidence": 0.3,
         "effort": 4},
    ],
    "cut_features": [{"name": "Analytics dashboard", "reason": "Nurses need the habit loop first."}],
    "comparable_products": [
        {"name": "Habitica", "relevance": "Gamified habits show streaks keep people coming back."},
        {"name": "NurseHabit Pro", "relevance": "A made-up competitor with a made-up URL."},
    ],
    "core_user_flow": ["Open the app after a shift", "Check in habits", "See tomorrow's reminder"],
    "key_screens": ["Today", "Habits"],
    "scope_rationale": "One loop: check in, get reminded at the right time for the shift.",
}


async def test_a_discovery_turn_makes_at_most_two_calls(
    brain: LLMBrain, state: ConversationState, fake_llm: FakeLLMServer, store: Store
) -> None:
    user_text = "Night-shift nurses keep losing their routines; they want streak tracking and reminders."
    state.messages.append(ChatMessage(role="user", content=user_text, phase="discovery"))
    question = "You said nurses lose their routines on night shifts. What do they use today to keep track?"
    fake_llm.enqueue(
        json.dumps({"target_user": "night-shift nurses", "core_problem": "they lose their routines",
                    "feature_wishlist": ["streak tracking", "Reminders"], "why_now": None}),
        FakeResponse(text=question, chunk_size=9),
    )
    before = state.discovery_summary

    summary = await brain.extract_discovery(state, user_text)
    completeness = check_completeness(summary, state.user_turns)
    state.discovery_summary = summary
    deltas: list[str] = []
    reply = await brain.discovery_reply(state, user_text, before, completeness, deltas.append)

    assert fake_llm.call_count == 2
    assert summary.target_user == "night-shift nurses"
    assert summary.feature_wishlist == ["Streak tracking", "Reminders"]
    assert reply.text == question == "".join(deltas)
    assert len(deltas) > 1
    assert reply.asked_aspect == completeness.gaps[0] == "current_alternatives"
    extraction, conversation = fake_llm.requests
    assert not extraction.stream and conversation.stream
    system = conversation.messages[0]["content"]
    assert "Current alternatives" in system and "Why now" in system
    assert "night-shift nurses" in system
    assert conversation.messages[-1] == {"role": "user", "content": user_text}
    assert [c["task_type"] for c in store.llm_calls(state.project_id)] == ["extraction", "conversation"]


def test_merge_keeps_known_values_and_dedupes_the_wishlist() -> None:
    current = DiscoverySummary(target_user="nurses", revenue_model="subscription", feature_wishlist=["Reminders"])
    facts = DiscoveryFacts(target_user="night-shift nurses", feature_wishlist=["reminders", "Streaks."])

    merged = merge_summary(current, facts)

    assert merged.target_user == "night-shift nurses"
    assert merged.revenue_model == "subscription"
    assert merged.feature_wishlist == ["Reminders", "Streaks"]
    assert current.feature_wishlist == ["Reminders"]


async def test_propose_scope_keeps_only_the_given_comparables(
    brain: LLMBrain, state: ConversationState, fake_llm: FakeLLMServer
) -> None:
    state.discovery_summary = scoped_summary()
    comparables = [
        ComparableProduct(name="Habitica", category="habits", description="Gamified habit tracker",
                          url="https://habitica.com"),
        ComparableProduct(name="Streaks", category="habits", description="iOS habit tracker",
                          url="https://streaksapp.com"),
    ]
    fake_llm.enqueue(json.dumps(DRAFT))

    output = await brain.propose_scope(state, comparables)

    assert fake_llm.call_count == 1
    assert [c.name for c in output.comparable_products] == ["Habitica", "Streaks"]
    assert [c.url for c in output.comparable_products] == ["https://habitica.com", "https://streaksapp.com"]
    assert output.comparable_products[0].relevance.startswith("Gamified habits")
    assert "NurseHabit" not in output.model_dump_json()
    assert "Habitica" in fake_llm.requests[0].messages[0]["content"]
    checkins = output.feature("Habit check-ins")
    assert checkins is not None
    assert checkins.rice_confidence == 0.8
    assert checkins.provenance["reach"].source == "stated"
    assert checkins.provenance["effort"].source == "estimated"
    assert checkins.provenance["effort"].reason == "simple"
    assert checkins.rice_score == pytest.approx(500 * 2 * 0.8 / 1.5, abs=0.01)
    assert [f.rice_score for f in output.mvp_features] == sorted((f.rice_score for f in output.mvp_features),
                                                                reverse=True)
    assert output.effort_budget_weeks == effort_budget_weeks(state.discovery_summary) > 0
    assert [c.name for c in output.cut_features] == ["Analytics dashboard"]
    assert output.implementation_phases


async def test_negotiate_concession_brings_a_cut_feature_back_and_pins_it(
    brain: LLMBrain, state: ConversationState, fake_llm: FakeLLMServer
) -> None:
    state.discovery_summary = scoped_summary()
    fake_llm.enqueue(json.dumps(DRAFT))
    state.scoping_output = await brain.propose_scope(state, [])
    fake_llm.enqueue(json.dumps({
        "reply": "Hospital buyers need the dashboard to renew — that's new evidence, so it moves into Phase 1.",
        "outcome": "Conceded", "reason": "Buyers renew on the dashboard.", "features": ["Analytics dashboard"],
        "feature_changes": [{"name": "analytics dashboard", "phase": 1, "priority": "P0"}], "risk": "",
    }))

    negotiation = await brain.negotiate(state, "Our hospital buyers renew based on the dashboard.", 1, False)

    dashboard = negotiation.output.feature("Analytics dashboard")
    assert dashboard is not None
    assert (dashboard.phase, dashboard.priority) == (1, "P0")
    assert set(dashboard.pinned) == {"phase", "priority"}
    assert not negotiation.output.cut_features
    assert negotiation.record.outcome == "conceded"
    assert negotiation.record.round == 1
    assert negotiation.record.ask.startswith("Our hospital buyers")
    assert negotiation.reply.startswith("Hospital buyers")
    assert state.scoping_output.feature("Analytics dashboard") is None


async def test_final_round_is_always_a_graceful_concession_with_a_risk(
    brain: LLMBrain, state: ConversationState, fake_llm: FakeLLMServer
) -> None:
    state.discovery_summary = scoped_summary()
    fake_llm.enqueue(json.dumps(DRAFT))
    state.scoping_output = await brain.propose_scope(state, [])
    fake_llm.enqueue(json.dumps({
        "reply": "The social feed scores 3.75 against 533 for check-ins; I'd still keep it out.",
        "outcome": "held", "reason": "No new evidence.", "features": ["Social feed"], "feature_changes": [],
    }))

    negotiation = await brain.negotiate(state, "The social feed is our differentiator.", 3, True)

    feed = negotiation.output.feature("Social feed")
    assert feed is not None and feed.phase == 1 and "phase" in feed.pinned
    assert negotiation.record.outcome == "conceded"
    assert negotiation.record.risk
    assert "last round" in negotiation.reply
    assert "FINAL ROUND" in fake_llm.requests[-1].messages[0]["content"]


async def test_classification_falls_back_to_a_safe_intent_but_extraction_fails_loudly(
    brain: LLMBrain, state: ConversationState, fake_llm: FakeLLMServer
) -> None:
    fake_llm.set_responder(lambda body: FakeResponse(status=500))

    assert await brain.classify_review(state, "yes that's right") == "REVISE"
    assert await brain.classify_scoping_intent(state, "ok") == "QUESTION"
    with pytest.raises(LLMError):
        await brain.extract_discovery(state, "nurses")


async def test_classification_reads_the_models_intent(
    brain: LLMBrain, state: ConversationState, fake_llm: FakeLLMServer
) -> None:
    fake_llm.enqueue('{"intent": "confirm"}', '{"intent": "PUSHBACK"}')

    assert await brain.classify_review(state, "yes, spot on") == "CONFIRM"
    assert await brain.classify_scoping_intent(state, "the feed must stay") == "PUSHBACK"
    assert fake_llm.requests[0].body.get("temperature") == 0


async def test_write_spec_streams_one_spec_call_with_the_required_sections(
    brain: LLMBrain, state: ConversationState, fake_llm: FakeLLMServer, store: Store
) -> None:
    state.discovery_summary = scoped_summary()
    fake_llm.enqueue(json.dumps(DRAFT))
    state.scoping_output = await brain.propose_scope(state, [])
    spec = "# Shift habits — product spec\n\n## Problem statement\nNurses lose routines.\n"
    fake_llm.enqueue(FakeResponse(text=f"```markdown\n{spec}```", chunk_size=10))
    deltas: list[str] = []

    markdown = await brain.write_spec(state, deltas.append)

    assert markdown == spec
    assert len(deltas) > 1
    request = fake_llm.requests[-1]
    assert request.stream
    system = request.messages[0]["content"]
    for section in SPEC_SECTIONS:
        assert f"## {section}" in system
    assert "TBD" in system and "Habit check-ins" in system
    assert store.llm_calls(state.project_id)[-1]["task_type"] == "spec"


async def test_a_model_timeout_keeps_the_users_message_and_retry_answers_it(
    fake_llm: FakeLLMServer, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pmtui.product.orchestrator import Orchestrator

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    route = ModelRoute(model="openai/fake-model", api_base=fake_llm.api_base, timeout=0.5, max_retries=0)
    config = Config(models={"default": route})
    orchestrator = Orchestrator(store, config, brain=LLMBrain(LLMGateway(config, store, backoff_base=0.01)))
    project_id = orchestrator.open_project("Shift swaps").project_id
    text = "An app for ICU nurses to swap shifts without the WhatsApp chaos."
    fake_llm.enqueue(FakeResponse(text="{}", delay=3))

    failed = await orchestrator.handle(project_id, text)

    assert "timed out" in failed.error
    assert orchestrator.state(project_id).messages[-1].content == text
    fake_llm.enqueue(
        json.dumps({"target_user": "ICU nurses", "core_problem": "shift swaps happen in WhatsApp chaos"}),
        "You said swaps happen in WhatsApp chaos. What do the nurses use today to approve a swap?",
    )

    answered = await orchestrator.retry(project_id)

    assert answered.error == ""
    assert answered.reply.startswith("You said swaps happen in WhatsApp chaos.")
    state = orchestrator.state(project_id)
    assert [m.role for m in state.messages[-2:]] == ["user", "assistant"]
    assert [m.content for m in state.messages].count(text) == 1
    assert state.discovery_summary.target_user == "ICU nurses"
