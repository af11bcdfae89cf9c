"""Criteria that the gate commands check themselves.

"`ruff check .` reports no errors", "`pytest -q` runs and a smoke test in tests/test_smoke.py passes",
"tests/test_tip.py covers these criteria and passes with `pytest -q`", "The project builds from a clean
checkout with the commands in the Environment section": no line of code says any of these, and an agent
that knows nothing of pmtui never maps them. What says them is the command's own run in the attempt's
tree. Such a criterion is checked when everything it asks is a command of the task's environment
passing (the command quoted, or its tool named) on files of the change; it then maps to the file it
names, or to the first added line of the change, with the command's result as the note. A criterion
that asks anything more ("… and the total is shown in euros") is left to the matcher.

"Builds with the commands in the Environment section" in a run whose Environment has none (the founder chose
"Deliver without them" when ruff, mypy and pytest were not installed) was left to the matcher too: no line says it,
so an agent without a criteria map failed its first attempt on wording and got through on the second. It is decided
by the commands as well: there are none to run, and the criterion maps with a note that says so plainly ("not checked
by any command …"), which plan alignment lists as a risk to check by hand in the review note.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from pmtui.delivery.gates.commands import CommandResult
from pmtui.delivery.git_ops import ChangeSet
from pmtui.models.delivery import TaskContract

# The words a "this command passes" criterion is made of, besides the commands, tools and files it names.
_OUTCOME_WORDS = frozenset((
    "0", "a", "above", "above-mentioned", "all", "and", "any", "are", "as", "at", "be", "below", "build", "builds",
    "built", "check", "checked", "checkout", "checks", "clean", "cleanly", "code", "codebase", "command", "commands",
    "completes", "covering", "covers", "criteria", "each", "environment", "error", "errors", "every", "exit",
    "exited", "exits", "fail", "fails", "failure", "failures", "file", "files", "finding", "findings", "from",
    "given", "green", "in", "is", "issues", "it", "its", "listed", "new", "no", "none", "of", "ok", "on", "or",
    "own", "pass", "passes", "passing", "problem", "problems", "project", "report", "reports", "returns", "run",
    "runs", "section", "smoke", "succeed", "succeeds", "successful", "successfully", "suite", "test", "tests", "the",
    "these", "this", "those", "to", "warning", "warnings", "whole", "with", "without", "zero",
))
# What a gate's tool is called in a sentence, by the gate's name (the tool of the command is added).
_GATE_WORDS = {
    "lint": ("lint", "linter", "linting", "lints", "linted"),
    "typecheck": ("typecheck", "typechecker", "typechecks", "type", "types", "typing", "typed"),
    "test": ("test", "tests", "testing"),
}
_WORD = re.compile(r"[A-Za-z0-9][\w.+-]*")
# A file's path; its name may have several dots (`tests/see-all-bookings.test.ts`, the plan writer's TypeScript tests).
_PATH = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-][\w.-]*\.[A-Za-z0-9]+)(?![\w/])")
# A line of a test that checks something: pytest/unittest asserts, Jest/Vitest/Chai expectations, Go and Rust
# checks, RSpec. A test file without one passes whatever the code does, so it shows no criterion.
_CHECKS = re.compile(
    r"\bassert\w*\b|\bpytest\.raises\b|\bself\.(?:assert|fail)\w*|\bexpect\s*\(|\.should\b|\bt\.(?:Error|Fatal|Fail)\w*"
    r"|\brequire\.\w+\(|\bassert_eq!|\bassert!|\bassert_ne!|\bmust_\w+|\braise\s+AssertionError\b")
_BUILDS = re.compile(r"\bbuil[dt]", re.IGNORECASE)
_ENVIRONMENT = re.compile(r"\bcommands?\s+(?:in|of|from|listed in)\s+the\s+environment\b", re.IGNORECASE)


def _tool(command: str) -> str:
    """The tool a command runs: `ruff check .` → ruff, `python -m mypy src` → mypy, `npm run lint` → lint."""
    parts = command.split()
    while parts and ("=" in parts[0] or parts[0] in {"python", "python3", "-m", "npx", "uv", "poetry", "run",
                                                     "bundle", "exec", "npm", "yarn", "pnpm", "go", "cargo"}):
        if len(parts) == 1:
            break
        parts = parts[1:]
    return parts[0].rsplit("/", 1)[-1].lower() if parts else ""


def _asserts_nothing(change: ChangeSet, path: str) -> bool:
    """Whether the change adds no test to a test file that checks something: no test the runner collects (a pytest
    `test_…` function or `Test…` class, a unittest method, a Jest/Vitest `it`/`test`, a Go `TestX`, a Rust
    `#[test]`) has an added line that asserts, expects or raises. An assert in a helper the runner never calls, or in
    a `check_…` function pytest does not collect, passes `pytest -q` whatever the code does."""
    # change_evidence loads the criteria vocabularies: when a change is checked, not with the gate commands.
    from pmtui.delivery.gates.change_evidence import change_units

    added = change.added_lines.get(path, [])
    if not any(_CHECKS.search(text) for _, text in added):
        return True
    text_of = dict(added)
    units = change_units({path: added}, [path], Path(change.root))
    return not any(unit.kind == "test" and unit.defined and any(_CHECKS.search(text_of.get(n, "")) for n in unit.added)
                   for unit in units)


def _first_added_line(change: ChangeSet, paths: Iterable[str]) -> str | None:
    # change_evidence loads the criteria vocabularies: when a change is checked, not with the gate commands.
    from pmtui.delivery.gates.change_evidence import is_code_line

    for path in paths:
        lines = [number for number, text in change.added_lines.get(path, []) if is_code_line(text)]
        lines = lines or [number for number, _ in change.added_lines.get(path, [])]
        if lines:
            return f"{path}:{lines[0]}"
    return None


def asks_for_the_build(contract: TaskContract) -> bool:
    """Whether a criterion asks that the project builds ("builds from a clean checkout with the commands in the
    Environment section", "`npm run build` succeeds"): the task's gate then runs the build command too, which
    otherwise runs only in the release gate."""
    build = (contract.environment.build_command or "").strip()
    if not build or build.lower() == "none":
        return False
    return any(build in criterion or bool(_ENVIRONMENT.search(criterion) and _BUILDS.search(criterion))
               for criterion in contract.acceptance_criteria)


def checked_by_commands(
    contract: TaskContract, change: ChangeSet, results: Mapping[str, CommandResult]
) -> dict[str, tuple[str | None, str]]:
    """criterion → (`path:line`, note) for each criterion that only asks gate commands of this attempt to pass,
    when they ran and passed and the files it names are in the change; (None, what failed) when one of them
    failed — such a criterion is not met, and passing tests never vouch for it."""
    ran = {name: result for name, result in results.items() if not result.skipped and result.command}
    if not contract.acceptance_criteria:
        return {}
    present = set(change.present_files())
    build = contract.environment.build_command
    found: dict[str, tuple[str | None, str]] = {}
    for criterion in contract.acceptance_criteria:
        text = criterion
        named: set[str] = set()
        whole_environment = False
        for name, result in ran.items():
            command = str(result.command)
            quoted = re.search(rf"`\s*{re.escape(command)}\s*`|(?<![\w-]){re.escape(command)}(?![\w-])", text)
            if quoted:
                named.add(name)
                text = text.replace(quoted.group(0), " ")
        if _ENVIRONMENT.search(text):
            if build and build.strip().lower() not in {"none", ""} and "build" not in ran:
                continue  # the build did not run in this gate: this attempt has not shown it
            named.update(ran)
            whole_environment = True
            text = _ENVIRONMENT.sub(" ", text)
        paths = [match.group(1) for match in _PATH.finditer(text)]
        if any(path not in present for path in paths):
            continue  # a file the change does not have: not shown by these commands
        if any(_asserts_nothing(change, path) for path in paths if "test" in path.lower()):
            continue  # "tests/x.py … passes": a test that checks nothing passes whatever the code does
        for path in paths:
            text = text.replace(path, " ")
        words = [word.lower() for word in _WORD.findall(text.replace("`", " "))]
        for name, result in ran.items():
            base = "test" if name.startswith("test") else name
            tools = {_tool(str(result.command)), *_GATE_WORDS.get(base, ())}
            if any(word in tools for word in words):
                named.add(name)
                words = [word for word in words if word not in tools]
        if not (named or whole_environment) or any(word not in _OUTCOME_WORDS for word in words):
            continue
        order = [name for name in ran if name in named]  # the environment's own order: lint, typecheck, test
        failed = [ran[name] for name in order if not ran[name].passed]
        if failed:
            found[criterion] = (None, "; ".join(
                f"`{result.command}` {'timed out' if result.timed_out else f'exited {result.exit_code}'}"
                + (f": {result.key_lines[0].strip()}" if result.key_lines else "") for result in failed))
            continue
        tests = [path for path in paths if path in present] or sorted(
            path for path in present if "test" in path.lower() and any(n.startswith("test") for n in named))
        others = sorted(present, key=lambda path: (path.startswith(".") or "/." in path, "test" in path.lower(), path))
        location = _first_added_line(change, [*tests, *others])
        if location is None:
            continue
        if not order:
            # "Deliver without them" (the tools not installed) or a plan with none: nothing to run, said plainly.
            said = (f"{UNCHECKED}: this run's Environment has no command to run ({_listed(_not_set(contract))} set "
                    "to none, as \"Deliver without them\" sets the gates whose tools are not installed), so nothing ran "
                    "or built the project")
            found[criterion] = (location, said)
            continue
        shown = "; ".join(f"`{ran[name].command}` exited 0" for name in order)
        found[criterion] = (location, f"checked by the gate commands: {shown}")
    return found


# The note of an Environment criterion no command could check: plan_alignment lists it as a risk to check by hand.
UNCHECKED = "not checked by any command"


def _not_set(contract: TaskContract) -> list[str]:
    """The Environment's gates that have no command in this run."""
    environment = contract.environment
    commands = {"lint": environment.lint_command, "typecheck": environment.typecheck_command,
                "test": environment.test_command, "build": environment.build_command}
    return [name for name, command in commands.items() if not command or command.strip().lower() in {"none", "-"}]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}" if names else "no gate"


_QUOTED = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class NamedTestsCriterion:
    """A criterion the test gate checks: "tests/test_x.py covers these criteria and passes with `pytest -q`"."""

    command: str
    test_files: tuple[str, ...]


def named_tests_criterion(criterion: str) -> NamedTestsCriterion | None:
    """The command and test files of a criterion that asks only that the named tests pass under a quoted command (the
    plan writer's "<test file> covers these criteria and passes with `<test command>`"); None for any criterion that
    asks more, names no test file or quotes no command, or quotes two (`--dry-run` … `--force` are the product's)."""
    from pmtui.delivery.gates.change_evidence import is_test_file

    quoted = _QUOTED.findall(criterion)
    if len(quoted) != 1 or not quoted[0].strip():
        return None
    command = quoted[0].strip()
    text = criterion.replace(f"`{quoted[0]}`", " ")
    paths = [match.group(1) for match in _PATH.finditer(text)]
    if not paths or not all(is_test_file(path) for path in paths):
        return None
    for path in paths:
        text = text.replace(path, " ")
    tools = {_tool(command), *_GATE_WORDS["test"]}
    if any(word.lower() not in _OUTCOME_WORDS and word.lower() not in tools for word in _WORD.findall(text)):
        return None
    return NamedTestsCriterion(command=command, test_files=tuple(paths))


def unchecked_reason(asked: NamedTestsCriterion, change: ChangeSet) -> tuple[str, bool]:
    """Why a test-gate criterion is not shown by this change, and whether the change itself refutes it (a named test
    file it lacks, or one that adds no test that checks something) rather than the gate not having run."""
    present = set(change.present_files())
    missing = [path for path in asked.test_files if path not in present]
    if missing:
        return (f"the test gate's criterion: {', '.join(missing)} is not in the change, so `{asked.command}` runs "
                "no test of it"), True
    hollow = [path for path in asked.test_files if _asserts_nothing(change, path)]
    if hollow:
        return (f"the test gate's criterion: {', '.join(hollow)} adds no test the runner collects that checks "
                f"something, so `{asked.command}` passing shows nothing"), True
    return (f"the test gate's criterion: shown by `{asked.command}` passing in the attempt's tree with the tests of "
            f"{', '.join(asked.test_files)}, not by a line's words; the gate has not run it here"), False
