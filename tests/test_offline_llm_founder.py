"""Classes found talking to the offline PM as an LLM-simulated founder talks (stop 29): whole paragraphs, several
facts a message, a question back, each answer one question early or late. A food-bank volunteer coordinator in
Leicester got "a lot of phone calls on Friday nights" as the users, "swap with someone if they can't make it" as the
problem, "Volunteers should" as a wish, and her time and phones as why now. Every sentence here is written for the
class, unlike hers.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.belonging import belongs_to
from pmtui.product.brains.offline.discovery.extract import extract
from pmtui.product.brains.offline.discovery.led_people import led_people
from tests.fixtures.offline_talk import talk


@pytest.mark.parametrize("answer", [
    "Two of us, evenings only. It has to run on cheap Android phones.",
    "Me and a friend. We've got about 6 hours a week between us. Must work offline in the barns.",
])
def test_time_and_where_it_runs_answered_to_why_now_are_the_limits(answer: str) -> None:
    assert belongs_to(answer, "why_now") == "constraints"


def test_a_chore_s_hours_are_no_limit() -> None:
    assert belongs_to("I spend 6 hours a week chasing people for their timesheets", "why_now") != "constraints"


def test_a_clause_naming_nobody_in_an_answer_about_today_s_way_is_not_who_it_is_for() -> None:
    answer = ("Good point. Right now it's the paper rota plus a Messenger group, and honestly a lot of texting on Sunday "
              "nights. The real headache is people not turning up.")
    result = extract(DiscoverySummary(core_problem="people forget their slot"), answer, "target_user")
    assert result.target_user == "", result.target_user
    assert "texting on Sunday nights" in result.current_alternatives, result


def test_people_named_with_today_s_way_are_still_who_it_is_for() -> None:
    result = extract(DiscoverySummary(), "Mostly the older ones, who still use the paper sheet", "target_user")
    assert "older ones" in result.target_user, result


@pytest.mark.parametrize(("opening", "users"), [
    ("Hello! I'm Sam and I manage a team of 14 cleaners for a property firm in Durban. Rotas are chaos.",
     "cleaners for a property firm (about 14)"),
    ("I schedule drivers at a small courier firm. We have around 30 drivers and the swaps kill me.",
     "drivers at a small courier firm (about 30)"),
])
def test_whom_the_founder_looks_after_is_who_it_is_for(opening: str, users: str) -> None:
    assert led_people(opening) == users


def test_looking_after_things_is_nobody() -> None:
    assert led_people("I run things at a youth club and organise the rota for a choir") == ""


def test_the_opening_names_the_people_the_founder_coordinates(tmp_path) -> None:
    replies, summary = talk(tmp_path, "Hi, I'm Tom, I coordinate stewards at a football club in Dundee. We have about "
                            "60 stewards and I'd love an app that helps with this.")
    assert summary.target_user.startswith("stewards at a football club"), summary.target_user
    assert "helps with this" not in replies[0], replies[0]


def test_a_wish_list_said_with_who_and_a_modal_and_a_need_is_read_whole() -> None:
    answer = ("I think parents should be able to book a lesson themselves, get a text the night before, and cancel "
              "if they can't come. I also need to see at a glance which slots are empty.")
    result = extract(DiscoverySummary(target_user="parents", core_problem="slots go empty"), answer, "feature_wishlist")
    assert result.feature_wishlist[:4] == ["Book a lesson themselves", "Get a text the night before",
                                           "Cancel if they can't come", "See at a glance which slots are empty"], (
        result.feature_wishlist)
    assert result.core_problem == "slots go empty"  # "if they can't come" is the item's case, not a new problem


@pytest.mark.parametrize("said", [
    "Yes, that's right, although the stewards are more like 75 these days.",
    "looks good, stewards closer to 75 now",
    "spot on. it's more like 75 stewards",
])
def test_a_count_put_nearer_at_the_card_corrects_the_users_count(said: str) -> None:
    """"Yes that's right, though I'd say the volunteers are more like 150 now" at the card got "what should I change?"."""
    from pmtui.product.brains.offline.discovery.asides import number_correction

    summary = DiscoverySummary(target_user="stewards at a football club (about 60)", constraints="me, 8 weeks")
    assert number_correction(summary, said) == ("target_user", "stewards at a football club (about 75)")


@pytest.mark.parametrize("said", ["the club is more like 20 minutes from town", "stewards do more like 4 hours a match",
                                  "the build is more like 10 weeks"])
def test_a_figure_of_something_else_said_nearer_leaves_the_users_count(said: str) -> None:
    from pmtui.product.brains.offline.discovery.asides import number_correction

    summary = DiscoverySummary(target_user="stewards at a football club (about 60)", constraints="me, 8 weeks")
    fix = number_correction(summary, said)
    assert fix is None or fix[0] != "target_user", fix


CLINIC_ROWS = ["Clients could book", "Pay a deposit by card", "Get a text the day before", "See the day's list"]


@pytest.mark.parametrize(("said", "what"), [
    ("I'm not sure the card deposit should be in the first version, clients might find it off-putting.", "card deposit"),
    ("We're not convinced the day's list needs to be in v1", "day's list"),
    ("I don't think the deposit needs to be in phase 1", "deposit"),
    ("Could we move the deposit to phase 2", "deposit"),
])
def test_doubt_that_a_row_belongs_in_the_first_version_puts_it_off(said: str, what: str) -> None:
    """"I'm not sure the deposit should be in the first version" added a row named "I'm not sure the deposit" to
    Phase 1 and moved the core row below the line to make room."""
    from pmtui.product.brains.offline.scoping.requests import parse_requests

    assert [(r.kind, r.what) for r in parse_requests(said, CLINIC_ROWS)] == [("defer", what)]


def test_a_row_said_to_belong_in_the_first_version_is_still_promoted() -> None:
    from pmtui.product.brains.offline.scoping.requests import parse_requests

    assert [r.kind for r in parse_requests("I'm sure the deposit should be in the first version", CLINIC_ROWS)] == [
        "promote"]
