"""Benchmark: LLM calls and tokens per discovery turn and per whole idea-to-spec session.

Drives a scripted founder through discovery, scoping (one pushback, one question) and the spec
with the model-backed brain (LLMBrain) against the fake OpenAI-compatible server on 127.0.0.1,
which answers like a PM would and counts every request. Uses the Orchestrator when it can run;
otherwise drives LLMBrain step by step the way the orchestrator does.

    .venv/bin/python bench/llm_calls.py [--direct]

Exits 1 when a discovery turn takes more than 2 calls (the budget in DESIGN.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fake_llm_server import FakeLLMServer, FakeResponse

MAX_CALLS_PER_DISCOVERY_TURN = 2

# (what the founder types, what an extraction model would read from it)
DISCOVERY: list[tuple[str, dict[str, Any]]] = [
    ("A habit tracker for night-shift nurses: their routines fall apart on rotating shifts.",
     {"target_user": "night-shift nurses", "core_problem": "routines fall apart on rotating shifts"}),
    ("Today they use paper notes or generic apps like Habitica that assume a 9-to-5 day.",
     {"current_alternatives": "paper notes or generic apps that assume a 9-to-5 day"}),
    (("Hospitals now publish rosters as calendar feeds, so the app can know each shift. "
     "I want check-ins, shift-aware reminders, a social feed and an analytics dashboard."),
     {"why_now": "hospitals publish rosters as calendar feeds",
      "feature_wishlist": ["Habit check-ins", "Shift-aware reminders", "Social feed", "Analytics dashboard"]}),
    ("Not sure.", {"revenue_model": "not sure"}),
    (("Success is 40% of users checking in four nights a week after a month; hospitals pay per seat. "
     "I'm a solo developer and want something live in 4 weeks."),
     {"success_metric": "40% of users check in four nights a week after a month",
      "revenue_model": "hospitals pay per seat", "constraints": "solo developer, live in 4 weeks"}),
]
REVIEW = "Yes, that's right."
SCOPING = [
    "The social feed is our differentiator — nurses motivate each other.",
    "Why is the analytics dashboard cut?",
    "Agreed, let's go with this scope.",
]

PROPOSAL = {
    "features": [
        {"name": "Habit check-ins", "priority": "P0", "phase": 1, "reach": 500, "impact": 2, "confidence": 0.8,
         "effort": 1.5, "reach_reason": "every active nurse", "stated": []},
        {"name": "Shift-aware reminders", "priority": "P0", "phase": 1, "reach": 450, "impact": 3,
         "confidence": 0.6, "effort": 2, "reach_reason": "nurses with a roster feed", "stated": []},
        {"name": "Social feed", "priority": "P2", "phase": 3, "reach": 150, "impact": 0.5, "confidence": 0.3,
         "effort": 3},
    ],
    "cut_features": [{"name": "Analytics dashboard", "reason": "Hospitals need usage first; it adds 3 weeks."}],
    "comparable_products": [],
    "core_user_flow": ["Import the roster feed", "Get a reminder before the shift", "Check in habits"],
    "key_screens": ["Tonight", "Habits", "Roster"],
    "scope_rationale": "One loop — remind at the right moment of the shift, check in — fits 4 weeks solo.",
}
SPEC = """# Night-shift habits — product spec

## Problem statement
Night-shift nurses lose their routines on rotating shifts.

## Target user persona
A night-shift nurse on a rotating roster.

## Comparable products
See the scoping output.

## Implementation plan by phase
### Phase 1 — the loop
Habit check-ins and shift-aware reminders.

## Cut features and rationale
Analytics dashboard: usage first.

## RICE summary
| Feature | Score |
|---|---|
| Shift-aware reminders | 540 |

## Open questions and risks
- Will hospitals share roster feeds?

## Technical considerations
Calendar feed parsing.
"""


def last_user(body: dict[str, Any]) -> str:
    for message in reversed(body.get("messages", [])):
        if message.get("role") == "user":
            return str(message.get("content", ""))
    return ""


def scripted_pm(body: dict[str, Any]) -> FakeResponse:
    """Answers each prompt of prompts/ the way a capable model would, keyed on the prompt's wording."""
    system = str(body["messages"][0].get("content", ""))
    said = last_user(body)
    if system.startswith("You extract facts"):
        facts = next((f for text, f in DISCOVERY if text == said), {})
        if said == REVIEW:
            facts = {}
        return FakeResponse(text=json.dumps(facts))
    if "interviewing a founder" in system:
        return FakeResponse(text=f"You mentioned \"{said[:40]}\". Tell me one more thing: what is missing?")
    if "shown a founder a summary" in system:
        return FakeResponse(text='{"intent": "CONFIRM"}')
    if "propose a RICE-scored" in system:
        return FakeResponse(text=json.dumps(PROPOSAL))
    if "Classify the founder's reply" in system:
        intent = "QUESTION" if said.lower().startswith("why") else "PUSHBACK" if "differentiator" in said else "AGREE"
        return FakeResponse(text=json.dumps({"intent": intent}))
    if "negotiating MVP scope" in system:
        return FakeResponse(text=json.dumps({
            "reply": "The feed scores 7.5 against 540 for reminders and adds 3 weeks to a 4-week plan; "
                     "show me nurses asking for it and I'll move it.",
            "outcome": "held", "reason": "No new evidence yet.", "features": ["Social feed"],
            "feature_changes": [], "risk": "",
        }))
    if "Answer the founder's question" in system:
        return FakeResponse(text="It adds 3 weeks for buyers who first need usage data. Agree, or push back?")
    if "writing the product spec" in system:
        return FakeResponse(text=SPEC, chunk_size=40)
    return FakeResponse(text="OK")


class Ledger:
    """Calls and tokens per step, read from the fake server's request log."""

    def __init__(self, server: FakeLLMServer) -> None:
        self.server = server
        self.rows: list[dict[str, Any]] = []
        self._mark = 0

    def step(self, phase: str, label: str) -> dict[str, Any]:
        requests = self.server.requests[self._mark:]
        self._mark = len(self.server.requests)
        row: dict[str, Any] = {
            "phase": phase,
            "step": label,
            "calls": len(requests),
            "prompt_tokens": sum(r.prompt_tokens for r in requests),
            "completion_tokens": sum(r.completion_tokens for r in requests),
        }
        row["tokens"] = row["prompt_tokens"] + row["completion_tokens"]
        self.rows.append(row)
        return row


async def run_orchestrated(store: Any, config: Any, brain: Any, ledger: Ledger) -> str:
    from pmtui.product.orchestrator import Orchestrator

    orchestrator = Orchestrator(store, config, brain=brain)
    state = orchestrator.open_project("Night-shift habits")
    ledger.step("setup", "open project")
    for number, (text, _) in enumerate(DISCOVERY, start=1):
        result = await orchestrator.handle(state.project_id, text)
        if result.error:
            raise RuntimeError(result.error)
        ledger.step("discovery", f"turn {number}")
    result = await orchestrator.handle(state.project_id, REVIEW)
    ledger.step("review", "confirm summary + proposal")
    for text in SCOPING:
        result = await orchestrator.handle(state.project_id, text)
        if result.error:
            raise RuntimeError(result.error)
        ledger.step("scoping", text[:32])
    return orchestrator.state(state.project_id).phase


async def run_direct(store: Any, brain: Any, ledger: Ledger) -> str:
    from pmtui.models import ChatMessage
    from pmtui.product.completeness import check_completeness
    from pmtui.product.rice import rescore

    project_id = store.create_project("Night-shift habits")
    state = store.load_state(project_id)
    state.messages.append(ChatMessage(role="assistant", content="What's the idea?", phase="discovery"))
    for number, (text, _) in enumerate(DISCOVERY, start=1):
        state.messages.append(ChatMessage(role="user", content=text, phase="discovery"))
        before = state.discovery_summary
        state.discovery_summary = await brain.extract_discovery(state, text)
        state.completeness = check_completeness(state.discovery_summary, state.user_turns)
        if not state.completeness.is_complete:
            reply = await brain.discovery_reply(state, text, before, state.completeness)
            state.messages.append(ChatMessage(role="assistant", content=reply.text, phase="discovery"))
        ledger.step("discovery", f"turn {number}")
    if not state.completeness.is_complete:
        raise RuntimeError(f"discovery did not complete: gaps {state.completeness.gaps}")
    await brain.classify_review(state, REVIEW)
    try:
        from pmtui.product.search import search_comparable_products

        comparables = search_comparable_products(state.discovery_summary, backend="catalog")
    except ImportError:
        comparables = []
    state.scoping_output = rescore(await brain.propose_scope(state, comparables))
    state.phase = "scoping"
    ledger.step("review", "confirm summary + proposal")
    for number, text in enumerate(SCOPING, start=1):
        intent = await brain.classify_scoping_intent(state, text)
        if intent == "PUSHBACK":
            negotiation = await brain.negotiate(state, text, number, False)
            state.scoping_output = negotiation.output
        elif intent == "QUESTION":
            await brain.answer_scope_question(state, text)
        else:
            state.spec_markdown = await brain.write_spec(state)
            state.phase = "done"
        ledger.step("scoping", text[:32])
    return state.phase


def report(ledger: Ledger, mode: str, final_phase: str) -> int:
    print(f"LLM calls and tokens, scripted idea-to-spec session ({mode}; final phase: {final_phase})")
    print(f"{'phase':<10} {'step':<34} {'calls':>5} {'prompt':>7} {'compl.':>7} {'tokens':>7}")
    for row in ledger.rows:
        if row["phase"] == "setup" and not row["calls"]:
            continue
        print(f"{row['phase']:<10} {row['step']:<34} {row['calls']:>5} {row['prompt_tokens']:>7} "
              f"{row['completion_tokens']:>7} {row['tokens']:>7}")
    turns = [r for r in ledger.rows if r["phase"] == "discovery"]
    total = ledger.server.usage()
    worst = max(r["calls"] for r in turns)
    print()
    print(f"discovery turns: {len(turns)}; calls per turn: max {worst}, "
          f"mean {sum(r['calls'] for r in turns) / len(turns):.1f}; "
          f"tokens per turn: mean {sum(r['tokens'] for r in turns) / len(turns):.0f}, "
          f"max {max(r['tokens'] for r in turns)}")
    print(f"whole session: {total['calls']} calls, {total['prompt_tokens']} prompt + "
          f"{total['completion_tokens']} completion = {total['tokens']} tokens")
    if worst > MAX_CALLS_PER_DISCOVERY_TURN:
        print(f"OVER BUDGET: a discovery turn took {worst} calls (budget {MAX_CALLS_PER_DISCOVERY_TURN})")
        return 1
    return 0


async def main(direct: bool) -> int:
    os.environ.setdefault("PMTUI_NO_NETWORK", "1")
    os.environ["OPENAI_API_KEY"] = "sk-bench"
    from pmtui.config import Config, ModelRoute
    from pmtui.llm.gateway import LLMGateway
    from pmtui.product.brains.model import LLMBrain
    from pmtui.store import Store

    with tempfile.TemporaryDirectory() as tmp, FakeLLMServer(responder=scripted_pm) as server:
        store = Store(Path(tmp) / "bench.db")
        route = ModelRoute(model="openai/fake-model", api_base=server.api_base, timeout=5, max_retries=0)
        config = Config(models={"default": route})
        brain = LLMBrain(LLMGateway(config, store))
        ledger = Ledger(server)
        mode = "LLMBrain driven directly"
        if not direct:
            try:
                final_phase = await run_orchestrated(store, config, brain, ledger)
                mode = "through the Orchestrator"
            except (ImportError, RuntimeError) as exc:
                print(f"(the Orchestrator could not run the session: {exc}; driving LLMBrain directly)")
                server.reset()
                store.close()
                store = Store(Path(tmp) / "bench-direct.db")
                brain = LLMBrain(LLMGateway(config, store))
                ledger = Ledger(server)
                final_phase = await run_direct(store, brain, ledger)
        else:
            final_phase = await run_direct(store, brain, ledger)
        recorded = store.llm_usage()
        if recorded["calls"] != server.call_count:
            print(f"MISMATCH: the store recorded {recorded['calls']} calls, the server saw {server.call_count}")
            return 1
        code = report(ledger, mode, final_phase)
        store.close()
        return code


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--direct", action="store_true", help="drive LLMBrain without the Orchestrator")
    sys.exit(asyncio.run(main(parser.parse_args().direct)))
