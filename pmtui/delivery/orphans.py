"""Processes a killed engine left behind. A `kill -9` of `pmtui deliver` ends the engine before it can end its
agents' and gates' process groups; what it had started is reparented to init and may keep running (seen: a
bubblewrap sandbox of an agent, waiting with no child, 44 minutes after the kill test that left it). When the run
resumes, the previous engine is known to be gone (the run lease was taken over), so any orphan of this user whose
command line names the run's own folder is one of that engine's, and is ended."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

_ORPHAN = re.compile(r"^PPid:\s+1$", re.MULTILINE)


def end_orphans(run_dir: Path, proc: Path = Path("/proc")) -> list[int]:
    """SIGKILL each process of this user, reparented to init, whose command line names a path inside `run_dir`;
    the pids ended. Nothing where there is no /proc."""
    if not proc.is_dir():
        return []
    marker = str(run_dir.resolve()) + os.sep
    ended: list[int] = []
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if entry.stat().st_uid != os.getuid() or not _ORPHAN.search((entry / "status").read_text()):
                continue
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue  # gone meanwhile, or not ours to read
        if marker in command:
            try:
                os.kill(int(entry.name), signal.SIGKILL)
            except OSError:
                continue
            ended.append(int(entry.name))
    return ended
