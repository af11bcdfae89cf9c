"""Money in the code's own unit (round 9): an amount in pounds, dollars or rupees and the hundredths code counts in.

"£5" may be `CAP_PENCE = 500` in code whose names say it counts hundredths (round 8). The other way round is the
wrong unit: "a £20 late fee" written as `LATE_FEE_PENCE = 20` charges twenty pence, and "at least £10 above the
current bid" as `min_increment_pence = 10` ten pence. A bare amount found only on lines whose names count hundredths
is not the criterion's amount.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary_data import CURRENCY_BEFORE

HUNDREDTHS = re.compile(r"(?i:pence|cents?\b|paise|kobo)|_[pc]\b|[a-z][PC]\b|Cents|Pence")


def only_in_hundredths(code: str, number: str) -> bool:
    """Whether every line that states the number (as a literal of its own) names a value counted in hundredths."""
    literal = re.compile(rf"(?<![\w.]){re.escape(number)}(?:\.0+)?(?![\w.])")
    lines = [line for line in code.splitlines() if literal.search(line)]
    return bool(lines) and all(HUNDREDTHS.search(line) for line in lines)


# Moved from vocabulary.py in round 9 (the amounts a criterion states in other forms).
_PERCENT_AFTER = re.compile(r"\s*(?:%|percent\b|per\s+cent\b|pc\b)", re.IGNORECASE)


def percent_forms(value: str, after: str) -> frozenset[str]:
    """A percentage's fraction, the way code often states it: "3%" is `0.03`, "25 percent" `0.25` (else nothing)."""
    percent = _PERCENT_AFTER.match(after)
    if not percent:
        return frozenset()
    share = float(value) / 100
    forms = {f"{share:.10g}"}
    # round 22: "a 20% surcharge" is the price times 1.2, "30% less", "a 25% discount" times 0.7 and 0.75
    rest = after[percent.end():percent.end() + 40]
    if _MORE_BY.match(rest):
        forms.add(f"{1 + share:.10g}")
    elif _LESS_BY.match(rest):
        forms.add(f"{1 - share:.10g}")
    return frozenset(forms)


_MORE_BY = re.compile(r"\s*(?:(?:a|an|the)\s+)?(?:surcharge|more|extra|markup|mark-up|uplift|increase|on\s+top)\b",
                      re.IGNORECASE)
_LESS_BY = re.compile(r"\s*(?:(?:a|an|the)\s+)?(?:discount|off|less|cheaper|reduction|lower)\b", re.IGNORECASE)


_CLOCK_AFTER = re.compile(r"\s*(?:(pm|p\.m\.)|am|a\.m\.)(?![A-Za-z])", re.IGNORECASE)


def hour_forms(value: str, after: str) -> frozenset[str]:
    """A time of day's hour on the 24-hour clock: "9 pm" is `21` (`now.hour >= 21`), "12 am" `0` (else nothing)."""
    match = _CLOCK_AFTER.match(after)
    if not match or not value.isdigit() or not 1 <= int(value) <= 12:
        return frozenset()
    hour = int(value) % 12 + (12 if match.group(1) else 0)
    return frozenset({str(hour)})


def money_forms(value: str, previous: str, unit: str = "") -> frozenset[str]:
    """An amount after its currency ("£5") or before its word ("50 pound deposit", "100 rupees", round 22) in the
    hundredths code may count it in (`CAP_PENCE = 500`, `bond_pence = 5000`), marked "c:"."""
    if previous not in CURRENCY_BEFORE and unit.lower().rstrip("s") not in CURRENCY_BEFORE | {"buck", "quid", "rand"}:
        return frozenset()
    return frozenset({f"c:{round(float(value) * 100)}"})
