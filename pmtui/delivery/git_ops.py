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
import subprocess
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pmtui.delivery.diffs import ChangeSet, Snapshot, outside_paths, parse_diff, raw_gitlinks, split_raw
from pmtui.delivery.git_env import RUN_GIT_ENV
from pmtui.delivery.git_files import (
    RECORD_END_OF_ENTRIES,
    CommitInfo,
    drop_half_made_worktrees,
    git_dirs,
    index_entries,
    proven_commit,
    remember,
)
from pmtui.delivery.git_scratch import adopt, scratch_stage
from pmtui.delivery.git_watchdog import WATCHDOG
from pmtui.delivery.orphaned_git import wait_for_orphaned_git
from pmtui.naming import slugify

if TYPE_CHECKING:
    from git import Repo

    from pmtui.delivery.git_history import (  # noqa: F401 - answered by __getattr__ below
        checkpoint_tag_name,
        diff_stat_since,
        find_task_commit,
        log_since,
        tag_checkpoint,
        tree_of,
    )

COMMIT_TYPES: tuple[str, ...] = ("feat", "fix", "docs", "refactor", "test", "chore", "perf", "build", "ci", "style")
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
MAX_SUBJECT = 72
# Settings that would change the diff text we parse; passed on every call that reads a diff.
_DIFF_CONFIG = ("-c", "core.quotePath=false", "-c", "diff.noprefix=false", "-c", "color.ui=false",
                "-c", "diff.suppressBlankEmpty=false")
FULL_SHA = re.compile(r"[0-9a-f]{40}([0-9a-f]{24})?")
# For status and work-tree diffs: a gitlink's commit is compared, its folder never entered (this overrides a
# .gitmodules `ignore = none`, which diff.ignoreSubmodules does not).
IGNORE_NESTED = "--ignore-submodules=dirty"


class GitError(Exception):
    """A git operation delivery cannot go on without; the message says what to do."""


class CommitRefused(GitError):
    """pmtui would not make a commit: the check of what was staged found a secret (`evidence`: where)."""

    def __init__(self, message: str, evidence: list[str]) -> None:
        super().__init__(message)
        self.evidence = evidence


# A check of a commit's final content (the root and the env of the index it is staged in): its problems, and the
# diff stat of what is staged against HEAD (the next task's delta when the commit is proven to be it).
StagedCheck = Callable[[Path, dict[str, str]], tuple[list[str], str]]


GIT_TIMEOUT_S = 120.0


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


def work_tree(path: str | Path) -> Path:
    """The top of the working tree at `path` (or the one `path` is inside), resolved; GitError when there is none.
    A path holding a plain `.git` (a folder, or a worktree's pointer, with its HEAD and objects there) is read
    without GitPython, whose import costs a run's start 0.2-0.4 s; any other path (a folder inside the tree, a
    reftable repository, an odd layout) is asked of GitPython as before."""
    target = Path(path).expanduser()
    dirs = git_dirs(target) if target.is_dir() else None
    if dirs is not None and (dirs[0] / "HEAD").is_file() and (dirs[1] / "objects").is_dir():
        return target.resolve()
    return Path(str(open_repo(target).working_tree_dir)).resolve()


def repo_root(repo: Repo | str | Path) -> Path:
    """The top of the working tree: a path with a `.git` entry is taken as is (no gitpython on the hot path)."""
    if isinstance(repo, (str, Path)):
        path = Path(repo).expanduser()
        if (path / ".git").exists():
            return path
        return Path(str(open_repo(path).working_tree_dir))
    return Path(str(repo.working_tree_dir))


_GIT_ENV = {b"LC_ALL": b"C", b"LANGUAGE": b"C", b"GIT_TERMINAL_PROMPT": b"0", b"GIT_NO_REPLACE_OBJECTS": b"1"}
_env_cache: dict[str, dict[bytes, bytes] | None] = {"raw": None, "env": None}


def _env(extra: dict[str, str] | None) -> dict[bytes, bytes]:
    # The C locale keeps git's messages parseable; no prompt can hang a headless run. Replace refs are not
    # followed: pmtui reads and commits the objects that are there, whatever an agent's `git replace` says.
    # Built as bytes from os.environ's raw dict, again only when that changed: no decoding of every variable
    # for the mapping and encoding it back for the process (0.03-0.05 ms of 0.3-0.45 a git call).
    raw = getattr(os.environ, "_data", None)
    if raw is None or raw != _env_cache["raw"]:
        _env_cache["env"] = {**os.environb, **_GIT_ENV} if raw is None else {**raw, **_GIT_ENV}
        _env_cache["raw"] = dict(raw) if raw is not None else None
    env = dict(_env_cache["env"] or {})
    lent = RUN_GIT_ENV.get()  # the run's own additions (git_env.py): the identity it lends git, say
    if lent:
        env.update((os.fsencode(name), os.fsencode(value)) for name, value in lent)
    if extra:
        env.update((os.fsencode(name), os.fsencode(value)) for name, value in extra.items())
    return env


def complete(
    cwd: Path, args: Sequence[str], env: dict[str, str] | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    try:
        # No `git maintenance run --auto` child after pmtui's commits: half the cost of a commit. No fsmonitor:
        # the setting reaches the git that status runs inside a nested repository, whose own config an agent wrote.
        process = subprocess.Popen(
            ["git", "-c", "maintenance.auto=false", "-c", "core.fsmonitor=false", *args], cwd=cwd, env=_env(env), text=True,
            encoding="utf-8", errors="surrogateescape", stdin=subprocess.PIPE if stdin is not None else None,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
    except OSError as error:
        raise GitError(f"cannot run git: {error.strerror or error}") from None
    expired = threading.Event()
    # A watchdog instead of communicate(timeout=…), whose exit wait polls with sleeps.
    token = WATCHDOG.watch(process, expired, GIT_TIMEOUT_S)
    try:
        out, err = process.communicate(stdin)
    finally:
        WATCHDOG.unwatch(token)
    if expired.is_set():
        raise GitError(f"git {' '.join(args[:3])} did not finish within {GIT_TIMEOUT_S:.0f} s")
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def run_git(
    cwd: str | Path,
    *args: str,
    env: dict[str, str] | None = None,
    stdin: str | None = None,
    strip: bool = True,
) -> str:
    """One git process in `cwd` (plain subprocess, C locale, timeout); its stdout, GitError on failure."""
    done = complete(Path(cwd), args, env, stdin)
    if done.returncode != 0:
        detail = (done.stderr or done.stdout or "").strip()
        raise GitError(f"git {' '.join(args[:3])} failed: {detail or f'exit {done.returncode}'}")
    out = done.stdout
    return out[:-1] if strip and out.endswith("\n") else out


def _run(repo: Repo | Path, *args: str, env: dict[str, str] | None = None, strip: bool = True) -> str:
    return run_git(repo_root(repo), *args, env=env, strip=strip)


_PER_WORKTREE = ("refs/bisect/", "refs/worktree/", "refs/rewritten/")


def _read_ref(gitdir: Path, common: Path, ref: str) -> str | None:
    """A ref's sha from the loose file or packed-refs (symbolic refs followed); None when absent."""
    for _ in range(5):
        base = gitdir if ref == "HEAD" or ref.startswith(_PER_WORKTREE) else common
        try:
            text = (base / ref).read_text(encoding="utf-8").strip()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            text = ""
        if text.startswith("ref: "):
            ref = text.removeprefix("ref: ").strip()
            continue
        if text:
            return text
        try:
            packed = (common / "packed-refs").read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        suffix = f" {ref}"
        for line in packed.splitlines():
            if line.endswith(suffix) and not line.startswith(("#", "^")):
                return line.split(" ", 1)[0]
        return None
    return None


def head(repo: Repo | str | Path) -> tuple[str | None, str | None]:
    """(HEAD's sha or None when unborn, the checked-out branch or None when detached), without a process."""
    root = repo_root(repo)
    dirs = git_dirs(root)
    if dirs is not None:
        gitdir, common = dirs
        try:
            text = (gitdir / "HEAD").read_text(encoding="utf-8").strip()
        except OSError:
            text = ""
        if text.startswith("ref: refs/heads/"):
            return _read_ref(gitdir, common, text[5:]), text.removeprefix("ref: refs/heads/")
        if FULL_SHA.fullmatch(text):
            return text, None
    done = complete(root, ["rev-parse", "--verify", "--quiet", "HEAD"])
    sha = done.stdout.strip() or None
    branch = complete(root, ["symbolic-ref", "--quiet", "--short", "HEAD"]).stdout.strip() or None
    return sha, branch


def ref_sha(repo: Repo | str | Path, ref: str) -> str | None:
    """The commit a full ref name (`refs/heads/…`, `refs/tags/…`) points at, read without a process when
    it can be; an annotated tag gives the tag object's sha."""
    root = repo_root(repo)
    dirs = git_dirs(root)
    if dirs is not None:
        return _read_ref(*dirs, ref)
    done = complete(root, ["rev-parse", "--verify", "--quiet", ref])
    return done.stdout.strip() or None


def status_paths(repo: Repo | Path) -> list[str]:
    """`git status` entries as `XY path`; untracked files count, ignored files do not."""
    # A nested repository's work tree is never looked into (git would run a status inside it, with its config). No
    # optional locks: a look does not rewrite the index (it did each time), nor lock out the user's own git meanwhile.
    out = _run(repo, "status", "--porcelain=v1", "-z", "--untracked-files=all", IGNORE_NESTED, strip=False,
               env={"GIT_OPTIONAL_LOCKS": "0"})
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


# What git locks while it writes it (`NAME.lock` beside it): pmtui's own `pmtui-deliver.lock` is not among them.
_GIT_LOCKED = ("index", "HEAD", "ORIG_HEAD", "packed-refs", "CHERRY_PICK_HEAD", "MERGE_HEAD", "REVERT_HEAD",
               "AUTO_MERGE", "REBASE_HEAD", "FETCH_HEAD", "MERGE_MSG", "MERGE_MODE", "config")


def recover_after_kill(root: Path) -> None:
    """After a kill: stale index locks go, and a half-done cherry-pick or merge in the checkout is aborted."""
    git_dir = Path(run_git(root, "rev-parse", "--absolute-git-dir"))
    wait_for_orphaned_git(root, git_dir)  # the git the killed run started may still be writing: its locks are live
    # A git process killed mid-write leaves its lock: the index, HEAD, a branch ref, packed-refs.
    # A cherry-pick killed while it wrote CHERRY_PICK_HEAD left CHERRY_PICK_HEAD.lock: the abort below then failed,
    # and every later integration met "You have not concluded your cherry-pick" (found with PMTUI_KILL_SEED=1588520737).
    names = [f"{name}.lock" for name in _GIT_LOCKED]
    drop_half_made_worktrees(git_dir)  # a `worktree add` killed before it wrote its admin files
    locks = [base / name for base in (git_dir, *git_dir.glob("worktrees/*")) for name in names]
    for lock in [*locks, *(git_dir / "refs").rglob("*.lock")]:
        lock.unlink(missing_ok=True)
    for marker, command in (("CHERRY_PICK_HEAD", "cherry-pick"), ("MERGE_HEAD", "merge")):
        if (git_dir / marker).exists():
            complete(root, [command, "--abort"])
    _put_back_integration_leftovers(root)


def _blobs(root: Path, commit: str, paths: Sequence[str]) -> dict[str, str]:
    """path → blob id of `paths` in `commit` (paths it lacks are left out)."""
    out = run_git(root, "ls-tree", "-z", commit, "--", *paths, strip=False)
    found: dict[str, str] = {}
    for entry in filter(None, out.split("\0")):
        meta, _, path = entry.partition("\t")
        found[path] = meta.split()[2]
    return found


def _put_back_integration_leftovers(root: Path) -> None:
    """A fast-forward of the checkout (`reset --keep`, `cherry-pick --ff`) or a cherry-pick onto a moved plan
    head, killed after it wrote the files (and maybe the index) but before the branch moved, leaves a task's
    commit in the user's checkout, which every later integration refuses to overwrite. When each changed path
    is exactly as the commit of a pooled worktree not yet on the plan branch has it, it is that leftover: put
    back to HEAD (nothing is lost: the commit holds it). Anything else is someone's own work and stays."""
    entries = status_paths(root)
    if not entries:
        return
    head_sha = head(root)[0] or ""
    paths = sorted({entry[3:] for entry in entries})
    present = [path for path in paths if (root / path).is_file()]
    now = dict(zip(present, run_git(root, "hash-object", "--", *present).split(), strict=True)) if present else {}
    listing = run_git(root, "worktree", "list", "--porcelain")
    commits = sorted({line.split()[1] for line in listing.splitlines() if line.startswith("HEAD ")} - {head_sha})
    # A worktree may have moved on to its next task since: its earlier commits are in its reflog, newest first.
    later = run_git(root, "rev-list", "--all", "--reflog", "--max-count=100", "--not", head_sha) if head_sha else ""
    for commit in dict.fromkeys([*commits, *later.split()]):
        if _blobs(root, commit, paths) != now:
            continue
        # Left by bringing `commit` onto HEAD: a fast-forward, or a cherry-pick whose every path HEAD still has
        # as the commit's parent had it (else the copy may be an older version someone restored on purpose).
        if (complete(root, ["merge-base", "--is-ancestor", head_sha, commit]).returncode != 0
                and _blobs(root, f"{commit}^", paths) != _blobs(root, head_sha, paths)):
            continue
        in_head = set(_blobs(root, head_sha, paths))
        run_git(root, "reset", "--quiet", head_sha, "--", *paths)
        if in_head:
            run_git(root, "checkout", head_sha, "--", *sorted(in_head))
        for path in paths:
            if path not in in_head:
                (root / path).unlink(missing_ok=True)
        return


def ensure_clean(repo: Repo | str | Path) -> None:
    """Refuse a working tree with uncommitted changes (untracked files included, ignored ones not)."""
    entries = status_paths(repo_root(repo))
    if entries:
        names = [entry[3:] for entry in entries]
        shown = " ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
        if all(entry.startswith("??") for entry in entries):
            # Only new files: `git stash` alone would leave them where they are.
            raise GitError(f"the working tree has untracked files: commit them, list them in .gitignore, or put "
                           f"them aside with `git stash -u` first ({shown})")
        raise GitError(f"the working tree has uncommitted changes: commit or stash them first ({shown})")


def common_dir(repo: Repo | str | Path) -> Path:
    """The repository's git directory shared by all its worktrees (`.git` of a plain checkout)."""
    root = repo_root(repo)
    dirs = git_dirs(root)
    if dirs is not None:
        return dirs[1].resolve()
    return (root / run_git(root, "rev-parse", "--git-common-dir")).resolve()


def plan_branch_name(plan_id: str) -> str:
    return f"pm/{plan_id}"


def _config_get(root: Path, key: str) -> str | None:
    try:
        return run_git(root, "config", "--local", "--get", key) or None
    except GitError:
        return None


def prepare_plan_branch(repo: Repo | str | Path, plan_id: str) -> tuple[str, str, str]:
    """Create `pm/<plan-id>` at HEAD and check it out, or check out the existing one (resume).

    Returns (start_branch, plan_branch, baseline_sha). The start branch and baseline are kept in
    the repository's local config (`pmtui.<plan-id>.*`) so a resumed run reports the first run's
    values; the start branch itself is never moved.
    """
    root = repo_root(repo)
    plan_branch = plan_branch_name(plan_id)
    run_git(root, "check-ref-format", "--branch", plan_branch)
    head_sha, branch = head(root)
    if head_sha is None:
        raise GitError(f"{root} has no commits yet: commit something before delivering")
    current = branch or head_sha
    created = ref_sha(root, f"refs/heads/{plan_branch}") is None
    if created:
        run_git(root, "branch", plan_branch, head_sha)
        run_git(root, "config", "--local", f"pmtui.{plan_id}.startbranch", current)
        run_git(root, "config", "--local", f"pmtui.{plan_id}.baseline", head_sha)
    if current != plan_branch:
        run_git(root, "checkout", "--quiet", plan_branch)
    if created:  # what the local config holds now: just written, not read back with two more processes
        return current, plan_branch, head_sha
    start = _config_get(root, f"pmtui.{plan_id}.startbranch") or (current if current != plan_branch else "")
    baseline = _config_get(root, f"pmtui.{plan_id}.baseline")
    if baseline is None:
        base = run_git(root, "merge-base", plan_branch, start) if start else ""
        baseline = base or head_sha
    return start, plan_branch, baseline


def continue_plan_branch(repo: Repo | str | Path, plan_id: str) -> tuple[str, str, str]:
    """For a plan delivered again after a release of it (plan_revisions): `pm/<plan-id>` goes on from its released
    head, or from HEAD when HEAD already holds that head (the founder merged the release and went on: a fast-forward
    of pmtui's own branch, nothing of theirs moved), and is checked out. Returns (start_branch, plan_branch, base);
    the base, where the new run starts, is kept as the plan's baseline in the local config for its resume."""
    root = repo_root(repo)
    plan_branch = plan_branch_name(plan_id)
    released = ref_sha(root, f"refs/heads/{plan_branch}")
    head_sha, branch = head(root)
    if released is None or head_sha is None:
        return prepare_plan_branch(root, plan_id)
    current = branch or head_sha
    start = _config_get(root, f"pmtui.{plan_id}.startbranch") or current
    if current != plan_branch:
        start = current
        if head_sha != released and complete(root, ["merge-base", "--is-ancestor", released, head_sha]).returncode == 0:
            run_git(root, "branch", "--force", plan_branch, head_sha)
            released = head_sha
        run_git(root, "checkout", "--quiet", plan_branch)
        run_git(root, "config", "--local", f"pmtui.{plan_id}.startbranch", start)
    run_git(root, "config", "--local", f"pmtui.{plan_id}.baseline", released)
    return start, plan_branch, released


def feature_branch_name(plan_id: str, task_id: str, title: str) -> str:
    """`feat/<plan-id>/<task-id>-<slug>` (seed 003 §6), also used for a parallel task's worktree."""
    return f"feat/{plan_id}/{task_id}-{slugify(title, 40, 'task')}"








def list_worktrees(repo: Repo | str | Path) -> list[str]:
    out = run_git(repo_root(repo), "worktree", "list", "--porcelain")
    return [line.removeprefix("worktree ") for line in out.splitlines() if line.startswith("worktree ")]






def snapshot(
    repo_or_worktree: Repo | str | Path,
    sentinels: Sequence[str | Path] = (),
    *,
    worktrees: Iterable[str | Path] | None = None,
    with_status: bool = True,
) -> Snapshot:
    """HEAD, branch, status and the outside fingerprint of a working tree, taken before dispatch.

    `worktrees` (the trees the caller knows of) spares a `git worktree list`; `with_status=False`
    spares the `git status` a caller does not need.
    """
    root = repo_root(repo_or_worktree).resolve()
    trees = [str(tree) for tree in worktrees] if worktrees is not None else list_worktrees(root)
    sha, branch = head(root)
    return Snapshot(
        root=str(root),
        head_sha=sha,
        branch=branch,
        status=status_paths(root) if with_status else [],
        outside=outside_paths(root, trees, sentinels),
        sentinels=[str(Path(sentinel)) for sentinel in sentinels],
        worktrees=trees,
    )


def _index_file(root: Path) -> Path:
    dirs = git_dirs(root)
    if dirs is not None:
        return dirs[0] / "index"
    return Path(run_git(root, "rev-parse", "--path-format=absolute", "--git-path", "index"))


@contextmanager
def whole_tree_index(root: Path, leave_out: Iterable[str] = (), objects: Path | None = None
                     ) -> Iterator[dict[str, str]]:
    """The environment of a temporary copy of the index with the whole working tree staged (`git add -A`):
    untracked files in, ignored ones out, the real index left exactly as it was. The blobs go to a scratch
    object directory (git_scratch) deleted afterwards: a rejected attempt's snapshot never lands in the
    user's object store (`objects`: a folder keeping them). `leave_out` (files over the limit) is never hashed."""
    with scratch_stage(_index_file(root), objects_dir(root), objects) as env:
        run_git(root, "add", "-A", "--", ".", *(f":(exclude,literal){path}" for path in leave_out), env=env)
        yield env


def diff_whole_tree(root: Path, base: str, *options: str, leave_out: Iterable[str] = ()) -> str:
    """`git diff --cached <options> base` of the whole working tree, staged into a copy of the index."""
    with whole_tree_index(root, leave_out) as env:
        return run_git(root, *_DIFF_CONFIG, "diff", "--cached", "--no-ext-diff", "--no-textconv", "--no-relative",
                       *options, "--src-prefix=a/", "--dst-prefix=b/", base, env=env, strip=False)


def change_set(worktree: Repo | str | Path, *, leave_out: dict[str, int] | None = None,
               nested: Sequence[str] = ()) -> ChangeSet:
    """The change in a working tree against HEAD, read through a temporary index (diff_whole_tree):
    one `git diff` gives the name-status (raw), the stat and the patch together. The files of
    `leave_out` (path → size: over the size limit) are left out and listed in `oversized`; the folders
    of `nested` (git repositories of their own) are left out and listed in `nested`, with any gitlink
    the diff still adds or changes."""
    root = repo_root(worktree).resolve()
    base = head(root)[0] or EMPTY_TREE
    oversized = dict(leave_out or {})
    out = diff_whole_tree(root, base, "-M", "--raw", "-z", "--stat", "--patch",
                           leave_out=[*oversized, *nested])
    entries, stat, diff = split_raw(out)
    change = ChangeSet(root=str(root), base_sha=base, stat=stat, diff=diff)
    for code, paths in entries:
        if code[0] in "RC":
            old, new = paths
            change.name_status.append(f"{code}\t{old}\t{new}")
            if code[0] == "R":
                change.renamed.append((old, new))
            else:
                change.added.append(new)
            continue
        path = paths[0]
        change.name_status.append(f"{code}\t{path}")
        if code[0] == "A":
            change.added.append(path)
        elif code[0] == "D":
            change.deleted.append(path)
        else:
            change.modified.append(path)
    change.added_lines, change.removed_lines = parse_diff(diff)
    change.oversized = oversized
    change.nested = sorted({*nested, *raw_gitlinks(out)})
    return change


def objects_dir(root: Path) -> Path:
    """The repository's object directory (shared by all its worktrees)."""
    dirs = git_dirs(root)
    return dirs[1] / "objects" if dirs else Path(run_git(root, "rev-parse", "--path-format=absolute", "--git-path", "objects"))


def _commit_subject(type_: str, scope: str, description: str) -> str:
    if type_ not in COMMIT_TYPES:
        raise GitError(f"commit type {type_!r} is not one of {', '.join(COMMIT_TYPES)}")
    scope = slugify(scope, 30, "task") if scope.strip() else ""
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
    worktree: Repo | str | Path,
    *,
    type_: str,
    scope: str,
    description: str,
    task_id: str,
    review_path: str,
    paths: Sequence[str] | None = None,
    exclude: Sequence[str] = (),
    check: StagedCheck | None = None,
) -> str:
    """Stage the change plus the review artifact and commit it; never amends. Returns the sha.

    Without `paths` the whole working tree is staged (`add -A`, ignored files and `exclude` left
    out). With `paths` (a change set's files, deleted and renamed-from ones included) exactly those
    are staged, so what is committed is what was reviewed, in one `git add` for all of them.
    `check` sees the staged result before the commit; a problem it names refuses the commit
    (CommitRefused), whichever path led here.
    """
    root = repo_root(worktree)
    message = commit_message(
        type_=type_, scope=scope, description=description, task_id=task_id, review_path=review_path
    )
    # The review artifact goes in even where a .gitignore would keep docs/ out: it is named with --force.
    named = [*dict.fromkeys([*paths, review_path])] if paths is not None else []
    # Staged into a scratch index and object directory first: what the check refuses never reaches the
    # user's object store, and a kill at any point leaves the real index as it was.
    with scratch_stage(_index_file(root), objects_dir(root)) as env:
        staged = bool(named) and complete(
            root, [*RECORD_END_OF_ENTRIES, "add", "--all", "--force", "--pathspec-from-file=-", "--pathspec-file-nul"],
            env={**env, "GIT_LITERAL_PATHSPECS": "1"}, stdin="\0".join(named),
        ).returncode == 0
        if not staged:
            # No paths, or one of them is gone from both the tree and the index: stage the whole tree.
            run_git(root, "add", "-A", "--", ".", *(f":(exclude,literal){path}" for path in exclude), env=env)
            if (root / review_path).exists():
                run_git(root, "add", "--force", "--", review_path, env=env)
        problems, stat = check(root, env) if check is not None else ([], None)
        if problems:
            raise CommitRefused(f"the commit of task {task_id} was refused: {'; '.join(problems[:2])}", problems)
        adopt(env, _index_file(root))
    parent, staged_index = head(root)[0], index_entries(_index_file(root))
    done = complete(root, [*RECORD_END_OF_ENTRIES, "commit", "--quiet", "--cleanup=verbatim", "-F", "-"], stdin=message)
    if done.returncode != 0:
        if complete(root, ["diff", "--cached", "--quiet"]).returncode == 0:
            raise GitError(f"nothing to commit for task {task_id}: the change is empty")
        detail = (done.stderr or done.stdout).strip()
        raise GitError(f"git commit failed: {detail or f'exit {done.returncode}'}")
    sha = head(root)[0]
    if sha is None:
        raise GitError(f"the commit of task {task_id} left no HEAD in {root}")
    # The commit proven to hold what the check read: its delta is the check's stat, and no `git log` asks for it.
    if stat is not None and parent and (tree := proven_commit(_index_file(root), objects_dir(root), staged_index, sha,
                                                             parent, message)):
        subject, _, body = message.partition("\n\n")
        remember((parent, sha), ([CommitInfo(sha=sha, subject=subject, body=body.strip())], stat), sha, tree)
    return sha


def _conflicts(root: Path) -> list[str]:
    out = run_git(root, "diff", "--name-only", "--diff-filter=U", IGNORE_NESTED)
    return [line for line in out.splitlines() if line]


def fast_forward(repo: Repo | str | Path, branch: str, new_sha: str, old_sha: str) -> str:
    """Move the checked-out `branch` from `old_sha` to its descendant `new_sha`, tree and index with it.

    One `git reset --keep`: files that differ between the two commits are updated, anything else in
    the checkout is kept, and a local change in the way stops it (GitError, nothing moved). After a kill
    between the tree update and the ref update, recover_after_kill puts the checkout back and this runs
    again. GitError when `branch` is not checked out or has moved from `old_sha`.
    """
    root = repo_root(repo)
    sha, current = head(root)
    if current != branch:
        raise GitError(f"{branch} is not checked out in {root}")
    if sha != old_sha:
        raise GitError(f"{branch} moved to {(sha or 'nothing')[:12]}, not at {old_sha[:12]} any more")
    # What a fast-forward killed halfway left in the checkout (the files, or the files and the index) was put
    # back by recover_after_kill when the run resumed, before any integration.
    run_git(root, "reset", "--quiet", "--keep", new_sha)
    return new_sha


def bring_onto(
    repo: Repo | str | Path,
    plan_branch: str,
    sha_or_branch: str,
    *,
    mode: Literal["cherry-pick", "merge"] = "cherry-pick",
    message: str | None = None,
    parent: str | None = None,
) -> str:
    """Put a worktree's commit (cherry-pick) or a feature branch (merge --no-ff) onto the plan branch.

    The plan branch must be checked out in `repo`. A commit already contained in it is a no-op.
    A commit whose `parent` (when the caller knows it) is the plan branch's HEAD is fast-forwarded:
    the same commit, no copy. On a conflict the operation is aborted (the plan branch is left as it
    was) and GitError names the files. Returns the plan branch's new HEAD.
    """
    root = repo_root(repo)
    head_sha, branch = head(root)
    if branch != plan_branch:
        raise GitError(f"{plan_branch} is not checked out in {root}")
    head_sha = head_sha or ""
    if mode == "cherry-pick" and parent is not None and parent == head_sha and FULL_SHA.fullmatch(sha_or_branch):
        return fast_forward(root, plan_branch, sha_or_branch, head_sha)
    target = run_git(root, "rev-parse", "--verify", f"{sha_or_branch}^{{commit}}")
    if complete(root, ["merge-base", "--is-ancestor", target, head_sha]).returncode == 0:
        return head_sha
    if mode == "merge":
        text = message or f"Merge {sha_or_branch} into {plan_branch} (staged integration)"
        args = ["merge", "--no-ff", "--no-edit", "-m", text, target]
        abort = ["merge", "--abort"]
    else:
        args = ["cherry-pick", "--ff", "--allow-empty", target]
        abort = ["cherry-pick", "--abort"]
    try:
        run_git(root, *args)
    except GitError:
        conflicts = _conflicts(root)
        complete(root, abort)
        if conflicts:
            raise GitError(
                f"bringing {sha_or_branch} onto {plan_branch} conflicts in: {', '.join(conflicts)}"
            ) from None
        raise
    new_head = head(root)[0]
    if new_head is None:
        raise GitError(f"{plan_branch} has no HEAD after bringing {sha_or_branch} onto it")
    return new_head


# Split into git_history.py; still reachable here (git_ops.log_since, and tests patch git_ops.tag_checkpoint).
_MOVED = frozenset({"find_task_commit", "checkpoint_tag_name", "tag_checkpoint", "tree_of", "log_since",
                    "diff_stat_since"})


def __getattr__(name: str) -> object:
    if name in _MOVED:
        from pmtui.delivery import git_history

        value = getattr(git_history, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
