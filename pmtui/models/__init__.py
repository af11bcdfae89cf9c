"""Pydantic schemas shared by the engine, the CLI and the screens.

The conversation's schemas (discovery, scoping, state) are imported when one of their names is first asked
for (PEP 562): a process that only reads or runs a delivery (`pmtui status`, `pmtui deliver`, the engine's
process) imports `pmtui.models.delivery` through this package and never builds them (about 60 ms of pydantic
class creation at each start).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_HOMES: dict[str, tuple[str, ...]] = {
    "pmtui.models.discovery": ("ASPECTS", "ASPECT_LABELS", "Completeness", "DiscoverySummary"),
    "pmtui.models.scoping": (
        "ComparableProduct", "CutFeature", "DecisionRecord", "Feature", "ImplementationPhase", "Provenance",
        "ScopingOutput",
    ),
    "pmtui.models.state": ("ChatMessage", "ConversationState", "Phase", "TurnResult"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


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
