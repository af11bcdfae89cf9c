"""Round 17 rules of the plan-alignment matcher, found with held-out 21 (criteria copied from pmtui's own offline PM
plans, whose task files are named after the task's title).

Each rule is shown on a (criterion, change) pair of its own, written for the class and unlike held-out 21's cases:
the change that does what the criterion asks is mapped, the near miss an agent writes is not. The earlier rounds'
rules are in test_criteria_rules*.py.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.dropped_values import takes_and_drops
from pmtui.delivery.gates.plan_titles import lent_name, titled_by_plan, without_titled_imports
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str]) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before={}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- a file named by the plan's task title lends no words ------------------------------------------------------------
def test_a_file_named_by_a_sentence_is_the_plan_s_title() -> None:
    assert titled_by_plan("src/guests_get_their_room_keys_by_text.py")
    assert titled_by_plan("tests/test_members_renew_a_locker_for_the_term.py")
    assert titled_by_plan("web/src/tenantsReportALeakFromTheirFlat.test.ts")
    # an engineer's own names, short ones, and numbered migrations keep their words
    assert not titled_by_plan("payroll/overtime_rates.py")
    assert not titled_by_plan("src/room_key_sms_sender.py")
    assert not titled_by_plan("db/migrations/0007_one_locker_per_member.sql")
    assert lent_name("src/guests_get_their_room_keys_by_text.py", "guests_get_their_room_keys_by_text") == ""
    assert lent_name("src/guests_get_their_room_keys_by_text.py", "send_key_code") == "send_key_code"
    assert "renew" not in without_titled_imports("from app.members_renew_a_locker_for_the_term import extend\n")
    assert "extend" in without_titled_imports("from app.members_renew_a_locker_for_the_term import extend\n")


_LOCKERS = '''import sqlite3
from datetime import date


def {name}(conn: sqlite3.Connection, member_id: int, term_end: date) -> None:
    conn.execute("UPDATE {table} SET {column} = ? WHERE member_id = ?", (term_end.isoformat(), member_id))
    conn.commit()
'''


def test_the_title_s_words_in_a_file_name_are_no_evidence(tmp_path: Path) -> None:
    criterion = "Members renew a locker for the term"
    path = "src/members_renew_a_locker_for_the_term.py"
    right = _LOCKERS.format(name="renew_locker", table="lockers", column="rented_until")
    assert maps(tmp_path / "right", criterion, {path: right})
    # the file the plan named holds something else (the member's gym pass): its name says locker, its code does not
    other = _LOCKERS.format(name="extend_pass", table="passes", column="valid_until")
    assert not maps(tmp_path / "other", criterion, {path: other})
    # an engineer who names the file for its concept still lends that word
    assert maps(tmp_path / "own", criterion, {"src/lockers.py": _LOCKERS.format(name="renew", table="rentals",
                                                                                 column="term_end")})


# -- a module's constant list or dict keeps nothing past the process -------------------------------------------------
_REPAIRS = '''from datetime import datetime

{store}


def log_repair(flat: str, problem: str) -> dict:
    if not problem.strip():
        raise ValueError("Say what needs repairing")
    entry = {{"flat": flat, "problem": problem, "logged_at": datetime.now().isoformat()}}
    {keep}
    return entry
'''


def test_a_module_s_own_list_is_not_saved(tmp_path: Path) -> None:
    criterion = "Log a repair works from start to finish in the app and its result is saved"
    table = _REPAIRS.format(store="import sqlite3\n\nDB = sqlite3.connect('repairs.db')",
                            keep='DB.execute("INSERT INTO repairs (flat, problem) VALUES (?, ?)", (flat, problem)); '
                                 'DB.commit()')
    assert maps(tmp_path / "table", criterion, {"estate/repairs.py": table})
    memory = _REPAIRS.format(store="REPAIRS: list[dict] = []", keep="REPAIRS.append(entry)")
    assert not maps(tmp_path / "memory", criterion, {"estate/repairs.py": memory})
    by_key = _REPAIRS.format(store="REPAIRS: dict[str, dict] = {}", keep="REPAIRS[flat] = entry")
    assert not maps(tmp_path / "by-key", criterion, {"estate/repairs.py": by_key})


# -- a list sorted by another key than the criterion's; a queue served from the last ---------------------------------
_WALK_INS = '''import sqlite3


def walk_in_queue(conn: sqlite3.Connection) -> list[tuple]:
    return conn.execute(
        "SELECT id, patient_name, arrived_at FROM walk_ins WHERE seen_at IS NULL ORDER BY {order}"
    ).fetchall()
'''


def test_a_queue_sorted_by_its_key_and_served_from_the_first(tmp_path: Path) -> None:
    criterion = "The walk-in queue is shown sorted by arrival time"
    assert maps(tmp_path / "right", criterion, {"clinic/queue.py": _WALK_INS.format(order="arrived_at")})
    # by another key: the patient's name
    assert not maps(tmp_path / "name", criterion, {"clinic/queue.py": _WALK_INS.format(order="patient_name")})
    # by the key, the last arrival first
    assert not maps(tmp_path / "desc", criterion, {"clinic/queue.py": _WALK_INS.format(order="arrived_at DESC")})


_PICKING = '''from dataclasses import dataclass


@dataclass
class PickLine:
    sku: str
    aisle: int
    shelf: int
    qty: int


def picking_list(lines: list[PickLine]) -> list[PickLine]:
    return sorted(lines, key=lambda line: {key})
'''


def test_in_a_named_order_is_sorted_by_that_key(tmp_path: Path) -> None:
    criterion = "Pickers see the picking list in aisle order"
    assert maps(tmp_path / "right", criterion, {"warehouse/picking.py": _PICKING.format(key="(line.aisle, line.shelf)")})
    assert not maps(tmp_path / "sku", criterion, {"warehouse/picking.py": _PICKING.format(key="line.sku")})


def test_a_key_is_read_only_after_a_sorting_verb() -> None:
    from pmtui.delivery.gates.order_keys import criterion_keys

    assert criterion_keys("Tickets are sorted by due date") == ["due"]
    assert criterion_keys("Drivers see the drops in postcode order") == ["postcode"]
    # a search's noun and the person who lists are no keys
    assert criterion_keys("Look up orders by postcode") == []
    assert criterion_keys("Show the flats listed by the landlord") == []


# -- a value taken and dropped; today's anything without a date ------------------------------------------------------
_LAUNDRY = '''import sqlite3
from datetime import datetime


def book_wash(conn: sqlite3.Connection, customer: str, bags: int, collect_at: datetime) -> int:
    cur = conn.execute(
        "INSERT INTO washes (customer, bags{column}) VALUES (?, ?{mark})", (customer, bags{value})
    )
    conn.commit()
    return cur.lastrowid
'''


def test_a_value_named_by_a_criterion_s_alias_and_never_read_is_dropped(tmp_path: Path) -> None:
    criterion = "Book a laundry wash with a pickup time"
    right = _LAUNDRY.format(column=", collect_at", mark=", ?", value=", collect_at.isoformat()")
    assert maps(tmp_path / "right", criterion, {"laundry/washes.py": right})
    # the collection time is taken and never written: the pickup time is lost
    dropped = _LAUNDRY.format(column="", mark="", value="")
    assert not maps(tmp_path / "dropped", criterion, {"laundry/washes.py": dropped})


_WATERING = '''from datetime import date, timedelta

PLANTS = "CREATE TABLE IF NOT EXISTS plants (name TEXT, water_every_days INTEGER CHECK (water_every_days IN (3, 5)))"


def next_watering(last_watered: date, water_every_days: int) -> date:
    return last_watered + timedelta(days={days})


def add_plant(conn, name: str, water_every_days: int) -> None:
    conn.execute(PLANTS)
    conn.execute("INSERT INTO plants (name, water_every_days) VALUES (?, ?)", (name, water_every_days))
    conn.commit()
'''


def test_a_duration_taken_and_replaced_by_a_fixed_one_is_dropped() -> None:
    criterion = "Plants are watered every 3 or 5 days"
    assert takes_and_drops(criterion, _WATERING.format(days="water_every_days")) == ""
    assert "water_every_days" in takes_and_drops(criterion, _WATERING.format(days="3"))


_SPECIALS = '''import sqlite3

from flask import Flask, jsonify

app = Flask(__name__)


@app.get("/specials")
def todays_specials():
    rows = sqlite3.connect("bakery.db").execute("SELECT name, price FROM specials {where}").fetchall()
    return jsonify([{{"name": n, "price": p}} for n, p in rows])
'''


def test_today_s_anything_needs_today_s_date(tmp_path: Path) -> None:
    criterion = "Show today's specials"
    right = _SPECIALS.format(where="WHERE special_on = date('now')")
    assert maps(tmp_path / "right", criterion, {"bakery/app.py": right})
    # named for today, reading no date: the newest specials entered, whichever day they were for
    newest = _SPECIALS.format(where="ORDER BY id DESC LIMIT 3")
    assert not maps(tmp_path / "newest", criterion, {"bakery/app.py": newest})
