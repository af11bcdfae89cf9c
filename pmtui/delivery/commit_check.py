"""The secret scan on the final content of every commit pmtui makes.

Whatever led to a commit — the gates, "accept as is", a remediation task, the review artifact, the
release manifest — what is staged is scanned just before `git commit`, and a secret found refuses
the commit (git_ops.CommitRefused). The scan is the review gate's (gates.secrets_scan).
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery import gates, git_ops
from pmtui.delivery.diffs import ChangeSet, parse_diff, raw_gitlinks, split_raw


def staged_change(root: Path, env: dict[str, str] | None = None) -> ChangeSet:
    """What is staged against HEAD (in the index `env` names, else the real one): the next commit's content."""
    base = git_ops.head(root)[0] or git_ops.EMPTY_TREE
    out = git_ops.run_git(root, "-c", "core.quotePath=false", "-c", "color.ui=false", "diff", "--cached",
                          "--no-ext-diff", "--no-textconv", "--no-relative", "-M", "--raw", "-z", "--stat", "--patch",
                          "--src-prefix=a/", "--dst-prefix=b/", base, env=env, strip=False)
    entries, stat, diff = split_raw(out)
    change = ChangeSet(root=str(root), base_sha=base, stat=stat, diff=diff)
    change.added = [paths[-1] for code, paths in entries if code[0] != "D"]
    change.deleted = [paths[0] for code, paths in entries if code[0] == "D"]
    change.added_lines, change.removed_lines = parse_diff(diff)
    change.nested = sorted(raw_gitlinks(out))
    return change


def final_content_check(root: Path, env: dict[str, str] | None = None) -> tuple[list[str], str]:
    """The secret scan's findings and the gitlinks (nested repositories) in what is staged, none when it is
    clean; and the diff stat of what is staged (git_ops.StagedCheck)."""
    change = staged_change(root, env)
    scan = gates.secrets_scan(change)
    nested = [gates.nested_finding(path) for path in change.nested]
    return [*([] if scan.passed else scan.evidence), *nested], change.stat


def final_content_problems(root: Path, env: dict[str, str] | None = None) -> list[str]:
    """final_content_check's findings alone."""
    return final_content_check(root, env)[0]


def refuse_staged(root: Path, what: str) -> None:
    """Scan the real index before a commit pmtui makes itself: a finding unstages it and raises CommitRefused."""
    problems = final_content_problems(root)
    if problems:
        git_ops.run_git(root, "reset", "--quiet")
        raise git_ops.CommitRefused(f"{what} was refused: {'; '.join(problems[:2])}", problems)
