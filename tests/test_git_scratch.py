"""Scratch staging folders: a process killed with -9 leaves its own, and a later one sweeps them."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from pmtui.delivery import git_scratch


def _folder(base: Path, name: str, age_s: float) -> Path:
    folder = base / name
    (folder / "objects").mkdir(parents=True)
    (folder / "index").write_bytes(b"DIRC")
    old = time.time() - age_s
    os.utime(folder, (old, old))
    return folder


def test_the_stages_of_dead_processes_are_swept_and_live_ones_kept(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    dead_pid = int(dead.stdout)
    stale = _folder(tmp_path, f"pmtui-stage-{dead_pid}-abc", 2 * git_scratch.STALE_AFTER_S)
    fresh_dead = _folder(tmp_path, f"pmtui-stage-{dead_pid}-new", 10)  # too young: a reused pid may own it
    mine = _folder(tmp_path, f"pmtui-stage-{os.getpid()}-xyz", 2 * git_scratch.STALE_AFTER_S)
    unnamed_old = _folder(tmp_path, "pmtui-stage-001wby5q", 30 * git_scratch.STALE_AFTER_S)
    unnamed_recent = _folder(tmp_path, "pmtui-stage-02afe77e", 2 * git_scratch.STALE_AFTER_S)
    someone_else = _folder(tmp_path, "other-tool-123-abc", 30 * git_scratch.STALE_AFTER_S)

    assert git_scratch.sweep_dead_stages(tmp_path) == 2
    assert not stale.exists() and not unnamed_old.exists()
    assert fresh_dead.exists() and mine.exists() and unnamed_recent.exists() and someone_else.exists()


def test_a_stage_names_the_process_that_made_it(tmp_path: Path) -> None:
    index = tmp_path / "index"
    index.write_bytes(b"DIRC")
    objects = tmp_path / "objects"
    objects.mkdir()
    with git_scratch.scratch_stage(index, objects) as env:
        folder = Path(env["GIT_INDEX_FILE"]).parent
        # The stage sits in the folder of this process's stages, which the sweep knows by its name.
        assert folder.parent.name.startswith(f"pmtui-stage-{os.getpid()}-")


def test_the_stages_of_one_process_share_one_folder_of_tmpdir(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # $TMPDIR's own entries change once per process, not with each stage: the agents' surroundings scan keeps its
    # listing of $TMPDIR while nothing else writes there.
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(tmpdir))
    index = tmp_path / "index"
    index.write_bytes(b"DIRC")
    objects = tmp_path / "objects"
    objects.mkdir()
    with git_scratch.scratch_stage(index, objects) as first, git_scratch.scratch_stage(index, objects) as second:
        assert first["GIT_INDEX_FILE"] != second["GIT_INDEX_FILE"]
        assert [entry.name[:len(f"pmtui-stage-{os.getpid()}-")] for entry in tmpdir.iterdir()] == [
            f"pmtui-stage-{os.getpid()}-"]
    home = next(tmpdir.iterdir())
    git_scratch._DELETER.submit(lambda: None).result()  # the stages' deletions are queued before this
    assert list(home.iterdir()) == []
    home.rmdir()  # removed by a cleaner of /tmp: the next stage makes the folder again
    with git_scratch.scratch_stage(index, objects) as env:
        assert Path(env["GIT_INDEX_FILE"]).is_file() and Path(env["GIT_INDEX_FILE"]).read_bytes() == b"DIRC"
