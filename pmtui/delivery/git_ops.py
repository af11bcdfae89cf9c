"""Git for delivery (DESIGN.md "Git", seed 003 §5–6): the plan branch, worktrees, change sets, commits, tags.

Work happens on `pm/<plan-id>`, created from the starting HEAD; the branch the user started on is
never moved. Parallel tasks get a worktree each; high-blast-radius critical tasks a feature branch
`feat/<plan-id>/<task-id>-<slug>` merged at staged integration. Sub-agents never commit: pmtui
does, with a conventional subject and `Refs: task-<id>` / `Review: …` in the body, never amending
and never forcing. gitpython is imported inside the functions so importing this module stays cheap.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from git import Repo

COMMIT_TYPES: tuple[str, ...] = ("feat", "fix", "docs", "refactor", "test", "chore", "perf", "build", "ci", "style")
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
MAX_SUBJECT = 72
# Settings that would change the diff text we parse; passed on every call that reads a diff.
_DIFF_CONFIG = ("-c", "core.quotePath=false", "-c", "diff.noprefix=false", "-c", "color.ui=false")
_HUNK = re.compile(r"^@@ -(?P<old>\d+)(?:,\d+)? \+(?P<new>\d+)(?:,\d+)? @@")
_SLUG_CHARS = re.compile(r"[^a-z0-9]+")


class GitError(Exception):
    """A git operation delivery cannot go on without; the message says what to do."""


class Snapshot(BaseModel):
    """What a working tree looked like before an agent ran (for detect_agent_tampering)."""

    root: str
    head_sha: str | None
    branch: str | None
    status: list[str] = Field(default_factory=list)
    outside: dict[str, str] = Field(default_factory=dict)
    sentinels: list[str] = Field(default_factory=list)


class ChangeSet(BaseModel):
    """The working tree against HEAD, untracked files included, files git ignores excluded."""

    root: str
    base_sha: str
    added: list[str] = Field(default_factory=list)
    modified: list[str] = Field(default_factory=list)
    deleted: list[str] = Field(default_factory=list)
    renamed: list[tuple[str, str]] = Field(default_factory=list)
    stat: str = ""
    name_status: list[str] = Field(default_factory=list)
    added_lines: dict[str, list[tuple[int, str]]] = Field(default_factory=dict)
    removed_lines: dict[str, list[tuple[int, str]]] = Field(default_factory=dict)
    diff: str = ""

    def files(self) -> list[str]:
        """Every path the change leaves in the tree or takes out of it (new names for renames)."""
        return [*self.added, *self.modified, *(new for _, new in self.renamed), *self.deleted]

    def present_files(self) -> list[str]:
        """Paths of the change that exist after it (added, modified, renamed-to)."""
        return [*self.added, *self.modified, *(new for _, new in self.renamed)]

    def is_empty(self) -> bool:
        return not (self.added or self.modified or self.deleted or self.renamed)

    def lines_added(self) -> int:
        return sum(len(lines) for lines in self.added_lines.values())

    def lines_removed(self) -> int:
        return sum(len(lines) for lines in self.removed_lines.values())


class CommitInfo(BaseModel):
    sha: str
    subject: str
    body: str = ""


def _git_module():  # type: ignore[no-untyped-def]
    import git

    return git


def open_repo(path: str | Path) -> Repo:
    """The repository at `path` (or the one `path` is inside); GitError when there is none."""
    git = _git_module()
    target = Path(path).expanduser()
    if not target.is_dir():
        raise GitError(f"{target} is not a git repository (no such directory)")
    try:
        repo = git.Repo(target, search_parent_directories=True)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError):
        raise GitError(f"{target} is not a git repository") from None
    if repo.bare:
        raise GitError(f"{target} is a bare git repository: delivery needs a working tree")
    return repo


def _as_repo(repo: Repo | str | Path) -> Repo:
    return open_repo(repo) if isinstance(repo, (str, Path)) else repo


def _run(repo: Repo, *args: str, env: dict[str, str] | None = None, strip: bool = True) -> str:
    git = _git_module()
    try:
        return str(repo.git.execute(["git", *args], env=env, strip_newline_in_stdout=strip))
    except git.GitCommandError as error:
        detail = (error.stderr or error.stdout or "").strip().removeprefix("stderr: ").strip("'\n ")
        raise GitError(f"git {' '.join(args[:3])} failed: {detail or error}") from None


def _head_sha(repo: Repo) -> str | None:
    try:
        return str(repo.head.commit.hexsha)
    except ValueError:
        return None


def _branch(repo: Repo) -> str | None:
    return None if repo.head.is_detached else str(repo.head.ref.name)


def _status_paths(repo: Repo) -> list[str]:
    """`git status` entries as `XY path`; untracked files count, ignored files do not."""
    out = _run(repo, "status", "--porcelain=v1", "-z", "--untracked-files=all", strip=False)
    entries: list[str] = []
    parts = out.split("\0")
    index = 0
    while index < len(parts):
        entry = parts[index]
        index += 1
        if not entry:
            continue
        code, path = entry[:2], entry[3:]
        if code[0] in "RC":
            index += 1
        entries.append(f"{code} {path}")
    return entries


def ensure_clean(repo: Repo | str | Path) -> None:
    """Refuse a working tree with uncommitted changes (untracked files included, ignored ones not)."""
    repo = _as_repo(repo)
    entries = _status_paths(repo)
    if entries:
        names = [entry[3:] for entry in entries]
        shown = " ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
        raise GitError(f"the working tree has uncommitted changes: commit or stash them first ({shown})")


def plan_branch_name(plan_id: str) -> str:
    return f"pm/{plan_id}"


def _config_get(repo: Repo, key: str) -> str | None:
    try:
        return _run(repo, "config", "--local", "--get", key) or None
    except GitError:
        return None


def prepare_plan_branch(repo: Repo | str | Path, plan_id: str) -> tuple[str, str, str]:
    """Create `pm/<plan-id>` at HEAD and check it out, or check out the existing one (resume).

    Returns (start_branch, plan_branch, baseline_sha). The start branch and baseline are kept in
    the repository's local config (`pmtui.<plan-id>.*`) so a resumed run reports the first run's
    values; the start branch itself is never moved.
    """
    repo = _as_repo(repo)
    plan_branch = plan_branch_name(plan_id)
    _run(repo, "check-ref-format", "--branch", plan_branch)
    head = _head_sha(repo)
    if head is None:
        raise GitError(f"{repo.working_tree_dir} has no commits yet: commit something before delivering")
    current = _branch(repo) or head
    exists = plan_branch in [str(branch.name) for branch in repo.branches]
    if not exists:
        _run(repo, "branch", plan_branch, head)
        _run(repo, "config", "--local", f"pmtui.{plan_id}.startbranch", current)
        _run(repo, "config", "--local", f"pmtui.{plan_id}.baseline", head)
    if current != plan_branch:
        _run(repo, "checkout", "--quiet", plan_branch)
    start = _config_get(repo, f"pmtui.{plan_id}.startbranch") or (current if current != plan_branch else "")
    baseline = _config_get(repo, f"pmtui.{plan_id}.baseline")
    if baseline is None:
        base = _run(repo, "merge-base", plan_branch, start) if start else ""
        baseline = base or head
    return start, plan_branch, baseline


def slugify(text: str, limit: int = 40) -> str:
    slug = _SLUG_CHARS.sub("-", text.lower()).strip("-")
    return slug[:limit].rstrip("-") or "task"


def feature_branch_name(plan_id: str, task_id: str, title: str) -> str:
    """`feat/<plan-id>/<task-id>-<slug>` (seed 003 §6), also used for a parallel task's worktree."""
    return f"feat/{plan_id}/{task_id}-{slugify(title)}"


def add_worktree(repo: Repo | str | Path, path: str | Path, branch: str, base: str) -> Path:
    """A worktree at `path` on `branch` (created from `base` when new; reused when it exists)."""
    repo = _as_repo(repo)
    target = Path(path).resolve()
    for existing in list_worktrees(repo):
        if Path(existing).resolve() == target:
            return target
    if target.exists() and any(target.iterdir()):
        raise GitError(f"{target} exists and is not empty: cannot put a worktree there")
    if branch in [str(head.name) for head in repo.branches]:
        _run(repo, "worktree", "add", "--quiet", str(target), branch)
    else:
        _run(repo, "worktree", "add", "--quiet", "-b", branch, str(target), base)
    return target


def list_worktrees(repo: Repo | str | Path) -> list[str]:
    repo = _as_repo(repo)
    out = _run(repo, "worktree", "list", "--porcelain")
    return [line.removeprefix("worktree ") for line in out.splitlines() if line.startswith("worktree ")]


def remove_worktree(repo: Repo | str | Path, path: str | Path, *, delete_branch: str | None = None) -> None:
    """Remove a worktree pmtui made (its leftovers go with it); optionally delete its branch."""
    repo = _as_repo(repo)
    target = Path(path).resolve()
    if any(Path(existing).resolve() == target for existing in list_worktrees(repo)):
        _run(repo, "worktree", "remove", "--force", str(target))
    elif target.exists():
        shutil.rmtree(target)
    _run(repo, "worktree", "prune")
    if delete_branch and delete_branch in [str(head.name) for head in repo.branches]:
        _run(repo, "branch", "-D", delete_branch)


def _fingerprint(path: Path) -> str:
    try:
        info = path.lstat()
    except OSError:
        return "missing"
    if path.is_symlink():
        return f"link:{os.readlink(path)}"
    if path.is_dir():
        return "dir"
    return f"file:{info.st_size}:{info.st_mtime_ns}"


def _outside_paths(root: Path, worktrees: Iterable[str], sentinels: Sequence[str | Path]) -> dict[str, str]:
    """Entries beside the working tree (not recursive) plus explicit sentinel paths.

    Regular files are compared by size and mtime, directories only by presence, so activity inside
    sibling directories (other worktrees) is not mistaken for the agent writing outside its tree.
    """
    skip = {Path(tree).resolve() for tree in worktrees} | {root}
    seen: dict[str, str] = {}
    parent = root.parent
    try:
        children = sorted(parent.iterdir())
    except OSError:
        children = []
    for child in children:
        if child.resolve() in skip:
            continue
        seen[str(child)] = _fingerprint(child)
    for sentinel in sentinels:
        seen[str(Path(sentinel))] = _fingerprint(Path(sentinel))
    return seen


def snapshot(repo_or_worktree: Repo | str | Path, sentinels: Sequence[str | Path] = ()) -> Snapshot:
    """HEAD, branch, status and the outside fingerprint of a working tree, taken before dispatch."""
    repo = _as_repo(repo_or_worktree)
    root = Path(str(repo.working_tree_dir)).resolve()
    return Snapshot(
        root=str(root),
        head_sha=_head_sha(repo),
        branch=_branch(repo),
        status=_status_paths(repo),
        outside=_outside_paths(root, list_worktrees(repo), sentinels),
        sentinels=[str(Path(sentinel)) for sentinel in sentinels],
    )


def detect_agent_tampering(before: Snapshot, worktree: Repo | str | Path) -> list[str]:
    """Evidence lines when the agent committed, switched branches or wrote beside the repository.

    Checked: HEAD's sha and branch; the entries of the directory that holds the working tree
    (created, deleted or rewritten files, created or deleted directories — worktrees git knows
    about are left out) and the sentinel paths given to snapshot. Changes inside the tree are the
    agent's job and are judged by the gates, not here.
    """
    repo = _as_repo(worktree)
    evidence: list[str] = []
    head = _head_sha(repo)
    if head != before.head_sha:
        log = ""
        if before.head_sha and head:
            try:
                log = _run(repo, "log", "--format=%h %s", f"{before.head_sha}..{head}")
            except GitError:
                log = ""
        commits = "; ".join(log.splitlines()[:5])
        evidence.append(
            f"HEAD moved from {(before.head_sha or 'nothing')[:12]} to {(head or 'nothing')[:12]}: "
            f"the agent committed (sub-agents never commit){f' — {commits}' if commits else ''}"
        )
    branch = _branch(repo)
    if branch != before.branch:
        evidence.append(f"the agent switched the working tree from {before.branch} to {branch or 'a detached HEAD'}")
    root = Path(before.root)
    now = _outside_paths(root, list_worktrees(repo), before.sentinels)
    for path in sorted(set(before.outside) | set(now)):
        old, new = before.outside.get(path), now.get(path)
        if old == new:
            continue
        if old is None:
            evidence.append(f"a file outside the repository was created: {path}")
        elif new is None or new == "missing":
            evidence.append(f"a file outside the repository was deleted: {path}")
        else:
            evidence.append(f"a file outside the repository changed: {path}")
    return evidence


def _unquote(path: str) -> str:
    """Undo git's C-style quoting of a path ("a\\tb" and octal escapes)."""
    if not (path.startswith('"') and path.endswith('"')):
        return path
    raw = path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1")
    return raw.decode("utf-8", "replace")


def _diff_path(line: str, prefix: str) -> str | None:
    rest = line[4:].rstrip("\t")
    if rest == "/dev/null":
        return None
    rest = _unquote(rest)
    return rest.removeprefix(prefix)


def _parse_diff(diff: str) -> tuple[dict[str, list[tuple[int, str]]], dict[str, list[tuple[int, str]]]]:
    added: dict[str, list[tuple[int, str]]] = {}
    removed: dict[str, list[tuple[int, str]]] = {}
    old_path: str | None = None
    new_path: str | None = None
    old_line = new_line = 0
    in_hunk = False
    for line in diff.split("\n"):
        if line.startswith("diff --git "):
            in_hunk = False
            old_path = new_path = None
            continue
        if not in_hunk and line.startswith("--- "):
            old_path = _diff_path(line, "a/")
            continue
        if not in_hunk and line.startswith("+++ "):
            new_path = _diff_path(line, "b/")
            continue
        match = _HUNK.match(line)
        if match:
            in_hunk = True
            old_line, new_line = int(match["old"]), int(match["new"])
            continue
        if not in_hunk:
            continue
        if line.startswith("+"):
            if new_path is not None:
                added.setdefault(new_path, []).append((new_line, line[1:]))
            new_line += 1
        elif line.startswith("-"):
            if old_path is not None:
                removed.setdefault(old_path, []).append((old_line, line[1:]))
            old_line += 1
        elif line.startswith(" "):
            old_line += 1
            new_line += 1
    return added, removed


def change_set(worktree: Repo | str | Path) -> ChangeSet:
    """The change in a working tree against HEAD, read through a temporary index.

    `git add -A` runs into a copy of the index (GIT_INDEX_FILE), so untracked files are part of
    the change, files git ignores are not, and the real index is left exactly as it was.
    """
    repo = _as_repo(worktree)
    root = Path(str(repo.working_tree_dir)).resolve()
    base = _head_sha(repo) or EMPTY_TREE
    real_index = Path(_run(repo, "rev-parse", "--path-format=absolute", "--git-path", "index"))
    scratch = Path(tempfile.mkdtemp(prefix="pmtui-index-"))
    try:
        temp_index = scratch / "index"
        if real_index.exists():
            shutil.copyfile(real_index, temp_index)
        env = {"GIT_INDEX_FILE": str(temp_index)}
        _run(repo, "add", "-A", "--", ".", env=env)
        diff_args = [*_DIFF_CONFIG, "diff", "--cached", "--no-ext-diff", "--no-textconv", "-M"]
        name_status_raw = _run(repo, *diff_args, "--name-status", "-z", base, env=env, strip=False)
        stat = _run(repo, *diff_args, "--stat", base, env=env)
        diff = _run(repo, *diff_args, "--src-prefix=a/", "--dst-prefix=b/", base, env=env, strip=False)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    change = ChangeSet(root=str(root), base_sha=base, stat=stat, diff=diff)
    parts = name_status_raw.split("\0")
    index = 0
    while index < len(parts):
        code = parts[index]
        index += 1
        if not code:
            continue
        if code[0] in "RC":
            old, new = parts[index], parts[index + 1]
            index += 2
            change.name_status.append(f"{code}\t{old}\t{new}")
            if code[0] == "R":
                change.renamed.append((old, new))
            else:
                change.added.append(new)
            continue
        path = parts[index]
        index += 1
        change.name_status.append(f"{code}\t{path}")
        if code[0] == "A":
            change.added.append(path)
        elif code[0] == "D":
            change.deleted.append(path)
        else:
            change.modified.append(path)
    change.added_lines, change.removed_lines = _parse_diff(diff)
    return change


def _commit_subject(type_: str, scope: str, description: str) -> str:
    if type_ not in COMMIT_TYPES:
        raise GitError(f"commit type {type_!r} is not one of {', '.join(COMMIT_TYPES)}")
    scope = slugify(scope, 30) if scope.strip() else ""
    text = " ".join(description.split()).rstrip(".")
    first = text.split(" ", 1)[0] if text else ""
    # Conventional subjects start lower-case; an acronym such as "API" keeps its capitals.
    if first and not first.isupper():
        text = text[0].lower() + text[1:]
    head = f"{type_}({scope}): " if scope else f"{type_}: "
    if len(head) + len(text) > MAX_SUBJECT:
        text = text[: MAX_SUBJECT - len(head) - 1].rstrip() + "…"
    return head + (text or "task")


def commit_message(*, type_: str, scope: str, description: str, task_id: str, review_path: str) -> str:
    """`type(scope): description`, a blank line, `Refs: task-<id>` and `Review: <path>`."""
    return f"{_commit_subject(type_, scope, description)}\n\nRefs: task-{task_id}\nReview: {review_path}\n"


def commit_task(
    worktree: Repo | str | Path, *, type_: str, scope: str, description: str, task_id: str, review_path: str
) -> str:
    """Stage the whole change plus the review artifact and commit it; never amends. Returns the sha."""
    repo = _as_repo(worktree)
    message = commit_message(
        type_=type_, scope=scope, description=description, task_id=task_id, review_path=review_path
    )
    _run(repo, "add", "-A", "--", ".")
    root = Path(str(repo.working_tree_dir))
    if (root / review_path).exists():
        # The review artifact goes in even where a .gitignore would keep docs/ out.
        _run(repo, "add", "--force", "--", review_path)
    if not _run(repo, "diff", "--cached", "--name-only"):
        raise GitError(f"nothing to commit for task {task_id}: the change is empty")
    scratch = Path(tempfile.mkdtemp(prefix="pmtui-msg-"))
    try:
        message_file = scratch / "message"
        message_file.write_text(message, encoding="utf-8")
        _run(repo, "commit", "--quiet", "--cleanup=verbatim", "-F", str(message_file))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return str(repo.head.commit.hexsha)


def find_task_commit(repo: Repo | str | Path, branch: str, task_id: str) -> str | None:
    """The newest commit on `branch` whose body has the line `Refs: task-<id>` (resume guard)."""
    repo = _as_repo(repo)
    try:
        _run(repo, "rev-parse", "--verify", "--quiet", f"{branch}^{{commit}}")
    except GitError:
        return None
    marker = f"Refs: task-{task_id}"
    out = _run(repo, "log", branch, "--fixed-strings", f"--grep={marker}", "--format=%H%x00%B%x1e")
    for record in out.split("\x1e"):
        sha, _, body = record.strip("\n").partition("\0")
        if sha and any(line.strip() == marker for line in body.splitlines()):
            return sha
    return None


def checkpoint_tag_name(plan_id: str, task_id: str) -> str:
    return f"pm/{plan_id}/checkpoint-{task_id}"


def tag_checkpoint(repo: Repo | str | Path, plan_id: str, task_id: str, sha: str) -> str:
    """Tag `pm/<plan-id>/checkpoint-<task-id>` on `sha`; an existing tag on the same commit is fine."""
    repo = _as_repo(repo)
    name = checkpoint_tag_name(plan_id, task_id)
    commit = _run(repo, "rev-parse", "--verify", f"{sha}^{{commit}}")
    try:
        existing = _run(repo, "rev-parse", "--verify", "--quiet", f"refs/tags/{name}^{{commit}}")
    except GitError:
        existing = ""
    if existing:
        if existing != commit:
            raise GitError(f"tag {name} already points at {existing[:12]}, not {commit[:12]}: tags are never moved")
        return name
    _run(repo, "tag", "-a", name, commit, "-m", f"pmtui checkpoint after task {task_id} of plan {plan_id}")
    return name


def _conflicts(repo: Repo) -> list[str]:
    out = _run(repo, "diff", "--name-only", "--diff-filter=U")
    return [line for line in out.splitlines() if line]


def bring_onto(
    repo: Repo | str | Path,
    plan_branch: str,
    sha_or_branch: str,
    *,
    mode: Literal["cherry-pick", "merge"] = "cherry-pick",
    message: str | None = None,
) -> str:
    """Put a worktree's commit (cherry-pick) or a feature branch (merge --no-ff) onto the plan branch.

    The plan branch must be checked out in `repo`. A commit already contained in it is a no-op.
    On a conflict the operation is aborted (the plan branch is left as it was) and GitError names
    the files. Returns the plan branch's new HEAD.
    """
    repo = _as_repo(repo)
    if _branch(repo) != plan_branch:
        raise GitError(f"{plan_branch} is not checked out in {repo.working_tree_dir}")
    target = _run(repo, "rev-parse", "--verify", f"{sha_or_branch}^{{commit}}")
    head = _head_sha(repo) or ""
    try:
        _run(repo, "merge-base", "--is-ancestor", target, head)
        return head
    except GitError:
        pass
    if mode == "merge":
        text = message or f"Merge {sha_or_branch} into {plan_branch} (staged integration)"
        args = ["merge", "--no-ff", "--no-edit", "-m", text, target]
        abort = ["merge", "--abort"]
    else:
        args = ["cherry-pick", "--allow-empty", target]
        abort = ["cherry-pick", "--abort"]
    try:
        _run(repo, *args)
    except GitError:
        conflicts = _conflicts(repo)
        try:
            _run(repo, *abort)
        except GitError:
            pass
        if conflicts:
            raise GitError(
                f"bringing {sha_or_branch} onto {plan_branch} conflicts in: {', '.join(conflicts)}"
            ) from None
        raise
    return str(repo.head.commit.hexsha)


def log_since(repo: Repo | str | Path, sha: str, ref: str = "HEAD") -> list[CommitInfo]:
    """Commits after `sha` up to `ref`, oldest first (the per-cycle incremental view)."""
    repo = _as_repo(repo)
    out = _run(repo, "log", "--reverse", "--format=%H%x00%s%x00%b%x1e", f"{sha}..{ref}")
    commits: list[CommitInfo] = []
    for record in out.split("\x1e"):
        fields = record.strip("\n").split("\0")
        if len(fields) >= 2 and fields[0]:
            commits.append(CommitInfo(sha=fields[0], subject=fields[1], body=fields[2].strip() if len(fields) > 2 else ""))
    return commits


def diff_stat_since(repo: Repo | str | Path, sha: str, ref: str = "HEAD") -> str:
    """`git diff --stat sha..ref`: what changed since the last task's commit, without a rescan."""
    repo = _as_repo(repo)
    return _run(repo, *_DIFF_CONFIG, "diff", "--stat", "--no-ext-diff", sha, ref)
