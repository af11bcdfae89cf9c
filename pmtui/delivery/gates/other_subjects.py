"""The right check on the wrong subject (round 14).

- a colour the criterion names, shown with a severity that means another colour (`level="info"` is blue, not red);
- "their own account" compared with another person's id of the actor (`current_user.manager_id`, not
  `current_user.id`);
- "skips rows without an email" whose skipping condition tests another field (`row.get("name")`).
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary import code_concepts, stem

# what a UI's severity or variant means in colour (Bootstrap, Tailwind, Material and most design systems)
_SEVERITY_COLOUR = {"danger": "red", "error": "red", "critical": "red", "destructive": "red", "alert": "red",
                    "warning": "amber", "warn": "amber", "caution": "amber", "success": "green", "ok": "green",
                    "info": "blue", "notice": "blue", "primary": "blue", "secondary": "grey", "muted": "grey",
                    "neutral": "grey"}
_COLOUR_WORDS = {"red": "red", "amber": "amber", "orange": "amber", "yellow": "amber", "green": "green",
                 "blue": "blue", "grey": "grey", "gray": "grey"}
_STYLED = re.compile(r"\b(?:level|severity|variant|kind|tone|status|color|colour|type|intent|theme)\s*[=:]\s*"
                     r"[\"'`]([A-Za-z]+)[\"'`]")


def shown_in_another_colour(criterion: str, unit_code: str) -> str:
    """Why the code's severity means another colour than the one the criterion names, or ""."""
    asked = {_COLOUR_WORDS[w] for w in re.findall(r"[a-z]+", criterion.lower()) if w in _COLOUR_WORDS}
    if len(asked) != 1:
        return ""
    (colour,) = asked
    said = [_COLOUR_WORDS.get(v.lower()) or _SEVERITY_COLOUR.get(v.lower()) for v in _STYLED.findall(unit_code)]
    said = [s for s in said if s]
    if said and colour not in said:
        return f"it shows a {said[0]} severity where the criterion asks for {colour}"
    return ""


_OWN = re.compile(r"\b(?:their|his|her|your|my)\s+own\b|\bthemselves\b|\byourself\b|\bhimself\b|\bherself\b",
                  re.IGNORECASE)
_ACTOR = r"(?:current_user|currentUser|request\.user|g\.user|ctx\.user|actor|me)"


def compares_another_person(criterion: str, unit_code: str) -> str:
    """Why "their own" is compared with another person's id of the actor (`current_user.manager_id`), or ""."""
    if not _OWN.search(criterion):
        return ""
    compared = [line for line in unit_code.splitlines() if re.search(r"[=!]==?", line) and re.search(_ACTOR, line)]
    own = [line for line in compared if re.search(rf"{_ACTOR}\.(?:id|user_?id|ID|pk|uid)\b|{_ACTOR}\b\s*[=!]=|[=!]=\s*{_ACTOR}\b\s*(?:$|[):])", line)]
    other = [m.group(1) for line in compared for m in re.finditer(rf"{_ACTOR}\.([a-z]+)_?[iI]d\b", line)
             if m.group(1).lower() not in ("user", "account", "own", "self")]
    if other and not own:
        return f"it compares with the {other[0]}'s id, not the actor's own"
    return ""


_WITHOUT = re.compile(r"\b(?:without|missing|lacking|with\s+no|with\s+an?\s+empty|no)\s+(?:an?\s+|the\s+|any\s+)?"
                      r"([a-z]+)", re.IGNORECASE)
_FIELD = re.compile(r"""\[\s*["'](\w+)["']\s*\]|\.get\(\s*["'](\w+)["']|\.(\w+)\b""")


def skips_on_another_field(criterion: str, unit_code: str) -> str:
    """Why the condition that skips a row tests another field than the one the criterion says it lacks, or ""."""
    if not re.search(r"\bskip", criterion, re.IGNORECASE):
        return ""
    wanted = {stem(m.lower()) for m in _WITHOUT.findall(criterion)}
    if not wanted:
        return ""
    lines = unit_code.splitlines()
    for index, line in enumerate(lines):
        if not re.match(r"\s*(?:if|elif|unless)\b|\s*if\s*\(", line):
            continue
        if not any(re.search(r"\b(?:continue|next)\b", follow) for follow in lines[index:index + 4]):
            continue
        fields = {f for groups in _FIELD.findall(line) for f in groups if f and f not in ("strip", "get", "trim")}
        keys = {k for k in fields if re.search(rf"""["']{k}["']""", line)}
        if keys and not any(code_concepts(k) & wanted for k in keys):
            return f"it skips on {min(keys)}, not on {min(wanted)}"
    return ""
