"""The frame a criterion is written in, taken off before its words are read (round 13).

Criteria copied from trackers, requirement documents and test suites carry a frame that names no code: a requirement's
label ("AC1:", "REQ-12 The system shall …", "[US-4]"), a Gherkin keyword ("Scenario Outline:", "Examples:"), a
spec's scaffolding (`describe('session') it('should expire …')`). They are found by their grammar (an identifier of
capitals and digits before a colon or the sentence, a keyword before a colon at a line's start, a spec call around
quoted prose), never by a list of sentences.

A Scenario Outline states its values in its Examples table: a `<placeholder>` of a Then step is what the code must
do for each row (the discount is 0%, 5% or 10%), so it is read as the column's values; one of a Given or When step is
an input, read as its values when it is a bare number or word (the limit 60 or 600) and as its column's name when the
user types it in quotes (`register with password "<password>"`: "abc" is one example of a password, not a name).

"The system shall not send more than 3 reminders" does not forbid sending: it caps it, as "no more than 3" does.
"""

from __future__ import annotations

import re

# "AC1:", "REQ-12", "REQ-7:", "US-4.2 –", "[FR-3]", "R12)": a label of capitals and digits before the sentence
# (a hyphenated name with no stop after it is a label only before a capital: "REQ-12 The system", not "UTF-8 encoded")
_LABEL = re.compile(r"^\s*(?:\[\s*[A-Z]{1,6}-?\d+(?:\.\d+)*[a-z]?\s*\]\s*[:.)\-–—]?\s+(?=\S)"
                    r"|[A-Z]{1,6}-?\d+(?:\.\d+)*[a-z]?\s*[:.)\-–—]\s+(?=\S)|[A-Z]{1,6}-\d+(?:\.\d+)*[a-z]?\s+(?=[A-Z])"
                    r"|#\d+\s*[:.)\-–—]\s+(?=\S))", re.MULTILINE)
_GHERKIN = re.compile(r"^\s*(?:Feature|Rule|Background|Scenario\s+(?:Outline|Template)|Scenario|Example|Examples|"
                      r"Scenarios)\s*:\s*", re.MULTILINE | re.IGNORECASE)
# `describe('session')`, `it("should expire …")`, `test('…', …)`: the prose is the criterion, the call its frame
_SPEC_CALL = re.compile(r"\b(?:describe|context|it|test|specify|scenario)\s*\(\s*(['\"`])(.+?)\1\s*(?:,[^)]*)?\)?",
                        re.IGNORECASE)
_TABLE_ROW = re.compile(r"^\s*\|(.+)\|\s*$")
_EXAMPLES = re.compile(r"^\s*(?:Examples|Scenarios)\s*:\s*$", re.IGNORECASE | re.MULTILINE)
_STEP = re.compile(r"^\s*(Given|When|Then|And|But)\b", re.IGNORECASE)
# "shall not send more than 3 reminders", "cannot borrow more than 6 books": a negated verb counted is a cap on it
_NOT_MORE = re.compile(r"\b(can(?:not|'t|\s+not)|not|never)\s+((?:[a-z]+\s+){1,2}?)more\s+than\b", re.IGNORECASE)


def _cells(line: str) -> list[str]:
    match = _TABLE_ROW.match(line)
    return [cell.strip() for cell in match.group(1).split("|")] if match else []


def _listed(values: list[str]) -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]


def _outline(text: str) -> str:
    """The outline's steps with each `<placeholder>` read through its Examples table, the table dropped."""
    found = _EXAMPLES.search(text)
    if not found:
        return text
    steps, table = text[:found.start()], text[found.end():].splitlines()
    rows = [cells for cells in map(_cells, table) if cells]
    if len(rows) < 2 or any(len(row) != len(rows[0]) for row in rows):
        return text
    columns = {name: [row[i] for row in rows[1:] if row[i]] for i, name in enumerate(rows[0])}
    out: list[str] = []
    kind = "then"
    for line in steps.splitlines():
        step = _STEP.match(line)
        if step and step.group(1).lower() in ("given", "when", "then"):
            kind = step.group(1).lower()

        def value(match: re.Match[str], kind: str = kind) -> str:
            quote, name = match.group(1) or "", match.group(2)
            values = columns.get(name)
            if not values:
                return match.group(0)
            if quote:
                # typed input is an example of its column; an expected text is each row's own
                return name if kind != "then" else ", ".join(f"{quote}{v}{quote}" for v in values)
            return _listed(values)

        out.append(re.sub(r"(['\"]?)<([^<>\n]+)>\1", value, line))
    return "\n".join(out) + "\n" + "\n".join(line for line in table if not _cells(line))


def unframed(criterion: str) -> str:
    """The criterion without its requirement label, Gherkin keywords and spec calls; an outline read through its
    Examples; a negated verb counted as the cap it is; its lines one text."""
    text = _outline(criterion)
    text = _GHERKIN.sub("", text)
    text = _SPEC_CALL.sub(lambda m: f" {m.group(2)} ", text)
    text = _LABEL.sub("", text)
    text = _NOT_MORE.sub(lambda m: ("can " if m.group(1).lower().startswith("can") else "") + m.group(2) + "no more than",
                         text)
    # a frame taken off leaves its spaces; a criterion with none is left as written
    return " ".join(text.split()) if text != criterion else criterion


_THEN = re.compile(r"\bthen\b", re.IGNORECASE)
_INPUT_STEP = re.compile(r"\b(?:given|when)\b", re.IGNORECASE)


def scenario_inputs_end(text: str) -> int:
    """Where a scenario's inputs end: the start of its last Then when a Given or When comes before it and the Then
    states a number of its own ("Given … 20 days ago, when …, then it is refused because reorders need at least 25
    days"); -1 otherwise ("Given a user with 3 failed logins … then the account is locked": the 3 is the rule)."""
    thens = list(_THEN.finditer(text))
    if not thens or not _INPUT_STEP.search(text[:thens[-1].start()]) or not re.search(r"\d", text[thens[-1].end():]):
        return -1
    return thens[-1].start()

