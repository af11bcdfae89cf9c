"""What the criterion names that the change takes and drops, or never reads at all (round 17).

- A function that takes the criterion's value and never reads it drops it: `def place(self, customer, lines,
  collect_at)` that stores no collection time has no "pickup time"; `def next_mow(last_mowed, interval_days)` that
  adds seven days whatever the interval mows no lawn "every 14 days". inert_values judges a word named by a
  parameter by its own stems; a parameter named by the word's synonym (`collect_at` for "pickup", `carer_id` for a
  sitter) is the same value dropped.
- "today", "today's", "for the day": what is shown for today needs today's date, read from a clock (`date.today()`,
  `datetime.now()`, `Date.now()`, `time.Now()`, SQL's `date('now')`/`CURRENT_DATE`) or passed in as a day; code that
  reads no date shows whatever it last had (the newest row entered), not today's.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.criterion_classes import explicit_durations
from pmtui.delivery.gates.echoes import echoed_only
from pmtui.delivery.gates.inert_values import _DEF, _param_name, _reads, live_text
from pmtui.delivery.gates.vocabulary import code_concepts, read_criterion


def _functions(code: str) -> list[tuple[list[str], str]]:
    """Each function of the code: its parameters and its body (the lines indented under its signature)."""
    lines = code.splitlines()
    found: list[tuple[list[str], str]] = []
    for index, line in enumerate(lines):
        defined = _DEF.match(line)
        if not defined:
            continue
        indent = len(line) - len(line.lstrip())
        body = [line[defined.end():]]  # what follows the parameters: a guard (`when order.count + n > 4`) reads them
        for later in lines[index + 1:]:
            if later.strip() and len(later) - len(later.lstrip()) <= indent and not later.lstrip().startswith((")", "]")):
                break
            body.append(later)
        # `_booking`: a parameter its author marks as unused on purpose (a clause that matches any booking)
        params = [name for part in defined.group(2).split(",") if (name := _param_name(part)) and not name.startswith("_")]
        found.append((params, "\n".join(body)))
    return found


def takes_and_drops(criterion: str, file_code: str) -> str:
    """Why a function of the file takes a value named for a word of the criterion and never reads it, or ""."""
    reading = read_criterion(criterion).concepts
    concepts = [c for c in reading if c.strong and not c.subject and c.kind in ("word", "phrase", "term")]
    durations = [c for c in reading if c.kind == "quantity"]
    if not concepts and not durations:
        return ""
    for params, body in _functions(file_code):
        live = code_concepts(live_text(body))
        for name in params:
            # round 18: a value only echoed back under its own name (`"week": week.isoformat()`) is not read
            echoed = echoed_only(name, body)
            if _reads(name, body) and not echoed:
                continue
            seen = code_concepts(live_text(echoed)) if echoed else live
            named = code_concepts(name)
            for concept in concepts:
                if concept.alternatives & named and not concept.alternatives & seen:
                    return f"it takes {name} and never reads it: the {concept.label} is dropped"
            # "every 7 or 14 days": `interval_days` taken and a fixed `timedelta(days=7)` used in its place
            for duration in durations:
                if duration.alternatives & named and explicit_durations(body):
                    return f"it takes {name} and never reads it, using a fixed duration instead of the {duration.label}"
        if why := computes_and_drops(concepts, body, file_code):
            return why
    return ""


# `deadline = thursday_deadline(sunday).isoformat()`, `const cutoff = addDays(today, 14);`
# (an assignment statement, spaced as one: not a keyword argument `to=job.email,` nor a JSX attribute `type="checkbox"`)
_LOCAL = re.compile(r"^\s*(?:const\s+|let\s+|var\s+)?([a-z_][A-Za-z0-9_]*)\s*(?::\s*[\w\[\], .|]+)?\s(?<![=!<>])=(?!=)\s+(.+?)\s*;?\s*$")


def computes_and_drops(concepts: list, body: str, file_code: str) -> str:
    """Why a function computes a value from a word of the criterion into a local and never reads it, or "" (round 19).

    `deadline = thursday_deadline(sunday).isoformat()` in a function whose query then counts every allocation, on
    time or not, names "Thursday" and decides nothing by it: the criterion's word is only in the dropped value. The
    word must be nowhere else in the function's live code (a second use shows it), and the name the function's own (a
    field of its object, `errorMessage = nil` under `@Published var errorMessage`, is read by whoever shows it)."""
    lines = body.splitlines()
    outside = file_code.replace(body, "")
    for index, line in enumerate(lines):
        local = _LOCAL.match(line)
        if not local or line.rstrip().endswith((",", "(")) or _reads(local.group(1), "\n".join(lines[index + 1:])) \
                or re.search(rf"(?<![\w$.]){re.escape(local.group(1))}(?![\w$])", outside):
            continue
        named = code_concepts(f"{local.group(1)} {local.group(2)}")
        rest = code_concepts(live_text("\n".join(lines[:index] + lines[index + 1:])))
        for concept in concepts:
            if concept.alternatives & named and not concept.alternatives & rest:
                return f"it computes {local.group(1)} from the {concept.label} and never reads it"
    return ""


_TODAY = re.compile(r"\btoday(?:'s|s)?\b|\bfor the day\b", re.IGNORECASE)
_CLOCK = re.compile(
    r"\b(?:date|datetime)\.today\(|\.now\(|\butcnow\(|\bnow\(\s*\)|\bDate\.now\(|\bnew\s+Date\(|\btime\.Now\(|"
    r"\bCURRENT_(?:DATE|TIMESTAMP)\b|\b(?:date|datetime|strftime)\(\s*['\"][^'\"]*['\"]\s*,?\s*['\"]?now|'now'|\"now\"|"
    r"\bLocalDate\.now|\bDateTime\.(?:Now|Today|UtcNow)\b|\btoday\b|\bToday\b|\bday\b|\bon_date\b|\bdate\b",
    re.IGNORECASE)


def never_reads_today(criterion: str, file_code: str) -> str:
    """Why the change cannot show today's anything: no line of its file reads a clock or takes a day, or ""."""
    if not _TODAY.search(criterion) or _CLOCK.search(file_code):
        return ""
    return "it reads no date: what it shows is whatever it last had, not today's"


_INSERT = re.compile(r"\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+[\w.\"`]+\s*\(([^)]*)\)\s*VALUES\s*\(([^)]*)\)", re.IGNORECASE)
_NULL = frozenset({"None", "null", "NULL", "nil", "undefined"})


def _balanced(text: str, start: int) -> str:
    """The text inside the bracket that opens at `start`, up to its matching close."""
    depth = 0
    for index in range(start, len(text)):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return text[start + 1:index]
    return text[start + 1:]


def _top_level(text: str) -> list[str]:
    """The comma-separated items of an argument list, nested brackets kept whole."""
    items, depth, current = [], 0, ""
    for char in text:
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(char, 0)
        if char == "," and depth == 0:
            items.append(current.strip())
            current = ""
        else:
            current += char
    return [*items, current.strip()] if current.strip() else items


def stores_null_for_taken(code: str) -> str:
    """Why a function of the code takes a value and saves NULL in its column, or "" (criteria round 20).

    `def take(self, kitchen, handed_over_by, description)` that runs `INSERT INTO blades (kitchen, handed_over_by,
    description) VALUES (?, ?, ?)` with `(kitchen, None, description)` keeps the row without the name it was given:
    the saved result has lost it, whatever the function returns to its caller. The same for a literal NULL in the
    VALUES, and for a keyword or key set to None in a write (`Blade.objects.create(handed_over_by=None)`)."""
    for params, body in _functions(code):
        taken = set(params)
        for insert in _INSERT.finditer(body):
            columns = [column.strip(" \"`") for column in insert.group(1).split(",")]
            slots = [slot.strip() for slot in insert.group(2).split(",")]
            values: list[str] = []
            rest = body[insert.end():]
            opening = re.match(r"""\s*['"]{1,3}\s*,\s*[(\[]""", rest)
            if opening:
                values = _top_level(_balanced(rest, opening.end() - 1))
            placeholders = iter(values)
            for column, slot in zip(columns, slots, strict=False):
                value = slot if slot.upper() == "NULL" else next(placeholders, "") if slot in ("?", "%s") or slot.startswith((":", "$", "@")) else slot
                if column in taken and value in _NULL:
                    return f"it takes {column} and saves NULL in its place: the {column.replace('_', ' ')} is lost"
        for write in re.finditer(r"\.(?:create|insert|insert_one|insertOne|add|save|update|put)\(", body):
            arguments = _balanced(body, write.end() - 1)
            for name in taken:
                if re.search(rf"""(?<![\w$]){re.escape(name)}['"]?\s*[=:]\s*(?:None|null|NULL|nil|undefined)\b""", arguments):
                    return f"it takes {name} and saves NULL in its place: the {name.replace('_', ' ')} is lost"
    return ""
