"""Two operands of one comparison that count time in different units (round 10).

"Uploads longer than 3 hours are refused" with `MAX_SECONDS = 3 * 60 * 60` and `if rec.duration_minutes >
MAX_SECONDS:` compares minutes with seconds: nothing under 180 hours is refused. A name that ends in a unit of time
(`_seconds`, `Ms`, `_hours`, `.days`) says what its value counts; a comparison of two such names in different
units, on a line that converts neither (`* 60`, `/ 1000`, `total_seconds()`, `toMinutes()`), compares unlike
things. Only read when the criterion states a duration: what else the code compares is not the criterion's.
"""

from __future__ import annotations

import re

_TIME_UNITS = {
    "ms": "ms", "millis": "ms", "msec": "ms", "msecs": "ms", "milliseconds": "ms", "millisecond": "ms",
    "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    "minute": "min", "minutes": "min",
    "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "day": "d", "days": "d", "week": "w", "weeks": "w",
}
_DURATION = re.compile(r"\b\d+(?:\.\d+)?\s*(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|"
                       r"weeks?)\b", re.IGNORECASE)
_OPERAND = r"[A-Za-z_$][\w.$]*(?:\(\))?"
_COMPARISON = re.compile(rf"({_OPERAND})\s*(?:<=|>=|<|>)\s*({_OPERAND})")
_CONVERTS = re.compile(r"[*/]\s*(?:60|1000|3600|86400|24)\b|\b(?:60|1000|3600|86400)\s*\*|total_seconds|"
                       r"\bto(?:Millis|Seconds|Minutes|Hours|Days)\w*\(|\bin_(?:seconds|minutes|hours)\b|"
                       r"as_(?:secs|millis)|\.(?:Seconds|Minutes|Hours|Milliseconds)\(\)|\btimedelta\(|\bDuration\b")
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`")


def _words(name: str) -> list[str]:
    name = name.removesuffix("()").split(".")[-1].strip("$")
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", name)]


def _time_unit(operand: str) -> str | None:
    words = _words(operand)
    return _TIME_UNITS.get(words[-1]) if words else None


def compares_other_time_units(criterion: str, code: str) -> str:
    """Why a comparison of the code sets a value in one unit of time against one in another, or ""."""
    if not _DURATION.search(criterion):
        return ""
    for line in code.splitlines():
        bare = _STRING.sub('""', line)
        if _CONVERTS.search(bare):
            continue
        for left, right in _COMPARISON.findall(bare):
            one, other = _time_unit(left), _time_unit(right)
            if one and other and one != other:
                return f"it compares {left} (in {one}) with {right} (in {other})"
    return ""
