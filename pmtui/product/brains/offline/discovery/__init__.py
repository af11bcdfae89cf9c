"""The offline discovery interviewer: a deterministic PM that reads what the user wrote.

It splits each message into sentences and clauses, attributes them to the eight discovery aspects
(the one that was asked, and any volunteered out of turn, recognised by cue phrases), merges them
into the DiscoverySummary in the user's own words, and asks one question per reply — probing a
vague answer once before moving on to the most important gap. Word lists live in `lexicon`, cue
patterns in `cues`, reply templates in `phrasing`; the logic in `text`, `clues`, `extract`,
`interview` and `review`.
"""

from pmtui.product.brains.offline.discovery.asides import corrections_kept
from pmtui.product.brains.offline.discovery.extract import extract
from pmtui.product.brains.offline.discovery.interview import QUESTION_ORDER, next_reply
from pmtui.product.brains.offline.discovery.phrasing import opening_question
from pmtui.product.brains.offline.discovery.review import classify_review, nothing_to_fix
from pmtui.product.brains.offline.discovery.text import is_vague
from pmtui.product.brains.offline.discovery.wishlist import wishes_waiting

__all__ = ["QUESTION_ORDER", "classify_review", "corrections_kept", "extract", "is_vague", "next_reply", "nothing_to_fix", "opening_question", "wishes_waiting"]
