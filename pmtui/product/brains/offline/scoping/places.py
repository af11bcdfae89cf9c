"""Argue-back that points at a row by its place in the table the founder was shown, read as the row's name.

"drop the second one for now", "that one you put third", "the last two can go", "cut number 4": the founder counts
rows in the table (the "#" column). When a name follows the pointer ("that one you put third, the text the day
before"), the name is what they mean and the pointer is dropped; when none does, the pointer becomes the name of the
row in that place. A place the table does not have is left as said, so the reply can say there is no such row.
A place in what the founder said ("the second one I mentioned", "the last thing we listed") is a place in their own
wish list, in the order they said it (`name_wishes_by_place`), and "the first two weeks" is a time, not two rows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_FLAGS = re.IGNORECASE
_PLACES = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
    "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8, "ninth": 9, "9th": 9, "tenth": 10,
    "10th": 10, "last": -1, "bottom": -1, "top": 1,
}
_COUNTS = {"two": 2, "2": 2, "three": 3, "3": 3}
_ORD = r"(?P<ord>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th)|last|bottom)"
_NOUN = r"(?:one|row|item|feature|thing|line)"
# "the second one", "that one you put third", "the one in third place", "row 4", "number 4", "#4".
_ONE = re.compile(
    rf"\b(?:the|that|this)\s+(?:very\s+)?(?:{_ORD}\s+{_NOUN}\b(?:\s+(?:on|in)\s+(?:the|your)\s+(?:list|table))?"
    # "the one at the bottom", "the one at the top": the table's ends.
    rf"|one\s+(?:(?:you|u)\s+(?:put|have|had|listed|ranked|placed)\s+(?:at\s+|as\s+)?|(?:in|at)\s+(?:the\s+(?=bottom|top))?)"
    r"(?P<ord2>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th)|last|bottom|top)"
    r"(?:\s+place)?\b)"
    r"|\b(?:row|number|no\.?)\s+(?P<num>\d{1,2})\b|(?<!\w)#(?P<hash>\d{1,2})\b",
    _FLAGS,
)
# "the last two", "the first three rows", "the bottom 2".
_SEVERAL = re.compile(
    r"\b(?:the|those|these)\s+(?P<end>last|first|top|bottom)\s+(?P<count>two|three|2|3)\b(?:\s+(?:ones|rows|items|features|things))?"
    # What follows is the end, a stop, or what is said about them: "the first two weeks" is a time.
    r"(?=\s*(?:[,.;:!?)=-]|$)|\s+(?:is|are|was|were|isn'?t|aren'?t|look|seem|sound|can|could|should|must|need|go|come|stay|"
    r"feel|overlap|do|into|with|in|to|on|up|down|out|below|above|first|later|too|really|both|and|or|please|pls)\b)",
    _FLAGS,
)
# "the two at the end", "the three at the top": the same pointer, said the other way round.
_SEVERAL_AT = re.compile(
    r"\b(?:the|those|these)\s+(?P<count>two|three|2|3)\s+(?:ones\s+|rows\s+|items\s+|things\s+)?(?:at|on)\s+the\s+"
    r"(?P<end>end|bottom|top|start)\b",
    _FLAGS,
)
# What the pointer is said to do before its rows are named: "the last two can wait, the live scores and the dashboard".
_SAID_OF = re.compile(r"(?:\s+(?:can|could|should|must|will|are|is)\s+[^,;.!?]{1,30}?)?\s*[,:\u2014-]\s*", _FLAGS)
_ITEM_END = re.compile(r"(?=\s+(?:are|is|were|can|could|should|will|go|come|both|too|as well)\b|\s*[,;.!?]\s*(?:and\s+)?"
                       r"(?:the|my|our|i|we|but|so|then|also|push|cut|drop|move|put|keep|leave|bring|defer|remove|make|they|those|both)\b|"
                       r"\s*[;.!?]|$)", _FLAGS)
# A name said right after the pointer: "that one you put third, the text the day before".
_NAMED_AFTER = re.compile(r"\s*,\s*(?:the|that|this|my|our|your)\s+(?!(?:one|row|item|thing|last|first|second)\b)\w", _FLAGS)


def _place(word: str) -> int | None:
    word = word.lower()
    if word in _PLACES:
        return _PLACES[word]
    digits = re.match(r"\d+", word)
    return int(digits.group(0)) if digits else None


def _row(rows: Sequence[str], place: int | None) -> str | None:
    if place is None or not rows:
        return None
    if place < 0:
        return rows[-1]
    return rows[place - 1] if 1 <= place <= len(rows) else None


def name_rows_by_place(text: str, rows: Sequence[str]) -> str:
    """The message with each row pointed at by its place in `rows` (the table's order) said by its name."""
    if not rows:
        return text

    def one(match: re.Match[str]) -> str:
        if _NAMED_AFTER.match(text, match.end()):
            # The founder names the row right after: the name is what they mean.
            return "\x00"
        word = match.group("ord") or match.group("ord2") or match.group("num") or match.group("hash") or ""
        name = _row(rows, _place(word))
        return f"the {name}" if name else match.group(0)

    def several(match: re.Match[str]) -> str:
        # A name after "the last two" names one of them at most ("drop the last two, the marketplace can wait").
        count = _COUNTS[match.group("count").lower()]
        if count > len(rows):
            return match.group(0)
        end = match.group("end").lower()
        picked = rows[-count:] if end in ("last", "bottom", "end") else rows[:count]
        return " and ".join(f"the {name}" for name in picked)

    text = _named_after_several(text)
    text = _SEVERAL.sub(several, text)
    text = _SEVERAL_AT.sub(several, text)
    text = _ONE.sub(one, text)
    # A dropped pointer leaves ", the name": the name opens the clause.
    return re.sub(r"\x00\s*,\s*", "", text)


def _named_after_several(text: str) -> str:
    """"the last two can wait, the live scores and the dashboard": as many names said right after the pointer as it
    counts are what it means, whatever the table's order; the pointer becomes the names, said once."""
    for pattern in (_SEVERAL, _SEVERAL_AT):
        for match in pattern.finditer(text):
            said_of = _SAID_OF.match(text, match.end())
            if not said_of or not said_of.group(0).strip():
                continue
            end = _ITEM_END.search(text, said_of.end())
            if end is None:
                continue
            listed = text[said_of.end():end.start()]
            items = [i for i in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*", listed) if i.strip()]
            if len(items) != _COUNTS[match.group("count").lower()] or any(len(i.split()) > 6 for i in items):
                continue
            verb = said_of.group(0).strip(" ,:\u2014-")
            return (text[:match.start()] + listed.strip() + (f" {verb}" if verb else "") + text[end.start():])
    return text


_TOLD = r"(?:said|mentioned|listed|wrote|named|asked\s+for|added|gave|put)"
# "the second one I mentioned", "the last thing we listed": a place in the founder's own list, not in the table.
_THEIRS = re.compile(rf"\b(?:the|that|this)\s+(?:very\s+)?{_ORD}\s+{_NOUN}\s+(?:i|we)\s+(?:have\s+|had\s+|just\s+)?{_TOLD}\b",
                     _FLAGS)


def name_wishes_by_place(text: str, wishes: Sequence[str]) -> str:
    """The message with each wish pointed at by its place in what the founder said (`wishes`, in the order said) said
    by its name: "the second one I mentioned" is their second wish, whatever the table's order."""
    said = [re.sub(r"\s*\([^)]*\)\s*$", "", wish).strip() for wish in wishes]

    def theirs(match: re.Match[str]) -> str:
        name = _row(said, _place(match.group("ord")))
        return f"the {name}" if name else match.group(0)

    return _THEIRS.sub(theirs, text) if said else text
