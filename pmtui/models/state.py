"""The conversation state of one project, and what one turn produced."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from pmtui.models.discovery import Completeness, DiscoverySummary
from pmtui.models.scoping import ScopingOutput

Phase = Literal["discovery", "scoping", "spec", "done"]
PHASES: tuple[str, ...] = ("discovery", "scoping", "spec", "done")
MAX_NEGOTIATION_ROUNDS = 3


class ChatMessage(BaseModel):
    role: Literal["user", "assistant", "system"]
    content: str
    phase: Phase
    created_at: str = ""


class ConversationState(BaseModel):
    """Everything pmtui knows about one project's idea-to-spec conversation (seed 002 §3)."""

    project_id: int = 0
    project: str = ""
    slug: str = ""
    phase: Phase = "discovery"
    phases_visited: list[str] = Field(default_factory=lambda: ["discovery"])
    messages: list[ChatMessage] = Field(default_factory=list)
    discovery_summary: DiscoverySummary = Field(default_factory=DiscoverySummary)
    completeness: Completeness = Field(default_factory=Completeness)
    discovery_summary_shown: bool = False
    asked_aspect: str = ""
    probe_count: dict[str, int] = Field(default_factory=dict)
    # How many times the interviewer asked about each aspect; after MAX_ASKS it stays an open question.
    ask_count: dict[str, int] = Field(default_factory=dict)
    # Aspects whose value was heard only in the pitch or in passing (product.drafts), each with its ask_count
    # when it was heard: the PM asks about it directly once, and the answer replaces the draft.
    drafts: dict[str, int] = Field(default_factory=dict)
    scoping_output: ScopingOutput | None = None
    negotiation_rounds: int = 0
    max_negotiation_rounds: int = MAX_NEGOTIATION_ROUNDS
    scope_agreed: bool = False
    awaiting_scope_agreement: bool = False
    spec_markdown: str = ""
    plan_markdown: str = ""
    # The numbered options the PM offered in its last reply (ids from product.texts.CHOICES), and how
    # many replies in a row did not understand the user: the second gets choices, never the same text.
    choices: list[str] = Field(default_factory=list)
    misunderstood: int = 0

    @property
    def user_turns(self) -> int:
        return sum(1 for m in self.messages if m.role == "user" and m.phase == "discovery")


class TurnResult(BaseModel):
    """What one user input produced; `reply` joins everything the assistant said for it."""

    project: str
    phase: Phase
    reply: str
    summary_shown: bool
    negotiation_round: int
    notices: list[str] = Field(default_factory=list)
    error: str = ""
    choices: list[str] = Field(default_factory=list)
