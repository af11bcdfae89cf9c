"""A uniqueness guarded by a membership test must not be turned round (round 10).

"Duplicate tags are ignored" is done by `if tag in self.tags: return` (leave when it is there) or by
`if tag not in self.tags: self.tags.append(tag)` (add when it is not). The mutation probe found the `not` dropped or
added (`if not (tag in self.tags): return`, `if tag in self.tags: append`) still mapped: the words are all there. When
the criterion asks for no duplicates and every branch of the code that tests membership adds when the thing is there,
or leaves when it is not, the change keeps the duplicates and drops the new ones.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.boundaries import refusing_line

_UNIQUE = re.compile(r"\b(?:duplicat\w*|dedup\w*|already|unique|twice|no\s+two|only\s+once|stored\s+once|once\s+only)\b",
                     re.IGNORECASE)
# `x in xs`, `x not in xs`, `xs.includes(x)`, `xs.contains(x)`, `xs.has(x)`, `xs.include?(x)`, `containsKey`
_MEMBER = re.compile(r"(?P<neg>!\s*)?(?:\b[\w.\[\]()'\"]+\s+(?P<notin>not\s+)?in\s+[\w.\[\]()]+(?!\s*(?:range|\())|"
                     r"[\w.\])]+\.(?:includes|contains|containsKey|has|hasKey|include\?|key\?|exists)\s*\()")
_CONDITION = re.compile(r"^\s*(?:\}\s*)?(?:if|elif|elsif|else\s+if|unless)\b")
_ADDS = re.compile(r"\.(?:append|add|push|insert|put|set|create|save)\w*\s*\(|\[[^\]]+\]\s*=(?!=)|<<|\+=")
_LEAVES = re.compile(r"^\s*(?:return\b|continue\b|next\b|break\b|skip\b)")


def _what(lines: list[str], index: int) -> str:
    """`add` when the branch at `index` adds, `leave` when it returns, skips or refuses first, else ""."""
    line = lines[index]
    steps: list[str] = []
    if not re.search(r"(?::|\{|\bthen|\bdo)\s*$", line):
        # an inline body: Python's `if x in xs: return`, C's `if (xs.has(x)) return;`
        rest = line.split(": ", 1)[1] if ": " in line else line[line.rfind(")") + 1:] if ")" in line else ""
        steps = [rest.strip(" {")] if rest.strip(" {") else []
    indent = len(line) - len(line.lstrip())
    for follow in lines[index + 1:index + 4]:
        if follow.strip() in ("", "{"):
            continue
        if len(follow) - len(follow.lstrip()) <= indent:
            break
        steps.append(follow)
    if not steps:
        return ""
    first = steps[0]
    if _LEAVES.match(first) or refusing_line(first):
        return "leave"
    return "add" if _ADDS.search(first) else ""


def keeps_the_duplicates(criterion: str, code: str) -> str:
    """Why every membership test of the code adds what is already there or leaves what is new, or ""."""
    if not _UNIQUE.search(criterion):
        return ""
    lines = code.splitlines()
    judged: list[bool] = []
    for index, line in enumerate(lines):
        if not _CONDITION.match(line):
            continue
        member = _MEMBER.search(line)
        if not member:
            continue
        what = _what(lines, index)
        if not what:
            continue
        negated = bool(member.group("neg") or member.group("notin") or re.search(r"\bnot\s*\(?\s*$", line[:member.start()]))
        present = negated == bool(re.match(r"\s*unless\b", line))  # `unless x in xs` is `if x not in xs`
        judged.append((what == "leave") == present)
    if judged and not any(judged):
        return "it adds what is already there and leaves what is new: its membership test is turned round"
    return ""
