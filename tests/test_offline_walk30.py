"""Classes found talking to the offline PM as a founder who sends the whole brief at once (stop 30): a pharmacy
chain in Accra, every aspect labelled in one message, then questions about the PM's own words. "What does RICE stand
for?" was taken for a non-answer and the question asked again; "What does the cut line mean" (no question mark) was
filed as who it is for; a scope note with a question beside it was quoted whole and the question left unanswered.
Every sentence here is written for the class, unlike the founder's own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.product.brains.offline.discovery.asides import aside_kind, aside_reply, meaning_asked
from tests.fixtures.offline_talk import talk


@pytest.mark.parametrize(("question", "term"), [
    ("What does MVP stand for?", "MVP"),
    ("and what do reach and confidence mean here", "Reach"),
    ("btw what does effort refer to", "effort"),
    ("What does the riskiest assumption mean", "assumption"),
])
def test_a_word_of_the_pm_asked_about_inside_the_question_is_explained(question: str, term: str) -> None:
    assert aside_kind(question, "success_metric") == "question"
    explained = " ".join(meaning_asked(question))
    assert term.lower() in explained.lower(), explained


@pytest.mark.parametrize("answer", [
    "What does it matter who uses it, everyone in the shop will",
    "What's annoying is the paper register nobody finishes",
])
def test_an_answer_that_opens_with_what_is_no_question_about_the_pm_s_words(answer: str) -> None:
    assert meaning_asked(answer) == []


def test_a_scope_note_with_a_question_beside_it_quotes_the_note_and_answers_the_question() -> None:
    reply = aside_reply("Can the loyalty stamps wait for phase 2? Also what does the cut line mean?", "target_user")
    assert '"Can the loyalty stamps wait for phase 2"' in reply, reply
    assert "cut line splits" in reply.lower(), reply


def test_asked_what_a_word_means_the_pm_answers_and_asks_its_question_again(tmp_path: Path) -> None:
    replies, summary = talk(tmp_path, "I want an app for our tailoring shop to track alterations and pick-up dates",
                            "sorry what does RICE stand for")
    assert "reach" in replies[1].lower() and "effort" in replies[1].lower(), replies[1]
    assert summary.target_user == "", summary
