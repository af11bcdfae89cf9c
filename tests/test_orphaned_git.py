"""The git a killed `pmtui deliver` left running (pmtui/delivery/orphaned_git.py): the resumed run's recovery waits for
it before it takes locks for stale and the checkout's state for settled. Found by the kill -9 test under 20 random
seeds (2 of 20 failed at stop 26): the orphaned `git cherry-pick` of the killed run went on writing
docs/reviews/L2-review.md after the recovery, and every later integration refused to overwrite it. The orphans here
are real processes (a script named `git`, reparented away from the test as a killed parent's child is)."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from pmtui.delivery import git_ops
from pmtui.delivery.orphaned_git import git_running_in, wait_for_orphaned_git
from tests.fixtures.delivery_repo import make_project

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="orphaned processes are found through /proc")


def orphan_git(base: Path, repo: Path, script: str) -> None:
    """A process named `git` working in `repo`, whose parent has exited (as a kill -9 of pmtui leaves its git)."""
    fake = base / "orphan-bin" / "git"
    fake.parent.mkdir(exist_ok=True)
    fake.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    fake.chmod(0o755)
    subprocess.run(["sh", "-c", f"'{fake}' >/dev/null 2>&1 &"], cwd=repo, check=True)
    # The shell returns once the orphan is forked, maybe before it runs as `git` (a loaded machine, as in CI).
    deadline = time.monotonic() + 10
    while not git_running_in(repo, repo / ".git") and time.monotonic() < deadline:
        time.sleep(0.01)


def processes() -> list[tuple[int, int, str]]:
    """(pid, parent pid, name) of every process still readable in /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text(encoding="utf-8")
            found.append((int(entry.name), int(stat.rsplit(")", 1)[1].split()[1]),
                          (entry / "comm").read_text(encoding="utf-8").strip()))
        except (OSError, ValueError, IndexError):
            continue
    return found


def test_recovery_waits_for_the_git_a_killed_run_left_writing(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    git_dir = repo / ".git"
    (git_dir / "index.lock").write_text("", encoding="utf-8")  # held by the orphan, which removes it when done
    orphan_git(tmp_path, repo, "sleep 1\nmkdir -p docs/reviews\necho review > docs/reviews/L2-review.md\n"
               "rm -f .git/index.lock\n")
    assert git_running_in(repo, git_dir), "the orphan runs in the repository"

    git_ops.recover_after_kill(repo)

    # Recovery returned only once the orphan had finished: what it wrote is there now, not written afterwards.
    assert not git_running_in(repo, git_dir)
    assert (repo / "docs" / "reviews" / "L2-review.md").read_text(encoding="utf-8") == "review\n"
    assert not (git_dir / "index.lock").exists()


def test_a_git_that_never_finishes_is_waited_for_a_bounded_time(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    orphan_git(tmp_path, repo, "sleep 30\n")
    found = git_running_in(repo, repo / ".git")
    try:
        assert found
        assert wait_for_orphaned_git(repo, repo / ".git", wait_s=0.3) is False
    finally:
        subprocess.run(["pkill", "-f", str(tmp_path / "orphan-bin")], check=False)


def test_a_git_elsewhere_or_this_process_own_is_not_waited_for(tmp_path: Path) -> None:
    """A git in another folder, and this process's own git child (which it waits for itself), are not orphans."""
    repo = make_project(tmp_path)
    other = tmp_path / "elsewhere"
    other.mkdir()
    orphan_git(tmp_path, other, "sleep 5\n")
    own = subprocess.Popen([str(tmp_path / "orphan-bin" / "git")], cwd=repo)
    try:
        assert git_running_in(other, other) != []  # the check sees a git where there is one
        assert git_running_in(repo, repo / ".git") == []
    finally:
        own.kill()
        own.wait()
        subprocess.run(["pkill", "-f", str(tmp_path / "orphan-bin")], check=False)


def test_a_git_started_by_a_git_of_this_process_is_not_an_orphan(tmp_path: Path) -> None:
    """A git this process started may start git itself (a hook, a sub-command; a shell between fork and exec keeps the
    name): its parent is that git, not this process, and it is still no orphan. CI found the flake at stop 26."""
    repo = make_project(tmp_path)
    inner = tmp_path / "inner-bin" / "git"
    inner.parent.mkdir()
    inner.write_text("#!/bin/sh\nsleep 5\n", encoding="utf-8")
    inner.chmod(0o755)
    outer = tmp_path / "orphan-bin" / "git"
    outer.parent.mkdir()
    outer.write_text(f"#!/bin/sh\n'{inner}' &\nwait\n", encoding="utf-8")
    outer.chmod(0o755)
    own = subprocess.Popen([str(outer)], cwd=repo)
    try:
        deadline = time.monotonic() + 10
        grandchild: list[int] = []
        while not grandchild and time.monotonic() < deadline:
            grandchild = [pid for pid, parent, name in processes() if parent == own.pid and name == "git"]
            time.sleep(0.01)
        assert grandchild, "the inner git runs as the child of this process's git"
        assert git_running_in(repo, repo / ".git") == []
    finally:
        subprocess.run(["pkill", "-f", str(tmp_path / "inner-bin")], check=False)
        own.kill()
        own.wait()
