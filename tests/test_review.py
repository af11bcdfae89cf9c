"""Review notes and the review artifact, from real change sets and real gate results."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from pmtui.delivery import gates, review
from pmtui.delivery.git_ops import change_set, commit_task
from pmtui.models.delivery import AgentResult, ExpectedFiles, GateResult, SecurityFlags, TaskContract


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test Founder")
    git(root, "config", "user.email", "founder@example.com")
    (root / "src" / "app.py").write_text("def main():\n    return 1\n")
    (root / "src" / "old.py").write_text("VALUE = 1\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial")
    return root


def task(**overrides: object) -> TaskContract:
    base: dict[str, object] = {
        "task_id": "T1",
        "title": "Storage layer",
        "tier": "normal",
        "ownership": "storage",
        "acceptance_criteria": ["Habits persist across restarts", "Exports a calendar"],
        "expected_files": ExpectedFiles(create=["src/store.py"], modify=["src/app.py"]),
        "tests_to_add": ["tests/test_store.py"],
    }
    base.update(overrides)
    return TaskContract.model_validate(base)


def make_change(repo: Path) -> None:
    (repo / "src" / "store.py").write_text(
        "import json\n\n\ndef persist_habits(habits, path):\n    path.write_text(json.dumps(list(habits)))\n\n\n"
        "def load_habits(path):\n    return json.loads(path.read_text()) if path.exists() else []\n"
    )
    (repo / "src" / "app.py").write_text("def main():\n    return 2\n")
    (repo / "src" / "old.py").unlink()


def test_the_note_says_what_changed_and_collects_risks_from_gates_and_the_agent(repo: Path) -> None:
    make_change(repo)
    change = change_set(repo)
    results = [
        GateResult(gate="plan_alignment", passed=False, evidence=["1 of 2 criteria not mapped to the change: Exports a calendar"]),
        GateResult(gate="tests_run", passed=True, evidence=["test: `pytest` exited 0"]),
    ]
    note = review.build_review_note(task(), change, results, AgentResult(self_assessment="uncertain", blockers=["no fixture data"]))
    assert note.summary == (
        "T1 (Storage layer) adds src/store.py, modifies src/app.py and deletes src/old.py. 3 file(s), +10/-2 lines."
    )
    assert note.risks == [
        "gate plan_alignment failed: 1 of 2 criteria not mapped to the change: Exports a calendar",
        "the agent's self-assessment: uncertain",
        "agent blocker: no fixture data",
        "deletes src/old.py",
    ]
    assert note.rollback == "git revert $(git log -1 --format=%H --grep='^Refs: task-T1$')"
    assert gates.review_note(note).passed


def test_the_rollback_finds_the_commit_by_its_refs_line_and_schema_changes_get_migration_notes(repo: Path) -> None:
    (repo / "migrations").mkdir()
    (repo / "migrations" / "0001_habits.sql").write_text("CREATE TABLE habits (id INTEGER);\n")
    change = change_set(repo)
    flagged = task(security_flags=SecurityFlags(touches_schema=True))
    note = review.build_review_note(flagged, change, [], AgentResult(self_assessment="confident"))
    assert note.risks == ["security-sensitive task: touches schema",
                          "changes files the task did not name: migrations/0001_habits.sql"]
    assert "Schema touched (migrations/0001_habits.sql): run the migration's downgrade" in note.rollback
    sha = commit_task(
        repo, type_="feat", scope="storage", description="habits table", task_id="T1", review_path="docs/reviews/T1-review.md"
    )
    command = note.rollback.split(". Schema")[0]
    found = subprocess.run(["sh", "-c", command.replace("git revert ", "echo ")], cwd=repo, capture_output=True, text=True, check=True)
    assert found.stdout.strip() == sha
    assert review.build_review_note(task(), change, [], None, sha=sha).rollback.startswith(f"git revert {sha}. Schema")


def test_files_the_task_did_not_name_are_a_risk_of_the_note(repo: Path) -> None:
    """Found delivering with aider (issue 7): the agent also rewrote README.md and added src/helpers.py; the review
    model approved, every gate passed, and neither the review note nor the task detail said a word about them."""
    make_change(repo)
    (repo / "README.md").write_text("# Habits\n\nTrack habits.\n")
    (repo / "src" / "helpers.py").write_text("def clean(text):\n    return text.strip()\n")
    (repo / "tests").mkdir()
    (repo / "tests" / "test_store.py").write_text("def test_store():\n    assert True\n")
    (repo / "tests" / "__init__.py").write_text("")
    note = review.build_review_note(task(), change_set(repo), [], AgentResult(self_assessment="confident"))
    # The deleted file has its own line; the planned files and a package marker beside the planned test are in scope.
    assert note.risks == ["deletes src/old.py", "changes files the task did not name: README.md, src/helpers.py"]


def test_a_clean_task_still_states_its_risks(repo: Path) -> None:
    (repo / "src" / "store.py").write_text("X = 1\n")
    note = review.build_review_note(task(), change_set(repo), [], AgentResult(self_assessment="confident"))
    assert note.risks == ["none found: every gate passed at tier NORMAL"]


def test_the_artifact_traces_criteria_and_keeps_gate_evidence(repo: Path) -> None:
    make_change(repo)
    change = change_set(repo)
    contract = task()
    results = [
        gates.plan_alignment(contract.acceptance_criteria, change, {"Exports a calendar": "src/store.py:2"}),
        GateResult(gate="tests_run", passed=True, evidence=["test: `pytest -q` exited 0 in 0.4s", "  2 passed in 0.31s"]),
    ]
    note = review.build_review_note(contract, change, results, AgentResult(self_assessment="confident"))
    locations = {item.criterion: item.location for item in gates.map_criteria(contract.acceptance_criteria, change, {"Exports a calendar": "src/store.py:2"})}
    text = review.review_artifact_markdown(contract, note, results, change, locations)

    assert text.startswith("# Review: T1 — Storage layer\n")
    persisted = locations["Habits persist across restarts"]
    assert persisted is not None and persisted.startswith("src/store.py:")
    assert f"- Habits persist across restarts → `{persisted}`" in text
    assert "- Exports a calendar → `src/store.py:2`" in text
    assert "- added: `tests/test_store.py`" in text
    assert "| plan_alignment | pass |" in text and "| tests_run | pass |" in text
    assert "  2 passed in 0.31s" in text
    assert "src/store.py" in text.split("## What changed")[1].split("## Acceptance")[0]
    assert text.rstrip().endswith(note.rollback)
    assert review.review_path("T1") == "docs/reviews/T1-review.md"
