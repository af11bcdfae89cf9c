"""A wish's name that would be cut to a doing and a pronoun keeps what the doing is about.

"Text them when it's ready to collect" cut at its clause is "Text them": who is texted, and nothing of why. When the part
before the clause names no thing (a verb and "them", "me", "it"), the clause is what the wish is about: "Text when ready
to collect", "Ping when a new order comes in", "Remind if they forget".
"""

from __future__ import annotations

import re

# Who a doing is done to, when that names no thing: the founder's people as a pronoun.
_PRONOUNS = frozenset({"them", "him", "her", "it", "us", "me", "you", "everyone", "everybody", "someone", "people"})
# "it's ready", "they're late": the pronoun and its "is" add nothing to a name.
_SUBJECT_BE = re.compile(r"^(?:it|they|he|she|we|you)(?:'s|'re|’s|’re|\s+is|\s+are)\s+", re.IGNORECASE)


def about_clause(words: list[str], opener: int, max_words: int, breaks: frozenset[str], tail: frozenset[str]) -> str:
    """The name said with its clause (words[opener] is "when", "if", …) when what comes before it is a doing and a
    pronoun; "" otherwise."""
    if opener != 2 or words[1].lower().strip(",.;:") not in _PRONOUNS:
        return ""
    clause = _SUBJECT_BE.sub("", " ".join(words[opener + 1:])).split()
    named = [words[0], words[opener], *clause]
    if not clause:
        return ""
    if len(named) > max_words:
        # "Tell him when he sells the last loaf": over by its articles, the clause drops them ("Tell when he sells
        # last loaf"), never the whole clause ("Tell him").
        bare = [named[0], named[1], *(w for w in named[2:] if w.lower() not in ("the", "a", "an"))]
        if len(bare) <= max_words:
            return " ".join(bare).strip(" ,;:")
        cut = next((i for i in range(max_words, 2, -1) if named[i].lower() in breaks), 0)
        named = named[:cut]
        while len(named) > 3 and named[-1].lower() in tail:
            named.pop()
    return " ".join(named).strip(" ,;:") if len(named) >= 3 else ""


# "Get a message when the van is 5 minutes away" cut at its clause is "Get a message": a notice and nothing of what it
# tells. What it tells is the wish: "Message when van is 5 minutes away".
_NOTICES = frozenset({"message", "alert", "text", "notification", "reminder", "sms", "email", "ping", "call", "nudge",
                      "warning", "notice", "whatsapp"})
_GETTING = frozenset({"get", "send", "receive", "gets", "sends", "receives"})
_ARTICLES = frozenset({"a", "an", "the"})


def notice_clause(words: list[str], max_words: int) -> str:
    """"Message when van is 5 minutes away" for "Get a message when van is 5 minutes away"; "" when the wish is not a
    notice told with its clause, or the clause does not fit the name."""
    lowered = [w.lower().strip(",.;:") for w in words]
    if (len(words) < 5 or lowered[0] not in _GETTING or lowered[1] not in _ARTICLES or lowered[2] not in _NOTICES
            or lowered[3] not in ("when", "whenever", "if", "once", "before", "after")):
        return ""
    named = [words[2][:1].upper() + words[2][1:], *(w for w in words[3:] if w.lower() not in _ARTICLES)]
    return " ".join(named).strip(" ,;:") if len(named) <= max_words + 1 else ""
