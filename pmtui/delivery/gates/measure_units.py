"""The unit of a measured number, in a criterion and in the name the code compares it with (round 7).

"Below 0.5 m" and `level_cm < 0.5` share the number and not the unit: the code warns below 5 mm. "Below 200 °C"
and `reading_f >= 200` lock the kiln door until about 93 °C. A name that ends in a unit (`_cm`, `_f`, `Kg`) or is
one (`fahrenheit`, `inches`) says what its value counts; compared with the criterion's number in another unit of
the same kind, and never in the criterion's own, the code does something near the criterion, not the criterion.
"""

from __future__ import annotations

import re

# unit symbol or word → (kind, canonical unit)
_UNITS = {
    "mm": ("length", "mm"), "millimeter": ("length", "mm"), "millimetre": ("length", "mm"),
    "cm": ("length", "cm"), "centimeter": ("length", "cm"), "centimetre": ("length", "cm"),
    "m": ("length", "m"), "meter": ("length", "m"), "metre": ("length", "m"), "meters": ("length", "m"),
    "metres": ("length", "m"),
    "km": ("length", "km"), "kilometer": ("length", "km"), "kilometre": ("length", "km"),
    "in": ("length", "in"), "inch": ("length", "in"), "inches": ("length", "in"),
    "ft": ("length", "ft"), "feet": ("length", "ft"), "foot": ("length", "ft"),
    "mi": ("length", "mi"), "mile": ("length", "mi"), "miles": ("length", "mi"),
    "g": ("mass", "g"), "gram": ("mass", "g"), "grams": ("mass", "g"),
    "kg": ("mass", "kg"), "kilogram": ("mass", "kg"), "kilograms": ("mass", "kg"), "kilo": ("mass", "kg"),
    "lb": ("mass", "lb"), "lbs": ("mass", "lb"), "pound": ("mass", "lb"), "pounds": ("mass", "lb"),
    "c": ("temperature", "c"), "celsius": ("temperature", "c"), "centigrade": ("temperature", "c"),
    "f": ("temperature", "f"), "fahrenheit": ("temperature", "f"),
    "ml": ("volume", "ml"), "l": ("volume", "l"), "liter": ("volume", "l"), "litre": ("volume", "l"),
    "liters": ("volume", "l"), "litres": ("volume", "l"),
    "psi": ("pressure", "psi"), "kpa": ("pressure", "kpa"), "hpa": ("pressure", "hpa"), "mbar": ("pressure", "mbar"),
    "bar": ("pressure", "bar"), "pascal": ("pressure", "pa"), "pascals": ("pressure", "pa"),
}
# a unit that ends a name only as a word of its own: `foo_bar` and `sidebar` count no pressure
_NOT_A_NAME_UNIT = frozenset({"bar"})
# in a criterion the temperature and length symbols need their number: "200 °C", "0.5 m", "12 kg"
_MEASURE = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)\s*(°\s*[CF]\b|℃|℉|mm\b|cm\b|km\b|m\b|kg\b|g\b|lbs?\b|ft\b|mi\b|ml\b|"
                      r"l\b|(?:milli|centi|kilo)?met(?:er|re)s?\b|inch(?:es)?\b|feet\b|miles?\b|"
                      r"(?:kilo)?grams?\b|pounds?\b|lit(?:er|re)s?\b|psi\b|[kh]Pa\b|m?bar\b|degrees?\s+(?:celsius|fahrenheit|[CF]\b))")
_OPERAND = r"[A-Za-z_$][\w.$]*"
_NUMBER = r"-?\d[\d_]*(?:\.\d+)?"
_COMPARISON = re.compile(rf"({_OPERAND}|{_NUMBER})\s*(?:<=|>=|<|>|==|!=|-gt|-ge|-lt|-le)\s*({_OPERAND}|{_NUMBER})")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_CONSTANT = re.compile(rf"\b([A-Za-z_]\w*)\s*(?::\s*[\w\[\]]+\s*)?(?:=|:)\s*({_NUMBER})\b")


def _plain(number: str) -> str:
    number = number.replace(",", ".").replace("_", "").lstrip("-")
    return number.rstrip("0").rstrip(".") if "." in number else str(int(number))


def criterion_measures(text: str) -> tuple[tuple[str, str, str], ...]:
    """(number, kind, unit) for every number the criterion gives with a unit of length, mass, temperature, volume."""
    found = []
    for number, unit in _MEASURE.findall(text):
        word = re.sub(r"[°\s]|degrees?", "", unit.lower()).replace("℃", "c").replace("℉", "f")
        if word in _UNITS:
            found.append((_plain(number), *_UNITS[word]))
    return tuple(dict.fromkeys(found))


def _unit_of_name(name: str) -> tuple[str, str] | None:
    """The unit a name says its value counts in: its last part (`level_cm`, `tempF`) or a whole word (`fahrenheit`)."""
    last = re.split(r"[.$]", name)[-1]
    parts = [p.lower() for chunk in re.split(r"_+", last) for p in _CAMEL.sub(" ", chunk).split() if p]
    if not parts:
        return None
    if len(parts) >= 2 and parts[-1] in _UNITS and parts[-1] not in ("in", *_NOT_A_NAME_UNIT):  # `check_in`: no inches
        return _UNITS[parts[-1]]
    if parts[-1] in ("psi", "kpa", "hpa"):  # `t.psi`: a pressure's unit is often the whole name
        return _UNITS[parts[-1]]
    words = [p for p in parts if len(p) > 3 and p in _UNITS and p not in _NOT_A_NAME_UNIT]
    return _UNITS[words[-1]] if words else None


def wrong_measure_unit(criterion: str, code: str) -> str:
    """Why the code compares the criterion's measured number with a value in another unit of its kind, or ""."""
    measures = criterion_measures(criterion)
    if not measures:
        return ""
    constants: dict[str, str] = {}
    for name, value in _CONSTANT.findall(code):
        constants[name] = _plain(value)
    for number, kind, unit in measures:
        units: list[tuple[str, str]] = []
        for line in code.splitlines():
            for left, right in _COMPARISON.findall(line):
                for mine, other in ((left, right), (right, left)):
                    value = _plain(mine) if re.fullmatch(_NUMBER, mine) else constants.get(re.split(r"[.$]", mine)[-1])
                    if value != number:
                        continue
                    said = _unit_of_name(other) or _unit_of_name(mine)
                    if said:
                        units.append(said)
        if not units or (kind, unit) in units:
            continue
        mine = [u for k, u in units if k == kind]
        if mine:
            return f"it compares {number} with a value in {mine[0]}, where the criterion says {number} {unit}"
        # another kind of quantity altogether: `rider.heightCm > 95` for "heavier than 95 kg"
        return f"it compares {number} with a {units[0][0]} (in {units[0][1]}), where the criterion's {number} is a {kind}"
    return ""


# Round 9: the dimension a length measures. "Boats longer than 21 metres" and `boat.beam_m > 21` share the number and
# the unit: the beam is the boat's width. A criterion's comparative or noun names its dimension; a name compared with
# its number that names another dimension, and none that names the criterion's, measures something else.
_DIMENSIONS = {
    "length": ("length", "long", "longer", "shorter", "lengths"),
    "width": ("width", "wide", "wider", "narrower", "beam", "breadth", "broad", "broader"),
    "height": ("height", "tall", "taller", "heights", "headroom", "clearance"),
    "depth": ("depth", "deep", "deeper", "shallower", "draft", "draught"),
}
_DIMENSION_OF = {word: dimension for dimension, words in _DIMENSIONS.items() for word in words}


def _dimensions_of_name(name: str) -> set[str]:
    last = re.split(r"[.$]", name)[-1]
    parts = [p.lower() for chunk in re.split(r"_+", last) for p in _CAMEL.sub(" ", chunk).split() if p]
    return {_DIMENSION_OF[p] for p in parts if p in _DIMENSION_OF}


def wrong_dimension(criterion: str, code: str) -> str:
    """Why the code compares the criterion's length with a name of another dimension (beam for "longer"), or ""."""
    numbers = {number for number, kind, _ in criterion_measures(criterion) if kind == "length"}
    said = {_DIMENSION_OF[w] for w in re.findall(r"[a-z]+", criterion.lower()) if w in _DIMENSION_OF}
    if not numbers or len(said) != 1:
        return ""
    constants = {name: _plain(value) for name, value in _CONSTANT.findall(code)}
    for number in numbers:
        seen: set[str] = set()
        for line in code.splitlines():
            for left, right in _COMPARISON.findall(line):
                for mine, other in ((left, right), (right, left)):
                    value = _plain(mine) if re.fullmatch(_NUMBER, mine) else constants.get(re.split(r"[.$]", mine)[-1])
                    if value == number:
                        seen |= _dimensions_of_name(other) | _dimensions_of_name(mine)
        if seen and not seen & said:
            return f"it compares {number} with a {min(seen)}, where the criterion's {number} is a {next(iter(said))}"
    return ""
