"""A founder typed by hand in the TUI (2026-11-27, stop 27): the chairman of a boda boda stage in Kisumu, in Kenyan
English ("Sasa. Am the chairman of a boda boda stage…", "the riders savings to the sacco", "before the AGM in february").
Each test holds the founder's sentence and more of its class, written unlike it, which the engine before it got wrong.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery import extract
from pmtui.product.brains.offline.discovery.text import txt_words
from pmtui.product.brains.offline.discovery.wishlist import removed_features
from pmtui.product.constraint_facets import facets, replace_facets
from pmtui.product.labelled import apply_parts, labelled_parts
from tests.fixtures.offline_talk import talk


@pytest.mark.parametrize(("pitch", "greeting"), [
    (("Sasa. Am the chairman of a boda boda stage in Kisumu, we have like 40 riders. Every evening each rider "
     "contributes 100 bob but we record it in an exercise book and people dispute"), "Sasa"),
    ("Niaje! I run a mitumba stall at Gikomba and customers keep asking for sizes I sold yesterday", "Niaje"),
    ("Bawo. My aunty sells ankara in Ibadan and the orders on WhatsApp get mixed up every week", "Bawo"),
    ("Shwmae! I run the village hall in Llanrug and the bookings clash every other week", "Shwmae"),
])
def test_a_greeting_in_swahili_yoruba_or_welsh_is_no_pitch(tmp_path: Path, pitch: str, greeting: str) -> None:
    """'Love a clear pitch: "Sasa".' quoted the Swahili greeting back as the founder's pitch."""
    replies, _summary = talk(tmp_path, pitch)
    assert greeting.lower() not in replies[0].lower() and '"' in replies[0], replies[0]


@pytest.mark.parametrize(("said", "read"), [
    ("Am the chairman of a boda boda stage", "I am the chairman of a boda boda stage"),
    ("Hello, am Wanjiru from Nyeri", "Hello, I am Wanjiru from Nyeri"),
    ("Am running a small pharmacy in Enugu", "I am running a small pharmacy in Enugu"),
    ("we open 9 am to 5 pm", "we open 9 am to 5 pm"),
    ("the 6 am shift is the problem", "the 6 am shift is the problem"),
    ("I am the treasurer", "I am the treasurer"),
])
def test_am_without_its_i_is_read_as_i_am(said: str, read: str) -> None:
    """Kenyan, Nigerian and Indian English open a sentence with "Am …" for "I am …"; a time ("9 am") stays."""
    assert txt_words(said) == read


@pytest.mark.parametrize(("pitch", "not_quoted"), [
    (("Sasa. Am the chairman of a boda boda stage in Kisumu, we have like 40 riders. Every evening each rider "
     "contributes 100 bob to the sacco but the book gets lost and people quarrel"), "chairman"),
    (("I'm the secretary of a netball league in Dunedin with 300 players. Half the umpires never know which court "
     "they are on on Saturday"), "secretary"),
])
def test_who_the_founder_is_is_not_quoted_as_the_pitch_when_more_follows(tmp_path: Path, pitch: str,
                                                                         not_quoted: str) -> None:
    replies, _summary = talk(tmp_path, pitch)
    quoted = replies[0].split('"')[1]
    assert not_quoted not in quoted, replies[0]


def test_an_introduction_that_tells_the_pain_is_still_the_pitch(tmp_path: Path) -> None:
    replies, _summary = talk(tmp_path, "I run a bakery with 3 staff and our main problem is that orders get lost")
    assert "bakery" in replies[0].split('"')[1], replies[0]


@pytest.mark.parametrize(("old", "new", "kept", "gone"), [
    ("my nephew is doing computer science at Maseno, he can build on weekends; small, maybe 5k shillings for SMS",
     "the AGM in february is our deadline", ["nephew", "5k shillings"], []),
    ("Me and one friend from the college, he knows React, 3 months", "6 months", ["friend", "React"], ["3 months"]),
    ("just me, 6 weeks, android", "budget is 2k", ["just me", "6 weeks", "android"], []),
    ("my daughter codes in the evenings; about 300 dollars for hosting; must be GDPR compliant", "iPhone only",
     ["daughter", "300 dollars", "GDPR"], []),
    ("two of us, 8 weeks, web", "three of us, 10 weeks, web and android", [], ["8 weeks", "two of us"]),
])
def test_a_correction_of_one_limit_replaces_that_limit_only(old: str, new: str, kept: list[str],
                                                            gone: list[str]) -> None:
    merged = replace_facets(old, new)
    assert new in merged
    assert all(word in merged for word in kept), merged
    assert not any(word in merged for word in gone), merged


def test_a_correction_that_names_no_kind_of_limit_replaces_the_whole_value() -> None:
    assert facets("whatever works") == set()
    assert replace_facets("just me, 6 weeks", "whatever works") == "whatever works"


CARD = DiscoverySummary(
    target_user="boda riders at our stage near Kibuye market",
    core_problem="riders say they paid and the book doesn't show it",
    current_alternatives="an exercise book",
    why_now="everyone has a phone now",
    feature_wishlist=["Treasurer marks who paid each evening", "Cash or mpesa", "Before the AGM in february"],
    success_metric="no quarrels about money for 3 months",
    revenue_model="free, the sacco pays the SMS",
    constraints="my nephew is doing computer science at Maseno, he can build on weekends; small, maybe 5k shillings for SMS",
)


@pytest.mark.parametrize("said", [
    "almost. the AGM in february is our deadline, its not a feature",
    "nearly there - the deadline is the AGM in february",
])
def test_a_deadline_said_at_the_card_keeps_who_builds_it_and_the_budget(said: str) -> None:
    """'the AGM in february is our deadline, its not a feature' replaced the constraints with "the AGM in february is our
    deadline, its": the nephew who builds it and the budget were gone."""
    parts, leftover = labelled_parts(said)
    summary, _changed = apply_parts(CARD, parts)
    if leftover:
        summary = extract(summary, leftover, "")
    assert "february" in summary.constraints
    assert "nephew" in summary.constraints and "5k shillings" in summary.constraints, summary.constraints
    assert not summary.constraints.rstrip().endswith(("its", "it's")), summary.constraints


@pytest.mark.parametrize(("said", "row"), [
    ("the AGM in february is our deadline, its not a feature", "Before the AGM in february"),
    ("cash or mpesa is just how they pay", "Cash or mpesa"),
    ("the parents evening is only when the reports go out, it's not a feature", "Parents evening"),
    ("card or cash is simply the way guests settle up", "Card or cash"),
])
def test_a_row_said_to_be_something_else_leaves_the_wishlist(said: str, row: str) -> None:
    rows = ["Treasurer marks who paid each evening", row, "Each rider checks the balance by SMS"]
    assert removed_features(said, rows) == [rows[0], rows[2]]


def test_a_row_is_kept_when_what_is_said_of_it_names_another_thing() -> None:
    rows = ["Treasurer marks who paid each evening", "Cash or mpesa"]
    assert removed_features("mpesa statements are just how the sacco audits", rows) == rows
