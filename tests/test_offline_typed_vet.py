"""A founder typed in by hand (2026-11-27): a pivoter from pet owners to vet clinics, in American English with a
bullet list. Each test is built from the founder's own sentence, which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.labels import label_statement
from pmtui.product.brains.offline.scoping import propose
from pmtui.product.brains.offline.scoping.requests import parse_requests


def test_yes_but_the_target_is_at_the_card_changes_who_it_is_for() -> None:
    """"yep but target is the clinics not owners, to be clear" got "No problem — what should I change?"."""
    assert label_statement("yep but target is the clinics not owners, to be clear") == ("target_user", "the clinics")
    assert label_statement("the target is 100 users") is None  # a number to reach is no persona
    assert label_statement("revenue is 99 a month, not per vet") == ("revenue_model", "99 a month")


@pytest.mark.parametrize(("said", "expected"), [
    # "There is no “for” in the scope, so there was nothing to move."
    ("the passport thing we can drop for now", [("defer", "passport")]),
    ("drop the passport for now", [("defer", "passport")]),
])
def test_when_after_the_verb_is_not_what(said: str, expected: list[tuple[str, str]]) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said)] == expected


def test_a_law_named_to_rule_it_out_adds_no_compliance_row() -> None:
    """"HIPAA doesn't apply to pets but we still can't leak owner phone numbers" added a P0 row "HIPAA access control
    and audit log"."""
    summary = DiscoverySummary(
        target_user="small independent vet clinics", core_problem="front desk spends 2 hours a day calling owners",
        feature_wishlist=["text reminders for overdue vaccines", "daily list of who to call"],
        constraints="me + 1 contractor, 10 weeks, HIPAA doesn't apply to pets but we still can't leak owner phone numbers",
    )
    names = [f.name for f in propose(summary, []).mvp_features]
    assert not [n for n in names if "HIPAA" in n], names
    ruled_in = summary.model_copy(update={"constraints": "2 devs, 10 weeks, must be HIPAA compliant"})
    assert [f.name for f in propose(ruled_in, []).mvp_features if "HIPAA" in f.name]
