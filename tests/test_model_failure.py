"""An agent CLI whose own model call failed is not a verdict on code: the provider's words reach the human at once.

Found by bench/real_agent_delivery.py (2026-11-27): aider 0.86 with a refused key prints the provider's error and
exits 0, having created the task's files empty; pmtui ran the gates on them, retried, and escalated with "4 of 4
criteria not mapped to the change". The tails below are what aider and mini-swe-agent printed (stdout and stderr
together, as pmtui reads them) against a 127.0.0.1 server that answered 401, 404 and 503.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor, ScriptedExecutor, write_files
from pmtui.delivery.model_failure import model_failure
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, make_project, module_files, plan_text, task_block

AIDER_401 = """\
Added tests/test_smoke.py to the chat.
Added ../../../attempts/T1-attempt-1/context.md to the chat (read-only).

litellm.AuthenticationError: AuthenticationError: OpenAIException - Incorrect 
API key provided: sk-x
The API provider is not able to authenticate you. Check your API key.
"""
AIDER_404 = """\
https://aider.chat/HISTORY.html#release-notes

litellm.NotFoundError: NotFoundError: OpenAIException - The model `fake` does 
not exist

"""
AIDER_UNREACHABLE = """\
Retrying in 32.0 seconds...
litellm.InternalServerError: InternalServerError: OpenAIException - Connection 
error.
The API provider's servers are down or overloaded.
"""
MINI_401 = """\
│ ❱  509 │   │   │   │   │   │   raise AuthenticationError(                    │
│    510 │   │   │   │   │   │   │   message=f"AuthenticationError: {exception │
╰──────────────────────────────────────────────────────────────────────────────╯
AuthenticationError: litellm.AuthenticationError: AuthenticationError: 
OpenAIException - Incorrect API key provided: sk-x You can permanently set your 
API key with `mini-extra config set KEY VALUE`.
"""
# The provider was busy, aider retried, and the model answered: a finished attempt.
AIDER_RETRIED = """\
litellm.ServiceUnavailableError: ServiceUnavailableError: OpenAIException - The 
server is overloaded
The API provider's servers are down or overloaded.
Retrying in 0.2 seconds...
Done.
Tokens: 594 sent, 11 received.
"""
AIDER_DONE = """\
        online_bookers([(" ", date(2026, 3, 1))], LAUNCH)
```

Tokens: 2.2k sent, 455 received.
Applied edit to tests/test_success_metric_tracking.py
Applied edit to src/success_metric_tracking.py
"""


def test_the_provider_error_an_agent_ended_on_is_read_as_one_line() -> None:
    assert model_failure(AIDER_401) == (
        "litellm.AuthenticationError: AuthenticationError: OpenAIException - Incorrect API key provided: sk-x The "
        "API provider is not able to authenticate you. Check your API key.")
    assert model_failure(AIDER_404) == (
        "litellm.NotFoundError: NotFoundError: OpenAIException - The model `fake` does not exist")
    assert model_failure(AIDER_UNREACHABLE) == (
        "litellm.InternalServerError: InternalServerError: OpenAIException - Connection error. The API provider's "
        "servers are down or overloaded.")
    assert model_failure(MINI_401) == (
        "AuthenticationError: litellm.AuthenticationError: AuthenticationError: OpenAIException - Incorrect API key "
        "provided: sk-x You can permanently set your API key with `mini-extra config set KEY VALUE`.")


def test_an_error_the_agent_went_on_past_is_not_a_failure() -> None:
    assert model_failure(AIDER_RETRIED) == ""
    assert model_failure(AIDER_DONE) == ""
    assert model_failure(AIDER_401 + "".join(f"Applied edit to src/m{n}.py\n" for n in range(5))) == ""
    # An agent whose task was about a provider's errors says so in its last words: that is no failure of its own.
    assert model_failure("Done.\nI added a retry on openai.RateLimitError: src/client.py:14 waits and tries again.\n"
                         "Tokens: 3.1k sent, 502 received.\n") == ""


def test_a_refused_key_escalates_at_once_and_a_retry_reruns_the_attempt_from_a_clean_tree(
        tmp_path: Path, store: Store) -> None:
    project = make_project(tmp_path)
    (tmp_path / "plan.md").write_text(plan_text("refused", [task_block("T1", "Delta value", module="delta")],
                                                lint=False))
    refused = CommandExecutor(f"{sys.executable} {Path(__file__).parent / 'agents' / 'model_refused_agent.py'} "
                              "{files}")

    def engine(executor: CommandExecutor | ScriptedExecutor) -> DeliveryEngine:
        return DeliveryEngine(store, Config(offline=True), repo=project, plan_path=tmp_path / "plan.md",
                              executor=executor, run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60)

    outcome = asyncio.run(engine(refused).run(no_wait=True))

    assert outcome.ending == "waiting"
    dstore = DeliveryStore(store)
    [escalation] = dstore.escalations(outcome.run_id)
    assert escalation.kind == "agent_model"
    assert "the agent's model call failed" in escalation.problem
    assert "Incorrect API key provided: sk-fake****" in escalation.problem
    assert "not mapped" not in escalation.problem and "retry budget was not spent" in escalation.problem
    assert not [option for option in escalation.options if option.lower().startswith("accept")], escalation.options
    [attempt] = dstore.attempts(outcome.run_id, "T1")
    assert attempt.attempt == 1 and attempt.outcome == "not_run"

    dstore.answer_escalation(escalation.id, 1)
    again = asyncio.run(engine(ScriptedExecutor({"T1": [write_files(module_files("delta"))]})).run(no_wait=True))

    assert again.run_id == outcome.run_id and again.ending == "released", again.message
    assert [a.attempt for a in dstore.attempts(outcome.run_id, "T1")] == [1]
    assert "def delta_value" in git(project, "show", "pm/refused:src/delta.py")
