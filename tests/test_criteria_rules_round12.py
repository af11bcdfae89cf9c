"""Round 12 rules of the plan-alignment matcher (classes found with held-out 17: criteria as users write them in
their own plans and issues), one class at a time.

Each rule is shown on a (criterion, change) pair of its own, not held-out 17's: the change that does what the
criterion asks is mapped, the near miss an agent writes is not. The earlier rounds' rules are in
test_criteria_rules*.py.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.user_phrasing import plain_criterion, status_numbers
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str], before: dict[str, str] | None = None) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before=before or {}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- recall: how users write criteria --------------------------------------------------------------------------
def test_a_criterion_copied_from_an_issue_s_task_list_is_read_without_its_box(tmp_path: Path) -> None:
    criterion = "- [ ] `--csv FILE` saves the table to FILE instead of printing it"
    before = {"stock/cli.py": ("import argparse\n\nfrom stock.table import render_table\n\n\ndef main(argv=None):\n"
                               "    parser = argparse.ArgumentParser()\n    args = parser.parse_args(argv)\n"
                               "    print(render_table())\n")}
    after = {"stock/cli.py": ("import argparse\nfrom pathlib import Path\n\nfrom stock.table import render_table\n\n\n"
                              "def main(argv=None):\n    parser = argparse.ArgumentParser()\n"
                              "    parser.add_argument(\"--csv\", metavar=\"FILE\")\n    args = parser.parse_args(argv)\n"
                              "    if args.csv:\n        Path(args.csv).write_text(render_table(sep=\",\"))\n    else:\n"
                              "        print(render_table())\n")}
    assert plain_criterion(criterion).startswith("`--csv FILE`")
    assert plain_criterion("* [x] Done") == "Done" and plain_criterion("[ ] x") == "x"
    assert maps(tmp_path, criterion, after, before)


def test_an_http_status_named_by_its_constant_is_its_number(tmp_path: Path) -> None:
    criterion = "/ready answers 503 while the cache is warming"
    assert status_numbers("http.Error(w, msg, http.StatusServiceUnavailable)") == {"503"}
    assert status_numbers("return Response(status=HTTPStatus.TOO_MANY_REQUESTS)") == {"429"}
    assert status_numbers("Created(x)") == set()  # no status prefix: not read
    code = ("package probe\n\nimport \"net/http\"\n\nvar warming bool\n\nfunc Ready(w http.ResponseWriter, r *http.Request) {{\n"
            "\tif {cond} {{\n\t\tw.WriteHeader(http.StatusServiceUnavailable)\n\t\treturn\n\t}}\n"
            "\tw.WriteHeader(http.StatusOK)\n}}\n")
    assert maps(tmp_path / "right", criterion, {"probe/ready.go": code.format(cond="warming")})


# -- false passes -----------------------------------------------------------------------------------------------
def test_a_comparison_written_in_the_criterion_is_the_code_s(tmp_path: Path) -> None:
    criterion = "rejects price<=0"
    code = ("class Menu:\n    def __init__(self):\n        self.items = {{}}\n\n    def add(self, name, price):\n"
            "        if price {op}:\n            raise ValueError(f\"price must be positive, got {{price}}\")\n"
            "        self.items[name] = price\n")
    assert maps(tmp_path / "right", criterion, {"cafe/menu.py": code.format(op="<= 0")})
    assert maps(tmp_path / "integers", criterion, {"cafe/menu.py": code.format(op="< 1")})
    # a price of 0 gets on the menu
    assert not maps(tmp_path / "off-by-one", criterion, {"cafe/menu.py": code.format(op="< 0")})


def test_a_status_answered_while_a_state_holds_is_not_answered_when_it_does_not(tmp_path: Path) -> None:
    criterion = "/status returns 423 while the vault is locked"
    code = ("from flask import Flask, jsonify\n\napp = Flask(__name__)\nvault = {{\"locked\": False}}\n\n\n"
            "@app.get(\"/status\")\ndef status():\n    if {cond}:\n        return jsonify(error=\"vault locked\"), 423\n"
            "    return jsonify(ok=True)\n")
    assert maps(tmp_path / "right", criterion, {"vault/app.py": code.format(cond="vault[\"locked\"]")})
    # 423 while it is open
    assert not maps(tmp_path / "inverted", criterion, {"vault/app.py": code.format(cond="not vault[\"locked\"]")})


def test_a_status_is_not_matched_by_its_reason_s_word_when_another_is_answered(tmp_path: Path) -> None:
    criterion = "POST /invoices 201"
    code = ("from flask import Flask, jsonify, request\n\napp = Flask(__name__)\nINVOICES = []\n\n\n"
            "@app.post(\"/invoices\")\ndef create_invoice():\n    INVOICES.append(request.get_json())\n"
            "    return jsonify(INVOICES[-1]), {status}\n")
    assert maps(tmp_path / "right", criterion, {"billing/app.py": code.format(status=201)})
    # `create_invoice` says "created", the answer is 200
    assert not maps(tmp_path / "ok", criterion, {"billing/app.py": code.format(status=200)})


def test_a_limit_per_a_named_key_counts_by_what_names_it(tmp_path: Path) -> None:
    criterion = "uploads: max 20/hour per API key"
    code = ("import time\nfrom collections import defaultdict\n\nMAX_PER_HOUR = 20\n_seen = defaultdict(list)\n\n\n"
            "def allow_upload(request):\n    key = {key}\n    now = time.time()\n"
            "    recent = [t for t in _seen[key] if now - t < 3600]\n    if len(recent) >= MAX_PER_HOUR:\n"
            "        return False\n    _seen[key] = recent + [now]\n    return True\n")
    assert maps(tmp_path / "right", criterion, {"api/uploads.py": code.format(key="request.headers[\"X-Api-Key\"]")})
    # counted per client address: "api" is only the package's name
    assert not maps(tmp_path / "other-key", criterion, {"api/uploads.py": code.format(key="request.remote_addr")})


def test_a_list_written_with_commas_keeps_its_order(tmp_path: Path) -> None:
    criterion = "The export file's columns are name,email,joined"
    code = ("import csv\n\nCOLUMNS = [{cols}]\n\n\ndef export_members(members, path):\n"
            "    with open(path, \"w\", newline=\"\") as handle:\n        writer = csv.DictWriter(handle, fieldnames=COLUMNS)\n"
            "        writer.writeheader()\n        for m in members:\n"
            "            writer.writerow({{\"name\": m.name, \"email\": m.email, \"joined\": m.joined.isoformat()}})\n")
    assert maps(tmp_path / "right", criterion, {"club/export.py": code.format(cols="\"name\", \"email\", \"joined\"")})
    assert not maps(tmp_path / "reordered", criterion, {"club/export.py": code.format(cols="\"email\", \"name\", \"joined\"")})


def test_a_refusal_without_a_kind_of_character_tests_for_it(tmp_path: Path) -> None:
    criterion = "PINs shorter than 6 characters or without a letter are rejected with a message"
    code = ("class PinRejected(ValueError):\n    pass\n\n\ndef set_pin(account, pin):\n    problems = []\n"
            "    if len(pin) < 6:\n        problems.append(\"use at least 6 characters\")\n{letter}"
            "    if problems:\n        raise PinRejected(\"; \".join(problems))\n    account.pin = pin\n")
    letter = "    if not any(c.isalpha() for c in pin):\n        problems.append(\"include a letter\")\n"
    assert maps(tmp_path / "right", criterion, {"bank/pins.py": code.format(letter=letter)})
    # only the length is checked
    assert not maps(tmp_path / "length-only", criterion, {"bank/pins.py": code.format(letter="")})


def test_a_negated_permission_caps_a_count_taken_before_the_new_one(tmp_path: Path) -> None:
    criterion = "A member must not be allowed to reserve more than 3 books at once"
    code = ("class ReservationError(Exception):\n    pass\n\n\nclass Branch:\n    def __init__(self):\n"
            "        self.reservations = []\n\n    def reserve(self, member, book):\n"
            "        held = sum(1 for m, _ in self.reservations if m == member)\n        if held {op} 3:\n"
            "            raise ReservationError(\"a member can reserve at most 3 books\")\n"
            "        self.reservations.append((member, book))\n")
    assert maps(tmp_path / "right", criterion, {"library/reservations.py": code.format(op=">=")})
    # a fourth reservation is let in
    assert not maps(tmp_path / "one-more", criterion, {"library/reservations.py": code.format(op=">")})


def test_a_sort_asked_by_its_count_runs_the_criterion_s_way(tmp_path: Path) -> None:
    criterion = "The dashboard shows the 5 latest invoices"
    code = ("import type {{ Invoice }} from \"./types\";\n\nconst SHOWN = 5;\n\nexport function latestInvoices(invoices: Invoice[]): Invoice[] {{\n"
            "  return [...invoices].sort((a, b) => {order}).slice(0, SHOWN);\n}}\n")
    right = "b.issuedAt.getTime() - a.issuedAt.getTime()"
    assert maps(tmp_path / "right", criterion, {"src/dashboard.ts": code.format(order=right)})
    # the 5 oldest: a comparator through a getter read as ascending
    wrong = "a.issuedAt.getTime() - b.issuedAt.getTime()"
    assert not maps(tmp_path / "oldest", criterion, {"src/dashboard.ts": code.format(order=wrong)})


def test_an_un_state_keeps_the_ones_without_it(tmp_path: Path) -> None:
    criterion = "As a bookkeeper I want unpaid invoices listed for the reminder run so that nobody is chased twice"
    code = ("from dataclasses import dataclass\nfrom datetime import date\n\n\n@dataclass\nclass Invoice:\n    number: str\n"
            "    paid_on: date | None = None\n\n\ndef unpaid_invoices(invoices):\n"
            "    return [inv for inv in invoices if inv.paid_on {test}]\n")
    assert maps(tmp_path / "right", criterion, {"books/reminders.py": code.format(test="is None")})
    # lists the paid ones
    assert not maps(tmp_path / "paid", criterion, {"books/reminders.py": code.format(test="is not None")})


def test_the_same_key_is_compared(tmp_path: Path) -> None:
    criterion = "The gym must not allow more than 2 classes per day for the same member"
    code = ("class ClassFull(Exception):\n    pass\n\n\nclass Timetable:\n    def __init__(self):\n        self.bookings = []\n\n"
            "    def book(self, member, day, klass):\n        taken = sum(1 for m, d, _ in self.bookings if {test})\n"
            "        if taken >= 2:\n            raise ClassFull(f\"{{member}} already has 2 classes on {{day}}\")\n"
            "        self.bookings.append((member, day, klass))\n")
    assert maps(tmp_path / "right", criterion, {"gym/timetable.py": code.format(test="m == member and d == day")})
    # counts every member's classes that day
    assert not maps(tmp_path / "anyone", criterion, {"gym/timetable.py": code.format(test="d == day")})


def test_a_message_told_which_names_it(tmp_path: Path) -> None:
    criterion = "When a seat is already taken the booking is refused and the guest is told which seat is taken"
    code = ("class SeatTaken(Exception):\n    pass\n\n\ndef book(show, guest, seat):\n    if seat in show.taken:\n"
            "        raise SeatTaken({message})\n    show.taken[seat] = guest\n")
    assert maps(tmp_path / "right", criterion, {"theatre/seats.py": code.format(message="f\"seat {seat} is already taken\"")})
    # refused, but the guest is not told which seat
    assert not maps(tmp_path / "fixed", criterion, {"theatre/seats.py": code.format(message="\"that seat is taken\"")})


def test_at_most_a_time_ahead_allows_the_bound(tmp_path: Path) -> None:
    criterion = "A table can be reserved at most 30 days ahead"
    code = ("from datetime import timedelta\n\nAHEAD = timedelta(days=30)\n\n\ndef reserve(table, day, today):\n"
            "    if day {op} today + AHEAD:\n        raise ValueError(\"reservations open 30 days ahead\")\n"
            "    table.reserved.add(day)\n")
    assert maps(tmp_path / "right", criterion, {"diner/tables.py": code.format(op=">")})
    # a reservation exactly 30 days ahead is refused
    assert not maps(tmp_path / "at-the-bound", criterion, {"diner/tables.py": code.format(op=">=")})


def test_a_pattern_s_length_bounds_are_the_criterion_s(tmp_path: Path) -> None:
    criterion = "handle: 3-20 chars, [a-z0-9_] only"
    code = ("const HANDLE = /^[a-z0-9_]{{{bounds}}}$/;\n\nexport function checkHandle(handle: string): string[] {{\n"
            "  const errors: string[] = [];\n  if (!HANDLE.test(handle)) {{\n"
            "    errors.push(\"handle must be 3-20 characters: lowercase letters, digits or _\");\n  }}\n"
            "  return errors;\n}}\n")
    assert maps(tmp_path / "right", criterion, {"src/chat/handle.ts": code.format(bounds="3,20")})
    # the message says 20, the pattern stops at 15
    assert not maps(tmp_path / "shorter", criterion, {"src/chat/handle.ts": code.format(bounds="3,15")})


def test_a_refusal_for_an_already_reached_state_tests_that_state(tmp_path: Path) -> None:
    criterion = "Given a parcel that has already been delivered, when the sender recalls it, then the recall fails with \"already delivered\""
    code = ("from enum import Enum\n\n\nclass Status(Enum):\n    SORTING = 1\n    OUT = 2\n    DELIVERED = 3\n    RETURNED = 4\n\n\n"
            "class RecallFailed(Exception):\n    pass\n\n\ndef recall(parcel):\n    if parcel.status == Status.{state}:\n"
            "        raise RecallFailed(\"already delivered\")\n    parcel.status = Status.RETURNED\n")
    assert maps(tmp_path / "right", criterion, {"post/recall.py": code.format(state="DELIVERED")})
    # refuses a parcel already returned; a delivered one is recalled
    assert not maps(tmp_path / "other-state", criterion, {"post/recall.py": code.format(state="RETURNED")})


def test_a_cap_on_a_named_kind_is_not_a_cap_on_the_others(tmp_path: Path) -> None:
    criterion = "A guest may book no more than 2 kayaks per day"
    code = ("class BookingRefused(Exception):\n    pass\n\n\nclass Boathouse:\n    def __init__(self):\n        self.booked = {{}}\n\n"
            "    def book(self, guest, boat, day):\n        key = (guest, day)\n"
            "        if boat.kind {op} \"kayak\" and self.booked.get(key, 0) >= 2:\n"
            "            raise BookingRefused(\"2 kayaks a day at most\")\n        self.booked[key] = self.booked.get(key, 0) + 1\n")
    assert maps(tmp_path / "right", criterion, {"lake/boathouse.py": code.format(op="==")})
    # limits every boat but the kayaks
    assert not maps(tmp_path / "others", criterion, {"lake/boathouse.py": code.format(op="!=")})


# -- recall: what code does, as users' criteria name it ------------------------------------------------------------
def test_a_key_brought_to_upper_case_is_compared_regardless_of_case(tmp_path: Path) -> None:
    criterion = "Voucher codes are case-insensitive"
    before = {"till/vouchers.py": "VOUCHERS = {\"XMAS5\": 5}\n\n\ndef voucher_value(code):\n    return VOUCHERS.get(code, 0)\n"}
    after = {"till/vouchers.py": "VOUCHERS = {\"XMAS5\": 5}\n\n\ndef voucher_value(code):\n    return VOUCHERS.get(code.upper(), 0)\n"}
    assert maps(tmp_path, criterion, after, before)


def test_a_request_without_a_user_is_a_guest_s(tmp_path: Path) -> None:
    criterion = "Unauthenticated calls to /billing get 401"
    code = ("import { Router } from \"express\";\n\nexport const billing = Router();\n\n"
            "billing.get(\"/billing\", (req, res) => {\n  if (!req.user) return res.status(401).json({ error: \"log in\" });\n"
            "  res.json(req.user.invoices);\n});\n")
    assert maps(tmp_path / "right", criterion, {"src/billing.ts": code})
    # 401 to the logged-in users
    assert not maps(tmp_path / "inverted", criterion, {"src/billing.ts": code.replace("if (!req.user)", "if (req.user)")})


def test_a_go_flag_s_second_argument_is_its_default(tmp_path: Path) -> None:
    criterion = "- [ ] `--retries` defaults to 3"
    code = ("package main\n\nimport (\n\t\"flag\"\n\t\"fmt\"\n)\n\nfunc main() {\n"
            "\tretries := flag.Int(\"retries\", 3, \"how many times to try\")\n\tflag.Parse()\n\tfmt.Println(*retries)\n}\n")
    assert maps(tmp_path, criterion, {"cmd/fetch/main.go": code})


def test_go_s_math_ceil_rounds_up(tmp_path: Path) -> None:
    criterion = "Bandwidth is billed in whole gigabytes, rounded up"
    code = ("package billing\n\nimport \"math\"\n\nconst centsPerGB = 25\n\nfunc BandwidthCents(gigabytes float64) int {\n"
            "\treturn int(math.Ceil(gigabytes)) * centsPerGB\n}\n")
    assert maps(tmp_path, criterion, {"billing/bandwidth.go": code})


def test_main_s_returned_status_is_the_exit_code(tmp_path: Path) -> None:
    criterion = "`report` exits with code 3 if the data file is missing"
    before = ("import sys\nfrom pathlib import Path\n\n\ndef main() -> int:\n    data = Path(sys.argv[1])\n"
              "    print(data.read_text().count(\"\\n\"))\n    return 0\n\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n")
    after = before.replace("    print(data.read_text()", "    if not data.exists():\n        print(f\"no such file: {data}\", file=sys.stderr)\n"
                           "        return CODE\n    print(data.read_text()")
    assert maps(tmp_path / "right", criterion, {"report/__main__.py": after.replace("CODE", "3")}, {"report/__main__.py": before})
    # exits 1, not 3
    assert not maps(tmp_path / "other-code", criterion, {"report/__main__.py": after.replace("CODE", "1")}, {"report/__main__.py": before})
    # exits 3 when the file is there
    turned = after.replace("CODE", "3").replace("if not data.exists():", "if data.exists():")
    assert not maps(tmp_path / "turned", criterion, {"report/__main__.py": turned}, {"report/__main__.py": before})


def test_a_digest_compared_is_a_checksum_and_a_failing_return_exits_non_zero(tmp_path: Path) -> None:
    criterion = "`verify` exits non-zero when a file's checksum differs"
    before = ("import hashlib\nimport sys\n\n\ndef main(pairs):\n    for path, expected in pairs:\n"
              "        print(path, hashlib.sha256(open(path, \"rb\").read()).hexdigest())\n    return 0\n\n\n"
              "if __name__ == \"__main__\":\n    sys.exit(main([line.split() for line in sys.stdin]))\n")
    after = ("import hashlib\nimport sys\n\n\ndef main(pairs):\n    bad = 0\n    for path, expected in pairs:\n"
             "        digest = hashlib.sha256(open(path, \"rb\").read()).hexdigest()\n        if digest != expected:\n"
             "            print(f\"{{path}}: differs\", file=sys.stderr)\n            bad += 1\n    return {answer}\n\n\n"
             "if __name__ == \"__main__\":\n    sys.exit(main([line.split() for line in sys.stdin]))\n")
    assert maps(tmp_path / "right", criterion, {"tools/verify.py": after.format(answer="1 if bad else 0")},
                {"tools/verify.py": before})
    # the difference is printed, the exit status is always 0
    assert not maps(tmp_path / "zero", criterion, {"tools/verify.py": after.format(answer="0")}, {"tools/verify.py": before})
    # counts the files whose digests are equal
    equal = after.format(answer="1 if bad else 0").replace("digest != expected", "digest == expected")
    assert not maps(tmp_path / "equal", criterion, {"tools/verify.py": equal}, {"tools/verify.py": before})


def test_invalid_or_empty_values_of_a_named_field_are_refused_by_a_pattern(tmp_path: Path) -> None:
    criterion = "Invalid or empty phone numbers are refused with a message saying what format is expected"
    code = ("import re\n\nPHONE = re.compile(r\"^\\+?[0-9 ]{{7,15}}$\")\n\n\ndef set_phone(contact, phone):\n"
            "    if not PHONE.match(phone or \"\"):\n        {refusal}\n    contact.phone = phone\n")
    assert maps(tmp_path / "right", criterion,
                {"crm/contacts.py": code.format(refusal="raise ValueError(\"Enter a phone number such as +44 20 7946 0958\")")})
    # dropped silently
    assert not maps(tmp_path / "silent", criterion, {"crm/contacts.py": code.format(refusal="return")})
    # refuses the numbers that match the pattern
    turned = code.replace("if not PHONE.match", "if PHONE.match").format(refusal="raise ValueError(\"Enter a phone number such as +44 20 7946 0958\")")
    assert not maps(tmp_path / "turned", criterion, {"crm/contacts.py": turned})


def test_invalid_or_empty_values_of_a_named_field_are_refused_on_the_side_the_message_denies(tmp_path: Path) -> None:
    criterion = "Invalid or empty ages are rejected with an error message"
    code = ("export function parseAge(raw: string): number {{\n  const age = Number(raw);\n"
            "  if (raw.trim() === \"\" || !Number.isInteger(age) || age {op} 18) {{\n"
            "    throw new Error(`Age must be a whole number of at least 18, got \"${{raw}}\"`);\n  }}\n  return age;\n}}\n")
    assert maps(tmp_path / "right", criterion, {"src/signup/age.ts": code.format(op="<")})
    # refuses the adults
    assert not maps(tmp_path / "turned", criterion, {"src/signup/age.ts": code.format(op=">=")})


def test_a_placeholder_n_is_no_name_and_its_bound_is_the_parameter_s(tmp_path: Path) -> None:
    criterion = "GET /trails?maxKm=N only returns trails of at most N km"
    code = ("import type {{ Request, Response }} from \"express\";\nimport {{ allTrails }} from \"./db\";\n\n"
            "export function listTrails(req: Request, res: Response) {{\n  const maxKm = Number(req.query.maxKm ?? Infinity);\n"
            "  res.json(allTrails().filter((trail) => trail.km {op} maxKm));\n}}\n")
    assert plain_criterion(criterion) == "GET /trails?maxKm=  only returns trails of at most   km"
    assert maps(tmp_path / "right", criterion, {"src/trails.ts": code.format(op="<=")})
    # the trails of exactly N km are left out
    assert not maps(tmp_path / "strict", criterion, {"src/trails.ts": code.format(op="<")})


def test_an_iso_date_is_year_month_day_and_a_dated_file_carries_it(tmp_path: Path) -> None:
    criterion = "The export is written to exports/orders-YYYY-MM-DD.csv"
    code = ("import csv\nfrom pathlib import Path\n\n\ndef export_orders(orders, day):\n"
            "    path = Path(\"exports\") / {name}\n    path.parent.mkdir(parents=True, exist_ok=True)\n"
            "    with path.open(\"w\", newline=\"\") as handle:\n        writer = csv.writer(handle)\n"
            "        writer.writerow([\"id\", \"total\", \"day\"])\n        for order in orders:\n"
            "            writer.writerow([order.id, order.total, day.isoformat()])\n")
    assert maps(tmp_path / "right", criterion, {"shop/export.py": code.format(name="f\"orders-{day.isoformat()}.csv\"")})
    # every day's export overwrites the last
    assert not maps(tmp_path / "undated", criterion, {"shop/export.py": code.format(name="\"orders.csv\"")})


def test_a_malformed_record_is_a_rejected_row(tmp_path: Path) -> None:
    criterion = "`seedctl load` exits 1 when a CSV row is malformed"
    code = ("package main\n\nimport (\n\t\"encoding/csv\"\n\t\"fmt\"\n\t\"io\"\n\t\"os\"\n)\n\nfunc load(r *csv.Reader) {\n"
            "\tfor n := 1; ; n++ {\n\t\trec, err := r.Read()\n\t\tif err == io.EOF {\n\t\t\treturn\n\t\t}\n"
            "\t\tif err != nil || len(rec) != 2 {\n\t\t\tfmt.Fprintf(os.Stderr, \"seedctl: record %d: want variety,grams\\n\", n)\n"
            "\t\t\tos.Exit(1)\n\t\t}\n\t\tstore(rec)\n\t}\n}\n")
    assert maps(tmp_path, criterion, {"cmd/seedctl/load.go": code})


def test_files_deleted_on_startup_are_deleted_by_what_main_runs(tmp_path: Path) -> None:
    criterion = "Cached thumbnails older than 30 days are deleted on startup"
    code = ("import time\nfrom pathlib import Path\n\nCACHE = Path(\"cache/thumbs\")\n\n\ndef prune_thumbnails(now=None):\n"
            "    cutoff = (now or time.time()) - 30 * 24 * 3600\n    for thumb in CACHE.glob(\"*.png\"):\n"
            "        if thumb.stat().st_mtime < cutoff:\n            thumb.unlink()\n\n\ndef main():\n{call}"
            "    serve()\n")
    assert maps(tmp_path / "right", criterion, {"gallery/app.py": code.format(call="    prune_thumbnails()\n")})
    # written, never run
    assert not maps(tmp_path / "never-called", criterion, {"gallery/app.py": code.format(call="")})


def test_a_flag_s_value_is_used_where_it_was_given(tmp_path: Path) -> None:
    criterion = "`--archive DIR` moves the processed invoices to DIR instead of deleting them"
    code = ("import argparse\nimport shutil\nfrom pathlib import Path\n\n\ndef main(argv=None):\n"
            "    parser = argparse.ArgumentParser()\n    parser.add_argument(\"inbox\")\n    parser.add_argument(\"--archive\", metavar=\"DIR\")\n"
            "    args = parser.parse_args(argv)\n    for invoice in Path(args.inbox).glob(\"*.pdf\"):\n        process(invoice)\n"
            "        if {cond}:\n            shutil.move(str(invoice), args.archive)\n        else:\n            invoice.unlink()\n")
    assert maps(tmp_path / "right", criterion, {"billing/inbox.py": code.format(cond="args.archive")})
    # moves them to None when no --archive is given, deletes them when it is
    assert not maps(tmp_path / "absent", criterion, {"billing/inbox.py": code.format(cond="not args.archive")})
