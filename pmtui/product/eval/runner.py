"""Drive simulated founders through the real conversation loop (the Orchestrator) and score them.

Each conversation runs in its own project of a throwaway store, through exactly the calls the TUI
and `pmtui chat` make: `handle` for every message, the card's and the scope's buttons only when the
founder gives up on words. The transcript and the final state go to the assertions.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pmtui.config import Config
from pmtui.models import ConversationState, DecisionRecord, DiscoverySummary, ScopingOutput
from pmtui.product.eval.founders import Founder
from pmtui.product.eval.simulator import Say, ScriptedFounder

MAX_TURNS = 45
MAX_DISCOVERY_TURNS = 18


class Simulator(Protocol):
    founder: Founder
    card_index: int
    agree_attempts: int

    @property
    def name(self) -> str: ...

    def opening(self) -> str: ...

    async def next(
        self, phase: str, reply: str, summary_shown: bool, scope: ScopingOutput | None
    ) -> Say: ...


@dataclass
class Turn:
    """One founder input and what the PM answered."""

    say: Say
    reply: str
    phase_before: str
    phase_after: str
    summary_shown_before: bool
    summary_shown_after: bool
    rounds_after: int
    scope_after: ScopingOutput | None
    error: str = ""
    summary_after: DiscoverySummary | None = None


@dataclass
class Conversation:
    founder: Founder
    simulator: str
    turns: list[Turn] = field(default_factory=list)
    state: ConversationState | None = None
    decisions: list[DecisionRecord] = field(default_factory=list)
    gave_up: str = ""

    @property
    def user_text(self) -> str:
        """Everything the founder typed, for tracing features back to their words."""
        return "\n".join(turn.say.text for turn in self.turns if turn.say.text)


@dataclass
class ConversationResult:
    founder: Founder
    assertions: dict[str, bool]
    notes: list[str]
    judge: dict[str, Any] | None = None
    turns: int = 0

    @property
    def passed(self) -> int:
        return sum(1 for ok in self.assertions.values() if ok)


@dataclass
class EvalReport:
    engine: str
    simulator: str
    results: list[ConversationResult]

    @property
    def passed(self) -> int:
        return sum(r.passed for r in self.results)

    @property
    def total(self) -> int:
        return sum(len(r.assertions) for r in self.results)

    @property
    def pass_rate(self) -> float:
        return self.passed / self.total if self.total else 0.0

    def for_set(self, which: str) -> EvalReport:
        return EvalReport(self.engine, self.simulator, [r for r in self.results if r.founder.set == which])

    def to_json(self) -> dict[str, Any]:
        """The contract of DESIGN.md (`conversations`, `passed`, `total`), plus ids and failure notes."""
        return {
            "engine": self.engine,
            "simulator": self.simulator,
            "conversations": [
                {
                    "persona": r.founder.kind,
                    "product": r.founder.product,
                    "id": r.founder.id,
                    "set": r.founder.set,
                    "assertions": dict(r.assertions),
                    "notes": list(r.notes),
                    **({"judge": r.judge} if r.judge is not None else {}),
                }
                for r in self.results
            ],
            "passed": self.passed,
            "total": self.total,
        }


async def run_conversation(orchestrator: Any, simulator: Simulator) -> Conversation:
    """One founder through discovery, scoping and the spec, as a user drives it."""
    founder = simulator.founder
    state = orchestrator.open_project(f"{founder.id} ({founder.kind})")
    project = state.project_id
    record = Conversation(founder=founder, simulator=simulator.name)
    say = Say(simulator.opening(), "answer")
    retries = 0
    before = state
    for _ in range(MAX_TURNS):
        if say.button == "retry":
            result = await orchestrator.retry(project)
        elif say.button == "confirm":
            result = await orchestrator.confirm_summary(project)
        elif say.button == "agree":
            result = await orchestrator.agree_scope(project)
        else:
            result = await orchestrator.handle(project, say.text)
        after = orchestrator.state(project)
        record.turns.append(
            Turn(
                say=say,
                reply=result.reply,
                phase_before=before.phase,
                phase_after=after.phase,
                summary_shown_before=before.discovery_summary_shown,
                summary_shown_after=after.discovery_summary_shown,
                rounds_after=after.negotiation_rounds,
                scope_after=after.scoping_output,
                error=result.error,
                # `after` is read from the store for this turn alone and never changed: no copy needed.
                summary_after=after.discovery_summary,
            )
        )
        before = after
        if after.phase == "done":
            break
        if after.phase == "spec" and not result.error:
            break
        discovery_turns = sum(1 for t in record.turns if t.phase_before == "discovery")
        if after.phase == "discovery" and discovery_turns >= MAX_DISCOVERY_TURNS:
            record.gave_up = f"discovery still open after {discovery_turns} messages"
            break
        retries = retries + 1 if result.error else 0
        if result.error and retries <= 2:
            # What a user does after an error that kept their message: press retry (ctrl+r).
            say = Say("", "button", button="retry")
            continue
        say = await simulator.next(after.phase, result.reply, after.discovery_summary_shown, after.scoping_output)
    else:
        record.gave_up = f"not done after {MAX_TURNS} messages"
    record.state = orchestrator.state(project)
    record.decisions = orchestrator.store.negotiation_records(project)
    return record


Progress = Callable[[ConversationResult], None]


async def run_eval(
    config: Config,
    founders: list[Founder],
    *,
    make_simulator: Callable[[Founder], Simulator] | None = None,
    judge: Any | None = None,
    store_dir: Path | None = None,
    on_result: Progress | None = None,
) -> EvalReport:
    """Every founder through the real loop on `config`'s engine, each conversation scored."""
    from pmtui.product.eval.assertions import score
    from pmtui.product.orchestrator import Orchestrator
    from pmtui.store import Store

    make_simulator = make_simulator or ScriptedFounder
    with tempfile.TemporaryDirectory(prefix="pmtui-eval-") as scratch:
        store = Store((store_dir or Path(scratch)) / "eval.db")
        try:
            orchestrator = Orchestrator(store, config)
            results: list[ConversationResult] = []
            simulator_name = "scripted"
            for founder in founders:
                simulator = make_simulator(founder)
                simulator_name = simulator.name
                conversation = await run_conversation(orchestrator, simulator)
                assertions, notes = score(conversation)
                verdict = None
                if judge is not None and conversation.state is not None and conversation.state.spec_markdown:
                    verdict = await judge.rate(conversation.state)
                    assertions["judge_spec_quality"] = verdict.get("score", 0) >= 3
                result = ConversationResult(founder, assertions, notes, verdict, len(conversation.turns))
                results.append(result)
                if on_result:
                    on_result(result)
            engine = orchestrator.model_label()
        finally:
            store.close()
    return EvalReport(engine=engine, simulator=simulator_name, results=results)
