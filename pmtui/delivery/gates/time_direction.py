"""Which way a time difference runs, in a criterion and in the code (round 7).

"Free of charge up to 48 hours before it starts" asks how long remains until the start: `starts_at - now`;
`now - starts_at` is how long ago it started, negative before it, so the same comparison with 48 hours lets the
free cancellation apply only two days after the lesson. "Ewes not weighed in the last 60 days" asks for those
whose time since the weighing is above 60 days: `today - last_weighed > 60 days`; `< 60 days` lists the ones
weighed recently, the opposite. Code whose every difference between now and a stored time runs the other way,
or is compared on the other side, does something near the criterion, not the criterion.
"""

from __future__ import annotations

import re

# "48 hours before it starts", "3 days before the meeting", "one day before the journey date"
_BEFORE_EVENT = re.compile(r"\b(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|ten|twelve)\s+"
                           r"(?:min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|months?)\s+before\s+"
                           r"(?:it|they|the|its|their|his|her|each|a|an)\b", re.IGNORECASE)
# "not weighed in the last 60 days", "have not logged in for 30 days", "hives not inspected in the last 14 days"
_NOT_IN_LAST = re.compile(r"\b(?:not|never|n't)\s+(?:been\s+|yet\s+)?\w+(?:\s+\w+)?\s+(?:in|during|within|for)\s+"
                          r"(?:the\s+)?(?:last|past|previous)?\s*\d+\s+(?:min(?:ute)?s?|hours?|days?|weeks?|months?)\b",
                          re.IGNORECASE)
# a value that is the present moment in code
_NOW = r"(?:\bnow\b|\btoday\b|\bcurrent_(?:date|timestamp|time)\b|\btime\.time\(\)|\bDate\.now\(\)|\bnow\(\)|\butcnow\(\))"
_OPERAND = r"[\w.$]+(?:\(\))?(?:\.\w+\(\))?"
_DIFFERENCE = re.compile(rf"\(?\s*(?P<a>{_OPERAND})\s+-\s+(?P<b>{_OPERAND})\s*\)?(?:\.\w+(?:\(\))?)*")
_COMPARE = re.compile(r"\s*(<=|>=|<|>|==)\s*")
_DURATION = re.compile(r"timedelta|Duration|duration|\b\d+\s*\*|days|hours|minutes|seconds|weeks|_MS\b|_DAYS\b|"
                       r"INTERVAL|interval", re.IGNORECASE)
_MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "=="}
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`")


def _is_now(operand: str) -> bool:
    return bool(re.search(_NOW, operand, re.IGNORECASE))


def time_differences(code: str) -> list[tuple[str, str]]:
    """("since" | "until", operator) of each comparison of a difference between now and a stored time, written as
    `difference OP other`: `today - e.last_weighed < X` is ("since", "<"), `X <= starts_at - now` ("until", ">=")."""
    found: list[tuple[str, str]] = []
    for line in code.splitlines():
        bare = _STRING.sub('""', line)
        for match in _DIFFERENCE.finditer(bare):
            a, b = match.group("a"), match.group("b")
            if _is_now(a) == _is_now(b) or _DURATION.search(b if _is_now(a) else a):
                continue  # no present moment, or `now - timedelta(days=60)`: a cutoff, not how long since
            direction = "since" if _is_now(a) else "until"
            after = _COMPARE.match(bare, match.end())
            before = re.search(r"(<=|>=|<|>|==)\s*$", bare[:match.start()])
            if after:
                found.append((direction, after.group(1)))
            elif before:
                found.append((direction, _MIRROR[before.group(1)]))
    return found


# "more old than" (non-native English) is "older than": the adjective's own comparative
_MORE_ADJECTIVE = re.compile(r"\bmore\s+(old|new|young|big|small|long|short|high|low|cheap|late|early|fast|slow|large|"
                             r"few)\s+(?=than\b)", re.IGNORECASE)
_COMPARATIVE = {"big": "bigger", "few": "fewer", "large": "larger", "late": "later"}


def plain_comparatives(text: str) -> str:
    """The text with "more old than" read as "older than"."""
    return _MORE_ADJECTIVE.sub(lambda m: _COMPARATIVE.get(m.group(1).lower(), m.group(1).lower() + "er") + " ", text)


_OLDER_THAN = re.compile(r"\bolder\s+than\s+(?:\d+|one|two|three|a)\b|"
                         # "old notifications are deleted after 90 days": what has aged past the period goes (round 8)
                         r"\b(?:deleted|removed|purged|archived|dropped|cleaned\s+up|expired)\s+after\s+(?:\d+|one|two|"
                         r"three|a)\s+(?:days?|weeks?|months?|years?|hours?)\b", re.IGNORECASE)
# a moment some time before now: `(Get-Date).AddDays(-30)`, `now - timedelta(days=30)`, `Date.now() - MAX_AGE`
_CUTOFF = re.compile(rf"(?:{_NOW}|Get-Date\)?|DateTime\.(?:Now|UtcNow|Today))[\w.()]*?"
                     r"(?:\.Add\w*\(\s*-|\.minus\w*\(|\s+-\s+(?=[\w.]*(?:timedelta|Duration|INTERVAL|interval|days|hours|"
                     r"minutes|weeks|\d)|(?-i:[A-Z][A-Z0-9_]+\b)))", re.IGNORECASE)
_VARIABLE_CUTOFF = re.compile(r"^\s*(?:\$|const\s+|let\s+|var\s+|my\s+\$)?([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*(.+)$")
_SIDE = re.compile(r"(<=|>=|<|>|-lt|-le|-gt|-ge|__lt=|__lte=|__gt=|__gte=)")


def cutoff_sides(code: str) -> list[str]:
    """"older" or "newer" for each comparison of a time with a cutoff some time before now: `$_.LastWriteTime -lt
    $limit` where `$limit = (Get-Date).AddDays(-30)` keeps what is older."""
    bare = "\n".join(_STRING.sub('""', line) for line in code.splitlines())
    names = {m.group(1) for line in bare.splitlines() if (m := _VARIABLE_CUTOFF.match(line)) and _CUTOFF.search(m.group(2))}
    sides: list[str] = []
    for line in bare.splitlines():
        if _VARIABLE_CUTOFF.match(line) and any(line.lstrip().lstrip("$").startswith(n) for n in names):
            continue
        for match in _SIDE.finditer(line):
            left, right = line[:match.start()], line[match.end():]
            op = match.group(1).strip("_=").replace("-", "")
            smaller = op in ("<", "<=", "lt", "le", "lte")
            on_right = _CUTOFF.search(right[:60]) or any(re.match(rf"\s*\$?{re.escape(n)}\b", right) for n in names)
            on_left = _CUTOFF.search(left[-60:]) or any(re.search(rf"\$?\b{re.escape(n)}\s*$", left) for n in names)
            if on_right and not on_left:
                sides.append("older" if smaller else "newer")
            elif on_left and not on_right:
                sides.append("newer" if smaller else "older")
    return sides


def wrong_time_direction(criterion: str, code: str) -> str:
    """Why the code measures the criterion's time the other way round, or ""."""
    criterion = plain_comparatives(criterion)
    if _OLDER_THAN.search(criterion) and (sides := cutoff_sides(code)) and "older" not in sides:
        return "it keeps what is newer than the cutoff, where the criterion asks for what is older"
    differences = time_differences(code)
    if not differences:
        return ""
    if _BEFORE_EVENT.search(criterion) and all(direction == "since" for direction, _ in differences):
        return "it measures the time since the event (now minus it), where the criterion counts the time left before it"
    if _NOT_IN_LAST.search(criterion):
        since = [op for direction, op in differences if direction == "since"]
        if since and all(op in ("<", "<=") for op in since):
            return "it keeps what happened within the period, where the criterion asks for what did not"
    return ""
