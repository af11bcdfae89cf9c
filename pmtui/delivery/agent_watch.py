"""What an agent did that it must not: committed, switched branches, wrote beside the repository; and,
unconfined, wrote into the user's checkout, in $HOME and $TMPDIR, or made refs (branches, tags, a stash…).

A sandboxed agent (pmtui/delivery/sandbox.py) can write nothing but its worktree. Without a sandbox
pmtui cannot prevent such writes, so it detects them where that is cheap enough: the folder holding
the repository (a write there fails the attempt), the user's checkout (likewise), $HOME and $TMPDIR
(reported only: agent CLIs keep state there, and other programs write there too). Stray refs of any
namespace but pmtui's own (branches, tags, the stash, notes, replace refs, remote-tracking branches) are put
back as they were, each with the command that redoes what was undone; so are the files of
the git directory that make git run code (config, hooks, info/attributes), since pmtui's own commits would
run them. Git itself runs through git_ops.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel

from pmtui.delivery.diffs import Snapshot, change_mark, dir_entries, entry_changes, outside_paths
from pmtui.delivery.git_ops import (
    FULL_SHA,
    GitError,
    common_dir,
    git_dirs,
    head,
    repo_root,
    run_git,
    status_paths,
)

if TYPE_CHECKING:
    from git import Repo


def detect_agent_tampering(before: Snapshot, worktree: Repo | str | Path) -> list[str]:
    """Evidence lines when the agent committed, switched branches or wrote beside the repository.

    Checked: HEAD's sha and branch; the entries of the directory that holds the working tree
    (created, deleted or rewritten files, created or deleted directories — the worktrees known at
    the snapshot are left out) and the sentinel paths given to snapshot. Changes inside the tree
    are the agent's job and are judged by the gates, not here.
    """
    root = repo_root(worktree)
    evidence: list[str] = []
    sha, branch = head(root)
    if sha != before.head_sha:
        log = ""
        if before.head_sha and sha:
            try:
                log = run_git(root, "log", "--format=%h %s", f"{before.head_sha}..{sha}")
            except GitError:
                log = ""
        commits = "; ".join(log.splitlines()[:5])
        evidence.append(
            f"HEAD moved from {(before.head_sha or 'nothing')[:12]} to {(sha or 'nothing')[:12]}: "
            f"the agent committed (sub-agents never commit){f' — {commits}' if commits else ''}"
        )
    if branch != before.branch:
        evidence.append(f"the agent switched the working tree from {before.branch or 'a detached HEAD'} to "
                        f"{branch or 'a detached HEAD'}")
    now = outside_paths(Path(before.root), before.worktrees, before.sentinels)
    for path in sorted(set(before.outside) | set(now)):
        old, new = before.outside.get(path), now.get(path)
        if old == new:
            continue
        if old is None:
            evidence.append(f"a file outside the repository was created: {path}")
        elif new is None or new == "missing":
            evidence.append(f"a file outside the repository was deleted: {path}")
        else:
            evidence.append(f"a file outside the repository changed: {path}")
    return evidence


def undo_agent_moves(before: Snapshot, tree: str | Path) -> list[str]:
    """What the agent did that it must not (committed, switched branch, wrote outside), as evidence;
    a switched branch is switched back and its commits undone with their changes kept, so pmtui
    makes the one commit."""
    root = Path(tree)
    tampering = detect_agent_tampering(before, root)
    sha, branch = head(root)
    if branch != before.branch:
        try:
            if before.branch:
                run_git(root, "checkout", "--quiet", before.branch)
            else:
                run_git(root, "checkout", "--quiet", "--detach")
        except GitError:
            return tampering  # the gate already has the evidence
        sha = head(root)[0]
    if before.head_sha and sha != before.head_sha:
        run_git(root, "reset", "--soft", "--quiet", before.head_sha)
    return tampering


def watched(before: Snapshot, guarded: Sequence[str | Path], noted: Sequence[str | Path], checkout: str | Path,
            refs: dict[str, str], metadata: dict[str, tuple[int, str]], stash: str | None,
            own: Sequence[str | Path] = ()) -> Snapshot:
    """`before` with the entries of the `guarded` and `noted` folders, the user's checkout, and the refs and
    the git directory's code-running files (both as the run found them) to compare with after the agent ran
    (the repository, its worktrees, the checkout and pmtui's `own` files left out)."""
    skip = [before.root, *before.worktrees, checkout, *own]
    # Listed, their files not read: the scan after the agent finds each file changed since by its ctime.
    mark = change_mark()
    return before.model_copy(update={
        "guarded": dir_entries(guarded, skip, mark, read_files=False), "guarded_dirs": [str(path) for path in guarded],
        "noted": dir_entries(noted, skip, mark, read_files=False), "noted_dirs": [str(path) for path in noted],
        "entries_mark": mark, "own_files": [str(path) for path in own],
        "refs": refs, "stash_log": stash, "checkout": str(checkout),
        "git_metadata": metadata, "git_metadata_base": str(common_dir(before.root).parent),
    })


def _git_metadata_paths(common: Path, tree: str | Path) -> list[Path]:
    """The files git reads and may run code from: configs, every hook, info/attributes (of the repository and
    of the worktree's own git directory)."""
    dirs = git_dirs(Path(tree))
    own = dirs[0] if dirs is not None else common
    hooks = common / "hooks"
    try:
        # What `not path.is_dir()` kept (a link to a folder is a folder), from one listing instead of a stat each.
        with os.scandir(hooks) as listing:
            names = sorted(entry.name for entry in listing if not _is_dir(entry))
    except OSError:
        names = []
    return [*dict.fromkeys([common / "config", common / "config.worktree", own / "config.worktree",
                            common / "info" / "attributes", *(hooks / name for name in names)])]


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def git_metadata(tree: str | Path) -> dict[str, tuple[int, str]]:
    """path → (mode, content) of each of those files that exists."""
    common = common_dir(tree)
    found: dict[str, tuple[int, str]] = {}
    for path in _git_metadata_paths(common, tree):
        name = str(path)
        try:
            mode = os.stat(name).st_mode & 0o7777
            with open(name, "rb") as handle:
                found[name] = (mode, handle.read().decode("latin-1"))
        except OSError:
            continue
    return found


def undo_git_metadata(before: Snapshot, keep: Path, who: str = "the agent") -> list[str]:
    """Config, hooks and attributes of the git directory `who` (the agent, the gate commands) created, changed
    or deleted are put back as they were, and said so; what it wrote is kept in `keep` (nothing is lost)."""
    if before.git_metadata is None:
        return []
    now = git_metadata(before.root)
    evidence: list[str] = []
    for name in sorted(set(before.git_metadata) | set(now)):
        old, new = before.git_metadata.get(name), now.get(name)
        if old == new:
            continue
        path = Path(name)
        shown = os.path.relpath(path, before.git_metadata_base)
        kept = ""
        try:
            if new is not None:
                keep.mkdir(parents=True, exist_ok=True)
                copy = keep / f"{time.strftime('%Y%m%d-%H%M%S')}-{shown.replace(os.sep, '_')}"
                copy.write_bytes(new[1].encode("latin-1"))
                kept = f"; what {who} wrote is kept at {copy}"
            if old is None:
                path.unlink()
            else:
                path.write_bytes(old[1].encode("latin-1"))
                path.chmod(old[0])
        except OSError as error:
            evidence.append(f"git metadata: {who} changed {shown} and pmtui could not put it back: {error}")
            continue
        if path.parent.name == "hooks":
            how = "created" if old is None else "deleted" if new is None else "changed"
            done = "removed" if old is None else "put back"
            evidence.append(f"git metadata: {who} {how} the git hook {shown}: {done}{kept}")
        elif path.name.startswith("config"):
            how = "changed" if old is not None and new is not None else "created" if old is None else "deleted"
            evidence.append(f"git metadata: {who} {how} the repository's git config ({shown}): "
                            f"{'removed' if old is None else 'put back'}{kept}")
        else:
            how = "changed" if old is not None and new is not None else "created" if old is None else "deleted"
            evidence.append(f"git metadata: {who} {how} {shown}: {'removed' if old is None else 'put back'}{kept}")
    return evidence


def repository_refs(repo: Repo | str | Path) -> dict[str, str]:
    """Every ref of the repository under refs/ (branches, tags, the stash, notes, replace refs, remote-tracking
    branches, anything else): full ref name → the sha it points at (read from the ref files when the repository
    keeps them as files, so an agent's attempt costs no git process)."""
    root = repo_root(repo)
    dirs = git_dirs(root)
    if dirs is None:
        out = run_git(root, "for-each-ref", "--format=%(refname) %(objectname)", "refs/")
        return {name: sha for name, _, sha in (line.partition(" ") for line in out.splitlines()) if sha}
    common = dirs[1]
    found: dict[str, str] = {}
    try:
        packed = (common / "packed-refs").read_text(encoding="utf-8")
    except OSError:
        packed = ""
    for line in packed.splitlines():
        sha, _, name = line.partition(" ")
        if name.startswith("refs/") and FULL_SHA.fullmatch(sha):
            found[name] = sha
    base = os.path.join(common, "refs")
    for name, path in _ref_files(base) if os.path.isdir(base) else ():
        try:
            with open(path, encoding="utf-8") as handle:
                sha = handle.read().strip()
        except OSError:
            continue
        if FULL_SHA.fullmatch(sha):
            found[f"refs/{name}"] = sha
    return found


def _ref_files(base: str) -> list[tuple[str, str]]:
    """(name under `base`, path) of what `Path(base).rglob("*")` gave that is a file (or a link to one) and no
    `.lock`: the folders are walked, links to folders are not; a folder that cannot be read is left out."""
    found: list[tuple[str, str]] = []
    start = len(base) + 1
    folders = [base]
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except PermissionError:
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                    continue
                is_file = entry.is_file()
            except OSError:
                continue
            if is_file and not entry.name.endswith(".lock"):
                found.append((entry.path[start:], entry.path))
    return found


def stash_log(repo: Repo | str | Path) -> str | None:
    """The stash list as git keeps it (the reflog of refs/stash), None when there is none or it is not a file."""
    try:
        return (common_dir(repo) / "logs" / "refs" / "stash").read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return None


def _ref_kind(ref: str) -> str:
    """How a ref is named to the user: the kind of ref and its name."""
    for prefix, kind in (("refs/heads/", "branch"), ("refs/tags/", "tag"), ("refs/remotes/", "remote-tracking branch")):
        if ref.startswith(prefix):
            return f"{kind} {ref.removeprefix(prefix)}"
    if ref == "refs/stash":
        return "stash (refs/stash)"
    if ref.startswith("refs/notes/"):
        return f"notes ref {ref}"
    if ref.startswith("refs/replace/"):
        return f"replace ref {ref} (git reads {ref.removeprefix('refs/replace/')[:12]} as another object)"
    return f"ref {ref}"


def _stash_entries(log: str | None) -> list[tuple[str, str]]:
    """(sha, message) of each stash entry in a stash reflog, oldest first."""
    entries = []
    for line in (log or "").splitlines():
        head_part, _, message = line.partition("\t")
        fields = head_part.split(" ")
        if len(fields) > 1 and FULL_SHA.fullmatch(fields[1]):
            entries.append((fields[1], message))
    return entries


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def undo_stray_refs(before: Snapshot, repo: Repo | str | Path, ours: Sequence[str], who: str = "the agent"
                    ) -> list[str]:
    """Refs anyone but pmtui created, moved or deleted (`who` did it: the agent, the gate commands) are put back
    as they were, and said so, with the command that redoes each.

    Refs under `ours` (pmtui's plan and feature branches, checkpoint tags) move during a run and are left
    alone. A created ref is deleted, a moved one reset, a deleted one restored; the stash list (the reflog of
    refs/stash) is put back exactly as it was, and each stash entry that was added is named with its sha.
    """
    if before.refs is None:
        return []
    root = repo_root(repo)
    now = repository_refs(root)
    evidence: list[str] = []
    for ref in sorted(set(before.refs) | set(now)):
        if ref.startswith(tuple(ours)):
            continue
        old, new = before.refs.get(ref), now.get(ref)
        if old == new and (ref != "refs/stash" or stash_log(root) == before.stash_log):
            continue
        kind = _ref_kind(ref)
        # Each line says how to redo what was undone: nothing is lost, whoever made the change.
        try:
            if ref == "refs/stash":
                evidence.append(_put_back_stash(root, before, old, new, who))
            elif old is None:
                run_git(root, "update-ref", "-d", ref, new or "")
                evidence.append(f"stray ref: {who} created the {kind} at {(new or '')[:12]}: removed "
                                f"(`git update-ref {ref} {new}` restores it)")
            else:
                run_git(root, "update-ref", ref, old)
                how = "deleted" if new is None else f"moved to {new[:12]}"
                redo = f"`git update-ref -d {ref}`" if new is None else f"`git update-ref {ref} {new}`"
                evidence.append(f"stray ref: {who} {how} the {kind}: put back at {old[:12]} ({redo} redoes it)")
        except (GitError, OSError) as error:
            evidence.append(f"stray ref: {who} changed the {kind} and pmtui could not put it back: {error}")
    return evidence


def _put_back_stash(root: Path, before: Snapshot, old: str | None, new: str | None, who: str) -> str:
    """refs/stash and its reflog (the stash list) exactly as they were; the stash entries `who` added, named."""
    log = stash_log(root)
    had = set(_stash_entries(before.stash_log))
    added = [entry for entry in _stash_entries(log) if entry not in had]
    if old is None:
        run_git(root, "update-ref", "-d", "refs/stash")
    else:
        run_git(root, "update-ref", "refs/stash", old)
        path = common_dir(root) / "logs" / "refs" / "stash"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(before.stash_log or "", encoding="utf-8", errors="surrogateescape")
    redo = "; ".join(f"`git stash store -m {_quoted(message.removeprefix('On ').split(': ', 1)[-1])} {sha}`"
                     for sha, message in added[-5:])
    lost = len(had - set(_stash_entries(log)))
    what = []
    if added:
        what.append(f"stashed {len(added)} entr{'y' if len(added) == 1 else 'ies'}")
    if lost:
        what.append(f"dropped {lost} of the user's entr{'y' if lost == 1 else 'ies'}")
    done = "removed" if old is None else f"the stash list is put back as it was (refs/stash at {old[:12]})"
    moved = ", ".join(what) or f"moved it to {(new or 'nothing')[:12]}"
    return (f"stray ref: {who} changed the stash (refs/stash): {moved}; {done}"
            + (f" ({redo} restores what {who} stashed)" if redo else ""))


class FoundGit(BaseModel):
    """The repository's refs, stash list and code-running git files as the run found them."""

    refs: dict[str, str]
    stash_log: str | None
    metadata: dict[str, tuple[int, str]]
    base: str


def found_git(root: Path) -> FoundGit:
    return FoundGit(refs=repository_refs(root), stash_log=stash_log(root), metadata=git_metadata(root),
                    base=str(common_dir(root).parent))


def put_back_git(found: FoundGit, tree: Path, ours: Sequence[str], keep: Path, who: str) -> list[str]:
    """What `who` changed since the run found the repository — its git config, hooks and attributes, and refs
    other than `ours` — put back, each as an evidence line (empty: nothing changed)."""
    before = Snapshot(root=str(tree), head_sha=None, branch=None, refs=found.refs, stash_log=found.stash_log,
                      git_metadata=found.metadata, git_metadata_base=found.base)
    return [*undo_git_metadata(before, keep, who), *undo_stray_refs(before, tree, ours, who)]


def guarded_writes(before: Snapshot) -> list[str]:
    """Entries created, deleted or changed in the `guarded` folders (beside the repository): tampering."""
    now = dir_entries(before.guarded_dirs, [before.root, *before.worktrees, before.checkout, *before.own_files],
                      before.entries_mark)
    return [f"a file outside the repository was {how}: {path}" for path, how in entry_changes(before.guarded, now)]


def checkout_writes(checkout: str | Path, earlier: Sequence[str]) -> tuple[list[str], list[str]]:
    """(evidence, the checkout's `git status` now): entries that were not in `earlier`. pmtui's own
    integration leaves the user's checkout clean, so a new entry is someone writing into it."""
    now = status_paths(Path(checkout))
    seen = set(earlier)
    evidence = [f"a file outside the repository was written in the user's checkout: {Path(checkout) / entry[3:]}"
                for entry in now if entry not in seen]
    return evidence, now


def outside_notes(before: Snapshot) -> list[str]:
    """Writes of an unconfined agent in the `noted` folders ($HOME, $TMPDIR): reported, not refused
    (agent CLIs keep state there; other programs write there too)."""
    now = dir_entries(before.noted_dirs, [before.root, *before.worktrees, before.checkout, *before.own_files],
                      before.entries_mark)
    return [f"note: unconfined, the agent's run {how} {path} (outside its worktree)"
            for path, how in entry_changes(before.noted, now)]


def own_files(store: str | Path) -> list[Path]:
    """pmtui's own files that may sit beside the repository, written while an agent works: the store and the journal
    files SQLite keeps beside it (WAL, shared memory, rollback journal), and the files this process prints to
    (`pmtui deliver … > out.txt 2> err.txt`)."""
    path = Path(store)
    found = [path, *(path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal"))]
    for fd in (1, 2):
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                found.append(Path(os.readlink(f"/proc/self/fd/{fd}")))
        except OSError:  # closed, or no /proc (not Linux): nothing of ours to leave out
            continue
    return found
