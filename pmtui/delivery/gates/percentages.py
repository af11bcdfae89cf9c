"""A percentage taken off, and a percentage paid (round 8).

"Single occupants get a 25% discount" and `bill *= 0.25` share the fraction: the code makes them pay a quarter, a
75 % discount. A discount of p is paid as `1 - p` of the price (`bill *= 1 - DISCOUNT`, `price - price * 0.25`,
`total -= total * p`); a change whose every use of the fraction multiplies the price by it alone charges the
discount instead of taking it off.
"""

from __future__ import annotations

import re
from functools import lru_cache

_DISCOUNT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)\s*(?:discount|off|reduction|rebate)\b|"
                       r"\b(?:discount|reduction|rebate)\s+of\s+(\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)",
                       re.IGNORECASE)
_NUMBER = r"-?\d[\d_]*(?:\.\d+)?|\.\d+"


def _plain(number: str) -> str:
    number = number.replace("_", "")
    return f"{float(number):.10g}"


@lru_cache(maxsize=256)
def pays_the_discount(criterion: str, code: str) -> str:
    """Why the code multiplies a price by the criterion's discount fraction instead of by one minus it, or ""."""
    for match in _DISCOUNT.finditer(criterion):
        fraction = f"{float(match.group(1) or match.group(2)) / 100:.10g}"
        names = [name for name, value in re.findall(rf"\b([A-Za-z_]\w*)\s*(?::\s*[\w\[\]]+\s*)?=\s*({_NUMBER})\s*;?\s*(?:#.*)?$",
                                                    code, re.MULTILINE) if _plain(value) == fraction]
        term = "|".join([re.escape(fraction), re.escape(fraction.lstrip("0")), *map(re.escape, names)])
        taken = paid = False
        for line in code.splitlines():
            if not re.search(rf"(?<![\w.])(?:{term})(?![\w.])", line):
                continue
            if re.search(rf"\b1(?:\.0*)?\s*-\s*(?:{term})\b|-=|[\w)\]]\s*-\s*[\w.()\[\]]+\s*\*\s*(?:{term})\b|"
                         rf"[\w)\]]\s*-\s*(?:{term})\s*\*", line):
                taken = True
            elif re.search(rf"\*=?\s*(?:{term})(?![\w.])|(?<![\w.])(?:{term})\s*\*", line):
                paid = True
        if paid and not taken:
            return f"it multiplies the price by {fraction}: that charges {match.group(1) or match.group(2)} %, not takes it off"
    return ""


_PERCENT_NAME = r"[\w.$]*(?:pct|Pct|PCT|percent|Percent|PERCENT)(?:age|Age|AGE)?"
_FRACTION = r"0?\.\d+"


def fraction_against_percent(code: str, fractions: frozenset[str]) -> bool:
    """Whether the code compares a percentage's fraction with a value its name says is a percentage
    (`bus.battery_pct < 0.2` for "below 20 %": that value counts 0–100, so 0.2 is a fifth of one per cent)."""
    for left, right in re.findall(rf"({_PERCENT_NAME}|{_FRACTION})\s*(?:<=|>=|<|>|==|!=)\s*({_PERCENT_NAME}|{_FRACTION})", code):
        number = left if re.fullmatch(_FRACTION, left) else right
        name = right if number is left else left
        if re.fullmatch(_FRACTION, number) and not re.fullmatch(_FRACTION, name) and _plain(number) in fractions:
            return True
    return False
