"""The UI during live delivery: `pmtui demo` inside the TUI, with the event loop's lag sampled all along.

Creates the demo sandbox (a real git repository, the demo plan, the scripted agent at the demo's
pace and the demo's real gate commands), opens the DeliveringApp headless as `pmtui demo` does and
lets the engine deliver all eight tasks while a user presses keys on the dashboard. A 10 ms timer on
the app's event loop records how late each tick fires (the lag a key press would see), and each
frame (Screen._compositor_refresh and _refresh_layout) is timed. The last line is the worst lag.

By default the engine runs in a process of its own, as `pmtui demo` runs it; `--thread` runs it on the
dashboard's worker thread instead (how engines built in the TUI's process run), for comparison.

    .venv/bin/python bench/live_delivery.py [--pace 0.6] [--thread]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pmtui.config import Config
from pmtui.delivery import demo
from pmtui.store import Store


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)]


async def measure(pace: float, base: Path, thread: bool = False) -> dict[str, Any]:
    from textual.screen import Screen

    from pmtui.delivery.engine_process import EngineJob
    from pmtui.screens.delivery_run import DeliveringApp
    from pmtui.screens.escalation import EscalationModal

    sandbox = demo.create_sandbox(base / "sandbox")
    store = Store(base / "pmtui.db")
    config = Config(offline=True)

    def factory(on_store: Store, on_event: Any, stop: threading.Event) -> Any:
        return demo.demo_engine(sandbox, on_store, config, pace=pace, on_event=on_event, stop=stop)

    frames: list[float] = []
    for name in ("_compositor_refresh", "_refresh_layout"):
        original = getattr(Screen, name)

        def timed(self, *a, __original=original, **k):  # type: ignore[no-untyped-def]
            started = time.perf_counter()
            try:
                return __original(self, *a, **k)
            finally:
                frames.append((time.perf_counter() - started) * 1000)

        setattr(Screen, name, timed)

    engine = factory if thread else EngineJob.for_config(config, store.path, demo=demo.sandbox_job(sandbox, pace))
    app = DeliveringApp(engine, store=store, config=config, offline=True)
    lags: list[float] = []
    # (seconds into the run, lag ms, the UI thread's own CPU ms since the tick before, the CPU ms of the
    # process's other threads meanwhile) of the ticks over 30 ms: a late tick whose UI CPU is small was the
    # thread waiting, for the GIL while other threads ran or for a core the machine's other processes held
    late_at: list[tuple[float, float, float, float]] = []
    busy: list[float] = []  # the UI thread's CPU ms between consecutive ticks
    started = time.perf_counter()
    async with app.run_test(size=(160, 48)) as pilot:
        expected = [time.perf_counter() + 0.01]
        cpu_before = [time.thread_time()]
        process_before = [time.process_time()]

        def on_timer() -> None:
            now = time.perf_counter()
            cpu_now = time.thread_time()
            process_now = time.process_time()
            others = (process_now - process_before[0] - (cpu_now - cpu_before[0])) * 1000
            process_before[0] = process_now
            lags.append(max(0.0, (now - expected[0]) * 1000))
            busy.append((cpu_now - cpu_before[0]) * 1000)
            if lags[-1] > 30:
                late_at.append((round(now - started, 2), round(lags[-1]), round(busy[-1]), round(others)))
            expected[0] = now + 0.01
            cpu_before[0] = cpu_now

        timer = app.set_interval(0.01, on_timer)
        keys = 0
        answered = 0
        while app.delivery is None or app.delivery.active:
            if isinstance(app.screen, EscalationModal):
                await pilot.press("1")  # the demo escalates once; the user answers as `pmtui demo` asks
                answered += 1
            else:
                await pilot.press("down")  # a user moving through the task table while the run goes on
            keys += 1
            await asyncio.sleep(0.1)
        timer.stop()
        outcome = app.delivery.outcome if app.delivery else None
        wall = time.perf_counter() - started
    store.close()
    if outcome is None or outcome.ending != "released":
        raise SystemExit(f"the demo run did not release: {outcome.message if outcome else app.delivery.error}")
    return {
        "wall_s": round(wall, 2),
        "keys_pressed": keys,
        "escalations_answered": answered,
        "ticks": len(lags),
        "lag_ms_p50": round(statistics.median(lags), 2),
        "lag_ms_p99": round(_percentile(lags, 0.99), 2),
        "lag_over_50ms": sum(1 for lag in lags if lag > 50),
        "frames": len(frames),
        "frame_ms_p99": round(_percentile(frames, 0.99), 2),
        "frame_ms_max": round(max(frames), 2),
        "ui_cpu_ms_between_ticks_max": round(max(busy)),
        "ui_cpu_over_50ms": sum(1 for ms in busy if ms > 50),
        "ticks_over_30ms_at_s_lag_ui_cpu_other_threads_cpu": late_at,
        "worst_lag_ms": round(max(lags)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pace", type=float, default=0.6, help="the scripted agent's pace (pmtui demo uses 0.6)")
    parser.add_argument("--thread", action="store_true", help="the engine on the worker thread, not in its own process")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pmtui-live-") as scratch:
        result = asyncio.run(measure(args.pace, Path(scratch), args.thread))
    for key, value in result.items():
        if key != "worst_lag_ms":
            print(f"{key}: {value}")
    print(f"worst event-loop lag: {result['worst_lag_ms']} ms")


if __name__ == "__main__":
    main()
