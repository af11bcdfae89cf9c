"""How a row must work, said at the scope table: "And the reminder, can it go by SMS? Many older singers don't use
WhatsApp", "the receipt should be sent by email", "make the alert a text, not a push". Not a change of scope (nothing
moves, nothing is cut): a detail of the row, noted on it for the spec and the plan, and said back. A message that only
notes details spends no round of argue-back, as a count said against the table does not."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pmtui.product.brains.offline.scoping.negotiate import _Round

_HOW = r"(?P<how>(?:by|via|through|over|as|on|in|with)\s+(?:an?\s+|the\s+)?[^.?!;,]{2,40}?)"
_VERB = r"(?:go|be sent|get sent|come|arrive|work|be done|be delivered|be printed)"
_NOTES = (
    # "And the reminder, can it go by SMS?": the row first, then "it".
    re.compile(r"^(?:(?:and|also|oh|plus)\s+)?(?:the\s+)?(?P<what>[a-z][\w' -]{1,40}?)\s*,\s*(?:can|could|should|must|will|"
               r"would)\s+(?:it|that|this|they|those)\s+" + _VERB + r"\s+" + _HOW + r"\s*(?:instead|please|too)?\s*\??$",
               re.IGNORECASE),
    # "can the reminder go by SMS?", "could the receipts be sent by email?"
    re.compile(r"^(?:(?:and|also|oh|plus)\s+)?(?:can|could|should|will|would)\s+(?:the\s+)?(?P<what>[a-z][\w' -]{1,40}?)\s+"
               + _VERB + r"\s+" + _HOW + r"\s*(?:instead|please|too)?\s*\??$", re.IGNORECASE),
    # "the reminder should go by SMS", "receipts have to be sent by email".
    re.compile(r"^(?:(?:and|also|oh|plus|but)\s+)?(?:the\s+)?(?P<what>[a-z][\w' -]{1,40}?)\s+(?:should|must|has to|have to|needs? to|"
               r"will have to)\s+" + _VERB + r"\s+" + _HOW + r"\s*(?:instead|please|too)?\s*[.!]?$", re.IGNORECASE),
)
# "make the alert a text, not a push": a channel said as what the row is.
_MAKE = re.compile(r"^(?:(?:and|also|oh|plus)\s+)?make\s+(?:the\s+)?(?P<what>[a-z][\w' -]{1,40}?)\s+(?P<how>an?\s+(?:sms|text|"
                   r"text message|email|e-mail|whatsapp(?: message)?|push(?: notification)?|phone call|letter|printout|pdf))"
                   r"(?:\s*,?\s*not\s+[^.?!;]{1,30})?\s*[.!]?$", re.IGNORECASE)


def how_notes(text: str) -> list[tuple[str, str]]:
    """(the row as named, how it must work) for each detail the message notes."""
    found: list[tuple[str, str]] = []
    for sentence in re.split(r"(?<=[.!?])\s+", text.strip()):
        sentence = sentence.strip()
        for pattern in (*_NOTES, _MAKE):
            match = pattern.match(sentence)
            if match:
                found.append((match.group("what").strip(), match.group("how").strip()))
                break
    return found


def noted(work: _Round, notes: list[tuple[str, str]]) -> list[str]:
    """Each detail noted on the row it names, said back (a row the table lacks is left to the requests)."""
    said: list[str] = []
    for what, how in notes:
        found = work.find(what)
        feature = work.output.feature(found[1]) if found and found[0] == "mvp" else None
        if feature is not None and how.lower() not in feature.description.lower():
            feature.description = f"{feature.description}; {how} (your note, round {work.round_number})"
            work.names.append(feature.name)
            said.append(f"noted on {feature.name}: {how}")
    return said
