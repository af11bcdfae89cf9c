"""What a founder says during the interview that answers nothing, heard as what it is.

A question back to the PM ("do you think tailors will pay?") gets an answer and the pending question
again; an off-topic remark ("by the way, the light just went off") stays out of the summary; a
restated fact ("I said 30 businesses but make it 60") replaces the old value where it stands. The
patterns live in `cues`, the words in `phrasing`.
"""

from __future__ import annotations

import re

from pmtui.models import ASPECT_LABELS, ASPECTS, DiscoverySummary
from pmtui.product.brains.offline.discovery.cues import (
    ASIDE_ADDRESSED,
    ASIDE_OFF_TOPIC,
    ASIDE_QUESTION_START,
    ASIDE_TOPICS,
    RESTATED,
    RESTATED_TOPIC,
    RESTATED_TOPICS,
)
from pmtui.product.brains.offline.discovery.phrasing import (
    ASIDE_ANSWERS,
    ASIDE_IF_I_WERE_YOU,
    ASIDE_OFF_TOPIC_ACK,
    WHY_ASK,
)
from pmtui.product.brains.offline.discovery.text import short


def aside_kind(text: str) -> str:
    """'question' (asked of the PM), 'off_topic', or '' for an answer."""
    stripped = text.strip()
    if ASIDE_OFF_TOPIC.match(stripped):
        return "off_topic"
    if restated(stripped):
        return ""
    asks = stripped.endswith("?") or ASIDE_QUESTION_START.match(stripped) is not None
    if asks and ASIDE_ADDRESSED.search(stripped) and (ASIDE_QUESTION_START.match(stripped) or len(stripped.split()) <= 25):
        return "question"
    return ""


def aside_reply(text: str, asked: str) -> str:
    """The PM's answer to an aside, before it asks its pending question again."""
    kind = aside_kind(text)
    if kind == "off_topic":
        return ASIDE_OFF_TOPIC_ACK
    if re.search(r"\bwhat would you do\b|\bif you were me\b|\bin my (?:place|shoes)\b", text, re.IGNORECASE) and asked:
        return ASIDE_IF_I_WERE_YOU.format(label=ASPECT_LABELS[asked].lower(), why=WHY_ASK[asked])
    topic = next((aspect for aspect, pattern in ASIDE_TOPICS if pattern.search(text)), "")
    return f'Fair question — "{short(text, 12)}". {ASIDE_ANSWERS[topic]}'


def restated(text: str) -> re.Match[str] | None:
    return RESTATED.search(text) or RESTATED_TOPIC.search(text)


def apply_restatement(summary: DiscoverySummary, text: str) -> tuple[DiscoverySummary, str]:
    """The summary with a restated fact replaced, and the aspect it changed ('' if the old value was not there)."""
    result = summary.model_copy(deep=True)
    match = RESTATED.search(text)
    if match:
        old, new = match.group("old").strip(), match.group("new").strip()
        old_numbers = re.findall(r"[$€£]?\d[\d,.]*", old)
        new_numbers = re.findall(r"[$€£]?\d[\d,.]*", new)
        for aspect in ASPECTS:
            value = getattr(result, aspect)
            if isinstance(value, list):
                continue
            if old.lower() in value.lower():
                setattr(result, aspect, re.sub(re.escape(old), new, value, count=1, flags=re.IGNORECASE))
                return result, aspect
            if old_numbers and new_numbers and old_numbers[0] in value:
                setattr(result, aspect, value.replace(old_numbers[0], new_numbers[-1], 1))
                return result, aspect
        return result, ""
    topic = RESTATED_TOPIC.search(text)
    if topic:
        aspect = next((a for a, pattern in RESTATED_TOPICS if pattern.search(topic.group("topic"))), "")
        rest = text[topic.end():]
        clauses = [c.strip(" ,.;") for c in re.split(r"[,.;]\s*", rest) if c.strip(" ,.;")]
        # The new value is the last clause with a number in it, else the last clause.
        value = next((c for c in reversed(clauses) if re.search(r"\d", c)), clauses[-1] if clauses else "")
        value = re.sub(r"^(?:it\s+should\s+be|should\s+be|make\s+it|it'?s|it\s+is)\s+", "", value, flags=re.IGNORECASE)
        if aspect and value:
            setattr(result, aspect, value[:1].upper() + value[1:])
            return result, aspect
    return result, ""
