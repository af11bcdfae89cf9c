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
