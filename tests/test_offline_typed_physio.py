"""A founder who writes whole paragraphs (2026-11-27): a scheduling app for independent physiotherapy clinics, each
message long and well formed, with several facts in it. Each test is built from the founder's own sentence, which the
engine before it got wrong, and a second sentence of the same class from another founder.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.extract import extract
from pmtui.product.brains.offline.discovery.phrasing import gap_question
from pmtui.product.brains.offline.discovery.text import persona_name
from pmtui.product.brains.offline.scoping.requests import parse_requests
from pmtui.product.rice import team_size

PITCH = (
    "I'm building a scheduling app for independent physiotherapy clinics. Right now receptionists juggle a paper "
    "diary and phone calls, and about 20% of appointments are no-shows. I want patients to book online, get SMS "
    "reminders the day before, and let clinicians see their day at a glance."
)
VANS = (
    "I'm building an invoicing tool for small van hire firms. Today the owner types invoices into Word, and roughly a "
    "third of our invoices get paid late. I want it to send the invoice when the van comes back and chase late payers."
)


@pytest.mark.parametrize(("pitch", "rate"), [
    (PITCH, "20% of appointments are no-shows"),
    (VANS, "a third of our invoices get paid late"),
])
def test_todays_rate_of_a_bad_outcome_is_the_pain_not_the_metric(pitch: str, rate: str) -> None:
    """"about 20% of appointments are no-shows" was filed as the success metric: it is how bad it is today."""
    summary = extract(DiscoverySummary(), pitch, "")
    assert rate in summary.core_problem
    assert rate not in summary.success_metric


@pytest.mark.parametrize(("said", "asked"), [
    ("Cut no-shows from 20% to under 10% within three months at the pilot clinic.", "core_problem"),
    ("Get late invoices down from 30% to under 10% by the end of the year.", "core_problem"),
    ("Cut no-shows from 20% to under 10% within three months at the pilot clinic.", "why_now"),
])
def test_a_change_to_a_target_is_the_metric_not_the_pain(said: str, asked: str) -> None:
    """"Cut no-shows from 20% to under 10% within three months" said to "what goes wrong?" was filed as the core
    problem: a change with a target and a time frame is the success metric."""
    known = DiscoverySummary(target_user="small clinics with 2-5 physios", feature_wishlist=["Book online"])
    summary = extract(known, said, asked)
    assert summary.success_metric == said.rstrip(".")
    assert summary.core_problem == ""
    assert summary.constraints == ""


@pytest.mark.parametrize(("constraints", "people"), [
    ("I have one developer and myself, about 8 weeks, it has to work on phones", 2),  # was 1: "one developer"
    ("two devs and me, 10 weeks, web first", 3),  # was 2: the founder was not counted
    ("myself and a part-time designer, 3 months", 2),  # was None
    ("a freelance developer and I, until March", 2),
    ("me plus a designer, 6 weeks", 2),
    ("just me and the boys, 4 of us", 4),  # said outright, it wins
])
def test_the_founder_named_with_the_others_is_counted_too(constraints: str, people: int) -> None:
    """"I have one developer and myself" gave "4 weeks × 1 person": the founder builds too, so 2 people."""
    assert team_size(DiscoverySummary(constraints=constraints)) == people


@pytest.mark.parametrize(("said", "row"), [
    # coffee-german (held-out 15), seen once two people made room for the curve in Phase 1: "cut 'Looks good'".
    ("Looks good, although the roast curve, I said if not too much, it is too much, so cut it.", "roast curve"),
    ("Looks fine, though the photo upload, it is too much for now, so leave it out.", "photo upload"),
])
def test_a_nod_before_the_but_names_no_row(said: str, row: str) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said)] == [("cut", row)]


@pytest.mark.parametrize(("said", "count", "called"), [
    # was "small clinics with 2-5 physios; pilot clinic", and the questions said "the pilot clinic"
    ("Mostly small clinics with 2-5 physios; our pilot clinic sees about 400 patients a month.", "400 patients a month",
     "small clinics"),
    # was "Independent driving instructors, pilot"
    ("Independent driving instructors, and my pilot instructor teaches around 25 learners a week.",
     "25 learners a week", "instructors"),
])
def test_a_count_of_what_one_of_them_sees_is_reach_not_a_second_kind_of_user(said: str, count: str, called: str) -> None:
    summary = extract(DiscoverySummary(core_problem="about 20% of appointments are no-shows"), said, "target_user")
    assert count in summary.target_user  # kept where reach reads it
    assert not summary.target_user.endswith("pilot clinic") and not summary.target_user.endswith("pilot")
    assert persona_name(summary) == called
    assert summary.success_metric == ""


@pytest.mark.parametrize("wishes", [
    ["Book online", "Get SMS reminders the day before", "See their day at a glance"],
    ["Log each roast batch", "Print a batch label", "Stock that goes down", "Reorder alert"],
])
@pytest.mark.parametrize("variant", [0, 1])
def test_a_wishlist_of_three_is_checked_not_asked_for_more(wishes: list[str], variant: int) -> None:
    """With three wishes listed, "Besides book online, what else must the first version let the pilot clinic do?"
    named one of them and asked for more: the question names what was said and checks it."""
    summary = DiscoverySummary(target_user="small clinics with 2-5 physios", feature_wishlist=wishes)
    question = gap_question("feature_wishlist", summary, variant)
    assert "Besides" not in question and "what else" not in question
    for wish in wishes[:3]:
        assert wish[1:] in question  # "get SMS reminders the day before", its capital dropped mid-sentence
    assert "missing" in question


def test_a_wishlist_of_two_names_both() -> None:
    summary = DiscoverySummary(target_user="dog walkers", feature_wishlist=["Claim a walk", "GPS tracking"])
    assert gap_question("feature_wishlist", summary, 0).startswith("Besides claim a walk and GPS tracking, what else")
