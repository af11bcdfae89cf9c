"""The release's risk audit (seed 003 §7): open risks that stop the release until a human answers.

An open risk on a CRITICAL task, or a critical risk the release gate raised itself, becomes a
blocking escalation with RISK_OPTIONS; the answer marks the risk mitigated or accepted, or stops
the release.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from pmtui.models.delivery import Escalation, Risk, RiskStatus

RISK_OPTIONS: tuple[str, ...] = ("Mark mitigated", "Accept the risk", "Stop the release")
_RISK_PROBLEM = re.compile(r"^Open (?:release )?risk (?P<id>[^\s:]+)")


def _tiers(tasks: Iterable[Any]) -> dict[str, str]:
    tiers: dict[str, str] = {}
    for task in tasks:
        task_id = getattr(task, "task_id", None) or getattr(task, "id", None)
        tier = getattr(task, "tier", None) or getattr(task, "effective_tier", None)
        if task_id:
            tiers[str(task_id)] = str(tier or "normal")
    return tiers


def risk_audit(risks: Iterable[Risk], tasks: Iterable[Any]) -> list[Escalation]:
    """Seed 003 §7: an open risk on a CRITICAL task stops the release with a blocking escalation.
    A critical-severity risk the release gate itself raised (source "release", e.g. migrations not
    dry-run) stops it too. Options are RISK_OPTIONS; recommended 2 (accept) unless the risk is critical."""
    tiers = _tiers(tasks)
    escalations: list[Escalation] = []
    for risk in risks:
        if risk.status != "open":
            continue
        on_task = risk.source_task in tiers
        if on_task and tiers[risk.source_task] != "critical":
            continue
        if not on_task and risk.severity != "critical":
            continue
        if on_task:
            problem = f"Open risk {risk.id} on CRITICAL task {risk.source_task}: {risk.description}"
            impact = f"The release stops until risk {risk.id} of {risk.source_task} is mitigated or accepted."
        else:
            problem = f"Open release risk {risk.id}: {risk.description}"
            impact = f"The release stops until risk {risk.id} is mitigated or accepted."
        escalations.append(
            Escalation(
                task_id=risk.source_task if on_task else None,
                problem=problem,
                impact=impact,
                options=list(RISK_OPTIONS),
                recommended=1 if risk.severity == "critical" else 2,
                blocking=True,
                kind="risk",
            )
        )
    return escalations


def risk_id_of(escalation: Escalation) -> str | None:
    """The risk a risk-audit escalation is about (from its problem line)."""
    match = _RISK_PROBLEM.match(escalation.problem)
    return match["id"] if match and escalation.kind == "risk" else None


def risk_answer(option: int) -> RiskStatus | None:
    """The risk status an answer to a risk-audit escalation sets; None means stop the release."""
    if option == 1:
        return "mitigated"
    if option == 2:
        return "accepted"
    return None
