"""What a criterion pairs, the code must pair the same way (round 10).

- Values named one each: "minor penalty = 2 min in the box, major = 5 min" gives 2 to minor and 5 to major;
  `MINOR(5), MAJOR(2)` (or `MINOR_MINUTES = 5` and `MAJOR_MINUTES = 2`) gives each the other's. When every place the
  code names both with a number pairs them crosswise, the values are swapped.
- One per something: "a berth can be let to only one boat per season" makes the berth unique in a season: a unique key
  on (boat_id, season) makes the boat unique instead, and still lets a berth twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

_PAIR = re.compile(r"\b([a-z]{3,})(?:\s+[a-z]{3,})?\s*(?:=|:|\bis\b|\bare\b|\bgets?\b)\s*(\d+(?:\.\d+)?)\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`")
_COMMENT = re.compile(r"^\s*(?:#|//|/\*|\*|--)")


def _pairs(criterion: str) -> list[tuple[str, str]]:
    pairs = [(name.lower(), number) for name, number in _PAIR.findall(criterion)]
    names = [name for name, _ in pairs]
    numbers = [number for _, number in pairs]
    return pairs if len(pairs) >= 2 and len(set(names)) == len(names) and len(set(numbers)) == len(numbers) else []


def _named_at(line: str, name: str) -> list[int]:
    return [m.start() for m in re.finditer(rf"(?<![a-z]){name}(?![a-z])", line.lower())]


def values_swapped(criterion: str, code: str) -> str:
    """Why each place the code names two of the criterion's named values gives each the other's number, or ""."""
    pairs = _pairs(criterion)
    for (one, first), (other, second) in pairwise(pairs):
        crossed = straight = 0
        for raw in code.splitlines():
            if _COMMENT.match(raw):
                continue
            line = _STRING.sub('""', raw)
            found: dict[str, str] = {}
            for name in (one, other):
                for at in _named_at(line, name):
                    later = _NUMBER.search(line, at)
                    if later:
                        found.setdefault(name, later.group(0))
            for name, number in found.items():
                own, theirs = (first, second) if name == one else (second, first)
                if _plain(number) == own:
                    straight += 1
                elif _plain(number) == theirs:
                    crossed += 1
        if crossed >= 2 and not straight:
            return f"it gives {one} the number {second} and {other} the number {first}: the values swapped"
    return ""


def _plain(value: str) -> str:
    return value.rstrip("0").rstrip(".") if "." in value else value


_ONE_PER = re.compile(r"^\s*(?:an?|the|each|every|one)\s+([a-z]+)\s+(?:can|may|must|should|is|are|will)\b.*?"
                      r"\bonly\s+(?:one|a\s+single)\s+([a-z]+)\s+(?:per|each|a|every)\s+([a-z]+)", re.IGNORECASE)
_UNIQUE_KEY = re.compile(r"\bUNIQUE\b[^(\n]*\(([^)]*)\)|\bunique_together\s*=\s*[\[(]+([^)\]]*)|"
                         r"\bUniqueConstraint\(\s*fields\s*=\s*[\[(]([^)\]]*)|@@unique\(\[([^\]]*)\]", re.IGNORECASE)


def unique_on_the_other(criterion: str, code: str, stem: Callable[[str], str]) -> str:
    """Why the code's every unique key names what the criterion allows one of, not what it makes unique, or ""."""
    match = _ONE_PER.search(criterion)
    if not match:
        return ""
    subject, allowed, per = (stem(w.lower()) for w in match.groups())
    keys = [" ".join(g for g in groups if g) for groups in _UNIQUE_KEY.findall(code)]
    if not keys:
        return ""

    def names(key: str, word: str) -> bool:
        return any(stem(part) == word for part in re.findall(r"[a-z]+", key.lower()))

    if all(names(key, allowed) and not names(key, subject) for key in keys):
        return f"its unique key is on the {match.group(2)}, where the criterion makes each {match.group(1)} unique per {per}"
    return ""
