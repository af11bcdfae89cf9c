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


# "the ascent rate", "when the price drops": a change is the new value minus the old one, or the old minus the new
_RISE = r"ascent|ascend\w*|ris(?:e|es|ing)|climb\w*|increas\w*|grow(?:s|th|ing)?|gain(?:s|ed|ing)?"
_FALL = r"descent|descend\w*|fall(?:s|ing)?|drop(?:s|ped|ping)?|decreas\w*|declin\w*"
_CHANGE = re.compile(rf"\b(?:(?P<rise>{_RISE})|(?P<fall>{_FALL}))\b", re.IGNORECASE)
_OLD = re.compile(r"(?:^|[._])(?:last|prev|previous|old|before|initial|start)(?:[._]|$)|^(?:last|prev|previous|old)[A-Z]",
                  re.IGNORECASE)
_DIFFERENCE = re.compile(r"([A-Za-z_$][\w.$]*)\s*-\s*([A-Za-z_$][\w.$]*)")
# measured downward: an ascent makes the depth smaller
_DOWNWARD = re.compile(r"depth", re.IGNORECASE)


def wrong_change_direction(criterion: str, code: str) -> str:
    """Why the code's difference of an old and a new value of one quantity runs the other way from the criterion's
    rise or fall (`s.depth_m - self.last.depth_m` for "the ascent rate": that is the descent), or ""."""
    change = _CHANGE.search(criterion)
    if not change:
        return ""
    rising = change.group("rise") is not None
    for left, right in _DIFFERENCE.findall(code):
        left_last, right_last = left.split(".")[-1], right.split(".")[-1]
        if left_last != right_last or left == right:
            continue  # not two values of one quantity
        left_old, right_old = bool(_OLD.search(left)), bool(_OLD.search(right))
        if left_old == right_old:
            continue
        increase = right_old  # new minus old
        measures_rise = increase != bool(_DOWNWARD.search(left_last))
        if measures_rise != rising:
            word = change.group(0)
            return f"{left} - {right} measures the opposite of the {word}"
    return ""
