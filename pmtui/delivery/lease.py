"""One `deliver` at a time per repository: a lease in the store, held by pid and host, with a heartbeat.

Two `pmtui deliver` of the same plan on one store and one repository would drive the same run in
the same worktrees, and two plans would check out their branches in the same working tree. The
first to start takes the repository's lease (in one IMMEDIATE transaction, before any git work);
a second is refused with who holds it. The holder beats every HEARTBEAT_S seconds. A lease is
stale when its holder is gone — on this host a pid that no longer runs, anywhere a heartbeat older
than STALE_S — and a stale lease is taken over, so a run killed with -9 resumes at once. A holder
whose lease was taken over (it was suspended past STALE_S) learns it at its next beat and stops.

A lease lives in one store, and a repository can be given to `deliver` with any --db: RepositoryLock
is the repository's own side, an flock on a file in its git directory naming the holder and its store.
The kernel lets go of it when the holder dies, kill -9 included, so it never needs taking over.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import sqlite3
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pmtui.clock import now_iso, seconds_between

if TYPE_CHECKING:
    from pmtui.store.db import Store

HEARTBEAT_S = 2.0
STALE_S = 30.0


@dataclass(frozen=True)
class LeaseHolder:
    """Who holds a repository's lease, as stored."""

    repo: str
    plan_id: str
    run_id: int | None
    pid: int
    host: str
    token: str
    heartbeat_at: str

    def describe(self) -> str:
        if self.run_id is None:
            return f"a run of plan {self.plan_id} is being started by pid {self.pid} on {self.host}"
        return f"run {self.run_id} is being delivered by pid {self.pid} on {self.host}"


class LeaseHeld(Exception):
    """Another live `deliver` holds the repository: the message names the run, pid and host."""

    def __init__(self, holder: LeaseHolder) -> None:
        super().__init__(f"{holder.describe()}; use `pmtui watch`")
        self.holder = holder


def this_host() -> str:
    return socket.gethostname() or "localhost"


def pid_runs(pid: int) -> bool:
    """The process exists and is not a zombie (a killed child its parent has not reaped yet)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[:1] != ["Z"]


def is_stale(holder: LeaseHolder, host: str | None = None) -> bool:
    """A holder that is gone: its pid no longer runs on this host, or its heartbeat is too old."""
    if seconds_between(holder.heartbeat_at) > STALE_S:
        return True
    return holder.host == (host or this_host()) and not pid_runs(holder.pid)


def lease_holder(store: Store, repo: str | Path) -> LeaseHolder | None:
    """The live holder of the repository's lease, or None (no lease, or a stale one)."""
    rows = store.query("SELECT * FROM run_leases WHERE repo = ?", (str(Path(repo).resolve()),))
    if not rows:
        return None
    holder = _holder(rows[0])
    return None if is_stale(holder) else holder


def _holder(row: sqlite3.Row) -> LeaseHolder:
    return LeaseHolder(repo=row["repo"], plan_id=row["plan_id"], run_id=row["run_id"], pid=int(row["pid"]),
                       host=row["host"], token=row["token"], heartbeat_at=row["heartbeat_at"])


class RunLease:
    """This process's lease on one repository: acquire, name the run, beat, release."""

    def __init__(self, store: Store, repo: str | Path, plan_id: str) -> None:
        self.store = store
        self.repo = str(Path(repo).resolve())
        self.plan_id = plan_id
        self.token = uuid.uuid4().hex
        self.pid = os.getpid()
        self.host = this_host()
        self.taken_over: LeaseHolder | None = None
        self._held = False
        self._stop = threading.Event()
        self._beater: threading.Thread | None = None

    def acquire(self) -> None:
        """Take the lease; LeaseHeld when a live holder has it. A stale holder is recorded in `taken_over`."""
        stamp = now_iso()
        with self.store.transaction() as conn:
            row = conn.execute("SELECT * FROM run_leases WHERE repo = ?", (self.repo,)).fetchone()
            if row is not None:
                holder = _holder(row)
                if holder.token != self.token and not is_stale(holder, self.host):
                    raise LeaseHeld(holder)
                self.taken_over = holder if holder.token != self.token else None
            conn.execute(
                "INSERT OR REPLACE INTO run_leases (repo, plan_id, run_id, pid, host, token, acquired_at, heartbeat_at) "
                "VALUES (?, ?, NULL, ?, ?, ?, ?, ?)",
                (self.repo, self.plan_id, self.pid, self.host, self.token, stamp, stamp),
            )
        self._held = True

    def attach(self, run_id: int) -> None:
        """The run this lease delivers, once it exists (so a second `deliver` can name it)."""
        self._update("run_id = ?", (run_id,))

    def beat(self) -> bool:
        """Renew the heartbeat; False when the lease is no longer this process's (taken over)."""
        return self._update("heartbeat_at = ?", (now_iso(),))

    def _update(self, assignment: str, values: tuple[object, ...]) -> bool:
        with self.store.transaction() as conn:
            cursor = conn.execute(f"UPDATE run_leases SET {assignment} WHERE repo = ? AND token = ?",
                                  (*values, self.repo, self.token))
        return cursor.rowcount == 1

    def keep_alive(self, on_lost: Callable[[], None]) -> None:
        """Beat from a thread until release(); `on_lost` runs once if another process took the lease."""

        def loop() -> None:
            while not self._stop.wait(HEARTBEAT_S):
                try:
                    alive = self.beat()
                except sqlite3.Error:
                    continue  # a busy store: the next beat tries again, well within STALE_S
                if not alive:
                    on_lost()
                    return

        self._beater = threading.Thread(target=loop, name="pmtui-lease", daemon=True)
        self._beater.start()

    def release(self) -> None:
        """Let go (only of this process's own lease; one taken over is someone else's now)."""
        self._stop.set()
        if self._beater is not None:
            self._beater.join(timeout=5)
        if self._held:
            with self.store.transaction() as conn:
                conn.execute("DELETE FROM run_leases WHERE repo = ? AND token = ?", (self.repo, self.token))
            self._held = False


LOCK_NAME = "pmtui-deliver.lock"


class RepositoryHeld(Exception):
    """A `deliver` with another store holds the repository: the message names its pid, host and store."""


class RepositoryLock:
    """This process's hold on a repository, whichever store it delivers from (an flock in the git directory)."""

    def __init__(self, git_dir: Path, root: Path, store_path: Path) -> None:
        self.path = git_dir / LOCK_NAME
        self.root = root
        self.store_path = store_path
        self._fd: int | None = None

    def acquire(self) -> None:
        """Hold the repository; RepositoryHeld when another process does."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _lock_record(fd)
            os.close(fd)
            raise RepositoryHeld(
                f"{self.root} is being delivered by pid {holder.get('pid', '?')} on {holder.get('host', '?')} "
                f"(store {holder.get('store', '?')}); use `pmtui watch --db {holder.get('store', 'STORE')}`"
            ) from None
        record = {"pid": os.getpid(), "host": this_host(), "store": str(self.store_path)}
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps(record).encode("utf-8"), 0)
        self._fd = fd

    def release(self) -> None:
        # Closing lets go; the file stays (deleting it could split a waiting acquirer from the next one).
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _lock_record(fd: int) -> dict[str, object]:
    try:
        value = json.loads(os.pread(fd, 4096, 0).decode("utf-8") or "{}")
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}
