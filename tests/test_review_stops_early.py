"""The tier review stops at its first blocking finding, and says so in the review note.

Found in round 21 (issue 7): when an early check of the tier review failed critically (a secret in the change), the
later ones still ran, the review model included: it was paid to read a change that failed anyway, and was sent the
diff with the key in it. The local checks now run first and the first blocking finding stops the review. A real
subprocess agent (tests/agents/given_files_agent.py), real git, the review model a real HTTP server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import sys
import urllib.request
from pathlib import Path

from pmtui.config import AgentConfig, Config
from pmtui.delivery.agent_presets import resolve_agent
from pmtui.delivery.diffs import ChangeSet
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.gates.reviewer import ReviewRequest, ReviewVerdict, parse_review_reply
from pmtui.delivery.review import REVIEW_STOPPED, build_review_note
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fake_llm_server import FakeLLMServer
from tests.fixtures.delivery_repo import make_project, plan_text, task_block

AGENT = Path(__file__).parent / "agents" / "given_files_agent.py"
LEAKED = "sk-live-Zr8TnV4qX2wL6yB0cZ7kP3sD9fH1jA5u"


def test_a_secret_in_the_change_stops_the_review_before_the_review_model(
        tmp_path: Path, store: Store) -> None:
    project = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("stop", [task_block("T1", "Subtraction", module="calc_sub", criteria=(
        "sub returns the difference of a and b",))], lint=False))
    files = {"src/calc_sub.py": f'"""Subtraction."""\n\nTOKEN = "{LEAKED}"\n\n\ndef sub(a: int, b: int) -> int:\n'
                                '    """The difference of a and b."""\n    return a - b\n',
             "tests/test_calc_sub.py": "from calc_sub import sub\n\n\ndef test_sub_returns_the_difference() -> None:\n"
                                       "    assert sub(5, 3) == 2\n"}
    config = Config(offline=True, agents={"writer": AgentConfig(command=f"{sys.executable} {AGENT}",
                                                                env={"AGENT_FILES": json.dumps(files)})})

    with FakeLLMServer() as fake_llm:  # not the fixture: that one loads litellm (4 s of CPU) for its callers
        def reviewer(request: ReviewRequest) -> ReviewVerdict:
            """A review model over real HTTP."""
            body = json.dumps({"model": "reviewer", "messages": [{"role": "user", "content": request.prompt}]}).encode()
            with urllib.request.urlopen(urllib.request.Request(
                    f"{fake_llm.api_base}/chat/completions", data=body,
                    headers={"Content-Type": "application/json"}), timeout=30) as reply:
                text = json.loads(reply.read())["choices"][0]["message"]["content"]
            return parse_review_reply(text)

        engine = DeliveryEngine(store, config, repo=project, plan_path=plan, run_dir=tmp_path / "runs",
                                executor=CommandExecutor(resolve_agent("writer", config)), reviewer=reviewer,
                                poll_interval=0.05, gate_timeout_s=60, retry_budget=0)
        outcome = asyncio.run(engine.run(no_wait=True))
        called = fake_llm.call_count
    assert outcome.ending == "waiting", outcome.message
    dstore = DeliveryStore(store)
    [escalation] = dstore.escalations(outcome.run_id)
    assert "tier review failed on the last attempt (secrets_scan)" in escalation.problem, escalation.problem
    # The review model was never asked: the diff with the key never left, and nothing was paid for.
    assert called == 0
    attempt = dstore.last_attempt(outcome.run_id, "T1")
    assert attempt is not None
    names = [gate.gate for gate in attempt.gate_results]
    assert "code_review" not in names and "secrets_scan" in names, names
    [scan] = [gate for gate in attempt.gate_results if gate.gate == "secrets_scan"]
    assert not scan.passed and scan.evidence[-1] == f"{REVIEW_STOPPED}: test_suites, code_review not run"
    # The review note says what was not checked.
    task = dstore.task(outcome.run_id, "T1")
    assert task.contract is not None
    note = build_review_note(task.contract, ChangeSet(root=str(project), base_sha=""), attempt.gate_results, None)
    assert f"{REVIEW_STOPPED}: test_suites, code_review not run" in note.risks, note.risks
    assert LEAKED not in json.dumps([gate.model_dump() for gate in attempt.gate_results])
