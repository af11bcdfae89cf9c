"""A founder driven question by question (2026-11-27, stop 26): a doubles vendor in San Juan, Trinidad, in Trinidadian
English ("Wha going on", "I does sell doubles … me and my wife", "di line does be long long", "if I doh throw away
channa … dat is the goal", "is for we own stand"). Each test holds the founder's sentence and more of its class,
written unlike it, which the engine before it got wrong.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.dialect import caribbean_words
from pmtui.product.brains.offline.discovery import extract
from pmtui.product.brains.offline.discovery.clues import feature_items
from tests.fixtures.offline_talk import interview, talk


@pytest.mark.parametrize(("said", "read"), [
    ("I does sell doubles by the Croisee", "I sell doubles by the Croisee"),
    ("di line does be long long", "the line is long long"),
    ("if I doh throw away channa, dat is the goal", "if I don't throw away channa, that is the goal"),
    ("we cyah tell how much to make", "we can't tell how much to make"),
    ("is for we own stand", "is for our own stand"),
    ("dey done wait 20 minutes", "they done wait 20 minutes"),
    ("the dis-count code at Dat Phone Repairs", "the dis-count code at Dat Phone Repairs"),
    ("Dat could wait", "that could wait"),
])
def test_caribbean_small_words_are_read_in_english(said: str, read: str) -> None:
    assert caribbean_words(said) == read


@pytest.mark.parametrize(("pitch", "greeting"), [
    ("Good day! Wha going on. I does sell doubles by the Croisee in San Juan and people vex when we run out of channa",
     "Wha going on"),
    ("Wah gwaan! I run a jerk stand in Portmore and the line is too long on Fridays", "Wah gwaan"),
    ("How far! I sell puff-puff near the junction and customers wait too long", "How far"),
])
def test_a_caribbean_or_west_african_greeting_is_no_pitch(tmp_path: Path, pitch: str, greeting: str) -> None:
    """'Love a clear pitch: "Wha going on".' quoted the greeting."""
    replies, _summary = talk(tmp_path, pitch)
    assert greeting.lower() not in replies[0].lower() and '"' in replies[0], replies[0]


@pytest.mark.parametrize("pitch", [
    "I does sell doubles by the Croisee in San Juan, me and my wife, from 5 in the morning. The line is too long",
    "We run a fruit stall in Accra, me and my sister, every day but Sunday, and the mangoes go bad before we sell them",
])
def test_who_runs_the_business_with_the_founder_is_not_who_builds_it(pitch: str) -> None:
    """'…, me and my wife, from 5 in the morning' was read as a team of two builders: the constraints were filled from
    the pitch, never asked, and the nephew who builds it on weekends was never heard."""
    assert extract(DiscoverySummary(), pitch, "").constraints == ""


def test_a_builder_named_in_the_pitch_is_still_the_team() -> None:
    assert "nephew" in extract(DiscoverySummary(), "me and my nephew will build the app over 6 weeks", "").constraints


def test_the_whole_interview_asks_who_builds_it(tmp_path: Path) -> None:
    answers = {
        "target_user": "Regulars mostly, people going to work, maybe 300 on a weekday",
        "core_problem": "Nobody know when we done sell out so dey wait for nothing",
        "current_alternatives": "Nothing really, I does just guess",
        "feature_wishlist": "Let people see if we still have doubles, and a tally of what we sell each day",
        "success_metric": "If I doh throw away channa and nobody wait for nothing for a month, dat is the goal",
        "why_now": "Since the new office building open by the roundabout the line double",
        "revenue_model": "Is for we own stand, we not selling it",
        "constraints": "My nephew in UWI doing computer science, he could do it on weekends, maybe two months",
    }
    replies, state = interview(
        tmp_path, "Good day! Wha going on. I does sell doubles by the Croisee in San Juan, me and my wife, from 5 in "
        "the morning. Di line does be long long and people vex when we run out of channa by 9", answers)
    summary = state.discovery_summary
    assert "nephew" in summary.constraints, summary
    assert summary.success_metric.startswith("If I don't throw away channa"), summary.success_metric
    assert "that is the goal" not in summary.success_metric
    assert not any("What target would you put on that" in reply for reply in replies), replies


def test_that_could_wait_said_in_dialect_marks_the_wish() -> None:
    """'pre-order for big office orders but dat could wait' became the row "Pre-order for big office orders but dat"."""
    assert feature_items(caribbean_words("a tally of sales, and pre-order for big office orders but dat could wait")) == [
        "Tally of sales", "Pre-order for big office orders (nice to have)"]
