"""A pooled tree reset without a git process when its tracked files, index and HEAD are provably a commit already
(pure file work; git itself runs through git_ops).

A pooled tree let go after its task's commit usually stands at the commit the plan head became, with the index
that commit was made from: its reset for the next task then needs neither `git checkout --force` (the proof below)
nor `git clean -ffdx` (what is not in the index is removed here, as clean removes it). The proof is git's own test of an unchanged file (the stat data the index recorded when it
last hashed the file), made stricter: every field is compared (ctime, inode and device too, whatever core.trustctime
and core.checkStat say), an entry as new as the index itself is taken as changed (git's "racily clean"), and
anything this reader does not know (index version 4, extended flags, a gitlink, a split or sparse index, an invalid
cache tree, more entries than a git process costs) is answered "not proven". "Not proven" costs git's clean and
checkout as before, never a file left as the last task had it.
"""

from __future__ import annotations

import os
import shutil
import struct
import sys
from pathlib import Path

from pmtui.delivery.git_files import TREE_OF, index_entries, loose_commit

# Above this many entries one `git checkout` (C, one process) costs less than a Python lstat of each.
MAX_ENTRIES = 1000
_ENTRY = struct.Struct(">10I20sH")  # ctime s/ns, mtime s/ns, dev, ino, mode, uid, gid, size, object id, flags
_MASK = 0xFFFFFFFF


def reset_if_committed(root: Path, dirs: tuple[Path, Path] | None, sha: str) -> bool:
    """Make the tree `sha` with nothing else in it, as git_worktrees.reset_worktree does, when its HEAD, index and tracked
    files are proven `sha`'s (tracked_as_committed): everything untracked or ignored is removed. False (and the
    tree as it was, or with some of its untracked files gone) when not proven or a removal failed."""
    tracked = tracked_as_committed(root, dirs, sha)
    if tracked is None:
        return False
    try:
        remove_untracked(root, tracked)
    except OSError:
        return False
    return True


def remove_untracked(root: Path, tracked: set[bytes]) -> None:
    """`git clean -ffdx` of `root` given its tracked paths: every file, link and folder that is neither tracked nor
    a folder holding a tracked path goes, ignored or not, nested repositories and empty folders with them; an entry
    named `.git` in a folder that stays stays (the tree's own, and any git itself would not list). Links are removed,
    never followed."""
    folders = {b""}
    for path in tracked:
        parts = path.split(b"/")[:-1]
        folders.update(b"/".join(parts[:n]) for n in range(1, len(parts) + 1))
    base = os.fsencode(root)
    pending = [b""]
    while pending:
        folder = pending.pop()
        with os.scandir(base + b"/" + folder if folder else base) as entries:
            for entry in entries:
                path = folder + b"/" + entry.name if folder else entry.name
                if path in tracked or entry.name == b".git":  # git never lists a `.git`, so clean leaves it
                    continue
                if path in folders and entry.is_dir(follow_symlinks=False):
                    pending.append(path)
                elif entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path)
                else:
                    os.unlink(entry.path)


def tracked_as_committed(root: Path, dirs: tuple[Path, Path] | None, sha: str) -> set[bytes] | None:
    """The tracked paths of `root` (git dir and common dir `dirs`, from git_ops.git_dirs) when it has a detached HEAD
    at `sha`, an index whose valid cache tree is `sha`'s tree, and every tracked file as that index recorded it;
    None when any of it is not proven."""
    # Linux keeps a name as the bytes it was made with, so a listed name and an index path compare byte for byte;
    # macOS may list a name in another Unicode form than the index holds, and a tracked file would look untracked.
    if dirs is None or not sys.platform.startswith("linux"):
        return None
    gitdir, common = dirs
    index = gitdir / "index"
    try:
        if (gitdir / "HEAD").read_text(encoding="utf-8").strip() != sha:
            return None
        index_time = os.stat(index).st_mtime_ns
    except OSError:
        return None
    found = index_entries(index)
    tree = TREE_OF.get(sha)
    if tree is None:
        loose = loose_commit(common / "objects", sha)
        tree = loose[0] if loose is not None else None
    if found is None or tree is None or found[1] != tree:
        return None
    data = found[0]
    version, count = struct.unpack(">II", data[4:12])
    if version not in (2, 3) or count > MAX_ENTRIES:
        return None
    racy = _split(index_time)
    base = os.fsencode(root) + b"/"
    unpack, size, lstat = _ENTRY.unpack_from, _ENTRY.size, os.lstat
    tracked: set[bytes] = set()
    offset = 12
    for _ in range(count):
        if offset + size > len(data):
            return None
        ctime_s, ctime_ns, mtime_s, mtime_ns, dev, ino, mode, uid, gid, length, _, flags = unpack(data, offset)
        end = data.find(b"\0", offset + size)
        # Assume-valid, extended flags (skip-worktree, intent-to-add) or a merge stage: not a plain entry. An entry
        # as new as the index (written in its tick) is one git compares by content: not trusted here.
        if flags & 0xF000 or end < 0 or (mtime_s, mtime_ns) >= racy:
            return None
        name = data[offset + size:end]
        tracked.add(name)
        try:
            st = lstat(base + name)
        except OSError:
            return None
        offset += (end - offset + 8) & ~7  # the entry and its name, padded with 1-8 NULs to a multiple of 8
        kind = st.st_mode & 0o170000
        if kind == 0o100000:
            expected = 0o100755 if st.st_mode & 0o100 else 0o100644
        elif kind == 0o120000:
            expected = 0o120000
        else:
            return None  # a folder where a file was (or a gitlink entry): not proven
        if (mode != expected or length != st.st_size & _MASK or (mtime_s, mtime_ns) != _split(st.st_mtime_ns)
                or (ctime_s, ctime_ns) != _split(st.st_ctime_ns) or ino != st.st_ino & _MASK
                or dev != st.st_dev & _MASK or uid != st.st_uid & _MASK or gid != st.st_gid & _MASK):
            return None
    return tracked if offset == len(data) else None


def _split(nanoseconds: int) -> tuple[int, int]:
    """A time as the index keeps it: seconds (32 bits) and nanoseconds."""
    return (nanoseconds // 1_000_000_000) & _MASK, nanoseconds % 1_000_000_000
