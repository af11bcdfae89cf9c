"""Going back on part of an argue-back round: "go back on the merge, keep homework separate" takes back the
merge and leaves the effort change made in the same message; "undo that map" takes back the map only.

Shared by both engines: it works on the table rows (names, phases, efforts, descriptions) of the scope
before and after the round, never on how a brain produced them.
"""

from __future__ import annotations

import re

from pmtui.models import Feature, Provenance, ScopingOutput
from pmtui.product.search import stem, terms
from pmtui.product.texts import undo_span
from pmtui.product.units import amount

# Words of an undo message that name no row: the undo itself, and how people soften it.
_NOT_A_ROW_TEXT = """undo undone back revert scratch ignore forget disregard take change changes last previous round
    actually sorry after all keep kept keeping separate separately apart as were was things thing way please
    just that this one too much now right you're you are it's instead rather mind put bring bit part only rest fine
    stay stays leave everything else reverse reversed had how where scrap all table scope hmm ok okay"""
_NOT_A_ROW = frozenset(stem(w) for w in _NOT_A_ROW_TEXT.split())
_MERGE = re.compile(r"\bmerg\w*|\bcombin\w*|\bjoin(?:ed|ing)?\b", re.IGNORECASE)
_SPLIT = re.compile(r"\bsplit\w*|\bseparat\w+ (?:into|in two)\b", re.IGNORECASE)
_KEEP = re.compile(r"\bkeep(?:ing)?\s+([^.;!?,]+)", re.IGNORECASE)
# "keep the swap change" keeps a change of the round; "keep the loyalty stamps" keeps a row the round took away.
_KEEP_CHANGE = re.compile(r"\b(?:change|changes|move|moves|split|merge|cut|cuts|rest|others?|everything|estimate)\b",
                          re.IGNORECASE)
# Why a row taken back from a cut is where it was before the round (the flow unpins it when that overfills Phase 1).
PUT_BACK = "back where it was before that round, at your request"
_CLAUSE_END = re.compile(r"[.;!?,]|\s(?:but|and then|though)\s", re.IGNORECASE)


def _stems(text: str) -> set[str]:
    return {stem(w) for w in terms(text)}


def _by_name(output: ScopingOutput) -> dict[str, Feature]:
    return {f.name: f for f in output.mvp_features}


def _named(text: str) -> set[str]:
    return {w for w in _stems(text) if w not in _NOT_A_ROW and len(w) >= 3}


def _clauses_at_undo(text: str) -> tuple[str, str]:
    """The clause that says the undo ("undo the cancellation note bit only") and the one before it ("the
    nearly-there message, put it back how it was"): a reason said after it ("the technicians don't like being
    tracked") names no row to take back."""
    span = undo_span(text)
    if span is None:
        return "", ""
    bounds = [0] + [m.end() for m in _CLAUSE_END.finditer(text)] + [len(text)]
    start = max(b for b in bounds if b <= span[0])
    end = min(b for b in bounds if b >= span[1])
    earlier = [b for b in bounds if b < start]
    before = text[max(earlier):start] if earlier else ""
    return text[start:end], before


def _mentions(container: Feature, part: Feature) -> bool:
    """Does a row made in the round (a merge or a split) come from `part`?"""
    text = f"{container.description} " + " ".join(p.reason for p in container.provenance.values())
    return part.name.lower() in text.lower() or (bool(part.description) and part.description.lower() in text.lower())


def round_start(history: list[ScopingOutput], current: ScopingOutput) -> ScopingOutput | None:
    """The table before the current argue-back round (history newest first): a round is what an undo takes back,
    even when evidence for a held row finished it in a second step."""
    if not current.decisions:
        return None
    last = current.decisions[-1].round
    return next((o for o in history if not o.decisions or o.decisions[-1].round < last), None)


def _changed_rows(current: ScopingOutput, previous: ScopingOutput) -> list[Feature]:
    now, before = _by_name(current), _by_name(previous)
    return [f for name, f in now.items() if name not in before or (f.phase, f.rice_effort, f.description) != (
        before[name].phase, before[name].rice_effort, before[name].description)] + [
        f for name, f in before.items() if name not in now]


def untouched_rows_named(current: ScopingOutput, previous: ScopingOutput, text: str, last_reply: str = "") -> list[str]:
    """"Reverse the waiting list change" when the last round left the waiting list as it was (and the PM's reply
    said so, or never named it): the rows the undo names, so the PM says so instead of taking back a round the
    founder did not mean. Empty when the undo names a row the round changed, or no row at all."""
    changed = _changed_rows(current, previous)
    for words in _clauses_at_undo(text):
        named = _named(words)
        if not named:
            continue
        if any(named & _stems(f.name) for f in changed):
            return []
        overlap = {f.name: len(named & _stems(f.name)) for f in current.mvp_features if named & _stems(f.name)}
        # "the WhatsApp proof change" names the WhatsApp proof, not every row with "proof" in it.
        rows = [name for name, n in overlap.items() if n == max(overlap.values())]
        said = [r for r in rows if r in last_reply and not re.search(re.escape(r) + r" (?:is|was) already", last_reply)]
        if rows and not said:
            return rows
    return []


def cut_by_the_proposal(current: ScopingOutput, previous: ScopingOutput, text: str) -> list[str]:
    """"Actually put the daily report back" when the daily report was cut by the proposal, not by the founder's last
    round: the cut rows the message names, which it asks back (no round to undo). Empty when it names a row the round
    changed."""
    changed = {stem for f in _changed_rows(current, previous) for stem in _stems(f.name)}
    cut_before = {c.name for c in previous.cut_features}
    for words in _clauses_at_undo(text):
        named = _named(words)
        if not named or named & changed:
            continue
        rows = [c.name for c in current.cut_features if c.name in cut_before and named & _stems(c.name)]
        if rows:
            return rows
    return []


def partial_undo(current: ScopingOutput, previous: ScopingOutput, text: str) -> tuple[ScopingOutput, list[str]] | None:
    """The table with only the change the message names taken back, and what changed in words; None when the
    message names nothing in particular or everything the round changed (then the whole round goes back)."""
    now, before = _by_name(current), _by_name(previous)
    added = [f for name, f in now.items() if name not in before]
    removed = [f for name, f in before.items() if name not in now]
    modified = [
        f
        for name, f in now.items()
        if name in before and (f.phase, f.rice_effort, f.description) != (
            before[name].phase, before[name].rice_effort, before[name].description)
    ]
    changed = added + removed + modified

    def rows_named(words: set[str]) -> list[Feature]:
        return [f for f in changed if words & _stems(f.name)]

    def taken_away(f: Feature) -> bool:
        return f in removed or (f in modified and f.phase > before[f.name].phase)

    # What they keep is not what they take back ("Keep the swap change though"), unless what they keep is a row
    # the round took away: "keep the loyalty stamps, undo that one bit" takes back the cut of the stamps.
    kept_words: set[str] = set()
    back_words: set[str] = set()
    for match in _KEEP.finditer(text):
        obj = match.group(1)
        rows = rows_named(_named(obj))
        if not _KEEP_CHANGE.search(obj) and rows and all(taken_away(f) for f in rows):
            back_words |= _named(obj)
        else:
            kept_words |= _named(obj)
    unkept = _KEEP.sub(" ", text) if kept_words else text
    chosen_added: list[Feature] = []
    chosen_removed: list[Feature] = []
    chosen_modified: list[Feature] = []
    if back_words:
        pass
    elif _MERGE.search(unkept):
        for row in added:
            parts = [r for r in removed if _mentions(row, r)]
            if len(parts) >= 2:
                chosen_added.append(row)
                chosen_removed += parts
        for row in modified:
            # "merge homework tasks into the session note": the session note kept its name and took the homework in.
            parts = [r for r in removed if _mentions(row, r)]
            if parts and not chosen_added:
                chosen_modified.append(row)
                chosen_removed += parts
    elif _SPLIT.search(unkept):
        for row in removed:
            parts = [a for a in added if _mentions(a, row)]
            if len(parts) >= 2:
                chosen_removed.append(row)
                chosen_added += parts
    if not (chosen_added or chosen_removed or chosen_modified):
        # "go back on the gap alert … Keep the swap change though": what they keep is not what they take back.
        clause, lead = _clauses_at_undo(text)
        named = back_words or _named(clause) - kept_words
        if not rows_named(named):
            named = _named(lead) - kept_words
        if not rows_named(named):
            named = _named(text) - kept_words
        if not named:
            return None
        chosen_added = [f for f in added if named & _stems(f.name)]
        chosen_removed = [f for f in removed if named & _stems(f.name)]
        chosen_modified = [f for f in modified if named & _stems(f.name)]
    # A row brought back that another row took in ("keep homework separate" after "merge homework into the session
    # note", where the session note kept its name): that row gives it back too.
    chosen_modified += [f for f in modified if f not in chosen_modified and any(_mentions(f, r) for r in chosen_removed)]
    # A row made smaller "just …" was renamed ("Calendar for the artist" is now "List of bookings"): either name takes
    # back both.
    renames = [(a, r) for a in added for r in removed if f"(a smaller first cut of {r.name}:" in a.description]
    chosen_added += [a for a, r in renames if r in chosen_removed and a not in chosen_added]
    chosen_removed += [r for a, r in renames if a in chosen_added and r not in chosen_removed]
    changed_rows = len(added) + len(removed) + len(modified)
    chosen = len(chosen_added) + len(chosen_removed) + len(chosen_modified)
    if not chosen or chosen >= changed_rows:
        return None
    result = current.model_copy(deep=True)
    drop = {f.name for f in chosen_added}
    result.mvp_features = [f for f in result.mvp_features if f.name not in drop]
    restored = [f.model_copy(deep=True) for f in chosen_removed]
    for row in restored:
        if "phase" not in row.pinned:
            # "keep the loyalty stamps, undo that one bit": back where it was, not wherever its score now lands.
            row.pinned.append("phase")
            row.provenance["phase"] = Provenance(source="stated", reason=PUT_BACK)
    result.mvp_features += restored
    for feature in chosen_modified:
        index = next(i for i, f in enumerate(result.mvp_features) if f.name == feature.name)
        restored_row = before[feature.name].model_copy(deep=True)
        if restored_row.phase != feature.phase and "phase" not in restored_row.pinned:
            # "it can stay where you had it": the row keeps that phase when the table is scored again.
            restored_row.pinned.append("phase")
            restored_row.provenance["phase"] = Provenance(source="stated", reason="put back where it was at your request")
        result.mvp_features[index] = restored_row
    # A row brought back from the cuts in the round goes back to the cuts; a restored row leaves them.
    back_names = {f.name for f in restored} | {f.name for f in chosen_modified}
    result.cut_features = [c for c in result.cut_features if c.name not in back_names]
    result.cut_features += [c for c in previous.cut_features if c.name in drop]
    said = [f"{f.name} removed" for f in chosen_added]
    said += [f"{f.name} back in Phase {f.phase}" for f in restored]
    said += [f"{f.name} back to Phase {before[f.name].phase}, {amount(before[f.name].rice_effort, 'person-week')}"
             for f in chosen_modified]
    return result, said


# "I'd rather keep things as they were", "leave it as it was": no row moves — the table as it stood is what they want,
# unlike "put it back how it was", which moves a row back to where the founder thought it stood.
KEEP_AS_IT_WAS = re.compile(
    r"\b(?:keep|leave)\s+(?:it|them|things|everything|the (?:table|scope))\s+(?:as|how|the way)\s+(?:it|they|things|"
    r"everything)\s+(?:was|were)\b|\b(?:keep|leave)\s+(?:it|them|things|everything)\s+as\s+(?:is|before)\b",
    re.IGNORECASE,
)
_ASKED_IN = re.compile(r"\byou asked for it in Phase 1 in round (\d+)\b", re.IGNORECASE)


def ask_taken_back(current: ScopingOutput, rows: list[str]) -> tuple[ScopingOutput, list[str]] | None:
    """"Reverse the waiting list change" when the last round found the waiting list in Phase 1 already and kept it
    there at the founder's ask: the ask is what they take back, so the row goes to Phase 2, where they thought it
    was. None when no named row was kept in Phase 1 at their ask in the last round."""
    if not current.decisions:
        return None
    last = str(current.decisions[-1].round)
    output = current.model_copy(deep=True)
    changes: list[str] = []
    for feature in output.mvp_features:
        kept = feature.provenance.get("phase")
        asked = _ASKED_IN.search(kept.reason) if kept is not None else None
        if feature.name in rows and feature.phase == 1 and asked and asked.group(1) == last:
            feature.phase, feature.priority = 2, "P1"
            for pinned in ("phase", "priority"):
                feature.provenance[pinned] = Provenance(
                    source="stated", reason="your ask for it in Phase 1 taken back; it was there already, so it moves "
                    "to Phase 2")
            changes.append(f"{feature.name} to Phase 2: it was in Phase 1 already when you asked for it there")
    return (output, changes) if changes else None
