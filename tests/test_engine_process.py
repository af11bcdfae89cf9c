"""The engine in a process of its own (pmtui.delivery.engine_process), as the live dashboard runs it.

Real child processes, a real git sandbox (the demo's, with its fallback gates: compileall and unittest),
SQLite on disk shared with the test's own connection, escalations answered from this process.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from pmtui.config import Config, ModelRoute
from pmtui.delivery import demo
from pmtui.delivery.engine_process import ChildReport, EngineJob, EngineProcess, build_config
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, refs_count


def demo_job(tmp_path: Path, pace: float) -> tuple[EngineJob, demo.DemoSandbox]:
    sandbox = demo.create_sandbox(tmp_path / "sandbox", tooling=demo.demo_tooling(available=lambda name: False))
    job = EngineJob.for_config(Config(offline=True), tmp_path / "pmtui.db", demo=demo.sandbox_job(sandbox, pace))
    return job, sandbox


class Supervised:
    """An EngineProcess run in a thread, as DeliveryRun's worker runs it."""

    def __init__(self, job: EngineJob) -> None:
        self.process = EngineProcess(job)
        self.stop = threading.Event()
        self.run_ids: list[int] = []
        self.report: ChildReport | None = None
        self.thread = threading.Thread(target=self._run)
        self.thread.start()

    def _run(self) -> None:
        self.report = self.process.run(self.stop, self.run_ids.append)

    def wait(self, timeout: float = 240) -> ChildReport:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the engine process never ended"
        assert self.report is not None
        return self.report


def answer_open_escalations(dstore: DeliveryStore, run_id: int) -> int:
    answered = 0
    for escalation in dstore.open_escalations(run_id):
        dstore.answer_escalation(escalation.id, 1, "answered from the dashboard's process")
        answered += 1
    return answered


def test_a_killed_engine_process_is_reported_and_the_same_job_resumes_to_release(tmp_path: Path) -> None:
    job, sandbox = demo_job(tmp_path, pace=0.3)
    store = Store(tmp_path / "pmtui.db")
    dstore = DeliveryStore(store)
    try:
        first = Supervised(job)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            run_id = first.run_ids[0] if first.run_ids else 0
            if run_id and any(task.state == "completed" for task in dstore.tasks(run_id)):
                break
            assert first.thread.is_alive(), first.report
            time.sleep(0.05)
        else:
            raise AssertionError("no task completed in the engine process")
        assert first.process.process is not None
        os.killpg(first.process.process.pid, signal.SIGKILL)  # the engine dies mid-run, as under kill -9
        report = first.wait()
        assert report.outcome is None
        assert "exit code -9" in report.error and "resumes" in report.error
        run_id = first.run_ids[0]
        assert dstore.get_run(run_id).state == "running"  # not failed: resumable

        second = Supervised(job)
        answered = 0
        while second.thread.is_alive():
            if second.run_ids:
                answered += answer_open_escalations(dstore, second.run_ids[0])
            if answered > 3:  # the demo escalates once; more is a run going round in circles
                second.stop.set()
                second.wait()
                raise AssertionError([e.problem for e in dstore.escalations(run_id)])
            time.sleep(0.05)
        report = second.wait()
        assert report.outcome is not None, report.error
        assert report.outcome.ending == "released", report.outcome.message
        assert second.run_ids == [run_id] and report.outcome.run_id == run_id  # the same run, resumed
        assert answered >= 1  # the demo's escalation, answered from this process through the store
        assert dstore.get_run(run_id).state == "released"
        for task_id in demo.TASK_IDS:
            assert refs_count(sandbox.repo, task_id, demo.PLAN_BRANCH) == 1, task_id  # nothing committed twice
        assert git(sandbox.repo, "status", "--porcelain") == ""
    finally:
        store.close()


def test_a_stop_ends_the_process_and_leaves_the_run_resumable(tmp_path: Path) -> None:
    job, _ = demo_job(tmp_path, pace=30.0)  # the agent would take 30 s a task: only the stop ends it soon
    store = Store(tmp_path / "pmtui.db")
    try:
        running = Supervised(job)
        while not running.run_ids:
            assert running.thread.is_alive(), running.report
            time.sleep(0.05)
        running.stop.set()
        report = running.wait()
        assert report.outcome is not None, report.error
        assert report.outcome.ending == "stopped"
        assert DeliveryStore(store).get_run(running.run_ids[0]).state == "running"
    finally:
        store.close()


def test_a_child_that_cannot_open_the_store_says_why(tmp_path: Path) -> None:
    (tmp_path / "store-is-a-folder").mkdir()
    job = EngineJob.for_config(Config(offline=True), tmp_path / "store-is-a-folder", repo=str(tmp_path),
                               plan_path=str(tmp_path / "plan.md"))
    report = Supervised(job).wait(60)
    assert report.outcome is None and report.run_id == 0
    assert report.error.startswith("delivery could not open the store"), report.error


def test_a_child_that_dies_before_speaking_is_an_error_not_a_hang(tmp_path: Path) -> None:
    job = EngineJob.for_config(Config(offline=True), tmp_path / "pmtui.db")
    # A Python that exits at once with a message on stderr, as an interpreter missing pmtui would.
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho 'No module named pmtui' >&2\nexit 1\n")
    fake.chmod(0o755)
    report = EngineProcess(job, python=str(fake)).run(threading.Event(), lambda run_id: None)
    assert report.outcome is None
    assert "exit code 1" in report.error and "No module named pmtui" in report.error


def test_the_job_carries_the_parents_configuration_and_no_key(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pmtui.redaction import redact

    # A key variable whose name does not look secret: only the config says it holds a key.
    monkeypatch.setenv("PMTUI_ROUTE_4711", "quiet-4711-route-value-abcdefgh")
    config = Config(models={"agent": ModelRoute(model="openai/gpt-test", api_key_env="PMTUI_ROUTE_4711",
                                                 api_base="http://127.0.0.1:9/v1")})
    config.delivery.max_parallel = 2
    config.source = "/somewhere/pmtui.toml"
    job = EngineJob.for_config(config, Path("/tmp/pmtui.db"), agent="aider")
    text = job.to_json()
    assert "quiet-4711-route" not in text  # keys stay in the environment the child inherits
    assert "quiet-4711-route-value" in redact("agent said quiet-4711-route-value-abcdefgh")
    rebuilt = build_config(EngineJob.from_json(text))
    # The child's redaction knows the variable as load_config would have told it.
    assert "quiet-4711-route-value" not in redact("agent said quiet-4711-route-value-abcdefgh")
    assert rebuilt.model_dump() == config.model_dump()
    assert rebuilt.source == config.source
    assert rebuilt.route("agent").model == "openai/gpt-test"


def test_the_parent_closes_every_pipe_of_its_engine_process(tmp_path: Path) -> None:
    """The TUI's log held "delivery_run.py:105: ResourceWarning: unclosed file <_io.BufferedReader …>" after every
    delivery (stop 27): the child's stdout pipe was left open."""
    job = EngineJob.for_config(Config(offline=True), tmp_path / "pmtui.db")
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\nread job\necho '{\"error\": \"nothing to run\"}'\n")
    fake.chmod(0o755)
    process = EngineProcess(job, python=str(fake))
    report = process.run(threading.Event(), lambda run_id: None)
    assert report.error == "nothing to run"
    assert process.process is not None
    assert all(pipe is None or pipe.closed for pipe in (process.process.stdin, process.process.stdout))
