"""What one wish holds, listed after "with": "credit book with customer name and phone", "make the order with the
menu, the number of persons and the date". The things listed are the wish's fields, not wishes of their own (the
taquería's order made rows "Number of persons" and "Date"); they are said back compactly (a list of three or more
without its articles), so the wish fits its name.
"""

from __future__ import annotations

import re

_ITEM = r"(?:the\s+|their\s+|a\s+|an\s+)?[\w'-]+(?:\s+(?:of\s+)?[\w'-]+)?"
_WITH_LIST = re.compile(rf"\bwith\s+(?P<items>{_ITEM}(?:(?:,\s+|\s+and\s+){_ITEM})*)$", re.IGNORECASE)
# A field: one word ("phone"), or a phrase with its article ("the number of persons"); "count of tubes" is a doing's
# object, a wish of its own.
_HELD = re.compile(r"\s*(?:(?:the|their)\s+[\w'-]+(?:\s+of\s+[\w'-]+)?|[\w'-]+)\s*", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|their|a|an)\s+", re.IGNORECASE)


def with_one_more(last: str, piece: str) -> str | None:
    """`last` ("…with the menu") with `piece` ("the number of persons") added to what it holds, or None when `last`
    lists nothing after "with" or `piece` is no field (a doing, a longer phrase)."""
    found = _WITH_LIST.search(last.strip())
    if found is None or not _HELD.fullmatch(piece):
        return None
    items = [item for item in re.split(r",\s+|\s+and\s+", found.group("items")) if item]
    items = [items[0], *items[1:], piece.strip()]
    # Three things or more are said as a list: "with menu, number of persons and date".
    items = [_ARTICLE.sub("", item) for item in items] if len(items) >= 3 else [items[0], _ARTICLE.sub("", items[1])]
    head = last.strip()[: found.start("items")]
    return f"{head}{', '.join(items[:-1])} and {items[-1]}"


# What a form asks for: "buyers pick flavor + size + pickup date", "enter name, phone and address", "choose the colour,
# size and quantity". The fields of one choice are one wish (the ube orders made rows "Size" and "Pickup date").
_ATTRIBUTE_NOUNS = (r"flavou?rs?|sizes?|colou?rs?|dates?|times?|days?|slots?|quantit(?:y|ies)|qty|amounts?|numbers?|names?|"
                    r"address(?:es)?|phones?|phone numbers?|emails?|notes?|messages?|types?|styles?|models?|weights?|"
                    r"lengths?|toppings?|fillings?|designs?|variants?|options?|locations?|budgets?|dedications?|"
                    r"allergies|allergens?|servings?|portions?|ages?|grades?|levels?")
_FIELD = rf"(?:(?:the|their|a|an|your)\s+)?(?:[\w'-]+\s+)?(?:{_ATTRIBUTE_NOUNS})"
_CHOICE = re.compile(rf"\b(?:pick|picks|choose|chooses|select|selects|enter|enters|fill in|put in|give|gives|specify|type in|"
                     rf"input|set|sets)\s+(?P<items>{_FIELD}(?:(?:,\s+|\s+and\s+){_FIELD})*)$", re.IGNORECASE)
_ONE_FIELD = re.compile(rf"\s*{_FIELD}\s*", re.IGNORECASE)


def choice_one_more(last: str, piece: str) -> str | None:
    """`last` ("buyers pick flavor") with the field `piece` ("size") added to what is chosen, or None when `last` is
    no choice of fields or `piece` is no field."""
    found = _CHOICE.search(last.strip())
    if found is None or not _ONE_FIELD.fullmatch(piece):
        return None
    items = [item for item in re.split(r",\s+|\s+and\s+", found.group("items")) if item] + [piece.strip()]
    head = last.strip()[: found.start("items")]
    return f"{head}{', '.join(items[:-1])} and {items[-1]}"
