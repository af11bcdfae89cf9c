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
