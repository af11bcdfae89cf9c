"""The per-task state machine of seed 004, as data: states, the agent for each, valid transitions.

The seed's table is kept verbatim in SEED_TRANSITIONS; PMTUI_TRANSITIONS adds the few edges the
delivery flow of seed 003 needs (each with its reason), and VALID_TRANSITIONS is their union.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal


class IssueState(str, Enum):
    RECEIVED = "received"
    ANALYZING_REQUIREMENTS = "analyzing_requirements"
    REQUIREMENTS_UNCLEAR = "requirements_unclear"
    WAITING_FOR_REQUIREMENTS_CLARIFICATION = "waiting_for_requirements_clarification"
    REQUIREMENTS_CLARIFIED = "requirements_clarified"
    PLANNING_APPROACH = "planning_approach"
    CREATING_TESTS = "creating_tests"
    UPDATING_TESTS = "updating_tests"
    RUNNING_TESTS = "running_tests"
    IMPLEMENTING = "implementing"
    FIXING_ISSUES = "fixing_issues"
    REFACTORING = "refactoring"
    VALIDATING_SOLUTION = "validating_solution"
    ADDRESSING_FEEDBACK = "addressing_feedback"
    CREATING_PR = "creating_pr"
    COMPLETED = "completed"
    WAITING_FOR_HUMAN_INPUT = "waiting_for_human_input"
    HUMAN_INPUT_RECEIVED = "human_input_received"
    FAILED = "failed"
    BLOCKED = "blocked"
    REQUIRES_HUMAN_INTERVENTION = "requires_human_intervention"


S = IssueState

SEED_TRANSITIONS: dict[IssueState, tuple[IssueState, ...]] = {
    S.RECEIVED: (S.ANALYZING_REQUIREMENTS, S.CREATING_TESTS, S.FAILED),
    S.ANALYZING_REQUIREMENTS: (S.REQUIREMENTS_UNCLEAR, S.CREATING_TESTS, S.IMPLEMENTING, S.FAILED),
    S.REQUIREMENTS_UNCLEAR: (
        S.WAITING_FOR_REQUIREMENTS_CLARIFICATION,
        S.ANALYZING_REQUIREMENTS,
        S.BLOCKED,
        S.REQUIRES_HUMAN_INTERVENTION,
    ),
    S.WAITING_FOR_REQUIREMENTS_CLARIFICATION: (S.REQUIREMENTS_CLARIFIED, S.BLOCKED, S.FAILED),
    S.REQUIREMENTS_CLARIFIED: (S.CREATING_TESTS, S.ANALYZING_REQUIREMENTS, S.IMPLEMENTING, S.FAILED),
    S.PLANNING_APPROACH: (S.CREATING_TESTS, S.IMPLEMENTING, S.ANALYZING_REQUIREMENTS, S.FAILED),
    S.CREATING_TESTS: (S.IMPLEMENTING, S.UPDATING_TESTS, S.ANALYZING_REQUIREMENTS, S.FAILED),
    S.UPDATING_TESTS: (S.IMPLEMENTING, S.CREATING_TESTS, S.FAILED),
    S.RUNNING_TESTS: (S.IMPLEMENTING, S.FIXING_ISSUES, S.UPDATING_TESTS, S.COMPLETED, S.FAILED),
    S.IMPLEMENTING: (
        S.RUNNING_TESTS,
        S.CREATING_PR,
        S.FIXING_ISSUES,
        S.ANALYZING_REQUIREMENTS,
        S.FAILED,
    ),
    S.FIXING_ISSUES: (S.RUNNING_TESTS, S.CREATING_PR, S.IMPLEMENTING, S.REFACTORING, S.FAILED),
    S.REFACTORING: (S.RUNNING_TESTS, S.CREATING_PR, S.IMPLEMENTING, S.FAILED),
    S.VALIDATING_SOLUTION: (S.CREATING_PR, S.FIXING_ISSUES, S.UPDATING_TESTS, S.FAILED),
    S.ADDRESSING_FEEDBACK: (S.RUNNING_TESTS, S.CREATING_PR, S.FAILED),
    S.CREATING_PR: (S.COMPLETED, S.WAITING_FOR_HUMAN_INPUT, S.FAILED),
    S.WAITING_FOR_HUMAN_INPUT: (S.HUMAN_INPUT_RECEIVED, S.BLOCKED, S.FAILED),
    S.HUMAN_INPUT_RECEIVED: (
        S.ANALYZING_REQUIREMENTS,
        S.CREATING_TESTS,
        S.IMPLEMENTING,
        S.CREATING_PR,
        S.COMPLETED,
        S.FAILED,
    ),
    S.COMPLETED: (),
    S.FAILED: (),
    S.BLOCKED: (
        S.ANALYZING_REQUIREMENTS,
        S.IMPLEMENTING,
        S.CREATING_TESTS,
        S.WAITING_FOR_HUMAN_INPUT,
        S.REQUIRES_HUMAN_INTERVENTION,
    ),
    S.REQUIRES_HUMAN_INTERVENTION: (),
}

# Edges pmtui adds to the seed's table, each for a step of the seed-003 delivery loop.
PMTUI_TRANSITIONS: dict[IssueState, dict[IssueState, str]] = {
    S.RUNNING_TESTS: {
        S.VALIDATING_SOLUTION: "all six minimum gates passed: on to the tier review",
        S.REQUIRES_HUMAN_INTERVENTION: "retry budget exhausted or the same failure twice: escalate",
    },
    S.FIXING_ISSUES: {S.REQUIRES_HUMAN_INTERVENTION: "the fix attempt could not run: escalate"},
    S.IMPLEMENTING: {S.REQUIRES_HUMAN_INTERVENTION: "loop detected or task budget exhausted: escalate"},
    S.VALIDATING_SOLUTION: {S.REQUIRES_HUMAN_INTERVENTION: "tier review failed past the retry budget"},
    S.CREATING_TESTS: {S.REQUIRES_HUMAN_INTERVENTION: "loop detected while preparing tests"},
    S.RECEIVED: {S.BLOCKED: "a dependency failed or waits for a human"},
    S.ANALYZING_REQUIREMENTS: {
        S.BLOCKED: "a dependency failed or waits for a human",
        S.REQUIRES_HUMAN_INTERVENTION: "loop detected while analysing requirements",
    },
    S.REQUIRES_HUMAN_INTERVENTION: {
        S.HUMAN_INPUT_RECEIVED: "the human answered the escalation (pmtui answer / the modal)"
    },
    S.HUMAN_INPUT_RECEIVED: {
        S.VALIDATING_SOLUTION: "the review model was unavailable: the human chose to review again (or offline)"
    },
    S.CREATING_PR: {
        S.FIXING_ISSUES: "the commit was refused (e.g. a hook failed): fix and retry",
        S.REQUIRES_HUMAN_INTERVENTION: "the commit keeps failing: escalate",
    },
    S.UPDATING_TESTS: {S.REQUIRES_HUMAN_INTERVENTION: "loop detected while updating tests"},
    S.REFACTORING: {S.REQUIRES_HUMAN_INTERVENTION: "loop detected while refactoring"},
    S.ADDRESSING_FEEDBACK: {S.REQUIRES_HUMAN_INTERVENTION: "review feedback keeps failing: escalate"},
    # FAILED stays final for the engine: only a human reopens it, and the reopening is recorded with its
    # reason and the fresh attempt budget (controls.RunControls applies it, never the engine on its own).
    S.FAILED: {S.HUMAN_INPUT_RECEIVED: "the human reopened the failed task for a retry with a fresh budget"},
}

VALID_TRANSITIONS: dict[IssueState, frozenset[IssueState]] = {
    state: frozenset(SEED_TRANSITIONS[state]) | frozenset(PMTUI_TRANSITIONS.get(state, {}))
    for state in IssueState
}

# The states the engine never leaves by itself (a human may reopen a failed task: pmtui retry).
TERMINAL_STATES = frozenset({S.COMPLETED, S.FAILED})
WAITING_STATES = frozenset(
    {
        S.WAITING_FOR_REQUIREMENTS_CLARIFICATION,
        S.WAITING_FOR_HUMAN_INPUT,
        S.REQUIRES_HUMAN_INTERVENTION,
    }
)

TaskStatus = Literal["pending", "ready", "in_progress", "completed", "failed", "escalated"]


class InvalidTransition(ValueError):
    """A transition the table does not allow; it is never recorded."""

    def __init__(self, from_state: IssueState, to_state: IssueState) -> None:
        allowed = ", ".join(sorted(s.value for s in VALID_TRANSITIONS[from_state])) or "none (terminal)"
        super().__init__(
            f"invalid state transition {from_state.value} -> {to_state.value}; allowed: {allowed}"
        )
        self.from_state = from_state
        self.to_state = to_state


def is_valid_transition(from_state: IssueState, to_state: IssueState) -> bool:
    return to_state in VALID_TRANSITIONS[from_state]


def task_status(state: IssueState, dependencies_done: bool = True) -> TaskStatus:
    """The seed-003 status, derived from the seed-004 state (never stored twice)."""
    if state is S.COMPLETED:
        return "completed"
    if state in (S.FAILED, S.BLOCKED):
        return "failed"
    if state in WAITING_STATES or state is S.REQUIREMENTS_UNCLEAR:
        return "escalated"
    if state is S.RECEIVED:
        return "ready" if dependencies_done else "pending"
    return "in_progress"


def is_in_loop(history: list[IssueState], max_same_state_visits: int = 3) -> bool:
    """Seed 004: stuck when the last N states visited hold at most two distinct states."""
    if len(history) < max_same_state_visits:
        return False
    return len(set(history[-max_same_state_visits:])) <= 2
