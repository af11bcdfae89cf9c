"""Values a change takes and hands back without using them (round 18).

- A value echoed back under its own name (`return {"week": week.isoformat(), "boxes": rows}`, `res.json({ day })`)
  is not used: the list "for the week" whose query never reads the week lists every week's rows. dropped_values
  counts a parameter read only so as one never read.
- A function that looks a thing up, only tests whether it was found, and answers with one of its own arguments
  unchanged (`const stop = round.find(...); if (!stop) return null; return departedAt;`) works nothing out from what
  it found: "when the van reaches their street" answered by the departure time for every street.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.inert_values import _reads


def _echo(name: str) -> re.Pattern[str]:
    return re.compile(rf"""(?:["']?{re.escape(name)}["']?\s*:\s*{re.escape(name)}(?:\.\w+\(\s*\))?(?![\w$.\[(])"""
                      rf"""|(?<=[^$]{{)\s*{re.escape(name)}\s*(?=[,}}])|(?<=,)\s*{re.escape(name)}\s*(?=}}))""")


def echoed_only(name: str, body: str) -> str:
    """The body without its echoes of `name` when every read of it is one (`"week": week`, `week: week`,
    `"week": week.isoformat()`, a JS shorthand `{ week }`), at least one; else ""."""
    echo = _echo(name)
    if not echo.search(body):
        return ""
    rest = echo.sub(" ", body)
    return "" if _reads(name, rest) else rest


_NULLISH = frozenset({"None", "null", "undefined", "nil", "", "False", "false"})
_LOOKUP = re.compile(r"^\s*(?:const\s+|let\s+|var\s+)?([A-Za-z_$][\w$]*)\s*(?::\s*[^=]+)?=(?!=)\s*(.+)$")
_FINDS = re.compile(r"\.(?:find|find_one|findOne|first|get|fetchone|one_or_none|scalar|query)\s*\(|\bnext\s*\(")


def _null_test_only(name: str, body: str) -> bool:
    """Whether every read of `name` tests only that it is there (`if (!stop)`, `if stop is None`, `if not stop:`)."""
    tested = re.compile(rf"(?:!\s*|\bnot\s+){re.escape(name)}\b(?![\w$.\[(])|\b{re.escape(name)}\s*(?:is\s+(?:not\s+)?None|"
                        rf"[=!]==?\s*(?:null|undefined|None|nil))")
    return bool(tested.search(body)) and not _reads(name, tested.sub(" ", body))


def answers_with_its_argument(code: str) -> str:
    """Why a function of the code answers with an argument it was given, having only checked that a thing it looked
    up exists, or ""."""
    from pmtui.delivery.gates.dropped_values import _functions  # dropped_values reads echoes

    for params, body in _functions(code):
        lines = body.splitlines()
        answers = [a.strip() for a in re.findall(r"(?m)^\s*return\b\s*(.*?)\s*;?\s*$", body)]
        real = [a for a in answers if a not in _NULLISH]
        if not real or not all(a in params for a in real):
            continue
        for index, line in enumerate(lines[1:], start=1):
            found = _LOOKUP.match(line)
            others = "\n".join(lines[:index] + lines[index + 1:])
            if found and _FINDS.search(found.group(2)) and _null_test_only(found.group(1), others):
                return (f"it looks up {found.group(1)} only to test that it exists and answers with {real[0]} as it was "
                        "given: nothing is worked out from what it found")
    return ""
