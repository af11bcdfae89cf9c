"""Time to open each of a project's screens in the TUI, once its conversation is done.

One headless app per sample, on a fresh store with the offline engine: a project is taken through
discovery and scoping, the spec is agreed, then each screen is opened with `show_project` and timed
until every worker is done and the frame is refreshed (the tests' `settle`). Prints the median and
the range per screen of the wall time, and the median CPU time of the process (steadier than the wall
time on a machine that other jobs share), in milliseconds.

    .venv/bin/python bench/screen_open.py [--runs 5] [--size 120x40]
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

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.store import Store
from tests.fixtures.tui import scoped, settle

PHASES = ("discovery", "scoping", "spec")


async def sample(size: tuple[int, int]) -> dict[str, tuple[float, float]]:
    with tempfile.TemporaryDirectory(prefix="pmtui-open-") as folder:
        store = Store(Path(folder) / "open.db")
        app = PmtuiApp(store, Config(offline=True))
        times: dict[str, tuple[float, float]] = {}
        async with app.run_test(size=size) as pilot:
            project_id = await scoped(app)
            await app.orchestrator.agree_scope(project_id)
            for phase in PHASES:
                app.action_go_home()
                await settle(pilot)
                started, cpu = time.perf_counter(), time.process_time()
                app.show_project(project_id, phase)
                await settle(pilot)
                times[phase] = ((time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000)
        store.close()
        return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="120x40")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))
    samples = [asyncio.run(sample((width, height))) for _ in range(args.runs)]
    print(f"| screen ({args.size}) | median ms | min–max ms | CPU ms (median) |")
    print("|---|---|---|---|")
    for phase in PHASES:
        values = [s[phase][0] for s in samples]
        cpu = statistics.median(s[phase][1] for s in samples)
        print(f"| {phase} | {statistics.median(values):.0f} | {min(values):.0f}–{max(values):.0f} | {cpu:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
