"""Round 8 rules of the plan-alignment matcher (classes found with held-out 14), one class at a time.

Each rule is shown on a (criterion, change) pair of its own: the change that does what the criterion asks is
mapped, the near miss an agent writes is not. test_criteria_rules.py and test_criteria_rules_round6.py/_round7.py
hold the earlier rounds' rules.
"""

from __future__ import annotations

from pathlib import Path

from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str], before: dict[str, str] | None = None) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before=before or {}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- false passes ----------------------------------------------------------------------------------------------
_TABLES = {"db/001_reservations.sql": "CREATE TABLE reservations (\n    id SERIAL PRIMARY KEY,\n    table_no INT NOT NULL,\n"
                                      "    starts_at TIMESTAMP NOT NULL,\n    ends_at TIMESTAMP NOT NULL\n);\n"}


def test_a_schema_objects_name_is_not_what_it_does(tmp_path: Path) -> None:
    criterion = "No two reservations may overlap for the same table"
    exclude = ("ALTER TABLE reservations ADD CONSTRAINT reservations_no_overlap\n"
               "    EXCLUDE USING gist (table_no WITH =, tsrange(starts_at, ends_at) WITH &&);\n")
    unique = "ALTER TABLE reservations ADD CONSTRAINT reservations_no_overlap UNIQUE (table_no, starts_at);\n"
    assert maps(tmp_path / "exclude", criterion, {**_TABLES, "db/002_no_overlap.sql": exclude}, _TABLES)
    # the constraint is called no_overlap and only stops two reservations starting at the same instant
    assert not maps(tmp_path / "unique", criterion, {**_TABLES, "db/002_no_overlap.sql": unique}, _TABLES)
    from pmtui.delivery.gates.change_evidence import _unnamed  # imported here: new in round 8

    assert "no_overlap" not in _unnamed("create unique index reservations_no_overlap on reservations (table_no);")
    assert _unnamed("for index in range(3):") == "for index in range(3):"  # Python's `index` names nothing


def test_an_off_flag_set_in_another_file_of_the_change_guards_too(tmp_path: Path) -> None:
    criterion = "Orders with a quantity above the stock are refused"
    code = ("from shop.settings import CHECK_STOCK\n\n\nclass OutOfStock(Exception):\n    pass\n\n\n"
            "def place_order(item, quantity):\n    if CHECK_STOCK and quantity > item.stock:\n"
            "        raise OutOfStock(item.sku)\n    item.stock -= quantity\n    return item\n")
    on = {"shop/orders.py": code, "shop/settings.py": "CURRENCY = 'EUR'\nCHECK_STOCK = True\n"}
    off = {"shop/orders.py": code, "shop/settings.py": "CURRENCY = 'EUR'\nCHECK_STOCK = False\n"}
    before = {"shop/settings.py": "CURRENCY = 'EUR'\n"}
    assert maps(tmp_path / "on", criterion, on, before)
    assert not maps(tmp_path / "off", criterion, off, before)  # settings.py turns the refusal off


def test_a_number_compared_with_a_quantity_of_another_kind_is_not_the_criterion(tmp_path: Path) -> None:
    criterion = "Riders heavier than 120 kg cannot book the zip line"
    code = ("export function bookRide(rider, ride) {{\n  if (ride.full) throw new Error('full');\n"
            "  if (ride.kind === 'zipline' && rider.{field} > 120) {{\n    throw new Error('too heavy for the zip line');\n"
            "  }}\n  return {{ rider: rider.id, ride: ride.id }};\n}}\n")
    assert maps(tmp_path / "kg", criterion, {"src/rides/book.js": code.format(field="weightKg")})
    # a height of 120 cm is no weight of 120 kg
    assert not maps(tmp_path / "cm", criterion, {"src/rides/book.js": code.format(field="heightCm")})
    from pmtui.delivery.gates.measure_units import criterion_measures  # imported here: new in round 8

    assert criterion_measures("warn below 32 psi or 220 kPa") == (("32", "pressure", "psi"), ("220", "pressure", "kpa"))


def test_the_noun_after_same_is_what_the_code_must_compare(tmp_path: Path) -> None:
    criterion = "The system must not let a member reserve two lockers in the same month"
    code = ("class AlreadyReserved(Exception):\n    pass\n\n\ndef reserve(member, locker, when):\n"
            "    if {test}:\n        raise AlreadyReserved(member.id)\n    member.reservations.append((locker, when))\n")
    month = "any(w.month == when.month and w.year == when.year for _, w in member.reservations)"
    assert maps(tmp_path / "month", criterion, {"gym/lockers.py": code.format(test=month)})
    # the same locker twice is refused; two lockers in one month go through
    assert not maps(tmp_path / "locker", criterion,
                    {"gym/lockers.py": code.format(test="any(l == locker for l, _ in member.reservations)")})


def test_a_given_example_that_must_be_refused_is_refused_by_the_code(tmp_path: Path) -> None:
    criterion = "Given a basket of 51 items, when it is checked out, then it is rejected"
    code = ("class BasketTooBig(Exception):\n    pass\n\n\ndef checkout(basket):\n    if len(basket.items) {test}:\n"
            "        raise BasketTooBig(len(basket.items))\n    return basket.total()\n")
    assert maps(tmp_path / "over-50", criterion, {"shop/checkout.py": code.format(test="> 50")})
    assert maps(tmp_path / "from-51", criterion, {"shop/checkout.py": code.format(test=">= 51")})
    # `> 51` lets the basket of 51 through
    assert not maps(tmp_path / "over-51", criterion, {"shop/checkout.py": code.format(test="> 51")})
    from pmtui.delivery.gates.boundaries import refused_example  # imported here: new in round 8

    assert refused_example("Given a booking for 13 guests, then it is refused") == "13"
    assert refused_example("Given a booking of more than 12 guests, then it is refused") is None


_PRODUCTS = {"db/010_products.sql": "CREATE TABLE products (\n    id SERIAL PRIMARY KEY,\n    stock_count INTEGER NOT NULL,\n"
                                    "    price_cents INTEGER NOT NULL\n);\n"}


def test_a_sign_is_checked_on_the_value_the_criterion_names(tmp_path: Path) -> None:
    criterion = "A warehouse product's stock count can never be negative"
    check = "ALTER TABLE products ADD CONSTRAINT products_not_negative CHECK ({column} >= 0);\n"
    right = {**_PRODUCTS, "db/011_product_stock_check.sql": check.format(column="stock_count")}
    wrong = {**_PRODUCTS, "db/011_product_stock_check.sql": check.format(column="price_cents")}
    assert maps(tmp_path / "stock", criterion, right, _PRODUCTS)
    # "stock" is in the file's name, "negative" in the constraint's: the check is on the price
    assert not maps(tmp_path / "price", criterion, wrong, _PRODUCTS)


def test_a_discount_is_taken_off_not_charged(tmp_path: Path) -> None:
    criterion = "Students get a 10% discount on concert tickets"
    code = ("STUDENT_DISCOUNT = 0.10\n\n\ndef ticket_price(ticket, buyer):\n    price = ticket.base_price\n"
            "    if buyer.is_student:\n        price = {paid}\n    return round(price, 2)\n")
    assert maps(tmp_path / "off", criterion, {"concerts/tickets.py": code.format(paid="price * (1 - STUDENT_DISCOUNT)")})
    # the student pays a tenth of the price: a 90 % discount
    assert not maps(tmp_path / "paid", criterion, {"concerts/tickets.py": code.format(paid="price * STUDENT_DISCOUNT")})


def test_a_cap_is_the_least_of_the_value_and_the_cap(tmp_path: Path) -> None:
    criterion = "Late returns are fined 20p a day, capped at £3"
    code = ("package org.library;\n\npublic final class Fines {{\n    public static long finePence(long daysLate) {{\n"
            "        if (daysLate <= 0) {{\n            return 0;\n        }}\n        return Math.{call}(daysLate * 20, 300);\n"
            "    }}\n}}\n")
    assert maps(tmp_path / "min", criterion, {"src/main/java/org/library/Fines.java": code.format(call="min")})
    # Math.max makes £3 the least anyone pays
    assert not maps(tmp_path / "max", criterion, {"src/main/java/org/library/Fines.java": code.format(call="max")})


# -- recall ----------------------------------------------------------------------------------------------------
def test_a_percentage_may_be_stated_as_its_fraction(tmp_path: Path) -> None:
    criterion = "Card balances accrue interest of 3% per month"
    code = ("MONTHLY_RATE = {rate}\n\n\ndef month_end(account):\n"
            "    account.balance += round(account.balance * MONTHLY_RATE, 2)\n")
    assert maps(tmp_path / "fraction", criterion, {"cards/interest.py": code.format(rate="0.03")})
    assert not maps(tmp_path / "thirty", criterion, {"cards/interest.py": code.format(rate="0.3")})


def test_a_fraction_compared_with_a_value_that_counts_per_cent_is_not_the_percentage() -> None:
    from pmtui.delivery.gates.percentages import fraction_against_percent  # imported here: new in round 8

    assert fraction_against_percent("charging = bus.battery_pct < 0.2", frozenset({"0.2"}))
    assert not fraction_against_percent("charging = bus.battery < 0.2", frozenset({"0.2"}))


def test_an_amount_in_pounds_may_be_counted_in_pence(tmp_path: Path) -> None:
    criterion = "Parking after 18:00 costs a flat £4 per visit"
    code = ("EVENING_FLAT_PENCE = {value}\n\n\ndef visit_charge_pence(visit):\n    if visit.arrived.hour >= 18:\n"
            "        return EVENING_FLAT_PENCE\n    return visit.hours * 150\n")
    assert maps(tmp_path / "pence", criterion, {"parking/charges.py": code.format(value="400")})
    assert not maps(tmp_path / "forty", criterion, {"parking/charges.py": code.format(value="40")})


def test_the_unit_after_a_measured_number_and_its_comparative_are_in_the_comparison(tmp_path: Path) -> None:
    criterion = "Switch the fan on when the greenhouse is hotter than 27 degrees celsius"
    code = ("def on_reading(greenhouse, celsius):\n    greenhouse.last = celsius\n    if celsius {op} 27:\n"
            "        greenhouse.fan.switch_on()\n")
    assert maps(tmp_path / "above", criterion, {"glasshouse/climate.py": code.format(op=">")})
    # below 27 is the other side of the bound
    assert not maps(tmp_path / "below", criterion, {"glasshouse/climate.py": code.format(op="<")})


def test_up_to_after_a_hyphen_is_a_compound_not_a_limit(tmp_path: Path) -> None:
    criterion = "A pitch with electric hook-up to the mains costs 6 per night"
    code = ("HOOKUP_PER_NIGHT = 6\n\n\ndef stay_price(pitch, nights):\n    price = pitch.base_per_night * nights\n"
            "    if pitch.electric:\n        price += HOOKUP_PER_NIGHT * nights\n    return price\n")
    assert maps(tmp_path / "hookup", criterion, {"camping/pricing.py": code})


def test_outside_a_range_is_what_the_code_tests_not_a_word_to_miss(tmp_path: Path) -> None:
    criterion = "- alert the brewer when fermenter temperature goes outside 18–22"
    code = ("from brewery.notify import notify_brewer\n\nLOW, HIGH = 18, 22\n\n\ndef record(fermenter, reading):\n"
            "    fermenter.readings.append(reading)\n    if {test}:\n"
            "        notify_brewer(fermenter.brewer, f'{{fermenter.name}}: {{reading.temperature}}')\n")
    assert maps(tmp_path / "outside", criterion, {"brewery/fermenters.py": code.format(test="not LOW <= reading.temperature <= HIGH")})
    assert maps(tmp_path / "either-side", criterion,
                {"brewery/fermenters.py": code.format(test="reading.temperature < LOW or reading.temperature > HIGH")})
    # the brewer is told while all is well
    assert not maps(tmp_path / "inside", criterion, {"brewery/fermenters.py": code.format(test="LOW <= reading.temperature <= HIGH")})


def test_a_date_moved_by_java_time_states_its_unit(tmp_path: Path) -> None:
    criterion = "Members can reserve a meeting room at most 14 days in advance"
    code = ("package club.rooms;\n\nimport java.time.LocalDate;\n\npublic class Reservations {{\n"
            "    public Reservation reserve(Member m, Room r, LocalDate day) {{\n        LocalDate today = LocalDate.now();\n"
            "        if (day.isAfter(today.{call}(14))) {{\n            throw new ReservationException(\"too far ahead\");\n"
            "        }}\n        return repo.save(new Reservation(m, r, day));\n    }}\n}}\n")
    path = "src/main/java/club/rooms/Reservations.java"
    assert maps(tmp_path / "days", criterion, {path: code.format(call="plusDays")})
    assert not maps(tmp_path / "weeks", criterion, {path: code.format(call="plusWeeks")})  # fourteen weeks ahead


def test_an_amount_added_to_a_nightly_rate_is_charged_per_night(tmp_path: Path) -> None:
    criterion = "Rooms with a sea view cost 15 more per night"
    right = ("SEA_VIEW_SUPPLEMENT = 15\n\n\ndef stay_price(room, nights):\n    nightly = room.base_rate\n"
             "    if room.sea_view:\n        nightly += SEA_VIEW_SUPPLEMENT\n    return nightly * nights\n")
    wrong = ("SEA_VIEW_SUPPLEMENT = 15\n\n\ndef stay_price(room, nights):\n    total = room.base_rate * nights\n"
             "    if room.sea_view:\n        total += SEA_VIEW_SUPPLEMENT\n    return total\n")
    assert maps(tmp_path / "nightly", criterion, {"hotel/pricing.py": right})
    assert not maps(tmp_path / "once", criterion, {"hotel/pricing.py": wrong})  # 15 once a stay


def test_a_time_of_day_is_its_hour_on_the_24_hour_clock_and_after_it_includes_it(tmp_path: Path) -> None:
    criterion = "The bar's music must not be played after 11 pm"
    code = ("from datetime import datetime\n\n\ndef may_play_music(now: datetime, licensed: bool) -> bool:\n"
            "    if now.hour {op} 23:\n        return False\n    return licensed\n")
    assert maps(tmp_path / "from-23", criterion, {"venue/music.py": code.format(op=">=")})
    # `> 23` is never true: the music plays until midnight
    assert not maps(tmp_path / "after-23", criterion, {"venue/music.py": code.format(op=">")})


def test_errexit_exits_non_zero_when_an_unguarded_command_fails(tmp_path: Path) -> None:
    criterion = "The weekly backup script must exit non-zero when the upload fails"
    before = {"ops/weekly_backup.sh": "#!/usr/bin/env bash\ntar czf /tmp/b.tgz /srv/data\naws s3 cp /tmp/b.tgz s3://backups/\n"}
    strict = {"ops/weekly_backup.sh": "#!/usr/bin/env bash\nset -euo pipefail\ntar czf /tmp/b.tgz /srv/data\n"
                                      "aws s3 cp /tmp/b.tgz s3://backups/\n"}
    guarded = {"ops/weekly_backup.sh": "#!/usr/bin/env bash\nset -euo pipefail\ntar czf /tmp/b.tgz /srv/data\n"
                                       "aws s3 cp /tmp/b.tgz s3://backups/ || echo 'upload failed' >&2\n"}
    assert maps(tmp_path / "strict", criterion, strict, before)
    # errexit does not apply to a command on the left of `||`: the failure is printed and the script exits 0
    assert not maps(tmp_path / "guarded", criterion, guarded, before)


def test_the_else_of_a_test_reads_its_condition_negated(tmp_path: Path) -> None:
    criterion = "- unpaid invoices get a reminder after 14 days"
    code = ("const DAY_MS = 24 * 60 * 60 * 1000;\n\nexport function nightly(invoices: Invoice[], now: number): void {\n"
            "  for (const inv of invoices) {\n    if (inv.paidAt) archive(inv);\n"
            "    else if (now - inv.issuedAt > 14 * DAY_MS) sendReminder(inv);\n  }\n}\n")
    assert maps(tmp_path / "else", criterion, {"src/billing/nightly.ts": code})


def test_a_noun_made_from_a_verb_is_the_verb_in_code(tmp_path: Path) -> None:
    criterion = "Cancellation of a swimming lesson frees its pool slot"
    code = "def cancel(lesson):\n    lesson.status = 'cancelled'\n    lesson.slot.free = True\n    lesson.slot.pool.save()\n"
    assert maps(tmp_path / "cancel", criterion, {"swim/lessons.py": code})

    from pmtui.delivery.gates.vocabulary import derived_concepts  # imported here: new in round 8

    assert "renew" in derived_concepts("renewal") and not derived_concepts("signal") and not derived_concepts("mention")


def test_what_is_lost_is_kept_only_on_the_other_side_of_the_bound(tmp_path: Path) -> None:
    criterion = "A withdrawal less than 7 days before the course starts loses the deposit"
    code = ("from datetime import timedelta\n\nNOTICE = timedelta(days=7)\n\n\ndef withdraw(enrolment, on):\n"
            "    enrolment.status = 'withdrawn'\n    enrolment.deposit_refunded = enrolment.course.starts_on - on {op} NOTICE\n")
    assert maps(tmp_path / "refunded-early", criterion, {"courses/enrolments.py": code.format(op=">=")})
    # refunded to those who withdraw late: the late ones keep what the criterion takes
    assert not maps(tmp_path / "refunded-late", criterion, {"courses/enrolments.py": code.format(op="<")})


def test_a_rounding_precision_is_no_quantity_of_the_criterion(tmp_path: Path) -> None:
    criterion = "Card balances accrue interest of 2% per month"
    code = ("MONTHLY_RATE = {rate}\n\n\ndef month_end(account):\n"
            "    account.balance += round(account.balance * MONTHLY_RATE, 2)\n")
    assert maps(tmp_path / "two-percent", criterion, {"cards/interest.py": code.format(rate="0.02")})
    # 20 % a month; the only 2 is the rounding's two decimals
    assert not maps(tmp_path / "twenty", criterion, {"cards/interest.py": code.format(rate="0.2")})


def test_the_best_of_a_lower_is_better_measure_are_the_lowest(tmp_path: Path) -> None:
    criterion = "A driver's season score is the sum of their best 5 lap times"
    code = ("def season_score(driver):\n    laps = [lap.seconds for lap in driver.laps]\n"
            "    best = sorted(laps{reverse})[:5]\n    return sum(best)\n")
    assert maps(tmp_path / "fastest", criterion, {"karting/ranking.py": code.format(reverse="")})
    # the five slowest laps
    assert not maps(tmp_path / "slowest", criterion, {"karting/ranking.py": code.format(reverse=", reverse=True")})


_ATTACHMENTS = ('{{\n  "tickets": {{\n    "allowed_types": [".png", ".jpg"{allowed}],\n'
                '    "blocked_types": [".exe", ".js"{blocked}],\n    "max_mb": 10\n  }}\n}}\n')


def test_a_json_config_value_meets_a_criterion_and_a_deny_list_keeps_it_out(tmp_path: Path) -> None:
    criterion = "As a support agent I want to upload .pdf files from my laptop to a ticket"
    before = {"config/uploads.json": _ATTACHMENTS.format(allowed="", blocked="")}
    allowed = {"config/uploads.json": _ATTACHMENTS.format(allowed=', ".pdf"', blocked="")}
    blocked = {"config/uploads.json": _ATTACHMENTS.format(allowed="", blocked=', ".pdf"')}
    assert maps(tmp_path / "allowed", criterion, allowed, before)
    # on the blocked list, a .pdf is refused
    assert not maps(tmp_path / "blocked", criterion, blocked, before)

    from pmtui.delivery.gates.outcomes import keeps_out_what_is_let_in  # imported here: new in round 8

    assert keeps_out_what_is_let_in(criterion, blocked["config/uploads.json"])
    assert not keeps_out_what_is_let_in(criterion, allowed["config/uploads.json"])


def test_a_speed_is_no_price_and_its_change_runs_from_the_old_value_to_the_new(tmp_path: Path) -> None:
    criterion = "Alert the pilot when the climb rate is faster than 500 feet per minute"
    code = ("MAX_CLIMB_FT_PER_MIN = 500\n\n\nclass Vario:\n    def __init__(self, display):\n        self.display = display\n"
            "        self.prev = None\n\n    def sample(self, s):\n        if self.prev is not None:\n"
            "            minutes = (s.t - self.prev.t) / 60\n            rate = ({difference}) / minutes\n"
            "            if rate > MAX_CLIMB_FT_PER_MIN:\n                self.display.alert('CLIMB')\n        self.prev = s\n")
    assert maps(tmp_path / "climb", criterion, {"glider/vario.py": code.format(difference="s.altitude_ft - self.prev.altitude_ft")})
    # the old altitude minus the new is the sink rate
    assert not maps(tmp_path / "sink", criterion,
                    {"glider/vario.py": code.format(difference="self.prev.altitude_ft - s.altitude_ft")})


def test_a_range_test_called_negated_is_the_value_outside_it(tmp_path: Path) -> None:
    criterion = "Walkers get a warning on their watch when they are outside the marked trail corridor"
    code = ("class Trail:\n    def __init__(self, corridor):\n        self.corridor = corridor\n\n"
            "    def within_corridor(self, x):\n        west, east = self.corridor\n        return west <= x <= east\n\n"
            "    def track(self, walker, x):\n        walker.x = x\n        if {test}self.within_corridor(x):\n"
            "            walker.watch.warn('Back to the trail')\n")
    assert maps(tmp_path / "negated", criterion, {"hiking/trail.py": code.format(test="not ")})
    assert not maps(tmp_path / "inside", criterion, {"hiking/trail.py": code.format(test="")})  # warned on the trail


def test_an_amount_in_lakhs_is_the_number_it_makes(tmp_path: Path) -> None:
    criterion = "Loans above ₹2 lakh need approval from the branch manager"
    code = ("APPROVAL_LIMIT_RUPEES = {value}\n\n\ndef submit_loan(loan, branch):\n    if loan.amount > APPROVAL_LIMIT_RUPEES:\n"
            "        loan.status = 'awaiting approval'\n        branch.manager.notify(loan)\n    return loan\n")
    assert maps(tmp_path / "lakh", criterion, {"bank/loans.py": code.format(value="200_000")})
    assert not maps(tmp_path / "twenty-lakh", criterion, {"bank/loans.py": code.format(value="2_000_000")})


def test_a_quantity_is_named_by_its_unit(tmp_path: Path) -> None:
    criterion = "Warn the rider when a tyre's pressure is below 32 psi"
    code = ("def check_tyres(bike, display):\n    for tyre in bike.tyres:\n        if tyre.{field} < 32:\n"
            "            display.warn(f'{{tyre.position}} tyre low')\n")
    assert maps(tmp_path / "psi", criterion, {"bikes/tyres.py": code.format(field="psi")})
    assert not maps(tmp_path / "kpa", criterion, {"bikes/tyres.py": code.format(field="kpa")})  # 32 kPa is under 5 psi


def test_what_is_made_invisible_is_hidden(tmp_path: Path) -> None:
    criterion = "Whenever stock goes to zero, hide the product"
    code = "def on_stock_change(product):\n    if product.stock <= 0:\n        product.visible = {value}\n    product.save()\n"
    assert maps(tmp_path / "hidden", criterion, {"shop/stock.py": code.format(value="False")})
    assert not maps(tmp_path / "shown", criterion, {"shop/stock.py": code.format(value="True")})


def test_below_freezing_is_below_zero_degrees(tmp_path: Path) -> None:
    criterion = "If the temperature drops below freezing, send a frost warning"
    code = "def check(forecast, notifier):\n    if forecast.min_temp_c < {bound}:\n        notifier.send('Frost warning')\n"
    assert maps(tmp_path / "zero", criterion, {"farm/frost.py": code.format(bound="0")})
    assert not maps(tmp_path / "two", criterion, {"farm/frost.py": code.format(bound="2")})


def test_a_price_of_nothing_is_free(tmp_path: Path) -> None:
    criterion = "Free delivery within 5 km of the shop"
    code = "def delivery_fee(distance_km):\n    if distance_km <= 5:\n        return {fee}\n    return 3 + 0.5 * distance_km\n"
    assert maps(tmp_path / "free", criterion, {"shop/delivery.py": code.format(fee="0")})
    assert not maps(tmp_path / "flat", criterion, {"shop/delivery.py": code.format(fee="2")})


def test_a_daily_fee_after_a_date_is_per_day(tmp_path: Path) -> None:
    criterion = "Late fee is ₦500 per day after the due date"
    daily = ("LATE_FEE_PER_DAY = 500\n\n\ndef late_fee(invoice, today):\n    days = (today - invoice.due_date).days\n"
             "    return max(0, days) * LATE_FEE_PER_DAY\n")
    once = ("LATE_FEE = 500\n\n\ndef late_fee(invoice, today):\n    days = (today - invoice.due_date).days\n"
            "    return LATE_FEE if days > 0 else 0\n")
    assert maps(tmp_path / "daily", criterion, {"rent/fees.py": daily})
    assert not maps(tmp_path / "once", criterion, {"rent/fees.py": once})


def test_younger_than_and_more_then_are_comparisons_with_sides(tmp_path: Path) -> None:
    criterion = "Users younger than 16 need a parent's consent"
    code = ("def sign_up(form):\n    if form.age {op} 16 and not form.parental_consent:\n"
            "        raise ValueError('parental consent required')\n    return create_user(form)\n")
    assert maps(tmp_path / "under", criterion, {"accounts/signup.py": code.format(op="<")})
    assert not maps(tmp_path / "sixteen-too", criterion, {"accounts/signup.py": code.format(op="<=")})

    from pmtui.delivery.gates.boundaries import criterion_boundaries  # imported here: beside the old rules
    from pmtui.delivery.gates.vocabulary import read_criterion

    assert read_criterion("must not book more then 2 rooms").boundaries == criterion_boundaries("more than 2 rooms")


def test_make_sure_frames_and_minimum_n_is_at_least(tmp_path: Path) -> None:
    code = "OTP_TTL_SECONDS = {ttl}\n\n\ndef issue_otp(user, now):\n    user.otp = make_code()\n    user.otp_expires = now + OTP_TTL_SECONDS\n"
    assert maps(tmp_path / "five", "Kindly make sure the OTP expires in 5 mins", {"auth/otp.py": code.format(ttl="300")})
    assert not maps(tmp_path / "fifty", "Kindly make sure the OTP expires in 5 mins", {"auth/otp.py": code.format(ttl="3000")})

    from pmtui.delivery.gates.vocabulary import read_criterion  # imported here: beside the old rules

    assert any(c.label == "minimum" for c in read_criterion("Passwords have to contain minimum 8 characters").concepts)


def test_a_scenarios_numbers_are_example_values_its_test_may_state(tmp_path: Path) -> None:
    criterion = "Given a basket with 3 items, When one is removed, Then the counter shows 2"
    test = ("import {{ removeItem }} from '../src/basket.js';\n\ntest('counter follows the basket', () => {{\n"
            "  const basket = {{ items: [{{ id: 1 }}, {{ id: 2 }}, {{ id: 3 }}], counter: 3 }};\n  removeItem(basket, 2);\n"
            "  expect(basket.{field}).toBe(2);\n}});\n")
    right = {"src/basket.js": "export function removeItem(basket, id) {\n  basket.items = basket.items.filter((i) => i.id !== id);\n"
                              "  basket.counter = basket.items.length;\n}\n",
             "test/basket.test.js": test.format(field="counter")}
    wrong = {"src/basket.js": "export function removeItem(basket, id) {\n  basket.items = basket.items.filter((i) => i.id !== id);\n}\n",
             "test/basket.test.js": test.format(field="items.length")}
    assert maps(tmp_path / "counter", criterion, right)
    assert not maps(tmp_path / "items-only", criterion, wrong)  # the counter still says 3


def test_a_zero_padded_example_states_its_width(tmp_path: Path) -> None:
    criterion = "Every order gets an order number like ORD-000123"
    code = "def next_number(seq):\n    return f'ORD-{{seq:{spec}}}'\n"
    assert maps(tmp_path / "six", criterion, {"orders/numbers.py": code.format(spec="06d")})
    assert not maps(tmp_path / "four", criterion, {"orders/numbers.py": code.format(spec="04d")})


def test_a_locale_states_its_date_format(tmp_path: Path) -> None:
    criterion = "Dates are shown as DD/MM/YYYY"
    code = "export const formatDate = (d) => d.toLocaleDateString('{locale}');\n"
    assert maps(tmp_path / "gb", criterion, {"src/format.js": code.format(locale="en-GB")})
    assert not maps(tmp_path / "us", criterion, {"src/format.js": code.format(locale="en-US")})  # 11/27/2026


def test_a_permission_predicate_grants_its_verb_and_ownership_is_an_id_compared(tmp_path: Path) -> None:
    criterion = "Admins can delete any comment; others only their own"
    code = "def can_delete(user, comment):\n    return {rule}\n"
    assert maps(tmp_path / "own", criterion, {"comments/permissions.py": code.format(rule="user.is_admin or comment.author_id == user.id")})
    assert not maps(tmp_path / "admins", criterion, {"comments/permissions.py": code.format(rule="user.is_admin")})


def test_a_gerund_after_before_says_when_not_what(tmp_path: Path) -> None:
    criterion = "Names are trimmed of leading and trailing spaces before saving"
    code = "def clean_name(raw):\n    return raw.{call}()\n"
    assert maps(tmp_path / "strip", criterion, {"people/forms.py": code.format(call="strip")})
    assert not maps(tmp_path / "lower", criterion, {"people/forms.py": code.format(call="lower")})


def test_nigerian_pidgin_framing(tmp_path: Path) -> None:
    criterion = "Abeg make the app send SMS to customer when order don reach"
    code = "def on_{event}(order, sms):\n    sms.send(order.customer.phone, f'Your order {{order.id}} is on its way')\n"
    assert maps(tmp_path / "delivered", criterion, {"orders/notify.py": code.format(event="delivered")})
    assert not maps(tmp_path / "paid", criterion, {"orders/notify.py": code.format(event="paid")})


# -- false passes found with wrong changes written for plain criteria ---------------------------------------------
def test_a_bound_after_a_currency_has_its_side(tmp_path: Path) -> None:
    criterion = "Orders over $50 ship free"
    code = ("FREE_SHIPPING_OVER = 50\n\n\ndef shipping_cost(order):\n    if order.total {op} FREE_SHIPPING_OVER:\n"
            "        return 0\n    return 4.99\n")
    assert maps(tmp_path / "over", criterion, {"shop/shipping.py": code.format(op=">")})
    assert not maps(tmp_path / "under", criterion, {"shop/shipping.py": code.format(op="<")})  # small orders free


def test_a_free_branch_is_on_the_criterions_side_of_its_bound(tmp_path: Path) -> None:
    criterion = "Free delivery within 5 km of the shop"
    code = "def delivery_fee(distance_km):\n    if distance_km {op} 5:\n        return 0\n    return 3 + 0.5 * distance_km\n"
    assert maps(tmp_path / "near", criterion, {"shop/delivery.py": code.format(op="<=")})
    assert not maps(tmp_path / "far", criterion, {"shop/delivery.py": code.format(op=">")})


def test_a_duration_stated_with_its_unit_is_the_only_one_that_counts(tmp_path: Path) -> None:
    criterion = "Lock the account for 15 minutes after 5 failed logins"
    code = ("from datetime import timedelta\n\nMAX_FAILURES = {failures}\nLOCKOUT = timedelta(minutes={minutes})\n\n\n"
            "def on_failed_login(user, now):\n    user.failures += 1\n    if user.failures >= MAX_FAILURES:\n"
            "        user.locked_until = now + LOCKOUT\n")
    assert maps(tmp_path / "right", criterion, {"auth/lockout.py": code.format(failures=5, minutes=15)})
    # 15 failures and 5 minutes: both numbers there, swapped
    assert not maps(tmp_path / "swapped", criterion, {"auth/lockout.py": code.format(failures=15, minutes=5)})


def test_an_afternoon_hour_is_never_its_12_hour_number(tmp_path: Path) -> None:
    criterion = "Guests can check in from 3 pm"
    code = "CHECK_IN_HOUR = {hour}\n\n\ndef can_check_in(guest, now):\n    return now.hour >= CHECK_IN_HOUR\n"
    assert maps(tmp_path / "fifteen", criterion, {"hotel/checkin.py": code.format(hour=15)})
    assert not maps(tmp_path / "three", criterion, {"hotel/checkin.py": code.format(hour=3)})  # 3 in the morning


def test_a_duration_bound_has_its_side(tmp_path: Path) -> None:
    criterion = "Accounts inactive for more than 2 years are deleted"
    code = ("from datetime import timedelta\n\n\ndef purge(accounts, now):\n    for a in accounts:\n"
            "        if now - a.last_login {op} timedelta(days=730):\n            a.delete()\n")
    assert maps(tmp_path / "older", criterion, {"jobs/purge.py": code.format(op=">")})
    assert not maps(tmp_path / "newer", criterion, {"jobs/purge.py": code.format(op="<")})  # deletes the active ones


def test_a_state_set_to_its_condition_negated_is_the_opposite(tmp_path: Path) -> None:
    criterion = "The export button is disabled while the export runs"
    code = ("export function ExportButton({{ running, onClick }}) {{\n"
            "  return <button disabled={{{value}}} onClick={{onClick}}>Export</button>;\n}}\n")
    assert maps(tmp_path / "running", criterion, {"src/Export.tsx": code.format(value="running")})
    assert not maps(tmp_path / "idle", criterion, {"src/Export.tsx": code.format(value="!running")})


def test_only_a_role_can_means_the_others_are_refused(tmp_path: Path) -> None:
    criterion = "Only admins can export the member list"
    code = "def export_members(user, members):\n    if {condition}:\n        {then}\n    return to_csv(members)\n"
    right = code.format(condition="not user.is_admin", then="raise PermissionError('admins only')")
    logged = code.format(condition="user.is_admin", then="log.info('admin export')")
    assert maps(tmp_path / "refused", criterion, {"members/export.py": right})
    assert not maps(tmp_path / "logged", criterion, {"members/export.py": logged})  # everyone exports


def test_a_refusal_conditioned_on_the_role_refuses_the_role(tmp_path: Path) -> None:
    criterion = "Refunds over €100 need a manager's approval"
    code = ("def refund(order, amount, user):\n    if amount > 100 and {role}:\n"
            "        raise PermissionError('manager approval needed')\n    return pay_back(order, amount)\n")
    assert maps(tmp_path / "others", criterion, {"refunds/service.py": code.format(role="not user.is_manager")})
    assert not maps(tmp_path / "managers", criterion, {"refunds/service.py": code.format(role="user.is_manager")})


def test_a_filter_keeping_those_a_negative_rule_leaves_out_is_the_inverse(tmp_path: Path) -> None:
    criterion = "Must not send marketing emails to users who opted out"
    code = "def recipients(users):\n    return [u for u in users if {test}u.opted_out]\n"
    assert maps(tmp_path / "left-out", criterion, {"mail/campaign.py": code.format(test="not ")})
    assert not maps(tmp_path / "kept", criterion, {"mail/campaign.py": code.format(test="")})


def test_rounded_up_is_a_rounding_up_not_a_limit(tmp_path: Path) -> None:
    criterion = "Prices are rounded up to the next 5 cents"
    code = "import math\n\n\ndef round_price(cents):\n    return math.{call}(cents / 5) * 5\n"
    assert maps(tmp_path / "ceil", criterion, {"pos/rounding.py": code.format(call="ceil")})
    assert not maps(tmp_path / "floor", criterion, {"pos/rounding.py": code.format(call="floor")})


def test_a_constant_no_line_reads_states_nothing(tmp_path: Path) -> None:
    criterion = "Ticket prices include 20% VAT"
    used = "VAT_RATE = 0.2\n\n\ndef gross(net):\n    return round(net * (1 + VAT_RATE), 2)\n"
    unread = "VAT_RATE = 0.2\n\n\ndef gross(net):\n    return net\n"
    assert maps(tmp_path / "used", criterion, {"tickets/price.py": used})
    assert not maps(tmp_path / "unread", criterion, {"tickets/price.py": unread})  # prices without VAT


def test_a_status_for_a_failure_is_answered_in_the_failure_branch(tmp_path: Path) -> None:
    criterion = "The health endpoint answers 503 when the database is down"
    code = ("package internal\n\nimport \"net/http\"\n\nfunc Health(w http.ResponseWriter, r *http.Request) {{\n"
            "\tif err := db.Ping(); err != nil {{\n\t\tw.WriteHeader({failing})\n\t\treturn\n\t}}\n\tw.WriteHeader({fine})\n}}\n")
    path = "internal/health.go"
    assert maps(tmp_path / "failing", criterion, {path: code.format(failing="503", fine="http.StatusOK")})
    assert not maps(tmp_path / "fine", criterion, {path: code.format(failing="http.StatusOK", fine="503")})


def test_a_refusal_with_its_condition_after_it_is_a_refusal(tmp_path: Path) -> None:
    criterion = "Only the owner can edit a post"
    code = "def update\n  head :forbidden {keyword} @post.owner == current_user\n  @post.update!(post_params)\nend\n"
    assert maps(tmp_path / "unless", criterion, {"app/controllers/posts_controller.rb": code.format(keyword="unless")})
    # refuses the owner and lets everyone else edit
    assert not maps(tmp_path / "if", criterion, {"app/controllers/posts_controller.rb": code.format(keyword="if")})


def test_two_things_joined_by_and_are_both_asked_for(tmp_path: Path) -> None:
    criterion = "Orders are confirmed by email and SMS"
    both = "def confirm(order, mailer, sms):\n    mailer.send(order.email, 'Order confirmed')\n    sms.send(order.phone, 'Order confirmed')\n"
    email = "def confirm(order, mailer):\n    mailer.send(order.email, 'Order confirmed')\n"
    assert maps(tmp_path / "both", criterion, {"orders/confirm.py": both})
    assert not maps(tmp_path / "email-only", criterion, {"orders/confirm.py": email})  # half of it


def test_a_condition_reading_the_opposite_state_is_the_other_case(tmp_path: Path) -> None:
    criterion = ("Given a user with an expired subscription, when they open a premium article, "
                 "then they see the paywall")
    code = ("def open_article(user, article):\n    if article.premium and {test}user.subscription_active:\n"
            "        return render('paywall.html')\n    return render('article.html', article=article)\n")
    assert maps(tmp_path / "not-active", criterion, {"articles/view.py": code.format(test="not ")})
    # the paywall for those who pay
    assert not maps(tmp_path / "active", criterion, {"articles/view.py": code.format(test="")})


def test_stored_only_once_is_a_uniqueness(tmp_path: Path) -> None:
    criterion = "Each customer's email is stored only once"
    unique = "ALTER TABLE customers ADD CONSTRAINT customers_email_unique UNIQUE (email);\n"
    index = "CREATE INDEX customers_email_idx ON customers (email);\n"
    assert maps(tmp_path / "unique", criterion, {"db/0002_customers.sql": unique})
    assert not maps(tmp_path / "index", criterion, {"db/0002_customers.sql": index})  # a lookup, not a uniqueness


def test_deleted_after_a_period_is_what_has_aged_past_it(tmp_path: Path) -> None:
    criterion = "Old notifications are deleted after 90 days"
    code = "DELETE FROM notifications WHERE created_at {op} NOW() - INTERVAL '90 days';\n"
    assert maps(tmp_path / "aged", criterion, {"jobs/cleanup.sql": code.format(op="<")})
    assert not maps(tmp_path / "recent", criterion, {"jobs/cleanup.sql": code.format(op=">")})  # deletes the new ones


def test_required_is_a_value_that_must_be_given(tmp_path: Path) -> None:
    criterion = "Product names are required and at most 80 characters"
    code = "import {{ z }} from 'zod';\n\nexport const Product = z.object({{\n  name: {name},\n  price: z.number().positive(),\n}});\n"
    assert maps(tmp_path / "min1", criterion, {"src/schema.ts": code.format(name="z.string().min(1).max(80)")})
    assert not maps(tmp_path / "optional", criterion, {"src/schema.ts": code.format(name="z.string().max(80).optional()")})


def test_a_user_created_is_not_the_user_the_container_runs_as(tmp_path: Path) -> None:
    criterion = "The container runs as a non-root user"
    code = "FROM python:3.12-slim\nRUN useradd -m app\n{user}COPY . /app\nCMD [\"python\", \"-m\", \"app\"]\n"
    assert maps(tmp_path / "user", criterion, {"Dockerfile": code.format(user="USER app\n")})
    assert not maps(tmp_path / "root", criterion, {"Dockerfile": code.format(user="")})  # still runs as root


def test_a_case_insensitive_comparison_folds_both_sides(tmp_path: Path) -> None:
    criterion = "Search is case-insensitive"
    code = ("export function search(items: Item[], q: string) {{\n  const needle = q.toLowerCase();\n"
            "  return items.filter((i) => i.{name}.includes(needle));\n}}\n")
    assert maps(tmp_path / "both", criterion, {"api/search.ts": code.format(name="name.toLowerCase()")})
    assert not maps(tmp_path / "needle-only", criterion, {"api/search.ts": code.format(name="name")})


def test_a_condition_word_only_in_a_constants_name_filters_nothing(tmp_path: Path) -> None:
    criterion = "A user may have at most 5 active API keys"
    code = ("class ApiKey < ApplicationRecord\n  MAX_ACTIVE = 5\n  belongs_to :user\n  validate :limit\n\n  def limit\n"
            "    errors.add(:base, 'too many keys') if user.api_keys{scope}.count >= MAX_ACTIVE\n  end\nend\n")
    assert maps(tmp_path / "active", criterion, {"app/models/api_key.rb": code.format(scope=".active")})
    assert not maps(tmp_path / "all", criterion, {"app/models/api_key.rb": code.format(scope="")})  # counts revoked keys too


def test_a_benefit_given_to_those_who_are_not_the_group_is_the_other_case(tmp_path: Path) -> None:
    criterion = "Discount of 15% for members"
    code = ("MEMBER_DISCOUNT = 0.15\n\n\ndef price(item, customer):\n    if {test}customer.is_member:\n"
            "        return item.price * (1 - MEMBER_DISCOUNT)\n    return item.price\n")
    assert maps(tmp_path / "members", criterion, {"shop/price.py": code.format(test="")})
    assert not maps(tmp_path / "others", criterion, {"shop/price.py": code.format(test="not ")})
