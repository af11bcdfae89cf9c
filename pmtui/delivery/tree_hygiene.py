"""What attempts leave in a working tree, and how a tree is put back.

A checkpoint is the tree as an attempt found it (a git tree object: tracked and untracked files,
ignored ones left out); restoring it clears what an interrupted attempt left. Gate tools cache
outside the tree (gates.commands.gate_env), but a tool that ignores that, or a run killed at the
wrong moment, can leave caches: remove_tool_caches clears them before a change set is read, and
remove_untracked clears an agent's own files (aider's tags cache). Git runs through git_ops.run_git.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path

from pmtui.delivery.git_ops import objects_dir as git_objects_dir
from pmtui.delivery.git_ops import run_git, whole_tree_index

# Caches gate tools write beside the code (they run with their caches elsewhere; a killed run's are removed).
TOOL_CACHES: tuple[str, ...] = ("__pycache__", ".ruff_cache", ".mypy_cache", ".pytest_cache")


def tree_checkpoint(tree: str | Path, objects: Path | None = None, leave_out: Iterable[str] = ()) -> str:
    """The working tree as it stands (tracked and untracked files; ignored ones left out) as a tree object;
    restore_checkpoint goes back to it. Its objects go to `objects` (kept out of the user's repository:
    a retry's tree holds the rejected attempt's files), else to the repository's object store. `leave_out`
    (an earlier attempt's files over the size limit) is never hashed: a restore drops them."""
    root = Path(tree)
    with whole_tree_index(root, leave_out=leave_out, objects=objects or git_objects_dir(root)) as env:
        return run_git(root, "write-tree", env=env)


def remove_tool_caches(tree: str | Path) -> None:
    """Remove the untracked tool caches (TOOL_CACHES) anywhere in the tree, ignored or not."""
    specs = [f":(glob)**/{name}/**" for name in TOOL_CACHES] + [":(glob)**/*.pyc"]
    run_git(Path(tree), "clean", "-ffdxq", "--", *specs)


def drop_tool_caches(tree: str | Path, listed: Sequence[str]) -> list[str]:
    """Delete the tool caches among `listed` (the tree's untracked and modified files, ignored ones aside:
    caches a .gitignore covers are never part of a change) and return the rest. No git process: the
    listing is the one the change set is read with."""
    root = Path(tree)
    kept: list[str] = []
    folders: set[Path] = set()
    for path in listed:
        parts = Path(path).parts
        # A folder listed whole (`name/`) is a nested repository: never deleted here, the nested gate refuses it.
        if path.endswith("/"):
            kept.append(path)
            continue
        if path.endswith(".pyc") or any(part in TOOL_CACHES for part in parts[:-1]):
            (root / path).unlink(missing_ok=True)
            folders.update((root / path).parents)
            continue
        kept.append(path)
    for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):
        if folder != root and root in folder.parents:
            try:
                folder.rmdir()  # only when empty: a cache folder's own files are gone
            except OSError:
                pass
    return kept


def restore_checkpoint(tree: str | Path, tree_sha: str, objects: Path | None = None) -> None:
    """Put the working tree back to a tree_checkpoint: what a killed attempt left is gone, the index is HEAD's."""
    root = Path(tree)
    run_git(root, "reset", "--quiet", "--hard", "HEAD")
    run_git(root, "clean", "-ffdq")
    remove_tool_caches(root)
    run_git(root, "read-tree", "-u", "--reset", tree_sha,
            env={"GIT_ALTERNATE_OBJECT_DIRECTORIES": str(objects)} if objects else None)
    run_git(root, "reset", "--quiet")


def remove_untracked(tree: str | Path, patterns: Sequence[str]) -> list[str]:
    """Remove what matches the globs in the tree's top folder and git does not track (an agent's own caches)."""
    root = Path(tree)
    candidates = sorted({path for pattern in patterns for path in root.glob(pattern)})
    if not candidates:
        return []
    names = [str(path.relative_to(root)) for path in candidates]
    tracked = set(run_git(root, "ls-files", "-z", "--", *names, strip=False).split("\0"))
    removed: list[str] = []
    for path, name in zip(candidates, names, strict=True):
        if name in tracked or any(entry.startswith(name + "/") for entry in tracked):
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        removed.append(name)
    return removed
