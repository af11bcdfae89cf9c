"""The one runner of gate and environment commands (lint, typecheck, tests, build).

Each command runs as a real subprocess in its own process group with a timeout; on timeout or
cancellation the whole group is killed. Only the key lines of its output are kept, as evidence.
Independent commands run concurrently. Nothing here prints.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
import shlex
import signal
import time
from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, Field

from pmtui.delivery.git_env import RUN_GIT_ENV
from pmtui.delivery.project_tools import run_tool_path
from pmtui.delivery.sandbox import current as current_sandbox

MAX_KEY_LINES = 20

_SHELL_SYNTAX = re.compile(r"[|;<>]|&&|(?<!&)&(?!&)")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_PYTEST_SUMMARY = re.compile(
    r"\b\d+ (passed|failed|errors?|skipped|xfailed|xpassed|deselected)\b.*\bin \d|no tests ran", re.IGNORECASE
)
_SUMMARY = re.compile(
    r"^(Found \d+ errors?|Success: no issues found|All checks passed|error: \d+|\d+ errors?\b|"
    r"Tests?:\s+\d+|\d+ problems?)",
    re.IGNORECASE,
)
_ERROR_LINE = re.compile(
    r"^(FAILED |ERROR |E\s{2,}\S)|^\S+?:\d+(:\d+)?:?\s|^\s*-->\s*\S+:\d+|^[A-Z]{1,4}\d{2,4}\b|"
    r"\berror\b|\bTraceback\b|\bAssertionError\b|"
    r"\bcommand not found\b|\bNo such file\b",
    re.IGNORECASE,
)
_COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped)")


class CommandResult(BaseModel):
    """One gate command's outcome; `key_lines` are the lines kept as evidence."""

    name: str
    command: str | None
    exit_code: int | None = None
    timed_out: bool = False
    duration_ms: float = 0.0
    key_lines: list[str] = Field(default_factory=list)
    skipped: bool = False

    @property
    def passed(self) -> bool:
        return self.skipped or (self.exit_code == 0 and not self.timed_out)

    def evidence(self) -> list[str]:
        if self.skipped:
            return [f"{self.name}: not configured"]
        if self.timed_out:
            head = f"{self.name}: `{self.command}` timed out after {self.duration_ms / 1000:.1f}s"
        else:
            head = f"{self.name}: `{self.command}` exited {self.exit_code} in {self.duration_ms / 1000:.1f}s"
        return [head, *(f"  {line}" for line in self.key_lines)]


def needs_shell(command: str) -> bool:
    """Pipes, `&&`, `;` and redirects need a shell; everything else runs without one."""
    return bool(_SHELL_SYNTAX.search(command))


def key_lines(output: str, limit: int = MAX_KEY_LINES) -> list[str]:
    """The lines that matter in a tool's output: summaries always, then failures and file:line errors."""
    lines = [_ANSI.sub("", line).rstrip() for line in output.splitlines()]
    lines = [line for line in lines if line.strip()]
    summaries = [i for i, line in enumerate(lines) if _is_summary(line)]
    errors = [i for i, line in enumerate(lines) if i not in summaries and _ERROR_LINE.search(line)]
    room = max(0, limit - len(summaries[-3:]))
    keep = set(summaries[-3:]) | set(errors[:room])
    if not keep:
        keep = set(range(max(0, len(lines) - 5), len(lines)))
    return [clip_line(lines[i].strip("= ")) if _is_summary(lines[i]) else clip_line(lines[i]) for i in sorted(keep)]


def _is_summary(line: str) -> bool:
    stripped = line.strip("= ").strip()
    return bool(_PYTEST_SUMMARY.search(stripped) or _SUMMARY.match(stripped))


def clip_line(line: str, width: int = 300) -> str:
    """The line cut to `width` characters, an ellipsis marking the cut."""
    return line if len(line) <= width else line[: width - 1] + "…"


def summary_counts(result: CommandResult) -> dict[str, int]:
    """Counts from a pytest-style summary line (passed, failed, errors, skipped) among the key lines."""
    counts: dict[str, int] = {}
    for line in result.key_lines:
        if _PYTEST_SUMMARY.search(line):
            for number, word in _COUNT.findall(line):
                key = "errors" if word.startswith("error") else word
                counts[key] = counts.get(key, 0) + int(number)
    return counts


# The user cache dir by the variables platformdirs reads it from on this system: the same answer until they change
# (it was looked up, with a Path built, twice a gate command).
_CACHE_ROOTS: dict[tuple[str | None, str | None], str] = {}


def _default_cache_root() -> str:
    key = (os.environ.get("XDG_CACHE_HOME"), os.environ.get("HOME"))
    root = _CACHE_ROOTS.get(key)
    if root is None:
        from platformdirs import user_cache_dir

        root = _CACHE_ROOTS[key] = str(Path(user_cache_dir("pmtui", appauthor=False)) / "gates")
    return root


def gate_cache_dir(cwd: str | Path) -> Path:
    """Where the gate tools of one working tree keep their caches: outside it, one folder per tree.

    PMTUI_GATE_CACHE chooses the root (default: the user cache dir), so nothing a tool caches can be
    mistaken for the agent's change, and a killed gate leaves nothing in the tree.
    """
    root = os.environ.get("PMTUI_GATE_CACHE") or _default_cache_root()
    # os.path.realpath gives Path.resolve()'s string without its extra stat (3 against 21 us).
    key = hashlib.sha256(os.path.realpath(cwd).encode()).hexdigest()[:16]
    return Path(root) / key


# os.environ as a str dict, built again only when the process's environment changed (os.environ's raw bytes are
# compared in C): decoding every variable for each gate command was most of gate_env's cost.
_ENVIRON: dict[str, object] = {"raw": None, "env": {}}


def _environ() -> dict[str, str]:
    raw = getattr(os.environ, "_data", None)
    if raw is None:
        return dict(os.environ)
    if raw != _ENVIRON["raw"]:
        _ENVIRON["env"] = dict(os.environ)
        _ENVIRON["raw"] = dict(raw)
    env = _ENVIRON["env"]
    assert isinstance(env, dict)
    return dict(env)


def gate_env(cwd: str | Path, base: Mapping[str, str] | None = None, cache: Path | None = None) -> dict[str, str]:
    """The environment of a gate command: no colours, ruff, mypy and pytest caching in gate_cache_dir(cwd)
    (`cache`, when the caller has it) instead of the working tree, and no bytecode written at all.

    Python reads the bytecode its library and the project's dependencies were installed with, and compiles
    the tree's own modules afresh: a `PYTHONPYCACHEPREFIX` (the earlier way to keep `__pycache__` out of the
    tree) hides those installed files, so with `PYTHONDONTWRITEBYTECODE` set, as many CI images and these
    machines have it, every gate compiled the standard library and pytest from source (0.3 s of pytest
    became 1-1.5 s); and a cache kept across tasks may serve an earlier attempt's compile of a file
    rewritten in the same second with the same size."""
    env = _environ() if base is None else dict(base)
    env.update(RUN_GIT_ENV.get())  # the run's own (git_env.py): the identity it lends git, say
    # The repository's own tools (.venv/bin, node_modules/.bin) before PATH, as with its environment active.
    env["PATH"] = run_tool_path(env.get("PATH", os.defpath))
    cache = gate_cache_dir(cwd) if cache is None else cache
    addopts = env.get("PYTEST_ADDOPTS", "").strip()
    env.update({
        "NO_COLOR": "1", "PY_COLORS": "0", "FORCE_COLOR": "0", "TERM": "dumb",
        "RUFF_CACHE_DIR": str(cache / "ruff"),
        "MYPY_CACHE_DIR": str(cache / "mypy"),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTEST_ADDOPTS": f"{addopts} -o cache_dir={shlex.quote(str(cache / 'pytest'))}".strip(),
    })
    return env


def signal_process_group(pgid: int, sig: signal.Signals = signal.SIGKILL) -> None:
    """Send `sig` to a whole process group; a group that is already gone is not an error."""
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


async def run_command(name: str, command: str | None, cwd: str | Path, timeout_s: float) -> CommandResult:
    """Run one gate command in its own process group; on timeout the whole group is killed."""
    if command is None or not command.strip():
        return CommandResult(name=name, command=command, skipped=True, key_lines=["not configured"])
    try:
        argv = ["sh", "-c", command] if needs_shell(command) else shlex.split(command)
    except ValueError as error:
        return CommandResult(name=name, command=command, exit_code=2, key_lines=[f"cannot parse the command: {error}"])
    # Under the run's sandbox (when there is one) the command may write its working tree and its caches only.
    cache = gate_cache_dir(cwd)
    env = gate_env(cwd, cache=cache)
    if current_sandbox().active:
        cache.mkdir(parents=True, exist_ok=True)
    argv = current_sandbox().wrap(argv, cwd, writable=[cache])
    started = time.perf_counter()
    try:
        process = await asyncio.create_subprocess_exec(
            *argv,
            cwd=str(cwd),
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
        )
    except OSError as error:
        elapsed = (time.perf_counter() - started) * 1000
        return CommandResult(
            name=name, command=command, exit_code=127, duration_ms=elapsed, key_lines=[f"cannot run {argv[0]}: {error}"]
        )
    chunks: list[bytes] = []

    async def read() -> None:
        assert process.stdout is not None
        while chunk := await process.stdout.read(65536):
            chunks.append(chunk)

    reader = asyncio.create_task(read())
    timed_out = False
    try:
        await asyncio.wait_for(process.wait(), timeout_s)
    except TimeoutError:
        timed_out = True
        signal_process_group(process.pid)
        await process.wait()
    except asyncio.CancelledError:
        signal_process_group(process.pid)
        raise
    finally:
        try:
            await asyncio.wait_for(reader, 5)
        except (TimeoutError, asyncio.CancelledError):
            reader.cancel()
    elapsed = (time.perf_counter() - started) * 1000
    output = b"".join(chunks).decode("utf-8", "replace")
    return CommandResult(
        name=name,
        command=command,
        exit_code=process.returncode,
        timed_out=timed_out,
        duration_ms=elapsed,
        key_lines=key_lines(output),
    )


async def run_commands(
    commands: Mapping[str, str | None], cwd: str | Path, timeout_s: float
) -> dict[str, CommandResult]:
    """Run independent gate commands concurrently; a `None` command is skipped ("not configured")."""
    names = list(commands)
    results = await asyncio.gather(*(run_command(name, commands[name], cwd, timeout_s) for name in names))
    return dict(zip(names, results, strict=True))
