"""A founder's wish said as a criterion that reads as a sentence (pmtui.product.plan_wishes, round 26): someone doing
something, an act with no one named, a doing, a choice, things in a state; how it is done ("online", "from their
phone", "by postcode") kept, and the gates still reading the frame. The wishes here are unlike the held-out 25 plans'
("customers order a tree", "parents enter the code", "members or their family book a ride", "a call the evening
before"): a dog-show entry, a community hall, allotments, a lifeboat crew, a repair café."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.delivery.gates.alignment import map_criteria
from pmtui.delivery.gates.plan_shapes import frame_removed
from pmtui.delivery.plan import parse_plan
from pmtui.models import ConversationState, DiscoverySummary, Feature, ScopingOutput
from pmtui.product.plan_checks import thing_check
from pmtui.product.plan_quality import UngrammaticalCriterion, defects
from pmtui.product.plan_writer import write_plan
from tests.criteria_corpus.corpus import Case, change_for


@pytest.mark.parametrize(("wish", "criterion"), [
    # someone doing something: who is kept, the verb agrees
    ("Tenants report a leak from their phone",
     "Tenants can report a leak from their phone and see the result saved"),
    ("Plot holders or their partner sign up online for a half plot",
     "Plot holders or their partner can sign up online for a half plot and see the result saved"),
    ("The caretaker confirms each hire by text",
     "The caretaker can confirm each hire by text and sees the result saved"),
    ("Volunteer pick the repair they can do",
     "The volunteer can pick the repair they can do from the app and sees the result saved"),
    ("Exhibitors booking a bench by postcode",
     "Exhibitors can book a bench by postcode from the app and see the result saved"),
    ("Stallholders order by Friday noon",
     "Stallholders can order by Friday noon from the app and see the result saved"),
    ("Riders checking roughly when the van arrives",
     "Riders can check roughly when the van arrives from the app"),
    ("Skippers see who is on call",
     "Skippers can see who is on call from the app"),
    ("Inspector checks the smoke alarms",
     "The inspector can check the smoke alarms from the app"),
    # a thing named for whom it is, or by what is done to it, is no one doing anything
    ("Parent view of the rota", "The app shows the parent view of the rota"),
    ("Boiler service tracking", "A user can track boiler service from the app and sees the result saved"),
    ("Warden signing before the shift", None),
    # an act with no one named, whatever else its first word names
    ("Ring the hirer the week before",
     "A user can ring the hirer the week before from the app and sees the result saved"),
    ("Scan the tag on each kettle",
     "A user can scan the tag on each kettle from the app and sees the result saved"),
    ("Order a skip online with the size",
     "A user can order a skip online with the size and sees the result saved"),
    # a doing, a choice, things in a state
    ("Claiming a spare plot from the waiting list",
     "A user can claim a spare plot from the waiting list from the app and sees the result saved"),
    ("Whether the crew member can make the shout",
     "A user can say whether the crew member can make the shout from the app and sees the result saved"),
    ("Repairs logged by postcode",
     "A user can add repairs logged by postcode from the app and sees the result saved"),
    # things stay things
    ("Spare key handover by postcode",
     "A user can add a spare key handover by postcode from the app and sees the result saved"),
    ("Payment record", "A user can add a payment record from the app and sees the result saved"),
    ("Count for the stewards", "A user can add a count for the stewards from the app and sees the result saved"),
    ("Reminder text the evening before", "The app sends the reminder text the evening before"),
])
def test_each_shape_of_wish_reads_as_a_sentence_with_the_founders_nouns(wish: str, criterion: str | None) -> None:
    said = thing_check(wish)
    if criterion is None:  # not read as someone doing something
        assert not said.lower().startswith("the warden can")
    else:
        assert said == criterion
    assert UngrammaticalCriterion().reason(said) == ""


@pytest.mark.parametrize(("glued", "why"), [
    ("A user can add a tenants report a leak from the app and sees the result saved", "a subject"),
    ("A user can add a caretaker confirms each hire from the app and sees the result saved", "a subject"),
    ("A user can add a fixers or their helpers claim from the app and sees the result saved", "a subject"),
    ("A user can add a ring the hirer the week before from the app and sees the result saved", "a verb phrase"),
    ("A user can add a claiming a spare plot from the app and sees the result saved", "a doing"),
    ("A user can add a whether the crew member can make it from the app and sees the result saved", "'whether'"),
    ("A user can add a repairs logged by postcode from the app and sees the result saved", "a plural"),
    ("The app shows the skipper sees who is on call", "a subject"),
])
def test_the_measure_finds_a_wish_glued_after_the_template(glued: str, why: str) -> None:
    assert why in UngrammaticalCriterion().reason(glued)


def test_a_plan_of_such_wishes_has_no_ungrammatical_criterion() -> None:
    state = ConversationState(
        project="Repair café", slug="repair",
        discovery_summary=DiscoverySummary(target_user="volunteers at a monthly repair café"),
        scoping_output=ScopingOutput(mvp_features=[
            Feature(name="Visitors enter the fault", description="Visitors enter the fault online with a photo",
                    phase=1, priority="P0"),
            Feature(name="Fixers or their helpers claim", description="", phase=1, priority="P0"),
            Feature(name="Text the visitor when it is fixed", description="", phase=1, priority="P1"),
            Feature(name="Whether the item needs a part", description="", phase=1, priority="P1"),
        ]),
    )
    plan = parse_plan(write_plan(state))
    assert defects(plan)["ungrammatical criteria"] == []
    criteria = {task.title: task.acceptance_criteria[0] for task in plan.tasks}
    assert criteria["Visitors enter the fault"] == "Visitors can enter the fault online with a photo and see the result saved"
    assert criteria["Fixers or their helpers claim"] == "Fixers or their helpers can claim from the app and see the result saved"


def test_the_gates_read_whoever_is_named_as_they_read_a_user() -> None:
    assert frame_removed("Tenants can report a leak from their phone and see the result saved") == (
        "A user can report a leak from their phone", True)
    assert frame_removed("The caretaker can confirm each hire from the app") == (
        "A user can confirm each hire", False)
    # Outside the PM's frame, who is named is part of what is asked ("Admins can delete any post").
    assert frame_removed("Admins can delete any post")[0] == "Admins can delete any post"


def test_a_change_that_saves_the_act_meets_the_criterion_whoever_is_named(tmp_path: Path) -> None:
    case = Case(id="repair-book", criterion="", expect="pass", style="", lang="python", after={"repairs.py": (
        "import sqlite3\n\n\n"
        "def book_slot(conn: sqlite3.Connection, lamp: str, day: str) -> int:\n"
        "    if not lamp or not day:\n"
        "        raise ValueError('say what is broken and which day')\n"
        "    cur = conn.execute('INSERT INTO slots (item, day) VALUES (?, ?)', (lamp, day))\n"
        "    conn.commit()\n"
        "    return cur.lastrowid\n")})
    change = change_for(case, tmp_path)
    named, user = map_criteria(["Visitors can book a slot online for their broken lamp and see the result saved",
                                "A user can book a slot online for their broken lamp and sees the result saved"],
                               change)
    assert user.location is not None
    assert named.location == user.location
