"""The minimum gate (seed 003 §5): the six gates every task passes, whatever its tier.

Plan alignment, tests added, tests run, lint and typecheck, no orphan TODOs and the review note,
in the seed's order, plus a failing `agent` gate when the attempt itself misbehaved. The
environment's commands run through the one command runner, concurrently, in the change's tree.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import PurePosixPath

from pmtui.delivery.gates.command_criteria import asks_for_the_build, checked_by_commands
from pmtui.delivery.gates.commands import CommandResult, clip_line, run_commands
from pmtui.delivery.git_ops import ChangeSet
from pmtui.delivery.review import build_review_note
from pmtui.models.delivery import AgentResult, GateResult, ReviewNote, TaskContract

MINIMUM_GATES: tuple[str, ...] = (
    "plan_alignment",
    "tests_added",
    "tests_run",
    "lint_and_typecheck",
    "no_orphan_todos",
    "review_note",
)

_MARKER = re.compile(r"\b(TODO|FIXME|HACK|XXX)\b")
_FOLLOW_UP = re.compile(r"\b(?:[Tt]ask[-_ #]?[A-Za-z0-9_.-]*\d[A-Za-z0-9_.-]*|T\d+[A-Za-z0-9_.-]*)\b")
_TEST_PATH = re.compile(
    r"(^|/)(tests?|__tests__|spec)/|(^|/)test_[^/]+$|_test\.[A-Za-z]+$|\.(test|spec)\.[A-Za-z]+$|(^|/)conftest\.py$"
)
# A file that is a test by its own name, wherever it is (conftest.py and other helpers are not).
_TEST_FILE = re.compile(r"(^|/)test_[^/]+$|(^|/)tests?\.[A-Za-z]+$|_test\.[A-Za-z]+$|\.(test|spec)\.[A-Za-z]+$")


def gate_commands(contract: TaskContract) -> dict[str, str | None]:
    """The environment contract's commands of the minimum gate. The build belongs to the release gate, unless a
    criterion of the task asks that the project builds (a skeleton task): then it runs here too."""
    env = contract.environment
    commands = {"lint": env.lint_command, "typecheck": env.typecheck_command, "test": env.test_command}
    if asks_for_the_build(contract):
        commands["build"] = env.build_command
    return commands


def is_test_path(path: str) -> bool:
    """A test file or a file under a tests/, __tests__/ or spec/ directory, in any of the usual layouts."""
    return bool(_TEST_PATH.search(path))


def is_test_file(path: str) -> bool:
    """A test by its own file name (`test_*`, `tests.*`, `*_test.*`, `*.test.*`, `*.spec.*`), wherever it is."""
    return bool(_TEST_FILE.search(path))


def test_command_results(results: Mapping[str, CommandResult]) -> list[CommandResult]:
    """The results of the test commands: `test` and any named `test…` (targeted suites)."""
    return [result for name, result in results.items() if name == "test" or name.startswith("test")]


def tests_added(contract: TaskContract, change: ChangeSet, results: Mapping[str, CommandResult]) -> GateResult:
    """Gate 2: the contract's tests_to_add are in the change, no test file was deleted, tests pass."""
    evidence: list[str] = []
    passed = True
    planned_deletions = set(contract.expected_files.delete)
    deleted = [
        path
        for path in change.deleted
        if (is_test_path(path) or path in contract.tests_to_run or path in contract.tests_to_add)
        and path not in planned_deletions
    ]
    if deleted:
        passed = False
        evidence.append(f"the agent deleted tests: {', '.join(deleted)}")
    present = set(change.present_files())
    spare = new_test_files(change, {*contract.tests_to_add, *contract.tests_to_run})
    for path in contract.tests_to_add:
        if path in present and not any(text.strip() for _, text in change.added_lines.get(path, [])):
            passed = False
            evidence.append(f"✗ {path} is empty: the change writes no test in it (tests_to_add)")
        elif path in present:
            evidence.append(f"✓ {path} written ({len(change.added_lines.get(path, []))} lines added)")
        elif (stand_in := _stand_in(path, spare)) is not None:
            spare.remove(stand_in)
            evidence.append(f"✓ {path}: the change adds its test as {stand_in} instead "
                            f"({len(change.added_lines.get(stand_in, []))} lines added)")
        else:
            passed = False
            evidence.append(f"✗ {path} is not in the change (tests_to_add)")
    if not contract.tests_to_add:
        evidence.append("the contract lists no tests_to_add")
    test_runs = test_command_results(results)
    if not test_runs:
        evidence.append("test: not configured")
    for result in test_runs:
        if not result.passed:
            passed = False
        evidence.extend(result.evidence())
    return GateResult(gate="tests_added", passed=passed, evidence=evidence)


def change_gate(change: ChangeSet, contract: TaskContract | None = None) -> GateResult | None:
    """A failing `change` gate when the attempt did nothing: no file changed, or only new files left empty (the
    files an agent CLI was given, none of its model's edits applied: a question, prose, an edit it could not
    apply). Such an attempt is never accepted as it is: there is nothing to commit.

    With the contract, a failing `task_files` gate when the attempt changed files but none of the task's (every
    one outside the files, tests and folders it names): the agent's edits of the task's files were not applied, or
    it worked elsewhere. What it did change may be accepted; the agent, not the code, is the finding."""
    if change.is_empty() and not change.oversized:
        return GateResult(gate="change", passed=False, evidence=["the attempt changed no files"])
    blank = change.wrote_nothing()
    if blank:
        listed = ", ".join(blank[:5]) + (", …" if len(blank) > 5 else "")
        return GateResult(gate="change", passed=False, evidence=[
            f"the attempt wrote nothing: {listed} {'is' if len(blank) == 1 else 'are'} empty"])
    if contract is None:
        return None
    from pmtui.delivery.gates.reviewer import REVIEW_DIR, expected_paths, files_outside_scope

    named = sorted(expected_paths(contract))
    changed = [path for path in change.files() if not path.startswith(REVIEW_DIR + "/")]
    if not named or not changed or len(files_outside_scope(contract, changed)) < len(changed):
        return None
    return GateResult(gate="task_files", passed=False, evidence=[
        f"the attempt changed none of the task's files ({_listed(named)}), only {_listed(changed)}"])


def _listed(paths: Sequence[str]) -> str:
    return ", ".join(paths[:5]) + (", …" if len(paths) > 5 else "")


def new_test_files(change: ChangeSet, planned: set[str]) -> list[str]:
    """Test files the change adds with content that no plan line names (`test_*`, `*_test.*`, `*.test.*`,
    `*.spec.*`): an agent that names its test its own way has still added one."""
    return [path for path in change.added if path not in planned and change.added_lines.get(path)
            and is_test_file(path)]


def _stand_in(planned: str, spare: list[str]) -> str | None:
    """The new test file that stands in for a planned one under another name: same kind of file, the same
    folder first."""
    suffix = PurePosixPath(planned).suffix
    folder = PurePosixPath(planned).parent
    candidates = [path for path in spare if PurePosixPath(path).suffix == suffix]
    candidates.sort(key=lambda path: PurePosixPath(path).parent != folder)
    return candidates[0] if candidates else None


def tests_run(results: Mapping[str, CommandResult]) -> GateResult:
    """Gate 3: the test commands (the contract's and any targeted suites) ran and passed."""
    test_runs = test_command_results(results)
    if not test_runs:
        return GateResult(gate="tests_run", passed=True, evidence=["test: not configured"])
    evidence: list[str] = []
    for result in test_runs:
        evidence.extend(result.evidence())
    return GateResult(gate="tests_run", passed=all(result.passed for result in test_runs), evidence=evidence)


def lint_and_typecheck(results: Mapping[str, CommandResult]) -> GateResult:
    """Gate 4: the environment's lint and typecheck commands exit 0."""
    evidence: list[str] = []
    passed = True
    for name in ("lint", "typecheck"):
        result = results.get(name)
        if result is None:
            evidence.append(f"{name}: not configured")
            continue
        passed = passed and result.passed
        evidence.extend(result.evidence())
    return GateResult(gate="lint_and_typecheck", passed=passed, evidence=evidence)


def todo_markers(change: ChangeSet) -> list[tuple[str, int, str, bool]]:
    """(path, line, text, has_follow_up) for every TODO/FIXME/HACK/XXX in an added line."""
    found: list[tuple[str, int, str, bool]] = []
    for path, lines in change.added_lines.items():
        for number, text in lines:
            if _MARKER.search(text):
                found.append((path, number, text.strip(), bool(_FOLLOW_UP.search(text))))
    return found


def no_orphan_todos(change: ChangeSet) -> GateResult:
    """Gate 5: a TODO/FIXME/HACK/XXX the change adds must name a follow-up task (T12, task-12)."""
    markers = todo_markers(change)
    orphans = [f"{path}:{line}: {clip_line(text, 160)}" for path, line, text, linked in markers if not linked]
    linked = [f"linked {path}:{line}: {clip_line(text, 160)}" for path, line, text, ok in markers if ok]
    if not markers:
        return GateResult(gate="no_orphan_todos", passed=True, evidence=["no TODO/FIXME/HACK/XXX in the added lines"])
    evidence = [f"{len(orphans)} orphan marker(s) without a follow-up task id"] if orphans else []
    return GateResult(gate="no_orphan_todos", passed=not orphans, evidence=[*evidence, *orphans, *linked])


def review_note(note: ReviewNote | None) -> GateResult:
    """Gate 6: the review note says what changed, the risks (or that none were found) and the rollback."""
    if note is None:
        return GateResult(gate="review_note", passed=False, evidence=["no review note"])
    missing = [
        name
        for name, present in (
            ("summary", bool(note.summary.strip())),
            ("risks", any(risk.strip() for risk in note.risks)),
            ("rollback", bool(note.rollback.strip())),
        )
        if not present
    ]
    evidence = [f"summary: {note.summary}", *(f"risk: {risk}" for risk in note.risks), f"rollback: {note.rollback}"]
    if missing:
        evidence.insert(0, f"the review note lacks: {', '.join(missing)}")
    return GateResult(gate="review_note", passed=not missing, evidence=evidence)


def agent_conduct(agent_result: AgentResult | None, tampering: Sequence[str] = ()) -> GateResult:
    """How the attempt itself went: exit code, timeout, blocked self-assessment, commits or writes outside."""
    evidence = list(tampering)
    if agent_result is not None:
        if agent_result.timed_out:
            evidence.append("the agent timed out")
        elif agent_result.exit_code not in (None, 0):
            evidence.append(f"the agent exited {agent_result.exit_code}")
        if agent_result.self_assessment == "blocked":
            evidence.append(f"the agent reports it is blocked: {'; '.join(agent_result.blockers) or 'no reason given'}")
    notes = []
    if agent_result is not None and agent_result.result_file_error:
        notes.append(f"result file ignored: {agent_result.result_file_error}")
    passed = not evidence
    return GateResult(gate="agent", passed=passed, evidence=[*evidence, *notes] or ["the agent finished cleanly"])


async def minimum_gate(
    contract: TaskContract,
    change: ChangeSet,
    agent_result: AgentResult | None,
    env_results: Mapping[str, CommandResult] | None = None,
    *,
    note: ReviewNote | None = None,
    tampering: Sequence[str] = (),
    timeout_s: float | None = None,
    reviewer_map: Mapping[str, str] | None = None,
) -> list[GateResult]:
    """The six minimum gates, in the seed's order (plus a failing `agent` gate when the attempt misbehaved).

    Without `env_results` the environment's commands are run here, concurrently, in the change's
    working tree. Without `note` the review note is built from the first five gates.
    """
    # Plan alignment's criteria vocabularies load when a change is first checked, not with the engine.
    from pmtui.delivery.gates.alignment import plan_alignment

    if env_results is None:
        timeout = timeout_s if timeout_s is not None else max(30.0, contract.time_budget_ms / 1000)
        env_results = await run_commands(gate_commands(contract), change.root, timeout)
    gates: list[GateResult] = []
    checked = checked_by_commands(contract, change, env_results)
    for gate, check in (
        ("plan_alignment", lambda: plan_alignment(contract.acceptance_criteria, change, _criteria_map(agent_result),
                                                  reviewer_map, checked=checked, title=contract.title)),
        ("tests_added", lambda: tests_added(contract, change, env_results)),
        ("tests_run", lambda: tests_run(env_results)),
        ("lint_and_typecheck", lambda: lint_and_typecheck(env_results)),
        ("no_orphan_todos", lambda: no_orphan_todos(change)),
    ):
        gates.append(_timed(gate, check))
    vouch = _tests_vouch(contract, change, gates, env_results)
    if vouch is not None:
        gates[0] = _timed("plan_alignment", lambda: plan_alignment(
            contract.acceptance_criteria, change, _criteria_map(agent_result), reviewer_map, tests_vouch=vouch,
            checked=checked, title=contract.title))
    conduct = agent_conduct(agent_result, tampering)
    if not conduct.passed:
        gates.append(conduct)
    the_note = note or build_review_note(contract, change, gates, agent_result)
    gates.insert(5, _timed("review_note", lambda: review_note(the_note)))
    return gates


def _tests_vouch(contract: TaskContract, change: ChangeSet, gates: list[GateResult],
                 results: Mapping[str, CommandResult]) -> str | None:
    """Where passing tests vouch for criteria no line matched: only when plan alignment is the one
    thing failing, the test commands really ran and passed, and the agent was already asked for the
    mapping (a fix attempt whose prompt named the unmapped criteria)."""
    by_name = {gate.gate: gate for gate in gates}
    if by_name["plan_alignment"].passed or not contract.unmapped_criteria:
        return None
    ran = [result for result in test_command_results(results) if not result.skipped]
    if not ran or not all(result.passed for result in ran):
        return None
    if not (by_name["tests_added"].passed and by_name["tests_run"].passed):
        return None
    from pmtui.delivery.gates.alignment import vouching_line

    return vouching_line(change)


def _criteria_map(agent_result: AgentResult | None) -> dict[str, str]:
    return dict(agent_result.criteria_map) if agent_result is not None else {}


def _timed(gate: str, check: Callable[[], GateResult]) -> GateResult:
    started = time.perf_counter()
    result = check()
    result.duration_ms = (time.perf_counter() - started) * 1000
    return result
