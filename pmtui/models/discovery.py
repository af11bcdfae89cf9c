"""Discovery schemas: the eight aspects of a product idea and how complete they are (seed 002 §6)."""

from __future__ import annotations

from pydantic import BaseModel, Field

ASPECTS: tuple[str, ...] = (
    "target_user",
    "core_problem",
    "current_alternatives",
    "why_now",
    "feature_wishlist",
    "success_metric",
    "revenue_model",
    "constraints",
)

ASPECT_LABELS: dict[str, str] = {
    "target_user": "Target user",
    "core_problem": "Core problem",
    "current_alternatives": "Current alternatives",
    "why_now": "Why now",
    "feature_wishlist": "Feature wishlist",
    "success_metric": "Success metric",
    "revenue_model": "Revenue model",
    "constraints": "Constraints",
}


class DiscoverySummary(BaseModel):
    """What discovery has learned. Empty string / empty list means not known yet."""

    target_user: str = ""
    core_problem: str = ""
    current_alternatives: str = ""
    why_now: str = ""
    feature_wishlist: list[str] = Field(default_factory=list)
    success_metric: str = ""
    revenue_model: str = ""
    constraints: str = ""

    def value_text(self, aspect: str) -> str:
        """The aspect's value as display text (the wishlist joined with '; ')."""
        value = getattr(self, aspect)
        if isinstance(value, list):
            return "; ".join(value)
        return str(value)


class Completeness(BaseModel):
    """Result of check_completeness: a 0..1 score, the aspects still missing, and the verdict."""

    score: float = 0.0
    gaps: list[str] = Field(default_factory=list)
    is_complete: bool = False
