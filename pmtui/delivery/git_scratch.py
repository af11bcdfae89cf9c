"""Scratch staging: an index copy and an object directory outside the repository (file operations
only; git itself runs through git_ops).

pmtui stages a change into a scratch index whose new blobs go to a scratch object directory, with
the repository's objects as its alternate. Reading an attempt's change leaves nothing in the user's
`.git/objects` (a rejected attempt's 200 MB file is hashed nowhere that lasts); a commit's content
is checked there first and adopted into the repository only once the check passed.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

# Scratch folders are deleted by one background thread: removing a folder tree costs 2-3 ms a directory on
# a file system mounted with online discard (seen on these machines), 30 ms a task on the engine's path.
# The interpreter waits for this thread at exit, so nothing is left behind by a run that ends.
_DELETER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pmtui-scratch")


# The folder of a process's stages carries the process in its name: a process killed with -9 never deletes its own,
# and the first stage of a later process sweeps those of dead processes (an hour old at least, so a reused process
# id that is alive again keeps its folders). Seen: 980 of them in /tmp after a day of kill tests, each one an
# entry every agent's surroundings scan has to list.
_PREFIX = "pmtui-stage-"
STALE_AFTER_S = 3600.0
_swept: list[bool] = []


def sweep_dead_stages(folder: Path | None = None) -> int:
    """Delete the scratch folders of processes that are gone; the number deleted."""
    import time

    folder = Path(folder or tempfile.gettempdir())
    gone = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.startswith(_PREFIX):
            continue
        pid_text = entry.name[len(_PREFIX):].split("-", 1)[0]
        # A name without a process (made before names carried one) is stale after a day: a stage lasts seconds.
        age = STALE_AFTER_S if pid_text.isdigit() else 24 * STALE_AFTER_S
        if pid_text.isdigit() and _alive(int(pid_text)):
            continue
        try:
            if now - entry.stat(follow_symlinks=False).st_mtime < age or not entry.is_dir(follow_symlinks=False):
                continue
        except OSError:
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        gone += 1
    return gone


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: alive
    return True


# The folder in $TMPDIR holding this process's stages: $TMPDIR itself changes once per process, not twice a task, so
# the agents' surroundings scan (diffs.dir_entries) reuses its listing of $TMPDIR while nothing else writes there.
_HOMES: dict[tuple[int, str], Path] = {}


def _new_stage() -> Path:
    """A new, empty stage folder inside this process's folder of stages (made, or made again, when missing)."""
    key = (os.getpid(), tempfile.gettempdir())
    home = _HOMES.get(key)
    if home is not None:
        try:
            return Path(tempfile.mkdtemp(prefix="stage-", dir=home))
        except FileNotFoundError:
            pass  # deleted under us (a tmp cleaner): a new one below
    home = Path(tempfile.mkdtemp(prefix=f"{_PREFIX}{key[0]}-"))
    if not _HOMES:
        atexit.register(_remove_homes)
    _HOMES[key] = home
    return Path(tempfile.mkdtemp(prefix="stage-", dir=home))


def _remove_homes() -> None:
    # At exit, after the deleter thread has emptied them (the interpreter joins it before atexit runs).
    for key, home in list(_HOMES.items()):
        if key[0] == os.getpid():
            shutil.rmtree(home, ignore_errors=True)


@contextmanager
def scratch_stage(real_index: Path, alternate: Path, objects: Path | None = None) -> Iterator[dict[str, str]]:
    """The environment of a copy of `real_index` whose new objects go to a scratch object directory
    (`alternate`, the repository's objects, read through it). Both are deleted when the block ends,
    unless `adopt` made them real first; `objects` names a folder of objects to keep instead."""
    if not _swept:
        _swept.append(True)
        _DELETER.submit(sweep_dead_stages)
    scratch = _new_stage()
    try:
        if real_index.exists():
            # copy2 keeps the index's own time: git reads an entry as "racily clean" (and compares its content)
            # against it, so a later time would hide a same-size edit made in the second of the checkout.
            shutil.copy2(real_index, scratch / "index")
        target = objects or scratch / "objects"
        target.mkdir(parents=True, exist_ok=True)
        env = {"GIT_INDEX_FILE": str(scratch / "index"), "GIT_OBJECT_DIRECTORY": str(target)}
        # A folder made just now inside a new scratch folder is never the repository's: only a kept
        # `objects` folder is resolved and compared.
        if objects is None or target.resolve() != alternate.resolve():
            env["GIT_ALTERNATE_OBJECT_DIRECTORIES"] = str(alternate)
        yield env
    finally:
        _DELETER.submit(shutil.rmtree, scratch, ignore_errors=True)


def adopt(env: dict[str, str], real_index: Path) -> None:
    """The scratch objects move into the repository's object store (packs before their indexes), then
    the scratch index replaces the real one: from here a plain `git commit` commits what was checked."""
    scratch = Path(env["GIT_OBJECT_DIRECTORY"])
    real = Path(env["GIT_ALTERNATE_OBJECT_DIRECTORIES"])
    files = sorted((path for path in scratch.rglob("*") if path.is_file()), key=lambda path: path.suffix == ".idx")
    for path in files:
        target = real / path.relative_to(scratch)
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(path), str(target))
    # Copied beside the real index, then renamed over it: atomic, whatever file systems /tmp and .git are on.
    beside = real_index.with_name(real_index.name + ".pmtui")
    shutil.copy2(env["GIT_INDEX_FILE"], beside)  # with its time, as in scratch_stage
    os.replace(beside, real_index)
