"""A refusal for what is missing, made where it is there (round 13).

"Requests without an Authorization header are rejected with 401", "orders with no delivery address are refused":
the refusing branch must test that the named thing is absent. `if hdr != "" { http.Error(…, 401) }` refuses every
request that does carry the header: a presence test (`!= ""`, `is not None`, `len(x) > 0`, `.length > 0`, a bare
`if x:`) on a name of the missing thing, guarding a refusal, turns the criterion round.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.abbreviations import abbreviates
from pmtui.delivery.gates.boundaries import refusing_line
from pmtui.delivery.gates.vocabulary import code_concepts, split_identifier

_WITHOUT = re.compile(r"\b(?:without|with\s+no|missing|lacking)\s+(?:an?\s+|the\s+|any\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)",
                      re.IGNORECASE)
_REFUSED = re.compile(r"\b(?:reject\w*|refus\w*|denied|den(?:y|ies)|blocked|fails?|errors?|4\d\d)\b", re.IGNORECASE)
_CONDITION = re.compile(r"^\s*(?:}\s*else\s+)?(?:if|elif|else\s+if)\s*\(?(.+?)\)?\s*(?::|\{)?\s*$")
_OPERAND = r"([\w.$]+(?:\([^()\n]*\))?)"
_PRESENT = (re.compile(rf"{_OPERAND}(?:\.(?:strip|trim)\(\))?\s*(?:!=|!==)\s*(?:\"\"|''|None|null|nil|undefined)"),
            re.compile(rf"{_OPERAND}\s+is\s+not\s+None"),
            re.compile(rf"len\(\s*{_OPERAND}\s*\)\s*(?:>\s*0|>=\s*1|!=\s*0)"),
            re.compile(rf"{_OPERAND}\.(?:length|size|Count)\s*(?:>\s*0|>=\s*1|!==?\s*0)"))


def _names(operand: str) -> set[str]:
    words = {part.lower() for name in re.findall(r"[A-Za-z_]\w*|\"[^\"]*\"|'[^']*'", operand)
             for part in split_identifier(name.strip("\"'"))}
    return words | set(code_concepts(operand))


def _about(operand: str, wanted: list[str]) -> bool:
    names = _names(operand)
    return any(word in names or code_concepts(word) & names or any(abbreviates(name, word) for name in names)
               for word in wanted)


def refuses_what_it_has(criterion: str, code: str) -> str:
    """Why a refusal the criterion asks for what is missing refuses where it is there, or ""."""
    found = _WITHOUT.search(criterion)
    if not found or not _REFUSED.search(criterion[found.end():] + " " + criterion[:found.start()]):
        return ""
    wanted = [w.lower() for w in re.split(r"[\s-]+", found.group(1)) if len(w) >= 3]
    lines = code.splitlines()
    for index, line in enumerate(lines):
        condition = _CONDITION.match(line)
        if not condition or not any(refusing_line(after) for after in lines[index + 1:index + 3]):
            continue
        for part in re.split(r"\bor\b|\|\|", condition.group(1)):
            part = part.strip(" ()")
            if re.match(r"(?:not\b|!)", part):
                continue
            present = next((m for p in _PRESENT if (m := p.fullmatch(part))), None)
            if present and _about(present.group(1), wanted):
                return f"it refuses when the {found.group(1)} is there (`{part}`), not when it is missing"
    return ""


# "when the list is empty the user sees 'No invoices yet'", "an empty state", "an empty search shows …": what is shown
# when there is nothing
_EMPTY_ASKED = re.compile(r"\b(?:is|are)\s+empty\b|\bempty\s+(?:state|list|page)\b|\bnothing\s+to\s+show\b|"
                          r"\bno\s+\w+\s+yet\b|\bempty\s+\w+\s+(?:shows?|displays?|renders?|says)\b", re.IGNORECASE)
_TEMPLATE_IF = re.compile(r"\{%-?\s*(?:if|elif)\s+(.+?)\s*-?%\}|\{\{\s*#if\s+(.+?)\s*\}\}|\{\s*(.+?)\s*&&\s*\(?\s*<")
_BARE = re.compile(r"[\w.]+")
_EMPTY_TEXT = re.compile(r"\b(?:no|nothing|none|empty)\b", re.IGNORECASE)


def shows_empty_when_full(criterion: str, code: str) -> str:
    """Why the code shows its empty-state text under a test that the list has something, or ""."""
    if not _EMPTY_ASKED.search(criterion):
        return ""
    quoted = [q.lower() for pair in re.findall(r"'([^'\n]+)'|\"([^\"\n]+)\"", criterion) for q in pair if q]
    lines = code.splitlines()
    for index, line in enumerate(lines):
        found = _TEMPLATE_IF.search(line) or _CONDITION.match(line)
        if not found:
            continue
        test = next(g for g in found.groups() if g).strip(" ()")
        shown = " ".join([line[found.end():], *lines[index + 1:index + 3]]).lower()
        says_empty = any(q in shown for q in quoted) if quoted else bool(_EMPTY_TEXT.search(shown))
        present = _BARE.fullmatch(test) or any(p.fullmatch(test) for p in _PRESENT)
        if says_empty and present and not re.match(r"(?:not\b|!)", test):
            return f"it shows the empty state when `{test}` has something"
    return ""


# "greyed out until all required fields are filled in", "disabled until the form is valid"
_DISABLED_UNTIL = re.compile(r"\b(?:greyed|grayed|disabled|inactive|unclickable)\b[^.;]*?\buntil\b", re.IGNORECASE)
_DISABLED_BY = re.compile(r"(?:\bdisabled\s*=\s*\{|:disabled\s*=\s*\"|\.disabled\(|\bdisabled\s*[:=]\s*)\s*([!\w.$]+)\s*[}\")]?")
_READY = re.compile(r"complete|valid|filled|ready|can[A-Z_]|canSubmit|enabled|ok\b", re.IGNORECASE)


def disabled_when_ready(criterion: str, code: str) -> str:
    """Why the control the criterion disables until the form is ready is disabled by the form being ready, or ""."""
    if not _DISABLED_UNTIL.search(criterion):
        return ""
    for found in _DISABLED_BY.finditer(code):
        value = found.group(1)
        if not value.startswith("!") and _READY.search(value.rsplit(".", 1)[-1]) and not re.search(
                r"in(?:complete|valid)|not|un", value, re.IGNORECASE):
            return f"it is disabled by `{value}`: disabled once the form is ready, enabled until then"
    return ""
