"""Round 18 rules of the plan-alignment matcher, found with held-out 22 (criteria copied from pmtui's own offline PM
plans for six more founders' ideas, code under the agents' own names).

Each rule is shown on a (criterion, change) pair of its own, written for the class and unlike held-out 22's cases:
the change that does what the criterion asks is mapped, the near miss an agent writes is not. The earlier rounds'
rules are in test_criteria_rules*.py.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.echoes import answers_with_its_argument, echoed_only
from pmtui.delivery.gates.plan_shapes import commits_each_pass
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str]) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before={}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- a value echoed back under its own name is not used -------------------------------------------------------------
_ROTA = '''def shifts_for(db, month):
    rows = db.execute("SELECT nurse, ward FROM shifts {where}ORDER BY nurse"{args}).fetchall()
    return {{"month": month, "shifts": rows}}
'''


def test_a_value_only_echoed_back_is_not_read() -> None:
    assert echoed_only("month", 'rows = q()\nreturn {"month": month, "rows": rows}')
    assert echoed_only("month", "res.json({ month, rows });")
    assert echoed_only("month", 'return {"month": month.isoformat()}')
    # read by the query too, or passed on as an argument: used
    assert not echoed_only("month", 'rows = q(month)\nreturn {"month": month}')
    assert not echoed_only("body", "return hmac.new(key, body, sha256)")
    assert not echoed_only("day", "return `open on ${day}`")


def test_a_list_for_a_period_whose_query_ignores_it_is_not_the_period_s(tmp_path: Path) -> None:
    criterion = "Nurses get the rota for the month"
    right = _ROTA.format(where="WHERE month = ? ", args=", (month,)")
    assert maps(tmp_path / "right", criterion, {"ward/rota.py": right})
    echoed = _ROTA.format(where="", args="")
    assert not maps(tmp_path / "echoed", criterion, {"ward/rota.py": echoed})


# -- a thing looked up only to test it exists, the answer an argument handed back ------------------------------------
_PLATFORM = '''def departure_platform(timetable, train_no, requested_platform):
    train = timetable.get(train_no)
    if train is None:
        return None
    return {answer}
'''


def test_an_answer_handed_back_as_given_works_nothing_out() -> None:
    assert answers_with_its_argument(_PLATFORM.format(answer="requested_platform"))
    assert not answers_with_its_argument(_PLATFORM.format(answer="train.platform"))
    # a validator that hands its input back after a check looks nothing up: not this class
    assert not answers_with_its_argument("def clean(name):\n    if not name:\n        raise ValueError('name is empty')\n"
                                         "    return name\n")


def test_a_lookup_whose_record_is_never_used_answers_nothing(tmp_path: Path) -> None:
    criterion = "Show the departure platform of a train"
    right = _PLATFORM.format(answer="train.platform")
    assert maps(tmp_path / "right", criterion, {"rail/platforms.py": right})
    assert not maps(tmp_path / "given", criterion, {"rail/platforms.py": _PLATFORM.format(answer="requested_platform")})


# -- a loop that commits each row before a later row is refused saves half the input ---------------------------------
_ENROL = '''def enrol_all(conn, pupils):
{body}'''
_AT_ONCE = '''    for p in pupils:
        if not p.get("dob"):
            raise ValueError("every pupil needs a date of birth: add the missing ones and try again")
    with conn:
        conn.executemany("INSERT INTO pupils (name, dob) VALUES (:name, :dob)", pupils)
'''
_EACH = '''    for p in pupils:
        if not p.get("dob"):
            raise ValueError("every pupil needs a date of birth: add the missing ones and try again")
        conn.execute("INSERT INTO pupils (name, dob) VALUES (:name, :dob)", p)
        conn.commit()
'''


def test_a_refusal_in_a_loop_that_commits_each_pass() -> None:
    assert commits_each_pass(_EACH.splitlines(), 1)
    assert not commits_each_pass(_AT_ONCE.splitlines(), 1)


def test_rows_committed_before_a_later_bad_row_are_saved(tmp_path: Path) -> None:
    criterion = "Bad or missing input is rejected with an error message, and nothing is saved"
    assert maps(tmp_path / "right", criterion, {"school/enrol.py": _ENROL.format(body=_AT_ONCE)})
    assert not maps(tmp_path / "each", criterion, {"school/enrol.py": _ENROL.format(body=_EACH)})


# -- "so their data is theirs": a route that takes whose record from the request must read who is signed in ----------
_ACCOUNTS = '''import sqlite3

from flask import Flask, jsonify, request, session

app = Flask(__name__)


@app.post("/signup")
def signup():
    form = request.get_json(force=True)
    db = sqlite3.connect("club.db")
    cur = db.execute("INSERT INTO anglers (email, licence) VALUES (?, ?)", (form["email"], form["licence"]))
    db.commit()
    session["angler"] = cur.lastrowid
    return jsonify({{"id": cur.lastrowid}}), 201


@app.get("/profile")
def profile():
    {who}
    rows = sqlite3.connect("club.db").execute("SELECT fish, kg FROM catches WHERE angler_id = ?", (who,)).fetchall()
    return jsonify(rows)
'''


def test_data_that_is_theirs_is_read_for_who_is_signed_in(tmp_path: Path) -> None:
    criterion = "Sign-up and profile: Anglers create an account so their data is theirs"
    signed_in = _ACCOUNTS.format(who='who = session.get("angler")')
    assert maps(tmp_path / "right", criterion, {"club/accounts.py": signed_in})
    asked = _ACCOUNTS.format(who='who = request.args.get("angler")')
    assert not maps(tmp_path / "asked", criterion, {"club/accounts.py": asked})


# -- the criterion's noun named nowhere binds to the one entity the change declares ----------------------------------
_BORROWINGS = '''import sqlite3
from datetime import date, timedelta


def open_db(path):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE IF NOT EXISTS borrowings (id INTEGER PRIMARY KEY, reader_id INTEGER, due TEXT)")
    {other}
    return conn


def extend_borrowing(conn, borrowing_id):
    (due,) = conn.execute("SELECT due FROM borrowings WHERE id = ?", (borrowing_id,)).fetchone()
    new_due = date.fromisoformat(due) + timedelta(days={days})
    conn.execute("UPDATE borrowings SET due = ? WHERE id = ?", (new_due.isoformat(), borrowing_id))
    conn.commit()
    return new_due
'''


def test_the_main_entity_is_what_every_declared_table_and_record_shares() -> None:
    from pmtui.delivery.gates.main_entity import main_entity

    assert main_entity({"a.py": "CREATE TABLE gigs (id INT)", "b.ts": "export interface GigRow { id: number }"}) == "gig"
    assert main_entity({"m.py": "@dataclass\nclass Invoice:\n    n: int\n\n@dataclass\nclass InvoiceLine:\n    q: int\n"}) \
        == "invoic"
    # two different things, or none: no main entity
    assert main_entity({"a.sql": "CREATE TABLE rooms (id INT);\nCREATE TABLE guests (id INT);"}) == ""
    assert main_entity({"a.py": "def f():\n    return 1\n"}) == ""
    # a test file's fixtures are not the change's entity
    assert main_entity({"tests/test_a.py": "CREATE TABLE rooms (id INT)"}) == ""


def test_a_noun_named_nowhere_binds_to_the_change_s_one_entity(tmp_path: Path) -> None:
    criterion = "Extend a loan by 7 days"
    one = _BORROWINGS.format(other="", days=7)
    assert maps(tmp_path / "one", criterion, {"library/store.py": one})
    # the verb's constraint must still be shown on that entity: 14 days is no 7
    assert not maps(tmp_path / "fourteen", criterion, {"library/store.py": _BORROWINGS.format(other="", days=14)})
    # a change that declares two things has no one entity the noun could be
    two = _BORROWINGS.format(other='conn.execute("CREATE TABLE IF NOT EXISTS fines (id INTEGER PRIMARY KEY, pence INTEGER)")',
                             days=7)
    assert not maps(tmp_path / "two", criterion, {"library/store.py": two})


# -- a word that is a vocabulary word with one more letter at its end is no typo of it --------------------------------
def test_a_trailing_letter_makes_another_word_not_a_typo() -> None:
    from pmtui.delivery.gates.vocabulary import read_criterion

    event = next(c for c in read_criterion("Show every event on the map").concepts if c.label == "event")
    assert "modulo" not in event.alternatives  # "event" is no "even" mistyped
    seach = next(c for c in read_criterion("The seach box finds members").concepts if c.label == "seach")
    assert "search" in seach.alternatives  # a letter dropped inside the word still reads as the word


# -- a window named only by a constant's name counts over nothing ---------------------------------------------------
_QUOTA = '''MAX_LITRES_PER_WEEK = 40


def draw(tank, household, litres, today):
    used = sum(d.litres for d in tank.draws if d.household == household and {window})
    if used + litres > MAX_LITRES_PER_WEEK:
        raise ValueError(f"only {{MAX_LITRES_PER_WEEK - used}} litres left for this household")
    tank.draws.append(Draw(household, litres, today))
'''


def test_a_window_named_only_by_a_constant_is_no_window(tmp_path: Path) -> None:
    from pmtui.delivery.gates.windows import per_windows

    assert per_windows("at most 40 litres per week, twice a day") == {"week", "day"}
    criterion = "Each household can draw at most 40 litres of water per week"
    weekly = _QUOTA.format(window="d.day.isocalendar().week == today.isocalendar().week")
    assert maps(tmp_path / "weekly", criterion, {"well/tank.py": weekly})
    daily = _QUOTA.format(window="d.day == today")
    assert not maps(tmp_path / "daily", criterion, {"well/tank.py": daily})


# -- "all" of something shown as the first of each group -------------------------------------------------------------
def test_all_shown_as_the_first_of_each_group() -> None:
    from pmtui.delivery.gates.windows import shows_only_the_first

    criterion = "Coaches see all sessions booked for each court"
    assert shows_only_the_first(criterion, "return byCourt.get(c)![0].player")
    assert shows_only_the_first(criterion, "first = Session.query.filter_by(court=c).first()")
    assert not shows_only_the_first(criterion, "items = byCourt.get(c)!\nreturn byCourt.get(c)!.map((s) => s.player)")
    assert not shows_only_the_first("Coaches see the first session of the day", "return sessions[0]")
