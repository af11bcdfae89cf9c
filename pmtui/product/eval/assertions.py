"""The assertions of `pmtui eval`, from the PM's point of view, over one simulated conversation.

Vibe-PM's set (reached done, phases in order, completeness, discovery turns, no question repeated,
P0 features with RICE, cuts with reasons, comparables, a core flow, phase 1 within 4 weeks, spec
sections, the target user in the spec, no empty TBD) and pmtui's own: no reply repeated, every
stated fact in the summary, no fact garbled into another aspect, every argue-back request
reflected in the table, features traceable to the founder's words, and agreement understood the
first time it was said, and what a founder says that answers nothing (a question back, "undo that",
an off-topic remark, a correction) heard as what it is. Matching is by words, not by exact strings: "approv" matches "approval",
"2,000" matches "2000", and "a | b" accepts either.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from itertools import pairwise

from pmtui.models import ASPECTS, Feature, ScopingOutput
from pmtui.product.eval.founders import Expectation
from pmtui.product.eval.runner import Conversation
from pmtui.product.eval.text_checks import TEXT_ASSERTIONS, TEXT_CHECKS, applies

SPEC_SECTIONS: tuple[str, ...] = (
    "problem statement",
    "target user",
    "comparable products",
    "implementation plan",
    "cut features",
    "rice summary",
    "open questions",
    "technical considerations",
)
VIBE_PM = (
    "reached_done",
    "phases_in_order",
    "completeness",
    "discovery_turns",
    "no_repeated_question",
    "p0_with_rice",
    "cuts_with_reasons",
    "comparables",
    "core_flow",
    "phase1_within_4_weeks",
    "spec_sections",
    "target_user_in_spec",
    "no_empty_tbd",
)
PMTUI = (
    "no_repeated_reply",
    "facts_in_summary",
    "no_garbled_fact",
    "requests_reflected",
    "features_traceable",
    "agreement_understood",
    "interjections_handled",
)
ASSERTIONS = VIBE_PM + PMTUI
_GENERIC_TEXT = """a an the and or of to for in on at by with from into per via app apps user users feature features
    people person simple basic view page screen flow core new their they them it its this that your our my
    we i you be can will get make way one list each all any every more less tool system"""
_GENERIC = frozenset(_GENERIC_TEXT.split())
_TOKEN = re.compile(r"[$€£]?\d+(?:\.\d+)?%?|[a-z][a-z']*")


def tokens(text: str) -> list[str]:
    """Lower-case words and numbers; hyphens split words, thousands separators go ('2,000' is '2000')."""
    return list(_tokens(text))


@lru_cache(maxsize=8192)  # each transcript is read by many assertions
def _tokens(text: str) -> tuple[str, ...]:
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    text = re.sub(r"[-\u2013\u2014/_]+", " ", text)
    return tuple(t.strip("'") for t in _TOKEN.findall(text) if t.strip("'"))


def _same(phrase_token: str, word: str) -> bool:
    if phrase_token == word:
        return True
    if phrase_token[0].isdigit() or phrase_token[0] in "$€£" or word[:1].isdigit():
        return False
    if len(phrase_token) >= 3 and word.startswith(phrase_token):
        return True
    # "schedule" is in "Scheduling", "invoice" in "invoicing": a silent e drops before -ing.
    if len(phrase_token) >= 6 and phrase_token.endswith("e") and word.startswith(phrase_token[:-1] + "ing"):
        return True
    return phrase_token.rstrip("s") == word.rstrip("s")


def has_phrase(alternatives: str, text: str) -> bool:
    """True when every word of one of the '|'-separated alternatives appears in `text`."""
    words = tokens(text)
    for alternative in alternatives.split("|"):
        wanted = tokens(alternative)
        if wanted and all(any(_same(t, w) for w in words) for t in wanted):
            return True
    return False


def has_run(phrase: str, text: str) -> bool:
    """True when the words of `phrase` appear together, in order, in `text` (for what must NOT be there)."""
    wanted, words = tokens(phrase), tokens(text)
    if not wanted:
        return False
    return any(
        all(_same(t, words[i + k]) for k, t in enumerate(wanted)) for i in range(len(words) - len(wanted) + 1)
    )


def _stem(word: str) -> str:
    for suffix in ("ations", "ation", "ings", "ing", "ers", "er", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _related(a: str, b: str) -> bool:
    sa, sb = _stem(a), _stem(b)
    return sa == sb or (min(len(sa), len(sb)) >= 5 and (sa.startswith(sb[:5]) and sb.startswith(sa[:5])))


def _feature_text(feature: Feature) -> str:
    return f"{feature.name} {feature.description}"


def matching(features: list[Feature], alternatives: str) -> list[Feature]:
    return [f for f in features if has_phrase(alternatives, _feature_text(f))]


def is_template(feature: Feature) -> bool:
    """A row the PM added from its own templates rather than the founder's words, and said so."""
    origin = feature.provenance.get("origin")
    return bool(origin and origin.reason.lower().startswith("template")) or "(template" in feature.description.lower()


# -- the checks ------------------------------------------------------------------------------
Check = Callable[[Conversation], tuple[bool, str]]


def _reached_done(c: Conversation) -> tuple[bool, str]:
    state = c.state
    ok = state is not None and state.phase == "done" and bool(state.spec_markdown.strip())
    return ok, "" if ok else f"ended in {state.phase if state else '?'}{': ' + c.gave_up if c.gave_up else ''}"


def _phases_in_order(c: Conversation) -> tuple[bool, str]:
    visited = c.state.phases_visited if c.state else []
    ok = visited == ["discovery", "scoping", "spec", "done"]
    return ok, "" if ok else f"phases visited: {visited}"


def _completeness(c: Conversation) -> tuple[bool, str]:
    state = c.state
    if state is None:
        return False, "no state"
    summary = state.discovery_summary
    ok = state.completeness.score >= 0.75 and bool(summary.target_user.strip()) and bool(summary.core_problem.strip())
    return ok, "" if ok else f"completeness {state.completeness.score}, gaps {state.completeness.gaps}"


def _discovery_turns(c: Conversation) -> tuple[bool, str]:
    turns = c.state.user_turns if c.state else 0
    return turns >= 4, "" if turns >= 4 else f"only {turns} discovery messages"


def _pm_questions(c: Conversation) -> list[str]:
    if c.state is None:
        return []
    found: list[str] = []
    for message in c.state.messages:
        if message.role != "assistant" or message.phase != "discovery" or "Here's what I've heard" in message.content:
            continue
        found += [q.strip().lower() for q in re.findall(r"[^.!?\n]*\?", message.content) if len(q.split()) > 3]
    return found


def _no_repeated_question(c: Conversation) -> tuple[bool, str]:
    repeated = [q for q, n in Counter(_pm_questions(c)).items() if n > 1]
    return not repeated, "" if not repeated else f"asked twice: {repeated[0]!r}"


def _scope(c: Conversation) -> ScopingOutput:
    return (c.state.scoping_output if c.state else None) or ScopingOutput()


def _p0_with_rice(c: Conversation) -> tuple[bool, str]:
    p0 = [f for f in _scope(c).mvp_features if f.priority == "P0"]
    complete = all(
        f.rice_reach > 0 and f.rice_impact > 0 and f.rice_confidence > 0 and f.rice_effort > 0 and f.rice_score > 0
        for f in p0
    )
    ok = bool(p0) and complete
    return ok, "" if ok else ("no P0 feature" if not p0 else "a P0 feature lacks a RICE value")


def _cuts_with_reasons(c: Conversation) -> tuple[bool, str]:
    scope = _scope(c)
    below = [f for f in scope.mvp_features if f.phase > 1]
    reasons = all(len(cut.reason.strip()) >= 20 for cut in scope.cut_features)
    ok = bool(scope.cut_features or below) and reasons
    return ok, "" if ok else ("nothing cut or deferred" if reasons else "a cut feature has no reason")


def _comparables(c: Conversation) -> tuple[bool, str]:
    found = _scope(c).comparable_products
    return bool(found), "" if found else "no comparable products"


def _core_flow(c: Conversation) -> tuple[bool, str]:
    steps = [s for s in _scope(c).core_user_flow if s.strip()]
    return len(steps) >= 3, "" if len(steps) >= 3 else f"core flow has {len(steps)} steps"


def _phase1_within_4_weeks(c: Conversation) -> tuple[bool, str]:
    phase1 = next((p for p in _scope(c).implementation_phases if p.phase_number == 1), None)
    ok = phase1 is not None and 0 < phase1.estimated_weeks <= 4
    return ok, "" if ok else f"phase 1: {phase1.estimated_weeks if phase1 else 'missing'} weeks"


def _spec(c: Conversation) -> str:
    return c.state.spec_markdown if c.state else ""


def _spec_sections(c: Conversation) -> tuple[bool, str]:
    headings = [h.strip().lower() for h in re.findall(r"^##\s+(.+)$", _spec(c), re.MULTILINE)]
    missing = [s for s in SPEC_SECTIONS if not any(s in h for h in headings)]
    return not missing, "" if not missing else f"spec lacks sections: {missing}"


def _target_user_in_spec(c: Conversation) -> tuple[bool, str]:
    spec = _spec(c)
    wanted = [p for p in c.founder.expect.get("target_user", []) if has_phrase(p, c.user_text)]
    if not wanted and c.state:
        wanted = [" ".join(tokens(c.state.discovery_summary.target_user)[:3])]
    ok = bool(spec) and all(has_phrase(p, spec) for p in wanted)
    return ok, "" if ok else f"spec does not name the target user ({wanted})"


def _empty_section(spec: str) -> str:
    """The first heading with nothing under it before the next heading of its level or above, or ''."""
    lines = [line for line in spec.splitlines() if line.strip()]
    for index, line in enumerate(lines):
        level = len(line) - len(line.lstrip("#"))
        if not level or not line[level:].startswith(" "):
            continue
        following = lines[index + 1] if index + 1 < len(lines) else ""
        next_level = len(following) - len(following.lstrip("#"))
        if not following or (next_level and next_level <= level and following[next_level:].startswith(" ")):
            return line.strip()
    return ""


def _no_empty_tbd(c: Conversation) -> tuple[bool, str]:
    spec = _spec(c)
    placeholder = re.search(r"\b(TBD|TBA|TODO|lorem ipsum|placeholder)\b", spec, re.IGNORECASE)
    if placeholder:
        return False, f"spec has {placeholder.group(0)!r}"
    empty = _empty_section(spec)
    if empty:
        return False, f"empty section: {empty!r}"
    return bool(spec), "" if spec else "no spec"


def _no_repeated_reply(c: Conversation) -> tuple[bool, str]:
    replies = [t.reply.strip() for t in c.turns if t.reply.strip()]
    for before, after in pairwise(replies):
        if before == after:
            return False, f"same reply twice in a row: {after[:80]!r}"
    counts = Counter(r for r in replies if len(r) > 40)
    looped = [r for r, n in counts.items() if n >= 3]
    return not looped, "" if not looped else f"reply sent {counts[looped[0]]} times: {looped[0][:80]!r}"


def _said_for(c: Conversation, aspect: str, phrase: str) -> bool:
    """Did the founder state this fact about this aspect? All its words in one message, and a number only in
    a message that is not their scripted answer about another aspect: "I wait 3 months for money" (the pain)
    does not state a 3-month deadline, and "indie" in one answer with "devs" in another states no "indie devs"."""
    scripted: dict[str, set[str]] = {}
    answers = list(c.founder.answers.items()) + (list(c.founder.pivot.then.items()) if c.founder.pivot else [])
    for other, lines in answers:
        for line in lines:
            for text in (line, f"Like I said: {line}"):
                scripted.setdefault(text, set()).add(other)
    return any(
        has_phrase(alternative, turn.say.text)
        and not (re.search(r"\d", alternative) and turn.say.text in scripted and aspect not in scripted[turn.say.text])
        for alternative in phrase.split("|")
        for turn in c.turns
        if turn.say.text
    )


def _facts_in_summary(c: Conversation) -> tuple[bool, str]:
    if c.state is None:
        return False, "no state"
    summary = c.state.discovery_summary
    # A fact counts once the founder has said it; what the PM never asked about cannot be missing.
    missing = [
        f"{aspect}: {phrase!r}"
        for aspect, phrases in c.founder.expect.items()
        for phrase in phrases
        if _said_for(c, aspect, phrase) and not has_phrase(phrase, summary.value_text(aspect))
    ]
    return not missing, "" if not missing else "missing from the summary: " + "; ".join(missing)


def _no_garbled_fact(c: Conversation) -> tuple[bool, str]:
    if c.state is None:
        return False, "no state"
    summary = c.state.discovery_summary
    garbled = [
        f"{aspect} holds {phrase!r}"
        for aspect, phrases in c.founder.never.items()
        for phrase in phrases
        if has_run(phrase, summary.value_text(aspect))
    ]
    # A number the founder gave for one aspect (a price, a target, a deadline) belongs to that aspect only.
    said_about: dict[str, list[str]] = {}
    for answers in (c.founder.answers, c.founder.pivot.then if c.founder.pivot else {}):
        for other, lines in answers.items():
            said_about.setdefault(other, []).extend(lines)
    for aspect, phrases in c.founder.expect.items():
        for phrase in phrases:
            for alternative in phrase.split("|"):
                # A timeframe ("3 months") is both a deadline and a success horizon; prices and counts are not.
                if not re.search(r"\d", alternative) or re.fullmatch(
                    r"\s*\d+\s*(?:weeks?|wks?|months?|mo|years?|days?)\s*", alternative
                ):
                    continue
                for other in ASPECTS:
                    if other in (aspect, "feature_wishlist") or any(
                        alternative.strip() in p for p in c.founder.expect.get(other, [])
                    ) or any(has_run(alternative, line) for line in said_about.get(other, [])):
                        # The founder said the same number about that aspect too ("between 30 and 40-odd" scaffolders
                        # and "£30 a month"): it is theirs there as well.
                        continue
                    if has_run(alternative, summary.value_text(other)):
                        garbled.append(f"{other} holds {alternative.strip()!r} (said about {aspect})")
    return not garbled, "" if not garbled else "; ".join(garbled)


def _move_reply(c: Conversation, index: int) -> tuple[str, int, int]:
    rounds_before = 0
    for turn in c.turns:
        if turn.say.intent == "move" and turn.say.move == index:
            return turn.reply, rounds_before, turn.rounds_after
        rounds_before = turn.rounds_after
    return "", 0, 0


def _move_turn(c: Conversation, index: int) -> int:
    """The index in the transcript of the founder's scoping move `index`, or -1."""
    return next((i for i, t in enumerate(c.turns) if t.say.intent == "move" and t.say.move == index), -1)


def _scope_before(c: Conversation, turn: int) -> ScopingOutput | None:
    return next((t.scope_after for t in reversed(c.turns[:turn]) if t.scope_after is not None), None)


def _rows(scope: ScopingOutput | None) -> set[tuple[str, int]]:
    return {(f.name.lower(), f.phase) for f in scope.mvp_features} if scope else set()


def _expectation_met(c: Conversation, expectation: Expectation, index: int) -> bool:
    scope = _scope(c)
    features = scope.mvp_features
    if expectation.kind == "question":
        # Answered: no argue-back round spent on it (unless the same message asked for changes), not a
        # misunderstanding, and about what was asked.
        reply, before, after = _move_reply(c, index)
        move = c.founder.scoping[index]
        alone = all(e.kind == "question" for e in move.expect)
        asked = {w for w in tokens(move.say) if len(w) > 3 and w not in _GENERIC}
        on_topic = any(_related(w, r) for w in asked for r in tokens(reply)) or bool(re.search(r"\d", reply))
        return bool(reply) and (before == after or not alone) and on_topic and "Reply with a number" not in reply
    if expectation.kind == "smaller":
        # The founder's "make X smaller": the row's effort is below what it was when they said it.
        turn = _move_turn(c, index)
        table = _scope_before(c, turn) or ScopingOutput()
        earlier = matching(table.mvp_features, expectation.phrase)
        now = matching(features, expectation.phrase)
        named = {f.name for f in earlier if has_phrase(expectation.phrase, f.name)}
        still = [f for f in now if f.name in named or any(name in f.description for name in named)]
        if named and still:
            # "the invoice thing, make it smaller": the row named so (or what it became), not "Success metric
            # tracking" whose description quotes the metric "invoice same day".
            earlier, now = [f for f in earlier if f.name in named], still
        if not earlier and any(has_phrase(expectation.phrase, f"{f.name} {f.description}") for f in table.cut_features):
            # A row the proposal had cut has no effort in the table to compare with: it is back with the effort
            # the founder's word set ("you asked for a smaller first cut"), and not in Phase 1 unless they asked.
            promoted = any(e.kind == "promote" and has_phrase(e.phrase, expectation.phrase.replace("|", " "))
                           for e in c.founder.scoping[index].expect)
            return any(f.provenance.get("effort") and f.provenance["effort"].source == "stated"
                       and (f.phase != 1 or promoted) for f in now)
        return bool(earlier and now) and min(f.rice_effort for f in now) < min(f.rice_effort for f in earlier)
    if expectation.kind == "undo":
        # "Go back on that": the rows and phases are what they were before the previous move.
        turn, previous = _move_turn(c, index), _move_turn(c, index - 1)
        if turn < 0 or previous < 0:
            return False
        undone = _undone_rows(c, index, _scope_before(c, previous), _scope_before(c, turn), c.turns[turn].scope_after)
        if undone is not None:
            return undone
        return _rows(c.turns[turn].scope_after) == _rows(_scope_before(c, previous))
    if expectation.kind == "add":
        rows = matching(features, expectation.phrase)
        return any(
            f.rice_reach > 0 and f.rice_effort > 0 and {"reach", "impact", "confidence", "effort"} <= set(f.provenance)
            for f in rows
        )
    if expectation.kind in ("cut", "defer"):
        return not [f for f in _best_matching(scope, expectation.phrase) if f.phase == 1]
    if expectation.kind == "promote":
        if any(f.phase == 1 for f in matching(features, expectation.phrase)):
            return True
        # Holding without evidence is a PM's call, if the feature is named and argued with its numbers.
        # A round that changed other rows records the hold in its answer ("I'm holding Usage report … it scores …").
        return any(
            (d.outcome == "held" or any(f"holding {name}" in d.answer for name in d.features))
            and any(has_phrase(expectation.phrase, name) for name in d.features)
            and "score" in d.answer
            for d in c.decisions
        )
    if expectation.kind == "effort":
        rows = matching(features, expectation.phrase)
        return bool(rows) and abs(rows[0].rice_effort - expectation.weeks) < 0.01
    if expectation.kind == "split":
        per_part = [matching(features, part) for part in expectation.into]
        # Two rows, one for each part: the same feature matching both is not a split.
        return len(per_part) == 2 and any(a is not b for a in per_part[0] for b in per_part[1])
    if expectation.kind == "merge":
        merged = [f for f in features if all(has_phrase(p, _feature_text(f)) for p in expectation.parts)]
        unmerged = [
            f for f in features if f not in merged and any(has_phrase(p, f.name) for p in expectation.parts)
        ]
        return bool(merged) and not unmerged
    return False


def _best_matching(scope: ScopingOutput, alternatives: str) -> list[Feature]:
    """The rows a phrase names: those matching most of its alternatives, by name before description, cut rows
    included ("whatsapp | proof" names "WhatsApp proof to the advertiser", not also "Play log as proof"; "temperature"
    names the cut "Kiln temperature graphs", not a row whose description says "temperature")."""
    parts = [a for a in alternatives.split("|") if a.strip()]

    def score(name: str, text: str) -> tuple[int, int]:
        return (sum(has_phrase(a, name) for a in parts), sum(has_phrase(a, text) for a in parts))

    found = matching(scope.mvp_features, alternatives)
    scores = [score(f.name, _feature_text(f)) for f in found] + [
        score(cut.name, f"{cut.name} {cut.description}") for cut in scope.cut_features if has_phrase(alternatives, cut.name)]
    best = max(scores, default=(0, 0))
    return [f for f in found if score(f.name, _feature_text(f)) == best]


_KEEPS_CHANGE = re.compile(r"\b(?:keep|leave)\b.*\b(?:change|move|cut|split|merge|estimate)\b|\bthe rest\b", re.IGNORECASE)


def _row_state(scope: ScopingOutput | None, name: str) -> tuple[bool, bool, float] | None:
    """(cut, in Phase 1, effort) of a row, or None when the table does not have it."""
    if scope is None:
        return None
    if any(cut.name == name for cut in scope.cut_features):
        return (True, False, 0.0)
    # A row made smaller "just …" may carry the founder's new name; its description says what it was cut down from.
    row = next((f for f in scope.mvp_features if f.name == name), None) or next(
        (f for f in scope.mvp_features if f"(a smaller first cut of {name}:" in f.description), None)
    return None if row is None else (False, row.phase == 1, row.rice_effort)


def _undone_rows(c: Conversation, index: int, before: ScopingOutput | None, changed: ScopingOutput | None,
                 now: ScopingOutput | None) -> bool | None:
    """"Keep the loyalty stamps, undo that one bit", "reverse the calendar change": an undo that names rows takes
    back what the previous move changed of those rows (cut or not, in Phase 1 or not, the effort) and nothing else is
    asked of it. None when it names no row the previous move changed (judged on the whole table)."""
    say = c.founder.scoping[index].say
    if _WHOLE_TABLE.search(say):
        return None
    # "Keep the swap change though" keeps that change: its row is not taken back ("keep the loyalty stamps" is).
    parts = re.split(r"[.,;!?]", say)
    # "undo the statement one. keep alert": a row named only to keep it, whose change was its estimate, keeps that
    # estimate ("keep the loyalty stamps", a row the move cut, is taken back).
    kept = {w for part in parts if re.search(r"\b(?:keep|leave)\b", part, re.IGNORECASE) for w in tokens(part)}
    say = " ".join(part for part in parts if not _KEEPS_CHANGE.search(part))
    named = {w for w in tokens(say) if w not in _UNDO_WORDS and w not in _GENERIC and len(w) > 2}
    names = {f.name for scope in (before, changed) if scope for f in scope.mvp_features} | {
        cut.name for scope in (before, changed) if scope for cut in scope.cut_features}
    verdicts = []
    for name in names:
        if not any(_related(w, n) for w in named for n in tokens(name)):
            continue
        was, became, is_now = _row_state(before, name), _row_state(changed, name), _row_state(now, name)
        if was is None or became is None or was == became:
            continue
        said_to_keep = all(w in kept for w in named if any(_related(w, n) for n in tokens(name)))
        if said_to_keep and was[:2] == became[:2]:
            continue
        verdicts.append(is_now is not None and all(w == n for w, b, n in zip(was, became, is_now, strict=True) if w != b))
    return all(verdicts) if verdicts else None


_UNDO_TEXT = """undo go back on that this last change changes round please sorry actually after all keep kept things
    as they were it rather i'd"""
_UNDO_WORDS = frozenset(_UNDO_TEXT.split())


# "scrap all that, put the table back the way you had it, I'll argue it again with my cofounder": the whole round,
# whatever else the message names.
_WHOLE_TABLE = re.compile(r"\b(?:scrap|undo|reverse|forget|drop) all (?:that|of (?:it|that|this))\b|\bthe (?:whole )?(?:table|scope) "
                          r"back\b|\bthe whole (?:round|thing|lot)\b", re.IGNORECASE)


def _taken_back(c: Conversation, expectation: Expectation, index: int) -> bool:
    """Did a later move of the founder take this request back? The next move's undo takes back what it names
    (everything, when it names nothing: "go back on that last change"); a later reshaping of the same row (a split,
    a merge, another estimate) takes back an estimate; a later cut or deferral takes back an
    addition or a promotion of the same feature ("undo that map, it's too much for now"), and a later addition or
    promotion takes back a cut or deferral ("put the floor plan back")."""
    later = c.founder.scoping[index + 1 :]
    if later and any(e.kind == "undo" for e in later[0].expect):
        named = {w for w in tokens(later[0].say) if w not in _UNDO_WORDS and w not in _GENERIC and len(w) > 2}
        if not named or _WHOLE_TABLE.search(later[0].say):
            return True
        words = set(tokens(expectation.phrase)) | {w for p in expectation.into + expectation.parts for w in tokens(p)}
        return any(_related(w, n) for w in words | {expectation.kind} for n in named)
    if expectation.kind in ("effort", "smaller"):
        # "call the waybill one week", then "the waybill, can the return part be its own line?": the founder's own
        # later split, merge or estimate of the same row reshapes it, so the estimate is judged before that move.
        words = set(tokens(expectation.phrase.replace("|", " "))) - _GENERIC
        return any(e.kind in ("effort", "smaller", "split", "merge") and any(
            _related(w, t) for w in words for t in tokens(move.say)) for move in later for e in move.expect)
    opposite = {"add": ("cut", "defer"), "promote": ("cut", "defer"), "cut": ("add", "promote"), "defer": ("add", "promote")}
    if expectation.kind not in opposite:
        return False
    return any(
        e.kind in opposite[expectation.kind] and has_phrase(e.phrase, expectation.phrase.replace("|", " "))
        for move in later
        for e in move.expect
    )


def _met_when_made(c: Conversation, expectation: Expectation, index: int) -> bool:
    """The expectation checked on the table as it stood right after its move (before the founder's next move)."""
    following = _move_turn(c, index + 1)
    if following < 0:
        return _expectation_met(c, expectation, index)
    scope = _scope_before(c, following)
    snapshot = Conversation(c.founder, c.simulator, c.turns[:following], c.state, c.decisions, c.gave_up)
    if c.state is not None and scope is not None:
        snapshot.state = c.state.model_copy(update={"scoping_output": scope})
    return _expectation_met(snapshot, expectation, index)


def _requests_reflected(c: Conversation) -> tuple[bool, str]:
    # A request the founder later took back was reflected if the table showed it until they did.
    unmet = [
        f"move {i + 1} ({e.describe()})"
        for i, move in enumerate(c.founder.scoping)
        for e in move.expect
        if not (_met_when_made(c, e, i) if _taken_back(c, e, i) else _expectation_met(c, e, i))
    ]
    return not unmet, "" if not unmet else "not reflected: " + "; ".join(unmet)


def _features_traceable(c: Conversation) -> tuple[bool, str]:
    scope = _scope(c)
    said = {w for w in tokens(c.user_text) if w not in _GENERIC and len(w) > 2}
    untraced, templates = [], 0
    for feature in scope.mvp_features:
        if is_template(feature):
            templates += 1
            continue
        words = [w for w in tokens(feature.name) if w not in _GENERIC and len(w) > 2]
        if not any(_related(w, s) for w in words for s in said):
            untraced.append(feature.name)
    rows = scope.mvp_features + [Feature(name=cut.name, description=cut.description) for cut in scope.cut_features]
    said_items = [p for p in c.founder.expect.get("feature_wishlist", []) if has_phrase(p, c.user_text)]
    absent = [p for p in said_items if not matching(rows, p)]
    problems = []
    if untraced:
        problems.append(f"not from the founder's words and not marked as template: {untraced}")
    if scope.mvp_features and templates * 2 > len(scope.mvp_features):
        problems.append(f"{templates} of {len(scope.mvp_features)} rows are templates")
    if absent:
        problems.append(f"wishlist items with no row: {absent}")
    return not problems, "; ".join(problems)


def _agreement_understood(c: Conversation) -> tuple[bool, str]:
    problems = []
    cards = [t for t in c.turns if t.say.intent == "card"]
    scripted = len(c.founder.card)
    if len(cards) >= scripted and scripted:
        last = cards[scripted - 1]
        if last.phase_after == "discovery":
            problems.append(f"the card was confirmed with {last.say.text!r} but discovery went on")
    agrees = [t for t in c.turns if t.say.intent == "agree"]
    if agrees and agrees[0].phase_after == "scoping":
        problems.append(f"{agrees[0].say.text!r} did not end scoping")
    if any(t.say.intent == "button" and t.say.button in ("confirm", "agree") for t in c.turns):
        problems.append("the founder had to press a button")
    return not problems, "; ".join(problems)


_ACK_UNDO = re.compile(r"\b(undo|undone|took (?:that|it) out|taken out|removed|dropped|forgot|forgotten|back to|"
                       r"scratch(?:ed)?|as if you hadn't|struck)\b", re.IGNORECASE)
_REASON = re.compile(r"\b(because|so that|so I|so we|the reason|helps? (?:me|us)|matters)\b", re.IGNORECASE)


def _absorbed(before: str, after: str, said: str) -> bool:
    """True when four words in a row of what the founder said landed in a summary aspect that lacked them."""
    words = tokens(said)
    runs = {" ".join(words[i : i + 4]) for i in range(len(words) - 3)} or ({" ".join(words)} if words else set())
    return any(has_run(run, after) and not has_run(run, before) for run in runs)


_OLD_LEADS = frozenset({"not", "said", "say", "says", "told", "wrote", "typed", "was", "were", "from"})
_TAKEN_BACK = frozenset({"no", "nope", "actually", "sorry", "oops", "wait", "scratch", "correction"})
_RANGE = frozenset({"to", "until", "till", "or"})
_TOO = re.compile(r"^(?:\S+ ){0,2}(?:is|are|was|'s|it's|seems?|sounds?) (?:too|way too|a bit too|wrong)\b")


def _is_number(token: str) -> bool:
    return bool(token) and (token[0].isdigit() or (token[0] in "$€£₱₹₦₵" and token[1:2].isdigit()))


def corrected_figure(said: list[str]) -> str:
    """The new figure of a correction, read as the product must read it, from its words (`tokens`): never a number
    taken back ("not 8", "I said 30", "from 20", "12, actually 14", "45 boats, no wait, 50", "5 until 15" after "told
    you"), never a count glued to a word ("the under-8s"); of the numbers left, the one said with a taken-back number's
    word ("5 until 15 workers, is better 5 until 25 workers, my friend has 22 guys": 25), else the first ("10 tables
    not 8, we add 2 last month": 10; "12, actually 14, forgot the 2 learners": 14). '' when the message has none."""
    old: set[int] = set()
    for i, token in enumerate(said):
        if not _is_number(token):
            continue
        before = said[max(0, i - 3):i]
        after = said[i + 1:i + 3]
        if (before[-1:] and before[-1] in _OLD_LEADS) or said[max(0, i - 2):i] in (["instead", "of"], ["rather", "than"]) \
                or any(w in ("said", "told", "wrote", "typed") for w in before[-2:]) \
                or (after and (after[0] in _TAKEN_BACK or (len(after) > 1 and not _is_number(after[0])
                                                           and after[1] in ("no", "nope", "actually")))) \
                or (i >= 2 and said[i - 1] in _RANGE and i - 2 in old) or (i >= 1 and i - 1 in old) \
                or _TOO.match(" ".join(said[i + 1:i + 6])):
            # "not 10-50 staff" takes the 50 back with the 10; "£25 is too much", "fewer than 5 wasted is too
            # ambitious" take theirs back.
            old.add(i)
    glued = {i for i, t in enumerate(said) if _is_number(t) and said[i + 1:i + 2] == ["s"]}
    fresh = [i for i, t in enumerate(said) if _is_number(t) and i not in old and i not in glued]
    if not fresh:
        return ""
    units = {said[i + 1] for i in old if i + 1 < len(said) and not _is_number(said[i + 1]) and said[i + 1] not in _RANGE}
    with_old_unit = [i for i in fresh if i + 1 < len(said) and said[i + 1] in units]
    return said[(with_old_unit or fresh)[0]]


def _interjection_problem(c: Conversation, index: int) -> str:
    interjection = c.founder.interject[index]
    at = next((i for i, t in enumerate(c.turns) if t.say.intent == "interject" and t.say.move == index), -1)
    if at < 0:
        return ""
    turn = c.turns[at]
    before = c.turns[at - 1].summary_after if at > 0 else None
    after = turn.summary_after
    reply = turn.reply
    if before is None or after is None:
        return f"{interjection.kind}: no summary"
    if interjection.kind in ("question", "off_topic"):
        taken = [a for a in ASPECTS if _absorbed(before.value_text(a), after.value_text(a), interjection.say)]
        if taken:
            return f"{interjection.kind} {interjection.say!r} was taken as the {taken[0]}"
    if interjection.kind == "question":
        asked = {w for w in tokens(interjection.say) if len(w) > 3 and w not in _GENERIC}
        answered = any(_related(w, r) for w in asked for r in tokens(reply)) if asked else bool(_REASON.search(reply))
        if not answered:
            return f"question {interjection.say!r} got a reply about something else: {reply[:90]!r}"
    if interjection.kind == "off_topic" and "?" not in reply:
        return f"off-topic remark {interjection.say!r}: the PM did not steer back with a question"
    if interjection.kind == "undo":
        answered_turn = c.turns[at - 1] if at > 0 else None
        earlier = c.turns[at - 2].summary_after if at > 1 else None
        if answered_turn is None or earlier is None:
            return ""
        kept = [a for a in ASPECTS if after.value_text(a) != earlier.value_text(a)]
        if kept:
            return f"'undo' kept the answer it took back in the {kept[0]}: {after.value_text(kept[0])[:60]!r}"
        if not _ACK_UNDO.search(reply):
            return f"'undo' was not acknowledged: {reply[:90]!r}"
    if interjection.kind == "correction":
        # The new value is the corrected figure as the product must read it (`corrected_figure`): "10 tables not 8, we
        # add 2 last month" is 10, never the 2 of the reason after it; words are checked by `expect`.
        said = tokens(interjection.say)
        figure = corrected_figure(said)
        numbers = [figure] if figure else []
        words = [w for w in tokens(interjection.say) if len(w) > 3 and w not in _GENERIC]
        summary_text = " ".join(after.value_text(a) for a in ASPECTS)
        # Said before the figure it corrects ("correction: not 200, 400 farmers" before the 200 was said), it can
        # only land when that figure does: then the final summary holds the new number.
        early = not any(has_phrase(t, " ".join(before.value_text(a) for a in ASPECTS))
                        for t in said if t[0].isdigit() or t[0] in "$€£")
        final_text = " ".join(c.state.discovery_summary.value_text(a) for a in ASPECTS) if c.state else ""
        # "before I told you 5 until 15 workers, is better 5 until 25 workers, my friend has 22 guys": the 25 is the new
        # value, not the 22 of the reason after it; a number of the message the summary did not hold before and holds
        # now is the correction landing.
        before_text = " ".join(before.value_text(a) for a in ASPECTS)
        with_old_word = [said[i] for i in range(len(said) - 1) if said[i] in numbers and any(
            said[j][0].isdigit() and said[j + 1] == said[i + 1] for j in range(i))]
        landed = [t for t in with_old_word if has_phrase(t, summary_text) and not has_phrase(t, before_text)]
        if numbers and not landed and not has_phrase(numbers[-1], summary_text) and not (
                early and has_phrase(numbers[-1], final_text)):
            return f"correction {interjection.say!r} did not reach the summary"
        if not any(has_phrase(w, reply) for w in (landed or numbers[-1:]) or words):
            return f"correction {interjection.say!r} not acknowledged: {reply[:90]!r}"
    return ""


def _interjections_handled(c: Conversation) -> tuple[bool, str]:
    problems = [p for i in range(len(c.founder.interject)) if (p := _interjection_problem(c, i))]
    said = {t.say.move for t in c.turns if t.say.intent == "interject"}
    missed = [i.kind for n, i in enumerate(c.founder.interject) if n not in said and c.state and c.state.phase == "done"]
    if missed:
        problems.append(f"the founder never got to say: {missed}")
    return not problems, "; ".join(problems)


CHECKS: dict[str, Check] = {
    "reached_done": _reached_done,
    "phases_in_order": _phases_in_order,
    "completeness": _completeness,
    "discovery_turns": _discovery_turns,
    "no_repeated_question": _no_repeated_question,
    "p0_with_rice": _p0_with_rice,
    "cuts_with_reasons": _cuts_with_reasons,
    "comparables": _comparables,
    "core_flow": _core_flow,
    "phase1_within_4_weeks": _phase1_within_4_weeks,
    "spec_sections": _spec_sections,
    "target_user_in_spec": _target_user_in_spec,
    "no_empty_tbd": _no_empty_tbd,
    "no_repeated_reply": _no_repeated_reply,
    "facts_in_summary": _facts_in_summary,
    "no_garbled_fact": _no_garbled_fact,
    "requests_reflected": _requests_reflected,
    "features_traceable": _features_traceable,
    "agreement_understood": _agreement_understood,
    "interjections_handled": _interjections_handled,
}


def score(conversation: Conversation) -> tuple[dict[str, bool], list[str]]:
    """Every assertion's verdict, and a note for each that failed."""
    verdicts: dict[str, bool] = {}
    notes: list[str] = []
    for name in ASSERTIONS + TEXT_ASSERTIONS:
        if name in TEXT_ASSERTIONS and not applies(name, conversation):
            continue  # counted only for a founder whose set says the words (held-out 24 on)
        ok, note = {**CHECKS, **TEXT_CHECKS}[name](conversation)
        verdicts[name] = ok
        if not ok:
            notes.append(f"{name}: {note}")
    return verdicts, notes
