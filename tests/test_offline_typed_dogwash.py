"""A mobile dog-wash van on Sydney's northern beaches, typed by hand through `pmtui chat` (2026-11-27, round 12 of the
typed founders), in Australian English: each defect found became a class with a test from his own sentence."""

from __future__ import annotations

from pmtui.product.brains.offline.scoping.requests import parse_requests


def _asks(text: str) -> set[tuple[str, str]]:
    return {(r.kind, r.what) for r in parse_requests(text)}


def test_a_row_said_with_s_for_is_is_argued_about() -> None:
    """"the map's a nice to have mate, the reminder's the thing that matters, bump it up" promoted the map: "'s" was
    not read as "is", so the map's deferral and the reminder were lost and "it" pointed at the map."""
    found = _asks("the map's a nice to have mate, the reminder's the thing that matters, bump it up")
    assert ("defer", "map") in found, found
    assert ("promote", "reminder") in found, found
    assert ("promote", "map") not in found, found


def test_s_for_is_and_s_for_whose() -> None:
    assert ("promote", "reminder") in _asks("the reminder's the thing that matters")
    assert ("defer", "map") in _asks("the map's a nice to have")
    assert not _asks("what's the map for?")
