"""How users write criteria in their own plans and issues, read before the matcher sees them (round 12).

A criterion copied from a GitHub issue keeps its task-list box ("- [ ] exits with code 2 …", "- [x] …"): the box
says whether someone ticked it, not what the code does (read as words it was "empty", "x"). "N" in
"GET /rooms?minSeats=N … at least N seats" stands for any number, not for a name the code must have.

An HTTP status the criterion gives by number ("answers 503 while draining") is in code by its name as often as by
its number: Go's `http.StatusServiceUnavailable`, Python's `HTTPStatus.TOO_MANY_REQUESTS`, Spring's
`HttpStatus.FORBIDDEN`, `StatusCodes.CONFLICT`.

A CLI's `main` that returns its status to `sys.exit(main())` exits with what it returns: `return 2` where the config
is missing exits 2, `return 1 if mismatches else 0` exits non-zero on a mismatch.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pmtui.delivery.gates.criterion_frames import unframed
from pmtui.delivery.gates.vocabulary_data import REASONS

# a Markdown task-list item: a bullet (or none) and a box, empty or ticked
_TASK_BOX = re.compile(r"^\s*(?:[-*+]\s*)?\[[ xX]?\]\s+(?=\S)")


# a placeholder for any number: "GET /rooms?minSeats=N", "at least N seats"
_PLACEHOLDER = re.compile(r"(?<=[=\s])[NMK](?=[\s,.;:)]|$)")


def plain_criterion(criterion: str) -> str:
    """The criterion without its frame (criterion_frames) and the task-list box of the issue it was copied from, and a
    placeholder N for any number read as no name the code must have (user_checks judges the bound it is given against
    the parameter)."""
    text = _TASK_BOX.sub("", unframed(criterion), count=1)
    # "he can not create a project" is "cannot": a refusal, not an action the change must never take (round 15)
    text = re.sub(r"\b([Cc])an\s+not\b", r"\1annot", text)
    return _PLACEHOLDER.sub(" ", shorthand_spelled_out(text))


# a ticket title's conventional type ("fix: …", "feat(api): …") says what kind of work it is, not what the code does
_WORK_TYPE = re.compile(r"^\s*(?:fix|feat|feature|bug|bugfix|hotfix|chore|refactor|perf)(?:\([^)]*\))?\s*:\s*", re.IGNORECASE)
# a negation typed without its apostrophe ("signature dont match", "cant be empty")
_BARE_NEGATION = re.compile(r"\b(do|does|did|is|are|was|were|should|must|could|would|has|have|ca|wo)n(t)\b", re.IGNORECASE)


def shorthand_spelled_out(text: str) -> str:
    """A ticket's shorthand in words (round 15): "w/" with, "w/o" without, "dont" don't, a leading "fix:" dropped."""
    text = _WORK_TYPE.sub("", text)
    text = re.sub(r"(?<![\w/])[Ww]/[Oo](?![\w/])", "without", text)
    text = re.sub(r"(?<![\w/])[Ww]/(?=\s)", "with", text)
    return _BARE_NEGATION.sub(lambda m: f"{m.group(1)}n'{m.group(2)}", text)


def _status_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for phrase, number in REASONS.items():
        words = phrase.split()
        names["".join(w.capitalize() for w in words)] = number  # ServiceUnavailable, OK as Ok
        names["_".join(w.upper() for w in words)] = number  # SERVICE_UNAVAILABLE
    names.update({"OK": "200", "RequestEntityTooLarge": "413", "REQUEST_ENTITY_TOO_LARGE": "413"})
    return names


_STATUS_NUMBER = _status_names()
# a status constant of a framework: the prefix says it is a status, so `Created` or `OK` alone is not read
_STATUS_CONSTANT = re.compile(
    r"\b(?:http\.Status|HTTPStatus\.|HttpStatus\.|HttpStatusCode\.|StatusCodes\.|Response::HTTP_|"
    r"HttpServletResponse\.SC_|HttpURLConnection\.HTTP_|StatusCode::)(" + "|".join(sorted(_STATUS_NUMBER, key=len, reverse=True)) + r")\b")


def status_numbers(code: str) -> set[str]:
    """The numbers of the HTTP statuses the code names by constant (`http.StatusTooManyRequests` is 429)."""
    return {_STATUS_NUMBER[m.group(1)] for m in _STATUS_CONSTANT.finditer(code)}


# `sys.exit(main())`, `raise SystemExit(main(argv))`, `process.exit(main())`: the function whose result is the status
_EXIT_WITH = re.compile(r"\b(?:sys\.exit|raise\s+SystemExit|process\.exit|os\.Exit)\(\s*([A-Za-z_]\w*)\(")
_RETURNS_FAILURE = re.compile(r"^\s*return\s+(?:[1-9]\d*\s*$|[^\n]*\bif\b[^\n]*\belse\s+0\s*$)", re.MULTILINE)
_EXITS = frozenset({"exit", "nonzero", "reject"})


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def mark_returned_exits(units: Sequence[Any], root: Path) -> None:
    """Give the function a file of the change (under `root`) passes to `sys.exit(…)` the concepts of exiting when
    it returns a failing status."""
    runners: dict[str, set[str]] = {}
    for unit in units:
        if unit.path not in runners:
            runners[unit.path] = set(_EXIT_WITH.findall(_read(root / unit.path)))
        names = runners[unit.path]
        if unit.kind != "code" or not names or not _RETURNS_FAILURE.search(unit.added_code or ""):
            continue
        if any(re.search(rf"\bdef\s+{re.escape(name)}\s*\(", unit.code_text) for name in names) or unit.name in names:
            for concepts in (unit.concepts, unit.fresh, unit.acts, unit.fresh_acts):
                concepts.update(_EXITS)
