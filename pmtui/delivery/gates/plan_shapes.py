"""Criteria shapes a delivery plan writes, read for what they ask of the code.

pmtui's own PM writes criteria such as "A user can log a watering from the app and sees the result saved",
"Invalid or empty input is refused with a message that says what to fix, and nothing is saved", "Sign-up and
profile: Owners create an account so their data is theirs", "Success metric tracking: Instrument the success metric
from day one: users log waterings 3 times a week after 2 months", "Import from notebook: … — from your words:
“a paper notebook in the shed”"; users write the same shapes themselves ("Bad or missing input is rejected with an
error message", "… and the booking is saved"). An agent that knows nothing of pmtui maps none of them, and the
words of the shape (where it happens, who does it, why, where a sentence came from) name nothing in code:

- the frame: "from the app", "A user can complete core-flow step 2 with it:", "Instrument the success metric from
  day one:", a quoted provenance ("— from your words: “…”"), a rationale ("so their data is theirs") and the actor
  before the verb ("Owners create …") are let go; what is left is judged as any criterion;
- "… sees the result saved", "its result is saved", "is saved/stored": the unit that does it must also keep the
  result (SQL insert/update, a file or JSON written, a `.save()`/`.add()`, or state kept by the object:
  `self.items[k] = …`, `self.log.append(…)`); a unit that only checks and returns is not;
- "invalid or empty input is refused with a message …": a guard testing the input (a negation, a length, a
  number's range, a pattern, an allowed set) whose branch refuses with words (raise/throw with a message, an error
  returned or collected); a bare `raise ValueError`, `return None, None` or a silent return is no message; "nothing
  is saved" wants no save before the refusal; a refusal inside its own stated range (`0 <= n <= MAX: raise`) or on
  the side its message denies ("Only 5 on the shelf" for `qty < on_shelf`) refuses the valid input;
- a time frame in months ("after 2 months") is the same frame counted in days where the code counts days (60).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pmtui.delivery.gates.uncommitted import uncommitted_at

_PROVENANCE = re.compile(r"\s*[—–]\s*from (?:your|the founder's|their) (?:own )?(?:words|constraints|notes)\s*:\s*"
                         r"[“\"'].*?[”\"']\s*$", re.IGNORECASE)
_CORE_FLOW = re.compile(r"^(A user can )complete (?:core-flow |core flow |the flow's )?step \d+ with it:\s*", re.IGNORECASE)
_METRIC = re.compile(r"^([^:]{3,40}):\s*(?:instrument|track|measure|record) the (?:success )?metric"
                     r"(?: from (?:day one|the start|launch))?\s*:\s*", re.IGNORECASE)
_WHERE = re.compile(r"\s+(?:from|in) the app\b", re.IGNORECASE)
_SAVED = re.compile(r"(?:,?\s+and\s+(?:sees|see)\s+(?:the|its|their)\s+result\s+(?:is\s+)?(?:saved|stored|kept)"
                    r"|\s+works from start to finish(?:\s+in the app)?\s+and\s+(?:its|the)\s+result\s+is\s+"
                    r"(?:saved|stored|kept)|,?\s+and\s+(?:the|its)\s+(?:result|\w+)\s+is\s+(?:saved|stored|kept))\s*\.?$",
                    re.IGNORECASE)
_RATIONALE = re.compile(r"\s+so (?:that )?(?:their|his|her|your|our|its|the) [^,.;:]*\.?$", re.IGNORECASE)
_ACTOR = re.compile(r"^([^:]{3,40}:\s*)[A-Z][a-z]+s\s+(?=(?:create|can|get|set|see|add|keep|log|book|sign|make|"
                    r"register|manage|track|edit|view)\b)")
_REFUSAL_CRITERION = re.compile(
    r"^(?:(?:any|an?|the)\s+)?(?:invalid|empty|bad|missing|blank|malformed|wrong)(?:\s+(?:or|and|/)\s+"
    r"(?:invalid|empty|bad|missing|blank|malformed|wrong))?\s+(?:input|data|values?|fields?|entry|entries|form)s?\s+"
    r"(?:is|are|gets?|get)\s+(?:refused|rejected|blocked|not accepted|declined)\b(?P<rest>.*)$", re.IGNORECASE)
_ASKS_MESSAGE = re.compile(r"\b(?:message|error|explain|says?|tells?)\b", re.IGNORECASE)
_NOTHING_SAVED = re.compile(r"\bnothing\s+(?:is\s+|gets\s+)?(?:saved|stored|written|kept|recorded)\b", re.IGNORECASE)

# what keeps a result: SQL writes, a file or JSON written, an ORM or store call, state kept by the object
_PERSIST = re.compile(
    r"\b(?:INSERT|UPDATE|REPLACE)\s+(?:INTO\s+)?\w+|\.commit\(\)|\.write_text\(|\bjson\.dump\(|writeFile(?:Sync)?\(|"
    r"\.save\(|\.objects\.create\w*\(|\.create_user\(|\b(?:store|db|repo|repository|session)\.(?:add|put|insert)\w*\(|"
    r"\bsave\w*\(|\b(?:self|this)\.\w+(?:\.setdefault\([^)]*\))?(?:\[[^\]]*\])+\s*=(?!=)|"
    r"\b(?:self|this)\.\w+(?:\[[^\]]*\])*\.(?:append|extend|add|push|set|insert)\(|"
    r"(?-i:^\s*[A-Z][A-Z0-9_]{2,}(?:\[[^\]]*\])+\s*=(?!=)|\b[A-Z][A-Z0-9_]{2,}\.(?:append|add|push|set|insert)\()|"
    r"\b(?:[a-z]\w*)\.set\(\s*\w+\s*,", re.IGNORECASE)
_MESSAGE = r"f?[\"'`][^\"'`\n]*[A-Za-z]{2,}[^\"'`\n]*\s[^\"'`\n]*[\"'`]"
_REFUSES = re.compile(
    rf"\braise\s+[\w.]+\((?:[^()\n]*?,\s*)?(?:\w+\s*=\s*)?{_MESSAGE}|\bthrow\s+new\s+\w+\(\s*{_MESSAGE}|"
    rf"\breturn\s+(?:None|null|False|false|undefined|nil)\s*,\s*{_MESSAGE}|\breturn\s+\{{[^}}\n]*(?:errors?|problems)\b|"
    rf"\b(?:errors|problems|issues|messages)\s*(?:\.(?:append|push|add)\(\s*|\[[^\]]+\]\s*=\s*){_MESSAGE}|"
    # round 16: a web handler's refusal is a client error with its message: Flask's `return "Enter …", 400` (or a
    # `jsonify(…)` of one), `abort(400, "…")`, Express's `res.status(400).json({ error: "…" })`, Go's `http.Error(w, "…", 400)`
    rf"\breturn\s+(?:jsonify\([^\n]*?)?{_MESSAGE}\)?\s*,\s*4\d\d\b|\babort\(\s*4\d\d\s*,\s*(?:description\s*=\s*)?{_MESSAGE}|"
    rf"\bstatus\(\s*4\d\d\s*\)\s*\.\s*(?:json|send)\([^\n]*?{_MESSAGE}|\bhttp\.Error\(\s*\w+\s*,\s*{_MESSAGE}|"
    # round 17: a web form's flashed message and its way back (`flash("Write what to feed …")` then `return
    # redirect(…)`); a helper named for the error that answers with it (`return _problem("Add at least one item")`); a
    # command line's message on stderr and a failing exit (`typer.echo("--every must be 7 or 14", err=True)` then
    # `raise typer.Exit(2)`, `print(…, file=sys.stderr)` then `sys.exit(1)`, `sys.exit("…")`, `parser.error("…")`)
    rf"\bflash\(\s*{_MESSAGE}[\s\S]*?\breturn\b|"
    rf"\breturn\s+_?\w*(?:problem|error|fail|reject|bad_request|invalid)\w*\(\s*{_MESSAGE}|"
    rf"\b(?:typer|click)\.s?echo\(\s*{_MESSAGE}[^\n]*\berr\s*=\s*True[\s\S]*?(?:\bExit\(\s*[1-9]|\bexit\(\s*[1-9]|\bAbort\()|"
    rf"\bprint\(\s*{_MESSAGE}[^\n]*\bfile\s*=\s*sys\.stderr[\s\S]*?\bexit\(\s*[1-9]|\bsys\.exit\(\s*{_MESSAGE}|"
    rf"\bparser\.error\(\s*{_MESSAGE}")
_GUARD = re.compile(r"^\s*(?:\}\s*)?(?:if|elif|else\s+if|unless)\b\s*(.*)$")
_TESTS_INPUT = re.compile(
    r"\bnot\b|!\s*[\w(]|\blen\(|\.length\b|[<>]=?|===?\s*[\"']{2}|\.(?:match|fullmatch|search|test)\(|\bnot\s+in\b|"
    r"\bis\s+None\b|\bisNaN\b|\bisinstance\(|\.strip\(\)|\.trim\(\)", re.IGNORECASE)
_CHAINED = re.compile(r"[\w.)\]]+\s*<=?\s*[\w.()\[\]]+\s*<=?\s*[\w.)\]]+")
_SAYS_AT_MOST = re.compile(r"\b(?:only|at most|no more than|not enough|too many|exceeds?|or (?:less|fewer)|up to)\b",
                           re.IGNORECASE)
_SAYS_AT_LEAST = re.compile(r"\b(?:at least|or more|too (?:short|few|small)|minimum)\b", re.IGNORECASE)
_SAYS_MISSING = re.compile(r"\b(?:enter|is required|are required|missing|cannot be (?:empty|blank)|can't be (?:empty|"
                           r"blank)|must not be (?:empty|blank)|is empty|give|choose|pick|name the|needs? an?)\b",
                           re.IGNORECASE)
# A condition that is true when a value is there (and so refuses the valid input, under a "missing" message).
_PRESENT = re.compile(
    r"([\w.]+)(?:\.(?:strip|trim)\(\))?"
    r"|len\(\s*([\w.]+)(?:\.strip\(\))?\s*\)\s*(?:>\s*0|>=\s*1|!=\s*0)"
    r"|([\w.]+)\.length\s*(?:>\s*0|>=\s*1|!==?\s*0)"
    r"|([\w.]+)(?:\.(?:strip|trim)\(\))?\s*(?:!=|!==)\s*(?:\"\"|''|None|null|nil)"
    r"|([\w.]+)\s+is\s+not\s+None"
    r"|bool\(\s*([\w.]+)\s*\)"
    r"|!\s*([\w.]+)\.(?:isEmpty|empty\?|blank\?)\(?\)?"
    r"|not\s*\(?\s*([\w.]+)\s+is\s+None\s*\)?"
    r"|not\s*\(?\s*([\w.]+)(?:\.(?:strip|trim)\(\))?\s*==\s*(?:\"\"|'')\s*\)?")
_ONE_COMPARISON = re.compile(r"^\s*\(?\s*([\w.()\[\]]+)\s*(<=?|>=?)\s*([\w.()\[\]]+)\s*\)?\s*$")
_CREATES = re.compile(r"(^|:\s*|\bcan\s+)(create|add|register|open|set up|record|log)\s+(?=an?\s)", re.IGNORECASE)
_LISTS = re.compile(r"^A user can (?:list|see|view|show|find|browse)\s+(?:(?:overdue|expired|expiring|late|old)\b|"
                    r"\w+(?:\s+\w+)?\s+(?:that|which|due|older|newer|"
                    r"overdue|expiring|expired|for|from|by|with|over|under|in|on)\b)", re.IGNORECASE)
# a list of what is past a date: overdue homework, routes older than 6 weeks, plants that need water today
_PAST = re.compile(r"\b(?:overdue|older than|expired|past due|late|due (?:back )?today|need \w+ today)\b", re.IGNORECASE)
_NOW = re.compile(r"\?|\b(?:today|now|cutoff|cut_off|deadline)\b(?:\(\))?|\bdate\.today\(\)|\bDate\.now\(\)|"
                  r"\bdatetime\.now\(\)")
_DATE_COMPARISON = re.compile(r"([\w.()\[\]+ ]+?)\s*(<=?|>=?)\s*([\w.()?\[\]]+)(?=\s*(?:$|[\"':),]|and\b|or\b|ORDER\b))",
                              re.MULTILINE)
_FILTERS = re.compile(r"\bif\b|\bWHERE\b|\.filter\(|(?<![-=])[<>]=?|==|!=|\.startsWith\(|\bin\s+\w+\s+if\b", re.IGNORECASE)


def _own(unit: Any) -> bool:
    """A code unit of its own (a function, a class, a constant), not a whole file's scope holding all of them."""
    return bool(unit.kind == "code" and unit.name != unit.path.rsplit("/", 1)[-1])


def _leaf(unit: Any, units: Sequence[Any]) -> bool:
    """A unit of its own that holds no other (a function, not the class around it)."""
    return _own(unit) and not any(_own(u) and u is not unit and _holds(unit, u) for u in units)


_ASSIGNS = re.compile(r"^\s*(?:export\s+)?(?:const\s+|let\s+|var\s+)?([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)", re.MULTILINE)


def _names_the_act(verb: str, name: str) -> bool:
    """Whether a method's name says the criterion's act: its word (`create_account` for "create") or a synonym
    (`reserve` for "book")."""
    from pmtui.delivery.gates.vocabulary import concepts_of_word, split_identifier

    if verb[:4].lower() in _name_words(name):
        return True
    wanted = concepts_of_word(verb.lower())
    return any(concepts_of_word(word) & wanted for word in split_identifier(name))


def _kept_there(location: str, units: Sequence[Any], verb: str = "", core: str = "") -> bool:
    """Whether the unit at the location (the innermost that holds the line), or one it calls, keeps the result; a
    class keeps nothing of itself (its methods do), and a module's store (`ACCOUNTS = {}`) is kept by the functions
    of its file that write to it."""
    path, line = location.rsplit(":", 1)
    holding = [u for u in units if _own(u) and u.path == path and u.start <= int(line) <= u.end]
    if not holding:
        return False
    unit = min(holding, key=lambda u: u.end - u.start)
    if not _leaf(unit, units):
        # a class keeps nothing of itself: a method of it named for the criterion's act does (`create_account`)
        return bool(verb) and any(_leaf(u, units) and _holds(unit, u) and _names_the_act(verb, u.name)
                                  and keeps_result(u.code_text) for u in units)
    callees = [u for u in units if _leaf(u, units) and u is not unit and u.name in unit.calls]
    if any(keeps_result(u.code_text) for u in [unit, *callees]):
        return True
    # `profile()` beside `sign_up()` in one class: the sibling whose own act the criterion names keeps it
    classes = [u for u in holding if u is not unit and not _leaf(u, units)]
    if classes and core:
        around = min(classes, key=lambda u: u.end - u.start)
        asked = _name_words(core)
        if any(_leaf(u, units) and u is not unit and _holds(around, u) and keeps_result(u.code_text)
               and (_name_words(re.sub(r"([a-z])([A-Z])", r"\1_\2", u.name).split("_")[0]) <= asked
                    or bool(verb) and _names_the_act(verb, u.name)) for u in units):
            # `reserve()` beside `__init__` in `BookingBook`, for "book a tool … sees the result saved"
            return True
    if re.match(r"\s*(?:def|class|function|async|export\s+(?:async\s+)?function)\b", unit.code_text):
        return False
    stores = set(_ASSIGNS.findall(unit.code_text))
    return any(_leaf(u, units) and u.path == path and u is not unit and any(
        _PERSIST.search(text) and any(re.search(rf"\b{re.escape(name)}\b", text) for name in stores)
        for text in u.code_text.splitlines()) for u in units)


def _holds(outer: Any, inner: Any) -> bool:
    """Whether one unit's lines hold the other's (a class its method)."""
    return bool(outer.path == inner.path and outer.start <= inner.start and inner.end <= outer.end)


def _keeps_the_future(code: str) -> str:
    """The comparison of a date with now or a cut-off, when every such comparison keeps the later ones (`due > ?`
    for overdue homework); "" when none does or one keeps the earlier ones."""
    judged = []
    for left, op, right in _DATE_COMPARISON.findall(code):
        left, right = left.strip(), right.strip()
        if _NOW.fullmatch(right) and not _NOW.search(left):
            later = op.startswith(">")
        elif _NOW.fullmatch(left) and not _NOW.search(right):
            later = op.startswith("<")
        else:
            continue
        judged.append((later, f"{left} {op} {right}"))
    return judged[0][1] if judged and all(later for later, _ in judged) else ""


def _name_words(text: str) -> set[str]:
    """The first four letters of each word of a name or sentence: `log_watering`, `scheduleWalk`, "log a watering"."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return {word.lower()[:4] for word in re.findall(r"[A-Za-z]{3,}", spaced)} - {"user", "can", "the", "with", "from"}
_FRAME = re.compile(r",?\s+(?:after|within|in|by|over)\s+(?:the\s+first\s+)?\d+\s+(?:days?|weeks?|months?|years?)\s*$",
                    re.IGNORECASE)
# a frame the code counts: a time delta, or a name saying when (`REVIEW_AFTER`, `MEASURE_AFTER_DAYS`, `WINDOW`)
_DURATIONS = re.compile(r"timedelta\(|relativedelta\(|\b\w*(?:AFTER|WITHIN|WINDOW|PERIOD|DEADLINE|REVIEW|MEASURE|JUDGE)\w*\b",
                        re.IGNORECASE)
_MONTHS = re.compile(r"\b(\d+)\s+months?\b", re.IGNORECASE)


# round 17: the PM's "Import from X: Bring over what they already keep today" says in its title what it asks (an
# import from X) and in its sentence that what is brought over is kept: the title, saved
_BRING_OVER = re.compile(r"^(import\s+from\s+[^:]{2,40}?)\s*:\s*bring\s+over\s+what\s+(?:they|you|we)\s+(?:already\s+)?"
                         r"(?:keep|have|use)(?:\s+today)?\s*\.?$", re.IGNORECASE)


# round 26: the PM names who does it ("Customers can order a tree online … and see the result saved", "The driver can
# reserve a seat from the app …"); said in its frame, who does it is the user, as "A user can" is, and names no code
_WHO_CAN = re.compile(r"^(?:(?:the|a|an|each|every|all)\s+)?(?!(?:app|system|site|website|page|server|api|tool|bot|"
                      r"it|this|that|nobody|no one|user)\b)[A-Za-z][\w'-]*(?:\s+(?:or|and|&)\s+(?:their\s+|the\s+)?"
                      r"[A-Za-z][\w'-]*)?\s+can\s+(?!be\b|not\b|only\b)(?=[a-z])", re.IGNORECASE)


def frame_removed(criterion: str) -> tuple[str, bool]:
    """The criterion without its frame, and whether it asks that the result is saved."""
    text = _PROVENANCE.sub("", criterion.strip())
    text = _CORE_FLOW.sub(r"\1", text)
    text = _METRIC.sub("", text)
    if _SAVED.search(text) or _WHERE.search(text):
        text = _WHO_CAN.sub("A user can ", text, count=1)
    saved = bool(_SAVED.search(text))
    if saved:
        text = _SAVED.sub("", text)
        if not re.match(r"(?i)a user can\b", text):
            text = f"A user can {text[:1].lower()}{text[1:]}"
    text = _WHERE.sub("", text)
    text = _RATIONALE.sub("", text)
    text = _ACTOR.sub(r"\1", text)
    return text.strip(), saved


# round 17: a module's own constant list or dict (`ADVANCES.append(entry)`, `SPOTS[day] = spot`) holds the value only
# while the process runs; the next start forgets it, so it keeps no result (it still writes, before a refusal)
_MODULE_MEMORY = re.compile(r"^\s*[A-Z][A-Z0-9_]{2,}(?:\[[^\]]*\])+\s*=(?!=)|\b[A-Z][A-Z0-9_]{2,}\.(?:append|add|push|set|insert)\(")


def keeps_result(code: str) -> bool:
    """Whether the code keeps what it did: a write to a database, a file, a store, or the object's own state."""
    return any(_PERSIST.search(_MODULE_MEMORY.sub(" ", line)) for line in code.splitlines()
               if not line.lstrip().startswith(("#", "//")))


def _condition(line: str) -> tuple[str, str] | None:
    """A guard line's condition and what follows it on the line: `if not x:`, `if (!x) {`, `if (x) throw …`."""
    match = _GUARD.match(line)
    if not match:
        return None
    rest = match.group(1).strip()
    if rest.startswith("("):
        depth = 0
        for index, char in enumerate(rest):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0:
                return rest[1:index], rest[index + 1:].strip(" {")
        return None
    if ":" in rest:
        head, _, tail = rest.rpartition(":")
        return head, tail
    return rest.removesuffix("then").strip(), ""


def _guard_body(lines: list[str], index: int) -> str:
    """The condition line's own rest and the lines of its branch (deeper than the condition)."""
    parsed = _condition(lines[index])
    body = [parsed[1] if parsed else ""]
    depth = len(lines[index]) - len(lines[index].lstrip())
    for line in lines[index + 1:]:
        if not line.strip():
            continue
        if len(line) - len(line.lstrip()) <= depth and not line.strip().startswith((")", "}")):
            break
        body.append(line)
        if len(body) > 6:
            break
    return "\n".join(body)


def refusing_guards(code: str, any_test: bool = False) -> list[tuple[int, str, str]]:
    """(line index, condition, branch) for each guard of the code that tests input (or anything, `any_test`) and
    refuses with words."""
    lines = code.splitlines()
    found = []
    for index, line in enumerate(lines):
        parsed = _condition(line)
        if not parsed or not (any_test or _TESTS_INPUT.search(parsed[0])):
            continue
        body = _guard_body(lines, index)
        if _REFUSES.search(body):
            found.append((index, parsed[0], body))
    return found


def turned_round(condition: str, body: str, params: frozenset[str] = frozenset()) -> bool:
    """A refusal inside its own range (`0 <= n <= MAX`) or on the side its message denies."""
    for part in re.split(r"\bor\b|\|\||\band\b|&&", condition):
        if _CHAINED.search(part) and not re.search(r"\bnot\b|!", part):
            return True
    message = " ".join(re.findall(r"[\"'`]([^\"'`\n]+)[\"'`]", body))
    parts = [part.strip(" ()") for part in re.split(r"\bor\b|\|\|", condition)]
    # "Enter the hive name" refused where the name is there: `if hive:`, `if (walk.dog)`, `if len(name) > 0:`,
    # `if name != ""`, `if name is not None`, `if (name.length > 0)`, `if !name.isEmpty()`
    # Any one side of an `or` that is true when the value is there fires the refusal on valid input.
    for part in parts if _SAYS_MISSING.search(message) else ():
        present = _PRESENT.fullmatch(part)
        if present and re.split(r"\W", next(g for g in present.groups() if g))[0] in params:
            return True
    one = _ONE_COMPARISON.match(condition) if len(parts) == 1 else None
    if not one or re.fullmatch(r"\d+(?:\.\d+)?", one.group(1)):
        return False
    below = one.group(2).startswith("<")
    return (below and bool(_SAYS_AT_MOST.search(message)) and not _SAYS_AT_LEAST.search(message)) or (
        not below and bool(_SAYS_AT_LEAST.search(message)) and not _SAYS_AT_MOST.search(message))


def _derived(lines: Sequence[str], params: frozenset[str]) -> frozenset[str]:
    """Locals made straight from a parameter (`name = habit.strip()`, `const email = input.trim()`): what a guard
    tests of the input. A list of errors the code builds (`errors = []`, `problems = validate(form)`) is not one,
    nor what the input lacks, picked out of it (`_lacks`): it holds something exactly when the input lacks it. What
    a presence test picks out (`missing = [f for f in FIELDS if form.get(f)]`) is the input's own, whatever its name."""
    found = set()
    for line in lines:
        made = re.match(r"\s*(?:(?:const|let|var|val)\s+)?([A-Za-z_]\w*)\s*(?::\s*[\w\[\]|. ]+)?=(?!=)\s*(.+)$", line)
        if not made or not set(re.findall(r"[A-Za-z_]\w*", made.group(2))) & params:
            continue
        if (_PICKED_OUT.search(made.group(2)) and _NEGATED_TEST.search(made.group(2))) or (
                _NAMES_A_LACK.search(made.group(1)) and not _PICKED_OUT.search(made.group(2))):
            continue
        found.add(made.group(1))
    return frozenset(found)


def _lacks(lines: Sequence[str], params: frozenset[str]) -> frozenset[str]:
    """Locals that pick out of the input what it lacks: a comprehension or a filter whose test is a negation
    (`missing = [f for f in FIELDS if not form.get(f)]`, `const empty = fields.filter(f => !body[f])`)."""
    found = set()
    for line in lines:
        made = re.match(r"\s*(?:(?:const|let|var|val)\s+)?([A-Za-z_]\w*)\s*(?::\s*[\w\[\]|. ]+)?=(?!=)\s*(.+)$", line)
        if (made and set(re.findall(r"[A-Za-z_]\w*", made.group(2))) & params and _PICKED_OUT.search(made.group(2))
                and _NEGATED_TEST.search(made.group(2))):
            found.add(made.group(1))
    return frozenset(found)


def _tests_a_lack(condition: str, lacks: frozenset[str]) -> bool:
    """`if missing:`, `if (missing.length)`, `if len(missing) > 0`: the condition asks whether anything is lacking."""
    match = re.fullmatch(r"\s*(?:len\(\s*)?([A-Za-z_]\w*)(?:\s*\))?(?:\.(?:length|size)(?:\(\))?)?(?:\s*(?:>|!==?)\s*0)?\s*",
                         condition)
    return match is not None and match.group(1) in lacks


_NEGATED_TEST = re.compile(r"\bif\s+not\b|=>\s*!|\bif\s*\(\s*!|(?:==|===)\s*(?:\"\"|''|None|null|undefined)|\bis\s+None\b")
# A comprehension or a filter over the input picks some of it out (`[f for f in form if …]`, `.filter(`, `filter(`).
_PICKED_OUT = re.compile(r"\bfor\b.+\bin\b|\.filter\s*\(|\bfilter\s*\(|\.where\s*\(|\.select\s*\(")
# A local named for what is missing or wrong (`missing`, `empty_fields`, `problems`, `invalid`).
_NAMES_A_LACK = re.compile(r"(?i)missing|absent|empty|blank|error|problem|invalid|wrong|fault|issue|lacking|unset")


def _line_of(unit: Any, text: str, added: Mapping[str, Sequence[tuple[int, str]]]) -> int:
    """The number of the change's line of the unit that reads `text`, else the unit's first line."""
    for number, line in added.get(unit.path, []):
        if unit.start <= number <= unit.end and line.strip() == text.strip():
            return number
    return unit.start


def refusal_location(criterion: str, units: Sequence[Any],
                     added: Mapping[str, Sequence[tuple[int, str]]]) -> tuple[str | None, str] | None:
    """Where the change refuses invalid or empty input as the criterion asks; None when it is no such criterion."""
    shape = _REFUSAL_CRITERION.match(criterion.strip())
    if not shape:
        return None
    nothing_saved = bool(_NOTHING_SAVED.search(shape.group("rest")))
    closest = "no guard of the change refuses its input with a message"
    for unit in units:
        if not _own(unit):
            continue
        lines = unit.code_text.splitlines()
        params = frozenset(re.findall(r"\b([A-Za-z_]\w*)\s*[:,)=?]", lines[0].split("(", 1)[-1])) if lines else frozenset()
        lacks = _lacks(lines[1:], params)
        # `if missing:` where `missing` lists what the input lacks tests the input as much as `if not name:` does.
        guards = sorted({*refusing_guards(unit.code_text),
                         *(g for g in refusing_guards(unit.code_text, any_test=True) if _tests_a_lack(g[1], lacks))})
        if not guards:
            continue
        params = params | _derived(lines[1:], params)
        wrong = next((g for g in refusing_guards(unit.code_text, any_test=True) if turned_round(g[1], g[2], params)),
                     None)
        if wrong:
            closest = f"{unit.path}:{unit.start} ({unit.name}) refuses on the valid side: `{wrong[1].strip()}`"
            continue
        if nothing_saved and (keeps_result("\n".join(lines[:guards[0][0]]))
                              or any(commits_each_pass(lines, index) for index, _, _ in guards)):
            closest = f"{unit.path}:{unit.start} ({unit.name}) saves before it refuses the input"
            continue
        if nothing_saved and (unguarded := _saves_unguarded(units)):
            closest = f"{unguarded.path}:{unguarded.start} ({unguarded.name}) saves with no refusal before it"
            continue
        line = _line_of(unit, lines[guards[0][0]], added)
        return f"{unit.path}:{line}", f"refuses invalid input with a message in {unit.name}"
    return None, closest


_LOOP = re.compile(r"^\s*(?:for\b|while\b|foreach\b)|\.forEach\(|\.each\s+do\b")
_COMMITS = re.compile(r"\.commit\(\)|\.save\(|\.objects\.create\w*\(|\bCOMMIT\b")


def commits_each_pass(lines: Sequence[str], index: int) -> bool:
    """Whether the guard at `index` refuses inside a loop that commits what it writes on each pass (round 18): the
    rows before the bad one are saved before it is refused (`for r in rows: if bad: raise …; insert; commit`)."""
    indent = len(lines[index]) - len(lines[index].lstrip())
    for head in range(index - 1, -1, -1):
        text = lines[head]
        if not text.strip() or len(text) - len(text.lstrip()) >= indent:
            continue
        if not _LOOP.search(text):
            return False
        outer = len(text) - len(text.lstrip())
        body = []
        for line in lines[head + 1:]:
            if line.strip() and len(line) - len(line.lstrip()) <= outer:
                break
            body.append(line)
        return any(_COMMITS.search(line) and not line.lstrip().startswith(("#", "//")) for line in body)
    return False


def _half_kept(location: str, units: Sequence[Any]) -> str:
    """Why the unit at `location` keeps only part of its result, or "" (round 19): it refuses a bad row inside a loop
    that commits each row it writes, so the rows before the bad one stay saved and the rest are lost (an import that
    stops half-way through the notebook it was to bring over)."""
    path, line = location.rsplit(":", 1)
    for unit in units:
        if unit.path != path or not unit.start <= int(line) <= unit.end:
            continue
        lines = unit.code_text.splitlines()
        if any(commits_each_pass(lines, index) for index, _, _ in refusing_guards(unit.code_text, any_test=True)):
            return f"{location} commits each row as it goes and refuses a later one: the rows before it stay saved"
    return ""


def _kept_as_null(location: str, units: Sequence[Any]) -> str:
    """Why the unit at `location` saves NULL for a value it takes (dropped_values.stores_null_for_taken), or ""."""
    from pmtui.delivery.gates.dropped_values import stores_null_for_taken

    path, line = location.rsplit(":", 1)
    return next((f"{location} {why}" for unit in units if unit.path == path and unit.start <= int(line) <= unit.end
                 and (why := stores_null_for_taken(unit.code_text))), "")


_WITH = re.compile(r"\bwith\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+|some\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.IGNORECASE)
_WRITES = re.compile(r"\b(?:INSERT|UPDATE)\b|\.(?:save|create|run|add|put|set|write_text|dump|insert_one|insertOne)\(",
                     re.IGNORECASE)


def _kept_without(core: str, location: str, units: Sequence[Any]) -> str:
    """Why the unit at `location` saves the thing without what the criterion says it comes with, or "" (round 19): "a
    job with photos … saved" whose writes store the job's address and description and no photo (the upload checked,
    counted in the answer, and left in a temporary folder). One write naming it is enough."""
    told = _WITH.search(core)
    if not told:
        return ""
    from pmtui.delivery.gates.vocabulary import code_concepts, read_criterion

    wanted = [c for c in read_criterion(told.group(1)).concepts if c.strong and c.kind == "word"]
    path, line = location.rsplit(":", 1)
    for unit in units:
        if not wanted or unit.path != path or not unit.start <= int(line) <= unit.end:
            continue
        lines = unit.code_text.splitlines()
        writes = [text for text in lines if _WRITES.search(text)]
        # what the writes store, traced back: `record = Inspection(hive, mite_count)`, `rows.append(asdict(record))`,
        # `path.write_text(json.dumps(rows))`
        for _ in range(3):
            used = set(re.findall(r"[A-Za-z_$][\w$]*", "\n".join(writes)))
            writes += [text for text in lines if text not in writes
                       and (fed := re.match(r"\s*(?:const\s+|let\s+|var\s+)?([A-Za-z_$][\w$]*)\s*(?:=[^=]|\.\w+\()", text))
                       and fed.group(1) in used]
        if writes and not any(c.alternatives & code_concepts("\n".join(writes)) for c in wanted):
            return f"{location} saves it without the {wanted[0].label}: no write of it names them"
    return ""


def _own_text(unit: Any) -> str:
    """The unit's own lines: its code text runs on with what it calls and what exercises it, each from column 0."""
    lines = unit.code_text.splitlines()
    own = lines[:1]
    for line in lines[1:]:
        if line and not line[0].isspace() and not line.startswith(("}", ")", "]")):
            break
        own.append(line)
    return "\n".join(own)


def _saves_unguarded(units: Sequence[Any]) -> Any | None:
    """A unit of the change that saves before any refusal of its own or of what it calls first (`mark` saving a
    register with only a silent `return` in front), None when every save is behind one."""
    guarded = {u.name for u in units if _own(u) and refusing_guards(u.code_text)}
    for unit in units:
        if not _leaf(unit, units):
            continue
        own = _own_text(unit).splitlines()
        for index, line in enumerate(own):
            if _PERSIST.search(line) and not line.lstrip().startswith(("#", "//")):
                before = "\n".join(own[:index])
                if not refusing_guards(before) and not any(re.search(rf"\b{re.escape(name)}\(", before)
                                                           for name in guarded if name != unit.name):
                    return unit
                break
    return None


def months_as_days(criterion: str, code: str) -> str:
    """'after 2 months' as 'after 60 days' when the code counts the frame in days (60, 61 or 62)."""
    def days(match: re.Match[str]) -> str:
        months = int(match.group(1))
        for value in (months * 30, months * 30 + 1, months * 30 + 2, months * 31):
            if re.search(rf"(?<![\w.]){value}(?![\w.])", code) and re.search(r"(?i)days?\b", code):
                return f"{value} days"
        return match.group(0)
    return _MONTHS.sub(days, criterion)


# round 18: "… so their data is theirs": a change whose routes take whose record to show from the request must read
# who is signed in: the session, the request's user, a login guard, an auth dependency or header, a token checked (a
# session written at sign-up and never read ties nothing); an account module with no routes is judged as before
_THEIRS = re.compile(r"\bso (?:that )?(?:their|his|her|your|my) (?:data|\w+) (?:is|are|stays?) (?:theirs|his|hers|yours|"
                     r"mine|private)\b", re.IGNORECASE)
_SIGNED_IN = re.compile(
    r"\bsession\.get\(|(?<![\w.])session\[[^\]]+\](?!\s*=[^=])|\bcurrent_user\b|\bcurrentUser\b|\brequest\.user\b|"
    r"\breq\.user\b|\breq\.session\.\w+(?!\s*=[^=])|\blogin_required\b|\bLoginRequired|\bDepends\(|\bget_jwt_identity\(|"
    r"\bg\.user\b|\b[Aa]uthorization\b|\bauth\.uid\b|\bgetServerSession\(|\bjwt\.(?:verify|decode)\(|\bverify_token\(|"
    r"\bauthenticate\(|\bcheck_password\w*\(|\bbcrypt\.compare\(|\bverify_password\(")


# a route that takes whose record to show from the request itself: the query string or the path's id
_ASKED_WHOSE = re.compile(r"\brequest\.(?:args|GET|query_params)\b|\breq\.(?:query|params)\b|\bsearchParams\.get\("
                          # round 19: a FastAPI route's plain typed id parameter is read from the query string or path
                          r"|@\w+\.(?:get|post|put|patch|delete)\([^)]*\)\s*\n\s*(?:async\s+)?def\s+\w+\([^)]*?\b\w*_?id\s*:\s*(?:int|str)\s*[,)]")


def shaped_location(
    criterion: str, units: Sequence[Any], written: str, added: Mapping[str, Sequence[tuple[int, str]]],
    locate: Callable[[str, Sequence[Any]], tuple[str | None, str]],
) -> tuple[str | None, str] | None:
    """The location for a criterion of a plan's shapes, (None, why) when it is not met, None when the criterion has
    no such shape (the matcher then reads it as written)."""
    refused = refusal_location(criterion, units, added)
    if refused is not None:
        return refused
    if (_THEIRS.search(criterion) and any(_ASKED_WHOSE.search(u.code_text) for u in units if _own(u))
            and not any(_SIGNED_IN.search(u.code_text) for u in units if _own(u))):
        return None, "its routes take whose data to show from the request, and nothing reads who is signed in"
    # round 22: the PM's template sentences, judged for what code shows
    from pmtui.delivery.gates.templates import template_location

    if (judged := template_location(criterion, units, added)) is not None:
        return judged
    core, saved = frame_removed(criterion)
    if brought := _BRING_OVER.match(core):
        core, saved = frame_removed(f"{brought.group(1)} works from start to finish and its result is saved")
    core = months_as_days(core, written)
    if _METRIC.match(criterion.strip()):
        core = re.sub(r"(?i)^success (?:means|is|=)\s+", "", core)
        if not _DURATIONS.search(written):
            # when the founder judges the metric ("after 2 months") is no duration the code counts: it counts none
            core = _FRAME.sub("", core)
    if core == criterion.strip() and not saved:
        return None
    named = _name_words(core)
    keeping = [u for u in units if _leaf(u, units) and keeps_result(u.code_text) and _name_words(u.name) & named]
    creates = _CREATES.search(core)
    if not saved and not creates:
        location, note = locate(core, units)
        if location is not None and _LISTS.match(core):
            path = location.rsplit(":", 1)[0]
            body = "\n".join(line for u in units if u.path == path and _own(u)
                             for line in u.code_text.splitlines()[1:])
            if not _FILTERS.search(body):
                return None, f"{location} lists them, but nothing in it picks which"
            if _PAST.search(core) and (turned := _keeps_the_future(body)):
                return None, f"{location} lists them, but keeps the ones not yet due: `{turned}`"
        return location, note
    if saved:
        location, note = locate(core, keeping)
        if location is not None and (half := _half_kept(location, keeping) or _kept_without(core, location, keeping)
                                     or _kept_as_null(location, keeping) or uncommitted_at(location, units)):
            return None, half
        if location is not None:
            return location, f"{note}; the result is kept"
    # "create an account", "add a plant": the act of creating is the thing kept, its verb names no code; the unit
    # that does it (or one it calls) keeps the result
    first: tuple[str | None, str] | None = None
    for asked in dict.fromkeys([_CREATES.sub(r"\1", core) if creates else core, core]):
        location, note = locate(asked, units)
        verb = creates.group(2) if creates else (re.findall(r"(?i)\bcan\s+(\w+)", core) or [""])[0]
        if location is not None and _kept_there(location, units, verb, asked):
            if saved and (half := _half_kept(location, units) or _kept_without(core, location, units)
                          or _kept_as_null(location, units) or uncommitted_at(location, units)):
                return None, half
            return location, f"{note}; the result is kept"
        if first is None or (first[0] is None and location is not None):
            first = (location, note)
    location, note = first or (None, "")
    if location is not None:
        return None, f"{location} does it, but nothing there keeps the result"
    return None, note
