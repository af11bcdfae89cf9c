"""The handoff (seed 003 §7): the RELEASE SUMMARY the human reads, with the merge command.

pmtui never merges: the summary ends with the command that does.
"""

from __future__ import annotations

from collections.abc import Sequence

from pmtui.delivery.release.manifest import OPEN_AT_RELEASE, manifest_path
from pmtui.delivery.review import REVIEW_DIR
from pmtui.models.delivery import ReleaseManifest


def _inline(items: Sequence[str], empty: str) -> str:
    return "; ".join(items) if items else empty


def handoff_summary(
    plan_name: str, manifest: ReleaseManifest, plan_branch: str, start_branch: str, commits_count: int
) -> str:
    """Seed 003 §7 RELEASE SUMMARY plus the merge command for the human (pmtui never merges)."""
    done = sum(1 for task in manifest.tasks if task.commit_sha)
    open_risks = [
        f"{risk.id}: {risk.description.removesuffix(OPEN_AT_RELEASE)}"
        for risk in manifest.risks
        if risk.description.endswith(OPEN_AT_RELEASE)
    ]
    # Every risk a human accepted is named: an accepted risk is still a risk the merger must see.
    accepted = [
        f"{risk.id}: {risk.description}"
        for risk in manifest.risks
        if risk.status == "accepted" and not risk.description.endswith(OPEN_AT_RELEASE)
    ]
    task_ids = ", ".join(task.task_id for task in manifest.tasks)
    return "\n".join(
        [
            f"RELEASE SUMMARY — {plan_name}",
            "",
            f"Tasks: {done}/{len(manifest.tasks)} completed",
            f"Commits: {commits_count} (see release manifest for full list)",
            f"Breaking changes: {_inline(manifest.breaking_changes, 'none')}",
            f"Open risks: {_inline(open_risks, 'none — all mitigated/accepted')}",
            f"Accepted risks: {_inline(accepted, 'none')}",
            f"Migration: {_inline(manifest.migration_steps, 'none required')}",
            "Rollback: see release manifest",
            f"Recommended next: {_inline(manifest.recommended_next, 'none')}",
            "",
            "Artifacts:",
            f"  - Release manifest: {manifest_path(manifest.release_label or manifest.plan_id)}",
            f"  - Review notes: {REVIEW_DIR}/<task-id>-review.md (per task: {task_ids or 'none'})",
            "",
            f"To merge: git checkout {start_branch} && git merge --no-ff {plan_branch}",
        ]
    )
