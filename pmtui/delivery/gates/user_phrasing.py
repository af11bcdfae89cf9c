"""How users write criteria in their own plans and issues, read before the matcher sees them (round 12).

A criterion copied from a GitHub issue keeps its task-list box ("- [ ] exits with code 2 …", "- [x] …"): the box
says whether someone ticked it, not what the code does (read as words it was "empty", "x").

An HTTP status the criterion gives by number ("answers 503 while draining") is in code by its name as often as by
its number: Go's `http.StatusServiceUnavailable`, Python's `HTTPStatus.TOO_MANY_REQUESTS`, Spring's
`HttpStatus.FORBIDDEN`, `StatusCodes.CONFLICT`.
"""

from __future__ import annotations

import re

from pmtui.delivery.gates.vocabulary_data import REASONS

# a Markdown task-list item: a bullet (or none) and a box, empty or ticked
_TASK_BOX = re.compile(r"^\s*(?:[-*+]\s*)?\[[ xX]?\]\s+(?=\S)")


def plain_criterion(criterion: str) -> str:
    """The criterion without the task-list box of the issue it was copied from."""
    return _TASK_BOX.sub("", criterion, count=1)


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
