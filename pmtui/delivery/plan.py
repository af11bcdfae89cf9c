"""The plan document: the Markdown a delivery run executes (DESIGN.md "Plan document").

parse_plan turns the text into a PlanDocument or raises PlanError naming the line;
execution_order gives the dependency order delivery follows; classify_tier fills in a tier the
plan leaves out, from the task's words and paths (seed 003 §3).
"""

from __future__ import annotations

import heapq
import posixpath
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

Tier = Literal["critical", "normal", "low"]
TIERS: tuple[str, ...] = ("critical", "normal", "low")
ENVIRONMENT_KEYS: tuple[str, ...] = ("lint", "typecheck", "test", "build")
TASK_FIELDS: tuple[str, ...] = (
    "tier",
    "depends",
    "ownership",
    "files",
    "tests",
    "non-goals",
    "time-budget",
)
FILE_ACTIONS: tuple[str, ...] = ("create", "modify", "delete")

_PLAN_HEADING = re.compile(r"^#\s+Plan:\s*(?P<name>.*)$")
_PLAN_ID = re.compile(r"^plan-id:\s*(?P<id>.*)$", re.IGNORECASE)
_SECTION = re.compile(r"^##\s+(?P<title>.+?)\s*$")
_TASK_HEADING = re.compile(r"^###\s+(?P<rest>.*)$")
_TASK_ID_TITLE = re.compile(r"^(?P<id>[A-Za-z][A-Za-z0-9_.\-]*)\s*(?::\s*(?P<title>.*))?$")
_BULLET = re.compile(r"^[-*]\s+(?P<body>.*)$")
_FIELD = re.compile(r"^(?P<key>[A-Za-z][A-Za-z _\-]*?)\s*:\s*(?P<value>.*)$")
_ACCEPTANCE = re.compile(r"^acceptance criteria\s*:\s*$", re.IGNORECASE)
# A parenthetical after two or more spaces is an annotation, as in the DESIGN.md example.
_ANNOTATION = re.compile(r"\s{2,}\([^()]*\)\s*$")
_SLUG_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")
_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)\s*(hours?|hrs|hr|h|minutes?|mins|min|m|seconds?|secs|sec|s)")
_NONE_WORDS = {"none", "-", "n/a", ""}

_CRITICAL_WORDS = re.compile(
    r"\b(auth|authn|authz|authenticat\w*|authori[sz]\w*|login|logins|log in|sign[- ]?in|passwords?|oauth\w*|"
    r"sessions? tokens?|billing|payments?|invoices?|costs?|finops|stripe|checkout|refunds?|"
    r"data integrity|integrity|migrations?|migrate|schema|infra|infrastructure|deploy\w*|terraform|"
    r"kubernetes|k8s|docker\w*|security|secure|encrypt\w*|secrets?|credentials?|api keys?|"
    r"permissions?|public api|public apis|public endpoints?)\b",
    re.IGNORECASE,
)
_CRITICAL_PATHS = re.compile(
    r"(^|/)(auth|billing|payments?|migrations?|infra|terraform|secrets?|security|\.github/workflows)(/|\.|$)|"
    r"(^|/)(Dockerfile|docker-compose[^/]*|\.env[^/]*)$",
    re.IGNORECASE,
)
_LOW_WORDS = re.compile(
    r"\b(docs?|documentation|readme|changelog|ui copy|copy ?edits?|copywriting|wording|typos?|"
    r"refactor\w*|rename|renaming|config|configuration|settings file|comments?)\b",
    re.IGNORECASE,
)
_LOW_PATHS = re.compile(
    r"(^|/)docs?/|\.(md|rst|txt|toml|ya?ml|ini|cfg)$|(^|/)(README|CHANGELOG|LICENSE)[^/]*$",
    re.IGNORECASE,
)


class PlanError(Exception):
    """A plan the parser cannot accept; `line` is 1-based (0 when the whole document is at fault)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


class PlanEnvironment(BaseModel):
    """The commands every gate runs; None means the plan has no such command."""

    lint: str | None = None
    typecheck: str | None = None
    test: str | None = None
    build: str | None = None


class PlanFiles(BaseModel):
    create: list[str] = Field(default_factory=list)
    modify: list[str] = Field(default_factory=list)
    delete: list[str] = Field(default_factory=list)

    def all(self) -> list[str]:
        return [*self.create, *self.modify, *self.delete]


class PlanTask(BaseModel):
    """One `### ID: Title` section. `tier` is None when the plan leaves it to classification."""

    id: str
    title: str
    tier: Tier | None = None
    depends: list[str] = Field(default_factory=list)
    ownership: str = ""
    files: PlanFiles = Field(default_factory=PlanFiles)
    tests: list[str] = Field(default_factory=list)
    non_goals: list[str] = Field(default_factory=list)
    time_budget_s: int | None = None
    acceptance_criteria: list[str] = Field(default_factory=list)
    description: str = ""
    line: int = 0

    @property
    def effective_tier(self) -> Tier:
        return self.tier or classify_tier(self)


class PlanDocument(BaseModel):
    name: str
    plan_id: str
    environment: PlanEnvironment = Field(default_factory=PlanEnvironment)
    tasks: list[PlanTask] = Field(default_factory=list)

    def task(self, task_id: str) -> PlanTask | None:
        for task in self.tasks:
            if task.id == task_id:
                return task
        return None


# -- parsing -------------------------------------------------------------------------------------
def load_plan(path: str | Path) -> PlanDocument:
    """Read and parse a plan file (OSError propagates to the caller; bad bytes are a PlanError)."""
    return parse_plan(decode_plan(Path(path).read_bytes()))


def decode_plan(data: bytes) -> str:
    """The plan's text: UTF-8 (a BOM allowed); other bytes are a PlanError naming the line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise PlanError(f"the plan is not UTF-8 text: byte 0x{data[error.start]:02x} cannot be decoded; "
                        "save it as UTF-8", line) from None


def parse_plan(text: str) -> PlanDocument:
    """Parse plan Markdown; raise PlanError naming the first bad line."""
    name = ""
    name_line = 0
    plan_id = ""
    environment = PlanEnvironment()
    tasks: list[PlanTask] = []
    depends_lines: dict[str, int] = {}
    section = ""
    task: PlanTask | None = None
    in_criteria = False
    seen_fields: set[str] = set()
    seen_ids: dict[str, int] = {}
    in_fence = False

    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped.startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence or not stripped or stripped.startswith("<!--"):
            continue

        heading = _PLAN_HEADING.match(stripped)
        if heading:
            if name:
                raise PlanError("a plan has one '# Plan:' heading", number)
            name = heading.group("name").strip()
            name_line = number
            if not name:
                raise PlanError("the plan heading needs a name: '# Plan: <name>'", number)
            continue

        id_match = _PLAN_ID.match(stripped)
        if id_match and task is None:
            plan_id = id_match.group("id").strip()
            if not _SLUG_ID.match(plan_id):
                raise PlanError(
                    f"plan-id {plan_id!r} must be letters, digits, '.', '_' or '-' with no spaces", number
                )
            continue

        section_match = _SECTION.match(stripped)
        if section_match and not stripped.startswith("###"):
            # Sections other than Environment and Tasks are notes for people; their text is skipped.
            section = section_match.group("title").strip().lower()
            task = None
            in_criteria = False
            continue

        task_heading = _TASK_HEADING.match(stripped)
        if task_heading:
            if section != "tasks":
                raise PlanError("task sections ('### ID: Title') belong under '## Tasks'", number)
            task = _start_task(task_heading.group("rest").strip(), number, seen_ids)
            tasks.append(task)
            in_criteria = False
            seen_fields = set()
            continue

        if section == "environment":
            _environment_line(stripped, number, environment)
            continue

        if section == "tasks" and task is not None:
            if _ACCEPTANCE.match(stripped):
                in_criteria = True
                continue
            bullet = _BULLET.match(stripped)
            if in_criteria:
                if not bullet:
                    raise PlanError("acceptance criteria are bullets ('- ...')", number)
                criterion = bullet.group("body").strip()
                if criterion:
                    task.acceptance_criteria.append(criterion)
                continue
            if bullet:
                key = _task_field(bullet.group("body"), number, task, seen_fields)
                if key == "depends":
                    depends_lines[task.id] = number
                continue
            task.description = f"{task.description} {stripped}".strip()
            continue

        if section == "tasks" and _BULLET.match(stripped):
            raise PlanError("a field before the first task; tasks start with '### ID: Title'", number)

    if not plan_id:
        raise PlanError("missing 'plan-id: <id>' line", name_line or 1)
    if not tasks:
        raise PlanError("the plan has no tasks; add '## Tasks' with '### T1: Title' sections", name_line or 1)
    plan = PlanDocument(name=name or plan_id, plan_id=plan_id, environment=environment, tasks=tasks)
    _check_dependencies(plan, depends_lines)
    return plan


def _start_task(rest: str, number: int, seen_ids: dict[str, int]) -> PlanTask:
    match = _TASK_ID_TITLE.match(rest)
    if not match:
        raise PlanError(f"task heading {rest!r} must be '### <id>: <title>'", number)
    task_id = match.group("id")
    title = (match.group("title") or "").strip()
    if not title:
        raise PlanError(f"task {task_id} has no title; write '### {task_id}: <title>'", number)
    if task_id in seen_ids:
        raise PlanError(f"duplicate task id {task_id} (first defined on line {seen_ids[task_id]})", number)
    seen_ids[task_id] = number
    return PlanTask(id=task_id, title=title, line=number)


def _environment_line(stripped: str, number: int, environment: PlanEnvironment) -> None:
    bullet = _BULLET.match(stripped)
    field = _FIELD.match(bullet.group("body").strip()) if bullet else None
    if not field:
        raise PlanError("environment lines are '- <lint|typecheck|test|build>: <command or none>'", number)
    key = field.group("key").strip().lower()
    if key not in ENVIRONMENT_KEYS:
        raise PlanError(f"unknown environment key {key!r}; expected one of {', '.join(ENVIRONMENT_KEYS)}",
                        number)
    value = _strip_annotation(field.group("value"))
    setattr(environment, key, None if value.lower() in _NONE_WORDS else value)


def _task_field(body: str, number: int, task: PlanTask, seen: set[str]) -> str:
    field = _FIELD.match(body.strip())
    if not field:
        raise PlanError(f"malformed task field {body.strip()[:40]!r}; expected '- <field>: <value>'", number)
    key = field.group("key").strip().lower().replace(" ", "-").replace("_", "-")
    if key not in TASK_FIELDS:
        raise PlanError(f"unknown task field {field.group('key').strip()!r}; expected one of "
                        f"{', '.join(TASK_FIELDS)}", number)
    if key in seen:
        raise PlanError(f"field {key!r} appears twice in task {task.id}", number)
    seen.add(key)
    value = _strip_annotation(field.group("value"))
    empty = value.lower() in _NONE_WORDS
    if key == "tier":
        tier = value.lower()
        if tier not in TIERS:
            raise PlanError(f"bad tier {value!r}; expected critical, normal or low", number)
        task.tier = tier  # type: ignore[assignment]
    elif key == "depends":
        task.depends = [] if empty else _split_ids(value, number)
    elif key == "ownership":
        task.ownership = "" if empty else value
    elif key == "files":
        task.files = PlanFiles() if empty else _parse_files(value, number)
    elif key == "tests":
        task.tests = [] if empty else [_inside_repository(path, number) for path in _split_list(value)]
    elif key == "non-goals":
        task.non_goals = [] if empty else [part.strip() for part in value.split(";") if part.strip()]
    elif key == "time-budget":
        task.time_budget_s = None if empty else parse_duration(value, number)
    return key


def _strip_annotation(value: str) -> str:
    return _ANNOTATION.sub("", value).strip()


def _split_list(value: str) -> list[str]:
    return [part.strip() for part in re.split(r"[;,]", value) if part.strip()]


def _split_ids(value: str, number: int) -> list[str]:
    ids = _split_list(value)
    for task_id in ids:
        if not _TASK_ID_TITLE.match(task_id) or " " in task_id:
            raise PlanError(f"malformed dependency {task_id!r}; list task ids separated by commas", number)
    return ids


def _parse_files(value: str, number: int) -> PlanFiles:
    files = PlanFiles()
    for part in value.split(";"):
        part = part.strip()
        if not part:
            continue
        action, _, paths = part.partition(" ")
        action = action.lower()
        if action not in FILE_ACTIONS or not paths.strip():
            raise PlanError(
                f"malformed files entry {part!r}; expected 'create PATH; modify PATH; delete PATH'", number
            )
        getattr(files, action).extend(_inside_repository(p.strip(), number) for p in paths.split(",") if p.strip())
    return files


def _inside_repository(path: str, number: int) -> str:
    """A plan path relative to the repository root; one that leaves it (absolute, `~`, `..`) or names the git
    metadata (`.git`) is refused."""
    unified = path.replace("\\", "/")
    absolute = unified.startswith(("/", "~")) or bool(re.match(r"^[A-Za-z]:/", unified))
    normal = posixpath.normpath(unified)
    if absolute or normal == ".." or normal.startswith("../"):
        raise PlanError(f"path {path!r} is outside the repository; plan paths are relative to the repository "
                        "root and stay inside it", number)
    if any(part.lower() == ".git" for part in normal.split("/")):
        raise PlanError(f"path {path!r} is in the repository's git metadata (.git), whose hooks and config git runs; "
                        "plan paths name files of the working tree", number)
    return path


def parse_duration(value: str, line: int = 0) -> int:
    """'90s', '10m', '1h', '1h30m' -> seconds; anything else is a PlanError."""
    text = value.strip().lower().replace(" ", "")
    parts = _DURATION_PART.findall(text)
    if not parts or "".join(n + u for n, u in parts) != text:
        raise PlanError(f"bad time budget {value!r}; write e.g. 90s, 10m or 1h", line)
    seconds = 0.0
    for amount, unit in parts:
        scale = 3600 if unit.startswith("h") else 60 if unit.startswith("m") else 1
        seconds += float(amount) * scale
    if seconds <= 0:
        raise PlanError(f"bad time budget {value!r}; it must be more than zero", line)
    return round(seconds)


def _check_dependencies(plan: PlanDocument, depends_lines: dict[str, int]) -> None:
    ids = {task.id for task in plan.tasks}
    for task in plan.tasks:
        for dep in task.depends:
            if dep not in ids:
                raise PlanError(f"task {task.id} depends on unknown task {dep}",
                                depends_lines.get(task.id, task.line))
    cycle = find_cycle(plan)
    if cycle:
        first = plan.task(cycle[0])
        line = depends_lines.get(cycle[0], first.line if first else 0)
        raise PlanError(f"dependency cycle: {' -> '.join(cycle)}", line)


def find_cycle(plan: PlanDocument) -> list[str]:
    """A dependency cycle as ids (first id repeated at the end), or [] when there is none.

    An iterative depth-first search: a chain of 30,000 tasks must not exhaust Python's stack.
    """
    deps = {task.id: task.depends for task in plan.tasks}
    colour: dict[str, int] = {}
    for task in plan.tasks:
        if task.id in colour:
            continue
        colour[task.id] = 1
        path = [task.id]
        pending = [iter(deps.get(task.id, []))]
        while pending:
            dep = next(pending[-1], None)
            if dep is None:
                colour[path.pop()] = 2
                pending.pop()
                continue
            state = colour.get(dep)
            if state == 1:
                return [*path[path.index(dep):], dep]
            if state is None:
                colour[dep] = 1
                path.append(dep)
                pending.append(iter(deps.get(dep, [])))
    return []


# -- ordering and tiers -------------------------------------------------------------------------
def execution_order(plan: PlanDocument) -> list[PlanTask]:
    """Kahn's topological order; among ready tasks the one earliest in the plan goes first."""
    index = {task.id: position for position, task in enumerate(plan.tasks)}
    waiting = {task.id: len(set(task.depends)) for task in plan.tasks}
    dependents: dict[str, list[str]] = {task.id: [] for task in plan.tasks}
    for task in plan.tasks:
        for dep in set(task.depends):
            dependents[dep].append(task.id)
    ready = [index[task_id] for task_id, count in waiting.items() if count == 0]
    heapq.heapify(ready)
    order: list[PlanTask] = []
    while ready:
        task = plan.tasks[heapq.heappop(ready)]
        order.append(task)
        for dependent in dependents[task.id]:
            waiting[dependent] -= 1
            if waiting[dependent] == 0:
                heapq.heappush(ready, index[dependent])
    if len(order) != len(plan.tasks):
        cycle = find_cycle(plan)
        raise PlanError(f"dependency cycle: {' -> '.join(cycle)}", plan.tasks[index[cycle[0]]].line)
    return order


def classify_tier(task: PlanTask) -> Tier:
    """Seed 003 §3: critical for auth, money, data integrity, migrations, infra, security, secrets,
    public API; low for docs, UI copy, refactors and config; normal otherwise."""
    text = " ".join([task.title, task.description, task.ownership, *task.acceptance_criteria])
    paths = task.files.all() + task.tests
    if _CRITICAL_WORDS.search(text) or any(_CRITICAL_PATHS.search(path) for path in paths):
        return "critical"
    code_paths = [path for path in task.files.all() if not _LOW_PATHS.search(path)]
    if _LOW_WORDS.search(f"{task.title} {task.ownership}") or (task.files.all() and not code_paths):
        return "low"
    return "normal"
