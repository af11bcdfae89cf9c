"""A founder typed by hand through `pmtui chat` (2026-11-27, stop 24): a school van owner in Kandy, Sri Lankan English
("Both are problems no?", "machan", "Me and my driver Nimal also will use it"), two metrics and a question about them, an
argue-back that names a row by another word. Each test holds the founder's sentence and at least one more of its class,
which the engine before it got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery import extract
from pmtui.product.brains.offline.discovery.asides import aside_reply
from pmtui.product.brains.offline.discovery.clues import feature_items
from pmtui.product.brains.offline.discovery.text import persona_name
from pmtui.product.brains.offline.scoping.naming import _related
from pmtui.product.brains.offline.scoping.terms import stems
from pmtui.product.rice import feature_name

BEFORE = DiscoverySummary(core_problem="parents keep calling to ask where the van is")


@pytest.mark.parametrize(("said", "who"), [
    ("Mainly the parents. Me and my driver Nimal also will use it.", "parents (also you and your driver Nimal)"),
    ("the parents, and we'll use it too", "parents (also you)"),
])
def test_the_founders_own_people_using_it_are_kept_beside_the_users(said: str, who: str) -> None:
    """"Me and my driver Nimal also will use it" made the target "parents; Me, driver", said back as "parents and Me"."""
    after = extract(BEFORE, said, "target_user")
    assert after.target_user == who
    assert persona_name(after) == "parents"


@pytest.mark.parametrize(("said", "later"), [
    ("Mainly the parents. Other van owners also maybe later, there are so many in Kandy.", "Other van owners"),
    ("nurses on the ward, maybe other hospitals later", "other hospitals"),
    ("the coaches, the other clubs too later on", "the other clubs"),
])
def test_people_for_later_said_after_them_are_for_later(said: str, later: str) -> None:
    """"Other van owners also maybe later" made "Other van owners" a target user now."""
    after = extract(BEFORE, said, "target_user")
    assert after.target_user.endswith(f"(later, not now: {later})"), after.target_user


@pytest.mark.parametrize("said", [
    "Both are problems no? Calling is disturbing while driving, that is dangerous also.",
    "all of them really, calling is disturbing while driving",
])
def test_a_nod_to_the_problems_named_is_no_part_of_the_problem(said: str) -> None:
    """The PM said '"Both are problems no" — that's a real pain'."""
    after = extract(BEFORE.model_copy(update={"core_problem": ""}), said, "core_problem")
    assert after.core_problem.lower().startswith("calling is disturbing while driving"), after.core_problem


def test_asked_whether_two_metrics_will_do_the_pm_says_which_it_holds_the_scope_to() -> None:
    """"Is it ok to have two?" got 'Yes — "all fees collected by 10th of the month" is exactly the kind of answer'."""
    two = BEFORE.model_copy(update={"success_metric": "calls go down from 20 a day to 5; all fees paid by the 10th"})
    reply = aside_reply("Is it ok to have two?", "success_metric", two)
    assert reply.startswith("Two is fine") and "calls go down" in reply and "fees paid by the 10th" in reply


@pytest.mark.parametrize(("said", "wishes"), [
    ("see how much fee is due and pay it", ["See how much fee is due", "Pay the fee"]),
    ("book a slot and cancel it", ["Book a slot", "Cancel the slot"]),
    ("track the parcels, and scan them", ["Track the parcels", "Scan parcels"]),
])
def test_a_wish_that_points_back_is_named_by_what_it_points_to(said: str, wishes: list[str]) -> None:
    """"…and pay it" made the wish "Pay it", which the scope then dropped without a word."""
    assert feature_items(said) == wishes


@pytest.mark.parametrize(("wish", "name"), [
    ("Get a message when van is 5 minutes away", "Message when van is 5 minutes away"),
    ("Send a reminder when the fee is overdue", "Reminder when fee is overdue"),
    ("Get an alert when the bus is 10 minutes out", "Alert when bus is 10 minutes out"),
])
def test_a_notice_is_named_by_what_it_tells(wish: str, name: str) -> None:
    """The row read "Get a message" and the founder could not tell which message."""
    assert feature_name(wish) == name


@pytest.mark.parametrize(("word", "row"), [
    ("location", "See where van is on map"), ("gps", "Bus on a map"), ("dues", "Fees due list"),
])
def test_a_row_named_by_another_word_for_the_same_thing_is_that_row(word: str, row: str) -> None:
    """"the van location … must be in phase 1" added a new row "Van location" beside "See where van is on map"."""
    assert _related(next(iter(stems(word))), stems(row))
    assert not _related(next(iter(stems(word))), stems("Attendance list"))


def test_the_whole_walk_moves_the_rows_the_founder_names_in_their_own_words(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The founder's eleven messages through `pmtui chat --jsonl`, as typed."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    walk = Path(__file__).parent / "fixtures" / "school_van_walk.txt"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    db = str(tmp_path / "p.db")
    subprocess.run([sys.executable, "-m", "pmtui", "--db", db, "--offline", "chat", "--jsonl", "--project", "van"],
                   input=walk.read_text(), capture_output=True, text=True, timeout=120, check=True, env=env)
    state = json.loads(subprocess.run([sys.executable, "-m", "pmtui", "--db", db, "export", "--json"],
                                      capture_output=True, text=True, timeout=60, check=True, env=env).stdout)
    assert state["discovery_summary"]["target_user"].startswith("parents")
    assert "Pay the fee" in state["discovery_summary"]["feature_wishlist"]
    rows = {f["name"]: f["phase"] for f in state["scoping_output"]["mvp_features"]}
    assert not any(name.lower().startswith("van location") for name in rows), rows
    assert rows.get("See where van is on map") == 1 and rows.get("Message when van is 5 minutes away") == 1, rows
