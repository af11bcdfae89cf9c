"""A figure put right inside the sentence that says it: "four weekends, no, make that five", "bout 45 boats in season,
no wait, nearer 50", "140, sorry, 163", "cost plus 12 percent, no, 15 percent since the fuel went up". Only the second
figure is meant; the first is dropped where it stands, and the second takes the first one's words ("five weekends")
unless it says its own ("15 percent").
"""

from __future__ import annotations

import re

from pmtui.product.brains.offline.discovery.numbers import NUMBER_WORD

_WORD_NUMBER = re.sub(r"\(\?P<\w+>", "(?:", NUMBER_WORD.pattern.removeprefix(r"\b").removesuffix(r"\b(?![-'])"))
_FIGURE = (r"(?:(?:[$€£₱₹₦¥]|\b(?:EC|US|S|A|NZ|J|TT|C|HK)\$|\b(?:KSh|Ksh|GH₵|RM|Rp|R|N)\s?)?\d(?:[\d,.]*\d)?(?:\s?%|k\b)?|"
           rf"\b(?:{_WORD_NUMBER})\b(?![-']))")
# The words a figure was said with before the repair ("boats in season"), at most three, none of them a figure.
_SAID_WITH = r"(?P<unit>(?:\s+(?!(?:no|nope|sorry|wait|actually|i|or)\b)[\w'-]+){0,3}?)"
_REPAIR = re.compile(
    rf"(?P<old>{_FIGURE}){_SAID_WITH}\s*[,\u2014\u2013-]+\s*"
    r"(?:no+|nope|sorry|oops|no wait|wait|i mean|or rather|scratch that|my bad|correction)(?:\s*,?\s*(?:wait|sorry|actually))?"
    r"\s*[,\u2014\u2013:-]*\s*(?:(?:make (?:it|that)|(?:it'?s|its|that'?s)|more like|nearer|closer to|about|around|like|"
    rf"actually|it should be|should be)\s+)*(?P<new>{_FIGURE})(?P<after>\s+[\w'-]+)?",
    re.IGNORECASE,
)


def without_repairs(text: str) -> str:
    """The text with each figure put right mid-sentence replaced by the new one."""
    def repair(match: re.Match[str]) -> str:
        unit = match.group("unit") or ""
        after = match.group("after") or ""
        own = bool(unit.strip()) and after.strip().lower() == unit.split()[0].lower()
        return match.group("new") + ("" if own or not unit.strip() else unit) + after

    return _REPAIR.sub(repair, text)
