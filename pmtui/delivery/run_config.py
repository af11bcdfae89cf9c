"""The configuration a delivery trusts: never a config file its own commits changed.

The plan branch is checked out in the user's checkout, so a `pmtui.toml` that a task of the run added or
changed is what `pmtui deliver` run from that folder would read on resume — a task could turn the sandbox
off or send the review elsewhere for the attempts after it. As a careful CI system runs a change under the
configuration of the base it started from, a config file inside the repository being delivered, with a
plan branch `pm/<plan-id>` checked out, is read as it was at that run's baseline commit (or not at all when
the baseline had none), and the user is told. Git runs through git_ops.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from pmtui.delivery import git_ops

if TYPE_CHECKING:
    from pmtui.config import Config


class RunWrittenConfig(NamedTuple):
    """A config file the run's own commits changed: where, on which plan branch, and how it was before."""

    path: Path
    plan_branch: str
    baseline: str
    before: str | None  # its text at the baseline; None when the baseline had no such file

    def note(self) -> str:
        kept = (f"reading it as it was at the run's baseline {self.baseline[:12]}" if self.before is not None
                else "the run's baseline had no such file, so it is not read")
        return (f"{self.path} was changed by this delivery's commits on {self.plan_branch}: a delivery never "
                f"reads configuration its own tasks wrote; {kept}. Review it, merge the plan branch, and the "
                "next delivery reads it")


def run_written_config(config_file: Path, repo: Path) -> RunWrittenConfig | None:
    """`config_file` as a config file of the run, when it is inside `repo` (whose checked-out branch is a plan
    branch with a recorded baseline) and differs from the baseline's; None when it is the user's own."""
    try:
        root = git_ops.repo_root(repo).resolve()
        relative = config_file.resolve().relative_to(root)
    except (git_ops.GitError, ValueError, OSError):
        return None
    _, branch = git_ops.head(root)
    if not branch or not branch.startswith("pm/"):
        return None
    try:
        baseline = git_ops.run_git(root, "config", "--local", "--get", f"pmtui.{branch.removeprefix('pm/')}.baseline")
    except git_ops.GitError:
        return None
    try:
        before: str | None = git_ops.run_git(root, "show", f"{baseline}:{relative.as_posix()}", strip=False)
    except git_ops.GitError:
        before = None
    try:
        now = config_file.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        return None
    if before is not None and now == before:
        return None
    return RunWrittenConfig(config_file, branch, baseline, before)


def delivery_config(repo: Path, *, offline: bool, find_models: bool = True) -> tuple[Config, str]:
    """The config a delivery into `repo` trusts, and a note when the file found was passed over: a pmtui.toml
    the run's own commits changed is read as it was at the baseline, or not at all. PMTUI_CONFIG, a file the
    user names, is read as it is. Checked before the file is parsed: an agent's malformed file stops nothing."""
    from pmtui.config import load_config
    from pmtui.paths import find_config_file

    found = None if os.environ.get("PMTUI_CONFIG") else find_config_file()
    written = run_written_config(found, repo) if found is not None else None
    if written is None:
        return load_config(offline=offline, find_models=find_models), ""
    if written.before is not None:
        return load_config(found, offline=offline, find_models=find_models, text=written.before), written.note()
    return load_config(offline=offline, find_models=find_models, passed_over=found), written.note()
