"""How many users there are, said in argue-back ("theres only 90 of us not 1000 lol", "we've got about 250
members, not a thousand"): every row's reach is worked out again from that count, as if discovery had heard it."""

from __future__ import annotations

import re

from pmtui.models import Provenance, ScopingOutput

_PEOPLE = (r"(?:of us|of them|(?:[a-z][\w'-]*\s+)?(?:members|users|people|customers|clients|families|households|"
           r"holders|players|parents|students|pupils|patients|owners|staff|volunteers|regulars|subscribers|"
           r"[a-z]+ers|[a-z]+ists|[a-z]+ians))")
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
                    r"hundred|that many)|\breach\b|\bonly\b|\bjust\b", re.IGNORECASE)


def said_count(text: str) -> tuple[float, str] | None:
    """(how many, the words) when the message says how many users there are, and says it against the table."""
    found = _COUNT.search(text)
    if not found or not _WRONG.search(text):
        return None
    number = found.group("n").replace(",", "").strip().lower()
    value = float(number[:-1]) * 1000 if number.endswith("k") else float(number)
    return (value, f"{found.group('n')} {found.group('who')}") if value >= 2 else None


def recount(output: ScopingOutput, text: str) -> list[str]:
    """Every row's reach scaled to the count said (each row keeps its share of the users); what changed, as said."""
    said = said_count(text)
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
