"""A founder of the kind an LLM simulates, answered question by question through `pmtui chat` (2026-11-27, stop 25):
the co-owner of a climbing gym in Bristol, whole paragraphs, British understatement ("could be gimmicky"). Each test
holds the founder's sentence and more of its class, which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery import extract
from pmtui.product.brains.offline.discovery.clues import feature_items


@pytest.mark.parametrize(("said", "wishes"), [
    ("Members should see which walls are open today and what's new, setters see their shifts",
     ["See which walls are open today and what's new", "Setters see their shifts"]),
    ("see the open walls and what's new", ["See the open walls and what's new"]),
    ("parents check who is driving and when the van leaves", ["Parents check who is driving and when the van leaves"]),
])
def test_a_wh_clause_after_and_is_the_verbs_second_object(said: str, wishes: list[str]) -> None:
    """"see which walls are open today and what's new" lost "what's new": alone, it was read as a question."""
    assert feature_items(said) == wishes


@pytest.mark.parametrize(("said", "wishes"), [
    ("maybe a way to rate new routes? Not sure about that last one, could be gimmicky.", ["Rate new routes (nice to have)"]),
    ("badges but that could be a gimmick", ["Badges (nice to have)"]),
    ("a leaderboard, though that might be overkill", ["Leaderboard (nice to have)"]),
])
def test_a_doubt_about_a_wish_makes_it_a_nice_to_have_and_is_no_wish(said: str, wishes: list[str]) -> None:
    """"Not sure about that last one, could be gimmicky." added a wish "Be gimmicky"."""
    summary = DiscoverySummary(target_user="members", core_problem="members turn up to closed walls")
    assert extract(summary, said, "feature_wishlist").feature_wishlist == wishes


@pytest.mark.parametrize(("pitch", "problem"), [
    (("We've got about 400 members and the biggest headache is the route setting schedule and members asking which "
     "walls are closed"), "The route setting schedule and members asking which walls are closed"),
    ("I run a bakery with 3 staff and our main problem is that orders get lost in WhatsApp.",
     "Orders get lost in WhatsApp"),
    ("We have 12 vans, the real issue is nobody knows where the drivers are", "Nobody knows where the drivers are"),
])
def test_the_pain_the_founder_names_in_the_pitch_is_the_problem(pitch: str, problem: str) -> None:
    """The core problem began "We've got about 400 members and the biggest headache is …", and the PM asked whether
    "We've got about 400 members and the biggest headache…" was the core problem."""
    assert extract(DiscoverySummary(), pitch, "").core_problem == problem


def test_an_outfit_that_ends_in_y_is_pluralised_as_english_does() -> None:
    """"I run a bakery with 3 staff …" guessed the users were "bakerys"."""
    said = "I run a bakery with 3 staff and our main problem is that orders get lost in WhatsApp."
    assert extract(DiscoverySummary(), said, "").target_user == "bakeries"
