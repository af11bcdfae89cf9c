"""check_completeness: how much of the eight discovery aspects is known, and what is still missing."""

from __future__ import annotations

import re

from pmtui.models import ASPECTS, Completeness, DiscoverySummary

COMPLETENESS_THRESHOLD = 0.75
DISCOVERY_MIN_TURNS = 4
MANDATORY = ("target_user", "core_problem")
# Weights sum to 1; the two mandatory aspects count most, as the seed makes them gatekeepers.
WEIGHTS: dict[str, float] = {
    "target_user": 0.2,
    "core_problem": 0.2,
    "current_alternatives": 0.1,
    "why_now": 0.1,
    "feature_wishlist": 0.1,
    "success_metric": 0.1,
    "revenue_model": 0.1,
    "constraints": 0.1,
}
_PLACEHOLDER = re.compile(
    r"^\s*(n/?a|none|null|unknown|tbd|tba|todo|\?+|-+|not sure|no idea|idk|i don'?t know|dunno|"
    r"everyone|anyone|everybody|anybody|nothing|whatever|maybe|unsure|later|same)\s*[.!]*\s*$",
    re.IGNORECASE,
)


def has_real_content(value: str | list[str]) -> bool:
    """True when a value says something: not empty, not a placeholder like 'n/a' or 'tbd'."""
    if isinstance(value, list):
        return any(has_real_content(item) for item in value)
    text = value.strip()
    return len(text) >= 3 and not _PLACEHOLDER.match(text)


def check_completeness(summary: DiscoverySummary, user_turns: int) -> Completeness:
    """(score, gaps, is_complete): complete at score >= 0.75 with both mandatory aspects and >= 4 turns."""
    gaps = [aspect for aspect in ASPECTS if not has_real_content(getattr(summary, aspect))]
    score = round(sum(WEIGHTS[a] for a in ASPECTS if a not in gaps), 2)
    is_complete = (
        score >= COMPLETENESS_THRESHOLD
        and all(a not in gaps for a in MANDATORY)
        and user_turns >= DISCOVERY_MIN_TURNS
    )
    return Completeness(score=score, gaps=gaps, is_complete=is_complete)
