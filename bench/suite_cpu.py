"""CPU time of each test of the suite (user + sys of the worker and of the processes it waited for), not wall time.

The machine the suite runs on is shared: wall times move with other people's load, CPU seconds much less.
Used as a pytest plugin, only when asked for; it is not active in `make test`:

    SUITE_CPU_OUT=/tmp/cpu .venv/bin/python -m pytest -p bench.suite_cpu -n 3 --dist loadgroup -q -p no:cacheprovider
    .venv/bin/python bench/suite_cpu.py /tmp/cpu [--top 30]        # top tests and files
    .venv/bin/python bench/suite_cpu.py /tmp/cpu --compare /tmp/cpu-before
    .venv/bin/python bench/suite_cpu.py /tmp/cpu --tail [--top 8]  # each worker's end and its last long tests

Each process (xdist worker or a plain pytest) writes `<SUITE_CPU_OUT>.<worker>.jsonl`: one line per test with the
CPU of its setup, call and teardown (a module fixture's setup counts to the first test that uses it, its teardown to
the last), and one line for the process's own start and collection. Each test line also holds its wall-clock start
and end (`start`, `end`, seconds since the epoch): `--tail` says when each worker ran out of work and which long tests
it ran last, so a run whose wall time is one worker's tail shows it.

The clock is the kernel's task-clock counter of the process and of every process and thread it starts
(perf_event_open with `inherit`, what `perf stat -e task-clock` reads), as the processes end. getrusage() is not
enough: a command run under `bwrap --unshare-pid` (the gates and agents of a sandboxed run) never reaches the
parent's RUSAGE_CHILDREN (`time` over a sandboxed `python -c 'sum(range(3*10**7))'`: 0.00 s user), and neither does a
process nobody waits for. Where perf_event_open is refused (perf_event_paranoid 3, seccomp), getrusage is the fallback
and the report says so.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import struct
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def _rusage() -> float:
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def _own() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


_SYS_PERF_EVENT_OPEN = {"x86_64": 298, "aarch64": 241}
_PERF_TYPE_SOFTWARE, _PERF_COUNT_SW_TASK_CLOCK, _INHERIT, _FD_CLOEXEC = 1, 1, 1 << 1, 1 << 3


def _task_clock_fd() -> int | None:
    """A task-clock counter of this process and all it starts from now on, or None where the kernel refuses."""
    number = _SYS_PERF_EVENT_OPEN.get(os.uname().machine)
    if number is None:
        return None
    attr = bytearray(128)
    struct.pack_into("IIQ", attr, 0, _PERF_TYPE_SOFTWARE, len(attr), _PERF_COUNT_SW_TASK_CLOCK)
    struct.pack_into("Q", attr, 40, _INHERIT)  # the flags word after sample_period, sample_type, read_format
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.syscall(number, (ctypes.c_char * len(attr)).from_buffer(attr), 0, -1, -1, _FD_CLOEXEC)
    return fd if fd >= 0 else None


class _Recorder:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.lines: list[dict[str, Any]] = []
        self.started = False
        self.fd = _task_clock_fd()
        # The counter starts now: the process's start and collection so far are only in its own rusage.
        self.offset = _rusage()

    def _cpu(self) -> float:
        if self.fd is None:
            return _rusage()
        (nanoseconds,) = struct.unpack("Q", os.read(self.fd, 8))
        return self.offset + float(nanoseconds) / 1e9

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        before, own, start = self._cpu(), _own(), time.time()
        if not self.started:
            self.started = True
            self.lines.append({"test": "<process start and collection>", "cpu": before, "own": own})
        yield
        # `own`: the worker's own threads (the test's in-process work); the rest is the processes it started.
        self.lines.append({"test": item.nodeid, "cpu": self._cpu() - before, "own": _own() - own,
                           "start": start, "end": time.time()})

    def pytest_sessionfinish(self) -> None:
        self.out.parent.mkdir(parents=True, exist_ok=True)
        with self.out.open("w") as handle:
            for line in self.lines:
                handle.write(json.dumps(line) + "\n")
            clock = "task-clock" if self.fd is not None else "rusage"
            # A process that ran no test is xdist's controller: its counter holds the workers and all they started.
            name = "<process total>" if self.started else "<whole tree>"
            handle.write(json.dumps({"test": name, "cpu": self._cpu(), "clock": clock}) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    base = os.environ.get("SUITE_CPU_OUT")
    if not base:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    config.pluginmanager.register(_Recorder(Path(f"{base}.{worker}.jsonl")), "suite_cpu_recorder")


def _load(base: str) -> tuple[dict[str, float], dict[str, float]]:
    """CPU by test, and the process-level lines (start and collection, totals, `<in the workers>` summed)."""
    tests: dict[str, float] = defaultdict(float)
    overhead: dict[str, float] = defaultdict(float)
    clocks: set[str] = set()
    folder, prefix = Path(base).parent, Path(base).name + "."
    for path in sorted(folder.glob(prefix + "*.jsonl")):
        for raw in path.read_text().splitlines():
            line = json.loads(raw)
            (overhead if line["test"].startswith("<") else tests)[line["test"]] += line["cpu"]
            if not line["test"].startswith("<"):
                overhead["<in the workers>"] += line.get("own", 0.0)
            clocks.update([line["clock"]] if "clock" in line else [])
    overhead["<whole tree>"] = overhead.get("<whole tree>") or overhead["<process total>"]
    print(f"{base}: clock {', '.join(sorted(clocks))}")
    return tests, overhead


def _by_file(tests: dict[str, float]) -> dict[str, float]:
    files: dict[str, float] = defaultdict(float)
    for nodeid, cpu in tests.items():
        files[nodeid.split("::", 1)[0]] += cpu
    return files


def tail(base: str, top: int) -> None:
    """When each worker ran its first and last test, and its longest tests in wall time among those it started in
    its last quarter: the run's wall time is the last worker's end, and a long test started late is its tail."""
    folder, prefix = Path(base).parent, Path(base).name + "."
    workers: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(folder.glob(prefix + "*.jsonl")):
        lines = [json.loads(raw) for raw in path.read_text().splitlines()]
        timed = [line for line in lines if "start" in line]
        if timed:
            workers[path.name[len(prefix):-len(".jsonl")]] = timed
    if not workers:
        print(f"{base}: no wall times recorded (a run before they were)")
        return
    t0 = min(line["start"] for lines in workers.values() for line in lines)
    last = max(line["end"] for lines in workers.values() for line in lines)
    print(f"{base}: tests ran {last - t0:.1f} s of wall from the first test's start")
    for name, lines in sorted(workers.items(), key=lambda kv: max(line["end"] for line in kv[1])):
        first, end = min(line["start"] for line in lines), max(line["end"] for line in lines)
        busy = sum(line["end"] - line["start"] for line in lines)
        print(f"\n{name}: {len(lines)} tests, {first - t0:.1f} -> {end - t0:.1f} s, busy {busy:.1f} s, "
              f"idle at the end {last - end:.1f} s")
        late = [line for line in lines if line["start"] - t0 >= 0.75 * (end - t0)]
        for line in sorted(late, key=lambda line: line["start"] - line["end"])[:top]:
            print(f"  {line['start'] - t0:7.1f} +{line['end'] - line['start']:6.1f} s  {line['test']}")


def main(argv: list[str]) -> None:
    top = 30
    if "--top" in argv:
        top = int(argv[argv.index("--top") + 1])
    base = argv[0]
    if "--tail" in argv:
        tail(base, top if "--top" in argv else 8)
        return
    tests, overhead = _load(base)
    files = _by_file(tests)
    print(f"{base}: {len(tests)} tests, {sum(tests.values()):.1f} s of CPU in tests; the whole process tree "
          f"{overhead['<whole tree>']:.1f} s, of it the workers' start and collection "
          f"{overhead['<process start and collection>']:.1f} s; of the tests' CPU "
          f"{overhead['<in the workers>']:.1f} s in the workers themselves, the rest in the processes they started")
    if "--compare" in argv:
        old_tests, old_overhead = _load(argv[argv.index("--compare") + 1])
        old_files = _by_file(old_tests)
        print(f"before: {len(old_tests)} tests, {sum(old_tests.values()):.1f} s in tests; the whole process tree "
              f"{old_overhead['<whole tree>']:.1f} s")
        print(f"\nfiles, before -> after (s of CPU), top {top} by before:")
        for name, cpu in sorted(old_files.items(), key=lambda kv: -kv[1])[:top]:
            print(f"{cpu:8.1f} -> {files.get(name, 0.0):7.1f}  {name}")
        return
    print(f"\ntop {top} tests (s of CPU):")
    for name, cpu in sorted(tests.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{cpu:8.2f}  {name}")
    print(f"\ntop {top} files (s of CPU):")
    for name, cpu in sorted(files.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{cpu:8.2f}  {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
