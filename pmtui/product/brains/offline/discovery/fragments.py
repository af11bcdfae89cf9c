"""Small judgements on what an answer's pieces are: one piece said twice, a fuller name for the same people, and a
remark at the summary card that answers the open why-now instead of correcting a filled aspect."""

from __future__ import annotations

import re

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.correction_cues import CORRECTION
from pmtui.product.brains.offline.discovery.cues import PRICE, WHY_NOW_STRONG
from pmtui.product.brains.offline.discovery.text import norm, word_list
from pmtui.product.completeness import has_real_content

# What changed, said as a change: "so now everyone want fast fast", "more delivery riders now". "Today they post in
# WhatsApp" is today's way, not a change.
_CHANGED_NOW = re.compile(r"\b(?:now|nowadays|these days|lately|recently)\b", re.IGNORECASE)


def adds_the_timing(summary: DiscoverySummary, text: str) -> bool:
    """At the summary card with the why-now still open, "grab drivers need car to earn, cannot wait long, so now
    everyone want fast fast" or "more delivery riders now in lisbon" says why now: it is no correction of the problem
    ("Updated the core problem with your correction" replaced the founder's problem with it)."""
    return (
        not has_real_content(summary.why_now)
        and has_real_content(summary.core_problem)
        and bool(WHY_NOW_STRONG.search(text) or _CHANGED_NOW.search(text))
        and not CORRECTION.search(text)
        and not PRICE.search(text)
        and not text.rstrip().endswith("?")
    )


def same_word(a: str, b: str) -> bool:
    a, b = a.rstrip("s"), b.rstrip("s")
    return a == b or (min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a)))


def refines(aspect: str, current: str, fragment: str) -> bool:
    """'ICU nurses at mid-size hospitals' sharpens 'hospital nurses': same people, more detail."""
    if norm(current) in norm(fragment):
        return True
    if aspect != "target_user" or len(fragment) <= len(current):
        return False
    head = word_list(current)[-1] if word_list(current) else ""
    return bool(head) and any(same_word(w, head) for w in word_list(fragment))


def dedupe(fragments: list[str]) -> list[str]:
    kept: list[str] = []
    for fragment in fragments:
        key = norm(fragment)
        if any(key in norm(k) for k in kept):
            continue
        kept = [k for k in kept if norm(k) not in key]
        kept.append(fragment)
    return kept
