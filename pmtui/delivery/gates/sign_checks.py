"""The sign of which value: "a callout's fee can never be negative" (round 8).

`CHECK (duration_min >= 0)` in a file named `005_callout_fee_check.sql` carries "fee" in its path and "negative" in
a constraint's name, and checks the duration. A criterion about a value's sign (negative, positive, below zero) is
shown by a comparison with zero of a value it names (`fee_pence >= 0`, `$order->total < 0`); a change whose every comparison with zero is of a value the
criterion does not name checks the sign of something else.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

# a sign in words ("below 0 °C" is a measured boundary, not a sign)
_SIGN = re.compile(r"\b(?:non-?negative|negative|positive|(?:below|under|less\s+than|above|greater\s+than|over)\s+zero)\b",
                   re.IGNORECASE)
_OPERAND = r"[A-Za-z_$][\w.$]*(?:->[\w$]+)*(?:\([^()]*\))?"
_ZERO = re.compile(rf"({_OPERAND})\s*(?:<=|>=|<|>|-gt|-ge|-lt|-le)\s*0(?![\w.])|(?<![\w.])0\s*(?:<=|>=|<|>)\s*({_OPERAND})")


def sign_of_another_value(criterion: str, code: str, wanted: Iterable[frozenset[str]],
                          concepts_of: Callable[[str], frozenset[str]]) -> str:
    """Why the code compares with zero only values the criterion does not name (`wanted`: its nouns'
    alternatives), or "" (also when the criterion says nothing of a sign or the code compares nothing with zero)."""
    if not _SIGN.search(criterion):
        return ""
    operands = [left or right for left, right in _ZERO.findall(code)]
    wanted = [alternatives for alternatives in wanted if alternatives]
    if not operands or not wanted:
        return ""
    if any(concepts_of(operand) & alternatives for operand in operands for alternatives in wanted):
        return ""
    return f"it checks the sign of {operands[0]}, a value the criterion does not name"
