"""The PM's "Sign-up and profile: <who> create an account so their data is theirs", judged for what code can show (round 22).

The sentence names nothing in code: "profile" is the template's title, "<who>" is whoever the founder calls the users
(window cleaners, mums and dads, landlords), and "so their data is theirs" is why. What code can show of it:

- an account is created and kept: a unit named for signing up (`signup`, `register`, `join`, `create_account`,
  `enrol`) that keeps what it makes (an SQL insert, `form.save()`, `create_user(…)`, `users[name] = …`), itself or
  through what it calls;
- it is created under the conditions that let a new account in: every refusal of the creating unit refuses on the
  side its message names (a username that fits the pattern is not refused as malformed, a free one not as taken, a
  password of 10 characters not as too short), and the write happens on the form's submission (`request.method ==
  "POST"`), for a valid form (`form.is_valid()`), and answers success, not an error;
- what is shown to the signed-in person is theirs: a unit behind a login (`@login_required`, `current_user`,
  `request.user`, the session, an auth dependency) that reads records names who is signed in in what it reads
  (`filter(client=request.user)`, `WHERE householder_id = ?` with `current_user.id`), not every account's rows.

A change with no such creating unit is left to the matcher as before (the criterion then lacks "profile").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pmtui.delivery.gates.boundaries import refusing_line
from pmtui.delivery.gates.plan_shapes import (
    _REFUSES,
    _SAYS_AT_LEAST,
    _SAYS_AT_MOST,
    _condition,
    _derived,
    _guard_body,
    _leaf,
    _own_text,
    keeps_result,
    turned_round,
)

_SIGNUP = re.compile(r"^\s*sign[- ]?up(?:\s+and\s+profile)?\s*:\s*(?:[\w'’ -]{2,40}?\s+)?(?:create|open|make|set up)\s+"
                     r"(?:an?\s+|their\s+)?account\s+so\s+(?:that\s+)?(?:their|his|her|your|my)\s+(?:data|\w+)\s+"
                     r"(?:is|are|stays?)\s+(?:theirs|his|hers|yours|mine|private)\s*\.?\s*$", re.IGNORECASE)
_CREATOR = re.compile(r"(?i)sign_?up|register|^join$|^join_|enrol|create_?(?:account|user|member|profile)|"
                      r"new_?(?:account|user|member)|open_?account")
_SUBMITTED = re.compile(r"""method\s*==?=?\s*["']POST["']|\.is_valid\(\)|\bvalid\b""", re.IGNORECASE)
_NOT_SUBMITTED = re.compile(r"""method\s*!==?\s*["']POST["']|method\s*==?=?\s*["']GET["']|"""
                            r"""(?:\bnot\s+|!\s*)[\w.]*(?:is_valid\(\)|\bvalid\b)""", re.IGNORECASE)
_PATTERN_TEST = re.compile(r"(?:\bre\.|\.)(?:fullmatch|match)\(|\.test\(")
_SAYS_TAKEN = re.compile(r"\b(?:taken|already|exists?|in use|registered|duplicate)\b", re.IGNORECASE)
_SAYS_INVALID = re.compile(r"\b(?:valid|invalid|must|needs?|needed|enter|required|should)\b", re.IGNORECASE)
_FOUND = re.compile(r"\.(?:exists|fetchone|first|count|one_or_none|scalar)\b|\.get\(|\bfind\w*\(")
_PLUS = re.compile(r"\d\+|\bor more\b")
_ERROR_ANSWER = re.compile(r"\breturn\b[^\n]*(?:\b4\d\d\b|[\"']error[\"'])")
# who is signed in, as code names them
_SIGNED_IN = re.compile(r"\brequest\.user\b|\bcurrent_user\b|\bcurrentUser\b|\bg\.user\b|\breq\.user\b|\bsession\b|"
                        r"\breq\.session\b|\bget_jwt_identity\(|\bauth\.uid\b")
_LOGIN = re.compile(r"@login_required|\blogin_required\(|\bDepends\(|\bcurrent_user\b|\brequest\.user\b|\bsession\b|"
                    r"\bg\.user\b|\breq\.user\b")
_READS = re.compile(r"\bSELECT\b|\.objects\.|\bget_object_or_404\(|\.query\.|\.find(?:One|Many|_one)?\(|\.findAll\(",
                    re.IGNORECASE)


def signup_location(criterion: str, units: Sequence[Any]) -> tuple[str | None, str] | None:
    """Where the change creates and keeps an account as the template asks; (None, why) when a creating unit is there
    but the account is not made as asked or the signed-in view shows others' data; None when the criterion is not the
    template or no unit of the change is named for signing up (the matcher reads it as before)."""
    if not _SIGNUP.match(criterion):
        return None
    creators = [u for u in units if _leaf(u, units) and _CREATOR.search(u.name) and _kept(u, units)]
    if not creators:
        return None
    if leak := _shows_others(units):
        return None, leak
    why = ""
    for unit in creators:
        turned = _turned(unit)
        if not turned:
            return f"{unit.path}:{unit.start}", f"creates and keeps an account in {unit.name}; the signed-in views read their own"
        why = why or f"{unit.path}:{unit.start} ({unit.name}) {turned}"
    return None, why


def _body(unit: Any) -> tuple[str, str]:
    """The unit's decorators and its own lines (from its `def` on, without what it calls)."""
    lines = unit.code_text.splitlines()
    head = 0
    while head < len(lines) and lines[head].lstrip().startswith("@"):
        head += 1
    rest = type("U", (), {"code_text": "\n".join(lines[head:])})()
    return "\n".join(lines[:head]), _own_text(rest)


def _kept(unit: Any, units: Sequence[Any]) -> bool:
    callees = [u for u in units if _leaf(u, units) and u is not unit and u.name in unit.calls]
    return any(keeps_result(_body(u)[1]) for u in [unit, *callees])


def _parts(condition: str, joiner: str) -> list[str]:
    return [part.strip(" ()") for part in re.split(rf"\b{joiner}\b|{'[|][|]' if joiner == 'or' else '&&'}", condition)]


def _refusals(code: str) -> list[tuple[str, str]]:
    """(condition, message) of each guard of the code whose branch refuses: raises, throws, answers a client error."""
    lines = code.splitlines()
    found = []
    for index, line in enumerate(lines):
        parsed = _condition(line)
        if not parsed:
            continue
        body = _guard_body(lines, index)
        if _REFUSES.search(body) or any(refusing_line(text) for text in body.splitlines()):
            found.append((parsed[0], " ".join(re.findall(r"[\"'`]([^\"'`\n]{3,})[\"'`]", body))))
    return found


def _turned(unit: Any) -> str:
    """Why the unit's refusals or its write are on the wrong side of their conditions, or ""."""
    code = _body(unit)[1]
    lines = code.splitlines()
    params = frozenset(re.findall(r"\b([A-Za-z_]\w*)\s*[:,)=?]", lines[0].split("(", 1)[-1])) if lines else frozenset()
    params |= _derived(lines[1:], params)
    for condition, message in _refusals(code):
        if turned_round(condition, f'"{message}"', params):
            return f"refuses on the valid side: `{condition.strip()}`"
        for part in _parts(condition, "or"):
            if why := _part_turned(part, message):
                return why
    for index, line in enumerate(lines):
        if keeps_result(line) and (held := _holding_condition(lines, index)):
            whole = re.match(r"\s*(?:not\s*\(|!\s*\()", held)
            if (whole and _SUBMITTED.search(held)) or (not whole and any(_NOT_SUBMITTED.search(p) for p in _parts(held, "and"))):
                return f"writes the account when the form is not submitted or not valid: `{held.strip()}`"
    if why := _leaves_when_submitted(lines):
        return why
    returns = [line for line in lines if re.match(r"\s*return\b", line)]
    if len(returns) > 1 and _ERROR_ANSWER.search(returns[-1]):
        return f"answers an error after it creates the account: `{returns[-1].strip()}`"
    if len(returns) > 1 and re.search(r"\bredirect\(", returns[-1]) and any(re.search(r"\brender\w*\(", r) for r in returns):
        return f"answers the sign-up page with a redirect, so its form is never shown: `{returns[-1].strip()}`"
    return ""


def _leaves_when_submitted(lines: list[str]) -> str:
    """Why the unit leaves before its write exactly when the form is submitted (`if request.method == "POST": return
    …` above the insert), so the account is written only when it is not, or ""."""
    first = next((i for i, line in enumerate(lines) if keeps_result(line)), None)
    for index in range(1, first or 0):
        parsed = _condition(lines[index])
        if not parsed:
            continue
        body = _guard_body(lines, index)
        if keeps_result(body) or not re.search(r"\breturn\b|\babort\(|\braise\b|\bthrow\b", body):
            continue
        held = parsed[0]
        if re.match(r"\s*(?:not\s*\(|!\s*\()", held):
            continue
        if any(_SUBMITTED.search(p) and not _NOT_SUBMITTED.search(p) for p in _parts(held, "or")):
            return f"leaves before its write when the form is submitted: `{held.strip()}`"
    return ""


def _part_turned(part: str, message: str) -> str:
    """Why one side of a refusing `or` fires on the input its message asks for, or ""."""
    negated = bool(re.match(r"(?:not\b|!)", part)) or bool(re.search(r"\bnot\s+in\b|!==?", part))
    comparison = re.fullmatch(r"(.+?)\s*(<=?|>=?)\s*(\d+)", part)
    if comparison and not negated:
        below = comparison.group(2).startswith("<")
        least, most = _SAYS_AT_LEAST.search(message) or _PLUS.search(message), _SAYS_AT_MOST.search(message)
        if (below and most and not least) or (not below and least and not most):
            return f"refuses on the valid side: `{part}`"
    if _PATTERN_TEST.search(part) and not negated and not _SAYS_TAKEN.search(message):
        return f"refuses what fits its own pattern: `{part}`"
    if re.search(r"\bnot\s+in\b", part) and _SAYS_TAKEN.search(message):
        return f"refuses as taken what is not there: `{part}`"
    if re.search(r"\s\bin\b\s", f" {part} ") and not negated and _SAYS_INVALID.search(message) \
            and not _SAYS_TAKEN.search(message):
        return f"refuses as invalid what holds it: `{part}`"
    if _FOUND.search(part) and negated and _SAYS_TAKEN.search(message):
        return f"refuses as taken what was not found: `{part}`"
    return ""


def _holding_condition(lines: list[str], index: int) -> str:
    """The condition of the nearest `if` whose branch holds the line, or ""."""
    indent = len(lines[index]) - len(lines[index].lstrip())
    for head in range(index - 1, 0, -1):
        text = lines[head]
        if not text.strip() or len(text) - len(text.lstrip()) >= indent:
            continue
        found = re.match(r"\s*(?:\}\s*)?(?:if|elif|else\s+if)\s*\(?(.*?)\)?\s*[:{]?\s*$", text)
        return found.group(1) if found else ""
    return ""


def _shows_others(units: Sequence[Any]) -> str:
    """Why a unit behind a login reads records without naming who is signed in, or ""."""
    for unit in units:
        if not _leaf(unit, units) or _CREATOR.search(unit.name):
            continue
        decorators, code = _body(unit)
        head = decorators + "\n" + (code.splitlines() or [""])[0]
        if not (_LOGIN.search(head) or _LOGIN.search(code)):
            continue
        reads = [line for line in code.splitlines()[1:] if _READS.search(line)]
        if not reads:
            continue
        who = _who(code, head)
        if not any(re.search(who, line) for line in reads):
            return f"{unit.path}:{unit.start} ({unit.name}) reads {reads[0].strip()[:60]!r} for whoever is signed in, " \
                   f"not only their own"
    return ""


def _who(code: str, head: str) -> str:
    """A pattern for the names that stand for who is signed in: the session's and the request's user, a dependency's
    parameter (`member=Depends(current_member)`) and the locals taken from them (`cid = session.get(…)`)."""
    names = set(re.findall(r"\b(\w+)\s*(?::\s*[\w\[\]. ]+)?=\s*Depends\(", head))
    for local, value in re.findall(r"^\s*(\w+)\s*=\s*(.+)$", code, re.MULTILINE):
        if _SIGNED_IN.search(value):
            names.add(local)
    extra = "|".join(rf"\b{re.escape(n)}\b" for n in sorted(names))
    return _SIGNED_IN.pattern + (f"|{extra}" if extra else "")
