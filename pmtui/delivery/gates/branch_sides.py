"""Which side of a bound a branch is on, when the criterion says what happens there (round 8).

"Free delivery within 5 km" is met by `if distance_km <= 5: return 0`; `if distance_km > 5: return 0` makes the far
deliveries free. "Accounts inactive for more than 2 years are deleted" is met by `now - last_login > timedelta(days=730)`;
`< timedelta(days=730)` deletes the active ones. "The export button is disabled while the export runs" is met by
`disabled={running}`; `disabled={!running}` disables it when nothing runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pmtui.delivery.gates.boundaries import comparisons_with, criterion_boundaries
from pmtui.delivery.gates.criterion_classes import explicit_durations

_KEEPS = {"low": frozenset({"<=", ">"}), "high": frozenset({">=", "<"})}
_MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}
# what the criterion's bound leads to, and on which side: "free … within 5" is free below, "over 50 ship free" above
_FREE = re.compile(r"\bfree\b", re.IGNORECASE)
_BELOW = re.compile(r"\b(?:within|under|below|less\s+than|fewer\s+than|up\s+to|at\s+most|no\s+more\s+than)\s+"
                    r"(?:[£$€₹₦]\s*|(?:pounds?|euros?|dollars?|rupees?|naira)\s+)?(\d+(?:\.\d+)?)", re.IGNORECASE)
_ABOVE = re.compile(r"\b(?:over|above|more\s+than|greater\s+than|at\s+least|from)\s+"
                    r"(?:[£$€₹₦]\s*|(?:pounds?|euros?|dollars?|rupees?|naira)\s+)?(\d+(?:\.\d+)?)", re.IGNORECASE)
_FREE_CODE = re.compile(r"\breturn\s+0(?:\.0+)?\s*(?:;?\s*$|\bif\b)|\?\s*0(?:\.0+)?\s*:(?!:)|\b(?:fee|price|cost|charge|shipping|delivery)\w*\s*(?:=|:)\s*0(?:\.0+)?\b")


def free_on_the_other_side(criterion: str, code: str) -> str:
    """Why every branch of the code that makes it free is on the other side of the criterion's bound, or ""."""
    if not _FREE.search(criterion):
        return ""
    lines = code.splitlines()
    for pattern, wanted in ((_BELOW, "<"), (_ABOVE, ">")):
        for match in pattern.finditer(criterion):
            number = match.group(1)
            number = number.rstrip("0").rstrip(".") if "." in number else str(int(number))
            sides = {op[0] for index, op in _comparisons_at(code, number)
                     if any(_FREE_CODE.search(line) for line in lines[index:index + 3])}
            if sides and wanted not in sides:
                return f"it makes it free on the other side of {number} from the criterion"
    return ""


def _comparisons_at(code: str, number: str) -> list[tuple[int, str]]:
    """(line index, operator as `x OP number`) of the code's comparisons with the number."""
    found: list[tuple[int, str]] = []
    for index, line in enumerate(code.splitlines()):
        found.extend((index, op) for op in comparisons_with(line, number))
    return found


_UNIT_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800, "month": 2592000,
                 "year": 31536000}
_TIMED = re.compile(r"(\d+(?:\.\d+)?)\s+(second|minute|hour|day|week|month|year)s?\b", re.IGNORECASE)
_DURATION = r"(?:timedelta|relativedelta|Duration\.\w+|Duration::\w+)\([^()]*\)|\d+\s*\*\s*time\.\w+"
_COMPARED = re.compile(rf"({_DURATION}|[A-Za-z_][\w.]*)\s*(<=|>=|<|>)\s*({_DURATION}|[A-Za-z_][\w.]*)")


def duration_on_the_wrong_side(criterion: str, code: str) -> str:
    """Why the code compares a time with the criterion's bounded duration by the operator of the other side, or ""."""
    sides = dict(criterion_boundaries(criterion))
    targets = [(float(n) * _UNIT_SECONDS[u.lower()], sides[n.rstrip("0").rstrip(".") if "." in n else n])
               for n, u in _TIMED.findall(criterion) if (n.rstrip("0").rstrip(".") if "." in n else n) in sides]
    if not targets:
        return ""
    constants = {name: explicit_durations(value) for name, value in
                 re.findall(rf"^\s*([A-Za-z_]\w*)\s*(?::\s*\w+\s*)?=\s*({_DURATION})", code, re.MULTILINE)}

    def seconds(operand: str) -> set[float]:
        stated = explicit_durations(operand) or constants.get(operand.split(".")[-1], [])
        return {value for _, value in stated}

    for target, side in targets:
        ops = []
        for left, op, right in _COMPARED.findall(code):
            if any(abs(s - target) <= 1e-6 * target for s in seconds(right)):
                ops.append(op)
            elif any(abs(s - target) <= 1e-6 * target for s in seconds(left)):
                ops.append(_MIRROR[op])
        if ops and not set(ops) & _KEEPS[side]:
            return f"it compares with the {int(target)} s bound by {ops[0]}, the other side from the criterion"
    return ""


_STATE = r"disabled|hidden|locked|read_?only|readOnly"


def state_negated(criterion: str, code: str, stem: Callable[[str], str]) -> str:
    """Why the code sets the criterion's state ("disabled while the export runs") to the negation of its condition."""
    said = re.search(rf"\b({_STATE})\s+(?:while|when|whenever|as\s+long\s+as|during)\s+(.+)$", criterion, re.IGNORECASE)
    if not said:
        return ""
    state = stem(said.group(1).lower().replace("_", ""))
    clause = {stem(word) for word in re.findall(r"[A-Za-z]{3,}", said.group(2))}
    for name, operand in re.findall(r"\b((?:is_?)?[A-Za-z_]+)\s*(?:=|:)\s*\{?\s*(?:!|not\s+)\s*\(?\s*([\w.$]+)", code):
        if stem(name.lower().replace("_", "").removeprefix("is")) != state:
            continue
        parts = {stem(p) for p in re.split(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])", operand) if p}
        if parts & clause:
            return f"it sets {name} to not {operand}: the opposite of the criterion's condition"
    return ""


_ANSWERS_ON_FAILURE = re.compile(r"\b(?:answers?|returns?|responds?(?:\s+with)?|gives?|sends?)\s+(?:an?\s+)?(?:HTTP\s+)?"
                                 r"(\d{3})\b.*\b(?:when|if|whenever|once)\b.*\b(?:down|fails?|failed|failing|unavailable|"
                                 r"unreachable|errors?|broken|offline|times?\s+out)\b", re.IGNORECASE)
_FAILURE_START = re.compile(r"\bif\b[^\n]*\b(?:err|error)\s*!=\s*nil\b|\bif\s*\(\s*!?\s*(?:err|error)\s*\)|^\s*except\b|"
                            r"\bcatch\s*[({]|\.catch\(|^\s*rescue\b|\bif\s+not\s+(?:ok|healthy|alive|reachable)\b|"
                            r"\bif\s*\(\s*!\s*(?:ok|healthy|alive|reachable)\s*\)|\bErr\(\w*\)\s*=>", re.IGNORECASE)


def _failure_blocks(lines: list[str]) -> list[range]:
    """The line ranges of the code's failure branches: `if err != nil { … }`, `except …:` and its body."""
    blocks: list[range] = []
    for index, line in enumerate(lines):
        if not _FAILURE_START.search(line):
            continue
        end = index + 1
        if "{" in line or line.rstrip().endswith("=>"):
            depth = line.count("{") - line.count("}")
            while end < len(lines) and depth > 0:
                depth += lines[end].count("{") - lines[end].count("}")
                end += 1
        else:
            indent = len(line) - len(line.lstrip())
            while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent):
                end += 1
        blocks.append(range(index, max(end, index + 1)))
    return blocks


def status_outside_the_failure(criterion: str, code: str) -> str:
    """Why the code answers the criterion's status for a failure only outside its failure branches, or ""."""
    said = _ANSWERS_ON_FAILURE.search(criterion)
    if not said:
        return ""
    lines = code.splitlines()
    blocks = _failure_blocks(lines)
    where = [index for index, line in enumerate(lines) if re.search(rf"(?<![\w.]){said.group(1)}(?![\w.])", line)]
    if blocks and where and not any(index in block for block in blocks for index in where):
        return f"it answers {said.group(1)} outside the branch that handles the failure"
    return ""
