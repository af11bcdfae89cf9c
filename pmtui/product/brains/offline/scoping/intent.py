"""AGREE, PUSHBACK or QUESTION for a scoping message, and which features of the table a message names."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from pmtui.models import DecisionRecord, ScopingOutput
from pmtui.product.brains.offline.scoping.recount import said_count
from pmtui.product.brains.offline.scoping.requests import parse_requests
from pmtui.product.brains.offline.scoping.rules import (
    AGREE,
    AGREE_EMOJI,
    EVIDENCE,
    IDIOMS,
    IMPATIENT,
    NEGATION,
    NEXT_STEP,
    NICE_TO_HAVES,
    PUSHBACK,
    QUESTION_START,
)
from pmtui.product.brains.offline.scoping.terms import stems
from pmtui.product.brains.protocol import ScopingIntent


def _negated(text: str, start: int) -> bool:
    before = text[max(0, start - 25) : start]
    return re.search(NEGATION + r"\W+(?:\w+\W+)?$", before, re.IGNORECASE) is not None


def _mentions_feature(text: str, output: ScopingOutput | None) -> bool:
    return bool(output and match_features(output, text))


def classify_intent(text: str, output: ScopingOutput | None, users: str = "") -> ScopingIntent:
    """AGREE, PUSHBACK or QUESTION for a message during scoping; mixed intents resolve to the stronger.

    A concrete change ("cut X", "X has to be P0") is the strongest and makes it PUSHBACK even after
    "looks good"; agreement with a request for the next step ("I agree, let's write the spec") is
    AGREE even with a question in it; a question without either is a QUESTION; negated agreement
    ("I don't agree") or a bare objection is PUSHBACK.
    """
    lowered = IDIOMS.sub("fine", text.strip().lower())
    if not lowered:
        return "QUESTION"
    agree_hits = list(AGREE.finditer(lowered))
    agree = any(not _negated(lowered, m.start()) for m in agree_hits) or AGREE_EMOJI.search(lowered) is not None
    negated_agree = any(_negated(lowered, m.start()) for m in agree_hits)
    question = "?" in lowered or QUESTION_START.search(lowered) is not None
    rows = [feature.name for feature in output.mvp_features] if output is not None else []
    if parse_requests(text, rows) or answers_a_hold(text, output) or said_count(text, users):
        # "theres only 90 of us not 1000 lol" puts the table's reach right: a change, not a question.
        return "PUSHBACK"
    next_step = any(not _negated(lowered, m.start()) for m in NEXT_STEP.finditer(lowered))
    if agree and next_step and not negated_agree:
        return "AGREE"
    if question:
        return "QUESTION"
    if next_step and not negated_agree and not IMPATIENT.search(lowered):
        # Asking for the next step accepts the scope as it stands: "carry on", "do the spec", "crack on";
        # "just write the spec!!" agrees to nothing and is redirected.
        return "AGREE"
    if agree and not negated_agree and _agrees_up_front(lowered, agree_hits):
        return "AGREE"
    objection = any(not _negated(lowered, m.start()) for m in PUSHBACK.finditer(lowered))
    if negated_agree or objection or _mentions_feature(lowered, output):
        return "PUSHBACK"
    return "QUESTION"


def _agrees_up_front(lowered: str, hits: list[re.Match[str]]) -> bool:
    """Agreement opens the message or one of its sentences, or the message is short: "a fine for late
    contributions" in the middle of a story agrees to nothing."""
    if len(lowered.split()) <= 8:
        return True
    starts = [0] + [m.end() for m in re.finditer(r"[.!?;]\s+", lowered)]
    return any(len(lowered[start : m.start()].split()) <= 3 for m in hits for start in starts if start <= m.start())


HELD_LABEL = "held: "


def held_features(decision: DecisionRecord) -> list[str]:
    """The rows a round held: all it named when it held, or those a round that also changed something lists."""
    if decision.outcome == "held":
        return list(decision.features)
    match = re.search(r"(?:^|; )" + re.escape(HELD_LABEL) + r"(.+)$", decision.reason)
    return match.group(1).split(" | ") if match else []


def answers_a_hold(text: str, output: ScopingOutput | None) -> bool:
    """Evidence right after the PM held a feature and asked for it ("212 of 250 owners ranked background
    checks first") argues for that feature, though it does not name it; so does a count that names it
    ("In the 9 groups I sit in, 7 charge a fine for late contributions")."""
    decisions = output.decisions if output else []
    held = held_features(decisions[-1]) if decisions else []
    if not held:
        return False
    if any(pattern.search(text) for pattern in EVIDENCE):
        return True
    named = {name for _kind, name, _score in match_features(output, text)} if output else set()
    return bool(re.search(r"\d", text)) and bool(named & set(held))


def paraphrase_core(phrase: str) -> str:
    """"the thing that texts the owner when the van's close" is a row named by what it does: "texts the owner"."""
    core = re.sub(r"^(?:the\s+)?(?:thing|one|bit|part|button|screen|page|feature)\s+(?:that|which)\s+", "", phrase,
                  flags=re.IGNORECASE)
    return re.sub(r"\s+(?:when|whenever|where|if|so|because|once)\s+.*$", "", core, flags=re.IGNORECASE) if core != phrase else phrase


def evidence_for_held(output: ScopingOutput, text: str) -> list[str]:
    """The rows the last round held when the message is evidence for them, though its words may touch another row
    ("Last month 18 customer pay late" after the trolley booking was held is no case for "See who pay already")."""
    if not output.decisions or not answers_a_hold(text, output):
        return []
    rows = {f.name for f in output.mvp_features} | {c.name for c in output.cut_features}
    held = [name for name in held_features(output.decisions[-1]) if name in rows]
    # "When I sent links to 60 customers last month, 41 paid the same day", after a round that moved the pay by link in
    # and held the rain day button: the evidence names the row it is about, already in Phase 1, not the held one.
    text_stems = stems(text)
    in_phase_1 = {f.name for f in output.mvp_features if f.phase == 1}
    about = [name for name in output.decisions[-1].features
             if name not in held and name in in_phase_1 and _name_score(name, text, text_stems) >= 0.5]
    if about and not any(_name_score(name, text, text_stems) > 0 for name in held):
        return []
    return held


def _name_score(name: str, text: str, text_stems: set[str]) -> float:
    lowered = text.lower()
    if name.lower() in lowered:
        return 1.0
    name_stems = stems(name)
    if not name_stems:
        return 0.0
    hit = len(name_stems & text_stems) / len(name_stems)
    if hit == 0:
        words = re.findall(r"[a-z]+", lowered)
        best = max((SequenceMatcher(None, w, s).ratio() for w in words for s in name_stems), default=0.0)
        return 0.6 if best >= 0.85 else 0.0
    return hit


def match_features(output: ScopingOutput, text: str) -> list[tuple[str, str, float]]:
    """(kind, name, score) for the table and cut features the text names, best first."""
    text_stems = stems(text)
    found: list[tuple[str, str, float]] = []
    for kind, names in (
        ("mvp", [f.name for f in output.mvp_features]),
        ("cut", [c.name for c in output.cut_features]),
    ):
        for name in names:
            score = _name_score(name, text, text_stems)
            if score >= 0.5:
                found.append((kind, name, score))
    for cut in output.cut_features:
        if any(n == cut.name for _k, n, _s in found):
            continue
        for nice in NICE_TO_HAVES:
            if nice.pattern.search(cut.name + " " + cut.description) and nice.pattern.search(text):
                found.append(("cut", cut.name, 0.7))
                break
    found.sort(key=lambda item: -item[2])
    if found:
        top = found[0][2]
        found = [item for item in found if item[2] >= top - 0.2][:2]
    return found
