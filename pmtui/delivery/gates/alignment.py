"""Gate 1 of the minimum gate (seed 003 §5): plan alignment.

Each acceptance criterion is mapped to an existing `path:line` of the change: the agent's
`criteria_map` entry when it names a real line of a changed file, else an offline match of the
criterion's significant words against the added lines. The gate fails only for what cannot be mapped.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from pmtui.delivery.git_ops import ChangeSet
from pmtui.models.delivery import GateResult

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_STOPWORD_TEXT = (
    """a an the and or but if then else of to in on at by for with from into onto as is are was were be been
    being it its this that these those there their they them he she we you your our my me i can could should
    would will shall may might must do does did done not no yes all any each every some such than too very
    also only just so up down out over under again once here when where why how what which who whom whose
    has have had having get gets got user users via per across after before while without within able
    new use uses used using make makes made show shows shown see work works one two"""
)
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())


class CriterionLocation(BaseModel):
    """Where one acceptance criterion is implemented (`path:line`, None when unmapped) and who said so."""

    criterion: str
    location: str | None
    source: Literal["agent", "offline", "reviewer", "none"] = "none"
    note: str = ""


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ing", "ies", "ied", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
    return word


def _tokens(text: str) -> set[str]:
    words: set[str] = set()
    for raw in _WORD.findall(text.replace("_", " ")):
        for part in _CAMEL.sub(" ", raw).split():
            words.add(_stem(part))
    return words


def significant_words(criterion: str) -> list[str]:
    """The criterion's words that can be matched against code: stemmed, no stopwords, no short words."""
    words: list[str] = []
    for raw in _WORD.findall(criterion.replace("_", " ")):
        if raw.lower() in _STOPWORDS or len(raw) < 3:
            continue
        stem = _stem(raw)
        if stem not in words:
            words.append(stem)
    return words


def _line_count(root: Path, path: str) -> int | None:
    try:
        with (root / path).open("rb") as handle:
            data = handle.read()
    except OSError:
        return None
    return data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)


def _check_location(location: str, change: ChangeSet) -> str | None:
    """Why `path:line` is not an existing line of a file in the change, or None when it is."""
    path, sep, line_text = location.strip().rpartition(":")
    if not sep or not line_text.isdigit():
        return f"{location!r} is not path:line"
    path = path.removeprefix("./")
    if path not in change.present_files():
        return f"{path} is not part of the change"
    count = _line_count(Path(change.root), path)
    line = int(line_text)
    if count is None:
        return f"{path} does not exist"
    if not 1 <= line <= count:
        return f"{path} has {count} lines, not line {line}"
    return None


def _offline_location(criterion: str, change: ChangeSet) -> tuple[str | None, list[str]]:
    words = significant_words(criterion)
    if not words:
        return None, []
    needed = 1 if len(words) == 1 else 2
    best: tuple[int, int, str, int, list[str]] | None = None
    for order, (path, lines) in enumerate(change.added_lines.items()):
        if path not in change.present_files():
            continue
        path_tokens = _tokens(path)
        for number, text in lines:
            hits = [word for word in words if word in _tokens(text) or word in path_tokens]
            line_hits = [word for word in words if word in _tokens(text)]
            if not line_hits:
                continue
            score = len(hits)
            if best is None or (score, -order) > (best[0], -best[1]):
                best = (score, order, path, number, hits)
    if best is None or best[0] < min(needed, math.ceil(len(words) / 2)):
        return None, []
    return f"{best[2]}:{best[3]}", best[4]


def map_criteria(
    criteria: Sequence[str], change: ChangeSet, criteria_map: Mapping[str, str] | None = None
) -> list[CriterionLocation]:
    """Each criterion's `path:line`: the agent's when it is an existing line of the change, else matched offline."""
    lowered = {key.strip().lower(): value for key, value in (criteria_map or {}).items()}
    located: list[CriterionLocation] = []
    for criterion in criteria:
        claimed = (criteria_map or {}).get(criterion) or lowered.get(criterion.strip().lower())
        note = ""
        if claimed:
            problem = _check_location(str(claimed), change)
            if problem is None:
                agent_location = str(claimed).strip().removeprefix("./")
                located.append(CriterionLocation(criterion=criterion, location=agent_location, source="agent"))
                continue
            note = f"the agent's {claimed} was rejected: {problem}"
        location, hits = _offline_location(criterion, change)
        if location:
            matched = f"matched {', '.join(hits)}"
            located.append(
                CriterionLocation(
                    criterion=criterion, location=location, source="offline", note="; ".join(filter(None, [note, matched]))
                )
            )
        else:
            located.append(CriterionLocation(criterion=criterion, location=None, note=note))
    return located


def plan_alignment(
    criteria: Sequence[str], change: ChangeSet, criteria_map: Mapping[str, str] | None = None
) -> GateResult:
    """Gate 1: every acceptance criterion maps to an existing `path:line` of the change."""
    if not criteria:
        return GateResult(gate="plan_alignment", passed=True, evidence=["the task has no acceptance criteria to map"])
    evidence: list[str] = []
    unmapped: list[str] = []
    for item in map_criteria(criteria, change, criteria_map):
        if item.location:
            how = "agent's map" if item.source == "agent" else "offline match"
            detail = f" ({how}{'; ' + item.note if item.note else ''})"
            evidence.append(f"✓ {item.criterion} → {item.location}{detail}")
        else:
            unmapped.append(item.criterion)
            why = item.note or "no added line of the change matches it"
            evidence.append(f"✗ {item.criterion}: not mapped — {why}")
    if unmapped:
        evidence.insert(0, f"{len(unmapped)} of {len(criteria)} criteria not mapped to the change: {'; '.join(unmapped)}")
    return GateResult(gate="plan_alignment", passed=not unmapped, evidence=evidence)
