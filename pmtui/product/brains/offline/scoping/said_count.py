"""How many users the founder said, wherever they said it. Discovery keeps a count said with the users ("about 220
on the books", "500 nurses"); a count said in the pitch or in another answer ("around 38 children from 3 schools",
"we have 120 members") is lost when the users are named later without one ("Mainly the parents"), and the scope
assumed 1,000. Here a count of the users, or of the people they answer for (the children of parents, the patients
of carers), said in any of the founder's discovery messages is the reach, and the reach says where it was said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from pmtui.models import ConversationState, DiscoverySummary
from pmtui.product.brains.offline.headcount import held_count, people_noun
from pmtui.product.brains.offline.scoping.rules import AGE_BEFORE, USER_COUNT
from pmtui.product.brains.offline.scoping.terms import stems, user_count


class SaidCount(NamedTuple):
    """A user count and, when it was not in the users' own answer, where the founder said it."""

    value: float
    phrase: str
    where: str = ""


# People who stand for others: a count of the ones they answer for is a count of them (one parent, or one family,
# a child; one carer, a patient).
_ANSWER_FOR = (
    (re.compile(r"\b(?:parents?|mums?|moms?|dads?|famil(?:y|ies)|guardians?|carers?|whānau|whanau|households?)\b", re.IGNORECASE),
     frozenset({"child", "children", "kid", "kids", "pupil", "pupils", "student", "students", "learner", "learners",
                "toddler", "toddlers", "baby", "babies", "teen", "teens", "teenager", "teenagers", "junior", "juniors"})),
    (re.compile(r"\b(?:carers?|caregivers?|relatives?|famil(?:y|ies)|next of kin)\b", re.IGNORECASE),
     frozenset({"patient", "patients", "resident", "residents", "client", "clients"})),
)
_UNITS = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6}


def _counts(text: str) -> list[tuple[float, str, str]]:
    """(number, 'the phrase as said', the noun) for each count of something in `text`."""
    found = []
    for match in USER_COUNT.finditer(text):
        if re.search(r"\d\s*[-\u2013]\s*$", text[: match.start()]) or AGE_BEFORE.search(text[: match.start()]):
            continue  # "1-3 person studios": a size of each, not a count; "she's 70": an age
        try:
            value = float(match.group(1).replace(",", "")) * _UNITS.get((match.group(2) or "").lower(), 1)
        except ValueError:
            continue
        noun = match.group(3).split()[0].lower()
        if 1 <= value <= 1e9 and not 1900 <= value <= 2100:
            found.append((value, match.group(0).strip(), noun))
    return found


def _about_the_users(noun: str, target_user: str) -> bool:
    # "3 shifts" for "nurses on rotating 12-hour shifts" shares a word with the users but counts no one: only people
    # (or outfits) the users are named as count.
    if stems(noun) & stems(target_user) and people_noun(noun):
        return True
    return any(who.search(target_user) and noun in answered for who, answered in _ANSWER_FOR)


def count_said(summary: DiscoverySummary, said: Sequence[str] = ()) -> SaidCount | None:
    """The users' count from the summary; else one said about them in the founder's messages (`said`, first to last)."""
    counted = user_count(summary)
    if counted is not None:
        return SaidCount(*counted)
    if not summary.target_user.strip():
        return None
    for index, message in enumerate(said):
        where = "in your first message" if index == 0 else "earlier in the interview"
        held = held_count(message)
        if held is not None:
            return SaidCount(held[0], held[1], where)
        for value, phrase, noun in _counts(message):
            if _about_the_users(noun, summary.target_user):
                return SaidCount(value, phrase, where)
    return None


def discovery_said(state: ConversationState) -> list[str]:
    """What the founder wrote during discovery, first to last."""
    return [m.content for m in state.messages if m.role == "user" and m.phase == "discovery"]
