"""An answer stored under the wrong question: money, limits and targets have cue words, so one without any is misfiled."""

from __future__ import annotations

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.clues import detect
from pmtui.product.brains.offline.discovery.text import split_clauses
from pmtui.product.completeness import has_real_content

_HARD_ASPECTS = frozenset({"constraints", "revenue_model", "success_metric"})


def cued(value: str) -> set[str]:
    """The aspects any clause of a stored value has a cue for."""
    return {aspect for clause in split_clauses(value) for aspect in detect(clause, value, False)}


def put_back_misfiled(summary: DiscoverySummary, aspect: str, asked: str) -> DiscoverySummary:
    """`aspect` holds an answer to the wrong question: cleared, and the answer given to `asked` when it is about it."""
    current = getattr(summary, aspect)
    if not isinstance(current, str) or not has_real_content(current) or not misfiled(aspect, current):
        return summary
    fixed = summary.model_copy(deep=True)
    setattr(fixed, aspect, "")
    if not has_real_content(getattr(summary, asked)) and asked in cued(current):
        setattr(fixed, asked, current)
    return fixed


def misfiled(aspect: str, value: str) -> bool:
    """A stored value with no cue at all for its aspect but a strong one for another: it answered the wrong question."""
    if aspect not in _HARD_ASPECTS:
        # A problem or a workaround is often said without any cue word; only money, limits and targets have them.
        return False
    clues = [detect(clause, value, False) for clause in split_clauses(value)]
    return not any(aspect in c for c in clues) and any(c2.strong for c in clues for c2 in c.values())
