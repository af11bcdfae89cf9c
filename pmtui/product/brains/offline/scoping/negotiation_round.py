"""One round of argue-back: the rows as they stand, what changed and what was held, and how a request finds its row
(split out of negotiate.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pmtui.models import ConversationState, Feature, Provenance, ScopingOutput
from pmtui.product.brains.offline.scoping.intent import (
    match_features,
    paraphrase_core,
)
from pmtui.product.brains.offline.scoping.naming import (
    _PROCESS_WORDS,
    _related,
    only_of_its_kind,
)
from pmtui.product.brains.offline.scoping.propose import Candidate, nice_to_have, score_candidate
from pmtui.product.brains.offline.scoping.said_count import asked_count, count_said, discovery_said
from pmtui.product.brains.offline.scoping.terms import persona, stems
from pmtui.product.rice import PHASE_PRIORITY

# An idea named as a whole, not one row: "the GPS stuff", "all the payment side of it", "the social bits", "the whole
# loyalty thing", "everything to do with deliveries".
_TOPIC = re.compile(
    r"^(?:all\s+)?(?:the\s+|that\s+|this\s+|those\s+|these\s+)?(?:whole\s+)?(?P<topic>.+?)\s+(?:stuff|side(?:\s+of\s+(?:it|things))?|"
    r"bits|things|parts|end(?:\s+of\s+(?:it|things))?|malarkey|business)$|"
    r"^(?:the\s+|that\s+|this\s+)?whole\s+(?P<whole>.+?)(?:\s+(?:thing|idea|part|bit))?$|"
    r"^(?:everything|anything|all)\s+(?:to do with|about|around)\s+(?:the\s+)?(?P<about>.+)$",
    re.IGNORECASE,
)
# A request names an existing row when this share of the row's words are in it,
STRONG_MATCH = 0.75
# and this share of the request's own words are in the row.
MIN_COVER = 0.6
# Whose screen a phrase names: "leader view", "the parents' screen", "admin dashboard".
_WHOSE_VIEW = re.compile(r"^(?:(?:the|a|an|my|our)\s+)?(?P<who>[a-z]+?)(?:'s|s'|')?\s+(?:view|screen|dashboard|page|side)$",
                         re.IGNORECASE)
_WHAT_VIEW = re.compile(r"^(?:(?:the|a|an|my|our|her|his|their)\s+)?(?P<what>[a-z'-]+(?:\s+[a-z'-]+)?)\s+"
                        r"(?:view|screen|page|overview|list)$", re.IGNORECASE)
_SEES = re.compile(r"(?:see|sees|view|views|check|checks|watch|watches|track|tracks|get|gets)")


def pin(feature: Feature, phase: int, reason: str) -> None:
    """The founder put this row in `phase`: phase and priority are pinned, so a re-score keeps them, with the reason."""
    feature.phase = phase
    feature.priority = PHASE_PRIORITY[phase]  # type: ignore[assignment]
    for pinned in ("phase", "priority"):
        if pinned not in feature.pinned:
            feature.pinned.append(pinned)
        feature.provenance[pinned] = Provenance(source="stated", reason=reason)


@dataclass
class Round:
    """What one round did: sentences for the reply, the names involved, and whether anything changed."""

    state: ConversationState
    output: ScopingOutput
    text: str
    label: str
    round_number: int
    final: bool
    evidence: str
    trade: bool
    freed: bool = False
    changed: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    risks: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    done: set[tuple[str, str]] = field(default_factory=set)
    held_names: list[str] = field(default_factory=list)
    which: list[str] = field(default_factory=list)
    # Rows only re-ranked against each other this round (not moved on purpose): one the budget then pushes out of
    # Phase 1 is said to move below the cut line, as any other is.
    ranked: list[str] = field(default_factory=list)

    @property
    def people(self) -> str:
        return persona(self.state.discovery_summary)

    def find(self, phrase: str) -> tuple[str, str] | None:
        """('mvp' | 'cut', name) of the row a phrase names best, when it names one clearly; "sign up" and "signup"
        name a "Sign-up" row as its own spelling does (tried only when the phrase as said names none)."""
        found = self._find(phrase) or (self._find(core) if (core := paraphrase_core(phrase)) != phrase else None)
        if found is None and phrase:
            spelled = phrase
            rows = [f.name for f in self.output.mvp_features] + [c.name for c in self.output.cut_features]
            for word in {w.lower() for name in rows for w in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)+", name)}:
                spaced = r"\b" + r"[\s-]?".join(map(re.escape, word.split("-"))) + r"\b"
                spelled = re.sub(spaced, word, spelled, flags=re.IGNORECASE)
            if spelled != phrase:
                found = self._find(spelled)
        return found or only_of_its_kind(self.output, phrase) or self._whose_view(phrase) or self._what_view(phrase)

    def _what_view(self, phrase: str) -> tuple[str, str] | None:
        """"the week view", "the orders screen": the one row in which something is seen ("See the week's orders"),
        named by what is on it (said in its own words: "week" is no term of the catalog's)."""
        said = _WHAT_VIEW.match(phrase.strip())
        if said is None:
            return None
        wanted = {w.lower().removesuffix("'s").rstrip("s") for w in said.group("what").split()}
        seen = [(kind, name) for kind, name in self._names() if (words := name.split()) and len(words) >= 2
                and _SEES.fullmatch(words[0].lower())
                and wanted <= {w.lower().removesuffix("'s").rstrip("s") for w in re.findall(r"[\w'-]+", name)}]
        return seen[0] if len(seen) == 1 else None

    def _whose_view(self, phrase: str) -> tuple[str, str] | None:
        """"leader view", "the parents' screen": the one row in which those people see something ("Leader sees who
        signed"), named by whose view it is."""
        said = _WHOSE_VIEW.match(phrase.strip())
        if said is None:
            return None
        who = stems(said.group("who"))
        rows = [("mvp", f.name) for f in self.output.mvp_features] + [("cut", c.name) for c in self.output.cut_features]
        seen = [(kind, name) for kind, name in rows if (words := name.split()) and len(words) >= 2
                and stems(words[0]) <= who and _SEES.fullmatch(words[1].lower())]
        return seen[0] if len(seen) == 1 else None

    def _find(self, phrase: str) -> tuple[str, str] | None:
        """Clearly means both ways: "shift chat" is not "Post a shift" — half the request's words are missing."""
        if not phrase:
            return None
        wanted = stems(phrase)
        for kind, name, score in match_features(self.output, phrase):
            row = self.output.feature(name) if kind == "mvp" else next(
                (c for c in self.output.cut_features if c.name == name), None
            )
            text = f"{name} {row.description if row else ''}"
            covered = len(wanted & stems(text)) / len(wanted) if wanted else 0.0
            if score >= 0.5 and (covered >= MIN_COVER or name.lower() in phrase.lower()):
                return kind, name
        return self._only_row_with(wanted)

    def _only_row_with(self, wanted: set[str]) -> tuple[str, str] | None:
        """The one row that has every word of the phrase but those saying what kind of work it is:
        "GPS tracking" is "Follow the walk on GPS"; "walker vetting" is not "Owners book vetted walkers"."""
        named = wanted - _PROCESS_WORDS
        if wanted and not named:
            # "scrap the tracking": a word for a kind of work, said alone, names the one row whose name says it.
            by_name = [(kind, name) for kind, name in self._names() if wanted <= stems(name)]
            return by_name[0] if len(by_name) == 1 else None
        hits = self.rows_with(wanted)
        if len(hits) > 1:
            # "the waybill" when only the import row quotes "a paper waybill" in its description: the row named so wins.
            hits = [(kind, name) for kind, name in hits
                    if all(w in stems(name) or _related(w, stems(name)) for w in named)] or hits
        if len(hits) > 1:
            # "the map" beside "GPS walk tracking" and "Live GPS map": the row whose name says the very word wins.
            hits = [(kind, name) for kind, name in hits if named <= stems(name)] or hits
        return hits[0] if len(hits) == 1 else None

    def _names(self) -> list[tuple[str, str]]:
        return [("mvp", f.name) for f in self.output.mvp_features] + [("cut", c.name) for c in self.output.cut_features]

    def rows_with(self, wanted: set[str]) -> list[tuple[str, str]]:
        """Every row that has every word of the phrase (but those saying what kind of work it is)."""
        named = wanted - _PROCESS_WORDS
        if not named:
            return []
        rows = [("mvp", f.name, f"{f.name} {f.description}") for f in self.output.mvp_features]
        rows += [("cut", c.name, f"{c.name} {c.description}") for c in self.output.cut_features]
        return [
            (kind, name)
            for kind, name, text in rows
            if all(w in stems(text) or _related(w, stems(name)) for w in named)
        ]

    def topic_rows(self, phrase: str) -> list[str]:
        """The rows of Phases 1-3 an idea named as a whole takes in ("the GPS stuff": every row whose name says GPS)."""
        match = _TOPIC.match(phrase.strip(" .!?"))
        if not match:
            return []
        wanted = stems(match.group("topic") or match.group("whole") or match.group("about")) - _PROCESS_WORDS
        if not wanted:
            return []
        return [f.name for f in self.output.mvp_features
                if wanted <= stems(f.name)]

    def strong(self, phrase: str) -> tuple[str, str] | None:
        found = match_features(self.output, phrase)
        if found and found[0][2] >= STRONG_MATCH:
            return self.find(phrase)
        return None

    def new_feature(self, name: str, description: str, quote: str) -> Feature:
        summary = self.state.discovery_summary
        core_name = next((f.name for f in self.output.mvp_features if f.rice_impact >= 3), name)
        candidate = Candidate(name, description, "request", nice_to_have(description, summary), quote=quote)
        # "what we really need is a way for the setters to hear about broken holds, there's 6 setters": the row's own
        # users, counted as it was asked for, are its reach; the interview's count was of other people.
        counted = asked_count(quote) or count_said(summary, discovery_said(self.state))
        feature = score_candidate(candidate, summary, counted, Candidate(core_name, core_name, "problem", None, "core"))
        feature.provenance["origin"] = Provenance(
            source="stated", reason=f"you asked for it in argue-back round {self.round_number}: “{quote}”"
        )
        return feature
