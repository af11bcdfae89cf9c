"""Does the founder confirm the discovery summary card, or want to revise it?"""

from __future__ import annotations

import re
from typing import Literal

from pmtui.product.brains.offline.discovery.cues import (
    CONFIRM_WORDS,
    NEGATED_POSITIVE,
    POSITIVE_NEGATIONS,
    REVISE_MARKERS,
)
from pmtui.product.brains.offline.discovery.labels import label_statement
from pmtui.product.brains.offline.discovery.text import split_sentences, squash


def classify_review(text: str) -> Literal["CONFIRM", "REVISE"]:
    """CONFIRM when the user accepts the summary card; REVISE for any 'no', negated praise or correction."""
    lowered = squash(text.lower().replace("\u2019", "'"))
    if not lowered:
        return "REVISE"
    neutral = POSITIVE_NEGATIONS.sub(" okay ", lowered)
    if NEGATED_POSITIVE.search(neutral):
        return "REVISE"
    if REVISE_MARKERS.search(neutral):
        return "REVISE"
    leading_no = re.match(r"^(no|nope|nah|nay|negative)\b", neutral)
    if leading_no:
        return "REVISE"
    for sentence in split_sentences(text):
        if label_statement(sentence):
            return "REVISE"
    if CONFIRM_WORDS.search(neutral):
        return "CONFIRM"
    return "REVISE"
