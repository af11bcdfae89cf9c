"""The constraints are several limits in one value: who builds, by when, with what money, on what. A correction of one
of them replaces that one only. At the summary card, "the AGM in february is our deadline" replaced the whole value,
and the builder ("my nephew … can build on weekends") and the budget ("maybe 5k shillings for SMS") were lost.
Shared by both engines (the labelled corrections of pmtui.product.labelled, the offline extractor).
"""

from __future__ import annotations

import re

_MONTHS = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|"
           r"nov(?:ember)?|dec(?:ember)?")
_FACETS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("budget", re.compile(
        r"[$£€₹₦₵₱]|\b(?:budget|money|costs?|spend|afford|funding|grant|savings|ksh|kes|shillings?|bob|rand|pounds?|"
        r"dollars?|euros?|naira|rupees?|cedis?|pesos?|quid|grand)\b|\b\d+(?:[.,]\d+)?\s*k\b", re.IGNORECASE)),
    ("time", re.compile(
        r"\b(?:deadline|launch|weeks?|wks?|months?|days?|years?|" + _MONTHS + r"|christmas|easter|eid|diwali|summer|"
        r"winter|spring|autumn|term|semester|season|agm|ready by|done by|live by|before the)\b", re.IGNORECASE)),
    ("team", re.compile(
        r"\b(?:me|myself|us|developers?|devs?|engineers?|programmers?|coders?|freelancers?|agency|team|co-?founders?|"
        r"nephew|niece|son|daughter|cousin|friend|brother|sister|wife|husband|partner|mate|build|builds|building|code|"
        r"codes|develop|weekends?|evenings?|part[- ]time|full[- ]time|solo|alone|on my own)\b", re.IGNORECASE)),
    ("rules", re.compile(
        r"\b(?:gdpr|hipaa|popia|compliant|compliance|regulations?|regulator|privacy|data protection|accessib\w+|"
        r"legal|licen[cs]e[ds]?|audit)\b", re.IGNORECASE)),
    ("platform", re.compile(
        r"\b(?:android|ios|iphone|ipad|web|browser|desktop|mobile|tablets?|windows|mac|linux|offline|whatsapp|ussd|"
        r"laptops?|pwa|app store|play store)\b", re.IGNORECASE)),
)


def facets(text: str) -> set[str]:
    """The kinds of limit a piece of the constraints speaks of."""
    return {name for name, pattern in _FACETS if pattern.search(text)}


def _groups(part: str) -> list[str]:
    """A part's limits: its clauses, each clause that names no kind of limit ("small", "he knows React") kept with the
    one before it (or, opening the part, with the one after)."""
    groups: list[str] = []
    waiting = ""
    for clause in re.split(r",\s+", part):
        if not clause.strip():
            continue
        if facets(clause) and (waiting or not groups or facets(clause) - facets(groups[-1])):
            groups.append(f"{waiting}, {clause}" if waiting else clause)
            waiting = ""
        elif groups:
            groups[-1] = f"{groups[-1]}, {clause}"
        else:
            waiting = f"{waiting}, {clause}" if waiting else clause
    return [*groups, waiting] if waiting else groups


def replace_facets(old: str, new: str) -> str:
    """The constraints with `new` in place of the limits of the same kinds; the other limits stay, and so does what
    names no kind of limit. A correction that names no kind of limit, or one that speaks of every kind the old value
    had, replaces the whole value."""
    said = facets(new)
    if not said or not old.strip():
        return new
    kept_parts = []
    for part in re.split(r"\s*;\s*", old.strip()):
        groups = _groups(part)
        kept = [group for group in groups if not facets(group) or not facets(group) <= said]
        if len(kept) == len(groups):
            kept_parts.append(part)
        elif kept:
            kept_parts.append(", ".join(kept))
    return "; ".join([*kept_parts, new]) if kept_parts else new
