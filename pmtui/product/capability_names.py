"""A row's name as a capability, not a piece of the founder's sentence (bench/plan_quality.py's fragment titles).

A row is named from the founder's words cut short (pmtui.product.rice.feature_name: at most six words) or from a
template filled with them ("{verb} in the app, not on paper", "Keep track of {obj}"). Cut at the wrong place the name
is a fragment: "Counter that shows how many", "Write in the app, not", "List of warranties that are about", "Keep
track of which day we", "Turnout board saying". Here a name that pmtui.product.plan_quality reads as a fragment is
mended by class:

- the founder's own words go on: when the words it was cut from are short (at most ten words) the name is all of
  them ("Warning if a pond did not get feed"), else the shortest longer cut that is no fragment ("Counter that shows
  how many they picked");
- otherwise the dangling words are let go from its end (a conjunction, an article, a preposition, a pronoun, an
  auxiliary, a clause's verb with nothing after it) and from its start ("And playtest feedback in one place");
- a negation with no verb is what the app does about it: "No double bookings" is "Prevent double bookings", "No
  beetroot" is "Exclude beetroot".

A name that is no fragment, and one nothing here can mend (a lone verb with no words after it: "Reserve"), is left as
it was.
"""

from __future__ import annotations

import re

from pmtui.product.plan_quality import FragmentTitle

_LONGEST = 10
_FRAGMENT = FragmentTitle()
# Notes and remarks after a wish that are no part of its name.
_REMARK = re.compile(r"\s*\((?:nice to have|template|split from|a smaller first cut of|instead of)\b[^)]*\)?.*$",
                     re.IGNORECASE)
_LEADING = {"and", "or", "but", "nor", "plus", "also", "then", "so"}
_NEGATED = re.compile(r"^(?:no|never)\s+(?:more\s+)?(?P<what>.+)$", re.IGNORECASE)


def _cut_again(name: str, said: str) -> str:
    """The longer cut of the words `name` was cut from, or ''."""
    text = _REMARK.sub("", " ".join(said.split())).strip(" .,;:!?")
    if not text.lower().startswith(name.lower().rstrip(" ,;:")) or len(text) <= len(name):
        return ""
    words = text.split()
    if len(words) <= _LONGEST and not _FRAGMENT.reason(text):
        return text
    for count in range(len(name.split()) + 1, min(len(words), _LONGEST) + 1):
        cut = " ".join(words[:count]).rstrip(" ,;:")
        if not _FRAGMENT.reason(cut):
            return cut
    return ""


def _trimmed(name: str) -> str:
    """The name without the words that dangle at its ends, or '' when nothing is left that is no fragment."""
    words = name.rstrip(" ,;:").split()
    # Only a conjunction is let go at the start ("And playtest feedback in one place"): without its "who" or "when"
    # a clause says something else ("Who owes" is not "Owes").
    while len(words) > 1 and words[0].lower() in _LEADING:
        words.pop(0)
    while len(words) > 1 and _FRAGMENT.reason(" ".join(words)).startswith(("ends on", "a clause cut")):
        words.pop()
        while words and words[-1].endswith(","):
            words[-1] = words[-1].rstrip(",")
    trimmed = " ".join(words)
    if not trimmed or _FRAGMENT.reason(trimmed):
        return ""
    return trimmed[:1].upper() + trimmed[1:]


def capability_name(name: str, said: str = "") -> str:
    """`name` mended when it is a fragment (see the module's doc); `said` is the fuller text it was cut from."""
    why = _FRAGMENT.reason(name)
    if not why:
        return name
    longer = _cut_again(name, said) if said else ""
    if longer:
        return longer[:1].upper() + longer[1:]
    if why == "a negation with no verb":
        found = _NEGATED.match(name.strip())
        if not found:
            return name
        what = found.group("what")
        # "No double bookings", "No running out of fixer": a thing that goes wrong, prevented; "No beetroot": a thing
        # left out.
        verb = "Exclude" if len(what.split()) == 1 and not what.lower().endswith(("s", "ing")) else "Prevent"
        return f"{verb} {what}"
    return _trimmed(name) or name
