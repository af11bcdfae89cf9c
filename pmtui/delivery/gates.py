"""The review gate (seed 003 §5): gate commands, the six minimum gates and the tier review.

Gate commands (lint, typecheck, tests…) run concurrently as real subprocesses with a timeout each;
only their key output lines are kept, as evidence. Every gate returns a GateResult whose evidence
lines say what was checked and what was found; nothing here prints. The reviewer of the tier
review is supplied by the engine (an LLM or a command); without one the offline reviewer runs
deterministic checks.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import math
import os
import re
import shlex
import signal
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from pmtui.delivery.git_ops import ChangeSet
from pmtui.models.delivery import AgentResult, GateResult, ReviewNote, TaskContract, Tier
from pmtui.prompts import load_prompt

MAX_KEY_LINES = 20
MAX_DIFF_CHARS = 60_000
MINIMUM_GATES: tuple[str, ...] = (
    "plan_alignment",
    "tests_added",
    "tests_run",
    "lint_and_typecheck",
    "no_orphan_todos",
    "review_note",
)
REVIEW_DIR = "docs/reviews"

_SHELL_SYNTAX = re.compile(r"[|;<>]|&&|(?<!&)&(?!&)")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_PYTEST_SUMMARY = re.compile(
    r"\b\d+ (passed|failed|errors?|skipped|xfailed|xpassed|deselected)\b.*\bin \d|no tests ran", re.IGNORECASE
)
_SUMMARY = re.compile(
    r"^(Found \d+ errors?|Success: no issues found|All checks passed|error: \d+|\d+ errors?\b|"
    r"Tests?:\s+\d+|\d+ problems?)",
    re.IGNORECASE,
)
_ERROR_LINE = re.compile(
    r"^(FAILED |ERROR |E\s{2,}\S)|^\S+?:\d+(:\d+)?:?\s|^\s*-->\s*\S+:\d+|^[A-Z]{1,4}\d{2,4}\b|"
    r"\berror\b|\bTraceback\b|\bAssertionError\b|"
    r"\bcommand not found\b|\bNo such file\b",
    re.IGNORECASE,
)
_COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped)")

_MARKER = re.compile(r"\b(TODO|FIXME|HACK|XXX)\b")
_FOLLOW_UP = re.compile(r"\b(?:[Tt]ask[-_ #]?[A-Za-z0-9_.-]*\d[A-Za-z0-9_.-]*|T\d+[A-Za-z0-9_.-]*)\b")
_TEST_PATH = re.compile(
    r"(^|/)(tests?|__tests__|spec)/|(^|/)test_[^/]+$|_test\.[A-Za-z]+$|\.(test|spec)\.[A-Za-z]+$|(^|/)conftest\.py$"
)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_STOPWORD_TEXT = (
    """a an the and or but if then else of to in on at by for with from into onto as is are was were be been
    being it its this that these those there their they them he she we you your our my me i can could should
    would will shall may might must do does did done not no yes all any each every some such than too very
    also only just so up down out over under again once here when where why how what which who whom whose
    has have had having get gets got user users via per across after before while without within able
    new use uses used using make makes made show shows shown see work works one two"""
)
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())

_SECRET_PATTERNS: tuple[tuple[str, re.Pattern[str], int], ...] = (
    ("private key", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"), -1),
    ("AWS access key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), 4),
    ("GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})\b"), 4),
    ("Slack token", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b"), 5),
    ("OpenAI key", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}\b"), 3),
)
_ASSIGNED_SECRET = re.compile(
    r"""(?ix)\b(?P<name>[A-Za-z0-9_.-]*(?:password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?key|
    auth[_-]?token|access[_-]?token|private[_-]?key|client[_-]?secret)[A-Za-z0-9_.-]*)["']?\s*(?::=|=|:)\s*
    (?P<quote>["'])(?P<value>[^"'\s]{8,})(?P=quote)"""
)
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
_SCHEMA_PATH = re.compile(r"(^|/)(migrations?|alembic|versions|schema\w*)(/|\.|$)|\.sql$", re.IGNORECASE)
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


class CommandResult(BaseModel):
    """One gate command's outcome; `key_lines` are the lines kept as evidence."""

    name: str
    command: str | None
    exit_code: int | None = None
    timed_out: bool = False
    duration_ms: float = 0.0
    key_lines: list[str] = Field(default_factory=list)
    skipped: bool = False

    @property
    def passed(self) -> bool:
        return self.skipped or (self.exit_code == 0 and not self.timed_out)

    def evidence(self) -> list[str]:
        if self.skipped:
            return [f"{self.name}: not configured"]
        if self.timed_out:
            head = f"{self.name}: `{self.command}` timed out after {self.duration_ms / 1000:.1f}s"
        else:
            head = f"{self.name}: `{self.command}` exited {self.exit_code} in {self.duration_ms / 1000:.1f}s"
        return [head, *(f"  {line}" for line in self.key_lines)]


def needs_shell(command: str) -> bool:
    """Pipes, `&&`, `;` and redirects need a shell; everything else runs without one."""
    return bool(_SHELL_SYNTAX.search(command))


def key_lines(output: str, limit: int = MAX_KEY_LINES) -> list[str]:
    """The lines that matter in a tool's output: summaries always, then failures and file:line errors."""
    lines = [_ANSI.sub("", line).rstrip() for line in output.splitlines()]
    lines = [line for line in lines if line.strip()]
    summaries = [i for i, line in enumerate(lines) if _is_summary(line)]
    errors = [i for i, line in enumerate(lines) if i not in summaries and _ERROR_LINE.search(line)]
    room = max(0, limit - len(summaries[-3:]))
    keep = set(summaries[-3:]) | set(errors[:room])
    if not keep:
        keep = set(range(max(0, len(lines) - 5), len(lines)))
    return [_clip(lines[i].strip("= ")) if _is_summary(lines[i]) else _clip(lines[i]) for i in sorted(keep)]


def _is_summary(line: str) -> bool:
    stripped = line.strip("= ").strip()
    return bool(_PYTEST_SUMMARY.search(stripped) or _SUMMARY.match(stripped))


def _clip(line: str, width: int = 300) -> str:
    return line if len(line) <= width else line[: width - 1] + "…"


def summary_counts(result: CommandResult) -> dict[str, int]:
    """Counts from a pytest-style summary line (passed, failed, errors, skipped) among the key lines."""
    counts: dict[str, int] = {}
    for line in result.key_lines:
        if _PYTEST_SUMMARY.search(line):
            for number, word in _COUNT.findall(line):
                key = "errors" if word.startswith("error") else word
                counts[key] = counts.get(key, 0) + int(number)
    return counts


async def run_command(name: str, command: str | None, cwd: str | Path, timeout_s: float) -> CommandResult:
    """Run one gate command in its own process group; on timeout the whole group is killed."""
    if command is None or not command.strip():
        return CommandResult(name=name, command=command, skipped=True, key_lines=["not configured"])
    try:
        argv = ["sh", "-c", command] if needs_shell(command) else shlex.split(command)
    except ValueError as error:
        return CommandResult(name=name, command=command, exit_code=2, key_lines=[f"cannot parse the command: {error}"])
    env = {**os.environ, "NO_COLOR": "1", "PY_COLORS": "0", "FORCE_COLOR": "0", "TERM": "dumb"}
    started = time.perf_counter()
    try:
        process = await asyncio.create_subprocess_exec(
            *argv,
            cwd=str(cwd),
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
        )
    except OSError as error:
        elapsed = (time.perf_counter() - started) * 1000
        return CommandResult(
            name=name, command=command, exit_code=127, duration_ms=elapsed, key_lines=[f"cannot run {argv[0]}: {error}"]
        )
    chunks: list[bytes] = []

    async def read() -> None:
        assert process.stdout is not None
        while chunk := await process.stdout.read(65536):
            chunks.append(chunk)

    reader = asyncio.create_task(read())
    timed_out = False
    try:
        await asyncio.wait_for(process.wait(), timeout_s)
    except TimeoutError:
        timed_out = True
        _kill_group(process.pid)
        await process.wait()
    except asyncio.CancelledError:
        _kill_group(process.pid)
        raise
    finally:
        try:
            await asyncio.wait_for(reader, 5)
        except (TimeoutError, asyncio.CancelledError):
            reader.cancel()
    elapsed = (time.perf_counter() - started) * 1000
    output = b"".join(chunks).decode("utf-8", "replace")
    return CommandResult(
        name=name,
        command=command,
        exit_code=process.returncode,
        timed_out=timed_out,
        duration_ms=elapsed,
        key_lines=key_lines(output),
    )


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


async def run_commands(
    commands: Mapping[str, str | None], cwd: str | Path, timeout_s: float
) -> dict[str, CommandResult]:
    """Run independent gate commands concurrently; a `None` command is skipped ("not configured")."""
    names = list(commands)
    results = await asyncio.gather(*(run_command(name, commands[name], cwd, timeout_s) for name in names))
    return dict(zip(names, results, strict=True))


def gate_commands(contract: TaskContract) -> dict[str, str | None]:
    """The environment contract's commands of the minimum gate (build belongs to the release gate)."""
    env = contract.environment
    return {"lint": env.lint_command, "typecheck": env.typecheck_command, "test": env.test_command}


# --- plan alignment -------------------------------------------------------------------------------


class CriterionLocation(BaseModel):
    criterion: str
    location: str | None
    source: Literal["agent", "offline", "reviewer", "none"] = "none"
    note: str = ""


def _stem(word: str) -> str:
    word = word.lower()
    for suffix in ("ing", "ies", "ied", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
    return word


def _tokens(text: str) -> set[str]:
    words: set[str] = set()
    for raw in _WORD.findall(text.replace("_", " ")):
        for part in _CAMEL.sub(" ", raw).split():
            words.add(_stem(part))
    return words


def significant_words(criterion: str) -> list[str]:
    words: list[str] = []
    for raw in _WORD.findall(criterion.replace("_", " ")):
        if raw.lower() in _STOPWORDS or len(raw) < 3:
            continue
        stem = _stem(raw)
        if stem not in words:
            words.append(stem)
    return words


def _line_count(root: Path, path: str) -> int | None:
    try:
        with (root / path).open("rb") as handle:
            data = handle.read()
    except OSError:
        return None
    return data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)


def _check_location(location: str, change: ChangeSet) -> str | None:
    """Why `path:line` is not an existing line of a file in the change, or None when it is."""
    path, sep, line_text = location.strip().rpartition(":")
    if not sep or not line_text.isdigit():
        return f"{location!r} is not path:line"
    path = path.removeprefix("./")
    if path not in change.present_files():
        return f"{path} is not part of the change"
    count = _line_count(Path(change.root), path)
    line = int(line_text)
    if count is None:
        return f"{path} does not exist"
    if not 1 <= line <= count:
        return f"{path} has {count} lines, not line {line}"
    return None


def _offline_location(criterion: str, change: ChangeSet) -> tuple[str | None, list[str]]:
    words = significant_words(criterion)
    if not words:
        return None, []
    needed = 1 if len(words) == 1 else 2
    best: tuple[int, int, str, int, list[str]] | None = None
    for order, (path, lines) in enumerate(change.added_lines.items()):
        if path not in change.present_files():
            continue
        path_tokens = _tokens(path)
        for number, text in lines:
            hits = [word for word in words if word in _tokens(text) or word in path_tokens]
            line_hits = [word for word in words if word in _tokens(text)]
            if not line_hits:
                continue
            score = len(hits)
            if best is None or (score, -order) > (best[0], -best[1]):
                best = (score, order, path, number, hits)
    if best is None or best[0] < min(needed, math.ceil(len(words) / 2)):
        return None, []
    return f"{best[2]}:{best[3]}", best[4]


def map_criteria(
    criteria: Sequence[str], change: ChangeSet, criteria_map: Mapping[str, str] | None = None
) -> list[CriterionLocation]:
    """Each criterion's `path:line`: the agent's when it is an existing line of the change, else matched offline."""
    lowered = {key.strip().lower(): value for key, value in (criteria_map or {}).items()}
    located: list[CriterionLocation] = []
    for criterion in criteria:
        claimed = (criteria_map or {}).get(criterion) or lowered.get(criterion.strip().lower())
        note = ""
        if claimed:
            problem = _check_location(str(claimed), change)
            if problem is None:
                agent_location = str(claimed).strip().removeprefix("./")
                located.append(CriterionLocation(criterion=criterion, location=agent_location, source="agent"))
                continue
            note = f"the agent's {claimed} was rejected: {problem}"
        location, hits = _offline_location(criterion, change)
        if location:
            matched = f"matched {', '.join(hits)}"
            located.append(
                CriterionLocation(
                    criterion=criterion, location=location, source="offline", note="; ".join(filter(None, [note, matched]))
                )
            )
        else:
            located.append(CriterionLocation(criterion=criterion, location=None, note=note))
    return located


def plan_alignment(
    criteria: Sequence[str], change: ChangeSet, criteria_map: Mapping[str, str] | None = None
) -> GateResult:
    """Gate 1: every acceptance criterion maps to an existing `path:line` of the change."""
    if not criteria:
        return GateResult(gate="plan_alignment", passed=True, evidence=["the task has no acceptance criteria to map"])
    evidence: list[str] = []
    unmapped: list[str] = []
    for item in map_criteria(criteria, change, criteria_map):
        if item.location:
            how = "agent's map" if item.source == "agent" else "offline match"
            detail = f" ({how}{'; ' + item.note if item.note else ''})"
            evidence.append(f"✓ {item.criterion} → {item.location}{detail}")
        else:
            unmapped.append(item.criterion)
            why = item.note or "no added line of the change matches it"
            evidence.append(f"✗ {item.criterion}: not mapped — {why}")
    if unmapped:
        evidence.insert(0, f"{len(unmapped)} of {len(criteria)} criteria not mapped to the change: {'; '.join(unmapped)}")
    return GateResult(gate="plan_alignment", passed=not unmapped, evidence=evidence)


# --- tests, lint, TODOs, review note --------------------------------------------------------------


def is_test_path(path: str) -> bool:
    return bool(_TEST_PATH.search(path))


def _test_results(results: Mapping[str, CommandResult]) -> list[CommandResult]:
    return [result for name, result in results.items() if name == "test" or name.startswith("test")]


def tests_added(contract: TaskContract, change: ChangeSet, results: Mapping[str, CommandResult]) -> GateResult:
    """Gate 2: the contract's tests_to_add are in the change, no test file was deleted, tests pass."""
    evidence: list[str] = []
    passed = True
    planned_deletions = set(contract.expected_files.delete)
    deleted = [
        path
        for path in change.deleted
        if (is_test_path(path) or path in contract.tests_to_run or path in contract.tests_to_add)
        and path not in planned_deletions
    ]
    if deleted:
        passed = False
        evidence.append(f"the agent deleted tests: {', '.join(deleted)}")
    present = set(change.present_files())
    for path in contract.tests_to_add:
        if path in present:
            evidence.append(f"✓ {path} written ({len(change.added_lines.get(path, []))} lines added)")
        else:
            passed = False
            evidence.append(f"✗ {path} is not in the change (tests_to_add)")
    if not contract.tests_to_add:
        evidence.append("the contract lists no tests_to_add")
    test_runs = _test_results(results)
    if not test_runs:
        evidence.append("test: not configured")
    for result in test_runs:
        if not result.passed:
            passed = False
        evidence.extend(result.evidence())
    return GateResult(gate="tests_added", passed=passed, evidence=evidence)


def tests_run(results: Mapping[str, CommandResult]) -> GateResult:
    """Gate 3: the test commands (the contract's and any targeted suites) ran and passed."""
    test_runs = _test_results(results)
    if not test_runs:
        return GateResult(gate="tests_run", passed=True, evidence=["test: not configured"])
    evidence: list[str] = []
    for result in test_runs:
        evidence.extend(result.evidence())
    return GateResult(gate="tests_run", passed=all(result.passed for result in test_runs), evidence=evidence)


def lint_and_typecheck(results: Mapping[str, CommandResult]) -> GateResult:
    """Gate 4: the environment's lint and typecheck commands exit 0."""
    evidence: list[str] = []
    passed = True
    for name in ("lint", "typecheck"):
        result = results.get(name)
        if result is None:
            evidence.append(f"{name}: not configured")
            continue
        passed = passed and result.passed
        evidence.extend(result.evidence())
    return GateResult(gate="lint_and_typecheck", passed=passed, evidence=evidence)


def todo_markers(change: ChangeSet) -> list[tuple[str, int, str, bool]]:
    """(path, line, text, has_follow_up) for every TODO/FIXME/HACK/XXX in an added line."""
    found: list[tuple[str, int, str, bool]] = []
    for path, lines in change.added_lines.items():
        for number, text in lines:
            if _MARKER.search(text):
                found.append((path, number, text.strip(), bool(_FOLLOW_UP.search(text))))
    return found


def no_orphan_todos(change: ChangeSet) -> GateResult:
    """Gate 5: a TODO/FIXME/HACK/XXX the change adds must name a follow-up task (T12, task-12)."""
    markers = todo_markers(change)
    orphans = [f"{path}:{line}: {_clip(text, 160)}" for path, line, text, linked in markers if not linked]
    linked = [f"linked {path}:{line}: {_clip(text, 160)}" for path, line, text, ok in markers if ok]
    if not markers:
        return GateResult(gate="no_orphan_todos", passed=True, evidence=["no TODO/FIXME/HACK/XXX in the added lines"])
    evidence = [f"{len(orphans)} orphan marker(s) without a follow-up task id"] if orphans else []
    return GateResult(gate="no_orphan_todos", passed=not orphans, evidence=[*evidence, *orphans, *linked])


def review_note(note: ReviewNote | None) -> GateResult:
    """Gate 6: the review note says what changed, the risks (or that none were found) and the rollback."""
    if note is None:
        return GateResult(gate="review_note", passed=False, evidence=["no review note"])
    missing = [
        name
        for name, present in (
            ("summary", bool(note.summary.strip())),
            ("risks", any(risk.strip() for risk in note.risks)),
            ("rollback", bool(note.rollback.strip())),
        )
        if not present
    ]
    evidence = [f"summary: {note.summary}", *(f"risk: {risk}" for risk in note.risks), f"rollback: {note.rollback}"]
    if missing:
        evidence.insert(0, f"the review note lacks: {', '.join(missing)}")
    return GateResult(gate="review_note", passed=not missing, evidence=evidence)


def agent_conduct(agent_result: AgentResult | None, tampering: Sequence[str] = ()) -> GateResult:
    """How the attempt itself went: exit code, timeout, blocked self-assessment, commits or writes outside."""
    evidence = list(tampering)
    if agent_result is not None:
        if agent_result.timed_out:
            evidence.append("the agent timed out")
        elif agent_result.exit_code not in (None, 0):
            evidence.append(f"the agent exited {agent_result.exit_code}")
        if agent_result.self_assessment == "blocked":
            evidence.append(f"the agent reports it is blocked: {'; '.join(agent_result.blockers) or 'no reason given'}")
    notes = []
    if agent_result is not None and agent_result.result_file_error:
        notes.append(f"result file ignored: {agent_result.result_file_error}")
    passed = not evidence
    return GateResult(gate="agent", passed=passed, evidence=[*evidence, *notes] or ["the agent finished cleanly"])


async def minimum_gate(
    contract: TaskContract,
    change: ChangeSet,
    agent_result: AgentResult | None,
    env_results: Mapping[str, CommandResult] | None = None,
    *,
    note: ReviewNote | None = None,
    tampering: Sequence[str] = (),
    timeout_s: float | None = None,
) -> list[GateResult]:
    """The six minimum gates, in the seed's order (plus a failing `agent` gate when the attempt misbehaved).

    Without `env_results` the environment's commands are run here, concurrently, in the change's
    working tree. Without `note` the review note is built from the first five gates.
    """
    from pmtui.delivery.review import build_review_note

    if env_results is None:
        timeout = timeout_s if timeout_s is not None else max(30.0, contract.time_budget_ms / 1000)
        env_results = await run_commands(gate_commands(contract), change.root, timeout)
    gates: list[GateResult] = []
    for gate, check in (
        ("plan_alignment", lambda: plan_alignment(contract.acceptance_criteria, change, _criteria_map(agent_result))),
        ("tests_added", lambda: tests_added(contract, change, env_results)),
        ("tests_run", lambda: tests_run(env_results)),
        ("lint_and_typecheck", lambda: lint_and_typecheck(env_results)),
        ("no_orphan_todos", lambda: no_orphan_todos(change)),
    ):
        gates.append(_timed(gate, check))
    conduct = agent_conduct(agent_result, tampering)
    if not conduct.passed:
        gates.append(conduct)
    the_note = note or build_review_note(contract, change, gates, agent_result)
    gates.insert(5, _timed("review_note", lambda: review_note(the_note)))
    return gates


def _criteria_map(agent_result: AgentResult | None) -> dict[str, str]:
    return dict(agent_result.criteria_map) if agent_result is not None else {}


def _timed(gate: str, check: Callable[[], GateResult]) -> GateResult:
    started = time.perf_counter()
    result = check()
    result.duration_ms = (time.perf_counter() - started) * 1000
    return result


# --- tier review ----------------------------------------------------------------------------------


def _mask(secret: str, keep: int) -> str:
    if keep < 0:
        return secret
    keep = min(keep, max(0, len(secret) - 4))
    return secret[:keep] + "*" * min(12, len(secret) - keep)


def secrets_scan(change: ChangeSet) -> GateResult:
    """Private keys, cloud keys and tokens in the added lines; evidence shows where, the secret masked."""
    findings: list[str] = []
    for path, lines in change.added_lines.items():
        for number, text in lines:
            for label, pattern, keep in _SECRET_PATTERNS:
                for match in pattern.finditer(text):
                    findings.append(f"{path}:{number}: {label} {_mask(match.group(0), keep)}")
            for match in _ASSIGNED_SECRET.finditer(text):
                value = match["value"]
                if _PLACEHOLDER.match(value) or any(p.search(value) for _, p, _ in _SECRET_PATTERNS):
                    continue
                findings.append(f"{path}:{number}: {match['name']} assigned a literal {_mask(value, 2)}")
    if not findings:
        return GateResult(gate="secrets_scan", passed=True, evidence=["no secrets in the added lines"])
    return GateResult(gate="secrets_scan", passed=False, evidence=[f"{len(findings)} secret(s) in the change", *findings])


class BreakingChange(BaseModel):
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


def _expected_paths(contract: TaskContract) -> set[str]:
    return {*contract.expected_files.all(), *contract.tests_to_add, *contract.tests_to_run}


def out_of_scope_files(contract: TaskContract, change: ChangeSet) -> list[str]:
    """Changed files the contract did not expect (review artifacts aside); empty when it expects none."""
    expected = _expected_paths(contract)
    if not expected:
        return []
    prefixes = tuple(path.rstrip("/") + "/" for path in expected)
    return [
        path
        for path in change.files()
        if path not in expected and not path.startswith(prefixes) and not path.startswith(REVIEW_DIR + "/")
    ]


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
        f"{path}:{number}: {_clip(text.strip(), 120)}"
        for path, lines in change.added_lines.items()
        for number, text in lines
        if _API_LINE.search(text)
    ]
    if behaviour:
        reasons.append("schema/API/security behaviour in the added lines:")
        reasons.extend(f"  {line}" for line in behaviour[:10])
    if contract.ownership and change.files():
        owned = [path for path in change.files() if contract.ownership.lower() in path.lower()]
        if not owned and not _expected_paths(contract):
            reasons.append(f"no changed path belongs to the ownership area {contract.ownership!r}")
    evidence = reasons or [f"{len(change.files())} file(s) changed, all expected; no schema/API/security change"]
    return ScopeVerdict(escalate=bool(reasons), evidence=evidence)


def migrations_reversible(change: ChangeSet) -> GateResult | None:
    """CRITICAL data integrity: every added migration carries a way back; None when no migration changed."""
    migrations = [path for path in change.present_files() if _SCHEMA_PATH.search(path) and not is_test_path(path)]
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


class ReviewRequest(BaseModel):
    """What a reviewer gets: the contract, the scope of review, the diff and the design doc."""

    contract: TaskContract
    tier: Tier
    scope: Literal["full diff against the design doc", "changed files and plan alignment"]
    changed_files: list[str]
    stat: str
    diff: str
    design_doc: str = ""
    criteria: list[CriterionLocation] = Field(default_factory=list)
    prompt: str = ""


class ReviewVerdict(BaseModel):
    decision: Literal["approve", "request_changes"]
    findings: list[str] = Field(default_factory=list)
    reviewer: str = "offline"


Reviewer = Callable[[ReviewRequest], "ReviewVerdict | Awaitable[ReviewVerdict]"]


def render_review_prompt(request: ReviewRequest) -> str:
    """prompts/review_task.md filled in for this request."""
    template = load_prompt("review_task")
    contract = request.contract
    criteria = "\n".join(
        f"- {item.criterion} → {item.location or 'not mapped'}" for item in request.criteria
    ) or "- (none)"
    return template.safe_substitute(
        task_id=contract.task_id,
        title=contract.title,
        tier=request.tier.upper(),
        scope=request.scope,
        ownership=contract.ownership or "(none)",
        criteria=criteria,
        non_goals="\n".join(f"- {goal}" for goal in contract.non_goals) or "- (none)",
        expected_files="\n".join(f"- {path}" for path in contract.expected_files.all()) or "- (none listed)",
        changed_files="\n".join(f"- {path}" for path in request.changed_files) or "- (none)",
        stat=request.stat or "(no changes)",
        design_doc=request.design_doc.strip() or "(no design doc)",
        diff=request.diff,
    )


def parse_review_reply(text: str, reviewer: str = "model") -> ReviewVerdict:
    """A reviewer's reply (JSON as the prompt asks, possibly fenced) as a verdict; unreadable → request changes."""
    body = text.strip()
    fence = re.search(r"```(?:json)?\s*(\{.*?\})\s*```", body, re.DOTALL)
    candidate = fence.group(1) if fence else body[body.find("{") : body.rfind("}") + 1] if "{" in body else ""
    try:
        data = json.loads(candidate)
        decision = str(data.get("decision", "")).strip().lower().replace(" ", "_")
        findings = [str(item) for item in data.get("findings", []) if str(item).strip()]
    except (ValueError, AttributeError):
        return ReviewVerdict(
            decision="request_changes", findings=[f"the reviewer's reply was not readable: {_clip(body, 200)}"], reviewer=reviewer
        )
    if decision not in ("approve", "request_changes"):
        return ReviewVerdict(
            decision="request_changes", findings=[f"the reviewer gave no decision ({decision or 'empty'})", *findings], reviewer=reviewer
        )
    return ReviewVerdict(decision=decision, findings=findings, reviewer=reviewer)  # type: ignore[arg-type]


def offline_reviewer(request: ReviewRequest) -> ReviewVerdict:
    """Deterministic review: files outside the task's scope, a diff over the patch limit, criteria coverage."""
    contract = request.contract
    findings: list[str] = []
    reviewed = [path for path in request.changed_files if not path.startswith(REVIEW_DIR + "/")]
    if len(reviewed) > contract.patch_size_limit:
        findings.append(f"the diff changes {len(reviewed)} files, over the patch limit of {contract.patch_size_limit}")
    expected = _expected_paths(contract)
    if expected:
        prefixes = tuple(path.rstrip("/") + "/" for path in expected)
        outside = [path for path in reviewed if path not in expected and not path.startswith(prefixes)]
        if outside:
            findings.append(f"files outside the task's scope: {', '.join(outside)}")
    unmapped = [item.criterion for item in request.criteria if not item.location]
    if unmapped:
        findings.append(f"criteria without code in the change: {'; '.join(unmapped)}")
    return ReviewVerdict(decision="request_changes" if findings else "approve", findings=findings, reviewer="offline")


async def _ask(reviewer: Reviewer, request: ReviewRequest) -> ReviewVerdict:
    verdict = reviewer(request)
    if inspect.isawaitable(verdict):
        verdict = await verdict
    assert isinstance(verdict, ReviewVerdict)
    return verdict


def _suites_gate(env_results: Mapping[str, CommandResult], tier: Tier) -> GateResult:
    suites = _test_results(env_results)
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
    at every tier (a leaked key is never low risk). A reviewer that fails is replaced by the
    offline reviewer, and the evidence says so.
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
    gates.append(secrets_scan(change))
    if tier == "low":
        return gates, tier
    results = env_results or {}
    criteria = map_criteria(contract.acceptance_criteria, change, criteria_map)
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
    fallback_note = ""
    started = time.perf_counter()
    if reviewer is None:
        verdict_obj = offline_reviewer(request)
    else:
        try:
            verdict_obj = await _ask(reviewer, request)
        except Exception as error:  # noqa: BLE001 — any reviewer failure falls back to the offline checks
            fallback_note = f"the reviewer failed ({type(error).__name__}: {_clip(str(error), 160)}); offline checks used"
            verdict_obj = offline_reviewer(request)
    review_evidence = [f"{verdict_obj.reviewer} reviewer ({request.scope}): {verdict_obj.decision}"]
    if fallback_note:
        review_evidence.insert(0, fallback_note)
    review_evidence.extend(f"finding: {finding}" for finding in verdict_obj.findings)
    gates.append(
        GateResult(
            gate="code_review",
            passed=verdict_obj.decision == "approve",
            evidence=review_evidence,
            duration_ms=(time.perf_counter() - started) * 1000,
        )
    )
    gates.append(_suites_gate(results, tier))
    if full:
        breaking_gate, _ = breaking_change_gate(change, contract)
        gates.append(breaking_gate)
        reversible = migrations_reversible(change)
        if reversible is not None:
            gates.append(reversible)
    return gates, tier
