"""What the opening pitch says besides the idea: who it is for ("for tradies who …", the founder's own outfit)
and what goes wrong, without the pitch said before it or the timing inside it (split out of extract.py)."""

from __future__ import annotations

import re

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.cues import (
    PROBLEM_STRONG,
    WHY_NOW_STRONG,
)
from pmtui.product.brains.offline.discovery.introduction import without_introduction
from pmtui.product.brains.offline.discovery.text import (
    has_persona,
)
from pmtui.product.completeness import has_real_content
from pmtui.product.rice import NICE_TO_HAVE_MARK, WAITS_MARK


def plural(trade: str) -> str:
    """'plumber' → 'Plumbers', 'beekeeper' → 'Beekeepers', 'locksmith' → 'Locksmiths', 'nanny' → 'Nannies'."""
    word = trade.strip()
    if re.search(r"(?:s|sh|ch|x)$", word):
        word += "es" if not word.endswith("s") else ""
    elif re.search(r"[^aeiou]y$", word):
        word = word[:-1] + "ies"
    else:
        word += "s"
    return word[:1].upper() + word[1:]


# "Maybe vineyards later but not now", "…, maybe salons later but not now", said to who it is for: people for later,
# a note on who it is for, neither a wish nor who it is for now.
# "an app for tradies who lose track of which jobs they've quoted", "helping parents who can't find clubs near them",
# "for tradies - sparkies and plumbers mostly - who …": who it is for, then what goes wrong for them.
_PITCH_WHO = re.compile(
    r"\b(?:for|helping|helps|help)\s+(?P<people>(?:[\w'-]+\s+){0,4}?[\w'-]+)"
    r"(?:\s+[\u2014\u2013-]\s+(?P<aside>[^\u2014\u2013.;!?-]{3,60}?)\s+[\u2014\u2013-])?\s+(?:who|that)\s+"
    r"(?P<pain>[^.;!?]{6,})",
    re.IGNORECASE,
)


# "my idea is a booking app for tuition centres in Singapore lah, parents WhatsApp the admin … and the admin go crazy".
_PITCH_LEAD = re.compile(
    r"^(?:(?:hi|hey|hello|g'?day|namaste|hola|salut)\b\W*)?(?:my idea is|the idea is|it'?s|it is|i'?m building|building|"
    r"(?:i want|i'?d like|i am wanting|i'?m wanting|i am planning|i'?m planning|we want|we are planning) to "
    r"(?:build|make|create|start|develop)|basically)?\s*(?:an?|the|my|one)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:app|tool|platform|site|website|service|"
    r"bot|system|marketplace|product|saas)\b[^,;:]*[,;:]\s*(?P<rest>.+)$",
    re.IGNORECASE,
)


# "hi, I run a small PG in HSR Layout, 40 beds, and I want an app because rent collection is a nightmare": the pain is
# what comes after the "because"; who the founder is and what they want built come before it.
_PITCH_BECAUSE = re.compile(
    r"\b(?:i|we)\s+(?:want|need|'d like|would like|am wanting|'m wanting|am building|'m building|am making|'m making)\s+"
    r"(?:to\s+(?:build|make|create|start)\s+)?(?:an?|one|this|some)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:app|tool|platform|site|website|service|bot|system|software|product)\b[^.;!?]*?\s+(?:because|since|cos|coz|as)\s+"
    r"(?P<rest>[^.;!?]+)",
    re.IGNORECASE,
)


def timing_not_the_pain(result: DiscoverySummary) -> DiscoverySummary:
    """"farmers are forgetting the dates …, last year lumpy finished many cows" filed as both the pain and the why-now:
    the why-now keeps only its clauses about what changed."""
    problem, timing = result.core_problem.strip(), result.why_now.strip()
    if not problem or not timing or not (timing in problem or problem in timing):
        return result
    result = result.model_copy()
    changed = [c for c in re.split(r",\s+|;\s+", timing) if WHY_NOW_STRONG.search(c)]
    result.why_now = ", ".join(changed)
    return result


def problem_without_the_pitch(result: DiscoverySummary) -> DiscoverySummary:
    """The opening's problem without the pitch said before it: what goes wrong, not "my idea is an app for …"."""
    pitched = _PITCH_LEAD.match(result.core_problem.strip()) or _PITCH_BECAUSE.search(result.core_problem)
    if pitched and is_pain(pitched.group("rest")):
        return result.model_copy(update={"core_problem": pitched.group("rest").strip()})
    # No pitch before the pain: the greeting and the introduction may be ("G'day - so I'm the secretary of …, and …").
    introduced = without_introduction(result.core_problem.strip(), is_pain)
    return result.model_copy(update={"core_problem": introduced}) if introduced != result.core_problem.strip() else result


def is_pain(text: str) -> bool:
    return bool(PROBLEM_STRONG.search(text) or _PAIN_MORE.search(text))


_PAIN_MORE = re.compile(r"\b(?:run(?:s|ning)? out of|keep (?:\w+ing)|end up|never|always (?:late|behind))\b", re.IGNORECASE)


# "my family run mini storage in Kwun Tong", "I run a small PG", "our netball club in Geelong", "my salon's clients":
# the founder's own outfit, a first guess at who it is for (the PM asks about it: an outfit is a draft of who).
_OWN_OUTFIT = re.compile(
    r"\b(?:(?:i|we|i\s+am|i'?m|am|we\s+are|we'?re|my (?:family|husband|wife|dad|mum|mom|uncle|aunty|aunt|brother|sister|"
    r"cousin|parents))\s+(?:run|runs|running|own|owns|manage|manages|managing)\s+(?:a|an|the|our|my|one|this|two|three|\d+)?\s*|"
    r"(?:my|our)\s+)"
    r"(?:(?:small|little|tiny|family|local)\s+)?(?P<outfit>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"(?:'s\s+(?:clients|customers|members|patients|students|guests|tenants)\b|"
    r"(?=\s+(?:in|at|near|on|called|with)\s|\s*[,.;]))",
    re.IGNORECASE,
)


_OUTFIT_WORD = re.compile(r"\b(?:club|school|clinic|practice|agency|shop|store|salon|business|company|hall|group|restaurant|"
                          r"kitchen|pharmacy|centre|center|firm|garage|studio|bakery|farm|gym|hostel|hotel|cafe|pg)s?$",
                          re.IGNORECASE)


def own_outfit(result: DiscoverySummary, text: str) -> DiscoverySummary:
    """No people in the pitch but the founder's own outfit: outfits like it, as a draft of who it is for."""
    if has_real_content(result.target_user):
        return result
    found = _OWN_OUTFIT.search(text)
    if not found or re.match(r"(?:idea|app|plan|friend|wife|husband|family|kids?|daughter|son)\b", found.group("outfit"),
                                     re.IGNORECASE):
        return result
    outfit = found.group("outfit").strip()
    said_by_name = not re.search(r"\b(?:run|runs|running|own|owns|manage|manages|managing)\b", found.group(0),
                                 re.IGNORECASE) and "'s" not in found.group(0)
    if said_by_name and not _OUTFIT_WORD.search(outfit) or re.search(r"\b(?:is|are|was|name)\b", outfit, re.IGNORECASE):
        # "my name is Kwame", "my daughter's school": only an outfit word makes "my X" an outfit.
        return result
    # An outfit word is the group ("netball clubs", "salons"); other trades are businesses ("mini storage businesses").
    group = (outfit if outfit.lower().endswith("s") else outfit[:1] + plural(outfit)[1:]) if _OUTFIT_WORD.search(outfit) else f"{outfit} businesses"
    return result.model_copy(update={"target_user": group})


def pitch_people_and_pain(result: DiscoverySummary, text: str) -> DiscoverySummary:
    """The opening pitch "for <people> who <what goes wrong>": the people are who it is for and the relative clause
    is the problem — not "who lose track …" as the problem, nor a wish made of its words ("Jobs they've quoted")."""
    found = _PITCH_WHO.search(text)
    if not found:
        return result
    people, pain = found.group("people").strip(), found.group("pain").strip(" ,")
    relative = re.split(r",\s|\s+(?:so|because|cos|but|and then)\s+", pain, maxsplit=1)[0]
    if not has_persona(people.split()[-1]) or not (PROBLEM_STRONG.search(relative) or _PAIN_MORE.search(relative)):
        # "for ICU nurses who swap shifts, so they can …" says which nurses: it is all who it is for.
        return result
    result = result.model_copy(deep=True)
    aside = re.sub(r"^(?:mostly|mainly|usually|especially)\s+|\s+(?:mostly|mainly|usually|especially)$", "",
                   (found.group("aside") or "").strip(), flags=re.IGNORECASE)
    whole = f"{people} ({aside})" if aside else people
    target = result.target_user
    if not has_real_content(target) or re.search(r"\b(?:who|that)\b", target, re.IGNORECASE) or (
            aside and (target.lower() in aside.lower() or target.lower() == people.lower())):
        result.target_user = whole
    problem = result.core_problem
    if not has_real_content(problem) or problem.lower().startswith(("who ", "that ")) or found.group(0).lower() in (
            problem.lower()) or people.lower() in problem.lower():
        result.core_problem = pain
    # Words of the problem are no wish: "jobs they've quoted" came from "lose track of which jobs they've quoted".
    lowered = pain.lower()
    result.feature_wishlist = [item for item in result.feature_wishlist
                               if item.replace(NICE_TO_HAVE_MARK, "").replace(WAITS_MARK, "").strip().lower() not in lowered]
    return result
