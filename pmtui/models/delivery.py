"""Delivery schemas (seed 003): task contract, agent result, gates, review note, escalation, manifest."""

from __future__ import annotations

import re
import shlex
from typing import Literal

from pydantic import BaseModel, Field

Tier = Literal["critical", "normal", "low"]
SelfAssessment = Literal["confident", "uncertain", "blocked"]
RiskStatus = Literal["open", "mitigated", "accepted"]
CodeState = Literal["EXISTS", "PARTIAL", "MISSING"]
RunState = Literal["running", "waiting_for_human", "released", "failed"]

DEFINITION_OF_DONE: tuple[str, ...] = (
    "Code implements all acceptance criteria",
    "tests_to_add written and passing",
    "tests_to_run all passing",
    "Docs updated if public API or config changed",
    "Migration + rollback notes if schema/infra changed",
    "No TODO/FIXME without linked follow-up task",
)


class ExpectedFiles(BaseModel):
    create: list[str] = Field(default_factory=list)
    modify: list[str] = Field(default_factory=list)
    delete: list[str] = Field(default_factory=list)

    def all(self) -> list[str]:
        return [*self.create, *self.modify, *self.delete]


class IOContract(BaseModel):
    dependencies: list[str] = Field(default_factory=list)
    artifacts: list[str] = Field(default_factory=list)
    expected_interfaces: list[str] = Field(default_factory=list)
    breaking_change: bool = False


class EnvironmentContract(BaseModel):
    lint_command: str | None = None
    typecheck_command: str | None = None
    test_command: str | None = None
    build_command: str | None = None


class TaskContext(BaseModel):
    shared: str = ""
    task_delta: str = ""
    # The human's answers to this task's clarification questions: instructions, so they go in the prompt.
    clarifications: list[str] = Field(default_factory=list)
    # A task of a released plan whose criteria changed since (plan_revisions.revision_notes): what changed.
    revision: list[str] = Field(default_factory=list)


class SecurityFlags(BaseModel):
    touches_auth: bool = False
    touches_schema: bool = False
    touches_billing: bool = False
    touches_secrets: bool = False

    def any(self) -> bool:
        return self.touches_auth or self.touches_schema or self.touches_billing or self.touches_secrets


class TaskContract(BaseModel):
    """Everything a sub-agent receives for one task (seed 003 §4)."""

    task_id: str
    title: str
    # The plan's own words about the task (its description paragraph): what the title and criteria leave out.
    description: str = ""
    tier: Tier
    ownership: str = ""
    acceptance_criteria: list[str] = Field(default_factory=list)
    expected_files: ExpectedFiles = Field(default_factory=ExpectedFiles)
    non_goals: list[str] = Field(default_factory=list)
    tests_to_add: list[str] = Field(default_factory=list)
    tests_to_run: list[str] = Field(default_factory=list)
    definition_of_done: list[str] = Field(default_factory=lambda: list(DEFINITION_OF_DONE))
    io_contract: IOContract = Field(default_factory=IOContract)
    environment: EnvironmentContract = Field(default_factory=EnvironmentContract)
    context: TaskContext = Field(default_factory=TaskContext)
    retry_budget: int = 2
    time_budget_ms: int = 600_000
    patch_size_limit: int = 15
    security_flags: SecurityFlags = Field(default_factory=SecurityFlags)
    attempt: int = 1
    failure_evidence: list[str] = Field(default_factory=list)
    # Criteria the gate could not map to the change: the fix prompt asks the agent for their exact lines.
    unmapped_criteria: list[str] = Field(default_factory=list)


class AgentResult(BaseModel):
    """What a sub-agent reports (the result file), or what pmtui derived when it wrote none."""

    files_changed: list[str] = Field(default_factory=list)
    self_assessment: SelfAssessment = "uncertain"
    blockers: list[str] = Field(default_factory=list)
    evidence: list[str] = Field(default_factory=list)
    criteria_map: dict[str, str] = Field(default_factory=dict)
    exit_code: int | None = None
    timed_out: bool = False
    output_tail: str = ""
    result_file_error: str = ""
    # The agent ran under the sandbox (bubblewrap): it could write nothing but its worktree.
    sandboxed: bool = False
    # The agent is pmtui's own code in this process (the demo's scripted agent, the built-in LLM agent): no program was
    # started to confine, and it writes only through pmtui's tools.
    in_process: bool = False


class GateResult(BaseModel):
    gate: str
    passed: bool
    evidence: list[str] = Field(default_factory=list)
    duration_ms: float = 0.0


class ReviewNote(BaseModel):
    summary: str
    risks: list[str] = Field(default_factory=list)
    rollback: str = ""


class Risk(BaseModel):
    id: str
    description: str
    severity: Tier = "normal"
    status: RiskStatus = "open"
    source_task: str = ""


# An option whose text holds this cannot be chosen without the answer's note (the note goes to the agent).
NOTE_NEEDED = "note required"
# An option whose note starts as the escalation's finding (the modal fills it in; the human adds how to fix it).
PREFILLED = "pre-filled with the finding"
FINDING = "first finding: "
# The option that runs the task again with another agent: its note names one of the agents its text lists.
OTHER_AGENT = "Retry with another agent"
# The installed agents that cannot sign in (no key, no login of their own), listed after the offered ones.
CANNOT_SIGN_IN = "installed, but no sign-in found"
_INSTALLED = re.compile(r"installed: ([^);]*)[);]")


class Escalation(BaseModel):
    """Seed 003 escalation format; `recommended` is the 1-based number of an option."""

    id: int = 0
    task_id: str | None = None
    problem: str
    impact: str
    options: list[str]
    recommended: int = 1
    blocking: bool = True
    answer: int | None = None
    note: str = ""
    kind: str = "task"

    def needs_note(self, option: int) -> bool:
        """The option sends the human's note to the agent: it cannot be chosen without one."""
        return 1 <= option <= len(self.options) and NOTE_NEEDED in self.options[option - 1]

    def suggested_note(self) -> str:
        """The note an option pre-fills (PREFILLED): the escalation's finding, for the human to add how to fix it."""
        if not any(PREFILLED in option for option in self.options) or FINDING not in self.problem:
            return ""
        return "Still failing the same way: " + self.problem.split(FINDING, 1)[1].strip().rstrip(".")

    def note_hint(self) -> str:
        """The `--note` part of the suggested `pmtui answer` for the recommended option: the pre-filled note to edit
        when there is one, a placeholder when a note is needed, else nothing."""
        if not self.needs_note(self.recommended):
            return ""
        suggested = self.suggested_note()
        return f" --note {shlex.quote(suggested + '. Fix it by …')}" if suggested else ' --note "…"'

    def agents_offered(self, option: int) -> list[str]:
        """The agents an OTHER_AGENT option lists ("… installed: aider, codex)"); [] for any other option."""
        text = self.options[option - 1] if 1 <= option <= len(self.options) else ""
        found = _INSTALLED.search(text) if text.startswith(OTHER_AGENT) else None
        return [name.strip() for name in found.group(1).split(",") if name.strip()] if found else []

    def named_agent(self, option: int, note: str) -> str | None:
        """The offered agent the note names (as a word of its own), None when it names none."""
        return next((name for name in self.agents_offered(option)
                     if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", note)), None)

    def note_refusal(self, option: int, note: str) -> str:
        """Why the note cannot go with this option ('' when it can): a note is needed, or the agent is not named."""
        if self.needs_note(option) and not note.strip():
            return (f"option {option} of escalation {self.id} sends your note to the agent, and there is none: give "
                    "it with --note TEXT (in the dashboard, type it in the note field first)")
        offered = self.agents_offered(option)
        if offered and self.named_agent(option, note) is None:
            return (f"option {option} of escalation {self.id} runs the task with another agent: name one of "
                    f"{', '.join(offered)} in the note")
        return ""


class ManifestTask(BaseModel):
    task_id: str
    commit_sha: str
    review_artifact: str
    tier: Tier
    breaking_change: bool = False


class CriterionTrace(BaseModel):
    task_id: str
    criterion: str
    commit_sha: str
    location: str


class ManifestRisk(BaseModel):
    id: str
    status: Literal["mitigated", "accepted"]
    description: str


class ReleaseManifest(BaseModel):
    """docs/releases/<plan-id>-release.yaml (seed 003 §7) plus the criterion trace."""

    plan_id: str
    plan_doc: str
    design_doc: str
    completed_at: str
    # What the manifest's file is named by (plan_revisions.release_label; empty: the plan id). Not a field of the file.
    release_label: str = Field(default="", exclude=True)
    tasks: list[ManifestTask] = Field(default_factory=list)
    tests_run: int = 0
    tests_passed: int = 0
    lint_clean: bool = False
    typecheck_clean: bool = False
    build_clean: bool = False
    risks: list[ManifestRisk] = Field(default_factory=list)
    breaking_changes: list[str] = Field(default_factory=list)
    migration_steps: list[str] = Field(default_factory=list)
    rollback_plan: str = ""
    recommended_next: list[str] = Field(default_factory=list)
    criteria_trace: list[CriterionTrace] = Field(default_factory=list)
