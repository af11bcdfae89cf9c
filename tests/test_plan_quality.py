"""The measures of bench/plan_quality.py (pmtui.product.plan_quality), each on titles and criteria of its own."""

from __future__ import annotations

import pytest

from pmtui.delivery.plan import parse_plan
from pmtui.product.plan_quality import (
    DuplicateCriterion,
    FirstPerson,
    FragmentTitle,
    TemplateCriterion,
    ThingAsAct,
    TitleEcho,
    defects,
)


@pytest.mark.parametrize("title", ["Pause a delivery", "Record practice minutes", "Kiln firing log", "Sign in",
                                   "Reminder the evening before", "See where the ferry is", "Log of who borrowed what", "List of who's on when",
                                   "Rota everyone can see", "Export to CSV", "Order", "Who owes for the hay"])
def test_a_capability_is_no_fragment(title: str) -> None:
    assert FragmentTitle().reason(title) == ""


@pytest.mark.parametrize(("title", "why"), [
    ("Tell", "a lone verb"), ("Or the hay orders in one list", "opens on 'or'"), ("Know which goat we", "ends on 'we'"),
    ("Tenants see roughly", "ends on 'roughly'"), ("No turnips", "a negation with no verb"),
    ("Chalkboard saying", "a clause cut after 'saying'"), ("Receipts for the", "ends on 'the'"),
    ("Weigh the fleece with", "ends on 'with'"), ("Stall rent must", "ends on 'must'"),
])
def test_a_fragment_says_why(title: str, why: str) -> None:
    assert FragmentTitle().reason(title).startswith(why)


def test_first_person_outside_quotes_only() -> None:
    first = FirstPerson()
    assert first.reason("A user can see my week of lessons") == "says 'my'"
    assert first.reason("The app tells us when the kiln is cool") == "says 'us'"
    assert first.reason("Quotes i send go out by email") == "says 'i'"
    assert first.reason("A tenant taps 'I paid' and the landlord sees it") == ""
    assert first.reason("Prices in US dollars, i.e. without tax") == ""
    assert first.reason("A pupil can see their own week of lessons") == ""


def test_an_echo_opens_on_the_title_and_adds_nothing() -> None:
    echo = TitleEcho()
    assert echo.reason("Ferry tickets works from start to finish in the app and its result is saved", "Ferry tickets")
    assert echo.reason("Shed key: Shed key for each allotment holder", "Shed key") == "the title said twice"
    assert echo.reason("A user can record practice minutes from the app and sees the result saved",
                       "Record practice minutes") == ""
    assert echo.reason("Shed key: each holder can borrow the key for one day", "Shed key") == ""


def test_template_words_and_targets_over_time() -> None:
    template = TemplateCriterion()
    assert template.reason("Kiln bookings in one place: Everything in one place instead of spread across tools")
    assert template.reason("Know which goat: Nothing slips: everything in one list")
    assert template.reason("Metric: two thirds of tenants pay online by the end of the year")
    assert template.reason("Metric: 40% of members renew within 3 months")
    assert template.reason("A user can add a hive inspection and sees it saved") == ""
    assert template.reason("A reminder is sent 3 days before the rent is due") == ""


def test_duplicates_are_the_same_content_words_again() -> None:
    found = DuplicateCriterion().reasons(["A user can add a hive", "A user can add the hive", "A user can add a queen"])
    assert found == ["A user can add the hive"]


def test_defects_leave_the_plan_formats_own_criteria_out() -> None:
    plan = parse_plan("""# Plan: Hives
plan-id: hives

## Environment
- test: pytest -q

## Tasks

### T1: Project skeleton
- ownership: skeleton

Acceptance criteria:
- The project builds from a clean checkout with the commands in the Environment section
- `pytest -q` runs and a smoke test in tests/test_smoke.py passes

### T2: Say
- depends: T1
- ownership: say

Acceptance criteria:
- Say works from start to finish in the app and its result is saved
- A user can see my hives
- Invalid or empty input is refused with a message that says what to fix, and nothing is saved
- tests/test_say.py covers these criteria and passes with `pytest -q`
""")
    found = defects(plan)
    assert [len(found[name]) for name in found] == [1, 1, 1, 1, 0, 0, 0]


def test_a_things_name_read_as_an_act() -> None:
    as_act = ThingAsAct()
    assert as_act.reason("A user can list of the moorings paid for")
    assert as_act.reason("A user can record per hive of each inspection from the app")
    assert as_act.reason("A user can list the moorings paid for") == ""
    assert as_act.reason("The app shows the list of moorings paid for") == ""
