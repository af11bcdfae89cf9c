"""A freed pooled tree's reset without a git process when the index's stat data proves the tree is the commit
already (git_index), and git's clean and checkout otherwise. Real repositories and git processes, counted."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from pmtui.delivery import git_index, git_ops, git_worktrees
from pmtui.delivery.git_files import RECORD_END_OF_ENTRIES


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The subcommands of the git processes pmtui starts inside the block (all go through git_ops.complete)."""
    started: list[str] = []
    real = git_ops.complete

    def complete(cwd: Path, args: Sequence[str], env: Any = None, stdin: Any = None) -> Any:
        words = [arg for index, arg in enumerate(args) if arg != "-c" and (index == 0 or args[index - 1] != "-c")]
        started.append(words[0])
        return real(cwd, args, env, stdin)

    monkeypatch.setattr(git_ops, "complete", complete)
    yield started
    monkeypatch.setattr(git_ops, "complete", real)


@pytest.fixture
def committed_tree(tmp_path: Path) -> tuple[Path, Path, str]:
    """(the repository, a pooled tree, the sha): the tree's task committed there as commit_task does (its index
    written by `git commit` with its end-of-entries record), and the commit is where the plan head went."""
    root = tmp_path / "project"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test Founder")
    git(root, "config", "user.email", "founder@example.com")
    (root / ".gitignore").write_text("build/\n")
    (root / "src").mkdir()
    (root / "src" / "app.py").write_text("def main():\n    return 1\n")
    (root / "run.sh").write_text("#!/bin/sh\n")
    (root / "run.sh").chmod(0o755)
    os.symlink("src/app.py", root / "link")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial")
    tree = git_worktrees.add_detached_worktree(root, tmp_path / "pool" / "slot-0" / "tree", git(root, "rev-parse", "HEAD"))
    (tree / "src" / "feature.py").write_text("VALUE = 2\n")
    time.sleep(0.05)  # the task's files are older than the index that records them (else git itself re-reads them)
    git(tree, "add", "-A")
    git(tree, *RECORD_END_OF_ENTRIES, "commit", "-q", "-m", "feat: the task")
    sha = git(tree, "rev-parse", "HEAD")
    return root, tree, sha


def _proven(tree: Path, sha: str) -> bool:
    return git_index.tracked_as_committed(tree, git_ops.git_dirs(tree), sha) is not None


def _leftovers(tree: Path, outside: Path) -> None:
    """What an agent and its gates leave in a tree, of every kind `git clean -ffdx` removes."""
    (tree / "build").mkdir()
    (tree / "build" / "out.js").write_text("ignored\n")
    (tree / "notes.txt").write_text("untracked\n")
    (tree / "src" / "scratch.py").write_text("untracked in a tracked folder\n")
    (tree / "src" / "__pycache__" / "deep").mkdir(parents=True)
    (tree / "src" / "__pycache__" / "app.cpython-311.pyc").write_bytes(b"\0pyc")
    (tree / "empty" / "inner").mkdir(parents=True)
    (tree / "vendor" / ".git").mkdir(parents=True)  # a nested repository
    (tree / "vendor" / "lib.py").write_text("nested\n")
    (tree / "src" / ".git").mkdir()  # a repository's marker inside a tracked folder
    os.symlink(outside, tree / "to-outside")  # a link to a folder elsewhere: removed, never followed
    os.symlink("missing", tree / "dangling")
    (tree / "gone-mode").write_text("x")
    (tree / "gone-mode").chmod(0o000)


def _listing(tree: Path) -> list[tuple[str, str]]:
    found = []
    for folder, dirs, files in os.walk(tree):
        for name in [*dirs, *files]:
            path = Path(folder) / name
            relative = str(path.relative_to(tree))
            if relative != ".git":
                kind = "link" if path.is_symlink() else "dir" if path.is_dir() else oct(path.stat().st_mode)
                found.append((relative, kind))
    return sorted(found)


def test_a_tree_at_its_own_commit_is_reset_without_git_and_ends_as_git_clean_leaves_it(
        committed_tree: tuple[Path, Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, tree, sha = committed_tree
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("not the tree's\n")
    twin = git_worktrees.add_detached_worktree(root, tmp_path / "pool" / "slot-1" / "tree", sha)
    for each in (tree, twin):
        _leftovers(each, outside)
    assert git_index.tracked_as_committed(tree, git_ops.git_dirs(tree), sha) == {
        b".gitignore", b"src/app.py", b"run.sh", b"link", b"src/feature.py"}
    with counted(monkeypatch) as started:
        assert git_index.reset_if_committed(tree, git_ops.git_dirs(tree), sha)
    assert started == []
    git(twin, "clean", "-ffdxq")
    assert _listing(tree) == _listing(twin)
    assert [name for name, _ in _listing(tree)] == [".gitignore", "link", "run.sh", "src", "src/.git", "src/app.py",
                                                    "src/feature.py"]  # git clean leaves a `.git` it never lists
    assert git(tree, "status", "--porcelain", "--ignored") == ""
    assert git_ops.head(tree) == (sha, None)
    assert (outside / "keep.txt").read_text() == "not the tree's\n"


@pytest.mark.parametrize("change", ["same size, times put back", "deleted", "retyped", "mode", "staged", "branch",
                                    "racy", "another commit"])
def test_anything_the_stat_data_cannot_prove_gets_the_checkout_and_the_tree_is_the_commit_after(
        committed_tree: tuple[Path, Path, str], monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    root, tree, sha = committed_tree
    target = sha
    app = tree / "src" / "app.py"
    if change == "same size, times put back":  # only the ctime tells (size and mtime are as recorded)
        before = app.stat()
        time.sleep(0.02)
        app.write_text("def main():\n    return 9\n")
        os.utime(app, ns=(before.st_atime_ns, before.st_mtime_ns))
    elif change == "deleted":
        app.unlink()
    elif change == "retyped":
        (tree / "link").unlink()
        (tree / "link").write_text("src/app.py")
    elif change == "mode":
        (tree / "run.sh").chmod(0o644)
    elif change == "staged":
        (tree / "src" / "feature.py").write_text("VALUE = 3\n")
        git(tree, "add", "src/feature.py")
    elif change == "branch":
        git(tree, "checkout", "-q", "-b", "agent-branch")
    elif change == "racy":  # the index no newer than an entry: git compares that file's content, so trust nothing
        stamp = app.stat().st_mtime_ns
        os.utime(git_ops.git_dirs(tree)[0] / "index", ns=(stamp, stamp))  # type: ignore[index]
    else:
        (root / "b.txt").write_text("b\n")
        git(root, "add", "b.txt")
        git(root, "commit", "-q", "-m", "the plan moved on")
        target = git(root, "rev-parse", "HEAD")
    (tree / "notes.txt").write_text("untracked\n")
    with counted(monkeypatch) as started:
        assert not git_index.reset_if_committed(tree, git_ops.git_dirs(tree), target)
    assert started == [] and (tree / "notes.txt").exists()  # not proven: nothing removed, git resets it
    git_worktrees.reset_worktree(tree, target)
    assert git_ops.head(tree) == (target, None)
    assert git(tree, "status", "--porcelain", "--ignored") == ""
    assert app.read_text() == "def main():\n    return 1\n"
    assert os.access(tree / "run.sh", os.X_OK) and os.readlink(tree / "link") == "src/app.py"


def test_an_index_without_its_end_of_entries_record_or_with_more_entries_than_pay_is_not_read(
        committed_tree: tuple[Path, Path, str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, tree, sha = committed_tree
    monkeypatch.setattr(git_index, "MAX_ENTRIES", 4)  # the tree has five
    assert not _proven(tree, sha)
    monkeypatch.setattr(git_index, "MAX_ENTRIES", 5)
    assert _proven(tree, sha)
    time.sleep(0.02)
    # The index written again, without the record: forced, since a refresh that finds nothing changed may leave the
    # index as it was (seen under load: the test then failed 1 time in 7).
    git(tree, "-c", "index.recordEndOfIndexEntries=false", "update-index", "--really-refresh", "--force-write-index")
    assert not _proven(tree, sha)


def test_a_delivery_resets_each_freed_tree_without_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each task's commit becomes the plan head (one task at a time): its freed tree is that commit already, so no
    clean runs and the only checkout of the run is the plan branch's; the released plan branch holds every task."""
    import asyncio

    from pmtui.config import Config
    from pmtui.delivery.engine import DeliveryEngine
    from pmtui.delivery.executors import ScriptedExecutor, write_files
    from pmtui.store import Store
    from tests.fixtures.delivery_repo import make_project, module_files, plan_text, task_block

    root = make_project(tmp_path)
    store = Store(tmp_path / "pmtui.db")
    plan = tmp_path / "plan.md"
    names = ["alpha", "beta", "gamma"]
    plan.write_text(plan_text("resets", [task_block(f"T{n}", f"{name.title()} value", module=name)
                                         for n, name in enumerate(names, 1)], lint=False))
    engine = DeliveryEngine(
        store, Config(offline=True), repo=root, plan_path=plan,
        executor=ScriptedExecutor({f"T{n}": [write_files(module_files(name, str(n)))] for n, name in enumerate(names, 1)}),
        run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60)
    with counted(monkeypatch) as started:
        outcome = asyncio.run(engine.run(no_wait=True))
    assert outcome.ending == "released", outcome.message
    assert started.count("clean") == 0
    assert started.count("checkout") == 1  # prepare_plan_branch's
    assert all(f"src/{name}.py" in git(root, "ls-tree", "-r", "--name-only", "HEAD") for name in names)
    assert git(root, "status", "--porcelain") == ""
    store.close()
