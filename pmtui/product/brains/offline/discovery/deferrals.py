"""One deferral said of several wishes: "seeds n tools can def wait", "the rota and the map, both can wait",
"exports, reports and badges aren't urgent". Each wish it names waits, not only the one said last."""

from __future__ import annotations

import re
from functools import lru_cache

from pmtui.product.brains.offline.dialect import INTENSIFIER, WAIT_TAIL

# One wish of the run: a few words, none of them a joiner or the deferral's own verb.
_WISH = r"[\w'-]+(?:\s+(?!(?:and|n|can|could|are|is|both|all|r)\b)[\w'-]+){0,3}"
_DEFERRAL = (
    rf"(?:can|could)\s+(?:{INTENSIFIER}\s+)?(?:(?:both|all)\s+)?(?:wait{WAIT_TAIL}|come later|go later|be later)\b"
    r"|(?:are|r)\s+(?:not|n't)\s+(?:that\s+)?(?:urgent|a must|essential|needed|a priority)\b"
    r"|aren'?t\s+(?:that\s+)?(?:urgent|a must|essential|needed|a priority)\b"
    r"|(?:are|r)\s+for later\b"
)
_RUN = re.compile(
    rf"(?P<lead>^|(?<=[.;!?:])\s+|(?<=,)\s+(?:(?:but|and|though|tho)\s+)?)"
    rf"(?P<run>(?!(?:i|we|they|you|he|she|it)\s){_WISH}(?:\s*,\s*{_WISH})*,?\s+(?:and|n|&)\s+{_WISH})"
    rf"(?:\s*,?\s*(?:both|all(?: three| of them)?|they|them both)\b)?\s+(?P<defer>{_DEFERRAL})",
    re.IGNORECASE,
)
_JOINERS = re.compile(r"\s*,\s*(?:and\s+|n\s+|&\s*)?|\s+(?:and|n|&)\s+", re.IGNORECASE)


@lru_cache(maxsize=4096)  # pure, and asked of the same answer more than once a turn
def each_waits(text: str) -> str:
    """The text with a deferral said once of a run of wishes said of each of them ("seeds can wait, tools can wait"),
    so every wish of the run is read as waiting."""

    def spread(match: re.Match[str]) -> str:
        defer = re.sub(r"\s+(?:both|all)(?=\s)", "", match.group("defer"), flags=re.IGNORECASE)
        # Said of one wish, "are not urgent" is "not urgent" ("exports, not urgent").
        defer = re.sub(r"^aren'?t\s+", "not ", defer, flags=re.IGNORECASE)
        defer = re.sub(r"^(?:are|r)\s+(?=not\b|for\b)", "", defer, flags=re.IGNORECASE)
        wishes = [w.strip() for w in _JOINERS.split(match.group("run")) if w and w.strip()]
        return match.group("lead") + ", ".join(f"{wish} {defer}" for wish in wishes)

    return _RUN.sub(spread, text)


# "Maybe online holds too, although honestly most of ours would rather ring, so leave that for later": the concession is
# why the last wish waits, and "so leave that for later" is that it waits; neither is a wish of its own.
_LEFT_FOR_LATER = re.compile(
    r"(?:\s*,\s*|\s+)(?:(?:although|though|tho|but|even though|except)\s+(?:honestly\s+|tbh\s+|to be fair\s+)?[^,.;]+?,?\s+)?"
    r"so\s+(?:i'?d\s+|we'?d\s+|let'?s\s+|just\s+)?(?:leave|park|keep|save|put)\s+(?:that|it|this|those|them)\s+"
    r"(?:for\s+later|for\s+now|till\s+later|until\s+later|for\s+(?:phase\s*[23]|v2|another day)|aside|on hold)\b",
    re.IGNORECASE,
)


def left_for_later(text: str) -> str:
    """The wishes with "…, although …, so leave that for later" said as "… for later" of the wish before it."""
    return _LEFT_FOR_LATER.sub(" for later", text)
