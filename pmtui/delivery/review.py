"""Review notes and review artifacts (seed 003 §5–6).

build_review_note says what a task changed, its risks and how to roll it back, from the change set
and the gate results; review_artifact_markdown writes docs/reviews/<task-id>-review.md, which is
committed with the change (the commit body only points at it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pmtui.delivery.git_ops import ChangeSet
from pmtui.models.delivery import AgentResult, GateResult, ReviewNote, TaskContract

REVIEW_DIR = "docs/reviews"

_SCHEMA_PATH = re.compile(r"(^|/)(migrations?|alembic|versions|schema\w*)(/|\.|$)|\.sql$", re.IGNORECASE)
_FILES_IN_SUMMARY = 3


# The evidence line of the gate whose blocking finding stopped the tier review (the checks after it did not run).
REVIEW_STOPPED = "the tier review stopped here, at its first blocking finding"


def review_path(task_id: str) -> str:
    return f"{REVIEW_DIR}/{task_id}-review.md"


def is_schema_path(path: str) -> bool:
    """A migration or schema file (migrations/, alembic/, versions/, schema*, *.sql)."""
    return bool(_SCHEMA_PATH.search(path))


def rollback_command(task_id: str, sha: str | None = None) -> str:
    """`git revert <sha>`; before the commit exists, the same found by its `Refs:` line."""
    if sha:
        return f"git revert {sha}"
    return f"git revert $(git log -1 --format=%H --grep='^Refs: task-{task_id}$')"


def _name_files(paths: Sequence[str]) -> str:
    shown = ", ".join(paths[:_FILES_IN_SUMMARY])
    more = len(paths) - _FILES_IN_SUMMARY
    return shown + (f" and {more} more" if more > 0 else "")


def change_summary(contract: TaskContract, change: ChangeSet) -> str:
    """What changed, in one or two sentences, from the change set."""
    if change.is_empty():
        return f"{contract.task_id} ({contract.title}) changes no files."
    parts: list[str] = []
    if change.added:
        parts.append(f"adds {_name_files(change.added)}")
    if change.modified:
        parts.append(f"modifies {_name_files(change.modified)}")
    if change.renamed:
        parts.append(f"renames {_name_files([f'{old} → {new}' for old, new in change.renamed])}")
    if change.deleted:
        parts.append(f"deletes {_name_files(change.deleted)}")
    actions = ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    return (
        f"{contract.task_id} ({contract.title}) {actions}. "
        f"{len(change.files())} file(s), +{change.lines_added()}/-{change.lines_removed()} lines."
    )


def build_review_note(
    contract: TaskContract,
    change: ChangeSet,
    gate_results: Sequence[GateResult],
    agent_result: AgentResult | None,
    *,
    sha: str | None = None,
    environment: Sequence[str] = (),
) -> ReviewNote:
    """ReviewNote: summary from the change set, risks from gates, tier and flags, rollback (+ migration notes);
    `environment`: what the reviewer should know of where it ran (a cluster node that could not run it)."""
    risks: list[str] = list(dict.fromkeys(environment))
    for gate in gate_results:
        if not gate.passed:
            first = next((line.strip() for line in gate.evidence if line.strip()), "no evidence")
            risks.append(f"gate {gate.gate} failed: {first}")
            # A review stopped early: what it did not check is a risk of its own.
            risks.extend(line.strip() for line in gate.evidence if line.startswith(REVIEW_STOPPED))
        elif gate.gate == "breaking_change" and any(line.startswith("release note:") for line in gate.evidence):
            risks.append("breaking change: " + next(line for line in gate.evidence if line.startswith("release note:"))[14:])
        elif gate.gate == "tier_escalation":
            risks.extend(gate.evidence)
        elif gate.gate == "plan_alignment":
            risks.extend(line.removeprefix("⚠ ") for line in gate.evidence if line.startswith("⚠ "))
        elif gate.gate == "low_tier_sanity" and gate.evidence and "escalate" in gate.evidence[0]:
            risks.append("LOW task escalated to NORMAL: " + "; ".join(line.strip() for line in gate.evidence[1:3]))
    flags = contract.security_flags
    touched = [name for name, on in (("auth", flags.touches_auth), ("schema", flags.touches_schema),
                                      ("billing", flags.touches_billing), ("secrets", flags.touches_secrets)) if on]
    if touched:
        risks.append(f"security-sensitive task: touches {', '.join(touched)}")
    if contract.io_contract.breaking_change and not any(risk.startswith("breaking change") for risk in risks):
        risks.append("the task declares a breaking change of its interfaces")
    if agent_result is not None:
        if agent_result.self_assessment != "confident":
            risks.append(f"the agent's self-assessment: {agent_result.self_assessment}")
        risks.extend(f"agent blocker: {blocker}" for blocker in agent_result.blockers)
    if change.deleted:
        risks.append(f"deletes {_name_files(change.deleted)}")
    from pmtui.delivery.gates.reviewer import files_outside_scope  # gates.reviewer imports this module

    outside = files_outside_scope(contract, change.present_files())
    if outside:
        # A review model may approve them (only the offline reviewer's scope check fails them): the human is told.
        risks.append(f"changes files the task did not name: {_name_files(outside)}")
    schema = [path for path in change.files() if is_schema_path(path)]
    if not risks:
        risks.append(f"none found: every gate passed at tier {contract.tier.upper()}")
    rollback = rollback_command(contract.task_id, sha)
    if schema or flags.touches_schema:
        rollback += (
            f". Schema touched ({_name_files(schema) or 'per the contract'}): run the migration's downgrade "
            "before reverting the code, and back up the data first"
        )
    return ReviewNote(summary=change_summary(contract, change), risks=risks, rollback=rollback)


def review_artifact_markdown(
    contract: TaskContract,
    note: ReviewNote,
    gate_results: Sequence[GateResult],
    change: ChangeSet,
    criteria_locations: dict[str, str | None],
) -> str:
    """docs/reviews/<task-id>-review.md: criteria → path:line, tests, gates with evidence, risks, rollback."""
    lines = [
        f"# Review: {contract.task_id} — {contract.title}",
        "",
        f"- Tier: {contract.tier.upper()}",
        f"- Ownership: {contract.ownership or '—'}",
        f"- Attempt: {contract.attempt}",
        f"- Gates: {sum(gate.passed for gate in gate_results)}/{len(gate_results)} passed",
        "",
        "## What changed",
        "",
        note.summary,
        "",
        "```",
        change.stat or "(no changes)",
        "```",
        "",
        "## Acceptance criteria",
        "",
    ]
    if contract.acceptance_criteria:
        for criterion in contract.acceptance_criteria:
            location = criteria_locations.get(criterion)
            lines.append(f"- {criterion} → `{location}`" if location else f"- {criterion} → not mapped")
    else:
        lines.append("- (none in the plan)")
    lines += ["", "## Tests", ""]
    added = [f"- added: `{path}`" for path in contract.tests_to_add]
    run = [f"- run: `{path}`" for path in contract.tests_to_run]
    command = contract.environment.test_command
    lines += added + run + [f"- command: `{command}`" if command else "- command: not configured"]
    lines += ["", "## Gates", "", "| Gate | Result |", "|------|--------|"]
    lines += [f"| {gate.gate} | {'pass' if gate.passed else 'FAIL'} |" for gate in gate_results]
    for gate in gate_results:
        lines += ["", f"### {gate.gate}: {'pass' if gate.passed else 'FAIL'}", ""]
        lines += ["```", *(gate.evidence or ["(no evidence)"]), "```"]
    lines += ["", "## Risks", ""]
    lines += [f"- {risk}" for risk in note.risks] or ["- none"]
    lines += ["", "## Rollback", "", note.rollback, ""]
    return "\n".join(lines)
