"""The note option's words fit every agent-side failure, and answers stored under its old words still apply.

Seen in the TUI walk at stop 28: aider crashed on a read-only file (it asked nothing), and the recommended option
read "Retry with my note for the agent (note required: answer its question, …)".
"""

from __future__ import annotations

from pmtui.delivery.escalations import RETRY_NOTE, SKIP, answer_action
from pmtui.delivery.failure_findings import escalation_options
from pmtui.delivery.records import EscalationRecord

OLD = "Retry with my note for the agent (note required: answer its question, name the files or the approach)"


def test_the_note_option_asks_for_what_the_agent_needs_not_an_answer_to_a_question() -> None:
    options = escalation_options(["agent", "change"], agent_side=True)
    assert options[0] == RETRY_NOTE and "answer its question" not in RETRY_NOTE
    assert "note required" in RETRY_NOTE  # the store still refuses it without a note


def test_an_escalation_stored_with_the_old_words_still_retries() -> None:
    # Where the number alone would read otherwise: the old words as a third option.
    record = EscalationRecord(id=1, run_id=1, task_id="T1", problem="p", impact="i", options=[SKIP, SKIP, OLD],
                              answer=3)
    assert answer_action(record) == "retry"
