"""Checks of a unit against the rest of its change (moved out of alignment.py in round 18, at its 800 lines): what
the change names anywhere, the constants a unit assigns that nothing reads, the off flags each file reads, the deciding
concept a unit shows only behind an off flag, and the added line that shows most of what matched.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pmtui.delivery.gates.change_evidence import Unit
from pmtui.delivery.gates.dead_code import off_flags, without_dead_branches
from pmtui.delivery.gates.polarity import asks_refusal, refuses_nothing
from pmtui.delivery.gates.vocabulary import Concept, code_concepts, idiom_concepts, is_action, numbers_in


def named_anywhere(units: Sequence[Unit]) -> frozenset[str]:
    """Every concept the change's files name anywhere: code, comments, strings, paths."""
    named: set[str] = set()
    for unit in units:
        named |= code_concepts(unit.text) | code_concepts(unit.path) | unit.around | unit.concepts
    return frozenset(named)


# a module's constant: `VAT_RATE = 0.2`, `export const MAX_KEYS = 5;` (settings' fields and config keys are not)
_ASSIGNED = re.compile(r"^(?:export\s+)?(?:const\s+|let\s+|var\s+|final\s+|static\s+)*([A-Z][A-Z0-9_]*)\s*(?::\s*[\w\[\]]+\s*)?=(?!=)",
                       re.MULTILINE)


def unread_constants(code: str, files: Mapping[str, str]) -> frozenset[str]:
    """Names the unit assigns at the start of a line that no file of the change reads anywhere else."""
    names = {name for name in _ASSIGNED.findall(code) if len(name) >= 3}
    if not names:
        return frozenset()
    everything = "\n".join(files.values())
    return frozenset(name for name in names if len(re.findall(rf"(?<![\w.]){name}\b", everything))
                     <= len(re.findall(rf"^\s*(?:export\s+)?(?:const\s+|let\s+|var\s+|final\s+|static\s+)*{name}\s*"
                                       rf"(?::\s*[\w\[\]]+\s*)?=(?!=)", everything, re.MULTILINE)))


def off_flags_by_path(sources: Mapping[str, Sequence[str]]) -> dict[str, frozenset[str]]:
    """The off flags each file's code reads: its own, and those another file of the change sets off and it imports
    (`from leisure.flags import AUTO_CLOSE_POOLS` where flags.py says `AUTO_CLOSE_POOLS = False`)."""
    texts = {path: "\n".join(parts) for path, parts in sources.items()}
    shared = off_flags("\n".join(texts.values())) if len(texts) > 1 else frozenset()
    found: dict[str, frozenset[str]] = {}
    for path, text in texts.items():
        flags = off_flags(text) | {flag for flag in shared if re.search(rf"\bimport\b[^\n]*\b{flag}\b", text)}
        if flags:
            found[path] = frozenset(flags)
    return found


def dead_only(matched: Sequence[Concept], unit: Unit, flags: frozenset[str]) -> str:
    """The first deciding concept the unit shows only in branches behind an off flag, or ""."""
    alive = without_dead_branches(unit.code_text, flags)
    if alive == unit.code_text:
        return ""
    shown = code_concepts(alive) | idiom_concepts(alive)
    for concept in matched:
        if is_action(concept) and asks_refusal(concept.label) and refuses_nothing(alive):
            return concept.label  # the refusal was in the dead branch; an exception class's name refuses nothing
        if concept.strong and concept.kind in ("word", "phrase") and not concept.alternatives & shown:
            return concept.label
        if concept.kind == "number" and concept.label not in numbers_in(alive):
            return concept.label
    return ""


def best_line(unit: Unit, concepts: Sequence[Concept], lines: dict[int, str]) -> int:
    """The added line of the unit that shows most of the matched concepts (on a tie, new text first, then the first)."""
    def hits(number: int) -> tuple[int, bool]:
        text = lines.get(number, "")
        found = code_concepts(text) | idiom_concepts(text)
        return sum(1 for c in concepts if (c.label in numbers_in(text)) if c.number) + sum(
            1 for c in concepts if not c.number and c.alternatives & found), text not in unit.outside.splitlines()

    return max(unit.added, key=lambda number: (hits(number), -number)) if unit.added else unit.start
