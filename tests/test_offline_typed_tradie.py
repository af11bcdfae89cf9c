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


def test_colloquial_cuts_are_cuts_and_chuck_in_still_adds() -> None:
    """"chuck the calendar, i use google for that" was not heard as a cut: the verbs were the dictionary's."""
    from pmtui.product.brains.offline.scoping.requests import parse_requests

    said = ("xero sync can wait, and chuck the calendar, i use google for that. the follow up reminder has to be in "
            "the first lot")
    assert [(r.kind, r.what) for r in parse_requests(said)] == [
        ("defer", "xero sync"), ("cut", "calendar"), ("promote", "follow up reminder")]
    for verb in ("nix", "axe", "toss"):
        assert [(r.kind, r.what) for r in parse_requests(f"{verb} the badges please")] == [("cut", "badges")]
    assert [(r.kind, r.what) for r in parse_requests("chuck in a map too")] == [("add", "map")]
