"""'Deliver without them': the skeleton's "builds with the commands in the Environment section" is decided by the
commands, of which the run has none, and the review note says so plainly.

Left at stop 28: with ruff, mypy and pytest not installed, the gate-tools dialog's "Deliver without them" set those
Environment lines to none and dropped the criteria that are those commands' own, but left the skeleton task's
"The project builds from a clean checkout with the commands in the Environment section" to the criteria matcher. No
line of a change says it: an agent that writes no criteria map (aider, Claude Code…) failed its first attempt on
wording, and the second got through. Now command_criteria decides it (there is no command to run), and plan alignment
lists it as a risk to check by hand. Real gates, a real agent subprocess, the real app under Pilot.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.delivery import gates
from pmtui.delivery.gates import CommandResult
from pmtui.delivery.gates.command_criteria import UNCHECKED, checked_by_commands
from pmtui.delivery.git_ops import change_set
from pmtui.models.delivery import EnvironmentContract, ExpectedFiles, TaskContract
from tests.test_command_criteria import SKELETON, repo, skeleton_change  # noqa: F401 - the fixture

MODULE_AGENT = Path(__file__).parent / "agents" / "module_agent.py"
ENVIRONMENT = SKELETON[0]


def without_tools(criteria: list[str], build: str | None = None) -> TaskContract:
    """The skeleton's contract once "Deliver without them" set lint, typecheck and test to none."""
    return TaskContract.model_validate({
        "task_id": "T1", "title": "Project skeleton", "tier": "normal", "ownership": "skeleton",
        "acceptance_criteria": criteria,
        "expected_files": ExpectedFiles(create=["pyproject.toml", "src/main.py"]),
        "tests_to_add": ["tests/test_smoke.py"],
        "environment": EnvironmentContract(build_command=build),
    })


def skipped() -> dict[str, CommandResult]:
    return {name: CommandResult(name=name, command=None, skipped=True, key_lines=["not configured"])
            for name in ("lint", "typecheck", "test")}


def test_the_environment_criterion_with_no_command_to_run_maps_with_a_plain_note(repo: Path) -> None:  # noqa: F811
    change = skeleton_change(repo)
    checked = checked_by_commands(without_tools([ENVIRONMENT]), change, skipped())
    location, note = checked[ENVIRONMENT]
    assert location is not None and location.split(":")[0] in change.present_files()
    assert note.startswith(UNCHECKED) and "lint, typecheck, test and build set to none" in note, note
    gate = gates.plan_alignment([ENVIRONMENT], change, checked=checked)
    assert gate.passed, gate.evidence
    assert any(line.startswith(f"⚠ {ENVIRONMENT}: {UNCHECKED}") and "check it by hand" in line for line in gate.evidence)
    # Without it the matcher maps nothing of it: the old first attempt's failure.
    assert not gates.plan_alignment([ENVIRONMENT], change).passed


def test_only_the_environment_criterion_is_decided_so(repo: Path) -> None:  # noqa: F811
    """A criterion that asks more than the commands, one that names a file the change lacks, and a build the task's
    gate did not run stay with the matcher, as with commands."""
    change = skeleton_change(repo)
    asks_more = [f"{ENVIRONMENT} and the total is shown in euros", f"{ENVIRONMENT} and docs/setup.md explains them"]
    assert checked_by_commands(without_tools(asks_more), change, skipped()) == {}
    # A build command the task's gate did not run has not been shown by this attempt.
    assert checked_by_commands(without_tools([ENVIRONMENT], build="npm run build"), change, skipped()) == {}
    # An empty change has no line to map it to.
    empty = change_set(subprocess_clone(repo))
    assert checked_by_commands(without_tools([ENVIRONMENT]), empty, skipped()) == {}


def subprocess_clone(source: Path) -> Path:
    target = source.parent / "clean"
    subprocess.run(["git", "clone", "-q", str(source), str(target)], check=True, capture_output=True)
    return target


def no_map_agent(base: Path) -> str:
    """The module agent, whose result file then loses its criteria map: an agent that knows nothing of pmtui's."""
    script = base / "no_map_agent.sh"
    script.write_text(
        f'#!/bin/sh\n"{sys.executable}" "{MODULE_AGENT}" || exit $?\n'
        f'exec "{sys.executable}" -c "import json, os; p = os.environ[\'PMTUI_RESULT_FILE\']; '
        f'd = json.load(open(p)); d.pop(\'criteria_map\', None); json.dump(d, open(p, \'w\'))"\n')
    script.chmod(0o755)
    return str(script)


async def test_deliver_without_them_passes_the_skeleton_on_its_first_attempt_and_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One app session: the spec, Deliver, the gate-tools dialog's "Deliver without them", an agent with no criteria
    map; the skeleton task passes plan alignment on its first attempt, and its review note says plainly that no command
    checked the build."""
    from pmtui.app import PmtuiApp
    from pmtui.config import Config
    from pmtui.delivery.store import DeliveryStore
    from pmtui.screens.modals import ConfirmationModal
    from pmtui.store import Store
    from tests.fixtures.delivery_repo import git, make_project
    from tests.test_spec_deliver import bare_path, repo_and_agent, started_run

    project = make_project(tmp_path)
    agent = no_map_agent(tmp_path)
    bare_path(tmp_path, monkeypatch)
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))
    dstore = DeliveryStore(store)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await repo_and_agent(app, pilot, project, agent)
            assert isinstance(app.screen, ConfirmationModal) and app.screen.confirm_label == "Deliver without them"
            await pilot.click("#confirm")
            await pilot.pause()
            run = await started_run(app, pilot)
            first = None
            for _ in range(2400):
                first = dstore.attempt(run.run_id, "T1", 1)
                if (first is not None and first.gate_results) or not run.active:
                    break
                await pilot.pause(0.05)
            assert first is not None and first.gate_results, run.error
            contract = dstore.task(run.run_id, "T1").contract
            assert contract is not None and ENVIRONMENT in contract.acceptance_criteria
            alignment = next(gate for gate in first.gate_results if gate.gate == "plan_alignment")
            assert alignment.passed, alignment.evidence
            assert any(UNCHECKED in line for line in alignment.evidence), alignment.evidence
            for _ in range(2400):
                if dstore.commit_for(run.run_id, "T1") is not None or not run.active:
                    break
                await pilot.pause(0.05)
            record = dstore.get_run(run.run_id)
            note = git(project, "show", f"{record.plan_branch}:docs/reviews/T1-review.md")
            assert UNCHECKED in note and "Deliver without them" in note, note
            await run.stop()
    finally:
        store.close()
