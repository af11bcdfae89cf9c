"""A file named by a sentence: the plan's task title turned into a path, not a name the code gives itself.

pmtui's plans (and many others) name each task's files after the task's title: "Cooks see the order queue sorted"
becomes `src/cooks_see_the_order_queue_sorted.py` and its test `tests/test_cooks_see_the_order_queue_sorted.py`. An
agent creates the file under that name whatever it then writes in it, so the name restates the criterion's words and
shows nothing the change does: a queue sorted by the time the order was placed sits in that file as well as one
sorted by the pickup time. A name is a sentence when it strings at least four words together with a function word of
a sentence among them (an article, a possessive, a preposition, a conjunction: "the", "their", "in", "from", "and");
an engineer's own file names ("order_queue.py", "mark_ready.py", "payouts/weekly_calls.py") are concepts and keep
lending their words, and so do numbered migrations (`002_one_boat_per_berth.sql`), which their author names.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

_FUNCTION_WORDS = frozenset((
    "a", "an", "the", "their", "his", "her", "its", "our", "your", "my", "s", "of", "in", "on", "at", "by", "to",
    "for", "from", "with", "into", "after", "before", "and", "or", "what", "who", "which", "when", "every", "each",
    "per", "than", "so", "that", "is", "are", "can",
))
_PARTS = re.compile(r"[A-Za-z]+|\d+")


def sentence_words(stem: str) -> list[str]:
    """The words of a file's stem (`test_` and `.test`/`.spec` taken off), split at `_`, `-`, `.` and case."""
    stem = re.sub(r"^test_|[._-](?:test|spec)$", "", stem)
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", stem)
    return [word.lower() for word in _PARTS.findall(spaced)]


def titled_by_plan(path: str) -> bool:
    """Whether the file's name is a sentence (the plan's task title), whose words the change does not vouch for."""
    words = sentence_words(PurePosixPath(path).stem)
    # a numbered name (`002_one_boat_per_berth.sql`) is a migration's, which its author names for what it does
    return len(words) >= 4 and not words[0].isdigit() and any(word in _FUNCTION_WORDS for word in words)


def lent_name(path: str, name: str) -> str:
    """The unit's name as evidence: none when it is only its plan-titled file's name (a module's own scope)."""
    file = PurePosixPath(path)
    return "" if name in (file.name, file.stem) and titled_by_plan(path) else name


_IMPORTING = re.compile(r"^\s*(?:from\s+\S+\s+import\b|import\b)|\brequire\(|\bfrom\s+['\"]")
_MODULE = re.compile(r"[A-Za-z_][\w-]*")


def without_titled_imports(text: str) -> str:
    """The code with the plan-titled modules its import lines name blanked (`from src.cooks_see_the_order_queue_sorted
    import kitchen_queue` lends `kitchen_queue`, not the title's words); other lines as they are."""
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if _IMPORTING.search(line):
            lines[n] = _MODULE.sub(lambda m: " " if titled_by_plan(m.group(0)) else m.group(0), line)
    return "\n".join(lines)



def said_only_in_comments(unit, matched: list) -> str:
    """Why a block of loose lines (no function or class: imports, a constant) does not show the criterion, or "": every
    word of the criterion it matches is in its comments only (round 19). `WINDOWS = (time(8), time(13))  # morning and
    afternoon visits` names the visits in a comment and decides nothing about them; the function that reads the
    constant is where the criterion is or is not done. A comment lends its words to code that does something."""
    # the vocabularies load when a change is checked, not with the engine
    from pmtui.delivery.gates.vocabulary import code_concepts

    if unit.kind != "code" or unit.defined:
        return ""
    words = [c for c in matched if c.strong and c.kind == "word"]
    if not words or len(words) != len([c for c in matched if c.strong]):
        return ""
    path = PurePosixPath(unit.path)
    spoken = (code_concepts(unit.code_text) | unit.acts
              | (code_concepts(str(path.parent)) if titled_by_plan(unit.path) else code_concepts(str(path.with_suffix("")))))
    if any(c.alternatives & spoken for c in words):
        return ""
    return "only its comments name what the criterion asks: its code is loose lines that decide nothing about it"
