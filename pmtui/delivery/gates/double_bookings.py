"""A double booking is two bookings of one time (round 17).

"Zero double bookings", "no double-booking", "a slot can't be booked twice": what must not be taken twice is a time —
a night, a date, a slot, a start. A change whose clash check (`SELECT … WHERE client_name = ?` before the insert, a
`UNIQUE (…)` constraint) names no time column stops one customer booking twice, not one time being booked twice.
"""

from __future__ import annotations

import re

_ASKS = re.compile(r"\bdouble[- ]?book(?:ing|ings|ed)?\b|\bbooked\s+twice\b|\boverbook", re.IGNORECASE)
# a clash check: a lookup by some columns before the insert, or a uniqueness constraint
_LOOKUP = re.compile(r"\bSELECT\b[^\"'`\n]*\bWHERE\b([^\"'`\n]*)", re.IGNORECASE)
_UNIQUE = re.compile(r"\bUNIQUE\s*\(([^)]*)\)|\bunique_together\s*=\s*([^\n]*)|\bUniqueConstraint\(([^)]*)\)", re.IGNORECASE)
_TIME = re.compile(r"date|day|night|slot|time|start|when|_at\b|At\b|hour|evening|session|period|week", re.IGNORECASE)


def clash_on_another_column(criterion: str, file_code: str) -> str:
    """Why the change's check against double bookings compares no time: every lookup or uniqueness it has is on other
    columns (the client, the guest), or ""."""
    if not _ASKS.search(criterion) or re.search(r"\bINSERT\b|\.create\(|\.save\(|\.add\(", file_code, re.IGNORECASE) is None:
        return ""
    checks = [m.group(1) for m in _LOOKUP.finditer(file_code)]
    checks += [next(g for g in m.groups() if g is not None) for m in _UNIQUE.finditer(file_code)]
    if checks and not any(_TIME.search(columns) for columns in checks):
        return "its clash check compares no time: the same night can be booked twice"
    return ""
