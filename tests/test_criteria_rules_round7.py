"""Round 7 rules of the plan-alignment matcher (classes found with held-out 13), one class at a time.

Each rule is shown on a (criterion, change) pair of its own: the change that does what the criterion asks is
mapped, the near miss an agent writes is not. test_criteria_rules.py and test_criteria_rules_round6.py hold the
earlier rounds' rules.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.dead_code import off_flags, without_dead_branches
from pmtui.delivery.gates.time_direction import time_differences
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
