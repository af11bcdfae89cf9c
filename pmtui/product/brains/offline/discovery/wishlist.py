"""The wishlist as the interview builds it: the same wish said twice is one row, a wish a scope note says can wait
is marked so, and a wish the founder drops goes."""

from __future__ import annotations

import re

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.dialect import INTENSIFIER
from pmtui.product.brains.offline.discovery.clues import vague_feature
from pmtui.product.brains.offline.discovery.doings import same_doing
from pmtui.product.brains.offline.discovery.lexicon import STOPWORDS
from pmtui.product.brains.offline.discovery.text import content_words, norm, word_list
from pmtui.product.rice import NICE_TO_HAVE_MARK, WAITS_MARK


def feature_key(item: str) -> set[str]:
    return set(content_words(item)) - {
        "add",
        "have",
        "get",
        "include",
        "feature",
        "support",
        "option",
        "ability",
    }


# What a wish does, said of many things: "See whats free" and "Calendar margaret can still see from spain" share
# only the seeing, and are two wishes.
_DOING_WORDS = frozenset(
    [
        "see",
        "view",
        "show",
        "check",
        "find",
        "look",
        "book",
        "pay",
        "take",
        "send",
        "make",
        "use",
        "let",
        "manage",
        "track",
        "keep",
        "can",
        "still",
        "able",
        "know",
    ]
)


def on_the_same_thing(old: str, new: str) -> bool:
    """Do two wishes name the same thing ("Follow the walk on GPS", "GPS tracking"), not just the same doing?"""
    return bool((feature_key(old) & feature_key(new)) - _DOING_WORDS)


def same_feature(new: str, old: str) -> bool:
    """'Add reminders' repeats 'Reminders'; 'Share a calendar view with family' is more than 'Calendar view'."""
    a, b = feature_key(new), feature_key(old)
    if norm(new) == norm(old) or a == b:
        return True
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    return bool(small) and small <= large and len(large) - len(small) <= 1 and len(small) >= 2


def waiting(wishlist: list[str], note: str, kinds: tuple[str, ...] = ("defer", "cut")) -> list[str]:
    """Wishes an interview scope note says can wait ("the alert thing can wait", "move notes to phase 2") are marked
    nice-to-have, so the proposed scope keeps them out of the first version, with the reason."""
    from pmtui.product.brains.offline.scoping.requests import parse_requests

    waiting = [feature_key(r.what) for r in parse_requests(note) if r.kind in kinds and r.what]
    return [
        f"{item.replace(NICE_TO_HAVE_MARK, '').strip()} {WAITS_MARK}"
        if WAITS_MARK not in item and any(key and key <= feature_key(item) for key in waiting)
        else item
        for item in wishlist
    ]


def wishes_waiting(summary: DiscoverySummary, notes: list[str]) -> DiscoverySummary:
    """The summary with every wish an earlier interview scope note said can wait marked so, also a wish named only
    after the note ("the weather thing can wait" before the weather alerts were on the list)."""
    wishlist = summary.feature_wishlist
    for note in notes:
        wishlist = waiting(wishlist, note)
    return (
        summary
        if wishlist == summary.feature_wishlist
        else summary.model_copy(update={"feature_wishlist": wishlist})
    )


# "…, the weather thing can wait though" inside the list: a note on a wish, no wish of its own.
WAITS_ITEM = re.compile(
    rf"\s(?:can|could)\s+(?:{INTENSIFIER}\s+)?wait\b|,?\s+(?:for\s+)?later,?\s+(?:but\s+)?not\s+now\b", re.IGNORECASE
)


def merge_features(old: list[str], new: list[str], replace: bool) -> list[str]:
    result = [] if replace else list(old)
    earlier = set(result)
    for item in new:
        key = norm(item)
        if not key or vague_feature(item):
            continue
        if any(same_feature(item, existing) or _named_in(item, existing) for existing in result):
            continue
        if any(existing in earlier and one_doing(existing, item) and _general(item) and not _general(existing)
               for existing in result):
            # "book a tool" heard first, "book kit" later: the thing said first says more.
            continue
        # "oh and the key, folk need to pick up the key from the shop": the bare "Key" gives way to what says more.
        # "tradies can book kit online" (the pitch), then "book a tool for given days" (the list): one booking, said
        # the second time in the founder's own list.
        result = [
            existing for existing in result
            if not _named_in(existing, item) and not (existing in earlier and one_doing(existing, item))
        ]
        result.append(item)
    return result[:20]


# What a wish is done to, when it is no one thing: the shop's goods in general ("book kit online").
_GENERAL_OBJECTS = frozenset(
    ["kit", "gear", "equipment", "stuff", "thing", "item", "bit", "good", "product", "stock", "tackle", "supplies",
     "supply", "merch", "merchandise"]
)
# Words between the doing and what it is done to.
_DETERMINERS = frozenset(
    ["a", "an", "the", "my", "our", "their", "your", "his", "her", "some", "any", "this", "that", "these", "those",
     "one", "new", "more"]
)
# A question word or a channel after the doing names no object ("see whats free", "pay online").
_NO_OBJECT = frozenset(
    ["what", "whats", "what's", "who", "when", "where", "which", "how", "if", "whether", "online", "offline", "it",
     "them", "up", "in", "out", "off", "on", "back", "for", "by", "with", "to", "from", "and", "or"]
)


def _doing_and_object(item: str) -> tuple[str, str] | None:
    """The doing and what it is done to, in a wish that starts with the doing: ("book", "tool") in "Book a tool for
    given days"; None when no object follows ("See whats free", "Deposits")."""
    words = word_list(item)
    if len(words) < 2:
        return None
    rest = [w.strip(".'-") for w in words[1:]]
    while rest and rest[0] in _DETERMINERS:
        rest = rest[1:]
    if not rest:
        return None
    thing = rest[0][:-1] if rest[0].endswith("s") and len(rest[0]) > 3 and not rest[0].endswith("ss") else rest[0]
    if thing not in _GENERAL_OBJECTS and (rest[0] in _NO_OBJECT or rest[0] in STOPWORDS):
        return None
    return words[0], thing


def _general(item: str) -> bool:
    found = _doing_and_object(item)
    return found is not None and found[1] in _GENERAL_OBJECTS


def one_doing(old: str, new: str) -> bool:
    """Do two wishes do the same thing to the same kind of object? One doing (however worded), and the same object or one of them
    the goods in general: "Book kit online" and "Book a tool for given days", "Book a table at my restaurant in
    Bristol" and "Book a table"; not "Book a table" and "Book a private room"."""
    a, b = _doing_and_object(old), _doing_and_object(new)
    if not a or not b or not same_doing(a[0], b[0]):
        # "Reserve kit on their phone" and "Book a tool for set dates": one act in two words (doings.same_doing).
        return False
    return a[1] == b[1] or a[1] in _GENERAL_OBJECTS or b[1] in _GENERAL_OBJECTS


def _named_in(bare: str, fuller: str) -> bool:
    """Is `bare` one word ("Key") that `fuller` names among others ("Folk need to pick up the key from the shop")?"""
    words = [w for w in norm(bare).split() if w not in ("the", "a", "an", "our", "my", "their")]
    key = feature_key(bare)
    return len(words) == 1 and len(key) == 1 and key < feature_key(fuller)


# "longer term every team in the association": how far it should spread one day, no thing to build.
SCALE_AMBITION = re.compile(
    r"^(?:(?:and|but|so|then)\s+)?(?:longer[- ]term|long[- ]term|in the long (?:run|term)|eventually|ultimately|"
    r"down the (?:track|road|line)|one day|someday|later on)\s*,?\s+(?:every|all|each|the whole|everyone|everybody|"
    r"other|more)\b(?![^,;]*\b(?:can|could|should|to|gets?|sees?|books?|pays?|share|shares)\b)|"
    # "longer term, every team …": the time marker alone, cut from its clause by the comma.
    r"^(?:longer[- ]term|long[- ]term|in the long (?:run|term)|eventually|ultimately|down the (?:track|road|line))\W*$",
    re.IGNORECASE,
)
# "nearly - def wait isnt a feature lol": a row of the list the founder says is no wish at all.
NOT_A_WISH = re.compile(
    r"(?:^|[,;:.!?]\s*|\s[-\u2013\u2014]+\s*|\b(?:but|and|so|nearly|almost|except)\s+)(?:(?:the|that)\s+)?(?P<what>[^,.;:!?\u2013\u2014]{2,60}?)"
    r"\s+(?:is\s*n'?t|is not|ain'?t|aint)\s+(?:really\s+|even\s+|actually\s+)?(?:a\s+|an\s+)?(?:real\s+|separate\s+|proper\s+)?"
    r"(?:feature|wish|requirement|thing to build)\b",
    re.IGNORECASE,
)

_OPEN = r"(?:^|[,;:.!?]\s*|\s[-\u2013\u2014]+\s*|\b(?:but|and|so|nearly|almost|except)\s+)(?:(?:the|that)\s+)?"
# Said of a row as what it is instead: "the AGM in february is our deadline, its not a feature", "cash or mpesa is just
# how they pay", "the weekly report is only what the committee reads".
_IS_SOMETHING_ELSE = re.compile(
    _OPEN + r"(?P<what>[^,.;:!?\u2013\u2014]{2,60}?)\s+(?:is|are)\s+(?:(?:our|the|my|a|an|just|only)\s+)?[\w' -]{1,30}?,?\s*"
    r"(?:(?:it'?s|its|it is|that'?s|thats|they'?re|theyre|they are)\s+)?not\s+(?:a\s+|an\s+)?(?:real\s+)?"
    r"(?:feature|wish|requirement|thing to build)s?\b|"
    + _OPEN + r"(?P<how>[^,.;:!?\u2013\u2014]{2,60}?)\s+(?:is|are)\s+(?:just|only|simply|merely)\s+"
    r"(?:how|where|when|what|the way|who)\b",
    re.IGNORECASE,
)


def removed_features(text: str, features: list[str]) -> list[str]:
    """Features the user asks to drop ('remove the chat', 'we don't need reports', 'def wait isn't a feature', 'cash or
    mpesa is just how they pay')."""
    for said in [*NOT_A_WISH.finditer(text), *_IS_SOMETHING_ELSE.finditer(text)]:
        if said.groupdict().get("how"):
            wanted = set(content_words(said.group("how")))
            features = [f for f in features if not (wanted and set(content_words(f)) == wanted)]
            continue
        wanted = set(content_words(said.group("what")))
        named = [f for f in features
                 if wanted and set(content_words(f)) and (set(content_words(f)) <= wanted or wanted <= set(content_words(f)))]
        features = [f for f in features if f not in named]
    match = re.search(
        r"\b(?:remove|drop|cut|delete|take out|get rid of|no need for|(?:we |i )?don'?t need|forget about|"
        r"skip)\s+(?:the\s+)?(?P<what>[^,.;!]+)",
        text,
        re.IGNORECASE,
    )
    if not match:
        return features
    if re.search(
        r"\b(?:don'?t|do not|never|not|won'?t|please don'?t)\s+$", text[: match.start()], re.IGNORECASE
    ):
        # "don't drop the marketplace, it's the long-term moat" keeps it.
        return features
    wanted = set(content_words(re.sub(r"\bfeatures?\b", "", match.group("what"))))
    if not wanted:
        return features
    return [f for f in features if not wanted & set(content_words(f))]
