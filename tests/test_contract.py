"""Task contracts from plans: every seed field, security escalation, auto-split, ambiguity, the prompt."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.delivery.contract import (
    ambiguous_criteria,
    build_contract,
    contract_context_markdown,
    contract_markdown,
    effective_tier,
    security_flags,
    split_oversized,
    split_plan,
)
from pmtui.delivery.plan import PlanFiles, PlanTask, execution_order, parse_plan
from pmtui.models.delivery import DEFINITION_OF_DONE, TaskContract

PLAN = """\
# Plan: Habit tracker MVP
plan-id: habit-mvp

## Environment
- lint: ruff check .
- typecheck: mypy src
- test: pytest -q
- build: none

## Tasks

### T1: Storage layer
- tier: normal
- depends: none
- ownership: storage
- files: create src/store.py, tests/test_store.py; modify src/app.py; delete src/legacy.py
- tests: tests/test_store.py, tests/test_app.py
- non-goals: no sync between devices; no export
- time-budget: 90s

Stores habits in a SQLite table. Exposes: `HabitStore.add(habit)`, `HabitStore.delete(habit_id)`; serves GET /habits.
This is a breaking change to the public API of src/app.py.

Acceptance criteria:
- Habits persist across restarts
- Deleting a habit removes its history

### T2: Streak badge copy
- depends: T1
- ownership: ui
- files: modify docs/badges.md

Acceptance criteria:
- The badge text reads "3-day streak" after three days in a row
"""


@pytest.fixture
def plan():
    return parse_plan(PLAN)


def contract_for(plan, task_id: str = "T1", **kwargs) -> TaskContract:
    task = plan.task(task_id)
    return build_contract(plan, task, shared_context="Python 3.11, src/ layout", task_delta="read src/app.py",
                          **kwargs)


def test_every_seed_field_is_filled_from_the_plan(plan) -> None:
    contract = contract_for(plan)

    assert contract.task_id == "T1" and contract.title == "Storage layer"
    assert contract.tier == "critical"
    assert contract.ownership == "storage"
    assert contract.acceptance_criteria == ["Habits persist across restarts", "Deleting a habit removes its history"]
    assert contract.expected_files.create == ["src/store.py", "tests/test_store.py"]
    assert contract.expected_files.modify == ["src/app.py"]
    assert contract.expected_files.delete == ["src/legacy.py"]
    assert contract.non_goals == ["no sync between devices", "no export"]
    assert contract.tests_to_add == ["tests/test_store.py", "tests/test_app.py"]
    assert contract.tests_to_run == ["tests/test_store.py", "tests/test_app.py", "pytest -q"]
    assert contract.definition_of_done == list(DEFINITION_OF_DONE)
    assert contract.io_contract.dependencies == []
    assert contract.io_contract.artifacts == ["src/store.py", "tests/test_store.py"]
    assert contract.io_contract.expected_interfaces == [
        "GET /habits", "HabitStore.add(habit)", "HabitStore.delete(habit_id)"]
    assert contract.io_contract.breaking_change is True
    assert contract.environment.lint_command == "ruff check ."
    assert contract.environment.typecheck_command == "mypy src"
    assert contract.environment.test_command == "pytest -q"
    assert contract.environment.build_command is None
    assert contract.context.shared == "Python 3.11, src/ layout"
    assert contract.context.task_delta == "read src/app.py"
    assert contract.retry_budget == 2
    assert contract.time_budget_ms == 90_000
    assert contract.patch_size_limit == 15
    assert contract.security_flags.touches_schema
    assert contract.attempt == 1 and contract.failure_evidence == []


def test_defaults_and_dependencies_of_a_plain_task(plan) -> None:
    contract = contract_for(plan, "T2", attempt=3, failure_evidence=["gate 1: criterion unmapped"],
                            patch_size_limit=4, retry_budget=1)

    assert contract.tier == "low"
    assert contract.io_contract.dependencies == ["T1"]
    assert contract.io_contract.artifacts == [] and contract.io_contract.breaking_change is False
    assert contract.time_budget_ms == 600_000
    assert contract.tests_to_add == [] and contract.tests_to_run == ["pytest -q"]
    assert contract.security_flags.any() is False
    assert (contract.attempt, contract.failure_evidence) == (3, ["gate 1: criterion unmapped"])
    assert (contract.patch_size_limit, contract.retry_budget) == (4, 1)


def test_tests_to_add_with_a_repository_are_the_ones_not_there_yet(plan, tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_app.py").write_text("def test_app(): pass\n")

    contract = contract_for(plan, repo=tmp_path)

    assert contract.tests_to_add == ["tests/test_store.py"]
    assert contract.tests_to_run[:2] == ["tests/test_store.py", "tests/test_app.py"]


def make_task(title: str, *, description: str = "", files: PlanFiles | None = None, tier=None,
              criteria: list[str] | None = None) -> PlanTask:
    return PlanTask(id="T7", title=title, description=description, files=files or PlanFiles(), tier=tier,
                    acceptance_criteria=criteria if criteria is not None else ["The page shows a list of habits"])


@pytest.mark.parametrize(
    ("task", "flag"),
    [
        (make_task("Add login with a password"), "touches_auth"),
        (make_task("Sign-in via OAuth"), "touches_auth"),
        (make_task("Sidebar", files=PlanFiles(modify=["src/auth/session.py"])), "touches_auth"),
        (make_task("Add a habits table"), "touches_schema"),
        (make_task("Storage", files=PlanFiles(create=["migrations/0002_streaks.sql"])), "touches_schema"),
        (make_task("Habit model with a streak column"), "touches_schema"),
        (make_task("Stripe payments"), "touches_billing"),
        (make_task("A checkout page for the annual plan"), "touches_billing"),
        (make_task("Email the monthly invoice"), "touches_billing"),
        (make_task("Read the API key from the keyring"), "touches_secrets"),
        (make_task("Settings", files=PlanFiles(modify=[".env.example"])), "touches_secrets"),
        (make_task("Rotate credentials"), "touches_secrets"),
    ],
)
def test_security_flags_come_from_words_and_paths(task: PlanTask, flag: str) -> None:
    flags = security_flags(task).model_dump()
    assert flags[flag] is True
    assert [name for name, value in flags.items() if value] == [flag]


def test_plain_tasks_raise_no_flag() -> None:
    for task in (make_task("Streak badge copy", files=PlanFiles(modify=["docs/badges.md"])),
                 make_task("Authors page", description="Credits the book's author"),
                 make_task("Summaries with a language model"),
                 make_task("The project builds from a clean checkout")):
        assert not security_flags(task).any(), task.title


def test_a_security_flag_escalates_the_tier_to_critical() -> None:
    low = make_task("Login button copy", tier="low", files=PlanFiles(modify=["docs/login.md"]))

    assert effective_tier(low) == ("critical", "security flag touches_auth: escalated to critical")
    two = make_task("Store the Stripe API key", tier="normal")
    assert effective_tier(two) == (
        "critical", "security flags touches_billing, touches_secrets: escalated to critical")
    plain = make_task("Streak counter", tier="normal")
    assert effective_tier(plain) == ("normal", "tier normal from the plan")
    classified = make_task("Streak counter", files=PlanFiles(create=["src/streaks.py"]))
    assert effective_tier(classified) == ("normal", "tier normal classified from the task's text and paths")


def test_split_oversized_chunks_files_and_chains_the_subtasks() -> None:
    task = PlanTask(
        id="T3", title="Reports", depends=["T1"], ownership="reports", tier="normal", time_budget_s=120,
        files=PlanFiles(create=["src/a.py", "src/b.py", "src/c.py", "src/d.py", "src/e.py"],
                        modify=["src/app.py"]),
        tests=["tests/test_a.py", "tests/test_e.py"],
        non_goals=["no PDF"],
        acceptance_criteria=["a.py totals habits per week", "The report page lists every habit",
                             "e.py exports CSV"],
    )

    assert split_oversized(task, 6) is None
    parts = split_oversized(task, 4)

    assert parts is not None
    assert [p.id for p in parts] == ["T3a", "T3b"]
    assert parts[0].files.create == ["src/a.py", "src/b.py", "src/c.py", "src/d.py"]
    assert parts[1].files.create == ["src/e.py"] and parts[1].files.modify == ["src/app.py"]
    assert parts[0].depends == ["T1"] and parts[1].depends == ["T3a"]
    assert parts[0].acceptance_criteria == ["a.py totals habits per week"]
    assert parts[1].acceptance_criteria == ["The report page lists every habit", "e.py exports CSV"]
    assert parts[0].tests == ["tests/test_a.py"] and parts[1].tests == ["tests/test_e.py"]
    assert all(p.ownership == "reports" and p.non_goals == ["no PDF"] and p.time_budget_s == 120 for p in parts)
    assert parts[0].title == "Reports (part 1/2)"
    assert all(len(p.files.all()) <= 4 for p in parts)


def test_a_subtask_without_a_criterion_gets_a_checkable_one() -> None:
    task = PlanTask(id="T4", title="Importers", tier="normal",
                    files=PlanFiles(create=[f"src/import_{n}.py" for n in range(5)]),
                    acceptance_criteria=["Every supported format imports without data loss"])

    parts = split_oversized(task, 2)

    assert parts is not None and [p.id for p in parts] == ["T4a", "T4b", "T4c"]
    assert parts[0].acceptance_criteria == ["src/import_0.py, src/import_1.py in place for T4 (Importers), part 1 of 3"]
    assert parts[2].acceptance_criteria == ["Every supported format imports without data loss"]
    assert all(ambiguous_criteria(p) == [] for p in parts)
    with pytest.raises(ValueError):
        split_oversized(task, 0)


def test_split_plan_rewires_dependents_to_the_last_subtask(plan) -> None:
    split, replaced = split_plan(plan, 2)

    assert replaced == {"T1": ["T1a", "T1b"]}
    assert [t.id for t in execution_order(split)] == ["T1a", "T1b", "T2"]
    assert split.task("T2").depends == ["T1b"]
    assert split_plan(plan, 15) == (plan, {})


@pytest.mark.parametrize(
    "criterion",
    ["The app works well", "Search is fast", "A user friendly settings page", "Supports CSV, JSON, etc.",
     "Retention rules TBD", "Done"],
)
def test_vague_criteria_raise_a_question(criterion: str) -> None:
    questions = ambiguous_criteria(make_task("Search", criteria=["Habits persist across restarts", criterion]))

    assert len(questions) == 1
    assert repr(criterion) in questions[0]


def test_clear_criteria_and_missing_ones() -> None:
    clear = ["Habits persist across restarts", "Search returns results in under 200 ms",
             "Deleting a habit removes its history"]
    assert ambiguous_criteria(make_task("Search", criteria=clear)) == []
    missing = ambiguous_criteria(make_task("Search", criteria=[]))
    assert len(missing) == 1 and "has no acceptance criteria" in missing[0]


def test_markdown_prompt_holds_the_contract_and_the_rules(plan) -> None:
    text = contract_markdown(contract_for(plan))

    assert text.startswith("# Task T1: Storage layer\n")
    for expected in ("- Habits persist across restarts", "- create: `src/store.py`", "- delete: `src/legacy.py`",
                     "- no sync between devices", "- `tests/test_app.py`", "- test: `pytest -q`",
                     "- Migration + rollback notes if schema/infra changed", "- lint: `ruff check .`",
                     "breaking change", "Python 3.11, src/ layout", "read src/app.py",
                     "This task touches schema", "Do not commit", "$PMTUI_RESULT_FILE",
                     "`criteria_map`", "`confident`, `uncertain` or `blocked`"):
        assert expected in text, expected
    assert "Fix attempt" not in text and "$$" not in text
    # The plan's own words about the task reach the agent: the title and the criteria leave its intent out.
    assert ("## The task\n\nStores habits in a SQLite table. Exposes: `HabitStore.add(habit)`, "
            "`HabitStore.delete(habit_id)`; serves GET /habits. This is a breaking change") in text
    assert text.index("## The task") < text.index("## Acceptance criteria")


def test_with_a_context_file_the_prompt_names_only_the_tasks_own_files(plan) -> None:
    """Agent CLIs (aider) pull every repository path a message names into their chat: the project's
    files and the earlier tasks' history go to the context file, which the prompt points to."""
    contract = build_contract(
        plan, plan.task("T1"), shared_context="Key paths: pyproject.toml; README.md",
        task_delta="Changes since 1a2b3c: T0 done\n docs/reviews/T0-review.md | 12 ++++",
    )
    text = contract_markdown(contract, context_file="/runs/run-1/attempts/T1-attempt-1/context.md",
                             result_file_rules=False)

    assert "/runs/run-1/attempts/T1-attempt-1/context.md" in text
    for foreign in ("pyproject.toml", "README.md", "docs/reviews/T0-review.md", "code state", "MISSING"):
        assert foreign not in text, foreign
    assert "PMTUI_RESULT_FILE" not in text and "criteria_map" not in text
    context = contract_context_markdown(contract)
    assert "pyproject.toml" in context and "docs/reviews/T0-review.md" in context


def test_a_command_in_backticks_is_not_an_interface_to_expose() -> None:
    """Found by bench/real_agent_delivery.py (2026-11-27): the offline PM's skeleton task told aider to "Expose:
    `ruff check .`", a command its criterion names, not an API; its manifest listed it as the task's interface."""
    task = PlanTask(id="T1", title="Project skeleton", files=PlanFiles(create=["pyproject.toml", "src/main.py"]),
                    description="Set up the Python project layout, tooling and test runner that every later task uses.",
                    acceptance_criteria=[
                        "The project builds from a clean checkout with the commands in the Environment section",
                        "`pytest -q` runs and a smoke test in tests/test_smoke.py passes",
                        "`ruff check .` reports no errors", "`mypy src` reports no errors",
                        "`python -m app --help` prints the usage"])
    contract = build_contract(parse_plan(PLAN), task, shared_context="", task_delta="")

    assert contract.io_contract.expected_interfaces == []
    assert "Expose" not in contract_markdown(contract, context_file="/tmp/context.md")
    signatures = task.model_copy(update={"acceptance_criteria": [
        "`def add(a, b)` returns the sum", "`save_habits(habits, path)` writes the file"]})
    assert build_contract(parse_plan(PLAN), signatures, shared_context="", task_delta="").io_contract.expected_interfaces == [
        "def add(a, b)", "save_habits(habits, path)"]


def test_a_prompt_leaves_out_the_sections_it_has_nothing_for(plan) -> None:
    bare = contract_for(plan, "T2").model_copy(update={"non_goals": [], "tests_to_add": [], "tests_to_run": []})

    text = contract_markdown(bare, context_file="/tmp/context.md")

    for filler in ("Non-goals", "## Tests", "none listed", "Interfaces", "## Security", "not stated", "- none"):
        assert filler not in text, filler
    assert "- modify: `docs/badges.md`" in text


def test_markdown_prompt_on_attempt_two_carries_the_failure_evidence(plan) -> None:
    evidence = ["gate 3 tests_run: tests/test_store.py::test_delete FAILED", "gate 5: TODO at src/store.py:12"]

    text = contract_markdown(contract_for(plan, attempt=2, failure_evidence=evidence))

    assert "## Fix attempt 2 of 3" in text
    assert "Fix ONLY the flagged issues" in text
    assert "- gate 3 tests_run: tests/test_store.py::test_delete FAILED" in text
    assert "- gate 5: TODO at src/store.py:12" in text
    assert text.index("Fix attempt") < text.index("## Acceptance criteria")


def test_the_repository_scanned_at_the_start_is_not_told_as_it_is_now(plan, tmp_path) -> None:
    """Found reading aider's context file on the tool-hire plan (2026-11-27): T5's context said "Baseline tests:
    `pytest -q` FAILING (exit 5) — no tests ran in 0.77s" and "Key paths: .gitignore; README.md" after four tasks
    had added the project and its passing tests; the scan is of the repository when the run started."""
    from pmtui.delivery.baseline import shared_context_block

    text = shared_context_block(plan, tmp_path, commits=["ae61627 start"], files=[".gitignore", "README.md"],
                                test_line="`pytest -q` FAILING (exit 5) — no tests ran in 0.77s", design_path=None)
    scanned = text[text.index("When the run started, before any task:"):]
    for line in ("- Key paths: .gitignore; README.md", "- Recent commits: ae61627 start",
                 "- Tests: `pytest -q` FAILING (exit 5) — no tests ran in 0.77s"):
        assert line in scanned.splitlines(), line


def test_a_new_projects_context_names_the_stack_from_the_files_the_plan_creates(plan, tmp_path) -> None:
    """Found reading a plain agent's context file (2026-11-27): a new project's repository held only a README, so
    every task's context said "Tech stack: not detected" although the plan creates Python files only."""
    from pmtui.delivery.baseline import shared_context_block

    new = shared_context_block(plan, tmp_path, commits=[], files=["README.md"], test_line="none", design_path=None)
    assert "Tech stack: Python (from the files the plan creates)" in new
    grown = shared_context_block(plan, tmp_path, commits=[], files=["app/main.go", "README.md"], test_line="none",
                                 design_path=None)
    assert "Tech stack: Go\n" in grown  # what the repository holds comes first
