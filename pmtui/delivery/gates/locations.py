"""Where an acceptance criterion is implemented: the record plan alignment, the reviewer's request and the release's
criterion trace share. A room of its own so that the reviewer and the tier review can name it without loading
plan alignment's criteria vocabularies (about 0.1 s of imports) before a gate needs them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel


class CriterionLocation(BaseModel):
    """Where one acceptance criterion is implemented (`path:line`, None when unmapped) and who said so."""

    criterion: str
    location: str | None
    source: Literal["agent", "gates", "offline", "reviewer", "none"] = "none"
    note: str = ""
    refuted: bool = False  # a gate command that checks it failed: not met, whatever the tests say
