"""Slugs: the one way pmtui turns a name into a file, branch or project slug."""

from __future__ import annotations

import re

_SLUG_CHARS = re.compile(r"[^a-z0-9]+")


def slugify(text: str, limit: int = 60, empty: str = "project") -> str:
    """Lower-case words joined by '-', at most `limit` characters; `empty` when nothing is left."""
    slug = _SLUG_CHARS.sub("-", text.lower()).strip("-")
    return slug[:limit].rstrip("-") or empty


def plan_id_for(slug: str) -> str:
    """The id of the plan pmtui writes for a project (its delivery runs are found by it)."""
    return f"{slug}-mvp"
