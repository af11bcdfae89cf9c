"""Which way a branch's condition looks, against what the branch does and what the criterion says (round 10).

"Visitors aged 60 or over get the senior price" acts on ages at or above 60: `if visitor.age >= SENIOR_AGE: return
SENIOR_PRICE` does it, `if visitor.age < SENIOR_AGE: return SENIOR_PRICE` gives the price to everybody else. The
earlier checks read a condition's side only where the criterion words a bound they know (boundaries, the refusal
and requirement checks of condition_sides); a mutation probe (bench/criteria_mutants.py) found three of four
inverted conditions still mapped, mostly with the number behind a constant or a duration. This reads, for every
comparison of the code with the criterion's number (a literal, or a constant set to it, `timedelta(hours=2)` and
`50_000L` among them), which side it looks at (`<`/`<=` below, `>`/`>=` above) and what its branch does:

- acts: returns a value, sets or adds something (`return SENIOR_PRICE`, `out = append(...)`, a kept filter);
- refuses: raises, throws, returns false or an error, exits non-zero, answers "rejected" or "not allowed";
- leaves: a bare `return`, `continue`, `break` or `next` (the code goes on only on the other side).

A criterion's condition has a direction ("over 2 metres", "under 12", "more than 7 days", "> 28 °C", "thinner than
22 mm") and a kind: a condition the criterion acts on (a filter: "tyres below 1.6 mm are flagged") or what it allows
(a limit: "at least 25 days between", "at most 4 passengers", "minimum 2 hours prior"). What the criterion does is a
refusal when it says so ("declined", "rejected", "cannot", "must not", "suspend"). Then:

- a filter acted on: an acting branch looks its way; a branch that leaves looks the other way;
- a filter refused: a refusing or leaving branch looks its way (acting branches are not judged: "allowed: true"
  and a fee both act);
- a limit: an acting branch looks the allowed way; a refusing or leaving branch the other way.

When every judged comparison with the number looks the other way, the change does the opposite of the criterion.
Loops (`for`, `while`), assignments of a comparison and a returned comparison are not judged: a predicate's name
says which way it means it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pmtui.delivery.gates.boundaries import _plain, refusing_line
from pmtui.delivery.gates.vocabulary import code_concepts

_NUM = r"(?:[£$€₹₦]\s*|Rs\.?\s*)?(\d[\d,]*(?:\.\d+)?)"
_THAN = r"th[ae]n"  # "shorter then 30 minutes"
_ABOVE_WORDS = (r"over|above|exceed(?:s|ing)?|beyond|more\s+" + _THAN + r"|greater\s+" + _THAN + r"|higher\s+" + _THAN
                + r"|longer\s+" + _THAN + r"|older\s+" + _THAN + r"|hotter\s+" + _THAN + r"|warmer\s+" + _THAN
                + r"|heavier\s+" + _THAN + r"|bigger\s+" + _THAN + r"|larger\s+" + _THAN + r"|thicker\s+" + _THAN
                + r"|faster\s+" + _THAN + r"|taller\s+" + _THAN + r"|wider\s+" + _THAN + r"|deeper\s+" + _THAN)
_BELOW_WORDS = (r"under|below|less\s+" + _THAN + r"|fewer\s+" + _THAN + r"|lower\s+" + _THAN + r"|shorter\s+" + _THAN
                + r"|younger\s+" + _THAN + r"|colder\s+" + _THAN + r"|cooler\s+" + _THAN + r"|lighter\s+" + _THAN
                + r"|smaller\s+" + _THAN + r"|thinner\s+" + _THAN + r"|narrower\s+" + _THAN + r"|shallower\s+" + _THAN
                + r"|slower\s+" + _THAN + r"|cheaper\s+" + _THAN)
_TIME = r"(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?)"
_FILTERS = (
    (re.compile(rf"\b(?:{_ABOVE_WORDS})\s+{_NUM}", re.IGNORECASE), ">"),
    (re.compile(rf"\b(?:{_BELOW_WORDS})\s+{_NUM}", re.IGNORECASE), "<"),
    (re.compile(rf"\b(?:the\s+)?first\s+{_NUM}", re.IGNORECASE), "<"),  # "the first 30 minutes are free"
    # round 10: time that has run ("after 72 hours", "when 60 seconds pass", "30 sec, after that")
    (re.compile(rf"\bafter\s+{_NUM}\s*{_TIME}\b", re.IGNORECASE), ">"),
    (re.compile(rf"\b{_NUM}\s*{_TIME}\s+(?:have\s+|has\s+)?(?:pass|passes|passed|elapse|elapses|elapsed|go\s+by)\b|"
                rf"\b{_NUM}\s*{_TIME}\s*,?\s*after\s+(?:that|this|which)\b", re.IGNORECASE), ">"),
    (re.compile(rf"(?<![<>=-])>=?\s*{_NUM}"), ">"),
    (re.compile(rf"(?<![<>=-])<=?\s*{_NUM}"), "<"),
    (re.compile(rf"\b{_NUM}\s*[a-zA-Z°%]*\.?\s+(?:\w+\s+)?or\s+(?:more|over|above|older|longer|higher|greater)\b",
                re.IGNORECASE), ">"),
    (re.compile(rf"\b{_NUM}\s*[a-zA-Z°%]*\.?\s+(?:\w+\s+)?or\s+(?:less|fewer|under|below|younger|shorter)\b",
                re.IGNORECASE), "<"),
)
# what a criterion allows: "at least 25 days between", "no more than 5 trout", "minimum 2 hours prior"
_LIMITS = (
    (re.compile(rf"\b(?:at\s+least|a\s+minimum\s+of|minimum(?:\s+of)?|min\.?)\s+{_NUM}", re.IGNORECASE), ">"),
    (re.compile(rf"\b(?:at\s+most|no\s+more\s+{_THAN}|not\s+more\s+{_THAN}|(?:a\s+)?maximum(?:\s+of)?|max\.?|"
                rf"up\s+to)\s+{_NUM}", re.IGNORECASE), "<"),
    # round 10: "redraws at most once every 200 ms": at least 200 ms between two
    (re.compile(rf"\bonce\s+(?:every|each|per|a)\s+{_NUM}", re.IGNORECASE), ">"),
)
_BETWEEN = re.compile(rf"\bbetween\s+{_NUM}\s*[a-zA-Z°%]*\s+and\s+{_NUM}", re.IGNORECASE)
# a limit worded inside a condition ("alert when usage is at least 90 %") is a filter acted on
_INSIDE_CONDITION = re.compile(r"\b(?:when|whenever|if|once)\b[^,.;:()]*$", re.IGNORECASE)
_BEFORE = re.compile(r"(?:\s+[a-z]+){0,2}\s+(?:before|prior|in\s+advance|ahead|earlier)\b", re.IGNORECASE)
_REFUSAL = re.compile(r"\b(?:refus\w*|reject\w*|declin\w*|den(?:y|ies|ied)|block\w*|forbid\w*|disallow\w*|prevent\w*|"
                      r"cannot|can't|cant|can\s+not|must\s+not|may\s+not|mustn't|not\s+(?:be\s+)?allowed|never|"
                      r"suspend\w*|ban(?:s|ned)?|lock(?:s|ed)?|stop\w*|skip\w*|drop\w*|exclud\w*|hid(?:e|es|den)|"
                      r"not\s+(?:be\s+)?[a-z]+(?:ed|en)|turn\w*\s+away|kept\s+out|won't)\b", re.IGNORECASE)
_ALERTS = re.compile(r"\b(?:alert|alarm|warn|fail|exit)\w*\b", re.IGNORECASE)
_OPERAND = r"[\w.$:@\[\]()'\"!-]+"
_COMPARISON = re.compile(rf"({_OPERAND})\s+(<=|>=|<|>)\s+({_OPERAND})")
_SHELL_VAR = re.compile(r"\"(\$\{?\w+\}?)\"")  # `[ "$usage" -ge "$THRESHOLD" ]`: a quoted variable is an operand
_SHELL_OPS = {"gt": ">", "ge": ">=", "lt": "<", "le": "<="}
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`")
_ASSIGN = re.compile(r"(?:^|[\s@$:.(,])([A-Za-z_]\w*)\s*(?::\s*[\w<>?\[\]]+\s*)?(?:=(?!=)|\s(?=\d))\s*([^;\n]+)")
# a duration or a typed number: `timedelta(hours=2)`, `Duration.ofMinutes(30)`, `Duration::minutes(30)`, `50_000L`
_VALUE = re.compile(r"^\s*(?:new\s*(?:TimeOnly|LocalTime|TimeSpan)?\s*\(\s*|(?:LocalTime\.of|(?:datetime\.)?time)\(\s*)?"
                    r"(?:new\s+)?(?:[\w.:]*(?:timedelta|Duration|duration|Period|minutes|hours|days|seconds|"
                    r"ofMinutes|ofHours|ofDays|ofSeconds|time\.Duration)\w*\s*\(\s*(?:\w+\s*=\s*)?)?"
                    r"(\d[\d_]*(?:\.\d+)?)(?:[LlFfMmUu]|_?[a-z]{0,3})?\b")
_LEAVE = re.compile(r"^\W*(?:return\s*(?:None|nil|null|undefined)?|continue|break|next)\W*$")
_NEGATIVE_BODY = re.compile(r"\b(?:false|False|FALSE|reject\w*|Reject\w*|refus\w*|declin\w*|Declin\w*|den(?:y|ied)|Den(?:y|ied)|"
                            r"forbid\w*|Forbid\w*|not_?allowed|NotAllowed|[Nn]ot[A-Z]\w*|\w*(?:Error|Exception)\b|"
                            r"raise|throw|abort|invalid|Invalid|too_?(?:soon|late|early|young|old|short|long)|"
                            r"TooSoon|TooLate|TooShort|TooLong|TooYoung|TooMany|Full|full)\b|"
                            # Rails' `errors.add(:base, "too many keys")`, a message list
                            r"\berrors?\s*(?:\.\s*(?:add|push|append)\b|<<)|\btoo\s+(?:many|much|few|soon|late|early|young|old|"
                            r"short|long|big|large|small)\b")
# a validator's answer: `return "Password must be at least 12 characters"`
_MESSAGE = re.compile(r"\breturn\s+[fr]?[\"'`][^\"'`]*\b(?:must|should|cannot|can't|too|invalid|not|only|required)\b",
                      re.IGNORECASE)
_KEEP_FILTER = re.compile(r"\.(?:filter|select|where|Where|retain|takeWhile|filterNot|reject|exclude)\s*[({]|"
                          r"\bfor\b[^\n]*\bif\b|\bWHERE\b|\bHAVING\b|\bCHECK\b", re.IGNORECASE)
# a filter that drops what its condition holds for: `.reject { }`, `filterNot`, `exclude(`, `DELETE … WHERE`
_DROP_FILTER = re.compile(r"\.(?:filterNot|reject|exclude)\s*[({]|\bDELETE\b", re.IGNORECASE)
_LOOP = re.compile(r"^\s*(?:for|while|until|loop|do)\b|\}\s*while\b")
_BRANCH_START = re.compile(r"^\s*(?:\}\s*)?(?:if|elif|elsif|else\s+if|unless|when)\b|\bif\s*[(\[]|\s(?:if|unless)\s")


def _side(op: str) -> str:
    return "<" if op.startswith("<") else ">"


def _flip(side: str) -> str:
    return "<" if side == ">" else ">"


# "must not play after 9 pm": the hour on a 24-hour clock, and the side of it
_CLOCK = re.compile(r"\b(after|past|from|before|until|till)\s+(\d{1,2})(?::00)?\s*(pm|p\.m\.|am|a\.m\.)(?![A-Za-z])",
                    re.IGNORECASE)


_CLOCK24 = re.compile(r"\b(after|past|from|before|until|till|by)\s+(\d{1,2})[:.]00\b(?!\s*(?:am|pm|a\.m|p\.m))",
                      re.IGNORECASE)
_NAMED_BOUND = re.compile(r"\b(after|past|beyond|before|until|till|by)\s+(?:the\s+|its\s+|their\s+|his\s+|her\s+)?"
                          r"(deadline|cut-?off|closing\s+date|due\s+date)\b", re.IGNORECASE)
_BOUND_STEMS = {"deadline": "deadline", "cutoff": "cutoff", "cut": "cutoff", "closing": "clos", "due": "due"}


def criterion_directions(criterion: str) -> list[tuple[str, str, str]]:
    """(number, "<" | ">", "filter" | "limit") for each bound the criterion words with a direction."""
    found: list[tuple[str, str, str]] = []
    for word, hour, noon in _CLOCK.findall(criterion):
        if 1 <= int(hour) <= 12:
            found.append((str(int(hour) % 12 + (12 if noon.lower().startswith("p") else 0)),
                          "<" if word.lower() in ("before", "until", "till") else ">", "filter"))
    # round 10: "after 18:00", "checking out after 11:00": the hour on the 24-hour clock
    for word, hour in _CLOCK24.findall(criterion):
        found.append((str(int(hour)), "<" if word.lower() in ("before", "until", "till", "by") else ">", "filter"))
    # "submitted after the deadline", "change the RSVP after the cut-off": a name the code compares a time with
    for match in _NAMED_BOUND.finditer(criterion):
        if re.search(r"\d\s*[a-z]*\s*$", criterion[:match.start()], re.IGNORECASE):
            continue  # "7 days after the due date": the bound is the 7 days, counted from the date
        word, bound = match.groups()
        found.append((f"name:{_BOUND_STEMS[bound.lower().split()[0].replace('-', '')]}",
                      "<" if word.lower() in ("before", "until", "till", "by") else ">", "filter"))
    for pattern, side in _LIMITS:
        for match in pattern.finditer(criterion):
            if side == "<" and _BEFORE.match(criterion[match.end():]):
                continue  # "cancel up to 24 hours before it starts": the time left is at least 24 hours
            kind = "filter" if _INSIDE_CONDITION.search(criterion[:match.start()]) else "limit"
            found.append((_plain(match.group(1).replace(",", "")), side, kind))
    # "between 2 and 6 players": what is allowed is at least the one and at most the other
    for low, high in _BETWEEN.findall(criterion):
        found += [(_plain(low.replace(",", "")), ">", "range"), (_plain(high.replace(",", "")), "<", "range")]
    limits = {number for number, _, _ in found}
    for pattern, side in _FILTERS:
        for match in pattern.finditer(criterion):
            number = _plain(next(g for g in match.groups() if g).replace(",", ""))
            if number not in limits:
                found.append((number, side, "filter"))
    return list(dict.fromkeys(found))


def _constants(bare: str) -> dict[str, set[str]]:
    constants: dict[str, set[str]] = {}
    for name, value in _ASSIGN.findall(bare):
        head = _VALUE.match(value)
        if head:
            constants.setdefault(name, set()).add(_plain(head.group(1).replace("_", "")))
    return constants


def _values(operand: str, constants: dict[str, set[str]]) -> set[str]:
    operand = operand.strip("()[]:;,{}!")
    names = re.split(r"[.:$@>-]+", operand)[-1].lower()
    named = {f"name:{stem}" for stem in _BOUND_STEMS.values() if stem in names.replace("_", "")}
    literal = re.fullmatch(r"-?(\d[\d_]*(?:\.\d+)?)[LlFfMmUu]?", operand)
    if literal:
        return {_plain(literal.group(1).replace("_", ""))}
    name = re.split(r"[.:$@]+", operand)[-1]
    return constants.get(name, set()) | named


def _closing(line: str, opening: int) -> int:
    """The index just after the parenthesis that closes the one at `opening`, or -1."""
    depth = 0
    for index in range(opening, len(line)):
        depth += {"(": 1, ")": -1}.get(line[index], 0)
        if depth == 0:
            return index + 1
    return -1


def _following(lines: list[str], index: int) -> str:
    indent = len(lines[index]) - len(lines[index].lstrip())
    body: list[str] = []
    for follow in lines[index + 1:index + 6]:
        if follow.strip() in ("", "{"):
            continue  # C#'s and Allman's brace on a line of its own
        if len(follow) - len(follow.lstrip()) <= indent:
            break
        body.append(follow.strip())
    return "\n".join(body)


def _body(lines: list[str], index: int, end: int) -> str:
    """What the branch whose condition has a comparison ending at column `end` of line `index` does."""
    line = lines[index]
    keyword = re.match(r"\s*(?:\}\s*)?(?:if|elif|elsif|else\s+if|unless|when)\b\s*", line)
    if not keyword:
        keyword = re.search(r"(?:=|return|\()\s*(if)\s*(?=\()", line[:end])  # Kotlin's `val x = if (…) a else b`
    if keyword:
        after = keyword.end() if keyword.re.groups == 0 else keyword.end(1)
        while after < len(line) and line[after] == " ":
            after += 1
        if after < len(line) and line[after] == "(" and (close := _closing(line, after)) > 0 and close >= end:
            rest = line[close:]
        else:
            colon = re.search(r":(?=\s|$)|\bthen\b", line[end:])
            rest = line[end + colon.end():] if colon else ""
        rest = re.sub(r"^\s*(?:\{|then\b|do\b|:)?\s*", "", rest)
        rest = re.split(r"\s+else\b|\}", rest)[0].strip()
        return rest or _following(lines, index)
    before = line[:end]
    postfix = re.search(r"^(?P<act>\s*\S.*?)\s(?:if|unless)\s", before)
    if postfix:
        return postfix.group("act")  # Ruby's and Perl's `raise X if cond`
    ternary = re.match(r"[^?]*?\?\s*(?P<a>[^:]+):", line[end:])
    if ternary:
        return ternary.group("a")
    return ""


# a branch that answers nothing (`return 0m`, `return None`): what the criterion charges or gives is on the other side,
# unless the criterion's outcome is itself nothing ("ship for free", "no fee")
_NOTHING = re.compile(r"^\W*(?:return\s+)?(?:0+(?:\.0+)?[mMfFdDlL]?|None|nil|null|\[\]|\{\})\W*$")
_FREE = re.compile(r"\b(?:free|no\s+(?:charge|fee|cost|fine)|waive\w*|zero|nothing|nil)\b|\b0\b", re.IGNORECASE)


def _kind(body: str, free: bool = True) -> str:
    if not body.strip():
        return ""
    steps = body.strip().splitlines()
    first = steps[0]
    if _LEAVE.match(first):
        return "leave"
    if refusing_line(body) or _NEGATIVE_BODY.search(first) or _MESSAGE.search(first):
        return "refuse"
    if re.match(r"\W*return\s+(?:True|true)\W*$", first):
        return ""  # a predicate's answer (`_too_many` returns True): its name says which way it means it
    if not free and _NOTHING.match(first):
        return "leave"  # `if (leftAt > Deadline) { return 0m; }` charges the fee only on the other side
    if any(_LEAVE.match(step) for step in steps[1:]) and re.match(r"[\w.$@]+\s*=[^=]", first):
        return "leave"  # `hotSince = time.Time{}; return`: reset, and the code goes on only on the other side
    return "act"


def _otherwise(lines: list[str], index: int, end: int) -> str:
    """What the code answers when the branch's condition does not hold: a ternary's second value, an `else` branch's
    first line, or the first `return` after the branch at its own depth."""
    ternary = re.match(r"[^?]*?\?[^:]+:\s*(?P<b>[^;,)}\n]+)", lines[index][end:])
    if ternary:
        return ternary.group("b")
    indent = len(lines[index]) - len(lines[index].lstrip())
    for number, line in enumerate(lines[index + 1:index + 9], start=index + 1):
        if not line.strip() or line.strip() in ("{", "}") or len(line) - len(line.lstrip()) > indent:
            continue
        if re.match(r"\s*(?:\}\s*)?else\b", line):
            rest = re.sub(r"^\s*(?:\}\s*)?else\s*:?\s*\{?", "", line).strip()
            return rest or _following(lines, number)
        return line.strip() if re.match(r"\s*return\b", line) else ""
    return ""


_ASSIGNED = re.compile(r"^\s*(?:(?:val|var|let|const|final|bool|boolean)\s+)?(?:self\.|this\.|@)?([A-Za-z_]\w*)\s*"
                       r"(?::\s*\w+\s*)?=(?!=)")
_DEFINED = re.compile(r"\b(?:def|function|fun|fn|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)|\bget\s+([A-Za-z_]\w*)\s*\(")


def _predicate(lines: list[str], index: int, wanted: frozenset[str]) -> str:
    """The name a comparison on this line answers for, when it names one of the criterion's words: an assigned state
    (`needs_charge = …`) or the function a `return …` ends (`def is_low_stock`); else ""."""
    line = lines[index]
    assigned = _ASSIGNED.match(line)
    if assigned and not re.search(r"\bif\b|\?", line):
        name = assigned.group(1)
    elif re.match(r"\s*return\b", line):
        name = next((m.group(1) or m.group(2) for back in range(index, max(-1, index - 6), -1)
                     if (m := _DEFINED.search(lines[back]))), "")
    else:
        return ""
    return name if name and code_concepts(name) & wanted - _PLAIN_NAMES else ""


_PLAIN_NAMES = frozenset({"is", "has", "get", "set", "the", "for", "or", "return", "valid", "check", "ok", "result"})


def branch_comparisons(code: str, number: str, free: bool = True,
                       wanted: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(side, what the branch does) for each branch condition of the code that compares something with the number."""
    source = code.splitlines()
    # strings blanked and shell operators rewritten in place, so a column of `lines` is one of `source`
    lines = [_STRING.sub(lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', _SHELL_VAR.sub(r" \1 ", line))
             for line in source]
    bare = "\n".join(lines)
    constants = _constants(bare)
    found: list[tuple[str, str]] = []
    for index, line in enumerate(lines):
        predicate = _predicate(lines, index, wanted) if not _BRANCH_START.search(line) else ""
        if _LOOP.search(line) or not (_BRANCH_START.search(line) or _KEEP_FILTER.search(line) or "?" in line
                                      or predicate):
            continue
        shell = re.sub(r"(?<=\s)-(gt|ge|lt|le)(?=\s)", lambda m: _SHELL_OPS[m.group(1)].ljust(3), line)
        shell = re.sub(r"=>|->", "  ", shell)
        for match in _COMPARISON.finditer(shell):
            left, op, right = match.groups()
            if number in _values(right, constants):
                side = _side(op)
            elif number in _values(left, constants):
                side = _flip(_side(op))
            else:
                continue
            # `if not (x >= N)`, `if (!(x >= N))`: the operand may carry the negation's `!(` as it starts
            prefix = shell[:match.start()] + left[:len(left) - len(left.lstrip("(! "))]
            if re.search(r"\b(?:not|unless)\s*\(*\s*$|!\s*\(+\s*$", prefix) or re.match(r"\s*unless\b", shell):
                side = _flip(side)
            if predicate and "?" not in line and not _KEEP_FILTER.search(shell):
                kind = "act"  # `needs_charge = pct < LOW`: the criterion's state holds where the comparison does
            elif _KEEP_FILTER.search(shell) and not _BRANCH_START.search(shell[:match.start()].split("(")[0] + " "):
                kind = "refuse" if _DROP_FILTER.search(shell) else "keep"  # a filter keeps what its condition holds for
            else:
                body = _body(source, index, match.end())
                kind = _kind(body, free)
                # `if age >= 60: return ADULT_PRICE` / `return SENIOR_PRICE`: the criterion's answer is on the other side
                if kind == "act" and wanted and not (free and _NOTHING.match(body.strip().split("\n")[0])) and \
                        len(code_concepts(_otherwise(source, index, match.end())) & wanted) > len(code_concepts(body) & wanted):
                    kind = "leave"
            if kind:
                found.append((side, kind))
    return found


_DOES = {"act": "branch that acts", "refuse": "branch that refuses", "leave": "early return", "keep": "filter"}


@lru_cache(maxsize=512)
def _judged(criterion: str, code: str) -> tuple[tuple[str, tuple[tuple[str, str, bool], ...]], ...]:
    """For each of the criterion's directed numbers, (looks, does, right) of each branch of the code that compares
    something with it and whose side this module can judge."""
    refuses = bool(_REFUSAL.search(criterion))
    alerts = bool(_ALERTS.search(criterion))
    wanted = code_concepts(criterion)
    found: list[tuple[str, tuple[tuple[str, str, bool], ...]]] = []
    for number, side, kind in criterion_directions(criterion):
        judged: list[tuple[str, str, bool]] = []
        for looks, does in branch_comparisons(code, number, bool(_FREE.search(criterion)), wanted):
            if does == "keep":
                # what a filter keeps is what the criterion acts on, or the rest when it refuses ("not offered")
                expected = _flip(side) if refuses and kind == "filter" else side
            elif kind == "range":
                if does == "act":
                    continue  # "keep humidity between 85 and 95 %": the humidifier acts below 85 to come back in
                expected = _flip(side)
            elif kind == "limit":
                expected = side if does == "act" else _flip(side)
            elif refuses:
                if does == "act":
                    continue
                expected = side
            else:
                if does == "refuse" and not alerts:
                    continue  # a refusal of a criterion that refuses nothing: "shows 'File too large'" may be one
                # "alert when …": a check script alerts by exiting non-zero, so its refusal is the act
                expected = side if does in ("act", "refuse") else _flip(side)
            judged.append((looks, does, looks == expected))
        found.append((number, tuple(judged)))
    return tuple(found)


def acts_on_the_other_side(criterion: str, code: str) -> str:
    """Why every branch of the code on the criterion's number looks the other way from what it does, or ""."""
    for number, judged in _judged(criterion, code):
        if judged and not any(right for _, _, right in judged):
            looks, does, _ = judged[0]
            where = "below" if looks == "<" else "above"
            return f"the condition of its {_DOES[does]} looks {where} {number}, the other side from the criterion's"
    return ""


def direction_words(criterion: str) -> frozenset[str]:
    """The words of the criterion that only say which way its bounds look ("more than 7", "thinner than 22", "at
    least 25"): a branch comparing with the number the right way is their evidence."""
    words: set[str] = {"limit", "limits", "limited"} if criterion_directions(criterion) else set()
    for pattern, _ in (*_FILTERS, *_LIMITS, (_BETWEEN, "")):
        for match in pattern.finditer(criterion):
            words.update(w.lower() for w in re.findall(r"[A-Za-z]+", match.group(0)))
    return frozenset(words)


def bound_units(criterion: str) -> frozenset[str]:
    """The words that give a directed number its unit ("hotter than 90 degrees"): a comparison with 90 says nothing
    of what 90 counts, so such a word is never let go for a decision (a humidity above 90 is no heat)."""
    units: set[str] = set()
    for pattern, _ in (*_FILTERS, *_LIMITS, (_BETWEEN, "")):
        for match in pattern.finditer(criterion):
            after = re.match(r"\s*(?:°\s*)?([A-Za-z]+)", criterion[match.end():])
            if after:
                units.add(after.group(1))
    return frozenset(units)


def values_beside(criterion: str) -> int:
    """How many of the criterion's numbers are not bounds it words a direction for ("K-factor 40 for players with
    fewer than 30 rated games, else 20": 40 and 20): values whose pairing a direction does not check."""
    bounds = {number for number, _, _ in criterion_directions(criterion)}
    plain = re.sub(r"\b(\d{1,2})[:.]00\b", r"\1", criterion)  # "after 10:00" is the hour 10
    numbers = {_plain(n.replace(",", "")) for n in re.findall(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w.])", plain)}
    return len(numbers - bounds)


def decides_the_criterion_s_way(criterion: str, code: str) -> bool:
    """Whether the code decides on every directed number of the criterion the way it says: each has a branch
    comparing with it, and every such branch looks the criterion's way for what it does (round 10)."""
    judged = _judged(criterion, code)
    return bool(judged) and all(branches and all(right for _, _, right in branches) for _, branches in judged)
