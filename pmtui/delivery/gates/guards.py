"""What a guard, a declaration or a send does, against what the criterion asks of it (round 15).

- "Do not send emails to addresses on the bounce list": a check on the bounce list whose branch only logs or prints
  (`if addr in bounced: log.warning(…)`) lets the forbidden thing happen; the branch must skip, return or refuse.
- A class with nothing in it (`class EmailNotVerified(PermissionError): pass`) names words and does nothing: the
  criterion is met where it is raised, by the check around it.
- "Send a welcome email when a user signs up": sending is a call (`send_mail(…)`, `mailer.deliver`, `queue.enqueue`);
  a unit whose calls only log or store sends nothing, however its names read (`email` is the user's address).
- "100 requests per minute per API key": what a count is kept per is named by the code that counts; a limiter keyed
  by `client_ip` counts per address, whatever its test is called.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pmtui.delivery.gates.boundaries import refusing_line
from pmtui.delivery.gates.code_idioms import idiom_concepts
from pmtui.delivery.gates.vocabulary import code_concepts, read_criterion, stem

_FORBIDS = re.compile(r"\b(?:do\s+not|don't|dont|never|must\s+not|mustn't|should\s+not|shouldn't|no\s+\w+\s+(?:is|are)\s+sent)\b",
                      re.IGNORECASE)
_IF = re.compile(r"^(\s*)(?:}\s*else\s+)?(?:if|elif|else\s+if|unless)\b\s*\(?(.+?)\)?\s*(?::|\{|then)?\s*$")
_LOGS = re.compile(r"^\s*(?:print\s*\(|console\.\w+\(|(?:self\.)?(?:log|logger|logging|LOG|LOGGER)\.\w+\(|warnings\.warn\(|"
                   r"fmt\.(?:Print|Fprint)\w*\(|log\.(?:Print|Warn|Info)\w*\(|System\.(?:out|err)\.|puts\b|Rails\.logger|"
                   r"(?:slog|zap|logrus)\.\w+\(|eprintln!|println!)")


def _body(lines: list[str], index: int) -> list[str]:
    """The lines of the branch the `if` on lines[index] opens (by indentation, or up to its closing brace)."""
    head = lines[index]
    indent = len(head) - len(head.lstrip())
    body: list[str] = []
    for line in lines[index + 1:]:
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        if depth <= indent:
            break
        body.append(line)
    return body


def only_logs_the_forbidden(criterion: str, code: str) -> str:
    """Why the code's check on what the criterion forbids only logs and goes on, or ""."""
    if not _FORBIDS.search(criterion):
        return ""
    words = [c for c in read_criterion(criterion).concepts if c.strong and c.kind == "word"]
    check = check_that_only_logs(code, lambda said: any(c.alternatives & said for c in words))
    return f"its check `{check}` only logs and goes on" if check else ""


def check_that_only_logs(code: str, names: Callable[[frozenset[str]], bool]) -> str:
    """The condition of the first `if` of the code whose concepts `names` accepts and whose body only logs and goes
    on (nothing refused, nothing returned), or ""."""
    lines = code.splitlines()
    for index, line in enumerate(lines):
        found = _IF.match(line)
        if not found or not names(code_concepts(found.group(2))):
            continue
        body = _body(lines, index)
        if body and all(_LOGS.match(text) or text.strip() in ("}", "end") for text in body):
            return found.group(2).strip()
    return ""


_CLASS = re.compile(r"^\s*(?:export\s+)?(?:public\s+)?class\s+(\w+)")
_NOTHING = re.compile(r"^\s*(?:pass|\.\.\.|\}|\{\}|)\s*$|^\s*(?:\"\"\"|''')|^\s*#|^\s*//")


def declares_only(unit_code: str) -> str:
    """Why the unit does nothing: it is a class with an empty body (an exception or marker type), or ""."""
    lines = [line for line in re.sub(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'', "", unit_code).splitlines() if line.strip()]
    if not lines:
        return ""
    head = _CLASS.match(lines[0])
    if head and all(_NOTHING.match(line) for line in lines[1:]) and not re.search(r"\{[^}]*\S[^}]*\}", lines[0]):
        return f"it only declares {head.group(1)}, which does nothing by itself"
    return ""


# "send", "sends", "is sent": the verb; never a state's name ("draft, sent or paid")
_SENDS = re.compile(r"(?:\bsend(?:s|ing)?\b|\b(?:is|are|be|been|gets?|got)\s+sent\b)(?![\s-]+(?:back|to\s+the\s+(?:top|bottom|back)))",
                    re.IGNORECASE)
_SENDING_CALL = re.compile(r"(?:send|mail|deliver|notify|notif|post|publish|enqueue|dispatch|emit|push|put|schedule|"
                           r"delay|apply_async|submit|queue|sms|text|email|message|smtp|transport|write|fire|trigger|"
                           r"broadcast|request|fetch|call|invoke|perform)", re.IGNORECASE)


def sends_nothing(criterion: str, unit_code: str) -> str:
    """Why a unit asked to send something makes no call that could send it, or ""."""
    if not _SENDS.search(criterion) or _FORBIDS.search(criterion):
        return ""
    calls = re.findall(r"([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\(", re.sub(r"^\s*(?:def|function|func|fn)\s+\w+", "", unit_code,
                                                                         flags=re.MULTILINE))
    if not calls:
        return ""
    if any(_SENDING_CALL.search(name) for name in calls if name not in ("getLogger",)):
        return ""
    if all(name in ("print", "getLogger", "info", "debug", "warning", "error", "log", "warn") or name[0].isupper()
           or name in ("add", "commit") for name in calls):
        return "no call of it sends anything: it only logs or stores"
    return ""


_PER = re.compile(r"\bper\s+(?:the\s+|each\s+|one\s+|a\s+|an\s+)?((?:[A-Za-z][\w-]*\s+){0,2}[A-Za-z][\w-]*)", re.IGNORECASE)
_NOT_KEYS = re.compile(r"^(?:sec(?:ond)?s?|min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|months?|years?|nights?|page|pages|"
                       r"cent|person|head|unit|item|line|row|call|request|run|batch|time|default|se)$", re.IGNORECASE)


def counts_per_unnamed(criterion: str, unit_code: str) -> str:
    """Why the code never names what the criterion's count is kept per ("per API key"), or ""."""
    concepts = {c.label.lower(): c for c in read_criterion(criterion).concepts}
    code = code_concepts(unit_code)
    for found in _PER.finditer(criterion):
        words = found.group(1).split()
        # the noun group stops at the first word the criterion reads as no concept ("per key for the free plan")
        group = []
        for word in words:
            if word.lower() not in concepts and stem(word.lower()) not in concepts:
                break
            group.append(word)
        if not group or _NOT_KEYS.match(group[-1]):
            continue
        head = concepts.get(group[-1].lower()) or concepts.get(stem(group[-1].lower()))
        if head is not None and head.strong and not head.alternatives & code:
            return f"it never names the {' '.join(group)} it should count per"
    return ""


# "if the user is not verified he cannot …", "orders that have not been paid are rejected"
_NOT_STATE = re.compile(r"\b(?:is|are|has|have|was|were)\s+(?:not|n't)\s+(?:been\s+|yet\s+)?([A-Za-z]{4,})", re.IGNORECASE)
_REFUSAL = re.compile(r"\b(?:cannot|can't|not\s+(?:be\s+)?allowed|refus\w*|reject\w*|block\w*|denied|forbidden|4\d\d)\b",
                      re.IGNORECASE)


def refuses_in_the_state(criterion: str, code: str) -> str:
    """Why the code refuses when the state holds whose absence the criterion refuses ("is not verified" →
    `if user.email_verified: raise …`), or ""."""
    said = _NOT_STATE.search(criterion)
    if not said or not _REFUSAL.search(criterion):
        return ""
    state = said.group(1).lower()[:5]
    lines = code.splitlines()
    verdicts = []
    for index, line in enumerate(lines):
        found = _IF.match(line)
        if not found or not any(refusing_line(after) for after in lines[index + 1:index + 3]):
            continue
        test = found.group(2).strip(" ()")
        names = [part.lower() for name in re.findall(r"[A-Za-z_]\w*", test) for part in re.split(r"_|(?<=[a-z])(?=[A-Z])", name)]
        if not any(part[:5] == state for part in names if len(part) >= 4):
            continue
        negated = bool(re.search(r"(?:^|\s|\()(?:not\s|!)|==\s*(?:False|false|None|nil|null)|is\s+None|\bun\w+", test))
        verdicts.append((negated, test))
    if verdicts and not any(negated for negated, _ in verdicts):
        return f"it refuses when `{verdicts[0][1]}` holds; the criterion refuses when it does not"
    return ""


def named_only_by_its_tests(criterion: str, unit_code: str) -> str:
    """Why one of two operations the criterion names as phrases ("ignores case and leading/trailing spaces": caseless
    and trim) is in the unit only through the name of a test that exercises it (`test_query_is_trimmed…` over code
    that only casefolds): the code must do both. "" otherwise."""
    if not unit_code.strip():
        return ""
    done = code_concepts(unit_code) | {c for line in unit_code.splitlines() for c in idiom_concepts(line)}
    phrases = [c for c in read_criterion(criterion).concepts if c.strong and c.kind == "phrase"]
    # half of a criterion naming two operations: the code does one, a test's name claims the other
    undone = [c for c in phrases if not c.alternatives & done]
    if len(phrases) >= 2 and undone and len(undone) < len(phrases):
        return f"no line of its code does {undone[0].label}; only a test's name says it"
    return ""


_TOTAL = re.compile(r"\btotal\s+(?:number|count)\b|\btotal\b[^.;]*\b(?:count|number)\b|\bX-Total-Count\b", re.IGNORECASE)
_PAGED = re.compile(r"\b(?:offset|limit|page|per_page|perPage|pageSize|page_size|skip|take|Offset|Limit|cursor)\b")
_COUNTS = re.compile(r"\bcount\s*\(|\bCOUNT\s*\(|\.count\b|\bCount\w*\(|\.total\b|\btotal_count\b|\bcountDocuments\b", re.IGNORECASE)


def totals_one_page(criterion: str, code: str) -> str:
    """Why the total the criterion asks for is the length of the one page the code fetched, or ""."""
    if not _TOTAL.search(criterion) or _COUNTS.search(re.sub(r"\bX-Total-Count\b", "", code)):
        return ""
    paged = {m.group(1) for m in re.finditer(r"([A-Za-z_]\w*)(?:\s*,\s*\w+)?\s*:?=\s*[^\n]*\(([^\n]*)\)", code)
             if _PAGED.search(m.group(2))}
    for name in paged:
        if re.search(rf"\blen\(\s*{name}\s*\)|\b{name}\.(?:length|size\(\)|Count)\b", code):
            return f"its total is the length of {name}, one page of the results"
    return ""


_HUSHES = re.compile(r"\b(?:hides?|hidden|suppress\w*|silenc\w*|mutes?|quiet\w*|disables?|turns?\s+off|no\s+longer\s+shows?)\b",
                     re.IGNORECASE)
_FLAG_NAME = re.compile(r"(?<![\w-])--([a-z][\w-]*)")
_DISABLING = {"disable", "disabled", "hide", "hidden", "quiet", "silent", "mute", "muted", "suppress", "off"}
_ENABLING = {"enable", "enabled", "show", "visible", "verbose", "display", "on", "active"}


def hushes_the_other_way(criterion: str, code: str) -> str:
    """Why a flag the criterion says hides something is passed the other way round to what hides it (`--quiet` as
    `disable=not args.quiet`, or as `show=args.quiet`), or ""."""
    if not _HUSHES.search(criterion):
        return ""
    for flag in _FLAG_NAME.findall(criterion):
        attribute = flag.replace("-", "_")
        pattern = rf"\b(\w+)\s*[=:]\s*(not\s+|!\s*)?(?:[\w$]+\.)*{re.escape(attribute)}\b(?!\s*[=(])"
        for argument, negated in re.findall(pattern, code):
            name = argument.lower()
            if (name in _DISABLING and negated) or (name in _ENABLING and not negated):
                return f"it passes --{flag} the other way round: `{argument}={negated}…{attribute}`"
    return ""


# round 19: "Tell when its done with cost of parts and hours", "text the parent with the pick-up time": what the
# message must carry is what follows "with" after a verb of telling
_TELLS_WITH = re.compile(r"\b(?:tell|tells|text|texts|notify|notifies|message|email|emails|let\s+\w+\s+know)\b"
                         r"[^.;]*?\bwith\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+)?([^.;]+)", re.IGNORECASE)
_STRING = re.compile(r"""[fF]?(["'`])(?:\\.|(?!\1).)*\1""")


def message_without_what_it_tells(criterion: str, unit_code: str) -> str:
    """Why every message the unit sends leaves out what the criterion says it tells, or "" (round 19).

    `notify(job_id, f"Job {job_id} is finished.")` tells that the job is done and nothing of its cost, while the
    criterion asks that the customer is told "with cost of parts and hours". The message is each string literal on a
    line that calls something that sends; what it carries is its own words and what it interpolates. Only when every
    such message names none of the "with …" phrase's words is the criterion not met (one of them named is enough:
    the matcher judges the rest)."""
    told = _TELLS_WITH.search(criterion)
    if not told:
        return ""
    wanted = [c for c in read_criterion(told.group(1)).concepts if c.strong and c.kind in ("word", "phrase", "term")]
    if not wanted:
        return ""
    messages = []
    for line in unit_code.splitlines():
        calls = re.findall(r"([A-Za-z_$][\w$]*)\s*\(", line)
        if any(_SENDING_CALL.search(name) for name in calls):
            messages += [found.group(0) for found in _STRING.finditer(line) if re.search(r"\s", found.group(0))]
    if not messages:
        return ""
    said = code_concepts(" ".join(messages))
    if any(c.alternatives & said for c in wanted):
        return ""
    return f"its message never says the {wanted[0].label}: it tells, without what the criterion says it tells with"


# round 19: "Monthly invoice", "weekly report", "the month's total": a total for a period
_PERIODIC = re.compile(r"\b(?:monthly|weekly|daily|yearly|annual|per\s+(?:month|week|day|year)|for\s+the\s+(?:month|week|day|year)|"
                       r"(?:month|week|day|year)'s)\b", re.IGNORECASE)
_SQL_TOTAL = re.compile(r"""(["'`])\s*SELECT\b[^"'`]*\b(?:SUM|COUNT|TOTAL)\s*\((?:(?!\1).)*\1""", re.IGNORECASE | re.DOTALL)
_PERIOD_FILTER = re.compile(r"\b(?:date|time|month|week|day|year|period|between|strftime|substr|extract|date_trunc)\w*\b"
                            r"|\w+_(?:on|at|date|month|week)\b|[<>]=?", re.IGNORECASE)


def totals_every_period(criterion: str, unit_code: str) -> str:
    """Why the unit's totals for a period add up every row whatever its date, or "" (round 19): a monthly statement
    whose `SELECT SUM(total) FROM charges WHERE kitchen_id = ?` names no date sums every charge the kitchen ever had,
    though the month is taken, checked and stored on the statement. Only SQL totals are read, and one that filters
    by any date, period or comparison is enough."""
    if not _PERIODIC.search(criterion):
        return ""
    totals = [found.group(0) for found in _SQL_TOTAL.finditer(unit_code)]
    if totals and not any(_PERIOD_FILTER.search(total.split("FROM", 1)[-1] if "FROM" in total else total)
                          for total in totals):
        return "its totals add up every row whatever its date: nothing picks the period's"
    return ""


# round 19: "get paid the match fee after the game", "a rating after the visit": an event the thing waits for, not a
# duration after it ("14 days after they are borrowed", "3 seconds after the last keystroke" are other classes)
_AFTER_EVENT = re.compile(r"\bafter\s+(?:the|their|its|his|her)\s+(?!last\b|first\b|\d)([a-z]+)\b",
                          re.IGNORECASE)
_DURATION_BEFORE = re.compile(r"\d+\s*\w+\s+after\b", re.IGNORECASE)
_CONDITION_LINE = re.compile(r"^\s*(?:if|elif|elsif|unless|when|while|guard|assert)\b|\bWHERE\b|\bfilter\(|\?\s", re.IGNORECASE)
_EXISTENCE = re.compile(r"\b(?:is\s+(?:not\s+)?None|[!=]==?\s*(?:null|nil|None|undefined))\b")
_STATE = re.compile(r"\b\w*(?:done|finish|ended|over|played|complete|result|status|state|now|today|date|time|past|"
                    r"closed|happened)\w*\b|\w+_(?:at|on|in)\b", re.IGNORECASE)


def never_waits_for_the_event(criterion: str, unit_code: str) -> str:
    """Why the unit never checks that the event the criterion waits for has happened, or "" (round 19): a match fee
    paid "after the game" by code whose only tests are that the game and its referee exist pays it before a ball is
    kicked. Some condition of the unit must test a state or a time (a result entered, a status, `ends_at < now`)."""
    if _DURATION_BEFORE.search(criterion):
        return ""
    event = _AFTER_EVENT.search(criterion)
    if not event:
        return ""
    conditions = [_EXISTENCE.sub(" ", line) for line in _STRINGS_OUT.sub('""', unit_code).splitlines()
                  if _CONDITION_LINE.search(line)]
    if not conditions or any(_STATE.search(line) for line in conditions):
        return ""
    return f"nothing in it checks that the {event.group(1)} is over: it only tests that things exist"


_STRINGS_OUT = re.compile(r"""(["'`])(?:\\.|(?!\1).)*\1""")


# round 19: "A user can read it from work", "sees the list of …": the things themselves shown, not their number
_READS_THEM = re.compile(r"\b(?:see|sees|read|reads|view|views|show|shows|list|lists|browse|check|checks)\b", re.IGNORECASE)
_COUNT_ASKED = re.compile(r"\b(?:how\s+many|number\s+of|count|counts|total|totals|tally)\b", re.IGNORECASE)
_SHOWN_COUNT = re.compile(r"\{\s*[\w$.]+\.length\s*\}|\{\{\s*[\w.]+\s*\|\s*length\s*\}\}|\{len\(\w+\)\}")
_ITERATES = re.compile(r"\.map\(|\.forEach\(|\bfor\s*\(|\bfor\s+\w+\s+(?:in|of)\b|\{%\s*for\b|v-for=|\*ngFor|\{#each\b")


def shows_only_a_count(criterion: str, unit_code: str) -> str:
    """Why a view asked to show things shows only how many there are, or "" (round 19): a parent's diary page that
    renders `{entries.length} things logged today` lets nobody read what was logged. The view must go through the
    things (`.map(`, a `for` loop in its template) unless the criterion asks for a count."""
    if not _READS_THEM.search(criterion) or _COUNT_ASKED.search(criterion):
        return ""
    if _SHOWN_COUNT.search(unit_code) and not _ITERATES.search(unit_code):
        return "it shows only how many there are, never the things themselves"
    return ""
