"""Scoping schemas: RICE-scored features, cuts, comparables, phases, negotiation records (seed 002 §6)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Priority = Literal["P0", "P1", "P2"]
RiceField = Literal["reach", "impact", "confidence", "effort"]
EditableField = Literal["reach", "impact", "confidence", "effort", "priority", "phase"]
SourceKind = Literal["stated", "estimated", "edited"]


class Provenance(BaseModel):
    """Where a value came from: stated by the user, estimated by pmtui (with why), or edited in the table."""

    source: SourceKind = "estimated"
    reason: str = ""


class Feature(BaseModel):
    """One feature of the proposed product, with its RICE inputs and score.

    reach: users affected per quarter; impact: 0.25 | 0.5 | 1 | 2 | 3; confidence: 0..1;
    effort: person-weeks (> 0); rice_score = reach * impact * confidence / effort.
    """

    name: str
    description: str = ""
    priority: Priority = "P1"
    phase: int = Field(default=1, ge=1, le=3)
    rice_reach: float = 0.0
    rice_impact: float = 1.0
    rice_confidence: float = 0.5
    rice_effort: float = 1.0
    rice_score: float = 0.0
    provenance: dict[str, Provenance] = Field(default_factory=dict)
    pinned: list[str] = Field(default_factory=list)

    def compute_score(self) -> float:
        if self.rice_effort <= 0:
            return 0.0
        return round(self.rice_reach * self.rice_impact * self.rice_confidence / self.rice_effort, 2)


class CutFeature(BaseModel):
    name: str
    description: str = ""
    reason: str


class ComparableProduct(BaseModel):
    """A real product from the search backend (catalog or web), or what users do today as the founder
    said it (source "workaround", no URL) — never invented."""

    name: str
    category: str = ""
    description: str = ""
    url: str = ""
    relevance: str = ""
    source: Literal["catalog", "web", "llm", "workaround"] = "catalog"


class ImplementationPhase(BaseModel):
    phase_number: int
    name: str
    goal: str
    estimated_weeks: float
    features: list[str] = Field(default_factory=list)


class DecisionRecord(BaseModel):
    """One argue-back round: what the user asked, what the PM answered, held or conceded, and why."""

    round: int
    ask: str
    intent: Literal["AGREE", "PUSHBACK", "QUESTION"] = "PUSHBACK"
    answer: str = ""
    outcome: Literal["held", "conceded", "answered"] = "held"
    reason: str = ""
    features: list[str] = Field(default_factory=list)
    risk: str = ""


class ScopingOutput(BaseModel):
    mvp_features: list[Feature] = Field(default_factory=list)
    cut_features: list[CutFeature] = Field(default_factory=list)
    comparable_products: list[ComparableProduct] = Field(default_factory=list)
    core_user_flow: list[str] = Field(default_factory=list)
    scope_rationale: str = ""
    key_screens: list[str] = Field(default_factory=list)
    implementation_phases: list[ImplementationPhase] = Field(default_factory=list)
    effort_budget_weeks: float = 4.0
    team_size: int | None = None
    decisions: list[DecisionRecord] = Field(default_factory=list)

    def feature(self, name: str) -> Feature | None:
        lowered = name.strip().lower()
        for feature in self.mvp_features:
            if feature.name.lower() == lowered:
                return feature
        return None
