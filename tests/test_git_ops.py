"""Delivery git operations on real temporary repositories."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from pmtui.delivery import agent_watch, git_ops, git_worktrees
from pmtui.delivery.git_ops import GitError
from tests.fixtures.repo_copies import copy_of


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


def _build_repo(root: Path) -> None:
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test Founder")
    git(root, "config", "user.email", "founder@example.com")
    git(root, "config", "commit.gpgsign", "false")
    (root / ".gitignore").write_text("*.log\nbuild/\n")
    (root / "src").mkdir()
    (root / "src" / "app.py").write_text("def main():\n    return 1\n")
    (root / "tests").mkdir()
    (root / "tests" / "test_app.py").write_text("def test_main():\n    assert True\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial")


@pytest.fixture
def repo_dir(tmp_path: Path) -> Path:
    return copy_of(_build_repo, tmp_path / "project")


def test_a_directory_that_is_not_a_repository_is_an_error(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(GitError, match="is not a git repository"):
        git_ops.open_repo(plain)


def test_a_dirty_tree_is_refused_with_the_files_named(repo_dir: Path) -> None:
    git_ops.ensure_clean(repo_dir)
    (repo_dir / "debug.log").write_text("ignored by .gitignore\n")
    git_ops.ensure_clean(repo_dir)
    (repo_dir / "src" / "app.py").write_text("def main():\n    return 2\n")
    (repo_dir / "notes.txt").write_text("untracked\n")
    with pytest.raises(GitError) as caught:
        git_ops.ensure_clean(repo_dir)
    message = str(caught.value)
    assert message.startswith("the working tree has uncommitted changes: commit or stash them first (")
    assert "src/app.py" in message and "notes.txt" in message and "debug.log" not in message


def test_a_tree_with_only_new_files_is_told_how_to_put_them_aside(repo_dir: Path) -> None:
    """`git stash` alone leaves untracked files where they are: "commit or stash them" did not help a founder with a
    notes.txt beside their code (stop 28)."""
    (repo_dir / "notes.txt").write_text("untracked\n")
    with pytest.raises(GitError) as caught:
        git_ops.ensure_clean(repo_dir)
    message = str(caught.value)
    assert message.startswith("the working tree has untracked files: ") and "`git stash -u`" in message
    assert ".gitignore" in message and message.endswith("(notes.txt)")


def test_the_plan_branch_starts_at_head_and_the_start_branch_is_untouched(repo_dir: Path) -> None:
    main_before = git(repo_dir, "rev-parse", "main")
    start, plan_branch, baseline = git_ops.prepare_plan_branch(repo_dir, "habit-mvp")
    assert (start, plan_branch, baseline) == ("main", "pm/habit-mvp", main_before)
    assert git(repo_dir, "branch", "--show-current") == "pm/habit-mvp"
    (repo_dir / "src" / "new.py").write_text("X = 1\n")
    git(repo_dir, "add", "-A")
    git(repo_dir, "commit", "-q", "-m", "work on the plan branch")
    assert git(repo_dir, "rev-parse", "main") == main_before
    again = git_ops.prepare_plan_branch(repo_dir, "habit-mvp")
    assert again == ("main", "pm/habit-mvp", main_before)
    assert git(repo_dir, "rev-parse", "pm/habit-mvp") != main_before


def test_change_set_has_untracked_files_but_not_ignored_ones_and_leaves_the_index_alone(repo_dir: Path) -> None:
    (repo_dir / "src" / "app.py").write_text("def main():\n    return 1\n\n\ndef extra():\n    return 2\n")
    (repo_dir / "src" / "store.py").write_text("class Store:\n    pass\n")
    (repo_dir / "tests" / "test_app.py").unlink()
    (repo_dir / "build").mkdir()
    (repo_dir / "build" / "out.js").write_text("generated\n")
    (repo_dir / "run.log").write_text("log\n")
    (repo_dir / "staged.txt").write_text("staged\n")
    git(repo_dir, "add", "staged.txt")
    index_before = git(repo_dir, "diff", "--cached", "--name-status")
    status_before = git(repo_dir, "status", "--porcelain")

    change = git_ops.change_set(repo_dir)

    assert sorted(change.added) == ["src/store.py", "staged.txt"]
    assert change.modified == ["src/app.py"]
    assert change.deleted == ["tests/test_app.py"]
    assert not any(path.startswith("build/") or path.endswith(".log") for path in change.files())
    assert change.added_lines["src/store.py"] == [(1, "class Store:"), (2, "    pass")]
    assert (5, "def extra():") in change.added_lines["src/app.py"]
    assert (1, "def test_main():") in change.removed_lines["tests/test_app.py"]
    assert "src/store.py" in change.stat
    assert "D\ttests/test_app.py" in change.name_status
    assert git(repo_dir, "diff", "--cached", "--name-status") == index_before
    assert git(repo_dir, "status", "--porcelain") == status_before


def test_commit_message_format_and_finding_the_task_commit(repo_dir: Path) -> None:
    git_ops.prepare_plan_branch(repo_dir, "habit-mvp")
    (repo_dir / "src" / "store.py").write_text("class Store:\n    pass\n")
    review = repo_dir / "docs" / "reviews" / "T1-review.md"
    review.parent.mkdir(parents=True)
    review.write_text("# Review of T1\n")
    status_before = git(repo_dir, "status", "--porcelain")
    assert "docs/" in status_before

    sha = git_ops.commit_task(
        repo_dir,
        type_="feat",
        scope="storage",
        description="Persist habits across restarts.",
        task_id="T1",
        review_path="docs/reviews/T1-review.md",
    )

    message = git(repo_dir, "log", "-1", "--format=%B", sha)
    assert message == "feat(storage): persist habits across restarts\n\nRefs: task-T1\nReview: docs/reviews/T1-review.md"
    assert git(repo_dir, "show", "--name-only", "--format=", sha).splitlines() == [
        "docs/reviews/T1-review.md",
        "src/store.py",
    ]
    assert git(repo_dir, "status", "--porcelain") == ""
    assert git_ops.find_task_commit(repo_dir, "pm/habit-mvp", "T1") == sha
    assert git_ops.find_task_commit(repo_dir, "pm/habit-mvp", "T") is None
    assert git_ops.find_task_commit(repo_dir, "main", "T1") is None
    assert git_ops.find_task_commit(repo_dir, "no-such-branch", "T1") is None


def test_commit_type_must_be_conventional(repo_dir: Path) -> None:
    (repo_dir / "a.txt").write_text("a\n")
    with pytest.raises(GitError, match="commit type"):
        git_ops.commit_task(
            repo_dir, type_="feature", scope="x", description="y", task_id="T1", review_path="r.md"
        )


def test_checkpoint_tags_are_idempotent_and_never_moved(repo_dir: Path) -> None:
    head = git(repo_dir, "rev-parse", "HEAD")
    name = git_ops.tag_checkpoint(repo_dir, "habit-mvp", "T2", head)
    assert name == "pm/habit-mvp/checkpoint-T2"
    assert git_ops.tag_checkpoint(repo_dir, "habit-mvp", "T2", head) == name
    assert git(repo_dir, "tag", "--list", "pm/*").splitlines() == [name]
    assert git(repo_dir, "rev-parse", f"{name}^{{commit}}") == head
    (repo_dir / "b.txt").write_text("b\n")
    git(repo_dir, "add", "-A")
    git(repo_dir, "commit", "-q", "-m", "next")
    with pytest.raises(GitError, match="never moved"):
        git_ops.tag_checkpoint(repo_dir, "habit-mvp", "T2", "HEAD")


def test_a_worktree_commit_is_brought_onto_the_plan_branch(repo_dir: Path, tmp_path: Path) -> None:
    _, plan_branch, baseline = git_ops.prepare_plan_branch(repo_dir, "habit-mvp")
    branch = git_ops.feature_branch_name("habit-mvp", "T3", "Copy edits: Settings page!")
    assert branch == "feat/habit-mvp/T3-copy-edits-settings-page"
    tree = git_worktrees.add_worktree(repo_dir, tmp_path / "worktrees" / "T3", branch, plan_branch)
    assert git_worktrees.add_worktree(repo_dir, tree, branch, plan_branch) == tree
    (tree / "README.md").write_text("# Habits\n")
    sha = git_ops.commit_task(
        tree, type_="docs", scope="readme", description="add a readme", task_id="T3", review_path="r.md"
    )
    assert git(repo_dir, "rev-parse", plan_branch) == baseline

    new_head = git_ops.bring_onto(repo_dir, plan_branch, sha)

    assert git(repo_dir, "rev-parse", plan_branch) == new_head != baseline
    assert (repo_dir / "README.md").read_text() == "# Habits\n"
    assert git_ops.find_task_commit(repo_dir, plan_branch, "T3") == new_head
    assert [commit.subject for commit in git_ops.log_since(repo_dir, baseline)] == ["docs(readme): add a readme"]
    assert "README.md" in git_ops.diff_stat_since(repo_dir, baseline)
    git_worktrees.remove_worktree(repo_dir, tree, delete_branch=branch)
    assert not tree.exists()
    assert branch not in git(repo_dir, "branch", "--list")


def test_a_feature_branch_is_merged_and_a_conflict_names_the_files(repo_dir: Path, tmp_path: Path) -> None:
    _, plan_branch, _ = git_ops.prepare_plan_branch(repo_dir, "habit-mvp")
    branch = git_ops.feature_branch_name("habit-mvp", "T4", "Auth")
    tree = git_worktrees.add_worktree(repo_dir, tmp_path / "wt-T4", branch, plan_branch)
    (tree / "src" / "app.py").write_text("def main():\n    return 'feature'\n")
    git_ops.commit_task(tree, type_="feat", scope="auth", description="login", task_id="T4", review_path="r.md")
    (repo_dir / "src" / "app.py").write_text("def main():\n    return 'plan'\n")
    git(repo_dir, "commit", "-q", "-am", "a change on the plan branch")
    head_before = git(repo_dir, "rev-parse", "HEAD")

    with pytest.raises(GitError, match="conflicts in: src/app.py"):
        git_ops.bring_onto(repo_dir, plan_branch, branch, mode="merge")
    assert git(repo_dir, "rev-parse", "HEAD") == head_before
    assert git(repo_dir, "status", "--porcelain") == ""

    (tree / "src" / "login.py").write_text("def login():\n    return True\n")
    git(tree, "rm", "-q", "--cached", "src/app.py")
    git(tree, "checkout", "-q", "HEAD~1", "--", "src/app.py")
    git(tree, "add", "-A")
    git(tree, "commit", "-q", "-m", "feat(auth): keep app.py as on the plan branch")
    merged = git_ops.bring_onto(repo_dir, plan_branch, branch, mode="merge")
    assert len(git(repo_dir, "rev-list", "--parents", "-1", merged).split()) == 3
    assert git_ops.bring_onto(repo_dir, plan_branch, branch, mode="merge") == merged


def test_an_agent_commit_and_a_write_beside_the_repository_are_detected(repo_dir: Path) -> None:
    sentinel = repo_dir.parent / "home-config.toml"
    sentinel.write_text("a = 1\n")
    before = git_ops.snapshot(repo_dir, sentinels=[sentinel])
    (repo_dir / "src" / "store.py").write_text("X = 1\n")
    assert agent_watch.detect_agent_tampering(before, repo_dir) == []

    git(repo_dir, "add", "-A")
    git(repo_dir, "commit", "-q", "-m", "agent was here")
    (repo_dir.parent / "escaped.txt").write_text("outside\n")
    sentinel.write_text("a = 2 # longer\n")
    evidence = agent_watch.detect_agent_tampering(before, repo_dir)

    assert any(line.startswith("HEAD moved from") and "agent was here" in line for line in evidence)
    assert any("created" in line and line.endswith("escaped.txt") for line in evidence)
    assert any("changed" in line and line.endswith("home-config.toml") for line in evidence)


def test_head_and_refs_are_read_without_git_in_trees_and_packed_refs(repo_dir: Path, tmp_path: Path) -> None:
    sha = git(repo_dir, "rev-parse", "HEAD")
    assert git_ops.head(repo_dir) == (sha, "main")
    assert git_ops.ref_sha(repo_dir, "refs/heads/main") == sha
    assert git_ops.ref_sha(repo_dir, "refs/heads/nope") is None
    git(repo_dir, "tag", "-a", "v1", "-m", "one")
    git(repo_dir, "pack-refs", "--all")
    assert not (repo_dir / ".git" / "refs" / "heads" / "main").exists()
    assert git_ops.ref_sha(repo_dir, "refs/heads/main") == sha
    assert git_ops.ref_sha(repo_dir, "refs/tags/v1") == git(repo_dir, "rev-parse", "refs/tags/v1")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "pool" / "tree", sha)
    assert git_ops.head(tree) == (sha, None)
    assert git_ops.ref_sha(tree, "refs/heads/main") == sha
    git(tree, "checkout", "-q", "-b", "side")
    assert git_ops.head(tree) == (sha, "side")
    empty = tmp_path / "empty"
    empty.mkdir()
    git(empty, "init", "-q", "-b", "trunk")
    assert git_ops.head(empty) == (None, "trunk")


def test_run_git_gives_stdout_and_names_the_failure(repo_dir: Path) -> None:
    assert git_ops.run_git(repo_dir, "rev-parse", "--abbrev-ref", "HEAD") == "main"
    (repo_dir / "x.txt").write_text("x\n")
    assert git_ops.run_git(repo_dir, "hash-object", "--stdin", stdin="x\n") == git(repo_dir, "hash-object", "x.txt")
    with pytest.raises(GitError, match="git rev-parse --verify no-such-ref failed"):
        git_ops.run_git(repo_dir, "rev-parse", "--verify", "no-such-ref")


def test_a_pooled_tree_is_reset_for_the_next_task_and_nothing_leaks(repo_dir: Path, tmp_path: Path) -> None:
    start = git(repo_dir, "rev-parse", "HEAD")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "pool" / "slot-0" / "tree", start)
    (tree / "src" / "app.py").write_text("changed\n")
    (tree / "new.txt").write_text("untracked\n")
    (tree / "build").mkdir()
    (tree / "build" / "out.js").write_text("ignored\n")
    (tree / "staged.txt").write_text("staged\n")
    git(tree, "add", "staged.txt")
    git(tree, "checkout", "-q", "-b", "agent-branch")
    (repo_dir / "b.txt").write_text("b\n")
    git(repo_dir, "add", "-A")
    git(repo_dir, "commit", "-q", "-m", "the plan moved on")
    target = git(repo_dir, "rev-parse", "HEAD")

    git_worktrees.reset_worktree(tree, target)

    assert git_ops.head(tree) == (target, None)
    assert git(tree, "status", "--porcelain", "--ignored") == ""
    assert (tree / "src" / "app.py").read_text() == "def main():\n    return 1\n"
    assert (tree / "b.txt").exists() and not (tree / "build").exists() and not (tree / "staged.txt").exists()
    git_worktrees.remove_worktrees(repo_dir, [tree.parent])
    assert not tree.parent.exists()
    assert len(git_ops.list_worktrees(repo_dir)) == 1


def test_a_child_commit_is_fast_forwarded_with_the_checkout_and_local_work_kept(repo_dir: Path, tmp_path: Path) -> None:
    _, plan_branch, baseline = git_ops.prepare_plan_branch(repo_dir, "habit-mvp")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "pool" / "tree", baseline)
    (tree / "src" / "app.py").write_text("def main():\n    return 2\n")
    sha = git_ops.commit_task(tree, type_="fix", scope="app", description="two", task_id="T5", review_path="r.md",
                              paths=["src/app.py"])
    (repo_dir / "notes.txt").write_text("the user's scratch file\n")

    assert git_ops.bring_onto(repo_dir, plan_branch, sha, parent=baseline) == sha

    assert git(repo_dir, "rev-parse", plan_branch) == sha
    assert git(repo_dir, "rev-parse", "main") == baseline
    assert (repo_dir / "src" / "app.py").read_text() == "def main():\n    return 2\n"
    assert git(repo_dir, "status", "--porcelain") == "?? notes.txt"
    with pytest.raises(GitError, match="not at"):
        git_ops.fast_forward(repo_dir, plan_branch, sha, baseline)
    with pytest.raises(GitError, match="not checked out"):
        git_ops.fast_forward(repo_dir, "main", sha, baseline)


def test_a_same_size_edit_made_in_the_second_its_tree_was_checked_out_is_committed(repo_dir: Path, tmp_path: Path) -> None:
    """Git compares an index entry by content when its file's time is not older than the index itself ("racily
    clean"): a file rewritten in the second of the checkout, at the same size, has the same stat as before. The
    scratch copy of the index keeps the index's own time, so that check still sees the change. It used to be a
    copy made later, which made the entry look settled: the change was empty and the task was not committed."""
    git(repo_dir, "config", "core.trustctime", "false")  # the file's ctime cannot be set back; its mtime can
    _, _, baseline = git_ops.prepare_plan_branch(repo_dir, "habit-mvp")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "pool" / "tree", baseline)
    app = tree / "src" / "app.py"
    checked_out = time.time() - 100
    os.utime(app, (checked_out, checked_out))
    git(tree, "update-index", "--refresh")  # the entry records that time
    index = tree / git(tree, "rev-parse", "--git-path", "index")
    os.utime(index, (checked_out, checked_out))  # and the index was written in that same second
    app.write_text("def main():\n    return 2\n")  # the agent's edit: the same size, in the same second
    os.utime(app, (checked_out, checked_out))

    sha = git_ops.commit_task(tree, type_="fix", scope="app", description="two", task_id="T5", review_path="r.md",
                              paths=["src/app.py"])

    assert git(tree, "show", f"{sha}:src/app.py") == "def main():\n    return 2"


def test_a_confined_agent_sees_its_own_same_size_edit_in_its_copy_of_the_index(repo_dir: Path, tmp_path: Path) -> None:
    """The sandbox gives the agent a copy of the tree's index (sandbox.private_git): kept with the index's time, a
    racily clean entry is still compared by content, so the agent's own `git diff` shows the edit."""
    from pmtui.delivery.sandbox import private_git

    git(repo_dir, "config", "core.trustctime", "false")
    _, _, baseline = git_ops.prepare_plan_branch(repo_dir, "habit-mvp")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "pool" / "tree", baseline)
    app = tree / "src" / "app.py"
    checked_out = time.time() - 100
    os.utime(app, (checked_out, checked_out))
    git(tree, "update-index", "--refresh")
    os.utime(tree / git(tree, "rev-parse", "--git-path", "index"), (checked_out, checked_out))
    app.write_text("def main():\n    return 2\n")
    os.utime(app, (checked_out, checked_out))
    (tmp_path / "scratch").mkdir()

    env = {**os.environ, **private_git(tree, tmp_path / "scratch")}
    seen = subprocess.run(["git", "diff", "--name-only"], cwd=tree, env=env, capture_output=True, text=True, check=True)

    assert seen.stdout.split() == ["src/app.py"]


def test_a_commit_whose_parent_moved_is_cherry_picked_not_fast_forwarded(repo_dir: Path, tmp_path: Path) -> None:
    _, plan_branch, baseline = git_ops.prepare_plan_branch(repo_dir, "habit-mvp")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "pool" / "tree", baseline)
    (tree / "src" / "store.py").write_text("X = 1\n")
    sha = git_ops.commit_task(tree, type_="feat", scope="store", description="store", task_id="T6",
                              review_path="r.md", paths=["src/store.py"])
    (repo_dir / "other.txt").write_text("other\n")
    git(repo_dir, "add", "-A")
    git(repo_dir, "commit", "-q", "-m", "another task")

    new_head = git_ops.bring_onto(repo_dir, plan_branch, sha, parent=baseline)

    assert new_head != sha and git(repo_dir, "rev-parse", plan_branch) == new_head
    assert git_ops.find_task_commit(repo_dir, plan_branch, "T6") == new_head
    assert (repo_dir / "src" / "store.py").exists() and git(repo_dir, "status", "--porcelain") == ""


def test_commit_with_paths_stages_exactly_the_reviewed_change(repo_dir: Path) -> None:
    (repo_dir / ".gitignore").write_text("*.log\nbuild/\ndocs/\n")
    git(repo_dir, "commit", "-q", "-am", "docs are ignored here")
    (repo_dir / "src" / "store.py").write_text("X = 1\n")
    (repo_dir / "tests" / "test_app.py").unlink()
    (repo_dir / "src" / "app.py").rename(repo_dir / "src" / "main.py")
    (repo_dir / "docs" / "reviews").mkdir(parents=True)
    (repo_dir / "docs" / "reviews" / "T7-review.md").write_text("# Review of T7\n")
    change = git_ops.change_set(repo_dir)
    assert change.renamed == [("src/app.py", "src/main.py")]
    (repo_dir / "coverage.xml").write_text("made by a gate after the review\n")

    sha = git_ops.commit_task(repo_dir, type_="feat", scope="s", description="d", task_id="T7",
                              review_path="docs/reviews/T7-review.md",
                              paths=[*change.files(), *(old for old, _ in change.renamed)])

    committed = git(repo_dir, "show", "--name-status", "--format=", "-M", sha).splitlines()
    assert sorted(committed) == sorted(["A\tdocs/reviews/T7-review.md", "R100\tsrc/app.py\tsrc/main.py",
                                        "A\tsrc/store.py", "D\ttests/test_app.py"])
    assert git(repo_dir, "status", "--porcelain") == "?? coverage.xml"
    with pytest.raises(GitError, match="nothing to commit for task T8"):
        git_ops.commit_task(repo_dir, type_="feat", scope="s", description="d", task_id="T8",
                            review_path="docs/reviews/T7-review.md", paths=[])


def test_commit_with_a_path_gone_from_tree_and_index_falls_back_to_the_whole_tree(repo_dir: Path) -> None:
    git(repo_dir, "rm", "-q", "tests/test_app.py")
    (repo_dir / "src" / "store.py").write_text("X = 1\n")
    sha = git_ops.commit_task(repo_dir, type_="feat", scope="s", description="d", task_id="T9", review_path="r.md",
                              paths=["tests/test_app.py", "src/store.py", "no/such/file.py"])
    assert sorted(git(repo_dir, "show", "--name-only", "--format=", sha).split()) == ["src/store.py",
                                                                                       "tests/test_app.py"]


def test_change_set_reads_odd_names_renames_and_the_stat_in_one_diff(repo_dir: Path) -> None:
    (repo_dir / "src" / "app.py").rename(repo_dir / "src" / "renamed.py")
    (repo_dir / "tab\tname.txt").write_text("a\n")
    (repo_dir / "ünï code.txt").write_text("α\n\nβ\n")
    change = git_ops.change_set(repo_dir)
    assert change.renamed == [("src/app.py", "src/renamed.py")]
    assert sorted(change.added) == ["tab\tname.txt", "ünï code.txt"]
    assert change.added_lines["ünï code.txt"] == [(1, "α"), (2, ""), (3, "β")]
    assert change.added_lines["tab\tname.txt"] == [(1, "a")]
    assert "R100\tsrc/app.py\tsrc/renamed.py" in change.name_status
    assert change.stat.endswith("3 files changed, 4 insertions(+)")
    assert change.diff.startswith("diff --git ")


def test_a_snapshot_with_known_trees_skips_status_and_sees_a_new_sibling(repo_dir: Path, tmp_path: Path) -> None:
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "pool" / "slot-0" / "tree", "HEAD")
    before = git_ops.snapshot(tree, worktrees=[tree], with_status=False)
    assert before.status == [] and before.branch is None and before.worktrees == [str(tree)]
    (tree / "src" / "x.py").write_text("X = 1\n")
    assert agent_watch.detect_agent_tampering(before, tree) == []
    (tree.parent / "escaped.txt").write_text("outside\n")
    git(tree, "checkout", "-q", "-b", "rogue")
    evidence = agent_watch.detect_agent_tampering(before, tree)
    assert any(line.endswith("escaped.txt") for line in evidence)
    assert any("from a detached HEAD to rogue" in line for line in evidence)


def test_the_delta_of_one_child_commit_is_read_once_and_matches_git_diff(repo_dir: Path) -> None:
    base = git(repo_dir, "rev-parse", "HEAD")
    (repo_dir / "src" / "app.py").rename(repo_dir / "src" / "main.py")
    (repo_dir / "src" / "store.py").write_text("X = 1\nY = 2\n")
    git(repo_dir, "add", "-A")
    git(repo_dir, "commit", "-q", "-m", "feat: store", "-m", "Refs: task-T1")
    one = git(repo_dir, "rev-parse", "HEAD")
    assert git_ops.diff_stat_since(repo_dir, base, one).strip() == git(repo_dir, "diff", "--stat", base, one)
    [commit] = git_ops.log_since(repo_dir, base, one)
    assert (commit.sha, commit.subject, commit.body) == (one, "feat: store", "Refs: task-T1")
    (repo_dir / "b.txt").write_text("b\n")
    git(repo_dir, "add", "-A")
    git(repo_dir, "commit", "-q", "-m", "docs: b")
    two = git(repo_dir, "rev-parse", "HEAD")
    assert git_ops.diff_stat_since(repo_dir, base, two).strip() == git(repo_dir, "diff", "--stat", base, two)
    assert [c.subject for c in git_ops.log_since(repo_dir, base, two)] == ["feat: store", "docs: b"]
    assert git_ops.diff_stat_since(repo_dir, two, two) == "" and git_ops.log_since(repo_dir, two, two) == []


def test_a_worktree_whose_add_was_killed_is_removed_with_its_commits(repo_dir: Path, tmp_path: Path) -> None:
    """`git worktree add` locks its entry while it works; killed, the lock stays, prune keeps the entry and
    `git log --all` goes on listing the commits at its HEAD (a duplicate `Refs: task-…` commit)."""
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "pool" / "slot-1" / "tree", git(repo_dir, "rev-parse", "HEAD"))
    (tree / "extra.txt").write_text("work\n")
    git(tree, "add", "extra.txt")
    git(tree, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "task commit")
    orphan = git(tree, "rev-parse", "HEAD")
    git(repo_dir, "worktree", "lock", "--reason", "initializing", str(tree))

    git_worktrees.remove_worktrees(repo_dir, [tmp_path / "pool" / "slot-1"])

    assert str(tree) not in git(repo_dir, "worktree", "list")
    assert orphan not in git(repo_dir, "log", "--all", "--format=%H").split()


def test_a_fast_forward_killed_halfway_completes_and_stale_locks_go(repo_dir: Path, tmp_path: Path) -> None:
    """Found under test_kill_resume: `reset --keep` killed after writing the new files, its index lock then
    removed, left those files untracked, and the resumed fast-forward refused to overwrite them. Exact
    copies of what the commit adds are removed; a file of the user's in the way still stops it."""
    old = git(repo_dir, "rev-parse", "HEAD")
    git_ops.prepare_plan_branch(repo_dir, "ff")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "tree", old)
    (tree / "docs").mkdir()
    (tree / "docs" / "review.md").write_text("reviewed\n")
    git(tree, "add", "docs/review.md")
    git(tree, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "task")
    new = git(tree, "rev-parse", "HEAD")
    (repo_dir / "docs").mkdir()
    (repo_dir / "docs" / "review.md").write_text("reviewed\n")  # what the killed reset had written
    git_dir = repo_dir / ".git"
    (git_dir / "HEAD.lock").write_text("")
    (git_dir / "refs" / "heads" / "pm").mkdir(parents=True, exist_ok=True)
    (git_dir / "refs" / "heads" / "pm" / "ff.lock").write_text("")

    git_ops.recover_after_kill(repo_dir)
    assert not (git_dir / "HEAD.lock").exists() and not (git_dir / "refs" / "heads" / "pm" / "ff.lock").exists()
    assert git_ops.fast_forward(repo_dir, "pm/ff", new, old) == new
    assert git(repo_dir, "status", "--porcelain") == "" and git(repo_dir, "rev-parse", "pm/ff") == new

    git(repo_dir, "reset", "-q", "--hard", old)
    (repo_dir / "docs").mkdir(exist_ok=True)
    (repo_dir / "docs" / "review.md").write_text("the user's own notes\n")
    with pytest.raises(GitError):
        git_ops.fast_forward(repo_dir, "pm/ff", new, old)
    assert (repo_dir / "docs" / "review.md").read_text() == "the user's own notes\n"


def test_a_cherry_pick_killed_while_it_wrote_its_marker_is_aborted(repo_dir: Path, tmp_path: Path) -> None:
    """Found with PMTUI_KILL_SEED=1588520737: the integration's cherry-pick, killed with CHERRY_PICK_HEAD written
    and CHERRY_PICK_HEAD.lock still there, could not be aborted on resume ("cannot lock ref 'CHERRY_PICK_HEAD'"), and
    every later merge onto the plan branch failed with "You have not concluded your cherry-pick" until T2 escalated.
    pmtui's own lock file in the git directory stays."""
    old = git(repo_dir, "rev-parse", "HEAD")
    git_ops.prepare_plan_branch(repo_dir, "cp")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "tree", old)
    (tree / "notes.txt").write_text("a task's file\n")
    git(tree, "add", "notes.txt")
    git(tree, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "task")
    new = git(tree, "rev-parse", "HEAD")
    git_dir = repo_dir / ".git"
    (git_dir / "CHERRY_PICK_HEAD").write_text(new + "\n")  # the state the killed cherry-pick left
    (git_dir / "CHERRY_PICK_HEAD.lock").write_text("")
    (git_dir / "pmtui-deliver.lock").write_text("pmtui's own\n")
    assert "cherry-picking" in git(repo_dir, "status")

    git_ops.recover_after_kill(repo_dir)
    assert not (git_dir / "CHERRY_PICK_HEAD").exists() and not (git_dir / "CHERRY_PICK_HEAD.lock").exists()
    assert (git_dir / "pmtui-deliver.lock").read_text() == "pmtui's own\n"
    assert git_ops.bring_onto(repo_dir, "pm/cp", new, mode="merge") != old


@pytest.mark.parametrize("left", ["empty commondir", "no gitdir", "no HEAD"])
def test_a_worktree_add_killed_before_it_wrote_its_admin_files_is_dropped(repo_dir: Path, tmp_path: Path,
                                                                          left: str) -> None:
    """Found with PMTUI_KILL_SEED=209207162: `git worktree add` killed mid-way left .git/worktrees/tree with an empty
    commondir; every later `git worktree add` and `list` failed ("failed to read .git/worktrees/tree/commondir") and
    all four tasks escalated as engine errors. A whole worktree of the user's stays."""
    theirs = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "theirs", git(repo_dir, "rev-parse", "HEAD"))
    admin = repo_dir / ".git" / "worktrees" / "tree"
    admin.mkdir(parents=True)
    (admin / "commondir").write_text("" if left == "empty commondir" else "../..\n")
    if left != "no gitdir":
        (admin / "gitdir").write_text(str(tmp_path / "tree" / ".git") + "\n")
    if left != "no HEAD":
        (admin / "HEAD").write_text(git(repo_dir, "rev-parse", "HEAD") + "\n")
    if left == "empty commondir":
        with pytest.raises(subprocess.CalledProcessError):
            git(repo_dir, "worktree", "list")

    git_ops.recover_after_kill(repo_dir)
    assert not admin.exists()
    assert str(theirs) in git(repo_dir, "worktree", "list")
    assert git_worktrees.add_detached_worktree(repo_dir, tmp_path / "tree", git(repo_dir, "rev-parse", "HEAD")).is_dir()


def test_a_fast_forward_killed_after_its_index_is_put_back_whatever_resumes_it(repo_dir: Path, tmp_path: Path) -> None:
    """Found with PMTUI_KILL_SEED=20: `reset --keep` killed after writing the files and the index but before
    the branch moved left the task's files staged in the user's checkout; the resumed run took the
    cherry-pick path (or merged another task first), git refused to overwrite those 'local changes' and
    two tasks escalated. Leftovers that are exact copies of a pooled worktree's commit are put back to
    HEAD; anything else (the user's own work) stays."""
    old = git(repo_dir, "rev-parse", "HEAD")
    git_ops.prepare_plan_branch(repo_dir, "ff")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "tree", old)
    (tree / "docs").mkdir()
    (tree / "docs" / "review.md").write_text("reviewed\n")
    (tree / "README.md").write_text("changed by the task\n")
    git(tree, "add", "-A")
    git(tree, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "task")
    new = git(tree, "rev-parse", "HEAD")
    git(repo_dir, "read-tree", "-m", "-u", old, new)  # the files and the index of `new`, HEAD still at `old`
    assert git(repo_dir, "status", "--porcelain") != ""

    git_ops.recover_after_kill(repo_dir)
    assert git(repo_dir, "status", "--porcelain") == "" and git(repo_dir, "rev-parse", "HEAD") == old
    assert git_ops.bring_onto(repo_dir, "pm/ff", new, mode="cherry-pick") == new

    git(repo_dir, "reset", "-q", "--hard", old)
    (repo_dir / "README.md").write_text("the user's own edit\n")
    git_ops.recover_after_kill(repo_dir)
    assert (repo_dir / "README.md").read_text() == "the user's own edit\n"


def test_the_tree_of_a_commit_the_log_listed_is_known_without_another_git(repo_dir: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    base = git(repo_dir, "rev-parse", "HEAD")
    (repo_dir / "new.py").write_text("x = 1\n")
    git(repo_dir, "add", "new.py")
    git(repo_dir, "commit", "-q", "-m", "feat: new")
    head = git(repo_dir, "rev-parse", "HEAD")
    assert git_ops.tree_of(repo_dir, base) == git(repo_dir, "rev-parse", f"{base}^{{tree}}")  # read by rev-parse

    assert [c.sha for c in git_ops.log_since(repo_dir, base, head)] == [head]
    runs: list[list[str]] = []
    real = git_ops.complete
    monkeypatch.setattr(git_ops, "complete", lambda cwd, args, *a, **k: runs.append(list(args)) or real(cwd, args, *a, **k))
    assert git_ops.tree_of(repo_dir, head) == git(repo_dir, "rev-parse", f"{head}^{{tree}}")
    assert runs == []
    other = "f" * 40
    with pytest.raises(GitError):
        git_ops.tree_of(repo_dir, other)
    assert runs and runs[0][-1] == f"{other}^{{tree}}"


def test_a_cherry_pick_killed_after_writing_the_files_is_put_back_whatever_resumes_it(repo_dir: Path,
                                                                                   tmp_path: Path) -> None:
    """Found with the engine in its own process, killed mid-integration: the plan head had moved, so the task's
    commit (not a descendant of HEAD) was being cherry-picked; the kill left its new files untracked in the
    user's checkout, the resumed run's cherry-pick refused to overwrite them, and the task escalated on every
    retry. Exact copies of a pooled tree's commit not yet on the plan branch are put back; a plan-branch
    commit's older copy of a file the user restored stays."""
    base = git(repo_dir, "rev-parse", "HEAD")
    git_ops.prepare_plan_branch(repo_dir, "cp")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "tree", base)
    (tree / "docs").mkdir()
    (tree / "docs" / "usage.md").write_text("how to use it\n")
    (tree / "docs" / "review.md").write_text("reviewed\n")
    git(tree, "add", "-A")
    git(tree, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "docs task")
    task = git(tree, "rev-parse", "HEAD")
    (repo_dir / "other.py").write_text("moved = True\n")  # another task's commit moved the plan head
    git(repo_dir, "add", "other.py")
    git(repo_dir, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "other task")
    moved = git(repo_dir, "rev-parse", "HEAD")
    (repo_dir / "docs").mkdir()
    (repo_dir / "docs" / "usage.md").write_text("how to use it\n")  # what the killed cherry-pick had written
    (repo_dir / "docs" / "review.md").write_text("reviewed\n")

    git_ops.recover_after_kill(repo_dir)
    assert git(repo_dir, "status", "--porcelain") == "" and git(repo_dir, "rev-parse", "HEAD") == moved
    assert git_ops.bring_onto(repo_dir, "pm/cp", task, mode="cherry-pick") != moved

    # A copy that is not what bringing the commit onto HEAD writes stays: the plan branch has moved the file on
    # since, and the user restored the task's version of it on purpose.
    (repo_dir / "docs" / "usage.md").write_text("how to use it, second edition\n")
    git(repo_dir, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-am", "usage v2")
    (repo_dir / "docs" / "usage.md").write_text("how to use it\n")
    git_ops.recover_after_kill(repo_dir)
    assert (repo_dir / "docs" / "usage.md").read_text() == "how to use it\n"


def test_a_leftover_of_a_commit_its_worktree_has_moved_on_from_is_put_back(repo_dir: Path, tmp_path: Path) -> None:
    """Found with PMTUI_KILL_SEED=7: a fast-forward killed after writing `docs/reviews/L2-review.md` left it
    untracked in the user's checkout, and by the resume the pooled worktree that made the commit had been reset
    for its next task, so the commit was no worktree's HEAD any more and the leftover was taken for the user's
    own work: L2's fast-forward was refused. The worktree's reflog still knows the commit."""
    old = git(repo_dir, "rev-parse", "HEAD")
    git_ops.prepare_plan_branch(repo_dir, "ff2")
    tree = git_worktrees.add_detached_worktree(repo_dir, tmp_path / "tree", old)
    (tree / "docs" / "reviews").mkdir(parents=True)
    (tree / "docs" / "reviews" / "L2-review.md").write_text("reviewed\n")
    git(tree, "add", "-A")
    git(tree, "-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "L2")
    task = git(tree, "rev-parse", "HEAD")
    git(tree, "checkout", "-q", "--detach", old)  # the pooled tree moves on to its next task
    (repo_dir / "docs" / "reviews").mkdir(parents=True)
    (repo_dir / "docs" / "reviews" / "L2-review.md").write_text("reviewed\n")  # what the killed fast-forward wrote

    git_ops.recover_after_kill(repo_dir)
    assert git(repo_dir, "status", "--porcelain") == "" and git(repo_dir, "rev-parse", "HEAD") == old
    assert git_ops.fast_forward(repo_dir, "pm/ff2", task, old) == task

    # The user's own file of the same name, with other content, stays.
    git(repo_dir, "reset", "-q", "--hard", old)
    (repo_dir / "docs" / "reviews").mkdir(parents=True, exist_ok=True)
    (repo_dir / "docs" / "reviews" / "L2-review.md").write_text("my own notes\n")
    git_ops.recover_after_kill(repo_dir)
    assert (repo_dir / "docs" / "reviews" / "L2-review.md").read_text() == "my own notes\n"


def _commit_checked(root: Path, paths: list[str]) -> str:
    from pmtui.delivery.commit_check import final_content_check

    (root / "r.md").write_text("review\n")
    old = 1_600_000_000  # files older than the index: no entry is racily clean, so git keeps the index as staged
    for path in [*paths, "r.md"]:
        if (root / path).exists():
            import os

            os.utime(root / path, (old, old))
    return git_ops.commit_task(root, type_="feat", scope="store", description="a store", task_id="T1",
                               review_path="r.md", paths=paths, check=final_content_check)


def test_a_commit_proven_to_hold_what_was_checked_gives_the_next_delta_without_a_git_log(
        repo_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pmtui.delivery import git_files

    base = git(repo_dir, "rev-parse", "HEAD")
    (repo_dir / "src" / "app.py").rename(repo_dir / "src" / "main.py")
    (repo_dir / "src" / "store.py").write_text("X = 1\nY = 2\n")
    (repo_dir / "logo.png").write_bytes(bytes(range(256)))
    (repo_dir / "tests" / "test_app.py").unlink()
    sha = _commit_checked(repo_dir, ["src/app.py", "src/main.py", "src/store.py", "logo.png", "tests/test_app.py"])
    started: list[object] = []
    inner = git_ops.complete
    monkeypatch.setattr(git_ops, "complete", lambda *args, **kwargs: started.append(args[1]) or inner(*args, **kwargs))
    stat, [commit], tree = (git_ops.diff_stat_since(repo_dir, base, sha), git_ops.log_since(repo_dir, base, sha),
                            git_ops.tree_of(repo_dir, sha))
    assert started == []  # no git process: the commit was proven to be what the check read
    git_files.SINCE.clear()
    git_files.TREE_OF.clear()
    # The same answers as git's own: the log's stat and subject, the commit's tree.
    assert stat == git_ops.diff_stat_since(repo_dir, base, sha) and "src/{app.py => main.py}" in stat
    assert "logo.png" in stat and "tests/test_app.py" in stat
    assert commit == git_ops.log_since(repo_dir, base, sha)[0]
    assert (commit.subject, commit.body) == ("feat(store): a store", "Refs: task-T1\nReview: r.md")
    assert tree == git(repo_dir, "rev-parse", f"{sha}^{{tree}}")
    assert started  # those asked git


def test_a_commit_a_hook_changed_is_not_taken_as_checked_and_its_delta_comes_from_git(repo_dir: Path) -> None:
    from pmtui.delivery import git_files

    hook = repo_dir / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/bin/sh\necho extra > extra.txt\ngit add extra.txt\n")
    hook.chmod(0o755)
    base = git(repo_dir, "rev-parse", "HEAD")
    (repo_dir / "src" / "store.py").write_text("X = 1\n")
    sha = _commit_checked(repo_dir, ["src/store.py"])
    assert (base, sha) not in git_files.SINCE and sha not in git_files.TREE_OF
    assert "extra.txt" in git_ops.diff_stat_since(repo_dir, base, sha)
    hook.unlink()
    message = repo_dir / ".git" / "hooks" / "commit-msg"  # the message changed: not the commit that was checked
    message.write_text("#!/bin/sh\necho 'Signed-off-by: a hook' >> \"$1\"\n")
    message.chmod(0o755)
    (repo_dir / "src" / "store.py").write_text("X = 22\n")  # another size: the stat, of the same old time, differs
    again = _commit_checked(repo_dir, ["src/store.py"])
    assert (sha, again) not in git_files.SINCE
    assert git_ops.log_since(repo_dir, sha, again)[0].body.endswith("Signed-off-by: a hook")
