"""A founder typed in by hand (2026-11-27): the secretary of a beekeeping association in Perthshire, rambling, in
Scottish English. Each test is built from the founder's own sentence, which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import ConversationState, DiscoverySummary
from pmtui.product.brains.offline import OfflineBrain
from pmtui.product.brains.offline.discovery.clues import feature_items
from pmtui.product.brains.offline.discovery.labels import label_statement
from pmtui.product.brains.offline.scoping import negotiate, propose
from pmtui.product.brains.offline.scoping.requests import parse_requests
from pmtui.product.brains.offline.scoping.terms import short_name
from pmtui.product.rice import NICE_TO_HAVE_MARK, rescore
from pmtui.product.search import search_comparable_products


def test_a_manner_after_a_wish_belongs_to_it() -> None:
    """"log an inspection at the hive, even with gloves on" gave the wish "Even with gloves on", a row of the table,
    and the question "Besides even with gloves on, what else must the first version let them do?"."""
    assert feature_items("log an inspection at the hive, even with gloves on") == [
        "Log an inspection at the hive even with gloves on"]


def test_lovely_to_have_and_not_the_priority_are_nice_to_haves() -> None:
    """The honey harvest tracker was lost and "Swarm collection list but that's not" became a Phase 1 row."""
    said = "it'd be lovely to have a honey harvest tracker and a swarm collection list but that's not the priority"
    assert feature_items(said) == [f"Honey harvest tracker {NICE_TO_HAVE_MARK}", f"Swarm collection list {NICE_TO_HAVE_MARK}"]


def test_a_part_of_the_card_named_by_its_label() -> None:
    """At the card: "Oh except the revenue bit, it's more like £100 a year per association, not per member" kept
    "except the revenue bit, it's more like" in the revenue model."""
    said = "Oh except the revenue bit, it's more like £100 a year per association, not per member"
    assert label_statement(said) == ("revenue_model", "£100 a year per association")
    assert label_statement("the fun part is the design") is None


def test_praise_before_a_request_is_no_part_of_the_rows_name() -> None:
    """"The map's grand but could we make it simpler": "I couldn't tell which feature to make smaller (“map's grand”)"."""
    [request] = parse_requests("The map's grand but could we make it simpler, just a list of apiaries with postcodes")
    assert (request.kind, request.what, request.extra.get("scale")) == ("effort", "map", "smaller")


@pytest.mark.parametrize(("said", "name"), [
    ("wee checklist for the annual varroa treatment", "Checklist for the annual varroa treatment"),  # was "Wee checklist"
    ("little league scores", "Little league scores"),
])
def test_how_small_the_founder_pictures_a_row_is_no_part_of_its_name(said: str, name: str) -> None:
    assert short_name(said) == name


BEES = DiscoverySummary(
    target_user="hobby beekeepers, our 70 members",
    core_problem="when there's a disease alert the inspector wants records and it takes a fortnight of phone calls",
    feature_wishlist=["quick inspection log with big buttons", "apiary locations on a map",
                      "a disease alert to members within 3 miles", "export for the bee inspector"],
    success_metric="half the members logging inspections by next spring",
    constraints="my son-in-law, evenings for 3 months",
)


async def test_a_question_beside_changes_is_answered_too() -> None:
    """"…can you bump the disease alert up, that's the whole reason. And what's the difference between impact and
    reach anyway?" changed the table and left the question unanswered."""
    output = rescore(propose(BEES, search_comparable_products(BEES, backend="catalog")))
    state = ConversationState(project="Bees", phase="scoping", discovery_summary=BEES, scoping_output=output)
    said = ("The map's grand but could we make it simpler. And what's the difference between impact and reach "
            "anyway?")
    negotiation = await OfflineBrain().negotiate(state, said, 1, False)
    assert "smaller" in negotiation.reply
    assert "Reach is how many users a feature touches" in negotiation.reply
    alone = await OfflineBrain().negotiate(state, "The map's grand but could we make it simpler.", 1, False)
    assert "Reach is" not in alone.reply


def test_a_legal_duty_is_evidence_for_the_row_it_adds() -> None:
    """"add a wee checklist for the annual varroa treatment, that's a legal thing now, we have to record it" landed
    below the cut line on its score, as if the founder had only wished for it."""
    output = rescore(propose(BEES, search_comparable_products(BEES, backend="catalog")))
    state = ConversationState(project="Bees", phase="scoping", discovery_summary=BEES, scoping_output=output)
    said = "Actually add a wee checklist for the annual varroa treatment, that's a legal thing now, we have to record it"
    negotiation = negotiate(state, said, 2, False)
    row = negotiation.output.feature("Checklist for the annual varroa treatment")
    assert row is not None and row.phase == 1 and "evidence" in negotiation.reply
