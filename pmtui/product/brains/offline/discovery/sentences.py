"""Sentences and list items of a message: bullets, numbered items typed on one line, full stops in lower case."""

from __future__ import annotations

import re

# A bullet or a number that opens a line of a list ("- reminders", "• export", "2) tax report").
BULLET = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)])\s+", re.MULTILINE)


def list_items(text: str, joiners: str = r"\s+and\s+(?=\w)") -> list[str]:
    """The items of a list however it is written: commas, semicolons, `joiners` between two items, one per line."""
    # "IDR 25,000 a block": the comma of a thousands separator ends no item.
    pieces = re.split(r",(?!(?<=\d,)\d{3}(?!\d))\s*(?:and\s+|or\s+|plus\s+)?|;\s*|" + joiners + r"|\n+", BULLET.sub("", text))
    return [p.strip(" .!") for p in pieces if p.strip(" .!")]


# "1. a 2. b", "1) a 2) b" and "(1) a, (2) b" typed on one line.
_INLINE_MARK = re.compile(r"(?:^|(?<=\s))\(?(\d{1,2})[.)]\s+(?=\S)")


def inline_list_lines(text: str) -> str:
    """'1. Paper brew log  2. Excel  3. Brewfather' or '1) digital log 2) tax report' typed on one line: one bullet line
    per item, when the numbers run 1, 2, 3… (a year or '1 to 5 employees' is no list)."""
    lines = []
    for line in text.split("\n"):
        marks = list(_INLINE_MARK.finditer(line))
        numbers = [int(m.group(1)) for m in marks]
        # "1) Scores arrive by text. 2) I spend 3 hours…" is already sentences; only items with no stop are joined up.
        stopped = any(line[: m.start()].rstrip().endswith((".", "!", "?")) for m in marks[1:])
        if len(marks) >= 2 and numbers == list(range(1, len(numbers) + 1)) and not stopped:
            head = line[: marks[0].start()].strip()
            if head:
                lines.append(head)
            for mark, nxt in zip(marks, [*marks[1:], None], strict=True):
                item = line[mark.end(): nxt.start() if nxt else len(line)].strip()
                # "(1) see who is free, (2) assign": the comma before the next number ends the item, not the list.
                lines.append(f"{mark.group(1)}. " + (item.rstrip(" ,;") if nxt else item))
        else:
            lines.append(line)
    return "\n".join(lines)


def split_sentences(text: str) -> list[str]:
    """Split a message into sentences and bullet lines; decimals and '$9.99' stay whole."""
    text = text.replace("\r", "")
    parts: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        # A numbered line's own marker ("1. Paper brew log") ends no sentence: it goes back on its first piece.
        marker = re.match(r"^\d{1,2}[.)]\s+", line)
        if marker:
            line = line[marker.end():]
        pieces: list[str] = []
        raw = re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\u201c$€£-])|(?<=[!?])\s+|;\s+", line)
        for index in range(len(raw) - 1, 0, -1):
            if _EXAMPLE_LEAD.search(raw[index - 1]):
                # "day rate per tool, e.g. 25 quid a day": the example goes on the sentence it is an example of.
                raw[index - 1 : index + 1] = [f"{raw[index - 1]} {raw[index]}"]
        for piece in raw:
            piece = piece.strip()
            # Terse notes in lower case: "scan batch. expiry list. alert 90 days before" are three sentences.
            pieces.extend(_lowercase_sentences(piece))
        if marker and pieces:
            pieces[0] = marker.group(0) + pieces[0]
        parts.extend(pieces)
    return parts


_EXAMPLE_LEAD = re.compile(r"(?:^|[\s(,])(?:e\.g|i\.e|eg|ie|vs|approx|incl|ca)\.$", re.IGNORECASE)
_ABBREVIATION = re.compile(r"(?:^|\s)(?:e\.g|i\.e|etc|vs|approx|incl|st|dr|mr|mrs|ms|no|min|max|ca|[a-z])$", re.IGNORECASE)


def _lowercase_sentences(piece: str) -> list[str]:
    """Sentences typed in lower case: "…you get a slot. right now we have a paper sheet…" is two, "e.g. a
    spreadsheet" and "St. Mary's" are not."""
    sentences: list[str] = []
    start = 0
    for match in re.finditer(r"(?<=[A-Za-z0-9)])\.\s+(?=[a-z])", piece):
        if _ABBREVIATION.search(piece[start : match.start()]):
            continue
        sentences.append(piece[start : match.start()].strip())
        start = match.end()
    sentences.append(piece[start:].strip())
    return [s for s in sentences if s]
