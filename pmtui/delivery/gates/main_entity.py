"""The one thing a change is about, as a criterion's noun may name it (round 18).

A task's change often introduces one main entity: one new table, one record type (a dataclass, an ORM or pydantic
model, a TypeScript interface, a Go struct), whatever the agent chose to call it. A criterion names that thing in the
founder's words ("a quote", "their clean", "all event bookings") while the code says `Estimate`, `visits`, `Party`.
When the criterion's noun is named nowhere in the change, and the change declares one main entity, the noun binds to
that entity: the unit that handles the entity may show it. Nothing else is let go: the criterion's verb, numbers,
order, recipient and every other word must still be shown by that unit, and a blocker still blocks.

- the main entity: the word every record type and table the change declares shares (`Estimate` and `EstimateLine`
  share estimate; the `sessions` table and a `SessionIn` model share session); none when they share none (two
  different things) or when the change declares none;
- the noun: a word of the criterion after a determiner ("a", "the", "their", "all", "each" …), or the head of such a
  two-word compound ("all event bookings"), that is no condition ("the next day"), no action, no number and named
  nowhere in the change; at most one noun phrase binds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pmtui.delivery.gates.change_evidence import Unit, is_test_file
from pmtui.delivery.gates.compounds import CONDITIONS, DETERMINERS
from pmtui.delivery.gates.plan_titles import titled_by_plan, without_titled_imports
from pmtui.delivery.gates.vocabulary import Concept, code_concepts, is_action, split_identifier, stem

_TABLE = re.compile(r"\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?[\"'`\[]?(\w+)", re.IGNORECASE)
_RECORD = re.compile(
    r"^\s*@dataclass\b[^\n]*\n\s*class\s+(\w+)"
    r"|^\s*class\s+(\w+)\s*\([^)]*\b(?:Model|BaseModel|Base|TypedDict|NamedTuple|SQLModel|Document|Schema)\b[^)]*\)\s*:"
    r"|^\s*(?:export\s+)?interface\s+(\w+)"
    r"|^\s*(?:export\s+)?type\s+(\w+)\s*=\s*\{"
    r"|^\s*type\s+(\w+)\s+struct\b",
    re.MULTILINE)
_TOKEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*(?:'s\b)?")
_SKIP = frozenset({"in", "out", "row", "record", "data", "item", "create", "update", "request", "response", "props",
                   "base", "model", "schema", "dto", "entity", "info", "input", "output", "payload", "result", "t"})


def declared_entities(files: Mapping[str, str]) -> list[frozenset[str]]:
    """The stems of each table and record type the change's code files declare (test files aside)."""
    found: list[frozenset[str]] = []
    for path, text in files.items():
        if is_test_file(path):
            continue
        names = [m for m in _TABLE.findall(text)]
        names += [next(g for g in groups if g) for groups in _RECORD.findall(text)]
        for name in names:
            stems = frozenset(stem(word) for word in split_identifier(name) if word not in _SKIP and len(word) > 2)
            if stems:
                found.append(stems)
    return found


def main_entity(files: Mapping[str, str]) -> str:
    """The one stem every declared table and record type shares, or "" (none declared, or no single shared one)."""
    entities = declared_entities(files)
    if not entities:
        return ""
    shared = frozenset.intersection(*entities)
    return next(iter(shared)) if len(shared) == 1 else ""


def named_by_code(units: Sequence[Unit], written: str) -> frozenset[str]:
    """What the change's code names anywhere, its comments and strings included, but not the words of a file the
    plan's task title named (`src/build_a_quote_on_site.py`, and the imports of it): those are the founder's words."""
    named: set[str] = set(code_concepts(without_titled_imports(written)))
    for unit in units:
        named |= code_concepts(without_titled_imports(unit.text)) | unit.around
        if not titled_by_plan(unit.path):
            named |= code_concepts(unit.path) | unit.concepts
    return frozenset(named)


_PLACES = frozenset({"in", "inside", "within", "at"})


def noun_phrase(criterion: str, missing: Sequence[Concept], named: frozenset[str]) -> list[Concept]:
    """The criterion's missing noun phrase that may bind to the change's main entity: one word after a determiner, or
    a two-word compound after one, each a plain deciding word named nowhere in the change; [] when there is none or
    more than one."""
    tokens = [token.replace("-", "").removesuffix("'s").lower() for token in _TOKEN.findall(criterion)]
    by_label = {c.label.lower(): c for c in missing
                if c.kind == "word" and c.strong and not c.anchor and not is_action(c) and not c.negated_of
                and c.label.lower() not in CONDITIONS and not c.alternatives & named}
    phrases: list[list[Concept]] = []
    for index, token in enumerate(tokens[:-1]):
        if token not in DETERMINERS or (index and tokens[index - 1] in _PLACES):
            continue  # round 23: "what's in the barn" says where they are, a filter, not the thing itself
        first = tokens[index + 1]
        second = tokens[index + 2] if index + 2 < len(tokens) else ""
        if first in by_label and second in by_label:
            phrases.append([by_label[first], by_label[second]])
        elif first in by_label:
            phrases.append([by_label[first]])
        elif second in by_label and first not in DETERMINERS:
            phrases.append([by_label[second]])
    unique = {tuple(c.label for c in phrase): phrase for phrase in phrases}
    if len(unique) != 1:
        return []
    phrase = next(iter(unique.values()))
    left = [c for c in by_label.values() if c not in phrase]
    return [] if left else phrase


def compounds_together(criterion: str, concepts: Sequence[Concept], bound: Sequence[Concept], code: str) -> bool:
    """Whether each other two-word compound of the criterion after a determiner ("from a price list") is shown on one
    line of the code, both words together: with the noun bound, the rest must be the code's own evidence, not words
    scattered over a docstring and a type."""
    tokens = [token.replace("-", "").removesuffix("'s").lower() for token in _TOKEN.findall(criterion)]
    words = {c.label.lower(): c for c in concepts if c.kind == "word" and c not in bound}
    lines = [code_concepts(line) for line in code.splitlines() if line.strip()]
    for before, first, second in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if before in DETERMINERS and first in words and second in words:
            pair = (words[first].alternatives, words[second].alternatives)
            if not any(pair[0] & line and pair[1] & line for line in lines):
                return False
    return True
