"""The task's title as a bridge from the founder's noun to the code's name for it (round 21).

A plan's task has a title in the founder's words ("Owners book their horse", "Drivers get a delivery list"); its
criteria repeat the title's noun ("A user can book their horse in for a shoeing …"). A coding agent given the title
names its table, its record type, its routes and its functions for the task in its own words: `appointments`,
`create_appointment`, `/appointments`; `tree_orders` and `drops_for`. When the title's noun is named nowhere in the
change, the name the code gives the task's thing stands for it: a criterion's missing noun that is the title's noun
binds to a unit that handles that thing. Nothing else is let go: the criterion's verb, its numbers, its recipient,
its filter and every other word must still be shown by that unit, and a blocker still blocks.

- the title's noun: the one deciding word of the title that is a thing (no action, no person: "owners", "drivers"
  are who acts) and that the change names nowhere (plan-titled file names and their imports aside: they are the
  founder's words); none when the title has no such word or more than one (two unnamed words, no telling which is
  the code's thing);
- the code's name for it: a word of a data name the change declares or reads (a table its SQL creates, reads or
  writes, an ORM table name, a record or model type) that recurs in another of the change's names (a function or
  class, a route's path, a file of the change not named after the title, a test's name) — the word the agent built
  the task around, not a column or a helper's name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath

from pmtui.delivery.gates.change_evidence import Unit, is_test_file
from pmtui.delivery.gates.compounds import CONDITIONS, DETERMINERS
from pmtui.delivery.gates.plan_titles import titled_by_plan, without_titled_imports
from pmtui.delivery.gates.vocabulary import (
    TIME_UNITS,
    Concept,
    code_concepts,
    is_action,
    read_criterion,
    split_identifier,
    stem,
)

_SQL_TABLE = re.compile(r"\b(?:CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?|FROM\s+|INTO\s+|UPDATE\s+|JOIN\s+)"
                        r"[\"'`\[]?([A-Za-z_]\w*)", re.IGNORECASE)
_ORM_TABLE = re.compile(r"\b(?:__tablename__|db_table|tableName|table_name)\s*[:=]\s*[\"'`](\w+)")
_RECORD = re.compile(
    r"^\s*@dataclass\b[^\n]*\n\s*class\s+(\w+)"
    r"|^\s*class\s+(\w+)\s*\([^)]*\b(?:Model|BaseModel|Base|TypedDict|NamedTuple|SQLModel|Document|Schema)\b[^)]*\)\s*:"
    r"|^\s*@Entity\b[^\n]*\n\s*(?:data\s+)?class\s+(\w+)"
    r"|^\s*(?:export\s+)?interface\s+(\w+)"
    r"|^\s*(?:export\s+)?type\s+(\w+)\s*=\s*\{"
    r"|^\s*type\s+(\w+)\s+struct\b",
    re.MULTILINE)
_ROUTE = re.compile(r"""["'`](/[A-Za-z0-9_\-/:{}<>.]*)["'`]""")
_TOKEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*(?:'s\b)?")
_DETERMINERS = DETERMINERS | {"which", "whose"}
_SQL_WORDS = frozenset({"select", "where", "values", "set", "the", "a", "an", "dual", "sqlite_master"})
_SKIP = frozenset({"in", "out", "row", "rows", "record", "data", "item", "items", "create", "update", "request",
                   "response", "props", "base", "model", "schema", "dto", "entity", "info", "input", "output",
                   "payload", "result", "get", "set", "add", "new", "list", "show", "all", "one", "api", "app", "main",
                   "test", "handler", "view", "views", "route", "routes", "index", "page", "form", "db", "store"})
_TIMES = frozenset({"night", "nights", "evening", "evenings", "morning", "mornings", "weekend", "weekends", "month", "months",
                    "fortnight", "term", "season", "today", "tomorrow", "tonight", "date", "dates", "time", "times"})
_PEOPLE = frozenset({"people", "user", "users", "customer", "customers", "client", "clients", "member", "members",
                     "staff", "owner", "owners", "parent", "parents", "family", "families", "resident", "residents",
                     "driver", "drivers", "crew", "school", "schools", "householder", "householders", "team",
                     "volunteer", "volunteers", "passenger", "passengers", "guest", "guests", "admin", "admins"})


def _stems(name: str) -> set[str]:
    return {stem(word) for word in split_identifier(name) if len(word) > 2 and word.lower() not in _SKIP}


def _data_names(text: str) -> set[str]:
    names = {m for m in _SQL_TABLE.findall(text) if m.lower() not in _SQL_WORDS}
    names |= set(_ORM_TABLE.findall(text))
    names |= {next(g for g in groups if g) for groups in _RECORD.findall(text)}
    return names


def task_names(units: Sequence[Unit]) -> frozenset[str]:
    """The stems of the names the change builds the task around: a word of a table or record type it declares or
    reads that recurs in another of its names (a function, a class, a test, a route, a file not named by the plan)."""
    data: set[str] = set()
    other: set[str] = set()
    for unit in units:
        if unit.kind not in ("code", "test"):
            continue
        if not is_test_file(unit.path):
            for name in _data_names(unit.code_text):
                data |= _stems(name)
        if unit.defined and not titled_by_plan(unit.name):
            other |= _stems(unit.name.removeprefix("test_"))
        for route in _ROUTE.findall(unit.code_text):
            for part in route.split("/"):
                if part and not part.startswith((":", "{", "<")):
                    other |= _stems(part)
        if not titled_by_plan(unit.path):
            other |= _stems(PurePosixPath(unit.path).stem.removeprefix("test_"))
    return frozenset(data & other)


def _named(units: Sequence[Unit], written: str) -> frozenset[str]:
    """What the change names anywhere, but not the words of a plan-titled file's name or of its imports."""
    named = set(code_concepts(without_titled_imports(written)))
    for unit in units:
        named |= code_concepts(without_titled_imports(unit.text))
        if not titled_by_plan(unit.path):
            named |= code_concepts(unit.path)
    return frozenset(named)


def _thing(concept: Concept) -> bool:
    """A deciding word for a thing: not what code does, not a condition, not who acts, not a time ("the day")."""
    label = concept.label.lower()
    return (concept.kind == "word" and concept.strong and not is_action(concept) and not concept.negated_of
            and label not in CONDITIONS and label not in _PEOPLE and label.rstrip("s") not in _PEOPLE
            and not label.endswith(("ers", "ors")) and label not in TIME_UNITS and label not in _TIMES)


def _noun_phrases(text: str) -> set[str]:
    """The stems of the one or two words after each determiner ("their horse", "a delivery list", "which houses")."""
    tokens = [token.replace("-", "").removesuffix("'s").lower() for token in _TOKEN.findall(text)]
    found: set[str] = set()
    for index, token in enumerate(tokens):
        if token in _DETERMINERS:
            found |= {stem(word) for word in tokens[index + 1:index + 3] if word not in _DETERMINERS}
    return found


def title_noun(title: str, units: Sequence[Unit], written: str) -> Concept | None:
    """The title's one thing the change names nowhere, or None (no title, none unnamed, or more than one). A thing is
    a deciding word in a noun phrase after a determiner ("their horse", "which houses"), not an adverb ("online")."""
    if not title.strip():
        return None
    phrases = _noun_phrases(title)
    named = _named(units, written)
    unnamed = [c for c in read_criterion(title).concepts
               if _thing(c) and not c.alternatives & named and stem(c.label.lower()) in phrases]
    return unnamed[0] if len(unnamed) == 1 else None


def bound_to_title(criterion: str, title: str, missing: Sequence[Concept], noun: Concept | None, names: frozenset[str],
                   unit: Unit) -> list[Concept]:
    """The criterion's missing word that is the title's noun, when the unit handles the code's name for the task's
    thing; [] otherwise. A criterion that opens with its title as a label ("Sign-up and profile: Householders create an
    account …") asks for what follows the label, not for the title's words."""
    if noun is None or not names or not names & (unit.concepts | {stem(w) for w in unit.names}):
        return []
    head, sep, body = criterion.partition(":")
    asked = _noun_phrases(body if sep and head.strip().lower() == title.strip().lower() else criterion)
    return [c for c in missing if _thing(c) and c.alternatives & noun.alternatives and stem(c.label.lower()) in asked][:1]


# "who needs a wheelchair space", "which houses want theirs taken", "those that have a key": a noun phrase after a
# relative pronoun and its verb is what picks some of the things, not the thing itself
_RELATIVE = re.compile(r"\b(?:who|that|which|whose)\s+(?:\w+\s+)?(?:needs?|has|have|wants?|asks?\s+for|gets?|owes?|"
                       r"is|are|uses?|holds?|booked|ordered|paid|requested)\s+((?:(?:a|an|the|their|its|any|some)\s+)?"
                       r"[A-Za-z-]+(?:\s+[A-Za-z-]+)?)", re.IGNORECASE)


def picked_by_clause(criterion: str, bound: Sequence[Concept]) -> list[Concept]:
    """The bound words that sit in a relative clause picking some of the things ("who needs a wheelchair space"):
    binding them to the change's thing would let a list of every one of them show the criterion."""
    picked: set[str] = set()
    for match in _RELATIVE.finditer(criterion):
        picked |= {stem(word.lower()) for word in re.findall(r"[A-Za-z]+", match.group(1))}
    return [c for c in bound if stem(c.label.lower()) in picked or c.alternatives & picked]
