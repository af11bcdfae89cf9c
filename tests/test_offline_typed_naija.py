"""A founder typed in by hand (2026-11-27): an over-scoper in Ibadan, in Nigerian English and Pidgin. Each test is
built from the founder's own sentence, which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.product.brains.offline.discovery.clues import feature_items, vague_feature
from pmtui.product.brains.offline.discovery.text import clean
from pmtui.product.brains.offline.scoping.requests import parse_requests
from pmtui.product.brains.offline.scoping.terms import stems


@pytest.mark.parametrize(("said", "expected"), [
    # "There is no “remove the AI” in the scope … there is no “we fit do am” in the scope", and the POS row ignored.
    (("Abeg remove the AI and the loyalty points, we fit do am later. But POS reconciliation must enter phase 1, 8 of "
      "the 10 shops I interviewed said na their biggest headache after credit"),
     [("defer", "AI"), ("defer", "loyalty points"), ("promote", "POS reconciliation")]),
    ("we can do that later", [("defer", "")]),
])
def test_pidgin_argue_back(said: str, expected: list[tuple[str, str]]) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said)] == expected


@pytest.mark.parametrize("item", ["manage their business", "Everything inside one app", "an all-in-one platform"])
def test_the_whole_product_said_again_is_no_feature(item: str) -> None:
    """Both were P0 rows of the first proposal."""
    assert vague_feature(item)
    assert not vague_feature("manage their stock")


def test_pos_is_a_thing_and_a_list_inside_with_is_one_item() -> None:
    """"POS reconciliation" lost its POS (a Spanish filler, "pos"), and "credit book with customer name and phone"
    gave a row "Phone"."""
    assert clean("POS reconciliation") == "POS reconciliation"
    assert clean("pos, the list") == "the list"
    assert feature_items("credit book with customer name and phone, reminder SMS, stock") == [
        "Credit book with customer name and phone", "Reminder SMS", "Stock"]


def test_a_two_letter_name_names_its_row() -> None:
    assert "ai" in stems("remove the AI") and "qr" in stems("a QR code")
    assert not stems("is it ok")
