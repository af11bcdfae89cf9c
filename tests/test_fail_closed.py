"""Fail closed: a review model that cannot answer escalates instead of approving, a found secret blocks
the commit on every path with no accept option, accepted risks are listed as such, and the snapshots
of rejected attempts never land in the user's object store."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from pmtui.config import Config, DeliveryConfig, ModelRoute
from pmtui.delivery.engine import DeliveryEngine, model_reviewer
from pmtui.delivery.escalations import NO_ACCEPT_OPTIONS, REVIEW_OPTIONS
from pmtui.delivery.executors import ScriptedExecutor, write_files
from pmtui.delivery.store import DeliveryStore
from pmtui.models.states import IssueState
from pmtui.store import Store
from tests.fake_llm_server import FakeLLMServer, FakeResponse
from tests.fixtures.delivery_repo import git, make_project, module_files, plan_text, task_block

KEY = "sk-live-Qm4TnV8rX2wL6yB0cZ7kP3sD9fH1jA5e"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path)


def engine(tmp_path: Path, root: Path, plan: str, script: Any, store: Store, config: Config | None = None,
           reviewer: Any = None) -> DeliveryEngine:
    plan_path = tmp_path / "plan.md"
    plan_path.write_text(plan)
    return DeliveryEngine(store, config or Config(offline=True), repo=root, plan_path=plan_path,
                          executor=ScriptedExecutor(script), reviewer=reviewer, run_dir=tmp_path / "runs",
                          poll_interval=0.05, gate_timeout_s=60)


def answer(store: Store, option: int) -> Any:
    dstore = DeliveryStore(store)
    run = dstore.latest_run()
    assert run is not None
    (escalation,) = dstore.open_escalations(run.id)
    dstore.answer_escalation(escalation.id, option, "")
    return escalation


def in_object_store(repo: Path, content: str) -> bool:
    blob = subprocess.run(["git", "hash-object", "--stdin"], cwd=repo, input=content, capture_output=True,
                          text=True, check=True).stdout.strip()
    return subprocess.run(["git", "cat-file", "-e", blob], cwd=repo, check=False).returncode == 0


def everything_git_keeps(repo: Path) -> str:
    """Every committed file on every ref, and the commit messages."""
    return git(repo, "log", "--all", "-p", "--format=%B")


# -- the review model ------------------------------------------------------------------------------
@pytest.mark.parametrize("failure", [
    FakeResponse(status=500, error_message="upstream exploded"),
    FakeResponse(status=429, error_message="slow down"),
    FakeResponse(delay=30.0, text='{"decision": "approve", "findings": []}'),
    FakeResponse(status=400, error_message="Incorrect API key provided: {authorization}"),
], ids=["500", "429", "hang", "400-echoing-the-key"])
def test_an_unavailable_review_model_escalates_and_never_approves(
    failure: FakeResponse, tmp_path: Path, project: Path, store: Store, fake_llm: FakeLLMServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    # A hang outlasts the client's timeout; an error answers at once, so a loaded machine gets time to ask.
    timeout = 3 if failure.delay else 30
    config = Config(models={"review": ModelRoute(model="openai/reviewer", api_base=fake_llm.api_base,
                                                 timeout=timeout, max_retries=0)})
    for _ in range(4):
        fake_llm.enqueue(failure)
    plan = plan_text("review", [task_block("T1", "Alpha value", module="alpha")], lint=False, test=False)
    script = {"T1": [write_files(module_files("alpha"))]}
    first = engine(tmp_path, project, plan, script, store, config, model_reviewer(config, store))
    outcome = asyncio.run(first.run(no_wait=True))
    assert outcome.ending == "waiting", outcome.message
    dstore = DeliveryStore(store)
    task = dstore.task(outcome.run_id, "T1")
    assert task.state is IssueState.REQUIRES_HUMAN_INTERVENTION and task.commit_sha is None
    (escalation,) = dstore.open_escalations(outcome.run_id)
    assert escalation.kind == "review_unavailable"
    assert escalation.options == list(REVIEW_OPTIONS) and escalation.recommended == 1
    assert "review model unavailable" in escalation.problem
    assert escalation.problem.endswith("— retry, use the offline reviewer, or stop")
    assert fake_llm.call_count >= 1, escalation.problem
    assert refs(project) == 0, "nothing was committed"

    answer(store, 2)  # use the offline reviewer for this task
    outcome = asyncio.run(engine(tmp_path, project, plan, script, store, config,
                                 model_reviewer(config, store)).run())
    assert outcome.ending == "released", outcome.message
    review = (project / "docs" / "reviews" / "T1-review.md")
    git(project, "checkout", "-q", "pm/review")
    assert "offline reviewer" in review.read_text()
    assert KEY not in everything_git_keeps(project)
    store.close()
    assert KEY.encode() not in b"".join(p.read_bytes() for p in store.path.parent.glob(store.path.name + "*"))


def refs(repo: Path) -> int:
    return git(repo, "log", "--all", "--format=%B").count("Refs: task-")


# -- secrets -----------------------------------------------------------------------------------------
def test_accept_as_is_of_a_change_with_a_secret_is_refused_at_the_commit(
    tmp_path: Path, project: Path, store: Store
) -> None:
    """The agent adds secrets.env outside its files; plan alignment fails; the human picks "accept as is":
    the final content of the commit is scanned, the commit is refused and no accept is offered again."""
    plan = plan_text("acc", [task_block("T1", "Alpha value", module="alpha",
                                        criteria=("the xyzzy frobnicator is calibrated",))], lint=False, test=False)
    files = {**module_files("alpha"), "secrets.env": f"OPENAI_API_KEY={KEY}\n"}
    script = {"T1": [write_files(files)]}
    outcome = asyncio.run(engine(tmp_path, project, plan, script, store).run(no_wait=True))
    assert outcome.ending == "waiting", outcome.message
    first = answer(store, 2)
    # Never a default to accept (the same finding twice recommends the human's note: tests/test_repeated_failures.py).
    assert first.options[1].startswith("Accept") and not first.options[first.recommended - 1].startswith("Accept"), \
        "never a default to accept"
    outcome = asyncio.run(engine(tmp_path, project, plan, script, store).run(no_wait=True))
    assert outcome.ending == "waiting", outcome.message
    dstore = DeliveryStore(store)
    (refused,) = dstore.open_escalations(outcome.run_id)
    assert refused.kind == "commit_refused" and refused.options == list(NO_ACCEPT_OPTIONS)
    assert "secrets.env:1" in refused.problem and KEY not in refused.problem
    assert refs(project) == 0
    assert KEY not in everything_git_keeps(project)
    assert not in_object_store(project, f"OPENAI_API_KEY={KEY}\n")
    answer(store, 2)  # skip
    outcome = asyncio.run(engine(tmp_path, project, plan, script, store).run())
    assert dstore.task(outcome.run_id, "T1").state is IssueState.FAILED


def test_a_secret_the_scan_finds_escalates_without_an_accept_option(
    tmp_path: Path, project: Path, store: Store
) -> None:
    plan = plan_text("sec", [task_block("T1", "Alpha value", module="alpha")], lint=False, test=False)
    files = module_files("alpha")
    files["src/alpha.py"] += f'\nAPI_KEY = "{KEY}"\n'
    outcome = asyncio.run(engine(tmp_path, project, plan, {"T1": [write_files(files)]}, store).run(no_wait=True))
    assert outcome.ending == "waiting", outcome.message
    (escalation,) = DeliveryStore(store).open_escalations(outcome.run_id)
    assert escalation.options == list(NO_ACCEPT_OPTIONS)
    assert "secrets_scan" in escalation.problem
    assert refs(project) == 0 and not in_object_store(project, files["src/alpha.py"])


def test_an_accepted_failure_is_an_accepted_risk_in_the_manifest_and_the_handoff(
    tmp_path: Path, project: Path, store: Store
) -> None:
    plan = plan_text("risk", [task_block("T1", "Alpha value", module="alpha",
                                         criteria=("the xyzzy frobnicator is calibrated",))], lint=False, test=False)
    script = {"T1": [write_files(module_files("alpha"))]}
    asyncio.run(engine(tmp_path, project, plan, script, store).run(no_wait=True))
    answer(store, 2)  # T1: accept as is
    outcome = asyncio.run(engine(tmp_path, project, plan, script, store).run(no_wait=True))
    asked = answer(store, 1)  # the release: the criterion is still unmapped; release anyway
    assert asked.task_id is None and asked.options[0].startswith("Release anyway") and asked.recommended == 2
    outcome = asyncio.run(engine(tmp_path, project, plan, script, store).run(no_wait=True))
    assert outcome.ending == "released", outcome.message
    manifest = yaml.safe_load((project / "docs" / "releases" / "risk-release.yaml").read_text())
    accepted = {risk["id"]: risk for risk in manifest["risks"] if risk["status"] == "accepted"}
    (task_risk,) = [risk for key, risk in accepted.items() if key.startswith("ACCEPTED-T1-")]
    assert "plan_alignment" in task_risk["description"] and "COMPLETENESS" in accepted
    line = next(line for line in outcome.handoff.splitlines() if line.startswith("Accepted risks: "))
    assert f"{task_risk['id']}: T1 was committed as it is by the human despite: plan_alignment" in line
    assert "COMPLETENESS: released with known gaps" in line
    assert "Open risks: none" in outcome.handoff


# -- a lean repository ---------------------------------------------------------------------------------
def test_rejected_attempts_and_oversized_files_never_reach_the_object_store(
    tmp_path: Path, project: Path, store: Store
) -> None:
    rejected = module_files("alpha", "7", broken=True)
    rejected["src/alpha.py"] += "# rejected attempt marker 5f2c\n"
    big = "0123456789abcdef\n" * 150_000  # 2.5 MB of text
    accepted = {**module_files("alpha", "7"), "data/dump.txt": big}
    config = Config(offline=True, delivery=DeliveryConfig(max_file_mb=1, max_change_mb=2))
    plan = plan_text("lean", [task_block("T1", "Alpha value", module="alpha")], lint=False)
    script = {"T1": [write_files(rejected), write_files(accepted)]}
    outcome = asyncio.run(engine(tmp_path, project, plan, script, store, config).run(no_wait=True))
    assert outcome.ending == "waiting", outcome.message
    dstore = DeliveryStore(store)
    (escalation,) = dstore.open_escalations(outcome.run_id)
    # Never an accept; options 1 and 2 in their places, then the human's note (the same finding twice).
    assert escalation.options[:2] == list(NO_ACCEPT_OPTIONS)
    assert not [option for option in escalation.options if option.startswith("Accept")], escalation.options
    assert "size_limit" in escalation.problem
    attempt = dstore.last_attempt(outcome.run_id, "T1")
    assert attempt is not None
    (limits,) = [g for g in attempt.gate_results if g.gate == "size_limit"]
    assert limits.evidence[0] == ("data/dump.txt is 2.5 MB, over the per-file limit of 1.0 MB "
                                  "(delivery.max_file_mb in pmtui.toml): it was left out of the change")
    assert not in_object_store(project, rejected["src/alpha.py"]), "the rejected attempt left its snapshot"
    assert not in_object_store(project, big), "the oversized file was hashed into the repository"
    assert refs(project) == 0


# -- a kill between the commit's record and the task's completion ------------------------------------
class Killed(BaseException):
    """Stands for kill -9 at one exact point: nothing after it runs in this process."""


def test_a_run_killed_after_a_staged_integration_was_recorded_resumes_with_that_commit(
    tmp_path: Path, project: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A critical task touching auth is merged into the plan branch and the merge commit recorded; killed
    before its checkpoint tag, the resumed run must keep that commit (it found the task's own commit in
    the merged history and refused the mismatch as an engine error, waiting for a human forever)."""
    from pmtui.delivery import git_ops

    plan = plan_text("kill", [task_block("T2", "Session store", module="session", tier="critical",
                                         ownership="auth")], lint=False)
    script = {"T2": [write_files(module_files("session"))]}
    real_tag = git_ops.tag_checkpoint

    def killed(*args: Any, **kwargs: Any) -> str:
        raise Killed

    monkeypatch.setattr(git_ops, "tag_checkpoint", killed)
    with pytest.raises(Killed):
        asyncio.run(engine(tmp_path, project, plan, script, store).run(no_wait=True))
    dstore = DeliveryStore(store)
    run = dstore.latest_run()
    assert run is not None
    recorded = dstore.commit_for(run.id, "T2")
    assert recorded is not None and recorded.message.startswith("Merge ")
    assert dstore.task(run.id, "T2").state is IssueState.CREATING_PR

    monkeypatch.setattr(git_ops, "tag_checkpoint", real_tag)
    outcome = asyncio.run(engine(tmp_path, project, plan, script, store).run(no_wait=True))
    assert outcome.ending == "released", outcome.message
    assert dstore.commit_for(run.id, "T2") == recorded
    assert dstore.open_escalations(run.id) == []
    assert git(project, "tag", "--list") == "pm/kill/checkpoint-T2"
    assert refs(project) == 1


def test_an_oversized_file_is_hashed_nowhere_not_even_in_the_run_folder(tmp_path: Path, project: Path) -> None:
    """The per-file limit keeps a big file out of every object store pmtui writes: the user's repository, and
    the run folder's checkpoints of the attempts that found it in their tree."""
    import os
    import sys

    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("big", [task_block("T1", "Alpha value", module="alpha")], lint=False))
    config = tmp_path / "pmtui.toml"
    config.write_text("[delivery]\nmax_file_mb = 1\n", encoding="utf-8")
    agent = f"{sys.executable} {Path(__file__).parent / 'agents' / 'big_file_agent.py'}"
    env = {**os.environ, "PMTUI_CONFIG": str(config), "BIG_FILE_MB": "3"}
    done = subprocess.run([sys.executable, "-m", "pmtui", "deliver", str(plan), "--repo", str(project), "--agent",
                           agent, "--headless", "--no-wait"], capture_output=True, text=True, timeout=180, env=env,
                          check=False)
    assert done.returncode == 3, done.stdout + done.stderr
    assert "size_limit" in done.stdout
    runs = Path(os.environ["PMTUI_DB"]).parent / "runs"
    kept = [path for path in runs.rglob("*") if path.is_file() and "objects" in path.parts]
    assert sum(path.stat().st_size for path in kept) < 1_000_000, sorted(str(p) for p in kept)
    git_dir = sum(path.stat().st_size for path in (project / ".git").rglob("*") if path.is_file())
    assert git_dir < 1_000_000
