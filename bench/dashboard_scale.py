"""The dashboard at scale: 10,000 tasks and 200 state changes a second (DESIGN.md budget: no frame
over 50 ms, resident memory under 250 MB).

Generates a store with one run of N tasks, opens the app headless on the DashboardScreen, and
from a writer thread (its own Store handle, as `pmtui deliver` in another process would be)
applies RATE state changes a second for SECONDS. Measures the time of each frame (Screen._compositor_refresh and
_refresh_layout, which build each screen update), the lateness of a 10 ms timer on the event loop
(input responsiveness), how long the table took to show the first rows, and peak RSS.

    .venv/bin/python bench/dashboard_scale.py [--tasks 10000] [--rate 200] [--seconds 10] [--sort state]

--sort state re-sorts the table on every poll (a change of state moves rows), the worst case for the UI thread.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.delivery.store import DeliveryStore, PlannedTask
from pmtui.models.states import IssueState
from pmtui.store import Store

S = IssueState
CYCLE = [S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.IMPLEMENTING, S.RUNNING_TESTS, S.VALIDATING_SOLUTION,
         S.CREATING_PR, S.COMPLETED]


def generate(db: Path, count: int) -> int:
    store = Store(db)
    dstore = DeliveryStore(store)
    run = dstore.create_run("scale", db.parent, plan_name=f"Scale {count}", config={"max_parallel": 8})
    tasks = [
        PlannedTask(task_id=f"T{n:05d}", title=f"Generated task number {n}", tier=("critical", "normal", "low")[n % 3],
                    ownership=f"area-{n % 17}", depends=[f"T{n - 1:05d}"] if n % 5 else [])
        for n in range(count)
    ]
    dstore.add_tasks(run.id, tasks)
    store.close()
    return run.id


def writer(db: Path, run_id: int, count: int, rate: int, seconds: float, stop: threading.Event,
           written: list[int]) -> None:
    """RATE transitions a second along the happy path, spread over the tasks, in batches every 50 ms."""
    store = Store(db)
    dstore = DeliveryStore(store)
    progress = [0] * count
    from pmtui.delivery.state_machine import TaskStateMachine

    machine = TaskStateMachine(dstore)
    tick = 0.05
    per_tick = max(1, int(rate * tick))
    start = time.perf_counter()
    n = 0
    cursor = 0
    while not stop.is_set() and time.perf_counter() - start < seconds:
        with store.transaction():
            for _ in range(per_tick):
                task = cursor % count
                cursor += 7919  # a prime stride: changes land all over the table
                if progress[task] >= len(CYCLE):
                    continue
                machine.transition(run_id, f"T{task:05d}", CYCLE[progress[task]], "bench")
                progress[task] += 1
                n += 1
        target = start + (n / rate)
        delay = target - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
    written.append(n)
    store.close()


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def bench(args: argparse.Namespace) -> dict[str, object]:
    workdir = Path(tempfile.mkdtemp(prefix="pmtui-dash-bench-"))
    db = workdir / "bench.db"
    t0 = time.perf_counter()
    run_id = generate(db, args.tasks)
    generate_s = time.perf_counter() - t0

    store = Store(db)
    app = PmtuiApp(store, Config(offline=True))
    app.start_dashboard = (run_id,)
    frames: list[float] = []
    from textual.screen import Screen

    # A frame = the screen's layout refresh or compositor update (render_update builds the strips;
    # App._display itself writes nothing in headless mode, so it is not the thing to time).
    for name in ("_compositor_refresh", "_refresh_layout"):
        original = getattr(Screen, name)

        def timed(self, *a, __original=original, **k):  # type: ignore[no-untyped-def]
            started = time.perf_counter()
            try:
                return __original(self, *a, **k)
            finally:
                frames.append((time.perf_counter() - started) * 1000)

        setattr(Screen, name, timed)
    lags: list[float] = []
    result: dict[str, object] = {}
    async with app.run_test(size=(160, 48)) as pilot:
        from pmtui.screens.dashboard import DashboardScreen
        from pmtui.widgets.task_table import TaskTable

        opened = time.perf_counter()
        while True:
            screen = app.screen
            if isinstance(screen, DashboardScreen):
                found = screen.query(TaskTable)
                if found and len(found.first().rows) == args.tasks:
                    break
            await asyncio.sleep(0.01)
        result["first_rows_s"] = round(time.perf_counter() - opened, 3)
        table = app.screen.query_one(TaskTable)
        if args.sort != "id":
            table.sort_by(args.sort, reverse=False)
        await pilot.pause(0.5)
        frames.clear()

        expected = [time.perf_counter() + 0.01]

        def on_timer() -> None:
            now = time.perf_counter()
            lags.append(max(0.0, (now - expected[0]) * 1000))
            expected[0] = now + 0.01

        timer = app.set_interval(0.01, on_timer)
        stop = threading.Event()
        written: list[int] = []
        thread = threading.Thread(target=writer, args=(db, run_id, args.tasks, args.rate, args.seconds, stop,
                                                       written))
        thread.start()
        keys = 0
        while thread.is_alive():
            await pilot.press("down")  # a user scrolling while the run goes on
            keys += 1
            await asyncio.sleep(0.1)
        thread.join()
        await pilot.pause(1.0)
        timer.stop()
        done = sum(1 for view in table.rows.values() if view.state != "received")
        result.update({
            "tasks": args.tasks,
            "changes_written": written[0] if written else 0,
            "rate_per_s": args.rate,
            "seconds": args.seconds,
            "sort": args.sort,
            "rows_changed_seen": done,
            "frames": len(frames),
            "frame_ms_p50": round(statistics.median(frames), 2) if frames else None,
            "frame_ms_p99": round(sorted(frames)[int(len(frames) * 0.99) - 1], 2) if frames else None,
            "frame_ms_max": round(max(frames), 2) if frames else None,
            "frames_over_50ms": sum(1 for f in frames if f > 50),
            "timer_lag_ms_p50": round(statistics.median(lags), 2) if lags else None,
            "timer_lag_ms_p99": round(sorted(lags)[int(len(lags) * 0.99) - 1], 2) if lags else None,
            "timer_lag_ms_max": round(max(lags), 2) if lags else None,
            "keys_pressed": keys,
            "generate_s": round(generate_s, 2),
        })
    store.close()
    result["peak_rss_mb"] = round(peak_rss_mb(), 1)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", type=int, default=10_000)
    parser.add_argument("--rate", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--sort", default="id", help="the table's sort column during the run (id, state, …)")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(bench(args)), indent=2))


if __name__ == "__main__":
    main()
