"""Code that never runs: a branch behind a flag the change turns off (round 7).

`ENFORCE_RESERVE = False` … `if ENFORCE_RESERVE and amount < lot.reserve_price: raise BidRejected(…)` carries every
word of "bids below the reserve price are rejected", and rejects nothing: the flag is off. The branches guarded by
such a flag (a constant the same file sets to false or "off" and never to anything else, augmented assignments
counted) are read as absent; what the criterion asks for must be shown by the code that is left.
"""

from __future__ import annotations

import re

_OFF = r"(?:False|false|FALSE|'off'|\"off\")"
# a module-level constant set off: `ENFORCE_RESERVE = False`, `const enableCheck = false;`, `NEW_FLOW: bool = False`
_OFF_FLAG = re.compile(rf"^(?:export\s+)?(?:(?:const|let|var|val|static|final|private|public|pub)\s+)*"
                       rf"(?P<name>[A-Za-z_][\w]*)\s*(?::\s*[\w\[\]]+\s*)?:?=\s*{_OFF}\s*;?\s*(?:(?:#|//).*)?$")
# any assignment, augmented ones too (`n += 1` changes `n`)
_ASSIGN_AFTER = r"\s*(?::\s*[\w\[\]]+\s*)?(?:[-+*/|&^]|:)?=(?!=)\s*(?P<value>[^;\n]+)"


def off_flags(source: str) -> frozenset[str]:
    """Names the file sets to an off value at its top level and to nothing else anywhere."""
    found: set[str] = set()
    for line in source.splitlines():
        match = _OFF_FLAG.match(line)
        if match and re.search(r"[A-Za-z]{3}", match.group("name")):
            found.add(match.group("name"))
    for name in list(found):
        values = {m.group("value").strip().rstrip(";").split("#")[0].split("//")[0].strip()
                  for m in re.finditer(r"(?:^|[\s(;{])" + re.escape(name) + _ASSIGN_AFTER, source, re.MULTILINE)}
        if not values <= {"False", "false", "FALSE", "'off'", '"off"'}:
            found.discard(name)
    return frozenset(found)


def _guards(condition: str, flag: str) -> bool:
    """Whether a condition holds only when the flag is on: the flag alone or as one term of a conjunction."""
    flag_term = rf"(?:this\.|self\.|settings\.|config\.)?{re.escape(flag)}"
    bare = condition.strip().strip("():{ ").strip()
    if re.fullmatch(flag_term, bare):
        return True
    if re.search(r"\bor\b|\|\|", bare):
        return False
    return bool(re.search(rf"(?:^|\band\b|&&)\s*\(?\s*{flag_term}\s*\)?\s*(?:$|\band\b|&&)", bare))


_IF = re.compile(r"^(?P<indent>\s*)(?:\}\s*)?(?:if|elif|else\s+if|when)\b\s*(?P<condition>.*?)(?P<opener>:|\{|\bthen\b)?\s*$")


def without_dead_branches(code: str, flags: frozenset[str]) -> str:
    """The code with every branch guarded by an off flag left out (the `if` line and its block)."""
    if not flags:
        return code
    lines = code.splitlines()
    kept: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        match = _IF.match(line)
        if not match or not any(_guards(match.group("condition"), flag) for flag in flags):
            kept.append(line)
            index += 1
            continue
        indent = len(match.group("indent").expandtabs(4))
        index += 1
        if match.group("opener") == "{":
            depth = line.count("{") - line.count("}")
            while index < len(lines) and depth > 0:
                depth += lines[index].count("{") - lines[index].count("}")
                index += 1
            continue
        while index < len(lines) and (not lines[index].strip()
                                      or len(lines[index].expandtabs(4)) - len(lines[index].expandtabs(4).lstrip()) > indent):
            index += 1
    return "\n".join(kept)
