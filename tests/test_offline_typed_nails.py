"""A founder typed in by hand (2026-11-27): a mobile nail tech writing in txt-speak. Each test is built from the
founder's own sentence, which the engine before it got wrong.
"""

from __future__ import annotations

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.clues import feature_items
from pmtui.product.brains.offline.discovery.text import persona_name
from pmtui.product.brains.offline.scoping.requests import parse_requests


def test_txt_speak_in_argue_back() -> None:
    """"deposit is da most important bit cos of no shows, can it b in phase 1" asked for nothing."""
    said = "gallery can wait tbh, deposit is da most important bit cos of no shows, can it b in phase 1"
    assert [(r.kind, r.what) for r in parse_requests(said)] == [("defer", "gallery"), ("promote", "deposit")]
    assert [(r.kind, r.what) for r in parse_requests("plan b can wait")] == [("defer", "plan b")]


def test_n_after_a_comma_in_a_wish_list_is_and() -> None:
    """", n a gallery of my work" was the row "N a gallery of my work"."""
    said = "online booking w my availability, deposit 2 secure the slot, reminder txt day b4, n a gallery of my work"
    assert feature_items(said)[-1] == "Gallery of my work"


def test_how_many_of_them_is_no_part_of_what_the_people_are_called() -> None:
    """"When this comes up for mostly busy mums now, what do they do instead?"."""
    said = "ppl who book mobile nail techs, mostly busy mums n ppl getting ready 4 weddings n proms"
    assert persona_name(DiscoverySummary(target_user=said)) == "busy mums"
