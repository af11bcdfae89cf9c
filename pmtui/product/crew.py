"""The founder and the others who build with them, said in either order: "one developer and myself", "me plus a
designer", "two devs and me", "myself and a part-time designer" — the others and the founder, counted together."""

from __future__ import annotations

import re

_COUNTS = {"a": 1, "an": 1, "one": 1, "my": 1, "our": 1, "another": 1, "two": 2, "three": 3, "four": 4, "five": 5,
           "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_NUMBER = r"\d{1,2}|a|an|one|my|our|another|two|three|four|five|six|seven|eight|nine|ten"
_KIND = r"(?:(?:full|part)[- ]?time|freelance|contract|junior|senior|remote|backend|frontend|mobile|ios|android|web)"
_BUILDER = (r"(?:devs?|developers?|engineers?|designers?|programmers?|coders?|freelancers?|contractors?|testers?|"
            r"interns?|co-?founders?|partners?|colleagues?)")
_FOUNDER = r"(?:me|myself|i)"
_JOIN = r"\s*(?:and|plus|&|\+)\s*"


def _others(group: str) -> str:
    return rf"(?P<{group}>{_NUMBER})\s+(?:{_KIND}\s+){{0,2}}{_BUILDER}"


# "one developer and myself", "two devs and me"; "me plus a designer", "myself and a part-time designer".
_CREW = re.compile(rf"\b(?:{_others('before')}{_JOIN}{_FOUNDER}|{_FOUNDER}{_JOIN}{_others('after')})\b"
                   r"(?!\s*(?:weeks?|months?|days?))", re.IGNORECASE)


def founder_and_others(text: str) -> int | None:
    """How many build it when the founder is named with the others ('one developer and myself' = 2), else None."""
    match = _CREW.search(text)
    if match is None:
        return None
    raw = match.group("before") or match.group("after")
    count = int(raw) if raw.isdigit() else _COUNTS[raw.lower()]
    return count + 1 if 1 <= count <= 49 else None
