"""A driving instructor in Glasgow, typed by hand through `pmtui chat` (2026-11-27, round 12 of the typed founders),
writing Scots as he speaks it: each defect found became a class with a test from his own sentence."""

from __future__ import annotations

from pathlib import Path

from pmtui.product.brains.offline.scoping.requests import parse_requests
from tests.fixtures.offline_talk import talk

GLASGOW = [
    ("awright so am a driving instructor in glasgow n ah want an app where ma learners can book lessons themselves "
     "insteid o textin me at midnight"),
    "learner drivers, mostly 17 tae 20, ah've got aboot 35 on the go at wan time",
    "they text me at aw hours tae swap lessons n ah lose track, double booked twice last month which wis a nightmare",
    "a wee paper diary n whatsapp, thats it",
    "book a lesson, move a lesson, see how many hours theyve done, pay for a block of 10",
    "nae mare than 2 double bookings a year n half the texts gone by summer",
]


def test_the_team_and_the_weeks_in_scots_are_the_limits(tmp_path: Path) -> None:
    """"it's jist me, ah've got aboot 6 weeks n 2 grand", said when asked why now, was filed as the why-now: "jist me"
    was no team, and the scope fell back to "no timeframe or team size given"."""
    _, summary = talk(tmp_path, *GLASGOW, "it's jist me, ah've got aboot 6 weeks n 2 grand")
    assert "6 weeks" in summary.constraints, summary
    assert "6 weeks" not in summary.why_now


def test_scots_small_words_read_as_english() -> None:
    from pmtui.product.brains.offline.dialect import scots_words

    assert scots_words("it's jist me, ah've got aboot 6 weeks") == "it's just me, I've got about 6 weeks"
    assert scots_words("pay for a block is mair important") == "pay for a block is more important"
    assert scots_words("nae mare than 2 double bookings") == "no more than 2 double bookings"
    assert scots_words("ah cannae answer, ma phone is aff") == "I can't answer, my phone is aff"
    # English words that look Scots stay: a wee diary, aye, "ah, ok", "oh ma", the Singlish "ma" at the end.
    assert scots_words("a wee paper diary, aye. ah, ok") == "a wee paper diary, aye. ah, ok"
    assert scots_words("is like that ma") == "is like that ma"


def test_argue_back_in_scots_moves_the_row_it_names() -> None:
    """"the hours thing can wait, pay for a block is mair important": the hours moved, the block stayed in Phase 2."""
    kinds = {(r.kind, r.what) for r in parse_requests("the hours thing can wait, pay for a block is mair important")}
    assert any(kind in ("promote", "prioritise", "move") and "block" in what for kind, what in kinds), kinds


def test_more_important_with_nothing_after_it_promotes_the_row() -> None:
    """The same said in English: the row said to be more important, after another was put off, goes up; a question
    about importance asks for nothing."""
    found = [(r.kind, r.what) for r in parse_requests("the hours thing can wait, pay for a block is more important")]
    assert ("promote", "pay for a block") in found, found
    assert not parse_requests("is the deposit more important?")
