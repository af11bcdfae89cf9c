"""Limits said as requirements or as who builds it, which founders give to whatever question is on the table.

Founders who write paragraphs answer in their own order: asked what it should do, "has to be dead simple on a phone,
some grandparents drive too" or "It needs to work in Arabic and Dari too" says how it must be (a limit), not what it
does; asked why now, "My nephew is a developer and he'd build it over the summer" says who builds it and when. Each
is unmistakably a constraint, whatever was asked (clues.decisive reads LIMIT_SAID through CONSTRAINTS_DECISIVE).
"""

from __future__ import annotations

import re

# How it must be or where it must run: "has to be dead simple", "needs to work in Arabic", "must work offline",
# "has to work with bad cell coverage". What it must do ("has to send reminders") stays a wish.
_MUST = r"(?:has|have|needs?|got|must|should)(?:\s+to)?"
HOW_IT_MUST_BE = (
    _MUST + r"\s+(?:be\s+(?:dead |really |super |very |so |stupidly |idiot[- ])?(?:simple|easy|accessible|usable)(?![\w-])|"
    r"(?:work|run)\s+(?:offline|without\s+(?:internet|signal|data|wifi|wi-fi|a connection)|"
    r"(?:on|with|over)\s+(?:bad|poor|patchy|weak|no|slow|spotty|low)\s+(?:cell\s+|mobile\s+|phone\s+)?"
    r"(?:coverage|signal|reception|internet|data|connection|network|wifi|wi-fi)|"
    r"in\s+(?:english|arabic|dari|farsi|pashto|urdu|hindi|bengali|bangla|tamil|telugu|kannada|marathi|punjabi|spanish|"
    r"french|german|polish|swahili|portuguese|tagalog|filipino|malay|chinese|mandarin|cantonese|welsh|irish|gaelic|"
    r"somali|tigrinya|amharic|yoruba|hausa|igbo|zulu|xhosa|afrikaans|vietnamese|thai|ukrainian|russian)\b))"
)
# Who builds it, said of someone else: "my nephew is a developer", "my brother-in-law who codes", "he'd build it over
# the summer", "me and a retired software guy from church".
BUILDER_SAID = (
    r"my\s+(?:\w+[- ]){0,2}(?:nephew|niece|son|daughter|brother|sister|cousin|friend|mate|partner|husband|wife|"
    r"brother-in-law|sister-in-law|son-in-law|uncle)\s+(?:is\s+an?\s+(?:\w+\s+)?(?:developer|dev|coder|programmer|"
    r"engineer)|who\s+codes|codes|does\s+(?:the\s+)?(?:coding|software))|"
    r"(?:he|she|they)(?:'d|\s+would|\s+will|'ll|\s+can|\s+could)\s+build\s+it|"
    r"me\s+(?:and|plus)\s+(?:a|an|one|my)\s+(?:\w+\s+){0,2}(?:software|tech|it|computer)\s+(?:guy|lad|bloke|woman|person|"
    r"friend)"
)
# When it must be there: "We want it before the AGM in february", "we'd like the app live by the new term".
WANTED_BY = (
    r"(?:want|need|would like|'d like|wish to have|hope to have)\s+(?:it|this|the app|the system|the tool|something|v1|"
    r"(?:the )?first version)\s+(?:done\s+|ready\s+|live\s+|working\s+|out\s+|finished\s+|up\s+)?"
    r"(?:before|by|in time for)\s+(?=\w)"
)
LIMIT_SAID = HOW_IT_MUST_BE + "|" + BUILDER_SAID + "|" + WANTED_BY

_HOW = re.compile(r"\b(?:" + HOW_IT_MUST_BE + "|" + WANTED_BY + ")", re.IGNORECASE)


def how_it_must_be(clause: str) -> bool:
    """"has to be dead simple on a phone", "It needs to work in Arabic", "we want it before the AGM": how it must be
    or by when, a limit and not a wish."""
    return _HOW.search(clause) is not None


_REASON_BEFORE = re.compile(r"\b(?:because|since|as|cos|cause|coz|'cause)\s*$", re.IGNORECASE)
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)


def apart_limits(sentence: str) -> tuple[str, list[str]]:
    """"parents offer seats, it has to send a reminder, and it needs to work offline at the rink", asked what it should
    do: the wishes stay (the sentence without the limit is returned) and the limit among them is a constraint, with the
    reason said after it ("…because a lot of parents don't read English"); "it should work offline and send a text" keeps
    the text as a wish. A sentence without a limit comes back whole; one that is all limit comes back empty."""
    # text imports the cues, which import this module.
    from pmtui.product.brains.offline.discovery.cues import FEATURE_VERB
    from pmtui.product.brains.offline.discovery.text import split_clauses

    kept: list[str] = []
    limits: list[str] = []
    for clause in split_clauses(sentence):
        piece = clause.strip(" ,;.!")
        if how_it_must_be(piece):
            wish = next((m for m in _AND.finditer(piece) if FEATURE_VERB.match(piece[m.end():])), None)
            limits.append(re.sub(r"^(?:and|also|plus|but)\s+", "", piece[: wish.start()] if wish else piece,
                                 flags=re.IGNORECASE))
            kept.extend([piece[wish.end():]] if wish else [])
        elif limits and _REASON_BEFORE.search(sentence[: sentence.find(clause)]):
            limits[-1] += " because " + piece
        elif piece:
            kept.append(piece)
    return (", ".join(kept), limits) if limits else (sentence, [])


# A list item that is only how the product must be ("Phone first", "Simple", "easy to use", "must be mobile friendly"),
# said among the wishes: a limit, no feature (the alpaca trek founder's "Phone first" and "Simple" became tasks).
_QUALITY_ONLY = re.compile(
    r"^(?:(?:it\s+)?(?:must|should|has to|needs to|got to)\s+be\s+|be\s+)?(?:(?:dead|really|super|very|so|nice and|"
    r"simple and|quick and)\s+)*(?:phone[- ]first|mobile[- ]first|mobile[- ]friendly|phone[- ]friendly|(?:simple|easy|"
    r"quick|fast|cheap|affordable|lightweight|intuitive|user[- ]friendly|clean|minimal)(?:\s+to\s+use)?|"
    r"works?\s+offline|offline[- ]first|no\s+(?:app\s+)?(?:download|install)(?:\s+needed)?)"
    r"(?:\s+(?:please|pls|too|as well))?\W*$",
    re.IGNORECASE,
)


def quality_only(item: str) -> bool:
    """Is a wishlist item only how the product must be ("Phone first", "Simple"), not what it does?"""
    return _QUALITY_ONLY.match(item.strip()) is not None
