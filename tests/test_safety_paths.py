"""Issue 11 item by item, at the level of the parts: the final content of a commit is scanned on the
commit path itself (a refused commit leaves the index, HEAD and the object store as they were, and the
file where it was), the per-change size limit, the dashboard's word on confinement, and the scratch
folders of killed runs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from rich.console import Console

from pmtui.delivery import gates, git_ops
from pmtui.delivery.commit_check import final_content_check, refuse_staged
from pmtui.delivery.feed import DeliveryFeed
from pmtui.delivery.sandbox import SCRATCH_PREFIX, new_scratch, sweep_scratch
from pmtui.models.delivery import AgentResult
from pmtui.store import Store
from tests.fixtures.dashboard_data import build_run
from tests.fixtures.delivery_repo import git, make_project
from widgets.task_detail import detail_renderable

KEY = "sk-live-Zt7pQ2mW9xR4vN8bK1cJ6hL3sD0fG5aY"


def in_object_store(repo: Path, content: str) -> bool:
    blob = subprocess.run(["git", "hash-object", "--stdin"], cwd=repo, input=content, capture_output=True,
                          text=True, check=True).stdout.strip()
    return subprocess.run(["git", "cat-file", "-e", blob], cwd=repo, check=False).returncode == 0


def test_commit_task_scans_what_is_staged_and_a_refusal_leaves_everything_as_it_was(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    head = git(repo, "rev-parse", "HEAD")
    leaked = f'"""Settings."""\n\nTOKEN = "{KEY}"\n'
    (repo / "src" / "settings.py").write_text(leaked, encoding="utf-8")
    (repo / "docs" / "reviews").mkdir(parents=True)
    (repo / "docs" / "reviews" / "T1-review.md").write_text("# T1 review\n", encoding="utf-8")
    with pytest.raises(git_ops.CommitRefused) as refused:
        git_ops.commit_task(repo, type_="feat", scope="core", description="settings", task_id="T1",
                            review_path="docs/reviews/T1-review.md", paths=["src/settings.py"],
                            check=final_content_check)
    assert str(refused.value).startswith(
        "the commit of task T1 was refused: 1 secret(s) in the change; src/settings.py:3: OpenAI key")
    assert KEY not in str(refused.value) and all(KEY not in line for line in refused.value.evidence)
    assert git(repo, "rev-parse", "HEAD") == head
    assert git(repo, "diff", "--cached", "--name-only") == "", "the real index is untouched"
    assert not in_object_store(repo, leaked), "the refused content was hashed into the repository"
    assert (repo / "src" / "settings.py").read_text(encoding="utf-8") == leaked, "nothing is lost"

    # The same path commits a clean change, and what it committed is what was checked.
    clean = '"""Settings."""\n\nTOKEN_ENV = "APP_TOKEN"\n'
    (repo / "src" / "settings.py").write_text(clean, encoding="utf-8")
    sha = git_ops.commit_task(repo, type_="feat", scope="core", description="settings", task_id="T1",
                              review_path="docs/reviews/T1-review.md", paths=["src/settings.py"],
                              check=final_content_check)
    assert git(repo, "show", f"{sha}:src/settings.py") + "\n" == clean
    assert sorted(git(repo, "show", "--name-only", "--format=", sha).split()) == [
        "docs/reviews/T1-review.md", "src/settings.py"]
    assert git(repo, "status", "--porcelain") == ""


def test_the_release_manifest_commit_is_scanned_and_a_refusal_unstages_it(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    manifest = repo / "docs" / "releases" / "v1-release.yaml"
    manifest.parent.mkdir(parents=True)
    manifest.write_text('risks:\n- description: db_password = "correct-horse-battery"\n', encoding="utf-8")
    git(repo, "add", "--force", "--", "docs/releases/v1-release.yaml")
    with pytest.raises(git_ops.CommitRefused, match="the release manifest's commit was refused: 1 secret"
                                                    r"\(s\) in the change; docs/releases/v1-release.yaml:2: db_password"):
        refuse_staged(repo, "the release manifest's commit")
    assert git(repo, "diff", "--cached", "--name-only") == ""
    assert manifest.exists()
    manifest.write_text("risks: []\n", encoding="utf-8")
    git(repo, "add", "--force", "--", "docs/releases/v1-release.yaml")
    refuse_staged(repo, "the release manifest's commit")  # a clean manifest passes
    assert git(repo, "diff", "--cached", "--name-only") == "docs/releases/v1-release.yaml"


def test_the_per_file_and_per_change_limits(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    (repo / "data").mkdir()
    for name in ("a.txt", "b.txt"):
        (repo / "data" / name).write_text("x" * 600_000, encoding="utf-8")
    within = gates.limited_change(repo, 1 * gates.MB)
    assert within.oversized == {} and within.sizes["data/a.txt"] == 600_000
    passed = gates.size_limit(within, 1 * gates.MB, 2 * gates.MB)
    assert passed.passed, passed.evidence
    failed = gates.size_limit(within, 1 * gates.MB, 1 * gates.MB)
    assert not failed.passed
    assert failed.evidence[0].startswith("the change's files add up to 1.2 MB, over the per-change limit of "
                                         "1.0 MB (delivery.max_change_mb in pmtui.toml); largest: data/")
    (repo / "data" / "big.bin").write_bytes(b"\0" * 1_500_000)
    over = gates.limited_change(repo, 1 * gates.MB)
    assert over.oversized == {"data/big.bin": 1_500_000} and "data/big.bin" not in over.files()
    assert not in_object_store(repo, "x" * 600_000), "reading a change hashes nothing into the repository"


def test_the_task_detail_says_whether_the_latest_attempt_ran_sandboxed(tmp_path: Path) -> None:
    store = Store(tmp_path / "pmtui.db")
    try:
        run_id = build_run(store, tmp_path)
        feed = DeliveryFeed(store, run_id)
        dstore = feed.dstore
        dstore.record_attempt(run_id, "T01", 1, agent_result=AgentResult(sandboxed=True))
        dstore.record_attempt(run_id, "T02", 1, agent_result=AgentResult(sandboxed=False))
        feed.load()

        def meta(task_id: str) -> str:
            detail = feed.detail(task_id)
            assert detail is not None
            console = Console(width=160, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
            console.print(detail_renderable(detail))
            console.file.close()
            return console.export_text()

        assert "· sandboxed" in meta("T01") and "unconfined" not in meta("T01")
        assert "· unconfined" in meta("T02") and "· sandboxed" not in meta("T02")
        assert "sandboxed" not in meta("T10") and "unconfined" not in meta("T10"), "no attempt, no claim"
    finally:
        store.close()


def test_scratch_folders_of_killed_runs_are_swept(tmp_path: Path) -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{gone.pid}-"))
    (stale / "left-behind").write_text("x", encoding="utf-8")
    mine = new_scratch()
    try:
        assert Path(mine).name.startswith(f"{SCRATCH_PREFIX}{os.getpid()}-")
        assert not stale.exists(), "the scratch folder of a process that is gone was left behind"
        assert mine not in sweep_scratch()
        assert Path(mine).is_dir(), "a live run's scratch folder is kept"
    finally:
        shutil.rmtree(mine, ignore_errors=True)
        shutil.rmtree(stale, ignore_errors=True)
