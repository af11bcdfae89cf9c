"""People told with what goes wrong for them, in one relative clause.

Asked what goes wrong, a founder often answers with who and their trouble at once: "Hospital nurses on rotating
12-hour shifts, about 300 per hospital, who skip water and breaks". The people are who it is for (the cues file that
already); the clause after "who" is the problem, and asking for it again — as the PM did — ignores the answer. The
pitch's own "for <people> who <pain>" is handled where the pitch is read (extract._pitch_people_and_pain).
"""

from __future__ import annotations

import re

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.cues import PROBLEM_STRONG
from pmtui.product.brains.offline.discovery.text import has_persona
from pmtui.product.completeness import has_real_content

# "<people>[, an aside,] who <what they do or suffer>", the people leading the answer.
_PEOPLE_WHO = re.compile(
    r"^\s*(?P<people>[A-Za-z][^,.;!?]{2,80}?)(?:,[^.;!?]{0,60}?)?,?\s+(?:who|that)\s+(?P<pain>[^.;!?]{4,})",
    re.IGNORECASE)
# Trouble told as what the people do, not in a pain word: "skip water and breaks", "work through lunch".
_TROUBLE = re.compile(
    r"\b(?:skip(?:s|ping|ped)?|run(?:s|ning)? out of|keep (?:\w+ing)|end up|never|always (?:late|behind)|"
    r"work(?:s|ing)? through|go(?:es)? without|burn(?:s|ing)? out|drop(?:s|ping)? out|give(?:s)? up|no[- ]show)\b",
    re.IGNORECASE)


def people_and_their_trouble(result: DiscoverySummary, text: str, asked: str) -> DiscoverySummary:
    """Asked what goes wrong, "<people> who <trouble>" answers it: the clause becomes the problem when none is
    filed from this answer."""
    if asked != "core_problem" or has_real_content(result.core_problem):
        return result
    found = _PEOPLE_WHO.search(text)
    if not found or not has_persona(found.group("people")):
        return result
    pain = re.split(r",\s|\s+(?:so|because|cos|but)\s+", found.group("pain").strip(" ,"), maxsplit=1)[0]
    if not (PROBLEM_STRONG.search(pain) or _TROUBLE.search(pain)):
        return result  # "nurses who work nights" says which nurses, not what goes wrong
    result = result.model_copy(deep=True)
    result.core_problem = f"{found.group('people').strip()} {pain}" if len(pain.split()) < 6 else pain
    return result
