"""One argue-back round: hold with the numbers, concede on new evidence or at the last round, or narrow."""

from __future__ import annotations

import re
from typing import Literal

from pmtui.models import (
    ConversationState,
    DecisionRecord,
    DiscoverySummary,
    Feature,
    Provenance,
    ScopingOutput,
)
from pmtui.product.brains.offline.scoping.intent import match_features
from pmtui.product.brains.offline.scoping.narrative import refresh_narrative
from pmtui.product.brains.offline.scoping.propose import Candidate, nice_to_have, propose, score_candidate
from pmtui.product.brains.offline.scoping.rules import EVIDENCE, NEW_FEATURE, PRONOUN, REDUCE
from pmtui.product.brains.offline.scoping.terms import persona, short_name, user_count
from pmtui.product.brains.protocol import Negotiation
from pmtui.product.rice import phase_effort, rescore, team_size


def _new_feature_name(text: str) -> str | None:
    for pattern in NEW_FEATURE:
        match = pattern.search(text)
        if match:
            phrase = re.sub(r"\s+", " ", match.group("x")).strip(" -'")
            phrase = re.sub(r"^(?:to |be able to |have )", "", phrase, flags=re.IGNORECASE)
            if not phrase or PRONOUN.match(phrase) or len(phrase.split()) > 6:
                continue
            if re.match(r"^(?:more|less|this|that|it|to|the mvp|mvp)\b", phrase, re.IGNORECASE):
                continue
            return short_name(phrase)
    return None


def _evidence(text: str) -> str:
    """The sentence of the user's message that carries evidence, or ''."""
    for sentence in re.split(r"(?<=[.!?;])\s+", text.strip()):
        if any(pattern.search(sentence) for pattern in EVIDENCE):
            return sentence.strip()
    return ""


def _team(output: ScopingOutput, summary: DiscoverySummary) -> int | None:
    return team_size(summary)


def _weeks(person_weeks: float, team: int | None) -> str:
    if team and team > 1:
        return f"{person_weeks:g} person-weeks (≈ {person_weeks / team:.1f} weeks for {team} people)"
    return f"{person_weeks:g} weeks"


def _rounds(round_number: int, state: ConversationState) -> str:
    return f"Round {round_number}/{state.max_negotiation_rounds}"


def negotiate(state: ConversationState, text: str, round_number: int, final_round: bool) -> Negotiation:
    """One argue-back round: hold with the numbers, or concede on new evidence / at the final round."""
    summary = state.discovery_summary
    output = state.scoping_output.model_copy(deep=True) if state.scoping_output else propose(summary, [])
    team = _team(output, summary)
    people = persona(summary)
    label = _rounds(round_number, state)
    evidence = _evidence(text)
    targets = [(kind, name) for kind, name, _score in match_features(output, text)]
    if not targets:
        new_name = _new_feature_name(text)
        if new_name:
            targets = [("new", new_name)]
    if (
        not targets
        and output.decisions
        and output.decisions[-1].features
        and re.search(r"\b(it|this|that|them)\b", text, re.IGNORECASE)
    ):
        previous = output.decisions[-1].features
        targets = [
            ("mvp" if output.feature(n) else "cut", n)
            for n in previous
            if output.feature(n) or any(c.name == n for c in output.cut_features)
        ]
    names = [name for _kind, name in targets]

    def record(
        answer: str, outcome: Literal["held", "conceded", "answered"], reason: str, risk: str = ""
    ) -> DecisionRecord:
        return DecisionRecord(
            round=round_number,
            ask=text,
            intent="PUSHBACK",
            answer=answer,
            outcome=outcome,
            reason=reason,
            features=names,
            risk=risk,
        )  # type: ignore[arg-type]

    if not targets:
        cut_names = ", ".join(c.name for c in output.cut_features) or "none"
        below = ", ".join(f.name for f in output.mvp_features if f.phase > 1) or "none"
        if final_round:
            reply = (
                f"{label}: this was our last round and I still can't tell which feature you want to change, "
                f"so the scope stays as proposed and I've recorded your objection as a risk. "
                f"You can still edit any cell in the table."
            )
            return Negotiation(
                reply=reply,
                output=output,
                record=record(
                    reply,
                    "held",
                    "no feature named at the final round",
                    risk=f"Unresolved objection at the last round: “{text.strip()}”",
                ),
            )
        reply = (
            f"{label}: which feature do you want to change? Below the cut line: {below}. Cut: {cut_names}. "
            f"Name it and tell me what evidence you have that {people} need it in Phase 1."
        )
        return Negotiation(reply=reply, output=output, record=record(reply, "held", "no feature named"))

    if REDUCE.search(text) and all(kind == "mvp" for kind, _n in targets):
        return _reduce(state, output, text, targets, label, team, record)

    in_phase1 = [n for kind, n in targets if kind == "mvp" and (f := output.feature(n)) and f.phase == 1]
    if len(in_phase1) == len(targets):
        feature = output.feature(in_phase1[0])
        assert feature is not None
        reply = (
            f"{label}: {', '.join(in_phase1)} {'is' if len(in_phase1) == 1 else 'are'} already in Phase 1 "
            f"({feature.priority}, score {feature.rice_score:g}); nothing to change there. "
            "Is there another feature you want to argue for, or do you agree with the scope?"
        )
        return Negotiation(reply=reply, output=output, record=record(reply, "held", "already in Phase 1"))

    if evidence or final_round:
        return _concede(state, output, text, targets, evidence, label, team, record, final_round)
    return _hold(state, output, targets, label, team, record)


def _candidate_feature(output: ScopingOutput, summary: DiscoverySummary, kind: str, name: str) -> Feature:
    if kind == "mvp":
        feature = output.feature(name)
        assert feature is not None
        return feature
    description = next((c.description for c in output.cut_features if c.name == name), "") or name
    nice = nice_to_have(description + " " + name, summary)
    core_name = (
        output.implementation_phases[0].name.removeprefix("MVP: ") if output.implementation_phases else name
    )
    candidate = Candidate(name, description, "wishlist" if kind == "cut" else "request", nice)
    count = user_count(summary)
    return score_candidate(candidate, summary, count, Candidate(core_name, core_name, "problem", None, "core"))


def _hold(state, output, targets, label, team, record) -> Negotiation:  # type: ignore[no-untyped-def]
    summary = state.discovery_summary
    people = persona(summary)
    budget = output.effort_budget_weeks
    current = phase_effort(output, 1)
    phase1 = [f for f in output.mvp_features if f.phase == 1]
    top = max(phase1, key=lambda f: f.rice_score) if phase1 else None
    lines = []
    extra = 0.0
    for kind, name in targets:
        feature = _candidate_feature(output, summary, kind, name)
        score = feature.compute_score()
        extra += feature.rice_effort
        comparison = f" vs {top.rice_score:g} for {top.name}" if top else ""
        where = {
            "mvp": f"it sits in Phase {feature.phase}",
            "cut": "I cut it",
            "new": "it isn't in the scope yet",
        }[kind]
        lines.append(
            f"{name} scores {score:g}{comparison} ({where}; effort {feature.rice_effort:g}, "
            f"impact {feature.rice_impact:g}, confidence {feature.rice_confidence:.0%})"
        )
        cut = next((c for c in output.cut_features if c.name == name), None)
        if cut:
            lines.append(f"My reason for cutting it: {cut.reason}")
    after = round(current + extra, 2)
    if after > budget:
        effect = (
            f"it would push Phase 1 from {_weeks(current, team)} to {_weeks(after, team)}, over your "
            f"{budget:g} person-week budget"
        )
    else:
        effect = (
            f"it would fit ({current:g} → {after:g} of {budget:g} person-weeks) but would take the slack "
            "the core flow needs if anything runs late"
        )
    reply = (
        f"{label}: I'm holding for now. "
        + "; ".join(lines[:1])
        + f"; {effect}. "
        + "".join(f"{line} " for line in lines[1:])
        + f"What evidence do you have that {people} would use it — interviews, numbers, "
        "customers asking, a contract? With evidence I'll move it in."
    )
    reason = f"no new evidence; {'; '.join(lines[:1])}; {effect}"
    return Negotiation(reply=reply, output=output, record=record(reply, "held", reason))


def _concede(state, output, text, targets, evidence, label, team, record, final_round) -> Negotiation:  # type: ignore[no-untyped-def]
    summary = state.discovery_summary
    budget = output.effort_budget_weeks
    before = {f.name for f in output.mvp_features if f.phase == 1}
    moved: list[str] = []
    for kind, name in targets:
        feature = _candidate_feature(output, summary, kind, name)
        if kind != "mvp":
            output.cut_features = [c for c in output.cut_features if c.name != name]
            output.mvp_features.append(feature)
        feature.phase = 1
        feature.priority = "P0"
        why = f"you argued for it in round {label.split()[1]}" + (
            f" with evidence: “{evidence}”" if evidence else " and it was the last round"
        )
        for pinned in ("phase", "priority"):
            if pinned not in feature.pinned:
                feature.pinned.append(pinned)
            feature.provenance[pinned] = Provenance(source="stated", reason=why)
        if evidence:
            feature.rice_confidence = max(feature.rice_confidence, 0.8)
            feature.provenance["confidence"] = Provenance(
                source="stated", reason=f"your evidence: “{evidence}”"
            )
            if feature.rice_impact < 1:
                feature.rice_impact = 1.0
                feature.provenance["impact"] = Provenance(
                    source="stated", reason=f"raised to 1 (medium) on your evidence: “{evidence}”"
                )
        moved.append(feature.name)
    new = rescore(output, team)
    after = {f.name for f in new.mvp_features if f.phase == 1}
    bumped = sorted(before - after)
    used = phase_effort(new, 1)
    risks = []
    if used > budget:
        risks.append(f"Phase 1 grows to {_weeks(used, team)}, over the {budget:g} person-week budget")
    if final_round and not evidence:
        risks.append(
            f"{', '.join(moved)} moved into Phase 1 at the last round without evidence; validate with "
            f"{persona(summary)} in the first week"
        )
    risk = "; ".join(risks)
    if evidence:
        opening = f"{label}: that's new evidence (“{evidence}”), so I'll move {', '.join(moved)} into Phase 1 as P0."
        reason = f"new evidence: {evidence}"
    else:
        opening = (
            f"{label}: this is our last round, so I'll move {', '.join(moved)} in as P0 — recorded as a risk."
        )
        reason = "final round: conceded gracefully"
    parts = [opening]
    if bumped:
        parts.append(f"To keep the budget honest, {', '.join(bumped)} moves below the cut line to Phase 2.")
    if used > budget:
        parts.append(
            f"Even so, Phase 1 grows to {_weeks(used, team)}, over your {budget:g} person-week budget "
            "— recorded as a risk."
        )
    else:
        parts.append(f"Phase 1 is now {used:g} of {budget:g} person-weeks.")
    parts.append("Anything else, or do you agree with the scope?")
    reply = " ".join(parts)
    refresh_narrative(new, summary)
    return Negotiation(reply=reply, output=new, record=record(reply, "conceded", reason, risk))


def _reduce(state, output, text, targets, label, team, record) -> Negotiation:  # type: ignore[no-untyped-def]
    summary = state.discovery_summary
    target_phase = 3 if re.search(r"phase 3|much later|v3", text, re.IGNORECASE) else 2
    moved = []
    for _kind, name in targets:
        feature = output.feature(name)
        if feature is None:
            continue
        feature.phase = target_phase
        feature.priority = "P1" if target_phase == 2 else "P2"
        for pinned in ("phase", "priority"):
            if pinned not in feature.pinned:
                feature.pinned.append(pinned)
            feature.provenance[pinned] = Provenance(
                source="stated", reason=f"you asked to defer it: “{text}”"
            )
        moved.append(name)
    new = rescore(output, team)
    used = phase_effort(new, 1)
    reply = (
        f"{label}: agreed — cutting scope needs no evidence. {', '.join(moved)} moves to Phase {target_phase}; "
        f"Phase 1 is now {used:g} of {new.effort_budget_weeks:g} person-weeks. Do you agree with the scope now?"
    )
    refresh_narrative(new, summary)
    return Negotiation(
        reply=reply, output=new, record=record(reply, "conceded", "the user narrowed the scope")
    )
