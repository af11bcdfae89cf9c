"""A paying-guest hostel owner in Koramangala, Bengaluru, typed by hand through `pmtui chat` (2026-11-27, round 12 of
the typed founders), in Indian English: each defect found became a class with a test from his own sentence."""

from __future__ import annotations

from pathlib import Path

from pmtui.product.brains.offline.discovery.text import short
from tests.fixtures.offline_talk import talk

PG = [
    ("Hello, I am running 3 PG hostels in Koramangala for working professionals, I want one app for rent collection "
     "and complaint tracking, kindly help me plan it"),
    "Tenants are mostly IT freshers aged 22 to 28, total around 140 beds across the 3 PGs",
    ("Every month first week I am chasing 40-50 people for rent on phone, and complaints like AC not working, wifi "
     "issue are getting lost in WhatsApp group only"),
    "Presently we are maintaining one Excel sheet for rent and complaints are coming on WhatsApp group",
    "Rent reminder with UPI link, complaint raise with photo, warden can update status, monthly rent report for me",
    "By 3 months, 90% rent should come before 5th of the month without calling",
]


def test_a_target_is_quoted_by_what_it_counts_not_by_when(tmp_path: Path) -> None:
    """The PM said '"By 3 months" — that's the success target I'll hold the scope to.'"""
    replies, summary = talk(tmp_path, *PG)
    assert '"By 3 months"' not in replies[-1], replies[-1]
    assert "90% rent" in replies[-1], replies[-1]
    assert summary.success_metric.startswith("By 3 months, 90% rent")


def test_a_first_clause_that_only_says_by_when_is_no_quote() -> None:
    assert short("In 6 weeks, 40 shops using it", 8) == "In 6 weeks, 40 shops using it"
    assert short("cut the no-shows to under 5 a month, by winter", 8) == "cut the no-shows to under 5 a month"


def test_the_owners_own_wish_is_not_cut_because_the_tenants_do_not_need_it(tmp_path: Path) -> None:
    """Noticed by `pm13`: the cut reason for "monthly rent report for me" said "no evidence your freshers need it"."""
    import asyncio

    from pmtui.config import Config
    from pmtui.product.orchestrator import Orchestrator
    from pmtui.store import Store

    async def cuts() -> list[str]:
        store = Store(tmp_path / "pg.db")
        try:
            orchestrator = Orchestrator(store, Config(offline=True))
            project_id = orchestrator.open_project("PG").project_id
            for line in [*PG, "rent we take 9000 per bed monthly", "me and my brother, 2 months, android first",
                         "UPI autopay became normal now", "yes"]:
                await orchestrator.handle(project_id, line)
            output = orchestrator.state(project_id).scoping_output
            assert output is not None
            return [cut.reason for cut in output.cut_features if "for me" in cut.name.lower()]
        finally:
            store.close()

    [reason] = asyncio.run(cuts())
    assert reason.startswith("Monthly rent report for me: it is for you, not for your "), reason
    assert "no evidence your" not in reason
