"""A word of the criterion the change names only where it does nothing (round 13).

`HEADER = ["id", "name", "email"]` that no line of the change writes is no header row; `TRIAL_WARNING_DAYS = 3`
that no condition reads warns nobody. alignment already refuses a number stated only by such a constant; a word
named only there is no more evidence than its number. The same holds of a setting named for the criterion and
turned off (`SESSION_COOKIE_SECURE = False` for "cookies are Secure", `"cache": false` for "results are cached"),
unless the criterion asks for something off, disabled or not done.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pmtui.delivery.gates.vocabulary import code_concepts, read_criterion

Concepts = Callable[[str], set[str] | frozenset[str]]

# a setting turned off on a line of its own: a constant (`SECURE = False`), a quoted key (`"cache": false,`) or a
# configuration key (`secure: false`, `secure = false` in TOML); never an attribute or a local (`self.done = False`)
_OFF = r"(?:False|false|FALSE|off|Off|OFF)\s*[,;]?\s*(?:#.*|//.*)?$"
_SET_OFF = re.compile(rf"""^\s*(?:(?:export\s+|const\s+|let\s+|var\s+|static\s+|final\s+)*[A-Z][A-Z0-9_]*"""
                      rf"""(?:\s*:\s*[\w.]+)?\s*=|["'][\w.\-]+["']\s*:|[a-z][\w\-]*\s*[:=])\s*{_OFF}""")
_ASKS_OFF = re.compile(r"\b(?:off|disabled?|disables?|false|no|not|never|without|deactivated?|unless)\b|n't\b",
                       re.IGNORECASE)


def _only_on(alternatives: frozenset[str], lines: list[str], picked: Callable[[str], bool], where: str,
             concepts_of: Concepts) -> bool:
    """Whether the concept is named on the picked lines and on no other line, nor by the unit's name or path."""
    named = [line for line in lines if picked(line)]
    if not named or not alternatives & set(concepts_of("\n".join(named))):
        return False
    rest = "\n".join(line for line in lines if not picked(line))
    return not alternatives & (set(concepts_of(rest)) | set(concepts_of(Path(where).stem.replace(".", " ")) if where
                                                           else set()))


def unproven_word(concept: Any, unit: Any, unread: frozenset[str], criterion: str, concepts_of: Concepts) -> bool:
    """Whether the criterion's word is named by the unit only in a constant nothing reads. A constant its file names
    outside the unit (`around`: `OPS[op]` in an unchanged function) is read there."""
    if concept.kind not in ("word", "phrase"):
        return False
    unread = frozenset(name for name in unread if not set(concepts_of(name)) & unit.around)
    if not unread:
        return False
    assigning = re.compile(rf"^\s*(?:export\s+)?(?:const\s+|let\s+|var\s+|final\s+|static\s+|pub\s+)*"
                           rf"(?:{'|'.join(map(re.escape, sorted(unread)))})\b")
    return _only_on(concept.alternatives, unit.code_text.splitlines(), lambda line: bool(assigning.match(line)),
                    f"{unit.path} {unit.name}", concepts_of)


def turned_off(criterion: str, code: str) -> str:
    """Why the code names a word of the criterion only in a setting it turns off, or "" (never where the criterion
    asks for something off, disabled or not done)."""
    if _ASKS_OFF.search(criterion):
        return ""
    lines = code.splitlines()
    for concept in read_criterion(criterion).concepts:
        if concept.strong and concept.kind in ("word", "phrase") and _only_on(
                concept.alternatives, lines, lambda line: bool(_SET_OFF.match(line)), "", code_concepts):
            return f"its {concept.label} is a setting it turns off"
    return ""
