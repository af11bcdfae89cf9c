"""A founder who dictates (2026-11-27, stop 25): a mobile dog groomer in Cardiff, voice-to-text with no punctuation,
answered question by question through `pmtui chat`. Each test holds the founder's sentence and more of its class,
which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery import extract


@pytest.mark.parametrize(("said", "wishes"), [
    (("let people book a slot themselves see my free times and send them a reminder the day before maybe take a deposit "
     "as well to stop the no shows"),
     ["Book a slot themselves", "See my free times", "Send them a reminder the day before",
      "Take a deposit as well to stop the no shows (nice to have)"]),
    ("book online pay by card", ["Book online", "Pay by card"]),
    ("parents sign up online get the timetable and maybe pay the fees", ["Parents sign up online", "Get the timetable",
                                                                         "Pay the fees (nice to have)"]),
])
def test_dictated_wishes_with_no_commas_are_wishes_of_their_own(said: str, wishes: list[str]) -> None:
    """The run-on made one row "Book a slot themselves see my free times" and lost the deposit, so "the deposit one
    can wait" found no row."""
    summary = DiscoverySummary(target_user="dog owners", core_problem="double bookings")
    assert extract(summary, said, "feature_wishlist").feature_wishlist == wishes


def test_a_list_said_with_commas_is_read_as_before() -> None:
    summary = DiscoverySummary(target_user="dog owners", core_problem="double bookings")
    said = "book a slot themselves, see my free times online"
    assert extract(summary, said, "feature_wishlist").feature_wishlist == ["Book a slot themselves", "See my free times online"]


@pytest.mark.parametrize(("said", "kinds"), [
    ("the deposit one can wait till the second van and the reminder is more important than seeing the free times",
     [("defer", "deposit one"), ("swap", "reminder")]),
    ("move the price list up and the map can wait", [("promote", "price list"), ("defer", "map")]),
])
def test_two_dictated_requests_joined_by_and_are_two_requests(said: str, kinds: list[tuple[str, str]]) -> None:
    """Only the first of two requests said without a comma was heard ("the reminder is more important…" was lost)."""
    from pmtui.product.brains.offline.scoping.requests import parse_requests

    assert [(r.kind, r.what) for r in parse_requests(said)] == kinds
