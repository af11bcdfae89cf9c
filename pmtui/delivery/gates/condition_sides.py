"""The direction of a condition the criterion acts on, against the code's comparisons with its number (round 9).

"Turn the misters on when humidity drops under 85 %" acts on values below 85: code that does it compares with 85 by
`<` or `<=` (`if rh < 85.0 { on }`), or by the opposite when the branch leaves early (`if rh >= 85: return`). Code
whose every comparison with 85 looks the other way and acts there (`else if rh >= 85.0 { off }`: the thresholds
swapped) does something near the criterion, not it. The same for "above", "more than", "more strong than".
boundaries.wrong_side asks on which side the number itself falls; this asks which way the condition looks.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.boundaries import _comparisons, _plain, refusing_line

_NUMBER = r"(?:[£$€₹₦]\s*)?(\d+(?:\.\d+)?)"
_BELOW = (r"under|below|less\s+than|fewer\s+than|lower\s+than|smaller\s+than|colder\s+than|cooler\s+than|"
          r"slower\s+than|shorter\s+than|younger\s+than|lighter\s+than|weaker\s+than")
_ABOVE = (r"above|over|more\s+than|greater\s+than|higher\s+than|larger\s+than|bigger\s+than|exceeds?|"
          r"warmer\s+than|hotter\s+than|faster\s+than|longer\s+than|older\s+than|heavier\s+than|stronger\s+than|"
          r"more\s+[a-z]+\s+than")
# a condition clause: "when/if/once/whenever … under N" within one clause (no comma, no full stop between)
_CONDITION = re.compile(rf"\b(?:when|whenever|if|once)\b[^,.;:()]*?\b(?:(?P<below>{_BELOW})|(?P<above>{_ABOVE}))\s+{_NUMBER}",
                        re.IGNORECASE)
_LOOKS = {"<": frozenset({"<", "<="}), ">": frozenset({">", ">="})}
_LEAVES = re.compile(r"\b(?:return|continue|break|next)\b|\bexit\b")


def criterion_conditions(text: str) -> tuple[tuple[str, str], ...]:
    """(number, "<" | ">") for each condition the criterion acts on: "when humidity drops under 85 %" → (85, <)."""
    found = []
    for match in _CONDITION.finditer(text):
        found.append((_plain(match.group(3)), "<" if match.group("below") else ">"))
    return tuple(dict.fromkeys(found))


def looks_the_other_way(criterion: str, code: str) -> str:
    """Why every comparison of the code with a condition's number looks the other way and acts there, or ""."""
    conditions = criterion_conditions(criterion)
    if not conditions:
        return ""
    lines = code.splitlines()
    for number, direction in conditions:
        found = _comparisons(code, number)
        if not found or any(op in _LOOKS[direction] for _, op in found):
            continue
        # `if rh >= 85: return` guards the rest of the function: the code goes on only below 85
        if any(refusing_line(line) or _LEAVES.search(line) for index, _ in found for line in lines[index:index + 3]):
            continue
        op = found[0][1]
        return f"it acts when the value is {op} {number}, where the criterion acts when it is {direction} {number}"
    return ""
