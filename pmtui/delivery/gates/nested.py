"""Nested git repositories in a change: refused, never committed (like a found secret).

A folder of the tree that is a git repository of its own (its own `.git`) is staged by `git add` as a
gitlink: a pointer to a commit that exists only in that folder's `.git`, so its files are lost from every
clone and from the plan branch; one with no commit yet makes `git add` fail. Such folders are left out of
the change (never staged) and this gate fails on them; its escalation offers no accept. Git runs through
git_ops.run_git, which never lets git consult a nested repository's own config (core.fsmonitor).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pmtui.delivery.diffs import ChangeSet
from pmtui.delivery.git_ops import run_git
from pmtui.models.delivery import GateResult

# What each finding says; integration tells this gate's refusals from the secret scan's by it.
OWN_REPOSITORY = "is a git repository of its own"


@dataclass(frozen=True)
class TreeListing:
    """One `git ls-files` of a working tree: its untracked and modified files, ignored ones aside (what a change
    set can hold), and its nested git repositories."""

    changed: list[str]
    nested: list[str]


def tree_listing(root: Path) -> TreeListing:
    """Both listings of a tree from one git process (`-t` tags each entry: `?` untracked, `C` modified, `H`
    cached with its mode, so tracked gitlinks show as 160000). Git lists an untracked folder holding a `.git`
    as `folder/`, ignored ones aside; a tracked gitlink counts when its folder now holds a repository."""
    listed = run_git(root, "ls-files", "-z", "-t", "--others", "--exclude-standard", "--modified", "--stage",
                     strip=False)
    changed: list[str] = []
    nested: list[str] = []
    for entry in filter(None, listed.split("\0")):
        tag, body = entry[:2], entry[2:]
        if tag == "? ":
            changed.append(body)
            if body.endswith("/"):
                nested.append(body.rstrip("/"))
            continue
        meta, _, path = body.partition("\t")  # the mode, object and stage hold no tab; a path may
        if tag == "C ":
            changed.append(path)
        elif meta.startswith("160000 ") and (root / path / ".git").exists():
            nested.append(path)
    return TreeListing(changed=list(dict.fromkeys(changed)), nested=sorted(dict.fromkeys(nested)))


def nested_repositories(root: Path) -> list[str]:
    """Folders of the tree that git would stage as gitlinks (tree_listing)."""
    return tree_listing(root).nested


def nested_finding(folder: str, sha: str = "") -> str:
    pointer = f"commit {sha[:12]}" if sha else "a commit"
    return (f"{folder} {OWN_REPOSITORY} ({folder}/.git): committed, it would be a pointer to {pointer} that "
            "exists nowhere else, and its files would be lost")


def nested_repo_gate(change: ChangeSet) -> GateResult:
    """Fails on every nested repository of the change, naming the folder and what to do."""
    if not change.nested:
        return GateResult(gate="nested_repo", passed=True, evidence=["no nested git repository in the change"])
    evidence = [f"{nested_finding(folder)}; it was left out of the change" for folder in change.nested]
    evidence.append("remove the folder's .git to commit its files as part of this repository (or vendor them), "
                    "or add it as a submodule yourself after the run; a nested repository is never committed as it is")
    return GateResult(gate="nested_repo", passed=False, evidence=evidence)
