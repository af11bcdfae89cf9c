"""Numbers said as words ("not fifty, thirty stalls", "twenty-five a month"), read as the digits the number rules
read, and put back as the founder said them."""

from __future__ import annotations

import re

_SMALL = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
          "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
          "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_ONES = {"one": 1, **{k: v for k, v in _SMALL.items() if v < 10}}
# "one" alone is too often no number ("that one", "one sec"); it counts only inside a tens word ("twenty-one").
# Counts said with an idiom: "two dozen" is 24, "a dozen" 12, "half a dozen" 6, "a score of them" 20.
_CORE = (r"(?:(?P<idiom>half a dozen|a dozen|a score(?=\s+of\b))|(?:(?P<tens>" + "|".join(_TENS) + r")(?:[\s-](?P<ones>"
         + "|".join(_ONES) + r"))?|(?P<small>" + "|".join(_SMALL) + r"))(?:\s+(?P<scale>hundred|thousand|dozen|score(?=\s+of\b)))?)")
NUMBER_WORD = re.compile(r"\b" + _CORE + r"\b(?![-'])", re.IGNORECASE)
# Counts said roughly: "ninety-odd", "sixty odd families", "20-odd", "forty-ish", "a dozen or so", "couple hundred".
_ROUGH_TAIL = r"(?P<tail>-odd\b|\s+odd\b(?=\s+(?:of\s+)?(?!(?:jobs?|socks?|ones?|bits?|times?|days?|things?|man|one)\b)[a-z])|-?ish\b|\s+or\s+so\b)"
_ROUGH_WORD = re.compile(r"\b" + _CORE + _ROUGH_TAIL, re.IGNORECASE)
_ROUGH_DIGITS = re.compile(r"(?<![\w.,])(?P<num>\d[\d,]*)" + _ROUGH_TAIL, re.IGNORECASE)
_COUPLE = re.compile(r"\b(?:a\s+)?couple\s+(?:of\s+)?(?P<scale>hundred|thousand)\b", re.IGNORECASE)
_IDIOMS = {"half a dozen": 6, "a dozen": 12, "a score": 20}
_SCALES = {"hundred": 100, "thousand": 1000, "dozen": 12, "score": 20}


def _value(match: re.Match[str]) -> int:
    if match.group("idiom"):
        return _IDIOMS[match.group("idiom").lower()]
    if match.group("small"):
        number = _SMALL[match.group("small").lower()]
    else:
        number = _TENS[match.group("tens").lower()] + (_ONES[match.group("ones").lower()] if match.group("ones") else 0)
    return number * _SCALES.get((match.group("scale") or "").lower(), 1)


def in_digits(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The text with its number words as digits, and (digits, words) for each one, in order."""
    said: list[tuple[str, str]] = []

    def digits(match: re.Match[str]) -> str:
        number = str(_value(match))
        said.append((number, match.group(0)))
        return number

    return NUMBER_WORD.sub(digits, text), said


def in_words(text: str, said: list[tuple[str, str]]) -> str:
    """Each number that was said as words, put back as it was said."""
    for number, words in said:
        text = re.sub(r"(?<![\d.,])" + re.escape(number) + r"(?![\d.,]\d)", words, text, count=1)
    return text


def rough_in_digits(text: str, plain_words: bool = True) -> tuple[str, list[tuple[str, str]]]:
    """As `in_digits`, with the counts said roughly read as their number too ("ninety-odd of them" 90, "20-odd boats"
    20, "a dozen or so agencies" 12, "couple hundred members" 200); each is put back by `in_words` as said. Without
    `plain_words`, only the rough ones ("my two instructors" stays in words)."""
    said: list[tuple[str, str]] = []

    def read(value: str, match: re.Match[str]) -> str:
        said.append((value, match.group(0)))
        return value

    text = _COUPLE.sub(lambda m: read(str(2 * _SCALES[m.group("scale").lower()]), m), text)
    text = _ROUGH_WORD.sub(lambda m: read(str(_value(m)), m), text)
    text = _ROUGH_DIGITS.sub(lambda m: read(m.group("num").replace(",", ""), m), text)
    if not plain_words:
        return text, said
    digits, more = in_digits(text)
    return digits, said + more
