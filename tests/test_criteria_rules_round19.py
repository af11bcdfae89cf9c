"""Round 19 rules of the plan-alignment matcher, found with held-out 23 (criteria copied from pmtui's own offline PM
plans for six more founders' ideas, code under the agents' own names).

Each rule is shown on a (criterion, change) pair of its own, written for the class and unlike held-out 23's cases:
the change that does what the criterion asks is mapped, the near miss an agent writes is not. The earlier rounds'
rules are in test_criteria_rules*.py.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.vocabulary import read_criterion
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str]) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before={}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- a value computed from the criterion's word into a local nothing reads ------------------------------------------
_DISPATCH = '''from datetime import date, timedelta


def parcels_to_ship(db, today: date) -> list[str]:
    friday = today + timedelta(days=(4 - today.weekday()) % 7)
    rows = db.execute("SELECT ref FROM parcels WHERE shipped = 0{where}", {args}).fetchall()
    return [r[0] for r in rows]
'''
_SHIP_BY_FRIDAY = "A user can see the parcels to ship by friday from the app"


def test_a_value_computed_for_the_criterion_s_word_and_never_read_is_dropped() -> None:
    from pmtui.delivery.gates.dropped_values import computes_and_drops

    words = [c for c in read_criterion(_SHIP_BY_FRIDAY).concepts if c.strong]
    used = _DISPATCH.format(where=" AND due_on <= ?", args="(friday.isoformat(),)")
    dropped = _DISPATCH.format(where="", args="()")
    body = lambda code: code.split("-> list[str]:", 1)[1]  # the function's body
    assert "computes friday" in computes_and_drops(words, body(dropped), dropped)
    assert not computes_and_drops(words, body(used), used)
    # a field of the object (declared outside the function) and a keyword argument are not its locals
    assert not computes_and_drops(words, "    friday = next_friday()\n", "var friday = nil\n    friday = next_friday()\n")
    assert not computes_and_drops(words, "    send(\n        friday=next_friday(),\n    )\n", "")


def test_a_day_nobody_reads_decides_nothing(tmp_path: Path) -> None:
    right = _DISPATCH.format(where=" AND due_on <= ?", args="(friday.isoformat(),)")
    assert maps(tmp_path / "right", _SHIP_BY_FRIDAY, {"warehouse/dispatch.py": right})
    assert not maps(tmp_path / "dropped", _SHIP_BY_FRIDAY, {"warehouse/dispatch.py": _DISPATCH.format(where="", args="()")})


# -- a block of loose lines whose comments alone name the criterion --------------------------------------------------
_LAUNCH = '''from datetime import time

SAFE_LAUNCH = (time(6), time(18))  # launching hours for the dinghies


def launch_hours(berth_free: bool):
    return SAFE_LAUNCH if berth_free else None
'''


def test_a_constant_named_only_by_its_comment_shows_nothing(tmp_path: Path) -> None:
    criterion = "A user can see the dinghies from the app"
    # the comment is the only place the dinghies are named; the function decides nothing about them
    assert not maps(tmp_path / "comment", criterion, {"marina/hours.py": _LAUNCH})
    # the code itself naming them is evidence as before
    named = _LAUNCH.replace("SAFE_LAUNCH", "DINGHY_LAUNCH").replace("  # launching hours for the dinghies", "")
    assert maps(tmp_path / "named", criterion, {"marina/hours.py": named})


# -- a "saved" import that commits each row before it refuses a later one --------------------------------------------
_READINGS = '''import json
import sqlite3


def load_meter_readings(path: str, db: sqlite3.Connection) -> int:
    count = 0
    {open_tx}for entry in json.load(open(path)):
        if not isinstance(entry.get("kwh"), (int, float)) or entry["kwh"] < 0:
            raise ValueError(f"reading {{count + 1}}: kwh must be a number of 0 or more")
        db.execute("INSERT INTO readings (meter, kwh) VALUES (?, ?)", (entry["meter"], entry["kwh"]))
        {commit_each}count += 1
    {commit_once}return count
'''


def test_an_import_committing_row_by_row_before_a_refusal_keeps_half(tmp_path: Path) -> None:
    criterion = "Import from the meter app: Bring over what they already keep today"
    whole = _READINGS.format(open_tx="", commit_each="", commit_once="db.commit()\n    ")
    assert maps(tmp_path / "whole", criterion, {"energy/import_meter_readings.py": whole})
    half = _READINGS.format(open_tx="", commit_each="db.commit()\n        ", commit_once="")
    assert not maps(tmp_path / "half", criterion, {"energy/import_meter_readings.py": half})


# -- a plan-titled module named on an import line lends no act ------------------------------------------------------
def test_an_import_of_a_plan_titled_module_lends_its_title_no_act(tmp_path: Path) -> None:
    criterion = "A user can see when the van leaves from the app"
    code = "def departures(timetable):\n    return sorted(timetable)\n"
    test = ("from src.see_when_the_van_leaves import departures\n\n\ndef test_sorted():\n"
            "    assert departures([3, 1]) == [1, 3]\n")
    # the test file named for the title imports the module named for the title: neither says when a van leaves
    assert not maps(tmp_path / "titled", criterion, {"src/see_when_the_van_leaves.py": code,
                                                      "tests/test_see_when_the_van_leaves.py": test})


# -- "their data is theirs" with whose record a FastAPI route's own id parameter says --------------------------------
_ALLOTMENTS = '''import sqlite3

from fastapi import Depends, FastAPI, HTTPException
from pydantic import BaseModel

from plots.auth import signed_in_gardener

app = FastAPI()
db = sqlite3.connect("plots.db", check_same_thread=False)


class NewGardener(BaseModel):
    email: str
    plot_number: int


@app.post("/gardeners", status_code=201)
def sign_up(body: NewGardener):
    if "@" not in body.email:
        raise HTTPException(422, "an email address is needed")
    cur = db.execute("INSERT INTO gardeners (email, plot_number) VALUES (?, ?)", (body.email, body.plot_number))
    db.commit()
    return {{"id": cur.lastrowid}}


@app.get("/gardeners/profile")
def my_profile({whose}):
    return db.execute("SELECT email, plot_number FROM gardeners WHERE id = ?", (gardener_id,)).fetchone()
'''


def test_a_route_taking_whose_record_as_its_own_id_parameter_keeps_nobody_s_data_theirs(tmp_path: Path) -> None:
    criterion = "Sign-up and profile: Gardeners create an account so their data is theirs"
    signed_in = _ALLOTMENTS.format(whose="gardener_id: int = Depends(signed_in_gardener)")
    assert maps(tmp_path / "signed-in", criterion, {"plots/api.py": signed_in})
    asked = (_ALLOTMENTS.format(whose="gardener_id: int").replace("from fastapi import Depends, FastAPI", "from fastapi import FastAPI")
             .replace("from plots.auth import signed_in_gardener\n", ""))
    assert not maps(tmp_path / "asked", criterion, {"plots/api.py": asked})


# -- a message sent without what the criterion says it tells with --------------------------------------------------
_READY = '''def prescription_ready(rx, sms, counter):
    """Text the patient when the pharmacy has made up the prescription."""
    rx.status = "ready"
    rx.collection_counter = counter
    rx.save()
    sms.send(rx.patient_phone, {message})
'''


def test_a_message_without_what_it_is_to_tell_does_not_tell_it(tmp_path: Path) -> None:
    from pmtui.delivery.gates.guards import message_without_what_it_tells

    criterion = "Text the patient when the prescription is ready, with the collection counter"
    told = 'f"Your prescription is ready at collection counter {counter}"'
    bare = '"Your prescription is ready"'
    assert message_without_what_it_tells(criterion, _READY.format(message=bare))
    assert not message_without_what_it_tells(criterion, _READY.format(message=told))
    assert not message_without_what_it_tells("Text the patient when the prescription is ready", _READY.format(message=bare))
    assert maps(tmp_path / "told", criterion, {"pharmacy/ready.py": _READY.format(message=told)})
    assert not maps(tmp_path / "bare", criterion, {"pharmacy/ready.py": _READY.format(message=bare)})


# -- a thing saved "with" something none of its writes stores --------------------------------------------------------
_SIGHTINGS = '''import json
from pathlib import Path


def record_sighting(store: Path, species: str, gps: tuple[float, float] | None) -> dict:
    if not species.strip():
        raise ValueError("name the bird you saw")
    if gps is None:
        raise ValueError("turn on location so the sighting has its map point")
    entry = {{"species": species.strip(){extra}}}
    kept = json.loads(store.read_text()) if store.exists() else []
    kept.append(entry)
    store.write_text(json.dumps(kept))
    return entry
'''


def test_a_record_saved_without_what_it_comes_with_is_not_the_record_asked_for(tmp_path: Path) -> None:
    criterion = "A user can record a sighting with its gps location from the app and sees the result saved"
    whole = _SIGHTINGS.format(extra=', "lat": gps[0], "lon": gps[1], "gps": list(gps)')
    assert maps(tmp_path / "whole", criterion, {"birds/sightings.py": whole})
    # the location is checked and left out of what is written
    assert not maps(tmp_path / "without", criterion, {"birds/sightings.py": _SIGHTINGS.format(extra="")})


# -- a period's total that adds up every row whatever its date -------------------------------------------------------
_DUES = '''import sqlite3


def weekly_dues(db: sqlite3.Connection, member_id: int, week_start: str) -> int:
    """What a climbing-club member owes for the week starting on week_start."""
    owed = db.execute(
        "SELECT COUNT(*) FROM sessions WHERE member_id = ?{period}",
        (member_id{args}),
    ).fetchone()[0]
    db.execute("INSERT INTO dues (member_id, week_start, sessions) VALUES (?, ?, ?)", (member_id, week_start, owed))
    db.commit()
    return owed
'''


def test_a_period_s_total_over_every_row_is_no_period_s_total(tmp_path: Path) -> None:
    from pmtui.delivery.gates.guards import totals_every_period

    criterion = "Weekly dues works from start to finish in the app and its result is saved"
    weekly = _DUES.format(period=" AND climbed_on >= ? AND climbed_on < date(?, '+7 days')", args=", week_start, week_start")
    ever = _DUES.format(period="", args=",")
    assert totals_every_period(criterion, ever) and not totals_every_period(criterion, weekly)
    assert not totals_every_period("Dues works from start to finish in the app and its result is saved", ever)
    assert maps(tmp_path / "weekly", criterion, {"club/dues.py": weekly})
    assert not maps(tmp_path / "ever", criterion, {"club/dues.py": ever})


# -- something done "after the <event>" by code that never tests the event happened ----------------------------------
_REVIEWS = '''def leave_review(db, booking_id: int, stars: int, text: str) -> int:
    booking = db.execute("SELECT id, ends_at FROM bookings WHERE id = ?", (booking_id,)).fetchone()
    if booking is None:
        raise LookupError("no such booking")
    if not 1 <= stars <= 5:
        raise ValueError("stars must be 1 to 5")
{waits}    cur = db.execute("INSERT INTO reviews (booking_id, stars, text) VALUES (?, ?, ?)", (booking_id, stars, text))
    db.commit()
    return cur.lastrowid
'''
_WAITS = '''    if booking["ends_at"] > datetime.now().isoformat():
        raise ValueError("you can review the stay once it has ended")
'''


def test_a_thing_done_after_an_event_needs_a_test_that_the_event_is_over(tmp_path: Path) -> None:
    from pmtui.delivery.gates.guards import never_waits_for_the_event

    criterion = "Guests can leave a review of the stay after the checkout"
    assert never_waits_for_the_event(criterion, _REVIEWS.format(waits=""))
    assert not never_waits_for_the_event(criterion, _REVIEWS.format(waits=_WAITS))
    # a duration after something, or "after each", is another class
    assert not never_waits_for_the_event("Reviews close 14 days after the checkout", _REVIEWS.format(waits=""))
    assert not never_waits_for_the_event("Guests get a photo after each stay", _REVIEWS.format(waits=""))
    assert maps(tmp_path / "waits", "Guests can leave a review with stars after the stay", {"stays/reviews.py": _REVIEWS.format(waits=_WAITS)})
    assert not maps(tmp_path / "early", "Guests can leave a review with stars after the stay", {"stays/reviews.py": _REVIEWS.format(waits="")})


# -- a view asked to show things that shows only how many ------------------------------------------------------------
_SHELF = '''import {{ useEffect, useState }} from "react";

export function Shelf({{ memberId }}) {{
  const [loans, setLoans] = useState([]);
  useEffect(() => {{
    fetch(`/api/members/${{memberId}}/loans`).then((r) => r.json()).then(setLoans);
  }}, [memberId]);
  return {body};
}}
'''


def test_a_view_showing_only_how_many_shows_none_of_them(tmp_path: Path) -> None:
    from pmtui.delivery.gates.guards import shows_only_a_count

    listed = "<ul>{loans.map((l) => <li key={l.id}>{l.title} due {l.due}</li>)}</ul>"
    counted = "<p>You have {loans.length} loans</p>"
    criterion = "Members see their loans and when each is due"
    assert shows_only_a_count(criterion, _SHELF.format(body=counted))
    assert not shows_only_a_count(criterion, _SHELF.format(body=listed))
    assert not shows_only_a_count("Members see how many loans they have", _SHELF.format(body=counted))
    assert maps(tmp_path / "listed", "A user can see their loans from the app", {"web/Shelf.jsx": _SHELF.format(body=listed)})
    assert not maps(tmp_path / "counted", "A user can see their loans from the app", {"web/Shelf.jsx": _SHELF.format(body=counted)})
