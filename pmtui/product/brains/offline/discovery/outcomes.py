"""A success target said as the state to reach, with no metric word: "Every order complete before the boat sails, and
no substitution the chef didn't approve", "Less chat asking where the box is, maybe half, and all boxes delivered before
Christmas", "nobody left at the stop and the drivers home by six".

Asked for the metric, such an answer was taken for a list of things to build: the wishlist got "Every order complete
before the boat sail" and "Half". Each piece says how much of something there will be (less, none, every one, half),
or a thing's state by a time; none names a thing to do.
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.cues import FEATURE_VERB
from pmtui.product.brains.offline.discovery.sentences import list_items, split_sentences

# "less chat …", "no substitution …", "every order complete …", "all boxes delivered …", "nobody left …", "maybe half".
_HOW_MUCH = re.compile(
    r"^(?:(?:and|but|also|plus|then|so|maybe|probably|hopefully|ideally|at least|just|like|basically|i guess|"
    r"i suppose)[\s,]+)*(?:less|fewer|more|no more|no|zero|not (?:a single|one)|none of|every|each|all(?: the| our| my)?|"
    r"nobody|no one|no-one|none|never|always|everyone|everybody|half|a third|a quarter|two thirds|double|twice|"
    r"(?:at )?most of)\b(?!\s+(?:more|longer)\s+(?:need|having)\b)",
    re.IGNORECASE,
)
# "half", "maybe half", "double": a share said alone, after the thing it measures.
_SHARE_ALONE = re.compile(r"^(?:(?:maybe|probably|like|about|around|at least)\s+)*(?:half|a third|a quarter|double|"
                          r"twice as many|two thirds)$", re.IGNORECASE)
# A state: something done, gone or reached ("complete", "delivered", "paid", "left", "ready", "back", "on time").
_STATE = re.compile(
    r"\b(?:\w+ed|complete|done|paid|ready|back|home|gone|left|lost|late|missed|sent|sold|full|empty|right|wrong|"
    r"on time|in time|on the day|same day|(?:before|by|within|after|until|till)\s+\w+|didn'?t|don'?t|doesn'?t|"
    r"wasn'?t|isn'?t|aren'?t|never|any ?more|anymore|\w{3,}ing)\b",
    re.IGNORECASE,
)


def _outcome(piece: str) -> bool:
    piece = piece.strip(" .!")
    if _SHARE_ALONE.match(piece):
        return True
    lead = _HOW_MUCH.match(piece)
    if lead is None:
        return False
    # "less chat asking where the box is": a comparative names what shrinks or grows (a noun, even "chat"); "every
    # order complete", "no substitution the chef didn't approve": the how-much word needs a state after it.
    if lead.group(0).split()[-1].lower() in ("less", "fewer", "more", "zero", "double", "twice", "half"):
        return True
    return not FEATURE_VERB.match(piece[lead.end():].strip()) and bool(_STATE.search(piece[lead.end():]))


# "the drivers home by six", "failed payments followed up within a week": a state by a time, after an outcome.
_BY_WHEN = re.compile(r"\b(?:\w+ed|home|back|done|ready|paid|sent|full)\b.*\b(?:before|by|within|on|until|till)\s+\w+",
                      re.IGNORECASE)


def outcome_states(text: str) -> bool:
    """Is the answer a target said as the states to reach (every piece of it, two pieces at least, or one with a
    state and a when)?"""
    sentences = split_sentences(text)
    if len(sentences) > 1:
        # "No empty shelf for a month. KES 0, we are not selling it": every sentence must be one.
        return all(outcome_states(sentence) for sentence in sentences)
    pieces = list_items(text)
    if not pieces or any(len(p.split()) > 16 for p in pieces):
        return False
    outcomes = [_outcome(p) or (bool(_BY_WHEN.search(p)) and not FEATURE_VERB.match(p)) for p in pieces]
    # "No order changed after I've shopped, every payment in within a week, and my daughter running Tuesdays on her
    # own": two states to reach of three carry the third, unless it names a thing to do.
    most = sum(outcomes) >= 2 and 3 * sum(outcomes) >= 2 * len(outcomes)
    return outcomes[0] and all(ok or ((most or bool(_BY_WHEN.search(p))) and not FEATURE_VERB.match(p))
                               for ok, p in zip(outcomes, pieces, strict=True))
