"""The final release gate (seed 003 §7): full checks, remediation tasks, risk audit, completeness,
the criteria trace, the release manifest and the handoff summary.

run_release_gate runs the plan's test, lint, typecheck and build commands concurrently and looks
at migrations; a failing check becomes a remediation task (the engine re-enters its loop), an
open risk on a CRITICAL task becomes a blocking escalation, and once everything is clean the
manifest is written to docs/releases/<plan-id>-release.yaml. pmtui never merges: the handoff
tells the human the command. One module per concern; this one is the public face the engine
uses as `release.<name>`.
"""

from __future__ import annotations

from pmtui.delivery.release.changes import changed_since, release_todos
from pmtui.delivery.release.completeness import completeness_check
from pmtui.delivery.release.criteria_trace import (
    criteria_locations_from_gates,
    criteria_locations_from_review,
    criteria_trace_for_task,
    criteria_trace_from_store,
    task_criteria,
)
from pmtui.delivery.release.gate import (
    RELEASE_CHECKS,
    ReleaseGateResult,
    count_tests,
    environment_commands,
    run_release_gate,
)
from pmtui.delivery.release.handoff import handoff_summary
from pmtui.delivery.release.manifest import (
    OPEN_AT_RELEASE,
    RELEASE_DIR,
    build_manifest,
    load_manifest,
    manifest_from_store,
    manifest_path,
    release_rollback_plan,
    write_manifest,
)
from pmtui.delivery.release.migrations import (
    MIGRATION_RISK_ID,
    find_migrations,
    migration_safety,
    migration_steps_for,
)
from pmtui.delivery.release.remediation import MAX_CRITERIA_LINES, failure_criteria, remediation_tasks
from pmtui.delivery.release.risks import RISK_OPTIONS, risk_answer, risk_audit, risk_id_of

__all__ = [
    "MAX_CRITERIA_LINES",
    "MIGRATION_RISK_ID",
    "OPEN_AT_RELEASE",
    "RELEASE_CHECKS",
    "RELEASE_DIR",
    "RISK_OPTIONS",
    "ReleaseGateResult",
    "build_manifest",
    "changed_since",
    "completeness_check",
    "count_tests",
    "criteria_locations_from_gates",
    "criteria_locations_from_review",
    "criteria_trace_for_task",
    "criteria_trace_from_store",
    "environment_commands",
    "failure_criteria",
    "find_migrations",
    "handoff_summary",
    "load_manifest",
    "manifest_from_store",
    "manifest_path",
    "migration_safety",
    "migration_steps_for",
    "release_rollback_plan",
    "release_todos",
    "remediation_tasks",
    "risk_answer",
    "risk_audit",
    "risk_id_of",
    "run_release_gate",
    "task_criteria",
    "write_manifest",
]
