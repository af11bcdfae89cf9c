"""The PM's template sentences, each judged for what code can show of it (round 22): "Sign-up and profile: … so
their data is theirs" (signups), "… show it plainly, so nobody has to guess" (plain_shows), "… in one place:
Everything in one place …" and "Nothing slips: everything in one list, with a nudge before it is missed" (one_place)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.delivery.gates.one_place import one_place_location
from pmtui.delivery.gates.plain_shows import plain_location
from pmtui.delivery.gates.signups import signup_location


def template_location(criterion: str, units: Sequence[Any],
                      added: Mapping[str, Sequence[tuple[int, str]]]) -> tuple[str | None, str] | None:
    """The judgement of the template the criterion is, or None when it is none of them."""
    for judged in (signup_location(criterion, units), plain_location(criterion, units, added),
                   one_place_location(criterion, units, added)):
        if judged is not None:
            return judged
    return None
