"""A car workshop owner in Ubi, Singapore, typed by hand through `pmtui chat` (2026-11-27, round 12 of the typed
founders), writing Singlish: each defect found became a class with a test from his own sentence."""

from __future__ import annotations

from pathlib import Path

from tests.fixtures.offline_talk import talk


def test_a_pain_said_without_is_in_the_pitch_is_no_wish(tmp_path: Path) -> None:
    """"…, now everything whatsapp very messy lah" was a Phase-1 row, first in the core flow."""
    _, summary = talk(tmp_path, ("my workshop in ubi service cars one, i want app so customers can book servicing and "
                                 "know when car ready, now everything whatsapp very messy lah"))
    assert not [item for item in summary.feature_wishlist if "messy" in item.lower()], summary.feature_wishlist


def test_pain_said_bare_is_told_from_a_thing_named_with_it() -> None:
    from pmtui.product.brains.offline.discovery.clues import feature_like

    assert not feature_like("Now everything whatsapp very messy lah")
    assert not feature_like("booking so confusing")
    assert feature_like("a very messy whatsapp export")  # a thing, however messy
    assert feature_like("Swap shifts without the chaos")


WORKSHOP = [
    ("my workshop in ubi service cars one, i want app so customers can book servicing and know when car ready, now "
     "everything whatsapp very messy lah"),
    "car owners lor, mostly taxi and grab drivers, around 60 cars a week",
    "they whatsapp me ask got slot or not, then forget to come, the bay empty lose money sia",
    "whatsapp and one big whiteboard, my wife write everything",
    "book servicing slot, get reminder day before, see car ready or not, pay by paynow",
    "no show cut to half, within 3 months can",
    "me and my nephew, he know coding a bit, 6 weeks can?",
    "drivers don't pay for app, i pay myself, maybe other workshops pay $30 monthly later",
]


def test_at_the_card_a_remark_on_what_changed_fills_the_open_why_now(tmp_path: Path) -> None:
    """"grab drivers need car to earn, cannot wait long, so now everyone want fast fast", said at the summary card with
    the why-now open, replaced the core problem ("Updated the core problem with your correction")."""
    replies, summary = talk(tmp_path, *WORKSHOP,
                            "grab drivers need car to earn, cannot wait long, so now everyone want fast fast")
    assert "Here's what I've heard" in replies[-2]  # the card was shown before the remark
    assert summary.core_problem.startswith("they whatsapp me ask got slot or not"), summary.core_problem
    assert "fast fast" in summary.why_now, summary
