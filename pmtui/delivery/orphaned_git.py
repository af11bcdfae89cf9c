"""The git a killed `pmtui deliver` left running. A kill -9 (or a crash) of the engine does not stop the `git
cherry-pick` or `git reset --keep` it had started: that git goes on writing the checkout after its parent is gone. The
resumed run's recovery took its locks for stale and removed them while it still wrote, and the files it wrote after
the recovery looked like someone's own work: the next integration refused to overwrite them ("untracked working tree
files would be overwritten by merge: docs/reviews/L2-review.md"), found by the kill -9 test under 20 random seeds.
So recovery first waits, for a bounded time, until no git runs in the repository or its worktrees.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

# An integration's git finishes in well under a second; a git still there after this is not waited for any longer.
WAIT_S = 30.0
_POLL_S = 0.05


def _trees(root: Path, git_dir: Path) -> list[Path]:
    """The checkout and every worktree of the repository (from the admin folders' `gitdir` files)."""
    trees = [root.resolve()]
    for admin in git_dir.glob("worktrees/*/gitdir"):
        try:
            trees.append(Path(admin.read_text(encoding="utf-8").strip()).parent.resolve())
        except OSError:
            continue
    return trees


def _parent_of(pid: int) -> int:
    """The parent's process id from /proc (0 when the process is gone or unreadable)."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def _descends_from(pid: int, ancestor: int) -> bool:
    """Whether `ancestor` is among the process's parents. A git this process started may itself start git (a hook, a
    sub-command, or the shell of a script between its fork and exec): that one is waited for by its own parent, which
    this process waits for, so it is no orphan either (CI caught the shell's fork named `git` at stop 26)."""
    seen = set()
    while pid > 1 and pid not in seen:
        if pid == ancestor:
            return True
        seen.add(pid)
        pid = _parent_of(pid)
    return False


def git_running_in(root: Path, git_dir: Path) -> list[int]:
    """Process ids of git processes (other than those this process started, which it waits for) working in the
    repository: their working folder is the checkout or one of its worktrees. Empty where /proc is not there."""
    proc = Path("/proc")
    if not proc.is_dir():
        return []
    trees = _trees(root, git_dir)
    mine = os.getpid()
    found = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text(encoding="utf-8").strip() != "git":
                continue
            cwd = Path(os.readlink(entry / "cwd"))
        except (OSError, ValueError):
            continue  # gone meanwhile, or not ours to read
        if not any(cwd == tree or tree in cwd.parents for tree in trees):
            continue
        if _descends_from(int(entry.name), mine):
            continue
        found.append(int(entry.name))
    return found


def wait_for_orphaned_git(root: Path, git_dir: Path, wait_s: float = WAIT_S) -> bool:
    """Wait until no git runs in the repository (at most `wait_s`). False when one was still running at the end."""
    deadline = time.monotonic() + wait_s
    while git_running_in(root, git_dir):
        if time.monotonic() >= deadline:
            return False
        time.sleep(_POLL_S)
    return True
