"""The words around the table: the core user flow, key screens and the scope rationale in numbers."""

from __future__ import annotations

from pmtui.models import DiscoverySummary, Feature, ScopingOutput
from pmtui.product.brains.offline.scoping.naming import n_weeks
from pmtui.product.brains.offline.scoping.rules import AUTH, FLOW_RANK
from pmtui.product.brains.offline.scoping.terms import metric_phrase, persona
from pmtui.product.rice import (
    NICE_TO_HAVE_MARK,
    PHASE1_MAX_CALENDAR_WEEKS,
    WAITS_MARK,
    phase_effort,
    team_size,
    time_share,
)
from pmtui.product.units import amount


def _flow_rank(feature: Feature, core: str) -> float:
    if feature.name == core:
        return 2
    for pattern, rank in FLOW_RANK:
        if pattern.search(feature.name + " " + feature.description):
            return rank
    return 2


def _after_what_they_need(features: list[Feature]) -> list[Feature]:
    """The rows in flow order, each row the founder said needs another ("the balance check cant come before the
    treasurer marks payments") placed after that one."""
    ordered = list(features)
    for feature in features:
        needed = feature.provenance.get("after")
        if needed is None:
            continue
        names = [f.name for f in ordered]
        if needed.reason in names and names.index(feature.name) < names.index(needed.reason):
            ordered.remove(feature)
            ordered.insert(names.index(needed.reason), feature)
    return ordered


def core_flow(output: ScopingOutput, summary: DiscoverySummary, core: str) -> list[str]:
    """4–6 steps of the one core flow, through the Phase 1 features in the order a user meets them."""
    people = persona(summary)
    in_flow = [f for f in output.mvp_features if f.phase == 1 and f.name != "Success metric tracking"]
    in_flow.sort(key=lambda f: _flow_rank(f, core))
    in_flow = _after_what_they_need(in_flow)
    steps: list[str] = []
    if in_flow and _flow_rank(in_flow[0], core) == 0:
        steps.append(f"A new {people.removesuffix('s')} signs up ({in_flow.pop(0).name})")
    else:
        steps.append(f"One of the {people} opens the app")
    for feature in in_flow[:4]:
        description = feature.description.replace(NICE_TO_HAVE_MARK, "").replace(WAITS_MARK, "").strip().rstrip(".")
        same = description.lower() == feature.name.lower() or not description
        detail = "" if same or len(description) > 90 else f" — {description}"
        steps.append(f"{feature.name}{detail}"[:140])
    problem = summary.core_problem.strip().rstrip(".")
    metric = metric_phrase(summary)
    steps = steps[:5]
    steps.append(f"Sees it worked: {metric}" if metric else f"Sees the problem solved: {problem or core}")
    while len(steps) < 4:
        steps.insert(-1, f"Comes back the next time they need to {core.lower()}")
    return steps[:6]


def key_screens(output: ScopingOutput, core: str) -> list[str]:
    """3–6 screens the Phase 1 features need."""
    screens: list[str] = []
    phase1 = [f for f in output.mvp_features if f.phase == 1]
    if any(AUTH.search(f.name) for f in phase1):
        screens.append("Sign up / sign in")
    screens.append(f"Home: {core}")
    for feature in phase1:
        if feature.name == core or AUTH.search(feature.name) or feature.name == "Success metric tracking":
            continue
        screens.append(feature.name)
    for filler in ("Settings", "Onboarding", "History"):
        if len(screens) >= 3:
            break
        if filler not in screens:
            screens.append(filler)
    return screens[:6]


def _budget_source(summary: DiscoverySummary, budget: float) -> str:
    team = team_size(summary)
    weeks = budget / (team or 1)
    share = time_share(summary)
    # "two of us, evenings only": a person-week is a full week's work, so say what the budget means at their share.
    part = (f"; working {share[1]}, about {share[0]:g} of a week each, that much work takes nearer "
            f"{n_weeks(max(1, round(weeks / share[0])))}" if share and share[0] < 1 else "")
    if summary.constraints.strip():
        return (
            f"{n_weeks(weeks)} × {team or 1} {'person' if (team or 1) == 1 else 'people'}, read from your "
            f"constraints (“{summary.constraints.strip()}”; Phase 1 is capped at "
            f"{PHASE1_MAX_CALENDAR_WEEKS:g} calendar weeks){part}"
        )
    return "no timeframe or team size given, so the default of 4 weeks × 1 person"


def scope_rationale(output: ScopingOutput, summary: DiscoverySummary) -> str:
    """The why of the scope, in numbers: budget, Phase 1 effort, what sits below the line, what was cut."""
    budget = output.effort_budget_weeks
    phase1 = [f for f in output.mvp_features if f.phase == 1]
    used = phase_effort(output, 1)
    parts = [
        f"Budget: {amount(budget, 'person-week')} for Phase 1 ({_budget_source(summary, budget)}).",
        f"Phase 1 holds {len(phase1)} feature{'s' if len(phase1) != 1 else ''} totalling "
        f"{amount(used, 'person-week')}, ranked by RICE: " + ", ".join(f"{f.name} ({f.rice_score:g})" for f in phase1) + ".",
    ]
    if used > budget:
        parts.append(f"That is {amount(used - budget, 'person-week')} over budget because of what you asked for.")
    for number in (2, 3):
        later = [f for f in output.mvp_features if f.phase == number]
        if later:
            parts.append(
                f"Phase {number}: "
                + ", ".join(f"{f.name} ({f.rice_score:g})" for f in later)
                + f" — {amount(phase_effort(output, number), 'person-week')}, below the cut line."
            )
    if output.cut_features:
        parts.append("Cut: " + " ".join(c.reason for c in output.cut_features))
    return " ".join(parts)


def refresh_narrative(output: ScopingOutput, summary: DiscoverySummary) -> None:
    """Flow, screens and rationale follow the Phase 1 that negotiation left."""
    core = next((f.name for f in output.mvp_features if f.rice_impact >= 3 and f.phase == 1), None)
    if core is None:
        phase1 = [f.name for f in output.mvp_features if f.phase == 1]
        core = phase1[0] if phase1 else (output.mvp_features[0].name if output.mvp_features else "core flow")
    _follow_the_core(output, core)
    output.core_user_flow = core_flow(output, summary, core)
    output.key_screens = key_screens(output, core)
    output.scope_rationale = scope_rationale(output, summary)


def _follow_the_core(output: ScopingOutput, core: str) -> None:
    """A cut or moved core feature leaves no phase and no reason named after it: "Phase 1: MVP: See a weekly
    streak" and "no evidence your nurses need it for see a weekly streak" after the founder cut the streak."""
    phase1 = next((p for p in output.implementation_phases if p.phase_number == 1), None)
    if phase1 is None or not phase1.name.startswith("MVP: "):
        return
    old = phase1.name.removeprefix("MVP: ")
    if old == core or any(f.name == old and f.phase == 1 for f in output.mvp_features):
        return
    phase1.name = f"MVP: {core}"
    for phase in output.implementation_phases:
        phase.goal = phase.goal.replace(f"({old.lower()})", f"({core.lower()})")
    for cut in output.cut_features:
        cut.reason = cut.reason.replace(f"need it for {old.lower()};", f"need it for {core.lower()};")
