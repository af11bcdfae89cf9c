"""A time of day or a weekday the criterion schedules at, against the code's schedules (round 15).

"The nightly cleanup runs at 03:00 UTC", "the digest is sent every Monday at 9am": a cron expression (`0 3 * * *`,
Kubernetes `schedule:`, a crontab line, Spring's six fields), APScheduler's `CronTrigger(day_of_week="mon", hour=9)`
or `add_job(..., "cron", hour=3)`, and `schedule.every().monday.at("09:00")` state when a job runs. When the file
states schedules and none runs at the criterion's time and day, the job runs at another time (`3 0 * * *` is 00:03,
minute and hour swapped; `day_of_week="sun"`; `hour=21` for 9am): near the criterion, not it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_DAYS = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")
# "at 03:00", "9am", "9 pm", "21:30", "noon", "midnight"
_CLOCK = re.compile(r"(?<![\d:.])(\d{1,2}):(\d{2})(?!\d)\s*(am|pm|a\.m\.|p\.m\.)?|(?<![\d:.])(\d{1,2})\s*(am|pm|a\.m\.|p\.m\.)(?!\w)"
                    r"|\b(noon|midday|midnight)\b", re.IGNORECASE)
_WEEKDAY = re.compile(r"\b(mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?\b", re.IGNORECASE)
_WEEKDAY_WORD = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b", re.IGNORECASE)
_FIELD = r"[\d*/,\-?A-Za-z]+"
# a quoted cron expression (`schedule: "0 3 * * *"`, `cron = "0 0 9 * * MON"`) or a crontab line and its command
_CRON = re.compile(rf"""(["'`])((?:{_FIELD}[ \t]+){{4,5}}{_FIELD})\1|^[ \t]*((?:{_FIELD}[ \t]+){{4}}{_FIELD})[ \t]+[/\w.$]""",
                   re.MULTILINE)
_KEYWORD = re.compile(r"\b(hour|minute|day_of_week)\s*=\s*([\"']?)([\w*/\-]+(?:,[\w*/\-]+)*)\2")
_EVERY_AT = re.compile(r"\.every\(\)(?:\.(\w+))?\.at\(\s*[\"'](\d{1,2}):(\d{2})")


@dataclass(frozen=True)
class Schedule:
    minutes: frozenset[int] | None  # None: any
    hours: frozenset[int] | None
    days: frozenset[int] | None


def _expand(field: str, low: int, high: int, names: tuple[str, ...] = ()) -> frozenset[int] | None:
    """The values a cron field allows (None for every value); a field it cannot read allows every value."""
    values: set[int] = set()
    for part in field.lower().split(","):
        step = 1
        if "/" in part:
            part, _, every = part.partition("/")
            if not every.isdigit() or int(every) == 0:
                return None
            step = int(every)
        if part in ("*", "?"):
            if step == 1:
                return None
            start, end = low, high
        elif "-" in part:
            first, _, last = part.partition("-")
            start_value, end_value = _value(first, names), _value(last, names)
            if start_value is None or end_value is None:
                return None
            start, end = start_value, end_value
        else:
            one = _value(part, names)
            if one is None:
                return None
            start, end = one, one
        values |= set(range(start, end + 1, step))
    return frozenset(v % 7 if names else v for v in values)


def _value(text: str, names: tuple[str, ...]) -> int | None:
    if text.isdigit():
        return int(text)
    return names.index(text[:3]) if names and text[:3] in names else None


def code_schedules(code: str) -> list[Schedule]:
    """Every schedule the code states: cron expressions, cron keywords of a trigger, `every().day.at("09:00")`."""
    found: list[Schedule] = []
    for match in _CRON.finditer(code):
        fields = (match.group(2) or match.group(3)).split()
        if len(fields) == 6:
            fields = fields[1:]  # Spring and Quartz lead with seconds
        if not all(re.fullmatch(r"[\d*/,\-?]+", f) for f in fields[:4]) or not any(f[0].isdigit() for f in fields[:2]):
            continue
        found.append(Schedule(_expand(fields[0], 0, 59), _expand(fields[1], 0, 23), _expand(fields[4], 0, 7, _DAYS)))
    for line in code.splitlines():
        keys = {name: value for name, _, value in _KEYWORD.findall(line)}
        if "hour" in keys or "day_of_week" in keys:
            found.append(Schedule(_expand(keys.get("minute", "0"), 0, 59), _expand(keys.get("hour", "*"), 0, 23),
                                  _expand(keys.get("day_of_week", "*"), 0, 7, _DAYS)))
        for day, hour, minute in _EVERY_AT.findall(line):
            days = frozenset({_DAYS.index(day[:3].lower())}) if day[:3].lower() in _DAYS else None
            found.append(Schedule(frozenset({int(minute)}), frozenset({int(hour)}), days))
    return found


def stated_time(criterion: str) -> tuple[int, int] | None:
    """The time of day the criterion states, as (hour, minute) on a 24-hour clock."""
    match = _CLOCK.search(criterion)
    if not match:
        return None
    hour_text, minute_text, half, bare, bare_half, word = match.groups()
    if word:
        return (12, 0) if word.lower() in ("noon", "midday") else (0, 0)
    hour, minute = (int(hour_text), int(minute_text)) if hour_text else (int(bare), 0)
    half = (half or bare_half or "").lower().replace(".", "")
    if half == "pm" and hour < 12:
        hour += 12
    if half == "am" and hour == 12:
        hour = 0
    return (hour, minute) if hour < 24 and minute < 60 else None


def stated_days(criterion: str) -> frozenset[int]:
    return frozenset(_DAYS.index(m.group(1)[:3].lower()) for m in _WEEKDAY_WORD.finditer(criterion))


def runs_at_another_time(criterion: str, code: str) -> str:
    """Why every schedule of the code runs at another time of day or on another day than the criterion's, or ""."""
    when, days = stated_time(criterion), stated_days(criterion)
    if when is None and not days:
        return ""
    schedules = code_schedules(code)
    if not schedules:
        return ""
    for schedule in schedules:
        hour_ok = when is None or schedule.hours is None or when[0] in schedule.hours
        minute_ok = when is None or schedule.minutes is None or when[1] in schedule.minutes
        day_ok = not days or schedule.days is None or bool(days & schedule.days)
        if hour_ok and minute_ok and day_ok:
            return ""
    wanted = " ".join(filter(None, [", ".join(_DAYS[d].title() for d in sorted(days)),
                                    f"{when[0]:02d}:{when[1]:02d}" if when else ""]))
    return f"none of its schedules runs at {wanted}"


# -- an offset before or after an event: "a reminder 24 hours before the appointment" -----------------------------
_OFFSET = re.compile(r"\b(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|ten|twelve)\s+(?:min(?:ute)?s?|h(?:ou)?rs?|"
                     r"hours?|days?|weeks?|months?)\s+(before|after|prior\s+to|ahead\s+of)\s+(?:the|my|their|his|her|its|"
                     r"each|an?|your|our)\b", re.IGNORECASE)
_NOW = re.compile(r"\bnow\b|\btoday\b|\butcnow\b|\bDate\.now\b|\btime\.time\b|\btime\.Now\b|\bInstant\.now\b", re.IGNORECASE)
_SHIFT = re.compile(r"(?P<a>[\w$.\[\]\"']+(?:\(\))?)\s*(?P<op>[+-])\s*(?P<b>[\w$.]+(?:\([^()\n]*\))?)")
_DURATION_VALUE = re.compile(r"\btimedelta\(|\bDuration\b|\bduration\b|\btime\.(?:Hour|Minute|Second)\b|\b(?:days|hours|minutes|"
                             r"seconds|weeks)\s*[=(]|\.(?:days|hours|minutes)\(|\bms\(|\bInterval\b")


def _durations(code: str) -> set[str]:
    """Names the code assigns a duration: `REMIND_BEFORE = timedelta(hours=24)`, `const lead = 24 * time.Hour`."""
    return {m.group(1) for m in re.finditer(r"^\s*(?:const\s+|let\s+|var\s+|final\s+)?([A-Za-z_]\w*)\s*(?::\s*\w+\s*)?=(?!=)([^\n]*)",
                                            code, re.MULTILINE) if _DURATION_VALUE.search(m.group(2))}


def shifts_the_other_way(criterion: str, code: str) -> str:
    """Why every time the code shifts from an event by a duration lies on the other side of it than the criterion's
    "N hours before/after the event" (`starts_at + REMIND_BEFORE` is after the start), or ""."""
    said = _OFFSET.search(criterion)
    if not said:
        return ""
    wanted = "-" if said.group(1).lower() in ("before", "prior to", "ahead of") else "+"
    named = _durations(code)
    signs = []
    for line in code.splitlines():
        for shift in _SHIFT.finditer(line):
            a, b = shift.group("a"), shift.group("b")
            if _NOW.search(a) or a.replace(".", "").isdigit():
                continue  # `now + 24h` is a window from now, not an offset from the event
            if _DURATION_VALUE.search(b) or b in named:
                signs.append(shift.group("op"))
    if signs and wanted not in signs:
        side = "after" if wanted == "-" else "before"
        return f"it sets the time {side} the event, the criterion says {said.group(1).lower()}"
    return ""


# -- a time that has passed: "published once their publish_at time has passed" -------------------------------------
_PASSED = re.compile(r"\b(?:once|when|after|if|whose)\s+(?:the\s+|its\s+|their\s+)?([A-Za-z_][\w-]*)(?:\s+(?:time|date))?\s+"
                     r"(?:has|have|is|are)\s+(?:passed|past|reached|due|elapsed|gone\s+by)\b", re.IGNORECASE)
_COMPARED_WITH_NOW = re.compile(r"(?P<a>[\w$.]+(?:\(\))?)\s*(?P<op><=|>=|<|>)\s*(?P<b>[\w$.]+(?:\(\))?)")


def waits_for_the_future(criterion: str, code: str) -> str:
    """Why every comparison of the criterion's time with now keeps the times still to come, or ""."""
    said = _PASSED.search(criterion)
    if not said:
        return ""
    word = said.group(1).lower().replace("-", "_")
    sides = []
    for found in _COMPARED_WITH_NOW.finditer(code):
        a, op, b = found.group("a"), found.group("op"), found.group("b")
        if _NOW.search(b) and word in a.lower():
            sides.append(op in ("<", "<="))
        elif _NOW.search(a) and word in b.lower():
            sides.append(op in (">", ">="))
    if sides and not any(sides):
        return f"it keeps the {word} still to come, not the ones that have passed"
    return ""


# -- a rate's window: "100 requests per minute" ---------------------------------------------------------------------
_RATE = re.compile(r"\b\d+\s*(?:req(?:uest)?s?|calls?|hits?|messages?|attempts?|emails?|sms|uploads?|logins?)\s*"
                   r"(?:/|per|an?|every)\s*(sec(?:ond)?|min(?:ute)?|h(?:ou)?r|hour|day)s?\b", re.IGNORECASE)
_WINDOW = re.compile(r"^\s*(?:const\s+|let\s+|var\s+)?(\w*(?:window|period|interval)\w*)\s*(?::\s*\w+\s*)?=\s*"
                     r"(\d[\d_]*(?:\.\d+)?(?:\s*\*\s*\d[\d_]*(?:\.\d+)?)*)\s*;?\s*(?:#.*|//.*)?$", re.IGNORECASE | re.MULTILINE)
_SECONDS = {"sec": 1, "min": 60, "hr": 3600, "hou": 3600, "day": 86400}


def counts_over_another_window(criterion: str, code: str) -> str:
    """Why every window the code counts a rate over is of another length than the criterion's unit of time, or ""."""
    said = _RATE.search(criterion)
    if not said:
        return ""
    target = _SECONDS[said.group(1).lower()[:3]]
    windows = []
    for name, value in _WINDOW.findall(code):
        number = 1.0
        for factor in value.replace("_", "").split("*"):
            number *= float(factor)
        windows.append(number / 1000 if re.search(r"ms\b|_MS|Ms\b|millis", name) else number)
    if windows and not any(abs(w - target) < 1e-9 for w in windows):
        return f"it counts over {windows[0]:g} s, the criterion's rate is per {said.group(1).lower()}"
    return ""
