"""Who it is for, when the founder names only their own people: "me and my assistant", "the three of us", "myself and
the wife", "just me". Then those are the users, and how many they are is what was said (no assumed 1,000)."""

from __future__ import annotations

import re

_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "both": 2}
# One of the founder's own people: "me", "my assistant", "my two staff", "the wife", "Kerry" is not (a name alone).
_ONE_OF_US = re.compile(
    r"^(?:just\s+|only\s+|mainly\s+|mostly\s+)?(?:(?P<me>me|myself|i|meself|mi)|"
    # "my assistant", "my deputy coach", "our bookkeeper Ama", "my two staff"; "the wife", "the missus".
    r"(?:my|our)\s+(?:(?P<many>\d+|two|three|four|five|six)\s+)?(?P<who>(?:[a-z-]+\s+)?[a-z-]+)(?:\s+[A-Z][a-z]+)?|"
    r"the\s+(?:wife|husband|missus|missis|boss|other half)|"
    r"(?:the\s+)?(?P<us>two|three|four|five|six|both|\d+)\s+of\s+us|us\s+(?P<us2>two|three|four|five|both))$",
)
# Words after "my" that are no person of the founder's, or not one person: "my customers", "my team", "my club".
_NOT_ONE = re.compile(r"(?:s|team|crew|staff|family|club|committee|business|shop|company|group|church|school|people|folk|"
                      r"community|village|town|idea|app)$", re.IGNORECASE)
_WHAT_THEY_DO = re.compile(r"\s+(?:who|that|which)\s+(?!are\b|is\b)\w.*$", re.IGNORECASE)
# A remark after who it is ("we're the ones who suffer", "who do the admin") says nothing about how many.
_REMARK = re.compile(r"^(?:we|we'?re|we are|who|that|since|as|because|cos|they|it'?s|its)\b", re.IGNORECASE)


def own_people_count(target_user: str) -> tuple[float, str] | None:
    """How many the founder's own people are, and the words said, when they are the only people named; else None."""
    text = target_user.strip().rstrip(".!")
    if not text:
        return None
    parts = [p.strip(" ,") for p in re.split(r",|;|\s+(?:and|&|plus)\s+", text) if p.strip(" ,")]
    total, named = 0, []
    for part in parts:
        if _REMARK.match(part):
            break
        # "my cousin who helps at the till", "my sister that does the books": what they do is no part of who.
        part = _WHAT_THEY_DO.sub("", part)
        found = _ONE_OF_US.match(part) or _ONE_OF_US.match(part.lower())
        if found is None:
            return None
        us = found.group("us") or found.group("us2")
        many = found.group("many")
        if us:
            number = int(us) if us.isdigit() else _WORDS[us.lower()]
            total = max(total, number)  # "the three of us" counts the founder too
        elif many:
            total += int(many) if many.isdigit() else _WORDS[many.lower()]
        elif found.group("who") and _NOT_ONE.search(found.group("who")):
            return None  # "my staff", "my customers": how many is not said
        else:
            total += 1
        named.append(part)
    if not named or total < 1:
        return None
    said = re.split(r",\s*(?=(?:we|we'?re|who)\b)", text, maxsplit=1)[0].strip(" ,")
    return float(total), said
