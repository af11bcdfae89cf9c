"""Round 6 rules of the plan-alignment matcher (classes found with held-out 12), one class at a time.

Each rule is shown on a (criterion, change) pair of its own: the change that does what the criterion asks is
mapped, the near miss an agent writes is not. test_criteria_rules.py holds the earlier rounds' rules.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.criterion_classes import explicit_durations
from pmtui.delivery.gates.vocabulary import read_criterion, stem
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str], before: dict[str, str] | None = None) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before=before or {}, after=after)
    return run_case(case, tmp_path / "case").passed


PARKING = "Parking costs 2 EUR per started hour"


def test_a_started_period_is_charged_whole_so_the_code_must_round_up(tmp_path: Path) -> None:
    ceil = {"parking/fees.py": "import math\n\nEUR_PER_HOUR = 2\n\n\ndef parking_fee(minutes: int) -> int:\n"
                                "    hours = math.ceil(minutes / 60)\n    return hours * EUR_PER_HOUR\n"}
    integer = {"parking/fees.py": "EUR_PER_HOUR = 2\n\n\ndef parking_fee(minutes: int) -> int:\n"
                                   "    hours = (minutes + 59) // 60\n    return hours * EUR_PER_HOUR\n"}
    floor = {"parking/fees.py": "EUR_PER_HOUR = 2\n\n\ndef parking_fee(minutes: int) -> int:\n"
                                 "    hours = minutes // 60\n    return hours * EUR_PER_HOUR\n"}
    assert maps(tmp_path / "ceil", PARKING, ceil)
    assert maps(tmp_path / "integer", PARKING, integer)
    assert not maps(tmp_path / "floor", PARKING, floor)  # 59 minutes are free: whole hours only


def test_a_rate_per_started_block_is_multiplied_by_the_blocks_in_perl(tmp_path: Path) -> None:
    criterion = "locker rent: charge 3 EUR per started 15 min"
    perl = ("package Lockers::Rent;\nuse strict;\nuse POSIX qw(ceil);\n\nmy $SLOT_MIN = 15;\nmy $EUR_PER_SLOT = 3;\n\n"
            "sub rent_for {\n    my ($minutes) = @_;\n    return ceil($minutes / $SLOT_MIN) * $EUR_PER_SLOT;\n}\n\n1;\n")
    assert maps(tmp_path / "right", criterion, {"lib/Lockers/Rent.pm": perl})
    assert not maps(tmp_path / "flat", criterion, {"lib/Lockers/Rent.pm": perl.replace(
        "ceil($minutes / $SLOT_MIN) * $EUR_PER_SLOT", "$EUR_PER_SLOT + ceil($minutes / $SLOT_MIN)")})


def test_a_name_that_ends_in_its_unit_states_a_duration() -> None:
    assert ("15", 900.0) in explicit_durations("my $SLOT_MIN = 15;")
    assert ("14", 14 * 86400.0) in explicit_durations("RETENTION_DAYS = 14")
    assert not [found for found in explicit_durations("MAX_ITEMS = 15") if found[0] == "15"]


def test_a_story_role_without_article_and_a_bare_so_clause_only_frame_it() -> None:
    labels = [c.label for c in read_criterion(
        "As support staff I want tickets older than 7 days to be flagged, so nothing gets forgotten").concepts]
    assert "support" not in labels and "staff" not in labels and "forgotten" not in labels
    assert "tickets" in labels and "flagged" in labels
    # outside a user story "so" may carry the requirement: it is kept
    assert "login" in [c.label for c in read_criterion("Emails are saved in lower case so login ignores case").concepts]


def test_an_un_word_is_answered_by_a_negated_test_not_by_a_variable_named_after_it(tmp_path: Path) -> None:
    criterion = "The dashboard shows how many unpaid invoices there are"
    right = {"billing/dashboard.py": "def unpaid_count(invoices):\n"
                                      "    return len([inv for inv in invoices if not inv.paid])\n"}
    named = {"billing/dashboard.py": "def unpaid_count(invoices):\n    unpaid = len(invoices)\n    return unpaid\n"}
    assert maps(tmp_path / "right", criterion, right)
    assert not maps(tmp_path / "named", criterion, named)  # counts every invoice, paid or not


def test_an_irregular_plural_is_its_singular(tmp_path: Path) -> None:
    assert stem("children") == stem("child") and stem("people") == stem("person") == stem("persons")
    criterion = "Children under 16 pay the reduced entry fee"
    code = ("CHILD_MAX_AGE = 16\nREDUCED_FEE = 4\nFULL_FEE = 9\n\n\ndef entry_fee(visitor):\n"
            "    if visitor.age < CHILD_MAX_AGE:\n        return REDUCED_FEE\n    return FULL_FEE\n")
    assert maps(tmp_path / "right", criterion, {"museum/tickets.py": code})
    assert not maps(tmp_path / "wrong", criterion, {"museum/tickets.py": code.replace("<", "<=")})


def test_apply_is_no_adverb_so_applies_meets_it() -> None:
    assert stem("applies") == stem("apply") == stem("applied") and stem("weekly") == stem("week")


def test_the_end_of_a_sequence_is_an_append_and_its_front_an_insert_at_zero(tmp_path: Path) -> None:
    criterion = "When the kitchen is busy, a new order is put at the end of the queue"
    code = ("class Kitchen:\n    def __init__(self):\n        self.queue = []\n\n    def take(self, order):\n"
            "        if self.busy:\n            self.queue.append(order)\n            return None\n"
            "        return self.cook(order)\n")
    assert maps(tmp_path / "right", criterion, {"kitchen/orders.py": code})
    front = code.replace("self.queue.append(order)", "self.queue.insert(0, order)")
    assert not maps(tmp_path / "front", criterion, {"kitchen/orders.py": front})
    assert maps(tmp_path / "lifo", "An urgent order goes to the front of the queue",
                {"kitchen/orders.py": front.replace("if self.busy", "if order.urgent")})


PRUNE = "The weekly export script keeps only the 4 newest archives of the orders database"
EXPORT_BEFORE = "#!/usr/bin/env bash\nset -euo pipefail\ncd /srv/exports\npg_dump orders | gzip > \"orders-$(date +%F).sql.gz\"\n"


def test_when_a_script_runs_is_its_schedulers_business_and_its_other_lines_are_its_context(tmp_path: Path) -> None:
    assert "weekly" not in [c.label for c in read_criterion(PRUNE).concepts if c.strong]
    assert "weekly" in [c.label for c in read_criterion("The weekly export job runs every Friday at 18:00").concepts
                        if c.strong]
    keep4 = EXPORT_BEFORE + "ls -1t orders-*.sql.gz | tail -n +5 | xargs -r rm --\n"
    assert maps(tmp_path / "right", PRUNE, {"ops/export.sh": keep4}, {"ops/export.sh": EXPORT_BEFORE})
    keep5 = EXPORT_BEFORE + "ls -1t orders-*.sql.gz | tail -n +6 | xargs -r rm --\n"
    assert not maps(tmp_path / "five", PRUNE, {"ops/export.sh": keep5}, {"ops/export.sh": EXPORT_BEFORE})


def test_the_state_new_records_start_in_is_a_default(tmp_path: Path) -> None:
    criterion = "Invoices have a state: draft, sent or paid; new invoices are drafts"
    right = ("ALTER TABLE invoices\n  ADD COLUMN state TEXT NOT NULL DEFAULT 'draft'\n"
             "  CHECK (state IN ('draft', 'sent', 'paid'));\n")
    assert maps(tmp_path / "right", criterion, {"migrations/0012_invoice_state.sql": right})
    nullable = right.replace(" NOT NULL DEFAULT 'draft'", "")
    assert not maps(tmp_path / "null", criterion, {"migrations/0012_invoice_state.sql": nullable})
    assert "default" not in [c.label for c in read_criterion("A new member is sent a welcome email").concepts]


def test_an_accepting_predicate_that_answers_false_rejects(tmp_path: Path) -> None:
    criterion = "Given a table booking for tonight, When it is made after 20:00, Then it is rejected"
    code = ("const LAST_CALL_HOUR = 20;\n\nexport function acceptBooking(b: Booking): boolean {\n"
            "  if (isSameDay(b.madeAt, b.slot) && b.madeAt.getHours() >= LAST_CALL_HOUR) {\n    return false;\n  }\n"
            "  return b.guests > 0;\n}\n")
    assert maps(tmp_path / "right", criterion, {"src/bookings.ts": code})
    todo = ("export function acceptBooking(b: Booking): boolean {\n  // TODO: reject bookings for tonight made after 20:00\n"
            "  return b.guests > 0;\n}\n")
    assert not maps(tmp_path / "todo", criterion, {"src/bookings.ts": todo})


def test_an_overlap_is_each_interval_starting_before_the_other_ends(tmp_path: Path) -> None:
    criterion = "A vet cannot be given two appointments at overlapping times"
    right = ("class Clash(Exception):\n    pass\n\n\ndef _collides(a_from, a_to, b):\n"
             "    return a_from < b.ends_at and b.starts_at < a_to\n\n\ndef give_appointment(vet, starts_at, ends_at):\n"
             "    if any(_collides(starts_at, ends_at, other) for other in vet.appointments):\n"
             "        raise Clash(vet.id)\n    vet.appointments.append(Appointment(starts_at, ends_at))\n")
    assert maps(tmp_path / "right", criterion, {"clinic/vets.py": right})
    same_start = right.replace("return a_from < b.ends_at and b.starts_at < a_to", "return a_from == b.starts_at")
    assert not maps(tmp_path / "same", criterion, {"clinic/vets.py": same_start})  # only identical starts clash


def test_a_database_index_is_what_makes_a_lookup_fast(tmp_path: Path) -> None:
    criterion = "As a cashier I want finding a customer's receipts by day to be quick"
    right = "CREATE INDEX receipts_customer_day_idx ON receipts (customer_id, issued_day);\n"
    assert maps(tmp_path / "right", criterion, {"db/migrations/0031_receipts_customer_day.sql": right})
    column = "ALTER TABLE receipts ADD COLUMN customer_day TEXT;\n"
    assert not maps(tmp_path / "column", criterion, {"db/migrations/0031_receipts_customer_day.sql": column})


def test_a_helper_the_change_writes_in_another_file_lends_its_names(tmp_path: Path) -> None:
    criterion = "shipping report: total kg per customer, heaviest first"
    helper = ("from collections import defaultdict\n\n\ndef weight_by_customer(parcels):\n"
              "    totals = defaultdict(float)\n    for parcel in parcels:\n"
              "        totals[parcel.customer] += parcel.weight_kg\n    return totals\n")
    report = ("from shipping.aggregate import weight_by_customer\n\n\ndef shipping_report(parcels):\n"
              "    totals = weight_by_customer(parcels)\n"
              "    return sorted(totals.items(), key=lambda item: item[1], reverse=True)\n")
    before = {"shipping/report.py": "def shipping_report(parcels):\n    return parcels\n"}
    assert maps(tmp_path / "right", criterion, {"shipping/aggregate.py": helper, "shipping/report.py": report}, before)
    ascending = report.replace(", reverse=True", "")
    assert not maps(tmp_path / "ascending", criterion,
                    {"shipping/aggregate.py": helper, "shipping/report.py": ascending}, before)


def test_a_filter_that_keeps_what_is_past_its_date_does_not_hide_it(tmp_path: Path) -> None:
    criterion = "The coupon list never shows coupons past their expiry date"
    right = ("from datetime import date\n\nfrom shop.models import Coupon\n\n\ndef coupon_list():\n"
             "    return Coupon.objects.filter(expires_on__gte=date.today()).order_by('code')\n")
    assert maps(tmp_path / "right", criterion, {"shop/coupons.py": right})
    inverted = right.replace("expires_on__gte", "expires_on__lt")
    assert not maps(tmp_path / "inverted", criterion, {"shop/coupons.py": inverted})
    view = "CREATE VIEW coupon_list AS\nSELECT code, expires_on FROM coupons\nWHERE expires_on < CURRENT_DATE;\n"
    assert not maps(tmp_path / "view", criterion, {"db/views/coupon_list.sql": view})


def test_listed_before_the_others_is_a_true_first_order_and_a_plain_sort_by_the_flag_puts_it_last(tmp_path: Path) -> None:
    criterion = "VIP guests are shown before the other guests"
    right = "def guest_list(guests):\n    return sorted(guests, key=lambda g: not g.vip)\n"
    assert maps(tmp_path / "right", criterion, {"party/guests.py": right})
    sql = "CREATE VIEW guest_list AS\nSELECT name, vip FROM guests\nORDER BY vip DESC, name;\n"
    assert maps(tmp_path / "sql", criterion, {"db/views/guest_list.sql": sql})
    last = "def guest_list(guests):\n    return sorted(guests, key=lambda g: g.vip)\n"
    assert not maps(tmp_path / "last", criterion, {"party/guests.py": last})  # False sorts first: VIPs last


REFUND = "A refund can be asked for up to 14 days after the purchase"
REFUND_CODE = ("from datetime import timedelta\n\nREFUND_WINDOW = timedelta(days=14)\n\n\nclass RefundError(Exception):\n"
               "    pass\n\n\ndef ask_refund(order, today):\n    if today - order.purchased_on > REFUND_WINDOW:\n"
               "        raise RefundError(\"refunds are only possible within 14 days of the purchase\")\n"
               "    order.refund_requested = True\n")


def test_up_to_a_number_of_several_digits_is_the_numbers_business_not_a_word(tmp_path: Path) -> None:
    assert [c.strong for c in read_criterion(REFUND).concepts if c.label == "limit"] == [False]
    assert [c.strong for c in read_criterion("A bio may be at most 160 characters").concepts if c.label == "limit"] \
        == [False]
    assert maps(tmp_path / "right", REFUND, {"shop/refunds.py": REFUND_CODE})


def test_a_number_said_only_in_a_message_is_not_a_value_the_code_uses(tmp_path: Path) -> None:
    criterion = "A refund can be asked for up to 7 days after the purchase"
    message_only = ("class RefundError(Exception):\n    pass\n\n\ndef ask_refund(order, today):\n    try:\n"
                    "        order.refund_requested = True\n    except ValueError:\n"
                    "        raise RefundError(\"refunds are only possible up to 7 days after the purchase\")\n")
    assert not maps(tmp_path / "message", criterion, {"shop/refunds.py": message_only})
    assert maps(tmp_path / "right", criterion, {"shop/refunds.py": REFUND_CODE.replace("14", "7")})


def test_a_text_length_bound_counts_characters(tmp_path: Path) -> None:
    criterion = "A PIN has at most 6 characters"
    zod = "import { z } from \"zod\";\n\nexport const Access = z.object({\n  pin: z.string().max(6),\n});\n"
    assert maps(tmp_path / "zod", criterion, {"src/schema/access.ts": zod})
    items = "import { z } from \"zod\";\n\nexport const Access = z.object({\n  pin: z.array(z.number()).max(6),\n});\n"
    assert not maps(tmp_path / "array", criterion, {"src/schema/access.ts": items})
    assert not explicit_durations("CACHE_TTL_SECONDS = 5 * 60")  # a product: numbers_in reads it as 300


def test_a_linters_name_says_lint_and_max_before_a_named_number_is_the_numbers_business(tmp_path: Path) -> None:
    criterion = "lint: max line length 120"
    assert [c.strong for c in read_criterion(criterion).concepts if c.label == "limit"] == [False]
    assert maps(tmp_path / "right", criterion, {"setup.cfg": "[metadata]\nname = shop\n\n[flake8]\nmax-line-length = 120\n"},
                {"setup.cfg": "[metadata]\nname = shop\n"})
    assert not maps(tmp_path / "wrong", criterion, {"setup.cfg": "[metadata]\nname = shop\n\n[flake8]\nmax-line-length = 100\n"},
                    {"setup.cfg": "[metadata]\nname = shop\n"})


def test_a_password_hashs_cost_factor_is_its_rounds(tmp_path: Path) -> None:
    criterion = "Passwords are hashed with bcrypt using a cost factor of 11"
    node = "const bcrypt = require(\"bcrypt\");\n\nconst saltRounds = 11;\n\nasync function hashPassword(pw) {\n" \
           "  return bcrypt.hash(pw, saltRounds);\n}\n\nmodule.exports = { hashPassword };\n"
    assert maps(tmp_path / "right", criterion, {"src/members/password.js": node})
    assert not maps(tmp_path / "ten", criterion, {"src/members/password.js": node.replace("11", "10")})


def test_nobody_doing_something_within_a_deadline_is_the_deadline_and_the_keeping_filter_keeps_those_who_did(
        tmp_path: Path) -> None:
    criterion = "A table hold is released when nobody arrives within 15 minutes of the booking time"
    right = ("from datetime import timedelta\n\n\ndef sweep_holds(holds, now):\n"
             "    holds[:] = [h for h in holds if h.arrived or now < h.booked_for + timedelta(minutes=15)]\n")
    assert maps(tmp_path / "right", criterion, {"tables/holds.py": right})
    inverted = right.replace("if h.arrived or", "if not h.arrived or")
    assert not maps(tmp_path / "inverted", criterion, {"tables/holds.py": inverted})  # gives away who came
    assert read_criterion(criterion).negated is False


def test_an_expiration_rule_of_a_store_deletes_what_expires(tmp_path: Path) -> None:
    criterion = "Exports in the archive bucket are deleted after 90 days"
    rule = ("resource \"aws_s3_bucket_lifecycle_configuration\" \"archive\" {\n  bucket = aws_s3_bucket.archive.id\n"
            "  rule {\n    id     = \"expire-exports\"\n    status = \"Enabled\"\n    expiration {\n      days = 90\n    }\n"
            "  }\n}\n")
    assert maps(tmp_path / "right", criterion, {"infra/archive.tf": rule})
    moved = rule.replace("expiration {\n      days = 90\n", "transition {\n      days          = 90\n"
                                                                 "      storage_class = \"GLACIER\"\n")
    assert not maps(tmp_path / "moved", criterion, {"infra/archive.tf": moved})  # moved to Glacier, kept


def test_a_deadline_for_an_answer_is_a_timeout_not_any_duration(tmp_path: Path) -> None:
    criterion = "The container is reported unhealthy when /ping does not respond within 2 seconds"
    dockerfile = ("FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\n"
                  "HEALTHCHECK --interval=20s --timeout=2s CMD curl -fsS http://localhost:9000/ping || exit 1\n"
                  "CMD [\"python\", \"-m\", \"worker\"]\n")
    before = {"Dockerfile": "FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nCMD [\"python\", \"-m\", \"worker\"]\n"}
    assert read_criterion(criterion).negated is False
    assert maps(tmp_path / "right", criterion, {"Dockerfile": dockerfile}, before)
    swapped = dockerfile.replace("--interval=20s --timeout=2s", "--interval=2s --timeout=20s")
    assert not maps(tmp_path / "swapped", criterion, {"Dockerfile": swapped}, before)


def test_rounding_through_a_power_of_ten_states_its_decimals(tmp_path: Path) -> None:
    criterion = "The basket total is rounded to two decimals"
    code = ("export function basketTotal(lines: Line[]): number {\n"
            "  const total = lines.reduce((sum, l) => sum + l.price * l.qty, 0);\n"
            "  return Math.round(total * 100) / 100;\n}\n")
    assert maps(tmp_path / "right", criterion, {"src/basket.ts": code})
    assert not maps(tmp_path / "one", criterion, {"src/basket.ts": code.replace("* 100) / 100", "* 10) / 10")})


def test_a_rates_window_is_read_in_its_notation(tmp_path: Path) -> None:
    criterion = "The search API accepts at most 8 requests per second from one IP"
    conf = ("limit_req_zone $binary_remote_addr zone=search:10m rate=8r/s;\n\nserver {\n    location /api/search {\n"
            "        limit_req zone=search;\n        proxy_pass http://app;\n    }\n}\n")
    assert maps(tmp_path / "right", criterion, {"deploy/nginx/search.conf": conf})
    assert not maps(tmp_path / "minute", criterion, {"deploy/nginx/search.conf": conf.replace("8r/s", "8r/m")})


def test_a_make_target_that_runs_a_tool_fails_with_it_unless_its_recipe_line_starts_with_a_dash(tmp_path: Path) -> None:
    criterion = "`make check` runs mypy and fails when it reports errors"
    before = {"Makefile": ".PHONY: test\n\ntest:\n\tpytest -q\n"}
    right = ".PHONY: test check\n\ntest:\n\tpytest -q\n\ncheck:\n\tmypy src\n"
    assert maps(tmp_path / "right", criterion, {"Makefile": right}, before)
    assert not maps(tmp_path / "dash", criterion, {"Makefile": right.replace("\tmypy src", "\t-mypy src")}, before)
    assert not maps(tmp_path / "true", criterion, {"Makefile": right.replace("\tmypy src", "\tmypy src || true")}, before)


def test_a_soft_delete_sets_a_flag_and_keeps_the_row_and_an_order_is_a_purchase(tmp_path: Path) -> None:
    criterion = "Deleting a customer only marks it as deleted and keeps the row"
    right = ("from django.db import models\nfrom django.utils import timezone\n\n\nclass Customer(models.Model):\n"
             "    deleted_at = models.DateTimeField(null=True)\n\n    def soft_delete(self):\n"
             "        self.deleted_at = timezone.now()\n        self.save()\n")
    assert maps(tmp_path / "right", criterion, {"crm/models.py": right})
    hard = ("from django.db import models\n\n\nclass Customer(models.Model):\n    def soft_delete(self):\n"
            "        self.delete()\n")
    assert not maps(tmp_path / "hard", criterion, {"crm/models.py": hard})  # the row is gone
    order = [c for c in read_criterion("Orders placed after 14:00 ship the next day").concepts if c.label == "orders"]
    assert order and "sort" not in order[0].alternatives
    assert "sort" in next(c for c in read_criterion("Results are listed in order of distance").concepts
                      if c.label == "order").alternatives


def test_an_object_store_upload_stores_a_file(tmp_path: Path) -> None:
    criterion = "Invoices are stored in S3"
    right = ("import { S3Client, PutObjectCommand } from \"@aws-sdk/client-s3\";\n\nconst s3 = new S3Client({});\n\n"
             "export async function archiveInvoice(id: string, pdf: Buffer): Promise<void> {\n"
             "  await s3.send(new PutObjectCommand({ Bucket: \"invoices\", Key: `${id}.pdf`, Body: pdf }));\n}\n")
    assert maps(tmp_path / "right", criterion, {"src/invoices/archive.ts": right})
    logged = ("export async function archiveInvoice(id: string, pdf: Buffer): Promise<void> {\n"
              "  console.info(`invoice ${id} stored in S3`);\n}\n")
    assert not maps(tmp_path / "logged", criterion, {"src/invoices/archive.ts": logged})


def test_stored_as_says_how_a_value_is_represented_not_that_it_is_persisted(tmp_path: Path) -> None:
    criterion = "Amounts are stored as integer cents, never as floats"
    right = ("from decimal import Decimal\n\n\ndef parse_amount(text: str) -> int:\n"
             "    \"\"\"The amount in cents.\"\"\"\n    return int(Decimal(text) * 100)\n")
    assert maps(tmp_path / "right", criterion, {"billing/amounts.py": right})
    floats = "def parse_amount(text: str) -> float:\n    return float(text) * 100\n"
    assert not maps(tmp_path / "floats", criterion, {"billing/amounts.py": floats})
