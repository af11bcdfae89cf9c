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


# round 13: which side of zero a sign word refuses. "positive" leaves zero out ("not a positive integer" refuses 0);
# "non-negative", "zero or more" let it in
_POSITIVE = re.compile(r"\b(?<!non-)(?<!non )positive\b|\b(?:greater|more)\s+than\s+zero\b|\babove\s+zero\b",
                       re.IGNORECASE)
_NON_NEGATIVE = re.compile(r"\bnon-?\s?negative\b|\bzero\s+or\s+(?:more|greater|above)\b|\bnot\s+negative\b",
                           re.IGNORECASE)
_IF = re.compile(r"^\s*(?:}\s*else\s+)?(?:if|elif|else\s+if|unless)\b(.*)$")
_REFUSING = re.compile(r"\braise\b|\bthrow\b|\babort\(|\breturn\s+(?:false|False|None|null|nil|Err\b|err\b|"
                       r"res\.status\(\s*4\d\d|.*\b4\d\d\b)|\bstatus\(\s*4\d\d|\bhttp\.Error\(|\bexit\s*\(?\s*[1-9]")


def zero_on_the_wrong_side(criterion: str, code: str) -> str:
    """Why a refusal of a sign lets zero in where the criterion's word leaves it out (`qty < 0` for "not a positive
    integer") or refuses it where the criterion lets it in (`n <= 0` for "non-negative"), or ""."""
    positive, non_negative = bool(_POSITIVE.search(criterion)), bool(_NON_NEGATIVE.search(criterion))
    if positive == non_negative:
        return ""
    lines = code.splitlines()
    for index, line in enumerate(lines):
        condition = _IF.match(line)
        if not condition or not any(_REFUSING.search(after) for after in lines[index:index + 3]):
            continue
        # each side of an `or` refuses on its own; a negated side says which values it keeps, not which it refuses
        sides = [side for side in re.split(r"\bor\b|\|\|", condition.group(1)) if not re.search(r"\bnot\b|!(?!=)", side)]
        if not sides or re.search(r"\band\b|&&", condition.group(1)):
            continue
        test = " or ".join(sides)
        strict = re.search(rf"({_OPERAND})\s*<\s*0(?![\w.=])|(?<![\w.])0\s*>\s*({_OPERAND})", test)
        loose = re.search(rf"({_OPERAND})\s*<=\s*0(?![\w.])|(?<![\w.])0\s*>=\s*({_OPERAND})", test)
        if positive and strict and not loose and not re.search(r"==\s*0(?![\w.])|<\s*1(?![\w.])", test):
            return f"it refuses only below zero (`{strict.group(0)}`): zero, which is not positive, gets in"
        if non_negative and loose:
            return f"it refuses zero (`{loose.group(0)}`), which the criterion lets in"
    return ""
