"""What the founder runs, listed, is no wishlist: "the mobile library service: one van, two staff, and a fortnightly
timetable of about 45 stops, farms, village halls, a couple of care homes" counts what they have today. Wishes say what
the product should do ("a list of holds per stop, a text when the book is on board"); a list whose items are mostly
counts of things is an inventory."""

from __future__ import annotations

import re

# "one van", "two staff", "about 45 stops", "a couple of care homes", "a dozen volunteers", "three vans".
_COUNTED = re.compile(
    r"^(?:(?:about|around|roughly|some|nearly|over|maybe|just)\s+)?(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|"
    r"ten|eleven|twelve|twenty|thirty|forty|fifty|(?:a\s+)?dozen|(?:a\s+)?couple(?:\s+of)?|(?:a\s+)?few|(?:a\s+)?handful of|several|dozens of|"
    r"hundreds of)\s+(?:[\w'-]+\s+){0,2}[\w'-]+$",
    re.IGNORECASE,
)


def is_inventory(items: list[str]) -> bool:
    """Three or more items, at least half of them a count of something and nothing more."""
    counted = sum(1 for item in items if _COUNTED.match(re.sub(r"\s*\(nice to have\)$", "", item.strip())))
    return len(items) >= 3 and counted * 2 >= len(items)
