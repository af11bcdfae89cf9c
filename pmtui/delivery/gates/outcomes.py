"""An outcome said by its opposite: "… loses the deposit" and `deposit_refunded = <condition>` (round 8).

"A cancellation less than 24 h before the appointment loses the deposit" is met by code that refunds the deposit on
the other side of the bound (`deposit_refunded = starts_at - cancelled_at >= NOTICE`); code that refunds it on the
criterion's own side (`… < NOTICE`) keeps what the criterion takes away. What is lost (forfeited) is read in the
code by the name that keeps it (refunded, returned, kept, retained, reimbursed).
"""

from __future__ import annotations

import re
from functools import lru_cache

_LOSES = re.compile(r"\b(?:loses?|losing|lost|forfeits?|forfeited|forfeiting)\s+(?:the\s+|their\s+|its\s+|his\s+|her\s+|a\s+)?"
                    r"([A-Za-z]+)", re.IGNORECASE)
_SIDES = ((re.compile(r"\b(?:less|fewer|shorter|under|below|sooner|earlier)\s+(?:than\s+)?\d", re.IGNORECASE), "<"),
          (re.compile(r"\b(?:more|greater|longer|over|above|later)\s+(?:than\s+)?\d", re.IGNORECASE), ">"))
_KEEPS = r"(?:refunded|refund|returned|return|kept|keep|retained|retain|reimbursed)"


def keeps_what_is_lost(criterion: str, code: str) -> str:
    """Why the code keeps (refunds) what the criterion says is lost, on the criterion's own side of its bound, or ""."""
    lost = _LOSES.search(criterion)
    side = next((op for pattern, op in _SIDES if pattern.search(criterion)), None)
    if not lost or side is None:
        return ""
    thing = re.escape(lost.group(1).lower().rstrip("s"))
    name = rf"[\w.$]*(?:{thing}\w*_?{_KEEPS}|{_KEEPS}_?\w*{thing})\w*"
    for line in code.splitlines():
        assigned = re.search(rf"({name})\s*=(?!=)\s*(.+)$", line, re.IGNORECASE)
        if not assigned:
            continue
        ops = re.findall(r"(?<![<>=!])(<=?|>=?)(?!=)", assigned.group(2))
        if ops and all(op[0] == side for op in ops):
            return f"it keeps the {lost.group(1)} ({assigned.group(1)}) on the side of the bound where the criterion loses it"
    return ""


# "I want to upload .heic photos": what the criterion lets in must not go on a list that keeps it out
_LETS_IN = re.compile(r"\b(?:upload|accept|allow|permit|support|let|lets|enable|whitelist|add)\w*\b", re.IGNORECASE)
_KEEPS_OUT = re.compile(r"(?:block|deny|disallow|forbid|reject|exclude|ban|blacklist|ignore)\w*", re.IGNORECASE)
_KEY = re.compile(r"^\s*[\"']?([\w.-]+)[\"']?\s*[:=]")


@lru_cache(maxsize=256)
def keeps_out_what_is_let_in(criterion: str, code: str) -> str:
    """Why the code puts what the criterion lets in (`.heic`, a quoted value) only on a block or deny list, or ""."""
    if not _LETS_IN.search(criterion) or re.search(r"\b(?:not|never|cannot|can't|no)\b", criterion, re.IGNORECASE):
        return ""
    items = re.findall(r"(?<![\w/])(\.[a-z0-9]{2,5})\b", criterion) + re.findall(r"[\"'`]([^\"'`]+)[\"'`]", criterion)
    for item in items:
        keys: list[str] = []
        key = ""
        for line in code.splitlines():
            named = _KEY.match(line)
            if named:
                key = named.group(1)
            if re.search(rf"[\"']{re.escape(item)}[\"']", line):
                keys.append(key)
        if keys and all(_KEEPS_OUT.search(key) for key in keys):
            return f"it puts {item} on {keys[0]}, which keeps it out"
    return ""


# "a user with an expired subscription … sees the paywall": the code's test of the opposite state, not negated, is the
# other case (`if article.premium and user.subscription_active: paywall`)
_OPPOSITES = {"expired": ("active", "valid", "current"), "inactive": ("active",), "closed": ("open",),
              "disabled": ("enabled",), "locked": ("unlocked",), "offline": ("online",), "unpaid": ("paid",),
              "invalid": ("valid",), "unverified": ("verified",), "private": ("public",), "cancelled": ("active",),
              "suspended": ("active",)}


def tests_the_opposite(criterion: str, code: str) -> str:
    """Why every condition of the code that reads the criterion's state reads its opposite, not negated, or ""."""
    for state in re.findall(r"\b(" + "|".join(_OPPOSITES) + r")\b", criterion, re.IGNORECASE):
        state = state.lower()
        opposite = "|".join(_OPPOSITES[state])
        conditions = [m.group(1) for m in re.finditer(r"^\s*\}?\s*(?:if|elif|else\s+if|when)\b(.*)$", code, re.MULTILINE)]
        said = [c for c in conditions if re.search(rf"(?i){state}", c)]
        opposed = [c for c in conditions if re.search(rf"(?<![A-Za-z])(?:is_?|has_?)?(?:\w+_)?(?:{opposite})(?![a-z])", c,
                                                      re.IGNORECASE)]
        if said or not opposed:
            continue
        if all(not re.search(rf"(?:\bnot\s+|!\s*)[\w.$]*(?:{opposite})", c, re.IGNORECASE) for c in opposed):
            return f"it tests the {_OPPOSITES[state][0]} case, where the criterion's is {state}"
    return ""


# "for members", "members get 15% off": who benefits; a branch that benefits everyone else reads the group negated
_BENEFICIARY = re.compile(r"\b(?:discount|reduction|rebate|off|free|bonus|priority)\b[^.;]*?\bfor\s+(?:the\s+|our\s+|all\s+)?"
                          r"([a-z]{3,}?)s?\b|\b([a-z]{3,}?)s?\s+(?:get|gets|receive|receives|pay)\b", re.IGNORECASE)


def benefits_the_others(criterion: str, code: str) -> str:
    """Why every condition of the code that reads the criterion's beneficiaries reads them negated, or ""."""
    said = _BENEFICIARY.search(criterion)
    if not said:
        return ""
    group = (said.group(1) or said.group(2)).lower()
    if group in ("the", "all", "each", "every", "any", "user", "customer", "order", "item", "price"):
        return ""
    reads = [m for line in code.splitlines() if re.match(r"\s*\}?\s*(?:if|elif|else\s+if|when)\b", line)
             for m in re.finditer(rf"(\bnot\s+|!\s*)?[\w.$]*?(?:is_?|has_?)?{group}\w*", line, re.IGNORECASE)]
    if reads and all(m.group(1) for m in reads):
        return f"it gives it to those who are not {group}s"
    return ""


# "search is case-insensitive": both sides of the comparison are folded; a lowered needle in an unfolded haystack is not
_FOLDED = re.compile(r"^\s*(?:const\s+|let\s+|var\s+)?(\w+)\s*:?=\s*[\w.$()\[\]]+\.(?:toLowerCase|toLocaleLowerCase|lower|casefold|"
                     r"downcase|toUpperCase|upper|upcase)\(\)", re.MULTILINE)


def folds_one_side(criterion: str, code: str) -> str:
    """Why the code compares a case-folded value with one it does not fold, or ""."""
    if not re.search(r"case[- ]?insensitive|regardless\s+of\s+(?:the\s+)?case|ignor\w*\s+(?:the\s+)?case|any\s+case",
                     criterion, re.IGNORECASE):
        return ""
    for name in _FOLDED.findall(code):
        for receiver in re.findall(rf"([\w.$\[\]]+?)\.(?:includes|startsWith|endsWith|indexOf|contains|startswith|"
                                   rf"endswith|find)\(\s*{name}\s*[,)]", code):
            if not re.search(r"(?:lower|Lower|casefold|downcase|upper|Upper|upcase)", receiver):
                return f"it folds {name} and not {receiver}, which it compares it with"
        for other in re.findall(rf"\b{name}\s*(?:===?|!==?|\bin\b)\s*([\w.$]+)(?!\s*\.(?:lower|toLowerCase))", code):
            if "." in other and not re.search(r"lower|casefold|downcase", other, re.IGNORECASE):
                return f"it folds {name} and not {other}, which it compares it with"
    return ""
