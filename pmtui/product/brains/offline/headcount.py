"""How many people the founder already has, said with an idiom of keeping them: "I've about 220 on the books",
"like 60 signed up", "a good 300 suki on my list", "maybe 40-odd regulars", "a hundred and something on the go",
"a hundred and fifty households signed up", "65 children registered".

Founders rarely say "220 customers"; they say where the customers are kept. The phrase is the count of who it is
for (the reach of the core flow), not a size of each customer ("each one with about 50 clients on the go") nor a
range of sizes ("small ones with 40 until 80 children").
"""

from __future__ import annotations

import re

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
# "each one with about 50 clients on the go": how big each customer is, not how many there are.
_EACH = re.compile(r"\b(?:each|every|per)\s+(?:one\s+|of\s+them\s+)?(?:with|has|have|having)\s+(?:\w+\s+){0,2}$", _FLAGS)
_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def held_count(text: str) -> tuple[float, str] | None:
    """(how many, the phrase as said) for the first count of people kept by the founder, else None."""
    for found in HELD_COUNT.finditer(text):
        if _EACH.search(text[: found.start()]) or re.search(r"\d\s*(?:[-\u2013]|to|until|till|or)\s*$",
                                                            text[: found.start("number")], _FLAGS):
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
        return value, re.sub(r"^like\s+", "about ", " ".join(found.group(0).split()), flags=_FLAGS)
    return None
