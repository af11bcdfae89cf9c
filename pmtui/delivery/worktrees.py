"""The pool of git worktrees tasks run in.

Tasks run in pooled worktrees (run_dir/worktrees/slot-<n>/tree, detached HEAD): a task holds its
slot until it is committed, so a task waiting for a human keeps its changes; a free slot is reset
to the plan head for the next task. `slot-<n>.owner` names the holder, so a resumed run finds it.
git work runs off the event loop; the slot is reserved in memory before it, so two tasks never
take the same one.

The next task should not wait for that reset: a slot let go is reset in the background at once,
and when every slot is taken a spare one is added in the background, so the task that takes it
finds a clean tree (at most a checkout to the newest plan head away) and its checkpoint is the
head's own tree.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import threading
from pathlib import Path

from pmtui.delivery import git_index, git_ops, git_worktrees
from pmtui.delivery.gates.commands import gate_cache_dir
from pmtui.delivery.run_context import RunContext
from pmtui.delivery.store import TaskRecord
from pmtui.models.states import IssueState

_SLOT = re.compile(r"slot-(\d+)(\.owner)?")


class WorktreePool:
    """Slot → holder bookkeeping over the worktree folders of one run."""

    def __init__(self, ctx: RunContext) -> None:
        self.ctx = ctx
        self._slots: dict[int, str | None] | None = None
        # git names a worktree's admin folder after the path's last part ("tree" for every slot) and
        # two concurrent `worktree add`s race for tree, tree1, …: adds and removes go one at a time.
        self._admin = threading.Lock()
        # Free slots being made ready in the background, and the clean commit each ready one stands at.
        self._preparing: dict[int, asyncio.Task[None]] = {}
        self._target: dict[int, str] = {}  # the commit each slot being prepared is made ready at
        self._ready: dict[int, str] = {}

    def _folder(self) -> Path:
        return self.ctx.run_dir / "worktrees"

    def _tree(self, slot: int) -> Path:
        return self._folder() / f"slot-{slot}" / "tree"

    def _owner_file(self, slot: int) -> Path:
        return self._folder() / f"slot-{slot}.owner"

    def _owners(self) -> dict[int, str | None]:
        """Slot → the task holding it (None: free), read once per process; completed holders are freed."""
        if self._slots is None:
            slots: dict[int, str | None] = {}
            folder = self._folder()
            for entry in sorted(folder.iterdir()) if folder.is_dir() else []:
                match = _SLOT.fullmatch(entry.name)
                if match is None:
                    continue
                slots.setdefault(int(match[1]), None)
                if match[2]:
                    slots[int(match[1])] = entry.read_text(encoding="utf-8").strip() or None
            if any(slots.values()):
                states = {t.task_id: t.state for t in self.ctx.dstore.tasks(self.ctx.run_id)}
                for slot, owner in slots.items():
                    if owner is not None and states.get(owner, IssueState.COMPLETED) is IssueState.COMPLETED:
                        self._owner_file(slot).unlink(missing_ok=True)
                        slots[slot] = None
            self._slots = slots
        return self._slots

    def trees(self) -> list[Path]:
        """Every pooled tree (the agent-tampering check must not count them as writes outside the repo)."""
        return [self._tree(slot) for slot in self._owners()]

    async def tree_for(self, task: TaskRecord) -> Path:
        """The task's tree: the slot it holds, or a free slot reset to the plan head (a new one if none)."""
        facts = self.ctx.facts(task.task_id)
        if facts.tree is not None and facts.tree.is_dir():
            return facts.tree
        owners = self._owners()
        held = [slot for slot, owner in owners.items() if owner == task.task_id]
        if held and (self._tree(held[0]) / ".git").exists():
            facts.tree = self._tree(held[0])
            facts.clean_at = None  # what an earlier process left there is the task's own
            return facts.tree
        free = [slot for slot, owner in owners.items() if owner is None]
        # A free slot ready at the plan head first, then one being made ready at it (the wait is the reset the
        # task would do anyway), then one ready at an older head (a checkout away), then any other.
        now = self.ctx.plan_head()
        free.sort(key=lambda n: (0 if self._ready.get(n) == now else 1 if self._target.get(n) == now and
                                 n in self._preparing else 2 if n in self._ready else 3, n))
        slot = held[0] if held else free[0] if free else max(owners, default=-1) + 1
        owners[slot] = task.task_id
        path = self._tree(slot)
        try:
            preparing = self._preparing.pop(slot, None)
            if preparing is not None:
                await asyncio.gather(preparing, return_exceptions=True)
            head = self.ctx.plan_head()
            ready = self._ready.pop(slot, None)
            if ready is None or not (path / ".git").exists():
                await asyncio.to_thread(self._fresh_tree, path, head)
            elif ready != head:
                await asyncio.to_thread(git_ops.run_git, path, "checkout", "--quiet", "--force", "--detach", head)
        except BaseException:
            owners[slot] = None
            raise
        facts.clean_at = head
        if not held and all(owner is not None for owner in owners.values()):
            self._prepare(max(owners) + 1, head)
        # The owner is written after the reset: a kill in between leaves a free slot, never a half-reset held one.
        owner = self._owner_file(slot)
        owner.with_suffix(".tmp").write_text(task.task_id, encoding="utf-8")
        owner.with_suffix(".tmp").replace(owner)
        facts.tree = path
        return path

    def _fresh_tree(self, path: Path, sha: str) -> None:
        root = self.ctx.root
        if (path / ".git").exists():
            # A tree let go at its own commit (now the plan head) is reset without a git process when git_index
            # proves its HEAD, index and tracked files are that commit: its untracked and ignored files go.
            if git_index.reset_if_committed(path, git_ops.git_dirs(path), sha):
                return
            try:
                git_worktrees.reset_worktree(path, sha)
                return
            except git_ops.GitError:
                pass
        with self._admin:
            if path.exists():
                git_worktrees.remove_worktrees(root, [path])
            path.parent.mkdir(parents=True, exist_ok=True)
            git_worktrees.add_detached_worktree(root, path, sha)

    def _prepare(self, slot: int, sha: str) -> None:
        """Make `slot` a clean tree at `sha` in the background (a free slot let go, or a new spare)."""
        owners = self._owners()
        owners.setdefault(slot, None)
        path = self._tree(slot)

        async def prepare() -> None:
            try:
                await asyncio.to_thread(self._fresh_tree, path, sha)
            except git_ops.GitError:
                return  # the task that takes the slot resets it itself
            # Ready even when a task took the slot meanwhile: that task waited for this and uses it.
            self._ready[slot] = sha

        self._ready.pop(slot, None)
        self._target[slot] = sha
        self._preparing[slot] = asyncio.get_running_loop().create_task(prepare())

    def let_go(self, task: TaskRecord, keep_branch: bool) -> None:
        """The task lets go of its slot, which is made ready for the next task in the background; its merge
        branch goes unless kept."""
        self.ctx.facts(task.task_id).tree = None
        owners = self._owners()
        for slot, owner in owners.items():
            if owner == task.task_id:
                self._owner_file(slot).unlink(missing_ok=True)
                owners[slot] = None
                self._prepare(slot, self.ctx.plan_head())
        if not keep_branch and git_ops.ref_sha(self.ctx.root, f"refs/heads/{task.branch}") is not None:
            git_ops.run_git(self.ctx.root, "branch", "-D", task.branch)

    async def settle(self) -> None:
        """Wait for the background preparations (before the pool's trees are removed)."""
        preparing, self._preparing = list(self._preparing.values()), {}
        await asyncio.gather(*preparing, return_exceptions=True)
        self._ready.clear()

    def clear(self) -> None:
        """When the queue is done: pooled trees no task holds are removed (a waiting or failed task's stays)."""
        owners = self._owners()
        free = [slot for slot, owner in owners.items() if owner is None]
        if not free:
            return
        git_worktrees.remove_worktrees(self.ctx.root, [self._tree(slot).parent for slot in free])
        for slot in free:
            # The gate tools' caches of the tree (kept outside it) go with it.
            shutil.rmtree(gate_cache_dir(self._tree(slot)), ignore_errors=True)
            del owners[slot]
