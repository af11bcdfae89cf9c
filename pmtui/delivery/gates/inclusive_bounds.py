"""A bound the criterion includes, compared strictly by the code (round 14).

"3 days or fewer" includes the third day: `days_left < TRIAL_WARNING_DAYS` (3) leaves it out. "between 1 and 99"
includes both ends: `1 <= qty < MAX_QTY` (99) leaves 99 out. A chained comparison is read as its adjacent pairs, so
its sides are judged one by one whatever negation stands before it. Only upper bounds on a duration and "between"
ranges are read: a cap on a count ("at most 5 reminders") is often checked before the new one is added (`count < 5`),
and "at least 15 minutes" against `>` was already refused before this module.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary_data import TIME_UNITS

_UNIT = "|".join(sorted({w for w in TIME_UNITS if w.isalpha() and len(w) > 2}, key=len, reverse=True))
_UPPER_DURATION = re.compile(rf"\b(?:(\d+)\s+(?:{_UNIT})\s+or\s+(?:fewer|less|under)\b|"
                             rf"(?:at\s+most|no\s+more\s+than|up\s+to)\s+(\d+)\s+(?:{_UNIT})\b)", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s+(\d+)\s+(?:\w+\s+)?and\s+(\d+)\b(?![^.;\n]*\bexclusive)", re.IGNORECASE)
_CONSTANT = re.compile(r"(?m)^\s*(?:pub\s+)?(?:export\s+)?(?:const\s+|let\s+|static\s+|final\s+)?([A-Z][A-Z0-9_]*)"
                       r"\s*(?::\s*[\w<>]+)?\s*:?=\s*(\d+)\s*;?\s*(?:#.*|//.*)?$")
_OPERAND = r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\(\))*(?:\.days)?|\d+"
_COMPARISON = re.compile(rf"(?=(?<![\w$.])({_OPERAND})\s*(<=|>=|<|>)\s*({_OPERAND})(?![\w(]))")
_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}


def _comparisons(code: str, number: str) -> list[str]:
    """The operators of the code's comparisons against the number (a literal or a constant holding it), with the
    number on the right: `3 > x` is read `x < 3`."""
    names = {name for name, value in _CONSTANT.findall(code) if value == number} | {number}
    found: list[str] = []
    for line in code.splitlines():
        if re.match(r"\s*(?:#|//|use\s|import\s|fn\s|def\s|pub\s+fn)", line) or "->" in line and "=>" not in line \
                and re.search(r"\bfn\b", line):
            continue
        for left, op, right in _COMPARISON.findall(line):
            if right in names and left not in names and not left.isdigit():
                found.append(op)
            elif left in names and right not in names and not right.isdigit():
                found.append(_FLIP[op])
    return found


def _excludes(code: str, number: str, upper: bool) -> bool:
    ops = _comparisons(code, number)
    strict, inclusive = ("<", ">") if upper else (">", "<")
    # an upper bound kept by `x <= n` or refused by `x > n`; a lower bound by `x >= n` or refused by `x < n`
    good = {f"{strict}=", inclusive}
    return strict in ops and not good & set(ops)


def excludes_the_stated_bound(criterion: str, file_code: str) -> str:
    """Why the code compares strictly against a bound the criterion includes, or ""."""
    for match in _UPPER_DURATION.finditer(criterion):
        number = match.group(1) or match.group(2)
        if _excludes(file_code, number, upper=True):
            return f"it compares strictly with {number}, which the criterion includes"
    for match in _BETWEEN.finditer(criterion):
        low, high = match.group(1), match.group(2)
        if _excludes(file_code, high, upper=True) or _excludes(file_code, low, upper=False):
            return f"its range leaves out an end of {low}–{high}, which the criterion includes"
    return ""
