"""An easier way offered in argue-back for the row named before: "maybe they just type it in instead?", "could they not
just phone each other?". Typing or ticking it in the app is the row made smaller; a way outside it (the book they keep
today, a phone call) is the row cut."""

from __future__ import annotations

import re
from typing import Literal

_ALTERNATIVE = re.compile(
    r"^(?:(?:hmm+|so|and|but|or|well|ok(?:ay)?)\W+)*(?:maybe|perhaps|could(?:n'?t)?|can(?:'?t)?|why not|wouldn'?t it be "
    r"(?:easier|simpler) (?:if|to))\s+(?:(?:the \w+|\w+)\s+)?(?:not\s+)?just\s+"
    r"(?P<how>[^,;]+?)(?:\s+instead)?\s*\??$", re.IGNORECASE)
_ANOTHER_WAY = re.compile(r"^(?:phone|call|ring|text|message|whatsapp|write|note|email|ask|tell|keep|print|say|send|share|post|"
                          r"check|look|read|shout|sort)\b", re.IGNORECASE)
_IN_THE_APP = re.compile(r"\b(?:type|enter|key|fill|tick|tap|pick|select|choose|paste|upload|mark)\b", re.IGNORECASE)


def another_way(lowered: str) -> Literal["smaller", "cut", ""]:
    """'smaller' when the easier way is still in the app, 'cut' when it is outside it, '' when none is offered."""
    match = _ALTERNATIVE.match(lowered)
    if not match:
        return ""
    if _IN_THE_APP.search(match.group("how")):
        return "smaller"
    return "cut" if _ANOTHER_WAY.match(match.group("how")) else ""
