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
    from pmtui.delivery.gates.condition_sides import criterion_conditions, looks_the_other_way  # new in round 9

    assert criterion_conditions("close the launch if the wind is more strong than 25 km/h") == (("25", ">"),)
    # a guard that leaves early looks the other way on purpose
    assert looks_the_other_way(criterion, "if temp_c >= 18:\n    return\nroom.heater.on()\n") == ""
