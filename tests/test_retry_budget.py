"""The retry budget as a setting (seed 003 `pm_config.retry_budget`): `[delivery] retry_budget` and
`pmtui deliver --retry-budget N` choose how many fix attempts a failing task gets before a human; the value is
stored with the run, so a resumed run, a retry and an escalation's "retry with a fresh budget" all use the run's
size. Real stores on disk, real git repositories, real gates; the scripted agent in process, a real agent
process through `pmtui deliver`."""

from __future__ import annotations

import asyncio
import io
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pmtui.cli import main
from pmtui.config import Config, load_config
from pmtui.delivery.contract import contract_markdown
from pmtui.delivery.controls import request_retry
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.engine_process import EngineJob, build_engine
from pmtui.delivery.executors import ScriptedExecutor, write_files
from pmtui.delivery.feed import DeliveryFeed
from pmtui.delivery.progress import status_json
from pmtui.delivery.store import DeliveryStore
from pmtui.models.delivery import AgentResult, TaskContract
from pmtui.models.states import IssueState
from pmtui.store import Store
from pmtui.widgets.task_detail import detail_renderable
from tests.fixtures.delivery_repo import git, make_project, module_files, plan_text, task_block
from tests.fixtures.processes import descendants, kill_tree, run_pmtui, spawned

WRONG_AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'wrong_value_agent.py'}"


def wrong_every_time(seen: list[TaskContract]) -> Any:
    """The scripted agent's script: every attempt writes a test expecting a different wrong value (so no two
    failures look the same), and each attempt's contract is kept."""

    def script(contract: TaskContract, attempt: int) -> Any:
        def step(workdir: Path, contract: TaskContract) -> AgentResult | None:
            seen.append(contract)
            files = module_files("gamma", "3")
            files["tests/test_gamma.py"] = files["tests/test_gamma.py"].replace("== 3", f"== {100 + attempt}")
            return write_files(files)(workdir, contract)  # type: ignore[return-value]

        return step

    return script


class Delivery:
    """One plan and one repository, delivered by as many engines as a test starts (each one a resume)."""

    def __init__(self, tmp_path: Path, store: Store, config: Config | None = None) -> None:
        self.tmp_path = tmp_path
        self.store = store
        self.config = config or Config(offline=True)
        self.repo = make_project(tmp_path)
        self.plan = tmp_path / "plan.md"
        self.plan.write_text(plan_text("budget", [task_block("T1", "Gamma value", module="gamma")], lint=False))
        self.seen: list[TaskContract] = []
        self.events: list[tuple[str, str]] = []
        self.executor = ScriptedExecutor(wrong_every_time(self.seen))

    def run(self, **options: Any) -> Any:
        engine = DeliveryEngine(self.store, self.config, repo=self.repo, plan_path=self.plan, executor=self.executor,
                                run_dir=self.tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60,
                                on_event=lambda kind, text: self.events.append((kind, text)), **options)
        return asyncio.run(engine.run(no_wait=True))

    @property
    def dstore(self) -> DeliveryStore:
        return DeliveryStore(self.store)

    def attempts(self, run_id: int) -> list[int]:
        return [a.attempt for a in self.dstore.attempts(run_id, "T1")]


def fix_line(contract: TaskContract) -> str:
    return next((line for line in contract_markdown(contract).splitlines() if line.startswith("## Fix attempt")), "")


def test_a_budget_of_0_from_the_config_file_escalates_after_the_first_failing_attempt(
        tmp_path: Path, store: Store) -> None:
    config_file = tmp_path / "pmtui.toml"
    config_file.write_text("[delivery]\nretry_budget = 0\n", encoding="utf-8")
    delivery = Delivery(tmp_path, store, load_config(config_file, offline=True))

    outcome = delivery.run()

    assert (outcome.state, outcome.ending) == ("waiting_for_human", "waiting"), outcome.message
    dstore = delivery.dstore
    assert dstore.get_run(outcome.run_id).retry_budget == 0
    assert delivery.executor.calls == [("T1", 1)] and delivery.attempts(outcome.run_id) == [1]
    [escalation] = dstore.escalations(outcome.run_id)
    assert escalation.kind == "budget_exhausted", escalation.problem
    assert "failed on attempt 1, the last of the retry budget" in escalation.problem
    report = status_json(dstore, outcome.run_id)
    assert report["retry_budget"] == 0
    assert [(t["attempts"], t["max_attempts"]) for t in report["tasks"]] == [(1, 1)]
    assert delivery.seen[0].retry_budget == 0


def test_a_budget_of_1_escalates_after_two_attempts_and_every_retry_grants_the_runs_size(
        tmp_path: Path, store: Store) -> None:
    """--retry-budget 1: two attempts, then a human. The resumes are started with the default budget (2) and
    with 3: the run keeps its 1. An escalation's retry and a retry of the failed task (the dashboard's `r`,
    `pmtui retry`) each give two attempts more, not three."""
    delivery = Delivery(tmp_path, store)
    dstore = delivery.dstore

    first = delivery.run(retry_budget=1)
    assert first.ending == "waiting", first.message
    run_id = first.run_id
    assert dstore.get_run(run_id).retry_budget == 1
    assert delivery.attempts(run_id) == [1, 2]
    [escalation] = dstore.open_escalations(run_id)
    assert escalation.kind == "budget_exhausted" and "attempt 2, the last" in escalation.problem
    assert [(t["attempts"], t["max_attempts"]) for t in status_json(dstore, run_id)["tasks"]] == [(2, 2)]

    dstore.answer_escalation(escalation.id, 1, "try again")  # "Retry with a fresh budget"
    second = delivery.run()
    assert second.run_id == run_id and second.ending == "waiting", second.message
    assert delivery.attempts(run_id) == [1, 2, 3, 4]
    assert ("info", f"run {run_id} keeps its retry budget of 1 (asked: 2; a new run takes the new value)") \
        in delivery.events
    [again] = dstore.open_escalations(run_id)
    assert again.kind == "budget_exhausted" and "attempt 4, the last" in again.problem

    dstore.answer_escalation(again.id, 3, "enough")  # skip: the task fails, the run with it
    third = delivery.run(retry_budget=3)
    assert third.ending == "failed" and dstore.task(run_id, "T1").state is IssueState.FAILED
    assert delivery.attempts(run_id) == [1, 2, 3, 4]

    request_retry(store, run_id, "T1", "one more go")
    fourth = delivery.run(retry_budget=3)
    assert fourth.run_id == run_id and fourth.ending == "waiting", fourth.message
    assert delivery.attempts(run_id) == [1, 2, 3, 4, 5, 6]
    assert dstore.get_run(run_id).retry_budget == 1
    assert [(t["attempts"], t["max_attempts"]) for t in status_json(dstore, run_id)["tasks"]] == [(6, 6)]
    # The fix prompt counts as the task detail does: attempt k of the task's last allowed attempt.
    assert [fix_line(c) for c in delivery.seen] == [
        "", "## Fix attempt 2 of 2", "## Fix attempt 3 of 4", "## Fix attempt 4 of 4",
        "## Fix attempt 5 of 6", "## Fix attempt 6 of 6"]
    assert git(delivery.repo, "log", "--format=%s", "pm/budget").splitlines() == ["initial calculator"]
    # The dashboard says the same: the task table's attempts column and the detail pane's "attempt a/b".
    feed = DeliveryFeed(store, run_id)
    feed.load()
    detail = feed.detail("T1")
    assert detail is not None and (feed.tasks["T1"].attempts, feed.tasks["T1"].max_attempts) == (6, 6)
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(detail_renderable(detail))
    assert " · attempt 6/6" in console.export_text()


def test_the_tuis_engine_process_takes_the_budget_from_its_job_or_else_the_config(tmp_path: Path,
                                                                                  store: Store) -> None:
    """The TUI delivers in a process of its own (engine_process): the job it is sent carries --retry-budget, and
    without one the config the child rebuilds from the job carries [delivery] retry_budget."""
    config_file = tmp_path / "pmtui.toml"
    config_file.write_text("[delivery]\nretry_budget = 4\n", encoding="utf-8")
    config = load_config(config_file, offline=True)
    where = {"repo": str(tmp_path), "plan_path": str(tmp_path / "plan.md"), "agent": "true"}
    for given, expected in ((1, 1), (0, 0), (None, 4)):
        job = EngineJob.from_json(EngineJob.for_config(config, store.path, retry_budget=given, **where).to_json())
        engine = build_engine(job, store, lambda kind, text: None, threading.Event())
        assert (job.retry_budget, engine.retry_budget) == (given, expected)


# -- through `pmtui deliver`: a real agent process, a kill -9, `pmtui retry` --------------------------------
def attempt_rows(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def pmtui_here(db: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """A command that only reads or writes the store, run in this process (a `pmtui` start is 0.4 s of CPU)."""
    capsys.readouterr()
    code = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def status(db: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    return json.loads(pmtui_here(db, capsys, "status", "--json"))  # type: ignore[no-any-return]


def test_a_killed_run_resumes_with_its_own_budget_and_pmtui_retry_grants_that_size(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("killed", [task_block("T1", "Gamma value", module="gamma")], lint=False))
    config = tmp_path / "pmtui.toml"
    config.write_text("[delivery]\nretry_budget = 3\n", encoding="utf-8")  # the command line's 1 wins
    db = tmp_path / "pmtui.db"
    env = {**os.environ, "PMTUI_CONFIG": str(config), "PMTUI_DB": str(db)}
    deliver = ["deliver", str(plan), "--repo", str(repo), "--agent", WRONG_AGENT, "--headless"]

    left: list[int] = []
    try:
        with spawned([*deliver, "--retry-budget", "1"], env={**env, "WRONG_AGENT_HANG": "1"},
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as first:
            deadline = time.monotonic() + 120
            while attempt_rows(db) == 0 and first.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            assert first.poll() is None, "the run ended before its first attempt"
            left = descendants(first.pid)
            first.kill()  # only the deliver process, as a crash would: its agent is left hanging
            first.wait()

        resumed = run_pmtui([*deliver, "--no-wait"], env=env)
    finally:
        for pid in left:
            kill_tree(pid)
    assert resumed.returncode == 3, resumed.stdout[-3000:] + resumed.stderr[-3000:]
    assert "keeps its retry budget of 1 (asked: 3" in resumed.stdout
    report = status(db, capsys)
    assert report["retry_budget"] == 1
    [task] = report["tasks"]
    assert (task["attempts"], task["max_attempts"], task["status"]) == (2, 2, "escalated")
    [escalation] = report["escalations"]
    assert "attempt 2, the last of the retry budget" in escalation["problem"]

    assert "T1 will run again with a fresh retry budget (1 fix attempt, the run's retry budget; control" in \
        pmtui_here(db, capsys, "retry", "T1")
    again = run_pmtui([*deliver, "--no-wait", "--retry-budget", "5"], env=env)
    assert again.returncode == 3, again.stdout[-3000:] + again.stderr[-3000:]
    report = status(db, capsys)
    [task] = report["tasks"]
    assert (report["retry_budget"], task["attempts"], task["max_attempts"]) == (1, 4, 4)
    assert len(report["escalations"]) == 2 and "attempt 4, the last" in report["escalations"][-1]["problem"]
    assert "State: waiting_for_human · retry budget 1" in pmtui_here(db, capsys, "status")
    assert git(repo, "status", "--porcelain") == ""


# -- bad values: a clear message, exit 2, nothing started -----------------------------------------------------
def no_runs(db: Path) -> bool:
    if not db.exists():
        return True
    store = Store(db)
    try:
        return DeliveryStore(store).runs() == []
    finally:
        store.close()


@pytest.mark.parametrize("value, why", [
    ("11", "less than or equal to 10"), ("-1", "greater than or equal to 0"), ('"2"', "a valid integer"),
    ("2.5", "a valid integer"), ("true", "a valid integer"),
])
def test_a_bad_retry_budget_in_the_config_is_refused_before_anything_starts(
        value: str, why: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("bad", [task_block("T1", "Gamma value", module="gamma")], lint=False))
    config = tmp_path / "pmtui.toml"
    config.write_text(f"[delivery]\nmax_parallel = 2\nretry_budget = {value}\n", encoding="utf-8")
    monkeypatch.setenv("PMTUI_CONFIG", str(config))
    db = tmp_path / "pmtui.db"

    code = main(["--db", str(db), "deliver", str(plan), "--repo", str(repo), "--agent", WRONG_AGENT, "--headless"])

    _, err = capsys.readouterr()
    assert code == 2, err
    assert f"{config}, line 3, key 'delivery.retry_budget': Input should be {why}" in err, err
    assert "Traceback" not in err
    assert no_runs(db)
    assert git(repo, "branch", "--list", "pm/*") == ""


@pytest.mark.parametrize("value", ["11", "-1"])
def test_a_retry_budget_outside_0_to_10_on_the_command_line_is_a_usage_error(
        value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("bad", [task_block("T1", "Gamma value", module="gamma")], lint=False))
    db = tmp_path / "pmtui.db"

    code = main(["--db", str(db), "deliver", str(plan), "--repo", str(repo), "--agent", WRONG_AGENT, "--headless",
                 "--retry-budget", value])

    _, err = capsys.readouterr()
    assert code == 2, err
    assert f"--retry-budget must be between 0 and 10 (as [delivery] retry_budget), not {value}" in err
    assert no_runs(db)


# -- the store ------------------------------------------------------------------------------------------------
def test_a_store_from_before_the_setting_migrates_and_its_runs_keep_the_seeds_budget(tmp_path: Path) -> None:
    from pmtui.store.migrations import MIGRATIONS

    db = tmp_path / "old.db"
    conn = sqlite3.connect(db)
    for migration in MIGRATIONS[:5]:
        conn.executescript(migration)
    conn.execute("INSERT INTO runs (plan_id, repo, state, created_at, updated_at) "
                 "VALUES ('old-plan', '/somewhere', 'waiting_for_human', '2026-11-20T10:00:00+00:00', '2026-11-20T10:05:00+00:00')")
    conn.execute("INSERT INTO tasks (run_id, task_id, position, title, tier, attempts, retry_budget) "
                 "VALUES (1, 'T1', 0, 'Old task', 'normal', 3, 2)")
    conn.execute("PRAGMA user_version = 5")
    conn.commit()
    conn.close()

    store = Store(db)
    try:
        assert store.schema_version == len(MIGRATIONS)
        dstore = DeliveryStore(store)
        old = dstore.get_run(1)
        assert (old.plan_id, old.state, old.retry_budget) == ("old-plan", "waiting_for_human", 2)
        assert status_json(dstore, 1)["retry_budget"] == 2
        assert [(t["attempts"], t["max_attempts"]) for t in status_json(dstore, 1)["tasks"]] == [(3, 3)]
        new = dstore.create_run("new-plan", tmp_path, retry_budget=0)
        assert dstore.get_run(new.id).retry_budget == 0
        # The old run, resumed, is the same run with the budget it had.
        assert dstore.create_run("old-plan", "/somewhere", retry_budget=7).model_dump(exclude={"resumed"}) == \
            old.model_dump(exclude={"resumed"})
    finally:
        store.close()
