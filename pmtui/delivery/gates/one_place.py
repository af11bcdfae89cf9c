"""The PM's "<title> in one place: Everything in one place instead of spread across tools" and "<title>: Nothing slips:
everything in one list, with a nudge before it is missed", judged for what code can show (round 22).

Neither sentence names code: "everything", "place", "tools", "slips" are the founder's pain, said back. What code can
show of them:

- "in one place": one unit brings two or more kinds of record together into one answer (two reads or lists joined:
  `a + b`, `feed += …`, `[...rounds, ...parties]`, `UNION`, `chain(…)`, `.extend(…)`, `.concat(…)`), and names one of
  the kinds the title lists ("Swaps and cancellations in one place": the cancellations);
- "a nudge before it is missed": a unit named for nudging (nudge, remind, alert, warn, due soon) picks the things by a
  date up to a bound ahead of today (`due <= ?` with `today + timedelta(days=1)`, `s.day - today == timedelta(days=1)`,
  `(due - today).days <= 2`), not the ones already gone (`due < today` alone nudges after it is missed); and another
  unit lists every open one (the one list).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.delivery.gates.plan_shapes import _leaf, _line_of

_ONE_PLACE = re.compile(r"^\s*(?P<title>[^:]{3,60}?)\s+in\s+one\s+place\s*:\s*everything\s+in\s+one\s+place\b",
                        re.IGNORECASE)
_NUDGE = re.compile(r"^\s*[^:]{3,60}:\s*nothing\s+slips\s*:\s*everything\s+in\s+one\s+list,?\s+with\s+an?\s+"
                    r"(?:nudge|reminder)\s+before\s+it\s+is\s+missed\b", re.IGNORECASE)
_JOINED = re.compile(r"\+=\s*\[|\]\s*\+\s*\[|\w\s*\+\s*\w+\s*(?:$|\)|,)|\[\s*\.\.\.\w+\s*,\s*\.\.\.\w+|\bUNION\b|"
                     r"\bchain\(|\.extend\(|\.concat\(|\{\s*\*\*\w+\s*,\s*\*\*\w+", re.IGNORECASE | re.MULTILINE)
_READ = re.compile(r"\bSELECT\b|\bfor\s+\w+\s+in\b|\.(?:all|filter|find\w*|map)\(|\bprepare\(", re.IGNORECASE)
_NUDGER = re.compile(r"(?i)nudge|remind|alert|warn|due_?soon|dueSoon|overdue_?notice")
_LISTER = re.compile(r"(?i)outstanding|upcoming|open|all|list|board|feed|pending|todo|agenda|everything")
_TODAY = r"(?:today|now|date\.today\(\)|datetime\.now\(\)|Date\.now\(\))"
_AHEAD_LOCAL = re.compile(rf"^\s*(?:const\s+|let\s+)?(\w+)\s*=\s*\(?\s*{_TODAY}\s*\+", re.MULTILINE)
_STOP_WORDS = frozenset({"and", "the", "in", "of", "for", "a", "an", "to", "with", "their", "our", "my", "all"})


def one_place_location(criterion: str, units: Sequence[Any],
                       added: Mapping[str, Sequence[tuple[int, str]]]) -> tuple[str | None, str] | None:
    """Where the change does one of the two templates; (None, why) when it does not; None for another criterion."""
    if placed := _ONE_PLACE.match(criterion):
        return _together(re.sub(r"(?i)^(?:and|or|&)\s+", "", placed.group("title")), units, added)
    if _NUDGE.match(criterion):
        return _nudged(units, added)
    return None


def _words(title: str) -> set[str]:
    return {w.lower()[:5] for w in re.findall(r"[A-Za-z]{3,}", title) if w.lower() not in _STOP_WORDS}


def _together(title: str, units: Sequence[Any], added: Mapping[str, Sequence[tuple[int, str]]]) -> tuple[str | None, str]:
    kinds = _words(title)
    for unit in units:
        if not _leaf(unit, units) or unit.kind != "code":
            continue
        code = unit.code_text
        joined = _JOINED.search(code)
        said = f"{_comment_above(unit, added)}\n{code}"
        named = {w.lower()[:5] for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"([a-z])([A-Z])", r"\1 \2", said))}
        if joined and len(_READ.findall(code)) >= 2 and kinds & named:
            line = next((text for text in code.splitlines() if _JOINED.search(text)), "")
            return f"{unit.path}:{_line_of(unit, line, added)}", f"brings the {title.strip().lower()} together in {unit.name}"
    return None, f"no unit of the change brings the {title.strip().lower()} together into one answer"


def _comment_above(unit: Any, added: Mapping[str, Sequence[tuple[int, str]]]) -> str:
    """The comment lines just above the unit in its file (what its author says it does)."""
    lines = dict(added.get(unit.path, []))
    said = []
    number = unit.start - 1
    while number in lines and re.match(r"\s*(?:#|//|/\*|\*)", lines[number]):
        said.append(lines[number])
        number -= 1
    return "\n".join(said)


def _nudged(units: Sequence[Any], added: Mapping[str, Sequence[tuple[int, str]]]) -> tuple[str | None, str]:
    listed = any(_leaf(u, units) and u.kind == "code" and _LISTER.search(u.name) and not _NUDGER.search(u.name)
                 for u in units)
    why = "no unit of the change is named for nudging about what is due"
    for unit in units:
        if not (_leaf(unit, units) and unit.kind == "code" and _NUDGER.search(unit.name)):
            continue
        ahead = _looks_ahead(unit.code_text)
        if not ahead:
            why = f"{unit.path}:{unit.start} ({unit.name}) picks nothing by a date ahead of today: it nudges after it is missed"
            continue
        if not listed:
            why = f"{unit.path}:{unit.start} ({unit.name}) nudges, but no unit lists every open one"
            continue
        return f"{unit.path}:{_line_of(unit, ahead, added)}", f"nudges before the day in {unit.name}"
    return None, why


def _looks_ahead(code: str) -> str:
    """The line that picks things due up to a bound ahead of today, or ""."""
    ahead = set(_AHEAD_LOCAL.findall(code)) | set(re.findall(r"\b(\w*(?:ahead|lead|before|warn)\w*)\b", code, re.IGNORECASE))
    lines = code.splitlines()
    for index, line in enumerate(lines):
        # `s.day - today == timedelta(days=1)`, `(due - today).days <= 2`: the days left, one day or a few
        if re.search(rf"-\s*{_TODAY}\s*\)?(?:\.days)?\s*(?:==|<=|<)\s*(?:timedelta\(|\d)", line):
            return line
        # `due <= ?` with the bound today + a lead time passed in; `x.due <= cutoff`
        for name in ahead:
            bound = rf"(?:\b{re.escape(name)}\b|\?)"
            near = "\n".join(lines[index:index + 3])
            if re.search(rf"\b\w*(?:due|day|date|when|at)\w*\s*<=?\s*{bound}", line, re.IGNORECASE) and \
                    re.search(rf"\b{re.escape(name)}\b", near):
                return line
    return ""
