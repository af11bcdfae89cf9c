"""Users counted per place ("about 300 per hospital", "a dozen carers in each home, four homes") and a count said back
at the table with the users' own noun ("i told you there are 600 nurses").

Found walking the TUI as a founder (stop 29): "Hospital nurses on rotating 12-hour shifts, about 300 per hospital"
scored every row on an assumed 1,000 nurses ("no user count given"), and "why is reach 1000? i told you its about 300
nurses per hospital and we'd start with 2 hospitals" was answered with the reach's definition and left the table at
1,000. Every sentence here is written for the class, unlike the founder's own.
"""

from __future__ import annotations

import pytest

from pmtui.product.brains.offline.per_site import per_place_count
from pmtui.product.brains.offline.scoping.recount import said_count
from tests.fixtures.offline_talk import interview


@pytest.mark.parametrize(("text", "users", "value"), [
    ("Care assistants in residential homes, roughly 25 per home, mostly on nights.", "Care assistants", 25),
    ("groundsmen, maybe 6 at each club, we'd begin with 5 clubs", "groundsmen", 30),
    ("pharmacy techs — 8 a branch across eleven branches", "pharmacy techs", 88),
    ("it's for depot drivers, twenty-odd in every depot", "depot drivers", 20),
    ("about 1,200 members a region, 3 regions", "", 3600),
])
def test_users_counted_per_place_are_the_reach(text: str, users: str, value: float) -> None:
    found = per_place_count(text, users)
    assert found is not None and found.value == value, found


@pytest.mark.parametrize(("text", "users"), [
    ("they log 3 visits a week", "carers"),  # time, not a place
    ("homes pay £2 per carer per month", "carers"),  # money per person
    ("each home has 14 rooms per floor", "carers"),  # things, not people
    ("one or two cooks per kitchen, it varies", "cooks"),  # a range of each place's size
    ("we run 4 rounds a Saturday", "volunteers"),  # a weekday is a time
    ("two porters each reckon the other one did it", "porters"),  # "each" of the people, not per place
])
def test_counts_of_things_time_and_money_are_no_users(text: str, users: str) -> None:
    assert per_place_count(text, users) is None


@pytest.mark.parametrize(("text", "users", "value"), [
    ("there are 45 midwives not 1000", "Community midwives", 45),  # the users' own noun, not a fixed list's
    ("reach is off, it's more like 120 community nurses", "", 120),
    ("i told you, roughly 15 baristas a cafe and we have 4 cafes", "baristas in small coffee chains", 60),
])
def test_a_count_said_back_at_the_table_reads_the_users_noun(text: str, users: str, value: float) -> None:
    found = said_count(text, users)
    assert found is not None and found[0] == value, found


@pytest.mark.parametrize("text", [
    "we have 12 vans not 1000",  # things
    "its just 2 of us building it, reach looks high",  # the makers, not the users
])
def test_a_count_of_things_or_makers_is_no_recount(text: str) -> None:
    assert said_count(text) is None


CARE = {
    "target_user": "Care assistants in residential homes, roughly 25 per home, mostly on nights",
    "core_problem": "handover notes get lost between the night and the day shift",
    "current_alternatives": "a paper handover book on the nurses' station",
    "feature_wishlist": "write a handover note, read the last shift's notes, flag a resident who needs checking",
    "success_metric": "every shift writes its handover in the app within a month",
    "revenue_model": "homes pay a monthly fee",
    "constraints": "two of us, 8 weeks",
    "why_now": "inspectors now ask for written handovers",
}


def test_a_per_place_count_sets_the_reach_and_says_it_is_one_place_s_worth(tmp_path) -> None:
    _replies, state = interview(tmp_path, "an app for shift handover notes", CARE)
    assert state.scoping_output is not None
    rows = state.scoping_output.mvp_features
    assert max(f.rice_reach for f in rows) == 25, [f.rice_reach for f in rows]
    reason = next(f.provenance["reach"].reason for f in rows if f.rice_reach == 25)
    assert "roughly 25 per home" in reason and "how many homes" in reason, reason


def test_a_count_per_place_said_at_the_table_times_the_places_sets_every_row(tmp_path) -> None:
    replies, state = interview(tmp_path, "an app for shift handover notes", CARE,
                               then=(("why is reach 25? i said roughly 25 care assistants per home and we start "
                                     "with 6 homes"),))
    assert state.scoping_output is not None
    rows = state.scoping_output.mvp_features
    assert max(f.rice_reach for f in rows) == 150, (replies[-1], [f.rice_reach for f in rows])
    assert "25 care assistants per home × 6 homes" in replies[-1]
    assert state.negotiation_rounds == 0  # a fact, not a round of argue-back
