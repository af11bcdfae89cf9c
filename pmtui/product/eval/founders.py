"""Simulated founders for `pmtui eval`: scripts loaded from the YAML files beside this module.

A founder says how they open, how they answer each discovery aspect when asked (first answer, then
what they say when asked again), how they answer the summary card, their argue-back moves and how
they agree; `expect` and `never` say what a sharp PM's summary holds at the end, and each move
says what it must change in the RICE table. `tuned_*.yaml` is what the offline engine was tuned
against; `heldout.yaml` to `heldout24.yaml` (new styles: several intents in one message, questions back,
"undo that", off-topic remarks, corrections, typos, regional Englishes, voice-to-text, emoji, capitals,
bullet lists, answers to the wrong question, "that was about …", labelled corrections at the card,
numbered lists, a pasted mini PRD, yes/no until pressed, code-switching, a price changed twice, answers that belong to another aspect,
South African, Jamaican, Welsh, Pakistani, Malaysian and Trinidadian English) never were.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from pmtui.models import ASPECTS

KINDS: tuple[str, ...] = (
    "vague",
    "over-scoper",
    "clear thinker",
    "arguer",
    "pivoter",
    "terse",
    "rambling",
    "non-native English",
)
SETS: tuple[str, ...] = ("tuned", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "heldout17", "heldout18", "heldout19", "heldout20", "heldout21", "heldout22", "heldout23", "heldout24", "typed")
ExpectationKind = Literal["add", "cut", "defer", "promote", "effort", "split", "merge", "question", "smaller", "undo"]
InterjectionKind = Literal["question", "undo", "off_topic", "correction"]


class Expectation(BaseModel):
    """What one argue-back move must leave in the table (or, for a question, in the reply)."""

    kind: ExpectationKind
    phrase: str = ""
    into: list[str] = Field(default_factory=list)
    parts: list[str] = Field(default_factory=list)
    weeks: float = 0.0

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> Expectation:
        if len(raw) != 1:
            raise ValueError(f"an expectation has exactly one kind, got {sorted(raw)}")
        kind, value = next(iter(raw.items()))
        if kind in ("question", "undo"):
            return cls.model_validate({"kind": kind})
        if kind == "effort":
            return cls(kind="effort", phrase=str(value["feature"]), weeks=float(value["weeks"]))
        if kind == "split":
            return cls(kind="split", into=[str(v) for v in value["into"]])
        if kind == "merge":
            return cls(kind="merge", parts=[str(v) for v in value["parts"]])
        return cls.model_validate({"kind": kind, "phrase": str(value)})

    def describe(self) -> str:
        if self.kind == "effort":
            return f"effort of {self.phrase!r} = {self.weeks:g}"
        if self.kind == "split":
            return f"split into {self.into}"
        if self.kind == "merge":
            return f"merge {self.parts}"
        if self.kind == "question":
            return "question answered"
        if self.kind == "undo":
            return "the previous change undone"
        if self.kind == "smaller":
            return f"{self.phrase!r} made smaller"
        return f"{self.kind} {self.phrase!r}"


class Move(BaseModel):
    """One thing the founder says during scoping, what it must change, and evidence if the PM holds."""

    say: str
    expect: list[Expectation] = Field(default_factory=list)
    evidence: str = ""

    @field_validator("expect", mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        return [Expectation.parse(item) if isinstance(item, dict) and "kind" not in item else item
                for item in value or []]


class Pivot(BaseModel):
    """After `after` discovery answers the founder changes direction; `then` replaces their answers."""

    after: int = Field(ge=1)
    say: str
    then: dict[str, list[str]] = Field(default_factory=dict)


class Interjection(BaseModel):
    """Something a founder says during discovery that answers nothing: after `after` answers, `say`.

    question: they ask the PM something back; undo: "go back, undo that" about their last answer;
    off_topic: a remark about something else; correction: they change an earlier answer. With
    `right_after` (an aspect), it is said as the very next message after their first answer to that
    aspect, whatever the PM said in between ("sorry, that was about why now. success = …")."""

    after: int = Field(default=1, ge=1)
    kind: InterjectionKind
    say: str
    right_after: str = ""

    @field_validator("right_after")
    @classmethod
    def _aspect(cls, value: str) -> str:
        if value and value not in ASPECTS:
            raise ValueError(f"right_after: unknown aspect {value!r}")
        return value


class Founder(BaseModel):
    id: str
    kind: str
    product: str
    opening: str
    answers: dict[str, list[str]]
    pivot: Pivot | None = None
    interject: list[Interjection] = Field(default_factory=list)
    card: list[str] = Field(default_factory=lambda: ["Yes."])
    scoping: list[Move] = Field(default_factory=list)
    agree: str
    expect: dict[str, list[str]] = Field(default_factory=dict)
    never: dict[str, list[str]] = Field(default_factory=dict)
    plan: list[str] = Field(default_factory=list)  # the founder's words the plan's criteria must say (held-out 24 on)
    spec: list[str] = Field(default_factory=list)  # … and the spec
    set: str = "tuned"

    @model_validator(mode="after")
    def _known(self) -> Founder:
        if self.kind not in KINDS:
            raise ValueError(f"{self.id}: unknown kind {self.kind!r}")
        for table in (self.answers, self.expect, self.never, self.pivot.then if self.pivot else {}):
            unknown = set(table) - set(ASPECTS)
            if unknown:
                raise ValueError(f"{self.id}: unknown aspects {sorted(unknown)}")
        return self

    def answers_after_pivot(self, pivoted: bool) -> dict[str, list[str]]:
        if not pivoted or self.pivot is None:
            return self.answers
        return {**self.answers, **self.pivot.then}


@lru_cache(maxsize=1)
def _all_founders() -> tuple[Founder, ...]:
    import yaml

    # libyaml where PyYAML was built with it: the same data, a tenth of the pure-Python loader's 1.9 s.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    founders: list[Founder] = []
    folder = resources.files("pmtui.product.eval") / "founders"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".yaml"):
            continue
        # tuned_a.yaml and tuned_b.yaml are the set "tuned"; heldout.yaml "heldout"; heldout2.yaml "heldout2"; …
        which = entry.name.removesuffix(".yaml").split("_")[0]
        if which not in SETS:
            raise ValueError(f"{entry.name}: not a founder set ({', '.join(SETS)})")
        for raw in yaml.load(entry.read_text(encoding="utf-8"), Loader=loader) or []:
            founders.append(Founder.model_validate({**raw, "set": which}))
    ids = [f.id for f in founders]
    duplicated = sorted({i for i in ids if ids.count(i) > 1})
    if duplicated:
        raise ValueError(f"duplicate founder ids: {duplicated}")
    return tuple(founders)


def load_founders(which: str = "all", count: int | None = None) -> list[Founder]:
    """The founders of a set (one of SETS, or 'all'); with `count`, the first N taken one kind at
    a time, so that a small run still meets as many kinds of founder as it can."""
    if which not in (*SETS, "all"):
        raise ValueError(f"unknown founder set {which!r}; expected {', '.join(SETS)} or all")
    chosen = [f for f in _all_founders() if which == "all" or f.set == which]
    if count is None or count >= len(chosen):
        return chosen
    by_kind = {kind: [f for f in chosen if f.kind == kind] for kind in KINDS}
    ordered: list[Founder] = []
    while len(ordered) < count:
        for kind in KINDS:
            if by_kind[kind] and len(ordered) < count:
                ordered.append(by_kind[kind].pop(0))
    return ordered
