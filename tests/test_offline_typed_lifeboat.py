"""A founder typed in by hand, idea to dashboard in one TUI session (2026-11-27): the coxswain of a volunteer
lifeboat station. Each test is built from the founder's own sentence, which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.product.brains.offline.discovery.clues import feature_items
from pmtui.product.rice import NICE_TO_HAVE_MARK


@pytest.mark.parametrize(("said", "expected"), [
    # "oh and maybe" became "And-maybe a training log but thats not urgent", a P1 row and a task of the plan.
    ("oh and maybe a training log but thats not urgent", ["Training log"]),
    ("a training log, not urgent", ["Training log"]),
    ("exports though that can wait, and a calendar", ["Exports", "Calendar"]),
    ("push reminders not yet", ["Push reminders"]),
])
def test_a_deferral_after_a_wish_is_no_part_of_its_name_and_makes_it_a_nice_to_have(
    said: str, expected: list[str],
) -> None:
    items = feature_items(said)
    assert [item.replace(NICE_TO_HAVE_MARK, "").strip() for item in items] == expected
    assert NICE_TO_HAVE_MARK in items[0]
    assert all(NICE_TO_HAVE_MARK not in item for item in items[1:])


def test_two_verbs_sharing_an_object_are_still_one_item() -> None:
    """The guard of the class above: "oh and maybe" is no pair of verbs, "weigh and note" is."""
    assert feature_items("weigh and note the waste") == ["Weigh and note the waste"]
    assert feature_items("a report for later use") == ["Report for later use"]
