"""A lone verb in a founder's list of wishes, given what it is done to.

A terse founder lists doings and names the thing only once: "post shift, swap, approve", "book parcel, track, sms when
it lands", "book slot, pay deposit, cancel". Split at the commas the list leaves rows named by one verb ("Approve",
"Track", "Cancel") that no coding agent can build from. Here each such verb takes the object the list shares: the
thing of the list's first doing said before it ("Track a parcel", "Cancel a slot"), or, for a verb of deciding right
after a one-word request, that request, which is then a doing of the list too ("post shift, swap, approve": "Swap a
shift", "Approve a swap"). A word that names a thing as much as an act ("Search", "Order") is otherwise left as said. A list of lone verbs and nothing else ("order and collect")
is one act, one row. A lone verb with no object said before it (what is only seen is none) is left as it was.

Said the other way round, two verbs before one bare noun ("a start and stop timer per table") share it and are one row,
not a lone "Start" and a "Stop timer".
"""

from __future__ import annotations

import re

from pmtui.product.plan_quality import NOUNS_TOO, VERBS
from pmtui.product.rice import NICE_TO_HAVE_MARK

_DETERMINERS = frozenset(["a", "an", "the", "my", "our", "their", "your", "his", "her", "some", "any", "each", "every",
                          "one", "new"])
# Where what the doing is done to ends: "Book a table for tonight" is done to a table.
_OBJECT_ENDS = frozenset(["for", "on", "at", "by", "via", "in", "with", "to", "from", "and", "or", "when", "if",
                          "before", "after", "per", "online", "offline", "ahead", "now", "today"])
# Verbs of deciding on a request: what they decide on is the request ("approve a swap", "confirm a booking").
_DECIDING = frozenset(["approve", "accept", "confirm", "cancel", "reject", "decline", "refund", "sign"])
# Verbs whose object is money: the list's thing is what it is paid for ("Pay for a table").
# Acts whose one-word name is also the request a verb of deciding decides on ("a swap", "a claim").
_REQUESTS = frozenset(["swap", "request", "order", "claim", "offer", "hold", "refund"])
_PAID_FOR = frozenset(["pay", "charge", "tip"])
# Seeing is done to what is shown, not to the thing the list's doings act on: "see the details, pay and book" pays for
# no details.
_SEEING = frozenset(["see", "view", "show", "check", "look", "find", "know", "watch", "read", "browse", "search",
                     "compare", "list"])
_WORD = re.compile(r"[a-z][a-z'-]*")


def _bare(item: str) -> tuple[str, bool]:
    """The item without its nice-to-have mark, and whether it had one."""
    return item.replace(NICE_TO_HAVE_MARK, "").strip(), NICE_TO_HAVE_MARK in item


def _lone_verb(item: str) -> str:
    """The verb, when the item is one verb and nothing else ("Approve"), else ''."""
    words = _bare(item)[0].lower().split()
    return words[0] if len(words) == 1 and words[0] in VERBS else ""


def _object(item: str) -> str:
    """What a doing with an object is done to ("shift" in "Post shift", "table" in "Book a table for tonight"), or ''."""
    words = _bare(item)[0].lower().split()
    if len(words) < 2 or words[0] not in VERBS:
        return ""
    rest = words[1:]
    while rest and rest[0] in _DETERMINERS:
        rest = rest[1:]
    thing: list[str] = []
    for word in rest[:3]:
        if word in _OBJECT_ENDS or not _WORD.fullmatch(word):
            break
        thing.append(word)
    return " ".join(thing)


def _with_article(thing: str) -> str:
    if thing.endswith("s") and not thing.endswith("ss"):
        return thing
    return f"{'an' if thing[0] in 'aeiou' else 'a'} {thing}"


def with_their_object(items: list[str]) -> list[str]:
    """The list with each lone verb given the object the list shares (see the module's doc)."""
    lone = [_lone_verb(item) for item in items]
    if len(items) >= 2 and all(lone):
        # "order and collect": one act said with two verbs.
        nice = any(_bare(item)[1] for item in items)
        joined = " and ".join(verb for verb in lone)
        return [f"{joined[:1].upper()}{joined[1:]}{' ' + NICE_TO_HAVE_MARK if nice else ''}"]
    result: list[str] = []
    shared = ""
    for index, item in enumerate(items):
        verb = lone[index]
        if not verb:
            shared = shared or ("" if _bare(item)[0].split()[0].lower() in _SEEING else _object(item))
            result.append(item)
            continue
        before = lone[index - 1] if index else ""
        # "swap, approve": a verb of deciding takes the request named just before it ("Approve a swap"); "search",
        # "order", "swap" alone name a thing as much as an act and are left as said.
        thing = before if verb in _DECIDING and before in _REQUESTS else shared
        # "swap, approve": the swap a later verb decides on is a doing of the list too ("Swap a shift"), never only
        # the request ("Approve a swap" would leave no row for swapping).
        decided = index + 1 < len(items) and lone[index + 1] in _DECIDING and verb in _REQUESTS
        if (verb in NOUNS_TOO and not decided) or not thing or thing == verb:
            result.append(item)
            continue
        name, nice = _bare(item)
        # "book table, pay": what is paid is money, paid for the thing.
        named = f"{name} {'for ' if verb in _PAID_FOR else ''}{_with_article(thing)}"
        result.append(f"{named} {NICE_TO_HAVE_MARK}" if nice else named)
    return result


# Words after "start and stop" that are no thing the two verbs share ("book and pay online").
_NO_THING = _OBJECT_ENDS | _DETERMINERS | frozenset(["it", "them", "up", "out", "off", "back", "later", "here", "there",
                                                     "too", "also", "maybe", "quickly", "easily"])
_TWO_VERBS = re.compile(r"(?P<lead>^|[,;:]\s*|\b(?:an?|the)\s+)(?P<one>[a-z]+) and (?P<two>[a-z]+)(?= (?P<next>[a-z][\w'-]*))",
                        re.IGNORECASE)


def verbs_sharing_a_thing(text: str) -> str:
    """Two verbs before one bare noun share it, one row: "a start and stop timer per table", "track and pay invoices"
    (joined as "start-and-stop", which the split keeps whole)."""
    def joined(found: re.Match[str]) -> str:
        one, two, after = (found.group(name).lower() for name in ("one", "two", "next"))
        if one in VERBS and two in VERBS and one != two and after not in _NO_THING:
            return f"{found.group('lead')}{found.group('one')}-and-{found.group('two')}"
        return found.group(0)

    return _TWO_VERBS.sub(joined, text)
