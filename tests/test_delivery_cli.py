"""`pmtui deliver`, `pmtui status` and `pmtui answer` as a user runs them: real subprocesses, a real
repository, the module agent of tests/agents through --agent."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block
from tests.fixtures.processes import run_pmtui

AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'module_agent.py'}"


def pmtui(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_pmtui(args, env={**os.environ, **(env or {})}, cwd=cwd, timeout=120)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path)


def write_plan(tmp_path: Path, plan_id: str, *tasks: str) -> Path:
    path = tmp_path / f"{plan_id}.md"
    path.write_text(plan_text(plan_id, list(tasks)))
    return path


def test_deliver_headless_with_an_agent_command_then_status_json(tmp_path: Path, project: Path) -> None:
    plan = write_plan(tmp_path, "cli", task_block("T1", "Alpha value", module="alpha"),
                      task_block("T2", "Beta value", module="beta", depends="T1"))
    done = pmtui("deliver", str(plan), "--repo", str(project), "--agent", AGENT, "--headless")
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "[state] T1 received → analyzing_requirements" in out
    assert "[gate] T1 attempt 1: all 6 gates passed" in out
    assert "[commit] T1 committed" in out and "[commit] T2 committed" in out
    assert "RELEASE SUMMARY — Calculator cli" in out
    assert "pmtui deliver: released: docs/releases/cli-release.yaml" in out
    assert "dashboard" not in done.stderr

    status = pmtui("status", "--json")
    assert status.returncode == 0, status.stderr
    data = json.loads(status.stdout)
    assert data["plan_id"] == "cli" and data["state"] == "released"
    assert (data["completed"], data["total"]) == (2, 2)
    assert [task["id"] for task in data["tasks"]] == ["T1", "T2"]
    for task in data["tasks"]:
        assert set(task) >= {"id", "title", "tier", "state", "status", "attempts", "commit"}
        assert task["state"] == "completed" and task["status"] == "completed" and task["attempts"] == 1
        assert task["commit"] == git(project, "log", "-1", "--format=%H", f"--grep=Refs: task-{task['id']}", "pm/cli")
    assert data["escalations"] == [] and isinstance(data["risks"], list)
    assert data["manifest"] == "docs/releases/cli-release.yaml"

    text = pmtui("status")
    assert text.returncode == 0
    assert "PROGRESS — Calculator cli" in text.stdout and "Completed: 2/2 tasks" in text.stdout

    again = pmtui("deliver", str(plan), "--repo", str(project), "--agent", AGENT, "--headless")
    assert again.returncode == 0, again.stderr
    assert git(project, "log", "--all", "--format=%B").count("Refs: task-T1") == 1


def test_no_wait_exits_3_with_the_escalation_and_answer_is_validated(tmp_path: Path, project: Path) -> None:
    plan = write_plan(tmp_path, "wait", task_block("T1", "Gamma value", module="gamma"))
    env = {"AGENT_FAIL": "T1"}
    paused = pmtui("deliver", str(plan), "--repo", str(project), "--agent", AGENT, "--headless", "--no-wait", env=env)
    assert paused.returncode == 3, paused.stdout + paused.stderr
    data = json.loads(pmtui("status", "--json").stdout)
    assert data["state"] == "waiting_for_human"
    [escalation] = data["escalations"]
    number = escalation["id"]
    assert escalation["task_id"] == "T1" and escalation["answer"] is None and escalation["blocking"] is True
    # The same failing test twice: options 1 to 3 in their places, accept with its risk, the note recommended.
    assert len(escalation["options"]) >= 4 and escalation["recommended"] == 4
    assert f"ESCALATION {number} (T1)" in paused.stdout
    assert f"pmtui answer {number} --option {escalation['recommended']} --note 'Still failing the same way: " \
           "FAILED tests/test_gamma.py::test_gamma_value. Fix it by …'" in paused.stdout
    assert ("Options:     1. Retry with a fresh budget; 2. Accept as is and commit, taking the risk: FAILED "
            "tests/test_gamma.py::test_gamma_value; 3. Skip this task") in paused.stdout

    unknown = pmtui("answer", "999", "--option", "1")
    assert unknown.returncode == 2 and "unknown escalation 999" in unknown.stderr
    out_of_range = pmtui("answer", str(number), "--option", "7")
    assert out_of_range.returncode == 2 and "not one of escalation" in out_of_range.stderr
    not_a_number = pmtui("answer", "abc", "--option", "1")
    assert not_a_number.returncode == 2
    ok = pmtui("answer", str(number), "--option", "3", "--note", "drop it")
    assert ok.returncode == 0, ok.stderr
    assert f"escalation {number} answered: option 3" in ok.stdout
    twice = pmtui("answer", str(number), "--option", "1")
    assert twice.returncode == 2 and "already answered" in twice.stderr

    resumed = pmtui("deliver", str(plan), "--repo", str(project), "--agent", AGENT, "--headless", "--no-wait", env=env)
    assert resumed.returncode == 1, resumed.stdout + resumed.stderr
    assert "resuming run" in resumed.stdout
    final = json.loads(pmtui("status", "--json").stdout)
    assert final["state"] == "failed" and final["tasks"][0]["state"] == "failed"
    assert [e["answer"] for e in final["escalations"]] == [3]

    # The human fixed what made T1 fail: `pmtui retry` reopens it and the ended run resumes.
    assert pmtui("retry", "T9").returncode == 2
    retried = pmtui("retry", "T1", "--reason", "the fixture is fixed")
    assert retried.returncode == 0, retried.stderr
    assert "T1 will run again with a fresh retry budget" in retried.stdout and str(plan) in retried.stdout
    released = pmtui("deliver", str(plan), "--repo", str(project), "--agent", AGENT, "--headless", "--no-wait")
    assert released.returncode == 0, released.stdout + released.stderr
    after = json.loads(pmtui("status", "--json").stdout)
    assert after["state"] == "released" and after["tasks"][0]["state"] == "completed"
    assert after["tasks"][0]["attempts"] > final["tasks"][0]["attempts"]


def test_bad_input_exits_2_with_a_message(tmp_path: Path, project: Path) -> None:
    bad = tmp_path / "bad.md"
    bad.write_text("# Plan: Broken\nplan-id: broken\n\n## Tasks\n\n### T1: One\n- depends: T9\n")
    result = pmtui("deliver", str(bad), "--repo", str(project), "--agent", AGENT, "--headless")
    assert result.returncode == 2 and f"{bad}:7:" in result.stderr and "unknown task T9" in result.stderr

    plan = write_plan(tmp_path, "inputs", task_block("T1", "Alpha value", module="alpha"))
    plain = tmp_path / "plain"
    plain.mkdir()
    not_repo = pmtui("deliver", str(plan), "--repo", str(plain), "--agent", AGENT)
    assert not_repo.returncode == 2 and "is not a git repository" in not_repo.stderr

    (project / "src" / "calc.py").write_text("changed = True\n")
    dirty = pmtui("deliver", str(plan), "--repo", str(project), "--agent", AGENT, "--headless")
    assert dirty.returncode == 2 and "uncommitted changes" in dirty.stderr and "src/calc.py" in dirty.stderr
    assert git(project, "rev-parse", "--abbrev-ref", "HEAD") == "main"

    no_agent = pmtui("deliver", str(plan), "--repo", str(project), "--headless")
    assert no_agent.returncode == 2
    assert 'no agent: pass --agent NAME or "CMD", set [delivery] agent, or configure models.agent' in no_agent.stderr

    missing = pmtui("deliver", str(tmp_path / "nope.md"), "--repo", str(project), "--agent", AGENT, "--headless")
    assert missing.returncode == 2

    no_runs = pmtui("status", "--json")
    assert no_runs.returncode == 1 and "no delivery runs" in no_runs.stderr
