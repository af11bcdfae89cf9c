"""The task contract a coding sub-agent receives (seed 003 §4), built from a plan task.

build_contract fills every seed field from the plan; security_flags and effective_tier decide the
review depth (any security flag makes a task CRITICAL); split_oversized slices a task whose
expected files exceed the patch-size limit; ambiguous_criteria asks the questions that stop a
dispatch; contract_markdown renders the contract as the prompt agent CLIs read.
"""

from __future__ import annotations

import re
from pathlib import Path

from pmtui.config import DEFAULT_RETRY_BUDGET
from pmtui.delivery.plan import PlanDocument, PlanFiles, PlanTask, classify_tier
from pmtui.models.delivery import (
    EnvironmentContract,
    ExpectedFiles,
    IOContract,
    SecurityFlags,
    TaskContext,
    TaskContract,
    Tier,
)
from pmtui.prompts import load_prompt

DEFAULT_TIME_BUDGET_S = 600
DEFAULT_PATCH_SIZE_LIMIT = 15

# Phrases about language models are not data models; they are removed before the schema check.
_NOT_DATA_MODEL = re.compile(r"\b(language|llm|ai|ml|machine[- ]learning|chat|gpt|review|agent)\s+models?\b", re.IGNORECASE)
_FLAG_WORDS: dict[str, re.Pattern[str]] = {
    "touches_auth": re.compile(
        r"\b(auth(?:n|z|enticat\w*|ori[sz]\w*)?|log[- ]?ins?|log[- ]?outs?|sign[- ]?(?:in|up)s?|"
        r"passwords?|passwd|oauth\w*|sso|sessions?|jwt|permissions?|rbac)\b",
        re.IGNORECASE,
    ),
    "touches_schema": re.compile(
        r"\b(schemas?|migrations?|migrat(?:e|es|ed|ing)|models?|tables?|columns?|ddl|alembic|orm)\b", re.IGNORECASE
    ),
    "touches_billing": re.compile(
        r"\b(billing|billed|payments?|payouts?|pay|stripe|paypal|invoic\w*|checkout (?:pages?|flows?|forms?|steps?|sessions?)|refunds?|subscriptions?)\b",
        re.IGNORECASE,
    ),
    "touches_secrets": re.compile(
        r"\b(secrets?|credentials?|api[ _-]?keys?|private[ _-]?keys?|tokens?|keyring|vault)\b|"
        r"(?<![\w.])\.env\b",
        re.IGNORECASE,
    ),
}
_ENV_PATH = re.compile(r"(^|/)\.env([._-][^/]*)?$", re.IGNORECASE)

_BREAKING = re.compile(
    r"\bbreaking\b|\bbackwards?[- ]incompatible\b|\bpublic api change|\bchang\w* (?:to )?(?:the )?public api\b|"
    r"\bremov\w* (?:a |the )?public (?:api|endpoint|function|method)",
    re.IGNORECASE,
)
_BACKTICKED = re.compile(r"`([^`\n]{2,120})`")
_HTTP_ROUTE = re.compile(r"\b(GET|POST|PUT|PATCH|DELETE)\s+(/[\w\-./{}:<>]*)")
_EXPOSES = re.compile(r"\b(?:exposes?|provides?|exports?|interfaces?|api)\s*:\s*(?P<list>[^.;\n]+)", re.IGNORECASE)
_CODE_LIKE = re.compile(r"[()./:]|^[A-Z][a-z]+[A-Z]\w*$|^[a-z_]+_[a-z_]+$")
# A command line in backticks (`ruff check .`, `python -m app`: words and arguments, no call) is something to run,
# not an interface to expose; a signature (`def add(a, b)`, `HabitStore.add(habit)`) is one.
_COMMAND_LINE = re.compile(r"^(?!(?:async\s+)?def\s|class\s)[^\s(]+\s+[^(]*$")

_VAGUE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bworks? (?:well|fine|properly|correctly|nicely|as expected)\b", re.IGNORECASE), "works well"),
    (re.compile(r"\b(?:fast|quick|quickly|snappy|performant|speedy|responsive|efficient(?:ly)?)\b", re.IGNORECASE),
     "fast"),
    (re.compile(r"\buser[- ]?friendly\b|\beasy to use\b|\bintuitive\b|\bseamless(?:ly)?\b", re.IGNORECASE),
     "user friendly"),
    (re.compile(r"\b(?:nice|good|better|great|robust|scalable|polished|beautiful)\b", re.IGNORECASE),
     "a judgement word"),
    (re.compile(r"\bas (?:needed|appropriate|required)\b|\bappropriate(?:ly)?\b|\bproperly\b", re.IGNORECASE),
     "as needed"),
)
# Always a question, number or not: the criterion admits it is unfinished.
_UNFINISHED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\betc\b\.?|\band so on\b|\.\.\.|…", re.IGNORECASE), "etc"),
    (re.compile(r"\b(?:tbd|tbc|todo|to be (?:decided|defined|determined|confirmed))\b|\?\?", re.IGNORECASE), "TBD"),
)
_MEASURABLE = re.compile(r"\d")


def security_flags(task: PlanTask) -> SecurityFlags:
    """Seed 003 §4 security flags from the task's words (title, description, criteria) and paths."""
    text = " ".join([task.title, task.description, task.ownership, *task.acceptance_criteria])
    text = _NOT_DATA_MODEL.sub(" ", text)
    paths = [*task.files.all(), *task.tests]
    # Paths read as words: src/auth/session.py -> "src auth session py".
    path_words = " ".join(re.sub(r"[/._\-]+", " ", path) for path in paths)
    flags = {name: bool(pattern.search(text) or pattern.search(path_words)) for name, pattern in _FLAG_WORDS.items()}
    if any(_ENV_PATH.search(path) for path in paths):
        flags["touches_secrets"] = True
    return SecurityFlags(**flags)


def raised_flags(flags: SecurityFlags) -> list[str]:
    """The names of the flags that are set, in the seed's order."""
    return [name for name, value in flags.model_dump().items() if value]


def effective_tier(task: PlanTask) -> tuple[Tier, str]:
    """The tier a task is reviewed at and why: the plan's or the classified one, raised by security flags."""
    if task.tier:
        tier: Tier = task.tier
        reason = f"tier {tier} from the plan"
    else:
        tier = classify_tier(task)
        reason = f"tier {tier} classified from the task's text and paths"
    flags = raised_flags(security_flags(task))
    if flags and tier != "critical":
        noun = "flag" if len(flags) == 1 else "flags"
        return "critical", f"security {noun} {', '.join(flags)}: escalated to critical"
    if flags:
        reason += f"; security {'flag' if len(flags) == 1 else 'flags'} {', '.join(flags)}"
    return tier, reason


def _test_path(test: str) -> str:
    """A pytest node id's file part: tests/test_a.py::test_b -> tests/test_a.py."""
    return test.split("::", 1)[0].strip()


def tests_to_add(task: PlanTask, repo: Path | None = None) -> list[str]:
    """The plan's tests that the task creates: listed under `create`, or (with a repository) not there yet.

    Without a repository, a test that the task does not say it modifies is taken to be new.
    """
    added: list[str] = []
    for test in task.tests:
        path = _test_path(test)
        if path in task.files.create:
            added.append(test)
        elif path in task.files.modify or path in task.files.delete:
            continue
        elif repo is None or not (repo / path).exists():
            added.append(test)
    return added


def expected_files(task: PlanTask, repo: Path | None = None) -> ExpectedFiles:
    """The task's files; with the repository, a file the plan says to create that is there already is one to modify.

    Delivering a plan into a founder's existing project, "create: pyproject.toml" had the agent write a new one over
    theirs (its name, version and dependencies lost, and committed): the plan was written without seeing the
    repository, the prompt is written with it."""
    there = [path for path in task.files.create if repo is not None and (repo / path).is_file()]
    return ExpectedFiles(create=[path for path in task.files.create if path not in there],
                         modify=list(dict.fromkeys([*task.files.modify, *there])), delete=list(task.files.delete))


def expected_interfaces(task: PlanTask) -> list[str]:
    """APIs and types the description names: `code spans`, HTTP routes and 'exposes: a, b' lists."""
    text = " ".join([task.description, *task.acceptance_criteria])
    found: list[str] = []
    for match in _HTTP_ROUTE.finditer(text):
        found.append(f"{match.group(1)} {match.group(2).rstrip('.,;:')}")
    for match in _BACKTICKED.finditer(text):
        span = match.group(1).strip()
        if _CODE_LIKE.search(span) and not _COMMAND_LINE.match(span) and not any(span in item for item in found):
            found.append(span)
    for match in _EXPOSES.finditer(task.description):
        for item in re.split(r",|\band\b", match.group("list")):
            item = item.strip(" `")
            if item and not any(item in known or known in item for known in found):
                found.append(item)
    return found


def is_breaking_change(task: PlanTask) -> bool:
    text = " ".join([task.title, task.description, *task.acceptance_criteria])
    return bool(_BREAKING.search(text))


def _command(value: str | None) -> str | None:
    return None if value is None or value.strip().lower() in {"", "none", "-", "n/a"} else value.strip()


def build_contract(
    plan: PlanDocument,
    task: PlanTask,
    *,
    shared_context: str,
    task_delta: str,
    attempt: int = 1,
    failure_evidence: list[str] | None = None,
    patch_size_limit: int = DEFAULT_PATCH_SIZE_LIMIT,
    retry_budget: int = DEFAULT_RETRY_BUDGET,
    repo: Path | None = None,
) -> TaskContract:
    """Every seed-003 §4 field of one task's contract; `repo` lets tests_to_add check what exists."""
    tier, _ = effective_tier(task)
    environment = EnvironmentContract(
        lint_command=_command(plan.environment.lint),
        typecheck_command=_command(plan.environment.typecheck),
        test_command=_command(plan.environment.test),
        build_command=_command(plan.environment.build),
    )
    to_run = list(dict.fromkeys(task.tests))
    if environment.test_command and environment.test_command not in to_run:
        to_run.append(environment.test_command)
    return TaskContract(
        task_id=task.id,
        title=task.title,
        description=" ".join(task.description.split()),
        tier=tier,
        ownership=task.ownership,
        acceptance_criteria=list(task.acceptance_criteria),
        expected_files=expected_files(task, repo),
        non_goals=list(task.non_goals),
        tests_to_add=tests_to_add(task, repo),
        tests_to_run=to_run,
        io_contract=IOContract(
            dependencies=list(task.depends),
            artifacts=list(task.files.create),
            expected_interfaces=expected_interfaces(task),
            breaking_change=is_breaking_change(task),
        ),
        environment=environment,
        context=TaskContext(shared=shared_context, task_delta=task_delta),
        retry_budget=retry_budget,
        time_budget_ms=(task.time_budget_s or DEFAULT_TIME_BUDGET_S) * 1000,
        patch_size_limit=patch_size_limit,
        security_flags=security_flags(task),
        attempt=attempt,
        failure_evidence=list(failure_evidence or []),
    )


# -- auto-split ----------------------------------------------------------------------------------
def _subtask_ids(task_id: str, count: int) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    if count <= len(letters):
        return [f"{task_id}{letters[i]}" for i in range(count)]
    return [f"{task_id}-{i + 1}" for i in range(count)]


def _stem(path: str) -> str:
    name = Path(path).stem.lower()
    return name.removeprefix("test_").removesuffix("_test")


def split_oversized(task: PlanTask, limit: int) -> list[PlanTask] | None:
    """Slice a task whose expected files exceed `limit` into chained subtasks (T3a, T3b, …), or None.

    Files are chunked in plan order. A criterion or test that names a chunk's file goes with that
    chunk; the rest go to the last subtask, which depends on all the others and so completes the
    task. A subtask left without a criterion gets one: its files are in place for the task.
    """
    if limit < 1:
        raise ValueError("the patch-size limit must be at least 1")
    entries = [(action, path) for action in ("create", "modify", "delete") for path in getattr(task.files, action)]
    if len(entries) <= limit:
        return None
    chunks = [entries[i:i + limit] for i in range(0, len(entries), limit)]
    ids = _subtask_ids(task.id, len(chunks))
    stems = [{_stem(path) for _, path in chunk} for chunk in chunks]

    def home(text: str) -> int:
        lowered = text.lower()
        for index, chunk in enumerate(chunks):
            names = [path.lower() for _, path in chunk] + [Path(path).name.lower() for _, path in chunk]
            if any(re.search(rf"(?<![\w/.]){re.escape(name)}\b", lowered) for name in names):
                return index
        for index, chunk_stems in enumerate(stems):
            if any(len(stem) > 2 and re.search(rf"\b{re.escape(stem)}\b", lowered) for stem in chunk_stems):
                return index
        return len(chunks) - 1

    criteria: list[list[str]] = [[] for _ in chunks]
    for criterion in task.acceptance_criteria:
        criteria[home(criterion)].append(criterion)
    tests: list[list[str]] = [[] for _ in chunks]
    for test in task.tests:
        stem = _stem(_test_path(test))
        owner = next((i for i, chunk_stems in enumerate(stems) if stem in chunk_stems), None)
        tests[home(_test_path(test)) if owner is None else owner].append(test)
    tier, _ = effective_tier(task)

    subtasks: list[PlanTask] = []
    for index, chunk in enumerate(chunks):
        files = PlanFiles()
        for action, path in chunk:
            getattr(files, action).append(path)
        own = criteria[index] or [
            (f"{', '.join(path for _, path in chunk)} in place for {task.id} ({task.title}), "
            f"part {index + 1} of {len(chunks)}")
        ]
        depends = list(task.depends) if index == 0 else [ids[index - 1]]
        subtasks.append(
            PlanTask(
                id=ids[index],
                title=f"{task.title} (part {index + 1}/{len(chunks)})",
                tier=tier,
                depends=depends,
                ownership=task.ownership,
                files=files,
                tests=tests[index],
                non_goals=list(task.non_goals),
                time_budget_s=task.time_budget_s,
                acceptance_criteria=own,
                description=f"{task.description} Part {index + 1} of {len(chunks)} of {task.id}, "
                f"split because it expects {len(entries)} files and the patch-size limit is {limit}.".strip(),
                line=task.line,
            )
        )
    return subtasks


def split_plan(plan: PlanDocument, limit: int) -> tuple[PlanDocument, dict[str, list[str]]]:
    """The plan with every oversized task replaced by its subtasks, and which task became which.

    Tasks that depended on a split task depend on its last subtask instead.
    """
    replaced: dict[str, list[str]] = {}
    tasks: list[PlanTask] = []
    for task in plan.tasks:
        parts = split_oversized(task, limit)
        if parts is None:
            tasks.append(task)
            continue
        replaced[task.id] = [part.id for part in parts]
        tasks.extend(parts)
    if not replaced:
        return plan, {}
    rewired = [
        task.model_copy(update={"depends": [replaced[dep][-1] if dep in replaced else dep for dep in task.depends]})
        for task in tasks
    ]
    return plan.model_copy(update={"tasks": rewired}), replaced


# -- ambiguity -------------------------------------------------------------------------------------
def ambiguous_criteria(task: PlanTask) -> list[str]:
    """Questions for the human when the criteria are missing or cannot be checked; [] when they are clear."""
    if not task.acceptance_criteria:
        return [
            (f"{task.id} ({task.title}) has no acceptance criteria. What must be true, observably, "
            "for it to be done?")
        ]
    questions: list[str] = []
    for criterion in task.acceptance_criteria:
        reason = _vague_reason(criterion)
        if reason:
            questions.append(
                f"{task.id}: the criterion {criterion!r} is {reason}. What observable result should it "
                "have (a behaviour, a number, an example)?"
            )
    return questions


def _vague_reason(criterion: str) -> str:
    text = criterion.strip()
    for pattern, label in _UNFINISHED:
        if pattern.search(text):
            return f"unfinished ({label!r})"
    if len(re.findall(r"[A-Za-z0-9]+", text)) < 2:
        return "too short to check"
    if _MEASURABLE.search(text):
        return ""
    for pattern, label in _VAGUE:
        match = pattern.search(text)
        if match:
            return f"vague ({match.group(0)!r} reads as {label!r} and cannot be tested as written)"
    return ""


# -- Markdown prompt -------------------------------------------------------------------------------
# The prompt names only the task's own files and commands: agent CLIs such as aider pull every
# repository path named in a message into their chat. The project and the earlier tasks go in a
# context file the prompt points to; a section with nothing to say is left out.
def _bullets(items: list[str], empty: str = "none") -> str:
    return "\n".join(f"- {item}" for item in items) if items else f"- {empty}"


def _files_block(expected: ExpectedFiles) -> str:
    lines = [f"- {action}: `{path}`" for action in ("create", "modify", "delete")
             for path in getattr(expected, action)]
    if expected.modify:
        lines.append("\nThe files to modify are there already: edit them in place and keep what is in them (the "
                     "project's own settings, dependencies and code); do not write them anew.")
    return "\n".join(lines) if lines else "- none listed; keep the change small and within the task"


def _environment_block(env: EnvironmentContract) -> str:
    rows = [("lint", env.lint_command), ("typecheck", env.typecheck_command), ("test", env.test_command),
            ("build", env.build_command)]
    return "\n".join(f"- {name}: `{command}`" for name, command in rows if command)


def _optional_sections(contract: TaskContract) -> str:
    sections: list[str] = []
    if contract.context.revision:
        sections.append("## Changed since the release\n\n" + _bullets(contract.context.revision))
    if contract.context.clarifications:
        sections.append("## Clarifications from the human\n\n" + _bullets(contract.context.clarifications))
    if contract.non_goals:
        sections.append("## Non-goals (do not build these)\n\n" + _bullets(contract.non_goals))
    tests: list[str] = []
    if contract.tests_to_add:
        tests.append("Tests to add (write them; they must pass):\n\n" + _bullets([f"`{t}`" for t in contract.tests_to_add]))
    to_run = [t for t in contract.tests_to_run if t != contract.environment.test_command]
    if to_run:
        tests.append("Tests to run (they must all pass):\n\n" + _bullets([f"`{t}`" for t in to_run]))
    if tests:
        sections.append("## Tests\n\n" + "\n\n".join(tests))
    io = contract.io_contract
    interface = []
    if io.expected_interfaces:
        interface.append("Expose: " + ", ".join(f"`{i}`" for i in io.expected_interfaces))
    if io.breaking_change:
        interface.append("This is a breaking change: say so in your final message, for the release notes.")
    if interface:
        sections.append("## Interfaces\n\n" + _bullets(interface))
    flags = raised_flags(contract.security_flags)
    if flags:
        touched = ", ".join(flag.removeprefix("touches_") for flag in flags)
        sections.append(f"## Security\n\n- This task touches {touched}: no secrets in code, validate every input.")
    commands = _environment_block(contract.environment)
    if commands:
        sections.append("## Commands\n\n" + commands)
    return "\n\n".join(sections)


def _fix_block(contract: TaskContract) -> str:
    if contract.attempt < 2:
        return ""
    evidence = _bullets(contract.failure_evidence, "the review gate gave no evidence lines")
    text = (
        f"## Fix attempt {contract.attempt} of {contract.retry_budget + 1}\n\n"
        "The previous attempt failed the review gate. Fix ONLY the flagged issues below; keep the "
        "original task as the scope guard and change nothing else.\n\n"
        f"{evidence}\n"
    )
    if contract.unmapped_criteria:
        numbered = "\n".join(f"{n}. {criterion}" for n, criterion in enumerate(contract.unmapped_criteria, start=1))
        text += (
            "\nThe reviewer could not find where these criteria are implemented. If your code already does "
            "what they ask, change nothing for them; instead end your reply with one line per criterion, "
            "`MAP <number>: <path>:<line>`, naming the line that implements it (for example "
            "`MAP 1: src/app.py:12`):\n\n" + numbered + "\n"
        )
    return text


def contract_context_markdown(contract: TaskContract) -> str:
    """The context file of an attempt: the project's shared context and what earlier tasks changed."""
    text = load_prompt("agent_context").substitute(
        task_id=contract.task_id,
        title=contract.title,
        shared=contract.context.shared.strip() or "(no project summary)",
        task_delta=contract.context.task_delta.strip() or "No earlier task has changed the repository yet.",
    )
    return text.strip() + "\n"


def contract_markdown(contract: TaskContract, *, context_file: str | None = None,
                      result_file_rules: bool = True) -> str:
    """The contract as the Markdown prompt agents read ($PMTUI_PROMPT_FILE and standard input).

    With `context_file` the project context and the earlier tasks stay in that file and the prompt
    points to it; without one (the built-in agent) they are inlined.
    """
    if context_file:
        context = ("## Context\n\nBackground on the project and on the tasks done before this one is in "
                   f"{context_file}; read it if you need it.")
    else:
        body = contract_context_markdown(contract).split("\n", 2)[2].strip()
        context = "## Context\n\n" + body
    text = load_prompt("agent_task").substitute(
        task_id=contract.task_id,
        title=contract.title,
        fix_section=_fix_block(contract),
        description_section=f"## The task\n\n{contract.description}" if contract.description.strip() else "",
        criteria=_bullets(contract.acceptance_criteria, "none given"),
        files=_files_block(contract.expected_files),
        sections=_optional_sections(contract),
        definition_of_done=_bullets(contract.definition_of_done),
        context_section=context,
        patch_size_limit=contract.patch_size_limit,
        time_budget=f"{contract.time_budget_ms / 60000:g} minutes",
        result_rules=load_prompt("agent_result_rules").substitute() if result_file_rules else "",
    )
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"
