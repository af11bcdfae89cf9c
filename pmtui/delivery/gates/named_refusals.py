"""Invalid or empty values of a named field refused (round 12): "Invalid or empty postcodes are refused with a
message saying what format is expected", "Invalid or empty quantities are refused with an error message".

plan_shapes reads the plan's own shape, "Invalid or empty input is refused …", where the input is any field. Users
name the field. The same reading holds of the units that name it (in code or in their messages): a guard testing
the value whose branch refuses with words; a pattern or a range the empty value fails refuses the empty value too.
A change that does not refuse so is left to the matcher, as before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.delivery.gates.plan_shapes import refusal_location
from pmtui.delivery.gates.vocabulary import stem

_BAD = r"(?:invalid|empty|bad|missing|blank|malformed|wrong)"
_NAMED = re.compile(rf"^(?:(?:any|an?|the)\s+)?{_BAD}(?:\s*(?:,|or|and|/)\s*{_BAD})*\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)\s+"
                    r"(?:is|are|gets?)\s+(?P<verb>refused|rejected|blocked|not\s+accepted|declined)\b(?P<rest>.*)$",
                    re.IGNORECASE)
# what plan_shapes reads itself
_GENERIC = frozenset({"input", "inputs", "data", "value", "values", "field", "fields", "entry", "entries", "form", "forms"})


def named_refusal(criterion: str, units: Sequence[Any],
                  added: Mapping[str, Sequence[tuple[int, str]]]) -> tuple[str | None, str] | None:
    """Where a unit naming the criterion's field refuses its invalid or empty values with words, (None, why) when the
    only refusals there refuse the valid values, None otherwise (the matcher reads the criterion)."""
    shape = _NAMED.match(criterion.strip())
    if not shape or shape.group("noun").split()[-1].lower() in _GENERIC:
        return None
    head = stem(shape.group("noun").split()[-1])[:5].lower()
    naming = [unit for unit in units if head in unit.code_text.lower()]
    if not naming:
        return None
    turned = [unit for unit in naming if _turned_round(unit.code_text)]
    found = refusal_location(f"Invalid or empty input is {shape.group('verb')}{shape.group('rest')}",
                             [unit for unit in naming if unit not in turned], added)
    if found is not None and found[0] is not None:
        return found[0], f"{found[1]} ({shape.group('noun')})"
    if turned:
        # the matcher would find the words of a refusal there; the refusal is of the valid values
        return None, f"{turned[0].path}:{turned[0].start} ({turned[0].name}) refuses the valid {shape.group('noun')}"
    return None


_GUARD = re.compile(r"^\s*(?:\}\s*)?(?:if|elif|else\s+if)\b\s*\(?(.*?)\)?\s*(?:\{|:|\bthen\b)?\s*$")
_PATTERN_TEST = re.compile(r"\.(?:match|fullmatch|test)\(|\bre\.(?:match|fullmatch)\(|\bpreg_match\(|=~")
_BLACKLIST = re.compile(r"(?i)bad|forbidden|invalid|illegal|banned|blocked|reserved|profan")
_REFUSING = re.compile(r"\braise\b|\bthrow\b|\breturn\s+(?:Err|err|error|fmt\.Errorf|errors\.New)|Error\(")
_AT_LEAST = re.compile(r"(?i)\bat\s+least\s+(\d+)|\b(\d+)\s+or\s+more\b|\bminimum\s+(?:of\s+)?(\d+)")
_AT_MOST = re.compile(r"(?i)\bat\s+most\s+(\d+)|\b(\d+)\s+or\s+(?:less|fewer)\b|\bup\s+to\s+(\d+)|\bmaximum\s+(?:of\s+)?(\d+)")


def _turned_round(code: str) -> bool:
    """A refusing guard of the code that refuses the valid value: a validation pattern's match (`if PHONE.match(p):
    raise`), or a number on the side its own message allows (`qty >= 1` refused with "at least 1")."""
    lines = code.splitlines()
    for index, line in enumerate(lines):
        guard = _GUARD.match(line)
        if not guard:
            continue
        body = "\n".join(lines[index:index + 3])
        if not _REFUSING.search(body):
            continue
        message = " ".join(re.findall(r"[\"'`]([^\"'`\n]+)[\"'`]", body))
        # `if (!(!PATTERN.test(x) || …))`: the negation of an invalidity test refuses the valid values
        wrapped = re.match(r"\s*(?:!|not\s*)\(\s*(.*)\)\s*$", guard.group(1))
        if wrapped and re.search(r"(?:!|\bnot\s+)\s*[\w./\\^$+*?\[\]{}()]*?" + _PATTERN_TEST.pattern, wrapped.group(1)):
            return True
        for part in re.split(r"\bor\b|\|\|", guard.group(1)):
            part = part.strip(" ()")
            if _PATTERN_TEST.search(part) and not re.match(r"(?:not\b|!)", part) and not _BLACKLIST.search(part):
                return True
            compared = re.search(r"(<=|>=|<|>)\s*(\d+)\b", part)
            if not compared or re.match(r"(?:not\b|!)", part):
                continue
            op, number = compared.groups()
            least = {n for m in _AT_LEAST.findall(message) for n in m if n}
            most = {n for m in _AT_MOST.findall(message) for n in m if n}
            if (number in least and op in (">", ">=")) or (number in most and op in ("<", "<=")):
                return True
    return False
