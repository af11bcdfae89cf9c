"""The release manifest (seed 003 §7): docs/releases/<plan-id>-release.yaml.

Every field the seed lists plus the criteria trace, built from a run's stored tasks, commits,
attempts and risks, and written as YAML in the seed's field order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from pmtui.delivery.release.criteria_trace import criteria_trace_from_store
from pmtui.delivery.release.gate import ReleaseGateResult
from pmtui.delivery.release.migrations import migration_steps_for
from pmtui.delivery.review import review_path, rollback_command
from pmtui.delivery.store import DeliveryStore, TaskRecord
from pmtui.models.delivery import CriterionTrace, ManifestRisk, ManifestTask, ReleaseManifest, Risk
from pmtui.redaction import redact

RELEASE_DIR = "docs/releases"
OPEN_AT_RELEASE = " [open at release: accepted because its task is not CRITICAL]"


def manifest_path(plan_id: str) -> str:
    """Where a release's manifest is written; `plan_id` is the run's release label (plan_revisions.release_label):
    a second release of a plan gets a file of its own, the first one's stays."""
    return f"{RELEASE_DIR}/{plan_id}-release.yaml"


def _manifest_risks(risks: Iterable[Risk]) -> list[ManifestRisk]:
    kept: list[ManifestRisk] = []
    for risk in risks:
        if risk.status == "open":
            kept.append(ManifestRisk(id=risk.id, status="accepted", description=risk.description + OPEN_AT_RELEASE))
        else:
            kept.append(ManifestRisk(id=risk.id, status=risk.status, description=risk.description))
    return kept


def build_manifest(
    *,
    plan_id: str,
    plan_doc: str,
    design_doc: str,
    tasks: Sequence[ManifestTask],
    gate: ReleaseGateResult,
    risks: Iterable[Risk],
    criteria_trace: Sequence[CriterionTrace] = (),
    breaking_changes: Sequence[str] = (),
    migration_steps: Sequence[str] | None = None,
    rollback_plan: str = "",
    recommended_next: Sequence[str] = (),
    completed_at: str | None = None,
) -> ReleaseManifest:
    """Every seed §7 field plus criteria_trace. Open risks (allowed only off CRITICAL tasks, the
    risk audit stops the rest) are recorded as accepted, marked OPEN_AT_RELEASE."""
    return ReleaseManifest(
        plan_id=plan_id,
        plan_doc=plan_doc,
        design_doc=design_doc,
        completed_at=completed_at or datetime.now(UTC).isoformat(timespec="seconds"),
        tasks=list(tasks),
        tests_run=gate.tests_run,
        tests_passed=gate.tests_passed,
        lint_clean=gate.lint_clean,
        typecheck_clean=gate.typecheck_clean,
        build_clean=gate.build_clean,
        risks=_manifest_risks(risks),
        breaking_changes=list(breaking_changes),
        migration_steps=list(migration_steps_for(gate.migrations) if migration_steps is None else migration_steps),
        rollback_plan=rollback_plan,
        recommended_next=list(recommended_next),
        criteria_trace=list(criteria_trace),
    )


def _breaking_notes(dstore: DeliveryStore, run_id: int, task: TaskRecord) -> list[str]:
    notes: list[str] = []
    attempt = dstore.last_attempt(run_id, task.task_id)
    for gate in attempt.gate_results if attempt else []:
        if gate.gate == "breaking_change":
            notes += [line.removeprefix("release note: ") for line in gate.evidence if line.startswith("release note: ")]
    if not notes and task.contract is not None and task.contract.io_contract.breaking_change:
        interfaces = ", ".join(task.contract.io_contract.expected_interfaces) or "interfaces not listed"
        notes.append(f"BREAKING ({task.task_id} {task.title}): declared by the plan ({interfaces})")
    return notes


def release_rollback_plan(tasks: Sequence[TaskRecord], plan_branch: str, start_branch: str) -> str:
    """Per component, newest first, from each task's review note; and the whole release."""
    whole = (
        f"Whole release: until it is merged, nothing reaches {start_branch or 'the start branch'}; "
        f"after `git merge --no-ff {plan_branch}`, undo it with `git revert -m 1 <merge-sha>`."
    )
    lines = [
        whole,
        "Per component, newest first:",
    ]
    for task in reversed([task for task in tasks if task.commit_sha]):
        how = task.review_note.rollback if task.review_note and task.review_note.rollback else ""
        how = how or rollback_command(task.task_id, task.commit_sha)
        lines.append(f"- {task.ownership or task.task_id} ({task.task_id}): {how}")
    return "\n".join(lines)


def manifest_from_store(
    dstore: DeliveryStore,
    run_id: int,
    gate: ReleaseGateResult,
    *,
    repo: str | Path | None = None,
    criteria_trace: Sequence[CriterionTrace] | None = None,
    recommended_next: Sequence[str] | None = None,
) -> ReleaseManifest:
    """The manifest of a run from its stored tasks, commits, attempts and risks."""
    from pmtui.delivery.plan_revisions import release_label, revision_of

    run = dstore.get_run(run_id)
    label = release_label(run.plan_id, revision_of(run.config))
    tasks = dstore.tasks(run_id)
    breaking: list[str] = []
    manifest_tasks: list[ManifestTask] = []
    for task in tasks:
        notes = _breaking_notes(dstore, run_id, task)
        breaking += notes
        manifest_tasks.append(
            ManifestTask(
                task_id=task.task_id,
                commit_sha=task.commit_sha or "",
                review_artifact=review_path(task.task_id),
                tier=task.tier,
                breaking_change=bool(notes),
            )
        )
    risks = dstore.risks(run_id)
    trace = list(criteria_trace) if criteria_trace is not None else criteria_trace_from_store(dstore, run_id, repo or run.repo)
    if recommended_next is None:
        nexts = [f"Follow up open risk {risk.id} ({risk.severity}): {risk.description}" for risk in risks if risk.status == "open"]
        nexts += [f"Finish or re-plan {task.task_id} ({task.title}): it ended {task.state.value}" for task in tasks if task.status != "completed"]
        if gate.migrations:
            nexts.append("Dry-run the migrations forward and back on a staging copy of the database")
        nexts.append(
            f"Review {manifest_path(label)} and the review notes, then merge {run.plan_branch or 'the plan branch'}"
        )
        recommended_next = nexts
    manifest = build_manifest(
        plan_id=run.plan_id,
        plan_doc=run.plan_path,
        design_doc=run.design_path,
        tasks=manifest_tasks,
        gate=gate,
        risks=risks,
        criteria_trace=trace,
        breaking_changes=breaking,
        rollback_plan=release_rollback_plan(tasks, run.plan_branch, run.start_branch),
        recommended_next=recommended_next,
    )
    manifest.release_label = label if label != run.plan_id else ""
    return manifest


def write_manifest(repo: str | Path, manifest: ReleaseManifest) -> Path:
    """docs/releases/<plan-id>-release.yaml, fields in the seed's order."""
    import yaml

    rel = manifest_path(manifest.release_label or manifest.plan_id)
    path = Path(repo) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    body = yaml.safe_dump(manifest.model_dump(mode="json"), sort_keys=False, allow_unicode=True, width=100)
    path.write_text(redact(f"# {rel} — written by pmtui\n{body}"), encoding="utf-8")
    return path


def load_manifest(path: str | Path) -> ReleaseManifest:
    import yaml

    return ReleaseManifest.model_validate(yaml.safe_load(Path(path).read_text(encoding="utf-8")))
