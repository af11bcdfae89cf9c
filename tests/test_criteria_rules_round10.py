"""Round 10 rules of the plan-alignment matcher (classes found with held-out 16 and the mutation probe), one class at
a time.

Each rule is shown on a (criterion, change) pair of its own, not held-out 16's: the change that does what the
criterion asks is mapped, the near miss an agent writes (here mostly the deciding condition turned the other way,
the class bench/criteria_mutants.py measures) is not. The earlier rounds' rules are in test_criteria_rules*.py.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.branch_direction import acts_on_the_other_side, criterion_directions
from tests.criteria_corpus.corpus import Case, run_case


def maps(tmp_path: Path, criterion: str, after: dict[str, str], before: dict[str, str] | None = None) -> bool:
    case = Case(id="rule", criterion=criterion, expect="pass", style="", lang="", before=before or {}, after=after)
    return run_case(case, tmp_path / "case").passed


# -- false passes: a branch's condition looks the other way from what it does ----------------------------------
def test_an_acting_branch_behind_a_constant_looks_the_criterion_s_way(tmp_path: Path) -> None:
    criterion = "The ferry fare is free for passengers aged 65 or over"
    code = ("ADULT_FARE = 6.50\nFREE_AGE = 65\n\n\ndef ferry_fare(passenger):\n    if passenger.age {op} FREE_AGE:\n"
            "        return 0\n    return ADULT_FARE\n")
    assert maps(tmp_path / "right", criterion, {"ferry/fares.py": code.format(op=">=")})
    # everybody under 65 travels free
    assert not maps(tmp_path / "inverted", criterion, {"ferry/fares.py": code.format(op="<")})


def test_a_refusal_behind_a_duration_looks_the_other_way_from_what_is_allowed(tmp_path: Path) -> None:
    criterion = "Table reservations need at least 3 hours notice"
    code = ("from datetime import timedelta\n\nNOTICE = timedelta(hours=3)\n\n\nclass TooLate(ValueError):\n    pass\n\n\n"
            "def reserve(table, slot, now):\n    if slot - now {op} NOTICE:\n        raise TooLate(slot)\n"
            "    table.reservations.append(slot)\n")
    assert maps(tmp_path / "right", criterion, {"diner/reservations.py": code.format(op="<")})
    # refuses the reservations made in good time
    assert not maps(tmp_path / "inverted", criterion, {"diner/reservations.py": code.format(op=">=")})


def test_a_declined_amount_behind_a_typed_constant(tmp_path: Path) -> None:
    criterion = "Withdrawals above 20,000 are not approved"
    code = ("package atm\n\nclass Withdrawals {{\n    private val ceiling = 20_000L\n\n"
            "    fun approve(amount: Long): Boolean {{\n        if (amount {op} ceiling) return false\n        return true\n"
            "    }}\n}}\n")
    assert maps(tmp_path / "right", criterion, {"src/main/kotlin/atm/Withdrawals.kt": code.format(op=">")})
    # declines the small withdrawals
    assert not maps(tmp_path / "inverted", criterion, {"src/main/kotlin/atm/Withdrawals.kt": code.format(op="<")})


def test_a_filter_keeps_the_rest_of_what_the_criterion_refuses() -> None:
    criterion = "Scooters with less than 15% charge are not offered to riders"
    code = "const val MIN_CHARGE = 15\n\nfun offered(all: List<Scooter>) = all.filter {{ it.chargePercent {op} MIN_CHARGE }}\n"
    assert acts_on_the_other_side(criterion, code.format(op=">=")) == ""
    # offers only the nearly flat ones
    assert acts_on_the_other_side(criterion, code.format(op="<"))
    # what `filterNot` drops is what the criterion refuses
    assert acts_on_the_other_side(criterion, code.format(op="<").replace(".filter ", ".filterNot ")) == ""


def test_a_refusal_under_an_allman_brace_is_read(tmp_path: Path) -> None:
    criterion = "A member can book at most 3 spin classes a week"
    code = ("namespace Gym;\n\npublic class SpinBookings\n{{\n    private const int MaxPerWeek = 3;\n\n"
            "    public void Book(Member member, SpinClass spin)\n    {{\n        if (member.SpinClassesThisWeek {op} MaxPerWeek)\n"
            "        {{\n            throw new InvalidOperationException(\"weekly limit reached\");\n        }}\n"
            "        spin.Members.Add(member);\n    }}\n}}\n")
    assert maps(tmp_path / "right", criterion, {"src/Gym/SpinBookings.cs": code.format(op=">=")})
    # throws for the members under the limit
    assert not maps(tmp_path / "inverted", criterion, {"src/Gym/SpinBookings.cs": code.format(op="<")})


def test_what_a_branch_does_decides_which_way_it_should_look() -> None:
    criterion = "Raise an alarm when the boiler pressure goes above 3 bar"
    # a guard that resets and leaves looks the other way on purpose; an acting branch must not
    assert acts_on_the_other_side(criterion, "if p <= 3:\n    self.since = None\n    return\nself.alarm()\n") == ""
    assert acts_on_the_other_side(criterion, "if p > 3:\n    self.alarm()\n") == ""
    assert acts_on_the_other_side(criterion, "if p < 3:\n    self.alarm()\n")
    # "up to 24 hours before" bounds the time left from below: no direction is read from it
    assert criterion_directions("Guests can cancel up to 24 hours before arrival") == []
    assert criterion_directions("shutters close after 7 pm") == [("19", ">", "filter")]
    assert criterion_directions("Sessions shorter then 30 minutes are refused") == [("30", "<", "filter")]


def test_a_unit_holding_only_the_cap_is_judged_by_its_file_s_check(tmp_path: Path) -> None:
    criterion = "As a rider I want a gondola to carry at most 8 riders so that it is never overloaded"
    code = ("export interface Gondola {{ riders: string[] }}\n\nexport function board(gondola: Gondola, who: string): void {{\n"
            "  if (gondola.riders.length {op} MAX_RIDERS) {{\n    throw new Error('gondola is full');\n  }}\n"
            "  gondola.riders.push(who);\n}}\n\nconst MAX_RIDERS = 8;\n")
    assert maps(tmp_path / "right", criterion, {"src/gondola.ts": code.format(op=">=")})
    # checked before the push, `>` lets a ninth rider on: the line `const MAX_RIDERS = 8;` alone is no evidence
    assert not maps(tmp_path / "one-more", criterion, {"src/gondola.ts": code.format(op=">")})


def test_a_check_script_alerts_on_the_criterion_s_side(tmp_path: Path) -> None:
    criterion = "warn when the mail queue holds at least 500 messages"
    code = ("#!/bin/sh\nset -eu\nLIMIT=500\nqueued=$(mailq | grep -c '^[A-F0-9]')\n"
            "if [ \"$queued\" {op} \"$LIMIT\" ]; then\n  logger -p mail.warning \"mail queue warn: $queued messages\"\n"
            "  exit 1\nfi\n")
    assert maps(tmp_path / "right", criterion, {"ops/mailqueue.sh": code.format(op="-ge")})
    # warns while the queue is short
    assert not maps(tmp_path / "inverted", criterion, {"ops/mailqueue.sh": code.format(op="-lt")})


def test_minutes_are_not_compared_with_seconds(tmp_path: Path) -> None:
    criterion = "Voice notes longer than 5 minutes are refused"
    settings = "MAX_NOTE_SECONDS = 5 * 60\n"
    code = ("from chat.settings import MAX_NOTE_SECONDS\n\n\ndef accept(note):\n    if note.{field} > MAX_NOTE_SECONDS:\n"
            "        raise ValueError(\"voice note longer than 5 minutes\")\n    return True\n")
    assert maps(tmp_path / "right", criterion, {"chat/settings.py": settings,
                                                "chat/voice.py": code.format(field="length_seconds")})
    # a length in minutes against a limit in seconds refuses nothing under 300 minutes
    assert not maps(tmp_path / "minutes", criterion, {"chat/settings.py": settings,
                                                      "chat/voice.py": code.format(field="length_minutes")})


def test_named_values_are_not_given_to_each_other(tmp_path: Path) -> None:
    criterion = "- yellow card = 10 min in the sin bin, red card = 20 min"
    code = ("package rugby;\n\npublic enum Card {{\n    YELLOW({yellow}), RED({red});\n\n    private final int minutes;\n\n"
            "    Card(int minutes) {{\n        this.minutes = minutes;\n    }}\n\n    public int sinBinMinutes() {{\n"
            "        return minutes;\n    }}\n}}\n")
    path = "src/main/java/rugby/Card.java"
    assert maps(tmp_path / "right", criterion, {path: code.format(yellow=10, red=20)})
    # a yellow card sends a player off for 20 minutes, a red for 10
    assert not maps(tmp_path / "swapped", criterion, {path: code.format(yellow=20, red=10)})


def test_one_per_period_is_unique_on_the_subject(tmp_path: Path) -> None:
    criterion = "A court can be booked by only one team per slot"
    before = {"db/001.sql": "CREATE TABLE court_bookings (\n    id INTEGER PRIMARY KEY,\n    court_id INTEGER NOT NULL,\n"
                            "    team_id INTEGER NOT NULL,\n    slot INTEGER NOT NULL\n);\n"}
    index = "CREATE UNIQUE INDEX court_bookings_one_per_slot ON court_bookings ({key}, slot);\n"
    assert maps(tmp_path / "right", criterion, {**before, "db/002_unique.sql": index.format(key="court_id")}, before)
    # a team gets one court a slot; a court can still be booked twice
    assert not maps(tmp_path / "other", criterion, {**before, "db/002_unique.sql": index.format(key="team_id")}, before)


# -- recall ----------------------------------------------------------------------------------------------------
def test_a_domain_noun_named_nowhere_is_let_go_when_the_code_decides_the_criterion_s_way(tmp_path: Path) -> None:
    criterion = "The orchard frost fans start when the air is colder than 2 °C"
    code = ("FAN_START_C = 2\n\n\ndef on_reading(reading, fans):\n    if reading.air_c {op} FAN_START_C:\n"
            "        fans.start()\n")
    # "orchard" and "frost" are the product's words, named nowhere in the change; the decision on 2 °C is there
    assert maps(tmp_path / "right", criterion, {"farm/fans.py": code.format(op="<")})
    assert not maps(tmp_path / "inverted", criterion, {"farm/fans.py": code.format(op=">")})


def test_a_dollar_amount_is_counted_in_cents_where_the_code_says_so(tmp_path: Path) -> None:
    criterion = "Members who return a kayak late pay a $15 late fee"
    code = ("LATE_FEE_CENTS = {fee}\n\n\ndef return_kayak(hire, today):\n    hire.returned_on = today\n"
            "    if today > hire.due_on:\n        hire.member.charge(LATE_FEE_CENTS, reason=\"late return\")\n")
    assert maps(tmp_path / "cents", criterion, {"hire/kayaks.py": code.format(fee=1500)})
    # fifteen cents, not fifteen dollars
    assert not maps(tmp_path / "fifteen", criterion, {"hire/kayaks.py": code.format(fee=15)})


def test_time_that_has_run_looks_above_its_duration(tmp_path: Path) -> None:
    criterion = "- unclaimed lost property goes to the charity box after 30 days"
    code = ("CLAIM_DAYS = 30\n\n\ndef sweep(items, today, charity_box):\n    for item in items:\n"
            "        if not item.claimed and (today - item.found_on).days {op} CLAIM_DAYS:\n"
            "            charity_box.put(item)\n")
    assert maps(tmp_path / "right", criterion, {"lostprop/sweep.py": code.format(op=">")})
    # gives away what came in this month and keeps the old
    assert not maps(tmp_path / "inverted", criterion, {"lostprop/sweep.py": code.format(op="<")})
    assert criterion_directions("when 60 seconds pass without an answer") == [("60", ">", "filter")]


def test_between_two_numbers_refuses_outside_them(tmp_path: Path) -> None:
    criterion = "A canyoning group must have between 4 and 10 people to set off"
    code = ("MIN_PEOPLE = 4\nMAX_PEOPLE = 10\n\n\nclass GroupSize(ValueError):\n    pass\n\n\ndef set_off(group):\n"
            "    if {test}:\n        raise GroupSize(len(group.people))\n    group.started = True\n")
    right = "len(group.people) < MIN_PEOPLE or len(group.people) > MAX_PEOPLE"
    inverted = "len(group.people) >= MIN_PEOPLE and len(group.people) <= MAX_PEOPLE"
    assert maps(tmp_path / "right", criterion, {"canyon/groups.py": code.format(test=right)})
    assert not maps(tmp_path / "inverted", criterion, {"canyon/groups.py": code.format(test=inverted)})
    # a controller acting below the range brings it back in: not judged
    assert acts_on_the_other_side("keep humidity between 85 and 95 %", "if rh < 85:\n    fogger.on()\n") == ""


def test_the_unit_of_a_bound_is_never_let_go_for_a_decision(tmp_path: Path) -> None:
    criterion = "When the smoker is hotter than 120 degrees, cooking time is limit to 40 minutes"
    code = ("DEFAULT_MINUTES = 90\nSHORT_MINUTES = 40\nHOT = 120\n\n\ndef cooking_minutes(smoker):\n"
            "    if smoker.{field} > HOT:\n        return SHORT_MINUTES\n    return DEFAULT_MINUTES\n")
    # the smoke density is compared with 120, not the heat: "degrees" is what 120 counts
    assert not maps(tmp_path / "density", criterion, {"bbq/smoker.py": code.format(field="smoke_density")})


def test_a_negated_comparison_looks_the_other_way() -> None:
    criterion = "A member can book at most 3 spin classes a week"
    refuse = "if (!(member.SpinClassesThisWeek {op} MaxPerWeek))\n{{\n    throw new InvalidOperationException(\"full\");\n}}\n"
    code = "private const int MaxPerWeek = 3;\n" + refuse
    # `!(count < 3)` refuses at three; `!(count >= 3)` refuses everyone under the limit
    assert acts_on_the_other_side(criterion, code.format(op="<")) == ""
    assert acts_on_the_other_side(criterion, code.format(op=">="))


def test_after_the_deadline_looks_above_the_name_the_code_compares_with(tmp_path: Path) -> None:
    criterion = "Reject any essay that is uploaded after the deadline"
    code = ("class LateSubmission(Exception):\n    pass\n\n\ndef upload_essay(essay, course):\n"
            "    if essay.uploaded_at {op} course.deadline:\n        raise LateSubmission(essay.title)\n"
            "    course.essays.append(essay)\n")
    assert maps(tmp_path / "right", criterion, {"school/essays.py": code.format(op=">")})
    # rejects the essays handed in on time
    assert not maps(tmp_path / "inverted", criterion, {"school/essays.py": code.format(op="<")})


def test_an_hour_on_the_24_hour_clock_is_a_bound_through_a_time_constant(tmp_path: Path) -> None:
    criterion = "Checking out after 10:00 costs a late checkout fee of 15 euros"
    code = ("from datetime import time\n\nCHECKOUT_BY = time(10, 0)\nLATE_FEE_EUR = 15\n\n\n"
            "def late_checkout_fee(stay, left_at):\n    if left_at {op} CHECKOUT_BY:\n        return LATE_FEE_EUR\n    return 0\n")
    assert maps(tmp_path / "right", criterion, {"hotel/checkout.py": code.format(op=">")})
    # charges the guests who leave on time
    assert not maps(tmp_path / "inverted", criterion, {"hotel/checkout.py": code.format(op="<")})


def test_a_branch_answering_nothing_charges_on_the_other_side(tmp_path: Path) -> None:
    criterion = "Parcels heavier than 20 kg pay a surcharge of 8 euros"
    code = ("HEAVY_KG = 20\nSURCHARGE_EUR = 8\n\n\ndef parcel_surcharge(parcel):\n    if parcel.weight_kg > HEAVY_KG:\n"
            "        return {then}\n    return {otherwise}\n")
    assert maps(tmp_path / "right", criterion, {"post/parcels.py": code.format(then="SURCHARGE_EUR", otherwise="0")})
    # the branches swapped: the light parcels pay the surcharge
    assert not maps(tmp_path / "swapped", criterion, {"post/parcels.py": code.format(then="0", otherwise="SURCHARGE_EUR")})
    # "free" is an outcome of its own: returning 0 there acts
    assert acts_on_the_other_side("Orders over 100 ship for free", "if order.total > 100:\n    return 0\nreturn 4.99\n") == ""


def test_the_branch_answering_the_criterion_s_words_is_the_one_that_acts(tmp_path: Path) -> None:
    criterion = "The ferry fare is the concession price for passengers aged 65 or over"
    code = ("FULL_PRICE = 9.00\nCONCESSION_PRICE = 4.50\nCONCESSION_AGE = 65\n\n\ndef ferry_fare(passenger):\n"
            "    if passenger.age >= CONCESSION_AGE:\n        return {then}\n    return {otherwise}\n")
    assert maps(tmp_path / "right", criterion, {"ferry/fares.py": code.format(then="CONCESSION_PRICE", otherwise="FULL_PRICE")})
    # the branches swapped: everybody under 65 pays the concession price
    assert not maps(tmp_path / "swapped", criterion,
                    {"ferry/fares.py": code.format(then="FULL_PRICE", otherwise="CONCESSION_PRICE")})


def test_a_duplicate_guard_is_not_turned_round(tmp_path: Path) -> None:
    criterion = "Duplicate songs are ignored when added to a playlist"
    code = ("class Playlist:\n    def __init__(self):\n        self.songs = []\n\n    def add_song(self, song):\n"
            "        if {test}:\n            return\n        self.songs.append(song)\n")
    assert maps(tmp_path / "right", criterion, {"music/playlist.py": code.format(test="song in self.songs")})
    # only songs already there get through; every new one is dropped
    assert not maps(tmp_path / "turned", criterion, {"music/playlist.py": code.format(test="song not in self.songs")})


def test_a_predicate_named_for_the_criterion_looks_its_way(tmp_path: Path) -> None:
    criterion = "Plants with less than 30% soil moisture are flagged as thirsty"
    code = ("THIRSTY_BELOW_PCT = 30\n\n\nclass Plant:\n    def __init__(self, name, moisture_pct):\n"
            "        self.name = name\n        self.moisture_pct = moisture_pct\n\n    @property\n"
            "    def thirsty(self):\n        return self.moisture_pct {op} THIRSTY_BELOW_PCT\n")
    assert maps(tmp_path / "right", criterion, {"garden/plants.py": code.format(op="<")})
    # flags the well-watered plants
    assert not maps(tmp_path / "inverted", criterion, {"garden/plants.py": code.format(op=">=")})
    assert criterion_directions("The map redraws at most once every 500 ms") == [("500", ">", "limit")]
