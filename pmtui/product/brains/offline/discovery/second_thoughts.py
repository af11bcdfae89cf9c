"""Second thoughts inside one wishlist answer, the way a founder writing a whole paragraph has them.

"For the first version I'd want: …" announces the list and is no wish; "Maybe also a reminder text at 7pm, though
I'm not sure they'd like that" hedges the wish before it, and the hedge is no wish either ("Also the payment of the
deposit, forse, maybe" the same in Italian); "Actually, forget the reminder for now, the cut-off is the important bit"
takes a wish of the same answer back (for now: it waits), and tells no problem.
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.text import content_words
from pmtui.product.rice import NICE_TO_HAVE_MARK, WAITS_MARK

# "though I'm not sure they'd like that", "but not sure about it", "forse, maybe", "vielleicht": a hedge, no thing.
_HEDGE_ONLY = re.compile(
    r"^(?:(?:but|though|although|and|or|tho)\s+)?(?:(?:i'?m|i am|we'?re|we are)\s+)?(?:not|never)\s+(?:sure|certain)\b"
    r"[^,;]{0,50}$|"
    r"^(?:(?:but|and|or)\s+)?(?:maybe|perhaps|probably|possibly|i think|i guess|who knows|forse|magari|quiz[aá]s|"
    r"tal vez|vielleicht|talvez|peut[- ][eê]tre|siguro|mungkin|shayad)(?:\W+(?:maybe|perhaps|not|forse|later))*\W*$",
    re.IGNORECASE,
)


def hedge_only(item: str) -> bool:
    """Is this list item only a hedge about the wish before it ("Though I'm not sure they'd like that", "Forse")?"""
    return bool(_HEDGE_ONLY.match(item.strip(" .,;!?")))


# "For the first version I'd want", "What I need is", "The must-haves are": the words before a colon that announce
# the list.
_ANNOUNCES = re.compile(r"\b(?:want|wants|like|need|needs|love|are|is|would be|include|includes|be|do|have)\s*$|"
                        # "For the first version: …", "In v1:": when the list is for, said alone.
                        r"^(?:so\s+|ok(?:ay)?\s+)?(?:for|in)\s+(?:the\s+)?(?:(?:very\s+)?first|1st|initial)\s+"
                        r"(?:version|release|cut|phase|go)\s*$|^(?:for|in)\s+(?:v1|the mvp|phase (?:1|one))\s*$",
                        re.IGNORECASE)


def announces_the_list(lead: str) -> bool:
    """Is the text before a colon list only the words that announce it?"""
    return bool(_ANNOUNCES.search(lead.strip(" :,")))


# "Actually, forget the reminder for now", "scrap the loyalty thing", "on second thoughts, drop the map".
TAKEN_BACK = re.compile(
    r"(?:^|(?<=[.!?;]\s))(?:(?:actually|oh|no|ok(?:ay)?|hmm+|wait|and|but|on second thoughts?|come to think of it)\W+)*"
    r"(?:forget|scrap|skip|ditch|drop|leave out)\s+(?:about\s+)?(?P<what>(?:the|that|those|this)\s+[^,.;!?]{2,40}?)"
    r"(?:\s+(?P<when>for now|for the moment|for the time being|till later|until later|for later))?\s*"
    r"(?:[,;]\s*[^.!?]*)?(?:[.!?]|$)",
    re.IGNORECASE,
)

# "Oh, and invoices, although actually no, the office does invoices in Sage, leave invoices out": the wish is named, then
# taken back in the same sentence, with its reason.
TAKEN_BACK_AT_ONCE = re.compile(
    r"(?:^|(?<=[.!?;]\s))(?:(?:oh|and|also|plus|maybe)\W+)*(?P<what>[^,.;!?]{2,40}?),?\s+(?:(?:al)?though|but)\s+"
    r"(?:actually|on second thoughts?|come to think of it),?\s+no\b[^.!?]*(?:[.!?]|$)",
    re.IGNORECASE,
)


def without_taken_back(text: str) -> str:
    """The answer without the sentences that take a wish back: they tell no problem, no reason, no wish."""
    return TAKEN_BACK_AT_ONCE.sub(" ", TAKEN_BACK.sub(" ", text)).strip()


def taken_back(wishlist: list[str], text: str) -> list[str]:
    """The wishlist with each wish the answer takes back dropped, or marked as waiting when taken back "for now"."""
    result = list(wishlist)
    for match in [*TAKEN_BACK.finditer(text), *TAKEN_BACK_AT_ONCE.finditer(text)]:
        named = set(content_words(re.sub(r"^(?:the|that|those|this)\s+|\b(?:thing|bit|one|idea)s?\b", "",
                                         match.group("what"), flags=re.IGNORECASE)))
        if not named:
            continue
        hits = [item for item in result if named <= set(content_words(item)) or named & set(content_words(item))]
        if match.re is TAKEN_BACK and match.group("when"):
            result = [f"{item.replace(NICE_TO_HAVE_MARK, '').strip()} {WAITS_MARK}" if item in hits and WAITS_MARK not in item
                      else item for item in result]
        else:
            result = [item for item in result if item not in hits]
    return result


# "Maybe the quotes come later, but probably not": a hedged wish taken back in the same breath is no wish.
_DOUBTED = re.compile(r"\b(?:but|though)\s+(?:probably|most likely|likely|realistically)\s+not\W*$|"
                      r"\b(?:but|though)\s+i\s+doubt\s+it\W*$", re.IGNORECASE)


def doubted(sentence: str) -> bool:
    """Does the sentence take back the hedged wish it says ("…, but probably not")?"""
    return bool(_DOUBTED.search(sentence.strip()))
