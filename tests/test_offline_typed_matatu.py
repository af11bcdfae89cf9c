"""A founder typed in by hand (2026-11-27), through the TUI at 80x24: a Nairobi matatu SACCO whose conductors
collect fares in cash, in Kenyan English and chat style ("so um basically", "lol", "hasnt"). Each test is built
from the founder's own sentence, which the engine before it got wrong.
"""

from __future__ import annotations

from pathlib import Path

from pmtui.models import DiscoverySummary
from pmtui.product.brains.offline.discovery.asides import number_correction
from pmtui.product.brains.offline.discovery.clues import detect
from tests.fixtures.offline_talk import talk as offline_talk

OPENING = (
    "so um basically we run 12 matatus in nairobi and the conductors collect fares in cash, sacco owners never know "
    "what came in. want an app where conductors log each trip fare and owners see daily totals per vehicle"
)
WHO = (
    "the conductors first, about 24 of them, two per matatu. owners second. right now its a paper book and whatsapp "
    "voice notes lol. why now: two conductors vanished with a weeks takings last month"
)
THREE_ANSWERS = (
    "if owners check it daily and no more missing cash, say 10 saccos using it by march. we'd charge KSh 500 per "
    "matatu a month. must work on cheap android phones with bad network"
)


def talk(tmp_path: Path, *lines: str) -> tuple[list[str], DiscoverySummary]:
    return offline_talk(tmp_path, *lines, project="matatu")


def test_one_message_answering_the_metric_the_price_and_the_limits_files_all_three(tmp_path: Path) -> None:
    """"say 10 saccos" is a hedge, not "make it 10": the message was taken as a correction, only its price was
    filed (as if it put a number right), and the metric and the limits were lost."""
    replies, summary = talk(tmp_path, OPENING, WHO, THREE_ANSWERS)
    assert "10 saccos using it by march" in summary.success_metric
    assert summary.revenue_model == "we'd charge KSh 500 per matatu a month"
    assert summary.constraints == "must work on cheap android phones with bad network"
    assert not replies[-1].startswith("Corrected")


def test_a_hedge_in_one_sentence_makes_no_other_sentences_number_a_correction() -> None:
    before = DiscoverySummary(core_problem="we run 12 matatus and cash goes missing", target_user="conductors")
    assert number_correction(before, THREE_ANSWERS) is None
    # A correction still reaches its number in the next sentence, when its own sentence names only the old one.
    kegs = DiscoverySummary(constraints="me and a mate, 8 wks")
    assert number_correction(kegs, "oops not 8 wks. 10 wks") == ("constraints", "me and a mate, 10 wks")


def test_prices_in_other_currencies_are_prices() -> None:
    """KSh, shillings, rand, rupees: only $, € and £ were prices, so "we'd charge KSh 500 per matatu a month" read as
    a target (a number next to a count) and went to the metric."""
    for price in ("we'd charge KSh 500 per matatu a month", "we will charge 500 shillings per matatu a month",
                  "R299 a month per salon", "Rs 200 per student per year"):
        clues = detect(price, price, False)
        assert "revenue_model" in clues and "success_metric" not in clues, (price, clues)


def test_money_paid_between_others_or_for_an_input_is_no_price_of_ours() -> None:
    for today in ("They pay daily to the owner, 15,000 shillings a day, and the records are in a small book",
                  "Diesel is over R22 a litre, so every wasted trip hurts"):
        assert "revenue_model" not in detect(today, today, False), today


def test_todays_way_is_filed_without_its_and_without_the_laugh(tmp_path: Path) -> None:
    """"right now its a paper book and whatsapp voice notes lol" became the spec's "Today they use: its a paper book
    and whatsapp voice notes lol"."""
    _, summary = talk(tmp_path, OPENING, WHO)
    assert summary.current_alternatives == "a paper book and whatsapp voice notes"


def test_how_many_of_them_stays_with_the_people_and_sets_the_reach(tmp_path: Path) -> None:
    """"the conductors first, about 24 of them, two per matatu" kept "conductors" and lost the 24, so reach fell back to
    an assumed 1,000 conductors a quarter."""
    from pmtui.product.brains.offline.scoping.terms import user_count

    _, summary = talk(tmp_path, OPENING, WHO)
    assert summary.target_user.startswith("conductors (about 24 of them)")
    assert user_count(summary) == (24.0, "24 conductors")
    assert user_count(DiscoverySummary(target_user="the crew, 12 of us")) == (12.0, "12 crew")


def test_the_reply_to_who_quotes_every_group_and_says_now_once(tmp_path: Path) -> None:
    """The reply to "the conductors first, … owners second. … why now: …" said 'The why now now reads …' and 'that's
    who it's for: "owners"', the group added last, as if the conductors were gone."""
    replies, _ = talk(tmp_path, OPENING, WHO)
    assert '"conductors and owners"' in replies[-1]
    assert "why now now" not in replies[-1].lower()


def test_a_row_named_from_the_problem_keeps_the_verbs_last_word() -> None:
    """"sacco owners never know what came in" gave the row "See what came": the "in" of "came in" was cut as if it
    dangled. Only a name cut short, or one ending on a joining word, loses its last word."""
    from pmtui.product.brains.offline.scoping.derive import derive

    summary = DiscoverySummary(core_problem="the conductors collect fares in cash, sacco owners never know what came in")
    assert "See what came in" in [d.name for d in derive(summary)]
