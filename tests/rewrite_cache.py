"""One xdist worker rewrites a test module's asserts; the others read what it wrote.

pytest rewrites the asserts of each test module and keeps the result in `__pycache__/*-pytest-*.pyc`. In a
clean clone (CI) there is none yet, and the workers start together and collect the same modules in the same
order, so each of them rewrote every module: 6.4 s of CPU a worker on 2026-11-27 (a cold collection 9.7 s,
a warm one 3.3 s), about 22 s of task-clock over four workers (`pytest -n 4 -k …`, cold 37.2/39.7 s, warm
16.2/16.5 s). Here a worker that finds no cached module takes an exclusive `flock` on its source, reads the
cache again (another worker may have written it meanwhile), and rewrites only if it is still missing; the
lock is released once the module is written. Nothing runs while the lock is held (a module executes after
its code is written), so two workers cannot wait on each other. Where writing is off (`-B`,
`sys.dont_write_bytecode`, a read-only folder) nothing is locked and pytest works as it does alone.

pytest has no hook for this: `_pytest.assertion.rewrite`'s `_read_pyc` and `_write_pyc` are wrapped, and if
they are not there (another pytest) nothing is changed.
"""

from __future__ import annotations

import fcntl
import os
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

_held: dict[str, int] = {}


def _release(pyc: str | None = None) -> None:
    for key in [pyc] if pyc is not None else list(_held):
        fd = _held.pop(key, None)
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


def share_rewritten_modules() -> bool:
    """Wrap pytest's cache reads and writes of rewritten modules; False where this pytest has none."""
    try:
        from _pytest.assertion import rewrite
    except ImportError:
        return False
    read: Callable[..., types.CodeType | None] | None = getattr(rewrite, "_read_pyc", None)
    write: Callable[..., bool] | None = getattr(rewrite, "_write_pyc", None)
    if read is None or write is None or getattr(read, "_shared", False):
        return False

    def read_pyc(source: Path, pyc: Path, trace: Callable[[str], None] = lambda _: None) -> types.CodeType | None:
        code = read(source, pyc, trace)
        if code is not None or sys.dont_write_bytecode or str(pyc) in _held:
            return code
        if not os.access(pyc.parent, os.W_OK):
            return None
        try:
            fd = os.open(source, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:  # a file system without flock: rewrite unlocked, as pytest alone does
            os.close(fd)
            return None
        code = read(source, pyc, trace)
        if code is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
            return code
        _held[str(pyc)] = fd  # pytest rewrites it now and writes it: released in write_pyc
        return None

    def write_pyc(state: Any, co: types.CodeType, source_stat: os.stat_result, pyc: Path) -> bool:
        try:
            return bool(write(state, co, source_stat, pyc))
        finally:
            _release(str(pyc))

    read_pyc._shared = True  # type: ignore[attr-defined]
    setattr(rewrite, "_read_pyc", read_pyc)  # noqa: B010 (a private name: no attribute to type-check)
    setattr(rewrite, "_write_pyc", write_pyc)  # noqa: B010
    # A rewrite that failed (a syntax error) never writes: its lock goes when the module's import ends.
    for finder in sys.meta_path:
        if isinstance(finder, rewrite.AssertionRewritingHook):
            exec_module = finder.exec_module

            def exec_then_release(module: types.ModuleType, _exec: Any = exec_module) -> None:
                try:
                    _exec(module)
                finally:
                    _release()

            finder.exec_module = exec_then_release  # type: ignore[method-assign]
    return True
