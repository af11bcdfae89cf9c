"""The worktrees pmtui makes for tasks: added on a branch or detached, reset for the next task, removed.

Split from git_ops.py (at its 800-line limit): the rest of pmtui's git plumbing stays there.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from pmtui.delivery import git_ops

if TYPE_CHECKING:
    from git import Repo


def add_worktree(repo: Repo | str | Path, path: str | Path, branch: str, base: str) -> Path:
    """A worktree at `path` on `branch` (created from `base` when new; reused when it exists)."""
    root = git_ops.repo_root(repo)
    target = Path(path).resolve()
    for existing in git_ops.list_worktrees(root):
        if Path(existing).resolve() == target:
            return target
    if target.exists() and any(target.iterdir()):
        raise git_ops.GitError(f"{target} exists and is not empty: cannot put a worktree there")
    if git_ops.ref_sha(root, f"refs/heads/{branch}") is not None:
        git_ops.run_git(root, "worktree", "add", "--quiet", str(target), branch)
    else:
        git_ops.run_git(root, "worktree", "add", "--quiet", "-b", branch, str(target), base)
    return target

def add_detached_worktree(repo: Repo | str | Path, path: str | Path, sha: str) -> Path:
    """A new worktree at `path` with a detached HEAD at `sha` (a pooled tree: no branch to create or delete)."""
    target = Path(path).resolve()
    if target.exists() and any(target.iterdir()):
        raise git_ops.GitError(f"{target} exists and is not empty: cannot put a worktree there")
    git_ops.run_git(git_ops.repo_root(repo), "worktree", "add", "--quiet", "--detach", str(target), sha)
    return target

def reset_worktree(tree: str | Path, sha: str) -> None:
    """Make a pooled worktree exactly `sha` with a detached HEAD, for the next task.

    Everything the previous task left goes: untracked and ignored files (`clean -fdx`, so nothing
    leaks between tasks), staged and unstaged changes, a branch the agent switched to.
    """
    root = Path(tree)
    git_ops.run_git(root, "clean", "-ffdxq")
    git_ops.run_git(root, "checkout", "--quiet", "--force", "--detach", sha)

def remove_worktree(repo: Repo | str | Path, path: str | Path, *, delete_branch: str | None = None) -> None:
    """Remove a worktree pmtui made (its leftovers go with it); optionally delete its branch."""
    root = git_ops.repo_root(repo)
    target = Path(path).resolve()
    if any(Path(existing).resolve() == target for existing in git_ops.list_worktrees(root)):
        git_ops.run_git(root, "worktree", "remove", "--force", str(target))
    elif target.exists():
        shutil.rmtree(target)
    git_ops.run_git(root, "worktree", "prune")
    if delete_branch and git_ops.ref_sha(root, f"refs/heads/{delete_branch}") is not None:
        git_ops.run_git(root, "branch", "-D", delete_branch)

def remove_worktrees(repo: Repo | str | Path, paths: Iterable[str | Path]) -> None:
    """Remove several worktrees pmtui made in one go: their directories, then one `worktree prune`."""
    removed = False
    root = git_ops.repo_root(repo)
    targets = [Path(path).resolve() for path in paths]
    # A `worktree add` killed midway leaves its entry locked, and prune keeps a locked entry (and its HEAD,
    # which `git log --all` still lists): the locked ones in these folders are unlocked first.
    entry = ""
    for line in git_ops.run_git(root, "worktree", "list", "--porcelain").splitlines():
        entry = line.removeprefix("worktree ") if line.startswith("worktree ") else entry
        if line.startswith("locked") and any(Path(entry) == t or t in Path(entry).parents for t in targets):
            git_ops.run_git(root, "worktree", "unlock", entry)
            removed = True
    for target in targets:
        if target.exists():
            shutil.rmtree(target)
            removed = True
    if removed:
        git_ops.run_git(root, "worktree", "prune")
