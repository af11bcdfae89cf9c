"""A task's scope when its plan names no tests, or no files at all.

Found in round 21 (issue 7): the environment's test command (`pytest -q`) sat among the task's expected paths, so a
task whose plan had no `files:` line took every changed file as out of its scope: the offline reviewer asked for
changes ("files outside the task's scope: src/storage.py, tests/test_storage.py") and the review note warned of
files the task did not name. With no `tests:` line, the test an agent adds for the task's own module was outside too.
Now a task without files is judged by its own words and the paths it names (or says nothing), and a test named after
one of the task's files is the task's own.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from pmtui.config import AgentConfig, Config
from pmtui.delivery.agent_presets import resolve_agent
from pmtui.delivery.contract import build_contract
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.gates.reviewer import files_outside_scope
from pmtui.delivery.plan import parse_plan
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import environment, make_project

AGENT = Path(__file__).parent / "agents" / "given_files_agent.py"
CHANGED = ["src/store.py", "tests/test_store.py", "src/calc.py", "tests/test_calc.py", "README.md", "src/habits.py"]


def plan(tasks: str) -> str:
    return f"# Plan: Scope\nplan-id: scope\n\n## Environment\n{environment(lint=False)}\n\n## Tasks\n\n{tasks}"


def outside(task: str) -> list[str]:
    document = parse_plan(plan(task))
    return files_outside_scope(build_contract(document, document.tasks[0], shared_context="", task_delta=""), CHANGED)


def test_scope_without_files_is_the_tasks_own_words_and_paths_and_without_tests_its_files_tests() -> None:
    # No files: the paths the task names and the words of its text (store, habits); not the rest.
    assert outside("### T1: Storage layer\n\nHabits are kept in `src/store.py`.\n\nAcceptance criteria:\n"
                   "- Habits persist across restarts\n") == ["src/calc.py", "tests/test_calc.py", "README.md"]
    # No files and no paths, nothing of its words in the names: it says nothing rather than everything.
    assert outside("### T1: Subtraction\n\nAcceptance criteria:\n- sub returns the difference\n") == []
    # Files and no tests: the test named after its file is its own; the rest is not.
    assert outside("### T1: Subtraction\n- files: create src/calc.py\n\nAcceptance criteria:\n"
                   "- sub returns the difference\n") == ["src/store.py", "tests/test_store.py", "README.md",
                                                         "src/habits.py"]
    # Declared tests keep their place: a test of another module beside them is the agent's stand-in (as before).
    assert outside("### T1: Subtraction\n- files: create src/calc.py\n- tests: tests/test_calc.py\n\n"
                   "Acceptance criteria:\n- sub returns the difference\n") == ["src/store.py", "README.md",
                                                                               "src/habits.py"]


def test_a_task_without_files_or_tests_lines_is_released_with_no_scope_finding(tmp_path: Path, store: Store) -> None:
    project = make_project(tmp_path)
    plan_path = tmp_path / "plan.md"
    plan_path.write_text(plan("### T1: Subtraction\n- tier: normal\n\nAcceptance criteria:\n"
                              "- sub returns the difference of a and b\n"))
    # What an agent writes for it: a module and its test named after the task, which names no files.
    files = {"src/subtraction.py": '"""Subtraction."""\n\n\ndef sub(a: int, b: int) -> int:\n    """The difference '
             'of a and b."""\n    return a - b\n',
             "tests/test_subtraction.py": "from subtraction import sub\n\n\ndef test_sub_returns_the_difference() "
             "-> None:\n    assert sub(5, 3) == 2\n"}
    config = Config(offline=True, agents={"writer": AgentConfig(
        command=f"{sys.executable} {AGENT}", env={"AGENT_FILES": json.dumps(files), "AGENT_SAYS": "Done."})})
    engine = DeliveryEngine(store, config, repo=project, plan_path=plan_path, run_dir=tmp_path / "runs",
                            executor=CommandExecutor(resolve_agent("writer", config)), poll_interval=0.05,
                            gate_timeout_s=60, retry_budget=0)
    outcome = asyncio.run(engine.run(no_wait=True))
    dstore = DeliveryStore(store)
    assert outcome.ending == "released", [e.problem for e in dstore.escalations(outcome.run_id)]
    note = dstore.task(outcome.run_id, "T1").review_note
    assert note is not None and not [risk for risk in note.risks if "did not name" in risk], note.risks
    review = (project / "docs" / "reviews" / "T1-review.md")
    assert review.is_file() and "outside the task's scope" not in review.read_text(encoding="utf-8")
