"""The offline engine: a deterministic PM that works without a model, from the user's own words.

Discovery heuristics live in offline.discovery, scoping and negotiation in offline.scoping, the
spec writer in offline.spec. This class adapts them to the
product.brains.protocol.Brain interface: the offline engine is a Brain, a sibling of LLMBrain.
"""

from __future__ import annotations

import re

from pmtui.models import (
    ComparableProduct,
    Completeness,
    ConversationState,
    DiscoverySummary,
    ScopingOutput,
)
from pmtui.product.brains.offline import discovery, scoping, spec
from pmtui.product.brains.offline.discovery.asides import aside_kind
from pmtui.product.brains.offline.discovery.sign_offs import (
    from_the_restart,
    without_pointers,
    without_sign_offs,
)
from pmtui.product.brains.offline.scoping.how_notes import how_notes
from pmtui.product.brains.protocol import (
    DeltaCallback,
    DiscoveryReply,
    Negotiation,
    ReviewIntent,
    ScopingIntent,
)
from pmtui.product.markdown_text import plain, plain_state


class OfflineBrain:
    """Every entry reads the founder's words without their Markdown (`plain`): a message a chat model or a notes app
    wrote ("**Who it's for:** - …") says what the same message typed plainly says."""

    name = "offline"

    async def extract_discovery(self, state: ConversationState, user_text: str) -> DiscoverySummary:
        state = plain_state(state)
        # "Absolutely! … Let me know if you need more detail!": the courtesy around an answer is no part of it.
        user_text = from_the_restart(without_pointers(without_sign_offs(plain(user_text))))
        summary = discovery.extract(state.discovery_summary, user_text, state.asked_aspect)
        # "The alert thing can wait", said before the alerts were on the list, still holds once they are.
        notes = [m.content for m in state.messages
                 if m.role == "user" and m.phase == "discovery" and aside_kind(m.content) == "scope_note"]
        summary = discovery.wishes_waiting(summary, notes)
        # "correction: not 200, 400 farmers", said before the 200 was: it puts the 200 right once it is said.
        earlier = [m.content for m in state.messages if m.role == "user" and m.phase == "discovery"]
        return discovery.corrections_kept(summary, earlier)

    async def discovery_reply(
        self,
        state: ConversationState,
        user_text: str,
        before: DiscoverySummary,
        completeness: Completeness,
        on_delta: DeltaCallback | None = None,
    ) -> DiscoveryReply:
        state = plain_state(state)
        user_text = from_the_restart(without_pointers(without_sign_offs(plain(user_text))))
        reply = discovery.next_reply(state, user_text, before, completeness)
        if on_delta:
            on_delta(reply.text)
        return reply

    async def classify_review(self, state: ConversationState, text: str) -> ReviewIntent:
        state = plain_state(state)
        text = plain(text)
        intent = discovery.classify_review(text)
        # "Yes, that's it, although it's 45 stops, not 40": the card never said 40, so the yes stands.
        return "CONFIRM" if intent == "REVISE" and discovery.nothing_to_fix(text, state.discovery_summary) else intent

    async def propose_scope(
        self, state: ConversationState, comparables: list[ComparableProduct]
    ) -> ScopingOutput:
        state = plain_state(state)
        return scoping.propose(state.discovery_summary, comparables, scoping.discovery_said(state))

    async def classify_scoping_intent(self, state: ConversationState, text: str) -> ScopingIntent:
        state = plain_state(state)
        text = plain(text)
        users = state.discovery_summary.target_user if state.discovery_summary else ""
        return scoping.classify_intent(text, state.scoping_output, users)

    async def negotiate(
        self, state: ConversationState, text: str, round_number: int, final_round: bool
    ) -> Negotiation:
        state = plain_state(state)
        text = plain(text)
        negotiation = scoping.negotiate(state, text, round_number, final_round)
        asked = _questions_beside_requests(state, text)
        if not asked or not negotiation.understood:
            return negotiation
        # "…bump the disease alert up. And what's the difference between impact and reach anyway?": the changes,
        # then the answer, on the table as it now stands.
        after = state.model_copy(update={"scoping_output": negotiation.output})
        answers = [scoping.answer_question(after, question).replace(scoping.QUESTION_CLOSING, "").strip()
                   for question in asked]
        return negotiation.model_copy(update={"reply": "\n\n".join([negotiation.reply, *answers])})

    async def answer_scope_question(self, state: ConversationState, text: str) -> str:
        state = plain_state(state)
        text = plain(text)
        return scoping.answer_question(state, text)

    async def write_spec(self, state: ConversationState, on_delta: DeltaCallback | None = None) -> str:
        state = plain_state(state)
        markdown = spec.write_spec(state)
        if on_delta:
            on_delta(markdown)
        return markdown


def _questions_beside_requests(state: ConversationState, text: str) -> list[str]:
    """The questions of an argue-back message that ask and change nothing ("what's the difference between impact
    and reach anyway?"), when the message also asks for changes."""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]
    # "And the reminder, can it go by SMS?" asks for a detail of a row, noted on it (how_notes): no question to answer.
    questions = [s for s in sentences if s.endswith("?") and scoping.classify_intent(s, state.scoping_output) == "QUESTION"
                 and not scoping.parse_requests(s) and not how_notes(s)]
    return questions if len(questions) < len(sentences) else []
