"""RICE scoring for the scope table: scores, the MVP cut line, phases, and validated cell edits.

Shared by the offline engine, the model path and the scoping screen, so every path ranks and
cuts the same way: score = reach × impact × confidence ÷ effort, sorted high to low, and Phase 1
takes features in that order while their effort fits the person-week budget read from discovery.
The table lists Phase 1 first and the rest after the cut line, each side sorted by score, so no
Phase 1 row ever sits below the line.
"""

from __future__ import annotations

import math
import re
from datetime import date

from pmtui.models import DiscoverySummary, Feature, ImplementationPhase, Provenance, ScopingOutput
from pmtui.product.clause_names import about_clause, notice_clause
from pmtui.product.crew import founder_and_others

PHASE1_MAX_CALENDAR_WEEKS = 4.0
DEFAULT_CALENDAR_WEEKS = 4.0
IMPACT_VALUES: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 3.0)
IMPACT_WORDS: dict[str, float] = {"massive": 3.0, "high": 2.0, "medium": 1.0, "low": 0.5, "minimal": 0.25}
EDITABLE_FIELDS: tuple[str, ...] = ("reach", "impact", "confidence", "effort", "priority", "phase")
FIELD_ATTR: dict[str, str] = {
    "reach": "rice_reach",
    "impact": "rice_impact",
    "confidence": "rice_confidence",
    "effort": "rice_effort",
    "priority": "priority",
    "phase": "phase",
}
# Appended to a wishlist item the user hedged ("a leaderboard would be fun"): scored as a nice-to-have.
NICE_TO_HAVE_MARK = "(nice to have)"
# A wish the founder said can wait ("the alert thing can wait"): out of the first version, for their reason.
WAITS_MARK = "(can wait)"
MAX_NAME_WORDS = 6
_NAME_BREAKS = frozenset(
    [
        "in",
        "on",
        "with",
        "for",
        "from",
        "by",
        "to",
        "via",
        "over",
        "at",
        "of",
        "into",
        "across",
        "through",
        "using",
        "inside",
        "within",
        "without",
        "between",
        "per",
        "after",
        "before",
        "and",
        "or",
        "so",
        "because",
        "which",
        "that",
        "while",
        "when",
        "whenever",
        "once",
        "if",
        "unless",
        "until",
    ]
)
# "a reminder the day before the visit": a break word inside a time phrase; the phrase goes with it.
_TIME_NOUNS = frozenset(["day", "days", "night", "week", "weeks", "month", "hour", "hours", "morning", "evening", "weekend"])
_TIME_LEADS = frozenset(["the", "a", "an", "one", "two", "three", "every", "each", "that"])
# "the day before the visit": before an object, "before" opens the thing the time is measured from.
_OBJECT_LEADS = frozenset(["the", "a", "an", "my", "our", "their", "your", "his", "her", "its", "each", "every", "any"])
_NAME_TAIL = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "for",
        "of",
        "and",
        "or",
        "with",
        "in",
        "on",
        "at",
        "by",
        "my",
        "our",
        "your",
        "their",
        "its",
        "this",
        "that",
    ]
)
PHASE_PRIORITY: dict[int, str] = {1: "P0", 2: "P1", 3: "P2"}
PRIORITY_PHASE: dict[str, int] = {"P0": 1, "P1": 2, "P2": 3}
DEFAULT_PHASES: dict[int, tuple[str, str]] = {
    1: ("MVP", "The core flow works end to end for the first users."),
    2: ("Complete the loop", "Make the core flow dependable and worth coming back to."),
    3: ("Later", "Nice-to-haves once the MVP has shown it solves the problem."),
}

_NUMBER_WORDS: dict[str, float] = {
    "a": 1,
    "an": 1,
    "one": 1,
    "single": 1,
    "two": 2,
    "couple": 2,
    "three": 3,
    "few": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_NUM = r"(\d+(?:\.\d+)?|a|an|one|single|two|couple(?: of)?|three|few|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_TIMEFRAME = re.compile(_NUM + r"[\s-]*(day|week|wk|month|quarter|year|semana|mes(?:es)?|semaine|mois|woche|wochen|"
                        r"monat|monate|minggu|bulan)s?\b", re.IGNORECASE)
# Weeks and months in the languages founders mix in ("2 meses", "6 semaines", "3 Monate").
_UNIT_NAMES = {"semana": "week", "semaine": "week", "woche": "week", "wochen": "week", "minggu": "week",
               "mes": "month", "meses": "month", "mois": "month", "monat": "month", "monate": "month", "bulan": "month"}
# "10 hours a week" or "twice a month" describe a rhythm, not a deadline.
_RHYTHM_BEFORE = re.compile(
    r"(hours?|hrs?|h|times?|once|twice|per|every|days?|nights?|evenings?|minutes?|mins?)\s*$", re.IGNORECASE
)
_DEADLINE_CUE = re.compile(
    r"(within|in|by|launch\w*|ship\w*|deadline|ready|budget|runway|have|got|need\w*|build\w*|MVP|release\w*)"
    r"\s+(?:about\s+|around\s+|roughly\s+|~\s*|the\s+next\s+|next\s+)?$",
    re.IGNORECASE,
)
_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
# "by March", "before dec 1", "by the 15th of march", "until Sept": a month, spelled out or cut short, with its day.
_BY_MONTH = re.compile(
    r"\b(?:by|before|until|till|til|in)\s+(?:the\s+)?(?:early\s+|mid[- ]|late\s+|end of\s+)?"
    r"(?:(?P<day1>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?)?("
    + "|".join(m for m in _MONTHS if m != "may")
    + r"|may(?=\s*(?:\d|$|[.,;]))|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?"
    r"(?:\s*(?P<day2>\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:weeks?|months?|days?|people|devs?|%)))?",
    re.IGNORECASE,
)
_MONTH_NAME = r"(?:" + "|".join(_MONTHS) + r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)"
# A month that is when the builder is free: "on holiday in december", "off over august", "during the july holidays",
# "build it in january while the shop is closed".
_MONTH_WINDOW = re.compile(
    r"\b(?:holidays?|vacation|free|off|on leave|on break|time off)\b[^.;]{0,25}?\b(?:in|during|over|for|through)\s+(?:the\s+)?"
    + _MONTH_NAME + r"\b|\b(?:in|during|over|through)\s+(?:the\s+)?" + _MONTH_NAME
    + r"\s+(?:holidays?|break|vacation|school holidays)\b|\b(?:build|code|make|do|work on)\s+(?:it|this|the app)\s+"
    r"(?:in|during|over|through)\s+(?:the\s+)?" + _MONTH_NAME + r"\b(?!\s*\d)",
    re.IGNORECASE,
)
_SOLO = re.compile(
    r"\b(solo|just me|only me|by myself|on my own|alone|myself only|single developer|one developer|s[oó]lo yo|"
    r"yo s[oó]lo|nur ich|moi seul|"
    r"one dev|one engineer|one person|i'?m the only (?:dev|developer|engineer|one))\b",
    re.IGNORECASE,
)
_TEAM_OF = re.compile(r"\bteam of\s+" + _NUM + r"\b", re.IGNORECASE)
_OF_US = re.compile(r"\b" + _NUM + r" of us\b", re.IGNORECASE)
_N_PEOPLE = re.compile(
    r"\b" + _NUM + r"\s+(?:full[- ]time\s+|part[- ]time\s+|senior\s+|junior\s+)?"
    r"(devs?|developers?|engineers?|programmers?|people|persons|co-?founders?|founders?|coders?)\b",
    re.IGNORECASE,
)
# "me and my cousin", "me n my brother", "me + 1 dev", "my wife and I": two people build it.
_PERSON = (r"(?:co-?founder|partner|friend|mate|buddy|pal|bro|cousin|brother|sister|nephew|niece|wife|husband|"
           r"girlfriend|boyfriend|fianc[eé]e?|missus|son|daughter|dad|mum|mom|uncle|aunt|colleague|co-?worker|"
           r"flatmate|housemate|roommate|classmate|neighbou?r|dev|developer|engineer|designer|programmer|coder|"
           # "its just me and my lad": the one who works with them.
           r"lad|boy|girl|apprentice|helper|assistant|other half|better half|"
           r"freelancer|1|one)")
_PAIR = re.compile(
    # "me and me brother in law": "me" is "my" in many Englishes.
    r"\b((?:me|myself) (?:and|n|&|\+|plus) (?:my |me |a |one |another |1 )?" + _PERSON + r"|(?:my |a )?" + _PERSON
    + r" and (?:i|me))\b|\bme\s*\+\s*1\b", re.IGNORECASE
)


_CLAUSE_OPENERS = frozenset(("when", "whenever", "where", "if", "while", "until", "once"))


def feature_name(item: str, max_words: int = MAX_NAME_WORDS) -> str:
    """At most six words, cut at a phrase boundary: 'Read feedback in a Google Form' never ends on 'a Google'."""
    words = item.split()
    if len(words) <= max_words:
        return item.strip(" ,;:")
    name = _cut_name(item, words, max_words)
    doer = DOER_CAN.match(item)
    if doer and len(item[doer.end():].split()) >= 2 and len(name.split()) <= len(item[: doer.end()].split()) + 1:
        # "Each rider can check his own balance by SMS" was "Each rider can check": cut down to who and the bare verb,
        # the name is what is done ("Check his own balance by SMS"); who does it is the row's own description.
        rest = item[doer.end():].strip()
        return feature_name(rest[:1].upper() + rest[1:], max_words)
    bare = [word for index, word in enumerate(words) if index == 0 or word.lower() not in ("the", "a", "an")]
    if _DANGLING.search(name) and len(bare) <= max_words:
        # "Say when they'll be at the plot" is not "Say when they'll be": over by an article, the name drops that.
        return " ".join(bare).strip(" ,;:")
    return name


# Who does it and a modal, opening a row: "Each rider can", "The treasurer should", "Parents will be able to".
DOER_CAN = re.compile(r"^\s*(?:(?:each|every|all|the|our|my|any)\s+)?[a-z][\w'-]*\s+(?:can|could|should|will|must|may|"
                       r"gets? to|is able to|are able to)\s+(?:also\s+)?(?:be able to\s+)?"
                       # "Reminders can go out by SMS": a thing that happens, not someone doing it.
                       r"(?!(?:go|come|be|get|arrive|appear|happen|run|wait|sync|show up|pop up)\b)(?=[a-z])", re.IGNORECASE)


# A name never ends on a verb that waits for the rest of its clause ("Say when they'll be").
_DANGLING = re.compile(r"\b(?:be|is|are|was|were|been|being|'ll|\w+'ll|will|would|can|could|should|must|gets?|has|have)$",
                       re.IGNORECASE)


def _cut_name(item: str, words: list[str], max_words: int) -> str:
    # "Text them when it's ready to collect" is "Text when ready to collect", not "Text them".
    about = about_clause(words, 2, max_words, _NAME_BREAKS, _NAME_TAIL) if words[2].lower() in _CLAUSE_OPENERS else ""
    about = about or notice_clause(words, max_words)
    if about:
        return about
    for cut in range(max_words, 1, -1):
        if words[cut].lower() in _NAME_BREAKS:
            head = words[:cut]
            following = words[cut + 1].lower() if cut + 1 < len(words) else ""
            if (words[cut].lower() in ("before", "after") and len(head) >= 2 and head[-1].lower() in _TIME_NOUNS
                    and head[-2].lower() in _TIME_LEADS and following not in _OBJECT_LEADS):
                # "a text the day before saying I'm coming": "the day before" is a whole time, no clause begins there.
                return " ".join(words[: cut + 1]).strip(" ,;:")
            if (words[cut].lower() in ("before", "after") and len(head) >= 4
                    and head[-1].lower() in _TIME_NOUNS and head[-2].lower() in _TIME_LEADS):
                head = head[:-2]
            while len(head) > 1 and head[-1].lower() in _NAME_TAIL:
                head.pop()
            # "List for tuesday of what [to buy at makro]": a name never ends on the wh-word its clause needed.
            while len(head) > 2 and head[-1].lower() in _WH_WORDS:
                head.pop()
                while len(head) > 2 and head[-1].lower() in _NAME_TAIL:
                    head.pop()
            # "a text to the homeowner when the crew is [on the way]": a clause cut short is no part of the name.
            opener = next((i for i in range(2, len(head)) if head[i].lower() in _CLAUSE_OPENERS), len(head))
            head = head[:opener]
            if len(head) >= 2:
                return " ".join(head).strip(" ,;:")
    head = words[:max_words]
    if head[-1][:1].isdigit() and len(words) <= max_words + 2:
        # "a text when the technician is 15 minutes away": a number keeps its unit, never "… is 15".
        return item.strip(" ,;:")
    while len(head) > 2 and head[-1].lower() in _NAME_TAIL | _NAME_BREAKS:
        head.pop()
    if len(head) >= 3 and head[-2].lower() in _OWNERS and len(words) > len(head):
        # "Reminder to pick up your reserved stuff" is not "… your reserved": a noun's modifier waits for the noun;
        # one word over keeps the name whole, more drops the noun's words.
        return " ".join(words[: len(head) + 1] if len(words) == len(head) + 1 else head[:-2]).strip(" ,;:")
    return " ".join(head).strip(" ,;:")


_WH_WORDS = frozenset(("what", "which", "who", "whom", "whose", "where", "how", "whatever"))
_OWNERS = frozenset(("your", "their", "my", "our", "his", "her", "its", "the", "a", "an", "each", "every"))


class EditRejected(ValueError):
    """A table edit that is refused; the message says what is wrong and what is allowed."""


def _number_word(token: str) -> float:
    token = token.lower().replace(" of", "").strip()
    if token in _NUMBER_WORDS:
        return float(_NUMBER_WORDS[token])
    return float(token)


# "a reminder to pay the balance a week before", "2 days after the party": when something happens, not how long it
# takes. "9 weeks before December" and "6 weeks before launch" are the time there is.
_OFFSET = re.compile(
    r"\s*(?:beforehand|ahead|earlier|afterwards|later|early|late|in advance|(?:before|after|prior)\b(?!\s+(?:the\s+)?(?:"
    + "|".join(_MONTHS) + r"|christmas|xmas|easter|diwali|eid|ramadan|summer|winter|spring|autumn|fall|launch|"
    r"(?:the\s+)?(?:season|deadline|end)|we (?:launch|open|go live))\b))",
    re.IGNORECASE,
)


def timeframe_weeks(text: str, today: date | None = None, deadline_cue_needed: bool = False) -> float | None:
    """Calendar weeks of the first timeframe in the text ('4 weeks', 'a month', 'by March'), or None."""
    for match in _TIMEFRAME.finditer(text):
        before = text[: match.start()]
        if _RHYTHM_BEFORE.search(before):
            continue
        if deadline_cue_needed and not _DEADLINE_CUE.search(before):
            continue
        after = text[match.end() : match.end() + 12].lower()
        # "2 days a week", "10 hours per week": how often, not how long there is.
        if re.match(r"\s*(ago|old|(?:a|per|/|each|every)\s*(?:week|wk|month|day)\b)", after) or _OFFSET.match(text, match.end()):
            continue
        amount = _number_word(match.group(1))
        unit = match.group(2).lower()
        unit = _UNIT_NAMES.get(unit, _UNIT_NAMES.get(unit.rstrip("s"), unit))
        per_unit = {"day": 1 / 7, "week": 1.0, "wk": 1.0, "month": 4.0, "quarter": 13.0, "year": 52.0}[unit]
        return max(0.5, round(amount * per_unit, 2))
    if _MONTH_WINDOW.search(text):
        # "my cousin is on holiday in december so he can build it": the month is the time there is, not a deadline.
        return 4.0
    month = _BY_MONTH.search(text)
    if month:
        today = today or date.today()
        target_month = next(i for i, name in enumerate(_MONTHS, 1) if name.startswith(month.group(2).lower()[:3]))
        day = int(month.group("day1") or month.group("day2") or 0)
        if 1 <= day <= 31:
            # "need it before dec 1" said on 27 November: four days, not the month of December.
            year = today.year if (target_month, day) > (today.month, today.day) else today.year + 1
            try:
                deadline = date(year, target_month, day)
            except ValueError:
                deadline = date(year, target_month, 28)
            return max(0.5, round((deadline - today).days / 7, 1))
        year = today.year if target_month > today.month else today.year + 1
        if target_month == today.month:
            return max(1.0, round((30 - today.day) / 7, 1))
        days = (date(year, target_month, 1) - today).days
        return max(1.0, round(days / 7, 1))
    return None


# "me + 2 devs", "me and my 2 boys", "me and the 3 lads": the people named, and the founder.
_ME_PLUS = re.compile(r"\bme\s*(?:\+|and|plus|&|n)\s*(?:my\s+|me\s+|the\s+)?" + _NUM + r"\s*(?:more\s+)?(?:devs?|developers?|"
                      r"engineers?|people|friends?|others?|designers?|programmers?|freelancers?|boys|lads|guys|girls|"
                      r"sons|daughters|brothers|sisters|cousins|staff|workers|apprentices|helpers|mates)?\b"
                      r"(?!\s*(?:weeks?|months?|days?))", re.IGNORECASE)


def team_size(summary: DiscoverySummary) -> int | None:
    """People building Phase 1, when discovery said so ('solo' = 1, 'two devs' / 'team of 3' = n, 'me + 1 dev' = 2)."""
    for source in (summary.constraints, summary.why_now):
        plus = _ME_PLUS.search(source)
        if plus and plus.group(1).lower() not in ("a", "an") and 1 <= _number_word(plus.group(1)) <= 49:
            return int(_number_word(plus.group(1))) + 1
        crew = founder_and_others(source)
        if crew and not (_TEAM_OF.search(source) or _OF_US.search(source)):
            # "one developer and myself", "two devs and me": the others and the founder ("4 of us" says it outright).
            return crew
        for pattern in (_TEAM_OF, _OF_US, _N_PEOPLE):
            match = pattern.search(source)
            # 'a developer' says nothing about headcount; 200 'people' are users, not builders.
            if (
                match
                and match.group(1).lower() not in ("a", "an")
                and 1 <= _number_word(match.group(1)) <= 50
            ):
                return int(_number_word(match.group(1)))
        if _PAIR.search(source):
            return 2
        if _SOLO.search(source):
            return 1
    return None


# How much of a working week the builders have, when they say they build part-time: "10 hours a week", "2 days a
# week", "weekends", "evenings", "part-time". A person-week of effort is a full week's work, so "two of us, evenings
# only" is not two full-time people: the scope says how long Phase 1 then takes. Said beside "full-time", it is left
# alone.
_HOURS_A_WEEK = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:hours?|hrs?|h)\s*(?:a|per|/|each|every)\s*week\b", re.IGNORECASE)
_DAYS_A_WEEK = re.compile(r"\b([1-4]|one|two|three|four)\s*days?\s*(?:a|per|/|each|every)\s*week\b", re.IGNORECASE)
_WEEKENDS = re.compile(r"\b(?:weekends?|sat(?:urday)?s?\s*(?:and|&|\+|n)\s*sun(?:day)?s?)\b", re.IGNORECASE)
_EVENINGS = re.compile(r"\b(?:evenings?|nights?|after (?:work|hours|school|my shift)|in (?:my|our) spare time|spare time)\b",
                       re.IGNORECASE)
_PART_TIME = re.compile(r"\b(?:part[- ]?time|half[- ]time|half (?:the|a) week)\b", re.IGNORECASE)
_FULL_TIME = re.compile(r"\bfull[- ]?time\b", re.IGNORECASE)


def time_share(summary: DiscoverySummary) -> tuple[float, str] | None:
    """The share of a working week the builders have and how it was said, or None (full-time, or not said)."""
    text = summary.constraints
    if not text.strip() or _FULL_TIME.search(text):
        return None
    if hours := _HOURS_A_WEEK.search(text):
        share = float(hours.group(1)) / 40
        return (round(min(1.0, share), 2), hours.group(0)) if share > 0 else None
    if days := _DAYS_A_WEEK.search(text):
        return round(_number_word(days.group(1)) / 5, 2), days.group(0)
    weekends, evenings = _WEEKENDS.search(text), _EVENINGS.search(text)
    if weekends and evenings:
        return 0.7, "evenings and weekends"
    if weekends:
        return 0.4, "weekends"
    if evenings:
        return 0.3, evenings.group(0).lower()
    if part := _PART_TIME.search(text):
        return 0.5, part.group(0).lower()
    return None


def effort_budget_weeks(summary: DiscoverySummary, today: date | None = None) -> float:
    """Person-weeks for Phase 1: calendar weeks (capped at 4) × people; 4 weeks × 1 person by default. Builders who
    build part-time (time_share) are not scaled down here: the scope says what the budget means at their share."""
    weeks = timeframe_weeks(summary.constraints, today)
    if weeks is None:
        others = ". ".join(
            summary.value_text(a) for a in ("why_now", "success_metric", "revenue_model", "core_problem")
        )
        weeks = timeframe_weeks(others, today, deadline_cue_needed=True)
    calendar = min(PHASE1_MAX_CALENDAR_WEEKS, weeks if weeks is not None else DEFAULT_CALENDAR_WEEKS)
    return round(calendar * (team_size(summary) or 1), 2)


def _parse_number(raw: str, label: str, expected: str) -> float:
    text = raw.strip().lower().replace(",", "").replace("_", "")
    text = re.sub(r"\s*(person[- ]?weeks?|pw|weeks?|wks?|w|users?|people)\s*$", "", text)
    scale = 1.0
    if text.endswith("k"):
        scale, text = 1_000.0, text[:-1]
    elif text.endswith("m"):
        scale, text = 1_000_000.0, text[:-1]
    try:
        value = float(text) * scale
    except ValueError:
        raise EditRejected(f"{label} must be {expected}, got {raw.strip()!r}") from None
    if math.isnan(value) or math.isinf(value):
        raise EditRejected(f"{label} must be {expected}, got {raw.strip()!r}")
    return value


def validate_edit(field: str, raw: str) -> float | int | str:
    """The value a table cell may take, or EditRejected saying what is wrong and what is allowed."""
    field = field.strip().lower()
    raw = str(raw)
    if field not in EDITABLE_FIELDS:
        raise EditRejected(f"{field!r} cannot be edited; editable fields are {', '.join(EDITABLE_FIELDS)}")
    if not raw.strip():
        raise EditRejected(f"{field.capitalize()} cannot be empty")
    if field == "reach":
        value = _parse_number(raw, "Reach", "a number of users per quarter")
        if value < 0:
            raise EditRejected(f"Reach must be 0 or more users per quarter, got {raw.strip()!r}")
        return value
    if field == "impact":
        word = raw.strip().lower()
        if word in IMPACT_WORDS:
            return IMPACT_WORDS[word]
        allowed = "one of 0.25, 0.5, 1, 2, 3 (minimal, low, medium, high, massive)"
        value = _parse_number(raw, "Impact", allowed)
        for allowed_value in IMPACT_VALUES:
            if math.isclose(value, allowed_value):
                return allowed_value
        raise EditRejected(f"Impact must be {allowed}, got {raw.strip()!r}")
    if field == "confidence":
        text = raw.strip()
        percent = text.endswith("%")
        value = _parse_number(text.rstrip("%"), "Confidence", "a percentage from 0 to 100 (e.g. 80 or 80%)")
        if percent or value > 1:
            value /= 100
        if value < 0 or value > 1:
            raise EditRejected(f"Confidence must be between 0 and 100%, got {raw.strip()!r}")
        return round(value, 4)
    if field == "effort":
        value = _parse_number(raw, "Effort", "a number of person-weeks greater than 0")
        if value <= 0:
            raise EditRejected(f"Effort must be greater than 0 person-weeks, got {raw.strip()!r}")
        return value
    if field == "priority":
        text = raw.strip().upper()
        if text in PRIORITY_PHASE:
            return text
        raise EditRejected(f"Priority must be P0, P1 or P2, got {raw.strip()!r}")
    text = re.sub(r"^\s*phase\s*", "", raw.strip().lower())
    if text in ("1", "2", "3"):
        return int(text)
    raise EditRejected(f"Phase must be 1, 2 or 3, got {raw.strip()!r}")


def apply_edit(output: ScopingOutput, feature_name: str, field: str, raw: str) -> ScopingOutput:
    """A new output with one validated cell changed, marked as edited and pinned, then rescored."""
    value = validate_edit(field, raw)
    field = field.strip().lower()
    new = output.model_copy(deep=True)
    feature = new.feature(feature_name)
    if feature is None:
        names = ", ".join(f.name for f in new.mvp_features) or "none"
        raise EditRejected(f"There is no feature called {feature_name!r}; the features are: {names}")
    setattr(feature, FIELD_ATTR[field], value)
    feature.provenance[field] = Provenance(source="edited", reason="edited in the table")
    if field not in feature.pinned:
        feature.pinned.append(field)
    return rescore(new)


def _pinned_phase(feature: Feature) -> int | None:
    if "phase" in feature.pinned:
        return feature.phase
    if "priority" in feature.pinned:
        return PRIORITY_PHASE[feature.priority]
    return None


def rescore(output: ScopingOutput, team: int | None = None) -> ScopingOutput:
    """Scores, order, cut line, phases and priorities recomputed; the user's pinned values kept.

    The best-scoring feature of massive impact (3, the one solving the core problem) always stays in
    Phase 1 unless the user pinned it elsewhere: an MVP without its core flow is not an MVP.
    """
    new = output.model_copy(deep=True)
    for feature in new.mvp_features:
        feature.rice_score = feature.compute_score()
    new.mvp_features = sorted(new.mvp_features, key=lambda f: -f.rice_score)
    budget = new.effort_budget_weeks
    core = next((f for f in new.mvp_features if f.rice_impact >= 3 and _pinned_phase(f) is None), None)
    used = sum(f.rice_effort for f in new.mvp_features if _pinned_phase(f) == 1 or f is core)
    below: list[Feature] = []
    line_open = True
    for feature in new.mvp_features:
        pinned = _pinned_phase(feature)
        if pinned is not None:
            feature.phase = pinned
        elif feature is core:
            feature.phase = 1
        elif line_open and used + feature.rice_effort <= budget + 1e-9:
            feature.phase = 1
            used += feature.rice_effort
        else:
            line_open = False
            below.append(feature)
    lowest_third = math.ceil(len(below) / 3) if len(below) >= 2 else 0
    for index, feature in enumerate(below):
        feature.phase = 3 if index >= len(below) - lowest_third else 2
    for feature in new.mvp_features:
        if "priority" not in feature.pinned:
            feature.priority = PHASE_PRIORITY[feature.phase]  # type: ignore[assignment]
    # Above the line, Phase 1 by score; below it, the rest by score (sorted() is stable on ties).
    new.mvp_features = sorted(new.mvp_features, key=lambda f: (f.phase != 1, -f.rice_score))
    new.implementation_phases = _phases(new, team if team is not None else new.team_size)
    return new


def _phases(output: ScopingOutput, team: int | None) -> list[ImplementationPhase]:
    existing = {p.phase_number: p for p in output.implementation_phases}
    phases = []
    for number in (1, 2, 3):
        members = [f for f in output.mvp_features if f.phase == number]
        if number > 1 and not members:
            continue  # a later phase with nothing in it is noise in the plan and the spec
        effort = sum(f.rice_effort for f in members)
        name, goal = DEFAULT_PHASES[number]
        if number in existing:
            name, goal = existing[number].name, existing[number].goal
        phases.append(
            ImplementationPhase(
                phase_number=number,
                name=name,
                goal=goal,
                estimated_weeks=round(effort / team, 1) if team else round(effort, 1),
                features=[f.name for f in members],
            )
        )
    return phases


def cut_line_index(output: ScopingOutput) -> int:
    """How many rows sit above the MVP cut line: the Phase 1 rows, which rescore puts first."""
    return sum(1 for feature in output.mvp_features if feature.phase == 1)


def phase_effort(output: ScopingOutput, phase: int = 1) -> float:
    """Person-weeks of effort in one phase."""
    return round(sum(f.rice_effort for f in output.mvp_features if f.phase == phase), 2)
