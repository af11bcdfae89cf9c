"""'Swap A and B' and 'A matters more than B', read on the table: a pre-pass over the founder's requests
(`exchanges`) and the change it asks for when both rows sit in the same phase (`rank_above`).

Rows on both sides of the cut line trade places (a deferral and a promotion). Rows in the same phase are ordered by
their RICE score, so the founder's ranking is taken as what it says: the row that matters more gets a higher impact,
stated in the founder's words, and ranks above the other when reach and effort allow; when they do not, the reply
says which number holds it below.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pmtui.models import ConversationState, Provenance, ScopingOutput
from pmtui.product.brains.offline.scoping.naming import possessive
from pmtui.product.brains.offline.scoping.requests import ChangeRequest
from pmtui.product.rice import IMPACT_VALUES

# The provenance key of a row that is built after another (its reason is that row's name).
AFTER = "after"

if TYPE_CHECKING:
    from pmtui.product.brains.offline.scoping.negotiate import _Round


def exchanges(state: ConversationState, output: ScopingOutput, requests: list[ChangeRequest]) -> list[ChangeRequest]:
    """A swap of two rows, read on the table: the one behind moves into the other's place and that one moves back
    ("the waitlist matters more than the manifest, swap them round"), a trade the budget already holds. When the
    founder said which matters more and it is already ahead, or the rows are not on both sides of the cut line, the
    row said to matter is asked for in Phase 1 as any promotion is; two rows of one phase are re-ranked."""
    from pmtui.product.brains.offline.scoping.negotiate import _Round

    probe = _Round(state, output, "", "", 0, False, "", False)
    expanded: list[ChangeRequest] = []
    for request in requests:
        if request.kind == "promote" and _TO_THE_TOP.search(request.clause):
            # "Ledger is the most important, put it on top", of a row already in Phase 1: first in the table, which
            # is ranking it above the row that leads there now.
            found = probe.find(request.what)
            row = output.feature(found[1]) if found and found[0] == "mvp" else None
            leader = max((f for f in output.mvp_features if row is not None and f.phase == 1 and f is not row),
                         key=lambda f: f.compute_score(), default=None)
            if row is not None and row.phase == 1 and leader is not None and leader.compute_score() >= row.compute_score():
                expanded.append(ChangeRequest("rank", row.name, request.clause, parts=(row.name, leader.name)))
                continue
        if request.kind != "swap":
            expanded.append(request)
            continue
        first, second = (probe.find(part) for part in request.parts)
        phases = [_phase_of(output, found) for found in (first, second)]
        if first and second and first[1] != second[1] and None not in phases and 1 in phases and phases[0] != phases[1]:
            (up, up_phase), (down, _) = sorted(zip(request.parts, phases), key=lambda pair: -(pair[1] or 0))
            if not (request.extra.get("priority") and up != request.parts[0]):
                expanded += [ChangeRequest("defer", down, request.clause, phase=int(up_phase or 2)),
                             ChangeRequest("promote", up, request.clause, phase=1)]
                continue
        if first and second and first[1] != second[1] and None not in phases and phases[0] == phases[1]:
            # "the availability thing matters more than the kit list", both in Phase 1: an order, not a promotion.
            rows = [output.feature(first[1]), output.feature(second[1])]
            if not request.extra.get("priority") and rows[0] and rows[1] and rows[0].rice_score > rows[1].rice_score:
                first, second = second, first  # "swap A and B": the one behind comes forward
            expanded.append(ChangeRequest("rank", first[1], request.clause, parts=(first[1], second[1]),
                                          extra=request.extra))
            continue
        # "the buyers ordering is the main thing, not marking paid" names a row the founder thinks is there: one the
        # table lacks is asked about, never added as new ("first", as "first the calendar and the swap" is).
        expanded.append(ChangeRequest("promote", request.parts[0], request.clause, phase=1,
                                      extra={"first": "1"} if first is None and second is not None else {}))
    # "The limit cannot be in phase 2. Swap it with the usage report": asked up twice in one message, moved once.
    promoted: set[str] = set()
    kept: list[ChangeRequest] = []
    for request in expanded:
        if request.kind == "promote" and request.what and request.what.lower() in promoted:
            continue
        promoted |= {request.what.lower()} if request.kind == "promote" else set()
        kept.append(request)
    return kept


_TO_THE_TOP = re.compile(r"\b(?:most important|on top|at the top|to the top|top priority|number one|no\.? ?1|first priority|"
                         r"matters? (?:the )?most|put (?:it|that|this) first)\b", re.IGNORECASE)


def _phase_of(output: ScopingOutput, found: tuple[str, str] | None) -> int | None:
    """The phase of a row found on the table (a cut row has none)."""
    if found is None or found[0] != "mvp":
        return None
    feature = output.feature(found[1])
    return feature.phase if feature is not None else None


def rank_above(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> None:
    """The first row of the request matters more than the second: a higher impact, in the founder's words."""
    up, down = (work.output.feature(name) for name in request.parts)
    if up is None or down is None:
        return
    work.names.extend([up.name, down.name])
    work.ranked.extend([up.name, down.name])
    if request.extra.get("order"):
        # "the balance check cant come before the treasurer marks payments": an order of building, not a ranking. The
        # one that needs the other comes after it in the core flow and so in the plan; the scores stay.
        down.provenance[AFTER] = Provenance(source="stated", reason=up.name)
        work.changed.append(f"{down.name} comes after {up.name} in the core flow and the plan, as it needs what "
                            f"{up.name} records (their scores stay: {down.compute_score():g} and {up.compute_score():g})")
        return
    if up.compute_score() > down.compute_score():
        work.notes.append(f"{up.name} already ranks above {down.name} (score {up.compute_score():g} vs "
                          f"{down.compute_score():g})")
        return
    higher = [value for value in IMPACT_VALUES if value > down.rice_impact]
    wanted = max(up.rice_impact, higher[0] if higher else IMPACT_VALUES[-1])
    old = up.rice_impact
    if wanted > old:
        up.rice_impact = wanted
        up.provenance["impact"] = Provenance(
            source="stated", reason=f"you said it matters more than {down.name}: “{request.clause.strip()}”")
    if up.compute_score() > down.compute_score():
        work.changed.append(f"raised {possessive(up.name)} impact to {wanted:g} (was {old:g}) as you rank it above {down.name}; "
                            f"it now scores {up.compute_score():g} against {down.compute_score():g} and comes first")
        return
    held_by = "effort" if up.rice_effort > down.rice_effort else "reach" if up.rice_reach < down.rice_reach else "confidence"
    if wanted > old:
        work.changed.append(f"raised {possessive(up.name)} impact to {wanted:g} (was {old:g}) as you rank it above {down.name}")
    work.notes.append(f"{up.name} still scores below {down.name} ({up.compute_score():g} vs {down.compute_score():g}) "
                      f"on its {held_by}; both stay in Phase {up.phase}")
