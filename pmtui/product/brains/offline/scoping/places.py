"""Argue-back that points at rows by their place in the scope table: "drop the second one", "the first two are the
same thing, merge them", "the last row can wait", "row 3 is too big", "#2 first". The founder is looking at the table
(or the list the PM just showed), so a place means the row shown there; it is said here as that row's name.

A place said with a name beside it ("the fee collection, the last one, can wait") is read by `pointing` first and left
as it is. A place in what the founder said ("the second one I mentioned", "the last thing we listed") is a place in
their own wish list, in the order they said it; "the second one you listed" is the table's. A place past the end of
its list names nothing and is left as said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_FLAGS = re.IGNORECASE
_NTH = {"first": 1, "1st": 1, "top": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
        "fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8}
_LAST = ("last", "bottom", "final")
_HOW_MANY = {"two": 2, "2": 2, "three": 3, "3": 3}
_NOUN = r"(?:one|row|item|line|feature|thing)"
# What follows a place that is a row: the end, a stop, or what is said about it. "The first two weeks" is a time.
_SAID_OF_IT = (r"(?=\s*(?:[,.;:!?)=-]|$)|\s+(?:is|are|was|were|isn'?t|aren'?t|looks?|seems?|sounds?|can|could|should|"
               r"must|need|needs|go|goes|come|comes|stay|stays|feels?|overlap|do|does|into|with|in|to|on|up|down|out|"
               r"below|above|first|later|too|really|both|and|or|please|pls)\b)")
_TOLD = r"(?:said|mentioned|listed|wrote|named|asked\s+for|added|gave|put)"
# "the second one I said", "the last thing we listed": a place in the founder's own list, not in the table.
_IN_THE_TALK = rf"(?!\s+(?:i|we)\s+(?:have\s+|had\s+|just\s+)?{_TOLD}\b)"
_FOUNDERS = rf"\s+(?:i|we)\s+(?:have\s+|had\s+|just\s+)?{_TOLD}\b"
_BY_THE_PM = rf"(?:\s+you\s+(?:have\s+|just\s+)?{_TOLD}\b)?"

_SPAN = re.compile(rf"\b(?:the|those|these)\s+(?P<end>first|top|last|bottom)\s+(?P<count>two|three|2|3)"
                   rf"(?:\s+(?:ones|rows|items|lines|features|things))?{_IN_THE_TALK}{_SAID_OF_IT}", _FLAGS)
_PLACE = rf"\b(?:the|that|this)\s+(?:very\s+)?(?P<nth>{'|'.join(_NTH)}|{'|'.join(_LAST)})\s+{_NOUN}\b"
_ONE = re.compile(rf"{_PLACE}{_IN_THE_TALK}{_BY_THE_PM}", _FLAGS)
_ONE_OF_THEIRS = re.compile(rf"{_PLACE}{_FOUNDERS}", _FLAGS)
_NUMBERED = re.compile(rf"(?:\brow\s+(?:number\s+|no\.?\s*)?|(?<![\w#])#)(?P<n>[1-9])\b{_SAID_OF_IT}", _FLAGS)


def name_places(text: str, rows: Sequence[str], wishes: Sequence[str] = ()) -> str:
    """The message with each place in the table ("the second one", "the first two", "row 3") said as its rows'
    names, in table order, and each place in the founder's own list ("the second one I mentioned") as that wish."""
    if wishes:
        said = [re.sub(r"\s*\([^)]*\)\s*$", "", wish).strip() for wish in wishes]

        def theirs(match: re.Match[str]) -> str:
            nth = match.group("nth").lower()
            number = len(said) if nth in _LAST else _NTH[nth]
            return said[number - 1] if 1 <= number <= len(said) else match.group(0)

        text = _ONE_OF_THEIRS.sub(theirs, text)
    if not rows:
        return text

    def row(number: int) -> str | None:
        return rows[number - 1] if 1 <= number <= len(rows) else None

    def span(match: re.Match[str]) -> str:
        count = _HOW_MANY[match.group("count").lower()]
        if count > len(rows):
            return match.group(0)
        chosen = rows[:count] if match.group("end").lower() in ("first", "top") else rows[-count:]
        return " and ".join(chosen[:-1]) + " and " + chosen[-1] if len(chosen) > 1 else chosen[0]

    def one(match: re.Match[str]) -> str:
        nth = match.group("nth").lower()
        return (rows[-1] if nth in _LAST else row(_NTH[nth])) or match.group(0)

    def numbered(match: re.Match[str]) -> str:
        return row(int(match.group("n"))) or match.group(0)

    text = _SPAN.sub(span, text)
    text = _ONE.sub(one, text)
    return _NUMBERED.sub(numbered, text)
