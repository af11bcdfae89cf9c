"""When the agent itself fails (it falls over, asks its user a question, answers in prose, or its edit is never
applied), the escalation says what the agent said and recommends a retry with the human's note, and that note
reaches the agent's next prompt. Found by hand (issue 7, 2026-11-27): an agent that "could not work out which files
this task is about" twice was offered "Retry with a fresh budget" as the recommendation (the same prompt to the
same agent a third time), and a note given with a retry was stored but never shown to the agent.

Real parts: a subprocess agent that knows nothing of pmtui (tests/agents/plain_agent.py reads the prompt file it is
given and writes the files it names), git on disk, ruff and the project's tests as the gates.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.escalations import RETRY, RETRY_NOTE
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.gates.reviewer import ReviewRequest, ReviewVerdict, offline_reviewer
from pmtui.delivery.store import DeliveryStore, DeliveryStoreError
from pmtui.models.states import IssueState
from pmtui.store import Store
from tests.fixtures.delivery_repo import environment, git

PLAIN_AGENT = Path(__file__).parent / "agents" / "plain_agent.py"

# The skeleton task as a plan may well word it: no path the agent could take as its files.
PLAN = """\
# Plan: Nurse habits
plan-id: notes

## Environment
{environment}

## Tasks

### T1: Project skeleton
- tier: normal
- depends: none
- time-budget: 30s

Acceptance criteria:
- main returns 0 when the app starts
"""


def new_repository(base: Path) -> Path:
    root = base / "work" / "app"
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    for key, value in (("user.name", "Founder"), ("user.email", "founder@example.com"), ("commit.gpgsign", "false")):
        git(root, "config", key, value)
    (root / "README.md").write_text("# Nurse habits\n")
    (root / ".gitignore").write_text("__pycache__/\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start")
    return root


class WarmedReviewer:
    """A review model as the engine sees one (engine.ModelCall: `warm()`, then calls), answering as the offline
    reviewer does. `warmed` holds, for each warm-up, how many attempts' prompts existed then; `reviews` counts calls."""

    def __init__(self, runs: Path) -> None:
        self.runs = runs
        self.warmed: list[int] = []
        self.reviews = 0

    def warm(self) -> None:
        self.warmed.append(len(list(self.runs.rglob("T1-attempt-*.prompt.md"))))

    async def __call__(self, request: ReviewRequest) -> ReviewVerdict:
        self.reviews += 1
        return offline_reviewer(request)


def engine(tmp_path: Path, repo: Path, store: Store, reviewer: WarmedReviewer | None = None) -> DeliveryEngine:
    (tmp_path / "plan.md").write_text(PLAN.format(environment=environment()))
    agent = CommandExecutor(f"{sys.executable} {PLAIN_AGENT} --message-file {{prompt_file}}")
    return DeliveryEngine(store, Config(offline=True), repo=repo, plan_path=tmp_path / "plan.md", executor=agent,
                          run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60, reviewer=reviewer)


def test_an_agent_that_fails_the_same_way_twice_is_given_the_humans_note_not_a_blind_retry(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = new_repository(tmp_path)
    store = Store(tmp_path / "pmtui.db")
    reviewer = WarmedReviewer(tmp_path / "runs")
    outcome = asyncio.run(engine(tmp_path, repo, store, reviewer).run(no_wait=True))

    dstore = DeliveryStore(store)
    [escalation] = dstore.escalations(outcome.run_id)
    assert escalation.kind == "same_failure"
    # The review model's client is warmed as each attempt starts, before the agent has its prompt.
    assert reviewer.warmed == [0, 1] and reviewer.reviews == 0
    assert "the agent exited 1: I could not work out which files this task is about." in escalation.problem
    # The recommendation is what a human would do: tell the agent what it lacks. A plain retry is still there.
    assert escalation.options[escalation.recommended - 1] == RETRY_NOTE and RETRY in escalation.options
    assert not [option for option in escalation.options if option.lower().startswith("accept")]

    # That option without a note is refused, with what to do; nothing is lost (the escalation stays open).
    with pytest.raises(DeliveryStoreError, match="sends your note to the agent.*--note TEXT"):
        dstore.answer_escalation(escalation.id, escalation.recommended)
    capsys.readouterr()
    assert main(["--db", str(tmp_path / "pmtui.db"), "answer", str(escalation.id), "--option", "1"]) == 2
    assert "--note TEXT" in capsys.readouterr().err
    assert dstore.escalation(escalation.id).answer is None
    # What `pmtui status` and the feed tell the founder to type includes the note.
    assert main(["--db", str(tmp_path / "pmtui.db"), "status"]) == 0
    assert f'answer: pmtui answer {escalation.id} --option 1 --note "…"' in capsys.readouterr().out
    # Resumed with the question still open, the run attempts nothing, so it warms nothing (a `pmtui deliver` with a
    # review model imported litellm for it: 0.5-3 s of CPU at every such start).
    waiting = asyncio.run(engine(tmp_path, repo, store, reviewer).run(no_wait=True))
    assert waiting.run_id == outcome.run_id and waiting.state == "waiting_for_human", waiting
    assert reviewer.warmed == [0, 1]

    note = "The skeleton is pyproject.toml and src/main.py, with a smoke test in tests/test_smoke.py."
    dstore.answer_escalation(escalation.id, escalation.recommended, note)
    again = asyncio.run(engine(tmp_path, repo, store, reviewer).run(no_wait=True))

    assert again.run_id == outcome.run_id and again.state == "released", again
    assert reviewer.warmed == [0, 1, 2] and reviewer.reviews == 1, "warmed for attempt 3, which was reviewed"
    assert dstore.task(outcome.run_id, "T1").state is IssueState.COMPLETED
    [prompt] = (tmp_path / "runs").rglob("T1-attempt-3.prompt.md")
    assert note in prompt.read_text(), "the agent's next prompt carries the human's note"
    tracked = git(repo, "ls-tree", "-r", "--name-only", "pm/notes").split()
    assert {"pyproject.toml", "src/main.py", "tests/test_smoke.py"} <= set(tracked)


def test_the_first_finding_names_a_gate_commands_head_never_a_criterions_words() -> None:
    """Seen in the hand trial: "first finding: 2 of 4 criteria not mapped to the change: The project builds …;
    `pytest -q` runs and a smoke test … passes: ✗ The …" — the criterion's backticks read as a command's head, and the
    200 characters ran out before the finding. Agents that did nothing are found by their own words."""
    from pmtui.delivery.failure_findings import first_finding
    from pmtui.models.delivery import AgentResult, GateResult

    lint = GateResult(gate="lint_and_typecheck", passed=False, evidence=[
        "lint: `ruff check .` exited 1 in 0.1s", "  app/x.py:3:1: F401 `os` imported but unused"])
    assert first_finding([lint]) == "; first finding: lint: `ruff check .`: app/x.py:3:1: F401 `os` imported but unused"
    unmapped = GateResult(gate="plan_alignment", passed=False, evidence=[
        "1 of 2 criteria not mapped to the change: `pytest -q` runs and a smoke test passes",
        "✗ `pytest -q` runs and a smoke test passes: not mapped — the command failed: `pytest -q` exited 5"])
    assert first_finding([unmapped, lint]) == (
        "; first finding: ✗ `pytest -q` runs and a smoke test passes: not mapped — the command failed: `pytest -q` "
        "exited 5")
    nothing = GateResult(gate="change", passed=False, evidence=["the attempt wrote nothing: src/a.py is empty"])
    mini = AgentResult(exit_code=0, output_tail=(
        "mini-swe-agent (step 1, $0.00):\nShould the bookings go in a database or a JSON \nfile?\n\n```\n"
        "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n```\n\nSaved trajectory to \n'/tmp/x/mini.traj.json'\n"))
    assert first_finding([unmapped, nothing], mini) == (
        "; first finding: the attempt wrote nothing: src/a.py is empty; the agent asked: “Should the bookings go in a "
        "database or a JSON file?”")


def test_retry_from_the_dashboard_takes_the_plain_retry_and_puts_no_words_in_the_agents_mouth(tmp_path: Path) -> None:
    """`r` on the dashboard (and `pmtui retry TASK`) answers an open escalation with its retry option. With the note
    option first it chose that one, with its own words "retry requested from the dashboard" as the human's note for
    the agent. It takes the plain retry now, and no words of pmtui's reach the agent's prompt."""
    from pmtui.delivery.controls import RETRY_REASON, request_retry

    repo = new_repository(tmp_path)
    store = Store(tmp_path / "pmtui.db")
    outcome = asyncio.run(engine(tmp_path, repo, store).run(no_wait=True))
    dstore = DeliveryStore(store)
    [escalation] = dstore.escalations(outcome.run_id)
    assert escalation.options[0] == RETRY_NOTE

    request_retry(store, outcome.run_id or 0, "T1")
    asyncio.run(engine(tmp_path, repo, store).run(no_wait=True))

    answered = dstore.escalation(escalation.id)
    assert answered.answer == answered.options.index(RETRY) + 1
    [prompt] = (tmp_path / "runs").rglob("T1-attempt-3.prompt.md")
    assert RETRY_REASON not in prompt.read_text()
