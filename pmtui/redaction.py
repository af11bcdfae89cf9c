"""The one redaction layer: no secret leaves pmtui.

`redact(text)` is called at every exit — store writes (and so events), the log file, engine
messages, files pmtui writes (attempt logs, review artifacts, the release manifest), and the
CLI's stdout and stderr. It replaces

- the values of this process's secret environment variables (`*_API_KEY`, `*_TOKEN`,
  `*_SECRET`, `*PASSWORD*`, … and every variable the config names as a model's key), and
- key-shaped strings (provider API keys, tokens, private key blocks, Bearer credentials),

with MASK. The patterns are compiled once; the pattern of environment values is rebuilt only when
the environment changes. KEY_PATTERNS is also what the secret scan of the review gate looks for.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

MASK = "[REDACTED]"
# Shorter values are not treated as secrets: redacting "1" or "true" everywhere would garble text.
MIN_SECRET_LENGTH = 8

SECRET_ENV_NAME = re.compile(
    r"(?i)(?:^|_)(?:API_?KEY|TOKEN|SECRET|SECRET_KEY|ACCESS_KEY|PRIVATE_KEY|CLIENT_SECRET|PASSPHRASE|CREDENTIALS?)"
    r"(?:_|$)|PASSWORD|PASSWD"
)

# (label, pattern, characters of the match a masked finding may show; -1 shows the header only).
# Each pattern starts with its literal prefix and checks the word boundary behind it afterwards,
# so the regex engine can jump from one occurrence of the prefix to the next.
KEY_PATTERNS: tuple[tuple[str, re.Pattern[str], int], ...] = (
    ("private key", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"), -1),
    ("AWS access key", re.compile(r"A(?:KIA|SIA)(?<!\wA[KS]IA)[0-9A-Z]{16}\b"), 4),
    ("GitHub token", re.compile(r"gh[pousr]_(?<!\wgh._)[A-Za-z0-9]{30,}|github_pat_(?<!\wgithub_pat_)[A-Za-z0-9_]{22,}"), 4),
    ("Slack token", re.compile(r"xox[abprs]-(?<!\wxox.-)[A-Za-z0-9-]{10,}"), 5),
    ("OpenAI key", re.compile(r"sk-(?<!\wsk-)(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_-]{20,}"), 3),
    ("Groq key", re.compile(r"gsk_(?<!\wgsk_)[A-Za-z0-9]{20,}"), 4),
    ("Google API key", re.compile(r"AIza(?<!\wAIza)[0-9A-Za-z_-]{35}"), 4),
    ("Stripe key", re.compile(r"[rs]k_(?<!\w[rs]k_)(?:live|test)_[0-9A-Za-z]{16,}"), 8),
    ("Hugging Face token", re.compile(r"hf_(?<!\whf_)[A-Za-z0-9]{30,}"), 3),
)
# A pattern runs only when one of its literal triggers is in the text: `in` on a str is far cheaper
# than a regex scan (Python's regex alternations are slow), and most text holds no trigger at all.
_TRIGGERS: dict[str, tuple[str, ...]] = {
    "AWS access key": ("AKIA", "ASIA"),
    "GitHub token": ("gh", "github_pat_"),
    "Slack token": ("xox",),
    "OpenAI key": ("sk-",),
    "Groq key": ("gsk_",),
    "Google API key": ("AIza",),
    "Stripe key": ("k_live_", "k_test_"),
    "Hugging Face token": ("hf_",),
}
# Beyond the scan's patterns redaction removes a whole private key block, a Bearer credential and
# the value of a secret-named variable printed as NAME=value (an `env` dump in a test's output).
_REDACTIONS: tuple[tuple[tuple[str, ...], re.Pattern[str], str], ...] = (
    (("PRIVATE KEY",), re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
        r"(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----)?", re.DOTALL), MASK),
    (("earer",), re.compile(r"([Bb]earer\s+)(?<!\w[Bb]earer\s)[A-Za-z0-9._~+/-]{12,}=*"), r"\1" + MASK),
    (("KEY=", "TOKEN=", "SECRET=", "PASSWORD=", "PASSWD="), re.compile(
        r"\b([A-Z][A-Z0-9_]*(?:API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD)=)[^\s\"'$]{8,}"), r"\1" + MASK),
    *((_TRIGGERS[label], pattern, MASK) for label, pattern, _ in KEY_PATTERNS[1:]),
)

_watched_names: set[str] = set()
_registered: set[str] = set()
_cache: dict[str, Any] = {"env": None, "values": (), "set": frozenset()}


def watch_env(names: Iterable[str | None]) -> None:
    """Treat these environment variables as secret too (the config's model key variables)."""
    changed = False
    for name in names:
        if name and name not in _watched_names:
            _watched_names.add(name)
            changed = True
    if changed:
        _cache["env"] = None


def register_secret(value: str | None) -> None:
    """A secret that is not in the environment (e.g. read from a file) is redacted from now on."""
    if value and len(value) >= MIN_SECRET_LENGTH and value not in _registered:
        _registered.add(value)
        _cache["env"] = None


def is_secret_name(name: str) -> bool:
    return name in _watched_names or bool(SECRET_ENV_NAME.search(name))


def secret_values(environ: Mapping[str, str] | None = None) -> frozenset[str]:
    """The values redaction removes literally: secret environment variables and registered secrets
    (of this process's environment, kept until it changes, when `environ` is None)."""
    if environ is None:
        _secret_values_now()
        values: frozenset[str] = _cache["set"]
        return values
    return _secret_values_in(environ)


def _secret_values_in(env: Mapping[str, str]) -> frozenset[str]:
    found = {value for name, value in env.items() if len(value) >= MIN_SECRET_LENGTH and is_secret_name(name)}
    return frozenset(found | _registered)


def _secret_values_now() -> tuple[str, ...]:
    # os.environ's raw dict compares in about a microsecond, so a changed environment (a test's
    # monkeypatch, a key set at run time) is noticed on the next call without re-reading every value.
    raw = getattr(os.environ, "_data", None)
    if raw is None or raw != _cache["env"]:
        values = _secret_values_in(os.environ)
        _cache["set"] = values
        # Longest first, so a secret that contains another is masked whole.
        _cache["values"] = tuple(sorted(values, key=len, reverse=True))
        _cache["env"] = dict(raw) if raw is not None else None
    return _cache["values"]


def redact(text: str, extra: Iterable[str | None] = ()) -> str:
    """`text` with every secret value and key-shaped string replaced by MASK (`extra`: more secrets)."""
    if not text or len(text) < MIN_SECRET_LENGTH:
        return text
    for secret in _secret_values_now():
        if secret in text:
            text = text.replace(secret, MASK)
    for more in extra:
        if more and len(more) >= MIN_SECRET_LENGTH and more in text:
            text = text.replace(more, MASK)
    for triggers, pattern, replacement in _REDACTIONS:
        for trigger in triggers:
            if trigger in text:
                text = pattern.sub(replacement, text)
                break
    return text


# How far on either side of a cut safe_cut looks for a key: longer than any key, so a key spanning the cut is
# seen whole (the text handed to safe_cut must reach this far past the cut).
CUT_MARGIN = 65_536


def safe_cut(text: str, limit: int) -> int:
    """Where to cut `text` at or before `limit` so that no secret value or key-shaped string spans the cut:
    each half of a key cut in two would pass redaction as harmless text. A key that starts the text and runs
    past `limit` goes whole into the first piece (the cut is after it)."""
    cut = min(limit, len(text))
    while cut > 0:
        start, end = _spanning(text, cut)
        if start is None:
            return cut
        if start == 0:
            return end
        cut = start
    return cut


def clip(text: str, limit: int) -> str:
    """The start of `text`, about `limit` characters, never ending inside a key (safe_cut)."""
    return text if len(text) <= limit else text[:safe_cut(text, limit)]


def clip_end(text: str, limit: int) -> str:
    """The end of `text`, at least `limit` characters, never starting inside a key (safe_cut)."""
    return text if len(text) <= limit else text[safe_cut(text, len(text) - limit):]


def _spanning(text: str, cut: int) -> tuple[int | None, int]:
    """(start, end) of the earliest-starting secret or key-shaped match that spans `cut`; (None, 0) if none."""
    found: tuple[int | None, int] = (None, 0)
    for secret in _secret_values_now():
        index = text.find(secret, max(0, cut - len(secret) + 1), cut + len(secret) - 1)
        if index != -1 and index < cut and (found[0] is None or index < found[0]):
            found = (index, index + len(secret))
    low, high = max(0, cut - CUT_MARGIN), min(len(text), cut + CUT_MARGIN)
    region = text[low:high]
    for triggers, pattern, _ in _REDACTIONS:
        if not any(trigger in region for trigger in triggers):
            continue
        for match in pattern.finditer(text, low, high):
            if match.start() >= cut:
                break
            if match.end() > cut and (found[0] is None or match.start() < found[0]):
                found = (match.start(), match.end())
    return found


def redact_value(value: Any) -> Any:
    """A str redacted; lists, tuples and dicts redacted inside; anything else as it is."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list | tuple):
        return type(value)(redact_value(item) for item in value)
    if isinstance(value, dict):
        return {key: redact_value(item) for key, item in value.items()}
    return value


class RedactingStream:
    """A text stream that redacts what is written to it (the CLI's stdout and stderr).

    Text is held until a line ends (or flush), so a secret written in pieces is still seen whole.
    Everything else (isatty, fileno, encoding) is the wrapped stream's.
    """

    def __init__(self, stream: Any) -> None:
        self.wrapped = stream
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        if "\n" in self._pending:
            ready, _, self._pending = self._pending.rpartition("\n")
            self.wrapped.write(redact(ready + "\n"))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._pending:
            pending, self._pending = self._pending, ""
            self.wrapped.write(redact(pending))
        self.wrapped.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)
