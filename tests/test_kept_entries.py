"""A task that writes a project's manifest anew instead of editing it does not drop what the manifest had.

Found at stop 28 delivering the PM's tool-hire plan into a founder's existing project (pyproject.toml naming the
project, its version and a dependency on Flask): the skeleton task said "create pyproject.toml", the agent wrote one
of its own over it, every gate passed, and pmtui committed a project that had lost Flask. Now the prompt lists a
file the plan creates that is there already as one to modify (keep what is in it), and the `kept_entries` gate fails
a change that drops a manifest's entries, naming them. Real git repositories, real change sets, a real delivery with
an agent that knows nothing of pmtui (tests/agents/given_files_agent.py).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from pmtui.config import Config
from pmtui.delivery import gates, git_ops
from pmtui.delivery.contract import build_contract, contract_markdown
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.plan import parse_plan
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import git

AGENT = Path(__file__).parent / "agents" / "given_files_agent.py"
THEIRS = ('[project]\nname = "leeds-tools"\nversion = "0.3.0"\nrequires-python = ">=3.10"\n'
          'dependencies = ["flask>=2"]\n\n[tool.pytest.ini_options]\npythonpath = ["src"]\n')


def repo_with(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Founder")
    git(root, "config", "user.email", "f@example.com")
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "theirs")
    return root


def lost_after(tmp_path: Path, before: dict[str, str], after: dict[str, str]) -> dict[str, list[str]]:
    root = repo_with(tmp_path, before)
    for path, text in after.items():
        (root / path).write_text(text)
    return gates.lost_entries(git_ops.change_set(root))


@pytest.mark.parametrize(("name", "before", "after", "lost"), [
    ("written anew", THEIRS, '[project]\nname = "tool-hire"\nversion = "0.1.0"\nrequires-python = ">=3.11"\n',
     ['dependencies = ["flask>=2"]', "pythonpath = [\"src\"]"]),
    ("a version bumped, an entry moved, one added", THEIRS,
     ('[tool.pytest.ini_options]\npythonpath = ["src"]\n\n[project]\nname = "leeds-tools"\nversion = "0.4.0"\n'
     'requires-python = ">=3.10"\ndependencies = ["flask>=2", "requests"]\n'), []),
])
def test_pyproject(tmp_path: Path, name: str, before: str, after: str, lost: list[str]) -> None:
    found = lost_after(tmp_path, {"pyproject.toml": before}, {"pyproject.toml": after})
    assert found.get("pyproject.toml", []) == lost, name


def test_requirements_and_package_json(tmp_path: Path) -> None:
    found = lost_after(
        tmp_path,
        {"requirements.txt": "flask>=2\nrequests==2.31\n# dev\npytest\n",
         "web/package.json": json.dumps({"name": "shop", "version": "1.0.0",
                                         "dependencies": {"react": "^18", "lodash": "^4"}}, indent=2) + "\n",
         "src/app.py": "x = 1\ny = 2\n"},
        {"requirements.txt": "flask>=3\npytest\n",  # flask re-versioned, requests dropped
         "web/package.json": json.dumps({"name": "shop", "version": "1.1.0", "dependencies": {"react": "^18.2"}},
                                        indent=2) + "\n",
         "src/app.py": "x = 1\n"})  # code is not a manifest: a removed line there is the code's business
    assert found == {"requirements.txt": ["requests==2.31"], "web/package.json": ['"lodash": "^4"']}, found


PLAN = """# Plan: Hire
plan-id: hire

## Environment
- lint: none
- typecheck: none
- test: none
- build: none

## Tasks

### T1: Project skeleton
- tier: normal
- files: create pyproject.toml; create src/main.py
- time-budget: 5m

Acceptance criteria:
- greet returns hello
"""


def test_the_prompt_says_the_file_is_there_to_edit(tmp_path: Path) -> None:
    root = repo_with(tmp_path, {"pyproject.toml": THEIRS})
    plan = parse_plan(PLAN)
    contract = build_contract(plan, plan.tasks[0], shared_context="", task_delta="", repo=root)
    assert contract.expected_files.create == ["src/main.py"] and contract.expected_files.modify == ["pyproject.toml"]
    prompt = contract_markdown(contract)
    assert "- modify: `pyproject.toml`" in prompt and "keep what is in them" in prompt
    assert "- create: `pyproject.toml`" not in prompt


def test_a_delivery_that_writes_the_manifest_anew_is_not_committed(tmp_path: Path, store: Store) -> None:
    root = repo_with(tmp_path, {"pyproject.toml": THEIRS})
    plan_path = tmp_path / "plan.md"
    plan_path.write_text(PLAN)
    theirs_gone = '[project]\nname = "tool-hire"\nversion = "0.1.0"\n'
    main = 'def greet() -> str:\n    return "hello"\n'
    executor = CommandExecutor(f"{sys.executable} {AGENT}",
                               env={"AGENT_FILES": json.dumps({"pyproject.toml": theirs_gone, "src/main.py": main})})
    engine = DeliveryEngine(store, Config(offline=True), repo=root, plan_path=plan_path, executor=executor,
                            run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60, retry_budget=0)
    outcome = asyncio.run(engine.run(no_wait=True))
    assert outcome.ending == "waiting", outcome.message
    dstore = DeliveryStore(store)
    [escalation] = dstore.escalations(outcome.run_id)
    assert "(kept_entries)" in escalation.problem and 'dependencies = ["flask>=2"]' in escalation.problem, \
        escalation.problem
    [attempt] = dstore.attempts(outcome.run_id, "T1")
    failed = [gate.gate for gate in attempt.gate_results if not gate.passed]
    assert failed == ["kept_entries"], failed  # the rest of the task was fine
    assert git(root, "show", "HEAD:pyproject.toml") == THEIRS.rstrip("\n")  # nothing committed over theirs
