"""A count of the users said per place: "about 300 per hospital", "20-odd in each branch", "maybe 15 nurses a ward",
and how many places there are: "we'd start with 2 hospitals", "across three branches", "in 4 of our clinics".

Founders of a product sold to outfits (hospitals, schools, gyms, depots) count their users per outfit. The count is
a count of the users: times the places when the founder says how many, else one place's worth (the least it can
be). A count of things or time ("3 shifts a week", "$1 per nurse per month", "10 tables per restaurant") is no count
of anyone.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from pmtui.product.brains.offline.discovery.numbers import in_digits, in_words
from pmtui.product.brains.offline.headcount import people_noun
from pmtui.product.search import stem

_FLAGS = re.IGNORECASE
# Per what: a time, a person or a sum is no place ("a week", "per nurse", "per head", "a pop").
_NOT_A_PLACE = frozenset([
    "second", "minute", "hour", "day", "night", "morning", "evening", "week", "fortnight", "month", "quarter",
    "year", "term", "semester", "season", "shift", "visit", "session", "time", "go", "pop", "head", "piece",
    "unit", "item", "order", "booking", "trip", "lesson", "call", "monday", "tuesday", "wednesday", "thursday",
    "friday", "saturday", "sunday", "weekend", "weekday"
])
# Per one person is a price or a share, not a place: "per user", "a member", "each client".
_ONE_PERSON = frozenset([
    "person", "people", "user", "member", "customer", "client", "individual", "employee", "worker", "staff",
    "family", "household", "kid", "child", "adult", "patient", "student", "pupil", "parent", "head"
])
PER_PLACE = re.compile(
    r"(?<![\w$£€¥₹₦.,-])(?P<number>\d{1,3}(?:,\d{3})+|\d+)(?P<odd>-?odd|ish|\+)?\s+"
    r"(?:(?P<who>(?:(?!(?:per|a|an|each|in|at|for|every)\b)[a-z][\w'-]*\s+){1,2}?))?"
    r"(?:per|a|an|in\s+each|at\s+each|for\s+each|in\s+every|at\s+every|every)\s+(?P<place>[a-z][\w'-]*)\b",
    _FLAGS,
)
# "twenty-odd", "forty odd", "thirty-ish": the number, roughly (the digits' own "-odd" is kept by PER_PLACE).
_ROUGHLY = re.compile(r"(?<=[a-z])(?:-odd|\s+odd|-ish)\b(?=\s+[a-z])", _FLAGS)
_LEAD = re.compile(r"(?:about|around|roughly|maybe|like|some|over|nearly|almost|probably|approx\.?)\s+$", _FLAGS)


class PerPlace(NamedTuple):
    """How many users in all, the words that say it (as the founder said them), who they count ("" when the count
    names no one and follows the users), and the place when how many of them was not said (one place's worth)."""

    value: float
    phrase: str
    who: str = ""
    one_place: str = ""


def _plural(place: str) -> str:
    place = place.lower()
    if place.endswith(("s", "x", "ch", "sh")):
        return rf"{re.escape(place)}(?:es)?"
    if place.endswith("y") and place[-2:-1] not in "aeiou":
        return rf"{re.escape(place[:-1])}(?:y|ies)"
    return rf"{re.escape(place)}s?"


def _places(text: str, place: str, per: re.Match[str]) -> tuple[int, str] | None:
    """How many of the place the text says there are ("2 hospitals", "three of our hospitals"), other than the
    per-place count itself."""
    pattern = re.compile(rf"(?<![\w$£€.,-])(\d{{1,4}})\s+(?:(?:of\s+)?(?:the|our|their|my)\s+)?(?:[a-z][\w'-]*\s+)?"
                         rf"{_plural(place)}\b", _FLAGS)
    for found in pattern.finditer(text):
        if per.start() <= found.start() < per.end():
            continue
        value = int(found.group(1))
        if 1 <= value <= 10_000:
            return value, found.group(0)
    return None


def per_place_count(text: str, users: str = "") -> PerPlace | None:
    """The users in all, when `text` counts them per place; `users` (who the product is for) decides a count that
    names no one ("about 300 per hospital" after "nurses"). None when the text counts no people per place."""
    plain, said = in_digits(_ROUGHLY.sub("", text))
    for found in PER_PLACE.finditer(plain):
        place, who = found.group("place").lower(), (found.group("who") or "").lower().strip()
        head = who.split()[-1] if who else ""
        if place in _NOT_A_PLACE or _one_person(place, users) or who.split()[:1] in (["of"], ["and"], ["or"], ["to"]):
            continue
        if who and not people_noun(head) and not is_users_word(head, users):
            continue  # "10 tables per restaurant": things, not people
        if not who and not _names_the_users(plain[: found.start()], users):
            continue
        if re.search(r"(?:\d|\b(?:one|a|an))\s*(?:[-\u2013]|to|or)\s*$", plain[: found.start()], _FLAGS):
            continue  # "one or two mums per school": a range of each place's size
        value = float(found.group("number").replace(",", ""))
        if not 2 <= value <= 100_000:
            continue
        lead = _LEAD.search(plain[: found.start()])
        phrase = plain[lead.start() if lead else found.start(): found.end()]
        places = _places(plain, place, found)
        if places is not None:
            return PerPlace(value * places[0], in_words(f"{phrase} × {places[1]}", said), who)
        return PerPlace(value, in_words(phrase, said), who, place)
    return None


def _one_person(word: str, users: str) -> bool:
    return stem(word) in _ONE_PERSON or stem(word) in {stem(w) for w in _heads(users)}


def _heads(text: str) -> set[str]:
    """The people a phrase names by their head noun: "nurses" of "Hospital nurses" (a hospital is where they are)."""
    words = re.findall(r"[a-z][\w'-]*", text.lower())
    return {w for i, w in enumerate(words) if people_noun(w) and not (i + 1 < len(words) and people_noun(words[i + 1]))}


def is_users_word(word: str, users: str) -> bool:
    """`word` is the founder's own noun for the users ("baristas" of "baristas in small coffee chains", "midwife" of
    "community midwives")."""
    return stem(word) in {stem(w) for w in re.findall(r"[a-z][\w'-]{2,}", users.lower())} - _FILLER


def _names_the_users(before: str, users: str) -> bool:
    """The clause before a bare per-place count names the users ("Hospital nurses on rotating shifts, about 300 …",
    "groundsmen, maybe 6 at each club")."""
    clause = re.split(r"[.!?;]\s", before)[-1].lower()
    said = {stem(w) for w in re.findall(r"[a-z][\w'-]{2,}", clause)}
    named = {stem(w) for w in re.findall(r"[a-z][\w'-]{2,}", users.lower())} - _FILLER
    if named:
        return bool(said & named)
    return bool(_heads(clause))


_FILLER = frozenset({"the", "and", "for", "who", "with", "our", "their", "on", "in", "at", "of", "mostly", "about"})
