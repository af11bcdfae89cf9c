"""Time as pmtui stores it: ISO-8601 UTC stamps, and the seconds between two of them."""

from __future__ import annotations

from datetime import UTC, datetime


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def parse_iso(stamp: str) -> datetime:
    """A stored stamp as an aware datetime (a naive one is taken as UTC)."""
    moment = datetime.fromisoformat(stamp)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def seconds_between(start: str, end: str | None = None) -> float:
    """Seconds from `start` to `end` (now when None), never negative."""
    finish = parse_iso(end) if end else datetime.now(UTC)
    return max(0.0, (finish - parse_iso(start)).total_seconds())
