"""Round 22 rules of the plan-alignment matcher (issue 7, part 3): false refusals, the PM's template sentences, and a
number the code writes in another unit.

Each rule is shown on a (criterion, change) pair of its own, written for the class and unlike the corpus's cases: the
change that does what the criterion asks is mapped, the near miss an agent writes is not. The earlier rounds' rules
are in test_criteria_rules*.py.
"""

from __future__ import annotations

from pathlib import Path

from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str]) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before={}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- a guard on the value itself is not the criterion's comparison --------------------------------------------------
_LAPSED = '''from datetime import date, timedelta


def lapsed_members(db, months: int = 18, today: date | None = None) -> list[str]:
    if months {guard}:
        raise ValueError("months must be at least 1")
    since = (today or date.today()) - timedelta(days=30 * months)
    rows = db.execute("SELECT name FROM members WHERE last_paid {op} ? ORDER BY name", (since.isoformat(),))
    return [r[0] for r in rows]
'''
_LAPSED_CRITERION = "A treasurer can list members who have not paid for more than 18 months"


def test_a_guard_on_the_parameter_is_not_the_boundary() -> None:
    from pmtui.delivery.gates.boundaries import comparisons_with, criterion_boundaries, wrong_side

    guarded = _LAPSED.format(guard="< 1", op="<")
    # `months < 1` compares the value named for 18 (its default) with 1: a guard on the argument, no comparison at 18
    assert comparisons_with(guarded, "18") == []
    assert not wrong_side(guarded, criterion_boundaries("more than 18 months"))
    # a comparison of something else with the parameter still counts: `if gap >= months` is at 18
    assert comparisons_with("def f(gap, months=18):\n    if gap >= months:\n        return True\n", "18") == [">="]


_LOANS = '''from datetime import date, timedelta


def overdue_loans(db, days: int = 21, today: date | None = None) -> list[str]:
    if days <= 0:
        raise ValueError("days must be a positive number")
    since = (today or date.today()) - timedelta(days=days)
    rows = db.execute("SELECT title FROM loans WHERE returned_on IS NULL AND lent_on {op} ?", (since.isoformat(),))
    return [r[0] for r in rows]
'''


def test_a_list_behind_an_argument_guard_maps(tmp_path: Path) -> None:
    criterion = "A user can list loans out for more than 21 days from the app"
    assert maps(tmp_path / "right", criterion, {"lib/loans.py": _LOANS.format(op="<")})
    # the guard turned round refuses the criterion's own 21 days (the parameter's default): no list is ever made
    for turned in ("if days > 0:", "if days >= 0:", "if not (days <= 0):"):
        code = _LOANS.format(op="<").replace("if days <= 0:", turned)
        assert not maps(tmp_path / turned.strip(":").replace(" ", "-"), criterion, {"lib/loans.py": code}), turned


# -- the PM's "Sign-up and profile: <who> create an account so their data is theirs" ---------------------------------
_INSTRUCTORS = '''import sqlite3

from flask import Flask, abort, jsonify, request
from flask_login import current_user, login_required, login_user

app = Flask(__name__)


def db():
    return sqlite3.connect("paddles.db")


@app.route("/instructors", methods=["GET", "POST"])
def enrol_instructor():
    if request.method {method} "POST":
        return jsonify({{"form": ["name", "licence", "pin"]}})
    name = request.form.get("name", "").strip()
    if {dup}db.execute("SELECT 1 FROM instructors WHERE name = ?", (name,)).fetchone():
        abort(409, "an instructor with that name is already enrolled")
    if len(request.form.get("pin", "")) {pin} 6:
        abort(400, "the pin needs 6 or more digits")
    conn = db()
    cur = conn.execute("INSERT INTO instructors (name, licence) VALUES (?, ?)", (name, request.form["licence"]))
    conn.commit()
    login_user(cur.lastrowid)
    return jsonify({{"id": cur.lastrowid}}), 201


@app.get("/my-lessons")
@login_required
def my_lessons():
    rows = db().execute("SELECT day, river FROM lessons{where}", {args}).fetchall()
    return jsonify(rows)
'''
_RIGHT = {"method": "!=", "dup": "", "pin": "<", "where": " WHERE instructor_id = ?", "args": "(current_user.id,)"}
_INSTRUCTORS_CRITERION = "Sign-up and profile: Kayak instructors create an account so their data is theirs"


def _instructors(**changed: str) -> dict[str, str]:
    return {"paddles/app.py": _INSTRUCTORS.format(**{**_RIGHT, **changed})}


def test_an_account_created_and_kept_with_the_signed_in_view_reading_its_own_maps(tmp_path: Path) -> None:
    assert maps(tmp_path / "right", _INSTRUCTORS_CRITERION, _instructors())


def test_a_sign_up_turned_round_or_showing_everyone_s_data_does_not_map(tmp_path: Path) -> None:
    near_misses = {
        "every account's lessons": {"where": "", "args": "()"},
        "the write made on the form's GET": {"method": "=="},
        "a free name refused as taken": {"dup": "not "},
        "a long pin refused as short": {"pin": ">="},
    }
    for why, changed in near_misses.items():
        assert not maps(tmp_path / why.replace(" ", "-").replace("'", ""), _INSTRUCTORS_CRITERION,
                        _instructors(**changed)), why


# -- the PM's "… show it plainly, so nobody has to guess" -----------------------------------------------------------
_SKIP_HIRE = '''from datetime import date


def skip_line(street: str, bookings: dict[str, date], today: date) -> str:
    coming = bookings.get(street)
    if {absent}:
        return {none}
    return f"Your skip arrives {{coming:%A}} on {{street}}"
'''
_PLAINLY = "Skip delivery day: Show it plainly, so nobody has to guess"


def _skip(**changed: str) -> dict[str, str]:
    parts = {"absent": "coming is None or coming < today", "none": 'f"No skip is booked for {street} yet"', **changed}
    return {"skips/status.py": _SKIP_HIRE.format(**parts)}


def test_a_thing_said_in_words_with_its_absent_case_maps(tmp_path: Path) -> None:
    assert maps(tmp_path / "right", _PLAINLY, _skip())
    lamp = '''export function LampState({ lamp }) {
  if (!lamp) return <span>No lamp is fitted on this pole.</span>;
  return <span>Lamp {lamp.id} is {lamp.lit ? "lit" : "not lit"} tonight</span>;
}
'''
    assert maps(tmp_path / "lamp", "A user can show it plainly, so nobody has to guess", {"web/LampState.jsx": lamp})


def test_a_raw_dump_or_an_absent_case_turned_round_does_not_map(tmp_path: Path) -> None:
    near_misses = {
        "the booking dumped raw": {"none": "json.dumps(bookings)"},
        "no skip for the ones still to come": {"absent": "coming is None or coming >= today"},
        "the absent case told as there": {"none": 'f"Your skip arrives on {street}"'},
        "a past skip told as coming": {"absent": "coming is None"},
    }
    for why, changed in near_misses.items():
        assert not maps(tmp_path / why.replace(" ", "-"), _PLAINLY, _skip(**changed)), why
    lamp = '''export function LampState({ lamp }) {
  if (!lamp) return <span>No lamp is fitted on this pole.</span>;
  return <span>Lamp {lamp.id} is {lamp.lit ? "not lit" : "lit"} tonight</span>;
}
'''
    assert not maps(tmp_path / "lamp", "A user can show it plainly, so nobody has to guess", {"web/LampState.jsx": lamp})


# -- the PM's "… in one place: Everything in one place …" and "Nothing slips: … with a nudge before it is missed" ------
_CLINIC = '''def pet_history(db, pet_id: int) -> list[dict]:
    jabs = db.execute("SELECT given_on, vaccine FROM vaccinations WHERE pet_id = ?", (pet_id,)).fetchall()
    visits = db.execute("SELECT seen_on, reason FROM checkups WHERE pet_id = ?", (pet_id,)).fetchall()
{joined}
'''
_ONE_PLACE = "Vaccinations and check-ups in one place: Everything in one place instead of spread across tools"


def test_two_kinds_brought_into_one_answer_map(tmp_path: Path) -> None:
    together = ('    feed = [{"on": d, "what": v} for d, v in jabs]\n'
                '    feed += [{"on": d, "what": r} for d, r in visits]\n'
                '    return sorted(feed, key=lambda entry: entry["on"])')
    assert maps(tmp_path / "right", _ONE_PLACE, {"vet/history.py": _CLINIC.format(joined=together)})
    apart = '    return {"vaccinations": jabs, "checkups": visits}'
    assert not maps(tmp_path / "apart", _ONE_PLACE, {"vet/history.py": _CLINIC.format(joined=apart)})


_LOANS_DUE = '''from datetime import date, timedelta


def open_loans(db) -> list[tuple]:
    return db.execute("SELECT member, title, due FROM loans WHERE returned = 0 ORDER BY due").fetchall()


def reminders(db, today: date, lead_days: int = 2) -> list[str]:
    rows = open_loans(db)
    return [f"{{member}}: {{title}} is due {{due}}" for member, title, due in rows if {test}]
'''
_NUDGE = "Keep the library's loans: Nothing slips: everything in one list, with a nudge before it is missed"


def test_a_nudge_picked_ahead_of_the_day_maps(tmp_path: Path) -> None:
    ahead = "(due - today).days <= lead_days"
    assert maps(tmp_path / "right", _NUDGE, {"library/loans.py": _LOANS_DUE.format(test=ahead)})
    for why, test in {"after it is missed": "due < today", "every day but the one before": "due - today != timedelta(days=1)"}.items():
        assert not maps(tmp_path / why.replace(" ", "-"), _NUDGE, {"library/loans.py": _LOANS_DUE.format(test=test)}), why


# -- a number the code writes otherwise: a name that carries its unit, the days counted once each -------------------
def test_a_least_or_most_named_for_its_unit_states_the_duration() -> None:
    from pmtui.delivery.gates.criterion_classes import named_durations

    assert ("4", 4 * 3600.0) in named_durations("def shifts(rota, max_hours: int = 4):\n")
    assert ("2", 2 * 86400.0) in named_durations("MIN_DAYS = 2\n")
    # a name whose last part is itself a unit of time still is not one: `one_minute_seconds = 60` is no 60 minutes
    assert not [d for d in named_durations("minute_seconds = 60\n") if d[1] == 3600.0]


def test_the_first_column_of_every_row_is_not_the_first_row() -> None:
    from pmtui.delivery.gates.windows import shows_only_the_first

    every = 'names = [row[0] for row in db.execute("SELECT name FROM swimmers").fetchall()]\n'
    assert not shows_only_the_first("List all swimmers of the squad", every)
    assert shows_only_the_first("List all swimmers of the squad", 'best = groups[lane][0]\nreturn best\n')


_TRAINING = '''def regulars(db, week_start, week_end, min_days: int = 2) -> list[str]:
    rows = db.execute(
        "SELECT member FROM checkins WHERE on_day >= ? AND on_day < ? GROUP BY member HAVING COUNT({counted}) >= ?",
        (week_start, week_end, min_days),
    ).fetchall()
    return [r[0] for r in rows]
'''
_REGULARS = "A user can list all members with checkins on at least 2 days a week from the app"


def test_days_a_week_are_counted_once_each(tmp_path: Path) -> None:
    from pmtui.delivery.gates.windows import counts_rows_as_days

    assert counts_rows_as_days(_REGULARS, _TRAINING.format(counted="*"))
    assert not counts_rows_as_days(_REGULARS, _TRAINING.format(counted="DISTINCT on_day"))
    assert maps(tmp_path / "right", _REGULARS, {"gym/regulars.py": _TRAINING.format(counted="DISTINCT on_day")})
    assert not maps(tmp_path / "rows", _REGULARS, {"gym/regulars.py": _TRAINING.format(counted="*")})


_HIRE = '''DEPOSIT_PENCE = {deposit}
WEEKEND_UPLIFT = {uplift}


def hire_total_pence(hours: int, rate_pence: int, weekend: bool) -> int:
    total = hours * rate_pence
    if weekend:
        total = round(total * WEEKEND_UPLIFT)
    return total + DEPOSIT_PENCE
'''


def test_an_amount_before_its_currency_word_and_a_surcharge_as_a_multiplier(tmp_path: Path) -> None:
    right = {"hire/prices.py": _HIRE.format(deposit=4000, uplift=1.15)}
    assert maps(tmp_path / "deposit", "Every kayak hire takes a 40 pound deposit", right)
    assert maps(tmp_path / "uplift", "Weekend hires have a 15% surcharge", right)
    # forty pence is no 40 pound deposit; 0.85 of the price is a discount, not a surcharge
    wrong = {"hire/prices.py": _HIRE.format(deposit=40, uplift=0.85)}
    assert not maps(tmp_path / "pence", "Every kayak hire takes a 40 pound deposit", wrong)
    assert not maps(tmp_path / "discount", "Weekend hires have a 15% surcharge", wrong)
    from pmtui.delivery.gates.amounts import percent_forms

    assert percent_forms("30", "% less for seniors") == frozenset({"0.3", "0.7"})
    assert percent_forms("5", " percent") == frozenset({"0.05"})


# -- the PM's "Import from <a format>: Bring over what they already keep today" -------------------------------------
_STOCK = '''import json
from pathlib import Path

import pandas as pd


def bring_over(path: str, store: Path = Path("stock.json")) -> int:
    frame = pd.read_excel(path, sheet_name="Stock")
    items = [{{"sku": str(r.sku), "count": int(r.count)}} for r in frame.itertuples()]
{keep}    return len(items)
'''
_FROM_EXCEL = "Import from Excel: Bring over what they already keep today"


def test_an_import_that_reads_the_format_and_keeps_it_maps(tmp_path: Path) -> None:
    kept = {"shop/stock_import.py": _STOCK.format(keep="    store.write_text(json.dumps(items))\n")}
    assert maps(tmp_path / "right", _FROM_EXCEL, kept)
    assert not maps(tmp_path / "counted", _FROM_EXCEL, {"shop/stock_import.py": _STOCK.format(keep="")})
    # a Google Sheet's CSV export, read by one unit and saved by the command block that calls it
    sheet = '''import csv
import sqlite3
import sys


def read_members(path):
    with open(path, newline="") as fh:
        return [(r["Name"], r["Phone"]) for r in csv.DictReader(fh)]


if __name__ {main} "__main__":
    with sqlite3.connect("club.db") as conn:
        conn.executemany("INSERT INTO members (name, phone) VALUES (?, ?)", read_members(sys.argv[1]))
'''
    criterion = "Import from Google Sheets: Bring over what they already keep today"
    assert maps(tmp_path / "sheet", criterion, {"club/import_members.py": sheet.format(main="==")})
    assert not maps(tmp_path / "not-main", criterion, {"club/import_members.py": sheet.format(main="!=")})
