"""Founders who answer in their own order (2026-11-27, pm18): paragraph writers, as LLM-simulated founders write, who
give the limits when asked what it should do, the builders when asked why now, the wishes when asked why now. Each test
is built from a founder's own sentence (and one more of its class), which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery import extract

BEFORE = DiscoverySummary(target_user="refugee kids in Leeds", core_problem="kids get dropped when a tutor cancels")


@pytest.mark.parametrize(("said", "limit"), [
    # The hockey parent (tests/test_offline_typed_hockey.py): "Has to be dead simple on a phone" and "Some
    # grandparents drive" were the wishlist.
    (("me and my brother-in-law who codes, weekends only, hoping for something usable in 6 weeks. has to be dead simple "
     "on a phone, some grandparents drive too"), "dead simple on a phone"),
    # The refugee tutoring coordinator: "Work in Arabic" and "Dari" were two wishes.
    (("Realistically it's just me and a retired software guy from church, Tuesdays and Thursdays, and we've got a "
     "£2,000 grant that has to be spent by March. It needs to work in Arabic and Dari too because a lot of parents "
     "don't read English."), "work in Arabic and Dari"),
    ("Just me and my cousin, 8 weeks. It must work offline because the fields have no signal.", "work offline"),
])
def test_how_it_must_be_told_for_the_wishlist_is_a_limit(said: str, limit: str) -> None:
    after = extract(BEFORE, said, "feature_wishlist")
    assert after.feature_wishlist == [], after.feature_wishlist
    assert limit in after.constraints


def test_a_limit_among_the_wishes_leaves_the_wishes() -> None:
    said = "parents offer seats, it has to send a reminder the night before, and it needs to work offline at the rink"
    after = extract(BEFORE, said, "feature_wishlist")
    assert after.feature_wishlist == ["Parents offer seats", "Send a reminder the night before"]
    assert "work offline at the rink" in after.constraints


def test_what_it_must_do_beside_how_it_must_be_is_still_a_wish() -> None:
    after = extract(BEFORE, "It should work offline and send a text to the family", "feature_wishlist")
    assert after.feature_wishlist == ["Send a text to the family"]
    assert "work offline" in after.constraints


@pytest.mark.parametrize("said", [
    # The rural vet: the whole sentence was the why-now.
    ("My nephew is a developer and he'd build it over the summer, so maybe 10 weeks, and it has to work with bad cell "
    "coverage out on the ranches."),
    "my sister is a software engineer, she'd build it in the evenings, maybe 3 months",
])
def test_who_builds_it_told_for_why_now_is_a_limit(said: str) -> None:
    after = extract(BEFORE, said, "why_now")
    assert not after.why_now, after.why_now
    assert after.constraints


PITCH_BEFORE = DiscoverySummary(target_user="community football pitch businesses")


@pytest.mark.parametrize(("said", "asked", "problem"), [
    # The Manchester pitch manager, asked who uses it first: the target user became "The main problem is double
    # bookings".
    (("The main problem is double bookings, honestly at least once a week two teams show up for the same slot and I have "
     "to sort it out in the car park in the rain."), "target_user", "double bookings"),
    ("The real pain is chasing cash from teams who said they'd pay on the night.", "feature_wishlist", "chasing cash"),
])
def test_the_main_problem_named_answers_the_problem_whatever_was_asked(said: str, asked: str, problem: str) -> None:
    after = extract(PITCH_BEFORE, said, asked)
    assert after.core_problem.startswith(problem), after.core_problem
    assert after.target_user == PITCH_BEFORE.target_user and after.feature_wishlist == []


@pytest.mark.parametrize("said", [
    # Asked what it should do: "council has put the pitch on a new lease" was a wish.
    ("Why now, the council has put the pitch on a new lease and they want booking figures every quarter, so I need it "
    "before April."),
    "Why now? The council has put the pitch on a new lease and wants booking figures every quarter.",
])
def test_why_now_said_first_answers_why_now_whatever_was_asked(said: str) -> None:
    after = extract(PITCH_BEFORE, said, "feature_wishlist")
    assert after.why_now.lower().startswith("the council has put the pitch on a new lease"), after.why_now
    assert after.feature_wishlist == []


def test_a_bare_word_in_a_terse_list_is_no_heading() -> None:
    """Without its question mark or colon, "timeline." in "daily photo log. timeline. defects list" is a wish."""
    after = extract(PITCH_BEFORE, "daily photo log. timeline. defects list", "feature_wishlist")
    assert [w.lower() for w in after.feature_wishlist] == ["daily photo log", "timeline", "defects list"]


@pytest.mark.parametrize(("said", "asked", "wishes"), [
    # The Manchester pitch manager, asked the metric: the success target was "Teams see the free slots and book one".
    ("Teams see the free slots and book one, they pay online, and I get a text when someone books.", "success_metric",
     ["Teams see the free slots", "Book one", "Get a text when someone books"]),
    # The Cork baker, asked the metric: the success metric was the whole sentence.
    (("Honestly I'd want customers to pick their loaves and a collection slot, pay up front with a card, and I get a "
     "bake list on Friday that tells me how many of each to make."), "success_metric",
     ["Pick their loaves", "Collection slot", "Pay up front with a card", "Get a bake list on Friday"]),
    # The Leeds tutoring coordinator, asked why now: nothing of it was kept as a wish.
    ("tutors mark when they can't make it, families get a text in their language, and I can see who's free to cover.",
     "why_now", ["Tutors mark when they can't make it", "Families get a text in their language", "See who's free to cover"]),
])
def test_what_people_will_do_told_for_another_question_is_the_wishlist(said: str, asked: str, wishes: list[str]) -> None:
    after = extract(BEFORE, said, asked)
    assert after.feature_wishlist == wishes
    assert not after.success_metric and not after.why_now


@pytest.mark.parametrize(("said", "asked"), [
    ("Teams book online and there are no double bookings by the end of the season", "success_metric"),
    ("Families get a text now because the council started paying for SMS last month", "why_now"),
])
def test_a_measure_or_a_reason_with_doings_still_answers(said: str, asked: str) -> None:
    after = extract(BEFORE, said, asked)
    assert getattr(after, asked), after


@pytest.mark.parametrize("asked", ["success_metric", "why_now"])
def test_none_of_the_bad_thing_by_a_date_is_the_metric_not_the_money(asked: str) -> None:
    """The Manchester pitch manager, asked the metric: "noted for the business model" (the £300 a month)."""
    said = ("No double bookings at all by the end of the season, and I want to stop chasing at least £300 a month in "
            "unpaid bookings.")
    after = extract(BEFORE, said, asked)
    assert after.success_metric.startswith("No double bookings at all by the end of the season")
    assert not after.revenue_model and not after.why_now


def test_a_price_said_for_the_metric_is_still_the_money() -> None:
    after = extract(BEFORE, "Teams would pay £40 an hour, and £25 for the small pitches", "success_metric")
    assert "£40 an hour" in after.revenue_model and not after.success_metric


@pytest.mark.parametrize(("said", "asked"), [
    # The Leeds coordinator, asked the limits: the constraints became "It'd be free for families and tutors".
    ("It'd be free for families and tutors, the council grant covers it and maybe the other centres chip in later.",
     "constraints"),
    # The Cork baker, asked the metric: the success metric became "Pre-orders would be free for customers".
    (("Pre-orders would be free for customers, we'd just take a card payment up front so no-shows stop costing us. "
     "Maybe a small fee on top for delivery later on."), "success_metric"),
])
def test_who_pays_said_without_an_amount_is_the_money_whatever_was_asked(said: str, asked: str) -> None:
    after = extract(BEFORE, said, asked)
    assert after.revenue_model.startswith(said[:30])
    assert not getattr(after, asked)


@pytest.mark.parametrize("said", [
    # The Cork baker, asked what it should do: the wishlist got "Scrolls away under 40 other messages".
    ("Someone messages on Thursday, it scrolls away under 40 other messages, and on Saturday they turn up and there's no "
    "loaf for them, which is mortifying."),
    "A parent texted me on Sunday, it got buried under the fixtures, and then nobody picked up her kid.",
])
def test_a_story_of_today_told_for_the_wishlist_is_no_wish(said: str) -> None:
    after = extract(BEFORE, said, "feature_wishlist")
    assert after.feature_wishlist == [], after.feature_wishlist


def test_what_people_will_do_on_a_day_is_still_a_wish() -> None:
    said = "customers order on Thursday and get a text on Friday"
    assert extract(BEFORE, said, "feature_wishlist").feature_wishlist == ["Customers order on Thursday", "Get a text on Friday"]


@pytest.mark.parametrize(("pitch", "wishes"), [
    # The Manchester pitch manager's pitch: "Teams ring me", "Text me", "Turn up" and "Argue over who had it" were wishes.
    (("Hi, so I manage a community football pitch in Manchester, two 5-a-side pitches and a full-size one, and booking "
     "them is a mess. Teams ring me, text me, turn up and argue over who had it. I want an online booking thing where "
     "teams can see what's free and book it themselves."), ["Online booking thing where teams can see what's free",
                                                           "Book it themselves"]),
    (("I run a mobile nail business. Clients message me, call me, and DM me on Instagram. I want an app where clients "
     "book a slot."), ["Book a slot"]),
])
def test_people_reaching_the_founder_today_are_no_wishes(pitch: str, wishes: list[str]) -> None:
    assert extract(DiscoverySummary(), pitch, "").feature_wishlist == wishes


def test_contacting_me_through_the_app_is_still_a_wish() -> None:
    said = "Clients message me through the app and book a slot"
    assert extract(BEFORE, said, "feature_wishlist").feature_wishlist
