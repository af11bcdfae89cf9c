"""Criteria the gate commands check themselves ("`ruff check .` reports no errors", "tests/test_x.py … passes with
`pytest -q`", "The project builds from a clean checkout with the commands in the Environment section").

Found by delivering a plan pmtui wrote with an agent that knows nothing of pmtui (2026-11-27): the skeleton task's
four criteria are all of this kind, no line of any change says them, and every such task failed plan alignment on
its first attempt — a whole extra run of a real agent — although every command had passed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pmtui.delivery import gates
from pmtui.delivery.gates import CommandResult
from pmtui.delivery.gates.command_criteria import checked_by_commands
from pmtui.delivery.gates.vocabulary import read_criterion
from pmtui.delivery.git_ops import ChangeSet, change_set
from pmtui.models.delivery import EnvironmentContract, ExpectedFiles, TaskContract
from tests.fixtures.delivery_repo import git

SKELETON = [
    "The project builds from a clean checkout with the commands in the Environment section",
    "`pytest -q` runs and a smoke test in tests/test_smoke.py passes",
    "`ruff check .` reports no errors",
    "`mypy src` reports no errors",
]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test Founder")
    git(root, "config", "user.email", "founder@example.com")
    (root / "README.md").write_text("# Nurse habits\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start")
    return root


def skeleton_change(root: Path) -> ChangeSet:
    """What a careful developer writes for a skeleton task, in their own words (no pmtui protocol)."""
    (root / "src").mkdir()
    (root / "tests").mkdir()
    (root / "pyproject.toml").write_text('[project]\nname = "nurse-habits"\nversion = "0.1.0"\n\n'
                                         '[tool.pytest.ini_options]\npythonpath = ["src"]\n')
    (root / "src" / "main.py").write_text('"""Nurse habits: entry point."""\n\n\ndef main() -> int:\n    return 0\n')
    (root / "tests" / "test_smoke.py").write_text("from main import main\n\n\ndef test_main_runs() -> None:\n"
                                                  "    assert main() == 0\n")
    return change_set(root)


def contract(criteria: list[str], build: str | None = None) -> TaskContract:
    return TaskContract.model_validate({
        "task_id": "T1", "title": "Project skeleton", "tier": "normal", "ownership": "skeleton",
        "acceptance_criteria": criteria,
        "expected_files": ExpectedFiles(create=["pyproject.toml", "src/main.py"]),
        "tests_to_add": ["tests/test_smoke.py"],
        "environment": EnvironmentContract(lint_command="ruff check .", typecheck_command="mypy src",
                                           test_command="pytest -q", build_command=build),
    })


def results(**exit_codes: int) -> dict[str, CommandResult]:
    commands = {"lint": "ruff check .", "typecheck": "mypy src", "test": "pytest -q"}  # gate_commands' order
    return {name: CommandResult(name=name, command=commands[name], exit_code=exit_codes.get(name, 0))
            for name in commands}


def test_the_skeletons_criteria_map_where_their_commands_passed(repo: Path) -> None:
    change = skeleton_change(repo)
    checked = checked_by_commands(contract(SKELETON), change, results())
    assert set(checked) == set(SKELETON)
    assert checked["`pytest -q` runs and a smoke test in tests/test_smoke.py passes"] == (
        "tests/test_smoke.py:1", "checked by the gate commands: `pytest -q` exited 0")
    lint_location, lint_note = checked["`ruff check .` reports no errors"]
    assert lint_note == "checked by the gate commands: `ruff check .` exited 0"
    assert lint_location.split(":")[0] in change.present_files()
    _, environment = checked[SKELETON[0]]
    assert environment == ("checked by the gate commands: `ruff check .` exited 0; `mypy src` exited 0; "
                           "`pytest -q` exited 0")
    # Through the gate: all four mapped, each with the command that showed it.
    gate = gates.plan_alignment(SKELETON, change, checked=checked)
    assert gate.passed, gate.evidence
    assert "✓ `mypy src` reports no errors → " in "\n".join(gate.evidence)
    assert "(gate commands; checked by the gate commands: `mypy src` exited 0)" in "\n".join(gate.evidence)
    # Without them the plain matcher maps none of the four: this is what failed before.
    assert not [item for item in gates.map_criteria(SKELETON, change) if item.location]


def test_a_command_that_failed_refutes_its_criterion_and_tests_never_vouch_for_it(repo: Path) -> None:
    change = skeleton_change(repo)
    verdicts = results(typecheck=1)
    verdicts["typecheck"].key_lines = ["src/main.py:4: error: Missing return statement"]
    checked = checked_by_commands(contract(SKELETON), change, verdicts)
    assert checked["`mypy src` reports no errors"] == (
        None, "`mypy src` exited 1: src/main.py:4: error: Missing return statement")
    assert checked[SKELETON[0]][0] is None  # the environment's commands did not all pass
    assert checked["`ruff check .` reports no errors"][0] is not None
    gate = gates.plan_alignment(SKELETON, change, checked=checked, tests_vouch="tests/test_smoke.py:1")
    assert not gate.passed
    assert ("✗ `mypy src` reports no errors: not mapped — the command failed: `mypy src` exited 1: src/main.py:4: "
            "error: Missing return statement") in gate.evidence


def test_a_criterion_asking_more_than_a_command_passing_is_left_to_the_matcher(repo: Path) -> None:
    change = skeleton_change(repo)
    asks_more = [
        "`pytest -q` passes and the total is shown in euros",
        "Tests for the refund rules pass with `pytest -q`",
        "`pytest -q` runs and tests/test_refunds.py passes",  # a file the change does not have
        "Invalid input is refused and the tests pass",
    ]
    assert checked_by_commands(contract(asks_more), change, results()) == {}


def test_a_tool_named_without_its_command_line_counts(repo: Path) -> None:
    change = skeleton_change(repo)
    plain = ["ruff reports no errors", "All tests pass", "No type errors", "The linter passes cleanly"]
    checked = checked_by_commands(contract(plain), change, results())
    assert set(checked) == set(plain)
    assert checked["No type errors"][1] == "checked by the gate commands: `mypy src` exited 0"


def test_a_task_that_asks_for_the_build_runs_it_in_its_gate(repo: Path) -> None:
    """A plan's build runs at release; a task whose criterion asks that the project builds (the skeleton of a
    TypeScript plan: `npm run build`) runs it in its own gate, and the criterion is shown by that run only."""
    change = skeleton_change(repo)
    typescript = contract(SKELETON, build="npm run build")
    assert gates.gate_commands(typescript)["build"] == "npm run build"
    assert "build" not in gates.gate_commands(contract(SKELETON[1:], build="npm run build"))
    assert SKELETON[0] not in checked_by_commands(typescript, change, results())  # the build did not run
    built = {**results(), "build": CommandResult(name="build", command="npm run build", exit_code=0)}
    assert "`npm run build` exited 0" in checked_by_commands(typescript, change, built)[SKELETON[0]][1]
    broken = {**results(), "build": CommandResult(name="build", command="npm run build", exit_code=2,
                                                   key_lines=["error TS2304: Cannot find name 'x'."])}
    assert checked_by_commands(typescript, change, broken)[SKELETON[0]] == (
        None, "`npm run build` exited 2: error TS2304: Cannot find name 'x'.")


async def test_the_minimum_gate_maps_them_from_the_commands_it_ran(repo: Path) -> None:
    """Real commands in the real tree: the gate's own run is the evidence."""
    change = skeleton_change(repo)
    ok = f"{sys.executable} -c pass"
    task = TaskContract.model_validate({
        "task_id": "T1", "title": "Project skeleton", "tier": "normal", "ownership": "skeleton",
        "acceptance_criteria": [f"`{ok}` reports no errors", "The tests pass"],
        "expected_files": ExpectedFiles(create=["pyproject.toml", "src/main.py"]),
        "tests_to_add": ["tests/test_smoke.py"],
        "environment": EnvironmentContract(lint_command=ok, test_command=ok),
    })
    verdicts = await gates.minimum_gate(task, change, None)
    alignment = next(g for g in verdicts if g.gate == "plan_alignment")
    assert alignment.passed, alignment.evidence
    assert any(line.startswith("✓ The tests pass → tests/test_smoke.py:1 (gate commands;") for line in alignment.evidence)


def test_what_a_message_should_say_is_not_a_word_the_code_must_have() -> None:
    """"Refused with a message that says what to fix": the message is the evidence, not a word "fix" in the code.
    The same criterion is in every feature task of a plan pmtui writes; no agent's change mapped it."""
    words = [c.label for c in read_criterion(
        "Invalid or empty input is refused with a message that says what to fix, and nothing is saved").concepts]
    assert "fix" not in words and "invalid" in words and "saved" in words
    why = [c.label for c in read_criterion("A bad date is rejected with an error explaining why it is wrong").concepts]
    assert "why" not in why and "wrong" not in why and "date" in why


def test_a_snake_case_name_joins_its_words_as_camel_case_does() -> None:
    """Found delivering a nurses' plan (2026-11-27): `def sign_up(...)` never showed "A user can sign up" while
    `def signUp()` did: the code's words were cut at "_" before the pairs were joined (signup → register)."""
    from pmtui.delivery.gates.vocabulary import code_concepts

    assert {"signup", "register"} <= code_concepts("def sign_up(self, email: str) -> Profile:")
    assert code_concepts("def sign_up(self)") >= code_concepts("def signUp(self)") - {"signUp"}
    assert "notfound" in code_concepts("NOT_FOUND = 404")


def test_a_named_test_file_that_checks_nothing_shows_no_criterion(repo: Path) -> None:
    """Noticed by criteria round 11 (2026-11-27): "tests/test_smoke.py … passes with `pytest -q`" was shown by pytest
    passing, and a test that asserts nothing passes whatever the code does."""
    change = skeleton_change(repo)
    named = "tests/test_smoke.py covers these criteria and passes with `pytest -q`"
    assert named in checked_by_commands(contract([named]), change, results())
    (repo / "tests" / "test_smoke.py").write_text("from main import main\n\n\ndef test_main_runs() -> None:\n"
                                                  "    main()\n")
    hollow = change_set(repo)
    assert named not in checked_by_commands(contract([named]), hollow, results())
    # Checks in other languages' tests count as checks.
    (repo / "tests" / "test_smoke.py").write_text("import unittest\n\n\nclass T(unittest.TestCase):\n"
                                                  "    def test_it(self):\n        self.assertEqual(1, 1)\n")
    assert named in checked_by_commands(contract([named]), change_set(repo), results())


def test_a_named_test_file_whose_checks_the_runner_never_collects_shows_no_criterion(repo: Path) -> None:
    """Criteria round 19: "tests/test_x.py covers these criteria and passes with `pytest -q`" is the test gate's; it
    counted as shown when any added line of the file asserted. An assert in a helper or a `check_…` function is never
    run by pytest: the gate's real `pytest -q` passes while the named file tests nothing."""
    import subprocess

    skeleton_change(repo)
    (repo / "tests" / "test_fees.py").write_text(
        "from main import main\n\n\ndef check_main_returns_zero() -> None:\n    assert main() == 0\n\n\n"
        "def _expect(value: int) -> None:\n    assert value == 0\n")
    named = "tests/test_fees.py covers these criteria and passes with `pytest -q`"
    uncollected = change_set(repo)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_fees.py"],
                         cwd=repo, capture_output=True, text=True, check=False)
    assert run.returncode == 5, run.stdout  # pytest: no tests collected from the named file
    assert named not in checked_by_commands(contract([named]), uncollected, results())
    # The same checks in tests the runner collects: a function, a unittest method, a Jest `it`, a Go TestX.
    collected = {
        "tests/test_fees.py": "from main import main\n\n\ndef test_main_returns_zero() -> None:\n    assert main() == 0\n",
        "tests/test_refunds.py": "import unittest\n\n\nclass Refunds(unittest.TestCase):\n    def test_zero(self):\n"
                                 "        self.assertEqual(0, 0)\n",
        "fees_test.go": "package fees\n\nimport \"testing\"\n\nfunc TestFee(t *testing.T) {\n\tif Fee(2) != 20 {\n"
                        "\t\tt.Errorf(\"fee(2) = %d\", Fee(2))\n\t}\n}\n",
    }
    for path, text in collected.items():
        (repo / path).write_text(text)
        criterion = f"{path} covers these criteria and passes with `pytest -q`"
        assert criterion in checked_by_commands(contract([criterion]), change_set(repo), results()), path


def test_the_typescript_test_file_a_plan_names_is_read_whole(repo: Path) -> None:
    """Criteria round 19: the plan writer names a TypeScript task's tests `tests/see-all-bookings.test.ts`; the path was
    read as `tests/see-all-bookings.test`, a file no change has, so `npm test` passing never showed the criterion."""
    skeleton_change(repo)
    (repo / "tests" / "see-all-bookings.test.ts").write_text(
        "import { monthGrid } from '../src/see-all-bookings';\n\nit('puts each booking on its day', () => {\n"
        "  expect(monthGrid([{ day: 3 }])[3]).toHaveLength(1);\n});\n")
    named = "tests/see-all-bookings.test.ts covers these criteria and passes with `npm test`"
    task = contract([named]).model_copy(update={"environment": EnvironmentContract(test_command="npm test")})
    ran = {"test": CommandResult(name="test", command="npm test", exit_code=0)}
    assert checked_by_commands(task, change_set(repo), ran)[named] == (
        "tests/see-all-bookings.test.ts:1", "checked by the gate commands: `npm test` exited 0")
    (repo / "tests" / "see-all-bookings.test.ts").write_text("import { monthGrid } from '../src/see-all-bookings';\n")
    assert named not in checked_by_commands(task, change_set(repo), ran)  # the named file tests nothing


def test_the_matcher_leaves_a_named_tests_criterion_to_the_test_gate_and_says_so(repo: Path) -> None:
    """Criteria round 19: without the gate's run the word matcher looked for "covers", "criteria" and "q" in the code
    ("closest is src/orders.py:12, which lacks: q, covers, criteria"). The criterion is the test gate's: the matcher
    says so, and says why when the change itself refutes it (no such test file, or one that tests nothing)."""
    skeleton_change(repo)
    named = "tests/test_refunds.py covers these criteria and passes with `pytest -q`"
    (repo / "tests" / "test_refunds.py").write_text("from main import main\n\n\ndef test_refund() -> None:\n"
                                                     "    assert main() == 0\n")
    [pending] = gates.map_criteria([named], change_set(repo))
    assert pending.location is None and not pending.refuted
    assert pending.note.startswith("the test gate's criterion: shown by `pytest -q` passing")
    checked = checked_by_commands(contract([named]), change_set(repo), results())
    [shown] = gates.map_criteria([named], change_set(repo), checked=checked)
    assert (shown.location, shown.source) == ("tests/test_refunds.py:1", "gates")
    (repo / "tests" / "test_refunds.py").unlink()
    [missing] = gates.map_criteria([named], change_set(repo))
    assert missing.refuted and "tests/test_refunds.py is not in the change" in missing.note
    # A refuted criterion is never vouched for by the other tests passing.
    gate = gates.plan_alignment([named], change_set(repo), tests_vouch="tests/test_smoke.py:1")
    assert not gate.passed
    (repo / "tests" / "test_refunds.py").write_text("from main import main\n\n\ndef helper() -> int:\n"
                                                     "    return main()\n")
    [hollow] = gates.map_criteria([named], change_set(repo))
    assert hollow.refuted and "adds no test the runner collects" in hollow.note
    # A criterion that asks more than the tests passing, or quotes the product's own command, is the matcher's.
    from pmtui.delivery.gates.command_criteria import named_tests_criterion

    assert named_tests_criterion("`pytest -q` passes and tests/test_refunds.py shows the total in euros") is None
    assert named_tests_criterion("`backup verify` exits 0") is None
    assert named_tests_criterion("src/refunds.py covers these criteria and passes with `pytest -q`") is None
