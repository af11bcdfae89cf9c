"""An agent CLI whose own model call failed is not a verdict on code: the provider's words reach the human at once.

Found by bench/real_agent_delivery.py (2026-11-27): aider 0.86 with a refused key prints the provider's error and
exits 0, having created the task's files empty; pmtui ran the gates on them, retried, and escalated with "4 of 4
criteria not mapped to the change". The tails below are what aider and mini-swe-agent printed (stdout and stderr
together, as pmtui reads them) against a 127.0.0.1 server that answered 401, 404 and 503.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor, ScriptedExecutor, write_files
from pmtui.delivery.model_failure import model_failure
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, make_project, module_files, plan_text, task_block
from tests.fixtures.processes import run_pmtui

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
    # A refused key is the agent's setup: the run's one question (the next test), with the provider's words.
    assert escalation.kind == "agent_setup"
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


# What the Node CLIs printed at the end when the provider refused them (run against a 127.0.0.1 server, 2026-11-27):
# Codex CLI 0.169.0, Claude Code 2.1.197 (it retries a 401 ten times first), Gemini CLI 0.61.0 (stack frames cut).
CODEX = """\
ERROR: Reconnecting... 5/5
ERROR: unexpected status {status}: {message}, url: http://127.0.0.1:41491/v1/responses
ERROR: unexpected status {status}: {message}, url: http://127.0.0.1:41491/v1/responses
"""
CLAUDE_401 = "Failed to authenticate. API Error: 401 Incorrect API key provided\n"
CLAUDE_404 = ("There's an issue with the selected model (claude-sonnet-4-5). It may not exist or you may not have "
              "access to it. Run --model to pick a different model.\n")
GEMINI_401 = """\
Ripgrep is not available. Falling back to GrepTool.
Error when talking to Gemini API Full report available at: /tmp/gemini-client-error-Turn.run-sendMessageStream-2026-11-27T11-53-08-342Z.json _ApiError: {"error":{"code":401,"message":"Incorrect API key provided","status":"UNAUTHENTICATED"}}
    at throwErrorIfNotOK (file:///gemini-cli/bundle/chunk-JDPZ4CE3.js:267833:24)
    at async retryWithBackoff (file:///gemini-cli/bundle/chunk-JDPZ4CE3.js:308039:23)
    at async Turn.run (file:///gemini-cli/bundle/chunk-JDPZ4CE3.js:333001:24) {
  status: 401
}
An unexpected critical error occurred:[object Object]
"""
GEMINI_404 = """\
Error when talking to Gemini API Full report available at: /tmp/gemini-client-error.json ModelNotFoundError: The model `fake-coder` does not exist
    at async Turn.run (file:///gemini-cli/bundle/chunk-JDPZ4CE3.js:333001:24) {
  code: 404
}
An unexpected critical error occurred:[object Object]
"""


def test_a_refused_key_access_or_model_is_the_agents_setup_and_a_busy_provider_is_not() -> None:
    from pmtui.delivery.model_failure import setup_failure

    assert setup_failure(CODEX.format(status="401 Unauthorized", message="Incorrect API key provided"), 1) == (
        "key", ("ERROR: unexpected status 401 Unauthorized: Incorrect API key provided, "
                "url: http://127.0.0.1:41491/v1/responses"))
    assert setup_failure(CODEX.format(status="404 Not Found", message="The model `fake-coder` does not exist"),
                         1)[0] == "model"
    assert setup_failure(CODEX.format(status="403 Forbidden", message="no access"), 1)[0] == "access"
    assert setup_failure(CLAUDE_401, 1) == ("key", CLAUDE_401.strip())
    assert setup_failure(CLAUDE_404, 1)[0] == "model"
    assert setup_failure(GEMINI_401, 1)[0] == "key" and "_ApiError" in setup_failure(GEMINI_401, 1)[1]
    assert setup_failure(GEMINI_404, 1)[0] == "model"
    assert setup_failure(AIDER_401, 0)[0] == "key" and setup_failure(MINI_401, 1)[0] == "key"
    assert setup_failure(AIDER_404, 0)[0] == "model"
    # Transient: a provider that is busy, down or slow is asked again per task, not taken for a wrong setup.
    assert setup_failure(AIDER_UNREACHABLE, 0) == ("", "")
    assert setup_failure(CODEX.format(status="429 Too Many Requests", message="Rate limit reached"), 1) == ("", "")
    assert setup_failure(CODEX.format(status="500 Internal Server Error", message="oops"), 1) == ("", "")
    assert setup_failure("Error when talking to Gemini API _ApiError: {\"error\":{\"code\":503}}\n", 1) == ("", "")
    # A tool that went on past the error, or finished with exit 0 saying the words, did not fail on its setup.
    assert setup_failure(CLAUDE_401 + "".join(f"Wrote src/m{n}.py\n" for n in range(8)), 1) == ("", "")
    assert setup_failure(CLAUDE_401, 0) == ("", "")


def test_a_refused_setup_asks_once_for_the_run_holds_the_queue_and_a_resume_goes_on(
        tmp_path: Path, store: Store) -> None:
    """Found delivering with a bad key: each independent task ran its agent, met the same 401 and escalated on its
    own (three tasks, three questions, three agent runs). Now the first refusal pauses the run with one question
    that says what is wrong and how to fix it; the other tasks stay queued with their budgets; `pmtui deliver`
    again (the key fixed) goes on."""
    project = make_project(tmp_path)
    tasks = [task_block(f"T{n}", f"Value {n}", module=f"mod{n}") for n in (1, 2, 3)]
    (tmp_path / "plan.md").write_text(plan_text("keyed", tasks, lint=False))
    refused = CommandExecutor(f"{sys.executable} {Path(__file__).parent / 'agents' / 'codex_refused_agent.py'}")

    def engine(executor: CommandExecutor | ScriptedExecutor) -> DeliveryEngine:
        return DeliveryEngine(store, Config(offline=True), repo=project, plan_path=tmp_path / "plan.md",
                              executor=executor, run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60)

    outcome = asyncio.run(engine(refused).run(no_wait=True))

    assert outcome.ending == "waiting"
    dstore = DeliveryStore(store)
    [escalation] = dstore.escalations(outcome.run_id)
    assert escalation.kind == "agent_setup" and escalation.task_id == "T1"
    assert "the provider refused the agent's key" in escalation.problem
    assert "401 Unauthorized: Incorrect API key provided" in escalation.problem
    assert "or the tool's own login" in escalation.problem and "run `pmtui deliver` again" in escalation.problem
    assert "Delivery is paused" in escalation.impact and "2 other task(s) stay queued (T2, T3)" in escalation.impact
    tasks_now = {t.task_id: t for t in dstore.tasks(outcome.run_id)}
    assert [(t, tasks_now[t].state.value) for t in ("T2", "T3")] == [("T2", "received"), ("T3", "received")]
    assert dstore.attempts(outcome.run_id, "T2") == [] and dstore.attempts(outcome.run_id, "T3") == []
    assert [(a.attempt, a.outcome) for a in dstore.attempts(outcome.run_id, "T1")] == [(1, "not_run")]
    assert dstore.get_run(outcome.run_id).state == "waiting_for_human"
    shown = run_pmtui(["status"], env={**os.environ, "PMTUI_DB": str(store.path)})
    assert "  impact: Delivery is paused: no task starts until the agent's model works" in shown.stdout, shown.stdout

    fixed = ScriptedExecutor({f"T{n}": [write_files(module_files(f"mod{n}"))] for n in (1, 2, 3)})
    again = asyncio.run(engine(fixed).run(no_wait=True))

    assert again.run_id == outcome.run_id and again.ending == "released", again.message
    assert dstore.escalation(escalation.id).answer == 1
    assert {t: [a.attempt for a in dstore.attempts(outcome.run_id, t)] for t in ("T1", "T2", "T3")} == {
        "T1": [1], "T2": [1], "T3": [1]}


def test_tasks_that_meet_the_refusal_while_it_is_asked_wait_with_it_unasked(tmp_path: Path, store: Store) -> None:
    """Two low-tier tasks run at once and both meet the refused key: one question, the other task waits with it
    (no escalation of its own, its attempt not spent) and both go on once the run resumes."""
    project = make_project(tmp_path)
    tasks = [task_block(f"T{n}", f"Value {n}", module=f"mod{n}", tier="low") for n in (1, 2)]
    (tmp_path / "plan.md").write_text(plan_text("together", tasks, lint=False))
    refused = CommandExecutor(f"{sys.executable} {Path(__file__).parent / 'agents' / 'codex_refused_agent.py'}")

    def engine(executor: CommandExecutor | ScriptedExecutor) -> DeliveryEngine:
        return DeliveryEngine(store, Config(offline=True), repo=project, plan_path=tmp_path / "plan.md",
                              executor=executor, run_dir=tmp_path / "runs", poll_interval=0.05, gate_timeout_s=60,
                              max_parallel=2)

    outcome = asyncio.run(engine(refused).run(no_wait=True))

    dstore = DeliveryStore(store)
    [escalation] = dstore.escalations(outcome.run_id)
    assert outcome.ending == "waiting" and escalation.kind == "agent_setup"
    other = "T2" if escalation.task_id == "T1" else "T1"
    assert [(a.attempt, a.outcome) for a in dstore.attempts(outcome.run_id, other)] == [(1, "not_run")]
    assert dstore.open_escalations(outcome.run_id, other) == []

    fixed = ScriptedExecutor({f"T{n}": [write_files(module_files(f"mod{n}"))] for n in (1, 2)})
    again = asyncio.run(engine(fixed).run(no_wait=True))

    assert again.ending == "released", again.message
    assert {t: [a.attempt for a in dstore.attempts(outcome.run_id, t)] for t in ("T1", "T2")} == {"T1": [1], "T2": [1]}
