"""The PM's template sentences, each judged for what code can show of it (round 22): "Sign-up and profile: … so
their data is theirs" (signups), "… show it plainly, so nobody has to guess" (plain_shows), "… in one place:
Everything in one place …" and "Nothing slips: everything in one list, with a nudge before it is missed" (one_place),
and "Import from <a format>: Bring over what they already keep today" (here).

An import from Excel or from a Google Sheet names no code either: the workbook is read with `openpyxl`/`xlrd`/
`read_excel`, the sheet with `gspread`, the Sheets API or its CSV export; what code can show of it is a unit that keeps
what it reads, reading that format itself or through a unit of the change it calls (round 22). A rows-committed-then-
refused import still keeps only part of it (plan_shapes._half_kept)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from pmtui.delivery.gates.one_place import one_place_location
from pmtui.delivery.gates.plain_shows import plain_location
from pmtui.delivery.gates.plan_shapes import _half_kept, _own, keeps_result
from pmtui.delivery.gates.signups import signup_location


def template_location(criterion: str, units: Sequence[Any],
                      added: Mapping[str, Sequence[tuple[int, str]]]) -> tuple[str | None, str] | None:
    """The judgement of the template the criterion is, or None when it is none of them."""
    for judged in (signup_location(criterion, units), plain_location(criterion, units, added),
                   one_place_location(criterion, units, added), _imported(criterion, units)):
        if judged is not None:
            return judged
    return None


_IMPORT = re.compile(r"^\s*import\s+from\s+(?P<source>[^:]{2,40}?)\s*:\s*bring\s+over\s+what\s+(?:they|you|we)\s+"
                     r"(?:already\s+)?(?:keep|have|use)(?:\s+today)?\s*\.?\s*$", re.IGNORECASE)
_FORMATS = (
    (re.compile(r"(?i)\b(?:ms\s+)?excel\b|\bxlsx?\b|\bworkbook\b"),
     re.compile(r"\bopenpyxl\b|\bload_workbook\(|\bxlrd\b|\bread_excel\(|\bExcelFile\(|\.xlsx?\b|\bSheetJS\b|\bxlsx\.read")),
    (re.compile(r"(?i)\bgoogle\s+sheets?\b|\bgsheets?\b"),
     re.compile(r"\bgspread\b|\bspreadsheets\(\)|sheets\.googleapis|\bcsv\.(?:reader|DictReader)\(|\bread_csv\(|"
                r"\bcsv-parse\b|\bPapa\.parse\(")),
)


# `if __name__ != "__main__":`, `if not (__name__ == "__main__"):`: the block runs on import, never as the command
_NOT_MAIN = re.compile(r"__name__\s*!=\s*[\"']__main__|\bnot\s*\(?\s*__name__\s*==\s*[\"']__main__")


def _imported(criterion: str, units: Sequence[Any]) -> tuple[str | None, str] | None:
    """Where the change brings over what it reads from the named format; None for another criterion or a source
    this reading does not know (the matcher reads it as before)."""
    asked = _IMPORT.match(criterion)
    if not asked:
        return None
    signature = next((code for name, code in _FORMATS if name.search(asked.group("source"))), None)
    if signature is None:
        return None
    readers = {u.name for u in units if _own(u) and signature.search(u.code_text)}
    for unit in units:
        if not _own(unit) or not keeps_result(unit.code_text):
            continue
        if unit.name in readers or readers & set(unit.calls):
            location = f"{unit.path}:{unit.start}"
            if _NOT_MAIN.search(unit.code_text):
                return None, f"{location} keeps it only when the file is imported, never when it is run"
            if half := _half_kept(location, units):
                return None, half
            return location, f"reads the {asked.group('source').strip()} and keeps what it reads in {unit.name}"
    if readers:
        return None, f"the change reads the {asked.group('source').strip()} but keeps nothing of what it reads"
    return None, f"no unit of the change reads the {asked.group('source').strip()}"
