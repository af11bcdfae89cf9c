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


# "holds at most 3 cards", "no more than 4 guests": a count checked before the new one is added refuses at the cap
# (`if in_column >= 3`); `> 3` lets a fourth in. Counted after it is added (`count + n > 4`, a push before the check)
# `>` is right, and so it is for a value that is no count ("a discount of at most 50 %": `discount > 50` refuses).
# round 12: "must not permit to book more than 2": a negated verb before "more than" caps as "no more than" does
_CAP = re.compile(r"\b(?:at\s+most|no\s+more\s+than|not\s+more\s+than|(?:not|never|cannot)\s+(?:[a-z]+\s+){1,4}?more\s+than|"
                  r"(?:a\s+)?maximum\s+of|max\.?)\s+(\d+)\b"
                  r"(?!\s*(?:%|per\s*cent|(?:[a-z]+\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b))",
                  re.IGNORECASE)
_COUNT = re.compile(r"\bsum\(\s*1\s+for\b|\blen\(|\.length\b|\.count\b|\.count\(|\.size\b|\.size\(|\bcount\(|\bCOUNT\(|\.Count\b|\.len\(\)")
_ADDED = re.compile(r"\.(?:push|append|add|insert|unshift|create|save)\w*\(|\+=\s*1\b|\+\+")
_STRINGS = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`")
_MIRRORED = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}


def _stands_for(operand: str, code: str, number: str) -> bool:
    """Whether an operand is the number: its literal, a constant set to it, or an object literal's entry (`WIP[to]`
    where `const WIP = { in_progress: 3 }`)."""
    if re.fullmatch(r"\d+(?:\.0+)?", operand):
        return _plain(operand) == number
    name = re.split(r"[\[.(]", operand, maxsplit=1)[0] if "[" in operand else re.split(r"[.$:@]+", operand)[-1]
    if not name:
        return False
    for value in re.findall(rf"\b{re.escape(name)}\b\s*(?::\s*[\w<>\[\], ]+)?=\s*(\{{[^}}]*\}}|\d+(?:\.\d+)?)", code):
        if number in {_plain(n) for n in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", value)}:
            return True
    return False


def _is_count(operand: str, code: str) -> bool:
    """Whether an operand counts things: `len(…)`, `.length`, or a name set to one (`inColumn = ….filter(…).length`)."""
    if _COUNT.search(operand):
        return True
    # a counter the code bumps (`order.downloads += 1`) counts what it guards
    if re.search(rf"(?<![\w.]){re.escape(operand)}\s*(?:\+=\s*1\b|\+\+)", code):
        return True
    name = re.split(r"[.$:@]+", operand)[-1]
    return bool(name) and any(_COUNT.search(line) for line in re.findall(rf"\b{re.escape(name)}\s*=[^=\n][^\n]*", code))


# a function's first line: what comes before it is another function's (a file's units read as one text repeat them)
_DEFINITION = re.compile(r"\b(?:def|fn|func|function)\s+[\w$]+\s*[(<]")


def _before(lines: list[str], index: int) -> str:
    """The six lines before the check, back to its function's first line."""
    window = lines[max(0, index - 6):index]
    starts = [n for n, line in enumerate(window) if _DEFINITION.search(line)]
    return "\n".join(window[starts[-1]:] if starts else window)


def lets_one_more_in(criterion: str, code: str) -> str:
    """Why the code refuses a count only above the criterion's cap, counted before the new one is added, or ""."""
    caps = {_plain(n) for n in _CAP.findall(criterion)}
    if not caps:
        return ""
    lines = [_STRINGS.sub('""', line) for line in code.splitlines()]
    bare = "\n".join(lines)
    for number in caps:
        checks = []
        for index, line in enumerate(lines):
            for left, op, right in re.findall(r"([\w.$\[\]()]+)\s*(<=|>=|<|>)\s*([\w.$\[\]()]+)", line):
                left, right = left.lstrip("("), right.rstrip(")") if right.count(")") > right.count("(") else right
                if _stands_for(right, bare, number):
                    checks.append((index, op, left))
                elif _stands_for(left, bare, number):
                    checks.append((index, _MIRRORED[op], right))
        refusing = [(i, op, other) for i, op, other in checks if any(refusing_line(x) for x in lines[i:i + 3])]
        if not refusing or any(op != ">" or not _is_count(other, bare) for _, op, other in refusing):
            continue
        if any("+" in lines[i] or _ADDED.search(_before(lines, i))
               or re.search(rf"(?<![\w.]){re.escape(other)}\s*(?:\+=|\+\+)", _before(lines, i))
               for i, _, other in refusing):
            continue
        return (f"it refuses a count only above {number}, counted before the new one is added: "
                f"it lets number {int(number) + 1} in")
    return ""


# "the raider is declared out", "marked unfinancial": the state the code sets is the one named, not its opposite
_DECLARED = re.compile(r"\b(?:declare[sd]?|mark(?:s|ed)?|deem(?:s|ed)?|flag(?:s|ged)?)((?:\s+[a-z]+){1,3})", re.IGNORECASE)
_FILLER = frozenset({"the", "a", "an", "as", "it", "them", "this", "that", "their", "its"})
_SET_TO = re.compile(r"\.([A-Za-z_]\w*)\s*=\s*(True|true|False|false|nil|None|null)\b")
_NEGATED_PREFIX = ("un", "non", "in")


def sets_the_opposite_state(criterion: str, code: str) -> str:
    """Why every line that sets the declared state sets its opposite (`raider.out = False` for "declared out"), or ""."""
    states = [w for m in _DECLARED.finditer(criterion) for w in m.group(1).lower().split() if w not in _FILLER]
    for state in states:
        wanted = {state: True}
        for prefix in _NEGATED_PREFIX:
            if state.startswith(prefix) and len(state) > len(prefix) + 3:
                wanted[state[len(prefix):]] = False  # "unfinancial" is `financial = False`
        seen = [(name, value in ("True", "true")) for name, value in _SET_TO.findall(code)
                for part in [re.sub(r"^(?:is_|is(?=[A-Z]))", "", name).lower()] if part in wanted]
        values = {truth == wanted[re.sub(r"^(?:is_|is(?=[A-Z]))", "", name).lower()] for name, truth in seen}
        if values == {False}:
            return f"it sets {seen[0][0]} to the opposite of '{state}'"
    return ""


# "blocked when no bed is free", "refuse when none are left": the refusal's condition is that the count is zero;
# a refusal under `free_beds() > 0` refuses while some are free
_NONE_LEFT = re.compile(r"\b(?:when|if|once|whenever)\s+(?:there\s+(?:is|are)\s+)?(?:no|none\s+of\s+the)\s+[a-z]+"
                        r"(?:\s+[a-z]+)?\s+(?:is|are)\s+(?:free|available|left|remaining|open|in\s+stock)\b|"
                        r"\b(?:when|if|once|whenever)\s+none\s+(?:is|are)\s+(?:free|available|left|remaining)\b",
                        re.IGNORECASE)
_SOME = re.compile(r"(?:>\s*0|!=\s*0|>=\s*1)(?![\d.])")
_NONE = re.compile(r"(?:==\s*0|<=\s*0|<\s*1)(?![\d.])|\.(?:isEmpty|is_empty|empty)\b|\bnot\s+\w|!\s*\w|\bisEmpty\(")


def refuses_while_some_left(criterion: str, code: str) -> str:
    """Why every refusing test of a count refuses while some are left, where the criterion refuses when none is, or ""."""
    if not _NONE_LEFT.search(criterion):
        return ""
    lines = [_STRINGS.sub('""', line) for line in code.splitlines()]
    tests = [line for index, line in enumerate(lines) if re.search(r"\b(?:if|unless|when|where)\b", line)
             and any(refusing_line(x) for x in lines[index:index + 3])]
    if tests and all(_SOME.search(line) and not _NONE.search(line) for line in tests):
        return "it refuses while some are left (a count above zero), where the criterion refuses when none is"
    return ""


# "Passwords must be at least 12 characters": what the criterion requires is let through, so a refusal is under the
# bound (`if len(pw) < 12: return error`); a refusal whose every comparison with 12 is `>=` or `>` refuses the
# passwords the criterion asks for. Not when the criterion itself refuses or forbids ("block … 5 or more").
_REQUIRED = re.compile(r"\b(?:at\s+least|a\s+minimum\s+of|minimum(?:\s+of)?|min\.?)\s+(?:[£$€₹₦]\s*)?(\d+(?:\.\d+)?)",
                       re.IGNORECASE)
_FORBIDDING = re.compile(r"\b(?:refus\w*|reject\w*|block\w*|den(?:y|ies|ied)|not\s+allowed|cannot|can't|can\s+not|"
                         r"must\s+not|never|forbid\w*|disallow\w*|lock\w*)\b", re.IGNORECASE)


def refuses_the_required(criterion: str, code: str) -> str:
    """Why every refusing comparison with a required minimum refuses at or above it, or ""."""
    if _FORBIDDING.search(criterion):
        return ""
    lines = code.splitlines()
    for number in {_plain(n) for n in _REQUIRED.findall(criterion)}:
        refusing = [op for index, op in _comparisons(code, number) if any(refusing_line(x) for x in lines[index:index + 2])]
        if refusing and all(op in (">=", ">") for op in refusing):
            return f"it refuses when the value is {refusing[0]} {number}, what the criterion requires"
    return ""


# "stop taking bookings once 20 mats are booked", "lock the account after 5 failed attempts or more": when what the
# criterion does is a refusal and its bound is the refusal's condition, the refusing branch holds the bound's side
# (`>= 20` refuses the 21st booking; `< 20` refuses every booking but the full class's)
_OTHER_WAY = {"high": frozenset({"<", "<="}), "low": frozenset({"<", "<="})}


def refuses_the_other_side(criterion: str, code: str, boundaries: tuple[tuple[str, str], ...], refuses: bool) -> str:
    """Why every refusing comparison with a refusal's bound refuses the values on the other side of it, or ""."""
    if not refuses or _REQUIRED.search(criterion) or re.search(r"\b(?:under|below|less|fewer|younger|shorter|lower|"
                                                                r"within|before|until|first)\b", criterion, re.IGNORECASE):
        return ""
    lines = code.splitlines()
    for number, side in boundaries:
        refusing = [op for index, op in _comparisons(code, number) if any(refusing_line(x) for x in lines[index:index + 2])]
        if refusing and all(op in _OTHER_WAY[side] for op in refusing):
            return f"it refuses when the value is {refusing[0]} {number}: the other side of the criterion's bound"
    return ""
