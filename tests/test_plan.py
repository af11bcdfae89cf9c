"""The plan document parser: the DESIGN.md example, errors that name the line, order and tiers."""

from __future__ import annotations

import pytest

from pmtui.delivery.plan import (
    PlanError,
    PlanFiles,
    PlanTask,
    classify_tier,
    execution_order,
    find_cycle,
    parse_duration,
    parse_plan,
)

# Verbatim from DESIGN.md "Plan document", annotations included.
DESIGN_EXAMPLE = """\
# Plan: Habit tracker MVP
plan-id: habit-mvp

## Environment
- lint: ruff check .
- typecheck: mypy src
- test: pytest -q
- build: none

## Tasks

### T1: Storage layer
- tier: normal                      (optional: classified from text and paths when absent)
- depends: none                     (comma-separated task ids)
- ownership: storage
- files: create src/store.py; modify src/app.py
- tests: tests/test_store.py
- non-goals: no migrations yet
- time-budget: 10m

Acceptance criteria:
- Habits persist across restarts
- Deleting a habit removes its history
"""

HEADER = "# Plan: Demo\nplan-id: demo\n\n## Tasks\n"


def task(task_id: str, title: str = "Something", *fields: str, criteria: str = "- It works") -> str:
    body = "".join(f"- {field}\n" for field in fields)
    return f"\n### {task_id}: {title}\n{body}\nAcceptance criteria:\n{criteria}\n"


def error_of(text: str) -> PlanError:
    with pytest.raises(PlanError) as caught:
        parse_plan(text)
    return caught.value


def line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_design_example_parses_field_by_field() -> None:
    plan = parse_plan(DESIGN_EXAMPLE)
    assert plan.name == "Habit tracker MVP"
    assert plan.plan_id == "habit-mvp"
    assert plan.environment.lint == "ruff check ."
    assert plan.environment.typecheck == "mypy src"
    assert plan.environment.test == "pytest -q"
    assert plan.environment.build is None
    (t1,) = plan.tasks
    assert (t1.id, t1.title, t1.tier, t1.depends, t1.ownership) == ("T1", "Storage layer", "normal", [], "storage")
    assert t1.files.create == ["src/store.py"]
    assert t1.files.modify == ["src/app.py"]
    assert t1.files.delete == []
    assert t1.tests == ["tests/test_store.py"]
    assert t1.non_goals == ["no migrations yet"]
    assert t1.time_budget_s == 600
    assert t1.acceptance_criteria == ["Habits persist across restarts", "Deleting a habit removes its history"]
    assert t1.line == line_of(DESIGN_EXAMPLE, "### T1")


def test_optional_fields_may_be_absent_and_prose_becomes_the_description() -> None:
    text = HEADER + "\n### T1: Export to CSV\nUsers download their data as a CSV file.\n\nAcceptance criteria:\n- A CSV downloads\n"
    (t1,) = parse_plan(text).tasks
    assert t1.tier is None and t1.depends == [] and t1.time_budget_s is None
    assert t1.description == "Users download their data as a CSV file."
    assert parse_plan(text).environment.test is None


@pytest.mark.parametrize(
    ("text", "needle", "words"),
    [
        ("# Plan: Demo\n\n## Tasks\n" + task("T1"), "# Plan", "plan-id"),
        (HEADER + "\n### T1:\n- depends: none\n", "### T1", "no title"),
        (HEADER + "\n### T1\n- depends: none\n", "### T1", "no title"),
        (HEADER + task("T1") + task("T1", "Again"), "### T1: Again", "duplicate task id T1"),
        (HEADER + task("T1", "A", "depends: T9"), "depends: T9", "unknown task T9"),
        (HEADER + task("T1", "A", "owner: storage"), "owner: storage", "unknown task field"),
        (HEADER + task("T1", "A", "just words"), "just words", "malformed task field"),
        (HEADER + task("T1", "A", "tier: urgent"), "tier: urgent", "bad tier"),
        (HEADER + task("T1", "A", "time-budget: soon"), "time-budget: soon", "bad time budget"),
        (HEADER + task("T1", "A", "time-budget: 10"), "time-budget: 10", "bad time budget"),
        (HEADER + task("T1", "A", "files: rewrite src/a.py"), "files: rewrite", "malformed files"),
        (HEADER + task("T1", "A", "tier: low", "tier: normal"), "tier: normal", "appears twice"),
        (HEADER + task("T1", "A", criteria="- ok\nnot a bullet"), "not a bullet", "acceptance criteria"),
        ("# Plan: Demo\nplan-id: demo\n\n## Environment\n- deploy: make\n", "- deploy", "unknown environment key"),
        ("# Plan: Demo\nplan-id: demo\n\n### T1: Early\n", "### T1", "under '## Tasks'"),
    ],
)
def test_each_error_names_its_line(text: str, needle: str, words: str) -> None:
    error = error_of(text)
    assert words in error.message
    assert error.line == line_of(text, needle)
    assert str(error).startswith(f"line {error.line}: ")


def test_a_cycle_is_named_in_order() -> None:
    text = HEADER + task("T1", "A", "depends: T3") + task("T2", "B", "depends: T1") + task("T3", "C", "depends: T2")
    error = error_of(text)
    assert error.message == "dependency cycle: T1 -> T3 -> T2 -> T1"
    assert error.line == line_of(text, "depends: T3")


def test_a_task_depending_on_itself_is_a_cycle() -> None:
    text = HEADER + task("T1", "A", "depends: T1")
    assert error_of(text).message == "dependency cycle: T1 -> T1"


def test_a_plan_without_tasks_is_refused() -> None:
    assert "no tasks" in error_of(HEADER).message


def test_execution_order_follows_dependencies_with_plan_order_as_tie_break() -> None:
    text = (
        HEADER
        + task("T1", "Schema", "depends: T4")
        + task("T2", "Export", "depends: T1, T3")
        + task("T3", "Screens")
        + task("T4", "Skeleton")
        + task("T5", "Docs", "depends: T4")
    )
    order = [t.id for t in execution_order(parse_plan(text))]
    assert order == ["T3", "T4", "T1", "T2", "T5"]


def test_find_cycle_is_empty_for_an_acyclic_plan() -> None:
    assert find_cycle(parse_plan(DESIGN_EXAMPLE)) == []


@pytest.mark.parametrize(
    ("value", "seconds"),
    [("90s", 90), ("10m", 600), ("1h", 3600), ("1h30m", 5400), ("2 min", 120), ("1.5h", 5400)],
)
def test_time_budgets(value: str, seconds: int) -> None:
    assert parse_duration(value) == seconds


@pytest.mark.parametrize("value", ["", "0m", "ten minutes", "5", "10x", "m10"])
def test_bad_time_budgets(value: str) -> None:
    with pytest.raises(PlanError):
        parse_duration(value)


@pytest.mark.parametrize(
    ("title", "files", "tier"),
    [
        ("Login with email and password", [], "critical"),
        ("Stripe billing for the pro plan", [], "critical"),
        ("Add the habits table", ["migrations/0002_habits.sql"], "critical"),
        ("Rotate the secrets", [], "critical"),
        ("Public API for partners", [], "critical"),
        ("Deploy pipeline", [".github/workflows/deploy.yml"], "critical"),
        ("Streak counter", ["src/auth/session.py"], "critical"),
        ("Update the README", [], "low"),
        ("Refactor the chart module", [], "low"),
        ("Tidy the onboarding wording", [], "low"),
        ("Polish the welcome text", ["docs/welcome.md"], "low"),
        ("Streak counter", ["src/streaks.py"], "normal"),
        ("Weekly summary email", [], "normal"),
    ],
)
def test_tier_classification_from_text_and_paths(title: str, files: list[str], tier: str) -> None:
    assert classify_tier(PlanTask(id="T1", title=title, files=PlanFiles(modify=files))) == tier


def test_a_stated_tier_wins_over_classification() -> None:
    text = HEADER + task("T1", "Login screen", "tier: low")
    (t1,) = parse_plan(text).tasks
    assert t1.tier == "low" and t1.effective_tier == "low"
    assert classify_tier(t1) == "critical"
