"""The PM's answer to one argue-back round, said from what the round did: what changed, what landed where on its
score, what was held and why, and what Phase 1 now weighs against the budget."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pmtui.product.brains.offline.scoping.naming import weeks_text
from pmtui.product.rice import phase_effort, team_size
from pmtui.product.units import amount

if TYPE_CHECKING:
    from pmtui.product.brains.offline.scoping.negotiate import _Round


def round_reply(work: _Round, bumped: list[str]) -> str:
    """What the round did, said back: changes, placements, holds, and Phase 1 against the budget."""
    output = work.output
    budget = output.effort_budget_weeks
    team = team_size(work.state.discovery_summary)
    used = phase_effort(output, 1)
    parts: list[str] = [f"{work.label}:"]
    if work.changed:
        sentence = "; ".join(work.changed)
        parts.append(sentence[:1].upper() + sentence[1:] + ".")
    for feature in output.mvp_features:
        if feature.name in work.added and "phase" not in feature.pinned:
            parts.append(f"{feature.name} lands in Phase {feature.phase} on its score ({feature.rice_score:g}).")
    if work.notes:
        note = "; ".join(work.notes)
        parts.append(note[:1].upper() + note[1:] + ".")
    if work.held:
        parts.append(" ".join(h.rstrip(".") + "." for h in work.held))
    if bumped:
        moved = [f"{name} (now Phase {f.phase})" for name in bumped if (f := output.feature(name))]
        parts.append(f"To keep the budget honest, {', '.join(moved or bumped)} moves below the cut line.")
    if used > budget:
        parts.append(f"Phase 1 is now {weeks_text(used, team)}, over your {budget:g} person-week budget — recorded as a risk.")
        work.risks.append(f"Phase 1 grows to {weeks_text(used, team)}, over the {budget:g} person-week budget")
    elif work.changed:
        parts.append(f"Phase 1 is now {used:g} of {amount(budget, 'person-week')}.")
    else:
        parts.append(f"Phase 1 stays at {used:g} of {amount(budget, 'person-week')}.")
    if work.held:
        parts.append(
            f"What evidence do you have that {work.people} need it in Phase 1 — interviews, numbers, customers "
            "asking, a contract? With evidence I'll move it in."
        )
    else:
        parts.append("Anything else, or do you agree with the scope?")
    return " ".join(parts)
