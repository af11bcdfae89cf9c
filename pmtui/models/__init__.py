"""Pydantic schemas shared by the engine, the CLI and the screens."""

from pmtui.models.discovery import ASPECT_LABELS, ASPECTS, Completeness, DiscoverySummary
from pmtui.models.scoping import (
    ComparableProduct,
    CutFeature,
    DecisionRecord,
    Feature,
    ImplementationPhase,
    Provenance,
    ScopingOutput,
)
from pmtui.models.state import ChatMessage, ConversationState, Phase, TurnResult

__all__ = [
    "ASPECTS",
    "ASPECT_LABELS",
    "ChatMessage",
    "ComparableProduct",
    "Completeness",
    "ConversationState",
    "CutFeature",
    "DecisionRecord",
    "DiscoverySummary",
    "Feature",
    "ImplementationPhase",
    "Phase",
    "Provenance",
    "ScopingOutput",
    "TurnResult",
]
