"""Benchmark: gate wall time against the sum of its commands' times (DESIGN.md budget: ≈ the slowest).

Generates a small typed Python project in a temporary directory (a package of modules and a test
suite), then runs the minimum gate's real commands — ruff check, mypy, pytest — through
pmtui.delivery.gates.run_commands, concurrently, several rounds. For each round it reports the
gate's wall time, each command's time, their sum and the slowest, and the ratio wall / sum. A
sequential round (one command after the other, same runner) is measured too, for comparison.

    .venv/bin/python bench/gate_concurrency.py [--rounds N] [--modules N]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pmtui.delivery.gates import CommandResult, run_command, run_commands

PY = sys.executable


def generate_project(root: Path, modules: int) -> None:
    package = root / "src" / "habits"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""Habit tracker."""\n')
    tests = root / "tests"
    tests.mkdir()
    for index in range(modules):
        (package / f"module_{index}.py").write_text(
            f'"""Module {index}."""\n\nfrom __future__ import annotations\n\nfrom dataclasses import dataclass\n\n\n'
            f"@dataclass\nclass Habit{index}:\n    name: str\n    streak: int = 0\n\n"
            f"    def check_in(self) -> int:\n        self.streak += 1\n        return self.streak\n\n\n"
            f"def total_{index}(habits: list[Habit{index}]) -> int:\n    return sum(h.streak for h in habits)\n"
        )
        (tests / f"test_module_{index}.py").write_text(
            f"from habits.module_{index} import Habit{index}, total_{index}\n\n\n"
            f"def test_check_in_{index}() -> None:\n    habit = Habit{index}('walk')\n"
            f"    assert habit.check_in() == 1\n    assert total_{index}([habit]) == 1\n"
        )
    (root / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\npythonpath = ["src"]\n\n[tool.mypy]\nstrict = true\n'
    )


def commands() -> dict[str, str | None]:
    return {
        "lint": f"{PY} -m ruff check --no-cache src tests",
        "typecheck": f"{PY} -m mypy --no-incremental --cache-dir=/dev/null src",
        "test": f"{PY} -m pytest -q -p no:cacheprovider tests",
    }


async def concurrent_round(root: Path) -> tuple[float, dict[str, CommandResult]]:
    started = time.perf_counter()
    results = await run_commands(commands(), root, timeout_s=300)
    return (time.perf_counter() - started) * 1000, results


async def sequential_round(root: Path) -> tuple[float, dict[str, float]]:
    started = time.perf_counter()
    durations: dict[str, float] = {}
    for name, command in commands().items():
        durations[name] = (await run_command(name, command, root, 300)).duration_ms
    return (time.perf_counter() - started) * 1000, durations


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--modules", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pmtui-gate-bench-") as tmp:
        root = Path(tmp)
        generate_project(root, args.modules)
        asyncio.run(concurrent_round(root))  # warm the OS file cache; not counted
        ratios: list[float] = []
        walls: list[float] = []
        sums: list[float] = []
        slowest: list[float] = []
        print(f"project: {args.modules} modules, {args.modules} tests; commands: ruff check, mypy (strict), pytest")
        print(f"{'round':>5} {'wall ms':>9} {'lint':>8} {'typecheck':>10} {'test':>8} {'sum ms':>9} {'slowest':>9} {'wall/sum':>9}")
        for round_number in range(1, args.rounds + 1):
            wall, results = asyncio.run(concurrent_round(root))
            failed = [name for name, result in results.items() if not result.passed]
            if failed:
                print(f"gate commands failed: {failed}: {[results[n].key_lines for n in failed]}")
                return 1
            durations = {name: result.duration_ms for name, result in results.items()}
            total = sum(durations.values())
            walls.append(wall)
            sums.append(total)
            slowest.append(max(durations.values()))
            ratios.append(wall / total)
            print(
                f"{round_number:>5} {wall:>9.0f} {durations['lint']:>8.0f} {durations['typecheck']:>10.0f} "
                f"{durations['test']:>8.0f} {total:>9.0f} {max(durations.values()):>9.0f} {wall / total:>9.2f}"
            )
        sequential_runs = [asyncio.run(sequential_round(root)) for _ in range(max(1, args.rounds // 2))]
        sequential = [wall for wall, _ in sequential_runs]
        alone = {name: statistics.median(run[name] for _, run in sequential_runs) for name in commands()}
        print()
        print(f"median concurrent gate wall: {statistics.median(walls):.0f} ms")
        print(f"median sum of command times: {statistics.median(sums):.0f} ms")
        print(f"median slowest command:      {statistics.median(slowest):.0f} ms")
        print(f"median wall / sum:           {statistics.median(ratios):.2f}")
        print(f"median wall / slowest:       {statistics.median(w / s for w, s in zip(walls, slowest, strict=True)):.2f}")
        print(f"median sequential gate wall: {statistics.median(sequential):.0f} ms "
              f"({', '.join(f'{name} {ms:.0f}' for name, ms in alone.items())} ms when run alone)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
