"""A founder written the way an LLM-simulated founder writes (2026-11-27): a hockey parent in Saskatoon, whole
paragraphs, answering in their own order. Each test is built from the founder's own sentence (and one more of its
class), which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery import extract
from pmtui.product.brains.offline.discovery.clues import detect

PITCH = ("Hey! So my kid plays minor hockey in Saskatoon and every weekend there's this mad scramble in the team group "
         "chat about who's driving who to the rink, practices are at 6am half the time and tournaments are out of "
         "town. I want to build a carpool app for hockey parents - parents offer seats, other parents grab them, and "
         "everyone knows who's picking up whose kid. We've got 17 families on our team and the association has like "
         "40 teams.")


def test_what_the_app_does_told_after_a_dash_is_the_wishlist() -> None:
    """The pitch gave no wish at all; the scope later held one row, "Longer term every team"."""
    summary = extract(DiscoverySummary(), PITCH, "")
    assert summary.feature_wishlist == ["Offer seats", "Grab seats", "Know who's picking up whose kid"]
    assert summary.target_user == "hockey parents"


@pytest.mark.parametrize(("pitch", "wishes"), [
    ("A booking app for salons - clients pick a slot, stylists confirm it and owners see the takings",
     ["Pick a slot", "Confirm the slot", "See the takings"]),
    ("I'm building an app for dog walkers - walkers log walks, owners get a photo.", ["Log walks", "Get a photo"]),
])
def test_the_doings_after_the_idea_lose_who_does_them(pitch: str, wishes: list[str]) -> None:
    assert extract(DiscoverySummary(), pitch, "").feature_wishlist == wishes


def test_how_many_they_have_after_a_wish_is_no_wish() -> None:
    """"We've got 17 families on our team and the association has like 40 teams" made the wish "Association has like
    40 teams" (a plain sentence after a wish used to continue the list)."""
    said = "I want to build a carpool app so parents can offer seats. We've got 17 families and the association has 40 teams."
    assert extract(DiscoverySummary(), said, "").feature_wishlist == ["Offer seats"]


@pytest.mark.parametrize("said", [
    "longer term every team in the association",
    "eventually all the clubs in the province",
    "longer term, every team in the league can share rides",
])
def test_how_far_it_should_spread_one_day_is_no_wish(said: str) -> None:
    """Told with the metric, "longer term every team in the association" became the only row of the scope."""
    before = DiscoverySummary(target_user="hockey parents", core_problem="kids left at the rink",
                              why_now="a new rule on confirmed rides")
    after = extract(before, f"zero kids left waiting by christmas. {said}", "feature_wishlist")
    assert not any(wish.lower().startswith(("longer term", "eventually", "every team", "all the clubs"))
                   and "share" not in wish.lower() for wish in after.feature_wishlist), after.feature_wishlist


def test_a_body_that_pays_for_its_members_is_who_pays() -> None:
    """"team manager would pay maybe $5 a month per team? or the association pays for all 40 teams, not sure yet"
    filed "or the association pays for all 40 teams" as the constraints, then as the target user "teams"."""
    clues = detect("or the association pays for all 40 teams, not sure yet",
                   "or the association pays for all 40 teams, not sure yet", False)
    assert clues["revenue_model"].strong
    assert "target_user" not in clues and "success_metric" not in clues
    before = DiscoverySummary(target_user="hockey parents", core_problem="kids left at the rink",
                              feature_wishlist=["Offer seats"], success_metric="zero kids left waiting by christmas")
    after = extract(before, "team manager would pay maybe $5 a month per team? or the association pays for all 40 "
                            "teams, not sure yet", "feature_wishlist")
    assert after.target_user == "hockey parents" and after.success_metric == before.success_metric
    assert "association pays for all 40 teams" in after.revenue_model


@pytest.mark.parametrize("said", ["has to be dead simple on a phone", "it has to be easy enough for my mum"])
def test_how_easy_it_must_be_is_a_constraint(said: str) -> None:
    clue = detect(said, said, False).get("constraints")
    assert clue is not None and clue.strong
