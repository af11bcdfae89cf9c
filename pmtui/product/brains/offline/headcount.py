"""How many people the founder already has, said with an idiom of keeping them: "I've about 220 on the books",
"like 60 signed up", "a good 300 suki on my list", "maybe 40-odd regulars", "a hundred and something on the go",
"a hundred and fifty households signed up", "65 children registered".

Founders rarely say "220 customers"; they say where the customers are kept. The phrase is the count of who it is
for (the reach of the core flow), not a size of each customer ("each one with about 50 clients on the go") nor a
range of sizes ("small ones with 40 until 80 children"). A count said after the people as an aside is kept too:
"parents of kids at the club, 120 families", "team captains of casual five-a-side teams, around 40 teams in our
league".
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.lexicon import PERSONA_STEMS

_FLAGS = re.IGNORECASE
_HUNDREDS = r"(?:a|one|two|three|four|five)\s+hundred(?:\s+and\s+(?:something|odd|\w+))?"
_NUMBER = (rf"(?P<number>\d[\d,]*(?:\s*k\b)?(?:-?odd|ish|\+)?|{_HUNDREDS}|a\s+couple\s+(?:of\s+)?hundred)")
_KEPT = (r"on\s+(?:the|my|our|his|her|their)\s+(?:books|list|lists|register|roll|rota|database|system|whatsapp)"
         r"|on\s+the\s+go|signed\s+up|registered|on\s+board|enrolled")
_NOUN = r"(?:(?!on\b|signed\b|registered\b|enrolled\b)[a-z][\w'-]*\s+){0,2}?"
HELD_COUNT = re.compile(
    rf"(?P<lead>(?:a\s+good|about|around|roughly|maybe|like|some|over|nearly|almost|probably|approx\.?)\s+)?"
    rf"(?<![\w.,-]){_NUMBER}\s+(?P<phrase>{_NOUN}(?:{_KEPT})\b|regulars\b|(?:steady|loyal|repeat)\s+customers\b"
    rf"|suki\b(?:\s+on\s+(?:my|our|the)\s+list)?)",
    _FLAGS,
)
# ", 120 families", "(around 40 teams in our league)": a count of people or outfits said as an aside, alone in its clause.
APPOSITIVE_COUNT = re.compile(
    # "…, about 340 pupils so maybe 250 families": the count worked out from the first is said the same way.
    rf"(?:^|[,;(\u2014\u2013]\s*|\s-\s|\s(?:so|which is|which makes|that'?s|i\.?e\.?)\s+)(?P<lead>(?:about|around|roughly|maybe|like|some|over|nearly|almost|probably|"
    rf"approx\.?)\s+)?(?<![\w.,-]){_NUMBER}\s+(?P<phrase>(?P<noun>[a-z][\w'-]*)(?:\s+(?:in|at|on|across)\s+(?:our|the|my|this|"
    rf"his|her|their)\s+[a-z][\w'-]*)?)\s*(?=[,;.)!]|$)",
    _FLAGS,
)


def people_noun(word: str) -> bool:
    word = word.lower()
    return bool({word, word.rstrip("s"), word.removesuffix("es"), word[:-3] + "y" if word.endswith("ies") else word}
                & PERSONA_STEMS)


# "I've got about 20", "there are 40": how many they have today, not a number to reach.
HAVE_COUNT = re.compile(
    r"(?<!\bto )(?<!\bwill )(?<!'ll )(?<!\bwould )\b(?:'s got|'ve got|has got|have got|got|have|has|there are|there's)\s+"
    r"(?:about|around|over|nearly|almost|roughly|some|like|maybe)?\s*\d",
    _FLAGS,
)
# "a 5-a-side team", "the U11s", "a 24-hour garage", "a 7-seater": a number inside a name, no count and no target.
NAMED_NUMBER = re.compile(
    r"\b\d{1,3}[- ]a[- ]side(?:rs?)?\b|\b\d-in-(?:1|one)\b|\b(?:u|under)[- ]?\d{1,2}'?s?\b|"
    r"\b\d{1,3}-(?:hour|day|week|seater|tonne|ton|wheeler|storey|story|door|bed|bedroom|star|piece|litre|liter|kg)\b",
    _FLAGS,
)


# "each one with about 50 clients on the go": how big each customer is, not how many there are.
_EACH = re.compile(r"\b(?:each|every|per)\s+(?:one\s+|of\s+them\s+)?(?:with|has|have|having)\s+(?:\w+\s+){0,2}$", _FLAGS)
_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


# "about 340 pupils so maybe 250 families": the count a first one is worked out into follows it.
WORKED_OUT = re.compile(r"\s+(?:so|which is|which makes|that'?s|i\.?e\.?)\s+(?:(?:about|around|roughly|maybe|like|say|"
                        r"probably)\s+)?\d", re.IGNORECASE)


def held_count(text: str) -> tuple[float, str] | None:
    """(how many, the phrase as said) for the first count of people kept by the founder, else None."""
    asides = [m for m in APPOSITIVE_COUNT.finditer(text) if people_noun(m.group("noun"))]
    for found in sorted([*HELD_COUNT.finditer(text), *asides], key=lambda m: m.start("number")):
        if _EACH.search(text[: found.start()]) or re.search(r"\d\s*(?:[-\u2013]|to|until|till|or)\s*$",
                                                            text[: found.start("number")], _FLAGS) or WORKED_OUT.match(text[found.end():]):
            continue
        number = found.group("number").lower()
        digits = re.match(r"\d[\d,]*", number)
        if digits:
            value = float(digits.group(0).replace(",", "")) * (1000 if re.search(r"\d\s*k\b", number) else 1)
        else:
            words = number.split()
            tail = re.search(r"\band\s+(\w+)$", number)
            extra = {"fifty": 50, "twenty": 20, "thirty": 30, "forty": 40, "sixty": 60, "seventy": 70, "eighty": 80,
                     "ninety": 90, "ten": 10}.get(tail.group(1) if tail else "", 0)
            value = float(2 * 100 if words[1] == "couple" else _WORDS.get(words[0], 1) * 100 + extra)
        if value < 2:
            continue
        # "like 60 signed up": "like" is the founder's "about", not part of the count.
        said = " ".join(text[found.start("lead") if found.group("lead") else found.start("number"):found.end()].split())
        # "maybe 250 families" reads "about 250 families" when the PM says it back ("60% of the about…" is no English).
        return value, re.sub(r"^(?:like|maybe|probably)\s+", "about ", said, flags=_FLAGS)
    return None
