"""A founder typed by hand in the TUI (2026-11-27, stop 24): a PTA volunteer in Leeds with a pre-loved uniform swap,
British txt-speak, answers out of order, doubts before a guess, a check-back question, a relabel of a draft. Each
test holds the founder's sentence and at least one more of its class, which the engine before it got wrong.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.models import ConversationState, DiscoverySummary
from pmtui.product import drafts
from pmtui.product.brains.offline.discovery import extract
from pmtui.product.brains.offline.discovery.asides import aside_reply, checks_back
from pmtui.product.brains.offline.discovery.clues import feature_items
from pmtui.product.brains.offline.discovery.text import persona_name, txt_words
from pmtui.product.brains.offline.headcount import held_count
from pmtui.product.brains.offline.scoping.terms import persona, user_count
from pmtui.product.rice import NICE_TO_HAVE_MARK

PARENTS = DiscoverySummary(target_user="the mums and dads with kids at the school",
                           core_problem="kids in the wrong size uniform")


@pytest.mark.parametrize(("said", "wish"), [
    ("a way for us PTA lot to add donations quickly from our phones", "Add donations quickly from our phones"),
    ("an easy way for coaches to mark attendance", "Mark attendance"),
    ("some way for the kitchen staff to flag allergies", "Flag allergies"),
    ("a place for volunteers to log their hours", "Log their hours"),
])
def test_a_way_for_someone_to_do_a_thing_is_the_thing(said: str, wish: str) -> None:
    """The row was named "Way for us PTA lot", and its plan task "Way for us PTA lot: Way for us PTA lot to add…"."""
    assert feature_items(said) == [wish]


@pytest.mark.parametrize(("said", "wishes"), [
    ("a waiting list for sizes that run out, but thats a nice to have", ["Waiting list for sizes that run out"]),
    ("online payment, an invoice export - that one is a nice-to-have", ["Online payment", "Invoice export"]),
    ("booking, reminders, that one's not urgent", ["Booking", "Reminders"]),
])
def test_a_remark_on_the_wish_before_it_is_no_wish(said: str, wishes: list[str]) -> None:
    """"…, but thats a nice to have" made a wish "Thats a nice to have (nice to have)"; the last wish waits."""
    items = feature_items(said)
    assert [item.replace(NICE_TO_HAVE_MARK, "").strip() for item in items] == wishes
    assert NICE_TO_HAVE_MARK in items[-1]


@pytest.mark.parametrize("said", [
    "yeah thats it tbh, tho the real pain is kids ending up in tatty or wrong size uniform",
    "yes that's right, but the bigger problem is kids ending up in tatty or wrong size uniform",
])
def test_a_confirmation_then_the_real_pain_is_the_pain(said: str) -> None:
    """The problem read "thats it tbh, though the real pain is kids ending up in…", and the PM quoted '"thats it tbh"
    — that's a real pain'."""
    before = DiscoverySummary(target_user="parents", core_problem="it's all a mess of facebook posts")
    after = extract(before, said, "core_problem")
    assert after.core_problem.startswith(("kids ending up", "the bigger problem is kids")), after.core_problem
    assert "thats it" not in after.core_problem and "that's right" not in after.core_problem


@pytest.mark.parametrize(("said", "metric"), [
    ("hmm dunno really, maybe if most of the stuff goes to a new home within the term? say 3 in 4 items",
     "if most of the stuff goes to a new home within the term; say 3 in 4 items"),
    ("not sure, probably 40 bookings a week by june", "40 bookings a week by june"),
])
def test_the_doubt_before_a_guess_is_no_part_of_it(said: str, metric: str) -> None:
    assert extract(PARENTS, said, "success_metric").success_metric == metric


@pytest.mark.parametrize("said", ["dunno, just always been bad", "not sure, it's been like this for ages"])
def test_a_doubt_with_no_guess_still_answers_nothing(said: str) -> None:
    assert extract(PARENTS, said, "why_now").why_now == ""


@pytest.mark.parametrize("said", ["yep looks right", "sounds good", "looks fine."])
def test_a_nod_to_an_open_question_is_no_value(said: str) -> None:
    """At the money question, "yep looks right" (meant for the card) became the revenue model "looks right"."""
    assert extract(PARENTS, said, "revenue_model").revenue_model == ""
    assert extract(PARENTS, f"{said}, two of us for 8 weeks", "constraints").constraints == "two of us for 8 weeks"


@pytest.mark.parametrize("question", [
    "is that the kind of thing you mean?", "does that work?", "that ok?", "is that specific enough?",
    "would that be the sort of number you're after?",
])
def test_a_founder_checking_their_own_answer_hears_whether_it_fits(question: str) -> None:
    """"… say 3 in 4 items. is that the kind of thing you mean?" got "Honest answer: I don't know yet"."""
    assert checks_back(question)
    answered = PARENTS.model_copy(update={"success_metric": "most donations rehomed within the term; say 3 in 4 items"})
    reply = aside_reply(question, "success_metric", answered)
    assert reply.startswith("Yes") and "3 in 4 items" in reply and "don't know" not in reply
    thin = PARENTS.model_copy(update={"success_metric": "people like it"})
    assert aside_reply(question, "success_metric", thin).startswith("Nearly")


@pytest.mark.parametrize("question", ["what do you mean?", "is that normal?", "does it matter?"])
def test_other_questions_are_not_check_backs(question: str) -> None:
    assert not checks_back(question)


@pytest.mark.parametrize("said", [
    "a reminder to pick up your reserved stuff would be handy, and a way for us to add donations from our phones",
    "it'd be nice to have a waiting list for sizes",
])
def test_wishes_said_by_their_form_answer_the_wishlist_whatever_was_asked(said: str) -> None:
    """Asked why now, the founder listed wishes; they were filed as the why-now."""
    after = extract(PARENTS, said, "why_now")
    assert after.why_now == "" and after.feature_wishlist, after


@pytest.mark.parametrize("said", [
    "plus the head said we can use the old library room from january",
    "and the council agreed we can have the hall on tuesdays",
])
def test_someone_elses_word_told_for_the_wishlist_is_news_not_a_wish(said: str) -> None:
    """"Head said we can use the old library room" was a wishlist row."""
    after = extract(PARENTS, said, "feature_wishlist")
    assert after.feature_wishlist == [] and after.why_now, after


@pytest.mark.parametrize("said", [
    "cost of living tbh, new blazers are like 30 quid each",
    "new school shoes go for about £45 a pair these days, cost of living",
])
def test_what_a_thing_costs_to_buy_is_not_the_price(said: str) -> None:
    """"cost of living tbh, new blazers are like 30 quid each" was the revenue model."""
    after = extract(PARENTS, said, "why_now")
    assert after.revenue_model == "" and "cost of living" in after.why_now


@pytest.mark.parametrize("said", [
    "plus us lot on the PTA who run it (theres 5 of us)",
    "and the volunteers who organise it, three of us",
])
def test_the_people_who_run_the_service_are_not_the_build_team(said: str) -> None:
    after = extract(PARENTS, f"the mums and dads with kids at the school. {said}", "target_user")
    assert after.constraints == ""
    assert persona_name(after) == "the mums and dads"


def test_a_count_worked_out_from_another_is_the_reach() -> None:
    """"about 340 pupils so maybe 250 families" was no count at all, and the reach read "5 us lot" from the PTA."""
    said = "mainly the mums and dads with kids at the school, about 340 pupils so maybe 250 families"
    assert held_count(said) == (250.0, "about 250 families")
    told = extract(DiscoverySummary(core_problem="kids in the wrong size"),
                   f"{said}. plus us lot on the PTA who run it (theres 5 of us)", "target_user")
    assert user_count(told) == (250.0, "about 250 families")
    assert held_count("the players, around 60 members which is maybe 45 households") == (45.0, "about 45 households")


@pytest.mark.parametrize(("who", "named"), [
    ("the mums and dads with kids at the school", "mums and dads"),
    ("nurses and carers on the ward", "nurses and carers"),
    ("dog owners and their walkers", "owners"),
])
def test_a_pair_of_people_is_named_whole(who: str, named: str) -> None:
    """Scoping called the mums and dads "your mums"."""
    assert persona(DiscoverySummary(target_user=who)) == named


def test_a_draft_the_founder_relabels_moves_to_the_aspect_they_name() -> None:
    """To 'You mentioned "cost of living tbh". Is that how it will make money?', "no lol thats why now. it wont make
    money, its free for families" kept "no lol thats why now" as the money and lost the why-now."""
    state = ConversationState(drafts={"revenue_model": 0})
    before = PARENTS.model_copy(update={"revenue_model": "cost of living tbh, new blazers are 30 quid each",
                                        "why_now": "the school changed the logo"})
    said = "no lol thats why now. it wont make money, its free for families"
    after = extract(before, said, "revenue_model")
    result = drafts.update(state, before, after, "revenue_model", [], said)
    assert result.why_now == "the school changed the logo; cost of living tbh, new blazers are 30 quid each"
    assert "why now" not in result.revenue_model and "free for families" in result.revenue_model
    assert "cost of living" not in result.revenue_model


@pytest.mark.parametrize(("said", "spelled"), [
    ("see whats in stock", "see what's in stock"), ("theres none left", "there's none left"),
    ("we dont know", "we don't know"), ("there were three", "there were three"), ("youre right", "you're right"),
])
def test_txt_speak_gets_its_apostrophes_back(said: str, spelled: str) -> None:
    assert txt_words(said) == spelled


WALK = Path(__file__).parent / "fixtures" / "uniform_swap_walk.txt"


def test_the_whole_walk_as_typed_reaches_a_scope_that_reads_the_founder(tmp_path: Path) -> None:
    """The founder's own eleven messages through `pmtui chat --jsonl`, as typed in the TUI."""
    done = subprocess.run([sys.executable, "-m", "pmtui", "--db", str(tmp_path / "p.db"), "--offline", "chat", "--jsonl",
                           "--project", "uniform swap"], input=WALK.read_text(), capture_output=True, text=True,
                          timeout=120, check=True, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    replies = [json.loads(line)["reply"] for line in done.stdout.splitlines()]
    assert not any("Honest answer: I don't know yet" in reply for reply in replies)
    exported = subprocess.run([sys.executable, "-m", "pmtui", "--db", str(tmp_path / "p.db"), "export", "--json"],
                              capture_output=True, text=True, timeout=60, check=True,
                              env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    state = json.loads(exported.stdout)
    summary = state["discovery_summary"]
    assert summary["core_problem"].startswith("kids ending up in tatty")
    assert "PTA" not in summary["constraints"] and "dave" in summary["constraints"]
    assert summary["revenue_model"].startswith("it won't make money") or "free for families" in summary["revenue_model"]
    assert "cost of living" in summary["why_now"] and "library room" in summary["why_now"]
    names = [f["name"] for f in state["scoping_output"]["mvp_features"]]
    assert "Add donations quickly from our phones" in names and not any(n.startswith("Way for") for n in names)
    reach = {f["name"]: f["rice_reach"] for f in state["scoping_output"]["mvp_features"]}
    assert reach["See what's in stock by size"] == 250


@pytest.mark.parametrize(("wish", "name"), [
    ("Reminder to pick up your reserved stuff", "Reminder to pick up your reserved stuff"),
    ("Text to collect their repaired bikes", "Text to collect their repaired bikes"),
    ("Reminder to pick up your reserved school stuff today", "Reminder to pick up"),
])
def test_a_row_name_never_ends_on_a_modifier_waiting_for_its_noun(wish: str, name: str) -> None:
    """The scope's row read "Reminder to pick up your reserved"."""
    from pmtui.product.rice import feature_name

    assert feature_name(wish) == name


def test_the_count_stays_with_the_people_it_counts() -> None:
    """"(about 250 families)" was put after "us lot on the PTA who run it (theres 5 of us)" on the card."""
    said = ("mainly the mums and dads with kids at the school, about 340 pupils so maybe 250 families. plus us lot on "
            "the PTA who run it (theres 5 of us)")
    told = extract(DiscoverySummary(core_problem="kids in the wrong size"), said, "target_user")
    assert told.target_user.startswith("the mums and dads with kids at the school (about 250 families); us lot")
