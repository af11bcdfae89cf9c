"""Classes of criteria whose words a wrong change carries on lines that do the opposite (round 5).

- "rejected", "aborted", "refused": the synonym group of a refusal also holds the words that only name an
  error (`err`, `BatchError`, `error`), so a unit that checks a condition and only logs it carried the
  word. A refusal needs a line that refuses: it raises or throws, returns an error (`return Err(…)`,
  `return fmt.Errorf(…)`, `return err`), propagates one (`?`, Zig's `try`), exits non-zero, answers a 4xx,
  returns false, or `require`s.
- "hide X already drunk": a filter that keeps the rows whose field is set (`consumed_on__isnull=False`,
  `IS NOT NULL`, `.where.not(x: nil)`) keeps what happened, the very rows the criterion hides.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pmtui.delivery.gates.code_idioms import idiom_concepts

# The criterion's words that ask for a refusal (not "error", "fails": those name what goes wrong).
_REFUSING_LABEL = re.compile(r"^(?:reject|refus|abort|deny|denied|disallow|forbid|block|prevent)", re.IGNORECASE)
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`")
_COMMENT_LINE = re.compile(r"^\s*(?:#(?!\[)|//|/\*|\*|--\s|;;|%)")
_LOG = re.compile(r"\b(?:log|logger|logging|console|slog|Log)\s*(?:\.|::)\s*\w+\s*!?\s*\(|"
                  r"\b(?:warn|info|debug|trace|error)!\s*\(|\b(?:print|println|printf|eprintln|puts)!?\s*\(", re.IGNORECASE)
_REFUSES = re.compile(r"\breturn\s+(?:[\w.]+\s*,\s*)*(?:fmt\.Errorf\(|err\b|errors\.\w+\(|Err\b|false\b|False\b)|"
                      r"\?\s*[;)]|\?\s*$|\btry\s+[\w.]+\s*\(|\brequire\s*\(|\bassert\b|"
                      r"\b(?:reject|refus|deny|denied|disallow|forbid|abort|invalid)\w*|\b\w*block\w*\s*[:=]\s*true\b|"
                      r"\btimeout\w*\s*[=:(]", re.IGNORECASE)


def asks_refusal(label: str) -> bool:
    """Whether a criterion's action word asks that something be refused (rejected, aborted, denied, blocked)."""
    return bool(_REFUSING_LABEL.match(label))


def refuses_nothing(code: str) -> bool:
    """Whether no code line of the unit refuses: no raise, throw, error returned or propagated, non-zero exit,
    4xx, `return false` or `require`. Comments, strings and logging calls say nothing here."""
    for line in code.splitlines():
        if not line.strip() or _COMMENT_LINE.match(line) or _LOG.search(line):
            continue
        bare = _STRING.sub('""', line)
        if "reject" in idiom_concepts(bare) or _REFUSES.search(bare):
            return False
    return True


# "hide bottles already drunk", "exclude orders already shipped", "without the ones already paid"
_HIDES_DONE = re.compile(r"\b(?:hide|hides|hidden|exclude[sd]?|skip(?:s|ped)?|drop(?:s|ped)?|leave[s]?\s+out|"
                         r"without)\b[^.;]*?\balready\b", re.IGNORECASE)
_KEEPS_SET = (re.compile(r"\.filter\([^)]*\b\w+__isnull\s*=\s*False\b"),
              re.compile(r"\.exclude\([^)]*\b\w+__isnull\s*=\s*True\b"),
              re.compile(r"\bWHERE\b[^;]*\b\w+\s+IS\s+NOT\s+NULL\b", re.IGNORECASE),
              re.compile(r"\.where\.not\(\s*\w+:\s*nil\s*\)"))


def hides_what_happened(text: str) -> bool:
    return bool(_HIDES_DONE.search(text))


def keeps_what_happened(code: str) -> bool:
    """Whether a filter of the code keeps the rows whose field is set: what already happened is shown."""
    return any(pattern.search(code) for pattern in _KEEPS_SET)


# "never includes items past their best-before date", "expired coupons are hidden": what is kept is what is not past it.
_HIDES_PAST = re.compile(r"\b(?:never\s+(?:includes?|shows?|lists?|contains?|offers?|returns?)|hides?|hidden|excludes?|"
                         r"excluded|leaves?\s+out|left\s+out|without)\b[^.;]*?\b(?:(?:past|after|beyond)\s+(?:their|its|the)\s+"
                         r"[\w-]*\s*(?:date|deadline|expiry)|expired)\b|\bexpired\b[^.;]*?\b(?:hidden|excluded|left\s+out|"
                         r"never\s+(?:shown|listed|included|offered|returned))\b", re.IGNORECASE)
_TODAY = r"(?:CURRENT_DATE|CURRENT_TIMESTAMP|now\(\)|NOW\(\)|today\b|now\b|date\.today\(\)|timezone\.now\(\)|new\s+Date\(\)|Date\.now\(\))"
_KEEPS_PAST = (re.compile(rf"\bWHERE\b[^;]*\b\w+\s*<=?\s*{_TODAY}", re.IGNORECASE),
               re.compile(rf"\bWHERE\b[^;]*{_TODAY}\s*>=?\s*\w", re.IGNORECASE),
               re.compile(rf"\.filter\([^)]*__lte?\s*=\s*{_TODAY}"),
               re.compile(rf"\b(?:filter|where|select)\w*\s*[({{][^\n]*\.\w+\s*<=?\s*{_TODAY}"),
               re.compile(rf"\bfor\b[^\n]*\bif\b[^\n]*\.\w+\s*<=?\s*{_TODAY}"))


def hides_what_is_past(text: str) -> bool:
    return bool(_HIDES_PAST.search(text))


def keeps_what_is_past(code: str) -> bool:
    """Whether a filter of the code keeps the rows whose date is before today: only the expired ones are shown."""
    return any(pattern.search(code) for pattern in _KEEPS_PAST)


_KEEPING = re.compile(r"\b(?:retain|filter|keep_if|select|where|takeWhile|Where)\w*\s*[({|]|\bfor\b[^\n]*\bif\b", re.IGNORECASE)
_REMOVING = re.compile(r"\b(?:DELETE|remove|release|discard|drop|reject|exclude)\w*", re.IGNORECASE)


def keeps_whom_nobody(code: str, verb: str, stem_of: Callable[[str], str]) -> bool:
    """Whether a filter that keeps (retain, filter, a comprehension) keeps the ones whose `verb` flag is negated:
    for "released when nobody checks in", `retain(|b| !b.checked_in || …)` keeps the no-shows and releases the others."""
    wanted = stem_of(verb)
    for line in code.splitlines():
        if not _KEEPING.search(line) or _REMOVING.search(line):
            continue
        for match in re.finditer(r"(?:!\s*|\bnot\s+)([\w.$]+)", line):
            parts = re.split(r"[._$]+|(?<=[a-z])(?=[A-Z])", match.group(1))
            if any(part and stem_of(part) == wanted for part in parts):
                return True
    return False


# "emailed to the billing email, not to their login email", "by pickup time, not by the time they were placed":
# the contrasted alternative is what the code must not use, so its words are no evidence the code needs.
_CONTRAST = re.compile(r",\s*(?:(?:and\s+)?not|never|rather\s+than|instead\s+of)\s+(?:to|by|in|on|as|from|with|via)?\b"
                       r"(?P<other>[^,.;]+)$", re.IGNORECASE)


def split_contrast(criterion: str) -> tuple[str, str]:
    """The criterion without a trailing contrasted alternative (", not by the time they were placed"), and it."""
    match = _CONTRAST.search(criterion.strip())
    if not match:
        return criterion, ""
    return criterion.strip()[:match.start()], match.group("other").strip()


def ruled_out_words(main: str, contrast: str, stem_of: Callable[[str], str], stopwords: frozenset[str]) -> set[str]:
    """The stems the contrasted alternative names and the criterion's own part does not ("login")."""
    own = {stem_of(word) for word in re.findall(r"[A-Za-z]+", main.lower())}
    return {stem_of(word) for word in re.findall(r"[A-Za-z]+", contrast.lower())
            if len(word) >= 3 and word not in stopwords and stem_of(word) not in own}


def uses_ruled_out(code: str, ruled_out: set[str], stem_of: Callable[[str], str],
                   split: Callable[[str], list[str]]) -> str:
    """The first word ruled out by the criterion that a code line of the unit names, or ""."""
    for line in code.splitlines():
        if not line.strip() or _COMMENT_LINE.match(line):
            continue
        for name in re.findall(r"[A-Za-z_$][\w$]*", _STRING.sub('""', line)):
            for part in split(name):
                if stem_of(part.lower()) in ruled_out:
                    return part.lower()
    return ""


# A timeout's value is how long something may run before it is aborted: `--timeout=3s`, `timeoutSeconds: 3`,
# Jenkins' `timeout(time: 45, unit: 'MINUTES')` (minutes when no unit is given).
_SUFFIX_SECONDS = {"ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}
_NAMED_SECONDS = {"milliseconds": 1e-3, "millis": 1e-3, "ms": 1e-3, "seconds": 1.0, "secs": 1.0, "minutes": 60.0,
                  "hours": 3600.0, "days": 86400.0}
_TIMEOUT_SUFFIX = re.compile(r"\btimeout\s*[=:]\s*[\"']?(\d+(?:\.\d+)?)(ms|s|m|h)\b", re.IGNORECASE)
_TIMEOUT_NAMED = re.compile(r"\btimeout_?(milliseconds|millis|ms|seconds|secs|minutes|hours)\s*[=:]\s*(\d+(?:\.\d+)?)\b",
                            re.IGNORECASE)
_JENKINS_TIMEOUT = re.compile(r"\btimeout\s*\(\s*time:\s*(\d+)\s*(?:,\s*unit:\s*['\"](\w+)['\"])?")


def timeout_durations(code: str) -> list[tuple[str, float]]:
    """(number, seconds) of every timeout the code sets."""
    found = [(n, float(n) * _SUFFIX_SECONDS[u.lower()]) for n, u in _TIMEOUT_SUFFIX.findall(code)]
    found += [(n, float(n) * _NAMED_SECONDS[u.lower()]) for u, n in _TIMEOUT_NAMED.findall(code)]
    found += [(n, float(n) * _NAMED_SECONDS.get((u or "minutes").lower(), 0.0)) for n, u in _JENKINS_TIMEOUT.findall(code)]
    return [(n.rstrip("0").rstrip(".") if "." in n else str(int(n)), seconds) for n, seconds in found if seconds]
