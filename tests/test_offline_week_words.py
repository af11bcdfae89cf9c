"""Found delivering a tool-hire founder's plan by hand (2026-11-27): "Be nice: no evidence your builders need it …;
adds 1 weeks". One week is "1 week", in every sentence the PM builds from a number of weeks."""

from __future__ import annotations

from pmtui.models import DiscoverySummary, Feature
from pmtui.product.brains.offline.scoping.naming import n_weeks
from pmtui.product.brains.offline.scoping.propose import CAN_WAIT, _cut_reason
from pmtui.product.brains.offline.scoping.rules import NiceToHave, rx


def test_one_week_is_singular_and_the_rest_plural() -> None:
    assert [n_weeks(w) for w in (1, 1.0, 0.5, 1.5, 3)] == ["1 week", "1 week", "0.5 weeks", "1.5 weeks", "3 weeks"]


def test_a_cut_of_one_week_says_one_week() -> None:
    summary = DiscoverySummary(target_user="small builders", core_problem="phone bookings get lost")
    feature = Feature(name="Deposits", description="Take a deposit", rice_effort=1, rice_impact=0.5, rice_reach=100,
                      rice_confidence=0.5)
    for kind in ("nice-to-have in your words", CAN_WAIT):
        reason = _cut_reason(feature, NiceToHave(kind, rx("deposit"), 0.5, 1), summary, "Book a tool")
        assert "adds 1 week (" in reason and "1 weeks" not in reason

