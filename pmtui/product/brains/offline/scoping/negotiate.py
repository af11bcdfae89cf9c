"""One argue-back round: every change the founder asked for, applied or argued with the numbers.

Cutting, deferring, splitting, merging and the founder's own effort estimates need no evidence:
they are the founder's call, applied and recorded. Adding a feature always puts it on the table
with a RICE row and its provenance; moving a feature (new or existing) into Phase 1 needs new
evidence, a trade ("cut X and add Y instead") or the final round — otherwise the PM holds with the
numbers and asks for evidence. The reply says what changed, what did not and why.
"""

from __future__ import annotations

import re
from typing import Literal

from pmtui.models import ConversationState, CutFeature, DecisionRecord, Feature, Provenance, ScopingOutput
from pmtui.product.brains.offline.scoping.how_notes import how_notes, noted
from pmtui.product.brains.offline.scoping.intent import (
    HELD_LABEL,
    answers_a_hold,
    evidence_for_held,
    held_features,
    match_features,
)
from pmtui.product.brains.offline.scoping.naming import (
    _PROCESS_WORDS,
    _related,
    evidence_in,
    n_weeks,
    other_way,
    plain_thing,
    possessive,
    renamed_smaller,
    weeks_text,
    whole_rows,
)
from pmtui.product.brains.offline.scoping.narrative import refresh_narrative
from pmtui.product.brains.offline.scoping.negotiation_round import (
    Round as _Round,
)
from pmtui.product.brains.offline.scoping.negotiation_round import (
    pin as _pin,
)
from pmtui.product.brains.offline.scoping.propose import propose
from pmtui.product.brains.offline.scoping.recount import recount, said_count
from pmtui.product.brains.offline.scoping.requests import ChangeRequest, parse_requests
from pmtui.product.brains.offline.scoping.rerank import exchanges, rank_above
from pmtui.product.brains.offline.scoping.reshape import merge_rows, split_off_part, split_row
from pmtui.product.brains.offline.scoping.round_reply import round_reply
from pmtui.product.brains.offline.scoping.said_count import discovery_said
from pmtui.product.brains.offline.scoping.terms import short_name, stems
from pmtui.product.brains.protocol import Negotiation
from pmtui.product.plan_quality import FragmentTitle
from pmtui.product.rice import phase_effort, rescore, team_size
from pmtui.product.units import amount


def negotiate(state: ConversationState, text: str, round_number: int, final_round: bool) -> Negotiation:
    """Apply or argue every change the message asks for; say which, and why."""
    summary = state.discovery_summary
    output = state.scoping_output.model_copy(deep=True) if state.scoping_output else propose(summary, [], discovery_said(state))
    requests = parse_requests(text, [f.name for f in output.mvp_features], summary.feature_wishlist if summary else ())
    decisions = output.decisions
    same_round = (
        not requests and round_number > 1 and answers_a_hold(text, output) and decisions[-1].round == round_number - 1
    )
    if same_round:
        # Evidence for what the PM just held finishes that round; it does not spend another.
        round_number -= 1
        final_round = round_number >= state.max_negotiation_rounds
    notes = how_notes(text)  # "the reminder, can it go by SMS?": a detail of a row, noted on it
    # A count said against the table or a row's detail, and nothing else asked ("theres only 90 of us not 1000"), is
    # information.
    users = summary.target_user if summary else ""
    information = not requests and (said_count(text, users) is not None or bool(notes))
    label = (f"Noted — that's information, not a round of argue-back (still {round_number - 1} of "
             f"{state.max_negotiation_rounds} used)" if information else f"Round {round_number}/{state.max_negotiation_rounds}")
    requests = exchanges(state, output, requests)
    trade = any(r.kind in ("cut", "defer") for r in requests) and any(r.kind in ("add", "promote") for r in requests)
    work = _Round(state, output, text, label, round_number, final_round, evidence_in(text), trade)
    # A cut or a deferral of a row already below the line frees no Phase 1 work: the reply must not say it did.
    work.freed = trade and any(r.kind in ("cut", "defer") and _frees_phase_1(work, r.what) for r in requests)
    work.changed += recount(work.output, text, users)  # "theres only 90 of us not 1000": reach from the founder's count
    work.changed += noted(work, notes)
    if not requests and not work.changed:
        requests = _named_without_verb(work)
    if not requests and not work.changed:
        cuts = ", ".join(c.name for c in output.cut_features) or "none"
        below = ", ".join(f.name for f in output.mvp_features if f.phase > 1) or "none"
        reply = (
            f"Which feature do you want to change? Below the cut line: {below}. Cut: {cuts}. Name it and say "
            f"what to do with it — add, cut, move, split, merge or re-estimate — and, to move it into Phase 1, "
            f"what evidence you have that {work.people} need it."
        )
        record = _record(work, reply, "held", "no feature named")
        return Negotiation(reply=reply, output=output, record=record, understood=False)

    before_phase1 = {f.name for f in output.mvp_features if f.phase == 1}
    # What re-sizes a row is applied before what asks into Phase 1, whatever order it was said in: "keep the
    # balance check in phase 1 … make the report smaller" weighed the check against Phase 1 before the report shrank,
    # and the reply quoted that stale total.
    for request in sorted(requests, key=lambda r: _FIRST_APPLIED.get(r.kind, 1)):
        _apply(work, request)
    if work.which and not work.changed and not work.held:
        # Only a question back ("which payment?"): asking which row is meant spends no round.
        reply = " ".join(work.which)
        return Negotiation(reply=reply, output=output, record=_record(work, reply, "held", "asked which row"),
                           understood=False)
    new = rescore(work.output, team_size(summary))
    work.output = new
    if work.trade and not work.evidence and phase_effort(new, 1) > new.effort_budget_weeks + 1e-9:
        new = _added_below_the_line(work, new, summary)
    bumped = sorted(before_phase1 - {f.name for f in new.mvp_features if f.phase == 1}
                    - (set(work.names) - set(work.ranked)))
    # A row only re-ranked this round that the budget then pushed out of Phase 1 does not "stay in Phase 1".
    work.notes = [note for note in work.notes
                  if not (" both stay in Phase " in note and any(name in note for name in bumped))]
    refresh_narrative(new, summary)
    reply = round_reply(work, bumped)
    outcome: Literal["held", "conceded"] = "conceded" if work.changed else "held"
    reason = "; ".join(work.changed) if work.changed else "; ".join(work.held) or "nothing to change"
    if work.changed and work.held_names:
        # A round that made one change and held another row: evidence for the held row still answers it.
        reason = f"{reason}; {HELD_LABEL}{' | '.join(dict.fromkeys(work.held_names))}"
    if work.evidence and work.changed:
        reason = f"new evidence: {work.evidence}; {reason}"
    elif work.final and work.changed and not work.trade:
        reason = f"final round: conceded gracefully; {reason}"
    return Negotiation(reply=reply, output=new, record=_record(work, reply, outcome, reason), same_round=same_round,
                       information=information and bool(work.changed))


_FIRST_APPLIED = {"effort": 0, "split": 0, "merge": 0}


def _added_below_the_line(work: _Round, output: ScopingOutput, summary) -> ScopingOutput:
    """What the founder kept, promoted and the core flow fill Phase 1 past the budget: a row added in the same trade
    goes to Phase 2 instead of pushing Phase 1 over, and the reply says so (it moves in when something
    else goes)."""
    budget = output.effort_budget_weeks
    added = sorted((f for f in output.mvp_features if f.name in work.added and f.phase == 1), key=lambda f: f.rice_score)
    for feature in added:
        if phase_effort(output, 1) <= budget + 1e-9:
            break
        _pin(feature, 2, f"added at your request in round {work.round_number}; Phase 1 had no room left for it")
        work.changed = [c for c in work.changed if not c.startswith(f"added {feature.name} (")]
        work.held_names.append(feature.name)  # the reply asks for evidence for it
        work.held.append(
            f"{feature.name} is on the table with its numbers (RICE {feature.rice_score:g}) but in Phase 2: with "
            f"what you kept in Phase 1 it would go past the {budget:g} person-week budget — cut or shrink something "
            "and it moves in"
        )
        work.output = output = rescore(output, team_size(summary))
    return output


def _named_without_verb(work: _Round) -> list[ChangeRequest]:
    """'The export!' or 'what about it' after a held round: the named (or last argued) feature, moved up."""
    decisions = work.output.decisions
    found = [("held", n, 1.0) for n in evidence_for_held(work.output, work.text)] or match_features(work.output, work.text)
    if found:
        return [ChangeRequest("promote", name, work.text, phase=1) for _kind, name, _s in found]
    refers_back = re.search(r"\b(it|this|that|them)\b", work.text, re.IGNORECASE)
    if decisions and decisions[-1].features and (refers_back or answers_a_hold(work.text, work.output)):
        return [ChangeRequest("promote", name, work.text, phase=1)
                for name in held_features(decisions[-1]) or decisions[-1].features]
    return []


def _record(work: _Round, reply: str, outcome: Literal["held", "conceded", "answered"], reason: str) -> DecisionRecord:
    return DecisionRecord(
        round=work.round_number,
        ask=work.text,
        intent="PUSHBACK",
        answer=reply,
        outcome=outcome,
        reason=reason,
        features=list(dict.fromkeys(work.names)),
        risk="; ".join(work.risks),
    )


def _apply(work: _Round, request: ChangeRequest) -> None:
    if request.kind in ("cut", "defer") and (topic := work.topic_rows(request.what)):
        # "forget the GPS stuff, what we really need is …": the old idea goes with every row of it, not one.
        for name in topic:
            _apply(work, ChangeRequest(request.kind, name, request.clause, phase=request.phase))
        return
    target = work.find(request.what) if request.kind not in ("add", "merge") else None
    if target is None and request.refers_back and request.kind != "merge":
        # "Cancellations are where braiders make the day back. Move it up": "it" is the row named before the remark.
        against = {"promote": ("cut", "defer"), "cut": ("promote", "add"), "defer": ("promote", "add")}.get(request.kind, ())
        for earlier in filter(None, request.extra.get("earlier", "").split("\x1f")):
            found = work.find(earlier)
            # "The photo page can wait … The bit where we plan the drive, can that come up?": "that" is never the row
            # this message just asked the other way.
            if found is not None and not any((kind, found[1]) in work.done for kind in against):
                request.what, target = earlier, found
                break
    ways = other_way([f.name for f in work.output.mvp_features], request.what) if request.kind == "cut" else None
    if target is None and ways:
        request, target = ChangeRequest("replace", ways[1], request.clause, into=ways[2]), ("mvp", ways[0])
    if request.kind in ("cut", "defer"):
        rows = whole_rows(work.output, request.what)
        if len(rows) >= 2 and (target is None or target[1] in rows):
            for name in rows:
                _apply(work, ChangeRequest(request.kind, name, request.clause, phase=request.phase))
            return
        target = split_off_part(work, request, target) or target
    # "make it smaller … so one week": a lighter cut and then the founder's own number are two changes.
    kind = f"effort:{request.weeks}" if request.kind == "effort" else request.kind
    # Two merges in one message ("size and pickup date are part of the order form") are two changes, not one.
    key = (kind, target[1] if target else request.what.lower() or "\x1f".join(p.lower() for p in request.parts))
    if key in work.done:
        return
    work.done.add(key)
    {
        "cut": _cut,
        "defer": _defer,
        "effort": _effort,
        "split": split_row,
        "merge": merge_rows,
        "promote": _promote,
        "add": _add,
        "replace": _replace,
        "rank": rank_above,
    }[request.kind](work, request, target)


def _row_to_change(
    work: _Round, request: ChangeRequest, target: tuple[str, str] | None, verb: str, already: str
) -> Feature | None:
    """The table row a cut or a deferral is about, or None (with a note) when there is nothing to change."""
    if target is None:
        work.notes.append(f"there is no “{request.what or 'that'}” in the scope, so there was nothing to {verb}")
        return None
    kind, name = target
    work.names.append(name)
    if kind == "cut":
        work.notes.append(f"{name} {already}")
        return None
    return work.output.feature(name)


def _cut(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> None:
    feature = _row_to_change(work, request, target, "cut", "was already cut")
    if feature is None:
        return
    work.output.mvp_features = [f for f in work.output.mvp_features if f is not feature]
    work.output.cut_features.append(
        CutFeature(
            name=feature.name,
            description=feature.description,
            reason=f"{feature.name}: you cut it in argue-back round {work.round_number} (“{request.clause.strip()}”); "
            f"that frees {amount(feature.rice_effort, 'person-week')}.",
        )
    )
    work.changed.append(f"cut {feature.name}")


def _replace(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> None:
    """'swap the sms for a whatsapp message': the row keeps its place and its numbers, and says the new thing.
    A row that was cut stays cut, and the new thing is a row of its own, scored."""
    if target is not None and target[0] == "cut" and request.into:
        name = request.into[:1].upper() + request.into[1:]
        added = work.new_feature(name, f"{request.into} (instead of {target[1]}, which stays cut)", request.clause.strip())
        added.provenance["origin"] = Provenance(
            source="stated", reason=f"instead of {target[1]}, at your request in round {work.round_number}: “{request.clause.strip()}”"
        )
        work.output.mvp_features.append(added)
        work.added.append(added.name)
        work.names.append(added.name)
        work.changed.append(f"added {added.name} instead of {target[1]} (which stays cut)")
        return
    feature = _row_to_change(work, request, target, "swap", "is cut; bring it back first to swap it")
    if feature is None:
        return
    old_name, into = feature.name, plain_thing(request.into)
    said = re.compile(rf"\b{re.escape(request.what)}\b", re.IGNORECASE) if request.what else None
    if said is not None and said.search(old_name):
        # "an sms" becomes "a whatsapp message", not "an whatsapp message".
        name = re.sub(r"\b(an?)\s+(?=" + re.escape(into) + r")", lambda m: ("an" if into[:1].lower() in "aeiou" else "a") + " ",
                      said.sub(into, old_name, count=1), count=1, flags=re.IGNORECASE)
        description = said.sub(into, feature.description)
    else:
        name, description = into, f"{into} (instead of {old_name})"
    if not re.search(r"\b(?:rename|call it|name it)\b", request.clause, re.IGNORECASE):
        # A swap drops the old thing: the cut list says what became of it.
        work.output.cut_features.append(CutFeature(name=old_name, description=feature.description, reason=(
            f"{old_name}: swapped for {name[:1].upper() + name[1:]} at your request in round {work.round_number} "
            f"(“{request.clause.strip()}”).")))
    name = name[:1].upper() + name[1:]
    feature.name, feature.description = name, description
    feature.provenance["name"] = Provenance(
        source="stated", reason=f"renamed from {old_name} in argue-back round {work.round_number}: “{request.clause.strip()}”"
    )
    work.names.append(name)
    work.changed.append(f"swapped {old_name} for {name} (same place and numbers)")


def _defer(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> None:
    feature = _row_to_change(work, request, target, "move", "is already out of the MVP")
    if feature is None:
        return
    named_phase = re.search(r"\b(?:phase|v|version)\s*[1-9]\b", request.clause, re.IGNORECASE)
    if not named_phase and feature.phase >= max(2, request.phase):
        # "email confirmations can wait" about a row already waiting in Phase 3: waiting never moves it up, and it
        # stays out of Phase 1 however the budget moves.
        _pin(feature, feature.phase, f"you said it can wait: “{request.clause.strip()}”")
        work.notes.append(f"{feature.name} already waits in Phase {feature.phase}, and stays there")
        return
    _pin(feature, max(2, request.phase), f"you moved it out of Phase 1: “{request.clause.strip()}”")
    work.changed.append(f"moved {feature.name} to Phase {feature.phase}")
    _imports_follow(work, feature)


def _imports_follow(work: _Round, feature: Feature) -> None:
    """"the treasurer is chasing subs in a different spreadsheet": importing that spreadsheet only serves the subs row,
    so it leaves Phase 1 with it."""
    named = stems(feature.name) - _PROCESS_WORDS
    for row in work.output.mvp_features:
        origin = row.provenance.get("origin")
        if (row is feature or row.phase != 1 or not row.name.startswith("Import from") or origin is None
                or not origin.reason.startswith("your description of today") or not named):
            continue
        quoted = stems(origin.reason)
        if all(_related(word, quoted) for word in named):
            _pin(row, feature.phase, f"it brings over the data of {feature.name}, which you moved to Phase {feature.phase}")
            work.changed.append(f"moved {row.name} with it (it only brings over that data)")


def _effort(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> None:
    if request.extra.get("scale") == "smaller":
        _smaller(work, request, target)
        return
    feature = _back_from_cuts(work, target, request) if target and target[0] == "cut" else None
    if target is None or request.weeks is None:
        which = f"takes {n_weeks(request.weeks)}" if request.weeks is not None else "that effort is for"
        work.notes.append(f"I couldn't tell which feature {which} — name it and I'll set it")
        return
    feature = feature or work.output.feature(target[1])
    assert feature is not None
    old = feature.rice_effort
    feature.rice_effort = request.weeks
    feature.provenance["effort"] = Provenance(source="stated", reason=f"you said: “{request.clause.strip()}”")
    work.names.append(feature.name)
    work.changed.append(
        f"set {possessive(feature.name)} effort to {amount(request.weeks, 'person-week')} (was {old:g}); its score is now "
        f"{feature.compute_score():g}"
    )


def _smaller(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> None:
    """'Make X smaller': a lighter first cut of X, about half the effort (never under half a week). A row the
    proposal had cut comes back smaller, below the line: smaller is no ask for Phase 1."""
    if target and target[0] == "cut":
        feature: Feature | None = _back_from_cuts(work, target, request)
        if feature is not None and "phase" not in feature.pinned:
            _pin(feature, 2, f"you asked for a smaller version of a cut row in round {work.round_number}, not for Phase 1")
            work.notes.append(f"{feature.name} stays below the cut line, in Phase 2; say so if you want it in Phase 1")
    else:
        feature = work.output.feature(target[1]) if target and target[0] == "mvp" else None
    if feature is None:
        work.notes.append(f"I couldn't tell which feature to make smaller (“{request.what or request.clause}”) — name it")
        return
    old = feature.rice_effort
    if old <= 0.5:
        work.held.append(f"{feature.name} is already at the smallest estimate (0.5 person-weeks)")
        work.notes.append(f"{feature.name} is already at 0.5 person-weeks, the smallest I estimate")
        return
    feature.rice_effort = max(0.5, round(old / 2 * 2) / 2)
    if feature.rice_effort >= old:
        feature.rice_effort = old - 0.5
    feature.provenance["effort"] = Provenance(
        source="stated", reason=f"you asked for a smaller first cut: “{request.clause.strip()}”"
    )
    if renamed := renamed_smaller(feature.name, feature.description, request.clause, work.text):
        # "make it simpler, just a list of apiaries with postcodes": the row is what the founder said it should be.
        work.changed.append(f"renamed {feature.name} to {renamed[0]}, as you described the smaller version")
        work.names.append(feature.name)
        feature.name, feature.description = renamed
    work.names.append(feature.name)
    work.changed.append(
        f"made {feature.name} smaller: {amount(feature.rice_effort, 'person-week')} (was {old:g}); its score is now "
        f"{feature.compute_score():g}"
    )


def _back_from_cuts(work: _Round, target: tuple[str, str], request: ChangeRequest) -> Feature:
    """A cut row the founder re-estimates ("the dashboard is not two weeks, call it half a week") is on the
    table again, scored, where its score puts it: a cheaper feature is a new argument for it."""
    cut = next(c for c in work.output.cut_features if c.name == target[1])
    work.output.cut_features = [c for c in work.output.cut_features if c is not cut]
    feature = work.new_feature(cut.name, cut.description, request.clause.strip())
    feature.provenance["origin"] = Provenance(
        source="stated", reason=f"brought back from the cuts when you re-estimated it: “{request.clause.strip()}”"
    )
    work.output.mvp_features.append(feature)
    work.added.append(feature.name)
    work.changed.append(f"brought {feature.name} back from the cuts")
    return feature


def _frees_phase_1(work: _Round, phrase: str) -> bool:
    """False only when the phrase names a row that is not in Phase 1 (a row it names unclearly may still be)."""
    found = work.find(phrase) if phrase else None
    return found is None or (found[0] == "mvp" and any(f.name == found[1] and f.phase == 1 for f in work.output.mvp_features))


def _why_in(work: _Round) -> str:
    if work.evidence:
        return f"on your new evidence (“{work.evidence}”)"
    if work.trade and work.freed:
        return "because you traded scope for it in the same message"
    if work.trade:
        return "as you asked for it beside what you set aside (which was not in Phase 1, so it freed no time)"
    return "because this is our last round — recorded as a risk"


_FRAGMENT = FragmentTitle()


def _promote(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> None:
    if target is None and request.extra.get("first"):
        # "first the calendar and the swap" ranks rows; a name the table lacks is no request for a new one.
        rows = ", ".join(f.name for f in work.output.mvp_features)
        work.notes.append(f"I have no row called “{request.what}” (the rows are: {rows}) — name the one you mean, or "
                          f"say “add {request.what}” if it is new")
        return
    found = work.rows_with(stems(request.what)) if request.what else []
    several = [name for _, name in found]
    # "The attendance, put that in phase 1" beside "Attendance taken by the section leader" and "Stage list chosen
    # from attendance": the one row named after the thing is the one meant.
    # ("Keep track of an order" is named after nothing the phrase says: a row led by a word of no weight is not.)
    headed = [(kind, name) for kind, name in found if (words := re.findall(r"[a-z]+", name.lower()))
              and (head := stems(words[0])) and head <= stems(request.what)]
    if len(several) >= 2 and len(headed) == 1 and (target is None or target[1] in several):
        target, several = headed[0], [headed[0][1]]
    waiting = [name for name in several if (row := work.output.feature(name)) is None or row.phase != 1]
    if len(several) >= 2 and waiting == several and not any(name.lower() in request.what.lower() for name in several):
        # "payment must have" with "Card payment" and "PayNow payment" in the table: which one, not a third row.
        question = f"“{request.what}” could be {' or '.join(several)} — which one do you want in Phase 1?"
        work.notes.append(question)
        work.which.append(question)
        return
    if target is None and several and _FRAGMENT.reason(request.what).startswith("a lone verb"):
        # "send + sign first" beside "Parent signs on phone" and "Leader sees who signed": a verb alone names the row
        # it leads (its first two words), never a new row called "Sign".
        led = [(kind, name) for kind, name in found if stems(" ".join(name.split()[:2])) & stems(request.what)]
        if len(led) != 1:
            question = f"“{request.what}” could be {' or '.join(several)} — which one do you want in Phase 1?"
            work.notes.append(question)
            work.which.append(question)
            return
        target = led[0]
    if target is None:
        _add(work, request, None, promote=True)
        return
    kind, name = target
    work.names.append(name)
    feature = work.output.feature(name) if kind == "mvp" else None
    if feature is not None and feature.name in work.added:
        # "add a simple log of each withdrawal …, that one is the heart of it": added and asked into Phase 1 at once.
        work.added.remove(feature.name)
        if not (feature.phase == 1 and "phase" in feature.pinned):
            work.changed = [c for c in work.changed if not c.startswith(f"added {feature.name} ")]
            _place_new(work, feature, promote=True)
        return
    if feature is not None and feature.phase == 1:
        work.notes.append(f"{name} is already in Phase 1 ({feature.priority}, score {feature.rice_score:g})")
        # Named for Phase 1, it stays there: the budget makes room elsewhere ("…and rent reminders have to be in phase 1").
        _pin(feature, 1, f"you asked for it in Phase 1 in round {work.round_number}")
        return
    if work.evidence or work.trade or work.final:
        if feature is None:
            cut = next(c for c in work.output.cut_features if c.name == name)
            work.output.cut_features = [c for c in work.output.cut_features if c is not cut]
            feature = work.new_feature(cut.name, cut.description, request.clause.strip())
            feature.provenance["origin"] = Provenance(source="stated", reason=f"brought back from the cuts: “{request.clause.strip()}”")
            work.output.mvp_features.append(feature)
        _concede(work, feature, request)
        return
    _hold(work, feature, name, kind)


def _concede(work: _Round, feature: Feature, request: ChangeRequest) -> None:
    why = f"you argued for it in round {work.round_number} " + _why_in(work)
    _pin(feature, 1, why)
    if work.evidence:
        feature.rice_confidence = max(feature.rice_confidence, 0.8)
        feature.provenance["confidence"] = Provenance(source="stated", reason=f"your evidence: “{work.evidence}”")
        if feature.rice_impact < 1:
            feature.rice_impact = 1.0
            feature.provenance["impact"] = Provenance(
                source="stated", reason=f"raised to 1 (medium) on your evidence: “{work.evidence}”"
            )
    elif work.final and not work.trade:
        work.risks.append(
            f"{feature.name} moved into Phase 1 at the last round without evidence; validate it with "
            f"{work.people} in the first week"
        )
    work.changed.append(f"moved {feature.name} into Phase 1 as P0 {_why_in(work)}")


def _hold(work: _Round, feature: Feature | None, name: str, kind: str) -> None:
    output = work.output
    candidate = feature or work.new_feature(
        name, next((c.description for c in output.cut_features if c.name == name), name), name
    )
    phase1 = [f for f in output.mvp_features if f.phase == 1]
    top = max(phase1, key=lambda f: f.compute_score()) if phase1 else None
    current = phase_effort(output, 1)
    after = round(current + candidate.rice_effort, 2)
    budget = output.effort_budget_weeks
    team = team_size(work.state.discovery_summary)
    where = f"it sits in Phase {feature.phase}" if feature else "I cut it"
    versus = f" vs {top.compute_score():g} for {top.name}" if top else ""
    if after > budget:
        effect = (
            f"it would push Phase 1 from {weeks_text(current, team)} to {weeks_text(after, team)}, over your {budget:g} "
            "person-week budget"
        )
    else:
        effect = f"it would fit ({current:g} → {after:g} of {amount(budget, 'person-week')}) but would eat the slack the core flow needs"
    line = (
        f"I'm holding {name} where it is for now: it scores {candidate.compute_score():g}{versus} ({where}; effort "
        f"{candidate.rice_effort:g}, impact {candidate.rice_impact:g}, confidence {candidate.rice_confidence:.0%}), and "
        f"{effect}"
    )
    cut = next((c for c in output.cut_features if c.name == name), None)
    if cut:
        line += f". My reason for cutting it: {cut.reason}"
    work.held.append(line)
    work.held_names.append(name)


def _add(work: _Round, request: ChangeRequest, target: tuple[str, str] | None, promote: bool = False) -> None:
    existing = work.strong(request.what) if request.what else None
    if existing is not None:
        _promote(work, ChangeRequest("promote", existing[1], request.clause, phase=1), existing)
        return
    if not request.what:
        work.notes.append("I couldn't tell what to add — name the feature and I'll score it")
        return
    name = short_name(request.what)
    feature = work.new_feature(name, request.what[:1].upper() + request.what[1:], request.clause.strip())
    work.output.mvp_features.append(feature)
    work.names.append(feature.name)
    if not promote:
        work.added.append(feature.name)
    _place_new(work, feature, promote)


def _place_new(work: _Round, feature: Feature, promote: bool) -> None:
    """Where a row added in argue-back goes: Phase 1 with evidence, below the line when asked in without it, else
    where its score puts it."""
    score = (
        f"RICE {feature.compute_score():g} = reach {feature.rice_reach:g} × impact {feature.rice_impact:g} × "
        f"confidence {feature.rice_confidence:.0%} ÷ effort {feature.rice_effort:g}"
    )
    if work.evidence or work.trade or work.final:
        _pin(feature, 1, f"you asked for it in round {work.round_number} " + _why_in(work))
        work.changed.append(f"added {feature.name} ({score}) to Phase 1 as P0 {_why_in(work)}")
        if work.final and not (work.evidence or work.trade):
            work.risks.append(f"{feature.name} added to Phase 1 at the last round without evidence")
        return
    if promote:
        # Asked straight into Phase 1 without evidence: on the table with its numbers, below the line.
        _pin(feature, 2, f"you asked for it in round {work.round_number}; below the line until there is evidence")
        work.held.append(
            f"{feature.name} isn't in the scope yet: I've added it below the cut line with its numbers (it scores "
            f"{feature.compute_score():g}: {score}), "
            "and I'll move it into Phase 1 when there is evidence"
        )
        return
    work.changed.append(f"added {feature.name} to the table ({score}); it goes where its score puts it")
