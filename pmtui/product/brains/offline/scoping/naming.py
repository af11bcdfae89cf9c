"""Names and words of rows in argue-back: which words name a row, the halves of a split, the row two merged rows
become."""

from __future__ import annotations

import re

from pmtui.models import Feature, Provenance, ScopingOutput
from pmtui.product.brains.offline.scoping.rules import EVIDENCE
from pmtui.product.brains.offline.scoping.terms import short_name, stems
from pmtui.product.plan_quality import VERBS
from pmtui.product.units import amount

# A part that says when the row's doing happens: "the night before", "when I'm running late", "after each visit".
_OCCASION = re.compile(r"^(?:for\s+)?(?:(?:the\s+)?(?:night|day|morning|evening|week|hour)\s+(?:before|after)\b|"
                       r"(?:when|whenever|if|once|before|after|as soon as)\s+\w)", re.IGNORECASE)


def possessive(name: str) -> str:
    """"Reminders'" and "See the week's orders'", not "orders's"; "Sign-up and profile's"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _part_name(source: str, part: str) -> str:
    """"Canopies" split from "Booking calendar" is "Booking calendar for canopies": a bare noun keeps the row's head.
    An occasion split from a doing keeps the doing: "Text the night before" split into "the night before" and "when
    I'm running late" is "Text the night before" and "Text when I'm running late"."""
    verb = source.split()[0] if source.split() else ""
    if _OCCASION.match(part.strip()) and verb.lower() in VERBS:
        occasion = re.sub(r"^for\s+", "", part.strip(), flags=re.IGNORECASE)
        return short_name(f"{verb} {occasion}")
    if len(part.split()) > 3 or stems(part) & stems(source) or re.search(r"\b(?:\w+ing|\w+ed)\b", part):
        return short_name(part)
    head = " ".join(re.sub(r"\s+(?:the|a|an|who|whose)\b.*$", "", _QUALIFIER.sub("", source), flags=re.IGNORECASE).split()[:3])
    return short_name(f"{head or source} for {part}")


# A one-word head that names a thing ("Reminders", "Invoicing", "Map"), not a bare verb ("Say", "Get").
_NOUNISH = re.compile(r"(?:s|ing|ion|ment|er|or|ist|map|log|list|chat|feed|form|page|card|app)$", re.IGNORECASE)
_QUALIFIER = re.compile(r"\s+(?:to|for|of|with|from|by|per|at|on|in|when|that|which|so)\b.*$", re.IGNORECASE)


def _merged_name(first: str, second: str) -> str:
    """A short name for two merged rows: each row's head, without what qualifies it ("Fee reminders to parents" and
    "Attendance marking" are "Fee reminders and attendance marking"), at most three words each."""
    heads = [" ".join(_QUALIFIER.sub("", name).split()[:3]) or name for name in (first, second)]
    # "Say when they'll be at plot" has no head but the bare verb "Say": the row keeps its whole name.
    heads = [name if len(head.split()) == 1 and len(name.split()) > 1 and not _NOUNISH.search(head) else head
             for head, name in zip(heads, (first, second), strict=True)]
    return f"{heads[0]} and {heads[1][:1].lower() + heads[1][1:] if not heads[1][:2].isupper() else heads[1]}"


_PROCESS_WORDS = stems("tracking feature features system screen page flow thing part module function tool app report bit stuff service option side "
                       # "the weekly SMS" is the SMS "every week": how often names no row.
                       "daily nightly weekly fortnightly monthly quarterly yearly annual hourly")


# Words founders use for one thing, each family a set of stems.
_SAME_THING = (stems("location locate where map gps position whereabouts"), stems("fee fees dues due"),
               stems("attendance absent absence present"))


def _related(word: str, words: set[str]) -> bool:
    """'escalation' and 'escalate' are one word here (the same first five letters), and so are 'payment'
    and 'pay' (a whole word of the name that the request's word starts with)."""
    if len(word) >= 6 and word.startswith("un") and _related(next(iter(stems(word[2:])), word[2:]), words):
        # "the unpaid list" is "List of who hasn't paid".
        return True
    family = next((f for f in _SAME_THING if word in f), None)
    if family is not None and family & words:
        # "the van location" is "See where the van is on a map": words founders use for one thing.
        return True
    return word in words or any(
        (len(word) >= 5 and len(w) >= 5 and w[:5] == word[:5]) or (len(w) >= 3 and word.startswith(w))
        # "saving" and "save": the stem of one keeps the silent e the other lost.
        or (len(word) >= 3 and word.rstrip("e") == w.rstrip("e"))
        for w in words
    )


def plain_thing(said: str) -> str:
    """"a simple 'notify me if a lane frees up'": the thing itself, without quotes or "simple"."""
    thing = re.sub(r"(^|\s)['\"\u2018\u201c]|['\"\u2019\u201d](?=\s|$)", r"\1", said).strip()
    return re.sub(r"^(?:a |an )?(?:simple|basic|plain|quick|small)\s+(?=\w)", "", thing, flags=re.IGNORECASE)


_TWO_WAYS = re.compile(r"^(?P<ways>(?P<a>[\w-]+)\s+or\s+(?P<b>[\w-]+))\s+(?P<rest>.+)$", re.IGNORECASE)


def other_way(rows: list[str], phrase: str) -> tuple[str, str, str] | None:
    """A row said as two ways ("Scan or tap what she sold") when one way is cut ("the barcode scanning … cut it, she
    can just tap the item"): (row, the two ways, the way kept), so the row becomes "Tap what she sold"."""
    said = stems(phrase)
    for name in rows:
        match = _TWO_WAYS.match(name)
        if match and stems(match.group("a")) and stems(match.group("a")) <= said and not stems(match.group("b")) & said:
            return name, match.group("ways"), match.group("b")[:1].upper() + match.group("b")[1:]
    return None


# "make it simpler, just a list of apiaries with postcodes for now", "only the number now serving is enough": what the
# smaller first cut is, in the founder's words.
_SIMPLER_AS = re.compile(
    r"\b(?:just|only)\s+(?P<what>(?:(?:a|an|the|one)\s+|(?=list\s+of\b))[^,;.!?]{3,60}?)"
    r"(?:\s+(?:for now|fi now|for the moment|would do(?:\s+me)?|will do|is enough|is fine|are enough|please))*\s*(?=[,;.!?]|$)",
    re.IGNORECASE)


def smaller_as(text: str) -> str:
    """The row a "make it smaller, just …" asks for instead ("List of apiaries with postcodes"), or ''."""
    match = _SIMPLER_AS.search(text)
    if not match:
        return ""
    what = re.sub(r"^(?:a|an|the)\s+", "", match.group("what").strip(), flags=re.IGNORECASE)
    return what[:1].upper() + what[1:]


def renamed_smaller(name: str, description: str, clause: str, text: str) -> tuple[str, str] | None:
    """(name, description) of a row made smaller "just …" in the same sentence: the founder's words name it, and the
    description keeps what it was cut down from. None when the sentence says no "just …"."""
    start = text.find(clause) if clause else -1
    rest = text[start:] if start >= 0 else clause
    sentence = re.split(r"(?<=[.!?])\s+", rest, maxsplit=1)[0]
    new = smaller_as(sentence)
    if len(new.split()) < 2 or new.lower() == name.lower():
        # "just a list" says how small, not what the row is.
        return None
    return new, f"{new} (a smaller first cut of {name}: {description})"


def copy_of(source: Feature, name: str, description: str, effort: float, why: str) -> Feature:
    """A row made from another (a split half, a merge) under a new name, its effort and origin said."""
    feature = source.model_copy(deep=True)
    feature.name = name
    feature.description = description
    feature.rice_effort = effort
    feature.provenance["effort"] = Provenance(source="estimated", reason=why)
    feature.provenance["origin"] = Provenance(source="stated", reason=why)
    return feature


def whole_rows(output: ScopingOutput, phrase: str) -> list[str]:
    """Rows of Phase 1-3 whose every word the phrase says: "drop the online shop the rider delivery" names two."""
    said = stems(phrase)
    return [f.name for f in output.mvp_features if stems(f.name) and stems(f.name) <= said]


def other_row(output: ScopingOutput, parts: tuple[str, ...] | list[str], taken: Feature) -> Feature | None:
    """Another table row a merge's part names, when both parts are in the same one (its name or its description)."""
    if not all(p and stems(p) <= stems(f"{taken.name} {taken.description}") for p in parts):
        return None
    return next((f for part in parts for f in output.mvp_features
                 if f is not taken and stems(part) <= stems(f.name)), None)


# "the message that tells the customer the uncle is nearly there": a row named by its kind, when the table has one.
_MESSAGE_KIND = re.compile(r"^(?:the\s+|that\s+|this\s+)?(?:message|text|sms|notification|alert|ping)s?\s+(?:that|which|to|for)\b",
                           re.IGNORECASE)
_MESSAGE_ROW = re.compile(r"^(?:\w+\s+)?(?:message|text|sms|notification|alert|ping)s?\b", re.IGNORECASE)


def only_of_its_kind(output: ScopingOutput, phrase: str) -> tuple[str, str] | None:
    """('mvp', name) of the one message row a phrase names by its kind ("the message that tells the customer …" is
    "Text when the technician is 15 minutes away" when no other row sends a message), else None."""
    if not _MESSAGE_KIND.match(phrase.strip()):
        return None
    rows = [f.name for f in output.mvp_features if _MESSAGE_ROW.match(f.name)]
    return ("mvp", rows[0]) if len(rows) == 1 else None


def evidence_in(text: str) -> str:
    """The sentence of the user's message that carries evidence, or ''."""
    for sentence in re.split(r"(?<=[.!?;])\s+", text.strip()):
        if any(pattern.search(sentence) for pattern in EVIDENCE):
            return sentence.strip()
    return ""


def n_weeks(value: float) -> str:
    """"1 week", "1.5 weeks", "3 weeks"."""
    return f"{value:g} week" + ("" if value == 1 else "s")


def weeks_text(person_weeks: float, team: int | None) -> str:
    if team and team > 1:
        return f"{amount(person_weeks, 'person-week')} (≈ {amount(person_weeks / team, 'week', '.1f')} for {team} people)"
    return f"{amount(person_weeks, 'person-week')}"
