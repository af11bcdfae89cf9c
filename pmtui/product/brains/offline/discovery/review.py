"""Does the founder confirm the discovery summary card, or want to revise it?"""

from __future__ import annotations

import re
from typing import Literal

from pmtui.models import ASPECTS, DiscoverySummary
from pmtui.product.brains.offline.discovery.correction_cues import CONFIRM_WORDS, REVISE_MARKERS
from pmtui.product.brains.offline.discovery.cues import NEGATED_POSITIVE, POSITIVE_NEGATIONS
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


# "Yes, that's it, although it's 45 stops, not 40, if that came through wrong": a yes, then a number put right that the
# card never said. There is nothing to change, so the yes stands.
_YES_FIRST = re.compile(r"^\W*(?:yes|yeah|yep|yup|aye|ja|correct|right|exactly|spot on|that'?s (?:it|right|correct|us|about right))\b",
                        re.IGNORECASE)
_NOT_NUMBER = re.compile(r"\bnot\s+(?:the\s+)?(?P<old>\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                         r"twenty|thirty|forty|fifty|sixty|a hundred)\b", re.IGNORECASE)

# Said outside an "if" ("if that came through wrong", "in case I got that wrong" doubt the card and find nothing).
_SOMETHING_WRONG = re.compile(r"\b(?:wrong|incorrect|change|missing|mistake|should be|isn'?t|aren'?t|not right|instead|"
                              r"actually|rather)\b", re.IGNORECASE)


def nothing_to_fix(text: str, summary: DiscoverySummary) -> bool:
    """A yes whose only correction replaces a number the card does not hold: the card is confirmed as it is."""
    said = text.lower().replace("\u2019", "'")
    olds = [m.group("old").replace(",", "") for m in _NOT_NUMBER.finditer(said)]
    doubted = re.sub(r"\b(?:if|in case)\b[^,.;!?]*", " ", said)
    if not _YES_FIRST.match(said) or not olds or _SOMETHING_WRONG.search(doubted) or NEGATED_POSITIVE.search(
            POSITIVE_NEGATIONS.sub(" okay ", squash(said))):
        return False
    card = " ".join(summary.value_text(aspect) for aspect in ASPECTS).lower().replace(",", "")
    return not any(re.search(rf"(?<![\w.]){re.escape(old)}(?![\w])", card) for old in olds)
