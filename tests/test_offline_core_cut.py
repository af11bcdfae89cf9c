"""Found by hand in the TUI (2026-11-27): the founder cut the feature the proposal had built Phase 1 around ("Cut the
weekly streak, nurses only need to log a habit and get reminders"), and the spec still said "Phase 1: MVP: See a weekly
streak", "The core flow (see a weekly streak) works end to end", and the social feed was cut because nurses did not
"need it for see a weekly streak" — a plan built around a feature that is not in it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pmtui.config import Config
from pmtui.models import ScopingOutput
from pmtui.product.orchestrator import Orchestrator
from pmtui.store import Store
from tests.fixtures.tui import NURSE_ANSWERS


def scope_after(tmp_path: Path, *argue: str) -> tuple[ScopingOutput, ScopingOutput, str]:
    """The proposal, the scope after the argue-back lines ("{core}" is the proposal's core feature), and the spec
    once agreed."""

    async def run() -> tuple[ScopingOutput, ScopingOutput, str]:
        store = Store(tmp_path / "pm.db")
        try:
            orchestrator = Orchestrator(store, Config(offline=True))
            project_id = orchestrator.open_project("Nurse habits").project_id
            for line in [*NURSE_ANSWERS, "looks right"]:
                await orchestrator.handle(project_id, line)
            proposed = orchestrator.state(project_id).scoping_output
            assert proposed is not None
            core = proposed.implementation_phases[0].name.removeprefix("MVP: ")
            for line in argue:
                await orchestrator.handle(project_id, line.format(core=core.lower()))
            after = orchestrator.state(project_id).scoping_output
            await orchestrator.handle(project_id, "agreed")
            spec = orchestrator.state(project_id).spec_markdown
            assert proposed is not None and after is not None
            return proposed, after, spec
        finally:
            store.close()

    return asyncio.run(run())


def test_cutting_the_core_feature_renames_the_phases_and_reasons_built_on_it(tmp_path: Path) -> None:
    proposed, after, spec = scope_after(tmp_path, "Cut {core}, it can wait for the second version.")
    old = proposed.implementation_phases[0].name.removeprefix("MVP: ")  # the proposal's core, which the founder cuts
    assert old not in [f.name for f in after.mvp_features if f.phase == 1], [f.name for f in after.mvp_features]
    phase1 = after.implementation_phases[0]
    assert phase1.name.removeprefix("MVP: ") in [f.name for f in after.mvp_features if f.phase == 1]
    texts = [p.name for p in after.implementation_phases] + [p.goal for p in after.implementation_phases] + [
        c.reason for c in after.cut_features if "argue-back" not in c.reason]
    assert not [text for text in texts if old.lower() in text.lower()], texts
    assert f"Phase 1: {phase1.name}" in spec and f"MVP: {old}" not in spec


def test_a_cut_that_leaves_the_core_alone_leaves_the_phases_alone(tmp_path: Path) -> None:
    proposed, after, _ = scope_after(tmp_path, "Cut the social feed.")
    assert [p.name for p in after.implementation_phases][:2] == [p.name for p in proposed.implementation_phases][:2]
