"""`pmtui plan check` on a large plan (DESIGN.md budget: a 30,000-task plan checks in seconds).

Writes a plan of N tasks (each with files, tests, acceptance criteria; every task after the first
depends on one or two earlier ones, so the dependency graph is one long chain with branches) and
times the real command, `python -m pmtui plan check PLAN`, in a fresh process, as a user runs it.
It also times N/10 tasks to show how the time grows: a linear parser takes about 10× as long for
10× the tasks, a quadratic one about 100×.

    python bench/plan_check.py [--tasks 30000] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def plan_text(count: int) -> str:
    lines = ["# Plan: Big plan", "plan-id: big", "", "## Environment", "- lint: ruff check .",
             "- typecheck: none", "- test: pytest -q", "- build: none", "", "## Tasks", ""]
    for n in range(1, count + 1):
        depends = "none" if n == 1 else ", ".join(f"T{d}" for d in sorted({n - 1, max(1, n // 2)}))
        lines += [
            f"### T{n}: Module number {n}",
            f"- depends: {depends}",
            f"- ownership: area{n % 50}",
            f"- files: create src/m{n}.py; modify src/index.py",
            f"- tests: tests/test_m{n}.py",
            "",
            "Acceptance criteria:",
            f"- m{n}.value() returns {n}",
            f"- the index lists m{n}",
            "",
        ]
    return "\n".join(lines)


def time_check(path: Path) -> tuple[float, int]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pmtui", "plan", "check", str(path)],
                          check=False, capture_output=True, text=True)
    return time.perf_counter() - started, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=30_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pmtui-bench-plan-") as folder:
        results: dict[int, list[float]] = {}
        for count in (args.tasks // 10, args.tasks):
            path = Path(folder) / f"plan-{count}.md"
            path.write_text(plan_text(count), encoding="utf-8")
            times = []
            for _ in range(args.runs):
                seconds, code = time_check(path)
                if code != 0:
                    raise SystemExit(f"plan check of {count} tasks exited {code}")
                times.append(seconds)
            results[count] = times
            size = path.stat().st_size / 1e6
            print(f"{count:>6} tasks ({size:.1f} MB): median {statistics.median(times):.2f} s "
                  f"(min {min(times):.2f}, max {max(times):.2f}, {args.runs} runs)")
        small, big = (statistics.median(results[n]) for n in sorted(results))
        print(f"growth for 10x the tasks: {big / small:.1f}x (linear ≈ 10x, quadratic ≈ 100x)")


if __name__ == "__main__":
    main()
