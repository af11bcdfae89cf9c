"""The shared conversation flow (Orchestrator) on both brains: agreement is heard before the skip guard,
the PM never sends the same reply twice in a row, and a second misunderstanding offers numbered choices."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from pmtui.config import Config, ModelRoute
from pmtui.models import ConversationState, DiscoverySummary
from pmtui.product import texts
from pmtui.product.orchestrator import Orchestrator
from pmtui.store import Store
from tests.fake_llm_server import FakeLLMServer

ISSUE_AGREEMENT = "OK, that makes sense. I agree with this scope, let's write the spec."
SUMMARY = DiscoverySummary(
    target_user="ICU nurses at big hospitals",
    core_problem="Swaps take days and the charge nurse approves on paper",
    current_alternatives="a paper swap book and WhatsApp",
    why_now="staff shortages since covid",
    feature_wishlist=["Post a shift", "Accept a swap", "Charge nurse approval"],
    success_metric="60% of swaps in the app within 3 months",
    revenue_model="$2 per nurse per month",
    constraints="two developers, 8 weeks",
)


async def _in_scoping(orchestrator: Orchestrator, store: Store) -> int:
    """A project whose discovery is done and whose scope is proposed, as the user would reach it."""
    state = orchestrator.open_project("Swaps")
    answers = [
        "An app for ICU nurses to swap shifts.",
        "Swaps take days and the charge nurse approves on paper.",
        "A paper swap book and WhatsApp.",
        "Post a shift, accept a swap, charge nurse approval.",
        "60% of swaps in the app within 3 months.",
        "Two developers, 8 weeks.",
        "$2 per nurse per month.",
    ]
    for text in answers:
        result = await orchestrator.handle(state.project_id, text)
        if result.summary_shown:
            break
    result = await orchestrator.handle(state.project_id, "yes")
    assert result.phase == "scoping", result.reply
    return state.project_id


async def test_agreement_with_a_request_for_the_spec_writes_the_spec(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = await _in_scoping(orchestrator, store)
    result = await orchestrator.handle(project, ISSUE_AGREEMENT)
    assert result.phase == "done" and "Product Spec" in result.reply
    store.close()


async def test_a_second_misunderstanding_offers_numbered_choices_and_a_number_picks_one(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = await _in_scoping(orchestrator, store)
    first = await orchestrator.handle(project, "just write the spec")
    assert first.phase == "scoping" and not first.choices
    second = await orchestrator.handle(project, "just write the spec!!")
    assert second.reply != first.reply
    assert second.choices == [texts.CHOICES["agree"], texts.CHOICES["change"], texts.CHOICES["ask"]]
    assert "1. Agree to this scope" in second.reply and "Reply with a number" in second.reply
    # The choices survive a restart of the app: they live in the store.
    store.close()
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    assert orchestrator.state(project).choices == ["agree", "change", "ask"]
    picked = await orchestrator.handle(project, "1")
    assert picked.phase == "done"
    store.close()


async def test_the_pm_never_says_the_same_thing_twice_in_a_row(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = await _in_scoping(orchestrator, store)
    replies = [(await orchestrator.handle(project, "no, I don't like it")).reply for _ in range(4)]
    for before, after in itertools.pairwise(replies):
        assert before != after
    state = orchestrator.state(project)
    assert state.negotiation_rounds == 0, "not knowing what to change spends no argue-back round"
    store.close()


@pytest.mark.parametrize("reply", ["2", "option 2", "the second one"])
def test_a_choice_is_picked_by_number_or_ordinal(reply: str) -> None:
    assert texts.choice_number(reply, 3) == 2
    assert texts.choice_number("4", 3) is None and texts.choice_number("two weeks", 3) is None


# -- the LLM path: the same flow, the same guard order ------------------------------------------------
@pytest.fixture
def llm_config(fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> Config:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    # A generous timeout: on a loaded 2-core machine litellm's first call can take seconds.
    route = ModelRoute(model="openai/fake-model", api_base=fake_llm.api_base, timeout=30, max_retries=0)
    return Config(models={"default": route})


async def test_on_the_llm_path_agreement_is_classified_before_the_skip_guard(
    tmp_path: Path, fake_llm: FakeLLMServer, llm_config: Config
) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, llm_config)
    project = store.create_project("Swaps")
    from pmtui.product.brains.offline.scoping import propose
    from pmtui.product.rice import rescore

    state = orchestrator.state(project)
    state.phase = "scoping"
    state.phases_visited = ["discovery", "scoping"]
    state.discovery_summary = SUMMARY
    store.save_discovery(project, SUMMARY, state.completeness)
    store.save_scoping(project, rescore(propose(SUMMARY, [])), "proposal")
    store.save_flags(state)
    fake_llm.enqueue(json.dumps({"intent": "AGREE"}), "# Swaps — spec\n\n## Problem statement\n\nSwaps.\n")

    result = await orchestrator.handle(project, ISSUE_AGREEMENT)

    assert not result.error, result.error
    assert next(r.body["messages"][0]["content"][:40] for r in fake_llm.requests).startswith("A product manager")
    assert fake_llm.call_count == 2, "one classification, one spec"
    assert result.phase == "done" and "spec" in result.reply.lower()
    store.close()


async def test_undo_takes_back_the_last_answer_and_the_last_round(tmp_path: Path) -> None:
    """'Undo that' in discovery restores the summary before its last change; 'go back on that' in scoping
    restores the table and gives the round back. The shared flow does it, so both engines have it."""
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = orchestrator.open_project("Swaps").project_id
    await orchestrator.handle(project, "An app for ICU nurses to swap shifts.")
    before = orchestrator.state(project).discovery_summary
    await orchestrator.handle(project, "Swaps take days and the charge nurse approves on paper.")
    assert orchestrator.state(project).discovery_summary != before
    undone = await orchestrator.handle(project, "wait go back, undo that last one, I mixed it up")
    assert orchestrator.state(project).discovery_summary == before
    assert "Undone" in undone.reply and "core problem" in undone.reply
    # What was taken back is asked for again, as a question (not "my last question still stands").
    assert undone.reply.rstrip().endswith("?") and "problem" in texts.last_question([undone.reply]).lower()
    again = await orchestrator.handle(project, "Nurses can't find anyone to swap with at short notice.")
    assert "short notice" in orchestrator.state(project).discovery_summary.core_problem, again.reply
    store.close()

    store = Store(tmp_path / "db2")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = await _in_scoping(orchestrator, store)
    proposed = orchestrator.state(project).scoping_output
    changed = await orchestrator.handle(project, "Add a shift calendar export, nurses asked for it.")
    assert orchestrator.state(project).negotiation_rounds == 1, changed.reply
    back = await orchestrator.handle(project, "undo that, actually, it's too much for now")
    state = orchestrator.state(project)
    assert state.negotiation_rounds == 0 and "Undone" in back.reply
    assert [f.name for f in state.scoping_output.mvp_features] == [f.name for f in proposed.mvp_features]
    store.close()


async def test_a_wishlist_heard_only_in_the_pitch_is_asked_about_before_the_card(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = orchestrator.open_project("Dogs").project_id
    answers = iter([
        "A dog walking app: owners book vetted walkers, follow the walk on GPS, get a photo report.",
        "Dog owners working in offices.",
        "Walkers cancel or cut walks short and owners can't tell.",
        "Rover and neighbours, and a WhatsApp group.",
        "400 walks a month by month 3.",
        "Return-to-office mandates.",
        "2 devs, 8 weeks.",
        "$5 per walk, paid by the owner.",
        "Booking, GPS tracking, photo report, walker vetting, payments.",
        "Nothing else.",
    ])
    for text in answers:
        result = await orchestrator.handle(project, text)
        if result.summary_shown:
            break
    state = orchestrator.state(project)
    assert state.discovery_summary_shown and state.ask_count.get("feature_wishlist", 0) >= 1, (
        "the pitch's features are a draft: the PM asked what the first version must do before the card"
    )
    store.close()


async def test_scratch_that_followed_by_a_new_direction_is_a_pivot_not_an_undo(tmp_path: Path) -> None:
    # The pivoting founder of the tuned set: the message takes nothing back, it says who it is for now.
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = orchestrator.open_project("Invoices").project_id
    for text in ("I want to help freelance designers get paid on time with automatic invoice reminders.",
                 "Clients pay late and chasing is awkward."):
        await orchestrator.handle(project, text)
    result = await orchestrator.handle(
        project,
        "Actually, scratch that. I talked to my accountant and the people with the real problem are small design "
        "studios, 5-20 people, where the office manager chases invoices for everyone. They'd pay more. Let's do it "
        "for the studio office managers.",
    )
    assert not result.reply.startswith("Undone")
    assert "studio" in orchestrator.state(project).discovery_summary.target_user.lower()
    store.close()


async def test_the_wishlist_question_answered_with_an_aside_is_asked_again(tmp_path: Path) -> None:
    # The bike-shop founder of held-out set 2 corrected the price when asked what the first version must do.
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = orchestrator.open_project("Bikes").project_id
    answers = [
        "Booking system for independent bike repair shops, so customers can book a service slot online.",
        "Independent bike shops with one or two mechanics",
        "Walk-ins pile up on Saturdays and mechanics can't plan the week, bikes sit in the shop for days",
        "A paper diary at the counter and phone calls",
        "25 shops, each with 60% of repairs booked online after 4 months",
        "E-bikes doubled the repair volume and the repairs take longer",
    ]
    for text in answers:
        result = await orchestrator.handle(project, text)
    state = orchestrator.state(project)
    if state.asked_aspect != "feature_wishlist":
        result = await orchestrator.handle(project, "Two of us, 8 weeks")
    assert orchestrator.state(project).asked_aspect == "feature_wishlist", result.reply
    result = await orchestrator.handle(
        project, "Scratch what I said about the price, £25 is too much for a small shop, it should be £15 a month"
    )
    assert not result.summary_shown and orchestrator.state(project).asked_aspect == "feature_wishlist", result.reply
    result = await orchestrator.handle(
        project, "Online booking by service type, a workshop calendar for the mechanic, and a text when it's ready"
    )
    if orchestrator.state(project).asked_aspect == "constraints":
        # The team and the weeks are asked about once before any card (they set the scope's budget).
        result = await orchestrator.handle(project, "Two of us, 8 weeks")
    assert result.summary_shown
    assert any("calendar" in f.lower() for f in orchestrator.state(project).discovery_summary.feature_wishlist)
    store.close()


async def test_going_back_on_the_merge_keeps_the_rest_of_that_round(tmp_path: Path) -> None:
    # The tutoring arguer of held-out set 2, in one message: a re-estimate and a merge; then only the merge back.
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = await _in_scoping(orchestrator, store)
    names = [f.name for f in orchestrator.state(project).scoping_output.mvp_features]
    assert {"Accept a swap", "Charge nurse approval"} <= set(names), names
    changed = await orchestrator.handle(
        project, "post a shift is not 1 week of work make it 2 weeks and merge accept a swap into the charge nurse "
        "approval theyre the same screen"
    )
    merged = orchestrator.state(project).scoping_output
    assert len(merged.mvp_features) == len(names) - 1, changed.reply
    back = await orchestrator.handle(project, "go back on the merge, keep accept a swap separate after all")
    state = orchestrator.state(project)
    assert {"Accept a swap", "Charge nurse approval"} <= {f.name for f in state.scoping_output.mvp_features}
    assert state.scoping_output.feature("Post a shift").rice_effort == 2, back.reply
    assert "Undone" in back.reply and "rest of that round stands" in back.reply
    assert state.negotiation_rounds == 1
    store.close()


async def test_a_question_back_at_the_summary_card_is_answered_and_the_card_stays_open(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    state = orchestrator.open_project("Swaps")
    for text in ["An app for ICU nurses to swap shifts.", "Swaps take days and the charge nurse approves on paper.",
                 "A paper swap book and WhatsApp.", "Post a shift, accept a swap, charge nurse approval.",
                 "60% of swaps in the app within 3 months.", "Two developers, 8 weeks.", "$2 per nurse a month"]:
        result = await orchestrator.handle(state.project_id, text)
        if result.summary_shown:
            break
    summary = orchestrator.state(state.project_id).discovery_summary
    result = await orchestrator.handle(state.project_id, "Can I ask you something — would you charge the nurses or the hospital?")
    assert result.summary_shown and result.phase == "discovery"
    assert "charge the nurses or the hospital" in result.reply and "what should I change" not in result.reply
    assert orchestrator.state(state.project_id).discovery_summary == summary
    result = await orchestrator.handle(state.project_id, "Yes, that's it.")
    assert result.phase == "scoping"
    store.close()


def test_a_wishlist_of_one_short_item_is_asked_about_once_more() -> None:
    from pmtui.models import ConversationState
    from pmtui.product.brains.offline.discovery.text import is_thin as _is_thin
    from pmtui.product.orchestrator import _thin_wishlist_answer

    state = ConversationState(project="p", asked_aspect="feature_wishlist", ask_count={"feature_wishlist": 1})
    assert _thin_wishlist_answer(state, [], ["Track waste"])
    assert not _thin_wishlist_answer(state, [], ["Record litres", "Sms farmer"])
    assert not _thin_wishlist_answer(state.model_copy(update={"ask_count": {"feature_wishlist": 2}}), [], ["Booking"])
    assert _is_thin("feature_wishlist", ["Track waste"]) and not _is_thin("feature_wishlist", ["Log each bin", "Weekly cost"])


DOG_CARD_CORRECTION = (
    "no, the target user is dog owners in my apartment building. why now: covid made everyone get dogs and now "
    "people are back in the office. success metric is 30 dogs walked on schedule every week after 3 months"
)


def test_a_labelled_correction_gives_each_named_aspect_its_own_clause() -> None:
    from pmtui.product.labelled import labelled_parts

    parts, rest = labelled_parts(DOG_CARD_CORRECTION)
    assert [(p.aspect, p.value) for p in parts] == [
        ("target_user", "Dog owners in my apartment building"),
        ("why_now", "Covid made everyone get dogs and now people are back in the office"),
        ("success_metric", "30 dogs walked on schedule every week after 3 months"),
    ] and rest == ""
    # Who it is not, and the words that close a correction, are no part of any value.
    parts, rest = labelled_parts("target user: captains not players. rest ok")
    assert [(p.aspect, p.value) for p in parts] == [("target_user", "Captains")] and rest == ""
    parts, rest = labelled_parts("Nearly. Target user: the house admin, not every housemate. Success metric: 300 "
                                 "houses settling every bill within 7 days by month 6. Everything else is right.")
    assert [p.value for p in parts] == ["The house admin", "300 houses settling every bill within 7 days by month 6"]
    # A number put right where it stands is the brains' job; a label inside a clause is no label.
    assert labelled_parts("the price should be GH₵ 60 not 50")[0] == []
    assert labelled_parts("I left because the price is too high for us")[0] == []
    # Two labels joined by "and" (a garage owner at the card, 2026-11-26): only the first was taken, with the second
    # inside its value ("R299 per garage per month and the constraints are …").
    parts, rest = labelled_parts("no you mixed them up, revenue is R299 per garage per month and the constraints are "
                                 "cheap android phones, bad data, 6 weeks, two devs")
    assert [(p.aspect, p.value) for p in parts] == [
        ("revenue_model", "R299 per garage per month"),
        ("constraints", "Cheap android phones, bad data, 6 weeks, two devs")]
    # "but" before a label stays a number correction for the brains, as above.
    assert labelled_parts("yes but the price should be GH₵ 60 not 50")[0] == []


async def test_a_multi_part_correction_at_the_card_updates_each_aspect_it_names(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = orchestrator.open_project("Swaps").project_id
    for text in ["An app for ICU nurses to swap shifts.", "Swaps take days and the charge nurse approves on paper.",
                 "A paper swap book and WhatsApp.", "Post a shift, accept a swap, charge nurse approval.",
                 "60% of swaps in the app within 3 months.", "Two developers, 8 weeks.", "$2 per nurse a month",
                 "staff shortages"]:
        result = await orchestrator.handle(project, text)
        if result.summary_shown:
            break
    before = orchestrator.state(project).discovery_summary
    result = await orchestrator.handle(project, DOG_CARD_CORRECTION)
    after = orchestrator.state(project).discovery_summary
    assert result.summary_shown and "target user, why now and success metric" in result.reply
    assert after.target_user == "Dog owners in my apartment building"
    assert after.why_now.startswith("Covid made everyone get dogs")
    assert after.success_metric == "30 dogs walked on schedule every week after 3 months"
    assert (after.constraints, after.core_problem, after.revenue_model) == (
        before.constraints, before.core_problem, before.revenue_model)
    store.close()


def test_that_was_about_names_where_the_previous_answer_belongs() -> None:
    from pmtui.product.labelled import moved_answer

    assert moved_answer("sorry that was about why now. success = 30 dogs walked every week") == (
        "why_now", "success = 30 dogs walked every week")
    assert moved_answer("hang on that was more about who it's for, sorry. why now is the warden service went")[0] == (
        "target_user")
    assert moved_answer("that was easy") is None and moved_answer("That was about 3 weeks ago") is None


async def test_a_why_now_given_to_the_metric_question_moves_when_the_founder_says_so(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = orchestrator.open_project("Dogs").project_id
    for text in ["An app for dog owners in my building to share dog walking.",
                 "When someone is sick or travelling their dog doesn't get walked.", "A WhatsApp group."]:
        await orchestrator.handle(project, text)
    state = orchestrator.state(project)
    state.asked_aspect = "success_metric"
    store.save_flags(state)
    await orchestrator.handle(project, "everyone got a puppy in lockdown and the owners are back at their desks")
    result = await orchestrator.handle(
        project, "sorry that was about why now. success = 30 dogs walked on schedule every week after 3 months")
    summary = orchestrator.state(project).discovery_summary
    assert "puppy in lockdown" in summary.why_now and "puppy" not in summary.success_metric
    assert summary.success_metric == "30 dogs walked on schedule every week after 3 months"
    assert "sorry that was" not in result.reply.lower() and "why now" in result.reply
    assert '"30 dogs walked on schedule every week after 3 months"' in result.reply
    store.close()


async def test_the_card_waits_until_the_team_and_the_price_were_asked_about_once(tmp_path: Path) -> None:
    # A new user's dog-walk rota reached the card at 80 % without either, and scoped to 4 weeks × 1 person.
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = orchestrator.open_project("Dogs").project_id
    asked: list[str] = []
    for text in ["An app for dog owners in my apartment building to share dog walking.",
                 "When someone is sick or travelling their dog doesn't get walked.", "A WhatsApp group, it's chaos.",
                 "A weekly walk rota, swapping a walk, and a walk log.", "30 dogs walked on schedule every week.",
                 "Everyone got a dog in covid and now people are back in the office.", "not sure", "not sure",
                 "not sure", "not sure"]:
        result = await orchestrator.handle(project, text)
        if result.summary_shown:
            break
        asked.append(orchestrator.state(project).asked_aspect)
    assert result.summary_shown and {"constraints", "revenue_model"} <= set(asked), asked
    store.close()


def test_a_value_heard_only_in_passing_is_a_draft_unless_it_stands_on_its_own() -> None:
    from pmtui.product.drafts import weak

    # From pitches of the eval: weak fragments are asked about, clear statements are not.
    assert weak("core_problem", "I hate it, it feels like begging")
    assert weak("core_problem", "paper ones go missing")
    assert weak("core_problem", "an app about food waste; restaurants waste a lot")
    assert not weak("core_problem", "they never know if the walk actually happened")
    assert weak("target_user", "surf club") and weak("target_user", "small clinics") and weak("target_user", "nurses")
    assert not weak("target_user", "freelance graphic designers")
    assert not weak("target_user", "dog owners in my apartment building")
    assert not weak("current_alternatives", "Today they chase late payments by hand with email and spreadsheets")
    assert weak("success_metric", "I send an invoice, net 30")
    assert not weak("success_metric", "success means 10 paying designers in 3 months")
    # What people lose or pay elsewhere today is no price.
    assert weak("revenue_model", "residents with a second car or visitors pay £15 a day at the public car park")
    assert weak("revenue_model", "the price lah")
    assert not weak("revenue_model", "£3 a month per team, captain pays")
    assert weak("constraints", "Instructors lose a fortune to no-shows and spend their evenings texting learners")
    assert not weak("constraints", "Me and one developer, 8 weeks, iOS and Android")


async def test_a_pitch_fragment_is_asked_about_once_and_the_direct_answer_replaces_it(tmp_path: Path) -> None:
    # invoices-rambling: the pitch's "I hate it, it feels like begging" had been the core problem to the end, and
    # "The chasing. It takes maybe a day a month…" was never asked for.
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = orchestrator.open_project("Invoices").project_id
    pitch = ("I'm a freelance designer. I send an invoice, net 30, and then nothing, and then I have to write this super "
             "polite email, and I hate it, it feels like begging.")
    await orchestrator.handle(project, pitch)
    state = orchestrator.state(project)
    assert state.discovery_summary.core_problem == "I hate it, it feels like begging"
    assert "core_problem" in state.drafts
    replies = []
    for _ in range(3):
        state = orchestrator.state(project)
        if state.asked_aspect == "core_problem":
            break
        replies.append((await orchestrator.handle(project, "Freelance designers and illustrators, solo.")).reply)
    assert state.asked_aspect == "core_problem", replies
    asked = state.messages[-1].content
    assert 'You mentioned "I hate it' in asked and "core problem" in asked
    await orchestrator.handle(project, "The chasing. It takes a day a month and clients go quiet for weeks.")
    state = orchestrator.state(project)
    assert "begging" not in state.discovery_summary.core_problem
    assert "chasing" in state.discovery_summary.core_problem.lower()
    assert "core_problem" not in state.drafts
    store.close()


async def test_a_bare_yes_to_the_draft_question_is_pressed_once_and_a_clear_pitch_is_not_asked_again(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "db")
    orchestrator = Orchestrator(store, Config(offline=True))
    project = orchestrator.open_project("Surf").project_id
    first = await orchestrator.handle(project, "g'day, thinking about an app for surf club patrols")
    assert 'I heard "surf club"' in first.reply or 'You mentioned "surf club"' in first.reply
    pressed = await orchestrator.handle(project, "yeah")
    assert orchestrator.state(project).asked_aspect == "target_user" and "surf club" not in pressed.reply.split("?")[-1]
    # A clear statement in the pitch is not a draft: nobody asks "is that how they handle it today?".
    other = orchestrator.open_project("Invoices").project_id
    await orchestrator.handle(other, "Invoice reminders for freelance graphic designers. Today they chase late payments "
                                     "by hand with email and spreadsheets; success means 10 paying designers in 3 months.")
    assert orchestrator.state(other).drafts == {}
    store.close()


def test_going_back_on_one_row_keeps_what_the_founder_says_to_keep_and_puts_the_row_where_it_was() -> None:
    # foodbank-scottish (held-out 3): "go back on the gap alert … Keep the swap change though" undid both, and once
    # only the gap alert went back, scoring the table again put it straight back into Phase 1.
    from pmtui.models import Feature, ScopingOutput
    from pmtui.product.rice import rescore
    from pmtui.product.undo import partial_undo

    def table(swap: float, gap_phase: int) -> ScopingOutput:
        rows = [Feature(name="Swap button", description="reopen a shift", phase=1, rice_reach=100, rice_impact=2,
                        rice_confidence=0.8, rice_effort=swap),
                Feature(name="Volunteers pick shifts themselves", description="", phase=1, rice_reach=100, rice_impact=2,
                        rice_confidence=0.8, rice_effort=1.5),
                Feature(name="Gap alert for the coordinator", description="", phase=gap_phase, rice_reach=100,
                        rice_impact=2, rice_confidence=0.8, rice_effort=1.0)]
        return ScopingOutput(mvp_features=rows, effort_budget_weeks=4)

    said = "On reflection, go back on the gap alert, it can stay where you had it. Keep the swap change though."
    part = partial_undo(table(0.5, 1), table(1.0, 2), said)
    assert part is not None
    output = rescore(part[0])
    assert output.feature("Swap button").rice_effort == 0.5
    assert output.feature("Gap alert for the coordinator").phase == 2


def test_a_direct_answer_that_says_the_draft_again_keeps_it() -> None:
    # kiosk-terse (held-out 7): the pitch said "paper tickets"; asked "is that how they handle it today?", the founder
    # said "paper tickets. whatsapp photos", and only "whatsapp photos" was kept.
    from pmtui.product.drafts import update

    state = ConversationState(project="k", drafts={"current_alternatives": 0})
    before = DiscoverySummary(target_user="kiosk owners", current_alternatives="paper tickets")
    after = before.model_copy(update={"current_alternatives": "paper tickets; whatsapp photos"})
    kept = update(state, before, after, "current_alternatives", [], "paper tickets. whatsapp photos")
    assert kept.current_alternatives == "paper tickets; whatsapp photos"
    # A direct answer about something else still replaces the passing mention.
    state = ConversationState(project="k", drafts={"current_alternatives": 0})
    other = before.model_copy(update={"current_alternatives": "paper tickets; a notebook and WhatsApp"})
    assert update(state, before, other, "current_alternatives", [], "a notebook and WhatsApp").current_alternatives == (
        "a notebook and WhatsApp")
