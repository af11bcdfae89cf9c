"""A repository deleted and made again in the same folder, then the same plan delivered into it (found in the TUI at
stop 27: the founder removed the project folder after a first Deliver and chose Deliver again). The store's unfinished
run of that plan and folder was resumed; its base commit was not in the new repository, and the retry the escalation
recommended failed as an engine error, "GitError: … Invalid revision range <old base>..<new>", every time."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block

CRASH = Path(__file__).parent / "agents" / "crash_agent.py"


def engine(tmp_path: Path, root: Path, store: Store) -> DeliveryEngine:
    return DeliveryEngine(store, Config(offline=True), repo=root, plan_path=tmp_path / "plan.md",
                          executor=CommandExecutor(f"{sys.executable} {CRASH}"),
                          poll_interval=0.05, gate_timeout_s=60)


def new_repository_in(root: Path) -> None:
    """The folder removed and a repository of the same project made there again: new commits, new hashes."""
    shutil.rmtree(root)
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test Founder")
    git(root, "config", "user.email", "founder@example.com")
    git(root, "config", "commit.gpgsign", "false")
    (root / "README.md").write_text("# started over\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start over")


def test_a_run_whose_repository_was_replaced_is_closed_and_a_new_run_starts(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    (tmp_path / "plan.md").write_text(plan_text("again", [task_block("T1", "Delta value", module="delta")], lint=False))
    store = Store(tmp_path / "pmtui.db")
    try:
        first = asyncio.run(engine(tmp_path, root, store).run(no_wait=True))
        dstore = DeliveryStore(store)
        assert dstore.get_run(first.run_id).state == "waiting_for_human"
        old_base = dstore.get_run(first.run_id).baseline_sha

        new_repository_in(root)
        second = asyncio.run(engine(tmp_path, root, store).run(no_wait=True))

        assert second.run_id != first.run_id
        closed = dstore.get_run(first.run_id)
        assert closed.state == "failed"
        new = dstore.get_run(second.run_id)
        assert new.baseline_sha != old_base and new.baseline_sha == git(root, "rev-parse", "main")
        # The new run's tasks ran against the new repository: no engine error about the old commits.
        problems = [e.problem for e in dstore.escalations(second.run_id)]
        assert problems and not [p for p in problems if "GitError" in p or "Invalid revision" in p], problems
    finally:
        store.close()


def test_a_run_in_its_own_repository_is_resumed_as_before(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    (tmp_path / "plan.md").write_text(plan_text("same", [task_block("T1", "Delta value", module="delta")], lint=False))
    store = Store(tmp_path / "pmtui.db")
    try:
        first = asyncio.run(engine(tmp_path, root, store).run(no_wait=True))
        second = asyncio.run(engine(tmp_path, root, store).run(no_wait=True))
        assert second.run_id == first.run_id
        assert DeliveryStore(store).get_run(first.run_id).state != "failed"
    finally:
        store.close()
