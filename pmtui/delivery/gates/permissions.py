"""Helpers of the plan-alignment matcher moved out of alignment.py in round 10 (it was near its 800 lines): the verbs a
permission predicate grants, and the numbers code states only as a rounding's precision."""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary import numbers_in, split_identifier, stem

PERMITTED = re.compile(r"\b(?:can|may|(?:is|are)\s+allowed\s+to|(?:is|are)\s+able\s+to)\s+(?:only\s+)?([a-z]+)",
                        re.IGNORECASE)


def permissions(name: str) -> frozenset[str]:
    """The verbs a permission predicate's name grants: `can_delete`, `canEdit`, `may_cancel`, `is_allowed_to_refund`."""
    parts = split_identifier(name)
    for index, part in enumerate(parts):
        if part in ("can", "may", "allowed", "allow") and index + 1 < len(parts):
            rest = parts[index + 1:]
            rest = rest[1:] if rest[0] == "to" and len(rest) > 1 else rest
            return frozenset({stem(rest[0])})
    return frozenset()


PRECISION_WORDS = re.compile(r"\b(?:decimals?|digits?|places?|round\w*|precision|dp|cents?|significant)\b", re.IGNORECASE)
_PRECISION_ARGUMENT = re.compile(r"(\bround\s*\((?:[^()]|\([^()]*\))*,\s*|\.toFixed\(\s*|\.round\(\s*|\bROUND\((?:[^()]|\([^()]*\))*,\s*)"
                                 r"\d+(?=\s*\))|(?<=[:%])\.\d+f\b|(?<=\{:)\.\d+f?\b")


def precision_only(code: str) -> set[str]:
    """The numbers the code states only as a rounding's precision (`round(x, 2)`, `.toFixed(1)`, `:.2f`)."""
    return numbers_in(code) - numbers_in(_PRECISION_ARGUMENT.sub(lambda m: m.group(1) or "", code))
