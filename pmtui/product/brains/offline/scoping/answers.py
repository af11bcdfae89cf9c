"""Answers to questions about the scope, from the scope data itself."""

from __future__ import annotations

import re

from pmtui.models import ConversationState, Feature
from pmtui.product.brains.offline.scoping.intent import match_features
from pmtui.product.rice import phase_effort
from pmtui.product.units import amount


def _feature_numbers(feature: Feature) -> str:
    def why(field: str) -> str:
        provenance = feature.provenance.get(field)
        return f" ({provenance.source}: {provenance.reason})" if provenance and provenance.reason else ""

    return (
        f"**{feature.name}** — Phase {feature.phase}, {feature.priority}, RICE {feature.rice_score:g} = "
        f"reach {feature.rice_reach:g}{why('reach')} × impact {feature.rice_impact:g}{why('impact')} × "
        f"confidence {feature.rice_confidence:.0%}{why('confidence')} ÷ effort "
        f"{amount(feature.rice_effort, 'person-week')}{why('effort')}."
    )


_IN_ONE_LINE = {
    "reach": "reach counts how many of your users a feature touches in a quarter",
    "impact": "impact is how much it helps each of them, from 0.25 to 3",
    "confidence": "confidence is how sure we are of those two numbers",
    "effort": "effort is the work it takes, in person-weeks",
}
QUESTION_CLOSING = "Do you agree with this scope, or is there a feature you want to argue for?"


def answer_question(state: ConversationState, text: str) -> str:
    """An answer from the actual scope data (RICE, a feature's numbers, the cut line, phases, comparables)."""
    output = state.scoping_output
    closing = QUESTION_CLOSING
    if output is None:
        return "There is no scope yet: once discovery is confirmed I'll propose one. " + closing
    lowered = text.lower()
    parts: list[str] = []
    matches = match_features(output, text)
    for kind, name, _score in matches:
        if kind == "mvp":
            feature = output.feature(name)
            assert feature is not None
            parts.append(_feature_numbers(feature))
            if feature.phase > 1:
                parts.append(
                    f"It is below the cut line: Phase 1 already uses {phase_effort(output, 1):g} of "
                    f"{amount(output.effort_budget_weeks, 'person-week')}, and features enter Phase 1 in score order "
                    "while their effort fits."
                )
        else:
            cut = next(c for c in output.cut_features if c.name == name)
            parts.append(f"**{cut.name}** was cut: {cut.reason}")
    if not matches:
        asked = sorted((m.start(), term) for term in _IN_ONE_LINE if (m := re.search(rf"\b{term}\b", lowered)))
        if len(asked) >= 2 and re.search(r"\bdifference\b|\bvs\.?\b|\bversus\b|\bcompared?\b", lowered):
            # "what's the difference between impact and reach anyway?": the difference first, in the order asked.
            parts.append("The difference: " + "; ".join(_IN_ONE_LINE[term] for _, term in asked) + ".")
        if re.search(r"\breach\b", lowered):
            parts.append(
                "Reach is how many users a feature touches per quarter. I use the user count you stated "
                "when there is one; otherwise an assumed base times how broadly the feature is used "
                "(core flow = all users)."
            )
            parts += [
                f"- {f.name}: {f.rice_reach:g} — {f.provenance['reach'].reason}"
                for f in output.mvp_features
                if "reach" in f.provenance
            ][:4]
        if re.search(r"\bimpact\b", lowered):
            parts.append(
                "Impact is 3 (massive) for the feature that solves the core problem, 2 for what supports "
                "the core flow, 1 by default, 0.5 or 0.25 for nice-to-haves."
            )
        if re.search(r"\bconfidence\b", lowered):
            parts.append(
                "Confidence is how sure we are about reach and impact: 80% when you described the "
                "feature concretely or gave evidence, 50% when it is my guess."
            )
        if re.search(r"\beffort\b|\bweeks?\b|\bestimat", lowered):
            parts.append(
                "Effort is person-weeks, from the complexity the feature's words imply: 1 for a simple "
                "screen, more for auth (1.5), notifications (1), integrations or sync (2), payments "
                "(2.5), AI (3)."
            )
        if re.search(r"\brice\b|\bscor", lowered):
            parts.append("RICE score = reach × impact × confidence ÷ effort. The table is sorted by it.")
            if output.mvp_features:
                parts.append("Top of the table: " + _feature_numbers(output.mvp_features[0]))
        if re.search(r"\bcut\b|\bline\b|\bbudget\b|\bphase", lowered):
            parts.append(
                f"The cut line: Phase 1 takes features in score order while their effort fits your budget of "
                f"{amount(output.effort_budget_weeks, 'person-week')}; it holds {phase_effort(output, 1):g} now."
            )
            for phase in output.implementation_phases:
                parts.append(
                    f"- Phase {phase.phase_number} ({phase.name}): {phase.goal}; ≈{phase.estimated_weeks:g} "
                    f"weeks; {', '.join(phase.features) or 'nothing yet'}"
                )
        if re.search(r"\bcompar|\bcompetit|\bsimilar|\balternativ|\bexist", lowered):
            if output.comparable_products:
                parts.append("Comparable products:")
                parts += [
                    f"- {p.name} — {p.description}" + (f" ({p.url})" if p.url else f" ({p.category})")
                    for p in output.comparable_products
                ]
            else:
                parts.append(
                    "I found no comparable product in my catalog that matches your idea closely; "
                    "that is worth checking yourself before you build."
                )
        if re.search(r"\bflow\b|\bscreens?\b", lowered):
            parts.append("Core user flow: " + " → ".join(output.core_user_flow))
            parts.append("Key screens: " + ", ".join(output.key_screens))
    if not parts:
        parts.append(output.scope_rationale or "Here is the scope as it stands.")
    parts.append(closing)
    text = ""
    for part in parts:
        # Bullets stay in one Markdown list; paragraphs get a blank line between them.
        text += ("\n" if part.startswith("- ") and text else "\n\n" if text else "") + part
    return text
