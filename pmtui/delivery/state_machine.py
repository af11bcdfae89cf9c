"""The per-task state machine (seed 004) over the delivery store.

A transition is checked against VALID_TRANSITIONS before anything is written; a valid one updates
the task's state and iteration, inserts the transition row and emits the event in one
transaction. check_stuck is the safety net (loop detection, max_iterations) and escalate_stuck
moves a stuck task to REQUIRES_HUMAN_INTERVENTION together with its escalation.
"""

from __future__ import annotations

from pmtui.delivery.store import DeliveryStore, DeliveryStoreError, TransitionRecord
from pmtui.models.states import InvalidTransition, IssueState, is_in_loop, is_valid_transition

DEFAULT_MAX_ITERATIONS = 30
# Options of a stuck-task escalation, in the order the engine maps answers back:
# 1 → HUMAN_INPUT_RECEIVED → IMPLEMENTING, 2 → CREATING_PR, 3 → FAILED.
STUCK_OPTIONS: tuple[str, ...] = (
    "Retry the task with a fresh retry budget",
    "Accept the change as it is and commit it",
    "Skip the task: mark it failed (its dependents are blocked)",
)
_HUMAN_ANSWER_STATES = frozenset({IssueState.HUMAN_INPUT_RECEIVED, IssueState.REQUIREMENTS_CLARIFIED})


def loop_window(retry_budget: int) -> int:
    """States is_in_loop looks at: one more fix cycle than the budget allows, plus one."""
    return 2 * (retry_budget + 1) + 1


class TaskStateMachine:
    """Validated, recorded transitions of the tasks of delivery runs."""

    def __init__(self, dstore: DeliveryStore, max_iterations: int = DEFAULT_MAX_ITERATIONS) -> None:
        self.dstore = dstore
        self.max_iterations = max_iterations

    def state(self, run_id: int, task_id: str) -> IssueState:
        return self.dstore.task_state(run_id, task_id)

    def transition(self, run_id: int, task_id: str, to_state: IssueState | str, reason: str) -> IssueState:
        """Move a task to `to_state`; raises InvalidTransition (writing nothing) when the table forbids it."""
        self.transition_from(run_id, task_id, to_state, reason)
        return IssueState(to_state)

    def transition_from(self, run_id: int, task_id: str, to_state: IssueState | str, reason: str) -> IssueState:
        """transition(), giving the state the task left: the one read inside the transaction that moved it."""
        target = IssueState(to_state)
        with self.dstore.store.transaction() as conn:
            row = conn.execute(
                "SELECT state, iteration, started_at FROM tasks WHERE run_id = ? AND task_id = ?",
                (run_id, task_id),
            ).fetchone()
            if row is None:
                raise DeliveryStoreError(f"run {run_id} has no task {task_id!r}")
            current = IssueState(row["state"])
            if not is_valid_transition(current, target):
                raise InvalidTransition(current, target)
            self.dstore._write_transition(
                conn, run_id, task_id, current, target, reason, int(row["iteration"]) + 1, row["started_at"]
            )
        return current

    def history(self, run_id: int, task_id: str) -> list[TransitionRecord]:
        return self.dstore.transitions(run_id, task_id)

    def states_visited(self, run_id: int, task_id: str) -> list[IssueState]:
        """The states the task has been in, oldest first, starting with its first state."""
        records = self.history(run_id, task_id)
        if not records:
            return [self.state(run_id, task_id)]
        return [records[0].from_state, *(record.to_state for record in records)]

    def check_stuck(self, run_id: int, task_id: str, retry_budget: int | None = None) -> str | None:
        """Why the task is stuck, or None. Counted since the last human answer, so a task the human
        told to retry gets a fresh window and a fresh max_iterations."""
        budget = self.dstore.task(run_id, task_id).retry_budget if retry_budget is None else retry_budget
        # Only the (from, to) pairs: read after every step of every task, where decoding whole records cost most.
        moves = self.dstore.state_moves(run_id, task_id)
        since = 0
        for index, (_, to_state) in enumerate(moves):
            if to_state in _HUMAN_ANSWER_STATES:
                since = index + 1
        segment = moves[since:]
        if not segment:
            return None
        states = [segment[0][0], *(to_state for _, to_state in segment)]
        window = loop_window(budget)
        if is_in_loop(states, window):
            seen = sorted({state.value for state in states[-window:]})
            return f"loop detected: the last {window} states visited were only {' and '.join(seen)}"
        if len(segment) >= self.max_iterations:
            return f"{len(segment)} transitions without finishing (max_iterations is {self.max_iterations})"
        return None

    def escalate_stuck(
        self,
        run_id: int,
        task_id: str,
        reason: str,
        *,
        impact: str = "",
        options: tuple[str, ...] | list[str] = STUCK_OPTIONS,
        recommended: int = 1,
    ) -> int:
        """REQUIRES_HUMAN_INTERVENTION and its blocking escalation, in one transaction; the escalation id.
        Raises InvalidTransition (and writes nothing) from a state with no edge to it."""
        with self.dstore.store.transaction():
            self.transition(run_id, task_id, IssueState.REQUIRES_HUMAN_INTERVENTION, reason)
            return self.dstore.add_escalation(
                run_id,
                task_id,
                problem=f"Task {task_id} is stuck: {reason}",
                impact=impact or f"Task {task_id} and every task that depends on it are paused.",
                options=list(options),
                recommended=recommended,
                blocking=True,
                kind="stuck",
            )
