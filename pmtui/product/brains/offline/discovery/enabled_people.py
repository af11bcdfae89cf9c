"""The people a pitch wants to be able to do the thing are who it is for.

"I run a tool hire place in Leeds, want tradespeople to be able to reserve kit on their phone", "we'd like our learners
to book lessons themselves", "an app so parents can pay fees online", "letting tenants report repairs": the founder's
own outfit (the hire place, the school) is who runs it; the people named as the doers of the wish are who use it.
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.text import has_persona

_DOERS = re.compile(
    r"\b(?:(?:want|wants|wanted|need|needs|'d like|would like|allow|allows|allowing|enable|enables|enabling|get)\s+"
    r"(?P<wanted>(?:(?:my|our|the|local|all)\s+)?(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+to\s+(?:be able to\s+)?(?P<act>[a-z]+)|"
    r"(?:let|lets|letting)\s+(?P<let>(?:(?:my|our|the|local|all)\s+)?(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?P<bare>[a-z]+)|"
    r"\bso\s+(?:that\s+)?(?P<able>(?:(?:my|our|the|local|all)\s+)?(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?:can|could)\s+"
    r"(?:\w+\s+)?[a-z]+)",
    re.IGNORECASE,
)
_LEAD = re.compile(r"^(?:my|our|the|local|all)\s+", re.IGNORECASE)
_NOT_PEOPLE = re.compile(r"\b(?:it|this|that|them|me|us|you|him|her|people)\b", re.IGNORECASE)


def enabled_people(text: str) -> str:
    """The people the pitch wants to be able to act ("tradespeople"), or "" when it names none."""
    for found in _DOERS.finditer(text):
        people = _LEAD.sub("", (found.group("wanted") or found.group("let") or found.group("able") or "").strip())
        last = people.split()[-1] if people else ""
        if last and not _NOT_PEOPLE.search(people) and has_persona(last):
            return people
    return ""
