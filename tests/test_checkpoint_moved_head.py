"""An attempt stopped while its agent worked runs again on a tree at a newer commit (found by the kill -9 test under
random seeds, stop 30: 1 run in 60). The attempt's checkpoint was the tree at the commit it started on; put back onto
the newer commit it kept that HEAD with the old files, so the task committed in between looked deleted by this one
("the agent deleted tests: tests/test_one.py"), the same failure twice escalated, and the run waited for a human.
A checkpoint now goes back only onto the commit it was taken at; elsewhere the attempt starts clean where it is."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from pmtui.delivery.engine import RunOutcome
from pmtui.delivery.executors import write_files
from pmtui.delivery.store import DeliveryStore
from pmtui.models.delivery import AgentResult, TaskContract
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, make_project, module_files, plan_text, task_block
from tests.test_engine import engine_for


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path)


def test_an_attempt_run_again_on_a_tree_at_a_newer_commit_starts_clean_there(tmp_path: Path, project: Path,
                                                                            store: Store) -> None:
    # Two low tasks of different areas run side by side, as in the kill test where it was found.
    plan = plan_text("moved", [task_block("T1", "Iota value", module="iota", tier="low", ownership="copy"),
                               task_block("T2", "Kappa value", module="kappa", tier="low", ownership="help")], lint=False)
    started = asyncio.Event()

    async def interrupted(workdir: Path, contract: TaskContract) -> AgentResult:
        (workdir / "src" / "kappa.py").write_text("def kappa_value(:\n")
        started.set()
        await asyncio.sleep(60)
        return AgentResult(exit_code=0)

    async def after_t2_started(workdir: Path, contract: TaskContract) -> AgentResult:
        await started.wait()  # T1 works and commits while T2's agent is at work on the older commit
        return write_files(module_files("iota", "3"))(workdir, contract)  # type: ignore[return-value]

    async def first_run() -> RunOutcome:
        engine = engine_for(tmp_path, project, plan, {"T1": [after_t2_started], "T2": [interrupted]}, store,
                            max_parallel=3)
        run = asyncio.create_task(engine.run())
        await started.wait()
        for _ in range(600):
            latest = DeliveryStore(store).latest_run()
            tasks = {t.task_id: t for t in DeliveryStore(store).tasks(latest.id, contracts=False)} if latest else {}
            if tasks.get("T1") is not None and tasks["T1"].commit_sha:
                break
            await asyncio.sleep(0.05)
        engine.request_stop()
        return await run

    stopped = asyncio.run(first_run())
    assert stopped.ending == "stopped", stopped.message
    # The next process finds T2's tree let go (as a kill before its owner was written leaves it): T2 gets a tree at
    # the plan head, which now holds T1's commit.
    for owner in (tmp_path / "runs").rglob("slot-*.owner"):
        if owner.read_text(encoding="utf-8").strip() == "T2":
            owner.unlink()
    first = DeliveryStore(store).task(stopped.run_id or 0, "T1")
    assert first.commit_sha, (first.state, first.decision_log[-5:])
    outcome = asyncio.run(engine_for(tmp_path, project, plan, {"T2": [write_files(module_files("kappa", "4"))]},
                                     store, max_parallel=3).run(no_wait=True))

    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    t2 = dstore.task(outcome.run_id or 0, "T2")
    changed = git(project, "show", "--name-status", "--format=", t2.commit_sha or "")
    assert "iota" not in changed, changed  # T1's files are not T2's deletions
    assert t2.attempts == 1
