"""Integration: a reviewed task becomes one commit on the plan branch (seed 003 §6).

The commit is made once in the task's worktree (with its review artifact), then brought onto the
plan branch: fast-forwarded when the plan head has not moved, cherry-picked when it has, merged
for a high-blast-radius critical task (staged integration). Tasks that ran in parallel beyond the
low tier integrate in plan order, and one whose base moved is re-gated on the integrated tree
before the plan branch moves. A critical task earns a checkpoint tag. git work runs off the
event loop, so other slots go on while a task integrates.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import TYPE_CHECKING

from pmtui.delivery import gates, git_ops
from pmtui.delivery.commit_check import final_content_check
from pmtui.delivery.escalations import NO_ACCEPT_OPTIONS, Escalations
from pmtui.delivery.git_files import loose_commit
from pmtui.delivery.nodes import NODE_UNFIT_NOTE
from pmtui.delivery.release.criteria_trace import criteria_locations_from_gates
from pmtui.delivery.review import build_review_note, review_artifact_markdown, review_path
from pmtui.delivery.run_context import RunContext
from pmtui.delivery.store import TaskRecord
from pmtui.delivery.worktrees import WorktreePool

if TYPE_CHECKING:
    from git import Repo

_IN_TREE = re.compile(r"^attempt (\d+): committed ([0-9a-f]{40}) in its tree$")
from pmtui.models.delivery import GateResult, TaskContract
from pmtui.models.states import IssueState
from pmtui.redaction import clip, redact

S = IssueState
_HIGH_BLAST = re.compile(
    r"(^|/|\b)(auth\w*|login|oauth|session|billing|payments?|invoices?|stripe|migrations?|alembic|schema|"
    r"security|secrets?|infra\w*|terraform|k8s|helm|deploy\w*|docker\w*|\.github/workflows)(/|\.|\b|$)",
    re.IGNORECASE,
)
# Tiers whose tasks are re-gated when their base moved under them (low tasks are independent by rule).
REGATED_TIERS = frozenset({"normal", "critical"})


class IntegrationFailed(Exception):
    """The task's commit cannot go onto the plan branch as it is (a conflict or a failing re-gate)."""

    def __init__(self, message: str, evidence: list[str] | None = None) -> None:
        super().__init__(message)
        self.evidence = evidence or []


class Integration:
    """Commits reviewed tasks and brings them onto the plan branch, one at a time, in turn."""

    def __init__(self, ctx: RunContext, pool: WorktreePool, escalations: Escalations,
                 gate_timeout_s: float | None) -> None:
        self.ctx = ctx
        self.pool = pool
        self.escalations = escalations
        self.gate_timeout_s = gate_timeout_s
        self._lock = asyncio.Lock()
        self._turns: dict[str, tuple[int, int]] = {}  # task → (start sequence, plan position)
        self._started = 0
        self._turn = asyncio.Condition()

    # -- turns: parallel tasks beyond the low tier integrate in plan order -------------------------
    def expect(self, task_id: str, position: int) -> None:
        """A task now in flight: it integrates after the tasks already in flight that come before it
        in the plan. Tasks started after it never hold it back (a stream of later-started, earlier-
        placed tasks would otherwise starve it)."""
        self._started += 1
        self._turns[task_id] = (self._started, position)

    async def forget(self, task_id: str) -> None:
        """The task left the flight (done, failed or waiting for a human): later ones need not wait."""
        if self._turns.pop(task_id, None) is not None:
            async with self._turn:
                self._turn.notify_all()

    def _ahead_of(self, task_id: str) -> list[str]:
        started, position = self._turns[task_id]
        return [other for other, (s, p) in self._turns.items() if s < started and p < position]

    async def _wait_turn(self, task_id: str) -> None:
        if task_id not in self._turns:
            return
        async with self._turn:
            await self._turn.wait_for(lambda: not self._ahead_of(task_id))

    # -- the commit ---------------------------------------------------------------------------------
    async def commit(self, task: TaskRecord) -> bool:
        """Commit (once), bring onto the plan branch, tag a critical task, complete. False → state moved."""
        ctx = self.ctx
        assert ctx.plan is not None and task.contract is not None
        task_id = task.task_id
        merge = task.tier == "critical" and high_blast(task.contract)
        # A task this process moved into CREATING_PR has no commit yet, on the plan branch or in its tree:
        # only a task found in CREATING_PR after a restart is looked up.
        entered_here = ctx.facts(task_id).entered_pr
        # Killed after the commit was recorded (before the tag or the state move): that commit it is. A merged
        # task's `Refs:` commit is not the merge commit the plan branch records, so it is not searched for.
        recorded = None if entered_here else ctx.dstore.commit_for(ctx.run_id, task_id)
        sha = recorded.sha if recorded is not None else (
            None if entered_here else git_ops.find_task_commit(ctx.root, ctx.plan_branch, task_id, since=ctx.base_sha))
        if sha is None:
            tree = await self.pool.tree_for(task)
            sha = None if entered_here else (git_ops.find_task_commit(tree, "HEAD", task_id, since=ctx.base_sha)
                                             or self._committed_in_tree(task))
            parent = git_ops.head(tree)[0] if sha is None else None
            if sha is None:
                sha = await self._commit_in_tree(task, tree)
                if sha is None:
                    return False
            await self._wait_turn(task_id)
            try:
                async with self._lock:
                    sha = await self._bring_onto(task, tree, sha, parent, merge)
            except IntegrationFailed as failure:
                await self._integration_failed(task, failure)
                return False
        message = message_of(ctx.root, None, sha)
        ctx.dstore.record_commit(ctx.run_id, task_id, sha, ctx.plan_branch, message)
        ctx.say("commit", f"{task_id} committed {sha[:12]} on {ctx.plan_branch}: {message.splitlines()[0]}")
        head = ctx.plan_head()
        if head != sha:
            ctx.dstore.set_run_fields(ctx.run_id, current_sha=head)
        if task.tier == "critical":
            name = git_ops.tag_checkpoint(ctx.root, ctx.label or ctx.plan.plan_id, task_id, head)
            ctx.dstore.record_tag(ctx.run_id, name, head, task_id)
            ctx.say("tag", f"{task_id} checkpoint tag {name}")
        self.pool.let_go(task, keep_branch=merge)
        ctx.move(task_id, S.COMPLETED, f"committed {sha[:12]}" + (" (merged at staged integration)" if merge else ""))
        await self.forget(task_id)
        return True

    async def _bring_onto(self, task: TaskRecord, tree: Path, sha: str, parent: str | None, merge: bool) -> str:
        """The plan branch's commit of the task (its new head, or the merge commit)."""
        ctx = self.ctx
        if merge:
            git_ops.run_git(ctx.root, "branch", "--force", task.branch, sha)
            try:
                return await asyncio.to_thread(
                    ctx.on_checkout, git_ops.bring_onto, ctx.root, ctx.plan_branch, task.branch, mode="merge",
                    message=f"Merge {task.branch} into {ctx.plan_branch} (staged integration of {task.task_id})")
            except git_ops.GitError as error:
                raise IntegrationFailed(str(error)) from None
        head = ctx.plan_head()
        if parent is not None and parent != head and task.tier in REGATED_TIERS:
            sha = await self._regate(task, tree, sha, head)
            parent = head
        try:
            return await asyncio.to_thread(ctx.on_checkout, git_ops.bring_onto, ctx.root, ctx.plan_branch, sha,
                                           mode="cherry-pick", parent=parent)
        except git_ops.GitError as error:
            raise IntegrationFailed(str(error)) from None

    async def _regate(self, task: TaskRecord, tree: Path, sha: str, head: str) -> str:
        """Replay the task's commit on the moved plan head in its tree and run its gate commands there."""
        assert task.contract is not None
        try:
            replayed = await asyncio.to_thread(_replay, tree, sha, head)
        except git_ops.GitError as error:
            raise IntegrationFailed(str(error)) from None
        timeout = gate_timeout(task.contract, self.gate_timeout_s)
        await asyncio.to_thread(self.ctx.git_as_found)
        results = await gates.run_commands(gates.gate_commands(task.contract), tree, timeout)
        undone = await asyncio.to_thread(self.ctx.put_back_git, tree, "the gate commands")
        if undone:
            raise IntegrationFailed(f"re-gated on the plan head {head[:12]}, the gate commands changed the "
                                    "repository's git metadata or refs (put back)", undone)
        failed = [r for r in results.values() if not r.passed]
        self.ctx.say("gate", f"{task.task_id} re-gated on the plan head {head[:12]}: "
                     + ("passed" if not failed else "FAILED " + ", ".join(r.name for r in failed)))
        if failed:
            evidence = [line for r in failed for line in r.evidence()[:10]]
            raise IntegrationFailed(f"after the tasks integrated before it, {', '.join(r.name for r in failed)} "
                                    f"fail on the plan head {head[:12]}", evidence)
        return replayed

    async def _commit_in_tree(self, task: TaskRecord, tree: Path) -> str | None:
        ctx = self.ctx
        task_id = task.task_id
        assert task.contract is not None
        attempt = max(task.attempts, 1)
        facts = ctx.facts(task_id)
        change = facts.changes.get(attempt)
        if change is None:
            change = await asyncio.to_thread(gates.limited_change, tree, int(ctx.config.delivery.max_file_mb * gates.MB))
        if change.oversized:
            # Reachable through "accept as is" of another failure: a file over the limit is never committed.
            limits = gates.size_limit(change, int(ctx.config.delivery.max_file_mb * gates.MB),
                                      int(ctx.config.delivery.max_change_mb * gates.MB))
            self._refused(task, attempt, limits.evidence, "a file over the size limit")
            return None
        if change.nested:
            # Reachable through "accept as is" of another failure: a nested repository is never committed.
            self._refused(task, attempt, gates.nested_repo_gate(change).evidence, "a nested git repository")
            return None
        own_config = gates.own_config_gate(change, task.contract)
        if not own_config.passed:
            # Likewise: pmtui's own configuration changes only where the plan names it.
            self._refused(task, attempt, own_config.evidence, "a change to pmtui's own configuration")
            return None
        if change.is_empty():
            ctx.move(task_id, S.FAILED, "nothing to commit: the change is empty")
            return None
        record = ctx.dstore.attempt(ctx.run_id, task_id, attempt)
        gate_results = record.gate_results if record else []
        result = facts.agent_results.get(attempt) or (record.agent_result if record else None)
        # A cluster node that lacked what the task's attempts need: a reviewer of an uneven cluster is told.
        unfit = [line.removeprefix(NODE_UNFIT_NOTE) for line in task.decision_log if line.startswith(NODE_UNFIT_NOTE)]
        note = build_review_note(task.contract, change, gate_results, result, environment=unfit)
        located = {item.criterion: item.location for item in gates.map_criteria(
            task.contract.acceptance_criteria, change, result.criteria_map if result else None,
            title=task.contract.title)}
        # What the gates traced and a plain re-match cannot (the gate commands, passing tests): from the verdict.
        for criterion, location in criteria_locations_from_gates(gate_results).items():
            if location and not located.get(criterion):
                located[criterion] = location
        path = review_path(task_id)
        target = tree / path
        target.parent.mkdir(parents=True, exist_ok=True)
        contract = task.contract.model_copy(update={"attempt": attempt})
        # The artifact quotes gate output and agent evidence: it leaves through the redaction layer.
        target.write_text(redact(review_artifact_markdown(contract, note, gate_results, change, located)),
                          encoding="utf-8")
        with ctx.store.transaction():
            ctx.dstore.set_task_fields(ctx.run_id, task_id, review_note=note)
            ctx.dstore.log_decision(ctx.run_id, task_id, "criteria: " + "; ".join(
                f"{criterion} → {location or 'not mapped'}" for criterion, location in located.items()))
        try:
            sha = await asyncio.to_thread(
                git_ops.commit_task, tree, type_=commit_type(task, change), scope=task.ownership or task_id,
                description=task.title, task_id=task_id, review_path=path,
                paths=[*change.files(), *(old for old, _ in change.renamed)],
                exclude=[*change.oversized, *change.nested], check=final_content_check)
        except git_ops.CommitRefused as refused:
            nested = any(gates.OWN_REPOSITORY in line for line in refused.evidence)
            self._refused(task, attempt, refused.evidence,
                          "a nested git repository" if nested else "a secret in the final content")
            return None
        except git_ops.GitError as error:
            ctx.move(task_id, S.FIXING_ISSUES, f"the commit was refused: {error}")
            return None
        # Noted before the tree's HEAD moves on (the re-gate replays it elsewhere): a kill in between finds it.
        ctx.dstore.log_decision(ctx.run_id, task_id, f"attempt {attempt}: committed {sha} in its tree")
        return sha

    def _committed_in_tree(self, task: TaskRecord) -> str | None:
        """The commit this attempt made in its tree (from the decision log) when it still exists: a run killed
        while re-gating had moved the tree's HEAD off it."""
        attempt = max(task.attempts, 1)
        for line in reversed(task.decision_log):
            found = _IN_TREE.match(line)
            if found and int(found[1]) == attempt:
                try:
                    return git_ops.run_git(self.ctx.root, "rev-parse", "--verify", "--quiet", f"{found[2]}^{{commit}}")
                except git_ops.GitError:
                    return None
        return None

    def _refused(self, task: TaskRecord, attempt: int, evidence: list[str], what: str) -> None:
        """A commit pmtui will not make, on any path (the gates, "accept as is", remediation): the finding
        becomes the attempt's gate evidence and a human decides; the escalation offers no accept."""
        ctx = self.ctx
        gate = ("size_limit" if what.startswith("a file over") else "nested_repo" if what.startswith("a nested")
                else "own_config" if "own configuration" in what else "secrets_scan")
        with ctx.store.transaction():
            record = ctx.dstore.attempt(ctx.run_id, task.task_id, attempt)
            earlier = [g for g in (record.gate_results if record else []) if g.gate != gate]
            ctx.dstore.save_gate_results(ctx.run_id, task.task_id, attempt,
                                         [*earlier, GateResult(gate=gate, passed=False, evidence=evidence)])
            ctx.dstore.log_decision(ctx.run_id, task.task_id, f"commit refused: {what}")
        ctx.facts(task.task_id).entered_pr = False
        found = clip("; ".join(line for line in evidence if ":" in line.split(" ", 1)[0]), 400) or evidence[0]
        self.escalations.escalate(task.task_id, f"the commit was refused: {what} ({found}); it is never "
                                  "committed as it is", kind="commit_refused", recommended=1,
                                  options=NO_ACCEPT_OPTIONS)

    async def _integration_failed(self, task: TaskRecord, failure: IntegrationFailed) -> None:
        """A conflict or a failing re-gate: a fix attempt on a fresh tree, or a human when out of budget."""
        ctx = self.ctx
        error = str(failure)
        self.pool.let_go(task, keep_branch=False)
        attempt = task.attempts
        with ctx.store.transaction():
            ctx.dstore.log_decision(ctx.run_id, task.task_id, f"integration failed: {error}")
            record = ctx.dstore.attempt(ctx.run_id, task.task_id, attempt)
            earlier = [g for g in (record.gate_results if record else []) if g.gate != "integration"]
            verdict = GateResult(gate="integration", passed=False, evidence=[error, *failure.evidence])
            ctx.dstore.save_gate_results(ctx.run_id, task.task_id, attempt, [*earlier, verdict])
            ctx.dstore.record_attempt(ctx.run_id, task.task_id, attempt, outcome="failed", finished=True)
        ctx.facts(task.task_id).entered_pr = False
        if attempt >= task.retry_budget + 1:
            ctx.move(task.task_id, S.FIXING_ISSUES, f"integration failed: {error}")
            self.escalations.escalate(task.task_id, f"integration onto {ctx.plan_branch} failed: {error}",
                                      kind="integration")
            return
        ctx.move(task.task_id, S.FIXING_ISSUES, f"integration failed, redo on a fresh tree: {error}")


def _replay(tree: Path, sha: str, onto: str) -> str:
    """`sha` cherry-picked onto `onto` in the detached tree; a conflict aborts and names the files."""
    git_ops.run_git(tree, "checkout", "--quiet", "--detach", onto)
    try:
        git_ops.run_git(tree, "cherry-pick", "--allow-empty", sha)
    except git_ops.GitError:
        conflicts = git_ops.run_git(tree, "diff", "--name-only", "--diff-filter=U", git_ops.IGNORE_NESTED).split()
        try:
            git_ops.run_git(tree, "cherry-pick", "--abort")
        except git_ops.GitError:
            pass  # nothing to abort: the pick stopped before it began
        raise git_ops.GitError("replaying the task on the plan head conflicts in: "
                               + (", ".join(conflicts) or "(unknown files)")) from None
    sha_after = git_ops.head(tree)[0]
    assert sha_after is not None
    return sha_after


def gate_timeout(contract: TaskContract, override: float | None) -> float:
    """How long a task's gate commands may run: the override, else its time budget (at least 30 s)."""
    return override or max(30.0, contract.time_budget_ms / 1000)


def high_blast(contract: TaskContract) -> bool:
    flags = contract.security_flags
    if flags.touches_auth or flags.touches_billing or flags.touches_schema or flags.touches_secrets:
        return True
    text = " ".join([contract.title, contract.ownership, *contract.expected_files.all()])
    return bool(_HIGH_BLAST.search(text))


def message_of(root: Path, repo: Repo | None, sha: str) -> str:
    """The message of commit `sha`, read from its loose object file (pmtui's commits are loose until a `git gc`):
    no round trip to GitPython's `cat-file` processes per task. A packed or re-encoded commit is read by GitPython
    (`repo`, or the repository at `root` opened then: a run whose commits stay loose never imports GitPython)."""
    found = loose_commit(git_ops.objects_dir(root), sha)
    if found is not None:
        return found[2]
    return str((repo if repo is not None else git_ops.open_repo(root)).commit(sha).message)


def commit_type(task: TaskRecord, change: git_ops.ChangeSet) -> str:
    title = task.title.lower()
    files = [path for path in change.files() if not path.startswith(gates.REVIEW_DIR + "/")]
    if files and all(path.endswith((".md", ".rst", ".txt")) or path.startswith("docs/") for path in files):
        return "docs"
    if files and all(gates.is_test_path(path) for path in files):
        return "test"
    if title.startswith(("fix", "remediat", "repair")):
        return "fix"
    if title.startswith("refactor"):
        return "refactor"
    return "feat"
