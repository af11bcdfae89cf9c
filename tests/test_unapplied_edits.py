"""An attempt that exits 0 and changes nothing of the task's files is the agent's failure, found by the tree, whatever
the agent said: the finding names the agent and what it printed last.

Found in round 21 (issue 7): "the edit was not applied" was recognised only in aider's words. Claude Code, Codex,
Gemini CLI, opencode and mini-swe-agent say it their own way (String to replace not found in file / Failed to edit /
Could not find oldString / apply_patch verification failed / RepeatedFormatError), or say nothing and leave the tree
as it was; an agent whose edits of the task's files were lost but which wrote a note elsewhere passed the `change`
gate, and the escalation recommended a blind retry. Real subprocess agents (tests/agents/given_files_agent.py),
real git, real gate commands.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from pmtui.config import AgentConfig, Config
from pmtui.delivery.agent_presets import resolve_agent
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.escalations import RETRY_NOTE
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.store import DeliveryStore
from pmtui.models.delivery import OTHER_AGENT
from pmtui.store import Store
from tests.fixtures.delivery_repo import make_project, plan_text, task_block

AGENT = Path(__file__).parent / "agents" / "given_files_agent.py"


def deliver(tmp_path: Path, store: Store, name: str, files: dict[str, str], says: str) -> DeliveryStore:
    """`name` (an agent of the user's own, as [agents.NAME]) delivers one task with a retry budget of 0; another
    agent, `other`, is installed too."""
    project = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("lost", [task_block("T1", "Delta value", module="delta")], lint=False))
    command = f"{sys.executable} {AGENT}"
    config = Config(offline=True, agents={
        name: AgentConfig(command=command, env={"AGENT_FILES": json.dumps(files), "AGENT_SAYS": says}),
        "other": AgentConfig(command=command)})
    engine = DeliveryEngine(store, config, repo=project, plan_path=plan, run_dir=tmp_path / "runs",
                            executor=CommandExecutor(resolve_agent(name, config)), poll_interval=0.05,
                            gate_timeout_s=60, retry_budget=0)
    outcome = asyncio.run(engine.run(no_wait=True))
    assert outcome.ending == "waiting", outcome.message
    return DeliveryStore(store)


@pytest.mark.parametrize("name, says, finding", [
    # Each tool's own words for an edit it could not apply (from the installed versions).
    ("claude", "Error: String to replace not found in file.\nI was unable to make the change.",
     "its edit was not applied: “Error: String to replace not found in file.”"),
    ("gemini", "Failed to edit, Expected 1 occurrence but found 0 for old_string in file: src/delta.py",
     ("its edit was not applied: “Failed to edit, Expected 1 occurrence but found 0 for old_string in file: "
      "src/delta.py”")),
    ("opencode", "Could not find oldString in the file. It must match exactly",
     "its edit was not applied: “Could not find oldString in the file. It must match exactly”"),
    ("codex", "apply_patch verification failed: Failed to find expected lines in src/delta.py",
     "its edit was not applied: “apply_patch verification failed: Failed to find expected lines in src/delta.py”"),
    # mini-swe-agent stopped by its own limits (its real output's tail), and its last words.
    ("mini-swe-agent", ("mini-swe-agent (step 10, $0.00):\nLet me look once more.\n\n```\nls src\n```\n\nExit:\n"
                        "LimitsExceeded\nSaved trajectory to \n'/tmp/x/T1-attempt-1/mini.traj.json'"),
     "it stopped at its own step or time limit (“LimitsExceeded”); the agent said: “Let me look once more.”"),
    # An agent that says nothing of it but a word: its last line (a wrapped path is not one).
    ("opencode", "Done\n'/tmp/x/session.json'", "it printed last: “Done”"),
])
def test_an_agent_that_exits_0_and_changes_nothing_is_named_with_its_last_words(
        tmp_path: Path, store: Store, name: str, says: str, finding: str) -> None:
    dstore = deliver(tmp_path, store, f"my-{name}", {}, says)
    [escalation] = dstore.escalations(1)
    assert f"first finding: my-{name} exited 0: the attempt changed no files; {finding}" in escalation.problem, \
        escalation.problem
    assert escalation.options[escalation.recommended - 1] == RETRY_NOTE
    assert not [option for option in escalation.options if option.startswith("Accept")], "nothing to accept"
    # The same tool may fail the same way again: the other installed agents are offered by name.
    [other] = [number for number, text in enumerate(escalation.options, start=1) if text.startswith(OTHER_AGENT)]
    assert "other" in escalation.agents_offered(other) and f"my-{name}" not in escalation.agents_offered(other)


def test_an_agent_that_changed_none_of_the_tasks_files_is_the_finding_not_the_gates_after_it(
        tmp_path: Path, store: Store) -> None:
    """Its edit of src/delta.py was lost; it wrote its notes: the change is not empty, and every gate after it failed
    on the missing code (a blind retry recommended). Now the finding is the agent's, and a note is recommended; what
    it did write may still be accepted."""
    dstore = deliver(tmp_path, store, "scribe", {"NOTES.md": "# Plan\n\nAdd delta_value to src/delta.py.\n"},
                     "I have described the change in NOTES.md.")
    [escalation] = dstore.escalations(1)
    assert ("first finding: scribe exited 0: the attempt changed none of the task's files (src/delta.py, "
            "tests/test_delta.py), only NOTES.md; the agent said: “I have described the change in NOTES.md.”"
            in escalation.problem), escalation.problem
    assert escalation.options[escalation.recommended - 1] == RETRY_NOTE
    assert any(option.startswith("Accept") for option in escalation.options)
