"""Which side of a boundary its number is on, in a criterion and in the comparisons of code.

"The first 30 minutes are free" puts 30 itself among the free stays: code that compares a stay with 30
says so with `<= 30` (or refuses with `> 30`); `< 30` charges a stay of exactly 30 minutes. "Under 25",
"less than 25 days", "once 10,000 steps are reached" put the number on the other side (`< 25`, `>= 10000`).
A change whose every comparison with the criterion's number puts it on the wrong side does something near
the criterion, not the criterion. "At most N" and "max N" are left out on purpose: a count checked before
one more is added (`if inColumn >= 3: refuse`) and a total checked after (`count + n > 4`) both say
"at most", with opposite operators.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

# a number, after its currency if it has one ("over $50", "above ₹2,000", "under pound 5")
_N = r"(?:[£$€₹₦]\s*|(?:pounds?|euros?|dollars?|rupees?|naira|yen)\s+)?(\d+(?:\.\d+)?)"
_UNIT = r"(?:\s*[a-zA-Z°%€$£]+\.?)?"
# comparatives of a measure (round 8): "warmer than 8 °C" is above 8, "colder than 2 °C" below 2
_MORE_OF = "warmer|hotter|faster|taller|wider|deeper|louder|dearer"
_LESS_OF = "colder|cooler|slower|lighter|narrower|shallower|quieter|cheaper"
# The number belongs with the values below it: `x <= N` holds it, `x > N` refuses it.
_LOW_SIDE = (
    re.compile(rf"\b(?:the\s+)?first\s+{_N}\b", re.IGNORECASE),
    re.compile(rf"\b{_N}{_UNIT}\s+(?:\w+\s+)?or\s+(?:less|fewer|under|below|sooner|earlier|younger)\b", re.IGNORECASE),
    re.compile(rf"\b(?:more|greater|longer|older|higher|larger|bigger|later|heavier|{_MORE_OF})\s+than\s+{_N}",
               re.IGNORECASE),
    re.compile(rf"\b(?:above|over|exceed(?:s|ing)?|beyond)\s+{_N}", re.IGNORECASE),
)
# The number belongs with the values above it: `x >= N` holds it, `x < N` refuses it.
_HIGH_SIDE = (
    re.compile(rf"\b{_N}{_UNIT}\s+(?:\w+\s+)?or\s+(?:more|above|over|later|longer|higher|greater|older)\b", re.IGNORECASE),
    re.compile(rf"\bat\s+least\s+{_N}", re.IGNORECASE),
    re.compile(rf"\b(?:less|fewer|shorter|younger|lower|smaller|earlier|sooner|{_LESS_OF})\s+than\s+{_N}", re.IGNORECASE),
    re.compile(rf"\b(?:under|below)\s+{_N}", re.IGNORECASE),
    re.compile(rf"\b{_N}{_UNIT}(?:\s+\w+){{0,2}}\s+(?:is|are|has\s+been|have\s+been)\s+reached\b", re.IGNORECASE),
    re.compile(rf"\breach(?:es|ed|ing)?\s+{_N}", re.IGNORECASE),
    # round 9: "once 20 mats are booked", "once 400 runners have entered": the 20th booking is among them
    re.compile(rf"\bonce\s+{_N}(?:\s+[a-z]+){{0,2}}?\s+(?:are|is|have|has)(?:\s+been)?\s+[a-z]+(?:ed|en)\b", re.IGNORECASE),
)
_KEEPS = {"low": frozenset({"<=", ">"}), "high": frozenset({">=", "<"})}
_MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}
_SHELL_OPS = {"gt": ">", "ge": ">=", "lt": "<", "le": "<="}


def _plain(value: str) -> str:
    return value.rstrip("0").rstrip(".") if "." in value else str(int(value))


# "exits non-zero when any lamp reports a fault", "if a single test fails": one is enough, a count of 1 is among them
_ANY_ONE = re.compile(r"\b(?:when|if|once|as\s+soon\s+as|whenever)\s+(?:any|a\s+single|at\s+least\s+one)\s+"
                      r"(?!of\b|time\b|more\b|other\b|longer\b)[a-z]+\s+(?!is\s+not\b|are\s+not\b)", re.IGNORECASE)


# "after 9 pm", "before 7 am": the hour itself (21:00–21:59, 7:00–7:59) is on the side of the hours after it
_CLOCK = re.compile(r"\b(?:after|before|from|past|until|till)\s+(\d{1,2})\s*(?:(pm|p\.m\.)|am|a\.m\.)(?![A-Za-z])",
                    re.IGNORECASE)


def criterion_boundaries(text: str) -> tuple[tuple[str, str], ...]:
    """(number, "low" | "high") for every boundary the criterion words with its side."""
    found: list[tuple[str, str]] = [("1", "high")] if _ANY_ONE.search(text) else []
    found += [(str(int(h) % 12 + (12 if pm else 0)), "high") for h, pm in _CLOCK.findall(text) if 1 <= int(h) <= 12]
    for side, patterns in (("low", _LOW_SIDE), ("high", _HIGH_SIDE)):
        for pattern in patterns:
            found.extend((_plain(match.group(1)), side) for match in pattern.finditer(text)
                         if not (pattern is _LOW_SIDE[2] and _CAPPED_BEFORE.search(text[:match.start()])))
    return tuple(dict.fromkeys(found))


# round 12: "no more than 3", "must not permit to book more than 2", "may not be allowed to hold more than 4": a cap,
# left out as "at most N" is (above); a plain "must not book more than 2 rooms" stays a boundary (round 8)
_CAPPED_BEFORE = re.compile(r"(?:\bno\s+|\b(?:not|never|cannot)\s+(?:[a-z]+\s+){0,2}?(?:permit|allow|let)\w*\s+(?:[a-z]+\s+){0,2})$",
                            re.IGNORECASE)


_OPERAND = r"[\w.$:@\[\]()'\"]+"
_COMPARISON = re.compile(rf"({_OPERAND})\s+(<=|>=|<|>)\s+({_OPERAND})")
_RANGE = re.compile(r"\b(?:in|case|when|within)\s*\(?\s*-?\d[\d_]*\s*(\.\.<|\.\.\.|\.\.|\s+until\s+)\s*([\w.$@]+)")
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"")
_ASSIGNMENT = re.compile(r"(?:^|[\s@$:.])([A-Za-z_]\w*)\s*(?::\s*[\w<>?\[\]]+\s*)?(?:=(?!=)|\s(?=\d))\s*([^;\n]+)")


def _values(operand: str, constants: dict[str, set[str]]) -> set[str]:
    """The numbers an operand stands for: its literal, or the value of the constant it names."""
    operand = operand.strip("()[]:;,{}")
    if re.fullmatch(r"-?\d[\d_]*(?:\.\d+)?", operand):
        return {_plain(operand.replace("_", "").lstrip("-"))}
    name = re.split(r"[.:$@]+", operand)[-1]
    return constants.get(name, set())


def _literal(operand: str) -> bool:
    """Whether an operand is a number written out (`0`, `1.5`): a value named for the criterion's number (`weeks`
    whose default is 6) compared with another literal (`if weeks <= 0: raise`) is a guard on the value itself, no
    comparison at the criterion's number (round 22)."""
    return bool(re.fullmatch(r"-?\d[\d_]*(?:\.\d+)?", operand.strip("()[]:;,{}")))


def _constants_of(bare: str) -> dict[str, set[str]]:
    """Names the code assigns a number to (the number the value starts with): `FREE_MINUTES = 30` → 30."""
    constants: dict[str, set[str]] = {}
    for name, value in _ASSIGNMENT.findall(bare):
        head = re.split(r"\s*(?:\*|\bas\b|,|\)|\}|\{)", value.strip(), maxsplit=1)[0]
        if re.fullmatch(r"\d[\d_]*(?:\.\d+)?", head.strip()):
            constants.setdefault(name, set()).add(_plain(head.strip().replace("_", "")))
    return constants


def comparisons_with(code: str, number: str) -> list[str]:
    """The operators by which code compares something with the number, written as `x OP number`."""
    return [op for _, op in _comparisons(code, number)]


def _comparisons(code: str, number: str) -> list[tuple[int, str]]:
    """(line index, operator) of each comparison of something with the number, written as `x OP number`."""
    bare = "\n".join(_STRING.sub('""', line) for line in code.splitlines())
    constants = _constants_of(bare)
    # a shell test's operators (`[ "$n" -gt 0 ]`) are comparisons too
    bare = re.sub(r"\s-(gt|ge|lt|le)\s", lambda m: f" {_SHELL_OPS[m.group(1)]} ", bare)
    found: list[tuple[int, str]] = []
    for index, line in enumerate(bare.splitlines()):
        if re.search(r"=>|->|<\w+>|</", line) and not re.search(r"\s(?:<=|>=)\s", line):
            line = re.sub(r"=>|->", " ", line)
        for left, op, right in _COMPARISON.findall(line):
            if number in _values(right, constants) and not _literal(left):
                found.append((index, op))
            elif number in _values(left, constants) and not _literal(right):
                found.append((index, _MIRROR[op]))
        # `find -mtime +15` keeps what is older than 15 days, `-mtime -15` what is newer
        for sign, value in re.findall(r"\s-[amc](?:time|min)\s+([+-])(\d+)\b", line):
            if _plain(value) == number:
                found.append((index, ">" if sign == "+" else "<"))
        for dots, upper in _RANGE.findall(line):
            if number in _values(upper, constants):
                found.append((index, "<=" if dots.strip() == ".." else "<"))
    return found


# "refill blocked if the last one is less than 25 days ago": the refusing branch's condition is the criterion's.
_REFUSED_IF = re.compile(r"\b(?:block\w*|reject\w*|refus\w*|den(?:y|ies|ied)|disallow\w*|forbid\w*|not\s+allowed)\s+"
                         r"(?:\w+\s+){0,4}?(?:if|when|whenever|for)\b(?P<rest>.*)$", re.IGNORECASE)
_CONDITIONS = ((re.compile(rf"\b(?:less|fewer|shorter|younger|lower|smaller|earlier|sooner|{_LESS_OF})\s+than\s+{_N}|"
                           rf"\b(?:under|below)\s+{_N}", re.IGNORECASE), "<"),
               (re.compile(rf"\b(?:more|greater|longer|older|higher|larger|bigger|later|heavier|{_MORE_OF})\s+than\s+{_N}|"
                           rf"\b(?:above|over|exceed(?:s|ing)?|beyond)\s+{_N}", re.IGNORECASE), ">"),
               (re.compile(rf"\b{_N}{_UNIT}\s+(?:\w+\s+)?or\s+(?:less|fewer|under|below)\b", re.IGNORECASE), "<="),
               (re.compile(rf"\b{_N}{_UNIT}\s+(?:\w+\s+)?or\s+(?:more|above|over)\b|\bat\s+least\s+{_N}", re.IGNORECASE),
                ">="))
_COMPLEMENT = {"<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_REFUSES = re.compile(r"\breturn\s+(?:false|False|(?:Ok|Some)\(\s*false\s*\)|Err\b|err\b|(?:[\w.]*\.)?Err[A-Z]\w*|errors\.New\(|fmt\.Errorf\()|\braise\b|\bthrow\b|\babort\b|\bexit\s*\(?\s*[1-9]|"
                      r"\b4\d\d\b|\bdeny\b|\breject\w*\(")


def refusing_line(line: str) -> bool:
    """Whether a line of code refuses: raises, throws, returns false or an error, exits non-zero, answers 4xx."""
    return bool(_REFUSES.search(line) or _REFUSES_BY_NAME.search(line))


# a refusal by its name: Rails' `head :forbidden`, `render status: :unauthorized`, `Forbid()`, `HttpStatus.FORBIDDEN`
_REFUSES_BY_NAME = re.compile(r"\bhead\s+:(?:forbidden|unauthorized|not_found|unprocessable_entity|bad_request)\b|"
                              r"\bstatus:\s*:(?:forbidden|unauthorized)\b|\bForbid\(\)|\bFORBIDDEN\b|\bUNAUTHORI[SZ]ED\b|"
                              r"\bStatusForbidden\b|\bStatusUnauthorized\b|\bPermissionDenied\b|\bAccessDenied\w*")


def refused_condition(text: str) -> tuple[str, str] | None:
    """(number, operator) of the condition under which the criterion refuses: "blocked if less than 25" → (25, <)."""
    refused = _REFUSED_IF.search(text)
    if not refused:
        return None
    for pattern, op in _CONDITIONS:
        match = pattern.search(refused.group("rest"))
        if match:
            return _plain(next(g for g in match.groups() if g)), op
    return None


def refuses_the_allowed(code: str, condition: tuple[str, str]) -> str:
    """Why the code refuses on the complement of the criterion's refusing condition, or ""."""
    number, op = condition
    lines = code.splitlines()
    refusing = [found for index, found in _comparisons(code, number)
                if any(_REFUSES.search(line) for line in lines[index:index + 3])]
    if refusing and op not in refusing and _COMPLEMENT[op] in refusing:
        return f"it refuses when the value is {_COMPLEMENT[op]} {number}, where the criterion refuses when it is {op} {number}"
    return ""


def refuses_its_own_value(code: str, number: str) -> str:
    """Why a guard on the value named for the criterion's number (`weeks`, defaulting to 6) refuses that number itself
    (`if weeks > 0: raise`), or "" (round 22): the guard compares the value with another written-out number, so it is
    no comparison at the number (`_literal`), but what it refuses is the criterion's own case."""
    bare = "\n".join(_STRING.sub('""', line) for line in code.splitlines())
    constants = _constants_of(bare)
    lines = bare.splitlines()
    for index, line in enumerate(lines):
        if not re.match(r"\s*(?:\}\s*)?(?:if|elif|else\s+if|unless)\b", line):
            continue
        negated = bool(re.match(r"\s*(?:\}\s*)?(?:if|elif)\s*\(?\s*(?:not\s*\(|!\s*\()", line))
        for left, op, right in _COMPARISON.findall(line):
            if _literal(right) and number in _values(left, constants):
                holds = _HOLDS[op](float(number), float(right.strip("()[]:;,{}").replace("_", "")))
            elif _literal(left) and number in _values(right, constants):
                holds = _HOLDS[op](float(left.strip("()[]:;,{}").replace("_", "")), float(number))
            else:
                continue
            if holds != negated and any(refusing_line(later) for later in lines[index:index + 3]):
                return f"it refuses the criterion's own {number}: `{line.strip()}`"
    return ""


def wrong_side(code: str, boundaries: tuple[tuple[str, str], ...]) -> str:
    """Why the code puts a boundary's number on the other side from the criterion, or ""."""
    for number, _ in boundaries:
        if why := refuses_its_own_value(code, number):
            return why
    for number, side in boundaries:
        ops = comparisons_with(code, number)
        if ops and not set(ops) & _KEEPS[side]:
            where = "below" if side == "low" else "above"
            return f"it compares with {number} by {ops[0]}, where the criterion counts {number} itself with the values {where} it"
    return ""


# "per day after the due date": what follows the unit is no part of it
_NOT_A_NOUN = r"(?:after|before|from|until|till|since|of|for|in|on|at|the|a|an|and|or|with|over|under|beyond|past)\b"
# "a surcharge of 15 per rental day": a price per something is multiplied by how many there are.
# "1 EUR per started 30 min": the rate is per block of 30 minutes, what is counted is the block
_RATE = re.compile(rf"{_N}\s*(?:€|\$|£|euros?|dollars?|pounds?|cents?)?\s+(?:\w+\s+){{0,2}}?(?:per|each|every)\s+"
                   r"(?:(?:started|begun)\s+(?:\d+(?:\.\d+)?\s*)?|(?!per\b)[A-Za-z]+\s+(?!" + _NOT_A_NOUN + r"))?"
                   r"((?!per\b)[A-Za-z]+?)(?:e?s)?\b", re.IGNORECASE)
_MONEY = re.compile(r"\b(?:fee|fees|surcharge|cost|costs|price|priced|charge|charged|charges|pay|pays|paid|billed|"
                    r"rate)\b|[€$£]|\b(?:euro|dollar|pound|cent)s?\b", re.IGNORECASE)


_MEASURE_BEFORE_PER = re.compile(r"\b(?:met(?:er|re)s?|m|km|kilomet(?:er|re)s?|miles?|mph|kph|feet|ft|lit(?:er|re)s?|l|"
                                 r"gallons?|kg|kilos?|grams?|g|tonnes?|tons?|bytes?|[kmg]b|words?|steps?|beats?|"
                                 r"revolutions?|rpm)\s+(?:per|each|every)\b", re.IGNORECASE)


def criterion_rates(text: str) -> tuple[tuple[str, str], ...]:
    """(number, what it is per) for every price per something the criterion names."""
    if not _MONEY.search(text):
        return ()
    # "9 metres per minute", "50 km per hour": a speed or a flow, a measure per time, is no price per something
    return tuple((_plain(m.group(1)), m.group(2).lower()) for m in _RATE.finditer(text)
                 if not _MEASURE_BEFORE_PER.search(m.group(0)))


def rate_unapplied(code: str, rates: tuple[tuple[str, str], ...], stem_of: Callable[[str], str]) -> str:
    """Why the code uses a rate's number without multiplying it by what it is per, or ""."""
    bare = "\n".join(_STRING.sub('""', line) for line in code.splitlines())
    constants = _constants_of(bare)
    for number, per in rates:
        used = multiplied = False
        for line in bare.splitlines():
            operands = re.findall(r"[\w.$:@]+", line)
            if not any(number in _values(operand, constants) for operand in operands):
                continue
            used = True
            for left, right in re.findall(r"([\w.$:@()]+)\s*\*\s*([\w.$:@()]+)", line):
                for mine, other in ((left, right), (right, left)):
                    parts = {stem_of(p) for p in re.split(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])", other) if p}
                    if number in _values(mine, constants) and stem_of(per) in parts:
                        multiplied = True
        if used and not multiplied and not _added_to_a_rate(bare, number, per, constants, stem_of):
            return f"it uses {number} but never multiplies it by the {per}s"
    return ""


# "Given a hut booking for 13 guests, … then it is refused": the example's own value is one the code must refuse
_GIVEN_THEN = re.compile(r"\bgiven\b(?P<given>.*?)\bthen\b(?P<then>.*)$", re.IGNORECASE | re.DOTALL)
_REFUSAL = re.compile(r"\b(?:refus\w*|reject\w*|den(?:y|ies|ied)|block\w*|not\s+allowed|declined?|turned\s+away)\b",
                      re.IGNORECASE)
_HOLDS = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def refused_example(text: str) -> str | None:
    """The one whole number a Given/When/Then's situation gives when its outcome is a refusal, else None."""
    match = _GIVEN_THEN.search(text)
    if not match or not _REFUSAL.search(match.group("then")) or criterion_boundaries(match.group("given")):
        return None
    numbers = re.findall(r"(?<![\w.:])(\d+)\s+[A-Za-z]", match.group("given"))
    return _plain(numbers[0]) if len(numbers) == 1 else None


def _example_checks(number: str, code: str) -> list[tuple[int, str]]:
    """(bound, operator) of the code's refusing comparisons with the example's value or its neighbours (N ± 1)."""
    value = int(number)
    lines = code.splitlines()
    return [(near, op) for near in (value - 1, value, value + 1) for index, op in _comparisons(code, str(near))
            if any(_REFUSES.search(line) for line in lines[index:index + 3])]


def refuses_the_example(criterion: str, code: str) -> bool:
    """Whether a refusing comparison of the code holds for the example's value: `if b.Guests > 12 { return Err… }`
    refuses the booking for 13 guests the criterion gives, though 13 is written nowhere."""
    number = refused_example(criterion)
    return number is not None and any(_HOLDS[op](int(number), near) for near, op in _example_checks(number, code))


def lets_refused_example_through(criterion: str, code: str) -> str:
    """Why the code's refusing comparisons near the example's value (N, N ± 1) all let N itself through, or ""."""
    number = refused_example(criterion)
    if number is None:
        return ""
    value = int(number)
    checks = _example_checks(number, code)
    if checks and not any(_HOLDS[op](value, near) for near, op in checks):
        near, op = checks[0]
        return f"it refuses when the value is {op} {near}, which lets the example's {number} through"
    return ""


# "capped at £5", "at most 20": a cap is the least of the value and the cap; `max(x, cap)` makes it a floor
_CAP = re.compile(r"\b(?:capped\s+at|a\s+cap\s+of|at\s+most|no\s+more\s+than|not\s+more\s+than|maximum\s+of|"
                  r"never\s+more\s+than)\s+(?:[£$€₹]\s*|(?:pound|euro|dollar|rupee)\s+)?(\d+(?:\.\d+)?)", re.IGNORECASE)
_MAX_CALL = re.compile(r"(?<![\w.])(?:Math\.|math\.|std::cmp::|builtins\.)?max\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)")
_MIN_CALL = re.compile(r"(?<![\w.])(?:Math\.|math\.|std::cmp::|builtins\.)?min\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)|"
                       r"\.(?:min|clamp|coerceAtMost|at_most)\s*\(")


@lru_cache(maxsize=256)
def floors_the_cap(criterion: str, code: str) -> str:
    """Why the code passes the criterion's cap (or its hundredths) only to `max(…)`, never to `min(…)`, or ""
    (cached: every unit of a file asks it of the file's text)."""
    if not _CAP.search(criterion):
        return ""
    bare = "\n".join(_STRING.sub('""', line) for line in code.splitlines())
    constants = _constants_of(bare)
    for match in _CAP.finditer(criterion):
        value = _plain(match.group(1))
        wanted = {value, _plain(str(round(float(value) * 100)))}

        def names_cap(arguments: str, wanted: set[str] = wanted) -> bool:
            return any(wanted & _values(operand, constants) for operand in re.split(r"[\s,*+/-]+", arguments) if operand)

        floored = any(names_cap(m.group(1)) for m in _MAX_CALL.finditer(bare))
        capped = any(m.group(1) is None or names_cap(m.group(1)) for m in _MIN_CALL.finditer(bare))
        if floored and not capped:
            return f"it passes the cap of {value} to max(…), which makes it the least, not the most"
    return ""


def _added_to_a_rate(bare: str, number: str, per: str, constants: dict[str, set[str]], stem_of: Callable[[str], str]) -> bool:
    """Whether the number is added to a variable that is then multiplied by what it is per: `nightly += HOOKUP_FEE`
    … `return nightly * nights` ("£6 more per night"), where `total += HOOKUP_FEE` after the product is not."""
    lines = bare.splitlines()
    for index, line in enumerate(lines):
        added = re.match(r"\s*(?:let\s+|var\s+)?([\w.$]+)\s*(?:\+=\s*|=\s*\1\s*\+\s*)([\w.$]+)", line)
        if not added or number not in _values(added.group(2), constants):
            continue
        variable = re.escape(added.group(1))
        for later in lines[index + 1:]:
            for left, right in re.findall(r"([\w.$:@()]+)\s*\*\s*([\w.$:@()]+)", later):
                for mine, other in ((left, right), (right, left)):
                    parts = {stem_of(p) for p in re.split(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])", other) if p}
                    if re.fullmatch(variable, mine) and stem_of(per) in parts:
                        return True
    return False
