"""A criterion found in a file's own name, not in its code (criteria round 20).

pmtui's plans name a task's file after its title: "Kiln shelf rota" becomes `src/kiln_shelf_rota.py`, and an agent
creates that file whatever it then writes in it. A short title is no sentence (plan_titles reads those), so the name
lent its words like an engineer's own `order_queue.py` does, and every function in the file held the criterion's
nouns: `def kiln_temperature(cone)` mapped "A user can see the kiln shelf rota", and a function that only saves the
rota mapped "see" too. Words only a file's name gives (change_evidence marks them, for names of two words or more:
a one-word `newsletter.py` or `Dockerfile` is the engineer's concept, never a title) are no longer the only evidence.
A unit that leans on them must show in its own code (identifiers, strings, calls, returns), as in any other file:

- the verb: a strong action of the criterion its code does ("reopen" in `todo/task.py`: the name then only says to
  what); or, failing that,
- the object: at least one head of the criterion's runs of nouns ("rota" in "the kiln shelf rota", "log" in "the
  hive inspection log"), the thing itself, not only a word saying which kind; and, when the verb is one of seeing
  (which the matcher reads as weak: "see", "view", "check"), something given back or shown (a value returned, a
  yield, output, a render, a SELECT), not only a store.

The name may keep lending the kind ("kiln shelf") to code that names the rota and gives it back.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from typing import Any

from pmtui.delivery.gates.vocabulary import Concept, is_action, stem

_TOKEN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*(?:'s\b)?")
# a verb of seeing, where a verb stands: after a modal or "to"/"and", first in an imperative ("See who has the key"),
# or after a plural subject ("Cooks see the queue"); "the pick list" is a noun
_SEEING = re.compile(r"(?:^|\b(?:can|could|to|and|will|should|must|may|cannot|then)\s+|^[A-Za-z]+s\s+)"
                     r"(?:see|view|check|look\s+at|read|browse|know|find|show|display|list|open|watch|follow)s?\b",
                     re.IGNORECASE)
# what gives something back or shows it: a value returned (not a bare `return` or `return None`), a yield, output
_GIVES = re.compile(r"\breturn\s+(?!None\b|null\b|nil\b|undefined\b|void\b|;|$)\S|\byield\b|=>\s*[^{\s]"
                    r"|\bprint|\bconsole\.log|\becho\b|\bputs\b|\brender|\bjsonify\(|\bJSONResponse\(|\bjson\("
                    r"|\badd_rows?\(|\binnerHTML\b|\btextContent\b|\bres\.(?:send|json)\b|\bw\.Write|\bfmt\.Fprint"
                    r"|</?[a-z][\w-]*[\s>/]|<[A-Z]\w*\s*/?>|\bSELECT\b|\bfetch(?:all|one|many)?\(", re.MULTILINE)


def lent_by_file_name(matched: Sequence[Concept], unit: Any, has: Callable[[Concept, Any], bool]) -> list[Concept]:
    """The matched words the unit shows only through its file's name (`unit.named_by_file`)."""
    if not unit.named_by_file:
        return []
    bare = copy.copy(unit)
    bare.concepts = unit.concepts - unit.named_by_file
    bare.names = unit.names - unit.file_name_parts
    return [c for c in matched if c.kind == "word" and c.alternatives & unit.named_by_file and not has(c, bare)]


def heads(criterion: str, concepts: Sequence[Concept]) -> set[str]:
    """The labels of the criterion's nouns that end a run of nouns ("log" in "the hive inspection log")."""
    nouns = [c for c in concepts if c.strong and c.kind == "word" and not is_action(c)]
    tokens = [token.removesuffix("'s").lower() for token in _TOKEN.findall(criterion)]
    runs: list[list[str]] = [[]]
    for token in tokens:
        found = next((c.label for c in nouns if token == c.label.lower() or stem(token) in c.alternatives), None)
        if found is None:
            runs.append([])
        elif not runs[-1] or runs[-1][-1] != found:
            runs[-1].append(found)
    return {run[-1] for run in runs if run}


def leans_on_file_name(criterion: str, concepts: Sequence[Concept], matched: Sequence[Concept], unit: Any,
                       has: Callable[[Concept, Any], bool]) -> str:
    """Why the unit's match rests on its file's name and not on its code, or ""."""
    lent = lent_by_file_name(matched, unit, has)
    if not lent or any(c.strong and is_action(c) for c in matched):
        return ""  # the code does what the criterion asks ("reopen" in todo/task.py): the name says to what
    file = unit.path.rsplit("/", 1)[-1]
    named = heads(criterion, concepts)
    shown = [c for c in matched if c.label in named and c not in lent]
    if named and not shown:
        said = ", ".join(c.label for c in lent)
        return f"only its file's name ({file}) says {said}: its code shows nothing the criterion asks for"
    seeing = not any(c.strong and is_action(c) for c in concepts) and bool(_SEEING.search(criterion))
    if seeing and not _GIVES.search(unit.code_text):
        return f"it leans on its file's name ({file}) and gives nothing back to be seen: it only stores or computes"
    return ""
