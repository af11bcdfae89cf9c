"""The first-run scan of a delivery (seed 003 §3 Init): git log, file tree, the test command once,
the shared context block built from them, and each task's state against the code.

Everything here reads; nothing writes to the repository. The engine stores the results before it
acts on them, so a resumed run never scans again.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pmtui.delivery.git_ops import GitError, run_git
from pmtui.delivery.plan import PlanDocument, PlanTask
from pmtui.models.delivery import CodeState

LOG_COMMITS = 20
TREE_DIRS_SHOWN = 12
DESIGN_LINES = 40
_STACKS: dict[str, str] = {
    ".py": "Python",
    ".ts": "TypeScript",
    ".tsx": "TypeScript/React",
    ".js": "JavaScript",
    ".go": "Go",
    ".rs": "Rust",
    ".java": "Java",
    ".kt": "Kotlin",
    ".rb": "Ruby",
    ".php": "PHP",
    ".cs": "C#",
}


def _git(root: Path, *args: str) -> str:
    """A read for the scan: what git says, or nothing when it cannot say (no commits yet, no repository)."""
    try:
        return run_git(root, *args)
    except GitError:
        return ""


def recent_commits(root: Path, count: int = LOG_COMMITS) -> list[str]:
    """`git log --oneline -n 20`, newest first."""
    return [line for line in _git(root, "log", "--oneline", f"-n{count}").splitlines() if line]


def tracked_files(root: Path) -> list[str]:
    return [line for line in _git(root, "ls-files").splitlines() if line]


def tree_summary(files: list[str]) -> list[str]:
    """Top-level folders with their file counts, largest first, then the files at the root."""
    folders = Counter(path.split("/", 1)[0] for path in files if "/" in path)
    lines = [f"{name}/ ({count} files)" for name, count in folders.most_common(TREE_DIRS_SHOWN)]
    lines += [path for path in files if "/" not in path][:TREE_DIRS_SHOWN]
    return lines


def tech_stack(files: list[str]) -> list[str]:
    counts = Counter(_STACKS[Path(path).suffix] for path in files if Path(path).suffix in _STACKS)
    return [name for name, _ in counts.most_common(3)]


def design_excerpt(design_path: Path | None) -> str:
    """The design doc's headings and first lines: its principles without the whole text."""
    if design_path is None or not design_path.is_file():
        return ""
    lines = design_path.read_text(encoding="utf-8", errors="replace").splitlines()
    headings = [line.strip() for line in lines if line.lstrip().startswith("#")]
    head = [line for line in lines[:DESIGN_LINES] if line.strip()]
    picked = list(dict.fromkeys([*headings[:20], *head]))
    return "\n".join(picked[:DESIGN_LINES])


def shared_context_block(
    plan: PlanDocument,
    root: Path,
    *,
    commits: list[str],
    files: list[str],
    test_line: str,
    design_path: Path | None,
) -> str:
    """The compact project context every contract carries (built once, stored, never rescanned)."""
    env = plan.environment
    commands = [f"{name}: {value}" for name, value in (("lint", env.lint), ("typecheck", env.typecheck),
                                                        ("test", env.test), ("build", env.build)) if value]
    owners = sorted({task.ownership for task in plan.tasks if task.ownership})
    stack = ", ".join(tech_stack(files))
    if not stack:
        # A new project's repository holds no code yet: the files the plan creates say what it will be written in.
        planned = ", ".join(tech_stack([path for task in plan.tasks for path in task.files.create]))
        stack = f"{planned} (from the files the plan creates)" if planned else ""
    parts = [
        f"Project: {plan.name} (plan {plan.plan_id}), repository {root.name}",
        f"Tech stack: {stack or 'not detected'}",
        f"Conventions: commands — {'; '.join(commands) or 'none configured'}; sub-agents never commit",
        f"Module boundaries (ownership areas): {', '.join(owners) or 'none declared'}",
        # Scanned once, when the run started: said so, or a fifth task's agent reads "tests FAILING (exit 5) — no
        # tests ran" of a repository whose first task has since added passing ones (what changed is under Earlier tasks).
        "When the run started, before any task:",
        "- Key paths: " + ("; ".join(tree_summary(files)) or "(empty repository)"),
        "- Recent commits: " + ("; ".join(commits[:5]) or "none"),
        f"- Tests: {test_line}",
    ]
    excerpt = design_excerpt(design_path)
    if excerpt:
        parts.append("Design principles and constraints:\n" + excerpt)
    return "\n".join(parts)


def code_state(task: PlanTask, root: Path) -> tuple[CodeState, str]:
    """EXISTS / PARTIAL / MISSING from the task's files to create and tests, with the evidence."""
    targets = list(dict.fromkeys([*task.files.create, *(test.split("::", 1)[0] for test in task.tests)]))
    modify = list(task.files.modify)
    present = [path for path in targets if (root / path).exists()]
    missing_modify = [path for path in modify if not (root / path).exists()]
    if targets and len(present) == len(targets):
        return "EXISTS", f"all {len(targets)} expected file(s) already exist: {', '.join(present)}"
    if present:
        absent = [path for path in targets if path not in present]
        return "PARTIAL", f"present: {', '.join(present)}; missing: {', '.join(absent)}"
    note = f"none of {', '.join(targets)} exists yet" if targets else "the task names no files to create"
    if missing_modify:
        note += f"; files to modify that do not exist: {', '.join(missing_modify)}"
    return "MISSING", note
