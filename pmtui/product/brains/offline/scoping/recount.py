"""How many users there are, said in argue-back ("theres only 90 of us not 1000 lol", "we've got about 250
members, not a thousand"): every row's reach is worked out again from that count, as if discovery had heard it."""

from __future__ import annotations

import re

from pmtui.models import Provenance, ScopingOutput
from pmtui.product.brains.offline.headcount import people_noun
from pmtui.product.brains.offline.per_site import is_users_word, per_place_count

_PEOPLE = (r"(?:of us|of them|(?:[a-z][\w'-]*\s+)?(?:members|users|people|customers|clients|families|households|"
           r"holders|players|parents|students|pupils|patients|owners|staff|volunteers|regulars|subscribers|"
           r"[a-z]+ers|[a-z]+ists|[a-z]+ians)|[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)")
_NUMBER = r"(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s*k?)"
# The count, said as what there is: "there's only 90 of us", "we have 250 members", "it's more like 60 families".
_COUNT = re.compile(
    rf"\b(?:there'?s|theres|there are|there is|we'?re|we are|we have|we'?ve got|we got|i have|i'?ve got|it'?s|its|"
    rf"we only have|there'?re|that'?s)\s+(?:(?:only|just|more like|actually|really|about|around|roughly|like|maybe|"
    rf"some|max|at most)\s+)*{_NUMBER}\s+(?P<who>{_PEOPLE})\b",
    re.IGNORECASE,
)
# The table's number said back as wrong: "not 1000", "not a thousand", "nowhere near 1,000", "reach is way too high".
_WRONG = re.compile(r"\b(?:not|rather than|instead of|nowhere near|nothing like|no way)\s+(?:a\s+)?(?:\d[\d,]*|thousand|"
                    r"hundred|that many)|\breach\b|\bonly\b|\bjust\b|\bmore like\b|\bi (?:told|said)\b", re.IGNORECASE)


def said_count(text: str, users: str = "") -> tuple[float, str] | None:
    """(how many, the words) when the message says how many users there are, and says it against the table; `users`
    (who the product is for) lets the founder's own noun for them count ("45 midwives")."""
    if not _WRONG.search(text):
        return None
    # "300 nurses per hospital and we'd start with 2 hospitals": the users counted per place, times the places.
    per = per_place_count(text, users)
    if per is not None and (not per.who or _people(per.who, users)):
        return per.value, per.phrase
    for found in _COUNT.finditer(text):
        if _MAKERS.match(text[found.end("who"):]):
            continue  # "it's just 2 of us building it": who makes it, not who uses it
        who = _people(found.group("who"), users)
        if who:
            number = found.group("n").replace(",", "").strip().lower()
            value = float(number[:-1]) * 1000 if number.endswith("k") else float(number)
            return (value, f"{found.group('n')} {who}") if value >= 2 else None
    return None


_MAKERS = re.compile(r"\s*(?:who\s+|that\s+)?(?:build|building|built|make|making|run|running|work|working|code|coding|"
                     r"develop|developing|on\s+the\s+team|in\s+the\s+team|doing\s+it)\b", re.IGNORECASE)
_KNOWN = re.compile(r"(?:[a-z][\w'-]*\s+)?(?:[a-z]+ers|[a-z]+ists|[a-z]+ians|members|users|people|customers|clients|"
                    r"families|households|holders|players|parents|students|pupils|patients|owners|staff|volunteers|"
                    r"regulars|subscribers)", re.IGNORECASE)


def _people(who: str, users: str = "") -> str:
    """The words of the count that name people ("nurses" of "nurses not", "plot holders", "of us", the users' own
    noun), else "" ("12 vans")."""
    if who.lower().startswith(("of us", "of them")) or _KNOWN.fullmatch(who):
        return who
    words = who.split()
    people = [people_noun(word) or is_users_word(word, users) for word in words]
    if True not in people:
        return ""
    end = people.index(True) + 1
    while end < len(words) and people[end]:
        end += 1  # "community nurses": the run of people words
    return " ".join(words[:end])


def recount(output: ScopingOutput, text: str, users: str = "") -> list[str]:
    """Every row's reach scaled to the count said (each row keeps its share of the users); what changed, as said."""
    said = said_count(text, users)
    if said is None:
        return []
    count, words = said
    rows = [*output.mvp_features]
    base = max((f.rice_reach for f in rows), default=0.0)
    if base <= 0 or round(base) == round(count):
        return []
    assumed = all(f.provenance.get("reach") is None or f.provenance["reach"].source == "estimated" for f in rows)
    for feature in rows:
        share = feature.rice_reach / base
        feature.rice_reach = float(round(count * share))
        feature.provenance["reach"] = Provenance(
            source="stated",
            reason=f"you said “{words}” in argue-back: {share:.0%} of them would use it",
        )
    return [f"worked every row's reach out again from “{words}” (the table had {'assumed ' if assumed else ''}{base:,.0f})"]
