"""Units the engine-overhead work added or rewrote (bench/engine_overhead.py): each gives what it gave before."""

from __future__ import annotations

import os
from pathlib import Path

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
