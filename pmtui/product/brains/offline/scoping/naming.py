"""Names of rows that argue-back makes: the halves of a split and the row two merged rows become."""

from __future__ import annotations

import re

from pmtui.product.brains.offline.scoping.terms import short_name, stems


def _part_name(source: str, part: str) -> str:
    """"Canopies" split from "Booking calendar" is "Booking calendar for canopies": a bare noun keeps the row's head."""
    if len(part.split()) > 3 or stems(part) & stems(source) or re.search(r"\b(?:\w+ing|\w+ed)\b", part):
        return short_name(part)
    head = " ".join(re.sub(r"\s+(?:the|a|an|who|whose)\b.*$", "", _QUALIFIER.sub("", source), flags=re.IGNORECASE).split()[:3])
    return short_name(f"{head or source} for {part}")


_QUALIFIER = re.compile(r"\s+(?:to|for|of|with|from|by|per|at|on|in|when|that|which|so)\b.*$", re.IGNORECASE)


def _merged_name(first: str, second: str) -> str:
    """A short name for two merged rows: each row's head, without what qualifies it ("Fee reminders to parents" and
    "Attendance marking" are "Fee reminders and attendance marking"), at most three words each."""
    heads = [" ".join(_QUALIFIER.sub("", name).split()[:3]) or name for name in (first, second)]
    return f"{heads[0]} and {heads[1][:1].lower() + heads[1][1:] if not heads[1][:2].isupper() else heads[1]}"
