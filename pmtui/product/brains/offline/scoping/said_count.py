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
from pmtui.product.brains.offline.discovery.numbers import in_words, rough_in_digits
from pmtui.product.brains.offline.headcount import held_count, people_noun
from pmtui.product.brains.offline.own_people import own_people_count
from pmtui.product.brains.offline.per_site import per_place_count
from pmtui.product.brains.offline.scoping.rules import AGE_BEFORE, USER_COUNT
from pmtui.product.brains.offline.scoping.terms import stems, user_count_in


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
                "toddler", "toddlers", "baby", "babies", "teen", "teens", "teenager", "teenagers", "junior", "juniors",
                # The children by what they do: "the parents of our forty-odd players", "60 swimmers".
                "player", "players", "swimmer", "swimmers", "dancer", "dancers", "gymnast", "gymnasts", "scout",
                "scouts", "cub", "cubs", "camper", "campers", "athlete", "athletes"})),
    (re.compile(r"\b(?:carers?|caregivers?|relatives?|famil(?:y|ies)|next of kin)\b", re.IGNORECASE),
     frozenset({"patient", "patients", "resident", "residents", "client", "clients"})),
)
_UNITS = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6}
# Where a count heard in the summary was said, when it was not in the answer about who it is for.
_HEARD_IN = {"why_now": "when you said why now", "constraints": "in your constraints",
             "current_alternatives": "when you said how it is done today", "success_metric": "in your success metric"}
# "forty-odd players", "thirty odd kids", "a hundred-odd members": the count, roughly.
_ROUGHLY = re.compile(r"(?<=[a-z])(?:-odd|\s+odd|-ish)\b(?=\s+[a-z])", re.IGNORECASE)
_A_HUNDRED = re.compile(r"\b(?:a|one)\s+hundred\b(?!\s+(?:and|thousand)\b)", re.IGNORECASE)


def _spoken_counts(text: str) -> list[tuple[float, str, str]]:
    """The counts of `text` with those said in words ("forty-odd players", "a hundred members") read as numbers; each
    phrase is put back in the founder's words."""
    plain = _A_HUNDRED.sub("100", _ROUGHLY.sub("", text))
    # "20-odd boats", "a dozen or so agencies", "couple hundred members": counts said roughly are counts too.
    digits, said = rough_in_digits(plain)
    if digits == text:
        return _counts(text)
    # Put back as said, with the "-odd" the digits dropped: "forty-odd players", not "forty players".
    said = [(number, rough.group(0) if (rough := re.search(re.escape(words) + r"(?:-odd|\s+odd|-ish)?", text,
                                                             re.IGNORECASE)) else words) for number, words in said]
    said += [("100", hundred.group(0)) for hundred in re.finditer(r"\b(?:a|one)\s+hundred(?:-odd|\s+odd|-ish)?", text,
                                                                   re.IGNORECASE)]
    return [(value, in_words(phrase, said), noun) for value, phrase, noun in _counts(digits)]


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


# "customers booking a repair, approx 60-80/month", "walk-ins, ~40 a week": how many come, as a rate after the people.
_RATE = re.compile(
    r"(?:^|[,;(]\s*|\s)(?:(?:approx\.?|approximately|about|around|roughly|~|circa|ca\.?|maybe|some)\s*)?"
    r"(?P<lo>\d{1,6})(?:\s*(?:[-\u2013]|to)\s*(?P<hi>\d{1,6}))?\s*(?:/|per|a|an|each|every)\s*"
    r"(?P<per>day|week|wk|month|mo|mth|year|yr)\b",
    re.IGNORECASE,
)
# A rate is counted over a quarter, the span RICE's reach counts people in.
_PER_QUARTER = {"day": 65.0, "week": 13.0, "wk": 13.0, "month": 3.0, "mo": 3.0, "mth": 3.0, "year": 0.25, "yr": 0.25}


def _rate_of_users(target_user: str) -> SaidCount | None:
    """The users counted as how many come in a day, week or month (the first part of who it is for that says it)."""
    part = target_user.split(";")[0]
    found = _RATE.search(part)
    if found is None or not re.search(r"[a-z]{3,}", part[: found.start()], re.IGNORECASE):
        return None
    low, high = float(found.group("lo")), float(found.group("hi") or found.group("lo"))
    per = found.group("per").lower()
    value = round((low + high) / 2 * _PER_QUARTER[per])
    if value < 2:
        return None
    said = found.group(0).strip(" ,;(")
    return SaidCount(float(value), f"{said} (about {value:,} a quarter)", "when you said who it is for")


def count_said(summary: DiscoverySummary, said: Sequence[str] = ()) -> SaidCount | None:
    """The users' count from the summary; else one said about them in the founder's messages (`said`, first to last)."""
    counted = user_count_in(summary)
    if counted is not None:
        return SaidCount(counted[0], counted[1], _HEARD_IN.get(counted[2], ""))
    if not summary.target_user.strip():
        return None
    rate = _rate_of_users(summary.target_user)
    if rate is not None:
        return rate
    for index, message in enumerate(said):
        where = "in your first message" if index == 0 else "earlier in the interview"
        held = held_count(message)
        if held is not None:
            return SaidCount(held[0], held[1], where)
        # "nurses …, about 300 per hospital", "15 carers a branch across 4 branches": per place, times the places.
        per = per_place_count(message, summary.target_user)
        if per is not None and (not per.who or _about_the_users(per.who, summary.target_user)):
            one = f" (one {per.one_place}'s worth: say how many {per.one_place}s there are)" if per.one_place else ""
            return SaidCount(per.value, per.phrase, where + one)
        for value, phrase, noun in _spoken_counts(message):
            # "me + 1 mechanic": one person is who helps build it, never the product's reach.
            if value >= 2 and _about_the_users(noun, summary.target_user):
                return SaidCount(value, phrase, where)
    # "me and my assistant", "the three of us": the founder counted only their own people, and those are the users.
    own = own_people_count(summary.target_user)
    if own is not None:
        return SaidCount(own[0], own[1], "when you said who it is for")
    return None


def discovery_said(state: ConversationState) -> list[str]:
    """What the founder wrote during discovery, first to last."""
    return [m.content for m in state.messages if m.role == "user" and m.phase == "discovery"]


def asked_count(clause: str) -> SaidCount | None:
    """A count of people said in an argue-back request ("…, there's 6 setters"): the new row's own users."""
    for value, phrase, noun in _spoken_counts(clause):
        # People by name ("6 nurses"), or the ones the row is for ("a way for the route setters …, there's 6 setters").
        if people_noun(noun) or re.search(rf"\bfor\s+(?:the\s+|our\s+|my\s+)?(?:[\w-]+\s+)?{re.escape(noun)}\b", clause,
                                          re.IGNORECASE):
            return SaidCount(value, phrase, "when you asked for it")
    return None
