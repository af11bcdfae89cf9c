"""Round 21: the task's title as a bridge from the founder's noun to the code's name for it (gates/title_bridge.py).

Each case is a (title, criterion, change) of its own, unlike the criteria corpus's: hikes logged as treks, a loom
hired as a booking, a guide-dog place on a minibus. The change is real files in a temporary folder, read as the
engine reads a change (tests.criteria_corpus.corpus.change_for).
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.alignment import map_criteria
from tests.criteria_corpus.corpus import Case, change_for

TREKS = '''import sqlite3

from flask import Flask, jsonify, request

app = Flask(__name__)


def db():
    conn = sqlite3.connect("club.db")
    conn.execute("CREATE TABLE IF NOT EXISTS walkers (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("CREATE TABLE IF NOT EXISTS treks (id INTEGER PRIMARY KEY, walker TEXT, route TEXT, miles REAL)")
    return conn


@app.post("/treks")
def create_trek():
    body = request.get_json(silent=True) or {}
    conn = db()
    cur = conn.execute("INSERT INTO treks (walker, route, miles) VALUES (?, ?, ?)",
                       (body.get("walker"), body.get("route"), body.get("miles")))
    conn.commit()
    row = conn.execute("SELECT id, walker, route, miles FROM treks WHERE id = ?", (cur.lastrowid,)).fetchone()
    return jsonify(dict(zip(["id", "walker", "route", "miles"], row))), 201
'''


def _located(tmp_path: Path, criterion: str, files: dict[str, str], title: str = "") -> str | None:
    case = Case(id="t", criterion=criterion, expect="pass", style="", lang="python", after=files)
    change = change_for(case, tmp_path)
    # no title, no keyword: the same call the matcher before round 21 took
    return map_criteria([criterion], change, **({"title": title} if title else {}))[0].location


def test_the_titles_noun_is_found_under_the_name_the_code_builds_the_task_around(tmp_path: Path) -> None:
    criterion = "A user can record their hike from the app and sees the result saved"
    assert _located(tmp_path / "a", criterion, {"app.py": TREKS}, title="Walkers record their hike") is not None
    # without the title nothing says a trek is the hike: the old matcher's answer, and still the answer without one
    assert _located(tmp_path / "b", criterion, {"app.py": TREKS}) is None


def test_the_verb_and_every_other_word_must_still_be_shown(tmp_path: Path) -> None:
    title = "Walkers record their hike"
    assert _located(tmp_path / "a", "A user can cancel their hike from the app", {"app.py": TREKS}, title=title) is None
    assert _located(tmp_path / "b", "A user can record their hike with a photo of the summit from the app",
                    {"app.py": TREKS}, title=title) is None


def test_a_name_only_a_function_gives_is_no_name_for_the_thing(tmp_path: Path) -> None:
    """`create_trek` at `/treks` writing to an `entries` table: no table or record is called after the trek, so nothing
    says what the code keeps is the title's hike."""
    loose = TREKS.replace("EXISTS treks", "EXISTS entries").replace("INTO treks", "INTO entries").replace("FROM treks", "FROM entries")
    assert "/treks" in loose and "create_trek" in loose
    assert _located(tmp_path, "A user can record their hike from the app and sees the result saved", {"app.py": loose},
                    title="Walkers record their hike") is None


def test_a_title_with_two_unnamed_things_binds_neither(tmp_path: Path) -> None:
    assert _located(tmp_path, "A user can record their hike from the app and sees the result saved", {"app.py": TREKS},
                    title="Walkers record their hike and their blister") is None


def test_a_title_said_as_a_label_lends_the_criterion_nothing(tmp_path: Path) -> None:
    """"Hike log: Walkers create an account so their data is theirs" asks for the account, not for the hike."""
    assert _located(tmp_path, "Their hike: walkers see the miles walked this year", {"app.py": TREKS},
                    title="Their hike") is None


MINIBUS = '''package bus

import (
	"database/sql"
	"encoding/json"
	"net/http"
)

type Traveller struct {
	Name string `json:"name"`
	Seat string `json:"seat"`
}

func Travellers(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		rows, _ := db.Query("SELECT name, seat FROM travellers ORDER BY name")
		defer rows.Close()
		out := []Traveller{}
		for rows.Next() {
			var t Traveller
			rows.Scan(&t.Name, &t.Seat)
			out = append(out, t)
		}
		json.NewEncoder(w).Encode(out)
	}
}
'''


def test_a_noun_a_relative_clause_asks_for_picks_some_it_is_not_the_thing(tmp_path: Path) -> None:
    """"who needs a guide-dog place" picks the travellers; binding "guide-dog place" to the one record type
    (`Traveller`, round 18) let a list of every traveller show it."""
    criterion = "A user can see who needs a guidedog place from the app"
    assert _located(tmp_path / "a", criterion, {"bus/list.go": MINIBUS}) is None
    assert _located(tmp_path / "b", criterion, {"bus/list.go": MINIBUS}, title="See who needs a guidedog place") is None


def test_the_products_gate_reads_the_contracts_title(tmp_path: Path) -> None:
    """The minimum gate's plan alignment is given the task's title from its contract (minimum_gate → plan_alignment
    → map_criteria): the same change and criterion pass under the task they were written for, not under another."""
    import asyncio

    from pmtui.delivery.gates.minimum import minimum_gate
    from pmtui.models.delivery import TaskContract

    criterion = "A user can record their hike from the app and sees the result saved"

    def aligned(title: str, folder: Path) -> bool:
        case = Case(id="t", criterion=criterion, expect="pass", style="", lang="python", after={"app.py": TREKS})
        contract = TaskContract(task_id="T2", title=title, tier="normal", acceptance_criteria=[criterion])
        gates = asyncio.run(minimum_gate(contract, change_for(case, folder), None))
        alignment = next(gate for gate in gates if gate.gate == "plan_alignment")
        return alignment.passed

    assert aligned("Walkers record their hike", tmp_path / "a")
    assert not aligned("Walkers plan a picnic", tmp_path / "b")



STOPS = '''import sqlite3
from datetime import date

from flask import Flask, jsonify

app = Flask(__name__)


@app.get("/stops")
def list_stops():
    conn = sqlite3.connect("van.db")
    rows = conn.execute("SELECT address, postcode, added_on FROM stops ORDER BY added_on").fetchall()
    return jsonify([{"address": a, "postcode": p, "added": date.fromisoformat(d).isoformat()} for a, p, d in rows])
'''


def test_a_time_in_the_title_is_no_thing_to_find_under_the_code_s_name(tmp_path: Path) -> None:
    """"Stops list for the day": the day is when, not what; every stop listed is not the day's stops, and the title
    cannot make the code's `stops` stand for the day."""
    assert _located(tmp_path, "The app shows the list of stops for the day", {"app.py": STOPS},
                    title="Stops list for the day") is None


def test_the_app_and_its_verb_are_no_compound_the_code_must_write_together(tmp_path: Path) -> None:
    """"The app records their hike and its miles": "app records" is the product and its verb, not a noun compound the
    code must name on one line before the title's noun may bind (round 18's check, kept for the other compounds)."""
    criterion = "The app records their hike and its miles"
    assert _located(tmp_path / "a", criterion, {"app.py": TREKS}, title="Walkers record their hike") is not None
    assert _located(tmp_path / "b", criterion, {"app.py": TREKS}) is None
