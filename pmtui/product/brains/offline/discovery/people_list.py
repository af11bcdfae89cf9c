"""Who it is for, said as a list and a count: every one of the people listed, the count beside them.

"builders, plasterers, sparkies - about 150 regulars" is "builders, plasterers and sparkies (about 150 regulars)" — not
"builders" (the first of the list) nor "builders, about 150 regulars" (the count told as if it were more people).
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.text import clean, has_persona, persona_phrase

_SEP = re.compile(r"\s*[,/]\s*(?:and\s+|or\s+|&\s*)?|\s+(?:and|or|&|\+)\s+", re.IGNORECASE)
_COUNTED = re.compile(
    r"^(?:(?:about|around|roughly|some|nearly|almost|over|maybe|like|approx(?:imately)?|~)\s*)?\d[\d,]*\+?"
    r"(?:\s+[\w'-]+){1,3}"
    # "about 340 pupils so maybe 250 families": a count worked out from another is one count, said in two steps.
    r"(?:\s+(?:so|which is|which makes|that'?s|i\.?e\.?|or)\s+(?:(?:about|around|roughly|maybe|like|say|probably)\s+)?"
    r"\d[\d,]*\+?(?:\s+[\w'-]+){1,3})?$",
    re.IGNORECASE,
)


def listed_people(clause: str, named: str) -> str:
    """'builders, plasterers, sparkies' with 'builders' named: all three, as 'builders, plasterers and sparkies'."""
    parts = [part.strip() for part in _SEP.split(clean(clause)) if part.strip()]
    while len(parts) > 2 and _COUNTED.match(parts[-1]):
        # "cleaners, window fitters, roughly 40 of them": the count is said beside the list (with_count).
        parts.pop()
    if len(parts) < 2 or named.lower() not in {part.lower() for part in parts}:
        return named
    if not all(len(part.split()) <= 3 and persona_phrase(part).lower() == part.lower() and has_persona(part)
               for part in parts):
        return named
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def with_count(parts: list[str]) -> str:
    """The people and then 'about 150 regulars': how many of them, in brackets beside them."""
    said = ""
    for part in (segment for whole in parts for segment in whole.split(", ")):
        bare = part.strip(" .!;")
        if said and _COUNTED.match(bare) and not said.endswith(")"):
            said = f"{said} ({bare})"
        else:
            said = f"{said}, {part}" if said else part
    return said
