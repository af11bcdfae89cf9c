"""Lists under a heading of their own, as a founder (or the chat model writing for one) sets out an answer:

    Top priorities, in order:
    1. Online visit requests — the owner picks the animal, the problem and a day
    2. Day route: today's visits in driving order
    Nice to have: payments by card. Definitely not now: a client portal.

The heading says what the items are whatever the PM asked (wishes, nice-to-haves, things for later, who it is for,
what is used today), and an item written "Name — what it means" is one wish called Name, the rest its detail, not a
list of its own. `labelled_lists` rewrites such a message into the labelled statements the extractor already reads
("Features: …", "Target user: …"), one per item.
"""

from __future__ import annotations

import re

from pmtui.product.rice import WAITS_MARK

# What a heading calls its items, by kind.
_HEADINGS: dict[str, str] = {
    "wish": r"(?:(?:my|our|the)\s+)?(?:(?:top|main|key|core|must[- ]have|first|biggest)\s+)?(?:priorities|features?|"
            r"requirements|needs|wishes|wish ?list|feature ?list|functions?)|must[- ]haves?|what (?:it|the app) "
            r"(?:should|must|needs to) do|(?:the\s+)?mvp|(?:v|version\s*)1|phase\s*1|for (?:the\s+)?first version|"
            # MoSCoW as founders type it: "Must: …", "Should have: …", "Essentials: …".
            r"musts?(?: have)?|should(?: have)?|essentials?|core|"
            # "In order of importance: (1) … (2) …": a ranked list is the wishes.
            r"in order of (?:importance|priority)|(?:ranked |sorted )?by (?:importance|priority)|most important first|"
            # "MVP scope in my head: …", "V1 scope: …", "In scope: …".
            r"(?:(?:the|my)\s+)?(?:mvp|v1|first version)\s+scope(?:\s+in my head)?|in scope|scope for (?:the )?mvp",
    "nice": r"nice[- ]to[- ]haves?|(?:would|'d) be nice|nice|bonus(?:es)?|stretch(?: goals?)?|extras?|optional|"
            r"if time allows|could(?: have)?",
    # "N/A: loyalty", "Won't: a marketplace", "Skip: chat": said only to say it is not wanted.
    "never": r"n/?a|won'?t(?: have)?|skip|not needed|no need|don'?t need|not wanted|no thanks|nope",
    "later": r"(?:(?:definitely|probably|absolutely|but)\s+)?not (?:now|yet|for (?:now|v1|the mvp|the first version))|"
             r"later|(?:for\s+)?(?:v|version\s*)2|phase\s*2|out of scope|(?:can|could) wait|future|someday|down the line",
    "users": r"who (?:it'?s|it is) for|(?:(?:the|our|my|main|primary|target)\s+)*(?:users?|audience|customers?)",
    "today": r"(?:(?:the|our|my)\s+)?(?:current (?:process|solution|setup|set-up|workflow|system|way|tools?)|status quo|"
             r"how (?:we|i|they) do it (?:now|today)|what (?:we|i|they) (?:use|do) (?:now|today)|today)",
}
_HEADING = re.compile(
    r"^\s*(?:(?:so|ok(?:ay)?|well|basically)[\s,]+)?(?:(?:the|my|our)\s+(?:(?:absolute|real)\s+)?)?(?P<label>" + "|".join(f"(?P<{kind}>{pattern})" for kind, pattern in _HEADINGS.items())
    + r")(?:\s*,?\s*(?:in (?:that |this )?order(?: of (?:priority|importance))?|ranked|roughly))?\s*:\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_ITEM = re.compile(r"^\s*(?:[-*\u2022]|\d{1,2}[.)])\s+(?P<item>\S.*)$")
# "Online visit requests — …", "Day route: …", "Reminders - …": a short name, then what it means.
_NAMED_ITEM = re.compile(r"^(?P<name>[^\s:\u2014\u2013,.;()][^:\u2014\u2013,.;()]{1,48}?)\s*(?:\s[\u2014\u2013-]+\s|:\s+)"
                         r"(?P<detail>\S.*)$")
_LABEL_OF = {"wish": "Features", "nice": "Features", "later": "Features", "users": "Target user", "today": "Today",
             "never": ""}
# "maybe" is how feature_items hears a nice-to-have; a wish for later carries the mark a scope note gives it.
_MARK_OF = {"wish": "", "nice": " maybe", "later": f" {WAITS_MARK}"}


def _named(item: str) -> str:
    """'Online visit requests — the owner picks the animal, the problem and a day' -> 'Online visit requests (the
    owner picks the animal, the problem and a day)': the name is the wish, the rest its detail, no list of its own."""
    match = _NAMED_ITEM.match(item.strip())
    if not match or len(match.group("name").split()) > 5:
        return item.strip(" .")
    return f"{match.group('name').strip()} ({match.group('detail').strip(' .')})"


def _kind(match: re.Match[str]) -> str:
    return next(kind for kind in _HEADINGS if match.group(kind))


def _statement(kind: str, items: list[str]) -> list[str]:
    if kind == "never":
        return []
    if kind in _MARK_OF:
        return [f"{_LABEL_OF[kind]}: {_named(item)}{_MARK_OF[kind]}" for item in items]
    return [f"{_LABEL_OF[kind]}: {'; '.join(item.strip(' .') for item in items)}"]


def _inline_headings(line: str) -> list[str]:
    """'Nice to have: payments by card. Definitely not now: a client portal.' -> one line per heading, when the
    line is made of headed sentences (a sentence without one stays where it is)."""
    # A sentence ends after a word ("tests. Nice to have"), not after a list number ("4. Reminders").
    sentences = re.split(r"(?<=[A-Za-z)'\"][.!?])\s+(?=[A-Z])", line)
    if len(sentences) < 2 or not any(_HEADING.match(s) for s in sentences):
        return [line]
    return sentences


# "The must-haves would be booking a class, seeing the timetable and paying online", "our top priorities are …": the
# heading said as a sentence.
_SAID_HEADING = re.compile(
    r"^(?P<lead>\s*(?:(?:so|ok(?:ay)?|well|basically)[\s,]+)?(?:the|my|our)\s+(?:(?:main|top|key|core|biggest|real|"
    r"absolute|first)\s+)*(?:must[- ]haves|priorities|features|requirements|needs|nice[- ]to[- ]haves))"
    r"\s+(?:would be|will be|should be|are|=)\s+(?=\S)",
    re.IGNORECASE,
)


def labelled_lists(text: str) -> str:
    """The message with each headed list (and each headed wish said inline) as labelled statements, one per item;
    a message with no such heading comes back as it was."""
    text = "\n".join(_SAID_HEADING.sub(lambda m: m.group("lead").strip() + ": ", line) for line in text.split("\n"))
    if ":" not in text:
        return text
    lines = [piece for line in text.split("\n") for piece in _inline_headings(line)]
    out: list[str] = []
    index = 0
    changed = False
    while index < len(lines):
        heading = _HEADING.match(lines[index])
        if not heading:
            out.append(lines[index])
            index += 1
            continue
        kind = _kind(heading)
        rest = heading.group("rest").strip()
        items = [rest] if rest else []
        following = index + 1
        while following < len(lines) and (item := _ITEM.match(lines[following])):
            items.append(item.group("item"))
            following += 1
        if not items or (not rest and following == index + 1) or (kind in ("users", "today") and following == index + 1):
            # "Users: 40 dog owners" alone is a label the extractor reads as it is.
            out.append(lines[index])
            index += 1
            continue
        out.extend(_statement(kind, items))
        changed = True
        index = following
    return "\n".join(out) if changed else text
