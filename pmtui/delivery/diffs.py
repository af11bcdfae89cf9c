"""What a change in a working tree looks like, read from git's text: the ChangeSet model, the diff
parser behind it, and the tampering snapshot's model with the fingerprints of a tree's surroundings.

Pure: no git process runs here (pmtui.delivery.git_ops runs them and fills these in).
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath

from pydantic import BaseModel, Field

_HUNK = re.compile(r"^@@ -(?P<old>\d+)(?:,\d+)? \+(?P<new>\d+)(?:,\d+)? @@")
_RAW = re.compile(r"^:\d{6} \d{6} [0-9a-f]+ [0-9a-f]+ [A-Z]\d*$")
# Files a project keeps empty on purpose: a new one with nothing in it is still work done.
_EMPTY_BY_DESIGN = frozenset({"__init__.py", ".gitkeep", ".keep", "py.typed"})


class Snapshot(BaseModel):
    """What a working tree looked like before an agent ran (for detect_agent_tampering)."""

    root: str
    head_sha: str | None
    branch: str | None
    status: list[str] = Field(default_factory=list)
    outside: dict[str, str] = Field(default_factory=dict)
    sentinels: list[str] = Field(default_factory=list)
    worktrees: list[str] = Field(default_factory=list)
    # Folders whose entries an unconfined agent must not touch (the repository and the folder holding it)
    # and folders where its writes are only reported ($HOME, $TMPDIR): entry → fingerprint.
    guarded: dict[str, str] = Field(default_factory=dict)
    guarded_dirs: list[str] = Field(default_factory=list)
    noted: dict[str, str] = Field(default_factory=dict)
    noted_dirs: list[str] = Field(default_factory=list)
    # pmtui's own files in those folders (its store and the store's journal files): pmtui writes them while
    # the agent works (other tasks' steps, the attempt's own records), so they are no one's tampering.
    own_files: list[str] = Field(default_factory=list)
    # When `guarded` and `noted` were listed (change_mark): their files were not read then; a file whose ctime
    # is this late or later has changed since. None: every file was fingerprinted instead.
    entries_mark: tuple[int, int] | None = None
    # Every ref under refs/ (full ref → sha) of the repository before the agent ran; None when not taken.
    refs: dict[str, str] | None = None
    # The stash list then (the reflog of refs/stash, as its file holds it); None when there was none.
    stash_log: str | None = None
    # The user's checkout (where pmtui keeps the plan branch checked out).
    checkout: str = ""
    # What in the git directory makes git run code (config, hooks, info/attributes): path → (mode, content as
    # latin-1 text); None when not taken. The git directory's own folder name is `git_metadata_base`'s child.
    git_metadata: dict[str, tuple[int, str]] | None = None
    git_metadata_base: str = ""


class ChangeSet(BaseModel):
    """The working tree against HEAD, untracked files included, files git ignores excluded."""

    root: str
    base_sha: str
    added: list[str] = Field(default_factory=list)
    modified: list[str] = Field(default_factory=list)
    deleted: list[str] = Field(default_factory=list)
    renamed: list[tuple[str, str]] = Field(default_factory=list)
    stat: str = ""
    name_status: list[str] = Field(default_factory=list)
    added_lines: dict[str, list[tuple[int, str]]] = Field(default_factory=dict)
    removed_lines: dict[str, list[tuple[int, str]]] = Field(default_factory=dict)
    diff: str = ""
    # Files over the per-file size limit: left out of the change (never hashed, diffed or committed).
    oversized: dict[str, int] = Field(default_factory=dict)
    # Bytes of each file the change leaves in the tree (the per-change size limit adds them up).
    sizes: dict[str, int] = Field(default_factory=dict)
    # Folders that are git repositories of their own: left out of the change, never committed (gates.nested).
    nested: list[str] = Field(default_factory=list)

    def files(self) -> list[str]:
        """Every path the change leaves in the tree or takes out of it (new names for renames)."""
        return [*self.added, *self.modified, *(new for _, new in self.renamed), *self.deleted]

    def present_files(self) -> list[str]:
        """Paths of the change that exist after it (added, modified, renamed-to)."""
        return [*self.added, *self.modified, *(new for _, new in self.renamed)]

    def is_empty(self) -> bool:
        return not (self.added or self.modified or self.deleted or self.renamed)

    def lines_added(self) -> int:
        return sum(len(lines) for lines in self.added_lines.values())

    def blank_files(self) -> list[str]:
        """New files the change leaves with nothing but whitespace in them. An agent CLI creates the files it is
        given before its model answers (aider's `--file`): they stay so when no edit of the model was applied."""
        blank = []
        for path in self.added:
            lines = self.added_lines.get(path, [])
            if any(text.strip() for _, text in lines):
                continue
            if lines or self._size(path) == 0:  # no diff lines and a size: a binary file
                blank.append(path)
        return blank

    def wrote_nothing(self) -> list[str]:
        """The blank new files when they are the whole change (an attempt that wrote nothing), else []."""
        if self.modified or self.deleted or self.renamed or not self.added:
            return []
        blank = self.blank_files()
        if len(blank) != len(self.added) or any(PurePosixPath(path).name in _EMPTY_BY_DESIGN for path in blank):
            return []
        return blank

    def _size(self, path: str) -> int:
        if path in self.sizes:
            return self.sizes[path]
        try:
            return (Path(self.root) / path).lstat().st_size
        except OSError:
            return -1

    def lines_removed(self) -> int:
        return sum(len(lines) for lines in self.removed_lines.values())


def _unquote(path: str) -> str:
    """Undo git's C-style quoting of a path ("a\\tb" and octal escapes)."""
    if not (path.startswith('"') and path.endswith('"')):
        return path
    raw = path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1")
    return raw.decode("utf-8", "replace")


def _diff_path(line: str, prefix: str) -> str | None:
    rest = line[4:].rstrip("\t")
    if rest == "/dev/null":
        return None
    rest = _unquote(rest)
    return rest.removeprefix(prefix)


def parse_diff(diff: str) -> tuple[dict[str, list[tuple[int, str]]], dict[str, list[tuple[int, str]]]]:
    added: dict[str, list[tuple[int, str]]] = {}
    removed: dict[str, list[tuple[int, str]]] = {}
    old_path: str | None = None
    new_path: str | None = None
    old_line = new_line = 0
    in_hunk = False
    for line in diff.split("\n"):
        if line.startswith("diff --git "):
            in_hunk = False
            old_path = new_path = None
            continue
        if not in_hunk and line.startswith("--- "):
            old_path = _diff_path(line, "a/")
            continue
        if not in_hunk and line.startswith("+++ "):
            new_path = _diff_path(line, "b/")
            continue
        match = _HUNK.match(line)
        if match:
            in_hunk = True
            old_line, new_line = int(match["old"]), int(match["new"])
            continue
        if not in_hunk:
            continue
        if line.startswith("+"):
            if new_path is not None:
                added.setdefault(new_path, []).append((new_line, line[1:]))
            new_line += 1
        elif line.startswith("-"):
            if old_path is not None:
                removed.setdefault(old_path, []).append((old_line, line[1:]))
            old_line += 1
        elif line.startswith(" "):
            old_line += 1
            new_line += 1
    return added, removed


def split_raw(out: str) -> tuple[list[tuple[str, list[str]]], str, str]:
    """`git diff --raw -z --stat -p` output: the raw entries (code, paths), the stat, the patch."""
    parts = out.split("\0")
    entries: list[tuple[str, list[str]]] = []
    index = 0
    while index < len(parts) and _RAW.match(parts[index]):
        code = parts[index].rsplit(" ", 1)[1]
        count = 2 if code[0] in "RC" else 1
        entries.append((code, parts[index + 1:index + 1 + count]))
        index += 1 + count
    stat = parts[index] if index < len(parts) else ""
    patch = "\0".join(parts[index + 1:])
    return entries, stat.rstrip("\n"), patch


def raw_gitlinks(out: str) -> dict[str, str]:
    """path → commit of each gitlink a `git diff --raw -z` output adds or changes (new mode 160000)."""
    parts = out.split("\0")
    found: dict[str, str] = {}
    index = 0
    while index < len(parts) and _RAW.match(parts[index]):
        fields = parts[index].split(" ")
        code = fields[-1]
        count = 2 if code[0] in "RC" else 1
        if fields[1] == "160000" and code[0] != "D":
            found[parts[index + count]] = fields[3]
        index += 1 + count
    return found


def fingerprint(path: Path) -> str:
    try:
        info = path.lstat()
    except OSError:
        return "missing"
    if path.is_symlink():
        return f"link:{os.readlink(path)}"
    if path.is_dir():
        return "dir"
    return f"file:{info.st_size}:{info.st_mtime_ns}"


def outside_paths(root: Path, worktrees: Iterable[str], sentinels: Sequence[str | Path]) -> dict[str, str]:
    """Entries beside the working tree (not recursive) plus explicit sentinel paths.

    Regular files are compared by size and mtime, directories only by presence, so activity inside
    sibling directories (other worktrees) is not mistaken for the agent writing outside its tree.
    """
    skip = {Path(tree).resolve() for tree in worktrees} | {root}
    seen: dict[str, str] = {}
    parent = root.parent
    try:
        children = sorted(parent.iterdir())
    except OSError:
        children = []
    for child in children:
        if child.resolve() in skip:
            continue
        seen[str(child)] = fingerprint(child)
    for sentinel in sentinels:
        seen[str(Path(sentinel))] = fingerprint(Path(sentinel))
    return seen


# pmtui's own scratch files in $TMPDIR (temporary indexes and object folders of other tasks).
_OWN_SCRATCH = ("pmtui-",)

# Each folder's entries as its last listing found them: (name, path, kind), kind "link", "dir", "file" or "missing".
# Kept while the folder's device, inode, mtime and ctime are the same: creating, deleting or renaming an entry sets
# the folder's mtime and ctime (POSIX), and ctime cannot be set back. A file changed in place changes only its own
# times, so files are stat'ed on every call; a kept listing only spares the folder's read and one call per entry.
_LISTINGS: dict[str, tuple[tuple[int, int, int, int], list[tuple[str, str, str]]]] = {}
_LISTINGS_LIMIT = 64
# A listing taken this soon after the folder's last change is not kept: a change in the same clock tick (a few ms
# at most; 2 s on file systems with whole-second times, such as FAT) may leave the folder's mtime as it was.
_RACY_NS = 100_000_000
_RACY_WHOLE_SECONDS_NS = 2_000_000_000


def listing_can_be_kept(taken_ns: int, mtime_ns: int, ctime_ns: int) -> bool:
    """Whether a folder listed at `taken_ns` (wall clock, read before its stat) with these times can be reused
    while they stay the same: every later change then gets a later time."""
    whole_seconds = mtime_ns % 1_000_000_000 == 0 and ctime_ns % 1_000_000_000 == 0
    margin = _RACY_WHOLE_SECONDS_NS if whole_seconds else _RACY_NS
    return taken_ns - max(mtime_ns, ctime_ns) > margin


def _listing(folder: str) -> tuple[int, list[tuple[str, str, str]]] | None:
    """(the folder's device, its entries but pmtui's scratch), from the kept listing when the folder is unchanged."""
    taken = time.time_ns()  # before the stat: a change after it gets a later time than any read here
    try:
        info = os.stat(folder)
    except OSError:
        return None
    key = (info.st_dev, info.st_ino, info.st_mtime_ns, info.st_ctime_ns)
    kept = _LISTINGS.get(folder)
    if kept is not None and kept[0] == key:
        return info.st_dev, kept[1]
    entries: list[tuple[str, str, str]] = []
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                if entry.name.startswith(_OWN_SCRATCH):
                    continue
                try:
                    kind = "link" if entry.is_symlink() else "dir" if entry.is_dir(follow_symlinks=False) else "file"
                except OSError:
                    kind = "missing"
                entries.append((entry.name, entry.path, kind))
    except OSError:
        return None
    if listing_can_be_kept(taken, info.st_mtime_ns, info.st_ctime_ns):
        if len(_LISTINGS) >= _LISTINGS_LIMIT:
            _LISTINGS.clear()
        _LISTINGS[folder] = (key, entries)
    return info.st_dev, entries


# For a kept listing and one set of skipped paths: the entries that need no system call on each scan (folders are
# compared by presence only, and presence is what the kept listing proves), and the files and links that do; and
# the listing as a scan that reads no file gives it (the folders, and each file as "file"). Keyed by folder; valid
# while the listing is the same object and the folder's name, its resolved path and the skipped paths are the same.
_Split = tuple[list[tuple[str, str, str]], str, str, frozenset[str], dict[str, str], list[tuple[str, str]],
               list[tuple[str, str]], dict[str, str]]
_SPLITS: dict[str, _Split] = {}


def _split(entries: list[tuple[str, str, str]], named: str, real: str, skipped: frozenset[str]) -> _Split:
    """One folder's entries sorted for dir_entries: the fixed values (keyed as in its answer), the files to lstat and
    the links to read, (key, path) each, and the fixed values with each file as "file", `skipped` left out."""
    # What os.path.join(named, name) and os.path.join(real, name) give: "/" is not doubled.
    key_prefix = named if named.endswith("/") else named + "/"
    real_prefix = real if real.endswith("/") else real + "/"
    fixed: dict[str, str] = {}
    files: list[tuple[str, str]] = []
    links: list[tuple[str, str]] = []
    for name, path, kind in entries:
        if path in skipped:
            continue
        if kind == "link":  # only a symlink's target can differ from the entry's place in the resolved folder
            links.append((key_prefix + name, path))
        elif real_prefix + name in skipped:
            continue
        elif kind == "file":
            files.append((key_prefix + name, path))
        else:
            fixed[key_prefix + name] = kind
    unread = {**fixed, **dict.fromkeys([key for key, _ in files], "file")}
    return entries, named, real, skipped, fixed, files, links, unread


# A change mark: (the coarse wall clock, the wall clock minus the monotonic one), read before a scan that reads no
# file. Linux sets a changed inode's ctime from its coarse clock (a tick, up to 10 ms, behind the precise one, which
# a ctime can therefore precede), on the file systems below; nothing sets a ctime back but the clock itself.
ChangeMark = tuple[int, int]
_COARSE_CLOCK = getattr(time, "CLOCK_REALTIME_COARSE", 5) if sys.platform.startswith("linux") else None
# File systems whose times this kernel's clock sets: not a server's (NFS, SMB), a host's (9p, virtiofs) or a FUSE
# program's, and none with 2-second times (FAT).
_OWN_CLOCK_TYPES = frozenset({"ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "ramfs", "overlay", "f2fs"})
_DEVICE_TYPES: dict[int, str] = {}


def change_mark() -> ChangeMark | None:
    """A mark for a scan whose files are not read (dir_entries' `read_files=False`); None where there is none (not
    Linux): the files are then fingerprinted."""
    global _DEVICE_TYPES
    if _COARSE_CLOCK is None:
        return None
    # The mounts as they are now (a device number freed by an unmount can be given to another file system).
    _DEVICE_TYPES = _mounted()
    return time.clock_gettime_ns(_COARSE_CLOCK), time.time_ns() - time.monotonic_ns()


def earliest_change(mark: ChangeMark) -> tuple[int, int]:
    """The earliest ctime a change made since the mark can have, read now: (on file systems with nanosecond times,
    on those with whole seconds, such as ext3's small inodes)."""
    at, offset = mark
    # A wall clock set back since (the monotonic one never is) gives later changes earlier times: by as much.
    at -= max(0, offset - (time.time_ns() - time.monotonic_ns()))
    return at, at - at % 1_000_000_000 - 1_000_000_000


def own_clock(device: int) -> bool:
    """Whether the file system of `device` takes its files' times from this kernel's clock (/proc/self/mountinfo)."""
    kind = _DEVICE_TYPES.get(device)
    if kind is None:
        kind = _DEVICE_TYPES.setdefault(device, _mounted().get(device, ""))  # not seen yet: mounted since
    return kind in _OWN_CLOCK_TYPES


def _mounted() -> dict[int, str]:
    """device → file system type of each mount of this process's view."""
    found: dict[int, str] = {}
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as handle:
            for line in handle:
                # "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw" (proc(5)): the device is the
                # third field, the type the first after the lone "-".
                left, dash, right = line.partition(" - ")
                fields, rest = left.split(), right.split()
                if not dash or len(fields) < 3 or not rest:
                    continue
                major, _, minor = fields[2].partition(":")
                found[os.makedev(int(major), int(minor))] = rest[0]
    except (OSError, ValueError):
        return {}
    return found


def dir_entries(folders: Sequence[str | Path], skip: Iterable[str | Path] = (), since: ChangeMark | None = None,
                *, read_files: bool = True) -> dict[str, str]:
    """The entries of each folder (not recursive), `skip` and pmtui's scratch files left out: a folder "dir", a
    link "link:" and its target, a file its fingerprint (fingerprint(): size and mtime, one lstat), or, with a
    change mark `since` and on a file system with this kernel's times (own_clock), "file" or "file:changed" by its
    ctime against the mark; with `read_files=False` too, each such file is "file" and not read at all.

    A watch lists with the mark and no reads before the agent and scans after it with the same mark (changing a
    file in any way, its times put back included, sets its ctime). The folder's names come from its kept listing
    while the folder is unchanged (_listing): $TMPDIR of a busy machine holds thousands of entries, read twice per
    agent attempt (4.8 ms a call for $HOME and a $TMPDIR of 2,500 entries). A kept listing's entries are also
    sorted once (_split): each scan then lstats its files and reads its links, and takes its folders' values as
    they are (a /tmp of 5,700 entries held 4,700 folders)."""
    skipped = frozenset(os.path.realpath(path) for path in skip)
    seen: dict[str, str] = {}
    bounds: tuple[int, int] | None = None  # earliest_change, read once per scan
    for folder in folders:
        name = os.fspath(folder)
        listed = _listing(name)
        if listed is None:
            continue
        device, entries = listed
        real = os.path.realpath(folder)
        named = str(Path(folder))  # the keys are str(Path(folder) / name), built without a Path per entry
        split = _SPLITS.get(name)
        if split is None or split[0] is not entries or split[1] != named or split[2] != real or split[3] != skipped:
            split = _split(entries, named, real, skipped)
            if _LISTINGS.get(name, (None, None))[1] is entries:  # a kept listing: its split is kept with it
                if len(_SPLITS) >= _LISTINGS_LIMIT:
                    _SPLITS.clear()
                _SPLITS[name] = split
        mark = since if since is not None and own_clock(device) else None
        if mark is not None and not read_files:
            seen.update(split[7])
        elif mark is not None:
            seen.update(split[4])
            at, at_whole = bounds = bounds or earliest_change(mark)
            for key, path in split[5]:
                try:
                    ctime = os.lstat(path).st_ctime_ns
                except OSError:
                    seen[key] = "missing"
                    continue
                seen[key] = "file:changed" if ctime >= (at if ctime % 1_000_000_000 else at_whole) else "file"
        else:
            seen.update(split[4])
            for key, path in split[5]:
                try:
                    info = os.lstat(path)
                    seen[key] = f"file:{info.st_size}:{info.st_mtime_ns}"
                except OSError:
                    seen[key] = "missing"
        for key, path in split[6]:
            if os.path.realpath(path) in skipped:
                continue
            try:
                seen[key] = "link:" + os.readlink(path)
            except OSError:
                seen[key] = "missing"
    return seen


def entry_changes(before: dict[str, str], after: dict[str, str]) -> list[tuple[str, str]]:
    """(path, created|deleted|changed) for each entry that differs."""
    if before == after:  # the common case, compared in C: nothing to sort
        return []
    changes: list[tuple[str, str]] = []
    # Only the paths whose entry differs: the items in one listing and not in the other.
    differing = {path for path, _ in before.items() ^ after.items()}
    for path in sorted(differing):
        old, new = before.get(path), after.get(path)
        how = "created" if old is None else "deleted" if new is None or new == "missing" else "changed"
        changes.append((path, how))
    return changes
