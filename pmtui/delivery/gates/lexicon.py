"""A lexicon bridge from the criterion's domain noun to the code's own name for it (round 23, issue 7 part 3).

A founder writes "tree", "marquee", "clock", "fabric"; the coding agent writes `spruce`, `tent`, `timepiece`, `cloth`.
Hand-written word lists reach only the examples they were written for, so this bridge reads a real lexicon: WordNet
3.0's nouns, cut down by `bench/build_lexicon.py` to `pmtui/data/lexicon.json.gz` (single words, their frequent senses
only, near hypernyms, parts; WordNet's license in `pmtui/data/WORDNET_LICENSE`). It is read once, on first use.

A noun of the criterion that the change names nowhere may be shown by a word of the unit's code that the lexicon
relates to it, through one of the kinds in `KINDS`:
- "synonym": a frequent sense they share (`fabric` / `cloth`, `family` / `household`);
- "kind": the code's word is a kind of the noun, up to `LEVELS` hypernym steps (`room` / `bedroom`);
- "general": the code names the noun by a more general thing, up to `LEVELS` steps (`marquee` / `tent`);
- "part": the code's word is a part or member of the noun's thing;
- "whole": the code's word is a whole the noun's thing is part of;
- "sibling": both are kinds of one thing at least `SIBLING_DEPTH` steps below `entity` (`ride` / `trip`: journeys).
The matcher uses synonym, part, whole and sibling; "kind" and "general" each let a wrong change of the corpus through
when measured (round 23, docs/benchmarks.md), so they are off. Never through WordNet's abstract top levels (a synset
fewer than `MIN_DEPTH` steps below `entity`: object, artifact, act, whole, instrumentality …), never through a word
the criterion uses for something else, and never for the criterion's actions, people or times (the title bridge's
`_thing`). One noun a unit at most, and the unit must show another deciding word of the criterion; its verb, numbers,
recipient, filter and every other word must still be shown, and the caller applies the title bridge's checks (the
criterion's compounds on one line, a noun in a relative clause never bound).
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pmtui.delivery.gates.change_evidence import Unit
from pmtui.delivery.gates.title_bridge import _thing
from pmtui.delivery.gates.vocabulary import Concept, split_identifier, stem

DATA = Path(__file__).resolve().parents[2] / "data" / "lexicon.json.gz"
# measured in round 23 (docs/benchmarks.md): "kind" and "general" each let a wrong change through, so they are off
ALL_KINDS = ("synonym", "kind", "general", "part", "whole", "sibling")
KINDS = ("synonym", "part", "whole", "sibling")
LEVELS = 2
MIN_DEPTH = 5
MAX_BOUND = 1
SIBLING_DEPTH = 7
_PRODUCT = frozenset({"app", "user", "users"})  # "the app shows", "a user can": the product and its user
_SUFFIXES = (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("xes", "x"), ("zes", "z"), ("ses", "s"),
             ("men", "man"), ("s", ""))
# comments and docstrings say what code is about, not what it handles: the code's own words only
_COMMENT = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|/\*[\s\S]*?\*/|(?:#|//|--)[^\n]*')


@dataclass(frozen=True)
class Lexicon:
    words: dict[str, tuple[int, ...]]
    depth: tuple[int, ...]
    up: dict[int, tuple[int, ...]]
    parts: dict[int, tuple[int, ...]]
    heads: dict[str, tuple[int, ...]]
    plurals: dict[str, str]


@cache
def lexicon() -> Lexicon:
    """The lexicon, read and decoded once per process."""
    raw = json.loads(gzip.decompress(DATA.read_bytes()))
    return Lexicon(words={w: tuple(s) for w, s in raw["words"].items()}, depth=tuple(raw["depth"]),
                   up={int(k): tuple(v) for k, v in raw["up"].items()},
                   parts={int(k): tuple(v) for k, v in raw["parts"].items()},
                   heads={w: tuple(s) for w, s in raw["heads"].items()}, plurals=raw["plurals"])


@cache
def lemma(word: str) -> str | None:
    """The lexicon's entry for a word as written ("clocks" → "clock", "knives" → "knife"), or None."""
    word = word.lower()
    lex = lexicon()
    if word in lex.words:
        return word
    if word in lex.plurals:
        return lex.plurals[word]
    for suffix, ending in _SUFFIXES:
        if word.endswith(suffix) and (base := word[: -len(suffix)] + ending) in lex.words:
            return base
    return None


def _above(senses: Collection[int], lex: Lexicon) -> set[int]:
    """The hypernyms up to LEVELS steps of the senses."""
    found: set[int] = set()
    frontier = set(senses)
    for _ in range(LEVELS):
        frontier = {p for s in frontier for p in lex.up.get(s, ())}
        found |= frontier
    return found


@cache
def relation(noun: str, word: str, kinds: tuple[str, ...] = KINDS) -> str | None:
    """How the lexicon relates the code's word to the criterion's noun (one of `kinds`), or None."""
    lex = lexicon()
    n, w = lemma(noun), lemma(word)
    if n is None or w is None or n == w:
        return None
    ours, theirs = set(lex.words[n]), set(lex.words[w])

    def deep(synsets: Collection[int]) -> bool:
        return any(lex.depth[s] >= MIN_DEPTH for s in synsets)

    checks = {
        "synonym": lambda: deep(ours & theirs),
        "kind": lambda: deep(ours & _above(theirs, lex)),
        "general": lambda: deep(theirs & _above(ours, lex)),
        # a part named by a compound's head ("knife blade" → `blade`) is the code's word too
        "part": lambda: deep({p for s in ours for p in lex.parts.get(s, ()) if p in theirs | set(lex.heads.get(w, ()))}),
        "whole": lambda: deep({p for s in theirs for p in lex.parts.get(s, ()) if p in ours}),
        "sibling": lambda: any(lex.depth[p] >= SIBLING_DEPTH for p in
                               {p for s in ours for p in lex.up.get(s, ())} & {p for s in theirs for p in lex.up.get(s, ())}),
    }
    return next((kind for kind in kinds if checks[kind]()), None)


def code_words(unit: Unit) -> set[str]:
    """The words of the unit's code (its names, its SQL and its messages), not of its comments or docstrings."""
    text = _COMMENT.sub(" ", unit.code_text)
    return {part.lower() for name in re.findall(r"[A-Za-z_$][\w$]*", text) for part in split_identifier(name)
            if len(part) > 2}


def lexicon_bound(missing: Sequence[Concept], said: Collection[Concept], named: Collection[str], unit: Unit,
                  kinds: tuple[str, ...] | None = None) -> list[Concept]:
    """The criterion's first missing noun, named nowhere in the change, that a word of the unit's code is related to by
    the lexicon, when the unit shows another deciding word of the criterion; [] otherwise. A code word that is (a form
    of) another word of the criterion stands for that word, not for the noun."""
    lacking = [c for c in missing if c.strong]
    shown = [c for c in said if c.strong and c.label.lower() not in _PRODUCT]
    if not lacking or not shown:
        return []
    used = {alt for c in said for alt in c.alternatives}
    words = [w for w in sorted(code_words(unit)) if stem(w) not in used]
    bound = [c for c in lacking if _thing(c) and not c.alternatives & set(named)
             and any(relation(c.label, word, kinds or KINDS) for word in words)]
    return bound[:MAX_BOUND]
