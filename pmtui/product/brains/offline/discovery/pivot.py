"""A change of direction in the interview: who the new people are, and what the turn's story says."""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.text import is_generic_only, norm, persona_phrase, split_sentences
from pmtui.product.completeness import has_real_content

PIVOT_STALE = ("core_problem", "current_alternatives", "success_metric", "revenue_model")


def new_people(old: str, new: str) -> bool:
    """Does `new` name other people than `old` ('agency nurses' after 'ICU nurses'), not a sharper version?"""
    if not has_real_content(old):
        return False
    return norm(old) not in norm(new)


WISH_SAID = re.compile(r"\b(?:it|the app|the tool|they)\s+(?:should|must|needs? to|has to|will need to)\s+(?:let|show|"
                        r"have|do|track|send|book|give)\b|\bi (?:want|need|'d like) (?:it|the app) to\b|\bfeatures?\b|:\s*\w",
                        re.IGNORECASE)
TURN = re.compile(r"\b(?:none|not one|nobody|no one) of them (?:want|wants|need|needs|would)\b", re.IGNORECASE)


def pivot_people(text: str, old: str) -> str:
    """The new people of a pivot told as a story: the people named after a colon or a dash, or in a sentence of
    their own, that are not the old target — the last such, or the one right before "that's who I want to build for"."""
    found = ""
    for sentence in split_sentences(text):
        if re.match(r"^that'?s (?:who|the people)\b", sentence, re.IGNORECASE) and found:
            return found
        for part in [p for p in re.split(r"\s*[:\u2014\u2013]\s*|\s+-\s+", sentence)[1:] if p] + [sentence]:
            people = persona_phrase(part) or persona_phrase(part, anchored=False)
            if people and new_people(old, people) and not is_generic_only(people):
                found = people
                break
    return found


def said_not_for(text: str, people: str) -> bool:
    """Did the founder name these people as the ones it is not for ("…, not for the drivers", "not parents")?"""
    words = re.escape(people.strip()).replace(r"\ ", r"\s+")
    return bool(words) and re.search(rf"\bnot\s+(?:for\s+)?(?:the\s+|those\s+|any\s+)?{words}\b", text, re.IGNORECASE) is not None


# "front desk spends like 2 hrs a day calling owners": the people whose day the problem is, before a verb of effort.
_ACTOR = re.compile(
    r"^\W*(?:the\s+|our\s+|their\s+|my\s+)?(?P<who>(?:[\w-]+\s+){0,2}?(?:front desk|reception(?:ists?)?|staff|admins?|office|"
    r"managers?|coordinators?|clerks?|teams?|clinics?|practices?|shops?|owners?|drivers?|riders?|nurses?|teachers?|"
    r"tutors?|coaches?|vets?|doctors?|mechanics?|cleaners?|farmers?|operators?|dispatchers?|secretar(?:y|ies)))\s+"
    r"(?:spends?|wastes?|has to|have to|keeps?|calls?|chases?|loses?|can'?t|cannot|struggles?|is stuck|are stuck)\b",
    re.IGNORECASE)


def other_people(target: str, answer: str) -> str:
    """The people an answer says the problem belongs to, when they are not who it is for and the answer names those
    as the ones they deal with ("pet owners", then "front desk spends 2 hrs a day calling owners"), or ''."""
    match = _ACTOR.match(answer)
    words = re.findall(r"[a-z]+", target.lower())
    if not match or not words:
        return ""
    head = words[-1].rstrip("s")
    who = match.group("who").strip()
    if head in who.lower() or not re.search(rf"\b{re.escape(head)}s?\b", answer[match.end():], re.IGNORECASE):
        return ""
    return who
