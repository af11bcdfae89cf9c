"""Processes a killed engine left behind are ended when the run resumes (pmtui.delivery.orphans)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pmtui.delivery.orphans import end_orphans


def _orphan(*argv: str) -> int:
    """A process whose parent has exited (reparented to init), with `argv` in its command line; its pid."""
    done = subprocess.run(["sh", "-c", f'{" ".join(argv)} >/dev/null 2>&1 & echo $!'], capture_output=True, text=True,
                          check=True)
    return int(done.stdout.strip())


def _parent(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"^PPid:\s+(\d+)$", status, re.MULTILINE)
    assert match is not None
    return int(match.group(1))


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in state


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
def test_an_orphan_naming_the_runs_folder_is_ended_and_nothing_else(tmp_path: Path) -> None:
    """Seen after the kill -9 test: a bubblewrap sandbox of an agent, its engine killed, waiting 44 minutes with no
    child. The resumed run ends what the killed engine left that names its own folder, and only that."""
    run_dir = tmp_path / "runs" / "run-1-abc"
    other_dir = tmp_path / "runs" / "run-2-def"
    (run_dir / "worktrees" / "slot-1").mkdir(parents=True)
    other_dir.mkdir(parents=True)
    sleeper = f'{sys.executable} -c "import time; time.sleep(120)"'
    mine = _orphan(sleeper, str(run_dir / "worktrees" / "slot-1" / "tree"))
    other = _orphan(sleeper, str(other_dir / "x"))
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)", str(run_dir / "y")])
    try:
        deadline = time.monotonic() + 10
        while _parent(mine) != 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        if _parent(mine) != 1:
            pytest.skip("orphans are reparented to a subreaper here, not to init")

        assert end_orphans(run_dir) == [mine]
        deadline = time.monotonic() + 10
        while _alive(mine) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(mine)
        assert _alive(other), "another run's process stays"
        assert child.poll() is None, "a live engine's own child (its parent alive) stays"
    finally:
        child.kill()
        child.wait()
        for pid in (mine, other):
            try:
                os.kill(pid, 9)
            except OSError:
                pass
