"""A period named only by a name (round 21): "the crew rota for each weekend" shown by a component called
`WeekendRota` that lists every shift.

A criterion that asks for something for each period ("for each weekend", "per month", "every night") wants the
code to pick or group by that period: a date's part (`getDay()`, `weekday()`, `strftime`, `date_trunc`), a duration
of it, or a value named for it that the code computes with (`weekends.set(saturdayOf(s.date), …)`). When the period's
word is only in the names the code gives itself (a function, a component, a type, a file) and nothing in the code's
working lines says it or handles dates by part, the code names the period and does nothing by it.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.change_evidence import Unit

_PERIOD = re.compile(r"\b(?:for\s+each|for\s+every|each|every|per)\s+(weekend|week|fortnight|month|term|season|year|"
                     r"quarter|night|evening|morning|day)\b", re.IGNORECASE)
_DATE_PARTS = re.compile(r"\b(?:getDay|getUTCDay|getMonth|getFullYear|weekday|isoweekday|isocalendar|strftime|date_trunc|"
                         r"DAYOFWEEK|dayofweek|day_of_week|Weekday|startOf|endOf|TruncMonth|TruncWeek|extract)\b|"
                         r"\b(?:timedelta|relativedelta|interval|Duration)\b|\bsaturday\b|\bsunday\b|\bmonday\b",
                         re.IGNORECASE)
_DEFINING = re.compile(r"^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:def|function|class|interface|type|func|fun|"
                       r"const\s+\w+\s*=\s*(?:async\s*)?\()\b[^\n]*$", re.IGNORECASE | re.MULTILINE)
_COMMENTED = re.compile(r"(?:#|//).*$", re.MULTILINE)


def period_only_named(criterion: str, unit: Unit) -> str:
    """Why the unit does nothing by the criterion's period that its names promise, or ""."""
    asked = {match.group(1).lower() for match in _PERIOD.finditer(criterion)}
    if not asked or unit.kind != "code":
        return ""
    working = _COMMENTED.sub("", _DEFINING.sub("", unit.code_text))
    if _DATE_PARTS.search(working):
        return ""
    for period in asked:
        named = f"{unit.text}\n{unit.path}"
        if re.search(rf"{period}", named, re.IGNORECASE) and not re.search(rf"{period}", working, re.IGNORECASE):
            return f"only its names say {period}: nothing in its code picks or groups by the {period}"
    return ""
