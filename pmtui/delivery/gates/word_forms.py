"""Word forms shared by criteria and code (moved out of vocabulary.py in round 18, at its 800 lines): the light
stemmer, British spellings, identifier splitting, the synonym groups a word belongs to, the concepts a text of code
names, the numbers it states, and the one-typo match. vocabulary.py reads criteria with these and re-exports them.
"""

from __future__ import annotations

import itertools
import re
from functools import cache, lru_cache

from pmtui.delivery.gates.synonyms import _GROUPS
from pmtui.delivery.gates.user_phrasing import status_numbers
from pmtui.delivery.gates.vocabulary_data import IRREGULAR_PLURALS

WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*|\d+(?:\.\d+)?")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:[._]\d+)*)")
# Spelling: British forms are read as American ones on both sides.
# Spelling: British forms are read as American ones on both sides.
_BRITISH = ((re.compile(r"(?<=[a-z]{2})our(?=s?$|ed$|ing$|ite|ites|able|ful|less|ist)"), "or"),
            (re.compile(r"(?<=[a-z]{3})is(?=e$|ed$|es$|ing$|er$|ers$|ation$|ations$)"), "iz"),
            (re.compile(r"(?<=[a-z]{3})ys(?=e$|ed$|es$|ing$)"), "yz"),
            (re.compile(r"(?<=[a-z]{3})tre(?=s?$)"), "ter"),
            (re.compile(r"(?<=[a-z]{4})ogue(?=s?$)"), "og"))


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light stemmer: British spellings read as American ("colour" → color), plurals, -ing, -ed, -ly and a
    trailing e go, doubled consonants are undoubled ("cancelled" and "canceled" meet)."""
    word = word.lower()
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if len(word) <= 3 or word.isdigit():
        return word
    for pattern, replacement in _BRITISH:
        word = pattern.sub(replacement, word)
    for suffix, replacement in (("ies", "y"), ("ied", "y"), ("sses", "ss"), ("ingly", ""), ("edly", ""),
                                ("ing", ""), ("ed", ""), ("ers", ""), ("er", ""), ("ly", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            # "defer" is not "def", "order" not "ord": -er goes only from a longer stem ("worker" → work)
            if suffix in ("er", "ers") and len(word) - len(suffix) < 4:
                continue
            # "apply", "reply", "early" are no adverbs: -ly goes only from a longer stem ("weekly" → week)
            if suffix == "ly" and len(word) - len(suffix) < 4:
                continue
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                continue
            if suffix == "es" and not word.endswith(("ches", "shes", "xes", "sses", "zes")):
                continue
            word = word[: -len(suffix)] + replacement
            break
    if len(word) > 3 and word[-1] == word[-2] and (word[-1] not in "lsz" or (word[-1] == "l" and len(word) > 5)):
        word = word[:-1]
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


@cache
def _group_index() -> dict[str, frozenset[str]]:
    index: dict[str, set[str]] = {}
    for concept, members in _GROUPS.items():
        for member in [concept, *members.split()]:
            index.setdefault(stem(member), set()).add(concept)
    return {word: frozenset(groups) for word, groups in index.items()}


@lru_cache(maxsize=65536)
def concepts_of_word(word: str) -> frozenset[str]:
    """The word's stem and every synonym group it belongs to."""
    stemmed = stem(word)
    return frozenset({stemmed, *_group_index().get(stemmed, ())})


# a noun made from a verb or an adjective names what code calls by the verb: "cancellation" is `cancel`,
# "payment" `pay`, "acceptance" `accept`, "renewal" `renew`, "activity" `active`
_DERIVATIONS = (("ications", "y"), ("ication", "y"), ("ations", ""), ("ation", ""), ("itions", ""), ("ition", ""),
                ("ions", ""), ("ion", ""), ("ments", ""), ("ment", ""), ("ances", ""), ("ance", ""), ("ences", ""),
                ("ence", ""), ("ities", ""), ("ity", ""), ("als", ""), ("al", ""))


@lru_cache(maxsize=65536)
def derived_concepts(word: str) -> frozenset[str]:
    """The concepts of the verb or adjective a noun is made from (nothing for a word not so made)."""
    lowered = word.lower()
    for suffix, replacement in _DERIVATIONS:
        root = lowered[: -len(suffix)] + replacement if lowered.endswith(suffix) else ""
        if len(root) >= (4 if suffix.startswith("ment") else 5):  # not "signal" → sign, "mention" → ment
            return concepts_of_word(root) | concepts_of_word(root + "e")
    return frozenset()


def split_identifier(raw: str) -> list[str]:
    """`saveHabitHistory`, `save_habit_history`, `SAVE-HABIT` → save, habit, history (lower case)."""
    return list(_split_identifier(raw))


@lru_cache(maxsize=65536)
def _split_identifier(raw: str) -> tuple[str, ...]:
    parts: list[str] = []
    for chunk in re.split(r"[_\-]+", raw):
        parts.extend(piece.lower() for piece in _CAMEL.sub(" ", chunk).split() if piece)
    return tuple(parts)


def words(text: str) -> list[str]:
    """Every word of a text, identifiers split, in order (numbers included)."""
    found: list[str] = []
    for raw in WORD.findall(text):
        if raw[0].isdigit():
            found.append(raw)
            continue
        found.extend(split_identifier(raw))
    return found


@lru_cache(maxsize=8192)
def code_concepts(text: str) -> frozenset[str]:
    """Concepts of code text: its words, their stems and groups, joined pairs (`NOT_FOUND` → notfound)."""
    found: set[str] = set()
    # Whole identifiers, underscores and all: `sign_up` joins to signup as `signUp` does (WORD stops at "_").
    for raw in _IDENTIFIER.findall(text):
        parts = split_identifier(raw)
        for part in parts:
            found |= concepts_of_word(part)
        for first, second in itertools.pairwise(parts):
            found |= concepts_of_word(first + second)
        if len(parts) > 1:
            found |= concepts_of_word("".join(parts))
    return frozenset(found)


def numbers_in(text: str) -> set[str]:
    """Number literals in a text (`10_000` → 10000, `.2f` → 2, `90s` → 90)."""
    found = {match.replace("_", "") for match in _NUMBER.findall(text)}
    found |= set(re.findall(r"(?<=[.:])(\d+)(?=[a-zA-Z%])", text))
    found |= set(re.findall(r"(\d+)(?=[a-zA-Z])", text))
    # a range's bounds: `in 0..7`, `0..<7`, `(1...10)`
    found |= {n.replace("_", "") for n in re.findall(r"(?<=[\w)])\.\.[.<=]?\s*(\d[\d_]*)\b", text)}
    # `tail -n +8` keeps everything after the first 7 lines: it states 7, not 8
    found |= {str(int(n) - 1) for n in re.findall(r"\btail\s+-n\s*\+(\d+)", text)}
    found -= {n for n in re.findall(r"\btail\s+-n\s*\+(\d+)", text)
              if not re.search(rf"(?<![\w.+]){n}(?![\w.])", re.sub(r"\btail\s+-n\s*\+\d+", " ", text))}
    # rounding through a power of ten states its decimals: `Math.round(x * 10) / 10` is one, `* 100) / 100` two
    found |= {str(len(z) - 1) for z, w in re.findall(r"\bround\(\s*[^()]*?\*\s*(10+)\s*\)\s*/\s*(10+)", text) if z == w}
    # a product of literals is the number it makes: `5 * 60` seconds is 300
    for product in re.finditer(r"(?<![\w.])\d+(?:\s*\*\s*\d+)+(?![\w.])", text):
        value = 1
        for factor in re.findall(r"\d+", product.group(0)):
            value *= int(factor)
        found.add(str(value))
    found |= status_numbers(text)  # round 12: `http.StatusServiceUnavailable` is 503
    return {n.rstrip("0").rstrip(".") if "." in n else str(int(n)) for n in found}




def one_typo_apart(wanted: str, found: str) -> bool:
    """A letter missing, doubled, swapped or (in a long word) replaced, never the first one."""
    if wanted == found or wanted[:1] != found[:1] or len(wanted) < 5 or abs(len(wanted) - len(found)) > 1:
        return False
    if len(wanted) == len(found):
        diffs = [i for i, (a, b) in enumerate(zip(wanted, found, strict=True)) if a != b]
        if len(diffs) == 2 and diffs[1] == diffs[0] + 1:
            return wanted[diffs[0]] == found[diffs[1]] and wanted[diffs[1]] == found[diffs[0]]
        return len(diffs) == 1 and len(wanted) >= 7
    shorter, longer = sorted((wanted, found), key=len)
    for index in range(len(longer)):
        if longer[:index] + longer[index + 1:] == shorter:
            return True
    return False


@cache
def _vocabulary() -> tuple[str, ...]:
    return tuple(sorted({member for concept, members in _GROUPS.items() for member in [concept, *members.split()]}))


def _fuzzy_groups(word: str) -> frozenset[str]:
    """The groups of a vocabulary word one typo away from a word the vocabulary does not know ("seach")."""
    if stem(word) in _group_index() or len(word) < 5:
        return frozenset()
    found: set[str] = set()
    for member in _vocabulary():
        # round 18: a word that is a vocabulary word and one more letter at its end is another word ("event" is no
        # "even" mistyped, "planet" no "plane"): a typo drops, doubles, swaps or replaces, it rarely adds a last letter
        if one_typo_apart(word, member) and not (len(word) == len(member) + 1 and word.startswith(member)):
            found |= concepts_of_word(member)
    return frozenset(found)
