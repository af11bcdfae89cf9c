"""Changing the scope after the spec is written (stop 29). The TUI said "start a new project to rescope" and the chat
answered every message with "This project is done": a founder who delivered a first release and wants one more
feature had no way to it but a new project, a new interview and a new repository. Now `s` on the spec screen, or a
change asked for in the chat, opens the agreed scope again; agreeing writes the spec and the plan anew, and Deliver on
the new plan builds on the release (tests/test_plan_revisions.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pmtui.app import PmtuiApp
from pmtui.config import Config
from pmtui.delivery.plan import parse_plan
from pmtui.product.orchestrator import Orchestrator
from pmtui.store import Store
from tests.fixtures.tui import open_on, say, scoped, screen_name, settle


async def test_s_on_the_spec_opens_the_scope_and_agreeing_writes_the_plan_again(tmp_path: Path) -> None:
    store = Store(tmp_path / "pmtui.db")
    app = PmtuiApp(store, Config(offline=True))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            project_id = await scoped(app)
            await app.orchestrator.agree_scope(project_id)
            await open_on(pilot, project_id)
            assert screen_name(app) == "SpecScreen"
            first_plan = app.orchestrator.state(project_id).plan_markdown
            assert "export" not in first_plan.lower()

            await pilot.press("s")
            await settle(pilot)
            assert screen_name(app) == "ScopingScreen"
            state = app.orchestrator.state(project_id)
            assert (state.phase, state.negotiation_rounds, state.scope_agreed) == ("scoping", 0, False)
            await say(pilot, "add an export of every habit log to CSV, the ward managers asked for it in all 6 "
                             "interviews we did")
            state = app.orchestrator.state(project_id)
            assert state.scoping_output is not None
            added = [f for f in state.scoping_output.mvp_features if "export" in f.name.lower()]
            assert added and added[0].phase == 1, [(f.name, f.phase) for f in state.scoping_output.mvp_features]

            await pilot.click("#agree")
            await settle(pilot)
            assert screen_name(app) == "SpecScreen"
            state = app.orchestrator.state(project_id)
            assert state.phase == "done" and state.plan_markdown != first_plan
            titles = [task.title.lower() for task in parse_plan(state.plan_markdown).tasks]
            assert any("export" in title for title in titles), titles
    finally:
        store.close()


def test_a_change_asked_for_in_the_chat_after_the_spec_opens_the_scope(tmp_path: Path) -> None:
    from tests.fixtures.offline_talk import interview

    answers = {
        "target_user": "dog walkers in Bristol, about 40 of them",
        "core_problem": "owners double book walks and walkers turn up to empty houses",
        "current_alternatives": "a shared Google calendar and texts",
        "feature_wishlist": "book a walk, see the walker's day, cancel a walk",
        "success_metric": "no double bookings in the first month",
        "revenue_model": "walkers pay 5 pounds a month",
        "constraints": "me, evenings, 6 weeks",
        "why_now": "more people got dogs since 2020",
    }
    replies, state = interview(tmp_path, "an app for booking dog walks", answers, then=("agreed",))
    assert state.phase == "done", replies[-1]
    replies, state = interview(tmp_path, "an app for booking dog walks", answers, project="again",
                               then=("agreed", "actually can we cut cancel a walk, the walkers handle that by text"))
    assert state.phase == "scoping", replies[-1]
    assert "The scope is open again" in replies[-1]
    assert state.scoping_output is not None
    assert not [f for f in state.scoping_output.mvp_features if f.name.lower().startswith("cancel")], replies[-1]


def test_a_question_after_the_spec_leaves_it_written(tmp_path: Path) -> None:
    from tests.fixtures.offline_talk import interview

    answers = {"target_user": "choir members", "core_problem": "nobody knows who has which score",
               "current_alternatives": "a paper list", "feature_wishlist": "lend a score, see who has it",
               "success_metric": "no lost scores this season", "revenue_model": "free",
               "constraints": "me, 4 weeks", "why_now": "we lost ten scores last year"}
    replies, state = interview(tmp_path, "a score library for our choir", answers, then=("agreed", "thanks!"))
    assert state.phase == "done"
    assert "To change the scope" in replies[-1]


def test_reopening_a_scope_not_yet_agreed_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "pmtui.db")
    try:
        orchestrator = Orchestrator(store, Config(offline=True))
        project_id = orchestrator.open_project("early").project_id
        result = asyncio.run(orchestrator.reopen_scope(project_id))
        assert result.error == "There is no agreed scope to reopen."
        assert orchestrator.state(project_id).phase == "discovery"
    finally:
        store.close()
