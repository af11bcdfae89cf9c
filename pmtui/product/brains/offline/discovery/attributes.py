"""A list of what one thing holds is one wish: "the owner puts the information of the dog, vaccines and food" is one
row (the dog's details: vaccines/food), not the rows "Vaccines" and "Food"; so is "a profile for each horse with its
details, feed, meds and farrier dates" and "the details of the car, make, model and year"."""

from __future__ import annotations

import re

_WORD = r"(?!(?:a|an|the|and|or|to|we|i|they|you|he|she)\b)[\w'-]+"
_ITEM = rf"{_WORD}(?:\s+{_WORD})?"
# "the information of the dog", "the details about each car", "its details", "their medical info".
_ATTRIBUTES = re.compile(
    r"(?P<head>\b(?:(?:information|info|details|data|particulars|specs|profile)\s+(?:of|about|on|for)\s+"
    r"(?:the|their|his|her|its|each|every|a|an|my|our|your)\s+[\w'-]+(?:\s+[\w'-]+)?|"
    r"(?:its|their|his|her|[\w-]+'s)\s+(?:\w+\s+)?(?:information|info|details|data|particulars|specs)))"
    rf"\s*(?:,|:)\s*(?P<list>{_ITEM}(?:\s*,\s*{_ITEM})*\s*,?\s+(?:and|&)\s+{_ITEM})(?=\s*(?:[,.;]|$))",
    re.IGNORECASE,
)


def attributes_in_brackets(text: str) -> str:
    """The attributes listed after "the information of X" put in brackets after it, so they stay one item."""
    return _ATTRIBUTES.sub(lambda m: f"{m.group('head')} ({m.group('list')})", text)
