"""The reviewer of the tier review: what it is asked, how its reply is read, and the offline reviewer.

A reviewer is any callable from a ReviewRequest to a ReviewVerdict (sync or async): the engine
supplies an LLM or a command. Its prompt is prompts/review_task.md filled in; its reply is JSON,
and anything unreadable means "request changes". Without a reviewer the offline one runs
deterministic checks: scope, patch size and criteria coverage.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Awaitable, Callable, Iterable
from pathlib import PurePosixPath
from typing import Literal

from pydantic import BaseModel, Field

from pmtui.delivery.gates.commands import clip_line
from pmtui.delivery.gates.locations import CriterionLocation
from pmtui.delivery.gates.minimum import is_test_file
from pmtui.delivery.review import REVIEW_DIR
from pmtui.models.delivery import TaskContract, Tier
from pmtui.prompts import load_prompt

# A file path as a human writes one in a note ("src/main.py", "pyproject.toml"): a name of two characters or more
# and an extension of letters.
_NAMED_PATH = re.compile(r"(?<![\w/.-])(?:[\w.-]+/)*[\w-]{2,}\.[A-Za-z]{1,6}(?![\w/-])")


_WORD = re.compile(r"[a-z]{4,}")
# Parts of a file's name that say nothing of what it is about.
_NAME_FILLER = frozenset({"test", "tests", "spec", "init", "__init__"})


def _plan_tests(contract: TaskContract) -> list[str]:
    """The test files the plan names (a node id's file part); never the environment's test command, which
    tests_to_run also holds (`pytest -q` is no path: with it, a task that named no files had every file outside)."""
    command = contract.environment.test_command
    return [test.split("::", 1)[0] for test in (*contract.tests_to_add, *contract.tests_to_run) if test != command]


def _task_text(contract: TaskContract) -> str:
    return " ".join([contract.title, contract.description, *contract.acceptance_criteria])


def expected_paths(contract: TaskContract) -> set[str]:
    """Every path the contract expects the change to touch: its files and its tests, and the files the human's
    words for the agent name (a note that names the files is the task's scope, as the plan's own lines are). A task
    whose plan lists no files is taken at its word: the paths its title, description and criteria name."""
    named = {path for note in contract.context.clarifications for path in _NAMED_PATH.findall(note)}
    declared = contract.expected_files.all()
    if not declared:
        named |= set(_NAMED_PATH.findall(_task_text(contract)))
    return {*declared, *_plan_tests(contract), *named}


def _name_words(path: str) -> set[str]:
    return {part[:4] for part in re.split(r"[\W_]+", PurePosixPath(path).stem.lower())
            if len(part) >= 4 and part not in _NAME_FILLER}


def files_outside_scope(contract: TaskContract, paths: Iterable[str]) -> list[str]:
    """`paths` the contract did not expect (review artifacts aside); empty when it expects none.

    The package markers of the expected files' own folders (`__init__.py` in a folder that holds, or leads
    to, an expected path) belong to the task: agents add `tests/__init__.py` beside a new test as a matter
    of course, and a plan never lists it. So do tests beside the planned tests, under names of the agent's
    own (tests_added takes such a file as the planned test's stand-in); when the plan names no tests, a test
    file named after one of the task's files (tests/test_store.py for src/store.py) is the task's own. A task
    whose plan lists no files is judged by its own words: a path whose name is a word of its title, description
    or criteria (src/storage.py for "Storage layer") is in scope; one that names neither paths nor files says
    nothing."""
    expected = expected_paths(contract)
    if not expected:
        return []
    prefixes = tuple(path.rstrip("/") + "/" for path in expected)
    folders = {str(parent) for path in expected for parent in PurePosixPath(path.rstrip("/")).parents} - {"."}
    planned_tests = _plan_tests(contract)
    test_folders = {str(PurePosixPath(path).parent) for path in planned_tests}
    # Whose tests the agent may add when the plan names none: the task's files (by their names).
    tested = set().union(*(_name_words(path) for path in expected)) if not planned_tests else set()
    # A task that lists no files: the words of its own text.
    words = {word[:4] for word in _WORD.findall(_task_text(contract).lower())} if not contract.expected_files.all() else set()
    return [
        path
        for path in paths
        if path not in expected and not path.startswith(prefixes) and not path.startswith(REVIEW_DIR + "/")
        and not (PurePosixPath(path).name == "__init__.py" and str(PurePosixPath(path).parent) in folders)
        and not (is_test_file(path) and str(PurePosixPath(path).parent) in test_folders)
        and not (is_test_file(path) and _name_words(path) & tested)
        and not (_name_words(path) & words)
    ]


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
    """A reviewer's decision on a change and the findings behind it."""

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
            decision="request_changes", findings=[f"the reviewer's reply was not readable: {clip_line(body, 200)}"], reviewer=reviewer
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
    outside = files_outside_scope(contract, reviewed)
    if outside:
        findings.append(f"files outside the task's scope: {', '.join(outside)}")
    unmapped = [item.criterion for item in request.criteria if not item.location]
    if unmapped:
        findings.append(f"criteria without code in the change: {'; '.join(unmapped)}")
    return ReviewVerdict(decision="request_changes" if findings else "approve", findings=findings, reviewer="offline")


async def ask_reviewer(reviewer: Reviewer, request: ReviewRequest) -> ReviewVerdict:
    """The verdict of a reviewer that may answer at once or be awaited."""
    verdict = reviewer(request)
    if inspect.isawaitable(verdict):
        verdict = await verdict
    assert isinstance(verdict, ReviewVerdict)
    return verdict
