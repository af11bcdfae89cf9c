"""A number with its unit, in the number the number asks for: "1 person-week", "1.5 person-weeks", "1 week"."""

from __future__ import annotations


def amount(value: float, unit: str, fmt: str = "g") -> str:
    """`value` formatted with `fmt` and `unit` ("person-week", "week", "day", "person") in singular or plural.

    Only exactly one is singular: "0.5 person-weeks", "1 person-week", "2 people"."""
    text = format(value, fmt)
    if text in ("1", "1.0"):
        return f"{text} {unit}"
    plural = "people" if unit == "person" else unit + "s"
    return f"{text} {plural}"
