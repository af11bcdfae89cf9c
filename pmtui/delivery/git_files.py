"""Reads of git's own files without a git process: an index's entries and the tree its cache names, and a loose
commit object. Pure file reads; git itself runs through git_ops.

They let commit_task know, without a `git log`, that the commit git just made holds exactly what was checked
(proven_commit): the next task's delta is then the check's own stat.
"""

from __future__ import annotations

import re
import shutil
import struct
import zlib
from pathlib import Path

from pydantic import BaseModel

# git writes the End Of Index Entry extension (EOIE) when this is set: it says where the entries end, so an index
# is split into its entries and its extensions without parsing each entry.
RECORD_END_OF_ENTRIES = ("-c", "index.recordEndOfIndexEntries=true")
_HASH = 20  # SHA-1; a SHA-256 repository's index does not parse here and nothing is proven
_FULL_SHA = re.compile(r"[0-9a-f]{40}([0-9a-f]{24})?")


class CommitInfo(BaseModel):
    sha: str
    subject: str
    body: str = ""


# Answers of git_ops' `git log` for two full commit ids (the commits between them, and their stat when one commit),
# and the tree of each commit seen (by that log, or proven by commit_task): a commit's id names its content, so they
# never change and hold in every repository (git_ops.tree_of then needs no process).
SINCE: dict[tuple[str, str], tuple[list[CommitInfo], str | None]] = {}
TREE_OF: dict[str, str] = {}


def remember(since: tuple[str, str] | None, answer: tuple[list[CommitInfo], str | None] | None,
             commit: str = "", tree: str = "") -> None:
    """Keep the answer for `since` (two full commit ids) and the tree of `commit`."""
    if since is not None and answer is not None and all(_FULL_SHA.fullmatch(sha) for sha in since):
        if len(SINCE) >= 16:
            SINCE.clear()
        SINCE[since] = answer
    if _FULL_SHA.fullmatch(commit) and _FULL_SHA.fullmatch(tree):
        if len(TREE_OF) >= 4096:
            TREE_OF.clear()
        TREE_OF[commit] = tree


def index_entries(path: Path) -> tuple[bytes, str | None] | None:
    """(the header and entries of the index at `path`, byte for byte; the root tree its cache-tree extension names,
    None when that is not valid), or None when the index has no EOIE or is split or sparse (no proof then)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    tail = data[-_HASH - 8 - 4 - _HASH:-_HASH]
    if data[:4] != b"DIRC" or len(tail) != 32 or tail[:4] != b"EOIE" or struct.unpack(">I", tail[4:8])[0] != 24:
        return None
    end = struct.unpack(">I", tail[8:12])[0]
    if not 12 <= end <= len(data) - _HASH:
        return None
    root: str | None = None
    offset = end
    while offset + 8 <= len(data) - _HASH:
        signature, size = data[offset:offset + 4], struct.unpack(">I", data[offset + 4:offset + 8])[0]
        body = data[offset + 8:offset + 8 + size]
        if signature in (b"link", b"sdir"):
            return None  # a split or sparse index: its entries are not all in this file
        if signature == b"TREE" and body.startswith(b"\0"):
            line_end = body.find(b"\n")
            counts = body[1:line_end].split(b" ")
            if line_end > 0 and len(counts) == 2 and counts[0].lstrip(b"-").isdigit() and int(counts[0]) >= 0:
                root = body[line_end + 1:line_end + 1 + _HASH].hex()
        if signature == b"EOIE":
            break
        offset += 8 + size
    return data[:end], root


def loose_commit(objects: Path, sha: str) -> tuple[str, list[str], str] | None:
    """(tree, parents, message) of the commit `sha` when it is a loose object in `objects`, else None (packed, or
    not a plain UTF-8 commit)."""
    try:
        raw = zlib.decompress((objects / sha[:2] / sha[2:]).read_bytes())
        header, _, body = raw.partition(b"\0")
        text = body.decode("utf-8")
    except (OSError, zlib.error, UnicodeDecodeError):
        return None
    if header != b"commit %d" % len(body):
        return None
    headers, _, message = text.partition("\n\n")
    tree = ""
    parents: list[str] = []
    for line in headers.split("\n"):
        name, _, value = line.partition(" ")
        if name == "tree":
            tree = value
        elif name == "parent":
            parents.append(value)
        elif name == "encoding":
            return None  # git log would re-encode the message
    return (tree, parents, message) if tree else None


def proven_commit(index: Path, objects: Path, staged: tuple[bytes, str | None] | None, sha: str, parent: str,
                  message: str) -> str | None:
    """The tree of commit `sha` when it is provably what was staged (`staged`: index_entries of the index just
    before `git commit`) on top of `parent` with `message`; None when anything (a hook) may have changed it.

    After the commit the index holds the same entries as before it, and its cache names the commit's tree: the
    commit's tree is the staged one. A hook that changed the index, the message or HEAD fails one of these."""
    after = index_entries(index)
    found = loose_commit(objects, sha)
    if staged is None or after is None or found is None:
        return None
    tree, parents, written = found
    if after[0] != staged[0] or after[1] != tree or parents != [parent] or written != message:
        return None
    return tree


def drop_half_made_worktrees(git_dir: Path) -> list[str]:
    """The admin folders (`.git/worktrees/NAME`) a `git worktree add` killed mid-way left without their `commondir`
    or `gitdir` written: git then fails every worktree command ("failed to read .git/worktrees/tree/commondir",
    found with PMTUI_KILL_SEED=209207162) and the run is stuck. Such a folder is no worktree git can use; it goes."""
    dropped: list[str] = []
    for admin in sorted(git_dir.glob("worktrees/*")):
        files = [admin / "commondir", admin / "gitdir", admin / "HEAD"]
        try:
            broken = admin.is_dir() and any(not f.is_file() or not f.read_bytes().strip() for f in files)
        except OSError:
            broken = True
        if broken:
            shutil.rmtree(admin, ignore_errors=True)
            dropped.append(admin.name)
    return dropped


def git_dirs(root: Path) -> tuple[Path, Path] | None:
    """(git dir, common dir) of a working tree, read from `.git` itself; None when it is not plain."""
    dot = root / ".git"
    try:
        if dot.is_dir():
            return None if (dot / "reftable").exists() else (dot, dot)
        text = dot.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if not text.startswith("gitdir: "):
        return None
    gitdir = root / text.removeprefix("gitdir: ").strip()
    try:
        common = gitdir / (gitdir / "commondir").read_text(encoding="utf-8").strip()
    except OSError:
        common = gitdir
    # A reftable repository keeps no ref files: git itself must read them.
    return None if (common / "reftable").exists() else (gitdir, common)
