"""A row moved up by saying only where it goes, the verb left out: "the count for the cooks, that's the one, up the top",
"the deposit, phase 1 please", "the map thing, that's the big one, first". The name comes first, then at most a nod to it,
then the place."""

from __future__ import annotations

import re

from pmtui.product.brains.offline.scoping.rules import FIRST_ALONE

# "that's the one", "it's the big one", "this is the main thing": a nod to the row just named, no request of its own.
_NOD = re.compile(r"^(?:that'?s|thats|this is|it'?s|its|that is)\s+(?:(?:the|my|our)\s+)?(?:one|big one|main one|main thing|"
                  r"key one|key thing|important one|one that matters|real one|biggie)(?:\s+(?:really|honestly|for me|for us))?$",
                  re.IGNORECASE)
# A name holds no verb of its own: "the deposit" is one, "we need the deposit" is a request.
_HAS_VERB = re.compile(r"\b(?:is|are|was|were|can|could|should|must|will|would|need|needs|want|wants|goes|go|put|move|cut|drop|"
                       r"keep|make|leave|push|bring|add|remove|wait)\b", re.IGNORECASE)

# "no, phase 1 please", "ok, first": a yes, a no or a filler before the place names nothing.
_NOT_A_NAME = re.compile(r"^(?:no|nope|nah|naw|yes|yeah|yep|yup|ok(?:ay)?|fine|sure|right|well|and|but|so|then|hmm+|um+|"
                         r"please|pls|also|actually)$", re.IGNORECASE)


def promoted_by_place(clause: str) -> str:
    """The row a clause names and puts first with the verb left out, or ''."""
    parts = [part.strip(" .!") for part in clause.split(",")]
    if len(parts) < 2 or not FIRST_ALONE.match(parts[-1]) or not all(_NOD.match(part) for part in parts[1:-1]):
        return ""
    name = parts[0]
    if not name or _NOT_A_NAME.match(name) or _HAS_VERB.search(name) or len(name.split()) > 8:
        return ""
    return name
