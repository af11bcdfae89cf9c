"""A gate tool that is not installed is said once, up front, before the run touches the repository.

Found by hand (2026-11-27): "Deliver this plan" on the PM's own plan (`- lint: ruff check .`, `- typecheck: mypy src`)
from a `make run` install, which has no ruff or mypy. Every attempt failed its lint gate with "bwrap: execvp ruff: No
such file or directory", the agent was asked to fix it three times, and T1 escalated as "attempt 3 failed exactly as
attempt 2 did (lint_and_typecheck)", naming no tool.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pmtui.delivery.plan import PlanEnvironment
from pmtui.delivery.toolcheck import missing_tools, program_of
from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block
from tests.fixtures.processes import run_pmtui

AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'module_agent.py'}"


def test_the_program_of_a_gate_command() -> None:
    assert program_of("ruff check .") == "ruff"
    assert program_of("FOO=1 mypy --strict src") == "mypy"
    assert program_of("env PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python3 -m pytest -q") == "python3"
    assert program_of("npm run lint && npm test") == "npm"
    assert program_of("'unbalanced") is None


def test_missing_tools_name_the_program_and_what_to_do(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "pytest").write_text("#!/bin/sh\n")
    (bin_dir / "pytest").chmod(0o755)
    environment = PlanEnvironment(lint="ruff check .", typecheck="mypy src", test="pytest -q", build="none")
    # Two programs missing: one sentence naming each with its command (at 80 columns two full sentences filled
    # the dashboard's header and its notice), and what to do.
    message = missing_tools(environment, tmp_path, path=str(bin_dir))
    assert message == (
        "the plan's gate commands need programs that are not installed here (not on PATH): `ruff` (lint: "
        "`ruff check .`), `mypy` (typecheck: `mypy src`); install them in the repository's .venv (pmtui looks in its .venv/bin and "
        "node_modules/.bin first) or on PATH, or change those Environment lines of the plan ('- lint: <command>', or '- lint: none' to run no lint gate)"
    )
    only_lint = PlanEnvironment(lint="ruff check .", test="pytest -q")
    message = missing_tools(only_lint, tmp_path, path=str(bin_dir))
    assert message is not None
    assert message.startswith("the plan's lint command `ruff check .` needs `ruff`, which is not installed here")
    assert "'- lint: none'" in message
    assert missing_tools(PlanEnvironment(test="pytest -q"), tmp_path, path=str(bin_dir)) is None
    # A script of the repository counts where it is; one that is not there is missing too.
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "lint.sh").write_text("#!/bin/sh\n")
    here = PlanEnvironment(lint="./scripts/lint.sh", test="./scripts/test.sh")
    message = missing_tools(here, tmp_path, path=str(bin_dir))
    assert message is not None and message.startswith("the plan's test command `./scripts/test.sh` needs")



def deliver_with_lint(tmp_path: Path, project: Path, lint: str) -> subprocess.CompletedProcess[str]:
    """`pmtui deliver` of a one-task plan whose lint command is `lint`, headless, into `project`."""
    text = plan_text("tools", [task_block("T1", "Alpha value", module="alpha")])
    lines = [line if not line.startswith("- lint:") else f"- lint: {lint}" for line in text.split("\n")]
    plan = tmp_path / "tools.md"
    plan.write_text("\n".join(lines))
    return run_pmtui(
        ["--db", str(tmp_path / "store.db"), "deliver", str(plan), "--repo", str(project), "--agent", AGENT, "--headless"],
        env={**os.environ, "PMTUI_GATE_CACHE": str(tmp_path / "cache")},
    )


def test_deliver_refuses_a_plan_whose_linter_is_not_installed(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    result = deliver_with_lint(tmp_path, project, "pmtui-no-such-linter check .")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "needs `pmtui-no-such-linter`, which is not installed here" in result.stderr
    # Nothing was started: no plan branch, the user's branch as it was, no agent run.
    assert git(project, "rev-parse", "--abbrev-ref", "HEAD") == "main"
    assert "pmtui/" not in git(project, "branch", "--list")
    assert not (project / "src" / "alpha.py").exists()


def test_the_repositorys_own_tool_folders_come_before_path(tmp_path: Path) -> None:
    from pmtui.delivery.project_tools import tool_path

    # Only folders that exist, in the order an activated environment finds them, then PATH without repeats.
    (tmp_path / "node_modules" / ".bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    path = tool_path(tmp_path, base=f"/usr/bin{os.pathsep}{tmp_path / '.venv' / 'bin'}")
    assert path.split(os.pathsep) == [str(tmp_path / ".venv" / "bin"), str(tmp_path / "node_modules" / ".bin"), "/usr/bin"]
    assert tool_path(None, base="/usr/bin") == "/usr/bin"
    assert tool_path(tmp_path / "nothing-here", base="/bin") == "/bin"


def test_a_plan_delivered_without_some_gates(tmp_path: Path) -> None:
    from pmtui.delivery.plan import parse_plan
    from pmtui.delivery.project_tools import without_gates

    text = plan_text("tools", [task_block("T1", "Alpha value", module="alpha")])
    lint = next(line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("- lint:"))
    # The PM's skeleton task names the gate command as a criterion of its own.
    text = text.replace("- alpha returns the t1 value", f"- alpha returns the t1 value\n- `{lint}` reports no errors", 1)
    rewritten = without_gates(text, ["lint"])
    plan = parse_plan(rewritten)
    assert plan.environment.lint is None
    assert plan.environment.test == parse_plan(text).environment.test
    criteria = [c for task in plan.tasks for c in task.acceptance_criteria]
    assert not any(lint in c for c in criteria)
    assert len(criteria) == len([c for task in parse_plan(text).tasks for c in task.acceptance_criteria]) - 1


def test_deliver_finds_the_linter_in_the_repositorys_venv(tmp_path: Path) -> None:
    """A project that keeps its linter in its own .venv delivers with that linter, though pmtui's PATH has none."""
    project = make_project(tmp_path)
    tools = project / ".venv" / "bin"
    tools.mkdir(parents=True)
    linter = tools / "pmtui-venv-linter"
    linter.write_text("#!/bin/sh\necho 'All checks passed (the project venv linter)'\nexit 0\n")
    linter.chmod(0o755)
    (project / ".git" / "info").mkdir(exist_ok=True)
    with (project / ".git" / "info" / "exclude").open("a") as exclude:
        exclude.write(".venv/\n")
    result = deliver_with_lint(tmp_path, project, "pmtui-venv-linter check .")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "not installed here" not in result.stderr
    assert "src/alpha.py" in git(project, "log", "--all", "--name-only", "--format=")
