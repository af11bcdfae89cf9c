"""The questions a founder asked the PM in discovery that the interview could not settle: "can it work on a cheap
android phone?", "will it need the internet?", "do the drivers need a login?". The PM said it would keep such a
question open in the spec; this is where the spec finds them. Questions the PM did answer (about the data, the
metric, the scope's size…) are not repeated.
"""

from __future__ import annotations

from pmtui.models import ConversationState
from pmtui.product.brains.offline.discovery.aside_cues import ASIDE_TOPICS
from pmtui.product.brains.offline.discovery.asides import (
    aside_kind,
    asked_part,
    meaning_asked,
    questions_back,
)
from pmtui.product.brains.offline.discovery.text import split_sentences

# The topics whose answer was "I'll keep it open in the spec" (the PM could not settle them in the interview).
KEPT_OPEN = frozenset({"", "platform"})


def _topic(question: str) -> str:
    return next((aspect for aspect, pattern in ASIDE_TOPICS if pattern.search(question)), "")


def founder_questions(state: ConversationState) -> list[str]:
    """The founder's unsettled questions from discovery, as they asked them, each once."""
    found: list[str] = []
    for message in state.messages:
        if message.role != "user" or message.phase not in ("discovery", ""):
            continue
        text = message.content.strip()
        asks = questions_back(text) or ([text] if aside_kind(text) == "question" else [])
        for question in asks:
            asked = asked_part(question).strip()
            if meaning_asked(asked) or _topic(asked) not in KEPT_OPEN or len(split_sentences(asked)) > 1:
                continue
            if asked and asked.lower() not in (q.lower() for q in found):
                found.append(asked)
    return found
