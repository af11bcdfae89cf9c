"""Classes of criterion wording that say one thing the code states another way (read_criterion uses them).

- a Given/When/Then scenario's Given clause sets the scene: its words help pick a location but only
  decide when the When/Then part says them too; an actor's UI gesture ("when I click") is no code;
- a query parameter (`?author=NAME`, `&cursor=`) is a name the code must read; its placeholder is no word;
- a quantity of data ("2 MB") is stated in bytes (`2 * 1024 * 1024`) or with its unit's name (`MAX_MB = 2`),
  never by the bare number alone;
- "at least one digit" asks for a presence check, not for the number 1 in the code;
- a negated adjective ("unfinished", "incomplete") is the code's word for its base read negated (`!t.done`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_GIVEN = re.compile(r"^\s*given\b(?P<given>.*?)(?:,\s*|\s+)(?=when\b|then\b)", re.IGNORECASE | re.DOTALL)
_GESTURE = re.compile(r"\bwhen\s+(?:i|we|you|they|the\s+user|a\s+user|users?|someone)\s+"
                      r"(click|clicks|clicked|tap|taps|tapped|press|presses|pressed|pick|picks|picked|choose|chooses|"
                      r"chose|select|selects|selected|hit|hits)\b", re.IGNORECASE)
_WORDS = re.compile(r"[A-Za-z]+")


# The actor of a scenario is no code either: "when the guest checks out", "once the driver accepts".
_ACTOR = re.compile(r"\b(?:when|once|after|if|before|until)\s+(?:the|a|an)\s+(user|guest|customer|member|visitor|player|"
                    r"driver|rider|passenger|buyer|seller|owner|patient|student|teacher|traveller|traveler|shopper|"
                    r"reader|viewer|listener|employee|admin|operator)\s+[a-z]+s\b", re.IGNORECASE)


# When a script runs is its scheduler's business (cron, a timer), not the script's: "the nightly backup script"
# (unless the criterion is about the schedule: "… runs every Monday at 09:00").
_SCHEDULED = re.compile(r"\b(nightly|daily|weekly|hourly|monthly)\s+(?:[a-z]+\s+){0,2}?(?:script|backup|cleanup|export|"
                        r"import|sync)s?\b(?!.*\b(?:every|at\s+\d|cron|schedul\w*)\b)", re.IGNORECASE)


# "logs … are deleted every night": a part of the day is when the job is scheduled, not what it does (a time of
# day, "every night at 02:00", is about the schedule and stays)
_EVERY_PART_OF_DAY = re.compile(r"\b(?:every|each)\s+(night|morning|evening)\b(?!\s+at\s+\d)", re.IGNORECASE)


# "released when nobody checks in within 30 minutes", "unhealthy when /health does not answer within 3 seconds": what
# does not happen is the event whose absence the deadline measures; the code may not name it, the deadline decides.
_NOBODY_WITHIN = re.compile(r"\b(nobody|no\s+one|no-one|(?:does|do|did)\s+not|doesn't|don't|fails?\s+to)\s+([a-z]+)\b"
                            r"(?:\s+(?:in|it|them|up|out|on|back))?[^.;]*?\bwithin\b", re.IGNORECASE)


_ANSWERS = frozenset(["answer", "answers", "respond", "responds", "reply", "replies", "return", "returns", "load", "loads",
                      "finish", "finishes", "complete", "completes", "succeed", "succeeds", "start", "starts", "boot"])


def awaits_answer(text: str) -> bool:
    """Whether the deadline is for an answer ("does not answer within 3 seconds"): a timeout, not any duration."""
    match = _NOBODY_WITHIN.search(text)
    return match is not None and not match.group(1).lower().startswith("no") and match.group(2).lower() in _ANSWERS


def nobody_within(text: str) -> str | None:
    """The verb of "nobody <verb>s … within <deadline>", None when the criterion says no such thing."""
    match = _NOBODY_WITHIN.search(text)
    return match.group(2).lower() if match else None


# "deleting an order only marks it as deleted and keeps the row", "soft-deletes": a flag or a timestamp is set, the row stays
_SOFT_DELETE = re.compile(r"\b(?:only\s+)?mark(?:s|ed|ing)?\s+(?:it|them|the\s+\w+)?\s*as\s+(?:deleted|removed)\b"
                          r"(?:\s*(?:,|and)\s*keeps?\s+(?:the\s+|its\s+)?(?:rows?|records?|data|entry|entries))?|"
                          r"\bsoft[- ]?delet\w*", re.IGNORECASE)


def soft_delete(text: str) -> tuple[bool, str]:
    """Whether the criterion asks for a soft delete, and its text without the phrase that says so."""
    return bool(_SOFT_DELETE.search(text)), _SOFT_DELETE.sub(" ", text)


def scene_words(text: str) -> set[str]:
    """Lower-case words that only set the scene: the Given clause's words the rest does not repeat, an
    actor's gesture ("when I pick the Active filter": pick) and the actor of a scenario ("when the guest checks out")."""
    found = {m.group(1).lower() for m in _GESTURE.finditer(text)} | {m.group(1).lower() for m in _ACTOR.finditer(text)}
    found |= {m.group(1).lower() for m in _SCHEDULED.finditer(text)}
    found |= {m.group(1).lower() for m in _EVERY_PART_OF_DAY.finditer(text)}
    found |= {word.lower() for m in _NOBODY_WITHIN.finditer(text) for word in (m.group(1).split()[0], m.group(2))}
    found |= {"not"} if _NOBODY_WITHIN.search(text) else set()
    given = _GIVEN.match(text)
    if given:
        scene = {w.lower() for w in _WORDS.findall(given.group("given"))}
        rest = {w.lower() for w in _WORDS.findall(text[given.end():])}
        found |= scene - rest
    return found


# `?author=NAME`, `?cursor=`, `&page=<n>`: a parameter name, and a value that is only a placeholder.
_PARAM = re.compile(r"(?:(?<=\S)|(?<=\s))[?&]([A-Za-z_][\w-]*)=(?:([A-Z][A-Z_]*|<[^>\s]*>|\{[^}\s]*\}|:\w+)(?![\w])|"
                    r"(?=[\s,.;)]|$))")


def query_params(text: str) -> tuple[list[str], str]:
    """The query parameters a criterion names whose value is a placeholder or left open, and the text
    without them (the name stays as a word)."""
    names = [m.group(1) for m in _PARAM.finditer(text)]
    return names, _PARAM.sub(lambda m: f" {m.group(1)} ", text)


def reads_param(code: str, name: str) -> bool:
    """Whether code reads a request parameter by its name: `args.get("author")`, `Query().Get("cursor")`,
    `req.query.cursor`, `params[:cursor]`, `$_GET['page']`."""
    escaped = re.escape(name)
    return bool(re.search(rf"""(['"`]){escaped}\1|\b(?:query|params|args|searchParams|GET|query_params)\s*"""
                          rf"""(?:\.\s*{escaped}\b|\[\s*:?{escaped}\b)""", code))


_SIZE_UNITS = {"kb": 1, "kib": 1, "mb": 2, "mib": 2, "gb": 3, "gib": 3, "tb": 4, "kilobytes": 1, "kilobyte": 1,
               "megabytes": 2, "megabyte": 2, "gigabytes": 3, "gigabyte": 3}
SIZE_UNIT_WORDS = frozenset(_SIZE_UNITS)


def size_forms(number: str, unit: str) -> tuple[frozenset[str], str]:
    """The byte counts code may state for "2 MB" (binary and decimal), and the unit's short name ("mb")."""
    power = _SIZE_UNITS[unit.lower()]
    value = float(number)
    forms = {value * 1024 ** power, value * 1000 ** power}
    short = {1: "kb", 2: "mb", 3: "gb", 4: "tb"}[power]
    return frozenset(str(int(f)) for f in forms if f == int(f)), short


def states_size(code: str, numbers: set[str], number: str, short: str) -> bool:
    """"2 MB" in code: its byte count, `2MB`/`2 * MB`/`2 << 20`, or the number assigned to a name of the unit."""
    if re.search(rf"(?<![\w.]){re.escape(number)}\s*(?:\*\s*)?{short}\b|(?<![\w.]){re.escape(number)}\s*{short[0]}\b",
                 code, re.IGNORECASE):
        return True
    if re.search(rf"\b\w*{short}\w*\s*[:=]\s*{re.escape(number)}(?![\w.])", code, re.IGNORECASE):
        return True
    shift = {"kb": 10, "mb": 20, "gb": 30, "tb": 40}[short]
    return bool(re.search(rf"(?<![\w.]){re.escape(number)}\s*<<\s*{shift}\b", code))


def at_least_one(text: str) -> str:
    """"at least 1 digit" is "at least one digit": a presence check, the number is not an anchor."""
    return re.sub(r"\b(at\s+least|min(?:imum)?\.?|minimum\s+of)\s+1\b(?!\s*[.,]\d)", r"\1 one", text,
                  flags=re.IGNORECASE)


_NEGATED_PREFIX = re.compile(r"^(un|in|non)(?=[a-z]{4,})")
# under-, inter-, intra-, intro-, infra- say where; uni- before f, t, v, q, s, c, o says one ("uniform", "unit")
_NOT_A_NEGATION = re.compile(r"^(?:under|inter|intra|intro|infra|uni[ftvqsco])")


def negated_base(word: str) -> str | None:
    """The base of a negated adjective ("unfinished" → "finished"), None for other words."""
    match = _NEGATED_PREFIX.match(word.lower())
    if match and _NOT_A_NEGATION.match(word.lower()):
        return None  # "understudy", "interval", "uniform": a prefix of place or number, not "not"
    if not match or word.lower() in {"under", "until", "unless", "union", "unique", "universal", "uninstall",
                                     "unlink", "unicode", "input", "index", "inside", "include", "interval", "instance",
                                     "insert", "install", "integer", "internal", "invite", "inline", "invoice",
                                     "inventory", "interest", "instead", "into", "inner", "intent"}:
        return None
    return word.lower()[len(match.group(1)):]


_NEGATED_READ = re.compile(r"(?:!\s*|\bnot\s+)([\w.$]+)|([\w.$]+)\s*(?:===?|\bis)\s*(false|False)\b|"
                           r"([\w.$]+)\s*!==?\s*(?:true|True)\b")


def negated_reads(code: str) -> set[str]:
    """The last part of every value code reads negated: `!t.done`, `not row.paid`, `done == false` → done, paid."""
    found: set[str] = set()
    for match in _NEGATED_READ.finditer(code):
        value = match.group(1) or match.group(2) or match.group(4)
        if value:
            found.add(re.split(r"[.$]", value)[-1])
    # the else of a test reads what the test read, negated: `if (p.collectedAt) …; else if (…) returnToSender(p)`
    condition = ""
    for line in code.splitlines():
        if re.match(r"\s*\}?\s*(?:else\b|elif\b|elsif\b)", line) and condition:
            found |= {re.split(r"[.$]", value)[-1] for value in re.findall(r"[A-Za-z_$][\w.$]*", condition)}
        test = re.match(r"\s*\}?\s*(?:else\s+if|elif|elsif|if)\b\s*(.*)", line)
        if test:
            condition = re.split(r"[{:]\s*$|\)\s*[^)]*$", test.group(1))[0]
        elif line.strip() and not re.match(r"\s*\}?\s*else\b", line) and not line.startswith((" ", "\t")):
            condition = ""
    return found


# "CI fails when shellcheck finds a problem": a CI step that runs the tool and lets its failure through.
_CI_FAILS = re.compile(r"\b(?:ci|build|pipeline|workflow|checks?)\s+(?:fails?|breaks?|goes\s+red|is\s+red)\s+(?:when|if)\s+"
                       r"([A-Za-z][\w-]*)\s+(?:finds?|reports?|flags?|detects?|sees?|has|raises?)\s+(?:an?\s+|any\s+)?"
                       r"(?:problems?|issues?|errors?|warnings?|findings?|violations?)\b", re.IGNORECASE)
# "`make lint` runs rubocop and fails when it reports offenses": the same, said of a make target or a script
_RUNS_AND_FAILS = re.compile(r"\bruns?\s+([A-Za-z][\w-]*)\s+and\s+(?:fails?|breaks?|exits?\s+non-?zero)\s+(?:when|if)\s+"
                             r"(?:it|that|\1)\s+(?:finds?|reports?|flags?|detects?|sees?|has|raises?)\s+(?:an?\s+|any\s+)?"
                             r"(?:problems?|issues?|errors?|warnings?|findings?|violations?|offen[cs]es?)\b", re.IGNORECASE)
_CI_PATH = re.compile(r"(?:^|/)(?:\.github/workflows/|\.gitlab-ci\.ya?ml$|\.circleci/|Jenkinsfile$|azure-pipelines|"
                      r"\.travis\.ya?ml$|bitbucket-pipelines|\.drone\.ya?ml$|\.woodpecker|(?:GNU)?[Mm]akefile$|[^/]+\.mk$)")
# a recipe line of a Makefile that starts with `-` has its failure ignored
_SWALLOWED = re.compile(r"\|\|\s*(?:true|:|exit\s+0)\b|;\s*true\s*$|\bcontinue-on-error:\s*true\b|\ballow_failure:\s*true\b|"
                        r"^\t@?-", re.MULTILINE)


def ci_gate(text: str) -> tuple[str | None, str]:
    """The tool a criterion says must fail the CI, and the text without that phrase (the tool's name stays)."""
    runs = _RUNS_AND_FAILS.search(text)
    if runs and not _CI_FAILS.search(text):
        return runs.group(1), text[:runs.start()] + f" {runs.group(1)} " + text[runs.end():]
    match = _CI_FAILS.search(text)
    if not match:
        return None, text
    return match.group(1), text[:match.start()] + f" ci {match.group(1)} " + text[match.end():]


def ci_runs_failing(path: str, code: str, tool: str) -> bool:
    """Whether a CI configuration runs `tool` in a step whose failure fails the build (no `|| true`)."""
    if not _CI_PATH.search(path):
        return False
    lines = [line for line in code.splitlines() if re.search(rf"(?<![\w-]){re.escape(tool)}(?![\w-])", line, re.IGNORECASE)]
    return bool(lines) and not any(_SWALLOWED.search(line) for line in lines) and not re.search(
        r"\bcontinue-on-error:\s*true\b|\ballow_failure:\s*true\b", code)


# "refuse to run when it is not started as root": the code checks that it runs as root.
_NOT_ROOT = re.compile(r"\b(?:not|never)\s+(?:\w+\s+){0,2}(?:as\s+)?(?:the\s+)?root(?:\s+user)?\b", re.IGNORECASE)
_REFUSAL = re.compile(r"\b(?:refus|fail|exit|abort|stop|die|error|reject|quit)\w*\b[^.;]*?\b(?:when|if|unless)\b",
                      re.IGNORECASE)


def root_required(text: str) -> str:
    """A refusal when not root is a check for root (`id -u`, `geteuid()`), not a non-root user."""
    if _REFUSAL.search(text) and _NOT_ROOT.search(text):
        return _NOT_ROOT.sub(" rootcheck ", text)
    return text


# An environment variable a criterion names ("the PORT environment variable", `$API_KEY`, DATABASE_URL).
_ENV_NEAR = re.compile(r"\b([A-Z][A-Z0-9_]+)\s+env(?:ironment)?\s+var|\benv(?:ironment)?\s+var(?:iable)?\s+([A-Z][A-Z0-9_]+)\b|"
                       r"\$\{?([A-Z][A-Z0-9_]+)\b|\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b")


def env_names(text: str) -> list[str]:
    return [next(g for g in m.groups() if g) for m in _ENV_NEAR.finditer(text)]


def reads_env(code: str, name: str) -> bool:
    """Whether code names the environment variable exactly: `"PORT"`, `$PORT`, `process.env.PORT`."""
    escaped = re.escape(name)
    return bool(re.search(rf"""(['"`]){escaped}\1|\$\{{?{escaped}\b|\benv\.{escaped}\b|\bENV\[\s*['"]{escaped}""", code))


# A duration stated with its unit: `5 * time.Millisecond`, `Duration::from_millis(5)`, `timedelta(minutes=5)`.
_SECONDS = {"nanosecond": 1e-9, "microsecond": 1e-6, "millisecond": 1e-3, "second": 1, "minute": 60, "hour": 3600,
            "nanos": 1e-9, "micros": 1e-6, "millis": 1e-3, "secs": 1, "mins": 60, "hours": 3600, "milliseconds": 1e-3,
            "seconds": 1, "minutes": 60, "days": 86400, "weeks": 604800, "day": 86400, "years": 31536000}
_EXPLICIT = (re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*\*\s*time\.(Nanosecond|Microsecond|Millisecond|Second|Minute|Hour)\b"),
             re.compile(r"\bfrom_(secs|millis|micros|nanos|mins|hours)\(\s*(\d+(?:\.\d+)?)"),
             re.compile(r"\b(milliseconds|seconds|minutes|hours|days|weeks|years)\s*[=:]\s*(\d+(?:\.\d+)?)\b"),
             re.compile(r"\bDuration\.of(Millis|Seconds|Minutes|Hours|Days)\(\s*(\d+(?:\.\d+)?)"),
             # java.time and date-fns: `today.plusDays(7)`, `plusWeeks(7)`, `addDays(day, 7)`; Rails: `7.days`
             re.compile(r"\b(?:plus|minus)(Seconds|Minutes|Hours|Days|Weeks|Years)\(\s*(\d+(?:\.\d+)?)\s*\)"),
             re.compile(r"\b(?:add|sub)(Seconds|Minutes|Hours|Days|Weeks|Years)\(\s*[^,()]+,\s*(\d+(?:\.\d+)?)\s*\)"),
             re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\.(seconds?|minutes?|hours?|days?|weeks?|years?)\b"),
             # find(1): -mtime counts days, -mmin minutes
             re.compile(r"-m(time|min)\s+[+-]?(\d+)\b"),
             # a name that ends in its unit: `my $BLOCK_MIN = 30;`, `RETENTION_DAYS = 14`, `graceMinutes: 20`
             re.compile(r"(?<=[A-Za-z0-9])_?(MIN|MINS|MINUTES|SECS|SECONDS|HOURS|DAYS|WEEKS|Mins|Minutes|Secs|Seconds|"
                        r"Hours|Days|Weeks|mins|minutes|secs|seconds|hours|days|weeks)\b\s*[=:]\s*(\d+(?:\.\d+)?)\b(?!\s*[-*/+.(])"))


def explicit_durations(code: str) -> list[tuple[str, float]]:
    """(number, seconds) of every duration the code states with its unit."""
    found: list[tuple[str, float]] = []
    for pattern in _EXPLICIT:
        for match in pattern.finditer(code):
            first, second = match.groups()
            number, unit = (first, second) if first[0].isdigit() else (second, first)
            key = unit.lower()
            key = {"time": "day", "min": "minute"}.get(key, key)
            seconds = _SECONDS.get(key) or _SECONDS.get(key + "s") or _SECONDS.get(key.rstrip("s"))
            if seconds is not None:
                value = number.rstrip("0").rstrip(".") if "." in number else str(int(number))
                found.append((value, float(number) * seconds))
    return found


# round 13: a constant named for its unit states a duration (`IDLE_TIMEOUT_MS = 15 * 60 * 1000`, `ttl_minutes = 5`,
# `const retryDelaySecs = 2`): the product of its literals in the name's unit. Read where a criterion's duration is
# looked for (alignment), not by explicit_durations' other callers; a constant naming a time unit itself
# (`DAY_MS = 24 * 60 * 60 * 1000`) is a unit to multiply, no duration
_NAMED_UNIT = re.compile(r"\b(\w+?)(ms|millis|milliseconds|secs?|seconds|mins?|minutes|hours|days)\s*(?::\s*[\w.]+\s*)?=(?!=)"
                         r"\s*(\d[\d_]*(?:\.\d+)?(?:\s*\*\s*\d[\d_]*)*)\s*(?=[;,)\n]|$)", re.IGNORECASE | re.MULTILINE)
_UNIT_OF_NAME = {"ms": 1e-3, "millis": 1e-3, "milliseconds": 1e-3, "sec": 1, "secs": 1, "seconds": 1, "min": 60,
                 "mins": 60, "minutes": 60, "hours": 3600, "days": 86400}


_TIME_UNIT_NAME = re.compile(r"(?:^|_|(?<=[a-z])(?=[A-Z]))(?:one_?)?(?:sec(?:ond)?|min(?:ute)?|hour|day|week)s?_?$",
                             re.IGNORECASE)


def named_durations(code: str) -> list[tuple[str, float]]:
    """(number, seconds) of every constant named for its unit (`IDLE_TIMEOUT_MS = 15 * 60 * 1000` is (15, 900))."""
    found: list[tuple[str, float]] = []
    for match in _NAMED_UNIT.finditer(code):
        name, unit, value = match.groups()
        # the unit is the name's last part: `IDLE_MS`, `idleMs`, `idle_ms`; never the end of a word (`items`)
        # `min_days`, `maxHours`: the least or most number of days, not minutes of days (round 22)
        if not (name.endswith("_") or (name[-1:].islower() and unit[0].isupper())) or (
                _TIME_UNIT_NAME.search(name) and name.rstrip("_").lower() not in ("min", "max")):
            continue
        factors = [float(f.replace("_", "")) for f in re.split(r"\s*\*\s*", value.strip())]
        product = 1.0
        for factor in factors:
            product *= factor
        first = value.strip().split("*")[0].strip().replace("_", "")
        found.append((first.rstrip("0").rstrip(".") if "." in first else str(int(first)),
                      product * _UNIT_OF_NAME[unit.lower()]))
    return found


# "sorted by aisle, then by shelf": two sort keys in an order the code must keep.
_SORT_KEYS = re.compile(r"\b(?:sort\w*|order\w*|rank\w*|list\w*|group\w*)\s+by\s+(?:the\s+|its\s+|their\s+)?([A-Za-z]+)"
                        r"\s*(?:,\s*|\s+)(?:and\s+)?(?:then\s+(?:by\s+)?|(?:with\s+)?ties\s+(?:are\s+)?broken\s+by\s+)"
                        r"(?:the\s+|its\s+|their\s+)?([A-Za-z]+)", re.IGNORECASE)
_SORTING_LINE = re.compile(r"sort|order|rank|\bthen\w*\s*\(|\bkey\s*=|\bcmp\b|compare", re.IGNORECASE)


def sort_keys(text: str) -> tuple[str, str] | None:
    """The first and the second sort key a criterion names, in its order."""
    match = _SORT_KEYS.search(text)
    return (match.group(1).lower(), match.group(2).lower()) if match else None


def keys_out_of_order(code: str, keys: tuple[str, str], stem_of: Callable[[str], str]) -> bool:
    """Whether the code's sorting lines name the second key before the first, or only the second."""
    first, second = (stem_of(key) for key in keys)
    seen: list[str] = []
    for line in code.splitlines():
        if not _SORTING_LINE.search(line):
            continue
        for word in re.findall(r"[A-Za-z]+", line):
            for part in re.sub(r"(?<=[a-z])(?=[A-Z])", " ", word).split():
                if stem_of(part) in (first, second):
                    seen.append(stem_of(part))
    if not seen:
        return False
    return seen[0] == second or first not in seen


# "every change to a salary is recorded": what reacts to a change must react to an update, not only to an insert.
_ON_CHANGE = re.compile(r"\b(?:every|each|any|all)\s+(?:change|update|edit|modification)s?\b|"
                        r"\bwhen(?:ever)?\s+(?:\w+\s+){0,4}?(?:is|are|gets?|get)\s+(?:changed|updated|edited|modified)\b|"
                        r"\b(?:changes|updates|edits)\s+(?:to|of)\b", re.IGNORECASE)
_HOOK_EVENTS = (re.compile(r"\b(?:BEFORE|AFTER|INSTEAD\s+OF)\s+((?:INSERT|UPDATE|DELETE)(?:\s+(?:OF\s+[\w, ]+?\s+)?OR\s+"
                           r"(?:INSERT|UPDATE|DELETE))*)", re.IGNORECASE),
                re.compile(r"\b(?:after|before|around)_(create|update|save|destroy)(?:_commit)?\b"),
                re.compile(r"@(?:Pre|Post)(Persist|Update|Remove)\b"),
                re.compile(r"\bon:\s*\[?\s*:(create|update|destroy)"))


def asks_for_updates(text: str) -> bool:
    """Whether a criterion is about every change to something (an update, not only a new record)."""
    return bool(_ON_CHANGE.search(text))


def hooks_only_new(code: str) -> bool:
    """Whether the code's triggers and callbacks fire on inserts (or deletes) and never on an update."""
    events: set[str] = set()
    for pattern in _HOOK_EVENTS:
        for found in pattern.findall(code):
            events |= {word.lower() for word in re.findall(r"[A-Za-z]+", found)}
    return bool(events) and not events & {"update", "save"}


# A retention setting states its count bare, in days or longer: `backup_retention_period = 14`, `keep = 7`.
# (A bare TTL or max-age is seconds, most likely: `CACHE_TTL = 5` is not 5 minutes.)
_RETENTION = re.compile(r"\b(\w*(?:retention|retain|keep)\w*)\s*[:=]\s*(\d+)\b", re.IGNORECASE)
_UNIT_NAMES = ("second", "sec", "minute", "min", "hour", "day", "week", "month", "year", "ms", "millis")


def retention_in(code: str, number: str, unit: str) -> bool:
    """Whether code sets a retention to the number (a quantity of days or more) without naming another unit."""
    if unit.lower().rstrip("s") not in ("day", "week", "month", "year"):
        return False
    for key, value in _RETENTION.findall(code):
        if value != number:
            continue
        named = [name for name in _UNIT_NAMES if name in key.lower()]
        if not named or any(unit.startswith(name) for name in named):
            return True
    return False


# "the user sees an error message": an error only printed or logged where it is caught reaches no user.
_SEES_ERROR = re.compile(r"\b(?:sees?|shown|shows?|displays?|displayed|told|gets?)\s+(?:\w+\s+){0,3}?"
                         r"(?:error|failure|warning)s?\b|\berror\s+message\b", re.IGNORECASE)
_CAUGHT = (re.compile(r"\bcatch\b\s*(?:\([^)]*\)|\w+)?\s*\{([^{}]*)\}"),
           re.compile(r"^([ \t]*)(?:except\b[^\n]*|rescue\b[^\n]*):[ \t]*\n((?:\1[ \t]+[^\n]*\n?)+)", re.MULTILINE),
           re.compile(r"\bif\s+err\s*!=\s*nil\s*\{([^{}]*)\}"))
_ONLY_LOGS = re.compile(r"^\s*(?:(?:debugPrint|NSLog|os_log|console\.\w+|log(?:ger)?\.\w+|logging\.\w+|Log\.\w+|"
                        r"Logger\.\w+|dbg!)\s*\(?.*|pass|_\s*=\s*\w+)?\s*;?\s*$")
# In an app, print goes to a developer's console; in a command-line program it is what the user sees.
_APP_PRINT = re.compile(r"^\s*(?:print|println|debugPrint)\s*\(.*;?\s*$")
APP_SUFFIXES = frozenset({".swift", ".kt", ".dart", ".jsx", ".tsx", ".vue", ".svelte"})


def asks_user_to_see_error(text: str) -> bool:
    return bool(_SEES_ERROR.search(text))


def swallows_errors(code: str, app: bool) -> bool:
    """Whether every place the code catches an error only logs it (or, in an app, prints it), and there is one."""
    bodies: list[str] = []
    for pattern in _CAUGHT:
        for match in pattern.finditer(code):
            bodies.append(match.group(match.lastindex or 1))
    return bool(bodies) and all(all(_ONLY_LOGS.match(line) or (app and _APP_PRINT.match(line))
                                    for line in body.splitlines()) for body in bodies)


# "disabled until both email and password are filled in": one condition names both fields.
_UNTIL_BOTH = re.compile(r"\buntil\s+both\s+(?:the\s+)?([A-Za-z]+)\s+and\s+(?:the\s+)?([A-Za-z]+)\b", re.IGNORECASE)


def until_both(text: str) -> tuple[str, str] | None:
    match = _UNTIL_BOTH.search(text)
    return (match.group(1).lower(), match.group(2).lower()) if match else None


def one_line_names_both(code: str, pair: tuple[str, str], stem_of: Callable[[str], str]) -> bool:
    """Whether one line of code names both things (`.disabled(email.isEmpty || password.isEmpty)`)."""
    wanted = {stem_of(word) for word in pair}
    for line in code.splitlines():
        parts = {stem_of(p) for word in re.findall(r"[A-Za-z]+", line)
                 for p in re.sub(r"(?<=[a-z])(?=[A-Z])", " ", word).split()}
        if wanted <= parts:
            return True
    return False
