"""A wish that points back at the one before it: "see how much fee is due and pay it", "see whats in stock by size
and reserve it", "parents offer seats, other parents grab them". "Pay it" as a row says nothing (the scope dropped
it without a word); the thing it points to is the object of the wish before: "Pay the fee", "Reserve the stock",
"Grab seats".
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.text import content_words

_POINTING = re.compile(r"^(?P<verb>[A-Za-z][\w'-]*)(?P<more>(?:\s+(?:up|out|off|back|in|on|down))?)\s+(?P<it>it|them)$",
                       re.IGNORECASE)
# Words of a wish that are not the thing it is about: its verbs and what asks how much or where.
_NOT_THE_THING_TEXT = """see view check find know get show track add send make let can could much many what whats
    what's where which who how when is are be due left available free ready late there here online quickly easily
    offer offers grab grabs book books pick picks choose"""
_NOT_THE_THING = frozenset(_NOT_THE_THING_TEXT.split())


def _thing(wish: str) -> str | None:
    """The thing a wish is about: its first content word that is no verb or question word ("fee" of "See how much fee
    is due"), with the word after it when that names the thing too ("school bags")."""
    words = [w for w in content_words(wish) if w.isalpha()]
    things = [w for w in words if w.lower() not in _NOT_THE_THING]
    return things[0].lower() if things else None


def the_thing_meant(items: list[str]) -> list[str]:
    """The wishes with "VERB it/them" named by the thing of the wish before ("Pay it" after "See how much fee is due"
    is "Pay the fee")."""
    named: list[str] = []
    for item in items:
        pointing = _POINTING.match(item.strip())
        thing = _thing(named[-1]) if pointing and named else None
        if pointing and thing:
            verb = f"{pointing.group('verb')}{pointing.group('more')}"
            item = f"{verb} the {thing}" if pointing.group("it").lower() == "it" else f"{verb} {thing}"
        named.append(item)
    return named
