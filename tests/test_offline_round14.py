"""Round 14 of the offline engine: classes found with held-out set 16 (written and measured before the round) and the
older rounds' leftovers.

Each test is built from a real sentence that the engine before round 14 got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.product.brains.offline.scoping.requests import parse_requests

# The table as held-out 16's founders saw it, in its "#" order.
TURF_ROWS = ["Text the day before", "Map of the orders by area", "Order a load of turf", "List of who paid"]


@pytest.mark.parametrize(("said", "expected"), [
    # island-vague (held-out 16): "drop the second one" cut a row called "second one" (there is none).
    ("fine. drop the second one", [("cut", "Map of the orders by area")]),
    # matatu-kenyan: the same, deferred, with a reason after it.
    ("Good, but drop the second one for now, the desks already have M-Pesa tills.",
     [("defer", "Map of the orders by area")]),
    # turf-rambling: "that one you put third" promoted a new row "One you put third"; the name said after it is the row.
    (("grand, but that one you put third, the text the day before, sure that's what they all ring about, bump it up. "
      "And the paid list can wait till the spring."), [("promote", "text the day before"), ("defer", "paid list")]),
    ("that one you put third can wait", [("defer", "Order a load of turf")]),
    # charter-bajan: "the last two" deferred a row called "last two" (they "can come next year": deferred, not cut).
    ("Ok, drop the last two, the marketplace can come next year.",
     [("defer", "Order a load of turf"), ("defer", "List of who paid"), ("defer", "marketplace")]),
    ("cut number 4", [("cut", "List of who paid")]),
])
def test_a_row_pointed_at_by_its_place_in_the_table_is_that_row(said: str, expected: list[tuple[str, str]]) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said, TURF_ROWS)] == expected


@pytest.mark.parametrize("said", [
    # Guards: a place the table does not have, and "the second time" (no row), are left as said.
    "the tenth one can wait",
    "that's the second time this week, cut the map",
])
def test_a_place_the_table_does_not_have_names_no_row(said: str) -> None:
    whats = [r.what for r in parse_requests(said, TURF_ROWS)]
    assert not set(whats) & set(TURF_ROWS)
