"""The next one is after today (round 21): a criterion asking when something comes next answered by code that keeps
only what is before today.

"A user can see when they're next", "the upcoming visit", "when I'm coming" ask for a date after today. A function
whose every comparison of a date with today keeps the earlier ones (`if a["visit_date"] < today`, `WHERE day <
date('now')`, `today > v.date`) shows the last visit, not the next: the comparison is turned. A function comparing no
date with today, or with today on both sides (a window), is left to the rest of the matcher.
"""

from __future__ import annotations

import re

_ASKS_NEXT = re.compile(r"\b(?:next|upcoming|coming|future|forthcoming)\b(?!\s+(?:to|page|step|line)\b)", re.IGNORECASE)
_TODAY = (r"(?:today\b|now\b|date\.today\(\)|datetime\.now\([^)]*\)|timezone\.now\(\)|new\s+Date\(\)|Date\.now\(\)|"
          r"CURRENT_DATE|CURRENT_TIMESTAMP|date\(\s*'now'\s*\)|datetime\(\s*'now'\s*\)|time\.Now\(\)|LocalDate\.now\(\))")
_OPERAND = r"[\w\]\)\"'.$]+"
_BEFORE = (re.compile(rf"{_OPERAND}\s*<=?\s*{_TODAY}", re.IGNORECASE), re.compile(rf"{_TODAY}[\w.()]*\s*>=?\s*[\w\[(]", re.IGNORECASE))
_AFTER = (re.compile(rf"{_OPERAND}\s*>=?\s*{_TODAY}", re.IGNORECASE), re.compile(rf"{_TODAY}[\w.()]*\s*<=?\s*[\w\[(]", re.IGNORECASE),
          re.compile(r"\.(?:After|isAfter)\(|__gte?\s*=", re.IGNORECASE))


def keeps_the_past_for_next(criterion: str, code: str) -> str:
    """Why the code answers "when … next" with what is before today, or ""."""
    if not _ASKS_NEXT.search(criterion):
        return ""
    lines = [line for line in code.splitlines() if not line.lstrip().startswith(("#", "//"))]
    before = [line.strip() for line in lines if any(p.search(line) for p in _BEFORE)]
    after = [line for line in lines if any(p.search(line) for p in _AFTER)]
    if before and not after:
        return f"it keeps what is before today (`{before[0]}`): the last one, not the next"
    return ""
