"""The size limits of a change (`[delivery] max_file_mb`, `max_change_mb`): the user's repository stays lean.

A file over the per-file limit is left out of the change set (never hashed into any object store);
this gate fails on it, and on a change whose files add up to more than the per-change limit. A
change that fails it is never committed as it is: its escalation offers no accept.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.diffs import ChangeSet
from pmtui.delivery.gates.nested import TreeListing, tree_listing
from pmtui.delivery.git_ops import change_set
from pmtui.models.delivery import GateResult

MB = 1_000_000


def megabytes(size: int) -> str:
    return f"{size / MB:.1f} MB"


def size_limit(change: ChangeSet, max_file_bytes: int, max_change_bytes: int) -> GateResult:
    """Per file and per change; the evidence names each file, its size, the limit and the setting."""
    evidence: list[str] = []
    for path, size in sorted(change.oversized.items()):
        evidence.append(f"{path} is {megabytes(size)}, over the per-file limit of {megabytes(max_file_bytes)} "
                        "(delivery.max_file_mb in pmtui.toml): it was left out of the change")
    total = sum(change.sizes.values()) + sum(change.oversized.values())
    if total > max_change_bytes:
        biggest = sorted(change.sizes.items(), key=lambda item: -item[1])[:3]
        shown = ", ".join(f"{path} ({megabytes(size)})" for path, size in biggest)
        evidence.append(f"the change's files add up to {megabytes(total)}, over the per-change limit of "
                        f"{megabytes(max_change_bytes)} (delivery.max_change_mb in pmtui.toml); largest: {shown}")
    if evidence:
        evidence.append("remove or shrink them (generated files belong in .gitignore), or raise the limit "
                        "and run the same command again")
        return GateResult(gate="size_limit", passed=False, evidence=evidence)
    return GateResult(gate="size_limit", passed=True,
                      evidence=[f"{len(change.sizes)} file(s), {megabytes(total)} in all: within the limits"])


def changed_paths(root: Path) -> list[str]:
    """Untracked and modified files of the tree, ignored ones aside (what a change set can hold)."""
    return tree_listing(root).changed


def oversized_files(root: Path, limit: int, listed: list[str] | None = None) -> dict[str, int]:
    """Untracked or modified files (ignored ones aside) bigger than `limit` bytes, with their sizes
    (`listed`: changed_paths of the tree, when the caller has it)."""
    found: dict[str, int] = {}
    for path in changed_paths(root) if listed is None else listed:
        try:
            size = (root / path).lstat().st_size
        except OSError:
            continue
        if size > limit:
            found[path] = size
    return found


def limited_change(tree: Path, max_file_bytes: int, listed: TreeListing | None = None) -> ChangeSet:
    """The tree's change set with every file over `max_file_bytes` left out of it (and listed as oversized),
    and every nested git repository left out of it (and listed as nested). `listed`: the tree's listing,
    when the caller has it."""
    listed = tree_listing(Path(tree)) if listed is None else listed
    change = change_set(tree, leave_out=oversized_files(Path(tree), max_file_bytes, listed.changed),
                        nested=listed.nested)
    for path in change.present_files():
        try:
            change.sizes[path] = (Path(tree) / path).lstat().st_size
        except OSError:
            continue
    return change
