"""Lists a criterion orders by a named key, and queues (round 17).

"Cooks see the order queue sorted by pickup time", "today's round in street order", "players ranked by handicap":
the criterion names what the list is sorted by. A change whose every sort (SQL `ORDER BY`, Django's `order_by`,
Python's `sorted(…, key=…)`/`.sort(key=…)`, `attrgetter`/`itemgetter`, a JavaScript comparator, Go's `sort.Slice`)
sorts first by something else — the time the order was placed, the customer's surname — lists them in another
order, however many of the criterion's other words it names. And a queue is served first come, first served: a
queue sorted by a time, with no word of the criterion turning it round ("latest first", "newest", "descending"),
runs from the earliest; a change that sorts every such queue the other way serves the last first.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary import code_concepts, read_criterion

# "sorted by pickup time", "ordered by the date they joined", "ranked by score"; "in street order", "in route order"
# (never "orders by postcode", a search's noun, nor "listed by the seller", who lists them)
_BY = re.compile(r"\b(?:sort(?:ed)?|ordered|ranked|arranged)\s+by\s+(?:the\s+|their\s+|its\s+)?"
                 r"([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})", re.IGNORECASE)
_IN_ORDER = re.compile(r"\bin\s+([a-z][a-z-]*)\s+order\b", re.IGNORECASE)
# words that end the key ("by pickup time and then …") or say how, not by what
_STOP = frozenset(("and", "then", "with", "from", "for", "so", "in", "on", "at", "of", "to", "when", "where", "which",
                   "that", "who", "first", "last", "descending", "ascending", "order", "default"))
_NOT_A_KEY = frozenset(("alphabetical", "reverse", "ascending", "descending", "chronological", "numerical", "random",
                        "the", "that", "which", "same", "their", "its", "this", "any", "some", "sorted", "natural"))
# a key word too general to tell two keys apart (`created_at` is a time as much as the pickup time)
_GENERIC = frozenset(("time", "times", "date", "dates", "day", "value", "number", "amount"))

_SQL_ORDER = re.compile(r"\bORDER\s+BY\s+([\w.\"`]+)", re.IGNORECASE)
_ORDER_BY_CALL = re.compile(r"\.(?:order_by|orderBy|sortBy|sort_values|sort_by)\(\s*([^)]*)\)")
_KEY_ARG = re.compile(r"\b(?:sorted|sort|min|max|heapq\.\w+)\([^\n]*?\bkey\s*=\s*(lambda[^:]*:\s*[^,)\n]+|[\w.]+\([^)]*\)|[\w.]+)")
_COMPARATOR = re.compile(r"\.sort\(\s*\(?\s*(\w+)\s*,\s*\w+\s*\)?\s*=>\s*([^\n]+)")
_GO_SLICE = re.compile(r"\bsort\.(?:Slice|SliceStable)\([^\n]*?return\s+([^\n]+)")
_DESCENDING = re.compile(r"\bDESC\b|reverse\s*=\s*True|\breversed\(|\.reverse\(\)|\(\s*[\"']-\w|lambda[^:]*:\s*-|b\.\w+\s*-\s*a\.|"
                         r"b\.\w+\.localeCompare\(a|\bdescending\b|\bDescending\b|>\s*\w+\[j\]", re.IGNORECASE)
_ASKS_DESCENDING = re.compile(r"\b(?:latest|newest|most\s+recent|last\s+first|descending|highest|biggest|largest|"
                              r"longest|oldest\s+last|reverse)\b", re.IGNORECASE)
_QUEUE = re.compile(r"\b(?:queue|waiting\s+list|wait\s*list|line[- ]?up|backlog)\b", re.IGNORECASE)


def criterion_keys(criterion: str) -> list[str]:
    """The keys a criterion orders by: "sorted by pickup time" → ["pickup"], "in street order" → ["street"]."""
    keys: list[str] = []
    for found in _BY.finditer(criterion):
        words: list[str] = []
        for word in found.group(1).lower().split():
            if word in _STOP:
                break
            words.append(word.removesuffix("'s"))
        words = [w for w in words if w not in _NOT_A_KEY]
        if words:
            keys.append(" ".join(w for w in words if w not in _GENERIC) or " ".join(words))
    keys += [w.lower() for w in _IN_ORDER.findall(criterion) if w.lower() not in _NOT_A_KEY]
    return keys


def code_sorts(code: str) -> list[tuple[str, str]]:
    """Each sort of the code as (its first key's text, the text that says its direction)."""
    sorts: list[tuple[str, str]] = []
    for line in code.splitlines():
        for found in _SQL_ORDER.finditer(line):
            sorts.append((found.group(1), line[found.start():]))
        for found in _ORDER_BY_CALL.finditer(line):
            sorts.append((found.group(1).split(",")[0], found.group(1)))
        for found in _KEY_ARG.finditer(line):
            sorts.append((found.group(1), line[found.start():]))
        for found in _COMPARATOR.finditer(line):
            sorts.append((found.group(2), found.group(2)))
        for found in _GO_SLICE.finditer(line):
            sorts.append((found.group(1), found.group(1)))
    return sorts


def _names(key: str, text: str) -> bool:
    asked = [c.alternatives for c in read_criterion(key).concepts if c.kind == "word"]
    return bool(asked) and all(alternatives & code_concepts(text) for alternatives in asked)


def sorts_by_another_key(criterion: str, code: str) -> str:
    """Why every sort of the code sorts first by something the criterion's key is not, or ""."""
    keys = criterion_keys(criterion)
    sorts = code_sorts(code)
    if not keys or not sorts:
        return ""
    for key in keys:
        if not any(_names(key, text) for text, _ in sorts):
            return f"it sorts by {sorts[0][0].strip()}, not by the {key} the criterion orders by"
    return ""


def serves_the_queue_backwards(criterion: str, code: str) -> str:
    """Why a queue ordered by a time runs from the last: every sort of it is descending, the criterion not asking."""
    if not _QUEUE.search(criterion) or not criterion_keys(criterion) or _ASKS_DESCENDING.search(criterion):
        return ""
    sorts = code_sorts(code)
    if sorts and all(_DESCENDING.search(how) for _, how in sorts):
        return "its queue runs from the last: every sort of it is descending, and a queue serves the first first"
    return ""
