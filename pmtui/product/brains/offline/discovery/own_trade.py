"""A founder who names their own trade ("i'm a plumber in brisbane, me and 3 apprentices") is building for people like
them: who it is for, until "it's for …" says otherwise."""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.text import clean, has_persona, is_generic_only, persona_phrase

# "I'm a/an <trade>" where a sentence or a clause starts, after a greeting or a "so"; the trade ends at a place
# ("in brisbane"), a comma or the end. "I'm a bit tired" and "I'm an idiot" name no trade.
_SELF_TRADE = re.compile(
    r"(?:^|[.!?]\s+|,\s*)(?:(?:so|well|hi|hey|hello|basically|ok|okay|yeah)\W+)*(?:i'?m|i am|im)\s+(?:a|an)\s+"
    r"(?P<who>[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)(?=\s+(?:in|from|at|based|here|out of|with|for|who|and)\b|"
    r"\s*[,.;!]|\s*$)",
    re.IGNORECASE,
)
# Where the description of the founder's trade ends: a new clause.
_CLAUSE_END = re.compile(r"\s+(?:and|but|so|cos|coz|because|cause|which|where)\s+(?!\d)(?!(?:a|an|the|my|our)\s+\w+s\b)"
                         r"|[.;!?]", re.IGNORECASE)


def own_trade(clause: str) -> str:
    """The founder's own trade and where they work ("plumber in brisbane, me and 3 apprentices"), or ''."""
    match = _SELF_TRADE.search(clause)
    if not match:
        return ""
    who = match.group("who")
    people = persona_phrase(who)
    if not people or not has_persona(people) or is_generic_only(people) or people.lower() != who.lower():
        return ""
    rest = clause[match.start("who"):]
    end = _CLAUSE_END.search(rest, len(who))
    return clean(rest[: end.start()] if end else rest)
