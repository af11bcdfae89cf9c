"""The final release gate of a run (seed 003 §7), driven once the task queue is finished.

Full tests, lint, typecheck, build and migration checks on the plan branch; a failure opens
remediation tasks and re-enters the loop (at most MAX_REMEDIATION_ROUNDS times, then the human
decides); the risk audit and the completeness check ask the human where they must; the release
manifest is written and committed, and the handoff summary closes the run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from pmtui.delivery import git_ops
from pmtui.delivery.commit_check import refuse_staged
from pmtui.delivery.escalations import Escalations
from pmtui.delivery.plan import PlanTask
from pmtui.delivery.prewarm import PREWARM
from pmtui.delivery.run_context import RunContext, RunOutcome
from pmtui.delivery.task_gates import gate_line
from pmtui.models.delivery import Risk
from pmtui.models.states import IssueState

MAX_REMEDIATION_ROUNDS = 2
RELEASE_GATE_TIMEOUT_S = 300.0


class ReleaseStage:
    """Runs the release gate and its escalations; `add_tasks` plans remediation tasks into the run."""

    def __init__(self, ctx: RunContext, escalations: Escalations, add_tasks: Callable[[list[PlanTask]], None],
                 gate_timeout_s: float | None) -> None:
        self.ctx = ctx
        self.escalations = escalations
        self.add_tasks = add_tasks
        self.gate_timeout_s = gate_timeout_s

    async def release(self, remediation_round: int, no_wait: bool) -> RunOutcome | int:
        """The final release gate; a new remediation round number when it re-enters the loop."""
        from pmtui.delivery import release

        await PREWARM.ready("yaml")  # the manifest's writer, imported beside the run (prewarm.py)
        ctx = self.ctx
        assert ctx.plan is not None
        tasks = ctx.dstore.tasks(ctx.run_id)
        unfinished = [t for t in tasks if t.state is not IssueState.COMPLETED]
        if unfinished:
            names = ", ".join(f"{t.task_id} ({t.state.value})" for t in unfinished)
            ctx.dstore.set_run_state(ctx.run_id, "failed", f"tasks not completed: {names}")
            return RunOutcome("failed", "failed", ctx.run_id,
                              message=f"delivery stopped: {len(unfinished)} task(s) not completed: {names}")
        run = ctx.dstore.get_run(ctx.run_id)
        ctx.say("release", "final release gate: full tests, lint, typecheck, build, migrations")
        changed = await asyncio.to_thread(release.changed_since, ctx.root, run.baseline_sha, ctx.plan_branch)
        await asyncio.to_thread(ctx.git_as_found)
        gate = await release.run_release_gate(
            ctx.root, ctx.plan.environment, self.gate_timeout_s or RELEASE_GATE_TIMEOUT_S, changed_files=changed,
        )
        # The full suite runs the plan branch's code in the user's checkout: what it did to the git metadata and
        # refs is put back, and the release stops before pmtui commits anything there (fail closed).
        undone = await asyncio.to_thread(ctx.put_back_git, ctx.root, "the release gate's commands")
        if undone:
            return self._tampered(undone)
        ctx.say("gate", "release gate: " + gate_line(gate.checks))
        for risk in gate.risks:
            ctx.dstore.add_risk(ctx.run_id, risk)
        if not gate.passed:
            failing = "; ".join(f"{g.gate}: {(g.evidence or [''])[0]}" for g in gate.failing())
            if remediation_round >= MAX_REMEDIATION_ROUNDS:
                answer = await self._ask(
                    f"the final release gate still fails after {remediation_round} remediation round(s): {failing}",
                    ["Release anyway: accept the failing checks", "Stop: mark the run failed"], no_wait)
                if isinstance(answer, RunOutcome):
                    return answer
                if answer != 1:
                    return self._stop()
                self._accept("RELEASE-GATE", f"released with failing release checks: {failing}")
            else:
                new = release.remediation_tasks(gate, ctx.plan, [t.task_id for t in tasks])
                self.add_tasks(new)
                ctx.say("release", f"release gate failed ({failing}); remediation: "
                        + ", ".join(f"{t.id} {t.title}" for t in new))
                return remediation_round + 1
        for escalation in release.risk_audit(ctx.dstore.risks(ctx.run_id), tasks):
            answer = await self.escalations.ask_run(escalation.problem, list(escalation.options), "risk",
                                                    escalation.recommended, no_wait, impact=escalation.impact)
            if isinstance(answer, RunOutcome):
                return answer
            status = release.risk_answer(answer)
            risk_id = release.risk_id_of(escalation)
            if status is None:
                return self._stop()
            if risk_id:
                ctx.dstore.update_risk(ctx.run_id, risk_id, status=status)
        trace = release.criteria_trace_from_store(ctx.dstore, ctx.run_id, ctx.root)
        todos = await asyncio.to_thread(release.release_todos, ctx.root, run.baseline_sha, ctx.plan_branch)
        problems = release.completeness_check(ctx.dstore.tasks(ctx.run_id), trace, todos)
        if problems:
            answer = await self._ask("completeness check: " + "; ".join(problems),
                                     ["Release anyway: the gaps are known", "Stop: mark the run failed"], no_wait)
            if isinstance(answer, RunOutcome):
                return answer
            if answer != 1:
                return self._stop()
            self._accept("COMPLETENESS", "released with known gaps: " + "; ".join(problems))
        manifest = release.manifest_from_store(ctx.dstore, ctx.run_id, gate, repo=ctx.root, criteria_trace=trace)
        rel = release.manifest_path(manifest.release_label or manifest.plan_id)
        try:
            if await asyncio.to_thread(self._manifest_committed, rel, run.baseline_sha):
                # Killed between the manifest's commit and its record: that commit is the release, as it was.
                manifest = release.load_manifest(ctx.root / rel).model_copy(
                    update={"release_label": manifest.release_label})
            else:
                release.write_manifest(ctx.root, manifest)
                await asyncio.to_thread(self._commit_manifest, rel)
        except git_ops.CommitRefused as refused:
            # Never committed as it is: the manifest stays in the tree, uncommitted, and the run says why.
            ctx.dstore.set_run_state(ctx.run_id, "failed", str(refused))
            return RunOutcome("failed", "failed", ctx.run_id, message=f"{refused} ({rel} is left uncommitted)")
        ctx.dstore.record_release(ctx.run_id, rel)
        run = ctx.dstore.get_run(ctx.run_id)
        handoff = release.handoff_summary(run.plan_name or run.plan_id, manifest, run.plan_branch, run.start_branch,
                                          len(ctx.dstore.commits(ctx.run_id)))
        ctx.dstore.add_progress_report(ctx.run_id, "release", handoff)
        ctx.say("release", handoff)
        return RunOutcome("released", "released", ctx.run_id, message=f"released: {rel}", handoff=handoff)

    async def _ask(self, problem: str, options: list[str], no_wait: bool) -> int | RunOutcome:
        return await self.escalations.ask_run(problem, options, "release", 2, no_wait)

    def _accept(self, risk_id: str, description: str) -> None:
        """A release the human let through despite a failing check is an accepted risk, listed as one."""
        ctx = self.ctx
        ctx.dstore.add_risk(ctx.run_id, Risk(id=risk_id, description=description, severity="critical",
                                             status="accepted", source_task="release"))

    def _tampered(self, undone: list[str]) -> RunOutcome:
        ctx = self.ctx
        reason = ("the release gate's commands changed the repository's git config, hooks or refs, which pmtui put "
                  "back: " + "; ".join(undone[:4]) + ". The plan branch's own code (its tests or build) does this "
                  "when it runs: review it before merging; nothing was released")
        ctx.say("gate", "release gate: FAILED — " + reason)
        ctx.dstore.set_run_state(ctx.run_id, "failed", reason)
        return RunOutcome("failed", "failed", ctx.run_id, message=f"delivery stopped: {reason}")

    def _stop(self) -> RunOutcome:
        ctx = self.ctx
        ctx.dstore.set_run_state(ctx.run_id, "failed", "the human stopped the release")
        return RunOutcome("failed", "failed", ctx.run_id, message="the human stopped the release")

    def _manifest_committed(self, rel: str, baseline: str) -> bool:
        """The plan branch's HEAD is already this plan's manifest commit, made by this run (a process killed
        after committing it): its file is put back as committed, and no second manifest commit is made."""
        ctx = self.ctx
        assert ctx.plan is not None
        head, message = git_ops.run_git(ctx.root, "log", "-1", "--format=%H%n%B").partition("\n")[::2]
        if head == baseline or f"Refs: release-{ctx.label or ctx.plan.plan_id}" not in message:
            return False
        git_ops.run_git(ctx.root, "checkout", "HEAD", "--", rel)
        return True

    def _commit_manifest(self, rel: str) -> None:
        ctx = self.ctx
        assert ctx.plan is not None
        if not git_ops.run_git(ctx.root, "status", "--porcelain", git_ops.IGNORE_NESTED, "--", rel).strip():
            return
        git_ops.run_git(ctx.root, "add", "--force", "--", rel)
        refuse_staged(ctx.root, "the release manifest's commit")
        label = ctx.label or ctx.plan.plan_id
        message = f"docs(release): release manifest for {label}\n\nRefs: release-{label}\n"
        git_ops.run_git(ctx.root, "commit", "--quiet", "-m", message)
        head = git_ops.head(ctx.root)[0]
        ctx.dstore.set_run_fields(ctx.run_id, current_sha=head)
