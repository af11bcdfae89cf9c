"""A founder typed by hand through `pmtui chat` (2026-11-27, stop 24): a mobile bike mechanic in Austin, US txt-speak
("w my van", "w/o the part", "ppl", "thru insta", "book a slot + say whats wrong"). Each test holds the founder's
sentence and at least one more of its class, which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery import extract
from pmtui.product.brains.offline.discovery.clues import detect, feature_items
from pmtui.product.brains.offline.discovery.text import txt_words

BEFORE = DiscoverySummary(core_problem="double bookings and forgotten parts")


@pytest.mark.parametrize(("said", "who"), [
    ("commuters mostly, ppl who ride to work. i have maybe 60 regulars", "commuters (about 60 regulars)"),
    ("dog walkers in east london. we have about 40 regulars", "dog walkers in east london (about 40 regulars)"),
])
def test_a_sentence_that_only_says_how_many_they_have_is_the_count_beside_them(said: str, who: str) -> None:
    """The target read "commuters; i have maybe 60 regulars"."""
    assert extract(BEFORE, said, "target_user").target_user == who


@pytest.mark.parametrize(("said", "wishes"), [
    ("customers to book a slot + say whats wrong w the bike", ["Book a slot", "Say what's wrong with the bike"]),
    ("log a job + send the invoice", ["Log a job", "Send the invoice"]),
])
def test_a_plus_between_wishes_is_an_and(said: str, wishes: list[str]) -> None:
    """"book a slot + say whats wrong w the bike" was one wish, "Book a slot + say whats wrong w the bike"."""
    assert feature_items(txt_words(said)) == wishes


@pytest.mark.parametrize(("said", "spelled"), [
    ("cant be w/o their bike", "can't be without their bike"), ("i go w my van", "i go with my van"),
    ("ppl book thru insta", "people book through insta"), ("they wont wait", "they won't wait"),
])
def test_us_txt_speak_is_spelled_out(said: str, spelled: str) -> None:
    assert txt_words(said) == spelled


@pytest.mark.parametrize("said", [
    "oh and i want people to be able to pay in the app too",
    "tap to pay",
    "i want them to pay by card online",
])
def test_how_people_pay_in_the_app_is_a_wish_not_the_money(said: str) -> None:
    """"i want ppl to be able to pay in the app too, tap to pay" (said with the metric) became the revenue model."""
    assert "revenue_model" not in detect(said, said, False)


@pytest.mark.parametrize("said", ["they would pay $10 a month", "shops willing to pay for it"])
def test_who_would_pay_is_still_the_money(said: str) -> None:
    assert "revenue_model" in detect(said, said, False)
