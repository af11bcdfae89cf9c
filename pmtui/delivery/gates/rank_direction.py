"""Which end is best: for some measures the lowest (round 8).

"The handicap index is the average of the best 8 of the last 20 score differentials": a golfer's best differentials
are the lowest, as are the best times, strokes, prices and penalties. Code that sorts such values from the highest
down before taking the first N (`sorted(xs, reverse=True)[:8]`, `ORDER BY lap_ms DESC LIMIT 3`) takes the worst.
"""

from __future__ import annotations

import re

_BEST = re.compile(r"\b(?:best|top)\s+(?:\d+|three|five|ten)\b", re.IGNORECASE)
# measures where less is better
_LOWER_IS_BETTER = re.compile(r"\b(?:differentials?|handicaps?|strokes?|golf|lap\s*times?|times?|durations?|prices?|"
                              r"costs?|fares?|penalt(?:y|ies)|errors?|latenc(?:y|ies))\b", re.IGNORECASE)
_DESCENDING_TAKE = re.compile(r"reverse\s*=\s*True[^\n]*\)\s*\[\s*:|\bDESC\b[^\n]*\bLIMIT\b|\.reverse\(\)[^\n]*\.(?:slice|take)\(|"
                              r"sortDescending\(\)[^\n]*\.take\(|\bsorted\w*Descending\b[^\n]*\.take\(")


def takes_the_worst(criterion: str, code: str) -> str:
    """Why the code takes the highest N where the criterion's best N of a lower-is-better measure are the lowest, or ""."""
    if not _BEST.search(criterion) or not _LOWER_IS_BETTER.search(criterion):
        return ""
    if _DESCENDING_TAKE.search(code):
        return "it takes the highest values first, where the best of this measure are the lowest"
    return ""
