"""Time `pmtui eval` on the offline engine: the whole run, and per conversation and per turn.

Usage: .venv/bin/python bench/eval_speed.py [tuned|heldout|all]
Prints the pass rate, conversations, turns, wall time and CPU time; the figures go to
docs/benchmarks.md with the machine and date.
"""

from __future__ import annotations

import asyncio
import sys
import time

from pmtui.config import Config
from pmtui.product.eval.founders import load_founders
from pmtui.product.eval.runner import run_eval


def main() -> None:
    which = sys.argv[1] if len(sys.argv) > 1 else "tuned"
    founders = load_founders(which)
    wall, cpu = time.perf_counter(), time.process_time()
    report = asyncio.run(run_eval(Config(offline=True), founders))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    turns = sum(r.turns for r in report.results)
    print(f"set: {which}; conversations: {len(report.results)}; turns: {turns}")
    print(f"passed: {report.passed}/{report.total} ({report.pass_rate:.1%})")
    print(f"wall: {wall:.2f} s; cpu: {cpu:.2f} s; per conversation: {wall / len(report.results) * 1000:.0f} ms; "
          f"per turn: {wall / turns * 1000:.1f} ms")


if __name__ == "__main__":
    main()
