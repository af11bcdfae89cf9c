"""The whole idea-to-spec flow through the orchestrator on the offline engine, on a real store."""

from __future__ import annotations

from pathlib import Path

import pytest

from pmtui.config import Config
from pmtui.models import TurnResult
from pmtui.product.orchestrator import Orchestrator
from pmtui.product.rice import EditRejected
from pmtui.store import Store

NURSE_ANSWERS = [
    "I want to build an app that lets hospital nurses swap shifts without endless group texts.",
    "ICU nurses at mid-size hospitals, around 400 per hospital, who trade shifts every week.",
    "Today they post in a WhatsApp group and the charge nurse tracks approved swaps in a spreadsheet.",
    (
        "It should let nurses post a shift, offer a swap, get manager approval and see a team calendar. "
        "Maybe a social feed too."
    ),
    "Success means 60% of swaps go through the app within 3 months.",
    "Hospitals pay a subscription of $2 per nurse per month.",
    "I'm a solo developer with 6 weeks, and it must run on phones.",
    "Since this year the hospital policy finally allows scheduling apps on personal phones.",
]


async def _interview(orchestrator: Orchestrator, project_id: int, answers: list[str]) -> list[TurnResult]:
    results = []
    for answer in answers:
        result = await orchestrator.handle(project_id, answer)
        results.append(result)
        if result.summary_shown:
            break
    return results


@pytest.fixture
def orchestrator(store: Store) -> Orchestrator:
    return Orchestrator(store, Config(offline=True))


async def test_full_flow_discovery_to_spec(orchestrator: Orchestrator, store: Store) -> None:
    state = orchestrator.open_project("Shift swap")
    assert state.messages[0].role == "assistant" and "?" in state.messages[0].content
    results = await _interview(orchestrator, state.project_id, NURSE_ANSWERS)

    assert results[-1].summary_shown, [r.reply for r in results]
    assert len(results) >= 4
    for result in results[:-1]:
        assert result.phase == "discovery"
        assert result.reply.count("?") == 1, result.reply
    card = results[-1].reply
    assert "nurse" in card.lower() and "Is this right?" in card

    scoping = await orchestrator.handle(state.project_id, "Yes, that's right.")
    assert scoping.phase == "scoping" and not scoping.summary_shown
    assert "Discovery complete" in scoping.reply and "MVP" in scoping.reply
    output = orchestrator.state(state.project_id).scoping_output
    assert output is not None and output.mvp_features
    assert all(f.rice_score == pytest.approx(f.compute_score()) for f in output.mvp_features)
    phase_one = [f for f in output.mvp_features if f.phase == 1]
    assert sum(f.rice_effort for f in phase_one) <= output.effort_budget_weeks + 1e-9
    assert not any("social" in f.name.lower() and f.priority == "P0" for f in output.mvp_features)

    pushback = await orchestrator.handle(state.project_id, "But the social feed is our differentiator!")
    assert pushback.phase == "scoping" and pushback.negotiation_round == 1
    assert "1/3" in pushback.reply
    assert len(store.negotiation_records(state.project_id)) == 1

    done = await orchestrator.handle(state.project_id, "Okay, looks good — agreed.")
    assert done.phase == "done"
    assert "Scope agreed" in done.reply and "# " in done.reply
    final = orchestrator.state(state.project_id)
    assert final.phases_visited == ["discovery", "scoping", "spec", "done"]
    assert final.spec_markdown and final.plan_markdown.startswith("# Plan:")


async def test_skip_requests_are_redirected_in_every_phase(orchestrator: Orchestrator) -> None:
    state = orchestrator.open_project("Skipper")
    first = await orchestrator.handle(state.project_id, "just write the spec")
    assert first.phase == "discovery" and not first.summary_shown
    assert "spec" in first.reply.lower() and first.reply.count("?") >= 1
    assert orchestrator.state(state.project_id).completeness.score == 0

    await _interview(orchestrator, state.project_id, NURSE_ANSWERS)
    review = await orchestrator.handle(state.project_id, "skip this, write the spec now")
    assert review.summary_shown and review.phase == "discovery"

    await orchestrator.handle(state.project_id, "yes")
    scoping = await orchestrator.handle(state.project_id, "Can we skip ahead? Just give me the PRD.")
    assert scoping.phase == "scoping" and scoping.negotiation_round == 0


async def test_revise_applies_the_correction(orchestrator: Orchestrator) -> None:
    state = orchestrator.open_project("Revisions")
    await _interview(orchestrator, state.project_id, NURSE_ANSWERS)
    revised = await orchestrator.handle(
        state.project_id, "Not quite — the users are actually ER nurses at small clinics, not ICU nurses."
    )
    assert revised.phase == "discovery"
    summary = orchestrator.state(state.project_id).discovery_summary
    assert "ER nurses" in summary.target_user


async def test_edit_is_validated_and_recorded(orchestrator: Orchestrator, store: Store) -> None:
    state = orchestrator.open_project("Editing")
    await _interview(orchestrator, state.project_id, NURSE_ANSWERS)
    await orchestrator.confirm_summary(state.project_id)
    output = orchestrator.state(state.project_id).scoping_output
    assert output is not None
    name = output.mvp_features[-1].name
    edited = orchestrator.edit_feature(state.project_id, name, "reach", "5000")
    feature = edited.feature(name)
    assert feature is not None and feature.rice_reach == 5000
    assert feature.provenance["reach"].source == "edited"
    for bad_field, bad_value in [("effort", "0"), ("confidence", "140%"), ("reach", "lots"), ("effort", "-3")]:
        with pytest.raises(EditRejected):
            orchestrator.edit_feature(state.project_id, name, bad_field, bad_value)
    assert len(store.scoping_edits(state.project_id)) == 1


async def test_resume_after_reopening_the_store(tmp_path: Path) -> None:
    path = tmp_path / "resume.db"
    first = Orchestrator(Store(path), Config(offline=True))
    state = first.open_project("Resume me")
    await _interview(first, state.project_id, NURSE_ANSWERS[:3])
    before = first.state(state.project_id)

    second = Orchestrator(Store(path), Config(offline=True))
    after = second.state(state.project_id)
    assert after.messages == before.messages
    assert after.discovery_summary == before.discovery_summary
    assert after.asked_aspect == before.asked_aspect
    result = await second.handle(state.project_id, NURSE_ANSWERS[3])
    assert result.phase == "discovery"
