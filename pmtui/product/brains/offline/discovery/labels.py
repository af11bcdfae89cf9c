"""Statements that name the aspect they change: "Target user: ICU nurses", "change the pricing to freemium",
"Oh except the revenue bit, it's more like £100 a year" — one per label in a sentence that holds several."""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.correction_cues import CHANGE_TO, LABEL_BIT, LABEL_LINE, LABELS
from pmtui.product.brains.offline.discovery.text import (
    clean,
    clean_keep_case,
    drop_negated,
    has_persona,
    is_vague,
)

# Labels that name an aspect outright wherever they stand (not "users are" or "today", said in passing).
_NAMED_ASPECT = (r"revenue(?: model)?|business model|pricing|monetis\w+|monetiz\w+|constraints?|budget|timeline|"
                 r"deadline|team size|core problem|the problem|pain points?|target (?:users?|audience|market)|why now|"
                 r"timing|success metrics?|metrics?|kpis?|current alternatives?|alternatives?|workarounds?|"
                 r"competitors?|feature (?:wishlist|list)|wishlist|features?")
_SECOND_LABEL = re.compile(
    r"(?:,\s*|;\s*|\s+)(?:and\s+|but\s+|while\s+)?(?:the\s+)?(?=(?:" + _NAMED_ASPECT + r")\s*(?::|=|->|is now|is|are|"
    r"should be)\s)",
    re.IGNORECASE,
)


# A word that judges the thing the label names and means nothing without it: "Budget is small, maybe 5k shillings",
# "the timeline is tight", "deadline's firm: end of March".
_JUDGED = re.compile(
    r"^(?P<judged>(?:(?:very|quite|pretty|really|fairly|rather|super|so|too|a bit|a little|kinda|kind of|extremely)\s+)*"
    r"(?:small|smallish|tiny|tight|limited|low|lowish|high|big|huge|large|short|long|flexible|fixed|firm|strict|"
    r"modest|minimal|lean|slim|thin|constrained|moderate|ambitious|aggressive|realistic|reasonable|generous|"
    r"open|open-ended|unlimited|non-existent|nonexistent|basically nothing|next to nothing|negligible|"
    r"hard|soft|urgent|cheap|expensive|pricey|affordable))"
    r"(?=\s*(?:[,;:.!\u2014\u2013-]|$|\s+(?:but|so|and|though|maybe|like|about|around|roughly|probably|just)\b))",
    re.IGNORECASE,
)


def _with_its_noun(label: str, value: str) -> str:
    """'small, maybe 5k shillings' under the label 'budget' -> 'small budget, maybe 5k shillings': a judgment
    keeps the word it judges."""
    match = _JUDGED.match(value)
    if not match or label in ("target", "today"):
        return value
    return f"{match.group('judged')} {label}{value[match.end():]}"


def split_labelled(sentence: str) -> list[str]:
    """'revenue is R299 a month and the constraints are 6 weeks, two devs' -> one statement per label, when the
    sentence names two aspects outright; a lead-in ('no you mixed them up,') stays in front as its own piece."""
    cuts = [m for m in _SECOND_LABEL.finditer(sentence) if m.end() > 0]
    if not cuts:
        return [sentence]
    pieces = []
    start = 0
    for match in cuts:
        piece = sentence[start:match.start()].strip(" ,;")
        if piece:
            pieces.append(piece)
        start = match.end()
    pieces.append(sentence[start:].strip(" ,;"))
    labelled = [piece for piece in pieces if LABEL_LINE.match(piece)]
    return pieces if len(labelled) >= 2 else [sentence]


def label_statement(sentence: str) -> tuple[str, str] | None:
    """'Target user: ICU nurses' or 'change the pricing to freemium' -> (aspect, value)."""
    # "yep but target is the clinics not owners, to be clear": the yes before "but" agrees with the rest of the card.
    sentence = re.sub(r"^\W*(?:(?:yep|yes|yeah|yup|ok(?:ay)?|sure|right|mostly|nearly|almost|all good|looks good)\b[\s,.!-]*)+"
                      r"(?:but|except|only|though)\s+", "", sentence, flags=re.IGNORECASE)
    for pattern in (CHANGE_TO, LABEL_LINE, LABEL_BIT):
        match = pattern.search(clean_keep_case(sentence) if pattern is not LABEL_BIT else sentence)
        if not match:
            continue
        label = match.group("label").lower()
        people = label == "target" and has_persona(match.group("value")) and not re.search(r"\d", match.group("value"))
        if label in ("target", "today") and not people and not re.match(r"\s*(?:the\s+)?(?:target|today)\s*(?::|\s[\u2014\u2013-]\s)",
                                                                          sentence, re.IGNORECASE):
            # "Target: admin staff" and "Today: a paper timetable" are labels; "the target is 100 users" is not.
            continue
        aspect = next(a for key, a in LABELS.items() if re.fullmatch(key, label))
        value = match.group("value")
        if re.match(
            r"\s*(wrong|incorrect|off|not right|missing|bad|outdated|too \w+)\b", value, re.IGNORECASE
        ):
            rest = re.split(r"[,:\u2014\u2013-]\s*|\.\s+", value, maxsplit=1)
            if len(rest) < 2:
                return None
            value = re.sub(
                r"^(?:it'?s|it is|they'?re|they are|should be|it should be)\s+(?:for\s+)?",
                "",
                rest[1].strip(),
                flags=re.IGNORECASE,
            )
        # "the clinics not owners, to be clear": what it is not, and the aside, are no part of the new value.
        value = re.sub(r",?\s*(?:just\s+)?to be (?:clear|honest)\s*$|\s+not\s+(?:the\s+)?[\w' -]{1,30}$", "", value.strip(" .!"))
        # "…the scouts and the party mums, you cut them off": what the founder says of the card is no part of it.
        value = re.sub(r",?\s*(?:you|u)\s+(?:cut|left|missed)\s+(?:\w+\s+)?(?:off|out)?\s*$", "", value)
        value = clean(drop_negated(value))
        if not value or is_vague(value):
            return None
        value = _with_its_noun(label, value)
        if aspect in ("core_problem", "why_now", "current_alternatives"):
            # "the biggest pain point is that parents message me at all hours": what follows "that" is the pain.
            value = re.sub(r"^that\s+(?=\S+\s+\S)", "", value, flags=re.IGNORECASE)
        if aspect == "why_now":
            # "The timing is right because we move in January": the reason, not the verdict on the timing.
            value = re.sub(r"^(?:(?:just\s+)?(?:right|good|perfect|ideal|now|urgent)\s+(?:now\s+)?)?(?:because|since|as)\s+",
                           "", value, flags=re.IGNORECASE) or value
        # "Users: …" and "Users - …" label outright; "users are happy" may not.
        typed_label = ":" in sentence or re.match(r"^\W*[\w' ]{1,30}?\s[\u2014\u2013-]\s", sentence) is not None
        loose_user_label = aspect == "target_user" and pattern is LABEL_LINE and not typed_label
        loose_user_label = loose_user_label and not re.match(r"\s*(?:the\s+)?target", sentence, re.IGNORECASE)
        if loose_user_label and not has_persona(value):
            return None
        if (
            aspect == "core_problem"
            and pattern is LABEL_LINE
            and re.match(r"\s*(?:the\s+)?pain\b", sentence, re.IGNORECASE)
            and not typed_label
        ):
            return None
        return aspect, value
    return None
