"""A founder typed by hand in the TUI (2026-11-27, stop 26): the nephew of a spaza-shop owner in Soweto, in South
African English ("howzit! ja so my oom runs a spaza shop", "stock is always a mission", "eish", "R0 i mean its for
us", "oh and why now, loadshedding is less"). Each test holds the founder's sentence and more of its class, written
unlike it, which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.scoping.terms import persona, user_count


@pytest.mark.parametrize("users", [
    "oom is the owner, hes 58, opens at 6am, does the cash and the ordering",
    "My gran runs the guesthouse, she's 74, cooks the breakfasts and does the bookings",
    "the coach, aged 63, drives the minibus on Saturdays",
    "I'm 29, I work the stall alone on market days",
])
def test_an_age_is_no_count_of_users(users: str) -> None:
    """The scope planned a reach of 58 'opens': the owner's age was read as 58 users."""
    assert user_count(DiscoverySummary(target_user=users)) is None


@pytest.mark.parametrize(("users", "count"), [
    ("about 1,200 members of the club, most of them over 60", 1200.0),
    ("the 45 nurses on the ward, she's the manager", 45.0),
])
def test_a_count_of_people_is_still_read(users: str, count: float) -> None:
    found = user_count(DiscoverySummary(target_user=users))
    assert found is not None and found[0] == count, found


@pytest.mark.parametrize(("users", "noun"), [
    ("oom is the owner, hes 58, opens at 6am, does the cash", "users"),
    ("the owner, who opens up at 7 and locks up at 10", "users"),
    ("my sister who runs a nail bar in Leeds", "users"),
    ("Librarians at the county library, who lends out sheet music", "librarians"),
    ("carers, nurses at the home", "carers"),
    ("the plot holders, who grows veg on the allotment", "holders"),
])
def test_a_verb_of_the_person_is_no_name_for_the_users(users: str, noun: str) -> None:
    """'The core flow works end to end for opens': "opens at 6am" named the users."""
    assert persona(DiscoverySummary(target_user=users)) == noun
