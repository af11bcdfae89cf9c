"""The heavy modules a run imports the first time it needs them, imported on a thread of their own as a run starts.

A run's first use of networkx (the queue), of the criteria vocabularies (the alignment gate, their regular
expressions compiled at import), of the reviewer and of yaml (the release manifest) imported them on the thread that
drives the run: 0.4-1 s of a fresh process's first run during which no slot was handed over, no gate started and, on
the TUI's loop, no frame was drawn. Started once the plan parses and the repository is found, the imports overlap the
run's set-up (git processes, the lease, the sandbox probe) and its first agents; the run awaits a module only where it
needs it (`ready`), off its loop. A module already imported costs nothing; a module whose import fails is imported
again where it is used, and fails there with its own error, as before.

No module imported here is part of an import cycle with the modules the run imports meanwhile
(tests/test_engine_cold_start.py checks), so the two threads cannot deadlock on the import locks.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
import threading

# In the order the run needs them: the queue's graph at dispatch, the gates after the first agents, the release.
HEAVY: tuple[str, ...] = ("networkx", "pmtui.delivery.gates.alignment", "pmtui.delivery.gates.reviewer", "yaml")


class Prewarm:
    """Imports `names` once per process on a daemon thread; `ready(name)` waits for one of them off the loop."""

    def __init__(self, names: tuple[str, ...] = HEAVY) -> None:
        self.names = names
        self._done = {name: threading.Event() for name in names}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def start(self) -> bool:
        """Start the imports not done yet; False when there is nothing left to import (or they already run)."""
        with self._lock:
            if self._thread is not None:
                return False
            missing = [name for name in self.names if name not in sys.modules]
            for name in self.names:
                if name not in missing:
                    self._done[name].set()
            if not missing:
                return False
            self._thread = threading.Thread(target=self._run, args=(missing,), name="pmtui-prewarm", daemon=True)
            self._thread.start()
            return True

    def _run(self, names: list[str]) -> None:
        for name in names:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001, S110 - imported again where it is used, which raises the error there
                pass
            finally:
                self._done[name].set()

    async def ready(self, name: str) -> None:
        """Return once `name` is imported (or its import was tried), waiting on a worker thread, not on the loop."""
        done = self._done.get(name)
        if done is None or done.is_set() or self._thread is None:
            return
        await asyncio.to_thread(done.wait)


PREWARM = Prewarm()
