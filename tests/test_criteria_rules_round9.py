"""Round 9 rules of the plan-alignment matcher (classes found with held-out 15), one class at a time.

Each rule is shown on a (criterion, change) pair of its own, not held-out 15's: the change that does what the
criterion asks is mapped, the near miss an agent writes is not. test_criteria_rules.py and the _round6/7/8 files hold
the earlier rounds' rules.
"""

from __future__ import annotations

from pathlib import Path

from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str], before: dict[str, str] | None = None) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before=before or {}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- false passes ----------------------------------------------------------------------------------------------
def test_an_amount_in_pounds_is_not_the_same_number_of_pence(tmp_path: Path) -> None:
    criterion = "Members who return a book late pay a £3 fine"
    code = ("FINE_PENCE = {fine}\n\n\ndef return_book(loan, today):\n    loan.returned_on = today\n"
            "    if today > loan.due_on:\n        loan.member.charge(FINE_PENCE, reason=\"late return\")\n")
    assert maps(tmp_path / "pence", criterion, {"library/loans.py": code.format(fine=300)})
    # three pence, not three pounds
    assert not maps(tmp_path / "three", criterion, {"library/loans.py": code.format(fine=3)})


def test_a_length_is_not_compared_through_another_dimension(tmp_path: Path) -> None:
    criterion = "Lorries longer than 12 metres may not use the car park"
    code = ("class Refused(Exception):\n    pass\n\n\ndef admit_to_car_park(lorry):\n    if lorry.{field}_m > 12:\n"
            "        raise Refused(lorry.plate)\n    return True\n")
    assert maps(tmp_path / "length", criterion, {"carpark/gate.py": code.format(field="length")})
    # the vehicle's height is compared with 12 m: a different dimension in the same unit
    assert not maps(tmp_path / "height", criterion, {"carpark/gate.py": code.format(field="height")})


def test_a_condition_looks_the_way_the_criterion_says(tmp_path: Path) -> None:
    criterion = "Switch the heater on when the temperature drops below 18 °C and off at 21 °C"
    code = ("def switch_heater(room, temp_c):\n    if temp_c < {on}:\n        room.heater.on()\n"
            "    elif temp_c >= {off}:\n        room.heater.off()\n")
    assert maps(tmp_path / "right", criterion, {"home/thermostat.py": code.format(on=18, off=21)})
    # the two thresholds swapped: the heater comes on below 21 and goes off from 18 up
    assert not maps(tmp_path / "swapped", criterion, {"home/thermostat.py": code.format(on=21, off=18)})
    from pmtui.delivery.gates.condition_sides import (  # new in round 9
        criterion_conditions,
        looks_the_other_way,
    )

    assert criterion_conditions("close the launch if the wind is more strong than 25 km/h") == (("25", ">"),)
    # a guard that leaves early looks the other way on purpose
    assert looks_the_other_way(criterion, "if temp_c >= 18:\n    return\nroom.heater.on()\n") == ""


# -- recall ----------------------------------------------------------------------------------------------------
def test_an_amount_after_rs_is_in_rupees(tmp_path: Path) -> None:
    criterion = "Delivery is free for orders above Rs 499"
    code = ("FREE_ABOVE = 499\n\n\ndef delivery_charge(order):\n    if order.total > FREE_ABOVE:\n        return 0\n"
            "    return 40\n")
    assert maps(tmp_path, criterion, {"shop/delivery.py": code})


def test_words_that_only_frame_a_bound_are_the_codes_operator(tmp_path: Path) -> None:
    lock = ("def record_failure(user):\n    user.failed_logins += 1\n    if user.failed_logins >= 5:\n"
            "        user.locked = True\n")
    assert maps(tmp_path / "reach", "Lock the account once failed logins reach 5", {"auth/lockout.py": lock})
    heavy = ("def check_load(truck):\n    if truck.load_kg > 3500:\n        warn_driver(truck, 'overloaded')\n")
    assert maps(tmp_path / "more", "Warn the driver if the truck load is more heavy than 3500 kg", {"fleet/load.py": heavy})
    # "more … than" with no number after it is a comparison of two things, still a word to find
    from pmtui.delivery.gates.vocabulary import _bound_phrase

    assert not _bound_phrase(["a", "dorm", "room", "can", "not", "have", "more", "booking", "than", "its", "beds"], 6)


def test_a_compound_units_second_part_is_no_word_to_find(tmp_path: Path) -> None:
    code = "def check(car):\n    if car.speed > 30:\n        car.flagged = True\n"
    assert maps(tmp_path, "Flag cars above 30 km/h", {"zone/speed.py": code})  # the "h" of km/h is no word


def test_identifiers_shorten_percentage_and_altitude(tmp_path: Path) -> None:
    bonus = "def bonus(c):\n    if c.fat_pct > 6:\n        return 5\n    return 0\n"
    assert maps(tmp_path / "pct", "Percentage of fat above 6 earns a bonus", {"coop/bonus.py": bonus})
    oxygen = "def on_reading(cabin, alt_m):\n    if alt_m > 3000:\n        cabin.oxygen_alarm.trigger()\n"
    assert maps(tmp_path / "alt", "Altitude above 3000 m triggers the oxygen alarm", {"cabin/oxygen.py": oxygen})


def test_rusts_sort_by_key_sorts_ascending_unless_reversed(tmp_path: Path) -> None:
    criterion = "- fares list: cheapest first"
    code = ("pub fn fares_list(mut fares: Vec<Fare>) -> Vec<Fare> {{\n    fares.sort_by_key(|f| {key});\n    fares\n}}\n")
    assert maps(tmp_path / "asc", criterion, {"src/fares.rs": code.format(key="f.price_pence")})
    assert not maps(tmp_path / "desc", criterion, {"src/fares.rs": code.format(key="std::cmp::Reverse(f.price_pence)")})
    # Kotlin's sortedWith: compareBy ascends, compareByDescending does not
    kotlin = "fun faresList(fares: List<Fare>): List<Fare> =\n    fares.sortedWith({cmp} {{ it.pricePence }})\n"
    assert maps(tmp_path / "kt-asc", criterion, {"src/Fares.kt": kotlin.format(cmp="compareBy")})
    assert not maps(tmp_path / "kt-desc", criterion, {"src/Fares.kt": kotlin.format(cmp="compareByDescending")})


def test_a_compounds_kind_may_sit_before_a_plain_head(tmp_path: Path) -> None:
    # "the surf page": the head is a plain word the code names, "surf" the product's word for it
    code = ("MAX_SWELL_M = 3\n\n\ndef update_page(status, forecast):\n    status.closed = forecast.swell_m > MAX_SWELL_M\n"
            "    status.updated_at = forecast.issued_at\n")
    assert maps(tmp_path, "The surf page shows closed when the swell is above 3 m", {"port/status.py": code})


def test_a_state_marked_is_the_state_set(tmp_path: Path) -> None:
    code = "def on_strike(batter):\n    batter.strikes += 1\n    if batter.strikes >= 3:\n        batter.out = True\n"
    assert maps(tmp_path, "Mark the batter out after 3 strikes", {"game/strikes.py": code})


def test_to_stop_taking_something_is_to_refuse_it(tmp_path: Path) -> None:
    code = ("class RaceFull(Exception):\n    pass\n\n\ndef enter(race, runner):\n    if len(race.entries) {op} 400:\n"
            "        raise RaceFull(race.name)\n    race.entries.append(runner)\n")
    criterion = "Stop accepting race entries once 400 runners have entered"
    assert maps(tmp_path / "full", criterion, {"races/entries.py": code.format(op=">=")})
    # "once 400 have entered" counts the 400th among them: `> 400` lets a 401st runner in
    assert not maps(tmp_path / "one-more", criterion, {"races/entries.py": code.format(op=">")})


def test_a_refusal_under_its_bound_refuses_the_other_side(tmp_path: Path) -> None:
    criterion = "Stop accepting race entries once 400 runners have entered"
    code = ("class RaceFull(Exception):\n    pass\n\n\ndef enter(race, runner):\n    if len(race.entries) < 400:\n"
            "        raise RaceFull(race.name)\n    race.entries.append(runner)\n")
    # refuses every entry until the race is full, the inverse of the criterion
    assert not maps(tmp_path, criterion, {"races/entries.py": code})


def test_linked_to_one_only_is_unique(tmp_path: Path) -> None:
    criterion = "A number plate can be linked to one parking account only"
    unique = "ALTER TABLE parking_accounts ADD COLUMN plate text;\nCREATE UNIQUE INDEX parking_accounts_plate ON parking_accounts (plate);\n"
    plain = "ALTER TABLE parking_accounts ADD COLUMN plate text;\nCREATE INDEX parking_accounts_plate ON parking_accounts (plate);\n"
    assert maps(tmp_path / "unique", criterion, {"db/0012_plates.sql": unique})
    assert not maps(tmp_path / "plain", criterion, {"db/0012_plates.sql": plain})  # an index lets two accounts share it


def test_to_start_doing_something_is_to_do_it(tmp_path: Path) -> None:
    code = ("from datetime import timedelta\n\n\ndef daily(invoices, today):\n    for invoice in invoices:\n"
            "        if not invoice.paid and invoice.due_on - today <= timedelta(days=3):\n"
            "            send_reminder(invoice)\n")
    assert maps(tmp_path, "Start sending reminders 3 days before an invoice is due", {"billing/reminders.py": code})


def test_a_count_checked_before_adding_refuses_at_the_cap(tmp_path: Path) -> None:
    criterion = "A tour group holds at most 12 walkers"
    code = ("GROUP_SIZE = {{'standard': 12}}\n\n\nclass GroupFull(Exception):\n    pass\n\n\n"
            "def join(group, walker):\n    size = len(group.walkers)\n    if size {op} GROUP_SIZE[group.kind]:\n"
            "        raise GroupFull(group.name)\n    group.walkers.append(walker)\n")
    assert maps(tmp_path / "cap", criterion, {"tours/groups.py": code.format(op=">=")})
    # twelve already in, `>` lets a thirteenth join
    assert not maps(tmp_path / "one-more", criterion, {"tours/groups.py": code.format(op=">")})
    # a value that is no count is refused above its cap
    ticket = ("class TooMany(Exception):\n    pass\n\n\ndef buy(order, quantity):\n    if quantity > 12:\n"
              "        raise TooMany(order.id)\n    order.tickets += quantity\n")
    assert maps(tmp_path / "value", "An order buys at most 12 tickets", {"shop/tickets.py": ticket})


def test_the_actor_granted_something_may_be_named_nowhere_in_the_code(tmp_path: Path) -> None:
    code = ("MAX_EXTENSIONS = 2\n\n\nclass TooManyExtensions(Exception):\n    pass\n\n\n"
            "def extend(loan, days):\n    if loan.extensions >= MAX_EXTENSIONS:\n        raise TooManyExtensions(loan.id)\n"
            "    loan.extensions += 1\n    loan.due_on += days\n")
    assert maps(tmp_path / "granted", "Borrowers can extend a loan at most 2 times", {"library/loans.py": code})
    # one who receives is not one who is granted: "Borrowers get …" keeps the borrower a word to find
    assert not maps(tmp_path / "receives", "Borrowers get a reminder 2 days before the loan is due",
                    {"library/remind.py": "def remind(loan, today):\n    if (loan.due_on - today).days == 2:\n"
                                          "        send(loan.librarian, 'due soon')\n"})


def test_a_counter_bumped_after_its_check_refuses_at_the_cap(tmp_path: Path) -> None:
    criterion = "Each voucher can be redeemed at most 5 times"
    code = ("class VoucherUsedUp(Exception):\n    pass\n\n\ndef redeem(voucher, order):\n"
            "    if voucher.redemptions {op} 5:\n        raise VoucherUsedUp(voucher.code)\n"
            "    voucher.redemptions += 1\n    order.discount = voucher.amount\n")
    assert maps(tmp_path / "cap", criterion, {"shop/vouchers.py": code.format(op=">=")})
    assert not maps(tmp_path / "sixth", criterion, {"shop/vouchers.py": code.format(op=">")})  # a sixth redemption


def test_the_state_declared_is_set_not_its_opposite(tmp_path: Path) -> None:
    code = "def on_strike(batter):\n    batter.strikes += 1\n    if batter.strikes >= 3:\n        batter.out = {v}\n"
    assert maps(tmp_path / "true", "Mark the batter out after 3 strikes", {"game/strikes.py": code.format(v="True")})
    assert not maps(tmp_path / "false", "Mark the batter out after 3 strikes", {"game/strikes.py": code.format(v="False")})
    from pmtui.delivery.gates.condition_sides import sets_the_opposite_state

    # "unfinancial" is the financial flag set off
    assert sets_the_opposite_state("Members who have not paid get marked unfinancial", "m.financial = False\n") == ""
    assert sets_the_opposite_state("Members who have not paid get marked unfinancial", "m.financial = True\n")
    # the whole file is read: the module-level constant's unit is judged by the branch that sets the state
    assert sets_the_opposite_state("A runner who misses a checkpoint is declared out", "runner.out = False\n")


def test_refused_when_none_is_left_is_not_refused_while_some_are(tmp_path: Path) -> None:
    criterion = "Block a reservation when no table is free"
    code = ("class NoTable(Exception):\n    pass\n\n\ndef reserve(restaurant, party):\n"
            "    if restaurant.free_tables() {test}:\n        raise NoTable(restaurant.name)\n"
            "    return restaurant.seat(party)\n")
    assert maps(tmp_path / "none", criterion, {"bistro/reservations.py": code.format(test="== 0")})
    # refused while tables are free, let through when none is
    assert not maps(tmp_path / "some", criterion, {"bistro/reservations.py": code.format(test="> 0")})


def test_a_refusal_of_what_the_criterion_requires_is_no_match(tmp_path: Path) -> None:
    criterion = "Team names must be at least 3 characters"
    code = ("class BadName(ValueError):\n    pass\n\n\ndef rename_team(team, name):\n    if len(name) {op} 3:\n"
            "        raise BadName(name)\n    team.name = name\n")
    assert maps(tmp_path / "short", criterion, {"league/teams.py": code.format(op="<")})
    # refuses every name of 3 characters or more: the names the criterion asks for
    assert not maps(tmp_path / "long", criterion, {"league/teams.py": code.format(op=">=")})
