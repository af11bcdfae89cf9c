"""The final release gate (seed 003 §7) on real projects: pytest and ruff run for real, counts
parsed, failures turned into remediation tasks, migrations checked, risk audit, completeness,
the manifest's YAML and the handoff text."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from pmtui.delivery.contract import ambiguous_criteria
from pmtui.delivery.gates import CommandResult, plan_alignment
from pmtui.delivery.git_ops import ChangeSet, GitError
from pmtui.delivery.plan import PlanEnvironment, parse_plan
from pmtui.delivery.release import (
    MIGRATION_RISK_ID,
    OPEN_AT_RELEASE,
    RISK_OPTIONS,
    ReleaseGateResult,
    changed_since,
    completeness_check,
    count_tests,
    criteria_locations_from_gates,
    criteria_locations_from_review,
    criteria_trace_from_store,
    environment_commands,
    handoff_summary,
    load_manifest,
    manifest_from_store,
    migration_safety,
    release_todos,
    remediation_tasks,
    risk_answer,
    risk_audit,
    risk_id_of,
    run_release_gate,
    write_manifest,
)
from pmtui.delivery.review import review_artifact_markdown
from pmtui.delivery.state_machine import TaskStateMachine
from pmtui.delivery.store import DeliveryStore, PlannedTask
from pmtui.models.delivery import (
    CriterionTrace,
    EnvironmentContract,
    GateResult,
    ReviewNote,
    Risk,
    TaskContract,
)
from pmtui.models.states import IssueState
from pmtui.store import Store

S = IssueState
PY = sys.executable
# Plugin autoloading off: the venv's pytest plugins cost 1.7 s of CPU per run and are not what is tested.
TEST_COMMAND = f"env PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 {PY} -m pytest -q -p no:cacheprovider"
LINT_COMMAND = f"{PY} -m ruff check --no-cache --isolated ."
SEED_FIELDS = [
    "plan_id",
    "plan_doc",
    "design_doc",
    "completed_at",
    "tasks",
    "tests_run",
    "tests_passed",
    "lint_clean",
    "typecheck_clean",
    "build_clean",
    "risks",
    "breaking_changes",
    "migration_steps",
    "rollback_plan",
    "recommended_next",
]
PLAN = """# Plan: Habit tracker MVP
plan-id: habit-mvp

## Environment
- lint: {lint}
- test: {test}
- typecheck: none

## Tasks

### T1: Storage layer
- ownership: storage

Acceptance criteria:
- Habits persist across restarts

### R1: An earlier remediation
- ownership: release
"""


def _project(root: Path, *, failing: bool) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "habits.py").write_text(
        ("import os\n\n" if failing else "")
        + "def add(habits: list[str], name: str) -> list[str]:\n    return [*habits, name]\n",
        encoding="utf-8",
    )
    tests = root / "tests"
    tests.mkdir(exist_ok=True)
    (tests / "test_habits.py").write_text(
        "from habits import add\n\n\n"
        "def test_add() -> None:\n    assert add([], 'run') == ['run']\n\n\n"
        "def test_keeps_order() -> None:\n    assert add(['a'], 'b') == ['a', 'b']\n\n\n"
        "def test_third() -> None:\n"
        + ("    assert add([], 'x') == ['y']\n" if failing else "    assert add([], 'x') == ['x']\n"),
        encoding="utf-8",
    )
    (root / "conftest.py").write_text("import os\nimport sys\n\nsys.path.insert(0, os.path.dirname(__file__))\n", encoding="utf-8")
    return root


async def test_a_clean_project_passes_with_counts_and_unconfigured_checks_clean(tmp_path: Path) -> None:
    repo = _project(tmp_path / "clean", failing=False)
    environment = PlanEnvironment(test=TEST_COMMAND, lint=LINT_COMMAND, typecheck=None, build=None)

    result = await run_release_gate(repo, environment, timeout_s=120)

    assert result.passed, [check.evidence for check in result.checks]
    assert (result.tests_run, result.tests_passed) == (3, 3)
    assert (result.lint_clean, result.typecheck_clean, result.build_clean) == (True, True, True)
    assert [check.gate for check in result.checks] == ["tests", "lint", "typecheck", "build", "migration_safety"]
    assert result.check("typecheck").evidence == ["typecheck: not configured"]  # type: ignore[union-attr]
    assert result.check("build").evidence == ["build: not configured"]  # type: ignore[union-attr]
    assert "tests: 3 run, 3 passed" in result.check("tests").evidence  # type: ignore[union-attr]
    assert result.check("migration_safety").evidence == [  # type: ignore[union-attr]
        "no migrations in the repository (no alembic/ or migrations/ directory)"
    ]
    assert result.migrations == [] and result.risks == []
    assert remediation_tasks(result, parse_plan(PLAN.format(lint=LINT_COMMAND, test=TEST_COMMAND))) == []


async def test_failing_tests_and_lint_are_counted_and_become_remediation_tasks(tmp_path: Path) -> None:
    repo = _project(tmp_path / "broken", failing=True)
    plan = parse_plan(PLAN.format(lint=LINT_COMMAND, test=TEST_COMMAND))

    result = await run_release_gate(repo, plan.environment, timeout_s=120)

    assert not result.passed
    assert (result.tests_run, result.tests_passed) == (3, 2)
    assert (result.lint_clean, result.typecheck_clean, result.build_clean) == (False, True, True)
    assert [check.gate for check in result.failing()] == ["tests", "lint"]

    tests_task, lint_task = remediation_tasks(result, plan, existing_ids=["R2"])

    assert (tests_task.id, tests_task.title) == ("R3", "Fix failing tests")
    assert (lint_task.id, lint_task.title) == ("R4", "Fix lint errors")
    for task in (tests_task, lint_task):
        assert (task.tier, task.depends, task.ownership) == ("normal", [], "release")
        assert task.non_goals
    assert any("tests/test_habits.py::test_third" in line for line in tests_task.acceptance_criteria)
    assert tests_task.acceptance_criteria[-1] == f"`{TEST_COMMAND}` exits 0 on the plan branch"
    assert (tests_task.files.all(), tests_task.tests) == ([], [])
    assert tests_task.acceptance_criteria[0] == (
        "tests/test_habits.py::test_third passes (it failed: AssertionError: assert ['x'] == ['y'])"
    )
    assert lint_task.acceptance_criteria[:2] == [
        "Resolved: habits.py:1 I001 Import block is un-sorted or un-formatted",
        "Resolved: habits.py:1 F401 `os` imported but unused",
    ]
    assert ambiguous_criteria(tests_task) == [] and ambiguous_criteria(lint_task) == []
    assert lint_task.files.modify == ["habits.py"]
    assert "Release gate evidence" in lint_task.description


def test_test_counts_from_pytest_jest_and_unittest_summaries() -> None:
    def counted(*lines: str) -> tuple[int, int]:
        return count_tests(CommandResult(name="tests", command="x", exit_code=1, key_lines=list(lines)))

    assert counted("FAILED t.py::a - boom", "1 failed, 4 passed, 2 skipped in 0.12s") == (5, 4)
    assert counted("2 passed, 1 error in 0.5s") == (3, 2)
    assert counted("Tests:       1 failed, 3 passed, 4 total") == (4, 3)
    assert counted("Ran 6 tests in 0.004s", "FAILED (failures=1, errors=1)") == (6, 4)
    assert counted("all good") == (0, 0)


def test_environment_commands_treat_none_and_missing_as_unconfigured() -> None:
    assert environment_commands(PlanEnvironment(test="pytest -q", lint=None)) == {
        "tests": "pytest -q",
        "lint": None,
        "typecheck": None,
        "build": None,
    }
    assert environment_commands(EnvironmentContract(typecheck_command="mypy src", build_command="none")) == {
        "tests": None,
        "lint": None,
        "typecheck": "mypy src",
        "build": None,
    }
    assert environment_commands({"test": "pytest", "build": "make", "lint": " NONE "}) == {
        "tests": "pytest",
        "lint": None,
        "typecheck": None,
        "build": "make",
    }
    assert environment_commands(None) == {"tests": None, "lint": None, "typecheck": None, "build": None}


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout.strip()


def _init_repo(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    _git(path, "init", "-q", "-b", "main")
    _git(path, "config", "user.name", "Test")
    _git(path, "config", "user.email", "test@example.com")
    (path / "README.md").write_text("habits\n", encoding="utf-8")
    _git(path, "add", "-A")
    _git(path, "commit", "-q", "-m", "init")
    return path


def test_migrations_are_checked_statically_and_the_dry_run_is_an_open_risk(tmp_path: Path) -> None:
    repo = tmp_path / "mig"
    (repo / "migrations").mkdir(parents=True)
    (repo / "migrations" / "0001_init.sql").write_text("CREATE TABLE habits (id int);\n", encoding="utf-8")
    (repo / "migrations" / "0002_names.sql").write_text(
        "-- migrate:up\nALTER TABLE habits ADD name text;\n-- migrate:down\nALTER TABLE habits DROP name;\n",
        encoding="utf-8",
    )
    versions = repo / "db" / "alembic" / "versions"
    versions.mkdir(parents=True)
    (versions / "a1_users.py").write_text(
        "def upgrade():\n    op.create_table('users')\n\n\ndef downgrade():\n    op.drop_table('users')\n",
        encoding="utf-8",
    )
    (versions / "a2_noop.py").write_text("def upgrade():\n    op.add_column('x')\n\n\ndef downgrade():\n    pass\n")
    (versions / "__init__.py").write_text("")

    untouched, changed, risks = migration_safety(repo, changed_files=["habits.py"])
    assert untouched.passed and changed == [] and risks == []
    assert untouched.evidence == ["4 migration file(s) in the repository; this release changes none"]

    check, changed, risks = migration_safety(repo)

    assert changed == [
        "db/alembic/versions/a1_users.py",
        "db/alembic/versions/a2_noop.py",
        "migrations/0001_init.sql",
        "migrations/0002_names.sql",
    ]
    assert not check.passed
    assert "✓ db/alembic/versions/a1_users.py has a downgrade()" in check.evidence
    assert any(line.startswith("✗ db/alembic/versions/a2_noop.py") for line in check.evidence)
    assert any(line.startswith("✗ migrations/0001_init.sql") for line in check.evidence)
    assert "✓ migrations/0002_names.sql has a down section" in check.evidence
    assert any("dry-run: not run" in line for line in check.evidence)
    (risk,) = risks
    assert (risk.id, risk.severity, risk.status, risk.source_task) == (MIGRATION_RISK_ID, "critical", "open", "release")

    gate = ReleaseGateResult(repo=str(repo), checks=[check], migrations=changed, risks=risks)
    plan = parse_plan(PLAN.format(lint="none", test="none"))
    (fix,) = remediation_tasks(gate, plan)
    assert (fix.id, fix.title) == ("R2", "Add rollbacks to the migrations")
    assert fix.files.modify == ["db/alembic/versions/a2_noop.py", "migrations/0001_init.sql"]
    assert fix.acceptance_criteria == [
        "db/alembic/versions/a2_noop.py can be rolled back (a downgrade() body, a down section or a down file)",
        "migrations/0001_init.sql can be rolled back (a downgrade() body, a down section or a down file)",
    ]


def test_risk_audit_stops_on_open_risks_of_critical_tasks_only(tmp_path: Path) -> None:
    tasks = [
        PlannedTask(task_id="T1", title="Auth", tier="critical"),
        PlannedTask(task_id="T2", title="List", tier="normal"),
    ]
    risks = [
        Risk(id="R1", description="tokens in logs", severity="critical", source_task="T1"),
        Risk(id="R2", description="slow login", severity="normal", source_task="T1"),
        Risk(id="R3", description="old cookie", severity="critical", status="mitigated", source_task="T1"),
        Risk(id="R4", description="no paging", severity="critical", source_task="T2"),
        Risk(id=MIGRATION_RISK_ID, description="not dry-run", severity="critical", source_task="release"),
        Risk(id="R5", description="note", severity="low", source_task="release"),
    ]

    escalations = risk_audit(risks, tasks)

    assert [(e.task_id, e.recommended, e.blocking, e.kind) for e in escalations] == [
        ("T1", 1, True, "risk"),
        ("T1", 2, True, "risk"),
        (None, 1, True, "risk"),
    ]
    assert all(e.options == list(RISK_OPTIONS) for e in escalations)
    assert escalations[0].problem == "Open risk R1 on CRITICAL task T1: tokens in logs"
    assert [risk_id_of(e) for e in escalations] == ["R1", "R2", MIGRATION_RISK_ID]
    assert [risk_answer(n) for n in (1, 2, 3)] == ["mitigated", "accepted", None]

    store = Store(tmp_path / "audit.db")
    try:
        dstore = DeliveryStore(store)
        run = dstore.create_run("audit", tmp_path)
        dstore.add_tasks(run.id, tasks)
        for e in escalations:
            dstore.add_escalation(run.id, e.task_id, e.problem, e.impact, e.options, e.recommended, e.blocking, e.kind)
        assert len(dstore.open_escalations(run.id)) == 3
    finally:
        store.close()


@pytest.fixture
def dstore(tmp_path: Path) -> Iterator[DeliveryStore]:
    store = Store(tmp_path / "release.db")
    yield DeliveryStore(store)
    store.close()


TO_COMPLETED = [
    S.ANALYZING_REQUIREMENTS,
    S.CREATING_TESTS,
    S.IMPLEMENTING,
    S.RUNNING_TESTS,
    S.VALIDATING_SOLUTION,
    S.CREATING_PR,
    S.COMPLETED,
]


def _contract(task_id: str, title: str, criteria: list[str], tier: str = "normal", breaking: bool = False) -> TaskContract:
    contract = TaskContract(task_id=task_id, title=title, tier=tier, acceptance_criteria=criteria)  # type: ignore[arg-type]
    contract.io_contract.breaking_change = breaking
    contract.io_contract.expected_interfaces = ["save_habit()"] if breaking else []
    return contract


def test_completeness_lists_unfinished_tasks_unmapped_criteria_and_orphan_todos(dstore: DeliveryStore) -> None:
    run = dstore.create_run("done", "/tmp/done")
    dstore.add_tasks(
        run.id,
        [
            PlannedTask(task_id="T1", title="Store", contract=_contract("T1", "Store", ["Habits persist", "Delete works"])),
            PlannedTask(task_id="T2", title="List", contract=_contract("T2", "List", ["Lists habits"])),
        ],
    )
    machine = TaskStateMachine(dstore)
    for state in TO_COMPLETED:
        machine.transition(run.id, "T1", state, "walk")
    machine.transition(run.id, "T2", S.ANALYZING_REQUIREMENTS, "start")
    trace = [
        CriterionTrace(task_id="T1", criterion="Habits persist", commit_sha="abc", location="store.py:3"),
        CriterionTrace(task_id="T1", criterion="Delete works", commit_sha="abc", location=""),
    ]
    todos = [("store.py", 9, "# TODO tidy up", False), ("store.py", 12, "# TODO(T7) paging", True)]

    problems = completeness_check(dstore.tasks(run.id), trace, todos)

    assert problems == [
        "task T1: criterion not mapped to code: Delete works",
        "task T2 is not completed (in_progress, analyzing_requirements)",
        "task T2: criterion not mapped to code: Lists habits",
        "orphan marker without a follow-up task: store.py:9: # TODO tidy up",
    ]
    full_trace = [*trace[:1], trace[1].model_copy(update={"location": "store.py:7"})]
    assert completeness_check(dstore.tasks(run.id)[:1], full_trace, todos[1:]) == []


def test_release_todos_read_the_release_diff_without_review_artifacts(tmp_path: Path) -> None:
    repo = _init_repo(tmp_path / "todo")
    baseline = _git(repo, "rev-parse", "HEAD")
    (repo / "store.py").write_text("x = 1\n# TODO tidy\ny = 2  # FIXME(T7) paging\n", encoding="utf-8")
    (repo / "docs" / "reviews").mkdir(parents=True)
    (repo / "docs" / "reviews" / "T1-review.md").write_text("no TODO/FIXME/HACK/XXX in the added lines\n")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "feat: store")

    assert release_todos(repo, baseline) == [
        ("store.py", 2, "# TODO tidy", False),
        ("store.py", 3, "y = 2  # FIXME(T7) paging", True),
    ]


def test_changed_since_names_paths_as_written_and_a_bad_baseline_is_a_git_error(tmp_path: Path) -> None:
    repo = _init_repo(tmp_path / "paths")
    baseline = _git(repo, "rev-parse", "HEAD")
    _git(repo, "config", "core.quotePath", "true")
    (repo / "migrations").mkdir()
    (repo / "migrations" / "0002_café.sql").write_text("-- migrate:down\nDROP TABLE cafe;\n", encoding="utf-8")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "feat: café table")

    assert changed_since(repo, baseline) == ["migrations/0002_café.sql"]
    with pytest.raises(GitError, match="bad object"):
        release_todos(repo, "0" * 40)


def _alignment_change(root: Path) -> ChangeSet:
    # the change does what its criterion says (plan alignment judges the code, not the function's name)
    (root / "store.py").write_text(
        "import json\n\n\ndef delete_habit_history(habit):\n    habit.history.clear()\n    habit.delete()\n")
    return ChangeSet(
        root=str(root),
        base_sha="0" * 40,
        added=["store.py"],
        added_lines={"store.py": [(1, "import json"), (4, "def delete_habit_history(habit):"),
                                  (5, "    habit.history.clear()"), (6, "    habit.delete()")]},
    )


def test_criteria_locations_come_back_from_gate_evidence_and_review_artifacts(tmp_path: Path) -> None:
    change = _alignment_change(tmp_path)
    criteria = ["Deleting a habit removes its history", "Reports export to CSV files"]
    gate = plan_alignment(criteria, change)
    from_gate = criteria_locations_from_gates([GateResult(gate="tests_run", passed=True), gate])

    assert from_gate == {criteria[0]: "store.py:4", criteria[1]: None}

    contract = _contract("T1", "Store", criteria)
    note = ReviewNote(summary="adds store.py", risks=["none"], rollback="git revert abc")
    markdown = review_artifact_markdown(contract, note, [gate], change, from_gate)
    assert criteria_locations_from_review(markdown) == from_gate


def _delivered_run(dstore: DeliveryStore, repo: Path) -> int:
    """T1 (critical, breaking) and T2 done with commits and gate evidence; risks in every status."""
    run = dstore.create_run(
        "habit-mvp",
        repo,
        plan_name="Habit tracker MVP",
        plan_path="docs/plans/habit-plan.md",
        design_path="docs/plans/habit-design.md",
        start_branch="main",
        plan_branch="pm/habit-mvp",
    )
    dstore.add_tasks(
        run.id,
        [
            PlannedTask(
                task_id="T1",
                title="Storage",
                tier="critical",
                ownership="storage",
                contract=_contract("T1", "Storage", ["Deleting a habit removes its history"], "critical", breaking=True),
            ),
            PlannedTask(task_id="T2", title="Docs", tier="low", contract=_contract("T2", "Docs", [])),
        ],
    )
    machine = TaskStateMachine(dstore)
    change = _alignment_change(repo)
    for task_id, sha in (("T1", "a" * 40), ("T2", "b" * 40)):
        gates = [plan_alignment(dstore.task(run.id, task_id).contract.acceptance_criteria, change)]  # type: ignore[union-attr]
        if task_id == "T1":
            gates.append(
                GateResult(
                    gate="breaking_change",
                    passed=True,
                    evidence=["release note: BREAKING (T1 Storage): removed public load()", "removed public load()"],
                )
            )
        dstore.save_gate_results(run.id, task_id, 1, gates)
        for state in TO_COMPLETED:
            machine.transition(run.id, task_id, state, "walk")
        dstore.record_commit(run.id, task_id, sha, "pm/habit-mvp", f"feat: {task_id}")
    dstore.set_task_fields(
        run.id, "T1", review_note=ReviewNote(summary="s", risks=["r"], rollback=f"git revert {'a' * 40}")
    )
    dstore.add_risk(run.id, Risk(id="K1", description="cookie", severity="critical", status="mitigated", source_task="T1"))
    dstore.add_risk(run.id, Risk(id="K2", description="copy", severity="low", status="accepted", source_task="T2"))
    dstore.add_risk(run.id, Risk(id="K3", description="typo in docs", severity="low", source_task="T2"))
    return run.id


def test_manifest_round_trips_through_yaml_with_every_seed_field(dstore: DeliveryStore, tmp_path: Path) -> None:
    repo = _init_repo(tmp_path / "repo")
    run_id = _delivered_run(dstore, repo)
    gate = ReleaseGateResult(
        repo=str(repo), tests_run=12, tests_passed=12, lint_clean=True, typecheck_clean=True, build_clean=True,
        migrations=["migrations/0002_names.sql"],
    )

    manifest = manifest_from_store(dstore, run_id, gate, repo=repo)
    path = write_manifest(repo, manifest)

    assert path == repo / "docs" / "releases" / "habit-mvp-release.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert list(raw) == [*SEED_FIELDS, "criteria_trace"]
    assert list(raw["tasks"][0]) == ["task_id", "commit_sha", "review_artifact", "tier", "breaking_change"]
    assert list(raw["risks"][0]) == ["id", "status", "description"]
    assert load_manifest(path) == manifest
    assert (raw["plan_id"], raw["plan_doc"], raw["design_doc"]) == (
        "habit-mvp",
        "docs/plans/habit-plan.md",
        "docs/plans/habit-design.md",
    )
    assert raw["tasks"][0] == {
        "task_id": "T1",
        "commit_sha": "a" * 40,
        "review_artifact": "docs/reviews/T1-review.md",
        "tier": "critical",
        "breaking_change": True,
    }
    assert raw["tasks"][1]["breaking_change"] is False
    assert (raw["tests_run"], raw["tests_passed"], raw["lint_clean"]) == (12, 12, True)
    assert raw["risks"] == [
        {"id": "K1", "status": "mitigated", "description": "cookie"},
        {"id": "K2", "status": "accepted", "description": "copy"},
        {"id": "K3", "status": "accepted", "description": "typo in docs" + OPEN_AT_RELEASE},
    ]
    assert raw["breaking_changes"] == ["BREAKING (T1 Storage): removed public load()"]
    assert raw["migration_steps"] == ["apply migrations/0002_names.sql"]
    assert f"- storage (T1): git revert {'a' * 40}" in raw["rollback_plan"]
    assert f"- T2 (T2): git revert {'b' * 40}" in raw["rollback_plan"]
    assert raw["rollback_plan"].index("(T2)") < raw["rollback_plan"].index("(T1)")
    assert raw["criteria_trace"] == [
        {
            "task_id": "T1",
            "criterion": "Deleting a habit removes its history",
            "commit_sha": "a" * 40,
            "location": "store.py:4",
        }
    ]
    assert raw["recommended_next"][0] == "Follow up open risk K3 (low): typo in docs"
    assert raw["completed_at"]


def test_criteria_trace_falls_back_to_the_committed_review_artifact(dstore: DeliveryStore, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    run_id = _delivered_run(dstore, repo)
    dstore.save_gate_results(run_id, "T1", 1, [GateResult(gate="tests_run", passed=True)])
    (repo / "docs" / "reviews").mkdir(parents=True)
    (repo / "docs" / "reviews" / "T1-review.md").write_text(
        "# Review\n\n## Acceptance criteria\n\n- Deleting a habit removes its history → `store.py:5`\n\n## Tests\n"
    )

    (entry,) = criteria_trace_from_store(dstore, run_id, repo)

    assert (entry.task_id, entry.commit_sha, entry.location) == ("T1", "a" * 40, "store.py:5")


def test_handoff_summary_is_the_seed_format_with_the_merge_command(dstore: DeliveryStore, tmp_path: Path) -> None:
    repo = _init_repo(tmp_path / "repo")
    run_id = _delivered_run(dstore, repo)
    gate = ReleaseGateResult(repo=str(repo), tests_run=3, tests_passed=3, lint_clean=True, typecheck_clean=True, build_clean=True)
    manifest = manifest_from_store(dstore, run_id, gate, recommended_next=["Add paging", "Dark mode"])

    text = handoff_summary("Habit tracker MVP", manifest, "pm/habit-mvp", "main", 2)

    assert text.splitlines() == [
        "RELEASE SUMMARY — Habit tracker MVP",
        "",
        "Tasks: 2/2 completed",
        "Commits: 2 (see release manifest for full list)",
        "Breaking changes: BREAKING (T1 Storage): removed public load()",
        "Open risks: K3: typo in docs",
        "Accepted risks: K2: copy",
        "Migration: none required",
        "Rollback: see release manifest",
        "Recommended next: Add paging; Dark mode",
        "",
        "Artifacts:",
        "  - Release manifest: docs/releases/habit-mvp-release.yaml",
        "  - Review notes: docs/reviews/<task-id>-review.md (per task: T1, T2)",
        "",
        "To merge: git checkout main && git merge --no-ff pm/habit-mvp",
    ]
    dstore.update_risk(run_id, "K3", status="mitigated")
    calm = manifest_from_store(dstore, run_id, gate.model_copy(update={"migrations": ["db/alembic/versions/a1.py"]}))
    calm_text = handoff_summary("Habit tracker MVP", calm, "pm/habit-mvp", "main", 2)
    assert "Open risks: none — all mitigated/accepted" in calm_text
    assert "Migration: alembic upgrade head (applies db/alembic/versions/a1.py)" in calm_text
