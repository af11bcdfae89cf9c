"""Who else the founder names beside the users, asked who it is for: people for later ("maybe other clubs later",
"Other van owners also maybe later") and the founder's own team using it too ("Me and my driver Nimal also will use
it"). Neither is who the first version is for; both are kept beside it, in brackets, so the card shows them and the
persona stays the users'.
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.headcount import people_noun

LATER_PEOPLE = re.compile(
    # "its for her and maybe other home bakers later": a hedged "and maybe …" starts the later people too.
    r"(?:^|(?<=[.;!])|,|(?<=\w)(?=\s+and\s+(?:maybe|perhaps|possibly)\s))\s*(?:(?:and|but|oh and)\s+)?(?:(?:maybe|perhaps|possibly)\s+)?(?P<who>(?:(?!\s+and\s+(?:maybe|perhaps|possibly)\s)[^,.;!?]){2,40}?)\s+"
    # "Other van owners also maybe later": the hedge may follow the people, as many Englishes say it.
    r"(?:(?:also|too|as well)\s+)?(?:(?:maybe|perhaps|possibly|probably)\s+)?"
    r"(?:later|down the line|eventually|one day)(?:\s+(?:also|too|on))?"
    r"(?:\s*(?:,\s*|\s+but\s+)?not\s+(?:now|yet|for now|right now))?\s*(?=[,.;!?]|$)",
    re.IGNORECASE,
)
_HEDGED = re.compile(r"^\s*(?:(?:and|but|oh and)\s+)?(?:maybe|perhaps|possibly)\b|\b(?:maybe|perhaps|possibly|probably)\s+"
                     r"(?:later|down the line|eventually|one day)\b|\bnot\s+(?:now|yet)\b", re.IGNORECASE)
# "Me and my driver Nimal also will use it", "we'll use it too": the founder's own people, using their own tool.
OWN_USE = re.compile(
    r"(?:^|(?<=[.;!])|,)\s*(?:(?:and|also|plus)\s+)?(?:me|myself|i|we|us)(?:'ll|'d)?(?:\s+(?:and|&|\+)\s+(?:my|our)\s+"
    r"(?P<who>[\w' -]{2,30}?))?(?:\s*,\s*(?:we|i))?\s+(?:(?:also|too)\s+)?(?:will|would|can|could|are going to)?\s*(?:also\s+)?"
    # "Also me and my wife, we take the orders": the founder's own people, working the tool.
    r"(?:(?:use|be using)\s+it|(?:take|handle|manage|answer|process|deliver|cook|make)\s+(?:the|all the)\s+[\w'-]+)"
    r"(?:\s+(?:too|also|as well))?\s*(?=[,.;!?]|$)",
    re.IGNORECASE,
)


# "us lot on the PTA who run it (theres 5 of us)": the people who run the service, not the team that builds it.
OF_US_RUNNING = re.compile(r"\b(?:who|that)\s+(?:run|runs|ran|organi[sz]es?|organi[sz]ed|manages?|managed|staffs?|"
                           r"volunteers?|help\s+(?:run|out)|sort\s+out)\s+(?:it|the|this|them|everything)\b", re.IGNORECASE)


def later_people(text: str) -> list[str]:
    """The people said to come later ("maybe other clubs later"); a plain "later" with no hedge counts only after
    a word that says so ("also", "too") — "the parents later" alone is too little to move anyone."""
    return [m.group("who").strip() for m in LATER_PEOPLE.finditer(text) if (_HEDGED.search(m.group(0).lstrip(" ,;.!"))
            or re.search(r"\b(?:also|too|as well)\s+(?:later|down the line|eventually|one day)\b", m.group(0), re.IGNORECASE))
            # "… and maybe pay later" inside a clause is a wish put off; only people ("and maybe other bakers") come later.
            and (not _IN_A_CLAUSE.match(m.group(0)) or any(people_noun(w) for w in m.group("who").split()))]


# "… her and maybe other bakers later": the later people start inside a clause, after a word.
_IN_A_CLAUSE = re.compile(r"\s+and\s+(?:maybe|perhaps|possibly)\s", re.IGNORECASE)


def without_later_people(text: str) -> str:
    later = set(later_people(text))
    return LATER_PEOPLE.sub(lambda m: "" if m.group("who").strip() in later else m.group(0), text).strip(" ,;")


def own_use(text: str) -> str | None:
    """"you and your driver Nimal" for "Me and my driver Nimal also will use it"; "you" for "we'll use it too"."""
    match = OWN_USE.search(text)
    if match is None:
        return None
    return f"you and your {match.group('who').strip()}" if match.group("who") else "you"


def without_own_use(text: str) -> str:
    return OWN_USE.sub("", text).strip(" ,;")


# "i have maybe 60 regulars", "we've got 17 families": a part that only says how many they have.
_ONLY_A_COUNT = re.compile(r"^\W*(?:(?:and|plus|so)\s+)?(?:i|we)(?:\s+have|'ve got|\s+have got|\s+got)\s+(?:(?:about|around|roughly|"
                           r"maybe|like|some|probably|over|nearly|almost)\s+)?\d[\d,]*\+?\s+[\w'-]+(?:\s+[\w'-]+)?\W*$",
                           re.IGNORECASE)


def count_beside(target_user: str, held: tuple[float, str]) -> str:
    """Who it is for with how many of them there are in brackets ("commuters (about 60 regulars)"): beside the
    people it counts, not the people who run it ("…; us lot on the PTA who run it"), and instead of a part that
    only said the count ("commuters; i have maybe 60 regulars")."""
    parts = [part for part in target_user.split("; ") if not _ONLY_A_COUNT.match(part)] or target_user.split("; ")
    said = "; ".join(parts)
    if re.search(rf"(?<![\d,]){held[0]:g}\b|{re.escape(held[1])}", said, re.IGNORECASE):
        return said
    at = max((i for i, part in enumerate(parts) if not OF_US_RUNNING.search(part)), default=len(parts) - 1)
    parts[at] = f"{parts[at]} ({held[1]})"
    return "; ".join(parts)


# "So I would say the librarians first, the singers second", "first the coaches, then the parents", "drivers first and
# parents later": who comes first is who it is for now; the others come later.
_RANKED = re.compile(
    r"(?:^|(?<=[.;!?])\s*|,\s*)(?:(?:so|well|ok(?:ay)?|i (?:would|'d) say|i think|probably|honestly)\s*,?\s+)*(?:the\s+)?"
    r"(?P<first>[a-z][\w' -]{1,40}?)\s+first\s*(?:,\s*|\s+)(?:and\s+|then\s+)?(?:the\s+)?(?P<second>[a-z][\w' -]{1,40}?)\s+"
    r"(?:second|next|after(?:wards)?|later)\s*(?=[,.;!?]|$)|"
    r"(?:^|(?<=[.;!?])\s*)(?:(?:so|well)\s*,?\s+)?first\s+(?:the\s+)?(?P<first2>[a-z][\w' -]{1,40}?)\s*,?\s+(?:and\s+)?"
    r"then\s+(?:the\s+)?(?P<second2>[a-z][\w' -]{1,40}?)\s*(?=[,.;!?]|$)",
    re.IGNORECASE,
)


def ranked_people(text: str) -> tuple[str, str] | None:
    """(who comes first, who comes after) when the answer ranks two groups, else None."""
    match = None
    for match in _RANKED.finditer(text):
        pass  # the last ranking said is the founder's conclusion
    if match is None:
        return None
    first = (match.group("first") or match.group("first2") or "").strip()
    second = (match.group("second") or match.group("second2") or "").strip()
    return (first, second) if first and second and first.lower() != second.lower() else None
