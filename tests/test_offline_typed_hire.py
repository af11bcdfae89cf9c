"""A tool-hire founder in Leeds, typed by hand through `pmtui chat` (2026-11-27), and the nurses' answers read again:
each defect found became a class with a test from the founder's own sentence."""

from __future__ import annotations

from pathlib import Path

from tests.fixtures.offline_talk import talk

HIRE = [
    ("so basically i run a small tool hire shop in leeds and i want an app where tradies can book kit online instead "
    "of ringing me"),
    ("mostly small builders and plasterers, maybe 150 regulars, they ring at 7am and i cant answer everyone while im "
    "loading vans"),
    "right now its a paper diary and a whiteboard, and we double book the mixers all the time",
    "book a tool for given days, see whats free, and get a text when its ready to collect. deposits would be nice too",
]


def test_a_wish_followed_by_would_be_nice_is_a_nice_to_have_of_that_wish(tmp_path: Path) -> None:
    """"deposits would be nice too" was filed as a wish "Be nice"; later "deposits can wait" found no row."""
    _, summary = talk(tmp_path, *HIRE)
    assert "Deposits (nice to have)" in summary.feature_wishlist
    assert not [item for item in summary.feature_wishlist if item.lower().startswith("be ")]


def test_other_ways_of_saying_it_would_be_nice(tmp_path: Path) -> None:
    _, summary = talk(tmp_path, "a booking app for my barber shop in Cardiff",
                      "walk-in customers, mostly lads on their lunch break, about 80 a week",
                      "they hate waiting and half of them walk off when the queue is long",
                      "they just turn up, or ring me while I'm cutting",
                      "book a slot, and a loyalty card would be handy as well")
    assert "Loyalty card (nice to have)" in summary.feature_wishlist, summary.feature_wishlist
    assert "Book a slot" in summary.feature_wishlist


def test_asked_what_goes_wrong_people_who_suffer_it_is_the_answer(tmp_path: Path) -> None:
    """Asked what goes wrong, "Hospital nurses on rotating 12-hour shifts, about 300 per hospital, who skip water and
    breaks" was taken as who it is for only; the PM asked the same question again, then filed today's apps as both
    the problem and today's way."""
    replies, summary = talk(
        tmp_path,
        "A habit tracker for busy nurses so they keep small healthy habits during rotating shifts.",
        "Hospital nurses on rotating 12-hour shifts, about 300 per hospital, who skip water and breaks.",
        "Today they use paper notes or generic apps like Streaks that assume a nine-to-five day.",
    )
    assert "skip water and breaks" in summary.core_problem
    assert summary.target_user == "Hospital nurses on rotating 12-hour shifts"
    assert "actual problem" not in replies[1]  # not asked again
    assert summary.core_problem != summary.current_alternatives


def test_people_named_only_to_say_which_ones_are_not_a_problem(tmp_path: Path) -> None:
    _, summary = talk(tmp_path, "an app for night-shift nurses",
                      "ICU nurses who work nights on the weekend rota, about 40 of them")
    assert "work nights" not in summary.core_problem


def test_the_spec_does_not_say_today_they_use_twice(tmp_path: Path) -> None:
    """Seen in the TUI's spec (2026-11-27): "**Today they use:** Today they use paper notes or generic apps…"."""
    import asyncio

    from pmtui.config import Config
    from pmtui.product.orchestrator import Orchestrator
    from pmtui.store import Store
    from tests.fixtures.tui import NURSE_ANSWERS

    async def spec() -> str:
        store = Store(tmp_path / "spec.db")
        try:
            orchestrator = Orchestrator(store, Config(offline=True))
            project_id = orchestrator.open_project("Nurse habits").project_id
            for line in [*NURSE_ANSWERS, "looks right", "agreed"]:
                await orchestrator.handle(project_id, line)
            return orchestrator.state(project_id).spec_markdown
        finally:
            store.close()

    text = asyncio.run(spec())
    assert "**Today they use:** Paper notes or generic apps like Streaks that assume a nine-to-five day" in text
    assert "Today they use: Today they use" not in text.replace("**", "")


def test_a_pitch_wish_on_the_shops_stock_in_general_is_the_lists_wish_on_one_item(tmp_path: Path) -> None:
    """"tradies can book kit online" (the pitch) and "book a tool for given days" (the list) are one booking: the
    scope had two Phase-1 rows, and a core flow "Book a tool for given days → Book kit online"."""
    _, summary = talk(tmp_path, *HIRE)
    booking = [item for item in summary.feature_wishlist if item.lower().startswith("book")]
    assert booking == ["Book a tool for given days"], summary.feature_wishlist
    assert summary.feature_wishlist[0] == "Book a tool for given days"


def test_the_same_doing_on_a_general_word_for_the_goods(tmp_path: Path) -> None:
    """The same class in another trade: "book gear online" in the pitch, "book a board by the hour" in the list."""
    _, summary = talk(tmp_path, ("i run a surf shop in newquay and i want an app where people can book gear online "
                                 "instead of queuing"),
                      "tourists and day trippers, about 200 a week in summer",
                      "they turn up and everything is already out, so they leave",
                      "they just walk in and hope",
                      "book a board by the hour, pay on the phone, and see the tide times")
    booking = [item for item in summary.feature_wishlist if item.lower().startswith("book")]
    assert booking == ["Book a board by the hour"], summary.feature_wishlist


def test_two_specific_things_with_the_same_doing_stay_two_wishes(tmp_path: Path) -> None:
    """"book a table" and "book a private room" are two bookings, neither a general word for the other; "Book a table
    at my restaurant in Bristol" (the pitch) and "book a table" (the list) are one."""
    _, summary = talk(tmp_path, "an app so diners can book a table at my restaurant in Bristol",
                      "couples and small groups, about 300 covers a week",
                      "people ring when we are slammed and nobody answers",
                      "the phone and a paper book",
                      "book a table, book a private room for parties, and pre-order drinks")
    assert "Book a private room for parties" in summary.feature_wishlist, summary.feature_wishlist
    assert [item for item in summary.feature_wishlist if item.startswith("Book a table")] == ["Book a table"]


def test_one_doing_reads_the_doing_and_what_it_is_done_to() -> None:
    from pmtui.product.brains.offline.discovery.wishlist import one_doing

    assert one_doing("Book kit online", "Book a tool for given days")
    assert one_doing("Book a table at my restaurant in Bristol", "Book a table")
    assert not one_doing("Book a table", "Book a private room for parties")
    assert not one_doing("See whats free", "See the tide times")  # a question word is no object
    assert not one_doing("Pay online", "Pay a deposit")  # a channel is no object
    assert not one_doing("Book kit online", "Return a board")  # another doing
    # One doing in other words (doings.same_doing): renting a board is booking kit; ordering a table is not booking it.
    assert one_doing("Book kit online", "Rent a board")
    assert not one_doing("Book a table", "Order a table")


def test_the_founder_speaking_after_who_ends_who_and_an_age_range_is_no_count(tmp_path: Path) -> None:
    """From the Glasgow driving instructor `pm13` typed (2026-11-27): "learner drivers, mostly 17 to 20, I've got about 35
    on the go at one time" was filed whole as who it is for, and the scope's reach read "17 to" as 17 users."""
    from pmtui.product.brains.offline.scoping.terms import user_count

    _, summary = talk(tmp_path, "an app for my driving school in glasgow so learners can book lessons",
                      "learner drivers, mostly 17 to 20, I've got about 35 on the go at one time")
    assert summary.target_user == "learner drivers, mostly 17 to 20 (about 35 on the go)"
    assert user_count(summary) is not None and user_count(summary)[0] == 35
