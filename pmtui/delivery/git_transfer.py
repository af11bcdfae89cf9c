"""A tree's state carried to another machine and back (the cluster executor): a binary patch of a working
tree, its application, a bundle of HEAD, a clone at a commit and a pushed base. Git runs through
git_ops, the one place pmtui starts git."""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.git_ops import GitError, complete, diff_whole_tree, head, run_git
from pmtui.redaction import clip


def binary_patch(worktree: str | Path, base: str) -> bytes:
    """Everything the working tree holds beyond `base` as one binary-safe patch (`git apply` input).

    Untracked files are in, ignored ones out (as in change_set); modes, symlinks, deletions and
    binary files survive; an agent's own commits on top of `base` are part of it too. Empty when
    the tree is exactly `base`.
    """
    out = diff_whole_tree(Path(worktree), base, "--binary", "--full-index", "--no-renames")
    return out.encode("utf-8", "surrogateescape")


def apply_patch(worktree: str | Path, patch: bytes) -> None:
    """Apply a binary_patch to the working tree (not the index); GitError names what did not apply."""
    if not patch:
        return
    done = complete(Path(worktree), ["apply", "--binary", "--whitespace=nowarn", "-"],
                     stdin=patch.decode("utf-8", "surrogateescape"))
    if done.returncode != 0:
        raise GitError(f"the change did not apply: {clip((done.stderr or done.stdout).strip(), 2000)}")


def bundle_head(worktree: str | Path, target: str | Path) -> str:
    """A `git bundle` of the tree's HEAD and its history at `target`; the sha it holds."""
    root = Path(worktree)
    sha = head(root)[0]
    if sha is None:
        raise GitError(f"{root} has no commit to bundle")
    run_git(root, "bundle", "create", "--quiet", str(target), "HEAD")
    return sha


def clone_at(source: str | Path, target: str | Path, sha: str, *, ref: str = "") -> None:
    """A fresh clone of `source` (a bundle file or a URL) at `target`, HEAD detached at `sha`.

    From a URL only `ref` is fetched (pmtui pushed the base commit there); a bundle holds HEAD.
    """
    path = Path(target)
    path.mkdir(parents=True, exist_ok=True)
    run_git(path, "init", "--quiet")
    run_git(path, "fetch", "--quiet", "--no-tags", str(source), ref or "HEAD")
    run_git(path, "-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", sha)


def push_base(repo: str | Path, url: str, sha: str) -> str:
    """Make `sha` fetchable from `url` under `refs/pmtui/bases/<sha>` (a new ref: never a forced push)."""
    ref = f"refs/pmtui/bases/{sha}"
    run_git(Path(repo), "push", "--quiet", "--no-verify", url, f"{sha}:{ref}")
    return ref
