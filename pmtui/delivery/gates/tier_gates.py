"""The tier review (seed 003 §5): the checks a task's tier adds after the minimum gate.

Sensitive paths or security flags raise a task to CRITICAL; a LOW task gets a scope sanity check
that may send it to NORMAL review. Every tier gets the secrets scan; NORMAL and CRITICAL get the
code review (the engine's reviewer, else the offline one) and the test suites; CRITICAL also gets
the breaking-change check and, when migrations changed, the rollback check.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from pmtui.delivery.gates.commands import CommandResult, clip_line
from pmtui.delivery.gates.minimum import is_test_path, test_command_results
from pmtui.delivery.gates.reviewer import (
    Reviewer,
    ReviewRequest,
    ask_reviewer,
    expected_paths,
    files_outside_scope,
    offline_reviewer,
    render_review_prompt,
)
from pmtui.delivery.git_ops import ChangeSet
from pmtui.delivery.review import REVIEW_STOPPED, is_schema_path
from pmtui.models.delivery import GateResult, TaskContract, Tier
from pmtui.redaction import KEY_PATTERNS, redact, secret_values

MAX_DIFF_CHARS = 60_000
# Files without added lines are read whole by the secrets scan up to this size (larger ones are over the
# per-file limit and never part of a change).
BINARY_SCAN_MAX_BYTES = 256 * 1024 * 1024
# The first evidence line of a code review that could not happen: the engine escalates it (fail closed).
REVIEW_UNAVAILABLE = "review model unavailable"

_ASSIGNED_SECRET = re.compile(
    r"""(?ix)\b(?P<name>[A-Za-z0-9_.-]*(?:password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?key|
    auth[_-]?token|access[_-]?token|private[_-]?key|client[_-]?secret)[A-Za-z0-9_.-]*)["']?\s*(?::=|=|:)\s*
    (?P<quote>["'])(?P<value>[^"'\s]{8,})(?P=quote)"""
)


def _may_assign(text: str) -> bool:
    """Whether `text` holds what every _ASSIGNED_SECRET match holds: a quote, and a `:` or `=`."""
    return ('"' in text or "'" in text) and (":" in text or "=" in text)


_PLACEHOLDER = re.compile(
    r"^(x+|\*+|\.+|<.*>|\$\{.*\}|\{\{.*\}\}|%\(.*\)s|changeme|change[_-]?me|password|secret|example\w*|"
    r"your[_-].*|dummy\w*|placeholder\w*|test\w*|fake\w*|redacted)$",
    re.IGNORECASE,
)

_SENSITIVE_PATH = re.compile(
    r"(^|/)(auth\w*|login|session|oauth|billing|payments?|invoices?|stripe|migrations?|alembic|schema\w*|"
    r"infra|terraform|k8s|helm|deploy|secrets?|security|permissions?)(/|\.|_|$)|"
    r"(^|/)(Dockerfile[^/]*|docker-compose[^/]*|\.env[^/]*|[^/]*\.sql|openapi[^/]*|swagger[^/]*|"
    r"\.github/workflows/[^/]+)$",
    re.IGNORECASE,
)
_ROLLBACK_WORDS = re.compile(r"\bdef downgrade\b|\bdown\b|\brollback\b|\brevert\b|DROP |\breverse\b", re.IGNORECASE)
_API_LINE = re.compile(
    r"@(app|router|blueprint|api)\.(get|post|put|patch|delete|route)\b|\bpath\(\s*['\"]|"
    r"\b(permission|authorize|authenticate|is_admin|require_auth|csrf|cors)\b|\bALTER TABLE\b|\bCREATE TABLE\b",
    re.IGNORECASE,
)
_PY_PUBLIC = re.compile(r"^(?:async\s+)?def\s+(?P<name>[A-Za-z]\w*)|^class\s+(?P<cls>[A-Za-z]\w*)")
_JS_EXPORT = re.compile(
    r"^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+(?P<name>[A-Za-z_$][\w$]*)"
)
_CODE_SUFFIXES = (".py", ".js", ".jsx", ".ts", ".tsx", ".go", ".rs", ".java", ".kt", ".rb", ".php", ".cs")


def _mask(secret: str, keep: int) -> str:
    if keep < 0:
        return secret
    keep = min(keep, max(0, len(secret) - 4))
    return secret[:keep] + "*" * min(12, len(secret) - keep)


def secrets_scan(change: ChangeSet) -> GateResult:
    """Private keys, cloud keys and tokens in the added lines, and the value of any secret variable of
    this process (an agent that copied $OPENAI_API_KEY into a file); evidence shows where, masked.
    What a line-based scan would not see is read too: the names of the change's files, and the whole
    content of each file that has no added lines to read (binary, or marked `-diff` for git)."""
    findings: list[str] = []
    own = secret_values()
    for path, lines in change.added_lines.items():
        for number, text in lines:
            findings += _key_findings(text, f"{path}:{number}", own)
            # The pattern needs a quote and a `:` or `=`: a line without them is not scanned (up to 20 us a line).
            if not _may_assign(text):
                continue
            for match in _ASSIGNED_SECRET.finditer(text):
                value = match["value"]
                if _PLACEHOLDER.match(value) or any(p.search(value) for _, p, _ in KEY_PATTERNS) or value in own:
                    continue
                findings.append(f"{path}:{number}: {match['name']} assigned a literal {_mask(value, 2)}")
    for path in change.present_files():
        findings += [f"{redact(path)}: {finding} in a file's name" for finding in _key_findings(path, "", own)]
        if path not in change.added_lines:
            findings += _key_findings(_whole_content(Path(change.root) / path), path, own)
    if not findings:
        return GateResult(gate="secrets_scan", passed=True, evidence=["no secrets in the added lines"])
    return GateResult(gate="secrets_scan", passed=False, evidence=[f"{len(findings)} secret(s) in the change", *findings])


def _key_findings(text: str, where: str, own: frozenset[str]) -> list[str]:
    """Key-shaped strings and this process's secret values in `text`, masked, each prefixed with `where`."""
    prefix = f"{where}: " if where else ""
    found: list[str] = []
    for label, pattern, keep in KEY_PATTERNS:
        for match in pattern.finditer(text):
            found.append(f"{prefix}{label} {_mask(match.group(0), keep)}")
    for value in own:
        if value in text and not any(value in hit.group(0) for _, p, _ in KEY_PATTERNS for hit in p.finditer(text)):
            found.append(f"{prefix}the value of one of pmtui's secret environment variables")
    return found


def _whole_content(path: Path) -> str:
    """A file of the change as text whatever its bytes (latin-1 keeps every byte, so an ASCII key in a binary
    file reads as itself); empty for a symlink (its target is not the change's content) or a missing file."""
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > BINARY_SCAN_MAX_BYTES:
            return ""
        return path.read_bytes().decode("latin-1")
    except OSError:
        return ""


class BreakingChange(BaseModel):
    """Whether a change breaks its callers, whether the contract declared it, and the release-notes entry."""

    breaking: bool
    declared: bool
    reasons: list[str] = Field(default_factory=list)
    release_note: str = ""


def _public_names(lines: Sequence[tuple[int, str]], path: str) -> dict[str, int]:
    names: dict[str, int] = {}
    for number, text in lines:
        if path.endswith(".py"):
            match = _PY_PUBLIC.match(text)
            name = (match["name"] or match["cls"]) if match else None
            if name and not name.startswith("_"):
                names.setdefault(name, number)
        else:
            match = _JS_EXPORT.match(text.strip())
            if match:
                names.setdefault(match["name"], number)
    return names


def breaking_change(change: ChangeSet, contract: TaskContract) -> BreakingChange:
    """Removed public functions, classes or exports (not re-added elsewhere), deleted source modules,
    or the contract's own breaking_change flag; the release-notes entry says which."""
    reasons: list[str] = []
    added_names: set[str] = set()
    for path, lines in change.added_lines.items():
        added_names.update(_public_names(lines, path))
    for path, lines in change.removed_lines.items():
        if is_test_path(path):
            continue
        for name, number in _public_names(lines, path).items():
            if name not in added_names:
                reasons.append(f"removed public {name} ({path}:{number} before the change)")
    for path in change.deleted:
        if path.endswith(_CODE_SUFFIXES) and not is_test_path(path) and not Path(path).name.startswith("_"):
            reasons.append(f"deleted module {path}")
    declared = contract.io_contract.breaking_change
    if declared:
        reasons.insert(0, "the task contract declares a breaking change")
    breaking = bool(reasons)
    release_note = ""
    if breaking:
        interfaces = ", ".join(contract.io_contract.expected_interfaces)
        release_note = (
            f"BREAKING ({contract.task_id} {contract.title}): "
            + "; ".join(reasons)
            + (f". New interfaces: {interfaces}" if interfaces else "")
            + ". Callers must be updated before upgrading."
        )
    return BreakingChange(breaking=breaking, declared=declared, reasons=reasons, release_note=release_note)


def breaking_change_gate(change: ChangeSet, contract: TaskContract) -> tuple[GateResult, BreakingChange]:
    """A declared breaking change passes with its release note; an undeclared one fails the review."""
    found = breaking_change(change, contract)
    if not found.breaking:
        return GateResult(gate="breaking_change", passed=True, evidence=["no breaking change found"]), found
    undeclared = not found.declared
    evidence = [f"release note: {found.release_note}", *found.reasons]
    if undeclared:
        evidence.insert(0, "undeclared breaking change: the contract says breaking_change: false")
    return GateResult(gate="breaking_change", passed=not undeclared, evidence=evidence), found


class ScopeVerdict(BaseModel):
    """The LOW tier's sanity check: does the diff match the task, or must it be reviewed as NORMAL?"""

    escalate: bool
    evidence: list[str] = Field(default_factory=list)

    def gate(self) -> GateResult:
        head = "verdict: escalate to NORMAL" if self.escalate else "verdict: the diff matches the task scope"
        return GateResult(gate="low_tier_sanity", passed=True, evidence=[head, *self.evidence])


def out_of_scope_files(contract: TaskContract, change: ChangeSet) -> list[str]:
    """Changed files the contract did not expect (review artifacts aside); empty when it expects none."""
    return files_outside_scope(contract, change.files())


def sensitive_files(change: ChangeSet) -> list[str]:
    """Changed paths that touch auth, schema/migrations, billing, secrets/env, public API or infra."""
    return [path for path in change.files() if _SENSITIVE_PATH.search(path)]


def low_tier_sanity(contract: TaskContract, change: ChangeSet) -> ScopeVerdict:
    """Seed 003 §5 LOW: changes outside the expected files, or schema/API/security behaviour → NORMAL."""
    reasons: list[str] = []
    outside = out_of_scope_files(contract, change)
    if outside:
        reasons.append(f"changes outside the expected files: {', '.join(outside)}")
    sensitive = sensitive_files(change)
    if sensitive:
        reasons.append(f"schema/API/security paths: {', '.join(sensitive)}")
    behaviour = [
        f"{path}:{number}: {clip_line(text.strip(), 120)}"
        for path, lines in change.added_lines.items()
        for number, text in lines
        if _API_LINE.search(text)
    ]
    if behaviour:
        reasons.append("schema/API/security behaviour in the added lines:")
        reasons.extend(f"  {line}" for line in behaviour[:10])
    if contract.ownership and change.files():
        owned = [path for path in change.files() if contract.ownership.lower() in path.lower()]
        if not owned and not expected_paths(contract):
            reasons.append(f"no changed path belongs to the ownership area {contract.ownership!r}")
    evidence = reasons or [f"{len(change.files())} file(s) changed, all expected; no schema/API/security change"]
    return ScopeVerdict(escalate=bool(reasons), evidence=evidence)


def migrations_reversible(change: ChangeSet) -> GateResult | None:
    """CRITICAL data integrity: every added migration carries a way back; None when no migration changed."""
    migrations = [path for path in change.present_files() if is_schema_path(path) and not is_test_path(path)]
    if not migrations:
        return None
    evidence: list[str] = []
    irreversible: list[str] = []
    for path in migrations:
        text = "\n".join(line for _, line in change.added_lines.get(path, []))
        sibling_down = any("down" in other.lower() and Path(other).parent == Path(path).parent for other in change.files())
        if _ROLLBACK_WORDS.search(text) or sibling_down or "down" in path.lower():
            evidence.append(f"✓ {path} has a rollback")
        else:
            irreversible.append(path)
            evidence.append(f"✗ {path}: no downgrade/rollback found in the added lines")
    return GateResult(gate="migrations_reversible", passed=not irreversible, evidence=evidence)


def _suites_gate(env_results: Mapping[str, CommandResult], tier: Tier) -> GateResult:
    suites = test_command_results(env_results)
    label = "all test suites" if tier == "critical" else "targeted test suites"
    if not suites:
        return GateResult(gate="test_suites", passed=True, evidence=[f"{label}: not configured"])
    evidence = [f"{label}:"]
    for result in suites:
        evidence.extend(result.evidence())
    return GateResult(gate="test_suites", passed=all(result.passed for result in suites), evidence=evidence)


async def tier_review(
    contract: TaskContract,
    change: ChangeSet,
    reviewer: Reviewer | None = None,
    env_results: Mapping[str, CommandResult] | None = None,
    design_doc_text: str = "",
    *,
    criteria_map: Mapping[str, str] | None = None,
) -> tuple[list[GateResult], Tier]:
    """Seed 003 §5 tier review; returns the gates run and the tier the task ended up reviewed at.

    Sensitive paths or security flags raise the tier to CRITICAL first; a LOW task whose diff leaves
    its scope or changes schema/API/security behaviour is reviewed as NORMAL. The secrets scan runs
    at every tier (a leaked key is never low risk). The local checks run before the reviewer, and the first
    blocking finding stops the review (its gate's evidence ends with REVIEW_STOPPED and the checks not run). A
    reviewer that fails fails the review closed: code_review does not pass and its evidence starts with
    REVIEW_UNAVAILABLE.
    """
    gates: list[GateResult] = []
    tier: Tier = contract.tier
    sensitive = sensitive_files(change)
    if tier != "critical" and (sensitive or contract.security_flags.any()):
        why = f"touches {', '.join(sensitive)}" if sensitive else "security flags are set"
        gates.append(GateResult(gate="tier_escalation", passed=True, evidence=[f"{tier.upper()} → CRITICAL: {why}"]))
        tier = "critical"
    if tier == "low":
        verdict = low_tier_sanity(contract, change)
        gates.append(verdict.gate())
        if verdict.escalate:
            tier = "normal"
    # The cheap, local checks first, the reviewer (a model call, the diff sent) last; the first blocking finding
    # stops the review: a secret in the change is never sent to a reviewer, and no reviewer is paid to read a change
    # that fails anyway. The failing gate says which checks did not run (and so does the review note).
    results = env_results or {}
    full = tier == "critical"
    checks: list[tuple[str, Callable[[], GateResult | None]]] = [("secrets_scan", lambda: secrets_scan(change))]
    if tier != "low":
        checks.append(("test_suites", lambda: _suites_gate(results, tier)))
    if full:
        checks += [("migrations_reversible", lambda: migrations_reversible(change)),
                   ("breaking_change", lambda: breaking_change_gate(change, contract)[0])]
    for index, (_, check) in enumerate(checks):
        gate = check()
        if gate is None:
            continue
        gates.append(gate)
        if not gate.passed:
            later = [name for name, _ in checks[index + 1:]] + ([] if tier == "low" else ["code_review"])
            if later:
                gate.evidence.append(f"{REVIEW_STOPPED}: {', '.join(later)} not run")
            return gates, tier
    if tier == "low":
        return gates, tier
    gates.append(await _code_review(contract, change, reviewer, tier, design_doc_text, criteria_map))
    return gates, tier


async def _code_review(contract: TaskContract, change: ChangeSet, reviewer: Reviewer | None, tier: Tier,
                       design_doc_text: str, criteria_map: Mapping[str, str] | None) -> GateResult:
    """The reviewer's verdict as the code_review gate: the offline reviewer without one; a reviewer that fails
    fails the gate closed (REVIEW_UNAVAILABLE), never the offline one in its place."""
    # The criteria vocabularies load when a review first needs them, not with the engine.
    from pmtui.delivery.gates.alignment import map_criteria

    criteria = map_criteria(contract.acceptance_criteria, change, criteria_map, title=contract.title)
    full = tier == "critical"
    diff = change.diff if len(change.diff) <= MAX_DIFF_CHARS else change.diff[:MAX_DIFF_CHARS] + "\n… (diff cut)"
    request = ReviewRequest(
        contract=contract,
        tier=tier,
        scope="full diff against the design doc" if full else "changed files and plan alignment",
        changed_files=change.files(),
        stat=change.stat,
        diff=diff,
        design_doc=design_doc_text if full else "",
        criteria=criteria,
    )
    request.prompt = render_review_prompt(request)
    started = time.perf_counter()
    if reviewer is None:
        verdict_obj = offline_reviewer(request)
    else:
        try:
            verdict_obj = await ask_reviewer(reviewer, request)
        except Exception as error:  # noqa: BLE001 — any reviewer failure fails the review closed
            # Never the offline reviewer in its place: a review that did not happen approves nothing.
            return GateResult(
                gate="code_review", passed=False, duration_ms=(time.perf_counter() - started) * 1000,
                evidence=[f"{REVIEW_UNAVAILABLE}: {type(error).__name__}: {clip_line(str(error), 240)}",
                          "retry the review, use the offline reviewer, or stop"],
            )
    review_evidence = [f"{verdict_obj.reviewer} reviewer ({request.scope}): {verdict_obj.decision}"]
    review_evidence.extend(f"finding: {finding}" for finding in verdict_obj.findings)
    return GateResult(gate="code_review", passed=verdict_obj.decision == "approve", evidence=review_evidence,
                      duration_ms=(time.perf_counter() - started) * 1000)
