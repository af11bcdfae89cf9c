"""A handler whose answers or sides are the other way round (round 21).

Four shapes of one class, each a handler that keeps its result but answers, creates or refuses on the wrong side:

- the error answered after the save: the function's last answer, at its own level after a write, is an error (a 4xx,
  an `error` key), while an earlier branch answers the success: the answers are swapped;
- an answer made of a value the function makes only later (`return jsonify(id=row[0])` above `row = …`): the branch
  answers with what it has not got (Python);
- a write under "not a POST" (`if request.method != "POST":`, `if not (request.method == "POST"):`, `if method ==
  "GET"`): it creates on a read;
- a refusal (403, 404, "not found", "forbidden") when the record's owner field equals the asker's same field
  (`lesson["guardian_email"] == body["guardian_email"]`): it refuses the owner and lets the others through.
"""

from __future__ import annotations

import re

_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"")
_WRITE = re.compile(r"\b(?:INSERT|UPDATE)\b|\.(?:save|create|insert|insert_one|insertOne|add|put|commit|run|execute)\(",
                    re.IGNORECASE)
_ERROR = re.compile(r"\berror\b|,\s*4\d\d\s*\)?\s*$|\bstatus(?:_code)?\s*=\s*4\d\d|\.status\(\s*4\d\d|\babort\(\s*4\d\d|"
                    r"^\s*raise\b", re.IGNORECASE)
_ANSWER = re.compile(r"^\s*(?:return\b|res\.(?:status|json|send)\b)")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _bodies(code: str) -> list[list[str]]:
    """Each function's own lines (its `def`/`function` line and the lines indented under it), blank and comment
    lines left out."""
    lines = [line for line in code.splitlines() if line.strip() and not line.lstrip().startswith(("#", "//", "@"))]
    found: list[list[str]] = []
    for start, first in enumerate(lines):
        if not re.match(r"\s*(?:async\s+)?(?:def|function)\b", first):
            continue
        own = [first]
        for line in lines[start + 1:]:
            if _indent(line) <= _indent(first) and not line.lstrip().startswith((")", "}", "]")):
                break
            own.append(line)
        found.append(own)
    return found


def answers_error_after_saving(lines: list[str]) -> str:
    if len(lines) < 3:
        return ""
    base = _indent(lines[1])
    answers = [n for n, line in enumerate(lines) if _ANSWER.match(line)]
    if len(answers) < 2:
        return ""
    last = answers[-1]
    if _indent(lines[last]) != base or not _ERROR.search(lines[last]):
        return ""
    wrote = any(_WRITE.search(line) for line in lines[1:last])
    earlier_ok = any(not _ERROR.search(lines[n]) for n in answers[:-1])
    if wrote and earlier_ok:
        return f"its last answer, after the save, is an error (`{lines[last].strip()}`): its answers are swapped"
    return ""


_NAME = re.compile(r"(?<![\w.$])([A-Za-z_]\w*)\b(?!\s*=[^=])")
_ASSIGNED = re.compile(r"^\s*([A-Za-z_]\w*)\s*(?::\s*[\w\[\], ]+)?=[^=]")


def answers_before_made(lines: list[str]) -> str:
    if not lines or not lines[0].lstrip().startswith(("def", "async")):
        return ""
    params = set(re.findall(r"[A-Za-z_]\w*", lines[0]))
    for n, line in enumerate(lines[1:], 1):
        if not line.lstrip().startswith("return"):
            continue
        masked = _STRING.sub('""', line)
        bound = set(re.findall(r"\bfor\s+([A-Za-z_]\w*)\s+in\b", masked))
        for name in dict.fromkeys(_NAME.findall(masked)):
            if name in params or name in bound:
                continue
            before = any((m := _ASSIGNED.match(earlier)) and m.group(1) == name or re.search(rf"\bfor\s+{name}\b", earlier)
                         or re.search(rf"\bas\s+{name}\b", earlier) for earlier in lines[1:n])
            after = any((m := _ASSIGNED.match(later)) and m.group(1) == name for later in lines[n + 1:])
            if after and not before:
                return f"it answers with {name} before it makes it (`{line.strip()}`)"
    return ""


_METHOD = re.compile(r"^\s*(?:if|elif)\s+(?P<not>not\s*\(?\s*)?(?:request|req|r)\.method\s*(?P<op>===?|!==?)\s*"
                     r"[\"'](?P<verb>[A-Z]+)[\"']")


def creates_on_a_read(code: str) -> str:
    lines = code.splitlines()
    for n, line in enumerate(lines):
        found = _METHOD.match(line)
        if not found:
            continue
        positive = found.group("op").startswith("=") != bool(found.group("not"))
        on_post = found.group("verb") in ("POST", "PUT", "PATCH")
        if positive == on_post:
            continue
        block = []
        for later in lines[n + 1:]:
            if later.strip() and _indent(later) <= _indent(line):
                break
            block.append(later)
        if any(_WRITE.search(text) and not re.search(r"\bSELECT\b", text, re.IGNORECASE) for text in block):
            return f"it writes when the request is not a {found.group('verb') if on_post else 'write'}: `{line.strip()}`"
    return ""


_SAME_KEY = re.compile(r"(\w+)(?:\[[\"'](\w+)[\"']\]|\.(\w+))\s*(==|!=)\s*(\w+)(?:\[[\"'](\w+)[\"']\]|\.(\w+))")
_REFUSES_ACCESS = re.compile(r"\b40[34]\b|not\s+found|forbidden|not\s+yours|not\s+allowed|PermissionDenied|Http404|"
                             r"Unauthori[sz]ed", re.IGNORECASE)


def refuses_the_owner(code: str) -> str:
    lines = code.splitlines()
    for n, line in enumerate(lines):
        if not re.match(r"\s*(?:if|elif)\b", line):
            continue
        following = "\n".join(lines[n + 1:n + 3])
        if not _REFUSES_ACCESS.search(following) or not re.search(r"\breturn\b|\braise\b|\babort\(", following):
            continue
        negated = bool(re.match(r"\s*(?:if|elif)\s+not\s*\(", line))
        for m in _SAME_KEY.finditer(line):
            left, right = m.group(2) or m.group(3), m.group(6) or m.group(7)
            if left != right or m.group(1) == m.group(5):
                continue
            if (m.group(4) == "==") != negated:
                return f"it refuses when the record's {left} is the asker's own: `{line.strip()}`"
    return ""


def answers_the_other_way(code: str) -> str:
    """Why the handler answers, creates or refuses on the wrong side, or ""."""
    for lines in _bodies(code):
        if why := answers_error_after_saving(lines) or answers_before_made(lines):
            return why
    return creates_on_a_read(code) or refuses_the_owner(code)
