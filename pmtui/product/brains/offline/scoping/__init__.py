"""Offline scoping: a RICE-scored, phased MVP proposal and the argue-back, from the user's own words.

Every number comes from a stated heuristic and says so in its provenance: reach from the user count
discovery heard (or the feature's breadth), impact from how close a feature is to the core problem,
confidence from how concretely the user described it, effort from the complexity its words imply.
Negotiation holds with the numbers, concedes on new evidence or at the last round, and records why.
The rule tables live in `rules`; the logic in `terms`, `propose`, `narrative`, `intent`, `negotiate`
and `answers`.
"""

from pmtui.product.brains.offline.scoping.answers import QUESTION_CLOSING, answer_question
from pmtui.product.brains.offline.scoping.intent import classify_intent
from pmtui.product.brains.offline.scoping.negotiate import negotiate
from pmtui.product.brains.offline.scoping.propose import propose
from pmtui.product.brains.offline.scoping.requests import parse_requests
from pmtui.product.brains.offline.scoping.rules import EFFORT_RULES
from pmtui.product.brains.offline.scoping.said_count import discovery_said
from pmtui.product.brains.offline.scoping.terms import metric_phrase, persona

__all__ = [
    "EFFORT_RULES",
    "QUESTION_CLOSING",
    "answer_question",
    "classify_intent",
    "discovery_said",
    "metric_phrase",
    "negotiate",
    "parse_requests",
    "persona",
    "propose",
]
