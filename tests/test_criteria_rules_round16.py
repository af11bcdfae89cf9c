"""Round 16 rules of the plan-alignment matcher: founders' criteria whose nouns the code names otherwise (a booking is
an `appointment`, a parent a `guardian`, stock `inventory`), the app user a criterion grants something, and the near
misses such criteria draw (the check on who may that only logs, a week's range for the day, the send to someone else,
the search by another field, a duration only in a message, a "day before" reminder on the day itself).

Each rule is shown on a (criterion, change) pair of its own, written for the class and unlike held-out 20's cases:
the change that does what the criterion asks is mapped, the near miss an agent writes is not. The earlier rounds'
rules are in test_criteria_rules*.py.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.code_idioms import query_negations
from pmtui.delivery.gates.domain_words import CRITERION_ALIASES, DOMAIN_GROUPS, merged_groups
from pmtui.delivery.gates.founder_checks import (
    counts_more_than_the_day,
    duration_only_in_a_message,
    only_logs_the_restricted,
    picks_the_same_day,
    searches_by_another_field,
    sends_to_another,
)
from pmtui.delivery.gates.synonyms import _GROUPS
from pmtui.delivery.gates.vocabulary import concepts_of_word, read_criterion, stem
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str]) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before={}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- a founder's noun that the code names otherwise ----------------------------------------------------------------
_GROOMING = '''from flask import Flask, request

app = Flask(__name__)


@app.post("/{kind}/appointments")
def new_{kind}_appointment():
    data = request.get_json()
    appointment = Appointment.create(pet=data["pet"], starts_at=data["starts_at"], owner=data["owner"])
    return {{"id": appointment.id}}, 201
'''


def test_a_booked_slot_is_an_appointment(tmp_path: Path) -> None:
    criterion = "Pet owners can book a grooming slot online"
    assert maps(tmp_path / "right", criterion, {"pets/api.py": _GROOMING.format(kind="grooming")})
    # the other service booked: the appointment is no grooming
    assert not maps(tmp_path / "other", criterion, {"pets/api.py": _GROOMING.format(kind="boarding")})


_SWIM = '''def {who}_dashboard(request):
    kids = Swimmer.objects.filter({who}=request.user)
    return render(request, "dashboard.html", {{"levels": {{k.name: k.level for k in kids}}}})
'''


def test_a_parent_is_a_guardian_and_a_child_a_kid(tmp_path: Path) -> None:
    criterion = "Parents can see their child's swimming level"
    assert maps(tmp_path / "right", criterion, {"swim/views.py": _SWIM.format(who="guardian")})
    # the coach's swimmers: the app user the criterion grants it to is not who the code serves
    assert not maps(tmp_path / "coach", criterion, {"swim/views.py": _SWIM.format(who="coach")})


_ROSES = '''package shop

func (s *Shop) Sell(sku string, n int) {
	s.inventory[sku] -= n
%s}
'''


def test_stock_is_inventory(tmp_path: Path) -> None:
    criterion = "Warn the florist when stock of roses runs out"
    warn = '\tif s.inventory[sku] <= 0 {\n\t\ts.notifier.Warn(s.florist, sku+" sold out")\n\t}\n'
    assert maps(tmp_path / "right", criterion, {"shop/inventory.go": _ROSES % warn})
    assert not maps(tmp_path / "silent", criterion, {"shop/inventory.go": _ROSES % ""})


def test_the_domain_groups_are_read_both_ways_and_the_aliases_one_way() -> None:
    # both ways: a criterion's "invoice" meets `bill`, its "bill" meets `invoice`
    assert concepts_of_word("invoice") & concepts_of_word("bills")
    assert concepts_of_word("gratuity") & concepts_of_word("tip")
    assert concepts_of_word("appointment") & concepts_of_word("booking")
    # one way: a criterion's "text" is met by `sms`, but the code's TEXT column type is no message
    texted = next(c for c in read_criterion("Tenants get a text when the boiler is fixed").concepts if c.label == "text")
    assert stem("sms") in texted.alternatives
    assert not concepts_of_word("text") & concepts_of_word("sms")
    # "class" (a lesson) is met by `course`; the keyword `class` says nothing of lessons
    lesson = next(c for c in read_criterion("Show the pottery class timetable").concepts if c.label == "class")
    assert stem("course") in lesson.alternatives and not concepts_of_word("class") & concepts_of_word("course")
    # every group is a class of words, at least two once merged with synonyms.py's; every alias adds a code word
    merged = merged_groups(_GROUPS)
    assert all(len({stem(w) for w in [name, *merged[name].split()]}) >= 2 for name in DOMAIN_GROUPS)
    assert all({stem(w) for w in members.split()} - concepts_of_word(word) for word, members in CRITERION_ALIASES.items())


# -- the app user a criterion grants something ---------------------------------------------------------------------
def test_the_granted_app_user_need_not_be_named(tmp_path: Path) -> None:
    criterion = "A receptionist can check in a patient on arrival"
    check_in = '''from datetime import datetime


def check_in(patient, now=None):
    """Marks the patient arrived for today's appointment."""
    patient.arrived_at = now or datetime.now()
    patient.status = "checked_in"
    patient.save()
'''
    assert maps(tmp_path / "right", criterion, {"clinic/desk.py": check_in})
    # the nurse's screen: another person named, the receptionist's grant is not this
    nurse = check_in.replace("def check_in(patient", "def nurse_check_in(nurse, patient").replace(
        "patient.save()", "patient.save()\n    nurse.queue.append(patient)")
    assert not maps(tmp_path / "nurse", criterion, {"clinic/desk.py": nurse})


# -- a check on who may that only logs -----------------------------------------------------------------------------
_REFUND = '''{imports}

def issue_refund(user, order, amount):
    if not user.is_manager:
        {branch}
    order.refunds.create(amount=amount, issued_by=user)
'''


def test_a_role_check_that_only_logs_restricts_nobody(tmp_path: Path) -> None:
    criterion = "Refunds can be issued by a manager only"
    right = _REFUND.format(imports="from .errors import PermissionDenied\n",
                           branch='raise PermissionDenied("Refunds are issued by a manager")')
    wrong = _REFUND.format(imports="import logging\n\nlog = logging.getLogger(__name__)\n",
                           branch='log.info("refund issued by %s, who is no manager", user)')
    assert maps(tmp_path / "right", criterion, {"shop/refunds.py": right})
    assert not maps(tmp_path / "logs", criterion, {"shop/refunds.py": wrong})
    assert only_logs_the_restricted("Only the admin can delete a post",
                                    "if (!user.isAdmin) {\n  console.warn('not admin');\n}\nposts.remove(id);")
    assert not only_logs_the_restricted("Only the admin can delete a post",
                                        "if (!user.isAdmin) {\n  throw new Error('admins only');\n}\nposts.remove(id);")


# -- a range for "the day" that reaches days back ------------------------------------------------------------------
def test_the_day_is_not_a_week(tmp_path: Path) -> None:
    criterion = "Show the number of parcels scanned today"
    code = "def scanned_count(conn):\n    return conn.execute(\"SELECT COUNT(*) FROM parcel_scans WHERE scanned_on >= date('now'{extra})\").fetchone()[0]\n"
    assert maps(tmp_path / "right", criterion, {"depot/stats.py": code.format(extra="")})
    assert not maps(tmp_path / "week", criterion, {"depot/stats.py": code.format(extra=", '-7 days'")})
    assert counts_more_than_the_day("Total tips for the day", "from := time.Now().AddDate(0, 0, -30)")
    assert not counts_more_than_the_day("Total tips for the last 30 days", "from := time.Now().AddDate(0, 0, -30)")


# -- sent to someone else ------------------------------------------------------------------------------------------
def test_what_goes_to_one_person_is_not_sent_to_another(tmp_path: Path) -> None:
    criterion = "Email the weekly timesheet to the employee"
    code = ("{const}def email_timesheet(mailer, sheet):\n"
            "    mailer.send(to={to}, subject=f\"Timesheet for week {{sheet.week}}\", body=sheet.render())\n")
    assert maps(tmp_path / "right", criterion, {"payroll/sheets.py": code.format(const="", to="sheet.employee.email")})
    assert not maps(tmp_path / "boss", criterion,
                    {"payroll/sheets.py": code.format(const="MANAGER_EMAIL = 'boss@acme.example'\n\n\n", to="MANAGER_EMAIL")})
    assert sends_to_another("Send the quote to the client", 'transport.send({ to: adminAddress, html })')
    assert not sends_to_another("Send the quote to the client", 'transport.send({ to: quote.clientEmail, html })')
    assert not sends_to_another("Send the quote to the client", 'transport.send({ to: address, html })')


# -- searched by another field -------------------------------------------------------------------------------------
def test_a_search_by_one_field_is_not_a_search_by_another(tmp_path: Path) -> None:
    criterion = "Look up orders by postcode"
    code = ("def find_orders(conn, q):\n    return conn.execute(\"SELECT id, customer_name, postcode FROM orders WHERE {col}"
            " LIKE ? ORDER BY id\", (f\"%{{q}}%\",)).fetchall()\n")
    assert maps(tmp_path / "right", criterion, {"orders/search.py": code.format(col="postcode")})
    assert not maps(tmp_path / "name", criterion, {"orders/search.py": code.format(col="customer_name")})
    assert searches_by_another_field("Find members by email", "Member.objects.filter(name__icontains=q)")
    assert not searches_by_another_field("Find members by email", "Member.objects.filter(email__iexact=q)")
    assert searches_by_another_field("Filter tools by category", "tools.filter(t => t.name.toLowerCase().includes(q))")


# -- a duration only in words --------------------------------------------------------------------------------------
_DOOR = '''import logging
from datetime import timedelta

OPEN_TOO_LONG = timedelta(minutes=2)
log = logging.getLogger(__name__)


def check_door(door, now):
    if {condition}:
        log.warning("door open for 2 minutes, locking")
        door.lock()
'''


def test_a_duration_only_in_a_message_is_not_waited_for(tmp_path: Path) -> None:
    criterion = "Lock the door when it stays open for 2 minutes"
    assert maps(tmp_path / "right", criterion,
                {"site/door.py": _DOOR.format(condition="door.is_open and now - door.opened_at >= OPEN_TOO_LONG")})
    assert not maps(tmp_path / "words", criterion, {"site/door.py": _DOOR.format(condition="door.is_open")})
    said = 'def on_leak(sensor):\n    alert(f"Water detected for 10 minutes at {sensor}")\n'
    assert duration_only_in_a_message("Alert when water is detected for 10 minutes", said, said)
    # a config file's value is its own: no function reads a Terraform setting
    config = 'resource "x" "y" {\n  ttl_minutes = 10\n  note = "expires in 10 minutes"\n}\n'
    assert not duration_only_in_a_message("Links expire after 10 minutes", config, config)


# -- a "day before" reminder on the day itself ---------------------------------------------------------------------
_VET = '''from datetime import date, timedelta

from .sms import send_reminder


def vaccination_reminders(conn):
    due = {due}
    rows = conn.execute("SELECT owner_phone, dog FROM vaccinations WHERE due_on = ?", (due.isoformat(),))
    for phone, dog in rows:
        send_reminder(phone, f"{{dog}} has a vaccination booked")
'''


def test_a_day_before_reminder_reads_the_next_day(tmp_path: Path) -> None:
    criterion = "Owners get a reminder the day before the dog's vaccination"
    assert maps(tmp_path / "right", criterion, {"vet/jobs.py": _VET.format(due="date.today() + timedelta(days=1)")})
    assert not maps(tmp_path / "same", criterion, {"vet/jobs.py": _VET.format(due="date.today()")})
    tomorrow = "due = date.today() + timedelta(days=1)\nfor pet in pets_due(due):\n    remind(pet.owner)"
    today = "due = date.today()\nfor pet in pets_due(due):\n    remind(pet.owner)"
    assert not picks_the_same_day(criterion, tomorrow)
    assert picks_the_same_day(criterion, today)
    assert not picks_the_same_day("Owners get a reminder on the day of the vaccination", today)


# -- a query that leaves out those who have not done a thing -------------------------------------------------------
_TRIP = '''def trip_fee_outstanding(conn, trip_id):
    return [name for (name,) in conn.execute(
        "SELECT p.name FROM pupils p WHERE {exists} ("
        " SELECT 1 FROM trip_fee_payments t WHERE t.pupil_id = p.id AND t.trip_id = ?)", (trip_id,))]
'''


def test_those_who_have_not_are_selected_by_a_query_s_not_exists(tmp_path: Path) -> None:
    # the negation is whom the list is of, and the query's NOT EXISTS leaves the others out; the teacher is the app
    # user, and the code's pupils are the criterion's students
    criterion = "A teacher can see which students have not paid the trip fee"
    assert maps(tmp_path / "right", criterion, {"school/trips.py": _TRIP.format(exists="NOT EXISTS")})
    assert not maps(tmp_path / "inverse", criterion, {"school/trips.py": _TRIP.format(exists="EXISTS")})
    assert query_negations('rows = db.execute("SELECT * FROM kids WHERE collected_at IS NULL")') == {"is null"}
    assert query_negations('db.execute("SELECT * FROM kids WHERE id NOT IN (SELECT kid_id FROM pickups)")') == {"not in"}
    assert not query_negations('log.info("this is not a query")')


# -- a web handler's refusal: a client error with its message ------------------------------------------------------
_PLEDGE = 'from flask import Blueprint, abort, request\n\nfrom .db import get_db\n\nbp = Blueprint("pledges", __name__)\n\n\n@bp.post("/pledges")\ndef pledge():\n    amount = request.form.get("amount", "").strip()\n    if not amount.isdigit():\n        abort(400, "Enter the pledge in whole pounds, like 25")\n    db = get_db()\n    db.execute("INSERT INTO pledges (amount) VALUES (?)", (int(amount),))\n    db.commit()\n    return "Thanks", 201\n'
_PLEDGE_GO = 'package api\n\nimport "net/http"\n\nfunc Pledge(w http.ResponseWriter, r *http.Request) {\n\tamount := r.FormValue("amount")\n\tif amount == "" {\n\t\thttp.Error(w, "Enter how much you pledge", http.StatusBadRequest)\n\t\treturn\n\t}\n\tstore.Add(amount)\n}\n'


def test_a_client_error_with_a_message_refuses_the_input(tmp_path: Path) -> None:
    criterion = "Invalid or empty input is refused with a message that says what to fix, and nothing is saved"
    assert maps(tmp_path / "abort", criterion, {"charity/pledges.py": _PLEDGE})
    saved_first = _PLEDGE.replace("    if not amount.isdigit():\n        abort(400, \"Enter the pledge in whole pounds, like 25\")\n", "")
    saved_first = saved_first.replace("    return \"Thanks\", 201", "    if not amount.isdigit():\n        abort(400, \"Enter the pledge in whole pounds, like 25\")\n    return \"Thanks\", 201")
    assert not maps(tmp_path / "saved-first", criterion, {"charity/pledges.py": saved_first})
    assert maps(tmp_path / "go", "Invalid or empty input is refused with a message that says what to fix",
                {"api/pledge.go": _PLEDGE_GO})
