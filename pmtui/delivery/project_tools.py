"""The repository's own tools: the programs its virtualenv or node_modules hold, found before PATH.

A Python project keeps ruff, mypy and pytest in its own `.venv` (or `venv`); a JavaScript project keeps eslint and tsc
in `node_modules/.bin`. A developer runs `ruff check .` with that environment active; pmtui is started from
elsewhere (`make run`, pipx, another venv), so the plan's gate commands were looked up on pmtui's own PATH only, and
a project whose tools sat in its `.venv` was refused with "ruff is not installed here". The run's gates and the
up-front tool check see the repository's tool folders first, then PATH, as an activated environment would.

Only folders of the repository's main checkout are used (never a worktree's: an agent could plant one there), and
only when they exist; nothing is created here.
"""

from __future__ import annotations

import contextvars
import os
import re
from pathlib import Path

# Where projects keep their tools, in the order an activated environment would find them.
TOOL_DIRS: tuple[str, ...] = (".venv/bin", "venv/bin", "node_modules/.bin")

# The repository of the run this context belongs to (the engine sets it; gate commands read it).
PROJECT_ROOT: contextvars.ContextVar[Path | None] = contextvars.ContextVar("pmtui_project_root", default=None)


def tool_dirs(root: Path) -> list[Path]:
    """The repository's tool folders that exist."""
    return [root / relative for relative in TOOL_DIRS if (root / relative).is_dir()]


def tool_path(root: Path | None, base: str | None = None) -> str:
    """PATH for a command of the repository at `root`: its tool folders first, then `base` (default: this process's
    PATH)."""
    base = os.environ.get("PATH", os.defpath) if base is None else base
    if root is None:
        return base
    found = [str(folder) for folder in tool_dirs(root)]
    return os.pathsep.join([*found, *(part for part in base.split(os.pathsep) if part and part not in found)])


def run_tool_path(base: str | None = None) -> str:
    """PATH for a gate command of the current run (the process's PATH outside a run)."""
    return tool_path(PROJECT_ROOT.get(), base)


# A gate criterion that is the command itself: "`ruff check .` reports no errors", "`mypy src` passes".
_COMMAND_CRITERION = re.compile(r"^\s*-\s+.*`(?P<command>[^`]+)`.*$")


def without_gates(plan_markdown: str, keys: list[str]) -> str:
    """The plan with the Environment lines of `keys` set to none, and the criteria that are those commands' own
    ("`ruff check .` reports no errors") left out: a run the founder chose to deliver without those gates."""
    commands: set[str] = set()
    lines = plan_markdown.splitlines()
    in_environment = False
    for index, line in enumerate(lines):
        if line.startswith("## "):
            in_environment = line.strip().lower() == "## environment"
            continue
        field = re.match(r"^-\s+(\w+)\s*:\s*(.*)$", line) if in_environment else None
        if field and field.group(1).lower() in keys:
            command = field.group(2).strip()
            if command and command.lower() != "none":
                commands.add(command)
            lines[index] = f"- {field.group(1)}: none"
    kept = [line for line in lines
            if not ((match := _COMMAND_CRITERION.match(line)) and match.group("command").strip() in commands)]
    return "\n".join(kept) + ("\n" if plan_markdown.endswith("\n") else "")


def missing_gate_tools(plan_path: Path, root: Path) -> dict[str, str]:
    """The plan's gates whose program is found neither in the repository's tool folders nor on PATH, gate → program
    ({} when the plan cannot be read: the run itself then says why)."""
    from pmtui.delivery.plan import ENVIRONMENT_KEYS, PlanError, parse_plan
    from pmtui.delivery.toolcheck import missing_tool

    try:
        plan = parse_plan(plan_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, PlanError):
        return {}
    missing: dict[str, str] = {}
    for key in ENVIRONMENT_KEYS:
        command = getattr(plan.environment, key)
        program = missing_tool(command, root, tool_path(root)) if command else None
        if program:
            missing[key] = program
    return missing
