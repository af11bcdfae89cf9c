"""Round 11 of the offline engine: classes found with held-out set 14 (written and measured before the round) and the
older sets' leftovers.

Each test is built from a real sentence that the engine before round 11 got wrong.
"""

from __future__ import annotations

import pytest

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.asides import aside_kind, aside_reply, number_correction
from pmtui.product.brains.offline.discovery.phrasing import ASIDE_ANSWERS
from pmtui.product.brains.offline.scoping.requests import parse_requests


@pytest.mark.parametrize(("said", "expected"), [
    # water-terse (held-out 14): "couldnt daily total wait" was no request, the round held.
    ("credit list ph1 pls. couldnt daily total wait", [("promote", "credit list"), ("defer", "daily total")]),
    # maple-pivoter: "Couldn't the season log wait?" was a question about nothing.
    ("Couldn't the season log wait? And the leak alert by text is the main thing, put it first please.",
     [("defer", "season log"), ("promote", "leak alert by text"), ("promote", "leak alert by text")]),
    # hay-texan: the wait was read as part of the cut before it, and "why's the marketplace cut?" added a row named
    # "Why's the marketplace cut".
    (("Hold on now, why's the marketplace cut? That's where the money is. Put it back in. The drone, fine, cut it, and "
     "couldn't the weather alerts wait a while?"),
     [("promote", "marketplace"), ("cut", "drone"), ("defer", "weather alerts")]),
    # hay-pivoter: "Why isn't it in phase 1?" about the row named before, and ", couldn't that wait" of the row before it.
    (("The return-load board, that's the clever bit, isn't it? Why isn't it in phase 1? And proof of delivery with a "
     "photo, couldn't that wait, the growers trust the transporters they know."),
     [("promote", "return-load board"), ("defer", "proof of delivery with a photo")]),
    # sheepdog-irish: "Couldn't X be half a week?" set no effort; "do we really need X at all?" added X.
    ("Couldn't the results to the ISDS be half a week? It's just a CSV they want.", [("effort", "results to the ISDS")]),
    (("Why is the judge scoring only in phase 2? The wet sheets are the whole problem. And do we really need the "
     "leaderboard at all? Cut it."), [("promote", "judge scoring only"), ("cut", "leaderboard"), ("cut", "leaderboard")]),
    # salvage-trini: "Why you have X below the line?" then a remark about what mechanics do: "Put it in phase 1" added
    # the remark "Mechanics does call to hold all the time" as a row.
    (("Why you have the hold a part thing below the line? Mechanics does call to hold all the time. Put it in phase 1. "
     "And the sales record, do we really need that in phase 1? Push it back."),
     [("promote", "hold a part"), ("defer", "sales record")]),
    ("The photos of the part, that is a lot of work for Ramesh, couldn't it be smaller, one photo only?",
     [("effort", "photos of the part")]),
    # maple-quebec: "can you make it more small?" named a row "it more".
    ("Also, the barrels with the grade, can you make it more small? Only the number of barrels and the grade letter.",
     [("effort", "barrels with the grade")]),
    # lechon-filipino: Taglish "pwede later na?" and the polite "po".
    ("The reminder the day before, pwede later na? The downpayment record is more important, that one first po.",
     [("defer", "reminder the day before"), ("promote", "downpayment record")]),
    # hay-texan: "Merge 'em."
    ("And the truck scheduling and the online ordering, ain't that one thing really? Merge 'em.",
     [("merge", "truck scheduling and the online ordering")]),
    # durian-clear: "X are more than we need for phase 1" added a row named "For phase 1".
    ("Pick-up time slots are more than we need for phase 1, couldn't it just be tonight or tomorrow? Make it smaller.",
     [("effort", "Pick-up time slots")]),
])
def test_argue_back_asked_as_a_question_is_the_request_it_asks_for(said: str, expected: list[tuple[str, str]]) -> None:
    assert [(r.kind, r.what) for r in parse_requests(said)] == expected


def test_a_restated_question_keeps_its_effort_and_asks_nothing_else() -> None:
    # fishfarm-bangla (held-out 9) kept: "the warning if no feed, can it be 2 days only?" is 2 days for that row.
    requests = parse_requests("Also one thing, the warning if no feed, can it be 2 days only?")
    assert [(r.kind, r.what, r.weeks) for r in requests] == [("effort", "warning if no feed", 0.4)]
    assert [(r.kind, r.what, r.weeks) for r in parse_requests("Couldn't the results to the ISDS be half a week?")] == [
        ("effort", "results to the ISDS", 0.5)]


@pytest.mark.parametrize("said", [
    "and can I ask what does reach mean here?",
    "Can you explain why the map is in phase 2?",
    "could we talk about the price later?",
])
def test_a_question_that_asks_for_no_change_stays_a_question(said: str) -> None:
    assert parse_requests(said) == []


@pytest.mark.parametrize(("metric", "said", "expected"), [
    # durian-malaysian (held-out 14): said right after the metric, the correction in words changed nothing and
    # "fifty" stayed.
    ("fifty stalls by next season", "sorry not fifty, thirty stalls more real lah", "thirty stalls by next season"),
    ("twenty-five clubs in a year", "not twenty-five, forty clubs", "forty clubs in a year"),
    # In digits it already worked; it still does.
    ("50 stalls by next season", "sorry not 50, 30 stalls", "30 stalls by next season"),
])
def test_a_number_corrected_in_words_is_put_right_in_words(metric: str, said: str, expected: str) -> None:
    summary = DiscoverySummary(success_metric=metric, constraints="me n my bro. 2 mths")
    assert number_correction(summary, said) == ("success_metric", expected)


@pytest.mark.parametrize(("said", "kind"), [
    # rickshaw-dhaka: the question back, announced after the form of address, was filed as the why-now.
    ("Bhai one question, this type of app is already there in Bangladesh or not?", "question"),
    # salvage-trini: the interruption in Trinidadian English was filed as the price (TT$3,000).
    ("Hold on, a fella just drive in with a whole Sentra on a tow truck, that's TT$3,000 I have to find, one sec",
     "off_topic"),
    # Guards: answers stay answers.
    ("Orders come on Messenger and text, we forget the pick-up time", ""),
    ("mechanics just drive in and ask for parts", ""),
])
def test_asides_said_their_own_way(said: str, kind: str) -> None:
    assert aside_kind(said) == kind


def test_a_question_about_apps_already_there_is_answered_about_comparables() -> None:
    reply = aside_reply("Bhai one question, this type of app is already there in Bangladesh or not?", "why_now")
    assert ASIDE_ANSWERS["comparables"] in reply
