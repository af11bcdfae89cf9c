"""What the app does, told after the idea and a dash or a colon: "I want to build a carpool app for hockey parents -
parents offer seats, other parents grab them, and everyone knows who's picking up whose kid"."""

from __future__ import annotations

import re

# The idea, then a dash or a colon, then what it does.
_IDEA_THEN = re.compile(
    r"\b(?:app|application|tool|platform|service|website|site|bot|product|marketplace|system|software|portal)\b"
    r"[^-\u2013\u2014:.;!?]{0,80}?\s*(?:\s[-\u2013\u2014]+\s|:\s)\s*(?P<does>[^.;!?]+)",
    re.IGNORECASE,
)
# Who does it, said before each thing it does: "parents offer seats", "other parents grab them", "everyone knows …".
_DOER = re.compile(
    r"^(?:(?:and|then|so|plus)\s+)?(?:(?:the|some|all|all the|other|the other|any)\s+)*"
    r"(?:(?:everyone|everybody|anyone|anybody|they|people|users|members|[a-z]+(?:ers|ents|ors|ists|ians|ees|ples|ns))\s+)"
    r"(?=[a-z])",
    re.IGNORECASE,
)
_SINGULAR_DOER = re.compile(r"^(?:(?:and|then|so|plus)\s+)?(?:everyone|everybody|anyone|anybody)\s+", re.IGNORECASE)


def idea_tail(sentence: str) -> list[str]:
    """The things the app does, each without who does it, when the sentence tells them after the idea and a dash or
    a colon; [] otherwise."""
    from pmtui.product.brains.offline.discovery.clues import feature_items

    found = _IDEA_THEN.search(sentence)
    if not found:
        return []
    items: list[str] = []
    for piece in re.split(r",\s*(?:and\s+|then\s+)?|\s+and\s+(?=(?:the\s+|other\s+)*[a-z]+\s+[a-z]+)", found.group("does")):
        piece = piece.strip()
        singular = bool(_SINGULAR_DOER.match(piece))
        doing = _DOER.sub("", piece, count=1)
        if doing == piece:
            continue  # no one doing it: not a thing the app lets someone do
        if singular:
            # "everyone knows who's driving": the doing as the wish says it ("Know who's driving").
            doing = re.sub(r"^(\w+?)s\b", r"\1", doing, count=1)
        items += feature_items(doing)
    return items if len(items) >= 2 else []
