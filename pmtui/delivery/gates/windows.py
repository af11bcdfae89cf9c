"""A window or a whole the criterion asks for, and code that names it without doing it (round 18).

- "5 kg per month", "twice a week", "each day": the period is a window the code must count over. Found only in a
  constant's name (`RICE_KG_PER_MONTH = 5` beside a sum over `i.date == today`) it counts over nothing: alignment
  drops such a word from what a unit shows, as it drops a condition word found only in a constant's name.
- "all event bookings", "every order of the day": a view that takes the first of each group (`byDay.get(d)[0]`,
  `.first()`, `LIMIT 1`) and never goes through the group shows one, not all.
"""

from __future__ import annotations

import re

_PERIODS = "day|week|month|year|hour|minute|night|term|season|fortnight|quarter"
_PER = re.compile(rf"\b(?:per|a|an|each|every)\s+({_PERIODS})s?\b", re.IGNORECASE)


def per_windows(criterion: str) -> frozenset[str]:
    """The periods the criterion counts over: "per month" → month, "twice a week" → week."""
    return frozenset(word.lower() for word in _PER.findall(criterion))


_ALL = re.compile(r"\ball\b(?!\s+(?:of\s+)?(?:the\s+)?(?:time|day|week|month|year)\b)", re.IGNORECASE)
_FIRST = re.compile(r"([\w$.!()\[\]]+?)!?\[0\]|([\w$.()]+?)\.first\(\)|\bLIMIT\s+1\b", re.IGNORECASE)


def shows_only_the_first(criterion: str, code: str) -> str:
    """Why the code shows one of what the criterion wants all of (the first of a group, never the group), or ""."""
    if not _ALL.search(criterion):
        return ""
    for found in _FIRST.finditer(code):
        base = (found.group(1) or found.group(2) or "").rstrip("!")
        if not base:
            return f"it takes one row (`{found.group(0)}`) where all are asked for"
        # `[r[0] for r in rows]`: the first column of every row the loop goes through, not the first row (round 22)
        if re.search(rf"\bfor\s+{re.escape(base.lstrip('[('))}\s+in\b", code):
            continue
        rest = code.replace(found.group(0), " ")
        escaped = re.escape(base)
        if not re.search(rf"{escaped}!?\s*\.\s*(?:map|forEach|filter|flatMap|reduce)\(|\bfor\b[^\n]*\bin\s+{escaped}|"
                         rf"\bfor\s*\([^)]*\bof\s+{escaped}", rest):
            return f"it shows only the first of each group (`{found.group(0)}`) where all are asked for"
    return ""


# "at least 3 days a week", "on 4 different days a month": what is counted is days, each once however often it happens
_DAYS_IN = re.compile(r"\b(?:\d+|two|three|four|five|six|seven)\s+(?:different\s+|separate\s+|distinct\s+)?days?\s+"
                      r"(?:a|per|each|every|in\s+(?:a|the|each))\s+(?:week|month|fortnight|term)\b", re.IGNORECASE)
_COUNTS_ROWS = re.compile(r"\bCOUNT\(\s*(?:\*|\w*id)\s*\)|\blen\(\s*(?:rows|visits|views|entries|events|logs|records)\s*\)|"
                          r"\b(?:rows|visits|views|entries|events|logs|records)\.length\b", re.IGNORECASE)
_DISTINCT = re.compile(r"\bDISTINCT\b|\bset\(|\bnew\s+Set\(|\{[^{}\n]*\bfor\b[^{}\n]*\}|\.distinct\(|\bnunique\(|\bunique\(",
                       re.IGNORECASE)


def counts_rows_as_days(criterion: str, code: str) -> str:
    """Why the code counts rows where the criterion counts days (`COUNT(*)` of views: three views on a Monday are
    three days), or "" (round 22)."""
    if not _DAYS_IN.search(criterion):
        return ""
    counted = _COUNTS_ROWS.search(code)
    if counted and not _DISTINCT.search(code):
        return f"it counts rows (`{counted.group(0)}`) where the criterion counts days: each day counts once"
    return ""
