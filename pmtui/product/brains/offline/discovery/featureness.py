"""Is a list item something to build? "Record gameplay sessions" is; "Which is a mess", "now everything whatsapp very
messy lah" and "stuff" are not."""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.cues import (
    FEATURE_VERB,
    NOT_FEATURE_LEAD,
    PROBLEM_STRONG,
    UNCERTAIN,
)
from pmtui.product.brains.offline.discovery.item_cues import (
    ALL_OF_IT,
)
from pmtui.product.brains.offline.discovery.text import content_words


def feature_like(item: str) -> bool:
    """'Record gameplay sessions' is a feature; 'They send builds over Discord' and 'Which is a mess' are not."""
    if NOT_FEATURE_LEAD.match(item):
        return False
    # "Feedback is scattered" states a pain; "swap shifts without the chaos" is still a feature, and so is "a team
    # list flagging patients whose pain is rising": a pain in a relative clause says which rows the list shows.
    head = re.split(r"\b(?:whose|who|that|which|where)\b", item, maxsplit=1, flags=re.IGNORECASE)[0]
    stated = re.search(r"\b(?:is|are|was|were|gets?|got|keeps?|feels?|becomes?)\b", head, re.IGNORECASE) or _said_bare(head)
    return not (PROBLEM_STRONG.search(head) and stated and not FEATURE_VERB.match(item))


def _said_bare(head: str) -> bool:
    """"now everything whatsapp very messy lah": a pain said without "is", as Singlish and many Englishes say it, the
    pain word last after "very" or "so"; "a very messy whatsapp export" still names a thing."""
    pain = PROBLEM_STRONG.search(head)
    return pain is not None and re.search(r"\b(?:very|so|damn|super|too|really|quite|sibei|abit|bit)\s+$",
                                          head[: pain.start()], re.IGNORECASE) is not None and re.fullmatch(
        r"\w*\s*(?:lah|leh|lor|sia|one|ah|already|liao|man)?\s*[.!]*", head[pain.end():], re.IGNORECASE) is not None


# What the app does to the problem just told, said with a pronoun: "an app that fixes that", "an app could sort this out":
# the problem again, no feature of the app.
_FIXES_IT = re.compile(
    r"^(?:to\s+)?(?:fix|fixes|fixing|solve|solves|solving|sort|sorts|sorting|handle|handles|tackle|tackles|improve|"
    r"improves|change|changes|(?:help|helps|deal|deals)\s+with)\s+(?:all\s+)?(?:this|that|it|them|things|the problem|"
    r"the mess|this mess|that mess)(?:\s+(?:out|up|properly|for good|once and for all))?\s*[.!]*$",
    re.IGNORECASE,
)
# A word on the app itself, how big or how good, inside the pitch: "nothing fancy", "but a proper one", "a simple one".
_THE_APP_ITSELF = re.compile(
    r"^(?:(?:but|and|just)\s+)?(?:(?:nothing|none)\s+(?:too\s+|very\s+|really\s+|that\s+)?(?:fancy|special|"
    r"complicated|flashy|elaborate|big|grand|crazy|huge)|(?:an?\s+|just\s+)?(?:(?:really|very|properly)\s+)?(?:proper|real|simple|"
    r"good|decent|nice|better|basic|easy|small|little|cheap|modern|serious)\s+one)\s*[.!]*$",
    re.IGNORECASE,
)
# A word that turns the talk, left alone by the split: "Anyway", "So yeah".
_TURN = re.compile(r"^(?:anyway|anyways|anyhow|so yeah|yeah|ok|okay|right|well|whatever)\s*[.!,]*$", re.IGNORECASE)


def vague_feature(item: str) -> bool:
    """'stuff', 'everything', 'not sure' are not features; 'flag mismatches' is, however short. Nor is what the app does
    to the problem said as a pronoun ("fixes that"), a word on the app itself ("nothing fancy", "a proper one") or a
    word that turns the talk ("Anyway")."""
    if _FIXES_IT.match(item.strip()) or _THE_APP_ITSELF.match(item.strip()) or _TURN.match(item.strip()):
        return True
    content = content_words(UNCERTAIN.sub(" ", item.lower()))
    # "manage their business", "everything inside one app": the whole product said again, no feature of it.
    return not content or bool(ALL_OF_IT.match(item.strip())) or all(
        w in {"everything", "anything", "stuff", "features", "feature", "etc", "app"} for w in content
    )
