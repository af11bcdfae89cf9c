"""A repository for a plan that has none yet: the founder who walked from an idea to a plan has no code to deliver
into, and "Deliver this plan" offers to start one (a folder that does not exist, an empty folder, or a repository
with no commits), with a first commit the plan branch can start from."""

from __future__ import annotations

import os
import re
from pathlib import Path

from pmtui.delivery.git_ops import GitError, run_git, work_tree


def needs_new_repo(path: Path) -> str | None:
    """Why `path` needs a new repository ("does not exist yet", "is an empty folder", "has no commits yet"), or None
    when it is a repository to deliver into (or something a new repository must not be made in)."""
    target = path.expanduser()
    if not target.exists():
        return "does not exist yet"
    if not target.is_dir():
        return None
    if not any(target.iterdir()):
        return "is an empty folder"
    try:
        root = work_tree(target)  # no GitPython import on the dialog's keystrokes
    except GitError:
        return None
    if root == target.resolve() and not _has_head(target):
        return "has no commits yet"
    return None


def suggested_repo(slug: str, cwd: Path | None = None) -> Path:
    """Where "Deliver this plan" suggests delivering: the repository pmtui was started in when it is the founder's,
    else a new folder named after the project in the home folder. pmtui's own checkout (`make run` starts the app
    there) is never suggested: delivering into it would put the founder's app on a branch of pmtui."""
    here = (cwd or Path.cwd()).resolve()
    try:
        root = work_tree(here)
    except GitError:
        root = None
    if root is not None and root != Path.home().resolve() and not _is_pmtui_checkout(root):
        return root
    return Path.home() / slug


def _is_pmtui_checkout(root: Path) -> bool:
    try:
        project = (root / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False
    return re.search(r'(?m)^name\s*=\s*"pmtui"\s*$', project) is not None


def _has_head(target: Path) -> bool:
    try:
        run_git(target, "rev-parse", "--verify", "-q", "HEAD^{commit}")
    except GitError:
        return False
    return True


def start_repo(path: Path, project: str) -> Path:
    """Make `path` a git repository with one commit (a README naming the project, a .gitignore), on `main`;
    OSError or GitError (with git's own words) when it cannot."""
    target = path.expanduser().resolve()
    target.mkdir(parents=True, exist_ok=True)
    if not (target / ".git").exists():
        run_git(target, "init", "-q", "-b", "main")
    readme = target / "README.md"
    if not readme.exists():
        readme.write_text(f"# {project}\n\nStarted by pmtui for the delivery plan of {project}.\n", encoding="utf-8")
    ignore = target / ".gitignore"
    if not ignore.exists():
        ignore.write_text("__pycache__/\n*.pyc\n.venv/\n.pytest_cache/\n.mypy_cache/\n.ruff_cache/\n", encoding="utf-8")
    run_git(target, "add", "README.md", ".gitignore")
    # The user's own name and address when git knows them; a named fallback for this first commit otherwise.
    who = {} if _configured(target) else {"GIT_AUTHOR_NAME": "pmtui", "GIT_AUTHOR_EMAIL": "pmtui@localhost",
                                          "GIT_COMMITTER_NAME": "pmtui", "GIT_COMMITTER_EMAIL": "pmtui@localhost"}
    run_git(target, "-c", "commit.gpgsign=false", "commit", "-q", "-m", f"chore: start {project}", env=who or None)
    return target


def _configured(target: Path) -> bool:
    try:
        return bool(run_git(target, "config", "user.email")) and bool(run_git(target, "config", "user.name"))
    except GitError:
        return bool(os.environ.get("GIT_AUTHOR_EMAIL") and os.environ.get("GIT_AUTHOR_NAME"))
