"""Are the plan's gate tools there? Checked before a run touches the repository.

A plan written by the PM names `ruff check .` and `mypy src` for a Python stack. On a machine where ruff is not
installed, every attempt failed its lint gate with "execvp ruff: No such file or directory", the agent was asked to
fix what it cannot fix, and the task escalated as "failed exactly as attempt 2 did". A missing tool is the
environment's problem, said once and up front, with what to do about it.
"""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

from pmtui.delivery.gates.commands import needs_shell
from pmtui.delivery.plan import ENVIRONMENT_KEYS, PlanEnvironment

_NONE = {"", "none", "-", "n/a"}
# What a shell runs before the program: `FOO=1 ruff check .`, `env FOO=1 ruff …`, `exec ruff …`.
_PREFIXES = {"env", "exec", "command", "nice", "time", "sudo"}


def program_of(command: str) -> str | None:
    """The program a gate command starts ("ruff" for "ruff check ."; the first program of a shell line), or None
    when it cannot be told (a shell builtin, a subshell)."""
    words: list[str]
    try:
        words = shlex.split(command.split("&&")[0].split("|")[0].split(";")[0] if needs_shell(command) else command)
    except ValueError:
        return None
    for word in words:
        if "=" in word and not word.startswith(("/", ".")) and word.split("=", 1)[0].isidentifier():
            continue  # FOO=1
        if word in _PREFIXES or word.startswith("-"):
            continue
        return word
    return None


def missing_tool(command: str, root: Path, path: str | None = None) -> str | None:
    """The program of `command` when it is not there (not on PATH, or a path in the repository that does not
    exist), else None."""
    program = program_of(command)
    if program is None or program in ("cd", "true", "false", ":", "test", "[", "echo", "sh", "bash"):
        return None
    if "/" in program:
        where = Path(program) if Path(program).is_absolute() else root / program
        return None if where.exists() else program
    found = shutil.which(program, path=path if path is not None else os.environ.get("PATH", os.defpath))
    return None if found else program


def missing_tools(environment: PlanEnvironment, root: Path, path: str | None = None) -> str | None:
    """What to tell the user when gate commands' programs are not installed here (None: all are): each program
    with its command, once, and what to do."""
    missing: list[tuple[str, str, str]] = []  # (environment key, command, program)
    for key in ENVIRONMENT_KEYS:
        command = getattr(environment, key)
        if command is None or command.strip().lower() in _NONE:
            continue
        program = missing_tool(command, root, path)
        if program:
            missing.append((key, command, program))
    if not missing:
        return None
    if len(missing) == 1:
        key, command, program = missing[0]
        return (
            f"the plan's {key} command `{command}` needs `{program}`, which is not installed here (not on PATH): "
            f"install it in the repository's .venv (pmtui looks in its .venv/bin and node_modules/.bin first) or on PATH, "
            f"or change the plan's Environment line to "
            f"'- {key}: <command>' (or '- {key}: none' to run no {key} gate)"
        )
    tools = ", ".join(f"`{program}` ({key}: `{command}`)" for key, command, program in missing)
    key = missing[0][0]
    return (
        f"the plan's gate commands need programs that are not installed here (not on PATH): {tools}; install them "
        f"in the repository's .venv (pmtui looks in its .venv/bin and node_modules/.bin first) or on PATH, or change those Environment lines of the plan "
        f"('- {key}: <command>', or '- {key}: none' to run no {key} gate)"
    )
