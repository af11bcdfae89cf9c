"""Round 21 of the offline engine: classes found with held-out set 20 (written and measured before the round) and the
last round's leftovers.

Every sentence here is written for the class, unlike the held-out founders' own: the rules must hold for the kind of
sentence, not for one founder's words.
"""

from __future__ import annotations

import pytest

from pmtui.product.brains.offline.scoping.requests import parse_requests

ROWS = ["Seat map", "Loyalty stamps", "Gift vouchers", "Waiting list", "Staff rota", "Reminder text", "Photo gallery",
        "Price list", "Weekly report", "Deposit", "Delivery history"]


def _asks(text: str) -> list[tuple[str, str]]:
    return [(r.kind, r.what.lower()) for r in parse_requests(text, ROWS)]


# -- the speaker's frame of opinion before a row is no part of its name ----------------------------------------------

@pytest.mark.parametrize(("said", "kind", "what"), [
    ("I'd say the gift vouchers can wait", "defer", "gift vouchers"),
    ("tbh I guess the seat map could wait", "defer", "seat map"),
    ("to be fair the photo gallery can go", "cut", "photo gallery"),
    ("We would say the price list can go to phase 2", "defer", "price list"),
    ("Honestly I reckon the weekly report should be first", "promote", "weekly report"),
    ("if you ask me the loyalty stamps can wait", "defer", "loyalty stamps"),
])
def test_an_opinion_frame_before_the_row_is_no_part_of_its_name(said: str, kind: str, what: str) -> None:
    assert _asks(said) == [(kind, what)]


@pytest.mark.parametrize("said", [
    "i'd say that can wait",
    "I really think that should be in phase 1",
    "I suppose that one can go to phase 2",
    "we'd honestly say that can wait",
])
def test_an_opinion_frame_before_a_pronoun_points_back(said: str) -> None:
    asked = parse_requests("The staff rota looks heavy. " + said, ROWS)
    assert [r.what.lower() for r in asked] == ["staff rota"], asked
    frames = ("i'd", "i really", "i suppose", "we'd", "say", "think")
    assert not [r for r in asked if any(f in r.what.lower() for f in frames)]


# -- a row named after the pronoun, as an afterthought ---------------------------------------------------------------

@pytest.mark.parametrize(("said", "kind", "what"), [
    ("push it back, the delivery history I mean", "defer", "delivery history"),
    ("I reckon we can drop that, the seat map thing", "cut", "seat map"),
    ("cut it, the photo gallery", "cut", "photo gallery"),
    ("honestly that can wait, the waiting list one", "defer", "waiting list"),
    ("that can go to phase 2, the price list", "defer", "price list"),
])
def test_a_row_named_after_its_pronoun_is_the_row(said: str, kind: str, what: str) -> None:
    asked = parse_requests("Looks fine overall. " + said, ROWS)
    assert [(r.kind, r.what.lower()) for r in asked] == [(kind, what)], asked


@pytest.mark.parametrize(("said", "what"), [
    # Named before the pronoun in the same sentence: what comes after is the reason, not the row.
    ("the loyalty stamps, drop them, the regulars hate stamps", "loyalty stamps"),
    ("The deposit, push it to phase 2, the owners know who owes them.", "deposit"),
])
def test_a_reason_after_the_pronoun_is_no_row(said: str, what: str) -> None:
    asked = parse_requests(said, ROWS)
    assert [r.what.lower() for r in asked] == [what], asked
