"""Escalations: the PM asks the human (seed 003 §4 format) and applies the answer.

A task escalation moves the task to a waiting state and stores the question in one transaction;
any process answers it (`pmtui answer`, the dashboard's modal), and the engine applies the answer
when it next drives the task. A run-level escalation (the release stage) waits for its answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Literal

from pmtui.delivery.contract import ambiguous_criteria
from pmtui.delivery.controls import RETRY_REASON
from pmtui.delivery.model_failure import SETUP_ESCALATION, SETUP_FIXES, SETUP_HOW
from pmtui.delivery.run_context import RunContext, RunOutcome
from pmtui.delivery.state_machine import STUCK_OPTIONS
from pmtui.delivery.store import EscalationRecord, TaskRecord
from pmtui.models.delivery import CANNOT_SIGN_IN, NOTE_NEEDED, OTHER_AGENT, PREFILLED, Risk
from pmtui.models.states import IssueState
from pmtui.redaction import clip

S = IssueState
RETRY = "Retry with a fresh budget"
# The recommendation when the agent itself failed (it fell over, asked a question, wrote nothing): the same agent on
# the same prompt fails the same way, so the human's note (the answer, the files, the approach) goes into the next
# prompt. The store refuses this option without a note.
RETRY_NOTE = f"Retry with my note for the agent ({NOTE_NEEDED}: what it needs, an answer, the files or the approach)"
# Its words before stop 28 ("answer its question" read wrong for an agent that crashed asking nothing): escalations
# stored then still apply by their text.
_RETRY_NOTE_BEFORE = f"Retry with my note for the agent ({NOTE_NEEDED}: answer its question, name the files or the approach)"
# Decision-log lines whose text the agent's next prompt carries ("Clarifications from the human").
AGENT_NOTE = "note for the agent: "
HUMAN_NOTES = ("clarification: ", AGENT_NOTE)
# The recommendation when the code failed the same way twice (a test, a lint error, a criterion unmet): the human's
# note, which starts as the finding (the modal pre-fills it), or another agent; never the same prompt again.
RETRY_FINDING = f"Retry with my note for the agent ({NOTE_NEEDED}, {PREFILLED}: add how to fix it)"
# The decision-log line naming the agent a task runs with from then on (the human chose another agent).
AGENT_CHOSEN = "agent for this task: "
ACCEPT = "Accept as is and commit"
SKIP = "Skip this task (dependents blocked)"
ESCALATION_OPTIONS: tuple[str, ...] = (RETRY, ACCEPT, SKIP)
# A change that must never be committed as it is (a secret in it, a file over the size limit).
NO_ACCEPT_OPTIONS: tuple[str, ...] = (RETRY, SKIP)
# The review model could not review: fail closed and let the human choose (never a silent approval).
REVIEW_RETRY = "Retry the review"
REVIEW_OFFLINE = "Use the offline reviewer for this task"
REVIEW_STOP = "Stop: skip this task (dependents blocked)"
REVIEW_OPTIONS: tuple[str, ...] = (REVIEW_RETRY, REVIEW_OFFLINE, REVIEW_STOP)
OFFLINE_REVIEW_CHOSEN = "review: the human chose the offline reviewer"
Action = Literal["retry", "accept", "skip", "review", "offline_review", "agent"]
# Answers are applied by the text of the chosen option, so escalations may offer any subset.
_ACTIONS: dict[str, Action] = {
    RETRY: "retry", RETRY_NOTE: "retry", _RETRY_NOTE_BEFORE: "retry", RETRY_FINDING: "retry", ACCEPT: "accept", SKIP: "skip",
    STUCK_OPTIONS[0]: "retry", STUCK_OPTIONS[1]: "accept", STUCK_OPTIONS[2]: "skip",
    REVIEW_RETRY: "review", REVIEW_OFFLINE: "offline_review", REVIEW_STOP: "skip",
}
_BY_NUMBER: dict[int, Action] = {1: "retry", 2: "accept"}
CLARIFY_OPTIONS: tuple[str, ...] = (
    "Proceed: my note clarifies the criteria (or they are fine as written)",
    "Skip this task (dependents blocked)",
)
BUDGET_RAISED = "budget raised by the human"


def other_agent_option(names: list[str], unready: Sequence[str] = ()) -> str:
    """The option that runs the task again with another installed agent, named in the answer's note; the installed
    ones that cannot sign in are named as such, and cannot be chosen."""
    cannot = f"; {CANNOT_SIGN_IN}: {', '.join(unready)}" if unready else ""
    return f"{OTHER_AGENT} ({NOTE_NEEDED}: name it; installed: {', '.join(names)}{cannot})"


def accept_option(finding: str) -> str:
    """Accept, with the risk it takes stated in the option itself (the finding the change is committed with)."""
    if not finding:
        return ACCEPT
    return f"{ACCEPT}, taking the risk: {clip(finding, 160)}{'…' if len(finding) > 160 else ''}"


class Escalations:
    """Asks the human about tasks and about the run, and turns answers into state moves."""

    def __init__(self, ctx: RunContext) -> None:
        self.ctx = ctx

    # -- asking -----------------------------------------------------------------------------------
    def escalate(
        self,
        task_id: str,
        reason: str,
        *,
        kind: str,
        recommended: int = 1,
        options: tuple[str, ...] = ESCALATION_OPTIONS,
        impact: str = "",
    ) -> int:
        ctx = self.ctx
        task = ctx.task(task_id)
        dependents = [t.task_id for t in ctx.dstore.tasks(ctx.run_id) if task_id in t.depends]
        impact = impact or f"Task {task_id} ({task.title}) is paused" + (
            f"; waiting with it: {', '.join(dependents)}" if dependents else "; no other task depends on it"
        ) + ". Independent tasks go on."
        with ctx.store.transaction():
            ctx.machine.transition(ctx.run_id, task_id, S.REQUIRES_HUMAN_INTERVENTION, reason)
            escalation_id = ctx.dstore.add_escalation(
                ctx.run_id, task_id, problem=f"{task_id}: {reason}", impact=impact, options=list(options),
                recommended=recommended, blocking=True, kind=kind,
            )
        self.announce(escalation_id)
        return escalation_id

    def setup_escalation(self) -> EscalationRecord | None:
        """The open question about the agent's model setup: while it waits, no task starts (each would meet the
        same refusal)."""
        ctx = self.ctx
        return next((e for e in ctx.dstore.open_escalations(ctx.run_id) if e.kind == SETUP_ESCALATION), None)

    def ask_setup(self, task_id: str, kind: str, said: str) -> None:
        """The provider refused the agent's key (kind `key`), access or model: asked once for the run. A task that
        meets the refusal while the question waits is not asked about again: it waits with it, its state kept."""
        ctx = self.ctx
        asked = self.setup_escalation()
        if asked is not None:
            ctx.say("waiting", f"{task_id} waits with escalation {asked.id}: the agent's model setup")
            return
        waiting = [t.task_id for t in ctx.dstore.tasks(ctx.run_id)
                   if t.task_id != task_id and t.state not in (S.COMPLETED, S.FAILED)]
        listed = f" ({', '.join(waiting[:8])}{', …' if len(waiting) > 8 else ''})" if waiting else ""
        self.escalate(
            task_id, f"the agent's model call failed: {SETUP_FIXES[kind]} ({said}). {SETUP_HOW[kind]}. Then answer "
            "Retry, or run `pmtui deliver` again: delivery goes on from here (the retry budget was not spent)", kind=SETUP_ESCALATION,
            recommended=1, options=NO_ACCEPT_OPTIONS,
            impact=f"Delivery is paused: no task starts until the agent's model works; {len(waiting)} other task(s) "
                   f"stay queued{listed}, their retry budgets untouched.")

    def announce(self, escalation_id: int) -> None:
        escalation = self.ctx.dstore.escalation(escalation_id)
        lines = [
            f"ESCALATION {escalation.id} ({escalation.task_id or 'run'})",
            f"Problem:     {escalation.problem}",
            f"Impact:      {escalation.impact}",
            "Options:     " + "; ".join(f"{n}. {text}" for n, text in enumerate(escalation.options, start=1)),
            f"Recommended: {escalation.recommended}. {escalation.options[escalation.recommended - 1]}",
            f"Blocking:    {'yes' if escalation.blocking else 'no'}",
            f"Answer with: pmtui answer {escalation.id} --option {escalation.recommended}"
            + (f"{escalation.note_hint()} (edit the note: the agent reads it)"
               if escalation.suggested_note() and escalation.needs_note(escalation.recommended)
               else " --note TEXT (the agent reads it)" if escalation.needs_note(escalation.recommended)
               else " [--note TEXT]"),
        ]
        self.ctx.say("escalation", "\n".join(lines))

    def ask_clarification(self, task: TaskRecord, questions: list[str]) -> None:
        ctx = self.ctx
        with ctx.store.transaction():
            if task.state is S.ANALYZING_REQUIREMENTS:
                ctx.machine.transition(ctx.run_id, task.task_id, S.REQUIREMENTS_UNCLEAR,
                                       f"{len(questions)} question(s) about the acceptance criteria")
            ctx.machine.transition(ctx.run_id, task.task_id, S.WAITING_FOR_REQUIREMENTS_CLARIFICATION,
                                   "questions posted to the human")
            escalation_id = ctx.dstore.add_escalation(
                ctx.run_id, task.task_id,
                problem=f"{task.task_id}: the requirements are ambiguous — " + " ".join(questions),
                impact=f"Task {task.task_id} ({task.title}) and its dependents wait; independent tasks go on.",
                options=list(CLARIFY_OPTIONS), recommended=1, blocking=True, kind="requirements",
            )
        ctx.say("state", f"{task.task_id} requirements unclear: waiting for clarification")
        self.announce(escalation_id)

    async def ask_run(
        self, problem: str, options: list[str], kind: str, recommended: int, no_wait: bool, *, impact: str = ""
    ) -> int | RunOutcome:
        """A run-level escalation's answer (asked once: an answered one with the same problem is reused)."""
        ctx = self.ctx
        for earlier in ctx.dstore.escalations(ctx.run_id):
            if earlier.task_id is None and earlier.kind == kind and earlier.problem == problem and earlier.answer:
                return earlier.answer
        escalation_id = ctx.dstore.add_escalation(
            ctx.run_id, None, problem=problem,
            impact=impact or "The release manifest is not written until this is decided.",
            options=options, recommended=recommended, blocking=True, kind=kind,
        )
        self.announce(escalation_id)
        waiting = False
        while (answer := ctx.dstore.escalation(escalation_id).answer) is None:
            if not waiting:
                ctx.dstore.set_run_state(ctx.run_id, "waiting_for_human", "the release waits for a human")
                waiting = True
            if no_wait:
                return RunOutcome("waiting_for_human", "waiting", ctx.run_id,
                                  message="the release waits for a human answer", escalations=[escalation_id])
            if ctx.stop.is_set():
                return RunOutcome("waiting_for_human", "stopped", ctx.run_id,
                                  message="delivery stopped while the release waits for a human answer",
                                  escalations=[escalation_id])
            await asyncio.sleep(ctx.poll_interval)
        if waiting:
            ctx.dstore.set_run_state(ctx.run_id, "running", "the release escalation was answered")
        ctx.report("escalation_answered")
        return answer

    # -- answers ----------------------------------------------------------------------------------
    def latest_answer(self, task_id: str) -> EscalationRecord | None:
        ctx = self.ctx
        answered = [e for e in ctx.dstore.escalations(ctx.run_id) if e.task_id == task_id and e.answer is not None]
        return answered[-1] if answered else None

    def take_answer(self, task: TaskRecord) -> bool:
        """Apply the human's answer to a waiting task; False while the escalation is open."""
        ctx = self.ctx
        if ctx.dstore.open_escalations(ctx.run_id, task.task_id):
            return False
        answer = self.latest_answer(task.task_id)
        if answer is None or answer.answer is None:
            if task.state is S.WAITING_FOR_REQUIREMENTS_CLARIFICATION:
                self.ask_clarification(task, ambiguous_criteria(ctx.plan_task(task.task_id)))
            else:
                self.escalate(task.task_id, "waiting without an escalation (recovered after a restart)", kind="stuck")
            return False
        chosen = answer.options[answer.answer - 1]
        note = f" ({answer.note})" if answer.note else ""
        if task.state is S.WAITING_FOR_REQUIREMENTS_CLARIFICATION:
            if answer.answer == 1:
                ctx.dstore.log_decision(ctx.run_id, task.task_id, f"clarification: {answer.note or 'proceed as written'}")
                ctx.move(task.task_id, S.REQUIREMENTS_CLARIFIED, f"escalation {answer.id}: {chosen}{note}")
            else:
                ctx.move(task.task_id, S.FAILED, f"escalation {answer.id}: {chosen}{note}")
            return True
        ctx.move(task.task_id, S.HUMAN_INPUT_RECEIVED, f"escalation {answer.id}: option {answer.answer} — {chosen}{note}")
        return True

    def apply_human_input(self, task: TaskRecord) -> None:
        ctx = self.ctx
        answer = self.latest_answer(task.task_id)
        action = answer_action(answer)
        if action == "agent" and answer is not None:
            # Validated when answered (the store refuses a note that names none of the offered agents).
            name = answer.named_agent(answer.answer or 0, answer.note) or ""
            with ctx.store.transaction():
                ctx.dstore.log_decision(ctx.run_id, task.task_id, AGENT_CHOSEN + name)
                ctx.dstore.set_task_fields(ctx.run_id, task.task_id,
                                           retry_budget=task.retry_budget + ctx.retry_budget + 1)
                if answer.note.strip() != name:
                    ctx.dstore.log_decision(ctx.run_id, task.task_id, AGENT_NOTE + answer.note.strip())
                ctx.machine.transition(ctx.run_id, task.task_id, S.IMPLEMENTING,
                                       f"the human chose another agent ({name}) with a fresh budget")
            ctx.say("state", f"{task.task_id} human_input_received → implementing: the {name} agent, with a fresh "
                             f"budget of {ctx.retry_budget} fix attempt(s)")
        elif action == "retry":
            with ctx.store.transaction():
                ctx.dstore.set_task_fields(ctx.run_id, task.task_id,
                                           retry_budget=task.retry_budget + ctx.retry_budget + 1)
                if answer is not None and answer.kind == "budget":
                    ctx.dstore.log_decision(ctx.run_id, task.task_id, BUDGET_RAISED)
                if answer is not None and answer.note.strip() and answer.note != RETRY_REASON:  # the human's words
                    ctx.dstore.log_decision(ctx.run_id, task.task_id, AGENT_NOTE + answer.note.strip())
                ctx.machine.transition(ctx.run_id, task.task_id, S.IMPLEMENTING,
                                       "the human chose a retry with a fresh budget")
            ctx.say("state", f"{task.task_id} human_input_received → implementing: retry with a fresh budget "
                             f"of {ctx.retry_budget} fix attempt(s)")
        elif action == "accept":
            with ctx.store.transaction():
                self._accepted_risk(task, answer)
                ctx.move(task.task_id, S.CREATING_PR, "the human accepted the change as it is")
        elif action in ("review", "offline_review"):
            with ctx.store.transaction():
                if action == "offline_review":
                    ctx.dstore.log_decision(ctx.run_id, task.task_id, OFFLINE_REVIEW_CHOSEN)
                ctx.move(task.task_id, S.VALIDATING_SOLUTION, "the human chose to review again"
                         + (" with the offline reviewer" if action == "offline_review" else ""))
        else:
            ctx.move(task.task_id, S.FAILED, "the human chose to skip the task")

    def _accepted_risk(self, task: TaskRecord, answer: EscalationRecord | None) -> None:
        """Accepting a change is accepting a risk: it is recorded as such, for the manifest and the handoff."""
        ctx = self.ctx
        attempt = ctx.dstore.last_attempt(ctx.run_id, task.task_id)
        failed = [gate for gate in (attempt.gate_results if attempt else []) if not gate.passed]
        what = "; ".join(
            f"{gate.gate}: {next((line.strip() for line in gate.evidence if line.strip()), 'failed')}" for gate in failed
        ) or (answer.problem if answer is not None else "the escalated problem")
        note = f" ({answer.note})" if answer is not None and answer.note else ""
        number = answer.id if answer is not None else len(ctx.dstore.risks(ctx.run_id)) + 1
        ctx.dstore.add_risk(ctx.run_id, Risk(
            id=f"ACCEPTED-{task.task_id}-{number}", severity=task.tier, status="accepted", source_task=task.task_id,
            description=f"{task.task_id} was committed as it is by the human despite: {what}{note}",
        ))


def answer_action(answer: EscalationRecord | None) -> Action:
    """What the human's answer asks for, read from the text of the chosen option."""
    if answer is None or answer.answer is None:
        return "skip"
    chosen = answer.options[answer.answer - 1] if 0 < answer.answer <= len(answer.options) else ""
    if chosen.startswith(OTHER_AGENT):
        return "agent"
    if chosen.startswith(ACCEPT):
        return "accept"
    return _ACTIONS.get(chosen) or _BY_NUMBER.get(answer.answer, "skip")
