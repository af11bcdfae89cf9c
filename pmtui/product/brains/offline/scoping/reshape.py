"""Reshaping rows in argue-back (split from negotiate.py): a row split in two at the founder's request, a part named
inside a row split off so that a request can move it alone, and two rows merged into one.
"""

from __future__ import annotations

import re

from pmtui.models import Feature, Provenance
from pmtui.product.brains.offline.scoping.naming import (
    _OCCASION,
    _merged_name,
    _part_name,
    copy_of,
    other_row,
)
from pmtui.product.brains.offline.scoping.negotiation_round import Round as _Round
from pmtui.product.brains.offline.scoping.negotiation_round import pin as _pin
from pmtui.product.brains.offline.scoping.requests import ChangeRequest
from pmtui.product.brains.offline.scoping.terms import short_name, stems
from pmtui.product.units import amount

_ROW_PARTS = re.compile(r"\s+(?:with|and|plus|including|\+|&)\s+", re.IGNORECASE)


def split_off_part(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> tuple[str, str] | None:
    """"The photo on the walk log can wait" about the row "Walk log with photo": the walk log stays where it
    is and the photo becomes a row of its own, which the request then moves. None when the phrase is the row."""
    if target is None or target[0] != "mvp":
        return None
    source = work.output.feature(target[1])
    # "The photo part can be phase 2" about "Cleaner marks the room done", said as "… done with a photo".
    said = target[1] if len(_ROW_PARTS.split(target[1], maxsplit=1)) == 2 or source is None else source.description
    pieces = [re.sub(r"^(?:a|an|the)\s+", "", p) for p in _ROW_PARTS.split(said, maxsplit=1)]
    words = [w for w in re.findall(r"[a-z]+", request.what.lower()) if w not in ("the", "a", "an", "our", "my", "that")]
    if source is None or len(pieces) != 2 or not words:
        return None
    main, extra = pieces
    if len(main.split()) == 1 and re.match(r"\s+(?:and|plus|\+|&)\s+", said[len(main):]):
        # "Before and after photos", "paid and unpaid list": one noun said twice over is one row.
        return None
    head = stems(words[0])
    if not head or not head <= stems(extra) or head & stems(main):
        return None
    why = f"split at your request in round {work.round_number}: “{request.clause.strip()}”"
    half = max(0.5, round(source.rice_effort / 2 * 2) / 2)
    kept = copy_of(source, main[:1].upper() + main[1:], f"{main} (split from {source.name})", half, why)
    part = copy_of(source, f"{extra[:1].upper()}{extra[1:]} for {main.lower()}",
                    f"{extra} (split from {source.name})", half, why)
    index = work.output.mvp_features.index(source)
    work.output.mvp_features[index : index + 1] = [kept, part]
    work.names.extend([source.name, kept.name])
    work.changed.append(f"split {source.name}: {kept.name} stays, {part.name} is a row of its own")
    return "mvp", part.name


def split_row(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> None:
    source = work.output.feature(target[1]) if target and target[0] == "mvp" else None
    parts = [p for p in request.parts if p]
    if source is not None and len(parts) == 1 and not request.parts[0]:
        # "can the return part be its own line?": the rest of the row stays as it was, the part becomes a row.
        rest = re.sub(rf"\s*(?:,|\band\b|&|\bplus\b|\bwith\b)?\s*\b{re.escape(parts[0])}\b", "", source.description,
                      flags=re.IGNORECASE).strip(" ,") or source.name
        parts = [rest, parts[0]]
    if len(parts) != 2:
        work.notes.append("I need the two parts to split into")
        return
    rows = [work.find(part) for part in parts]
    if source is None and (named := [row for row in rows if row and row[0] == "mvp"]) and len(named) == 1 and all(
            _OCCASION.match(part.strip()) for part in parts):
        # "the text the night before, split that in two, one for the night before and one for when I'm running late":
        # the row one occasion names is the row split.
        source = work.output.feature(named[0][1])
        rows = [None, None]
    if rows[0] and rows[1] and rows[0][0] == rows[1][0] == "mvp" and rows[0][1] != rows[1][1] and (
            source is None or source.name in (rows[0][1], rows[1][1])):
        # "ask to swap and manager approve is 2 thing, please split": the table already has a row for each.
        work.names.extend([rows[0][1], rows[1][1]])
        work.notes.append(f"{rows[0][1]} and {rows[1][1]} are already two rows, so there was nothing to split")
        return
    why = f"split at your request in round {work.round_number}: “{request.clause.strip()}”"
    if source is None:
        new = [work.new_feature(short_name(p), p, request.clause.strip()) for p in parts]
        work.output.mvp_features.extend(new)
        work.names.extend(f.name for f in new)
        work.changed.append(f"added {new[0].name} and {new[1].name} as separate rows")
        return
    half = max(0.5, round(source.rice_effort / 2 * 2) / 2)
    new = [copy_of(source, _part_name(source.name, p), f"{p} (split from {source.name})", half, why) for p in parts]
    index = work.output.mvp_features.index(source)
    work.output.mvp_features[index : index + 1] = new
    work.names.extend([source.name, *(f.name for f in new)])
    work.changed.append(
        f"split {source.name} into {new[0].name} and {new[1].name} ({amount(half, 'person-week')} each, from its "
        f"{source.rice_effort:g})"
    )


def merge_rows(work: _Round, request: ChangeRequest, target: tuple[str, str] | None) -> None:
    rows = [work.find(p) for p in request.parts]
    features = [work.output.feature(r[1]) for r in rows if r and r[0] == "mvp"]
    merged_from: list[Feature] = []
    for feature in features:
        if feature is not None and all(feature is not f for f in merged_from):
            merged_from.append(feature)
    if len(merged_from) == 1 and (other := other_row(work.output, request.parts, merged_from[0])):
        # "The quote and the accept link are one flow": both name "Quote sent by text"; "the quote" is the other quote.
        merged_from.append(other)
    if len(merged_from) == 1 and request.extra.get("keep") == "second" and not rows[1] and request.parts[1]:
        # "size and pickup date are part of the order form", with no order form row: the part is named as the whole it
        # belongs to (the other parts then go into it), never the whole folded into one of its parts.
        part, whole = merged_from[0], short_name(request.parts[1])
        renamed = copy_of(part, whole[:1].upper() + whole[1:], f"{request.parts[1]}: includes {part.name}", part.rice_effort,
                          f"named as the whole it is part of at your request in round {work.round_number}")
        work.output.mvp_features[work.output.mvp_features.index(part)] = renamed
        work.names.extend([part.name, renamed.name])
        work.changed.append(f"renamed {part.name} to {renamed.name}, the whole it is part of")
        return
    if len(merged_from) == 1:
        # "Merge tester invites into group by build" with no invites row: the one row takes the other's scope.
        keeper = merged_from[0]
        missing = next((p for p, r in zip(request.parts, rows, strict=True) if not r or r[1] != keeper.name), "")
        if missing:
            keeper.description = f"{keeper.description}; includes {missing}"
            keeper.provenance["origin"] = Provenance(
                source="stated", reason=f"{missing} folded in at your request in round {work.round_number}"
            )
            work.names.append(keeper.name)
            work.changed.append(f"folded {missing} into {keeper.name} (there was no separate row for it)")
        return
    if len(merged_from) < 2:
        named = ", ".join(p for p in request.parts if p)
        work.notes.append(f"I found none of {named} in the table, so there was nothing to merge")
        return
    first, second = merged_from[0], merged_from[1]
    if request.extra.get("keep") == "second":
        # "merge the warning into the kit list", "the warning is part of the kit list": the kit list keeps its place
        # and its name.
        first, second = second, first
        name = first.name
    else:
        name = short_name(request.into) if request.into else _merged_name(first.name, second.name)
    said = [re.sub(r"\s+(?:one|thing|bit|part)$", "", p) for p in request.parts
            if p and not re.match(r"(?:it|that|this|them|those|these)$", p, re.IGNORECASE)]
    if not request.into and not request.extra.get("keep") and len(said) == 2 and all(len(p.split()) <= 4 for p in said) and (
            len(f"{said[0]} and {said[1]}".split()) <= len(name.split()) + 1 or any(" and " in p for p in said)):
        # A name that holds its own "and" ("paid and unpaid list") has no head to shorten to: "Paid and unpaid and pay".
        # "the unpaid list and the payment link": the founder's own short names beat "List and payment link".
        name = f"{said[0]} and {said[1]}"
    why = f"merged from {first.name} and {second.name} at your request in round {work.round_number}"
    # "the paid and unpaid list and the pay by link are the same thing really": one piece of work, the larger estimate.
    same = re.search(r"\bsame (?:thing|feature|screen|job|work)\b|\bone and the same\b", request.clause, re.IGNORECASE)
    merged = copy_of(
        first, name[:1].upper() + name[1:], f"{first.description}; {second.description}",
        max(first.rice_effort, second.rice_effort) if same else first.rice_effort + second.rice_effort, why,
    )
    merged.rice_reach = max(first.rice_reach, second.rice_reach)
    merged.rice_impact = max(first.rice_impact, second.rice_impact)
    merged.rice_confidence = min(first.rice_confidence, second.rice_confidence)
    if 1 in (first.phase if "phase" in first.pinned else 0, second.phase if "phase" in second.pinned else 0):
        _pin(merged, 1, why)
    work.output.mvp_features[work.output.mvp_features.index(first)] = merged
    work.output.mvp_features = [f for f in work.output.mvp_features if f is not second]
    work.names.extend([first.name, second.name, merged.name])
    how = "the larger estimate, as you say they are the same thing" if same else "the two efforts added"
    work.changed.append(f"merged {first.name} and {second.name} into {merged.name} ({amount(merged.rice_effort, 'person-week')}, {how})")
