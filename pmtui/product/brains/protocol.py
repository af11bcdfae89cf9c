"""The thinking behind the PM, behind one interface: the offline engine or a model via the gateway.

The orchestrator owns the flow (phases, handoffs, skip prevention, persistence); a Brain owns the
content of each step. Both implementations must respond to what the user actually wrote.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, Protocol

from pydantic import BaseModel

from pmtui.models import (
    ComparableProduct,
    Completeness,
    ConversationState,
    DecisionRecord,
    DiscoverySummary,
    ScopingOutput,
)

ReviewIntent = Literal["CONFIRM", "REVISE"]
ScopingIntent = Literal["AGREE", "PUSHBACK", "QUESTION"]
DeltaCallback = Callable[[str], None]


class DiscoveryReply(BaseModel):
    """The interviewer's next message and the aspect its one question is about."""

    text: str
    asked_aspect: str = ""
    probing: bool = False


class Negotiation(BaseModel):
    """One argue-back round: the PM's reply, the scope after it, and the decision record."""

    reply: str
    output: ScopingOutput
    record: DecisionRecord
    # False when the PM could not tell what the founder wants changed: no round is spent on it.
    understood: bool = True
    # True when the message finishes the last round (evidence for the feature the PM held): no new round.
    same_round: bool = False
    # True when the message only told the PM a fact the table rests on ("theres only 90 of us not 1000"): the table
    # is worked out again from it, and no round of argue-back is spent.
    information: bool = False


class Brain(Protocol):
    """What the orchestrator asks of the PM's mind. Every method must use the user's actual words."""

    name: str

    async def extract_discovery(self, state: ConversationState, user_text: str) -> DiscoverySummary:
        """Merge what `user_text` says into state.discovery_summary (any aspect, not only the asked one)."""
        ...

    async def discovery_reply(
        self,
        state: ConversationState,
        user_text: str,
        before: DiscoverySummary,
        completeness: Completeness,
        on_delta: DeltaCallback | None = None,
    ) -> DiscoveryReply:
        """One reply that refers to what the user said and asks ONE question (a gap, or a probe)."""
        ...

    async def classify_review(self, state: ConversationState, text: str) -> ReviewIntent:
        """Does the user confirm the discovery summary, or want to revise it?"""
        ...

    async def propose_scope(
        self, state: ConversationState, comparables: list[ComparableProduct]
    ) -> ScopingOutput:
        """A RICE-scored, phased MVP proposal (the orchestrator then applies product.rice.rescore)."""
        ...

    async def classify_scoping_intent(self, state: ConversationState, text: str) -> ScopingIntent: ...

    async def negotiate(
        self, state: ConversationState, text: str, round_number: int, final_round: bool
    ) -> Negotiation:
        """Hold or concede with the numbers; on the final round concede gracefully and record the risk."""
        ...

    async def answer_scope_question(self, state: ConversationState, text: str) -> str: ...

    async def write_spec(self, state: ConversationState, on_delta: DeltaCallback | None = None) -> str:
        """The single-pass phased Markdown spec from the structured discovery and scoping data."""
        ...
