"""The simulated founder's side of a conversation: read what the PM said, decide what to say next.

The scripted founder reads the PM's question the way a person skims it (which aspect is this
about?), answers from its script, answers the summary card, makes its argue-back moves, gives
evidence when the PM holds, and agrees. It never looks at the PM's internal state: only at the
reply text and, during scoping, at the table the TUI would show. When the PM offers numbered
choices, it picks the one that matches what it wants.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pmtui.models import ASPECTS, ScopingOutput
from pmtui.product.eval.founders import Founder, Move

Intent = Literal["answer", "pivot", "interject", "card", "move", "evidence", "agree", "button"]
Button = Literal["", "confirm", "agree", "retry"]

# What a founder skimming the PM's question takes it to be about; the first table that hits wins ties.
_QUESTION_CUES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("why_now", ("why now", "right moment", "right time", "changed recently", "has changed", "five years ago",
                 "urgent now", "timing", "what changed")),
    ("revenue_model", ("make money", "pay for", "who pays", "pricing", "price", "charge", "revenue",
                       "subscription", "business model", "monetis", "monetiz")),
    ("success_metric", ("metric", "number would", "what number", "success", "measure", "target", "kpi",
                        "retention", "working —", "is working", "kill or double")),
    ("constraints", ("team size", "timeline", "budget", "constraint", "how many weeks", "how many people",
                     "who is building", "hard limit", "working with", "platform", "compliance")),
    ("current_alternatives", ("today", "instead", "currently", "right now", "handle this", "workaround",
                              "what do they do", "spreadsheet")),
    ("feature_wishlist", ("first version", "be able to", "three things", "one thing", "what else",
                          "features", "should it do", "must the first", "do only", "step by step", "on screen")),
    ("core_problem", ("problem", "pain", "go wrong", "goes wrong", "painful", "frustrat", "last time",
                      "what actually went wrong", "riskiest")),
    ("target_user", ("who exactly", "who is this for", "who feels", "first ten", "first 10", "which people",
                     "who are they", "their role", "who it's for", "for whom")),
)
_CHOICE = re.compile(r"^\s*(\d)[.)]\s+(.+)$", re.MULTILINE)


def last_question(reply: str) -> str:
    """The last sentence of the reply that asks something (what a reader answers)."""
    questions = re.findall(r"[^.!?\n]*\?", reply)
    return questions[-1].strip() if questions else reply.strip().split("\n")[-1]


_LEADS: tuple[tuple[str, str], ...] = (
    (r"\bwho (?:pays|would pay|will pay)\b", "revenue_model"),
    (r"\bwho (?:is building|builds|is on the team)\b", "constraints"),
    (r"^(?:[^?]*\b)?who\b", "target_user"),
    (r"\bwhy now\b", "why_now"),
    (r"\bhow (?:will|would|does|do) (?:this|it|you) make money\b", "revenue_model"),
    (r"\bwhat number\b|\bwhich (?:single )?number\b|\bwhat metric\b", "success_metric"),
    (r"\bhow many (?:weeks|people|months)\b", "constraints"),
    (r"\bhow do [^?]+ (?:handle|deal with|manage) this\b|\bwhat do they do instead\b", "current_alternatives"),
)


def read_question(reply: str) -> str:
    """The aspect a founder takes the PM's question to be about, or '' when it is not a question."""
    if "?" not in reply:
        return ""
    question = last_question(reply).lower()
    scores: dict[str, float] = {}
    for pattern, aspect in _LEADS:
        if re.search(pattern, question):
            scores[aspect] = scores.get(aspect, 0) + 2
            break
    for aspect, cues in _QUESTION_CUES:
        scores[aspect] = scores.get(aspect, 0) + sum(1 for cue in cues if cue in question)
    best = max(scores, key=lambda a: scores[a], default="")
    return best if scores.get(best, 0) > 0 else ""


def choices(reply: str) -> list[tuple[str, str]]:
    """Numbered options the PM offered, as (number, text)."""
    return [(m.group(1), m.group(2).strip()) for m in _CHOICE.finditer(reply)]


def pick_choice(options: list[tuple[str, str]], wants: str) -> str | None:
    """The number of the option that matches what the founder wants to do, if any."""
    words = {
        "agree": ("agree", "write the spec", "go with", "accept", "spec"),
        "change": ("change", "push back", "feature", "argue", "edit"),
        "confirm": ("confirm", "looks right", "right", "correct", "move on", "scoping"),
        "answer": ("answer", "question", "tell you", "keep going", "continue"),
    }[wants]
    for number, text in options:
        if any(word in text.lower() for word in words):
            return number
    return None


@dataclass
class Say:
    """The founder's next input: text to send, or a button to press ('confirm' or 'agree')."""

    text: str
    intent: Intent
    move: int | None = None
    button: Button = ""


@dataclass
class ScriptedFounder:
    founder: Founder
    asked: dict[str, int] = field(default_factory=dict)
    given: list[str] = field(default_factory=list)
    discovery_answers: int = 0
    pivoted: bool = False
    card_index: int = 0
    card_fallbacks: int = 0
    move_index: int = 0
    evidence_given: set[int] = field(default_factory=set)
    agree_attempts: int = 0
    interjected: set[int] = field(default_factory=set)
    last_aspect: str = ""

    @property
    def name(self) -> str:
        return "scripted"

    def opening(self) -> str:
        return self.founder.opening

    async def next(self, phase: str, reply: str, summary_shown: bool, scope: ScopingOutput | None) -> Say:
        if phase == "discovery" and summary_shown:
            return self._card(reply)
        if phase == "discovery":
            return await self._discovery(reply)
        if phase == "scoping":
            return self._scoping(reply)
        return Say("", "agree")

    # discovery ------------------------------------------------------------------------------
    async def _discovery(self, reply: str) -> Say:
        pivot = self.founder.pivot
        if pivot and not self.pivoted and self.discovery_answers >= pivot.after:
            self.pivoted = True
            self.asked.clear()
            return Say(pivot.say, "pivot")
        for index, interjection in enumerate(self.founder.interject):
            if interjection.right_after:
                # Said at once after the first answer to that aspect, or not yet (the card gets it otherwise).
                due = self.last_aspect == interjection.right_after and self.asked.get(interjection.right_after) == 1
            else:
                due = self.discovery_answers >= interjection.after
            if index not in self.interjected and due:
                self.interjected.add(index)
                if interjection.kind == "undo" and self.last_aspect:
                    # What was taken back is said again when the PM asks for it.
                    self.asked[self.last_aspect] = max(0, self.asked.get(self.last_aspect, 1) - 1)
                    if self.last_aspect in self.given:
                        self.given.remove(self.last_aspect)
                return Say(interjection.say, "interject", move=index)
        options = choices(reply)
        if options:
            number = pick_choice(options, "answer")
            if number:
                return Say(number, "answer")
        aspect = read_question(reply)
        answers = self.founder.answers_after_pivot(self.pivoted)
        if not aspect or aspect not in answers:
            # Not a question about anything: say the next thing not yet said, as people do.
            aspect = next((a for a in ASPECTS if a in answers and a not in self.given), "")
        if not aspect:
            return Say("I think I've told you everything — what else do you need?", "answer")
        self.discovery_answers += 1
        return Say(await self.answer(aspect, reply), "answer")

    async def answer(self, aspect: str, reply: str) -> str:
        answers = self.founder.answers_after_pivot(self.pivoted)[aspect]
        index = self.asked.get(aspect, 0)
        self.asked[aspect] = index + 1
        self.last_aspect = aspect
        if aspect not in self.given:
            self.given.append(aspect)
        if index < len(answers):
            return answers[index]
        return f"Like I said: {answers[-1]}"

    # the summary card -----------------------------------------------------------------------
    def _card(self, reply: str) -> Say:
        pending = [i for i in range(len(self.founder.interject)) if i not in self.interjected]
        if pending:
            # What they meant to say during the interview comes out at the card ("oh, and the price...").
            self.interjected.add(pending[0])
            return Say(self.founder.interject[pending[0]].say, "interject", move=pending[0])
        if self.card_index < len(self.founder.card):
            self.card_index += 1
            return Say(self.founder.card[self.card_index - 1], "card")
        options = choices(reply)
        number = pick_choice(options, "confirm") if options else None
        if number:
            return Say(number, "card")
        self.card_fallbacks += 1
        if self.card_fallbacks <= 1:
            return Say("Yes, that's correct.", "card")
        return Say("", "button", button="confirm")

    # scoping --------------------------------------------------------------------------------
    def _scoping(self, reply: str) -> Say:
        options = choices(reply)
        moves = self.founder.scoping
        last = self.move_index - 1
        if (
            0 <= last < len(moves)
            and moves[last].evidence
            and last not in self.evidence_given
            and re.search(r"\b(evidence|holding|hold)\b", reply, re.IGNORECASE)
        ):
            self.evidence_given.add(last)
            return Say(moves[last].evidence, "evidence", move=last)
        if self.move_index < len(moves):
            move: Move = moves[self.move_index]
            self.move_index += 1
            return Say(move.say, "move", move=self.move_index - 1)
        if options and self.agree_attempts >= 1:
            number = pick_choice(options, "agree")
            if number:
                self.agree_attempts += 1
                return Say(number, "agree")
        self.agree_attempts += 1
        if self.agree_attempts == 1:
            return Say(self.founder.agree, "agree")
        if self.agree_attempts == 2:
            return Say("Yes, I agree with the scope as it is. Please write the spec.", "agree")
        return Say("", "button", button="agree")
