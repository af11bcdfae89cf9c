"""What people will do with it, told as the answer to another question (founders who answer in their own order).

Asked for the metric, "Teams see the free slots and book one, they pay online, and I get a text when someone books"
was the success target, and "Honestly I'd want customers to pick their loaves and a collection slot, pay up front
with a card, and I get a bake list on Friday" too; asked why now, "tutors mark when they can't make it, families get a
text in their language, and I can see who's free to cover" was lost. Two or more doings, or a wish said outright, with
nothing counted, compared or dated, are the wishlist whatever was asked.
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.clues import feature_items, feature_like
from pmtui.product.brains.offline.discovery.item_cues import NICE_LEAD, NICE_TAIL
from pmtui.product.brains.offline.discovery.numbers import NUMBER_WORD
from pmtui.product.brains.offline.discovery.outcomes import outcome_states

# "I'd want customers to …", "we'd love parents to …", "ideally they could …": a wish said outright.
_WISH_LEAD = re.compile(r"^\W*(?:(?:honestly|so|well|basically|ideally|really|and)[\s,]+)*(?:i'?d|i would|we'?d|we would)"
                        r"\s+(?:really\s+)?(?:want|like|love)\s+(?:(?:the\s+)?[\w'-]+\s+){0,2}?to\s+\w", re.IGNORECASE)
# "teams see …", "they pay online", "I get a text when …", "families get a text": someone doing a thing with it.
_DOING = re.compile(
    r"^\W*(?:(?:and|also|plus|then|so)\s+)*(?:the\s+)?(?:i|we|they|you|people|everyone|[a-z]+s)\s+"
    r"(?:can\s+|could\s+|would\s+|will\s+|should\s+|just\s+)?(?:see|book|pay|get|pick|mark|choose|order|sign up|check|"
    r"log|add|send|receive|request|track|upload|post|confirm|cancel|swap|view|find|tick|rate|message|text|share|record|"
    r"reserve|join|claim|offer|grab|list|know|tell|say|set|fill|enter|scan|tap|chat)s?\b",
    re.IGNORECASE,
)
# "and a way for us PTA lot to add donations", "an easy way to pay": what it should let people do.
_WAY_TO = re.compile(r"^\W*(?:(?:and|also|plus|oh)\s+)*(?:an?\s+|some\s+)(?:(?:easy|easier|quick|simple|better)\s+)?way\s+"
                     r"(?:for\s+[\w' -]{1,40}?\s+)?to\s+\w", re.IGNORECASE)
# Counted, compared or dated: a measure or a reason for the timing, not things to build.
_MEASURED = re.compile(
    r"\d|%|\b(?:fewer|less|more|reduce[sd]?|increase[sd]?|grow\w*|cut|drop\w*|zero|half|double|twice|target|goal|"
    r"success\w*|metric|within|at least|no more|stop\w*|nobody|no one|none|every (?:week|month|day|year)|"
    r"because|since|now|recently|last (?:year|month|week)|this (?:year|month|spring|summer)|new (?:law|rule|lease)|"
    r"by (?:the end|summer|spring|autumn|winter|christmas|easter))\b",
    re.IGNORECASE,
)


def doings_told(sentence: str) -> bool:
    """Is the sentence what people will do with it (a wish list), with nothing measured or dated?"""
    if _MEASURED.search(sentence):
        return False
    if _WISH_LEAD.search(sentence):
        return True
    pieces = [p for p in re.split(r",\s*|;\s*|\s+and\s+(?=(?:i|we|they|you)\b)", sentence, flags=re.IGNORECASE) if p.strip()]
    # "a reminder to pick up would be handy", "a way for us to add donations": a wish by its form, one is enough.
    if any(NICE_TAIL.search(piece) or NICE_LEAD.match(piece.strip()) or _WAY_TO.match(piece) for piece in pieces):
        return True
    return sum(1 for piece in pieces if _DOING.match(piece)) >= 2


_MEASURE = re.compile(
    r"\d|%|\b(?:users?|customers?|clients?|retention|revenue|paying|paid|pays?|churn|nps|sign[- ]?ups?|active|"
    r"conversion|rate|percent|saved|saves?|fewer|less|more|reduce[sd]?|increase[sd]?|grow(?:th|s)?|cut|drop|"
    r"success|successful|metric|target|goal|happy|use it|using it|recommend|stop|no more|zero|half|double)\b|"
    # "No dancer missing from the running order, and results sent the same evening": a state to reach, said as none of
    # the bad thing and by when.
    r"\bno\s+(?:[\w'-]+\s+){0,2}?(?:missing|missed|late|lost|wrong|left|waiting|forgotten|double[- ]?booked)\b|"
    r"\b(?:the\s+)?same\s+(?:day|evening|night|morning|afternoon|week)\b|\b(?:on|in)\s+time\b",
    re.IGNORECASE,
)


_COUNTED_IN_WORDS = re.compile(r"\b(?:dozens?|hundreds?|thousands?|minutes?|hours?)\b", re.IGNORECASE)


def things_not_a_measure(sentence: str) -> bool:
    """Two or more things to build, with nothing counted or compared: no number, no measure word."""
    # "Every yard finds a part in under five minutes, and a dozen yards in the first year": counted in words.
    if _MEASURE.search(sentence) or NUMBER_WORD.search(sentence) or _COUNTED_IN_WORDS.search(sentence):
        return False
    items = feature_items(sentence)
    return len(items) >= 2 and all(feature_like(item) for item in items)


def wishes_told_instead(sentence: str, asked: str) -> str:
    """Asked the metric or why now, the wish list the sentence is instead (without "I'd want them to"), or ''."""
    if asked == "success_metric" and outcome_states(sentence):
        # "Every order complete before the boat sails, and no substitution the chef didn't approve": states to reach.
        return ""
    if asked == "success_metric" and things_not_a_measure(sentence):
        # "online booking with a deposit, SMS reminder the day before, and a route for the day", asked for the metric.
        return sentence
    if asked not in ("success_metric", "why_now") or not doings_told(sentence):
        return ""
    lead = _WISH_LEAD.search(sentence)
    return sentence[lead.end() - 1:] if lead else sentence
