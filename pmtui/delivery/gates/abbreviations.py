"""A word and its abbreviation, either way round (round 13).

Engineers shorten names (`pw`, `qty`, `hdr`, `msg`, `cfg`, `tz`) and so do users writing criteria ("pw reset token
valid 30 min", "rejects qty<=0"). A short name is read as a long word when it could only be written that way: two to
four letters (two: both consonants), the first the word's first letter, the rest consonants found in the word in order, and not merely
its plural ending (`ms` is not "minutes"). The same test serves the criterion's short word against the code's long
name and the criterion's long word against the code's short name.
"""

from __future__ import annotations

from collections.abc import Iterable

from pmtui.delivery.gates.vocabulary import one_typo_apart
from pmtui.delivery.gates.vocabulary_data import WEAK

_VOWELS = frozenset("aeiou")


def abbreviates(short: str, word: str) -> bool:
    """Whether `short` is an abbreviation of `word` (`pw` of "password", `qty` of "quantity", `hdr` of "header"),
    in the plural too (`hdrs` of "header")."""
    if len(short) >= 3 and short.endswith("s") and _abbreviates(short[:-1], word.removesuffix("s")):
        return True
    return _abbreviates(short, word)


def _abbreviates(short: str, word: str) -> bool:
    if not (2 <= len(short) <= 4 and short.isalpha() and word.isalpha() and len(word) >= len(short) + 3):
        return False
    if short in WEAK:
        return False  # round 23: a code word of its own (`app` of `from app.db import …`, `api`) shortens no other word
    if short[0] != word[0] or _VOWELS & set(short[1:]) or (len(short) == 2 and short[0] in _VOWELS):
        return False  # two letters begun by a vowel are a word of their own: `in`, `is`, `on`, `at`
    if word.endswith("s") and short.endswith("s") and "s" not in word[1:-1]:
        return False  # `ms`, `ts` end where a plural does: "minutes", "tests"
    position = 1
    for letter in short[1:]:
        position = word.find(letter, position)
        if position < 0:
            return False
        position += 1
    return True


def spelled_alike(wanted: str, names: Iterable[str]) -> bool:
    """Whether a name of the code is the criterion's word with a typo ("invoce") or either one's abbreviation."""
    return any((len(wanted) >= 5 and len(name) >= 4 and one_typo_apart(wanted, name))
               or abbreviates(name, wanted) or abbreviates(wanted, name) for name in names)
