"""Round 23: two ways held-out 26's wrong changes were credited with a word the code does not show.

- a code word of its own read as an abbreviation: `app` (of `from app.db import …`) taken for "approve" (a quote nobody
  can accept passed "an estimate they can approve"); `gates/abbreviations.py`;
- the change's one entity standing for a place noun: "what's in the barn" bound "barn" to the change's `Job` record,
  so every job listed passed; a noun after "in", "inside", "within" or "at" says where the things are, a filter the
  code must show, not the thing itself (`gates/main_entity.noun_phrase`).
Cases of their own, unlike the corpus's: a netball club's team sheets, a garden centre's shed, a choir's robes.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.delivery.gates.abbreviations import abbreviates
from pmtui.delivery.gates.alignment import map_criteria
from tests.criteria_corpus.corpus import Case, change_for

SHEETS = '''from fastapi import APIRouter

from app.db import save

router = APIRouter()


@router.post("/team-sheets/{sheet_id}/submit")
def submit_sheet(sheet_id: int, captain: str) -> dict:
    save("team_sheets", sheet_id, submitted_by=captain)
    return {"id": sheet_id, "submitted_by": captain}
'''

TOOLS = '''from dataclasses import dataclass


@dataclass
class Tool:
    name: str
    location: str


def tools(stock: list[Tool]) -> list[Tool]:
    return sorted(stock, key=lambda tool: tool.name)
'''


def _located(tmp_path: Path, criterion: str, files: dict[str, str]) -> str | None:
    case = Case(id="t", criterion=criterion, expect="pass", style="", lang="python", after=files)
    return map_criteria([criterion], change_for(case, tmp_path))[0].location


def test_a_code_word_of_its_own_abbreviates_nothing() -> None:
    assert not abbreviates("app", "approve") and not abbreviates("api", "appointment")
    # the short names engineers write still read as their words
    assert abbreviates("pw", "password") and abbreviates("qty", "quantity") and abbreviates("hdr", "header")


def test_approve_is_not_shown_by_an_import_from_app(tmp_path: Path) -> None:
    criterion = "A coach can approve a team sheet"
    assert _located(tmp_path / "a", criterion, {"club/sheets.py": SHEETS}) is None
    approving = SHEETS.replace('"/team-sheets/{sheet_id}/submit"', '"/team-sheets/{sheet_id}/approve"') \
        .replace("def submit_sheet", "def approve_sheet").replace("submitted_by", "approved_by")
    assert _located(tmp_path / "b", criterion, {"club/sheets.py": approving}) is not None


def test_a_place_after_in_is_a_filter_the_code_must_show(tmp_path: Path) -> None:
    criterion = "A user can list the tools in the shed"
    assert _located(tmp_path / "a", criterion, {"garden/tools.py": TOOLS}) is None
    in_shed = TOOLS.replace("return sorted(stock, key=lambda tool: tool.name)",
                            'return sorted((t for t in stock if t.location == "shed"), key=lambda tool: tool.name)')
    assert _located(tmp_path / "b", criterion, {"garden/tools.py": in_shed}) is not None
