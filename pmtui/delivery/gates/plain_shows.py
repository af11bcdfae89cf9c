"""The PM's "… show it plainly, so nobody has to guess", judged for what code can show (round 22).

The sentence names nothing in code ("it" is the task's thing, "plainly" and "guess" are how it should read). What code
can show of it: the thing is said to a person in words, and the case a reader would otherwise guess at — nothing there
yet, nobody has the key, no visit booked — is said in words too, not left blank:

- a unit answers (returns, renders) a sentence of its own (three words or more, in a string, an f-string or JSX text)
  on a branch that tests the thing is absent (`if not x`, `x is None`, `!eta`, `rows.length === 0`, `… or "The shelf is
  empty."`);
- it does not dump the record raw (`JSON.stringify(key)`, `json.dumps(row)`, `repr(…)`, a `<pre>` of it): the reader
  would have to read the fields;
- a thing told as to come (`upcoming`, `next_…`, `due`) on that branch is the past one when it is compared with today:
  "no visit booked" is for a visit before today (`upcoming < today`), not for the ones still to come.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.delivery.gates.plan_shapes import _condition, _guard_body, _leaf, _line_of

_PLAINLY = re.compile(r"(?:^|:\s*|\bcan\s+)show\s+(?:it|them|this)\s+plainly,?\s+so\s+(?:that\s+)?(?:nobody|no\s*one)\s+"
                      r"(?:has|needs|have)\s+to\s+guess\b", re.IGNORECASE)
_RAW = re.compile(r"\bJSON\.stringify\(|\bjson\.dumps?\(|\brepr\(|<pre\b|\bpprint\(|\bvar_dump\(|\binspect\(")
_ABSENT = re.compile(r"^\s*(?:not\s+|!\s*)[\w.$\[\]\"']+(?:\(\))?\s*$|\bis\s+None\b|[=!]==?\s*(?:null|undefined|None|nil)\b|"
                     r"\.length\s*===?\s*0|\blen\([^)]*\)\s*==\s*0|==\s*(?:\"\"|'')|\.(?:isEmpty|empty\?|blank\?)\b")
# a sentence: a string or JSX text of three words or more (interpolations count as words)
_SENTENCE = re.compile(r"""(?:f?["'`]|>)\s*(?:[A-Z][a-z']*|\{[^}]+\})(?:[ ,]+(?:[A-Za-z'’.-]+|\{[^}]+\})){2,}""")
_OR_SENTENCE = re.compile(r"""\bor\s+["'][A-Z][a-z']*(?:\s+[A-Za-z'’.-]+){2,}|\|\|\s*["'`][A-Z][a-z']*(?:\s+[A-Za-z'’.-]+){2,}""")
_TODAY = re.compile(r"\btoday\b|\bnow\b|\bDate\.now\(\)|\bnew Date\(\)|\bdate\.today\(\)|\bdatetime\.now\(\)")
_TO_COME = re.compile(r"\b(?:upcoming|next_?\w*|coming|due\w*|eta)\b", re.IGNORECASE)
_ANSWERS = re.compile(r"\breturn\b|\brender\b|\becho\b|\bprint\(|\bputs\b")


def plain_location(criterion: str, units: Sequence[Any],
                   added: Mapping[str, Sequence[tuple[int, str]]]) -> tuple[str | None, str] | None:
    """Where the change says the thing and its absent case in words; (None, why) when it does not; None when the
    criterion is not the template."""
    if not _PLAINLY.search(criterion):
        return None
    why = "no unit of the change says in words what it shows when there is nothing to show"
    for unit in units:
        if not _leaf(unit, units) or unit.kind != "code":
            continue
        code = unit.code_text
        if _RAW.search(code):
            why = f"{unit.path}:{unit.start} ({unit.name}) dumps the record raw: the reader has to read its fields"
            continue
        told = _told_absent(code)
        if told is None:
            continue
        index, turned = told
        turned = turned or _never_past(code)
        if turned:
            why = f"{unit.path}:{unit.start} ({unit.name}) {turned}"
            continue
        line = _line_of(unit, code.splitlines()[index], added)
        return f"{unit.path}:{line}", f"says in words what {unit.name} shows and when there is none"
    return None, why


def _told_absent(code: str) -> tuple[int, str] | None:
    """(line index, why it is turned or "") of the first branch that answers a sentence when the thing is absent."""
    lines = code.splitlines()
    for index, line in enumerate(lines):
        if _OR_SENTENCE.search(line) and _ANSWERS.search(line):
            return index, ""
        parsed = _condition(line)
        if not parsed or re.match(r"\s*(?:not\s*\(|!\s*\()", parsed[0]):
            continue
        parts = [p.strip() for p in re.split(r"\bor\b|\|\|", parsed[0])]
        if not any(_ABSENT.search(p) for p in parts):
            continue
        body = _guard_body(lines, index)
        if not (_ANSWERS.search(body) and _SENTENCE.search(body)):
            continue
        if not _NONE_SAID.search(_told(body)):
            return index, f"answers as if it were there when it is not: `{body.strip().splitlines()[0][:60]}`"
        return index, _past_turned(parts) or _no_on_the_yes_side(code)
    return None


_STRINGS = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`")


def _never_past(code: str) -> str:
    """Why a thing told as to come is shown without ever being put before or after today, though today is read: a
    visit gone last week is then told as the one to come; or ""."""
    bare = _STRINGS.sub('""', code)
    coming = set(re.findall(r"^\s*(?:const\s+|let\s+|var\s+)?(\w+)\s*=(?!=)", bare, re.MULTILINE))
    coming = {name for name in coming if _TO_COME.fullmatch(name)}
    if not coming or not _TODAY.search(bare):
        return ""
    for name in coming:
        ordered = re.search(rf"\b{name}\b\s*(?:<=?|>=?)\s*[\w.()]*(?:today|now)|(?:today|now)[\w.()]*\s*(?:<=?|>=?)\s*\b{name}\b", bare)
        if not ordered:
            return f"tells {name} as still to come without putting it after today"
    return ""


# how a sentence says there is none: "No visit booked", "The van is not coming", "Nobody has the key", "empty", "yet"
_NONE_SAID = re.compile(r"\b(?:no|not|nobody|nothing|none|never|empty|yet|without|isn't|aren't|hasn't|haven't|"
                        r"doesn't|don't|won't|can't|cannot|n't)\b|n't\b", re.IGNORECASE)
_TERNARY = re.compile(r"([!\w.$()\[\]]+)\s*\?\s*([\"'`][^\"'`\n]*[\"'`])\s*:\s*([\"'`][^\"'`\n]*[\"'`])")


def _told(body: str) -> str:
    """The words a branch says: its strings and JSX text."""
    return " ".join(a or b for a, b in re.findall(r"[\"'`]([^\"'`\n]*)[\"'`]|>([^<>\n]+)<", body))


def _no_on_the_yes_side(code: str) -> str:
    """Why a choice between two words (`returned ? ", returned" : ", not yet returned"`) says "not" when its condition
    holds, or ""."""
    for condition, yes, no in _TERNARY.findall(code):
        if condition.startswith("!") or re.search(r"\bnot\b|[=!]==?\s*(?:null|undefined|None)|!", condition):
            continue
        if _NONE_SAID.search(yes) and not _NONE_SAID.search(no):
            return f"says {yes} when {condition} holds"
    return ""


def _past_turned(parts: list[str]) -> str:
    """Why the absent branch takes the things still to come for the ones gone (`upcoming >= today`), or ""."""
    for part in parts:
        compared = re.fullmatch(r"\(?\s*([\w.$\[\]\"']+)\s*(<=?|>=?)\s*([\w.$()\[\]\"']+)\s*\)?", part)
        if not compared:
            continue
        left, op, right = compared.groups()
        if _TODAY.search(right) and _TO_COME.search(left) and op.startswith(">"):
            return f"says there is none for the ones still to come: `{part}`"
        if _TODAY.search(left) and _TO_COME.search(right) and op.startswith("<"):
            return f"says there is none for the ones still to come: `{part}`"
    return ""
