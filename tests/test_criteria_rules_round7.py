"""Round 7 rules of the plan-alignment matcher (classes found with held-out 13), one class at a time.

Each rule is shown on a (criterion, change) pair of its own: the change that does what the criterion asks is
mapped, the near miss an agent writes is not. test_criteria_rules.py and test_criteria_rules_round6.py hold the
earlier rounds' rules.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.criterion_classes import negated_base
from pmtui.delivery.gates.dead_code import off_flags, without_dead_branches
from pmtui.delivery.gates.measure_units import criterion_measures, wrong_measure_unit
from pmtui.delivery.gates.time_direction import cutoff_sides, plain_comparatives, time_differences
from pmtui.delivery.gates.vocabulary import read_criterion
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str], before: dict[str, str] | None = None) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before=before or {}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- false passes ----------------------------------------------------------------------------------------------
def test_a_check_behind_a_flag_the_change_turns_off_does_not_count(tmp_path: Path) -> None:
    criterion = "Orders with a quantity above the stock are refused"
    code = ("class OutOfStock(Exception):\n    pass\n\n\n{flag}def place_order(item, quantity):\n"
            "    if {guard}quantity > item.stock:\n        raise OutOfStock(item.sku)\n    item.stock -= quantity\n"
            "    return item\n")
    on = {"shop/orders.py": code.format(flag="", guard="")}
    off = {"shop/orders.py": code.format(flag="CHECK_STOCK = False\n\n\n", guard="CHECK_STOCK and ")}
    turned_on = {"shop/orders.py": code.format(flag="CHECK_STOCK = True\n\n\n", guard="CHECK_STOCK and ")}
    assert maps(tmp_path / "on", criterion, on)
    assert maps(tmp_path / "turned-on", criterion, turned_on)
    assert not maps(tmp_path / "off", criterion, off)  # the refusal never runs


def test_an_off_flag_is_a_constant_set_off_and_never_on_and_its_branches_are_left_out() -> None:
    js = "const strictMode = false;\n\nexport function check(x) {\n  if (strictMode && x < 0) {\n    throw new Error('neg');\n  }\n  return x;\n}\n"
    assert off_flags(js) == {"strictMode"}
    assert "throw" not in without_dead_branches(js, off_flags(js))
    assert off_flags("DEBUG = False\n\ndef main():\n    DEBUG = True\n") == frozenset()
    # a flag that is one side of an `or` does not guard the branch on its own
    assert "raise" in without_dead_branches("def f(x):\n    if LEGACY or x < 0:\n        raise ValueError\n",
                                            frozenset({"LEGACY"}))


def test_time_before_an_event_is_the_event_minus_now(tmp_path: Path) -> None:
    criterion = "A viewing can be cancelled up to 24 hours before it starts"
    code = ("from datetime import timedelta\n\n\nclass TooLate(Exception):\n    pass\n\n\ndef cancel_viewing(viewing, now):\n"
            "    if {difference} < timedelta(hours=24):\n        raise TooLate(viewing.id)\n    viewing.cancelled = True\n")
    assert maps(tmp_path / "until", criterion, {"lettings/viewings.py": code.format(difference="viewing.starts_at - now")})
    # now - starts_at is negative before the viewing: every cancellation is refused until a day after it
    assert not maps(tmp_path / "since", criterion,
                    {"lettings/viewings.py": code.format(difference="now - viewing.starts_at")})


def test_not_done_in_the_last_n_days_keeps_those_whose_time_since_is_above_n(tmp_path: Path) -> None:
    criterion = "Bikes that have not been serviced in the last 90 days are listed for a check-up"
    code = ("from datetime import timedelta\n\n\ndef due_for_checkup(bikes, today):\n"
            "    return [b for b in bikes if today - b.last_serviced {op} timedelta(days=90)]\n")
    assert maps(tmp_path / "due", criterion, {"fleet/service.py": code.format(op=">")})
    assert not maps(tmp_path / "recent", criterion, {"fleet/service.py": code.format(op="<")})
    assert time_differences("if (appt.startsAt.getTime() - now.getTime() < MIN_NOTICE_MS) {") == [("until", "<")]
    assert time_differences("cutoff = now - timedelta(days=90)") == []  # a cutoff, not a time since


def test_any_one_is_enough_so_a_count_must_not_be_compared_above_one(tmp_path: Path) -> None:
    criterion = "The smoke test script fails when any endpoint returns an error"
    script = ("#!/usr/bin/env bash\nset -u\nfailed=0\nfor url in \"$@\"; do\n  curl -fsS \"$url\" >/dev/null || "
              "failed=$((failed + 1))\ndone\nif [ \"$failed\" -gt {n} ]; then\n  echo \"$failed endpoint(s) "
              "returned an error\" >&2\n  exit 1\nfi\n")
    assert maps(tmp_path / "zero", criterion, {"scripts/smoke.sh": script.replace("{n}", "0")})
    assert not maps(tmp_path / "one", criterion, {"scripts/smoke.sh": script.replace("{n}", "1")})


def test_a_number_compared_with_a_value_in_another_unit_of_its_kind_is_not_the_criterion(tmp_path: Path) -> None:
    criterion = "Parcels heavier than 30 kg are refused at the counter"
    code = ("class TooHeavy(Exception):\n    pass\n\n\ndef accept_parcel(parcel, counter):\n"
            "    if parcel.weight_{unit} > 30:\n        raise TooHeavy(parcel.id)\n    counter.parcels.append(parcel)\n")
    assert maps(tmp_path / "kg", criterion, {"post/counter.py": code.format(unit="kg")})
    assert not maps(tmp_path / "lb", criterion, {"post/counter.py": code.format(unit="lb")})  # about 13.6 kg
    assert criterion_measures("stays locked until it drops below 200 °C") == (("200", "temperature", "c"),)
    assert wrong_measure_unit("the heater switches off above 22 °C", "if temp_f > 22:\n    heater.off()\n")
    assert not wrong_measure_unit("the heater switches off above 22 °C", "LIMIT_C = 22\nif temp_c > LIMIT_C:\n    off()\n")


def test_find_mtime_is_a_comparison_of_age_for_older_than(tmp_path: Path) -> None:
    criterion = "The cleanup script deletes reports older than 30 days"
    script = "#!/bin/sh\nset -eu\nfind /srv/reports -type f -mtime {age} -delete\n"
    assert maps(tmp_path / "older", criterion, {"bin/cleanup-reports.sh": script.format(age="+30")})
    assert not maps(tmp_path / "newer", criterion, {"bin/cleanup-reports.sh": script.format(age="-30")})


# -- recall ----------------------------------------------------------------------------------------------------
def test_under_inter_and_latin_uni_are_no_negations(tmp_path: Path) -> None:
    assert negated_base("understudy") is None and negated_base("interpreter") is None
    assert negated_base("uniform") is None and negated_base("unitprice") is None
    assert negated_base("unpaid") == "paid" and negated_base("uninvited") == "invited"
    criterion = "Every court hearing gets an interpreter for the defendant's language"
    code = ("def book_hearing(hearing, pool):\n"
            "    hearing.interpreter = next(i for i in pool if hearing.defendant.language in i.languages)\n"
            "    return hearing\n")
    assert maps(tmp_path / "right", criterion, {"court/hearings.py": code})


def test_warn_is_an_alert_and_a_length_unit_its_symbol(tmp_path: Path) -> None:
    warn = "Warn the skipper when the wind gusts above 30 knots"
    code = ("def check(gust_knots, alerts):\n    if gust_knots > 30:\n        alerts.append(Alert.HIGH_WIND)\n")
    assert maps(tmp_path / "alert", warn, {"boat/weather.py": code})
    metric = "Heights typed in inches are saved in centimetres"
    saved = ("CM_PER_INCH = 2.54\n\n\ndef save_height(profile, inches):\n"
             "    profile.height_cm = round(inches * CM_PER_INCH)\n    profile.save()\n")
    assert maps(tmp_path / "cm", metric, {"profiles/height.py": saved})


def test_politeness_the_gesture_of_input_and_how_a_value_is_worked_out_frame_a_criterion() -> None:
    labels = {c.label for c in read_criterion(
        "Kindly ensure the order total is calculated with VAT included. Please do the needful.").concepts if c.strong}
    assert not labels & {"kindly", "please", "needful", "calculated"}
    assert {"order", "total", "vat"} <= labels
    entered = {c.label for c in read_criterion("Weights entered in pounds are converted to kg").concepts if c.strong}
    assert "entered" not in entered and "weights" in entered


def test_a_part_of_the_day_is_a_schedule_and_a_value_moving_past_its_bound_is_the_bound() -> None:
    nightly = {c.label for c in read_criterion("Temp files older than 3 days are removed every night").concepts
               if c.strong}
    assert "night" not in nightly and "files" in nightly
    # a time of day is about the schedule and stays
    assert "night" in {c.label for c in read_criterion("Backups run every night at 02:00").concepts}
    fan = {c.label for c in read_criterion("The fan keeps running until the temperature falls below 40 °C").concepts
           if c.strong}
    assert not fan & {"until", "falls", "fall"} and {"fan", "temperature"} <= fan


def test_a_compounds_kind_that_no_file_of_the_change_names_is_the_products_word(tmp_path: Path) -> None:
    migration = ("ALTER TABLE members ADD COLUMN locker_no INTEGER;\n"
                 "CREATE UNIQUE INDEX members_locker_no_key ON members (locker_no);\n")
    assert maps(tmp_path / "gym", "Each gym member gets a unique locker number", {"db/015_lockers.sql": migration})
    # a condition is no kind: the change must say it
    assert not maps(tmp_path / "paid", "Each paid member gets a unique locker number", {"db/015_lockers.sql": migration})
    # the kind is the only word the change may leave unsaid
    assert not maps(tmp_path / "two", "Each gym member gets a unique numbered towel",
                    {"db/015_lockers.sql": migration})


def test_a_position_in_a_sequence_is_looked_up_and_a_helpers_name_does_not_compute_it(tmp_path: Path) -> None:
    criterion = "Callers hear their position in the queue"
    code = ("export function positionIn(queue, callerId) {{\n  return {body};\n}}\n\n"
            "export function greet(queue, caller, say) {{\n  say(`You are number ${{positionIn(queue, caller.id)}}"
            " in the queue`);\n}}\n")
    assert maps(tmp_path / "index", criterion, {"src/hold.js": code.format(body="queue.indexOf(callerId) + 1")})
    assert not maps(tmp_path / "length", criterion, {"src/hold.js": code.format(body="queue.length")})


def test_a_year_is_a_quantity_of_time_also_behind_a_helper_in_another_file(tmp_path: Path) -> None:
    criterion = "A gift card expires two years after it is bought"
    code = "from dateutil.relativedelta import relativedelta\n\n\ndef expiry_date(card):\n    return card.bought_on + {span}\n"
    assert maps(tmp_path / "years", criterion, {"shop/cards.py": code.format(span="relativedelta(years=2)")})
    assert maps(tmp_path / "730", criterion, {"shop/cards.py": code.format(span="timedelta(days=730)")})
    assert not maps(tmp_path / "days", criterion, {"shop/cards.py": code.format(span="relativedelta(days=2)")})
    # the constant a helper in another file reads states the year for the unit that calls it
    helper = ("from datetime import timedelta\n\nVALID_FOR = timedelta(days=365)\n\n\n"
              "def still_valid(card, today):\n    return today - card.bought_on <= VALID_FOR\n")
    caller = ("from shop.validity import still_valid\n\n\nclass CardExpired(Exception):\n    pass\n\n\n"
              "def redeem(card, today):\n    if not still_valid(card, today):\n        raise CardExpired(card.code)\n"
              "    card.redeemed = True\n")
    assert maps(tmp_path / "helper", "Redeeming a gift card is refused once it is older than one year",
                {"shop/validity.py": helper, "shop/redeem.py": caller})


def test_a_dimensions_adjective_is_its_noun_and_a_photo_is_an_image(tmp_path: Path) -> None:
    criterion = "Listing pictures are scaled to 800 px wide"
    code = ("from PIL import Image\n\n\ndef scale_listing_image(img: Image.Image) -> Image.Image:\n"
            "    width = {w}\n    return img.resize((width, round(img.height * width / img.width)))\n")
    assert maps(tmp_path / "800", criterion, {"shop/listing_images.py": code.format(w=800)})
    assert not maps(tmp_path / "600", criterion, {"shop/listing_images.py": code.format(w=600)})


def test_being_late_is_a_delay(tmp_path: Path) -> None:
    criterion = "Late trains are shown in red"
    code = "def row_colour(train) -> str:\n    if train.{state}:\n        return 'red'\n    return 'white'\n"
    assert maps(tmp_path / "delayed", criterion, {"board/rows.py": code.format(state="delayed")})
    assert not maps(tmp_path / "cancelled", criterion, {"board/rows.py": code.format(state="cancelled")})


def test_more_old_than_is_older_than_and_older_is_the_far_side_of_a_cutoff(tmp_path: Path) -> None:
    criterion = "the job must remove exports more old than 14 days from the share"
    code = ("import os\nfrom datetime import datetime, timedelta\n\n\ndef prune_exports(share):\n"
            "    limit = datetime.now() - timedelta(days=14)\n    for export in share.exports():\n"
            "        if export.modified {op} limit:\n            os.remove(export.path)\n")
    assert maps(tmp_path / "older", criterion, {"jobs/prune_exports.py": code.format(op="<")})
    assert not maps(tmp_path / "newer", criterion, {"jobs/prune_exports.py": code.format(op=">")})
    assert plain_comparatives("files more old than 30 days, more big than 2 MB") == \
        "files older than 30 days, bigger than 2 MB"
    assert cutoff_sides("$limit = (Get-Date).AddDays(-30)\nWhere-Object { $_.LastWriteTime -lt $limit }") == ["older"]
    # how long since a stored time is no cutoff: `today - signed` is read by time_differences
    assert cutoff_sides("return today - signed <= WAIVER_VALID_FOR") == []


def test_the_nearest_available_one_is_the_least_distance_among_those_available(tmp_path: Path) -> None:
    criterion = "Each booking gets the closest available mechanic"
    code = ("from garage.geo import km_between\n\n\ndef assign_mechanic(booking, mechanics):\n{body}")
    right = ("    free = [m for m in mechanics if m.available]\n"
             "    return min(free, key=lambda m: km_between(m.base, booking.address), default=None)\n")
    anyone = "    return min(mechanics, key=lambda m: km_between(m.base, booking.address))\n"
    first_free = "    return next(m for m in mechanics if m.available)\n"
    assert maps(tmp_path / "right", criterion, {"garage/assign.py": code.format(body=right)})
    assert not maps(tmp_path / "anyone", criterion, {"garage/assign.py": code.format(body=anyone)})
    assert not maps(tmp_path / "first", criterion, {"garage/assign.py": code.format(body=first_free)})


def test_a_fee_attracted_is_charged_and_the_comparative_of_the_bound_is_its_other_side(tmp_path: Path) -> None:
    criterion = "Withdrawals above 20,000 attract a fee of 50, smaller withdrawals are free"
    code = ("WITHDRAWAL_FEE = 50\n\n\ndef withdrawal_fee(amount: int) -> int:\n"
            "    return WITHDRAWAL_FEE if amount {op} 20_000 else 0\n")
    assert maps(tmp_path / "above", criterion, {"bank/fees.py": code.format(op=">")})
    assert not maps(tmp_path / "from", criterion, {"bank/fees.py": code.format(op=">=")})  # 20,000 itself pays
    labels = {c.label for c in read_criterion("alert the nurse if the pulse is above 120 during a session").concepts}
    assert "during" not in labels


def test_rounding_to_the_nearest_is_no_minimum() -> None:
    assert "minimum" in {c.label for c in read_criterion("Send the nearest free driver").concepts}
    assert "minimum" not in {c.label for c in read_criterion("Fares are rounded to the nearest 10 cents").concepts}


def test_an_error_returned_to_the_caller_is_propagated(tmp_path: Path) -> None:
    criterion = "If parsing the config file fails, the error is returned to the caller"
    rust = ("use std::fs;\n\npub fn load_config(path: &str) -> Result<Config, ConfigError> {{\n"
            "    let text = fs::read_to_string(path)?;\n    let config: Config = {parse};\n    Ok(config)\n}}\n")
    assert maps(tmp_path / "rust", criterion, {"src/config.rs": rust.format(parse="toml::from_str(&text)?")})
    assert not maps(tmp_path / "rust-default", criterion,
                    {"src/config.rs": rust.format(parse="toml::from_str(&text).unwrap_or_default()").replace(
                        "fs::read_to_string(path)?", "fs::read_to_string(path).unwrap_or_default()")})
    go = ("package config\n\nfunc Parse(path string) (*Config, error) {{\n\tcfg, err := parseFile(path)\n"
          "\tif err != nil {{\n\t\t{handle}\n\t}}\n\treturn cfg, nil\n}}\n")
    assert maps(tmp_path / "go", criterion, {"config/parse.go": go.format(handle="return nil, err")})
    assert not maps(tmp_path / "go-logged", criterion,
                    {"config/parse.go": go.format(handle="log.Println(err)\n\t\treturn &Config{}, nil")})


def test_identifiers_shorten_their_words(tmp_path: Path) -> None:
    code = "def add_to_cart(cart, sku, qty):\n    cart.items[sku] = cart.items.get(sku, 0) + qty\n    return cart\n"
    assert maps(tmp_path / "qty", "The cart stores the quantity of each item", {"shop/cart.py": code})
    lang = ("def greeting(profile):\n    lang = profile.get('lang', 'en')\n    return GREETINGS[lang]\n")
    assert maps(tmp_path / "lang", "The greeting is chosen by the profile's language", {"app/greet.py": lang})


def test_a_counter_or_a_lazy_value_is_no_flag_and_check_in_no_inches() -> None:
    assert off_flags("total = 0\n\ndef add(n):\n    global total\n    total += n\n") == frozenset()
    assert off_flags("CACHE = None\n") == frozenset()
    assert not wrong_measure_unit("guests who stay more than 2 m away", "if check_in > 2:\n    warn()\n")
