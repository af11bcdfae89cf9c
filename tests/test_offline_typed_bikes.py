"""A bicycle repair shop in Lisbon, typed by hand through `pmtui chat` (2026-11-27, round 12 of the typed founders),
by a founder whose English is a second language, with typos: each defect found became a class with a test from her
own sentence."""

from __future__ import annotations

from pathlib import Path

from pmtui.product.brains.offline.scoping.requests import parse_requests
from tests.fixtures.offline_talk import talk

BIKES = [
    ("hi, i have small bycicle repair shop in Lisbon, i want aplication where clients can reserve reparation and see "
     "when bike is finish"),
    "clients are mostly comuters and delivery riders (glovo, uber eats), maybe 25 bikes per week",
    ("riders loose money every day bike is in shop, they call me many times for ask is ready, and i forget who is "
     "next"),
    "i use notebook paper and whatsapp, very disorganise",
    "reserve reparation, notification when bike finish, list of bikes for me with order",
    "less calls, i think 50% less in 2 months",
    "only me, i am not programer, budget 1500 euro, 8 weeks",
]


def test_app_is_free_without_the_is_the_money_not_the_timing(tmp_path: Path) -> None:
    """"clients pay the reparation, app is free for them", asked why now, was the why-now; the real why-now after it
    ("more delivery riders now in lisbon") then became the revenue model."""
    _, summary = talk(tmp_path, *BIKES, "clients pay the reparation, app is free for them",
                      "more delivery riders now in lisbon, all need bike every day")
    assert summary.revenue_model == "clients pay the reparation, app is free for them", summary
    assert "free" not in summary.why_now


def test_a_ranking_then_a_new_subject_that_waits_is_two_asks() -> None:
    """"list of bikes is more important than notification, notification can be later": the notification stayed in
    Phase 1 (the ranking swallowed the rest of the sentence)."""
    found = [(r.kind, r.what) for r in parse_requests(
        "list of bikes is more important than notification, notification can be later")]
    assert ("defer", "notification") in found, found
    assert found[0][0] == "swap", found


def test_at_the_card_what_changed_is_the_why_now(tmp_path: Path) -> None:
    """"more delivery riders now in lisbon, all need bike every day", said at the card with the why-now open, was
    asked back ("what should I change?") and lost."""
    _, summary = talk(tmp_path, *BIKES, "clients pay the reparation, app is free for them",
                      "more delivery riders now in lisbon, all need bike every day")
    assert summary.why_now == "more delivery riders now in lisbon, all need bike every day", summary
