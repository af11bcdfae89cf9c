"""What a criterion keeps out of a list, kept in (round 13).

"Archived projects must not appear in the project picker", "cancelled orders are never listed", "deleted users are
hidden from search": the things named before the verb, by the state that names them (archived, cancelled, deleted),
must be what the list's filter drops. A filter whose condition tests that state as it is (`if p.archived`,
`.filter(o => o.cancelled)`, `WHERE deleted`) keeps only them; one that negates it (`not p.archived`, `!o.cancelled`,
`archived = false`, `deleted_at IS NULL`) keeps the others.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary import STOPWORDS, stem

_KEPT_OUT = re.compile(r"^\s*(?:the\s+|any\s+|all\s+)?((?:[A-Za-z-]+\s+){1,3}?)(?:must|should|will|do|does|are|is|can)?\s*"
                       r"(?:not|never|n't)\s+(?:be\s+)?(?:appear\w*|shown?|listed|list|displayed|included|returned|"
                       r"visible|offered)\b|^\s*(?:the\s+|any\s+|all\s+)?((?:[A-Za-z-]+\s+){1,3}?)(?:are|is)\s+"
                       r"(?:hidden|excluded|left\s+out|filtered\s+out)\b", re.IGNORECASE)
# the filter's condition: a comprehension's `if`, a `.filter(x => …)` callback, a `.where(…)`/`WHERE …`
_FILTERS = (re.compile(r"\bfor\s+\w+\s+in\s+[^\n]+?\bif\s+([^\]\n]+)"),
            re.compile(r"\.filter\(\s*\(?\s*\w+\s*\)?\s*=>\s*([^\n]+)"),
            re.compile(r"\bfilter\(\s*lambda\s+\w+\s*:\s*([^,\n]+)"),
            re.compile(r"\bWHERE\b([^;\n]+)", re.IGNORECASE))
_NEGATED = re.compile(r"\bnot\b|!|<>|(?:==|===|=|\bis)\s*(?:False|false|FALSE|0|None|null|nil)\b|\bIS\s+NULL\b|"
                      r"\bexclude\(", re.IGNORECASE)


def keeps_the_kept_out(criterion: str, code: str) -> str:
    """Why the list's filter keeps only what the criterion keeps out, or ""."""
    found = _KEPT_OUT.search(criterion)
    if not found:
        return ""
    subject = (found.group(1) or found.group(2) or "").split()
    # the state is the subject's first word that is a participle or adjective, not the noun it names
    states = [stem(w.lower()) for w in subject[:-1] if w.lower() not in STOPWORDS and len(w) >= 4]
    if not states:
        return ""
    for pattern in _FILTERS:
        for condition in pattern.findall(code):
            names = {stem(part.lower()) for part in re.findall(r"[A-Za-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", condition))}
            tested = [state for state in states if state in names]
            if tested and not _NEGATED.search(condition):
                return f"its filter keeps only the {' '.join(subject)}: `{condition.strip()}` tests {tested[0]} as it is"
    return ""
