"""Going back on part of an argue-back round: "go back on the merge, keep homework separate" takes back the
merge and leaves the effort change made in the same message; "undo that map" takes back the map only.

Shared by both engines: it works on the table rows (names, phases, efforts, descriptions) of the scope
before and after the round, never on how a brain produced them.
"""

from __future__ import annotations

import re

from pmtui.models import Feature, Provenance, ScopingOutput
from pmtui.product.search import stem, terms

# Words of an undo message that name no row: the undo itself, and how people soften it.
_NOT_A_ROW_TEXT = """undo undone back revert scratch ignore forget disregard take change changes last previous round
    actually sorry after all keep kept keeping separate separately apart as were was things thing way please
    just that this one too much now right you're you are it's instead rather mind"""
_NOT_A_ROW = frozenset(stem(w) for w in _NOT_A_ROW_TEXT.split())
_MERGE = re.compile(r"\bmerg\w*|\bcombin\w*|\bjoin(?:ed|ing)?\b", re.IGNORECASE)
_SPLIT = re.compile(r"\bsplit\w*|\bseparat\w+ (?:into|in two)\b", re.IGNORECASE)


def _stems(text: str) -> set[str]:
    return {stem(w) for w in terms(text)}


def _by_name(output: ScopingOutput) -> dict[str, Feature]:
    return {f.name: f for f in output.mvp_features}


def _mentions(container: Feature, part: Feature) -> bool:
    """Does a row made in the round (a merge or a split) come from `part`?"""
    text = f"{container.description} " + " ".join(p.reason for p in container.provenance.values())
    return part.name.lower() in text.lower() or (bool(part.description) and part.description.lower() in text.lower())


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
    chosen_added: list[Feature] = []
    chosen_removed: list[Feature] = []
    chosen_modified: list[Feature] = []
    if _MERGE.search(text):
        for row in added:
            parts = [r for r in removed if _mentions(row, r)]
            if len(parts) >= 2:
                chosen_added.append(row)
                chosen_removed += parts
    elif _SPLIT.search(text):
        for row in removed:
            parts = [a for a in added if _mentions(a, row)]
            if len(parts) >= 2:
                chosen_removed.append(row)
                chosen_added += parts
    if not (chosen_added or chosen_removed):
        # "go back on the gap alert … Keep the swap change though": what they keep is not what they take back.
        kept_text = " ".join(m.group(1) for m in re.finditer(r"\bkeep(?:ing)?\s+([^.;!?]+)", text, re.IGNORECASE))
        named = {w for w in _stems(text) if w not in _NOT_A_ROW and len(w) >= 3} - _stems(kept_text)
        if not named:
            return None
        chosen_added = [f for f in added if named & _stems(f.name)]
        chosen_removed = [f for f in removed if named & _stems(f.name)]
        chosen_modified = [f for f in modified if named & _stems(f.name)]
    changed_rows = len(added) + len(removed) + len(modified)
    chosen = len(chosen_added) + len(chosen_removed) + len(chosen_modified)
    if not chosen or chosen >= changed_rows:
        return None
    result = current.model_copy(deep=True)
    drop = {f.name for f in chosen_added}
    result.mvp_features = [f for f in result.mvp_features if f.name not in drop]
    restored = [f.model_copy(deep=True) for f in chosen_removed]
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
    said += [f"{f.name} back to Phase {before[f.name].phase}, {before[f.name].rice_effort:g} person-weeks"
             for f in chosen_modified]
    return result, said
