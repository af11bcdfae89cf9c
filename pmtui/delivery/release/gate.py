"""The final release gate (seed 003 §7): full tests, lint, typecheck and build, and migration safety.

The plan's commands run concurrently through the one command runner, each with its timeout, while
the migrations are checked; every check is a GateResult with evidence, and the test command's
summary gives the counts the manifest records.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from pmtui.delivery.gates.commands import CommandResult, run_commands, summary_counts
from pmtui.delivery.release.migrations import migration_safety
from pmtui.models.delivery import GateResult, Risk

RELEASE_CHECKS: tuple[str, ...] = ("tests", "lint", "typecheck", "build")
_NONE_WORDS = frozenset({"", "none", "-", "n/a"})
_JEST_TESTS = re.compile(r"^Tests?:\s+(?P<rest>.*\d+ total)", re.IGNORECASE)
_JEST_COUNT = re.compile(r"(\d+) (passed|failed|skipped|todo)")
_UNITTEST_RAN = re.compile(r"^Ran (\d+) tests?\b")
_UNITTEST_FAILED = re.compile(r"(?:failures|errors)=(\d+)")


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
