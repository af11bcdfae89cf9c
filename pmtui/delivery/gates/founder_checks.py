"""What a founder's criterion asks of whom, of which day and by which field, against what the code does (round 16).

- "The price list can be changed by the owner only": a check on the role whose branch only logs (`if role !=
  "owner": log.warning(…)`) and goes on lets anyone change it; restricting is refusing, skipping or returning.
- "Show total takings for the day": a total over a range that reaches days back (`today - timedelta(days=6)`,
  `AddDate(0, 0, -7)`, `date('now', '-7 days')`) is a week's, not the day's.
- "Send the invoice to the customer": a send whose recipient names another person (`to=OWNER_EMAIL`,
  `to=admin.email`) sends it to them, not to the customer.
- "Search customers by phone number": a search whose conditions (`WHERE name LIKE ?`, `name__icontains=q`,
  `c.name.includes(q)`) test other fields finds nobody by the field asked for, whatever it selects.
- "A reminder the day before their appointment": a unit that reads today's date and moves it by no day
  (`date(v.starts_at) = ?` with `today`) reminds on the day itself.
- "Alarm when above 8 °C for 30 minutes": a duration the code states only in a message's words ("… for 30
  minutes") or in a constant of its functions' file that nothing reads is not waited for.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.criterion_classes import explicit_durations, named_durations
from pmtui.delivery.gates.domain_words import PEOPLE_WORDS
from pmtui.delivery.gates.guards import check_that_only_logs
from pmtui.delivery.gates.vocabulary import TIME_UNITS, code_concepts, concepts_of_word, read_criterion, stem

_PEOPLE = frozenset(stem(word) for word in PEOPLE_WORDS.split())

_ONLY_PERSON = re.compile(r"\b(?:only\s+(?:the\s+|an?\s+)?(\w+)|(?:by\s+)?(?:the\s+|an?\s+)?(\w+)\s+only)\b", re.IGNORECASE)


def only_logs_the_restricted(criterion: str, code: str) -> str:
    """Why the check on who may do what the criterion keeps for one person only logs and goes on, or ""."""
    people = {stem(word.lower()) for pair in _ONLY_PERSON.findall(criterion) for word in pair if word}
    people &= _PEOPLE
    if not people:
        return ""
    check = check_that_only_logs(code, lambda said: any(concepts_of_word(person) & said for person in people))
    return f"its check `{check}` only logs and goes on: anyone still does it" if check else ""


_THE_DAY = re.compile(r"\b(?:today(?:'s)?|todays|for\s+the\s+day|of\s+the\s+day|the\s+day's|this\s+day)\b", re.IGNORECASE)
_OTHER_DAYS = re.compile(r"\b(?:before|after|ago|yesterday|tomorrow|last|past|next|previous|weeks?|months?|years?|"
                         r"\d+\s+days?|days)\b", re.IGNORECASE)
_DAYS_BACK = (re.compile(r"-\s*(?:datetime\.|dt\.)?timedelta\(\s*(?:days\s*=\s*)?(\d+)\s*\)"),
              re.compile(r"-\s*(?:datetime\.|dt\.)?timedelta\(\s*weeks\s*=\s*(\d+)"),
              re.compile(r"\.AddDate\(\s*0\s*,\s*0\s*,\s*-\s*(\d+)\s*\)"),
              re.compile(r"setDate\([^)]*getDate\(\)\s*-\s*(\d+)"),
              re.compile(r"""date\(\s*['"]now['"]\s*,\s*['"]-\s*(\d+)\s+days?['"]""", re.IGNORECASE),
              re.compile(r"\bINTERVAL\s+'?(\d+)'?\s*DAYS?\b", re.IGNORECASE),
              re.compile(r"\.minus(?:Days|Weeks)\(\s*(\d+)\s*\)"))


def counts_more_than_the_day(criterion: str, code: str) -> str:
    """Why the unit's range for "the day" reaches back further than the day, or ""."""
    if not _THE_DAY.search(criterion) or _OTHER_DAYS.search(criterion):
        return ""
    for pattern in _DAYS_BACK:
        found = pattern.search(code)
        if found and int(found.group(1)) >= 1:
            return f"its range reaches {found.group(0).strip()} back: more than the day"
    return ""


_DAY_BEFORE = re.compile(r"\b(?:the|a|one)\s+day\s+(?:before|ahead\s+of|prior\s+to)\b|\bthe\s+(?:evening|night)\s+before\b",
                         re.IGNORECASE)
_TODAY = re.compile(r"\btoday\b|\bdate\.today\(\)|\btime\.Now\(\)|\bnew\s+Date\(\)|date\(\s*['\"]now['\"]\s*\)|"
                    r"\bCURRENT_DATE\b|\blocaldate\(\)|\bnow\(\)", re.IGNORECASE)
_NEXT_DAY = re.compile(r"\btomorrow\b|timedelta\(\s*(?:days\s*=\s*)?1\s*\)|AddDate\(\s*0\s*,\s*0\s*,\s*1\s*\)|"
                       r"['\"]\+\s*1\s+days?['\"]|INTERVAL\s+'?1'?\s*DAY|plusDays\(\s*1\s*\)|getDate\(\)\s*\+\s*1|"
                       r"hours?\s*=\s*24\b|24\s*\*\s*time\.Hour|86400", re.IGNORECASE)


def picks_the_same_day(criterion: str, code: str) -> str:
    """Why the unit's "day before" reminder picks the events of the day itself, or "": it reads today's date and
    moves it by no day (no `+ timedelta(days=1)`, `AddDate(0, 0, 1)`, `tomorrow`)."""
    if not _DAY_BEFORE.search(criterion) or not _TODAY.search(code) or _NEXT_DAY.search(code):
        return ""
    return "it picks the events of the day itself, not those of the next day"


_SENT_TO = re.compile(r"\b(?:send|sends|sent|email|emails|emailed|mail|mailed|text|texted|notify|notified|message)\b"
                      r"[^.;]*?\bto\s+(?:the|each|every|their|his|her|all|a|an)\s+(\w+)", re.IGNORECASE)
_RECIPIENT = re.compile(r"\b(?:to|recipient|recipients|to_addr|to_address|toAddress)\s*[=:]\s*([^,)\n]+)")


def sends_to_another(criterion: str, code: str) -> str:
    """Why the file sends what the criterion sends to one person to someone else only, or "" (any send to the
    person asked for, or to nobody named, is no reason)."""
    asked = [word for word in _SENT_TO.findall(criterion) if stem(word.lower()) in _PEOPLE]
    if not asked:
        return ""
    wanted = concepts_of_word(asked[0].lower())
    elsewhere = ""
    for found in _RECIPIENT.finditer(code):
        if code_concepts(found.group(1)) & wanted:
            return ""
        parts = re.findall(r"[A-Za-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", found.group(1)))
        if {stem(part.lower()) for part in parts} & _PEOPLE:
            elsewhere = elsewhere or f"it sends to {found.group(1).strip()}, not to the {asked[0]}"
    return elsewhere


_SEARCH_BY = re.compile(r"\b(?:search\w*|find\w*|look\s*up|lookup|filter\w*)\b[^.;]*?\bby\s+(?:their\s+|the\s+|its\s+|his\s+|"
                        r"her\s+)?([a-z]+)", re.IGNORECASE)
_CONDITIONS = (re.compile(r"(?:\bWHERE\b|\bAND\b|\bOR\b)\s+((?:(?!\bWHERE\b|\bAND\b|\bOR\b).)*?)\s+(?:I?LIKE|GLOB|MATCH)\b",
                          re.IGNORECASE),
               re.compile(r"\b(\w+?)__(?:i?contains|i?startswith|i?exact|search|trigram_similar)\b"),
               re.compile(r"([\w.]+)(?:\.to(?:Lower|Upper)Case\(\))?\.(?:includes|startsWith|indexOf)\("),
               re.compile(r"strings\.(?:Contains|HasPrefix|EqualFold)\(\s*(?:strings\.ToLower\()?([\w.]+)"))
_SQL_WORDS = frozenset({"lower", "upper", "replace", "trim", "coalesce", "like", "ilike", "not", "null", "is"})


def searches_by_another_field(criterion: str, code: str) -> str:
    """Why the unit's search conditions test other fields than the one the criterion searches by, or ""."""
    asked = [word.lower() for word in _SEARCH_BY.findall(criterion)]
    if not asked:
        return ""
    wanted = concepts_of_word(asked[0])
    tested: list[str] = []
    for pattern in _CONDITIONS:
        tested += [found.group(1) for found in pattern.finditer(code)]
    if not tested:
        return ""
    fields = {word for text in tested for word in re.findall(r"[A-Za-z_]\w*", text) if word.lower() not in _SQL_WORDS}
    if any(code_concepts(field) & wanted for field in fields):
        return ""
    return f"it searches by {', '.join(sorted(fields))}, not by {asked[0]}"


_STRING = re.compile(r"""(?:[fbru]{0,2})("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`]*`)""")


_PROSE = re.compile(r"[A-Za-z]{2,}\s+\S+\s")


def _prose_blanked(code: str) -> str:
    """The code with the strings that are prose (a message of words with spaces) blanked."""
    return _STRING.sub(lambda m: '""' if _PROSE.search(m.group(1)) else m.group(0), code)


_FUNCTION = re.compile(r"^\s*(?:export\s+)?(?:async\s+)?(?:def|func|function|fn)\s+\w+|=>", re.MULTILINE)
_DEFINES = re.compile(r"^\s*(?:const\s+|let\s+|var\s+)?([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)")


def _defines_unread(line: str, file_code: str) -> bool:
    """Whether the line assigns a name the file never reads (`SUSTAINED = timedelta(minutes=30)`, never used)."""
    found = _DEFINES.match(line)
    if not found:
        return False
    name = re.compile(rf"\b{re.escape(found.group(1))}\b")
    # the file's units overlap (a class and its methods): a read is a line naming it that does not define it
    return not any(name.search(other) and not ((defined := _DEFINES.match(other)) and defined.group(1) == found.group(1))
                   for other in file_code.splitlines())


def duration_only_in_a_message(criterion: str, unit_code: str, file_code: str) -> str:
    """Why the criterion's duration is in the unit only in a message's words or a constant nothing reads, or ""."""
    quantities = [c for c in read_criterion(criterion).concepts if c.kind == "quantity" and c.strong]
    for concept in quantities:
        number, word = concept.label.split()
        target = float(number) * TIME_UNITS[word]

        def states(text: str, target: float = target) -> bool:
            return any(abs(seconds - target) <= 1e-9 * max(1.0, target)
                       for _, seconds in explicit_durations(text) + named_durations(text))

        def numbers(text: str) -> set[str]:
            return set(re.findall(r"(?<![\w.])\d+(?![\w.])", text))

        prose = " ".join(m.group(1) for m in _STRING.finditer(unit_code) if _PROSE.search(m.group(1)))
        said = re.search(rf"(?<![\w.]){re.escape(number)}\s*{word[:3]}", prose, re.IGNORECASE)
        # a constant nothing reads is a config value's way (terraform, settings): judged only in a file of functions
        functions = bool(_FUNCTION.search(file_code))
        if not said and not (functions and (states(unit_code) or number in numbers(unit_code))):
            continue
        def live(text: str, functions: bool = functions) -> str:
            return "\n".join(line for line in _prose_blanked(text).splitlines()
                             if not (functions and _defines_unread(line, file_code)))

        bare = live(unit_code)
        # stated anywhere else the file's code runs (`weeks: int = 6` beside an unread `RESET_AFTER`): no say here
        if any(states(text) or (concept.forms | {number}) & numbers(text) for text in (bare, live(file_code))):
            continue
        # a constant of the file stating it that the unit reads is the unit's
        read = set(re.findall(r"[A-Za-z_]\w*", bare))
        stated = {m.group(1) for m in re.finditer(r"^\s*(?:const\s+|let\s+|var\s+)?([A-Za-z_]\w*)\s*(?::[^=\n]+)?=(?!=)(.+)$",
                                                   file_code, re.MULTILINE) if states(m.group(2))}
        if stated & read:
            continue
        return f"its {concept.label} are only in a message's words or a constant nothing reads: nothing waits for them"
    return ""


def founder_blocker(criterion: str, unit_code: str, file_code: str) -> str:
    """The first reason of this module's checks, or ""."""
    return (only_logs_the_restricted(criterion, unit_code) or counts_more_than_the_day(criterion, unit_code)
            or sends_to_another(criterion, file_code) or searches_by_another_field(criterion, unit_code)
            or duration_only_in_a_message(criterion, unit_code, file_code) or picks_the_same_day(criterion, unit_code))
