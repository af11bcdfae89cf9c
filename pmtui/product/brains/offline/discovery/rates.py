"""Rates said in whole sentences: today's rate of a bad outcome is the pain; a change of it to a target is the metric.

"about 20% of appointments are no-shows" says how bad it is today: the core problem.
"Cut no-shows from 20% to under 10% within three months" says where it should get to: the success metric.
"""

from __future__ import annotations

import re
from typing import Any

_QUALIFIER = r"(?:about|around|roughly|nearly|almost|over|up to|maybe|like|some|easily|at least)"
# A share of them: "20%", "20 percent", "a third", "half", "one in five", "3 out of 10".
_SHARE = (
    rf"(?:{_QUALIFIER}\s+)?(?:\d[\d.]*\s*(?:%|percent|per ?cent)|(?:a|one)\s+(?:third|quarter|fifth|tenth)|half|"
    r"(?:one|two|three|\d+)\s+(?:in|out of)\s+(?:\d+|three|four|five|six|seven|eight|nine|ten))"
)
# What goes wrong with them: missed, late, lost, never paid.
_BAD = (
    r"(?:no[- ]?shows?|missed|late|cancel+ed|cancel+ations?|lost|wasted|abandoned|unpaid|overdue|returned|broken|"
    r"wrong|rejected|thrown (?:away|out)|binned|expired|spoil(?:ed|t)|double[- ]booked|forgotten|dropped|missing|"
    r"(?:never|not) (?:paid|collected|picked up|shown up|turn(?:ed)? up))"
)
# "about 20% of appointments are no-shows", "a third of our invoices get paid late", "one in five parcels goes missing".
BAD_RATE_TODAY = re.compile(
    rf"\b{_SHARE}\s+(?:of\s+)?(?:(?:the|our|their|all|those|his|her|my)\s+)?(?:[\w'-]+\s+){{0,3}}?"
    rf"(?:are|is|were|was|get|gets|got|go|goes|end up|ends up|turn out|come back)\s+(?:\w+\s+)?(?:as\s+)?(?:a\s+)?{_BAD}"
    # "our no-show rate is about 20%", "a 20% cancellation rate".
    r"|\b(?:no[- ]?show|cancell?ation|failure|error|drop[- ]?out|return|wastage|waste|default)\s+rate\s+"
    rf"(?:is|was|sits at|runs at|hovers around|of)\s+(?:{_QUALIFIER}\s+)?\d"
    r"|\b\d[\d.]*\s*(?:%|percent)\s+(?:no[- ]?show|cancell?ation|failure|error|drop[- ]?out|return|wastage)\s+rate\b",
    re.IGNORECASE,
)

_CHANGE = (
    r"(?:cut|cutting|reduce|reducing|lower|lowering|bring|bringing|get|getting|drop|dropping|raise|raising|increase|"
    r"increasing|grow|growing|improve|improving|push|pushing|halve|halving|move|moving|take|taking)"
)
_LEVEL = r"(?:under|below|less than|fewer than|over|above|more than|at least|at most|no more than)"
# "Cut no-shows from 20% to under 10%", "get late invoices down to below 5%", "raise repeat bookings to over 60%".
TARGET_CHANGE = re.compile(
    rf"\b{_CHANGE}\b[^.;]{{0,60}}?\bfrom\s+(?:{_QUALIFIER}\s+)?\d[^.;]{{0,30}}?\bto\s+(?:{_LEVEL}\s+)?(?:{_QUALIFIER}\s+)?\d"
    rf"|\b{_CHANGE}\b[^.;]{{0,60}}?\b(?:down|up)?\s*(?:to\s+)?{_LEVEL}\s+(?:{_QUALIFIER}\s+)?\d",
    re.IGNORECASE,
)

# Said as what should happen, not as what happens: a goal, a wish or a horizon.
_AIMED = re.compile(
    r"\b(?:want|wants|would|will|'ll|'d|goal|target|aim|hope|should|success|measure|within|by (?:the end|next|\w+ \d)|"
    r"in (?:the first )?(?:\d+|one|two|three|six|twelve) (?:weeks?|months?))\b",
    re.IGNORECASE,
)


def target_change(clause: str) -> bool:
    """A change of a number to a target: "Cut no-shows from 20% to under 10% within three months"."""
    return bool(TARGET_CHANGE.search(clause))


def bad_rate_today(clause: str) -> bool:
    """Today's rate of a bad outcome, said as a fact: "about 20% of appointments are no-shows"."""
    return bool(BAD_RATE_TODAY.search(clause)) and not target_change(clause) and not _AIMED.search(clause)


# "our pilot clinic sees about 400 patients a month", "each salon does around 60 bookings a week": how many pass
# through one of them today — a count for reach, not a second kind of user and not a target.
_THROUGHPUT = re.compile(
    r"^\W*(?:and\s+|but\s+)?(?:our|my|the|their|a|each|every|one|this|that|a typical|the average)\s+(?:[\w'-]+\s+){0,3}?"
    # Whatever they do to them: "sees", "teaches", "sells", "deals with" (not "is", "has": what they are or own).
    r"(?!(?:is|was|has)\b)(?:[a-z]+s|deals with|looks after)\s+"
    rf"(?:{_QUALIFIER}\s+)?\d[\d,]*\+?\s+"
    # Of things or people, not of time ("works 3 days a week" is how long).
    r"(?!(?:days?|hours?|weeks?|months?|shifts?|nights?|times?)\b)(?:[\w'-]+\s+){1,2}?"
    r"(?:a|per|each|every|an)\s+(?:day|week|month|year|night|shift)\b",
    re.IGNORECASE,
)


def throughput(clause: str) -> bool:
    """A count of what passes through one of them in a period, said as today's fact."""
    return bool(_THROUGHPUT.search(clause)) and not _AIMED.search(clause)


def rate_kind(clause: str) -> str:
    """'pain' for today's rate of a bad outcome, 'target' for a change to a target, 'count' for a count per period."""
    if bad_rate_today(clause):
        return "pain"
    if target_change(clause):
        return "target"
    return "count" if throughput(clause) else ""


def reread_rates(clause: str, clues: dict[str, Any], success_strong: bool, whole: Any) -> dict[str, Any]:
    """The clues of a clause with its rates read as above: today's rate of a bad outcome is the pain (`whole`, the
    clause as a strong clue), a change of it to a target the metric, a count of what passes through them ("our pilot
    clinic sees about 400 patients a month") neither a kind of user (a weak people clue goes) nor a target."""
    kind = rate_kind(clause)
    if kind == "count" and "target_user" in clues and not clues["target_user"].strong:
        del clues["target_user"]
    if kind == "pain" or (kind == "count" and not success_strong):
        clues.pop("success_metric", None)
    if kind in ("pain", "target"):
        kept = {a: c for a, c in clues.items() if kind == "pain" or a == "target_user"}
        clues = kept | {"core_problem" if kind == "pain" else "success_metric": whole}
    return clues


# "about 120 customers came back to us last year", "we did around 180 custom orders last year": how many in a year is a
# volume. "Last year" names no change on its own; "orders tripled since last year" or "the council changed the rules
# last year" do, and say so with their own verb.
_YEAR_ONLY = re.compile(r"^(?:last|this) year$", re.IGNORECASE)
_COUNTED = re.compile(r"\b(?:\d[\d,]*|a hundred|hundreds|a couple of hundred|dozens)\s+(?:[\w'-]+\s+){0,3}?"
                      r"(?:customers?|clients?|orders?|bookings?|people|members|families|guests|visitors|jobs|boxes|"
                      r"events|sales|users|students|patients|calls|deliveries)\b|"
                      # How often a thing went wrong ("that's happened about 8 times this year", "twice last year"):
                      # the pain's count, no change.
                      r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many|a dozen|dozens of)"
                      r"\s+times\b|\b(?:once|twice)\b|"
                      # "I've had two brides turn up for the same gown … this year": what went wrong, counted.
                      r"\b(?:i'?ve|we'?ve|i have|we have)\s+(?:already\s+|now\s+)?had\s+(?:\d+|two|three|four|five|six|seven|"
                      r"eight|nine|ten|a couple of|a few|several|a dozen|dozens of)\s+[\w'-]+\s+(?:\w+\s+){0,2}?"
                      r"(?:turn|come|came|show|miss|cancel|go|went|get|got|leave|left|walk|fail|break|arrive)\w*\b", re.IGNORECASE)


def year_volume(clause: str, cue: re.Match[str] | None) -> bool:
    """Is the clause's only why-now cue a "last year" or "this year" said of how many there were?"""
    return cue is not None and bool(_YEAR_ONLY.match(cue.group(0))) and bool(_COUNTED.search(clause))
