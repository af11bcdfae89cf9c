"""What happens today, told as a story in answer to "what should it do?" (founders who answer in their own order).

Asked for the wishlist, a baker said "What goes wrong is the orders get lost. Someone messages on Thursday, it scrolls
away under 40 other messages, and on Saturday they turn up and there's no loaf for them": the wishlist got "Scrolls away
under 40 other messages". Someone doing a thing on a given day (or then, or by the time …) is a story of today, no wish.
"""

from __future__ import annotations

import re

STORY_TOLD = re.compile(
    r"^\W*(?:(?:so|and|then|like|say)[\s,]+)*(?:someone|somebody|a (?:customer|parent|client|member|player|tutor|driver)|"
    r"they|he|she|people|customers|the customer)\s+(?!(?:can|could|should|would|will|need|needs|want|wants)\b)"
    r"[a-z]+(?:s|ed)\b[^.;]*?\b(?:on (?:mon|tues|wednes|thurs|fri|satur|sun)days?|yesterday|last (?:week|night|month)|"
    r"the (?:next|day) (?:day|before)|then|by the time)\b",
    re.IGNORECASE,
)

# "Teams ring me, text me, turn up and argue over who had it", "Farmers call my cell": people reaching the founder
# today, however they can, is how it is done now; what the app should do names no "me" at the end of a contact verb.
CONTACTED_ME = re.compile(r"^\W*(?:(?:so|and|now|today|right now|currently)[\s,]+)*(?:the\s+)?[a-z]+s\s+"
                          r"(?:ring|call|phone|text|email|e-mail|message|whatsapp|dm|ping)\s+(?:me|us|my\s+\w+)\b"
                          r"(?![^.;]*\b(?:through|in|on|via|with)\s+the\s+app\b)", re.IGNORECASE)
