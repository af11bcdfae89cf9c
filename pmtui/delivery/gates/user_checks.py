"""Side checks for criteria as users write them in their own plans and issues (round 12).

Each function answers why a unit of the change does not do what the criterion says, or "":

- a comparison the criterion writes out ("rejects qty<=0", "page<1 -> 400") is the code's comparison of that name,
  or its complement (`qty > 0` guarding the work); `qty < 0` lets 0 in;
- a status answered while a state holds ("answers 503 while the server is draining") is not answered under the
  state's negation (`if !draining.Load() { … 503 … }`);
- a status the criterion gives is not matched through its reason's word (`create_order` for 201) when the unit
  answers another status of the same class (`return …, 200`);
- a limit "per API key" is counted by what names the key: a line naming both words, not `package api` and
  `key := r.RemoteAddr` apart;
- a list written with commas ("header date,amount,category") is in the code in that order.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.user_phrasing import status_numbers
from pmtui.delivery.gates.vocabulary import split_identifier, stem

_STRINGS = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`")

# -- a comparison written in the criterion ------------------------------------------------------------------------
_WRITTEN_COMPARISON = re.compile(r"(?<![\w.$-])([A-Za-z_]\w*)\s*(<=|>=|≤|≥|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)(?![\w.])")
_CODE_COMPARISON = r"(?<![\w$])(?:[\w$]+\.)*{name}\s*(<=|>=|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)(?![\w.])"
_CODE_MIRRORED = r"(?<![\w.])(-?\d+(?:\.\d+)?)\s*(<=|>=|==|!=|<|>)\s*(?:[\w$]+\.)*{name}(?![\w$])"
_MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}
_OPS = {"<": lambda a, b: a < b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b,
        "==": lambda a, b: a == b, "!=": lambda a, b: a != b}


def _predicate(op: str, number: str) -> tuple[str, float]:
    return {"≤": "<=", "≥": ">="}.get(op, op), float(number)


def _same_on_integers(first: tuple[str, float], second: tuple[str, float]) -> bool:
    """Whether two comparisons with numbers hold of the same whole values (`<= 0` and `< 1`), or say it alike."""
    (op1, n1), (op2, n2) = first, second
    if n1 != int(n1) or n2 != int(n2):
        return first == second
    low, high = int(min(n1, n2)) - 3, int(max(n1, n2)) + 3
    return all(_OPS[op1](v, n1) == _OPS[op2](v, n2) for v in range(low, high + 1))


def compares_otherwise(criterion: str, code: str) -> str:
    """Why every comparison the code makes of a name the criterion compares ("qty<=0") holds of other values."""
    bare = _STRINGS.sub('""', code)
    for name, op, number in _WRITTEN_COMPARISON.findall(criterion):
        wanted = _predicate(op, number)
        complement = ({"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}[wanted[0]], wanted[1])
        pattern = re.escape(name)
        found = [(o, float(n)) for o, n in re.findall(_CODE_COMPARISON.format(name=pattern), bare, re.IGNORECASE)]
        found += [(_MIRROR[o], float(n)) for n, o in re.findall(_CODE_MIRRORED.format(name=pattern), bare, re.IGNORECASE)]
        if found and not any(_same_on_integers(f, wanted) or _same_on_integers(f, complement) for f in found):
            op_code, n_code = found[0]
            return f"it compares {name} {op_code} {n_code:g}, the criterion says {name}{op}{number}"
    return ""


# -- a status answered while a state holds ------------------------------------------------------------------------
_WHILE_STATE = re.compile(r"\b([1-5]\d\d)\b[^.;]*?\b(?:while|whenever|when|during|as\s+long\s+as)\s+(?:the\s+|a\s+|an\s+)?"
                          r"(?:[\w-]+\s+){0,3}?(?:is\s+|are\s+|gets\s+)?([A-Za-z]{4,})\s*[.!]?\s*$", re.IGNORECASE)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _answers(line: str, number: str) -> bool:
    bare = _STRINGS.sub('""', line)
    return bool(re.search(rf"(?<![\w.]){number}(?![\w.])", bare)) or number in status_numbers(bare)


def answers_under_the_negated_state(criterion: str, code: str) -> str:
    """Why the code answers the criterion's status only when its state does not hold (`if !draining`)."""
    said = _WHILE_STATE.search(criterion)
    if not said:
        return ""
    number, state = said.group(1), stem(said.group(2))
    lines = code.splitlines()
    verdicts = []
    for index, line in enumerate(lines):
        if not _answers(line, number):
            continue
        condition = ""
        for above in range(index, max(-1, index - 6), -1):
            text = lines[above]
            if re.match(r"\s*(?:\}\s*)?(?:if|elif|else\s+if)\b", text) and (above == index or _indent(text) < _indent(line)):
                condition = text
                break
        if not condition:
            continue
        names = [w for w in re.findall(r"[A-Za-z_]\w*", condition)]
        if not any(stem(part) == state for name in names for part in split_identifier(name)):
            continue
        # `!draining.Load()`, `not vault["locked"]`, `!this.isDraining`
        negated = re.search(rf"(?:!|\bnot\s+)\(?\s*[\w$.\[\]\"']*?{re.escape(state)}", condition, re.IGNORECASE)
        verdicts.append(bool(negated))
    if verdicts and all(verdicts):
        return f"it answers {number} only when not {said.group(2)}"
    return ""


# -- a status matched through its reason's word while another is answered -------------------------------------------
_STATUS_AT = re.compile(r"(?:\bstatus(?:_code)?\s*[=(:]\s*|\bsendStatus\(\s*|\bWriteHeader\(\s*|\babort\(\s*|"
                        r"\bHTTPException\(\s*(?:status_code\s*=\s*)?|\breturn\s+[^\n]*,\s*)([1-5]\d\d)\b")


def answers_another_status(criterion: str, code: str) -> str:
    """Why the unit answers another status of the criterion's class and never the criterion's own (200 for 201)."""
    wanted = set(re.findall(r"(?<![\w.$/])([1-5]\d\d)(?![\w.])", criterion))
    if not wanted:
        return ""
    bare = _STRINGS.sub('""', code)
    answered = set(_STATUS_AT.findall(bare)) | status_numbers(bare)
    if not answered:
        return ""
    for number in wanted:
        if number in answered or re.search(rf"(?<![\w.]){number}(?![\w.])", bare):
            continue
        same_class = sorted(a for a in answered if a[0] == number[0])
        if same_class:
            return f"it answers {', '.join(same_class)}, not {number}"
    return ""


# -- a limit per a named key ----------------------------------------------------------------------------------------
_PER_KEY = re.compile(r"\bper\s+([A-Za-z]{2,})[\s-]+(key|id|address|token|account|number|code)\b", re.IGNORECASE)


def _words_of(line: str) -> set[str]:
    return {stem(part) for name in re.findall(r"[A-Za-z_][\w-]*", line) for part in split_identifier(name.replace("-", "_"))}


def counts_per_another_key(criterion: str, code: str) -> str:
    """Why the code counts by a key it never names as the criterion's ("per API key": a line naming both words)."""
    for first, second in _PER_KEY.findall(criterion):
        a, b = stem(first), stem(second)
        lines = [_words_of(line) for line in code.splitlines()]
        if any(a in words and b in words for words in lines):
            continue
        # the first word may come from the file's path or package (`api/middleware.go`): the key is what is read
        if any(b in words for words in lines):
            return f"it never names the {first} {second} it counts per: no line names the two words together"
    return ""


# -- a list written with commas -------------------------------------------------------------------------------------
_WRITTEN_LIST = re.compile(r"(?<![\w,])([A-Za-z_]\w*(?:,[A-Za-z_]\w*){2,})(?![\w,])")


def lists_in_another_order(criterion: str, code: str) -> str:
    """Why every line of the code that names all the items of the criterion's list names them in another order."""
    for written in _WRITTEN_LIST.findall(criterion):
        items = written.lower().split(",")
        orders = []
        for line in code.splitlines():
            # a dict's keys (`{"date": …}`) order no columns: the list that names them does (`fieldnames=`)
            quoted = " ".join(m.group(0) for m in _STRINGS.finditer(line)
                              if not re.match(r"\s*:(?!:)", line[m.end():])).lower()
            places = [re.search(rf"\b{re.escape(item)}\b", quoted) for item in items]
            if all(places):
                starts = [p.start() for p in places if p]
                orders.append(starts == sorted(starts))
        if orders and not any(orders):
            return f"it lists {written}'s items in another order"
    return ""


_WITHOUT = re.compile(r"\b(?:without|lacking|missing|with\s+no)\s+(?:a|an|any|one|at\s+least\s+one)?\s*([A-Za-z]{3,})",
                      re.IGNORECASE)
_REFUSES = re.compile(r"\b(?:refus|reject|den(?:y|ie)|block|not\s+accept|invalid)", re.IGNORECASE)
# how code tests a kind of character without naming it: `\d`, `[0-9]`, `isdigit`
_CHARACTER_TESTS = {"digit": r"\\d|0-9|isdigit|isnumeric|IsDigit|\bDigit\b", "number": r"\\d|0-9|isdigit|isnumeric",
                    "letter": r"a-z|A-Z|isalpha|IsLetter|isLetter", "uppercas": r"A-Z|isupper|IsUpper|toUpperCase\(\)\s*!==?",
                    "lowercas": r"a-z|islower|IsLower", "symbol": r"punctuation|\\W|\^a-zA-Z0-9|\^\\w",
                    "special": r"punctuation|\\W|\^a-zA-Z0-9|\^\\w"}


def checks_nothing_without(criterion: str, code: str) -> str:
    """Why a refusal "without a digit" is met by code that never tests for one (only the other condition)."""
    if not _REFUSES.search(criterion):
        return ""
    lowered = code.lower()
    for word in _WITHOUT.findall(criterion):
        root = stem(word)
        if root in lowered or re.search(_CHARACTER_TESTS.get(root, r"(?!)"), code):
            continue
        return f"it never tests for the {word} the criterion refuses a value without"
    return ""


def user_blocker(criterion: str, unit_code: str, file_code: str) -> str:
    """The first reason of this module's checks, or ""."""
    return (compares_otherwise(criterion, unit_code) or answers_under_the_negated_state(criterion, unit_code)
            or answers_another_status(criterion, unit_code) or counts_per_another_key(criterion, file_code)
            or lists_in_another_order(criterion, file_code) or checks_nothing_without(criterion, file_code))

