"""Doings that are one act under different words: "reserve kit" is "book a tool", "text them" is "message them".

A small table of groups, each an act founders name with several verbs; two wishes whose verbs share a group (and whose
objects are the same or the goods in general, see wishlist.one_doing) are one wish said twice.
"""

from __future__ import annotations

_GROUPS = (
    frozenset({"book", "reserve", "hire", "rent", "borrow"}),
    frozenset({"order", "buy", "purchase"}),
    frozenset({"message", "text", "sms", "notify", "ping"}),
)


def same_doing(one: str, other: str) -> bool:
    """'book' and 'reserve', 'order' and 'buy': the same act; 'book' and 'order' are not."""
    one, other = one.lower(), other.lower()
    return one == other or any(one in group and other in group for group in _GROUPS)
