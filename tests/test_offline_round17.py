"""Round 17 of the offline engine: classes found with held-out set 17 (written and measured before the round) and the
older rounds' leftovers.

Each test is built from a real sentence that the engine before round 17 got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.product.brains.offline.discovery.asides import aside_kind
from pmtui.product.brains.offline.discovery.unclear import not_understood
from tests.fixtures.offline_talk import talk


@pytest.mark.parametrize("said", [
    # bakery-welsh-terse (held-out 17): filed as the wishlist.
    "wdym by that?",
    # sachet-nigerian-pivoter: filed as the success metric.
    "Wetin be dat one? I no understand the question",
    # kennel-italian: "I don't understand" was the success target, and the PM said "I don't know yet".
    "Scusi, what do you mean with this question? I don't understand",
    # kabadi-indian-rambling and condo-singlish-terse: the same in Bengali-Hindi and Singlish.
    "ki bolcho? matlab what exactly you are asking?",
    "huh? meaning what",
    "what do you mean?",
    "sorry?",
])
def test_a_founder_who_did_not_understand_the_question_says_nothing_to_file(said: str) -> None:
    assert not_understood(said) and aside_kind(said) == "question"


@pytest.mark.parametrize("said", [
    # Guards: a word of the PM's asked about, an answer that says what it means, and a real answer.
    "what do you mean by why now?",
    "no, I mean the cafés",
    "what do you mean, we already have whatsapp?",
    "I don't understand why people pay so much for it",
    "i dont know",
])
def test_an_answer_or_a_word_asked_about_is_not_a_question_not_understood(said: str) -> None:
    assert not not_understood(said)


def test_the_pm_says_what_it_meant_and_asks_again_files_nothing(tmp_path) -> None:
    # kennel-italian: "what do you mean with this question?" to the metric question was answered "I don't know yet"
    # and "I don't understand" became the success target.
    replies, summary = talk(tmp_path, "I want an app for reservations at my dog hotel in Cardiff",
                            "The owners of dogs in Cardiff who go in holiday, more or less 300 clients",
                            "I confuse the dates because the messages arrive in three places",
                            "Phone, Facebook Messenger, WhatsApp, and a agenda of paper on the desk",
                            "Reservation online with the free boxes for each day and a confirmation message")
    assert "metric" in replies[-1] or "number" in replies[-1]
    replies, summary = talk(tmp_path, "Scusi, what do you mean with this question? I don't understand")
    assert summary.success_metric == ""
    assert "I don't know yet" not in replies[-1] and "one number you'd watch" in replies[-1]
    assert "?" in replies[-1]
