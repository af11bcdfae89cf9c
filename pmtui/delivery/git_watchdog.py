"""One thread that kills the git processes that outlive their timeout (git_ops.complete).

A threading.Timer per process started a thread for each of the 12 git processes of a task (130 us
each, more on a loaded machine); this thread is started once and sleeps until the earliest deadline.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time


class Watchdog:
    """Kills each watched process still running at its deadline (and sets its `expired` event).

    The thread sleeps until the earliest deadline, or one timeout ahead when nothing is watched: every
    deadline is its process's start plus the timeout, so none falls before the thread wakes, and watching
    a process needs no wake-up (only a deadline earlier than that does: a shorter timeout)."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._due: dict[int, tuple[float, subprocess.Popen[str], threading.Event]] = {}
        self._count = 0
        self._thread: threading.Thread | None = None
        self._wakes_at = 0.0
        self._longest = 0.0

    def watch(self, process: subprocess.Popen[str], expired: threading.Event, timeout_s: float) -> int:
        deadline = time.monotonic() + timeout_s
        with self._lock:
            self._longest = max(self._longest, timeout_s)
            self._count += 1
            self._due[self._count] = (deadline, process, expired)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="pmtui-git-watchdog", daemon=True)
                self._thread.start()
            elif deadline < self._wakes_at:
                self._lock.notify()
            return self._count

    def unwatch(self, token: int) -> None:
        with self._lock:
            self._due.pop(token, None)

    def _run(self) -> None:
        with self._lock:
            while True:
                now = time.monotonic()
                for token, (deadline, process, expired) in list(self._due.items()):
                    if deadline <= now:
                        del self._due[token]
                        expired.set()
                        try:
                            process.kill()
                        except OSError:
                            pass
                self._wakes_at = min((due[0] for due in self._due.values()), default=now + self._longest)
                self._lock.wait(max(0.0, self._wakes_at - now))


class _Current:
    """The process's watchdog; a forked child gets a new one (it has no watchdog thread, and its lock may
    have been held by a thread of the parent)."""

    def __init__(self) -> None:
        self.watchdog = Watchdog()

    def renew(self) -> None:
        self.watchdog = Watchdog()

    def watch(self, process: subprocess.Popen[str], expired: threading.Event, timeout_s: float) -> tuple[Watchdog, int]:
        watchdog = self.watchdog
        return watchdog, watchdog.watch(process, expired, timeout_s)

    @staticmethod
    def unwatch(token: tuple[Watchdog, int]) -> None:
        token[0].unwatch(token[1])


WATCHDOG = _Current()
os.register_at_fork(after_in_child=WATCHDOG.renew)
