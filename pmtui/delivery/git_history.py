"""What the plan branch holds: a task's commit, checkpoint tags, and the log and diff stat since a commit.

Split from git_ops.py (near its 800-line limit); git_ops still answers for these names (its module __getattr__), so
`git_ops.tag_checkpoint` and the rest keep working where they are called and patched.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pmtui.delivery import git_ops
from pmtui.delivery.git_files import SINCE, TREE_OF, CommitInfo, remember

if TYPE_CHECKING:
    from git import Repo


def find_task_commit(repo: Repo | str | Path, branch: str, task_id: str, since: str = "") -> str | None:
    """The newest commit on `branch` whose body has the line `Refs: task-<id>` (resume guard); with `since`, only
    among the commits after it (a run that builds on a release never takes that release's task of the same id)."""
    root = git_ops.repo_root(repo)
    if git_ops.complete(root, ["rev-parse", "--verify", "--quiet", f"{branch}^{{commit}}"]).returncode != 0:
        return None
    marker = f"Refs: task-{task_id}"
    out = git_ops.run_git(root, "log", f"{since}..{branch}" if since else branch, "--fixed-strings",
                          f"--grep={marker}", "--format=%H%x00%B%x1e")
    for record in out.split("\x1e"):
        sha, _, body = record.strip("\n").partition("\0")
        if sha and any(line.strip() == marker for line in body.splitlines()):
            return sha
    return None


def checkpoint_tag_name(plan_id: str, task_id: str) -> str:
    return f"pm/{plan_id}/checkpoint-{task_id}"


def tag_checkpoint(repo: Repo | str | Path, plan_id: str, task_id: str, sha: str) -> str:
    """Tag `pm/<plan-id>/checkpoint-<task-id>` on `sha`; an existing tag on the same commit is fine."""
    root = git_ops.repo_root(repo)
    name = checkpoint_tag_name(plan_id, task_id)
    commit = sha if git_ops.FULL_SHA.fullmatch(sha) else git_ops.run_git(root, "rev-parse", "--verify",
                                                                         f"{sha}^{{commit}}")
    if git_ops.ref_sha(root, f"refs/tags/{name}") is not None:
        existing = git_ops.run_git(root, "rev-parse", "--verify", "--quiet", f"refs/tags/{name}^{{commit}}")
        if existing != commit:
            raise git_ops.GitError(f"tag {name} already points at {existing[:12]}, not {commit[:12]}: "
                                   "tags are never moved")
        return name
    git_ops.run_git(root, "tag", "-a", name, commit, "-m", f"pmtui checkpoint after task {task_id} of plan {plan_id}")
    return name


def tree_of(repo: Repo | str | Path, commit: str) -> str:
    """The tree object of a commit (`commit^{tree}`)."""
    known = TREE_OF.get(commit)
    if known is not None:
        return known
    return git_ops.run_git(git_ops.repo_root(repo), "rev-parse", f"{commit}^{{tree}}")


def _since(repo: Repo | str | Path, sha: str, ref: str) -> tuple[list[CommitInfo], str | None]:
    """Commits `sha..ref` oldest first, and their diff stat when one `git log --stat` tells it: a single
    commit whose only parent is `sha`."""
    if (sha, ref) in SINCE:
        return SINCE[(sha, ref)]
    out = git_ops.run_git(git_ops.repo_root(repo), *git_ops._DIFF_CONFIG, "log", "--reverse", "--stat", "-M",
                          "--no-ext-diff", "--format=%x1e%H%x00%P%x00%s%x00%b%x00%T%x00", f"{sha}..{ref}")
    commits: list[CommitInfo] = []
    parents: list[list[str]] = []
    stats: list[str] = []
    for record in out.split("\x1e")[1:]:
        fields = record.split("\0")
        if len(fields) < 6:
            continue
        commits.append(CommitInfo(sha=fields[0], subject=fields[2], body=fields[3].strip()))
        parents.append(fields[1].split())
        stats.append(fields[5].strip("\n"))
        remember(None, None, fields[0], fields[4])
    stat = stats[0] if len(commits) == 1 and parents[0] == [sha] else None
    remember((sha, ref), (commits, stat))
    return commits, stat


def log_since(repo: Repo | str | Path, sha: str, ref: str = "HEAD") -> list[CommitInfo]:
    """Commits after `sha` up to `ref`, oldest first (the per-cycle incremental view)."""
    return list(_since(repo, sha, ref)[0])


def diff_stat_since(repo: Repo | str | Path, sha: str, ref: str = "HEAD") -> str:
    """`git diff --stat sha..ref`: what changed since the last task's commit, without a rescan.

    One task's commit on top of `sha` (the usual cycle) is read with its subject in one `git log`,
    which `log_since` then reuses; anything else takes a `git diff --stat` of its own.
    """
    stat = _since(repo, sha, ref)[1]
    if stat is not None:
        return stat
    return git_ops.run_git(git_ops.repo_root(repo), *git_ops._DIFF_CONFIG, "diff", "--stat", "--no-ext-diff", sha, ref)
