"""A delivery inside the TUI runs below the UI: its thread, and the agents and gates it starts, are
niced, so on a busy machine the event loop is scheduled first. The UI thread itself keeps its priority."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from pmtui.config import Config
from pmtui.delivery.run_context import RunOutcome
from pmtui.store import Store

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="niceness per thread is Linux's")

CHILD_NICENESS = [sys.executable, "-c", "import os; print(os.getpriority(os.PRIO_PROCESS, 0))"]


def niceness() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


class RecordingEngine:
    """Stands where DeliveryEngine stands: records the priority its thread and a child process run at."""

    def __init__(self) -> None:
        self.run_id = 0
        self.thread_niceness: int | None = None
        self.child_niceness: int | None = None

    async def run(self, no_wait: bool = False) -> RunOutcome:
        self.thread_niceness = niceness()
        process = await asyncio.create_subprocess_exec(*CHILD_NICENESS, stdout=subprocess.PIPE)
        out, _ = await process.communicate()
        self.child_niceness = int(out)
        return RunOutcome(state="released", ending="released", message="done")


def test_lowering_a_thread_lowers_it_and_what_it_starts_but_not_the_caller() -> None:
    from pmtui.screens.delivery_run import lower_thread_priority

    before = niceness()
    seen: dict[str, int] = {}

    def work() -> None:
        lower_thread_priority(5)
        seen["thread"] = niceness()
        seen["child"] = int(subprocess.run(CHILD_NICENESS, capture_output=True, text=True, check=True).stdout)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert seen == {"thread": min(19, before + 5), "child": min(19, before + 5)}
    assert niceness() == before


async def test_the_tui_runs_the_engine_and_its_processes_below_the_ui(tmp_path: Path) -> None:
    from pmtui.screens.dashboard import DashboardScreen
    from pmtui.screens.delivery_run import ENGINE_NICENESS, DeliveringApp

    engine = RecordingEngine()
    ui = niceness()
    store = Store(tmp_path / "pmtui.db")

    def factory(on_store: Store, on_event: Any, stop: threading.Event) -> Any:
        return engine

    app = DeliveringApp(factory, store=store, config=Config(offline=True))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            # The dashboard is there before the engine starts.
            assert isinstance(app.screen, DashboardScreen) and app.screen.delivery is app.delivery
            for _ in range(400):
                if app.delivery is not None and app.delivery.outcome is not None:
                    break
                await pilot.pause(0.05)
            assert app.delivery is not None and app.delivery.outcome is not None, app.delivery and app.delivery.error
            assert niceness() == ui
    finally:
        store.close()
    expected = min(19, ui + ENGINE_NICENESS)
    assert (engine.thread_niceness, engine.child_niceness) == (expected, expected)


@pytest.mark.skipif(not Path("/proc/self/autogroup").exists(), reason="no autogroup scheduling on this kernel")
def test_the_engine_process_lowers_its_sessions_group_too() -> None:
    """The engine runs in a session of its own; with autogroup scheduling a nice value counts only inside the
    session's group, so against the TUI's session the run still took half the cores (the live dashboard waited
    40-75 ms for a core while the baseline's gates ran). The group is niced with the process."""
    code = ("import os\n"
            "from pmtui.delivery.engine_process import lower_priority\n"
            "lower_priority(7)\n"
            "print(os.getpriority(os.PRIO_PROCESS, 0), open('/proc/self/autogroup').read().split()[-1])\n")
    before = os.getpriority(os.PRIO_PROCESS, 0)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         start_new_session=True, timeout=60).stdout.split()
    assert out == [str(min(19, before + 7)), "7"]
