"""The default a criterion states, against the fallback the code gives (round 13).

"The log level is read from LOG_LEVEL (default INFO)", "`--keep N` (default 7)", "PORT defaults to 8080": on a line
reading that variable or flag, the code's fallback (`os.environ.get("LOG_LEVEL", "DEBUG")`, `default=7`,
`process.env.PORT ?? 3000`, `getenv("PORT", "8080")`) is the default. A fallback written as a literal that is not
the criterion's is another default; one given by a name (`DEFAULT_LEVEL`) is not judged.
"""

from __future__ import annotations

import re

_STATED = re.compile(r"\bdefaults?\s*(?:to|is|of|=|:)?\s*[\"'`]?([\w.\-]+)[\"'`]?|[\"'`]?([\w.\-]+)[\"'`]?\s+by\s+default\b",
                     re.IGNORECASE)
_KEYS = re.compile(r"(?<![\w-])(--[A-Za-z][\w-]*)|\b([A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{3,})\b")
_LITERAL = r"(\"[^\"\n]*\"|'[^'\n]*'|`[^`\n]*`|-?\d+(?:\.\d+)?\b|True|False|true|false)"
_FALLBACKS = (re.compile(rf"\.get\(\s*[\"'][^\"'\n]+[\"']\s*,\s*{_LITERAL}"),
              re.compile(rf"\bgetenv\(\s*[\"'][^\"'\n]+[\"']\s*,\s*{_LITERAL}"),
              re.compile(rf"\bdefault\s*[=:]\s*{_LITERAL}"),
              re.compile(rf"(?:\?\?|\|\|)\s*{_LITERAL}"),
              re.compile(rf"\bunwrap_or\(\s*{_LITERAL}"))


def _plain(value: str) -> str:
    return value.strip("\"'`").strip().lower()


def another_default(criterion: str, code: str) -> str:
    """Why the code's fallback for the criterion's variable or flag is a literal other than its stated default, or
    ""."""
    stated = _STATED.search(criterion)
    keys = [flag or name for flag, name in _KEYS.findall(criterion)]
    if not stated or not keys:
        return ""
    wanted = _plain(stated.group(1) or stated.group(2) or "")
    if not wanted or wanted in ("value", "values", "setting"):
        return ""
    given: list[str] = []
    for line in code.splitlines():
        if not any(key.lstrip("-") in line for key in keys):
            continue
        for pattern in _FALLBACKS:
            given += [_plain(value) for value in pattern.findall(line)]
    if not given or wanted in given:
        return ""
    return f"its default is {given[0]}, not {wanted}"
