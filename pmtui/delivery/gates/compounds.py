"""The compounds of a criterion (moved out of alignment.py in round 18, at its 800 lines): the noun that names a
compound's kind after a determiner ("the karaoke queue"), the noun after "same" and the things joined by "and", and
whether a compound's head is shown by a unit.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from pmtui.delivery.gates.vocabulary import Concept, CriterionReading, is_action

_TOKEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*(?:'s\b)?")

# what comes before a compound ("a fishing licence", "each co-op member", "in the karaoke queue")
DETERMINERS = frozenset(["a", "an", "the", "each", "every", "my", "your", "our", "their", "its", "his", "her", "this",
                         "that", "these", "those", "any", "all", "no"])
# adjectives that state a condition, not a name: "the old search", "paid orders", "the next day"
CONDITIONS = frozenset(["old", "new", "next", "last", "previous", "current", "same", "other", "only", "first", "open",
                        "closed", "free", "paid", "active", "empty", "full", "late", "early", "public", "private",
                        "default", "legacy", "main", "primary", "valid", "expired", "more", "less", "most", "least",
                        "extra", "single", "double", "whole", "total", "daily", "weekly", "monthly", "yearly",
                        "available"])


def compound_modifiers(criterion: str, reading: CriterionReading) -> frozenset[str]:
    """Nouns of the criterion that name a compound's kind after a determiner: "karaoke" in "the karaoke queue",
    "fishing" in "a fishing licence", "co-op" in "each co-op member" — never a condition ("the old search")."""
    labels = {c.label.lower(): c for c in reading.concepts if c.strong and c.kind == "word"}
    # round 9: the head may be a plain word ("the launch site")
    heads = labels.keys() | {c.label.lower() for c in reading.concepts if c.kind == "word"}
    tokens = [token.replace("-", "").removesuffix("'s").lower() for token in _TOKEN.findall(criterion)]
    return frozenset(word for before, word, head in zip(tokens, tokens[1:], tokens[2:], strict=False)
                     if before in DETERMINERS and word in labels and head in heads and word not in CONDITIONS
                     and not word.endswith(("ed", "est", "ing")) and not is_action(labels[word])
                     and not labels[word].negated_of)


def same_keys(criterion: str, reading: CriterionReading) -> frozenset[str]:
    """The noun after "same" (the head of its compound): "on the same day" → day, "the same studio room" → room.
    Two things are the same by it, so the code must compare it: never the one word a long criterion may miss. And
    two things joined by "and" ("confirmed by email and SMS"): half of them is half the criterion."""
    labels = {c.label.lower() for c in reading.concepts if c.strong and c.kind == "word"}
    tokens = [token.replace("-", "").removesuffix("'s").lower() for token in _TOKEN.findall(criterion)]
    found: set[str] = set()
    # "by email and SMS": both things joined by "and" are asked for, the second is no word to miss
    for first, joint, second in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if joint == "and" and first in labels and second in labels:
            found |= {first, second}
    for index, token in enumerate(tokens):
        if token != "same":
            continue
        head = ""
        for word in tokens[index + 1:index + 4]:
            if word not in labels:
                break
            head = word
        if head:
            found.add(head)
    return frozenset(found)


def heads_shown(label: str, criterion: str, matched: Sequence[Concept]) -> bool:
    """Whether the word after the modifier (the compound's head) is shown by the unit."""
    tokens = [token.replace("-", "").removesuffix("'s").lower() for token in _TOKEN.findall(criterion)]
    shown = {c.label.lower() for c in matched}
    return any(first == label.lower() and second in shown for first, second in itertools.pairwise(tokens))
