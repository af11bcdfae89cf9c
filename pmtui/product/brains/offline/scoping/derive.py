"""Features drawn from the founder's own words beyond the wishlist: the problem, today's workaround,
the constraints and the revenue model.

"The charge nurse has to approve on paper and swaps break overtime or skill-mix rules" gives
"Overtime or skill-mix rule check" and "Approve in the app"; "they chase late payments by hand
with email and spreadsheets" gives "Automatic follow-ups" and "Import from spreadsheets". Every
derived row quotes the words it came from. Template rows (sign-up, onboarding, settings) are not
made here: they only fill gaps, and say so (see propose.TEMPLATES).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.scoping.derive_rules import DERIVE_RULES, DeriveRule
from pmtui.product.capability_names import capability_name

MAX_WORDS = 6
_JOIN_TAIL = re.compile(r"\s+(?:and|or|but|so|because|which|that|when|while|then|the|a|an)$", re.IGNORECASE)
_STOP_TAIL = re.compile(r"\s+(?:and|or|but|so|because|which|that|when|while|then|with|to|for|of|in|on|the|a|an)$",
                        re.IGNORECASE)


@dataclass(frozen=True)
class Derived:
    """A feature the founder's words imply: its name, what it does, where it came from and the quote."""

    name: str
    description: str
    origin: str
    quote: str


def _tidy(words: str) -> str:
    text = re.sub(r"\s+", " ", words).strip(" ,.;:-'\"")
    text = re.split(r"[,.;:!?()]|\s+[\u2014\u2013-]\s+", text)[0].strip()
    words_said = text.split()
    text = " ".join(words_said[:MAX_WORDS])
    # "what came in", "who logged on": said whole, a last "in" or "on" is part of the verb; only a phrase cut short
    # ("how much they made in" a day) or a joining word ("the orders and") leaves one dangling.
    tail = _STOP_TAIL if len(words_said) > MAX_WORDS else _JOIN_TAIL
    while tail.search(text):
        text = tail.sub("", text)
    return text.strip()


def _fill(rule: DeriveRule, match: re.Match[str]) -> str:
    groups = {key: _tidy(value or "") for key, value in match.groupdict().items()}
    name = rule.name.format(**groups).strip()
    # "In-app payment with the per order" reads as "In-app payment per order".
    name = re.sub(r"\bwith the (per|on each|on every) ", r"\1 ", name, flags=re.IGNORECASE)
    name = re.sub(r"\s+", " ", name)
    words = name.split()
    if len(words) > MAX_WORDS:
        name = " ".join(words[:MAX_WORDS])
        # "See how much they made in" (a day): a name cut short never ends on its preposition.
        while _STOP_TAIL.search(name):
            name = _STOP_TAIL.sub("", name)
    # "Write in the app, not" (of "… not on paper"), "Keep track of which day we": no fragment (capability_names).
    return capability_name(name[:1].upper() + name[1:])


def derive(summary: DiscoverySummary) -> list[Derived]:
    """Features implied by the problem, the workaround, the constraints and the revenue model."""
    found: list[Derived] = []
    seen: set[str] = set()
    for rule in DERIVE_RULES:
        text = summary.value_text(rule.aspect)
        if not text.strip():
            continue
        match = rule.pattern.search(text)
        if not match:
            continue
        if any(not (value or "").strip() for key, value in match.groupdict().items() if key in rule.required):
            continue
        name = _fill(rule, match)
        key = name.lower()
        # One row per kind of need: "offline" and "no signal" said both are one "works without a connection".
        kind = rule.description.split(" — ")[0]
        if key in seen or kind in seen or len(name) < 4:
            continue
        seen.update((key, kind))
        quote = _sentence_around(text, match.start(), match.end())
        found.append(Derived(name, rule.description.format(quote=quote), rule.origin, quote))
    return found


def _sentence_around(text: str, start: int, end: int) -> str:
    left = max(text.rfind(". ", 0, start), text.rfind("; ", 0, start))
    right_candidates = [i for i in (text.find(". ", end), text.find("; ", end)) if i != -1]
    right = min(right_candidates) if right_candidates else len(text)
    return text[left + 2 if left != -1 else 0 : right].strip().rstrip(".")
