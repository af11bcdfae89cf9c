"""The offline discovery interviewer: attribution, merging, probing, one question per reply, review intent."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pmtui.models import ASPECTS, ChatMessage, ConversationState, DiscoverySummary
from pmtui.product.brains.offline import OfflineBrain
from pmtui.product.brains.offline.discovery import (
    classify_review,
    extract,
    is_vague,
    next_reply,
    opening_question,
)
from pmtui.product.brains.protocol import DiscoveryReply
from pmtui.product.completeness import check_completeness, has_real_content

NURSE_ANSWERS = {
    "target_user": "ICU nurses at big city hospitals who work rotating night shifts.",
    "core_problem": "When someone calls in sick nobody knows who can cover, so the shift stays empty.",
    "current_alternatives": (
        "Today they post in a WhatsApp group and hope someone answers; half the swaps never get "
        "approved by the manager in time."
    ),
    "feature_wishlist": "Post a shift, accept a swap with one tap, and get manager approval.",
    "success_metric": "500 nurses swapping at least one shift a month within six months of launch.",
    "why_now": "Since covid hospitals are short-staffed and more nurses quit over scheduling every year.",
    "constraints": "Just me and a friend, 8 weeks, and it must run on iOS and Android.",
    "revenue_model": "Hospitals pay $4 per nurse per month.",
}
INVOICE_ANSWERS = {
    "target_user": "Finance teams at companies with 50-500 employees, usually one or two accountants.",
    "core_problem": "They waste days every month matching payments by hand in Excel.",
    "current_alternatives": "Excel exports from the bank portal and a lot of copy-paste.",
    "feature_wishlist": "Auto-match invoices to bank lines, flag mismatches, export to QuickBooks",
    "success_metric": "Success means 20 paying customers and 80% of invoices auto-matched.",
    "why_now": "Now that banks expose open-banking APIs, pulling transactions is finally easy.",
    "constraints": "We're a team of 3 with 4 months of runway.",
    "revenue_model": "Subscription, $299/month per company.",
}


def _state(
    summary: DiscoverySummary, user_texts: list[str], asked: str = "", probes=None
) -> ConversationState:
    messages = [ChatMessage(role="assistant", content=opening_question(), phase="discovery")]
    messages += [ChatMessage(role="user", content=text, phase="discovery") for text in user_texts]
    return ConversationState(
        discovery_summary=summary, messages=messages, asked_aspect=asked, probe_count=dict(probes or {})
    )


def _turn(summary: DiscoverySummary, text: str, asked: str, history: list[str], probes=None):
    """One discovery turn as the orchestrator runs it: extract, completeness, then the reply."""
    after = extract(summary, text, asked)
    state = _state(after, [*history, text], asked, probes)
    completeness = check_completeness(after, state.user_turns)
    return after, completeness, next_reply(state, text, summary, completeness)


def _assert_interview_reply(reply: DiscoveryReply) -> None:
    assert reply.text.count("?") == 1, reply.text
    assert reply.text.rstrip().endswith("?"), reply.text
    assert "\n" not in reply.text and "|" not in reply.text and "#" not in reply.text
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"])", reply.text) if s.strip()]
    assert len(sentences) <= 3, reply.text
    assert reply.asked_aspect


def _words_overlap(reply: str, user_text: str) -> bool:
    """At least three consecutive words of the user's message appear in the reply."""
    words = re.findall(r"[\w'$%/-]+", user_text.lower())
    low = reply.lower()
    return any(" ".join(words[i : i + 3]) in low for i in range(len(words) - 2))


# -- opening and vagueness -------------------------------------------------------------------


def test_opening_question_is_one_warm_question() -> None:
    text = opening_question()
    assert text.count("?") == 1 and "idea" in text.lower()


@pytest.mark.parametrize(
    "text",
    [
        "everyone",
        "Everyone, really.",
        "anyone",
        "people",
        "lots of people",
        "not sure",
        "idk",
        "I don't know",
        "it depends",
        "hmm",
        "dunno",
        "anyone with a phone",
        "probably just people in general",
        "all kinds of people",
    ],
)
def test_vague_answers_are_recognised(text: str) -> None:
    assert is_vague(text)


@pytest.mark.parametrize(
    "text",
    [
        "nurses",
        "busy parents",
        "small businesses",
        "Excel",
        "subscription",
        "solo for 6 weeks",
        "ICU nurses at big hospitals",
        "$5 a month",
        "40% week-4 retention",
    ],
)
def test_short_but_specific_answers_are_not_vague(text: str) -> None:
    assert not is_vague(text)


# -- extraction: attribution -------------------------------------------------------------------


def test_first_message_yields_user_problem_alternatives_and_features() -> None:
    text = (
        "Busy parents struggle to plan healthy dinners; today they use Pinterest and sticky notes. "
        "It should suggest recipes, build a shopping list and share it with a partner."
    )
    summary = extract(DiscoverySummary(), text, "")
    assert summary.target_user == "Busy parents"
    assert "struggle to plan healthy dinners" in summary.core_problem
    assert "Pinterest and sticky notes" in summary.current_alternatives
    assert summary.feature_wishlist == ["Suggest recipes", "Build a shopping list", "Share it with a partner"]
    assert summary.revenue_model == summary.constraints == summary.why_now == ""


def test_first_message_idea_pitch_gives_target_and_feature() -> None:
    summary = extract(
        DiscoverySummary(),
        "I want to build an app that helps freelancers track unpaid invoices because chasing clients is painful.",
        "",
    )
    assert summary.target_user == "freelancers"
    assert summary.feature_wishlist == ["Track unpaid invoices"]
    assert summary.core_problem == "chasing clients is painful"


def test_asked_aspect_gets_unmatched_sentences_and_volunteered_aspects_their_own() -> None:
    summary = extract(
        DiscoverySummary(target_user="freelance designers"),
        "Month-end close drags on for a week. Subscription at $49 a month. I'm solo and have 8 weeks.",
        "core_problem",
    )
    assert summary.revenue_model == "Subscription at $49 a month"
    assert summary.constraints == "I'm solo and have 8 weeks"
    assert summary.core_problem == "Month-end close drags on for a week"
    assert summary.target_user == "freelance designers"


def test_answer_to_a_different_question_is_not_forced_into_the_asked_aspect() -> None:
    summary = extract(DiscoverySummary(), "It's $5 a month.", "target_user")
    assert summary.target_user == ""
    assert summary.revenue_model == "It's $5 a month"


def test_weak_cue_answer_still_counts_for_the_asked_aspect() -> None:
    text = "Because hospitals are short-staffed and nurses can't keep up."
    summary = extract(DiscoverySummary(), text, "why_now")
    assert summary.why_now == "Because hospitals are short-staffed and nurses can't keep up"


def test_answers_without_cue_words_go_to_the_asked_aspect() -> None:
    summary = extract(DiscoverySummary(), "Nothing really, they just text each other", "current_alternatives")
    assert summary.current_alternatives == "Nothing really, they just text each other"
    summary = extract(DiscoverySummary(), "Freelance designers who juggle 5+ clients", "target_user")
    assert summary.target_user == "Freelance designers who juggle 5+ clients"
    assert summary.core_problem == summary.success_metric == ""


def test_fillers_are_stripped_but_the_users_words_kept() -> None:
    summary = extract(
        DiscoverySummary(),
        "Well, I think mostly retention. 40% of users still active after 4 weeks",
        "success_metric",
    )
    assert summary.success_metric == "retention; 40% of users still active after 4 weeks"


def test_feature_lists_split_into_short_names_and_deduplicate() -> None:
    summary = extract(DiscoverySummary(), "- calendar view\n- reminders\n- export to CSV", "feature_wishlist")
    assert summary.feature_wishlist == ["Calendar view", "Reminders", "Export to CSV"]
    again = extract(summary, "It should let users add reminders and share a calendar view with family.", "")
    assert again.feature_wishlist.count("Reminders") == 1
    assert "Share a calendar view with family" in again.feature_wishlist
    bare = extract(DiscoverySummary(), INVOICE_ANSWERS["feature_wishlist"], "success_metric")
    assert bare.feature_wishlist == [
        "Auto-match invoices to bank lines",
        "Flag mismatches",
        "Export to QuickBooks",
    ]
    assert bare.success_metric == ""


def test_a_persona_answered_out_of_turn_refines_a_thin_target() -> None:
    summary = extract(
        DiscoverySummary(target_user="nurses"), NURSE_ANSWERS["target_user"], "current_alternatives"
    )
    assert summary.target_user == "ICU nurses at big city hospitals who work rotating night shifts"
    assert summary.current_alternatives == ""


# -- extraction: merge rules ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["everyone", "not sure", "idk", "people", "it depends", "lots of people"])
def test_vague_answers_are_not_stored(text: str) -> None:
    before = DiscoverySummary(core_problem="nurses can't find cover")
    after = extract(before, text, "target_user")
    assert after == before
    assert not has_real_content(after.target_user)


def test_vague_answer_does_not_overwrite_real_content() -> None:
    before = DiscoverySummary(target_user="ICU nurses")
    assert extract(before, "everyone really", "target_user").target_user == "ICU nurses"


def test_new_detail_for_the_asked_aspect_is_appended() -> None:
    before = DiscoverySummary(core_problem="nurses can't find cover")
    after = extract(before, "They also lose pay when shifts fall through the cracks", "core_problem")
    assert (
        after.core_problem
        == "nurses can't find cover; They also lose pay when shifts fall through the cracks"
    )


def test_extract_returns_a_new_summary() -> None:
    before = DiscoverySummary(feature_wishlist=["Post a shift"])
    after = extract(before, "It should let nurses accept a swap.", "feature_wishlist")
    assert before.feature_wishlist == ["Post a shift"]
    assert after.feature_wishlist == ["Post a shift", "Accept a swap"]


FILLED = DiscoverySummary(
    target_user="doctors at clinics",
    core_problem="Doctors struggle to swap shifts",
    current_alternatives="WhatsApp",
    feature_wishlist=["Post a shift", "Chat"],
    success_metric="100 users",
    revenue_model="subscription",
    constraints="solo, 6 weeks",
)


@pytest.mark.parametrize(
    ("text", "asked", "aspect", "value"),
    [
        ("actually it's for nurses, not doctors", "", "target_user", "nurses"),
        ("The user is wrong, it's ICU nurses", "", "target_user", "ICU nurses"),
        ("change the revenue model to freemium", "", "revenue_model", "freemium"),
        ("Pricing should be $5/month per nurse", "", "revenue_model", "$5/month per nurse"),
        # The timeline is put right; who builds it ("solo") is still true and stays (stop 27: a deadline said at the
        # card used to wipe the builder and the budget).
        ("We have 3 months, not 6 weeks", "", "constraints", "solo; We have 3 months"),
        ("Actually it's for nurses, not doctors.", "core_problem", "target_user", "nurses"),
    ],
)
def test_corrections_replace(text: str, asked: str, aspect: str, value: str) -> None:
    after = extract(FILLED, text, asked)
    assert getattr(after, aspect) == value
    changed = [a for a in type(FILLED).model_fields if getattr(after, a) != getattr(FILLED, a)]
    assert changed == [aspect]


def test_revising_the_wishlist_adds_and_removes() -> None:
    assert extract(FILLED, "Also add a calendar sync", "").feature_wishlist == [
        "Post a shift",
        "Chat",
        "Calendar sync",
    ]
    assert extract(FILLED, "remove the chat feature", "").feature_wishlist == ["Post a shift"]


# -- replies ------------------------------------------------------------------------------------


def test_vague_answer_is_probed_once_then_parked() -> None:
    start = extract(DiscoverySummary(), "A tool that reconciles invoices against bank transactions.", "")
    after, _, reply = _turn(start, "everyone", "target_user", ["A tool that reconciles invoices."])
    assert after == start
    assert reply.probing and reply.asked_aspect == "target_user"
    assert '"everyone"' in reply.text and "first 10 people" in reply.text
    _assert_interview_reply(reply)

    history = ["A tool that reconciles invoices.", "everyone"]
    after, _, second = _turn(after, "not sure", "target_user", history, {"target_user": 1})
    assert not second.probing
    assert second.asked_aspect != "target_user"
    assert "open question" in second.text and "target user" in second.text
    _assert_interview_reply(second)


@pytest.mark.parametrize(
    "aspect",
    ["core_problem", "current_alternatives", "success_metric", "why_now", "constraints", "revenue_model"],
)
def test_every_aspect_has_a_probe_for_vague_answers(aspect: str) -> None:
    summary = DiscoverySummary(target_user="ICU nurses")
    _, _, reply = _turn(summary, "not sure", aspect, ["An app for ICU nurses."])
    assert reply.probing and reply.asked_aspect == aspect
    _assert_interview_reply(reply)


def test_thin_answer_is_stored_and_sharpened_once() -> None:
    after, _, reply = _turn(DiscoverySummary(), "nurses", "target_user", ["A shift swap app."])
    assert after.target_user == "nurses"
    assert reply.probing and reply.asked_aspect == "target_user"
    assert "Which nurses exactly" in reply.text
    _, _, moved_on = _turn(
        after, "ward nurses", "target_user", ["A shift swap app.", "nurses"], {"target_user": 1}
    )
    assert moved_on.asked_aspect == "core_problem" and not moved_on.probing


def test_reply_quotes_the_user_and_asks_about_the_next_gap_with_context() -> None:
    before = DiscoverySummary(target_user="ICU nurses", core_problem="")
    text = "When someone calls in sick nobody knows who can cover, so the shift stays empty."
    after, _, reply = _turn(before, text, "core_problem", ["Shift swaps for ICU nurses."])
    assert "nobody knows who can cover" in after.core_problem
    assert _words_overlap(reply.text, text)
    assert reply.asked_aspect == "current_alternatives"
    assert "ICU nurses" in reply.text
    _assert_interview_reply(reply)


def test_volunteered_aspects_are_acknowledged() -> None:
    before = DiscoverySummary(target_user="ICU nurses")
    text = "They can't find cover when sick. Hospitals would pay $4 per nurse per month."
    after, _, reply = _turn(before, text, "core_problem", ["An app for ICU nurses."])
    assert after.revenue_model == "Hospitals would pay $4 per nurse per month"
    assert "revenue model" in reply.text
    _assert_interview_reply(reply)


def test_dodged_question_is_asked_again_once_then_left() -> None:
    before = DiscoverySummary(target_user="ICU nurses", core_problem="can't find cover")
    text = "Hospitals would pay $4 per nurse per month."
    _, _, reply = _turn(before, text, "current_alternatives", ["a", "b"])
    assert reply.asked_aspect == "current_alternatives" and reply.probing
    assert "Still" in reply.text
    _, _, again = _turn(before, text, "current_alternatives", ["a", "b"], {"current_alternatives": 1})
    assert again.asked_aspect == "feature_wishlist"


def test_clarifying_question_gets_an_explanation_and_the_same_question() -> None:
    before = DiscoverySummary(target_user="ICU nurses", core_problem="can't find cover")
    _, _, reply = _turn(before, "why does that matter?", "success_metric", ["a", "b"])
    assert reply.asked_aspect == "success_metric" and not reply.probing
    assert "without a number" in reply.text.lower()
    _assert_interview_reply(reply)


def test_sharpening_question_when_no_gaps_remain_early() -> None:
    full = FILLED.model_copy(update={"why_now": "Hospitals are short-staffed since covid"})
    state = _state(full, ["idea", "more"], "why_now")
    completeness = check_completeness(full, state.user_turns)
    assert not completeness.gaps and not completeness.is_complete
    reply = next_reply(state, "Hospitals are short-staffed since covid", FILLED, completeness)
    _assert_interview_reply(reply)
    assert reply.asked_aspect in ("success_metric", "constraints", "core_problem")


def test_different_inputs_give_different_replies() -> None:
    summary = DiscoverySummary()
    replies = {
        _turn(summary, idea, "", [])[2].text
        for idea in (
            "An app for nurses to swap shifts without the group-chat chaos.",
            "A tool that reconciles invoices against bank transactions.",
            "A marketplace where dog owners find trusted walkers nearby.",
        )
    }
    assert len(replies) == 3
    acks = {
        _turn(DiscoverySummary(target_user="ICU nurses"), text, "core_problem", ["x"] * turns)[2].text.split(
            '"'
        )[0]
        for turns, text in enumerate(["They can't find cover.", "Shifts stay empty.", "Managers lose track."])
    }
    assert len(acks) == 3, "the acknowledgement wording varies from turn to turn"


@pytest.mark.parametrize(
    "text",
    [
        "An app for nurses to swap shifts.",
        "everyone",
        "I'd like users to export reports? and maybe share them?",
        "Subscription. Team of 2. Need it in 6 weeks.",
        "What do you mean?",
        "- a\n- b\n- c",
    ],
)
@pytest.mark.parametrize("asked", ["", "target_user", "feature_wishlist", "revenue_model"])
def test_every_reply_asks_exactly_one_question(text: str, asked: str) -> None:
    summary = DiscoverySummary(target_user="nurses") if asked == "revenue_model" else DiscoverySummary()
    _, _, reply = _turn(summary, text, asked, ["idea"] if asked else [])
    _assert_interview_reply(reply)


# -- whole interviews -------------------------------------------------------------------------


def _interview(idea: str, answers: dict[str, str]) -> tuple[DiscoverySummary, list[str], int]:
    """Drive the interviewer like the orchestrator, answering whatever the PM asks."""
    summary, history, asked, probes, transcript = DiscoverySummary(), [], "", {}, []
    text = idea
    for turn in range(1, 6):
        before = summary
        summary = extract(before, text, asked)
        history.append(text)
        state = _state(summary, history, asked, probes)
        completeness = check_completeness(summary, state.user_turns)
        if completeness.is_complete:
            return summary, transcript, turn
        reply = next_reply(state, text, before, completeness)
        _assert_interview_reply(reply)
        assert _words_overlap(reply.text, text) or any(
            item.lower() in reply.text.lower() for item in summary.feature_wishlist
        ), reply.text
        transcript.append(reply.text)
        asked = reply.asked_aspect
        if reply.probing:
            probes[asked] = probes.get(asked, 0) + 1
        text = answers[asked]
    raise AssertionError(f"not complete after 5 turns: {summary}\n{transcript}")


def test_nurse_shift_swap_interview_completes_in_five_turns() -> None:
    summary, transcript, turns = _interview(
        "An app for nurses to swap shifts without the group-chat chaos.", NURSE_ANSWERS
    )
    assert turns == 5
    assert summary.target_user == "ICU nurses at big city hospitals who work rotating night shifts"
    assert "chaos" in summary.core_problem
    assert "WhatsApp group" in summary.current_alternatives
    assert "Swap shifts without the group-chat chaos" in summary.feature_wishlist
    assert summary.success_metric.startswith("500 nurses swapping")
    assert "short-staffed" in summary.why_now
    assert "Which nurses exactly" in transcript[0]
    assert check_completeness(summary, turns).is_complete


def test_invoice_reconciliation_interview_completes_in_five_turns() -> None:
    summary, _, turns = _interview(
        "A tool that reconciles invoices against bank transactions for finance teams.", INVOICE_ANSWERS
    )
    assert turns == 5
    assert summary.target_user.startswith("Finance teams at companies with 50-500 employees")
    assert "matching payments by hand" in summary.core_problem
    assert "Excel" in summary.current_alternatives
    assert summary.feature_wishlist[0] == "Reconciles invoices against bank transactions"
    assert "20 paying customers" in summary.success_metric
    assert "open-banking" in summary.why_now
    assert summary.revenue_model == summary.constraints == ""
    assert check_completeness(summary, turns).is_complete


def test_the_two_interviews_sound_different() -> None:
    _, nurse, _ = _interview("An app for nurses to swap shifts without the group-chat chaos.", NURSE_ANSWERS)
    _, invoice, _ = _interview(
        "A tool that reconciles invoices against bank transactions for finance teams.", INVOICE_ANSWERS
    )
    assert not set(nurse) & set(invoice)


async def test_offline_brain_delegates_to_the_interviewer() -> None:
    brain = OfflineBrain()
    state = _state(DiscoverySummary(), ["An app for nurses to swap shifts."], "")
    summary = await brain.extract_discovery(state, "An app for nurses to swap shifts.")
    assert summary.target_user == "nurses"
    streamed: list[str] = []
    state.discovery_summary = summary
    reply = await brain.discovery_reply(
        state,
        "An app for nurses to swap shifts.",
        DiscoverySummary(),
        check_completeness(summary, 1),
        streamed.append,
    )
    assert streamed == [reply.text]
    assert await brain.classify_review(state, "looks right") == "CONFIRM"


# -- review of the summary card ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "yes",
        "Yes!",
        "looks right",
        "Looks right to me",
        "sounds good",
        "correct",
        "perfect, let's go",
        "👍",
        "no, that's right",
        "Nope, all good",
        "yep, no changes",
        "Not bad, let's move on",
        "nothing to change",
        "ok",
        "Great, go ahead",
        "All correct, no corrections needed",
        "spot on",
        "lgtm",
    ],
)
def test_review_confirm(text: str) -> None:
    assert classify_review(text) == "CONFIRM"


@pytest.mark.parametrize(
    "text",
    [
        "no",
        "nope",
        "not quite",
        "actually it's for nurses",
        "change the revenue model to freemium",
        "the user is wrong",
        "not right",
        "doesn't look right",
        "That's not correct",
        "Looks right except the pricing",
        "Yes but add offline mode",
        "I don't think so",
        "almost",
        "The target user should be ICU nurses",
        "not exactly what I meant",
        "It's for nurses, not doctors",
        "Pricing is $10/month",
        "👎",
        "",
        "hmm",
    ],
)
def test_review_revise(text: str) -> None:
    assert classify_review(text) == "REVISE"


def test_shrug_to_a_sharpening_question_keeps_the_value_and_moves_on() -> None:
    summary = DiscoverySummary(target_user="nurses", core_problem="shift swaps are chaos")
    _, _, reply = _turn(summary, "everyone", "target_user", ["An app for nurses."], {"target_user": 1})
    assert reply.text.startswith('Fair enough, "nurses" will do for now.')
    assert reply.asked_aspect == "current_alternatives" and not reply.probing
    _assert_interview_reply(reply)


_WORDS = st.sampled_from(
    [
        "nurses",
        "everyone",
        "?",
        "idk",
        "$5",
        "a",
        "month",
        "because",
        "today",
        "Excel",
        "I",
        "want",
        "it",
        "should",
        "let",
        "users",
        "post",
        ",",
        ".",
        ";",
        "and",
        "-",
        "solo",
        "6",
        "weeks",
        "40%",
        "retention",
        "not",
        "sure",
        "actually",
        "not",
        "doctors",
        "[bold]",
        '"quoted"',
        "who",
        "what",
        "why",
        "!",
        "\n",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(_WORDS, min_size=1, max_size=20).map(" ".join), st.sampled_from(("", *ASPECTS)), st.booleans()
)
# Found after round 8: the users' name said mid-question kept a stray "?" ("the right moment for ? nurses?").
@example(text="? nurses $5 nurses", asked="target_user", filled=True)
# Found in round 9: a clause of punctuation alone before two people ("…, . because nurses") had no last word.
@example(text=". because nurses", asked="", filled=False)
def test_any_message_gets_exactly_one_question(text: str, asked: str, filled: bool) -> None:
    summary = FILLED if filled else DiscoverySummary()
    after, _, reply = _turn(summary, text, asked, ["idea"] if asked else [])
    assert reply.text.count("?") == 1, reply.text
    assert reply.asked_aspect in ASPECTS
    assert all(has_real_content(getattr(after, a)) for a in ASPECTS if has_real_content(getattr(summary, a)))


def test_realistic_answers_land_in_the_right_place() -> None:
    base = DiscoverySummary(target_user="hospital nurses")
    refined = extract(
        base,
        "ICU nurses at mid-size hospitals, around 400 per hospital, who trade shifts every week.",
        "core_problem",
    )
    assert refined.target_user == "ICU nurses at mid-size hospitals"
    assert refined.success_metric == refined.core_problem == ""
    charge = extract(
        base, "Today they post in WhatsApp and the charge nurse tracks swaps in a spreadsheet.", ""
    )
    assert charge.revenue_model == ""
    assert "charge nurse" in charge.current_alternatives
    horizon = extract(
        base, "Success means 60% of swaps go through the app within 3 months.", "success_metric"
    )
    assert horizon.success_metric.startswith("Success means 60%") and horizon.constraints == ""
    limits = extract(base, "I'm a solo developer with 6 weeks, and it must run on phones.", "constraints")
    assert limits.constraints == "I'm a solo developer with 6 weeks, and it must run on phones"
    assert limits.feature_wishlist == []


@pytest.mark.parametrize("text", [", ? ,", "?", "...", "!!", "-- ; --"])
@pytest.mark.parametrize("asked", ["target_user", "revenue_model", ""])
def test_a_message_of_only_punctuation_is_no_answer_and_never_quoted(text: str, asked: str) -> None:
    """Found by the property test above: ", ? ," was quoted back ('Okay: ", ? ,".'), a second question mark."""
    summary = FILLED if not asked else DiscoverySummary(target_user="doctors at clinics")
    after, _, reply = _turn(summary, text, asked, ["idea"] if asked else [])
    assert after == summary
    assert reply.text.startswith("I didn't catch that.") and reply.text.count("?") == 1, reply.text
    assert f'"{text.strip()}' not in reply.text


def test_a_greeting_is_not_quoted_as_the_pitch() -> None:
    """'hi! we r building smthng for home tutors in Pune, …' was acknowledged as 'a clear pitch: "hi"'."""
    text = "hi! we r building smthng for home tutors in Pune, parents WhatsApp them for schedule changes"
    _, _, reply = _turn(DiscoverySummary(), text, "", [])
    assert '"hi"' not in reply.text and "home tutors" in reply.text


def test_a_kettle_is_an_aside_and_a_warm_up_is_no_pitch() -> None:
    """A rambling founder in Leeds: 'sorry the kettle just boiled, where were we' was acknowledged as 'a real pain',
    and 'Oh gosh where do I start.' was quoted as the pitch."""
    from pmtui.product.brains.offline.discovery.asides import aside_kind

    assert aside_kind("sorry the kettle just boiled, where were we") == "off_topic"
    assert aside_kind("the phone keeps ringing and staff miss calls") == ""
    text = "Oh gosh where do I start. So my mum runs a little care agency in Leeds, the rota is on a whiteboard"
    _, _, reply = _turn(DiscoverySummary(), text, "", [])
    assert "where do I start" not in reply.text


def test_a_correction_said_with_its_unit_changes_the_number_of_that_unit() -> None:
    from pmtui.product.brains.offline.discovery.asides import number_correction

    summary = DiscoverySummary(core_problem="bikes vanish from the rack, about 6% a season",
                               constraints="two of us; 6 weeks; android")
    # The 6 said with weeks is the limit's, not the share lost in the problem.
    assert number_correction(summary, "whoops not 6 weeks. 9 weeks") == ("constraints", "two of us; 9 weeks; android")
    assert number_correction(summary, "not 6, 9 wks") == ("constraints", "two of us; 9 weeks; android")
    # "4 months, not 6 weeks" restates the limit in another unit; it never turns the 6% into a 4%.
    assert number_correction(summary, "4 months, not 6 weeks") is None


def test_a_people_word_used_as_a_modifier_gives_way_to_the_outfit_it_describes() -> None:
    from pmtui.product.brains.offline.discovery.text import persona_phrase

    assert persona_phrase("Rota planning for small church choirs in Cork, so nobody sings alone", anchored=False) == (
        "small church choirs in Cork")
    assert extract(DiscoverySummary(), "Bookings for village community halls in Kent: groups pick a slot online.",
                   "").target_user == "village community halls in Kent"
    # A people word that is the head stays the head.
    assert persona_phrase("church volunteers who arrange the flowers") == "church volunteers who arrange the flowers"


def test_a_refusal_to_pay_and_ads_that_are_the_business_are_no_revenue_model() -> None:
    base = DiscoverySummary(target_user="billboard owners", core_problem="lost slots")
    told = extract(base, "posters go up late, ads missed for days, the shop refuses to pay", "core_problem")
    assert told.revenue_model == ""
    assert "refuses to pay" in told.core_problem
    # Showing ads is still a way to make money.
    assert extract(base, "free, with ads in the app", "revenue_model").revenue_model


@pytest.mark.parametrize("said", ["Aye, that's it", "aye that's about the size of it", "Yep, that's the one"])
def test_scottish_and_idiomatic_confirmations_of_the_card(said: str) -> None:
    assert classify_review(said) == "CONFIRM"


def test_sheets_that_are_booked_are_no_spreadsheet() -> None:
    from pmtui.product.brains.offline.discovery.lexicon import TOOL_RE

    assert TOOL_RE.search("teams rent sheets by the hour at the rink") is None
    assert TOOL_RE.search("we keep the rota in sheets").group(0) == "sheets"
    pitch = "Ice time for curling clubs in Fife: members book sheets by the hour and the rink fills the gaps."
    assert extract(DiscoverySummary(), pitch, "").current_alternatives == ""


def test_a_place_named_with_a_capital_is_no_product_they_use() -> None:
    pitch = "Bookings for rowing clubs on Irish rivers: members reserve the club boats and the captain sees who has which."
    assert extract(DiscoverySummary(), pitch, "").current_alternatives == ""
    # A product named after "on" still is one.
    told = extract(DiscoverySummary(target_user="landlords"), "they post it on Gumtree and hope", "current_alternatives")
    assert "Gumtree" in told.current_alternatives


def test_a_deposit_taken_today_or_what_a_lost_item_costs_is_no_pricing() -> None:
    base = DiscoverySummary(target_user="mobile nail techs", core_problem="no-shows")
    told = extract(base, "WhatsApp, a notebook, and a £10 deposit by bank transfer that clients forget", "current_alternatives")
    assert told.revenue_model == ""
    lost = extract(DiscoverySummary(target_user="scaffold firms"), "clips go missing on site. lose ~5% a yr. £30 each",
                   "core_problem")
    assert lost.revenue_model == ""
    # Our own price is still ours.
    assert extract(base, "£12 a month per tech", "revenue_model").revenue_model


def test_people_named_first_then_whom_they_serve_keeps_the_people() -> None:
    # pg-nonnative (held-out 11): "mostly for IT boys" is who the PGs serve, not who the product is for.
    said = ("PG owners in Bangalore who are having 1 to 5 buildings, mostly for IT boys and students, owner and one "
            "manager handling everything")
    told = extract(DiscoverySummary(core_problem="Rent collection is big headache"), said, "target_user")
    assert told.target_user.startswith("PG owners in Bangalore") and "IT boys" not in told.target_user
    # Said on its own, "mainly for …" still names who it is for.
    assert extract(DiscoverySummary(), "Mainly for ICU nurses", "target_user").target_user == "ICU nurses"
