"""The final release gate (seed 003 §7): full checks, remediation tasks, risk audit, completeness,
the release manifest and the handoff summary.

run_release_gate runs the plan's test, lint, typecheck and build commands concurrently and looks
at migrations; a failing check becomes a remediation task (the engine re-enters its loop), an
open risk on a CRITICAL task becomes a blocking escalation, and once everything is clean the
manifest is written to docs/releases/<plan-id>-release.yaml. pmtui never merges: the handoff
tells the human the command.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from pmtui.delivery.gates import CommandResult, run_commands, summary_counts, todo_markers
from pmtui.delivery.git_ops import ChangeSet
from pmtui.delivery.plan import PlanDocument, PlanFiles, PlanTask
from pmtui.delivery.review import review_path, rollback_command
from pmtui.delivery.store import DeliveryStore, TaskRecord
from pmtui.models.delivery import (
    CriterionTrace,
    Escalation,
    GateResult,
    ManifestRisk,
    ManifestTask,
    ReleaseManifest,
    Risk,
    RiskStatus,
)
from pmtui.models.states import IssueState

RELEASE_DIR = "docs/releases"
RELEASE_CHECKS: tuple[str, ...] = ("tests", "lint", "typecheck", "build")
RISK_OPTIONS: tuple[str, ...] = ("Mark mitigated", "Accept the risk", "Stop the release")
MIGRATION_RISK_ID = "release-migration-dry-run"
OPEN_AT_RELEASE = " [open at release: accepted because its task is not CRITICAL]"
MAX_CRITERIA_LINES = 5

_NONE_WORDS = frozenset({"", "none", "-", "n/a"})
_SKIP_DIRS = frozenset({".git", ".venv", "venv", "node_modules", "__pycache__", ".tox", ".mypy_cache", "site-packages"})
_MIGRATION_DIRS = frozenset({"alembic", "migrations"})
_NOT_MIGRATIONS = frozenset({"__init__.py", "env.py", "conftest.py"})
_DOWNGRADE = re.compile(r"^def downgrade\(.*?\).*?:\s*\n(?P<body>(?:[ \t]+.*\n?|\s*\n)*)", re.MULTILINE)
_SQL_DOWN = re.compile(r"--\s*(?:\+goose\s+down|migrate:down|down\b)|\brollback\b", re.IGNORECASE)
_PATH_IN_LINE = re.compile(r"(?:^|\s)(?:FAILED |ERROR )?(?P<path>[\w./-]+\.[A-Za-z]{1,5})(?=::|:\d)")
_JEST_TESTS = re.compile(r"^Tests?:\s+(?P<rest>.*\d+ total)", re.IGNORECASE)
_JEST_COUNT = re.compile(r"(\d+) (passed|failed|skipped|todo)")
_UNITTEST_RAN = re.compile(r"^Ran (\d+) tests?\b")
_UNITTEST_FAILED = re.compile(r"(?:failures|errors)=(\d+)")
_PLAN_ALIGNED = re.compile(r"^✓ (?P<criterion>.+) → (?P<location>\S+)(?: \(.*\))?$")
_PLAN_UNMAPPED = re.compile(r"^✗ (?P<criterion>.+?): not mapped\b")
_REVIEW_CRITERION = re.compile(r"^- (?P<criterion>.+) → (?:`(?P<location>[^`]+)`|not mapped)$")
_RISK_PROBLEM = re.compile(r"^Open (?:release )?risk (?P<id>[^\s:]+)")
_FAILED_TEST = re.compile(r"^(?P<kind>FAILED|ERROR) (?P<node>\S+)(?: - (?P<why>.*))?$")
_SUMMARY_LINE = re.compile(r"^(Found \d+ errors?|Success:|All checks passed|\d+ (passed|failed|errors?)\b)", re.IGNORECASE)
_ARROW = re.compile(r"^-->\s*(?P<location>\S+?:\d+)(?::\d+)?$")
_LOCATED = re.compile(r"^\S+:\d+")
_ELLIPSIS = re.compile(r"\.\.\.+|…|\?\?+")
_UNFINISHED_WORD = re.compile(r"\b(todo|tbd|tbc|etc)\b", re.IGNORECASE)
_UNFINISHED_SPELLED = {"todo": "to-do", "tbd": "t.b.d", "tbc": "t.b.c", "etc": "et cetera"}
_ARTIFACT_PREFIXES = ("docs/reviews/", f"{RELEASE_DIR}/")

_TITLES: dict[str, str] = {
    "tests": "Fix failing tests",
    "lint": "Fix lint errors",
    "typecheck": "Fix type errors",
    "build": "Fix the build",
    "migration_safety": "Add rollbacks to the migrations",
}


# -- the gate -----------------------------------------------------------------------------------
class ReleaseGateResult(BaseModel):
    """The final gate's checks (each a GateResult with evidence), test counts and migration findings."""

    repo: str
    checks: list[GateResult] = Field(default_factory=list)
    commands: dict[str, CommandResult] = Field(default_factory=dict)
    tests_run: int = 0
    tests_passed: int = 0
    lint_clean: bool = False
    typecheck_clean: bool = False
    build_clean: bool = False
    migrations: list[str] = Field(default_factory=list)
    risks: list[Risk] = Field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(check.passed for check in self.checks)

    def failing(self) -> list[GateResult]:
        return [check for check in self.checks if not check.passed]

    def check(self, name: str) -> GateResult | None:
        return next((check for check in self.checks if check.gate == name), None)


def environment_commands(environment: Any) -> dict[str, str | None]:
    """test/lint/typecheck/build from a PlanEnvironment, an EnvironmentContract or a mapping;
    missing or "none" → None (skipped, counted clean)."""
    commands: dict[str, str | None] = {}
    for name in RELEASE_CHECKS:
        key = "test" if name == "tests" else name
        if environment is None:
            value = None
        elif isinstance(environment, Mapping):
            value = environment.get(key, environment.get(f"{key}_command"))
        else:
            value = getattr(environment, key, None) or getattr(environment, f"{key}_command", None)
        text = str(value).strip() if value is not None else ""
        commands[name] = None if text.lower() in _NONE_WORDS else text
    return commands


def count_tests(result: CommandResult) -> tuple[int, int]:
    """(tests run, tests passed) from the test command's key lines: pytest, jest or unittest summaries."""
    counts = summary_counts(result)
    if counts:
        ran = counts.get("passed", 0) + counts.get("failed", 0) + counts.get("errors", 0)
        return ran, counts.get("passed", 0)
    for line in result.key_lines:
        jest = _JEST_TESTS.match(line.strip())
        if jest:
            found = {word: int(number) for number, word in _JEST_COUNT.findall(jest["rest"])}
            return found.get("passed", 0) + found.get("failed", 0), found.get("passed", 0)
    for line in result.key_lines:
        unittest_ran = _UNITTEST_RAN.match(line.strip())
        if unittest_ran:
            total = int(unittest_ran[1])
            failed = sum(int(n) for text in result.key_lines for n in _UNITTEST_FAILED.findall(text))
            return total, max(0, total - failed)
    return 0, 0


def find_migrations(repo: str | Path) -> list[str]:
    """Migration files (.py/.sql under an alembic/ or migrations/ directory), repo-relative, sorted."""
    root = Path(repo)
    found: list[str] = []
    for current, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS and not d.startswith(".")]
        relative = Path(current).relative_to(root)
        if not _MIGRATION_DIRS.intersection(relative.parts):
            continue
        for name in names:
            if name.endswith((".py", ".sql")) and name not in _NOT_MIGRATIONS:
                found.append((relative / name).as_posix())
    return sorted(found)


def _has_rollback(root: Path, path: str, siblings: Sequence[str]) -> str | None:
    """How `path` is rolled back, or None when it cannot be."""
    try:
        text = (root / path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    name = Path(path).name.lower()
    if path.endswith(".py"):
        match = _DOWNGRADE.search(text)
        if match is None:
            return None
        body = [line.strip() for line in match["body"].splitlines() if line.strip()]
        real = [line for line in body if not line.startswith(("#", '"""', "'''")) and line not in ("pass", "...")]
        return "has a downgrade()" if real else None
    if "down" in name:
        return "is itself a down migration"
    if _SQL_DOWN.search(text):
        return "has a down section"
    stem = name.removesuffix(".sql").removesuffix(".up")
    parent = Path(path).parent
    for other in siblings:
        other_name = Path(other).name.lower()
        if Path(other).parent == parent and "down" in other_name and other_name.startswith(stem.split("_")[0]):
            return f"rolled back by {other}"
    return None


def migration_safety(repo: str | Path, changed_files: Iterable[str] | None = None) -> tuple[GateResult, list[str], list[Risk]]:
    """Seed 003 §7 migration safety as far as it can be checked offline: every migration the release
    changes has a way back; the forward dry-run needs the target database, so it is not run and the
    open risk says so. Returns (check, migrations changed, risks)."""
    root = Path(repo)
    every = find_migrations(root)
    if not every:
        return (
            GateResult(gate="migration_safety", passed=True, evidence=["no migrations in the repository (no alembic/ or migrations/ directory)"]),
            [],
            [],
        )
    if changed_files is None:
        changed = every
    else:
        touched = {path.removeprefix("./") for path in changed_files}
        changed = [path for path in every if path in touched]
    if not changed:
        evidence = [f"{len(every)} migration file(s) in the repository; this release changes none"]
        return GateResult(gate="migration_safety", passed=True, evidence=evidence), [], []
    evidence = [f"{len(changed)} migration file(s) in this release:"]
    irreversible: list[str] = []
    for path in changed:
        how = _has_rollback(root, path, every)
        if how:
            evidence.append(f"✓ {path} {how}")
        else:
            irreversible.append(path)
            evidence.append(f"✗ {path}: no rollback (no downgrade body, no down section or down file)")
    evidence.append(
        "forward dry-run: not run — it needs the target database, which pmtui does not have offline; "
        "rollback checked statically only"
    )
    risk = Risk(
        id=MIGRATION_RISK_ID,
        description=(
            f"Migrations were not dry-run against a database ({', '.join(changed)}): run them forward and back "
            "on a staging copy before merging"
        ),
        severity="critical",
        status="open",
        source_task="release",
    )
    return GateResult(gate="migration_safety", passed=not irreversible, evidence=evidence), changed, [risk]


async def run_release_gate(
    repo: str | Path,
    environment: Any,
    timeout_s: float,
    *,
    changed_files: Iterable[str] | None = None,
) -> ReleaseGateResult:
    """Full test suite, lint, typecheck and build (concurrently, each with `timeout_s`), then migration
    safety. `changed_files` (the release's diff) narrows the migration check to migrations it changes."""
    commands = environment_commands(environment)
    results, (migration_check, migrations, risks) = await asyncio.gather(
        run_commands(commands, repo, timeout_s), asyncio.to_thread(migration_safety, repo, changed_files)
    )
    checks: list[GateResult] = []
    tests_run = tests_passed = 0
    for name in RELEASE_CHECKS:
        result = results[name]
        evidence = result.evidence()
        if name == "tests" and not result.skipped:
            tests_run, tests_passed = count_tests(result)
            evidence.append(
                f"tests: {tests_run} run, {tests_passed} passed" if tests_run else "tests: no test count in the output"
            )
        checks.append(GateResult(gate=name, passed=result.passed, evidence=evidence, duration_ms=result.duration_ms))
    checks.append(migration_check)
    return ReleaseGateResult(
        repo=str(Path(repo).resolve()),
        checks=checks,
        commands=results,
        tests_run=tests_run,
        tests_passed=tests_passed,
        lint_clean=results["lint"].passed,
        typecheck_clean=results["typecheck"].passed,
        build_clean=results["build"].passed,
        migrations=migrations,
        risks=risks,
    )


# -- remediation --------------------------------------------------------------------------------
def _next_ids(taken: set[str], count: int) -> list[str]:
    ids: list[str] = []
    number = 1
    while len(ids) < count:
        candidate = f"R{number}"
        if candidate not in taken:
            ids.append(candidate)
        number += 1
    return ids


def _failing_lines(check: GateResult) -> list[str]:
    """The tool's own key lines (indented in CommandResult.evidence), without the command header."""
    if check.gate == "migration_safety":
        return [line.removeprefix("✗ ").strip() for line in check.evidence if line.startswith("✗ ")]
    lines = [line.strip() for line in check.evidence if line.startswith("  ") and line.strip()]
    return [line for line in lines if line != "not configured"]


def _checkable(text: str) -> str:
    """A tool line as a criterion the contract's ambiguity check accepts: no ellipsis, no TODO/TBD/etc."""
    text = _ELLIPSIS.sub(" ", text.replace("[*] ", ""))
    text = _UNFINISHED_WORD.sub(lambda match: _UNFINISHED_SPELLED[match[0].lower()], text)
    return " ".join(text.split())


def failure_criteria(check: GateResult) -> list[str]:
    """Criteria from a failing check's key lines: each failing test passes, each reported problem
    (located by path:line, also when the tool prints the location on a `-->` line) is resolved."""
    lines = _failing_lines(check)
    if check.gate == "migration_safety":
        paths = [line.split(":", 1)[0] for line in lines]
        return [f"{path} can be rolled back (a downgrade() body, a down section or a down file)" for path in paths]
    if check.gate == "tests":
        failed = [_FAILED_TEST.match(line) for line in lines]
        named = [match for match in failed if match]
        if named:
            return [
                _checkable(
                    f"{match['node']} passes (it {'failed' if match['kind'] == 'FAILED' else 'errored'}"
                    + (f": {match['why']})" if match["why"] else ")")
                )
                for match in named
            ]
    problems: list[str] = []
    for line in lines:
        if _SUMMARY_LINE.match(line):
            continue
        arrow = _ARROW.match(line)
        if arrow:
            if problems and not _LOCATED.match(problems[-1]):
                problems[-1] = f"{arrow['location']} {problems[-1]}"
            continue
        problems.append(line)
    return [f"Resolved: {_checkable(problem)}" for problem in problems]


def _paths_in(lines: Iterable[str], root: Path | None) -> list[str]:
    paths: list[str] = []
    for line in lines:
        for match in _PATH_IN_LINE.finditer(line):
            path = match["path"].removeprefix("./")
            if path not in paths and (root is None or (root / path).is_file()):
                paths.append(path)
    return paths


def remediation_tasks(
    result: ReleaseGateResult, plan: PlanDocument, existing_ids: Iterable[str] = ()
) -> list[PlanTask]:
    """One task per failing check ("R1: Fix failing tests"…), criteria from the key failing lines;
    ids skip the plan's and `existing_ids` (remediation tasks of an earlier round)."""
    failing = result.failing()
    taken = {task.id for task in plan.tasks} | set(existing_ids)
    ids = _next_ids(taken, len(failing))
    root = Path(result.repo) if result.repo else None
    commands = environment_commands(plan.environment)
    tasks: list[PlanTask] = []
    for task_id, check in zip(ids, failing, strict=True):
        lines = _failing_lines(check)
        paths = _paths_in(lines, root)
        criteria = failure_criteria(check)[:MAX_CRITERIA_LINES]
        command = commands.get(check.gate)
        if command:
            criteria.append(f"`{command}` exits 0 on the plan branch")
        if not criteria:
            criteria.append(f"The release check {check.gate} passes")
        # A failing test may need a fix anywhere: naming only the test file would fence the fix out.
        if check.gate == "tests":
            paths = []
        elif check.gate == "migration_safety":
            paths = [line.split(":", 1)[0] for line in lines]
        tasks.append(
            PlanTask(
                id=task_id,
                title=_TITLES.get(check.gate, f"Fix the release check {check.gate}"),
                tier="normal",
                depends=[],
                ownership="release",
                files=PlanFiles(modify=paths),
                non_goals=["no new features and no unrelated refactors: fix only what the release gate flagged"],
                acceptance_criteria=criteria,
                description="Release gate evidence: " + " | ".join(check.evidence[:12]),
            )
        )
    return tasks


# -- risk audit ---------------------------------------------------------------------------------
def _tiers(tasks: Iterable[Any]) -> dict[str, str]:
    tiers: dict[str, str] = {}
    for task in tasks:
        task_id = getattr(task, "task_id", None) or getattr(task, "id", None)
        tier = getattr(task, "tier", None) or getattr(task, "effective_tier", None)
        if task_id:
            tiers[str(task_id)] = str(tier or "normal")
    return tiers


def risk_audit(risks: Iterable[Risk], tasks: Iterable[Any]) -> list[Escalation]:
    """Seed 003 §7: an open risk on a CRITICAL task stops the release with a blocking escalation.
    A critical-severity risk the release gate itself raised (source "release", e.g. migrations not
    dry-run) stops it too. Options are RISK_OPTIONS; recommended 2 (accept) unless the risk is critical."""
    tiers = _tiers(tasks)
    escalations: list[Escalation] = []
    for risk in risks:
        if risk.status != "open":
            continue
        on_task = risk.source_task in tiers
        if on_task and tiers[risk.source_task] != "critical":
            continue
        if not on_task and risk.severity != "critical":
            continue
        if on_task:
            problem = f"Open risk {risk.id} on CRITICAL task {risk.source_task}: {risk.description}"
            impact = f"The release stops until risk {risk.id} of {risk.source_task} is mitigated or accepted."
        else:
            problem = f"Open release risk {risk.id}: {risk.description}"
            impact = f"The release stops until risk {risk.id} is mitigated or accepted."
        escalations.append(
            Escalation(
                task_id=risk.source_task if on_task else None,
                problem=problem,
                impact=impact,
                options=list(RISK_OPTIONS),
                recommended=1 if risk.severity == "critical" else 2,
                blocking=True,
                kind="risk",
            )
        )
    return escalations


def risk_id_of(escalation: Escalation) -> str | None:
    """The risk a risk-audit escalation is about (from its problem line)."""
    match = _RISK_PROBLEM.match(escalation.problem)
    return match["id"] if match and escalation.kind == "risk" else None


def risk_answer(option: int) -> RiskStatus | None:
    """The risk status an answer to a risk-audit escalation sets; None means stop the release."""
    if option == 1:
        return "mitigated"
    if option == 2:
        return "accepted"
    return None


# -- completeness -------------------------------------------------------------------------------
def _criteria_of(task: Any) -> list[str]:
    contract = getattr(task, "contract", None)
    if contract is not None:
        return list(contract.acceptance_criteria)
    return list(getattr(task, "acceptance_criteria", []) or [])


def completeness_check(
    tasks: Iterable[Any],
    criteria_trace: Iterable[CriterionTrace],
    change_todos: Iterable[tuple[str, int, str, bool]],
) -> list[str]:
    """Problems that keep the release open: a task not completed, an acceptance criterion not mapped
    to code, a TODO/FIXME/HACK/XXX without a follow-up task (gates.todo_markers' tuples)."""
    mapped = {(item.task_id, item.criterion) for item in criteria_trace if item.location.strip()}
    problems: list[str] = []
    for task in tasks:
        task_id = str(getattr(task, "task_id", None) or getattr(task, "id", ""))
        status = getattr(task, "status", None)
        state = getattr(task, "state", None)
        if status != "completed":
            shown = state.value if isinstance(state, IssueState) else state
            problems.append(f"task {task_id} is not completed ({status}{f', {shown}' if shown else ''})")
        for criterion in _criteria_of(task):
            if (task_id, criterion) not in mapped:
                problems.append(f"task {task_id}: criterion not mapped to code: {criterion}")
    for path, line, text, linked in change_todos:
        if not linked:
            problems.append(f"orphan marker without a follow-up task: {path}:{line}: {text}")
    return problems


def _git(repo: str | Path, *args: str) -> str:
    completed = subprocess.run(
        ["git", "-c", "core.quotePath=false", "-c", "color.ui=false", *args],
        cwd=str(repo),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if completed.returncode != 0:
        raise RuntimeError(f"git {' '.join(args[:2])} failed: {completed.stderr.strip()}")
    return completed.stdout


def changed_since(repo: str | Path, baseline_sha: str, ref: str = "HEAD") -> list[str]:
    """Paths the release changes (baseline..ref), for migration_safety."""
    return [line for line in _git(repo, "diff", "--name-only", baseline_sha, ref).splitlines() if line]


def release_todos(repo: str | Path, baseline_sha: str, ref: str = "HEAD") -> list[tuple[str, int, str, bool]]:
    """TODO/FIXME/HACK/XXX the release adds (baseline..ref), review and release artifacts aside."""
    from pmtui.delivery.git_ops import _parse_diff

    diff = _git(repo, "diff", "--no-ext-diff", "--src-prefix=a/", "--dst-prefix=b/", baseline_sha, ref)
    added, _ = _parse_diff(diff)
    kept = {path: lines for path, lines in added.items() if not path.startswith(_ARTIFACT_PREFIXES)}
    return todo_markers(ChangeSet(root=str(repo), base_sha=baseline_sha, added_lines=kept))


# -- criteria trace -----------------------------------------------------------------------------
def criteria_locations_from_gates(gate_results: Iterable[GateResult]) -> dict[str, str | None]:
    """criterion → path:line from a plan_alignment gate's evidence (None for an unmapped criterion)."""
    found: dict[str, str | None] = {}
    for gate in gate_results:
        if gate.gate != "plan_alignment":
            continue
        for line in gate.evidence:
            aligned = _PLAN_ALIGNED.match(line)
            if aligned:
                found[aligned["criterion"]] = aligned["location"]
                continue
            unmapped = _PLAN_UNMAPPED.match(line)
            if unmapped:
                found.setdefault(unmapped["criterion"], None)
    return found


def criteria_locations_from_review(markdown: str) -> dict[str, str | None]:
    """criterion → path:line from a review artifact's "Acceptance criteria" section."""
    found: dict[str, str | None] = {}
    in_section = False
    for line in markdown.splitlines():
        if line.startswith("## "):
            in_section = line.strip() == "## Acceptance criteria"
            continue
        match = _REVIEW_CRITERION.match(line.strip()) if in_section else None
        if match:
            found[match["criterion"]] = match["location"]
    return found


def criteria_trace_for_task(
    task_id: str, commit_sha: str, criteria: Sequence[str], locations: Mapping[str, str | None]
) -> list[CriterionTrace]:
    """One trace entry per criterion; location "" when the criterion was not mapped."""
    return [
        CriterionTrace(task_id=task_id, criterion=criterion, commit_sha=commit_sha, location=locations.get(criterion) or "")
        for criterion in criteria
    ]


def criteria_trace_from_store(
    dstore: DeliveryStore, run_id: int, repo: str | Path | None = None
) -> list[CriterionTrace]:
    """Each task's criteria → its commit and path:line: from the plan_alignment evidence of its last
    attempt that ran the gates, else from its committed review artifact in `repo`."""
    trace: list[CriterionTrace] = []
    for task in dstore.tasks(run_id):
        criteria = _criteria_of(task)
        if not criteria:
            continue
        locations: dict[str, str | None] = {}
        for attempt in reversed(dstore.attempts(run_id, task.task_id)):
            locations = criteria_locations_from_gates(attempt.gate_results)
            if locations:
                break
        if repo is not None and not all(locations.get(criterion) for criterion in criteria):
            artifact = Path(repo) / review_path(task.task_id)
            if artifact.is_file():
                from_review = criteria_locations_from_review(artifact.read_text(encoding="utf-8"))
                locations = {**from_review, **{k: v for k, v in locations.items() if v}}
        trace.extend(criteria_trace_for_task(task.task_id, task.commit_sha or "", criteria, locations))
    return trace


# -- the manifest -------------------------------------------------------------------------------
def manifest_path(plan_id: str) -> str:
    return f"{RELEASE_DIR}/{plan_id}-release.yaml"


def _manifest_risks(risks: Iterable[Risk]) -> list[ManifestRisk]:
    kept: list[ManifestRisk] = []
    for risk in risks:
        if risk.status == "open":
            kept.append(ManifestRisk(id=risk.id, status="accepted", description=risk.description + OPEN_AT_RELEASE))
        else:
            kept.append(ManifestRisk(id=risk.id, status=risk.status, description=risk.description))
    return kept


def migration_steps_for(migrations: Sequence[str]) -> list[str]:
    """How to apply the release's migrations: alembic upgrade for alembic ones, in order for the rest."""
    alembic = [path for path in migrations if "alembic" in Path(path).parts]
    others = [path for path in migrations if path not in alembic]
    steps = [f"alembic upgrade head (applies {', '.join(alembic)})"] if alembic else []
    steps += [f"apply {path}" for path in others]
    return steps


def build_manifest(
    *,
    plan_id: str,
    plan_doc: str,
    design_doc: str,
    tasks: Sequence[ManifestTask],
    gate: ReleaseGateResult,
    risks: Iterable[Risk],
    criteria_trace: Sequence[CriterionTrace] = (),
    breaking_changes: Sequence[str] = (),
    migration_steps: Sequence[str] | None = None,
    rollback_plan: str = "",
    recommended_next: Sequence[str] = (),
    completed_at: str | None = None,
) -> ReleaseManifest:
    """Every seed §7 field plus criteria_trace. Open risks (allowed only off CRITICAL tasks, the
    risk audit stops the rest) are recorded as accepted, marked OPEN_AT_RELEASE."""
    return ReleaseManifest(
        plan_id=plan_id,
        plan_doc=plan_doc,
        design_doc=design_doc,
        completed_at=completed_at or datetime.now(UTC).isoformat(timespec="seconds"),
        tasks=list(tasks),
        tests_run=gate.tests_run,
        tests_passed=gate.tests_passed,
        lint_clean=gate.lint_clean,
        typecheck_clean=gate.typecheck_clean,
        build_clean=gate.build_clean,
        risks=_manifest_risks(risks),
        breaking_changes=list(breaking_changes),
        migration_steps=list(migration_steps_for(gate.migrations) if migration_steps is None else migration_steps),
        rollback_plan=rollback_plan,
        recommended_next=list(recommended_next),
        criteria_trace=list(criteria_trace),
    )


def _breaking_notes(dstore: DeliveryStore, run_id: int, task: TaskRecord) -> list[str]:
    notes: list[str] = []
    attempt = dstore.last_attempt(run_id, task.task_id)
    for gate in attempt.gate_results if attempt else []:
        if gate.gate == "breaking_change":
            notes += [line.removeprefix("release note: ") for line in gate.evidence if line.startswith("release note: ")]
    if not notes and task.contract is not None and task.contract.io_contract.breaking_change:
        interfaces = ", ".join(task.contract.io_contract.expected_interfaces) or "interfaces not listed"
        notes.append(f"BREAKING ({task.task_id} {task.title}): declared by the plan ({interfaces})")
    return notes


def release_rollback_plan(tasks: Sequence[TaskRecord], plan_branch: str, start_branch: str) -> str:
    """Per component, newest first, from each task's review note; and the whole release."""
    whole = (
        f"Whole release: until it is merged, nothing reaches {start_branch or 'the start branch'}; "
        f"after `git merge --no-ff {plan_branch}`, undo it with `git revert -m 1 <merge-sha>`."
    )
    lines = [
        whole,
        "Per component, newest first:",
    ]
    for task in reversed([task for task in tasks if task.commit_sha]):
        how = task.review_note.rollback if task.review_note and task.review_note.rollback else ""
        how = how or rollback_command(task.task_id, task.commit_sha)
        lines.append(f"- {task.ownership or task.task_id} ({task.task_id}): {how}")
    return "\n".join(lines)


def manifest_from_store(
    dstore: DeliveryStore,
    run_id: int,
    gate: ReleaseGateResult,
    *,
    repo: str | Path | None = None,
    criteria_trace: Sequence[CriterionTrace] | None = None,
    recommended_next: Sequence[str] | None = None,
) -> ReleaseManifest:
    """The manifest of a run from its stored tasks, commits, attempts and risks."""
    run = dstore.get_run(run_id)
    tasks = dstore.tasks(run_id)
    breaking: list[str] = []
    manifest_tasks: list[ManifestTask] = []
    for task in tasks:
        notes = _breaking_notes(dstore, run_id, task)
        breaking += notes
        manifest_tasks.append(
            ManifestTask(
                task_id=task.task_id,
                commit_sha=task.commit_sha or "",
                review_artifact=review_path(task.task_id),
                tier=task.tier,
                breaking_change=bool(notes),
            )
        )
    risks = dstore.risks(run_id)
    trace = list(criteria_trace) if criteria_trace is not None else criteria_trace_from_store(dstore, run_id, repo or run.repo)
    if recommended_next is None:
        nexts = [f"Follow up open risk {risk.id} ({risk.severity}): {risk.description}" for risk in risks if risk.status == "open"]
        nexts += [f"Finish or re-plan {task.task_id} ({task.title}): it ended {task.state.value}" for task in tasks if task.status != "completed"]
        if gate.migrations:
            nexts.append("Dry-run the migrations forward and back on a staging copy of the database")
        nexts.append(
            f"Review {manifest_path(run.plan_id)} and the review notes, then merge {run.plan_branch or 'the plan branch'}"
        )
        recommended_next = nexts
    return build_manifest(
        plan_id=run.plan_id,
        plan_doc=run.plan_path,
        design_doc=run.design_path,
        tasks=manifest_tasks,
        gate=gate,
        risks=risks,
        criteria_trace=trace,
        breaking_changes=breaking,
        rollback_plan=release_rollback_plan(tasks, run.plan_branch, run.start_branch),
        recommended_next=recommended_next,
    )


def write_manifest(repo: str | Path, manifest: ReleaseManifest) -> Path:
    """docs/releases/<plan-id>-release.yaml, fields in the seed's order."""
    import yaml

    path = Path(repo) / manifest_path(manifest.plan_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    body = yaml.safe_dump(manifest.model_dump(mode="json"), sort_keys=False, allow_unicode=True, width=100)
    path.write_text(f"# {manifest_path(manifest.plan_id)} — written by pmtui\n{body}", encoding="utf-8")
    return path


def load_manifest(path: str | Path) -> ReleaseManifest:
    import yaml

    return ReleaseManifest.model_validate(yaml.safe_load(Path(path).read_text(encoding="utf-8")))


# -- the handoff --------------------------------------------------------------------------------
def _inline(items: Sequence[str], empty: str) -> str:
    return "; ".join(items) if items else empty


def handoff_summary(
    plan_name: str, manifest: ReleaseManifest, plan_branch: str, start_branch: str, commits_count: int
) -> str:
    """Seed 003 §7 RELEASE SUMMARY plus the merge command for the human (pmtui never merges)."""
    done = sum(1 for task in manifest.tasks if task.commit_sha)
    open_risks = [
        f"{risk.id}: {risk.description.removesuffix(OPEN_AT_RELEASE)}"
        for risk in manifest.risks
        if risk.description.endswith(OPEN_AT_RELEASE)
    ]
    task_ids = ", ".join(task.task_id for task in manifest.tasks)
    return "\n".join(
        [
            f"RELEASE SUMMARY — {plan_name}",
            "",
            f"Tasks: {done}/{len(manifest.tasks)} completed",
            f"Commits: {commits_count} (see release manifest for full list)",
            f"Breaking changes: {_inline(manifest.breaking_changes, 'none')}",
            f"Open risks: {_inline(open_risks, 'none — all mitigated/accepted')}",
            f"Migration: {_inline(manifest.migration_steps, 'none required')}",
            "Rollback: see release manifest",
            f"Recommended next: {_inline(manifest.recommended_next, 'none')}",
            "",
            "Artifacts:",
            f"  - Release manifest: {manifest_path(manifest.plan_id)}",
            f"  - Review notes: docs/reviews/<task-id>-review.md (per task: {task_ids or 'none'})",
            "",
            f"To merge: git checkout {start_branch} && git merge --no-ff {plan_branch}",
        ]
    )
