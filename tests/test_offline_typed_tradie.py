"""A founder typed in by hand (2026-11-27): a Brisbane plumber with three apprentices, in Australian chat English
("g'day", "reckon", "ace"). Each test is built from the founder's own sentence, which the engine before it got wrong.
"""

from __future__ import annotations

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.extract import extract
from pmtui.product.brains.offline.discovery.own_trade import own_trade

OPENING = (
    "g'day. i'm a plumber in brisbane, me and 3 apprentices. quotes are a nightmare, i do em on the back of an invoice "
    "book at night and half the time i forget to follow up. reckon an app to knock out quotes on site would be ace"
)


def test_a_founder_who_names_their_own_trade_is_building_for_people_like_them() -> None:
    """The opening named no people but the founder's own trade: who it is for stayed empty, and the PM asked."""
    summary = extract(DiscoverySummary(), OPENING, "")
    assert summary.target_user == "plumber in brisbane, me and 3 apprentices"
    assert "forget to follow up" in summary.core_problem


def test_the_trade_ends_where_a_new_clause_starts_and_only_a_trade_counts() -> None:
    assert own_trade("I am a nurse at a big hospital and shift swaps are hell") == "nurse at a big hospital"
    assert own_trade("Hi, I am a dentist with two practices and the no-shows kill us") == "dentist with two practices"
    assert own_trade("so im a hairdresser") == "hairdresser"
    for nothing in ("i'm a bit tired of spreadsheets", "I'm an idiot with money", "I am a huge fan of Notion"):
        assert own_trade(nothing) == "", nothing


def test_people_named_outright_win_over_the_founders_own_trade() -> None:
    said = "I'm a teacher, and this is for parents of kids in year 6 who lose the homework sheets"
    assert "parents" in extract(DiscoverySummary(), said, "").target_user


def test_small_firms_and_their_people_are_people() -> None:
    """"other small plumbing outfits", "me and 3 apprentices", SACCOs and chamas: who a product can be for."""
    from pmtui.product.brains.offline.discovery.text import has_persona

    for people in ("other small plumbing outfits", "3 apprentices", "matatu saccos", "women's chamas"):
        assert has_persona(people), people
