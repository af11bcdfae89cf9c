"""A real Ray cluster on this machine for the tests and the benchmark: a head and worker nodes, each a
`ray start --block` process of its own with 1 CPU, a small object store and no dashboard.

Every process a node starts (raylet, GCS, workers, the agents they run) carries a marker in its
environment; `stop()` kills each of their process groups (Ray puts its workers in groups of their
own) and then checks that none is left, on every exit path. The health check is fast (0.5 s ×
3) so a killed node is declared dead within seconds.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

RAY = str(Path(sys.executable).with_name("ray"))
START_TIMEOUT_S = 90.0
OBJECT_STORE_BYTES = 80 * 1024 * 1024
MARKER = "PMTUI_RAY_TEST_CLUSTER"
# Ray's own leftovers, looked for after a stop (the brief's leftover check looks for the same).
RAY_PROCESS = re.compile(rb"raylet|gcs_server|ray::|ray/dashboard|ray/_private|ray/autoscaler")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class RayNode:
    name: str
    process: subprocess.Popen[bytes]
    port: int  # the raylet's node-manager port: the node's name in pmtui is `<host>:<port>`
    log: Path


@dataclass
class RayCluster:
    """Start with `start(workers=N)`; `address` for `--ray-address`; always `stop()` (a fixture does)."""

    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="pmray-", dir="/tmp")))
    marker: str = field(default_factory=lambda: uuid.uuid4().hex)
    nodes: list[RayNode] = field(default_factory=list)
    gcs_port: int = 0

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.gcs_port}"

    def _env(self) -> dict[str, str]:
        return {**os.environ, MARKER: self.marker, "RAY_health_check_period_ms": "500",
                "RAY_health_check_failure_threshold": "3", "RAY_health_check_initial_delay_ms": "0",
                "RAY_USAGE_STATS_ENABLED": "0"}

    def _launch(self, name: str, args: list[str]) -> RayNode:
        port = free_port()
        log = self.root / f"{name}.log"
        # A temp dir per node: nodes of one host that start together would race for socket names.
        common = ["--block", "--num-cpus=1", f"--object-store-memory={OBJECT_STORE_BYTES}",
                  f"--node-manager-port={port}", "--disable-usage-stats", f"--temp-dir={self.root / name}"]
        with log.open("wb") as out:
            process = subprocess.Popen([RAY, "start", *args, *common], stdout=out, stderr=subprocess.STDOUT,
                                       stdin=subprocess.DEVNULL, env=self._env(), start_new_session=True)
        node = RayNode(name, process, port, log)
        self.nodes.append(node)
        return node

    @staticmethod
    def _wait(nodes: list[RayNode]) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        for node in nodes:
            while b"Ray runtime started" not in node.log.read_bytes():
                if node.process.poll() is not None or time.monotonic() > deadline:
                    text = node.log.read_text(errors="replace")[-3000:]
                    raise RuntimeError(f"ray node {node.name} did not start (exit {node.process.poll()}):\n{text}")
                time.sleep(0.1)

    def start(self, workers: int = 1) -> RayCluster:
        """The head and the workers start together (a worker waits for the head's GCS by itself)."""
        try:
            self.gcs_port = free_port()
            launched = [self._launch("head", ["--head", f"--port={self.gcs_port}", "--include-dashboard=false"])]
            launched += [self._launch(f"worker-{n}", [f"--address={self.address}"]) for n in range(1, workers + 1)]
            self._wait(launched[:1])
            for node in launched[1:]:
                if node.process.poll() is not None:  # it gave up before the head was up: once more
                    self.nodes.remove(node)
                    node = self._launch(node.name, [f"--address={self.address}"])
                self._wait([node])
        except BaseException:
            self.stop()
            raise
        return self

    def ensure(self, workers: int = 1) -> RayCluster:
        """The head and `workers` workers up: a cluster whose head died starts anew, missing workers join."""
        if not any(node.name == "head" and node.process.poll() is None for node in self.nodes):
            self.stop()
            self.root = Path(tempfile.mkdtemp(prefix="pmray-", dir="/tmp"))
            return self.start(workers)
        for number in range(1, workers + 1):
            if not any(node.name == f"worker-{number}" for node in self.nodes):
                self.add_worker(f"worker-{number}")
        return self

    def add_worker(self, name: str) -> RayNode:
        node = self._launch(name, [f"--address={self.address}"])
        try:
            self._wait([node])
        except BaseException:
            self.stop()
            raise
        return node

    def node(self, name: str) -> RayNode:
        return next(node for node in self.nodes if node.name == name)

    def node_name(self, name: str) -> str:
        """The node's name as pmtui reports it (nodes of one host are told apart by their port)."""
        return f"{socket.gethostname()}:{self.node(name).port}"

    # -- stopping --------------------------------------------------------------------------------
    def _marked(self) -> list[int]:
        """Pids whose environment carries this cluster's marker (every process its nodes started)."""
        needle = f"{MARKER}={self.marker}".encode()
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if needle in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:
                continue
        return found

    def _tree(self, pid: int) -> set[int]:
        """`pid` and its descendants (read from /proc before anything dies, so none is reparented)."""
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                children.setdefault(ppid, []).append(int(entry.name))
        found, todo = set(), [pid]
        while todo:
            current = todo.pop()
            if current not in found:
                found.add(current)
                todo.extend(children.get(current, []))
        return found

    @staticmethod
    def _kill_groups(pids: set[int]) -> None:
        groups = set()
        for pid in pids:
            try:
                groups.add(os.getpgid(pid))
            except ProcessLookupError:
                continue
        for group in groups:
            try:
                os.killpg(group, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def kill(self, name: str) -> None:
        """A node dies at once: every process group of its process tree gets SIGKILL."""
        node = self.node(name)
        marked = set(self._marked())
        self._kill_groups(self._tree(node.process.pid) & (marked | {node.process.pid}))
        node.process.wait(timeout=30)
        self.nodes.remove(node)

    def stop(self) -> None:
        """Every process of every node dies, by process group; then nothing of them may be left."""
        started = set()
        for node in list(reversed(self.nodes)):
            tree = self._tree(node.process.pid)
            started |= tree
            self._kill_groups(tree)
        self._kill_groups(set(self._marked()))
        for node in self.nodes:
            try:
                node.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                node.process.kill()
        self.nodes.clear()
        deadline = time.monotonic() + 15
        left = self._marked()
        while left and time.monotonic() < deadline:
            self._kill_groups(set(left))
            time.sleep(0.1)
            left = [pid for pid in self._marked() if not _zombie(pid)]
        # Their zombies go too: reparented to init, which reaps them (a leftover check would count them).
        while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in started):
            time.sleep(0.1)
        shutil.rmtree(self.root, ignore_errors=True)
        if left:
            raise RuntimeError(f"ray processes left behind: {left}")


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True
