"""A founder typed by hand through `pmtui chat` (2026-11-27, stop 24): a taquería owner in Guadalajara who caters
parties, English as a second language ("Hello, I have a small taqueria…", "Also me and my wife, we take the orders").
Each test holds the founder's sentence and at least one more of its class, which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import ChatMessage, ConversationState, DiscoverySummary
from pmtui.product.brains.offline.discovery import extract, next_reply, opening_question
from pmtui.product.brains.offline.discovery.clues import feature_items
from pmtui.product.completeness import check_completeness


@pytest.mark.parametrize(("pitch", "quoted"), [
    ("Hello, I have a small taqueria in Guadalajara and we do catering for parties and offices.",
     '"I have a small taqueria in Guadalajara'),
    ("Hi there! I run a mobile dog grooming van in Leeds and bookings are a mess.", '"I run a mobile dog grooming van'),
])
def test_the_greeting_before_a_pitch_is_no_part_of_its_quote(pitch: str, quoted: str) -> None:
    """'Love a clear pitch: "Hello, I have a small taqueria…"' quoted the greeting."""
    summary = extract(DiscoverySummary(), pitch, "")
    state = ConversationState(
        discovery_summary=summary, asked_aspect="",
        messages=[ChatMessage(role="assistant", content=opening_question(), phase="discovery"),
                  ChatMessage(role="user", content=pitch, phase="discovery")],
    )
    reply = next_reply(state, pitch, DiscoverySummary(), check_completeness(summary, 1)).text
    assert quoted in reply and '"Hello' not in reply and '"Hi' not in reply, reply


@pytest.mark.parametrize(("said", "who"), [
    ("The clients, people who organize a party. Also me and my wife, we take the orders.",
     "The clients, people who organize a party (also you and your wife)"),
    ("busy parents. me and my sister, we handle the bookings", "busy parents (also you and your sister)"),
])
def test_the_founders_own_people_working_the_orders_are_beside_the_users(said: str, who: str) -> None:
    """"me and my wife, we take the orders" was a second target user."""
    after = extract(DiscoverySummary(core_problem="orders get confused"), said, "target_user")
    assert after.target_user == who


@pytest.mark.parametrize(("said", "wishes"), [
    ("clients can make the order with the menu, the number of persons and the date, and pay the deposit",
     ["Make the order with menu, number of persons and date", "Pay the deposit"]),
    ("a list of jobs with the address, time and price", ["List of jobs with address, time and price"]),
    ("credit book with customer name and phone", ["Credit book with customer name and phone"]),
    ("a profile with their name, the photo and a chat for clients", ["Profile with their name and photo",
                                                                    "Chat for clients"]),
])
def test_what_one_wish_holds_after_with_is_no_wish_of_its_own(said: str, wishes: list[str]) -> None:
    """"make the order with the menu, the number of persons and the date" made rows "Number of persons" and "Date"."""
    assert feature_items(said) == wishes
