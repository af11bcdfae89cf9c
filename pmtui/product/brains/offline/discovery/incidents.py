"""A time it went wrong, told after the problem: "…she double books saturdays. last month she baked two wedding cakes
for the same day and nearly died" answered "what do they do instead?", and the story was filed as today's way.

An incident ("last month …", "the other day …", "two weeks ago …", "once …") told right after a sentence about what
goes wrong is that problem's story: it joins the sentence before it, whatever was asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable

INCIDENT = re.compile(
    r"^\W*(?:(?:and|so|like|plus|also|then|honestly|literally)[\s,]+)*(?:last\s+(?:week|month|year|night|time|summer|"
    r"winter|spring|autumn|fall|christmas|easter|season|term|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|"
    r"yesterday|the\s+other\s+(?:day|week|night)|one\s+time|once|earlier\s+this\s+(?:week|month|year)|"
    r"(?:a|one|two|three|four|a\s+few|a\s+couple(?:\s+of)?|couple(?:\s+of)?)\s+(?:days?|weeks?|months?|years?)\s+"
    r"(?:ago|back))\b[\s,]+[\w'-]+\s+[\w'-]+",  # a clause follows: "last Saturday three people turned up"
    re.IGNORECASE,
)


def incidents_joined(sentences: list[str], about_the_problem: Callable[[str], bool]) -> list[str]:
    """The sentences, each incident told right after a sentence about the problem joined to it."""
    joined: list[str] = []
    for sentence in sentences:
        if joined and INCIDENT.match(sentence) and about_the_problem(joined[-1]):
            joined[-1] = f"{joined[-1].rstrip(' .!;')}, and {sentence.strip()}"
        else:
            joined.append(sentence)
    return joined
