"""What a release changes since its baseline, read from git through the one git runner.

The paths it changes (for migration safety) and the TODO/FIXME/HACK/XXX markers it adds (for the
completeness check), review and release artifacts aside.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.diffs import ChangeSet, parse_diff
from pmtui.delivery.gates.minimum import todo_markers
from pmtui.delivery.git_ops import run_git
from pmtui.delivery.release.manifest import RELEASE_DIR
from pmtui.delivery.review import REVIEW_DIR

# Unquoted non-ASCII paths and no colour, whatever the user's git config says.
_DIFF_SETTINGS = ("-c", "core.quotePath=false", "-c", "color.ui=false")
_ARTIFACT_PREFIXES = (f"{REVIEW_DIR}/", f"{RELEASE_DIR}/")


def changed_since(repo: str | Path, baseline_sha: str, ref: str = "HEAD") -> list[str]:
    """Paths the release changes (baseline..ref), for migration_safety."""
    names = run_git(repo, *_DIFF_SETTINGS, "diff", "--name-only", baseline_sha, ref, strip=False)
    return [line for line in names.splitlines() if line]


def release_todos(repo: str | Path, baseline_sha: str, ref: str = "HEAD") -> list[tuple[str, int, str, bool]]:
    """TODO/FIXME/HACK/XXX the release adds (baseline..ref), review and release artifacts aside."""
    diff = run_git(
        repo, *_DIFF_SETTINGS, "diff", "--no-ext-diff", "--src-prefix=a/", "--dst-prefix=b/", baseline_sha, ref, strip=False
    )
    added, _ = parse_diff(diff)
    kept = {path: lines for path, lines in added.items() if not path.startswith(_ARTIFACT_PREFIXES)}
    return todo_markers(ChangeSet(root=str(repo), base_sha=baseline_sha, added_lines=kept))
