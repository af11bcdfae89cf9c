"""A tiny real Python project in a temporary git repository, and plans for it, for the delivery tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PY = sys.executable

PYPROJECT = """[project]
name = "calc"
version = "0.1.0"

[tool.pytest.ini_options]
pythonpath = ["src"]
addopts = "-p no:cacheprovider"

[tool.ruff]
line-length = 100
"""

CALC = '''"""Arithmetic for the calculator."""


def add(a: int, b: int) -> int:
    """Add two numbers: the sum."""
    return a + b
'''

TEST_CALC = """from calc import add


def test_add_returns_the_sum() -> None:
    assert add(2, 3) == 5
"""


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


def make_project(base: Path) -> Path:
    """`base/work/repo`: a committed project on branch main (the DB and run dirs stay outside work/)."""
    root = base / "work" / "repo"
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Test Founder")
    git(root, "config", "user.email", "founder@example.com")
    git(root, "config", "commit.gpgsign", "false")
    (root / "pyproject.toml").write_text(PYPROJECT)
    (root / ".gitignore").write_text("__pycache__/\n*.pyc\n.pytest_cache/\n.ruff_cache/\n")
    (root / "src").mkdir()
    (root / "src" / "calc.py").write_text(CALC)
    (root / "tests").mkdir()
    (root / "tests" / "test_calc.py").write_text(TEST_CALC)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial calculator")
    return root


def environment(lint: bool = True, test: bool = True) -> str:
    """Plugin autoloading is off: the venv's many pytest plugins would cost seconds per gate run."""
    lines = [
        f"- lint: {PY} -m ruff check ." if lint else "- lint: none",
        "- typecheck: none",
        f"- test: env PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 {PY} -m pytest -q" if test else "- test: none",
        "- build: none",
    ]
    return "\n".join(lines)


def task_block(
    task_id: str,
    title: str,
    *,
    module: str,
    tier: str = "normal",
    depends: str = "none",
    ownership: str = "",
    criteria: tuple[str, ...] = (),
    time_budget: str = "30s",
) -> str:
    criteria = criteria or (f"{module} returns the {task_id.lower()} value",)
    return "\n".join([
        f"### {task_id}: {title}",
        f"- tier: {tier}",
        f"- depends: {depends}",
        f"- ownership: {ownership or module}",
        f"- files: create src/{module}.py",
        f"- tests: tests/test_{module}.py",
        f"- time-budget: {time_budget}",
        "",
        "Acceptance criteria:",
        *(f"- {c}" for c in criteria),
        "",
    ])


def plan_text(plan_id: str, tasks: list[str], *, lint: bool = True, test: bool = True) -> str:
    return "\n".join([
        f"# Plan: Calculator {plan_id}",
        f"plan-id: {plan_id}",
        "",
        "## Environment",
        environment(lint, test),
        "",
        "## Tasks",
        "",
        *tasks,
    ])


def module_files(module: str, value: str = "1", *, broken: bool = False) -> dict[str, str]:
    """A module with one function and its passing (or failing) test."""
    expected = "0" if broken else value
    return {
        f"src/{module}.py": f'"""The {module} value."""\n\n\ndef {module}_value() -> int:\n    """Return the {module} value."""\n    return {value}\n',
        f"tests/test_{module}.py": f"from {module} import {module}_value\n\n\ndef test_{module}_value() -> None:\n    assert {module}_value() == {expected}\n",
    }


def refs_count(root: Path, task_id: str, ref: str = "--all") -> int:
    log = git(root, "log", ref, "--format=%B%x1e")
    return sum(1 for body in log.split("\x1e") for line in body.splitlines() if line.strip() == f"Refs: task-{task_id}")
