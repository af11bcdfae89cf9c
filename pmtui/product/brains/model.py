"""The PM's mind backed by a model: the Brain protocol over the LLM gateway and the prompts/ files.

Each step is one gateway call (a discovery turn is two: one extraction, one streamed reply), so a
session's calls and tokens stay bounded. Classification falls back to a safe intent when the model
fails; every other failure reaches the orchestrator as LLMError so the turn can report it.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from pmtui.llm.gateway import LLMError, LLMGateway
from pmtui.models import (
    ASPECT_LABELS,
    ASPECTS,
    ComparableProduct,
    Completeness,
    ConversationState,
    CutFeature,
    DecisionRecord,
    DiscoverySummary,
    Feature,
    Provenance,
    ScopingOutput,
)
from pmtui.product.brains.protocol import (
    DeltaCallback,
    DiscoveryReply,
    Negotiation,
    ReviewIntent,
    ScopingIntent,
)
from pmtui.product.units import amount
from pmtui.prompts import render_prompt

HISTORY_MESSAGES = 12
IMPACT_STEPS = (0.25, 0.5, 1.0, 2.0, 3.0)
RICE_FIELDS = ("reach", "impact", "confidence", "effort")


# -- what the model is asked to return ---------------------------------------------------
class DiscoveryFacts(BaseModel):
    """What one founder message says; empty means the message said nothing about it."""

    target_user: str = ""
    core_problem: str = ""
    current_alternatives: str = ""
    why_now: str = ""
    feature_wishlist: list[str] = Field(default_factory=list)
    success_metric: str = ""
    revenue_model: str = ""
    constraints: str = ""

    @field_validator("*", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any, info: Any) -> Any:
        if value is None:
            return [] if info.field_name == "feature_wishlist" else ""
        if info.field_name == "feature_wishlist" and isinstance(value, str):
            return [part.strip() for part in re.split(r"[;\n]", value) if part.strip()]
        if info.field_name != "feature_wishlist" and isinstance(value, list):
            return "; ".join(str(item) for item in value)
        return value


class SummaryVerdict(BaseModel):
    """The founder's answer to the discovery summary card: confirm it or revise it."""

    intent: Literal["CONFIRM", "REVISE"]

    @field_validator("intent", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value


class ScopingVerdict(BaseModel):
    intent: Literal["AGREE", "PUSHBACK", "QUESTION"]

    @field_validator("intent", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value


class FeatureDraft(BaseModel):
    name: str
    description: str = ""
    priority: Literal["P0", "P1", "P2"] = "P1"
    phase: int = Field(default=1, ge=1, le=3)
    reach: float = Field(ge=0)
    impact: float = Field(gt=0)
    confidence: float = Field(ge=0)
    effort: float = Field(gt=0)
    reach_reason: str = ""
    impact_reason: str = ""
    confidence_reason: str = ""
    effort_reason: str = ""
    stated: list[str] = Field(default_factory=list, description="RICE fields the founder stated explicitly")

    @field_validator("priority", mode="before")
    @classmethod
    def _priority(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value


class CutDraft(BaseModel):
    name: str
    description: str = ""
    reason: str


class ComparableNote(BaseModel):
    name: str
    relevance: str = ""


class ScopeDraft(BaseModel):
    features: list[FeatureDraft] = Field(min_length=1)
    cut_features: list[CutDraft] = Field(default_factory=list)
    comparable_products: list[ComparableNote] = Field(default_factory=list)
    core_user_flow: list[str] = Field(default_factory=list)
    key_screens: list[str] = Field(default_factory=list)
    scope_rationale: str = ""


ChangeAction = Literal["move", "add", "remove", "effort", "split", "merge"]


class FeatureChange(BaseModel):
    """One change to the table: move (phase/priority), add a new row, remove (cut), set the effort,
    split a row into `into`, or merge `parts` into a row called `name`."""

    name: str
    action: ChangeAction = "move"
    phase: int = Field(default=1, ge=1, le=3)
    priority: Literal["P0", "P1", "P2"] = "P0"
    description: str = ""
    effort: float | None = Field(default=None, gt=0)
    reach: float | None = Field(default=None, ge=0)
    impact: float | None = Field(default=None, gt=0)
    confidence: float | None = Field(default=None, ge=0)
    into: list[str] = Field(default_factory=list)
    parts: list[str] = Field(default_factory=list)
    pin: bool = True

    @field_validator("priority", mode="before")
    @classmethod
    def _priority(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("action", mode="before")
    @classmethod
    def _action(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value


class NegotiationDraft(BaseModel):
    reply: str = Field(min_length=1)
    outcome: Literal["held", "conceded"]
    reason: str = ""
    features: list[str] = Field(default_factory=list)
    feature_changes: list[FeatureChange] = Field(default_factory=list)
    risk: str = ""
    # False when the model cannot tell which feature the founder means: no round is spent on it.
    understood: bool = True

    @field_validator("outcome", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value


# -- the brain ----------------------------------------------------------------------------
class LLMBrain:
    """The Brain protocol through the LLM gateway; one call per step, two per discovery turn."""

    name = "llm"

    def __init__(self, gateway: LLMGateway) -> None:
        self.gateway = gateway

    # discovery ---------------------------------------------------------------------------
    async def extract_discovery(self, state: ConversationState, user_text: str) -> DiscoverySummary:
        system = render_prompt(
            "discovery_extract",
            asked_aspect=ASPECT_LABELS.get(state.asked_aspect, "") or "(the opening question)",
            last_question=_last_assistant(state) or "(none yet)",
            summary=_summary_json(state.discovery_summary),
        )
        result = await self.gateway.llm_call(
            "extraction",
            [{"role": "system", "content": system}, {"role": "user", "content": user_text}],
            project_id=_pid(state),
            response_model=DiscoveryFacts,
            temperature=0,
        )
        assert isinstance(result.parsed, DiscoveryFacts)
        return merge_summary(state.discovery_summary, result.parsed)

    async def discovery_reply(
        self,
        state: ConversationState,
        user_text: str,
        before: DiscoverySummary,
        completeness: Completeness,
        on_delta: DeltaCallback | None = None,
    ) -> DiscoveryReply:
        gaps = completeness.gaps
        next_aspect = gaps[0] if gaps else ""
        system = render_prompt(
            "discovery_system",
            summary=_summary_json(state.discovery_summary),
            score=f"{completeness.score:.2f}",
            gaps=", ".join(ASPECT_LABELS[g] for g in gaps) or "none — ask about the detail that is thinnest",
            next_aspect=ASPECT_LABELS.get(next_aspect, "the thinnest detail so far"),
            turns=state.user_turns,
            drafts="; ".join(
                f'{ASPECT_LABELS[a]}: "{state.discovery_summary.value_text(a)}"' for a in gaps if a in state.drafts
            ) or "none",
        )
        messages = [{"role": "system", "content": system}, *_history(state, user_text)]
        result = await self.gateway.llm_call(
            "conversation", messages, project_id=_pid(state), stream=True, on_delta=on_delta
        )
        text = result.text.strip()
        if not text:
            raise LLMError("The model sent an empty reply. Retry the message, or use --offline.", kind="empty")
        return DiscoveryReply(text=text, asked_aspect=next_aspect, probing=False)

    async def classify_review(self, state: ConversationState, text: str) -> ReviewIntent:
        system = render_prompt("review_classify", summary=_summary_json(state.discovery_summary))
        verdict = await self._classify(state, system, text, SummaryVerdict)
        return verdict.intent if isinstance(verdict, SummaryVerdict) else "REVISE"

    # scoping -----------------------------------------------------------------------------
    async def propose_scope(
        self, state: ConversationState, comparables: list[ComparableProduct]
    ) -> ScopingOutput:
        from pmtui.product.rice import effort_budget_weeks, rescore, team_size

        budget = effort_budget_weeks(state.discovery_summary)
        listed = [{"name": c.name, "category": c.category, "what_it_does": c.description} for c in comparables]
        system = render_prompt(
            "scoping_propose",
            summary=_summary_json(state.discovery_summary),
            budget=f"{budget:g}",
            comparables=json.dumps(listed, indent=1) if listed else "(none found — list none)",
        )
        result = await self.gateway.llm_call(
            "extraction",
            [{"role": "system", "content": system},
             {"role": "user", "content": "Propose the MVP scope now."}],
            project_id=_pid(state),
            response_model=ScopeDraft,
            temperature=0.2,
        )
        assert isinstance(result.parsed, ScopeDraft)
        output = scoping_from_draft(result.parsed, comparables)
        output.effort_budget_weeks = budget
        output.team_size = team_size(state.discovery_summary)
        return rescore(output)

    async def classify_scoping_intent(self, state: ConversationState, text: str) -> ScopingIntent:
        system = render_prompt("scoping_intent", scope=_scope_text(state.scoping_output))
        verdict = await self._classify(state, system, text, ScopingVerdict)
        return verdict.intent if isinstance(verdict, ScopingVerdict) else "QUESTION"

    async def _classify(
        self, state: ConversationState, system: str, text: str, verdict: type[BaseModel]
    ) -> BaseModel | None:
        """One classification call; None when the model fails (the caller picks the safe default)."""
        try:
            result = await self.gateway.llm_call(
                "classification",
                [{"role": "system", "content": system}, {"role": "user", "content": text}],
                project_id=_pid(state),
                response_model=verdict,
                temperature=0,
            )
        except LLMError:
            return None
        return result.parsed

    async def negotiate(
        self, state: ConversationState, text: str, round_number: int, final_round: bool
    ) -> Negotiation:
        from pmtui.product.rice import rescore

        current = state.scoping_output or ScopingOutput()
        final_rule = (
            "- THIS IS THE FINAL ROUND: concede gracefully — move the feature(s) the founder asks for, "
            "and state the risk this creates for the budget and the timeline."
            if final_round
            else "- You may hold or concede; there are rounds left."
        )
        system = render_prompt(
            "scoping_negotiate",
            round=round_number,
            max_rounds=state.max_negotiation_rounds,
            summary=_summary_json(state.discovery_summary),
            scope=_scope_text(current),
            budget=f"{current.effort_budget_weeks:g}",
            phase1_effort=f"{_phase_effort(current, 1):g}",
            ask=text,
            final_round_rule=final_rule,
        )
        result = await self.gateway.llm_call(
            "conversation",
            [{"role": "system", "content": system}, {"role": "user", "content": text}],
            project_id=_pid(state),
            response_model=NegotiationDraft,
        )
        draft = result.parsed
        assert isinstance(draft, NegotiationDraft)
        if final_round and draft.outcome == "held":
            draft = _forced_concession(draft, text, current)
        elif draft.outcome == "conceded" and not draft.feature_changes:
            names = draft.features or _named_features(text, current)
            draft = draft.model_copy(update={
                "features": names, "feature_changes": [FeatureChange(name=n) for n in names],
            })
        output = current.model_copy(deep=True)
        apply_changes(output, draft.feature_changes, round_number, text, moves=draft.outcome == "conceded")
        output = rescore(output)
        risk = draft.risk
        if final_round and not risk and draft.outcome == "conceded":
            risk = (
                f"Scope grew in the final round at the founder's request ({', '.join(draft.features) or 'see ask'}); "
                f"Phase 1 now needs {_phase_effort(output, 1):g} of {output.effort_budget_weeks:g} budgeted weeks."
            )
        record = DecisionRecord(
            round=round_number,
            ask=text,
            intent="PUSHBACK",
            answer=draft.reply,
            outcome=draft.outcome,
            reason=draft.reason,
            features=draft.features or [c.name for c in draft.feature_changes],
            risk=risk,
        )
        return Negotiation(reply=draft.reply.strip(), output=output, record=record, understood=draft.understood)

    async def answer_scope_question(self, state: ConversationState, text: str) -> str:
        system = render_prompt(
            "scoping_answer",
            summary=_summary_json(state.discovery_summary),
            scope=_scope_text(state.scoping_output),
        )
        result = await self.gateway.llm_call(
            "conversation",
            [{"role": "system", "content": system}, *_history(state, text, phase="scoping")],
            project_id=_pid(state),
        )
        return result.text.strip()

    # spec --------------------------------------------------------------------------------
    async def write_spec(self, state: ConversationState, on_delta: DeltaCallback | None = None) -> str:
        output = state.scoping_output or ScopingOutput()
        scoping = output.model_dump(exclude={"decisions"})
        for feature in scoping["mvp_features"]:
            feature.pop("pinned", None)
        decisions = [d.model_dump() for d in output.decisions]
        system = render_prompt(
            "spec_writer",
            project=state.project or "The product",
            summary=_summary_json(state.discovery_summary),
            scoping=json.dumps(scoping, indent=1),
            decisions=json.dumps(decisions, indent=1) if decisions else "(none — the founder agreed as proposed)",
        )
        result = await self.gateway.llm_call(
            "spec",
            [{"role": "system", "content": system}, {"role": "user", "content": "Write the spec now."}],
            project_id=_pid(state),
            stream=True,
            on_delta=on_delta,
        )
        return _strip_fence(result.text)


# -- building state from drafts ----------------------------------------------------------
def merge_summary(current: DiscoverySummary, facts: DiscoveryFacts) -> DiscoverySummary:
    """Non-empty new values replace old ones; wishlist items are appended without duplicates."""
    merged = current.model_copy(deep=True)
    for aspect in ASPECTS:
        if aspect == "feature_wishlist":
            seen = {item.strip().lower() for item in merged.feature_wishlist}
            for item in facts.feature_wishlist:
                clean = item.strip().strip(".")
                if clean and clean.lower() not in seen:
                    merged.feature_wishlist.append(clean)
                    seen.add(clean.lower())
            continue
        value = str(getattr(facts, aspect)).strip()
        if value:
            setattr(merged, aspect, value)
    return merged


def scoping_from_draft(draft: ScopeDraft, comparables: list[ComparableProduct]) -> ScopingOutput:
    """A ScopingOutput from the model's draft: provenance per RICE value, only the given comparables."""
    features: list[Feature] = []
    seen: set[str] = set()
    for item in draft.features:
        if item.name.strip().lower() in seen:
            continue
        seen.add(item.name.strip().lower())
        stated = {field.strip().lower().removeprefix("rice_") for field in item.stated}
        values = {
            "reach": item.reach,
            "impact": min(IMPACT_STEPS, key=lambda step: abs(step - item.impact)),
            "confidence": item.confidence / 100 if item.confidence > 1 else item.confidence,
            "effort": item.effort,
        }
        values["confidence"] = max(0.0, min(1.0, values["confidence"]))
        provenance = {
            field: Provenance(
                source="stated" if field in stated else "estimated",
                reason=getattr(item, f"{field}_reason").strip() or (
                    "stated by the founder" if field in stated else "estimated by pmtui from the discovery summary"
                ),
            )
            for field in RICE_FIELDS
        }
        features.append(Feature(
            name=item.name.strip(),
            description=item.description.strip(),
            priority=item.priority,
            phase=item.phase,
            rice_reach=values["reach"],
            rice_impact=values["impact"],
            rice_confidence=values["confidence"],
            rice_effort=values["effort"],
            provenance=provenance,
        ))
    notes = {note.name.strip().lower(): note.relevance for note in draft.comparable_products}
    kept = [
        c.model_copy(update={"relevance": notes.get(c.name.strip().lower()) or c.relevance})
        for c in comparables
    ]
    cuts = [CutFeature(name=c.name, description=c.description, reason=c.reason) for c in draft.cut_features
            if c.name.strip().lower() not in seen]
    return ScopingOutput(
        mvp_features=features,
        cut_features=cuts,
        comparable_products=kept,
        core_user_flow=[step.strip() for step in draft.core_user_flow if step.strip()],
        key_screens=[screen.strip() for screen in draft.key_screens if screen.strip()],
        scope_rationale=draft.scope_rationale.strip(),
    )


def apply_changes(
    output: ScopingOutput, changes: list[FeatureChange], round_number: int, ask: str = "", moves: bool = True
) -> None:
    """Apply the table changes of a round. Removing, re-estimating, splitting, merging and adding rows are
    the founder's call and always apply; moves into another phase apply when `moves` (a concession)."""
    agreed = Provenance(source="stated", reason=f"agreed in argue-back round {round_number}")
    asked = Provenance(source="stated", reason=f"you asked for it in argue-back round {round_number}: “{ask}”")
    for change in changes:
        if change.action == "remove":
            _remove(output, change.name, round_number, ask)
        elif change.action == "effort" and change.effort is not None:
            feature = output.feature(change.name)
            if feature is not None:
                feature.rice_effort = change.effort
                feature.provenance["effort"] = Provenance(source="stated", reason=f"you said: “{ask}”")
        elif change.action == "split" and change.into:
            _split(output, change, round_number)
        elif change.action == "merge" and len(change.parts) >= 2:
            _merge(output, change, round_number)
        elif change.action == "add" and output.feature(change.name) is None:
            feature = _restored(output, change.name, change.description, round_number, change)
            feature.provenance["origin"] = asked
            if change.pin:
                _pin(feature, change, agreed)
        elif moves or change.action == "add":
            feature = output.feature(change.name) or _restored(output, change.name, "", round_number, change)
            _pin(feature, change, agreed)


def _pin(feature: Feature, change: FeatureChange, why: Provenance) -> None:
    feature.phase = change.phase
    feature.priority = change.priority
    feature.provenance["phase"] = why
    feature.provenance["priority"] = why
    for field in ("phase", "priority"):
        if field not in feature.pinned:
            feature.pinned.append(field)


def _restored(
    output: ScopingOutput, name: str, description: str, round_number: int, change: FeatureChange | None = None
) -> Feature:
    """A row for a feature not in the table: back from the cuts, or new with the model's numbers (or medians)."""
    cut = next((c for c in output.cut_features if c.name.strip().lower() == name.strip().lower()), None)
    if cut is not None:
        output.cut_features.remove(cut)
    given = change or FeatureChange(name=name)
    median = f"estimated when added in round {round_number}: the median of the scoped features"
    values = {
        "reach": given.reach if given.reach is not None else (_median([f.rice_reach for f in output.mvp_features]) or 100.0),
        "impact": min(IMPACT_STEPS, key=lambda step: abs(step - (given.impact or 1.0))) if given.impact else 1.0,
        "confidence": min(1.0, given.confidence) if given.confidence is not None else 0.5,
        "effort": given.effort or (_median([f.rice_effort for f in output.mvp_features]) or 1.0),
    }
    feature = Feature(
        name=cut.name if cut else name.strip(),
        description=(cut.description if cut else description) or "",
        rice_reach=values["reach"], rice_impact=values["impact"], rice_confidence=values["confidence"],
        rice_effort=values["effort"],
        provenance={
            field: Provenance(reason=(f"the model's estimate when added in round {round_number}"
                                      if getattr(given, field) is not None else median))
            for field in RICE_FIELDS
        },
    )
    output.mvp_features.append(feature)
    return feature


def _remove(output: ScopingOutput, name: str, round_number: int, ask: str) -> None:
    feature = output.feature(name)
    if feature is None:
        return
    output.mvp_features.remove(feature)
    output.cut_features.append(CutFeature(
        name=feature.name, description=feature.description,
        reason=f"{feature.name}: you cut it in argue-back round {round_number} (“{ask}”).",
    ))


def _split(output: ScopingOutput, change: FeatureChange, round_number: int) -> None:
    source = output.feature(change.name)
    if source is None:
        return
    why = Provenance(source="stated", reason=f"split from {source.name} at your request in round {round_number}")
    index = output.mvp_features.index(source)
    parts = []
    for name in change.into:
        part = source.model_copy(deep=True)
        part.name, part.description = name.strip(), f"{name.strip()} (split from {source.name})"
        part.rice_effort = max(0.5, round(source.rice_effort / len(change.into) * 2) / 2)
        part.provenance["origin"] = why
        parts.append(part)
    output.mvp_features[index : index + 1] = parts


def _merge(output: ScopingOutput, change: FeatureChange, round_number: int) -> None:
    rows = [f for f in (output.feature(p) for p in change.parts) if f is not None]
    if len(rows) < 2:
        return
    merged = rows[0].model_copy(deep=True)
    merged.name = change.name.strip()
    merged.description = "; ".join(f.description or f.name for f in rows)
    merged.rice_reach = max(f.rice_reach for f in rows)
    merged.rice_impact = max(f.rice_impact for f in rows)
    merged.rice_confidence = min(f.rice_confidence for f in rows)
    merged.rice_effort = sum(f.rice_effort for f in rows)
    merged.provenance["origin"] = Provenance(
        source="stated", reason=f"merged from {' and '.join(f.name for f in rows)} at your request in round {round_number}"
    )
    index = output.mvp_features.index(rows[0])
    output.mvp_features[index] = merged
    output.mvp_features = [f for f in output.mvp_features if all(f is not r for r in rows[1:])]


def _forced_concession(draft: NegotiationDraft, ask: str, output: ScopingOutput) -> NegotiationDraft:
    """The final round always ends in a concession: the asked features move into Phase 1."""
    names = draft.features or [c.name for c in draft.feature_changes] or _named_features(ask, output)
    changes = draft.feature_changes or [FeatureChange(name=n, phase=1, priority="P0") for n in names]
    reply = draft.reply.rstrip()
    if names:
        reply += (
            f"\n\nThis was our last round, so I'll go with your call: {', '.join(names)} moves into Phase 1. "
            "I've recorded the risk to the timeline in the spec."
        )
    return draft.model_copy(update={
        "outcome": "conceded",
        "features": names,
        "feature_changes": changes,
        "reason": draft.reason or "Final round: the founder's call stands, with the risk recorded.",
        "reply": reply,
    })


def _named_features(text: str, output: ScopingOutput) -> list[str]:
    lowered = text.lower()
    names = [f.name for f in output.mvp_features] + [c.name for c in output.cut_features]
    return [name for name in names if name.lower() in lowered]


# -- prompt material ----------------------------------------------------------------------
def _pid(state: ConversationState) -> int | None:
    return state.project_id or None


def _summary_json(summary: DiscoverySummary) -> str:
    return json.dumps(summary.model_dump(), indent=1, ensure_ascii=False)


def _last_assistant(state: ConversationState) -> str:
    for message in reversed(state.messages):
        if message.role == "assistant":
            return message.content
    return ""


def _history(state: ConversationState, user_text: str, phase: str = "discovery") -> list[dict[str, str]]:
    """The recent chat of this phase, ending with the user's message (added when not yet persisted)."""
    recent = [
        {"role": m.role, "content": m.content}
        for m in state.messages
        if m.role in ("user", "assistant") and m.phase == phase
    ][-HISTORY_MESSAGES:]
    if not recent or recent[-1]["role"] != "user" or recent[-1]["content"] != user_text:
        recent.append({"role": "user", "content": user_text})
    return recent


def _scope_text(output: ScopingOutput | None) -> str:
    if output is None:
        return "(no scope proposed yet)"
    lines = [
        f"- {f.name}: {f.priority}, phase {f.phase}, reach {f.rice_reach:g}, impact {f.rice_impact:g}, "
        f"confidence {f.rice_confidence:g}, effort {f.rice_effort:g} wk, RICE {f.rice_score:g}"
        for f in output.mvp_features
    ]
    cuts = [f"- {c.name}: {c.reason}" for c in output.cut_features]
    return "\n".join([
        "Features:", *(lines or ["(none)"]),
        f"Phase 1 effort budget: {amount(output.effort_budget_weeks, 'person-week')}",
        "Cut features:", *(cuts or ["(none)"]),
    ])


def _phase_effort(output: ScopingOutput, phase: int) -> float:
    return round(sum(f.rice_effort for f in output.mvp_features if f.phase == phase), 2)


def _median(values: list[float]) -> float:
    ordered = sorted(v for v in values if v > 0)
    return ordered[len(ordered) // 2] if ordered else 0.0


def _strip_fence(text: str) -> str:
    """Drop a ```markdown fence wrapped around the whole spec, if the model added one."""
    stripped = text.strip()
    match = re.fullmatch(r"```(?:markdown|md)?\s*\n(.*)\n```", stripped, re.DOTALL)
    return (match.group(1) if match else stripped).strip() + "\n"
