"""The model-backed parts of `pmtui eval`: an LLM simulated founder and an LLM judge of the spec.

Both talk through the same gateway as the PM (litellm over HTTP), on their own routes, so a judge or
a simulated founder never shares a model budget or a route with the PM being evaluated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, field_validator

from pmtui.config import Config, ModelRoute
from pmtui.models import ConversationState
from pmtui.product.eval.founders import Founder
from pmtui.product.eval.simulator import ScriptedFounder
from pmtui.prompts import render_prompt

STYLES: dict[str, str] = {
    "vague": "you answer vaguely at first ('people', 'not sure') and only get concrete when pushed.",
    "over-scoper": "you want everything in the first version and list many features.",
    "clear thinker": "you are precise and give numbers.",
    "arguer": "you are direct and opinionated.",
    "pivoter": "you may change your mind about who it is for.",
    "terse": "you answer in a few words, no full sentences.",
    "rambling": "you talk at length, with asides and stories, several topics at once.",
    "non-native English": "English is not your first language; you write with the grammar of your own.",
}


def route_config(model: str, template: Config | None = None) -> Config:
    """A config whose every task goes to `model` (keeping the api_base and timeouts of `template`'s default)."""
    base = (template.models.get("default") if template else None) or ModelRoute()
    route = base.model_copy(update={"model": model})
    return Config(models={"default": route})


class JudgeVerdict(BaseModel):
    score: int = Field(ge=1, le=5)
    reasons: list[str] = Field(default_factory=list)

    @field_validator("score", mode="before")
    @classmethod
    def _round(cls, value: Any) -> Any:
        return round(float(value)) if isinstance(value, int | float | str) and str(value).strip() else value


@dataclass
class SpecJudge:
    """Rates a finished spec 1–5 with reasons; a failed call is reported, never scored as a pass."""

    gateway: Any

    async def rate(self, state: ConversationState) -> dict[str, Any]:
        from pmtui.llm.gateway import LLMError

        founder = "\n".join(f"- {m.content}" for m in state.messages if m.role == "user")
        system = render_prompt("eval_judge", founder=founder, spec=state.spec_markdown)
        try:
            result = await self.gateway.llm_call(
                "review",
                [{"role": "system", "content": system}, {"role": "user", "content": "Rate the spec now."}],
                response_model=JudgeVerdict,
                temperature=0,
            )
        except LLMError as exc:
            return {"score": 0, "reasons": [f"the judge could not answer: {exc}"]}
        verdict = result.parsed
        assert isinstance(verdict, JudgeVerdict)
        return {"score": verdict.score, "reasons": verdict.reasons}


class LLMFounder(ScriptedFounder):
    """A founder whose discovery answers a model writes, in character, from the script's facts.

    The summary card, the argue-back moves and the agreement stay scripted, so each conversation
    is still scored against the same requests; a failed model call falls back to the scripted answer.
    """

    def __init__(self, founder: Founder, gateway: Any) -> None:
        super().__init__(founder)
        self.gateway = gateway
        self.transcript: list[str] = [f"You: {founder.opening}"]

    @property
    def name(self) -> str:
        return "llm"

    async def answer(self, aspect: str, reply: str) -> str:
        from pmtui.llm.gateway import LLMError

        scripted = await super().answer(aspect, reply)
        facts = "\n".join(
            f"- {' / '.join(lines)}" for lines in self.founder.answers_after_pivot(self.pivoted).values()
        )
        self.transcript.append(f"PM: {reply}")
        system = render_prompt(
            "eval_founder",
            kind=self.founder.kind,
            style=STYLES.get(self.founder.kind, ""),
            facts=facts,
            transcript="\n".join(self.transcript[-12:]),
        )
        try:
            result = await self.gateway.llm_call(
                "conversation",
                [{"role": "system", "content": system}, {"role": "user", "content": "Your next message:"}],
                temperature=0.7,
            )
            text = result.text.strip().strip('"') or scripted
        except LLMError:
            text = scripted
        self.transcript.append(f"You: {text}")
        return text
