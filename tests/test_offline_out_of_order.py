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
