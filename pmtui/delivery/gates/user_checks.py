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
- a list written with commas ("header date,amount,category") is in the code in that order;
- "or without a digit" is tested for; "the 20 most recently edited" is sorted that way; "unassigned jobs" keeps the
  ones without an assignee; "for the same patient" compares by the patient; "told which book" and "listing the
  allowed values" want a message that names it; "at most 90 days ahead" allows day 90; "3-20 chars" is the
  pattern's `{3,20}`; "already shipped" is the state the refusal tests; "no more than 2 kayaks" does not refuse
  everything but kayaks.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.absence_checks import (
    disabled_when_ready,
    refuses_what_it_has,
    shows_empty_when_full,
)
from pmtui.delivery.gates.boundaries import refusing_line
from pmtui.delivery.gates.code_idioms import idiom_concepts
from pmtui.delivery.gates.double_bookings import clash_on_another_column
from pmtui.delivery.gates.dropped_values import never_reads_today, takes_and_drops
from pmtui.delivery.gates.echoes import answers_with_its_argument
from pmtui.delivery.gates.excluded_kinds import keeps_the_kept_out
from pmtui.delivery.gates.founder_checks import founder_blocker
from pmtui.delivery.gates.guards import (
    counts_per_unnamed,
    declares_only,
    hushes_the_other_way,
    message_without_what_it_tells,
    named_only_by_its_tests,
    never_waits_for_the_event,
    only_logs_the_forbidden,
    refuses_in_the_state,
    sends_nothing,
    shows_only_a_count,
    totals_every_period,
    totals_one_page,
)
from pmtui.delivery.gates.inclusive_bounds import excludes_the_stated_bound
from pmtui.delivery.gates.inert_names import named_only_where_nothing_runs, override_nobody_calls
from pmtui.delivery.gates.inert_values import (
    argument_turned_off,
    computed_never_read,
    named_only_where_unused,
)
from pmtui.delivery.gates.order_keys import serves_the_queue_backwards, sorts_by_another_key
from pmtui.delivery.gates.other_subjects import (
    compares_another_person,
    shown_in_another_colour,
    skips_on_another_field,
)
from pmtui.delivery.gates.schedules import (
    counts_over_another_window,
    runs_at_another_time,
    shifts_the_other_way,
    waits_for_the_future,
)
from pmtui.delivery.gates.schema_changes import alters_another_table
from pmtui.delivery.gates.sign_checks import zero_on_the_wrong_side
from pmtui.delivery.gates.stated_defaults import another_default
from pmtui.delivery.gates.unread_names import turned_off
from pmtui.delivery.gates.user_phrasing import status_numbers
from pmtui.delivery.gates.vocabulary import read_criterion, split_identifier, stem
from pmtui.delivery.gates.windows import counts_rows_as_days, shows_only_the_first

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


# -- a sort the criterion words ("the 20 most recently edited") ----------------------------------------------------
def sorts_the_other_way(criterion: str, code: str) -> str:
    """Why every sort of the code runs the other way from the order the criterion asks for."""
    asked = [c for c in read_criterion(criterion).concepts if c.kind == "phrase" and c.label in ("descending", "ascending")]
    if len(asked) != 1:
        return ""
    way, accepted = asked[0].label, asked[0].alternatives  # "before the others" is met by a true-first sort too
    other = "ascending" if way == "descending" else "descending"
    sorts = [found for found in (idiom_concepts(line) for line in code.splitlines()) if "sort" in found]
    if sorts and all(other in found and not found & accepted for found in sorts):
        return f"every sort of it is {other}, the criterion asks for {way}"
    return ""


# -- "unassigned jobs": the un-state is its negation --------------------------------------------------------------
# "unassigned", "unpaid", "unread", "unsent": a state's participle after un- (not "unique", "unless", "universal")
_UN_STATE = re.compile(r"\bun(?!ique|less|iversal|iform|ion|til|der)([a-z]{4,})\b", re.IGNORECASE)
_NEGATIVE_TEST = r"(?:\bis\s+None\b|==\s*(?:None|null|nil|undefined|false|False)\b|===\s*(?:null|undefined|false)\b|\bIS\s+NULL\b)"
_POSITIVE_TEST = r"(?:\bis\s+not\s+None\b|!=\s*(?:None|null|nil|undefined)\b|!==\s*(?:null|undefined)\b|\bIS\s+NOT\s+NULL\b)"


def keeps_the_done_for_un(criterion: str, code: str) -> str:
    """Why every filter of the code on the state keeps the ones that have it ("unassigned": `assignee is not None`)."""
    for word in _UN_STATE.findall(criterion):
        base = re.escape(stem(word).removesuffix("e")[:5])  # "assign"
        verdicts = []
        for line in _STRINGS.sub('""', code).splitlines():
            if not re.search(r"\bif\b|\bfilter\w*\(|\bwhere\b|\bWHERE\b", line) or not re.search(rf"(?i){base}", line):
                continue
            if re.search(rf"(?i)(?:\bnot\s+|!)\s*[\w.$]*{base}", line) or re.search(rf"(?i){base}\w*\s*{_NEGATIVE_TEST}", line):
                verdicts.append(True)
            elif re.search(rf"(?i){base}\w*\s*{_POSITIVE_TEST}", line):
                verdicts.append(False)
        if verdicts and not any(verdicts):
            return f"it keeps the ones that are {word}, the criterion asks for the un{word} ones"
    return ""


# -- "for the same patient": the code compares by it ------------------------------------------------------------------
_SAME = re.compile(r"\bsame\s+([a-z]{3,})\b", re.IGNORECASE)
_EQUALITY = re.compile(r"([\w.$\[\]\"']+)\s*(?:===?|!==?)\s*([\w.$\[\]\"']+)|\.equals\(\s*([\w.$]+)")


def compares_without_the_same_key(criterion: str, code: str) -> str:
    """Why the code compares things but never by the key the criterion says they share ("the same patient")."""
    for key in _SAME.findall(criterion):
        root = stem(key)
        if root in {"day", "date", "time", "week", "month", "year", "one", "way", "thing"}:
            continue  # a time is compared through its own words (round 8's checks)
        # a comparison inside what the key owns compares by it too: `any(s.day == d for s in volunteer.shifts)`
        lines = [line for line in _STRINGS.sub('""', code).splitlines() if _EQUALITY.search(line)]
        if lines and not any(root in line.lower() for line in lines):
            return f"it never compares by the {key} the criterion says must be the same"
    return ""


# -- "told which book is overdue": a message that names the thing ---------------------------------------------------
_NAMES_WHICH = re.compile(r"\b(?:told|tells?|telling|says?|saying|shows?|showing|lists?|listing)\s+(?:them\s+|the\s+user\s+|"
                          r"you\s+|him\s+|her\s+)?(?:which|the\s+(?:allowed|valid|accepted)\b)", re.IGNORECASE)
_MESSAGE_LINE = re.compile(r"\braise\b|\bthrow\b|Error\(|Exception\(|\bdetail\s*=|\bmessage\s*[=:]|\berrors?\.\w+\(|"
                           r"\bFprint|\bprint\(|\bflash\(|\.json\(|\bjsonify\(")
_INTERPOLATED = re.compile(r"\bf[\"']|\.format\(|%[sdr]\b|\$\{|\{[\w.\[\]'\"]+\}|[\"']\s*\+\s*[\w(]|[\w)]\s*\+\s*[\"']|"
                           r"\.join\(|Sprintf|Errorf|Fprintf")


def message_names_nothing(criterion: str, code: str) -> str:
    """Why every message of the code is fixed text where the criterion asks it to name which thing, or list the allowed."""
    if not _NAMES_WHICH.search(criterion):
        return ""
    messages = [line for line in code.splitlines() if _MESSAGE_LINE.search(line) and _STRINGS.search(line)]
    if messages and not any(_INTERPOLATED.search(line) for line in messages):
        return "its messages are fixed text: none names which one"
    return ""


# -- "at most 90 days ahead": a time allowed up to its bound -------------------------------------------------------
_AT_MOST_TIME = re.compile(r"\b(?:at\s+most|no\s+more\s+than|up\s+to|max\.?|maximum\s+of)\s+(\d+)\s*"
                           r"(minutes?|mins?|hours?|days?|weeks?|months?)\b", re.IGNORECASE)


def refuses_the_bound_of_a_time(criterion: str, code: str) -> str:
    """Why the code refuses a time exactly at the criterion's "at most N days" (`>=` a constant of N days)."""
    for number, unit in _AT_MOST_TIME.findall(criterion):
        names = set(re.findall(rf"\b([A-Za-z_]\w*)\s*=\s*(?:timedelta|Duration\.\w+|time\.Duration)?\(?\s*(?:\w+\s*=\s*)?{number}\b",
                               code))
        operand = "|".join([re.escape(n) for n in names] + [rf"(?<![\w.]){number}(?![\w.])"])
        lines = _STRINGS.sub('""', code).splitlines()
        ops = []
        for index, line in enumerate(lines):
            if not any(refusing_line(x) for x in lines[index:index + 3]):
                continue
            ops += re.findall(rf"(>=|<=|<|>)[^<>=\n]*(?:{operand})", line)
        if ops and all(op == ">=" for op in ops):
            return f"it refuses at exactly {number} {unit}, which the criterion allows"
    return ""


# -- "3-20 chars": the pattern's length bounds --------------------------------------------------------------------
_LENGTH_RANGE = re.compile(r"\b(\d+)\s*(?:-|–|to)\s*(\d+)\s*(?:chars?|characters?|letters?|digits?)\b", re.IGNORECASE)


def pattern_bounds_differ(criterion: str, code: str) -> str:
    """Why every length bound of the code's patterns (`{3,15}`) differs from the criterion's range ("3-20 chars")."""
    for low, high in _LENGTH_RANGE.findall(criterion):
        bounds = re.findall(r"\{(\d+),(\d+)\}", code)
        if bounds and (low, high) not in bounds:
            return f"its pattern allows {{{bounds[0][0]},{bounds[0][1]}}}, the criterion {low}-{high}"
    return ""


# -- "already shipped": the refusal tests that state ----------------------------------------------------------------
_ALREADY = re.compile(r"\balready\s+(?:been\s+)?([a-z]{4,})\b", re.IGNORECASE)


def refuses_without_the_state(criterion: str, code: str) -> str:
    """Why no condition of the code's refusals tests the state the criterion refuses in ("already shipped")."""
    for state in _ALREADY.findall(criterion):
        root = stem(state)[:5]
        lines = _STRINGS.sub('""', code).splitlines()
        conditions = [lines[i] for i in range(len(lines)) if re.match(r"\s*(?:\}\s*)?(?:if|elif|else\s+if)\b", lines[i])
                      and any(refusing_line(x) or re.search(r"\breturn\s+Err\w*", x) for x in lines[i:i + 3])]
        if conditions and not any(re.search(rf"(?i){re.escape(root)}", c) for c in conditions):
            return f"none of its refusals tests that it is {state}"
    return ""


# -- "no more than 5 trout": the refusal is for the thing named, not for everything else ----------------------------
_OTHER_THAN = re.compile(r"(?:!==?|\bis\s+not\b|\bnot\s+in\b|\bne\b)\s*[(\[]?\s*(?:[\w.]+\.)?[:\"']?([A-Za-z_]\w*)")
_EXCEPT = re.compile(r"\b(?:only|except|but|other\s+than|non-?\w+|unless)\b", re.IGNORECASE)


def refuses_all_but_the_named(criterion: str, code: str) -> str:
    """Why the code's refusal holds for everything but the thing the criterion limits (`species != :trout`)."""
    if _EXCEPT.search(criterion) or not _REFUSES_OR_CAPS.search(criterion):
        return ""
    named = {stem(w) for w in re.findall(r"[A-Za-z]{4,}", criterion)}
    lines = code.splitlines()
    for index, line in enumerate(lines):
        if not re.match(r"\s*(?:\}\s*)?(?:if|elif|else\s+if|unless)\b", line):
            continue
        if not any(refusing_line(x) for x in lines[index:index + 3]):
            continue
        for other in _OTHER_THAN.findall(line):
            if stem(other) in named and len(other) >= 4:
                return f"it refuses whatever is not {other}, the criterion limits {other} itself"
    return ""


_REFUSES_OR_CAPS = re.compile(r"\b(?:refus|reject|den(?:y|ie)|block|no\s+more\s+than|at\s+most|not\s+(?:be\s+)?allow|may\s+not|"
                              r"must\s+not|cannot|can't|max)", re.IGNORECASE)


# -- "exits 2 if the config file is missing", "non-zero when a checksum does not match", "unauthenticated … 401" ------
_ABSENT = re.compile(r"\b(?:missing|not\s+found|does\s+not\s+exist|do\s+not\s+exist|absent|no\s+such)\b", re.IGNORECASE)
_EXISTS = re.compile(r"(?:\.|\b)(?:exists|is_file|isfile|is_dir|isdir|existsSync)\(")
_DIFFERS = re.compile(r"\b(?:does\s+not|do\s+not|doesn't|don't|fails?\s+to)\s+match\b|\bdiffers?\b|\bmismatch", re.IGNORECASE)
_GUEST = re.compile(r"\b(?:unauthenticated|anonymous|not\s+logged\s+in|logged[- ]out|without\s+(?:a\s+)?log(?:ging)?\s*in)\b",
                    re.IGNORECASE)
# the user itself, not one of its fields (`req.user.isAdmin` tests a role)
_USER_TEST = re.compile(r"\b(?:(?:req|request|ctx|context|session)\.)?(?:user|currentUser|current_user)\b(?!\s*[.\[(])")
_FAILS = re.compile(r"\breturn\s+[1-9]\b|\bexit\(\s*[1-9]|\bExit\(\s*[1-9]|\braise\b|\bthrow\b|\bstderr\b|\+=\s*1\b|"
                    r"\bstatus\(\s*4\d\d|\bsendStatus\(\s*4\d\d|,\s*4\d\d\b|\b4\d\d\b")
_NEGATED_START = re.compile(r"^\s*(?:\}\s*)?(?:if|elif|else\s+if)\s*\(?\s*(?:not\b|!)")


def _branches(code: str, test: re.Pattern[str]) -> list[tuple[bool, bool]]:
    """(negated, fails) for each `if` of the code whose condition matches `test`: whether the condition is negated,
    and whether its branch (the next lines, or the rest of its own line) fails or refuses."""
    lines = _STRINGS.sub('""', code).splitlines()
    raw = code.splitlines()
    found = []
    for index, line in enumerate(lines):
        if not re.match(r"\s*(?:\}\s*)?(?:if|elif|else\s+if)\b", line) or not test.search(line):
            continue
        inline = re.split(r"\)\s*(?=return\b|\{)|:\s*(?=\S)", raw[index], maxsplit=1)
        body = inline[1] if len(inline) > 1 and inline[1].strip(" {") else "\n".join(raw[index + 1:index + 4])
        condition = re.split(r"\)\s*(?:return\b|\{)|:\s*$", line, maxsplit=1)[0]
        negated = bool(_NEGATED_START.match(condition))
        if test is _DIFFERENT:
            negated = ("!=" in condition or "!==" in condition) != bool(re.search(r"\bnot\s+\(?[\w.]+\s*!=", condition))
        # a branch that reports and then answers 0 does not fail (`print(…, file=sys.stderr)` then `return 0`)
        succeeds = re.search(r"\breturn\s+0\b|\bexit\(\s*0\b|\bExit\(\s*0\b", body)
        found.append((negated, bool(_FAILS.search(body)) and not succeeds))
    return found


_DIFFERENT = re.compile(r"[!=]==?")


def fails_on_the_wrong_side(criterion: str, code: str) -> str:
    """Why every branch of the code on the criterion's condition fails on the wrong side of it: exits when the file
    is there, counts a mismatch when the checksums are equal, answers 401 to the logged-in user."""
    for wanted, test, what in ((_ABSENT, _EXISTS, "the file is there"), (_DIFFERS, _DIFFERENT, "the values are equal"),
                               (_GUEST, _USER_TEST, "the user is logged in")):
        if not wanted.search(criterion):
            continue
        branches = [(negated, fails) for negated, fails in _branches(code, test)]
        judged = [negated == fails for negated, fails in branches if negated or fails]
        if judged and not any(judged):
            return f"it fails when {what}"
    return ""


# -- "GET /rooms?minSeats=N … at least N seats": the placeholder's bound is the parameter's ------------------------
# the placeholder as written ("minSeats=N") or as plain_criterion leaves it ("minSeats= ")
_PLACEHOLDER_PARAM = re.compile(r"[?&](\w+)=(?:[NMK]\b|(?=\s|$))")
_P = r"(?:[NMK]\s+|\s+)(?=[A-Za-z])"
_PLACEHOLDER_BOUND = {rf"at\s+least\s+{_P}": ">=", rf"at\s+most\s+{_P}": "<=", rf"(?:more|greater)\s+than\s+{_P}": ">",
                      rf"(?:less|fewer)\s+than\s+{_P}": "<"}
_MIRRORED = {">=": "<=", "<=": ">=", ">": "<", "<": ">"}


def bounds_the_parameter_otherwise(criterion: str, code: str) -> str:
    """Why every comparison of the code with the query parameter standing for the criterion's N bounds it otherwise."""
    for param in _PLACEHOLDER_PARAM.findall(criterion):
        wanted = next((op for pattern, op in _PLACEHOLDER_BOUND.items() if re.search(pattern, criterion)), None)
        if wanted is None:
            continue
        bare = _STRINGS.sub('""', code)
        ops = re.findall(rf"[\w.$\]\)]\s*(>=|<=|>|<)\s*{re.escape(param)}\b", bare)
        ops += [_MIRRORED[op] for op in re.findall(rf"\b{re.escape(param)}\s*(>=|<=|>|<)\s*[\w.$(]", bare)]
        if ops and wanted not in ops:
            return f"it compares with {param} by {ops[0]}, the criterion asks for {wanted} it"
    return ""


# -- "reports/summary-YYYY-MM-DD.json": the file's name carries the date -------------------------------------------
_DATED_FILE = re.compile(r"([A-Za-z_][\w-]*?)[-_.]?(?:YYYY|yyyy)[-_]?(?:MM|mm)[-_]?(?:DD|dd)(\.[A-Za-z0-9]+)?")
_INTERPOLATES = re.compile(r"\{[^}]*\}|\$\{|%[sd]|\.format\(|strftime|isoformat|\+\s*[\w(]|[\w)]\s*\+|Sprintf|"
                           r"toISOString|format\(")


def names_the_file_without_its_date(criterion: str, code: str) -> str:
    """Why every line of the code naming the criterion's dated file ("summary-YYYY-MM-DD.json") names it undated."""
    for prefix, extension in _DATED_FILE.findall(criterion):
        lines = [line for line in code.splitlines() if prefix.lower() in line.lower()
                 and (not extension or extension.lower() in line.lower())]
        if lines and not any(_INTERPOLATES.search(line) for line in lines):
            return f"it names the {prefix} file without its date"
    return ""


# -- "deleted on startup": what the criterion says happens at start is called there ------------------------------
_ON_START = re.compile(r"\b(?:on|at)\s+(?:start(?:-?up)?|boot|launch)\b|\bwhen\s+the\s+\w+\s+starts\b", re.IGNORECASE)
_DEFINES = re.compile(r"^\s*(?:async\s+)?(?:def|func|function|fn)\s+([A-Za-z_]\w*)", re.MULTILINE)


def never_called_at_start(criterion: str, unit_code: str, file_code: str) -> str:
    """Why a function of the unit (not the entry point itself) is called nowhere in its file, where the criterion says
    what it does happens on startup."""
    if not _ON_START.search(criterion):
        return ""
    bare = _STRINGS.sub('""', file_code)
    for name in dict.fromkeys(_DEFINES.findall(unit_code)):
        if name in ("main", "run", "start", "startup", "init", "__init__"):
            continue
        calls = len(re.findall(rf"(?<![\w.]){re.escape(name)}\s*\(", bare))
        definitions = len(re.findall(rf"(?:def|func|function|fn)\s+{re.escape(name)}\s*\(", bare))
        if calls <= definitions:
            return f"{name} is called nowhere: nothing runs it on startup"
    return ""


# -- "`--output FILE` writes …": the flag's value is used where it was given, not under its absence ----------------
_CRITERION_FLAG = re.compile(r"(?<![\w-])--([A-Za-z][\w-]*)")


def uses_the_flag_where_absent(criterion: str, code: str) -> str:
    """Why the code uses a flag's value only in the branch where the flag was not given (`if not args.output:
    Path(args.output).write_text(…)`)."""
    lines = code.splitlines()
    for flag in _CRITERION_FLAG.findall(criterion):
        attribute = re.escape(flag.replace("-", "_"))
        absent = re.compile(rf"^\s*(?:\}}\s*)?(?:if|elif|else\s+if)\s*\(?\s*(?:not\s*|!\s*)\(?\s*[\w.]*\.{attribute}\s*\)?\s*\)?\s*(?:\{{|:)|"
                            rf"^\s*(?:if|elif)\s+[\w.]*\.{attribute}\s+is\s+None\s*:")
        for index, line in enumerate(lines):
            if not absent.match(line):
                continue
            indent = len(line) - len(line.lstrip())
            body = []
            for following in lines[index + 1:]:
                if following.strip() and len(following) - len(following.lstrip()) <= indent:
                    break
                body.append(following)
            if re.search(rf"\.{attribute}\b", "\n".join(body)):
                return f"it uses --{flag}'s value only where --{flag} was not given"
    return ""


def user_blocker(criterion: str, unit_code: str, file_code: str, outside: str = "") -> str:
    """The first reason of this module's checks, or "" (`outside`: the unit's file outside it, unchanged lines too)."""
    return (compares_otherwise(criterion, unit_code) or answers_under_the_negated_state(criterion, unit_code)
            or answers_another_status(criterion, unit_code) or counts_per_another_key(criterion, file_code)
            or lists_in_another_order(criterion, file_code) or checks_nothing_without(criterion, file_code)
            or sorts_the_other_way(criterion, unit_code) or keeps_the_done_for_un(criterion, unit_code)
            or compares_without_the_same_key(criterion, unit_code) or message_names_nothing(criterion, unit_code)
            or refuses_the_bound_of_a_time(criterion, file_code) or pattern_bounds_differ(criterion, file_code)
            or refuses_without_the_state(criterion, file_code)
            or refuses_all_but_the_named(criterion, unit_code) or fails_on_the_wrong_side(criterion, unit_code)
            or bounds_the_parameter_otherwise(criterion, file_code) or names_the_file_without_its_date(criterion, file_code)
            or never_called_at_start(criterion, unit_code, file_code) or uses_the_flag_where_absent(criterion, unit_code)
            or turned_off(criterion, unit_code) or refuses_what_it_has(criterion, unit_code)
            or zero_on_the_wrong_side(criterion, unit_code) or keeps_the_kept_out(criterion, unit_code)
            or another_default(criterion, unit_code) or shows_empty_when_full(criterion, unit_code)
            or disabled_when_ready(criterion, unit_code)
            # round 14: evidence where nothing runs, a stated bound left out, the check on another subject
            or named_only_where_nothing_runs(criterion, file_code) or override_nobody_calls(criterion, unit_code, outside)
            or excludes_the_stated_bound(criterion, file_code) or shown_in_another_colour(criterion, file_code)
            or compares_another_person(criterion, unit_code) or skips_on_another_field(criterion, unit_code)
            # round 15: a schedule at another time, a value nothing reads
            or runs_at_another_time(criterion, file_code) or named_only_where_unused(criterion, unit_code, outside)
            or computed_never_read(unit_code, outside) or shifts_the_other_way(criterion, file_code)
            or waits_for_the_future(criterion, unit_code) or counts_over_another_window(criterion, file_code)
            or alters_another_table(criterion, file_code) or argument_turned_off(criterion, unit_code)
            or only_logs_the_forbidden(criterion, unit_code) or declares_only(unit_code) or sends_nothing(criterion, unit_code)
            or counts_per_unnamed(criterion, unit_code) or refuses_in_the_state(criterion, unit_code)
            or named_only_by_its_tests(criterion, unit_code) or totals_one_page(criterion, unit_code)
            or hushes_the_other_way(criterion, unit_code)
            # round 16: who may, whom it is sent to, which day, which field, a duration only in words
            or founder_blocker(criterion, unit_code, file_code)
            # round 17: a list sorted by another key than the criterion's, a queue served from the last
            or sorts_by_another_key(criterion, unit_code) or serves_the_queue_backwards(criterion, unit_code)
            or takes_and_drops(criterion, file_code) or never_reads_today(criterion, file_code)
            or clash_on_another_column(criterion, file_code)
            # round 18: a thing looked up only to test it exists, the answer an argument handed back
            or answers_with_its_argument(unit_code) or shows_only_the_first(criterion, file_code)
            or counts_rows_as_days(criterion, file_code)
            # round 19: a message sent without what the criterion says it tells with
            or message_without_what_it_tells(criterion, unit_code) or totals_every_period(criterion, file_code)
            or never_waits_for_the_event(criterion, unit_code) or shows_only_a_count(criterion, unit_code))

