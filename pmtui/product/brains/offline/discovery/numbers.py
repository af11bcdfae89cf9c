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
NUMBER_WORD = re.compile(
    r"\b(?:(?P<idiom>half a dozen|a dozen|a score(?=\s+of\b))|(?:(?P<tens>" + "|".join(_TENS) + r")(?:[\s-](?P<ones>"
    + "|".join(_ONES) + r"))?|(?P<small>" + "|".join(_SMALL) + r"))(?:\s+(?P<scale>hundred|thousand|dozen|score(?=\s+of\b)))?)"
    r"\b(?![-'])", re.IGNORECASE)
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
