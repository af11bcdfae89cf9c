"""The review gate (seed 003 §5): gate commands, the six minimum gates and the tier review.

One room per concern: `commands` runs gate commands, `alignment` maps acceptance criteria to the
change, `minimum` holds the six minimum gates, `tier_gates` the tier review and `reviewer` what a
reviewer is asked and how its reply is read. Every gate returns a GateResult whose evidence lines
say what was checked and what was found; nothing here prints. This module is the public face:
the engine and the release gate use `gates.<name>`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pmtui.delivery.gates.alignment import (
        Ask,
        map_criteria,
        plan_alignment,
        reviewer_locations,
        significant_words,
        unmapped_criteria,
        vouching_line,
    )
    from pmtui.delivery.gates.command_criteria import checked_by_commands
    from pmtui.delivery.gates.commands import (
        MAX_KEY_LINES,
        CommandResult,
        gate_cache_dir,
        gate_env,
        key_lines,
        needs_shell,
        run_command,
        run_commands,
        signal_process_group,
        summary_counts,
    )
    from pmtui.delivery.gates.kept_entries import kept_entries_gate, lost_entries
    from pmtui.delivery.gates.limits import MB, changed_paths, limited_change, oversized_files, size_limit
    from pmtui.delivery.gates.locations import CriterionLocation
    from pmtui.delivery.gates.minimum import (
        MINIMUM_GATES,
        agent_conduct,
        change_gate,
        gate_commands,
        is_test_path,
        lint_and_typecheck,
        minimum_gate,
        no_orphan_todos,
        review_note,
        tests_added,
        tests_run,
        todo_markers,
    )
    from pmtui.delivery.gates.nested import (
        OWN_REPOSITORY,
        TreeListing,
        nested_finding,
        nested_repo_gate,
        nested_repositories,
        tree_listing,
    )
    from pmtui.delivery.gates.own_config import OWN_CONFIG, own_config_gate, unplanned_config_changes
    from pmtui.delivery.gates.reviewer import (
        Reviewer,
        ReviewRequest,
        ReviewVerdict,
        offline_reviewer,
        parse_review_reply,
        render_review_prompt,
    )
    from pmtui.delivery.gates.tier_gates import (
        MAX_DIFF_CHARS,
        REVIEW_UNAVAILABLE,
        BreakingChange,
        ScopeVerdict,
        breaking_change,
        breaking_change_gate,
        low_tier_sanity,
        migrations_reversible,
        out_of_scope_files,
        secrets_scan,
        sensitive_files,
        tier_review,
    )
    from pmtui.delivery.review import REVIEW_DIR
    from pmtui.delivery.tree_hygiene import TOOL_CACHES

# Each public name and the module it lives in, imported when first asked for (PEP 562): a process that only
# runs gate commands (an executor, the dashboard's process) never loads the criteria vocabularies, which are
# about half a second of imports.
_HOMES: dict[str, tuple[str, ...]] = {
    "pmtui.delivery.gates.alignment": (
        "Ask", "map_criteria", "plan_alignment", "reviewer_locations", "significant_words",
        "unmapped_criteria", "vouching_line",
    ),
    "pmtui.delivery.gates.command_criteria": ("checked_by_commands",),
    "pmtui.delivery.gates.commands": (
        "MAX_KEY_LINES", "CommandResult", "gate_cache_dir", "gate_env", "key_lines", "needs_shell", "run_command",
        "run_commands", "signal_process_group", "summary_counts",
    ),
    "pmtui.delivery.gates.locations": ("CriterionLocation",),
    "pmtui.delivery.gates.kept_entries": ("kept_entries_gate", "lost_entries"),
    "pmtui.delivery.gates.limits": ("MB", "changed_paths", "limited_change", "oversized_files", "size_limit"),
    "pmtui.delivery.gates.minimum": (
        "MINIMUM_GATES", "agent_conduct", "change_gate", "gate_commands", "is_test_path", "lint_and_typecheck", "minimum_gate",
        "no_orphan_todos", "review_note", "tests_added", "tests_run", "todo_markers",
    ),
    "pmtui.delivery.gates.nested": (
        "OWN_REPOSITORY", "TreeListing", "nested_finding", "nested_repo_gate", "nested_repositories", "tree_listing",
    ),
    "pmtui.delivery.gates.own_config": ("OWN_CONFIG", "own_config_gate", "unplanned_config_changes"),
    "pmtui.delivery.gates.reviewer": (
        "Reviewer", "ReviewRequest", "ReviewVerdict", "offline_reviewer", "parse_review_reply",
        "render_review_prompt",
    ),
    "pmtui.delivery.gates.tier_gates": (
        "MAX_DIFF_CHARS", "REVIEW_UNAVAILABLE", "BreakingChange", "ScopeVerdict", "breaking_change",
        "breaking_change_gate", "low_tier_sanity", "migrations_reversible", "out_of_scope_files", "secrets_scan",
        "sensitive_files", "tier_review",
    ),
    "pmtui.delivery.review": ("REVIEW_DIR",),
    "pmtui.delivery.tree_hygiene": ("TOOL_CACHES",),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "MAX_DIFF_CHARS",
    "MAX_KEY_LINES",
    "MB",
    "MINIMUM_GATES",
    "OWN_CONFIG",
    "OWN_REPOSITORY",
    "REVIEW_DIR",
    "REVIEW_UNAVAILABLE",
    "TOOL_CACHES",
    "Ask",
    "BreakingChange",
    "CommandResult",
    "CriterionLocation",
    "ReviewRequest",
    "ReviewVerdict",
    "Reviewer",
    "ScopeVerdict",
    "TreeListing",
    "agent_conduct",
    "breaking_change",
    "breaking_change_gate",
    "change_gate",
    "changed_paths",
    "checked_by_commands",
    "gate_cache_dir",
    "gate_commands",
    "gate_env",
    "is_test_path",
    "kept_entries_gate",
    "key_lines",
    "limited_change",
    "lint_and_typecheck",
    "lost_entries",
    "low_tier_sanity",
    "map_criteria",
    "migrations_reversible",
    "minimum_gate",
    "needs_shell",
    "nested_finding",
    "nested_repo_gate",
    "nested_repositories",
    "no_orphan_todos",
    "offline_reviewer",
    "out_of_scope_files",
    "oversized_files",
    "own_config_gate",
    "parse_review_reply",
    "plan_alignment",
    "render_review_prompt",
    "review_note",
    "reviewer_locations",
    "run_command",
    "run_commands",
    "secrets_scan",
    "sensitive_files",
    "signal_process_group",
    "significant_words",
    "size_limit",
    "summary_counts",
    "tests_added",
    "tests_run",
    "tier_review",
    "todo_markers",
    "tree_listing",
    "unmapped_criteria",
    "unplanned_config_changes",
    "vouching_line",
]
