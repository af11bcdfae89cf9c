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
