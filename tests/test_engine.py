"""The delivery engine end to end: real git repositories, a real tiny Python project, real ruff and
pytest as gates, and the scripted executor as the coding agent."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine, RunOutcome
from pmtui.delivery.executors import ScriptedExecutor, Step, write_files
from pmtui.delivery.store import DeliveryStore
from pmtui.models.delivery import AgentResult, TaskContract
from pmtui.models.states import IssueState
from pmtui.store import Store
from tests.fixtures.delivery_repo import (
    TEST_CALC,
    git,
    make_project,
    module_files,
    plan_text,
    refs_count,
    task_block,
)
from tests.fixtures.steps import commit_behind_pm, delete_files, rewrite_outside, sequence

HAPPY_PATH = [
    "received",
    "analyzing_requirements",
    "creating_tests",
    "implementing",
    "running_tests",
    "validating_solution",
    "creating_pr",
    "completed",
]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path)


def engine_for(tmp_path: Path, root: Path, plan: str, script: Any, store: Store, **options: Any) -> DeliveryEngine:
    plan_path = tmp_path / "plan.md"
    plan_path.write_text(plan)
    return DeliveryEngine(
        store,
        Config(offline=True),
        repo=root,
        plan_path=plan_path,
        executor=ScriptedExecutor(script),
        run_dir=tmp_path / "runs",
        poll_interval=0.05,
        gate_timeout_s=60,
        **options,
    )


def states(dstore: DeliveryStore, run_id: int, task_id: str) -> list[str]:
    records = dstore.transitions(run_id, task_id)
    return [records[0].from_state.value, *(r.to_state.value for r in records)]


async def answer_when_asked(db: Path, option: int, note: str = "") -> int:
    """Another 'process': a second Store handle on the same file answers the first open escalation."""
    other = Store(db)
    try:
        dstore = DeliveryStore(other)
        while True:
            run = dstore.latest_run()
            pending = dstore.open_escalations(run.id) if run else []
            if pending:
                dstore.answer_escalation(pending[0].id, option, note)
                return pending[0].id
            await asyncio.sleep(0.05)
    finally:
        other.close()


def test_a_passing_task_walks_the_happy_path_and_is_committed_once(tmp_path: Path, project: Path, store: Store) -> None:
    start = git(project, "rev-parse", "main")
    plan = plan_text("one", [task_block("T1", "Alpha value", module="alpha",
                                        criteria=("alpha_value returns the alpha value",))])
    engine = engine_for(tmp_path, project, plan, {"T1": [write_files(module_files("alpha"))]}, store)
    outcome = asyncio.run(engine.run())
    assert (outcome.state, outcome.ending) == ("released", "released"), outcome.message
    dstore = DeliveryStore(store)
    assert states(dstore, outcome.run_id, "T1") == HAPPY_PATH
    task = dstore.task(outcome.run_id, "T1")
    assert task.attempts == 1 and task.commit_sha
    assert refs_count(project, "T1") == 1
    assert git(project, "rev-parse", "main") == start
    assert git(project, "rev-parse", "--abbrev-ref", "HEAD") == "pm/one"
    subject, body = git(project, "log", "-1", "--format=%s%x00%b", task.commit_sha).split("\0")
    assert subject == "feat(alpha): alpha value"
    assert "Refs: task-T1" in body and "Review: docs/reviews/T1-review.md" in body
    committed = git(project, "show", "--name-only", "--format=", task.commit_sha).split()
    assert sorted(committed) == ["docs/reviews/T1-review.md", "src/alpha.py", "tests/test_alpha.py"]
    assert git(project, "status", "--porcelain") == ""
    assert dstore.get_run(outcome.run_id).state == "released"


def test_fail_then_fix_then_pass_gives_the_fix_attempt_the_failure_evidence(
    tmp_path: Path, project: Path, store: Store
) -> None:
    seen: list[TaskContract] = []

    def recording(step: Step) -> Step:
        def run(workdir: Path, contract: TaskContract) -> AgentResult | None:
            seen.append(contract)
            return step(workdir, contract)  # type: ignore[return-value]

        return run

    plan = plan_text("fix", [task_block("T1", "Beta value", module="beta")], lint=False)
    script = {"T1": [recording(write_files(module_files("beta", "2", broken=True))),
                     recording(write_files(module_files("beta", "2")))]}
    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store).run())
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    path = states(dstore, outcome.run_id, "T1")
    assert path[:6] == ["received", "analyzing_requirements", "creating_tests", "implementing", "running_tests",
                        "fixing_issues"]
    assert path[6:] == ["running_tests", "validating_solution", "creating_pr", "completed"]
    first, second = dstore.attempts(outcome.run_id, "T1")
    assert not first.gates_passed and second.gates_passed
    assert {g.gate for g in first.gate_results if not g.passed} >= {"tests_run"}
    assert [c.attempt for c in seen] == [1, 2]
    assert seen[0].failure_evidence == []
    assert any("tests_run" in line for line in seen[1].failure_evidence)
    assert refs_count(project, "T1") == 1


def test_three_failures_escalate_and_an_answer_from_another_process_continues(
    tmp_path: Path, project: Path, store: Store
) -> None:
    plan = plan_text("esc", [task_block("T1", "Gamma value", module="gamma")], lint=False)
    # Each failing attempt expects a different wrong value, so no two failures look the same.
    attempts = [write_files({**module_files("gamma", "3"), "tests/test_gamma.py":
                             f"from gamma import gamma_value\n\n\ndef test_gamma() -> None:\n    assert gamma_value() == {n}\n"})
                for n in (7, 8, 9)]
    script = {"T1": [*attempts, write_files(module_files("gamma", "3"))]}
    engine = engine_for(tmp_path, project, plan, script, store)

    async def both() -> tuple[RunOutcome, int]:
        return await asyncio.gather(engine.run(), answer_when_asked(store.path, 1, "try once more"))

    outcome, escalation_id = asyncio.run(both())
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    escalation = dstore.escalation(escalation_id)
    assert escalation.task_id == "T1" and escalation.kind == "budget_exhausted"
    assert escalation.options[0].startswith("Retry") and escalation.answer == 1
    assert len(escalation.options) == 3 and 1 <= escalation.recommended <= 3
    path = states(dstore, outcome.run_id, "T1")
    assert path.count("fixing_issues") == 2
    assert "requires_human_intervention" in path and "human_input_received" in path
    assert path[-1] == "completed"
    assert [a.attempt for a in dstore.attempts(outcome.run_id, "T1")] == [1, 2, 3, 4]
    assert len(dstore.escalations(outcome.run_id)) == 1


def test_the_same_failure_twice_escalates_early_and_no_wait_exits_3(tmp_path: Path, project: Path, store: Store) -> None:
    plan = plan_text("same", [task_block("T1", "Delta value", module="delta")], lint=False)
    broken = write_files(module_files("delta", "4", broken=True))
    engine = engine_for(tmp_path, project, plan, {"T1": [broken]}, store)
    outcome = asyncio.run(engine.run(no_wait=True))
    assert (outcome.state, outcome.ending) == ("waiting_for_human", "waiting")
    dstore = DeliveryStore(store)
    [escalation] = dstore.escalations(outcome.run_id)
    assert escalation.kind == "same_failure" and outcome.escalations == [escalation.id]
    assert "attempt 2 failed exactly as attempt 1" in escalation.problem
    # What failed, so the human can act without opening the gate evidence.
    assert "first finding: FAILED tests/test_delta.py::test_delta_value" in escalation.problem
    assert len(dstore.attempts(outcome.run_id, "T1")) == 2
    assert dstore.get_run(outcome.run_id).state == "waiting_for_human"

    dstore.answer_escalation(escalation.id, 3)
    again = asyncio.run(engine_for(tmp_path, project, plan, {"T1": [broken]}, store).run(no_wait=True))
    assert again.run_id == outcome.run_id and again.ending == "failed"
    assert dstore.task(outcome.run_id, "T1").state is IssueState.FAILED
    assert len(dstore.escalations(outcome.run_id)) == 1
    assert refs_count(project, "T1") == 0


def test_an_agent_that_falls_over_is_the_first_finding_not_the_gates_after_it(
        tmp_path: Path, project: Path, store: Store) -> None:
    """Found by hand (2026-11-27): an agent that crashed on its first line escalated with "first finding: 4 of 4
    criteria not mapped to the change" — true, and no help; the agent's own last line says what to fix."""
    import sys

    from pmtui.delivery.executors import CommandExecutor
    from pmtui.delivery.failure_findings import agent_failure

    plan = plan_text("fell", [task_block("T1", "Delta value", module="delta")], lint=False)
    crash = Path(__file__).parent / "agents" / "crash_agent.py"
    (tmp_path / "plan.md").write_text(plan)
    engine = DeliveryEngine(store, Config(offline=True), repo=project, plan_path=tmp_path / "plan.md",
                            executor=CommandExecutor(f"{sys.executable} {crash}"), run_dir=tmp_path / "runs",
                            poll_interval=0.05, gate_timeout_s=60)
    outcome = asyncio.run(engine.run(no_wait=True))
    [escalation] = DeliveryStore(store).escalations(outcome.run_id)
    assert escalation.kind == "same_failure"
    assert "first finding: the agent exited 3: RuntimeError: the agent fell over" in escalation.problem
    # It changed nothing: there is nothing to accept and commit, so that is not offered.
    assert not [option for option in escalation.options if option.lower().startswith("accept")], escalation.options
    # A sandboxed agent writing outside its tree is told where it may write, and how to lift the sandbox.
    denied = AgentResult(exit_code=1, sandboxed=True, output_tail=(
        "Traceback (most recent call last):\nOSError: [Errno 30] Read-only file system: '/home/me/.agent/log'"))
    assert agent_failure(denied) == (
        "the agent exited 1: OSError: [Errno 30] Read-only file system: '/home/me/.agent/log' (the sandbox lets an "
        "agent write only its worktree and $TMPDIR; `--sandbox off` lifts it)")
    assert agent_failure(AgentResult(timed_out=True, output_tail="still thinking")) == "the agent timed out"
    assert agent_failure(AgentResult(exit_code=0)) == ""


def test_a_critical_task_is_tagged_merged_and_the_manifest_is_complete(
    tmp_path: Path, project: Path, store: Store
) -> None:
    start = git(project, "rev-parse", "main")
    plan = plan_text("crit", [
        task_block("T1", "Session tokens", module="session", tier="critical", ownership="auth",
                   criteria=("session_value returns the session value",)),
        task_block("T2", "Epsilon value", module="epsilon", depends="T1",
                   criteria=("epsilon_value returns the epsilon value",)),
    ])
    script = {"T1": [write_files(module_files("session", "5"))], "T2": [write_files(module_files("epsilon", "6"))]}
    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store).run())
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    run = dstore.get_run(outcome.run_id)
    t1, t2 = dstore.task(run.id, "T1"), dstore.task(run.id, "T2")
    assert t1.tier == "critical"
    [tag] = dstore.tags(run.id)
    assert tag.name == "pm/crit/checkpoint-T1" and tag.task_id == "T1"
    assert git(project, "rev-parse", "pm/crit/checkpoint-T1^{commit}") == tag.sha
    assert git(project, "merge-base", "--is-ancestor", t1.commit_sha, "pm/crit") == ""
    merges = git(project, "log", "--merges", "--format=%s", "pm/crit")
    assert "feat/crit/T1-session-tokens" in merges
    assert refs_count(project, "T1") == 1 and refs_count(project, "T2") == 1
    assert git(project, "rev-parse", "main") == start

    manifest_file = project / "docs" / "releases" / "crit-release.yaml"
    assert run.manifest_path == "docs/releases/crit-release.yaml"
    assert git(project, "log", "-1", "--format=%s", "pm/crit") == "docs(release): release manifest for crit"
    data = yaml.safe_load(manifest_file.read_text())
    assert data["plan_id"] == "crit"
    assert data["plan_doc"] == str((tmp_path / "plan.md").resolve())
    assert data["design_doc"] == ""
    assert data["completed_at"]
    assert [t["task_id"] for t in data["tasks"]] == ["T1", "T2"]
    assert data["tasks"][0] == {"task_id": "T1", "commit_sha": t1.commit_sha,
                                "review_artifact": "docs/reviews/T1-review.md", "tier": "critical",
                                "breaking_change": False}
    assert data["tasks"][1]["commit_sha"] == t2.commit_sha and data["tasks"][1]["tier"] == "normal"
    assert data["tests_run"] == 3 and data["tests_passed"] == 3
    assert data["lint_clean"] is True and data["typecheck_clean"] is True and data["build_clean"] is True
    assert data["breaking_changes"] == [] and data["migration_steps"] == []
    assert "git revert" in data["rollback_plan"] and "pm/crit" in data["rollback_plan"]
    assert any("merge pm/crit" in item for item in data["recommended_next"])
    assert isinstance(data["risks"], list)
    trace = {(item["task_id"], item["criterion"]): item for item in data["criteria_trace"]}
    entry = trace[("T1", "session_value returns the session value")]
    assert entry["commit_sha"] == t1.commit_sha and entry["location"].startswith("src/session.py:")
    assert trace[("T2", "epsilon_value returns the epsilon value")]["location"].startswith("src/epsilon.py:")
    reports = dstore.progress_reports(run.id)
    assert any(r.trigger == "critical task completed" for r in reports)
    assert reports[-1].text.startswith("RELEASE SUMMARY")


def _interval(dstore: DeliveryStore, run_id: int, task_id: str) -> tuple[str, str]:
    records = dstore.transitions(run_id, task_id)
    started = next(r.created_at for r in records if r.from_state is IssueState.RECEIVED)
    ended = next(r.created_at for r in records if r.to_state is IssueState.COMPLETED)
    return started, ended


def test_parallel_low_tasks_run_together_but_never_two_of_one_area(tmp_path: Path, project: Path, store: Store) -> None:
    plan = plan_text("par", [
        task_block("L1", "Copy one", module="one", tier="low", ownership="copy"),
        task_block("L2", "Copy two", module="two", tier="low", ownership="copy"),
        task_block("L3", "Help three", module="three", tier="low", ownership="help"),
    ], lint=False)
    script = {name: [write_files(module_files(name, str(n)))] for n, name in enumerate(("one", "two", "three"), 1)}
    script = {"L1": script["one"], "L2": script["two"], "L3": script["three"]}
    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store, max_parallel=3).run())
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    one, two, three = (_interval(dstore, outcome.run_id, t) for t in ("L1", "L2", "L3"))
    assert one[1] <= two[0] or two[1] <= one[0], (one, two)
    assert one[0] < three[1] and three[0] < one[1], (one, three)
    for task_id in ("L1", "L2", "L3"):
        assert refs_count(project, task_id) == 1
    assert git(project, "worktree", "list").count("\n") == 0


def _after(seconds: float, step: Step) -> Step:
    async def run(workdir: Path, contract: TaskContract) -> Any:
        await asyncio.sleep(seconds)
        return step(workdir, contract)

    return run


def test_parallel_normal_tasks_integrate_in_plan_order_each_regated_on_the_moved_head(
    tmp_path: Path, project: Path, store: Store
) -> None:
    # N3's agent finishes first and N1's last: they ran together, yet land on the plan branch as
    # N1, N2, N3, and the later two are re-gated on the head the earlier ones moved.
    plan = plan_text("pn", [
        task_block("N1", "One", module="one", ownership="one"),
        task_block("N2", "Two", module="two", ownership="two"),
        task_block("N3", "Three", module="three", ownership="three"),
    ], lint=False)
    script = {
        "N1": [_after(0.6, write_files(module_files("one", "1")))],
        "N2": [_after(0.3, write_files(module_files("two", "2")))],
        "N3": [write_files(module_files("three", "3"))],
    }
    events: list[tuple[str, str]] = []
    engine = engine_for(tmp_path, project, plan, script, store, max_parallel=3,
                        parallel_tiers=("low", "normal"), on_event=lambda kind, text: events.append((kind, text)))
    outcome = asyncio.run(engine.run())
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    one, three = _interval(dstore, outcome.run_id, "N1"), _interval(dstore, outcome.run_id, "N3")
    assert three[0] < one[1] and one[0] < three[1], "the normal tasks ran together"
    subjects = git(project, "log", "--reverse", "--format=%s", f"main..{engine.ctx.plan_branch}").splitlines()
    landed = [s for s in subjects if s.startswith("feat")]
    assert [s.split(": ")[1] for s in landed] == ["one", "two", "three"], subjects
    regated = [text for kind, text in events if kind == "gate" and "re-gated" in text]
    assert any(text.startswith("N2 re-gated") for text in regated), regated
    assert any(text.startswith("N3 re-gated") for text in regated), regated
    assert all(text.endswith("passed") for text in regated), regated


def test_parallel_normal_tasks_default_to_one_at_a_time(tmp_path: Path, project: Path, store: Store) -> None:
    plan = plan_text("pn1", [
        task_block("N1", "One", module="one", ownership="one"),
        task_block("N2", "Two", module="two", ownership="two"),
    ], lint=False)
    script = {"N1": [_after(0.2, write_files(module_files("one", "1")))], "N2": [write_files(module_files("two", "2"))]}
    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store, max_parallel=3).run())
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    one, two = _interval(dstore, outcome.run_id, "N1"), _interval(dstore, outcome.run_id, "N2")
    assert one[1] <= two[0], "by the seed's rule a normal task waits for the one before it"


def test_an_agent_that_commits_fails_the_gate_and_its_commit_is_not_kept(
    tmp_path: Path, project: Path, store: Store
) -> None:
    plan = plan_text("sneak", [task_block("T1", "Zeta value", module="zeta")], lint=False)
    files = module_files("zeta", "7")
    script = {"T1": [commit_behind_pm(files), write_files(files)]}
    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store).run())
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    first = dstore.attempts(outcome.run_id, "T1")[0]
    agent_gate = next(g for g in first.gate_results if g.gate == "agent")
    assert not agent_gate.passed and any("HEAD moved" in line for line in agent_gate.evidence)
    assert "agent: sneak commit" not in git(project, "log", "--format=%s", "pm/sneak")
    assert refs_count(project, "T1", "pm/sneak") == 1


def test_the_store_and_the_output_beside_the_repository_are_pmtuis_own_and_no_unconfined_agents_tampering(
    tmp_path: Path, project: Path
) -> None:
    """The operator walk of 2026-11-28 kept the store and the shell's output beside the repository (as
    bench/real_agent_delivery.py does); with no sandbox, every aider attempt failed on 'a file outside the repository
    was changed: …/pmtui.db-wal' (and `…/out.txt` on the cluster). pmtui writes both while an agent works (other
    tasks' steps, `pmtui watch` answering, the feed's lines): they are pmtui's, not the agent's."""
    beside = Store(project.parent / "pmtui.db")
    try:
        def pmtui_writes_meanwhile(workdir: Path, contract: TaskContract) -> Any:
            other = Store(beside.path)  # another writer of the store, as a parallel task's step or `pmtui watch` is
            try:
                other.emit(None, "control", {"note": "written while the agent works"})
            finally:
                other.close()
            os.write(1, b"[agent] T1 attempt 1: scripted agent at work\n")  # pmtui's own feed line, to `> out.txt`
            return write_files(module_files("theta", "8"))(workdir, contract)

        plan = plan_text("own", [task_block("T1", "Theta value", module="theta")], lint=False)
        engine = engine_for(tmp_path, project, plan, {"T1": [pmtui_writes_meanwhile]}, beside)
        # `pmtui deliver … > out.txt` with out.txt beside the repository: this process's output goes there.
        shell_out = os.open(project.parent / "out.txt", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        saved = os.dup(1)
        os.dup2(shell_out, 1)
        try:
            outcome = asyncio.run(engine.run(no_wait=True))
        finally:
            os.dup2(saved, 1)
            os.close(saved)
            os.close(shell_out)
        assert "scripted agent at work" in (project.parent / "out.txt").read_text()
        assert outcome.ending == "released", outcome.message
        (first,) = DeliveryStore(beside).attempts(outcome.run_id, "T1")
        assert first.gates_passed, [g.evidence for g in first.gate_results if not g.passed]
    finally:
        beside.close()
    # An agent's own write beside the repository is still caught: the watch is not off, only pmtui's files are out.
    second = make_project(tmp_path / "second")
    beside = Store(second.parent / "pmtui.db")
    try:
        user_file = second.parent / "notes.txt"
        user_file.write_text("a file the user keeps\n")
        plan = plan_text("own2", [task_block("T1", "Iota value", module="iota")], lint=False)
        files = module_files("iota", "9")
        script = {"T1": [rewrite_outside(files, [user_file]), write_files(files)]}
        caught = asyncio.run(engine_for(tmp_path / "second", second, plan, script, beside).run())
        assert caught.ending == "released", caught.message
        agent_gate = next(g for g in DeliveryStore(beside).attempts(caught.run_id, "T1")[0].gate_results
                          if g.gate == "agent")
        assert agent_gate.evidence == [f"a file outside the repository was changed: {user_file}"]
    finally:
        beside.close()


@pytest.mark.skipif(not Path("/proc/self/mountinfo").exists(),
                    reason="change marks are Linux's: elsewhere files are fingerprinted by size and mtime")
def test_an_agent_that_rewrites_files_outside_its_tree_and_puts_their_times_back_is_caught(
    tmp_path: Path, project: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Beside the repository the attempt fails; in $TMPDIR it is noted. The same size and mtime as before were what
    the scan compared, so neither was seen; any change sets a file's ctime, which no agent can set back."""
    import tempfile

    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    beside, noted = project.parent / "notes.txt", scratch / "cache.txt"
    for path in (beside, noted):
        path.write_text("a file the user keeps\n")
    plan = plan_text("quiet", [task_block("T1", "Eta value", module="eta")], lint=False)
    files = module_files("eta", "7")
    script = {"T1": [rewrite_outside(files, [beside, noted]), write_files(files)]}
    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store).run())
    assert outcome.ending == "released", outcome.message
    first = DeliveryStore(store).attempts(outcome.run_id, "T1")[0]
    agent_gate = next(g for g in first.gate_results if g.gate == "agent")
    assert not agent_gate.passed
    assert f"a file outside the repository was changed: {beside}" in agent_gate.evidence
    assert first.agent_result is not None
    assert f"note: unconfined, the agent's run changed {noted} (outside its worktree)" in first.agent_result.evidence
    assert beside.read_text() == "A FILE THE USER KEEPS\n"


def test_an_agent_that_deletes_the_tests_fails_the_gate(tmp_path: Path, project: Path, store: Store) -> None:
    plan = plan_text("deltests", [task_block("T1", "Eta value", module="eta")], lint=False)
    files = module_files("eta", "8")
    script = {"T1": [sequence(write_files(files), delete_files(["tests/test_calc.py"])),
                     write_files({**files, "tests/test_calc.py": TEST_CALC})]}
    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store).run())
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    first = dstore.attempts(outcome.run_id, "T1")[0]
    tests_gate = next(g for g in first.gate_results if g.gate == "tests_added")
    assert not tests_gate.passed
    assert any("deleted tests: tests/test_calc.py" in line for line in tests_gate.evidence)
    assert (project / "tests" / "test_calc.py").read_text() == TEST_CALC


def test_an_attempt_stopped_mid_work_runs_again_from_a_clean_tree(tmp_path: Path, project: Path,
                                                                 store: Store) -> None:
    """A run stopped (or killed) while the agent works: the next run puts the tree back to how the attempt
    found it before running the agent again, so nothing the interrupted agent wrote reaches the commit."""
    plan = plan_text("clean", [task_block("T1", "Theta value", module="theta")], lint=False)
    started = asyncio.Event()

    async def interrupted(workdir: Path, contract: TaskContract) -> AgentResult:
        (workdir / "src" / "theta.py").write_text("def theta_value(:\n")
        (workdir / "scratch-notes.txt").write_text("half done\n")
        started.set()
        await asyncio.sleep(60)
        return AgentResult(exit_code=0)

    async def first_run() -> RunOutcome:
        engine = engine_for(tmp_path, project, plan, {"T1": [interrupted]}, store)
        run = asyncio.create_task(engine.run())
        await started.wait()
        engine.request_stop()
        return await run

    stopped = asyncio.run(first_run())
    assert stopped.ending == "stopped", stopped.message
    outcome = asyncio.run(engine_for(tmp_path, project, plan, {"T1": [write_files(module_files("theta", "9"))]},
                                     store).run(no_wait=True))

    assert outcome.ending == "released", outcome.message
    task = DeliveryStore(store).task(outcome.run_id or 0, "T1")
    committed = git(project, "show", "--name-only", "--format=", task.commit_sha or "").split()
    assert "scratch-notes.txt" not in committed and "src/theta.py" in committed
    assert task.attempts == 1
    assert any("runs again: the tree is back" in line for line in task.decision_log)


def test_working_tested_code_is_not_escalated_over_the_wording_of_a_criterion(tmp_path: Path, project: Path,
                                                                             store: Store) -> None:
    """A criterion no line of a correct change matches: the fix prompt asks the agent for the mapping;
    when the second attempt's tests pass too, the criterion is traced to them as a risk, not escalated."""
    criterion = "The gizmo frobnicates every widget"
    plan = plan_text("wording", [task_block("T1", "Kappa value", module="kappa", criteria=(criterion,))],
                     lint=False)
    prompts: list[TaskContract] = []

    def agent(workdir: Path, contract: TaskContract) -> AgentResult:
        prompts.append(contract)
        return write_files(module_files("kappa", "4"))(workdir, contract)

    outcome = asyncio.run(engine_for(tmp_path, project, plan, {"T1": [agent, agent]}, store).run(no_wait=True))

    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    run_id = outcome.run_id or 0
    first, second = dstore.attempts(run_id, "T1")
    assert [g.gate for g in first.gate_results if not g.passed] == ["plan_alignment"]
    assert prompts[0].unmapped_criteria == [] and prompts[1].unmapped_criteria == [criterion]
    alignment = next(g for g in second.gate_results if g.gate == "plan_alignment")
    assert alignment.passed and any(line.startswith(f"✓ {criterion} → tests/test_kappa.py:") for line in alignment.evidence)
    task = dstore.task(run_id, "T1")
    assert task.review_note is not None
    assert any(criterion in risk and "tests pass" in risk for risk in task.review_note.risks)
    assert dstore.escalations(run_id) == []


def test_a_kill_while_re_gating_on_the_moved_head_keeps_the_tasks_commit(tmp_path: Path, project: Path,
                                                                       store: Store,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The re-gate moves the task's tree to the plan head before replaying its commit there; a run killed in
    between found no commit in the tree and failed the task with 'nothing to commit' (seen under
    test_kill_resume). The commit is noted first, so the resumed run integrates it."""
    from pmtui.delivery import git_ops, integration

    plan = plan_text("regate", [task_block("L1", "Copy one", module="one", tier="low", ownership="copy"),
                                task_block("T1", "Lambda value", module="lam", ownership="core")], lint=False)

    async def slow_agent(workdir: Path, contract: TaskContract) -> AgentResult:
        await asyncio.sleep(1.0)  # L1 is committed first, so T1 is re-gated on the moved head
        return write_files(module_files("lam", "7"))(workdir, contract)

    script = {"L1": [write_files(module_files("one"))], "T1": [slow_agent]}

    def killed_replay(tree: Path, sha: str, onto: str) -> str:
        git_ops.run_git(tree, "checkout", "--quiet", "--detach", onto)
        raise asyncio.CancelledError  # the process dies here: nothing more is written

    monkeypatch.setattr(integration, "_replay", killed_replay)
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(engine_for(tmp_path, project, plan, script, store).run(no_wait=True))
    dstore = DeliveryStore(store)
    run = dstore.latest_run()
    assert run is not None and dstore.task(run.id, "T1").state is IssueState.CREATING_PR
    monkeypatch.undo()

    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store).run(no_wait=True))

    assert outcome.ending == "released", outcome.message
    assert dstore.task(run.id, "T1").state is IssueState.COMPLETED
    assert refs_count(project, "T1") == 1
    assert "return 7" in git(project, "show", "pm/regate:src/lam.py")


def test_the_configured_review_model_maps_a_criterion_over_real_http(tmp_path: Path, project: Path, store: Store,
                                                                    fake_llm: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """models.review answers where a criterion the offline matcher cannot place is implemented (litellm
    over HTTP to the fake server); the line is checked and the task passes plan alignment at once."""
    from pmtui.config import ModelRoute
    from pmtui.delivery.engine import model_criteria_mapper

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-review")
    fake_llm.set_responder(lambda body: "1: src/mu.py:4" if "name the one line of the change" in
                           str(body["messages"][-1]["content"]) else "no")
    config = Config(models={"review": ModelRoute(model="openai/fake-reviewer", api_base=fake_llm.api_base)})
    criterion = "The gizmo frobnicates every widget"
    plan_path = tmp_path / "plan.md"
    plan_path.write_text(plan_text("mapped", [task_block("T1", "Mu value", module="mu", criteria=(criterion,))],
                                   lint=False))
    engine = DeliveryEngine(store, config, repo=project, plan_path=plan_path,
                            executor=ScriptedExecutor({"T1": [write_files(module_files("mu", "5"))]}),
                            run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60,
                            criteria_mapper=model_criteria_mapper(config, store))

    outcome = asyncio.run(engine.run(no_wait=True))

    assert outcome.ending == "released", outcome.message
    (attempt,) = DeliveryStore(store).attempts(outcome.run_id or 0, "T1")
    alignment = next(g for g in attempt.gate_results if g.gate == "plan_alignment")
    assert alignment.passed
    expected = (f"✓ {criterion} → src/mu.py:4 (review model, line checked; closest is src/mu.py:4 (mu_value), "
                "which lacks: gizmo, frobnicates, widget)")
    assert alignment.evidence == [expected]
    assert any("name the one line" in r.text() for r in fake_llm.requests)


def test_a_kill_after_a_merged_task_was_recorded_completes_it_without_a_second_commit(
    tmp_path: Path, project: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found under test_kill_resume: a critical task merged at staged integration, killed after its merge
    commit was recorded and before its tag: the resumed run found the task's own `Refs:` commit (not the
    merge) and refused to record a second commit, escalating an engine error. It now completes the task."""
    from pmtui.delivery import git_ops

    plan = plan_text("merged", [task_block("T1", "Session store", module="session", tier="critical",
                                           ownership="auth")], lint=False)
    script = {"T1": [write_files(module_files("session", "3"))]}
    tag = git_ops.tag_checkpoint

    def killed_tag(*args: Any, **kwargs: Any) -> str:
        raise asyncio.CancelledError  # the process dies between recording the commit and tagging it

    monkeypatch.setattr(git_ops, "tag_checkpoint", killed_tag)
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(engine_for(tmp_path, project, plan, script, store).run(no_wait=True))
    dstore = DeliveryStore(store)
    run = dstore.latest_run()
    assert run is not None and dstore.commit_for(run.id, "T1") is not None
    monkeypatch.setattr(git_ops, "tag_checkpoint", tag)

    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store).run(no_wait=True))

    assert outcome.ending == "released", outcome.message
    assert dstore.escalations(run.id) == []
    assert len(dstore.commits(run.id)) == 1 and refs_count(project, "T1") == 1
    assert git(project, "tag", "--list") == "pm/merged/checkpoint-T1"


def test_agents_ending_during_an_integration_are_not_blamed_for_its_files(
    tmp_path: Path, project: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The user's checkout is the plan branch: while a task integrates, git writes its files there for a
    moment. An agent that ends in that moment read them as its own write into the checkout (seen 1 run in 9
    of bench/makespan.py: a passing task failed and ran again). Here each integration is slow on purpose."""
    from pmtui.delivery import git_ops

    real = git_ops.bring_onto

    def slow_bring_onto(root: Path, *args: Any, **kwargs: Any) -> str:
        halfway = Path(root) / "src" / "integrating_now.py"
        halfway.write_text("# git is checking files out\n")
        time.sleep(0.4)
        halfway.unlink()
        return real(root, *args, **kwargs)

    monkeypatch.setattr(git_ops, "bring_onto", slow_bring_onto)
    names = ("one", "two", "three", "four")
    plan = plan_text("slowff", [task_block(f"L{n}", f"Low {name}", module=name, tier="low", ownership=name)
                                for n, name in enumerate(names, 1)], lint=False, test=False)
    # L1 ends first and integrates (slowly) while L2 and L3 end.
    script = {f"L{n}": [_after(0.0 if n == 1 else 0.3, write_files(module_files(name, str(n))))]
              for n, name in enumerate(names, 1)}
    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store, max_parallel=3).run())
    assert outcome.ending == "released", outcome.message
    dstore = DeliveryStore(store)
    for n in range(1, len(names) + 1):
        attempts = dstore.attempts(outcome.run_id, f"L{n}")
        assert [a.outcome for a in attempts] == ["agent_done"], [a.evidence for a in attempts]
        assert not any("user's checkout" in line for a in attempts for line in a.evidence)


def test_a_kill_after_the_manifest_commit_releases_without_a_second_one(
    tmp_path: Path, project: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found under test_kill_resume (1 seed in 13): killed between the release manifest's commit and its record,
    the resumed run wrote the manifest again (its times differ), committed it a second time and released
    with two "docs(release)" commits. The commit already made is the release."""
    plan = plan_text("once", [task_block("T1", "Alpha value", module="alpha")], lint=False)
    script = {"T1": [write_files(module_files("alpha"))]}
    record = DeliveryStore.record_release

    def killed(*args: Any, **kwargs: Any) -> None:
        raise asyncio.CancelledError  # the process dies after the manifest's commit, before its record

    monkeypatch.setattr(DeliveryStore, "record_release", killed)
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(engine_for(tmp_path, project, plan, script, store).run(no_wait=True))
    committed = git(project, "rev-parse", "HEAD")
    assert "docs(release)" in git(project, "log", "-1", "--format=%s")
    monkeypatch.setattr(DeliveryStore, "record_release", record)
    time.sleep(1.1)  # a manifest written again now says another second

    outcome = asyncio.run(engine_for(tmp_path, project, plan, script, store).run(no_wait=True))

    assert outcome.ending == "released", outcome.message
    assert git(project, "log", "--format=%s", "pm/once").count("docs(release)") == 1
    assert git(project, "rev-parse", "HEAD") == committed and git(project, "status", "--porcelain") == ""
    run = DeliveryStore(store).latest_run()
    assert run is not None and run.state == "released" and run.manifest_path.endswith("once-release.yaml")
