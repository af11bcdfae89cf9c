"""A founder typed in by hand (2026-11-27): the owner of two pho restaurants in Da Nang, in the English of a
Vietnamese speaker. Each test is built from the founder's own sentence, which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import ConversationState, DiscoverySummary
from pmtui.product.brains.offline.discovery.clues import feature_items
from pmtui.product.brains.offline.scoping import negotiate, propose
from pmtui.product.brains.offline.scoping.requests import parse_requests
from pmtui.product.rice import NICE_TO_HAVE_MARK, rescore
from pmtui.product.search import search_comparable_products


def test_what_they_use_today_inside_a_pitch_is_no_wish() -> None:
    """"i want app for my staff to see shift and swap, now we use zalo group and it is chaos" made "Now we use zalo
    group" a P0 row and the first step of the core flow."""
    assert feature_items("to see shift and swap, now we use zalo group and it is chaos") == ["See shift", "Swap"]


@pytest.mark.parametrize(("said", "item"), [
    ("also maybe salary calculate but later", "Salary calculate"),  # was "Salary calculate but later", a row
    ("reminders, but later", "Reminders"),
])
def test_but_later_after_a_wish_makes_it_a_nice_to_have(said: str, item: str) -> None:
    assert feature_items(said) == [f"{item} {NICE_TO_HAVE_MARK}"]


@pytest.mark.parametrize(("said", "expected"), [
    # Read as "defer now" and "cut now": the time word after "need" was taken for the row.
    ("salary calculate i dont need now, remove", [("cut", "salary calculate")]),
    ("remind before shift is very important for me, must be in first", [("promote", "remind before shift")]),
    ("remind before shift must be in first", [("promote", "remind before shift")]),
    ("the map is really important to us", [("promote", "map")]),
    ("ask to swap and manager approve is 2 thing, please split", [("split", "ask to swap and manager approve")]),
])
def test_argue_back_in_a_vietnamese_speakers_english(said: str, expected: list[tuple[str, str]]) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said)] == expected


PHO = DiscoverySummary(
    target_user="my staff, waiter and cook, around 25 people",
    core_problem="staff not see the new schedule, sometime 2 people come same shift and no one come for other",
    current_alternatives="zalo group and i write schedule on paper then take photo",
    feature_wishlist=["see schedule on phone", "ask to swap", "manager approve", "remind before shift"],
    success_metric="no empty shift in one month",
    constraints="my nephew he is developer, part time, 2 month",
)


def test_a_split_of_two_rows_the_table_already_has_says_so() -> None:
    """It split "Ask to swap" into "Ask to swap" and "Ask for manager approve", a second approval row."""
    output = rescore(propose(PHO, search_comparable_products(PHO, backend="catalog")))
    state = ConversationState(project="Pho", phase="scoping", discovery_summary=PHO, scoping_output=output)
    before = sorted(f.name for f in output.mvp_features)
    result = negotiate(state, "ask to swap and manager approve is 2 thing, please split", 1, False)
    assert sorted(f.name for f in result.output.mvp_features) == before
    assert "already two rows" in result.reply
