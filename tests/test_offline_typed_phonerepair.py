"""A phone-repair shop owner at Computer Village, Lagos, typed by hand through `pmtui chat` (2026-11-27, round 12 of
the typed founders), writing English with Nigerian Pidgin: each defect found became a class with a test from his own
sentence."""

from __future__ import annotations

from pathlib import Path

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.scoping.requests import parse_requests
from pmtui.product.rice import team_size
from tests.fixtures.offline_talk import talk

REPAIR = [
    ("abeg i wan build app for my phone repair shop for computer village, so customers fit track their phone repair "
     "status without calling me every hour"),
    "na customers wey drop phone for screen or charging port repair, like 40 phones every week",
    "dem dey call me 10 times a day to ask if phone don ready, i no fit work well because of the calls",
    "i dey write am for exercise book and give them paper ticket, sometimes ticket go lost",
    "customer go see status of the repair, get sms when e ready, and i fit send price before i start work",
    "calls reduce by half for 2 months",
    "me and my 2 boys, we get 5 weeks, must work for cheap android",
]


def test_pidgin_small_words_are_read_as_english(tmp_path: Path) -> None:
    """"na customers wey drop phone" was who it is for ("Na customers"), "i fit send price before i start work" was no
    wish, and "Customer go see status" a row's name."""
    _, summary = talk(tmp_path, *REPAIR)
    assert summary.target_user.startswith("customers who drop phone"), summary.target_user
    assert "Send price before i start work" in summary.feature_wishlist, summary.feature_wishlist
    assert not [item for item in summary.feature_wishlist if " go " in item], summary.feature_wishlist
    assert "can't work well" in summary.core_problem, summary.core_problem


def test_the_app_is_free_said_to_the_why_now_is_the_revenue_model(tmp_path: Path) -> None:
    """"customers pay me cash for the repair, the app go free for them", asked why now, was "a good reason for the
    timing"."""
    _, summary = talk(tmp_path, *REPAIR, "customers pay me cash for the repair, the app go free for them")
    assert "free for them" in summary.revenue_model, summary
    assert "free" not in summary.why_now


def test_me_and_my_people_count_the_founder_too() -> None:
    """"me and my 2 boys" and "its just me and my lad" (the Leeds tool-hire founder) were 1 person."""
    assert team_size(DiscoverySummary(constraints="me and my 2 boys, we get 5 weeks, must work for cheap android")) == 3
    assert team_size(DiscoverySummary(constraints="its just me and my lad, want it live in 8 weeks, cheap")) == 2
    assert team_size(DiscoverySummary(constraints="just me, and 2 weeks")) == 1


def test_pidgin_argue_back() -> None:
    """"the price before work na the main thing, e must dey phase 1" and "the calendar, e go wait" asked nothing."""
    found = [(r.kind, r.what) for r in parse_requests("the price before work na the main thing, e must dey phase 1")]
    assert ("promote", "price before work") in found, found
    found = [(r.kind, r.what) for r in parse_requests("the calendar, e go wait")]
    assert ("defer", "calendar") in found, found


def test_at_the_card_a_row_asked_into_phase_1_corrects_no_aspect(tmp_path: Path) -> None:
    """"the price before work na the main thing, e must dey phase 1", said at the summary card, replaced the revenue
    model ("Updated the revenue model with your correction"): a phase asked for is about the scope."""
    _, summary = talk(tmp_path, *REPAIR, "customers pay me cash for the repair, the app go free for them",
                      "the price before work na the main thing, e must dey phase 1")
    assert summary.revenue_model == "customers pay me cash for the repair, the app will be free for them", summary
