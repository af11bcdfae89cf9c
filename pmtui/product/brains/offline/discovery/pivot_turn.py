"""The summary after a change of direction: who it is for now, what of the old idea's answers still holds, the wishes."""

from __future__ import annotations

import re

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.clues import detect
from pmtui.product.brains.offline.discovery.cues import PIVOT
from pmtui.product.brains.offline.discovery.fragments import dedupe as _dedupe
from pmtui.product.brains.offline.discovery.pivot import PIVOT_STALE, TURN, WISH_SAID
from pmtui.product.brains.offline.discovery.text import (
    MAX_FIELD_CHARS,
    has_persona,
    is_vague,
    persona_phrase,
    split_clauses,
    split_sentences,
)
from pmtui.product.brains.offline.discovery.wishlist import merge_features

_REAL_PAIN = re.compile(r"\bthe real (?:mess|problem|pain|issue|headache|nightmare)\b", re.IGNORECASE)
_PRICED = re.compile(r"\d|[$€£₹₦₱₵]|\b(?:charge|subscription|fee|commission|per (?:month|year|user|booking|order)|a month|free)\b",
                     re.IGNORECASE)


# "what we really need is a way for guesthouses and their guests to book …", "we need something for the stall
# holders to …": the people the new thing is for.
_NEEDED_FOR = re.compile(
    r"\b(?:what\s+(?:we|i)\s+(?:really\s+|actually\s+)?(?:need|want)\s+is|(?:we|i)\s+(?:really\s+|actually\s+)?(?:need|want))\s+"
    r"(?:a\s+way|something|some\s+way|an?\s+(?:app|tool|system|place|site))\s+for\s+(?P<who>[^,.;:]+?)\s+to\b",
    re.IGNORECASE,
)
# "we can't fight PickMe", "there's no beating Airbnb": why the old idea went, not the new problem.
_GAVE_UP = re.compile(r"\b(?:we|i)\s+(?:can'?t|cannot|could never|won'?t ever)\s+(?:fight|beat|compete with|take on|outdo)\b|"
                      r"\bno (?:beating|competing with)\b", re.IGNORECASE)


def needed_for(text: str) -> str:
    """The people a turn says the new thing is needed for, or ''."""
    match = _NEEDED_FOR.search(text)
    if not match:
        return ""
    who = re.sub(r"^(?:the|our|my|all the)\s+", "", match.group("who").strip(), flags=re.IGNORECASE)
    # "guesthouses and their guests" is who, whole; a longer phrase gives its people.
    return who if has_persona(who) and len(who.split()) <= 6 else (
        persona_phrase(who) or persona_phrase(who, anchored=False))


def restate_after_pivot(
    result: DiscoverySummary, found: dict[str, list[str]], features: list[str], text: str, asked: str = ""
) -> DiscoverySummary:
    target = [f for f in found["target_user"] if f and not is_vague(f)]
    # "So the app is for the print shops doing funeral brochures, not money transfer": what it is not for is no part
    # of who it is for.
    result.target_user = re.sub(r",?\s+not\s+(?:for\s+)?[^,;.]+$", "", target[-1])[:MAX_FIELD_CHARS]
    if re.match(r"^\W*(?:our|my)\b", result.target_user, re.IGNORECASE) and not has_persona(result.target_user):
        # "so the app is for our ice delivery only, can?": a thing, not people — who it is for is asked again.
        result.target_user = ""
    real = _REAL_PAIN.search(text)
    for aspect in PIVOT_STALE:
        restated = _dedupe([f for f in found[aspect] if f and not is_vague(f) and (
            # "the money part is a licence nightmare with the FCA" is why the old idea went, not the new price.
            aspect != "revenue_model" or _PRICED.search(f)) and (
            # "The real mess is the funeral brochures: …": the turn's problem is the one it says is the real one.
            aspect != "core_problem" or not real or real.group(0).lower() in f.lower()) and (
            aspect != "core_problem" or not _GAVE_UP.search(f)) and (
            # A turn said in reply to a question answers it only where it says so: "…bookings come by WhatsApp at
            # 3am" to the metric question is no metric.
            aspect != asked or any(c.strong for c in (detect(p, f, False).get(aspect) for p in split_clauses(f)) if c))])
        if aspect == "core_problem" and real:
            # "nah scrap that, my uncle runs a boat and he say the real problem is he own bookings …": the problem is
            # what the real one is said to be, not the story of who said so.
            restated = [_after_real_pain(f, real.group(0)) for f in restated]
        setattr(result, aspect, "; ".join(restated)[:MAX_FIELD_CHARS] if restated else "")
    # The sentence that tells of the turn ("… none of them want another marketplace, they got more work than they can
    # handle June to November") is the story, not things to build.
    story = " ".join(s.lower() for s in split_sentences(text) if PIVOT.search(s) or TURN.search(s))
    # A turn told as a story ("… more work than they can handle. What kills them is the driving and the no-shows.")
    # names things to build only where it says so ("it should …", "I want it to …").
    wished = [f for f in features if f.lower() not in story] if WISH_SAID.search(text) else []
    result.feature_wishlist = merge_features([], wished, True)
    return result


def _after_real_pain(fragment: str, said: str) -> str:
    """'…, he say the real problem is he own bookings' -> 'he own bookings'; unchanged when little is left."""
    # Only a story before it goes: "The real mess is the funeral brochures: …" says what the real mess is itself.
    rest = re.sub(rf"^.+?\b{re.escape(said)}\s+(?:is|was|are|were|be)\s+(?:that\s+|just\s+)?", "", fragment,
                  count=1, flags=re.IGNORECASE | re.DOTALL)
    return rest if rest != fragment and len(rest.split()) >= 3 else fragment
