"""Who it is for, said as whom the founder looks after: "I coordinate volunteers at a community food bank in
Leicester. We have around 120 volunteers and every week I spend hours matching them to shifts" named no users (the
PM asked "who feels this most?" three times). The people the founder coordinates, manages or schedules, where they
do it, are who it is for, with how many when the message says ("about 120").
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.headcount import people_noun

_LED = re.compile(
    r"\b(?:i|we)\s+(?:(?:help|helps|try to|have to)\s+)?(?:coordinate|co-ordinate|manage|organi[sz]e|schedule|roster|"
    r"look after|supervise|lead|oversee|recruit|run|rota|book|dispatch|allocate)\s+(?:the\s+|our\s+|all\s+the\s+|"
    r"a\s+(?:team|group|bunch|pool|crew)\s+of\s+(?:about\s+|around\s+)?(?:(?P<team>\d+)\s+)?)?"
    r"(?P<people>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+(?P<where>(?:at|in|for|across)\s+(?:a|an|the|our|my|two|three|\d+)\s+"
    r"[^,.;!?]{3,50}?)(?=\s+(?:in|near|and|so|but|who|where|which)\b|[,.;!?]|$)",
    re.IGNORECASE,
)
_COUNT = re.compile(r"\b(?:we|i)\s+(?:have|'ve got|have got|got)\s+(?:about|around|roughly|some|maybe|over|nearly)?\s*"
                    r"(?P<n>\d[\d,]*)\s+(?P<who>[a-z][\w'-]*)", re.IGNORECASE)


def led_people(text: str) -> str:
    """"volunteers at a community food bank (about 120)" when the founder says whom they coordinate and where,
    else ""."""
    found = _LED.search(text)
    if found is None:
        return ""
    people = found.group("people").strip()
    if not people_noun(people.split()[-1]) or people.lower().startswith(("it", "this", "that", "things", "stuff")):
        return ""
    named = f"{people} {found.group('where').strip()}"
    counted = next((m for m in _COUNT.finditer(text)
                    if m.group("who").lower().rstrip("s") == people.split()[-1].lower().rstrip("s")), None)
    count = counted.group("n") if counted else found.group("team")
    return f"{named} (about {count})" if count else named
