"""Units the engine-overhead work added or rewrote (bench/engine_overhead.py): each gives what it gave before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pmtui.delivery.diffs import dir_entries, fingerprint


def test_dir_entries_fingerprints_each_entry_as_fingerprint_does_and_leaves_out_what_it_must(tmp_path: Path) -> None:
    folder = tmp_path / "around"
    folder.mkdir()
    (folder / "file.txt").write_text("x")
    (folder / "sub").mkdir()
    os.symlink("file.txt", folder / "link")
    (folder / "pmtui-stage-1").mkdir()  # pmtui's own scratch
    repo = folder / "repo"
    repo.mkdir()
    os.symlink(repo, folder / "to-repo")  # a symlink to a skipped path is skipped too
    seen = dir_entries([str(folder) + "/"], skip=[repo])
    expected = {str(folder / name): fingerprint(folder / name) for name in ("file.txt", "sub", "link")}
    assert seen == expected
    assert seen[str(folder / "link")] == "link:file.txt"
    assert dir_entries([tmp_path / "missing"]) == {}


def test_a_kept_listing_is_reused_only_while_the_folder_is_unchanged_and_still_sees_files_changed_in_place(
        tmp_path: Path) -> None:
    import time

    from pmtui.delivery import diffs

    folder = tmp_path / "around"
    folder.mkdir()
    (folder / "notes.txt").write_text("x")
    (folder / "sub").mkdir()
    time.sleep(0.15)  # past the racy margin: the folder's last change is older than the listing by more than it
    first = dir_entries([folder])
    kept = diffs._LISTINGS[str(folder)][1]
    with (folder / "notes.txt").open("a") as handle:  # changed in place: the folder's own times stay
        handle.write("more")
    second = dir_entries([folder])
    assert diffs._LISTINGS[str(folder)][1] is kept
    assert second[str(folder / "notes.txt")] == fingerprint(folder / "notes.txt") != first[str(folder / "notes.txt")]
    (folder / "new.txt").write_text("y")  # a new entry changes the folder: listed again
    third = dir_entries([folder])
    assert third == {str(folder / name): fingerprint(folder / name) for name in ("notes.txt", "sub", "new.txt")}


def test_a_kept_listings_folders_are_sorted_once_and_each_skip_set_still_leaves_out_its_own_paths(
        tmp_path: Path) -> None:
    import time

    from pmtui.delivery import diffs

    folder = tmp_path / "around"
    folder.mkdir()
    (folder / "notes.txt").write_text("x")
    for name in ("sub", "repo", "other-tree"):
        (folder / name).mkdir()
    os.symlink("notes.txt", folder / "link")
    time.sleep(0.15)  # past the racy margin: the listing is kept

    def expected(*left_out: str) -> dict[str, str]:
        names = sorted({"notes.txt", "sub", "repo", "other-tree", "link"} - set(left_out))
        return {str(folder / name): fingerprint(folder / name) for name in names}

    assert dir_entries([folder], skip=[folder / "repo"]) == expected("repo")
    split = diffs._SPLITS[str(folder)]
    with (folder / "notes.txt").open("a") as handle:  # changed in place: the split's file is lstat'ed again
        handle.write("more")
    assert dir_entries([folder], skip=[folder / "repo"]) == expected("repo")
    assert diffs._SPLITS[str(folder)] is split
    # Another skip set over the same kept listing: sorted again for it, nothing of the first set's answer reused.
    assert dir_entries([folder], skip=[folder / "other-tree"]) == expected("other-tree")
    assert dir_entries([folder]) == expected()
    os.remove(folder / "link")
    os.symlink("sub", folder / "link")  # a link replaced: the folder changed, listed and sorted again
    assert dir_entries([folder], skip=[folder / "repo"]) == expected("repo")
    assert dir_entries([folder], skip=[folder / "repo"])[str(folder / "link")] == "link:sub"


def test_a_listing_taken_within_a_clock_tick_of_the_folders_change_is_not_kept() -> None:
    from pmtui.delivery.diffs import listing_can_be_kept

    changed = 1_700_000_000_123_456_789
    assert listing_can_be_kept(changed + 500_000_000, changed, changed)
    assert not listing_can_be_kept(changed + 5_000_000, changed, changed)  # a few ms: the same tick, maybe
    assert not listing_can_be_kept(changed + 500_000_000, changed, changed + 450_000_000)  # ctime is later
    whole = 1_700_000_000_000_000_000  # whole-second times (FAT, some network file systems): 2 s of margin
    assert not listing_can_be_kept(whole + 1_500_000_000, whole, whole)
    assert listing_can_be_kept(whole + 2_500_000_000, whole, whole)


def test_the_git_watchdog_kills_only_what_outlives_its_timeout() -> None:
    import subprocess
    import threading
    import time

    from pmtui.delivery.git_watchdog import Watchdog

    watchdog = Watchdog()
    # A long timeout first: the thread sleeps a long time, and a shorter one watched later must wake it.
    slow = subprocess.Popen(["sleep", "30"])
    slow_expired = threading.Event()
    token = watchdog.watch(slow, slow_expired, 60.0)
    quick = subprocess.Popen(["sleep", "30"])
    quick_expired = threading.Event()
    started = time.monotonic()
    watchdog.watch(quick, quick_expired, 0.2)
    assert quick.wait(10) != 0 and quick_expired.is_set()
    assert time.monotonic() - started < 5
    watchdog.unwatch(token)  # done in time: never killed
    assert slow.poll() is None and not slow_expired.is_set()
    slow.kill()
    slow.wait()


def test_the_assigned_secret_precondition_holds_for_every_line_the_pattern_matches() -> None:
    from pmtui.delivery.diffs import ChangeSet
    from pmtui.delivery.gates import tier_gates

    matching = ['password = "hunter2hunter2"', "API_KEY: 'abcdefgh12345678'", 'db.secret:="s3cr3tv4lue"',
                "client-secret='q9w8e7r6t5y4'", 'AUTH_TOKEN="zzzzzzzzzzzz"', "PaSsWoRd='correcthorse'"]
    for line in matching:
        assert tier_gates._ASSIGNED_SECRET.search(line), line
        assert tier_gates._may_assign(line), line
    for line in ["password hunter2hunter2", "api_key = hunter2hunter2", "the secret: none"]:
        assert not tier_gates._ASSIGNED_SECRET.search(line)
    change = ChangeSet(root="/nonexistent", base_sha="x", diff="")
    change.added_lines = {"app.py": [(1, 'password = "hunter2hunter2"'), (2, "x = 1")]}
    result = tier_gates.secrets_scan(change)
    assert not result.passed and any("password assigned a literal" in line for line in result.evidence)


def test_entry_changes_names_each_created_deleted_and_changed_entry_in_path_order_and_nothing_else() -> None:
    from pmtui.delivery.diffs import entry_changes

    before = {"/h/b": "file:1:1", "/h/a": "dir", "/h/c": "file:2:2", "/h/d": "link:x", "/h/same": "dir"}
    after = {"/h/a": "dir", "/h/c": "file:2:3", "/h/d": "missing", "/h/e": "dir", "/h/same": "dir"}
    assert entry_changes(before, after) == [("/h/b", "deleted"), ("/h/c", "changed"), ("/h/d", "deleted"),
                                            ("/h/e", "created")]
    assert entry_changes(before, dict(before)) == []
    assert entry_changes({}, {"/h/x": "missing"}) == [("/h/x", "created")]


def test_git_runs_with_the_environment_as_it_is_now_plus_pmtuis_settings(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The git environment is cached as bytes; a variable set, changed or removed since is what git sees."""
    import subprocess

    from pmtui.delivery import git_ops

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    monkeypatch.setenv("GIT_EDITOR", "pmtui-editor-one")
    assert git_ops.run_git(tmp_path, "var", "GIT_EDITOR") == "pmtui-editor-one"
    monkeypatch.setenv("GIT_EDITOR", "pmtui-editor-two")
    assert git_ops.run_git(tmp_path, "var", "GIT_EDITOR") == "pmtui-editor-two"
    assert git_ops.run_git(tmp_path, "var", "GIT_EDITOR", env={"GIT_EDITOR": "pmtui-extra"}) == "pmtui-extra"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    monkeypatch.delenv("GIT_EDITOR")
    monkeypatch.setenv("EDITOR", "pmtui-plain-editor")
    assert git_ops.run_git(tmp_path, "var", "GIT_EDITOR") == "pmtui-plain-editor"
    env = git_ops._env({"GIT_INDEX_FILE": "/tmp/x"})
    assert env[b"LC_ALL"] == b"C" and env[b"GIT_TERMINAL_PROMPT"] == b"0" and env[b"GIT_NO_REPLACE_OBJECTS"] == b"1"
    assert env[b"GIT_INDEX_FILE"] == b"/tmp/x" and env[b"EDITOR"] == b"pmtui-plain-editor"
    assert b"GIT_EDITOR" not in env


def test_a_gate_commands_environment_and_cache_dir_follow_every_change_of_the_process_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """gate_env keeps os.environ decoded and gate_cache_dir the user cache dir between commands: a variable set,
    changed or removed after a first command, or a new XDG_CACHE_HOME, is what the next command gets."""
    from pmtui.delivery.gates.commands import gate_cache_dir, gate_env

    tree = tmp_path / "tree"
    tree.mkdir()
    monkeypatch.delenv("PMTUI_GATE_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "first"))
    monkeypatch.setenv("PMTUI_TEST_VALUE", "one")
    first = gate_env(tree)
    assert first["PMTUI_TEST_VALUE"] == "one" and gate_cache_dir(tree).parent == tmp_path / "first" / "pmtui" / "gates"
    first["PMTUI_TEST_VALUE"] = "changed by a caller"  # each command gets its own copy
    assert gate_env(tree)["PMTUI_TEST_VALUE"] == "one"
    monkeypatch.setenv("PMTUI_TEST_VALUE", "two")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "second"))
    cache = gate_cache_dir(tree)
    assert cache.parent == tmp_path / "second" / "pmtui" / "gates"
    assert gate_env(tree)["PMTUI_TEST_VALUE"] == "two"
    monkeypatch.delenv("PMTUI_TEST_VALUE")
    assert "PMTUI_TEST_VALUE" not in gate_env(tree)
    # The command's own cache dir, when the runner has it, is the one the tools are pointed at.
    given = gate_env(tree, cache=tmp_path / "given")
    assert given["RUFF_CACHE_DIR"] == str(tmp_path / "given" / "ruff")
    assert gate_env(tree)["RUFF_CACHE_DIR"] == str(cache / "ruff")


def test_the_repositorys_refs_and_git_metadata_are_read_as_the_pathlib_walk_read_them(tmp_path: Path) -> None:
    """repository_refs walks refs/ as `rglob("*")` did: every file and link to a file under real folders (hidden
    names too), a link to a folder not followed, `.lock` files left out, a loose ref over its packed line; the git
    metadata lists every hook but folders (a link to a folder is one), sorted."""
    import subprocess

    from pmtui.delivery.agent_watch import _git_metadata_paths, git_metadata, repository_refs

    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q",
                    "--allow-empty", "-m", "first"], check=True)
    sha = (repo / ".git" / "refs" / "heads" / "main").read_text().strip()
    other = "1" * 40
    refs = repo / ".git" / "refs"
    (refs / "heads" / "feat" / "deep").mkdir(parents=True)
    (refs / "heads" / "feat" / "deep" / "one").write_text(sha + "\n")
    (refs / "tags" / ".hidden").write_text(sha + "\n")
    (refs / "heads" / "main.lock").write_text(other + "\n")
    (refs / "heads" / "not-a-sha").write_text("hello\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x").write_text(other + "\n")
    os.symlink(outside, refs / "linked-folder")
    os.symlink(refs / "heads" / "main", refs / "tags" / "link-to-main")
    (repo / ".git" / "packed-refs").write_text(f"# pack-refs\n{other} refs/heads/main\n{other} refs/tags/packed\n")
    assert repository_refs(repo) == {
        "refs/heads/main": sha, "refs/heads/feat/deep/one": sha, "refs/tags/.hidden": sha,
        "refs/tags/link-to-main": sha, "refs/tags/packed": other,
    }
    hooks = repo / ".git" / "hooks"
    (hooks / "a-folder").mkdir()
    os.symlink(outside, hooks / "b-link-to-folder")
    (hooks / "pre-commit").write_text("#!/bin/sh\n")
    listed = _git_metadata_paths(repo / ".git", repo)
    hook_names = [path.name for path in listed if path.parent == hooks]
    assert hook_names == sorted(path.name for path in hooks.iterdir() if not path.is_dir())
    assert "pre-commit" in hook_names and "a-folder" not in hook_names and "b-link-to-folder" not in hook_names
    found = git_metadata(repo)
    assert found[str(hooks / "pre-commit")] == ((hooks / "pre-commit").stat().st_mode & 0o7777, "#!/bin/sh\n")
    assert str(repo / ".git" / "config") in found and str(repo / ".git" / "config.worktree") not in found


def test_the_stuck_check_after_each_step_reads_no_row_of_its_own_and_still_sends_a_task_to_a_human(
        tmp_path: Path) -> None:
    """After each step the driver checks the task for a loop and for max_iterations, on the row the next step reads
    (it read the state and budget again before): a task past max_iterations still goes to a human as stuck."""
    import asyncio

    from pmtui.config import Config
    from pmtui.delivery.engine import DeliveryEngine
    from pmtui.delivery.executors import ScriptedExecutor, write_files
    from pmtui.delivery.store import DeliveryStore
    from pmtui.store import Store
    from tests.fixtures.delivery_repo import make_project, module_files, plan_text, task_block

    root = make_project(tmp_path)
    store = Store(tmp_path / "pmtui.db")
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("stuck", [task_block("T1", "Delta value", module="delta")], lint=False))
    engine = DeliveryEngine(store, Config(offline=True), repo=root, plan_path=plan,
                            executor=ScriptedExecutor({"T1": [write_files(module_files("delta", "4"))]}),
                            run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60)
    engine.ctx.machine.max_iterations = 3
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)
    try:
        outcome = asyncio.run(engine.run(no_wait=True))
    finally:
        store._conn.set_trace_callback(None)
    dstore = DeliveryStore(store)
    run_id = outcome.run_id
    assert run_id is not None
    [escalation] = dstore.escalations(run_id)
    assert escalation.kind == "stuck" and "3 transitions without finishing (max_iterations is 3)" in escalation.problem
    records = dstore.transitions(run_id, "T1")
    assert [records[0].from_state.value, *(r.to_state.value for r in records)] == [
        "received", "analyzing_requirements", "creating_tests", "implementing", "requires_human_intervention"]
    assert dstore.attempts(run_id, "T1") == []  # stopped before the agent ran
    assert not [sql for sql in statements if sql.startswith("SELECT state, retry_budget FROM tasks")]
    store.close()


linux_only = pytest.mark.skipif(not os.path.exists("/proc/self/mountinfo"), reason="change marks are Linux's")


@linux_only
def test_a_listing_with_a_change_mark_reads_no_file_and_the_scan_after_finds_each_change_since(tmp_path: Path) -> None:
    """The watch before an agent lists the folders and reads no file; the scan after it, with the same mark, finds a
    file rewritten in place with its size and times put back (size and mtime, compared, did not), and no other."""
    from pmtui.delivery.diffs import change_mark, entry_changes

    folder = tmp_path / "around"
    folder.mkdir()
    for name in ("kept.txt", "rewritten.txt", "touched.txt"):
        (folder / name).write_text("same size")
    (folder / "sub").mkdir()
    import time

    # A change in the mark's own clock tick, before it, is taken as after it: the files are older than that here.
    while time.clock_gettime_ns(5) <= (folder / "touched.txt").stat().st_ctime_ns:
        time.sleep(0.001)
    mark = change_mark()
    assert mark is not None
    listed = dir_entries([folder], since=mark, read_files=False)
    assert listed == {str(folder / "kept.txt"): "file", str(folder / "rewritten.txt"): "file",
                      str(folder / "touched.txt"): "file", str(folder / "sub"): "dir"}
    rewritten = folder / "rewritten.txt"
    times = rewritten.stat()
    rewritten.write_text("SAME SIZE")
    os.utime(rewritten, ns=(times.st_atime_ns, times.st_mtime_ns))
    assert fingerprint(rewritten) == f"file:{times.st_size}:{times.st_mtime_ns}"  # what the old scan compared
    os.chmod(folder / "touched.txt", 0o600)
    after = dir_entries([folder], since=mark)
    assert entry_changes(listed, after) == [(str(rewritten), "changed"), (str(folder / "touched.txt"), "changed")]
    while time.clock_gettime_ns(5) <= (folder / "touched.txt").stat().st_ctime_ns:
        time.sleep(0.001)
    assert dir_entries([folder], since=change_mark()) == listed  # nothing changed since a mark taken now


@linux_only
def test_a_wall_clock_set_back_after_the_mark_moves_the_earliest_change_back_by_as_much() -> None:
    import time

    from pmtui.delivery.diffs import earliest_change

    now, offset = time.clock_gettime_ns(5), time.time_ns() - time.monotonic_ns()
    # Marked when the wall clock ran 10 s ahead of where it is now against the monotonic clock: set back since.
    stepped = earliest_change((now + 10_000_000_000, offset + 10_000_000_000))[0]
    assert now - 50_000_000 <= stepped <= now + 50_000_000
    assert earliest_change((now, offset))[0] == now  # a clock not set back: the mark itself
    # Whole-second times (a file changed after the mark gets the second it fell in): the second before the mark's.
    assert earliest_change((5_700_000_000, offset - 1_000_000))[1] == 4_000_000_000


@linux_only
def test_file_systems_whose_times_another_clock_sets_are_fingerprinted_even_with_a_mark(tmp_path: Path) -> None:
    from pmtui.delivery.diffs import _mounted, change_mark, own_clock

    proc = os.stat("/proc/sys/kernel").st_dev
    assert _mounted()[proc] == "proc" and not own_clock(proc)
    assert own_clock(os.stat(tmp_path).st_dev) == (_mounted()[os.stat(tmp_path).st_dev] in
                                                   ("ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "overlay"))
    assert not own_clock(os.makedev(4000, 77777))  # a device no mount has
    # A device number an unmount freed can be given to another file system: each mark reads the mounts again.
    from pmtui.delivery import diffs

    here = os.stat(tmp_path).st_dev
    diffs._DEVICE_TYPES[here] = "nfs"
    assert not own_clock(here)
    change_mark()
    assert diffs._DEVICE_TYPES[here] == _mounted()[here]
    listed = dir_entries(["/proc/sys/kernel"], since=change_mark(), read_files=False)
    assert listed and all(value.startswith("file:") for path, value in listed.items()
                          if os.path.isfile(path) and not os.path.islink(path))
