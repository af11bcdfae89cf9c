"""`pmtui demo`: a sandbox git repository, a sample plan and a scripted agent, delivered for real.

The sandbox is a small Python project (tally: habits and streaks) with real unittest tests, ruff
and mypy configuration, committed on `main`. The plan has eight tasks across the three tiers; the
scripted agent writes real code for each, and the story is fixed: T1 passes at once, T3 fails the
lint gate and is fixed on its retry, T4 fails all three attempts and raises an escalation (the
recommended answer is a retry, which then passes), T5 is critical and earns a checkpoint tag, and
the run ends with the release gate and its manifest. ruff, mypy and pytest are used when this
Python has them; otherwise `compileall`, no typecheck and `unittest` stand in, and the demo says so.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import shlex
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pmtui.delivery.git_ops import GitError, run_git

if TYPE_CHECKING:
    from pmtui.config import Config
    from pmtui.delivery.engine import DeliveryEngine
    from pmtui.delivery.executors import ScriptedExecutor, Step
    from pmtui.delivery.run_context import RunOutcome
    from pmtui.models.delivery import AgentResult, TaskContract
    from pmtui.store import Store

PLAN_ID = "tally-demo"
PLAN_BRANCH = f"pm/{PLAN_ID}"
REPO_NAME = "tally"
PLAN_FILE = "tally-plan.md"
SANDBOX_FILE = "pmtui-demo.json"  # beside the repository: the sandbox's tooling, so that `--dir BASE` resumes it
TASK_IDS = ("T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8")
CHECKPOINT_TASK = "T5"
ESCALATING_TASK = "T4"
MAX_HEADLESS_ANSWERS = 3
Say = Callable[[str], None]


class DemoError(Exception):
    """The sandbox cannot be created where asked (exit code 2)."""


# -- tooling ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DemoTooling:
    """The environment commands of the demo plan and a line saying which tools they use."""

    lint: str
    typecheck: str
    test: str
    summary: str


def demo_tooling(python: str = sys.executable, available: Callable[[str], bool] | None = None) -> DemoTooling:
    """ruff / mypy / pytest from this Python when importable, else compileall / none / unittest."""
    has = available or (lambda name: importlib.util.find_spec(name) is not None)
    py = shlex.quote(python)
    if has("ruff"):
        lint, lint_used = f"{py} -m ruff check .", "lint: ruff"
    else:
        lint, lint_used = f"{py} -m compileall -q src", "lint: compileall (ruff is not installed)"
    if has("mypy"):
        typecheck, typecheck_used = f"{py} -m mypy src", "typecheck: mypy --strict"
    else:
        typecheck, typecheck_used = "none", "typecheck: none (mypy is not installed)"
    if has("pytest"):
        # Plugin autoloading is off: a venv full of pytest plugins costs seconds per gate run.
        test, test_used = f"env PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 {py} -m pytest -q", "tests: pytest"
    else:
        test = f"env PYTHONPATH=src {py} -m unittest discover -s tests -t ."
        test_used = "tests: unittest (pytest is not installed)"
    used = [lint_used, typecheck_used, test_used]
    return DemoTooling(lint, typecheck, test, "; ".join(used))


# -- the sandbox -----------------------------------------------------------------------------------
@dataclass
class DemoSandbox:
    base: Path
    repo: Path
    plan_path: Path
    run_dir: Path
    tooling: DemoTooling
    extra: dict[str, Any] = field(default_factory=dict)
    # What resumes this sandbox's run after a stop (`pmtui demo --dir BASE`, with the store it used).
    resume_command: str | None = None


def create_sandbox(base: Path | None = None, tooling: DemoTooling | None = None) -> DemoSandbox:
    """The sandbox: `base/tally` (a committed git repository) and `base/tally-plan.md` outside it."""
    if base is None:
        base = Path(tempfile.mkdtemp(prefix="pmtui-demo-"))
    base = base.expanduser().resolve()
    repo = base / REPO_NAME
    if repo.exists():
        raise DemoError(f"{repo} already exists and is not a demo sandbox pmtui can resume; choose another --dir "
                        "(or remove it) to start a fresh demo")
    tools = tooling or demo_tooling()
    try:
        repo.mkdir(parents=True)
        (base / SANDBOX_FILE).write_text(json.dumps({"tooling": asdict(tools)}, indent=2) + "\n", encoding="utf-8")
        for path, text in PROJECT_FILES.items():
            target = repo / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        for args in (
            ["init", "-q", "-b", "main"],
            ["config", "user.name", "pmtui demo"],
            ["config", "user.email", "demo@pmtui.invalid"],
            ["config", "commit.gpgsign", "false"],
            ["add", "-A"],
            ["commit", "-q", "-m", "tally: habits, the starting point of the pmtui demo"],
        ):
            run_git(repo, *args)
        plan_path = base / PLAN_FILE
        plan_path.write_text(plan_markdown(tools), encoding="utf-8")
    except (OSError, GitError) as error:
        raise DemoError(f"cannot create the demo sandbox in {base}: {error}") from None
    return DemoSandbox(base=base, repo=repo, plan_path=plan_path, run_dir=base / "runs", tooling=tools)


def reopen_sandbox(base: Path) -> DemoSandbox | None:
    """The sandbox an earlier `pmtui demo --dir BASE` made there (to resume its run), or None if there is none."""
    base = base.expanduser().resolve()
    repo, plan_path = base / REPO_NAME, base / PLAN_FILE
    try:
        marker = json.loads((base / SANDBOX_FILE).read_text(encoding="utf-8"))
        tooling = DemoTooling(**marker["tooling"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not (repo / ".git").exists() or not plan_path.is_file():
        return None
    return DemoSandbox(base=base, repo=repo, plan_path=plan_path, run_dir=base / "runs", tooling=tooling)


def sandbox_job(sandbox: DemoSandbox, pace: float) -> dict[str, Any]:
    """The sandbox as JSON for the engine's own process (engine_process), with the agent's pace."""
    return {"base": str(sandbox.base), "repo": str(sandbox.repo), "plan_path": str(sandbox.plan_path),
            "run_dir": str(sandbox.run_dir), "tooling": asdict(sandbox.tooling), "pace": pace,
            "resume_command": sandbox.resume_command}


def sandbox_from_job(job: dict[str, Any]) -> DemoSandbox:
    return DemoSandbox(base=Path(job["base"]), repo=Path(job["repo"]), plan_path=Path(job["plan_path"]),
                       run_dir=Path(job["run_dir"]), tooling=DemoTooling(**job["tooling"]),
                       resume_command=job.get("resume_command"))


def plan_markdown(tooling: DemoTooling) -> str:
    lines = [
        "# Plan: Tally habit tracker (pmtui demo)",
        f"plan-id: {PLAN_ID}",
        "",
        "## Environment",
        f"- lint: {tooling.lint}",
        f"- typecheck: {tooling.typecheck}",
        f"- test: {tooling.test}",
        "- build: none",
        "",
        "## Tasks",
        "",
    ]
    for task in DEMO_TASKS:
        lines += [
            f"### {task.id}: {task.title}",
            f"- tier: {task.tier}",
            f"- depends: {', '.join(task.depends) or 'none'}",
            f"- ownership: {task.ownership}",
            f"- files: create {task.module}",
            f"- tests: {task.test or 'none'}",
            "- time-budget: 60s",
            "",
            "Acceptance criteria:",
            *(f"- {criterion}" for criterion, _ in task.criteria),
            "",
        ]
    return "\n".join(lines)


# -- the scripted agent ----------------------------------------------------------------------------
@dataclass(frozen=True)
class DemoTask:
    id: str
    title: str
    tier: str
    ownership: str
    module: str
    test: str
    criteria: tuple[tuple[str, str], ...]  # (criterion, the text of the line that meets it)
    depends: tuple[str, ...] = ()


def _files(task: DemoTask, module_text: str) -> dict[str, str]:
    files = {task.module: module_text}
    if task.test:
        files[task.test] = TESTS[task.id]
    return files


def _line_of(text: str, needle: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    raise ValueError(f"{needle!r} is not in the demo file")


def demo_script(pace: float = 0.0) -> dict[str, list[Step]]:
    """The scripted agent's steps per task (attempt N plays step N; the last one repeats)."""
    script: dict[str, list[Step]] = {}
    for task in DEMO_TASKS:
        variants = MODULE_ATTEMPTS.get(task.id, [MODULES[task.id]])
        script[task.id] = [_step(task, text, pace) for text in variants]
    return script


def _step(task: DemoTask, module_text: str, pace: float) -> Step:
    from pmtui.models.delivery import AgentResult

    files = _files(task, module_text)
    final = MODULES[task.id]
    criteria_map = {criterion: f"{task.module}:{_line_of(final, needle)}" for criterion, needle in task.criteria}

    async def step(workdir: Path, contract: TaskContract) -> AgentResult:
        if pace:
            # The demo's agent "thinks" a moment so the dashboard has something to show.
            await asyncio.sleep(pace)
        for path, text in files.items():
            target = workdir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        if contract.attempt > 1:
            note = f"attempt {contract.attempt}: rewrote {task.module} after the gate's evidence"
        else:
            note = f"wrote {', '.join(files)}"
        return AgentResult(
            files_changed=list(files), self_assessment="confident", criteria_map=criteria_map,
            evidence=[note], output_tail="\n".join([f"scripted demo agent on {task.id}", note]), exit_code=0,
        )

    return step


def demo_executor(pace: float = 0.0) -> ScriptedExecutor:
    from pmtui.delivery.executors import ScriptedExecutor

    executor = ScriptedExecutor(demo_script(pace))
    executor.name = "scripted demo"
    return executor


def demo_engine(
    sandbox: DemoSandbox, store: Store, config: Config, *, pace: float = 0.0,
    on_event: Callable[[str, str], None] | None = None, stop: threading.Event | None = None,
) -> DeliveryEngine:
    from pmtui.delivery.engine import DeliveryEngine

    return DeliveryEngine(store, config, repo=sandbox.repo, plan_path=sandbox.plan_path,
                          executor=demo_executor(pace), max_parallel=3, run_dir=sandbox.run_dir,
                          gate_timeout_s=120, poll_interval=0.1, on_event=on_event, stop=stop,
                          resume_command=sandbox.resume_command)


def intro_lines(sandbox: DemoSandbox) -> list[str]:
    return [
        f"pmtui demo: sandbox repository {sandbox.repo} (branch main), plan {sandbox.plan_path}",
        f"pmtui demo: gates use {sandbox.tooling.summary}",
        ("pmtui demo: the agent is scripted: T1 passes at once, T3 fails lint and is fixed on its retry, "
         f"{ESCALATING_TASK} runs out of attempts and escalates, {CHECKPOINT_TASK} is critical and gets a checkpoint tag"),
    ]


async def run_headless(sandbox: DemoSandbox, store: Store, config: Config, say: Say) -> RunOutcome:
    """Deliver the demo plan without the TUI; every escalation is answered with its recommended option."""
    from pmtui.delivery.store import DeliveryStore

    dstore = DeliveryStore(store)
    holder: dict[str, DeliveryEngine] = {}

    def on_event(kind: str, text: str) -> None:
        if kind in ("escalation", "progress", "release") and "\n" in text:
            say(text)
        else:
            say(f"[{kind}] {text}")
        # An escalation raised before a stop is still open when the demo resumes: the engine only says it waits.
        if kind in ("escalation", "waiting"):
            run_id = holder["engine"].run_id
            for escalation in dstore.open_escalations(run_id):
                option, how = escalation.recommended, "the recommended option"
                asked = [e for e in dstore.escalations(run_id) if e.task_id == escalation.task_id]
                last = len(escalation.options)
                if escalation.task_id is not None and len(asked) > MAX_HEADLESS_ANSWERS and option != last:
                    # A scripted agent repeats itself: past a few answers, retrying again would loop.
                    option, how = last, f"option {last} after {len(asked) - 1} answers for this task"
                dstore.answer_escalation(escalation.id, option, "answered by pmtui demo --headless")
                say(f"[answer] escalation {escalation.id}: {how} {option} ({escalation.options[option - 1]}) "
                    "— the headless demo answers for you")

    engine = demo_engine(sandbox, store, config, on_event=on_event)
    holder["engine"] = engine
    return await engine.run()


# -- the project -----------------------------------------------------------------------------------
PYPROJECT = """[project]
name = "tally"
version = "0.1.0"
description = "Count habits and streaks (the pmtui demo project)"
requires-python = ">=3.10"

[tool.ruff]
line-length = 100
src = ["src"]

[tool.ruff.lint]
select = ["E", "F", "W", "I", "B", "UP"]

[tool.mypy]
strict = true
mypy_path = "src"

[tool.pytest.ini_options]
pythonpath = ["src"]
addopts = "-p no:cacheprovider"
"""

HABITS = '''"""Habits and the days they were done."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date


@dataclass
class Habit:
    """A habit and the days it was done."""

    name: str
    days: set[date] = field(default_factory=set)

    def mark(self, day: date) -> None:
        """Record that the habit was done on `day`."""
        self.days.add(day)

    def done_on(self, day: date) -> bool:
        return day in self.days
'''

TEST_HABITS = '''import unittest
from datetime import date

from tally.habits import Habit


class HabitTest(unittest.TestCase):
    def test_mark_records_the_day(self) -> None:
        habit = Habit("read")
        habit.mark(date(2024, 5, 1))
        self.assertTrue(habit.done_on(date(2024, 5, 1)))
        self.assertFalse(habit.done_on(date(2024, 5, 2)))
'''

PROJECT_FILES: dict[str, str] = {
    "pyproject.toml": PYPROJECT,
    ".gitignore": "__pycache__/\n*.pyc\n.mypy_cache/\n.ruff_cache/\n.pytest_cache/\n",
    "README.md": "# tally\n\nCount habits and streaks. The sandbox project of `pmtui demo`.\n",
    "src/tally/__init__.py": '"""tally: count habits and streaks."""\n\n__version__ = "0.1.0"\n',
    "src/tally/habits.py": HABITS,
    "tests/__init__.py": "",
    "tests/test_habits.py": TEST_HABITS,
}

DEMO_TASKS: tuple[DemoTask, ...] = (
    DemoTask("T1", "Streak counting", "normal", "streaks", "src/tally/streaks.py", "tests/test_streaks.py", (
        ("current_streak counts consecutive days ending today", "def current_streak"),
        ("longest_streak returns the longest run of consecutive days", "def longest_streak"),
    )),
    DemoTask("T2", "Usage guide", "low", "docs", "docs/usage.md", "", (
        ("The usage guide shows how to mark a habit as done", "habit.mark"),
    )),
    DemoTask("T3", "Weekly summary", "normal", "summary", "src/tally/summary.py", "tests/test_summary.py", (
        ("weekly_summary shows the days done this week out of 7", "/7 this week"),
        ("The summary line includes the current streak", "streak = current_streak"),
    ), depends=("T1",)),
    DemoTask("T4", "CSV export", "normal", "export", "src/tally/export.py", "tests/test_export.py", (
        ("export_csv writes a header row and one row per habit and day", "def export_csv"),
    ), depends=("T1",)),
    DemoTask("T5", "Durable storage", "critical", "storage", "src/tally/storage.py", "tests/test_storage.py", (
        ("Habits survive a save and load round trip", "def load"),
        ("Saving is atomic: an interrupted save never leaves a half-written file", "os.replace"),
    ), depends=("T1",)),
    DemoTask("T6", "Version flag", "low", "cli", "src/tally/cli.py", "tests/test_cli.py", (
        ("tally --version prints the version", '"--version"'),
    )),
    DemoTask("T7", "Habit report", "normal", "report", "src/tally/report.py", "tests/test_report.py", (
        ("The report lists each habit's weekly summary, then the CSV export", "def report"),
    ), depends=("T3", "T4")),
    DemoTask("T8", "Release notes", "low", "docs", "CHANGELOG.md", "", (
        ("The changelog lists the features of this release", "## 0.2.0"),
    ), depends=("T5", "T7")),
)

STREAKS = '''"""Streaks: consecutive days a habit was done."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

ONE_DAY = timedelta(days=1)


def current_streak(days: Iterable[date], today: date) -> int:
    """Count consecutive days ending today (or yesterday, while today is still open)."""
    done = set(days)
    day = today if today in done else today - ONE_DAY
    count = 0
    while day in done:
        count += 1
        day -= ONE_DAY
    return count


def longest_streak(days: Iterable[date]) -> int:
    """Return the longest run of consecutive days."""
    done = set(days)
    best = 0
    for day in done:
        if day - ONE_DAY in done:
            continue
        length = 1
        while day + timedelta(days=length) in done:
            length += 1
        best = max(best, length)
    return best
'''

USAGE = """# Using tally

```python
from datetime import date

from tally.habits import Habit
from tally.streaks import current_streak

habit = Habit("read")
habit.mark(date.today())
print(current_streak(habit.days, date.today()))
```

Mark a habit as done with `habit.mark(day)`; streaks count consecutive days.
"""

SUMMARY = '''"""A weekly summary of a habit."""

from __future__ import annotations

from datetime import date, timedelta

from tally.habits import Habit
from tally.streaks import current_streak


def week_of(day: date) -> list[date]:
    """The seven days (Monday first) of the week that holds `day`."""
    monday = day - timedelta(days=day.weekday())
    return [monday + timedelta(days=n) for n in range(7)]


def weekly_summary(habit: Habit, today: date) -> str:
    """One line: the habit, the days done this week out of 7, and the current streak."""
    done = sum(1 for day in week_of(today) if habit.done_on(day))
    streak = current_streak(habit.days, today)
    return f"{habit.name}: {done}/7 this week, streak {streak}"
'''

EXPORT = '''"""CSV export of habits."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from tally.habits import Habit


def export_csv(habits: Iterable[Habit]) -> str:
    """A header row, then one row per habit and day done, by habit name and then day."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\\n")
    writer.writerow(["habit", "day"])
    for habit in sorted(habits, key=lambda h: h.name):
        for day in sorted(habit.days):
            writer.writerow([habit.name, day.isoformat()])
    return out.getvalue()
'''

STORAGE = '''"""Durable storage: habits saved as JSON with an atomic write."""

from __future__ import annotations

import json
import os
import tempfile
from datetime import date
from pathlib import Path

from tally.habits import Habit


def save(habits: list[Habit], path: Path) -> None:
    """Write every habit to `path` atomically: an interrupted save keeps the previous file."""
    data = {habit.name: sorted(day.isoformat() for day in habit.days) for habit in habits}
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=2, sort_keys=True)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load(path: Path) -> list[Habit]:
    """Read the habits back; a missing file holds no habits."""
    if not path.exists():
        return []
    data: dict[str, list[str]] = json.loads(path.read_text(encoding="utf-8"))
    habits = [Habit(name, {date.fromisoformat(day) for day in days}) for name, days in data.items()]
    return sorted(habits, key=lambda habit: habit.name)
'''

CLI = '''"""The `tally` command line."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from tally import __version__


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with --version."""
    parser = argparse.ArgumentParser(prog="tally", description="Count habits and streaks.")
    parser.add_argument("--version", action="version", version=f"tally {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments; 0 when they are fine."""
    build_parser().parse_args(argv)
    return 0
'''

REPORT = '''"""A plain-text report of every habit: the weekly summaries, then the CSV export."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from tally.export import export_csv
from tally.habits import Habit
from tally.summary import weekly_summary


def report(habits: Sequence[Habit], today: date) -> str:
    """The summary line of each habit, a blank line, and the CSV export."""
    lines = [weekly_summary(habit, today) for habit in sorted(habits, key=lambda h: h.name)]
    return "\\n".join(lines) + "\\n\\n" + export_csv(habits)
'''

CHANGELOG = """# Changelog

## 0.2.0

- Streaks: current and longest streak of a habit
- Weekly summary line per habit
- CSV export of every habit and day
- Durable JSON storage with atomic saves
- `tally --version`
- A report of every habit
"""

MODULES: dict[str, str] = {
    "T1": STREAKS, "T2": USAGE, "T3": SUMMARY, "T4": EXPORT, "T5": STORAGE, "T6": CLI, "T7": REPORT, "T8": CHANGELOG,
}

# The failing attempts: T3's first has an unused import (lint fails); T4's three attempts each get the
# export wrong in a different way (so it is not "the same failure twice"), the fourth is right.
MODULE_ATTEMPTS: dict[str, list[str]] = {
    "T3": [SUMMARY.replace("from datetime import", "import os\nfrom datetime import", 1), SUMMARY],
    "T4": [
        EXPORT.replace('["habit", "day"]', '["name", "day"]'),
        EXPORT.replace("day.isoformat()", 'day.strftime("%d/%m/%Y")'),
        EXPORT.replace('lineterminator="\\n"', 'lineterminator="\\r\\n"'),
        EXPORT,
    ],
}

TESTS: dict[str, str] = {
    "T1": '''import unittest
from datetime import date, timedelta

from tally.streaks import current_streak, longest_streak

TODAY = date(2024, 5, 10)


def days_back(*offsets: int) -> list[date]:
    return [TODAY - timedelta(days=n) for n in offsets]


class StreakTest(unittest.TestCase):
    def test_current_streak_counts_days_ending_today(self) -> None:
        self.assertEqual(current_streak(days_back(0, 1, 2, 4), TODAY), 3)

    def test_current_streak_starts_yesterday_while_today_is_open(self) -> None:
        self.assertEqual(current_streak(days_back(1, 2), TODAY), 2)

    def test_current_streak_is_zero_after_a_gap(self) -> None:
        self.assertEqual(current_streak(days_back(3, 4), TODAY), 0)

    def test_longest_streak(self) -> None:
        self.assertEqual(longest_streak(days_back(0, 1, 5, 6, 7, 8)), 4)
        self.assertEqual(longest_streak([]), 0)
''',
    "T3": '''import unittest
from datetime import date

from tally.habits import Habit
from tally.summary import week_of, weekly_summary


class SummaryTest(unittest.TestCase):
    def test_the_week_starts_on_monday(self) -> None:
        self.assertEqual(week_of(date(2024, 5, 10))[0], date(2024, 5, 6))

    def test_weekly_summary_counts_days_and_the_streak(self) -> None:
        habit = Habit("read", {date(2024, 5, 8), date(2024, 5, 9), date(2024, 5, 10)})
        self.assertEqual(weekly_summary(habit, date(2024, 5, 10)), "read: 3/7 this week, streak 3")
''',
    "T4": '''import unittest
from datetime import date

from tally.export import export_csv
from tally.habits import Habit


class ExportTest(unittest.TestCase):
    def test_a_header_then_one_row_per_habit_and_day(self) -> None:
        habits = [Habit("walk", {date(2024, 5, 2)}), Habit("read", {date(2024, 5, 1)})]
        expected = "habit,day\\nread,2024-05-01\\nwalk,2024-05-02\\n"
        self.assertEqual(export_csv(habits), expected)
''',
    "T5": '''import tempfile
import unittest
from datetime import date
from pathlib import Path

from tally.habits import Habit
from tally.storage import load, save


class StorageTest(unittest.TestCase):
    def test_save_then_load_round_trips(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "habits.json"
            save([Habit("read", {date(2024, 5, 1), date(2024, 5, 2)})], path)
            [habit] = load(path)
            self.assertEqual(habit.name, "read")
            self.assertEqual(habit.days, {date(2024, 5, 1), date(2024, 5, 2)})

    def test_a_missing_file_holds_no_habits(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            self.assertEqual(load(Path(folder) / "none.json"), [])

    def test_no_temporary_file_is_left_behind(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            save([Habit("walk")], Path(folder) / "habits.json")
            self.assertEqual([p.name for p in Path(folder).iterdir()], ["habits.json"])
''',
    "T6": '''import contextlib
import io
import unittest

from tally.cli import main


class CliTest(unittest.TestCase):
    def test_version_is_printed(self) -> None:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), self.assertRaises(SystemExit) as raised:
            main(["--version"])
        self.assertEqual(raised.exception.code, 0)
        self.assertIn("tally 0.1.0", out.getvalue())

    def test_no_arguments_is_fine(self) -> None:
        self.assertEqual(main([]), 0)
''',
    "T7": '''import unittest
from datetime import date

from tally.habits import Habit
from tally.report import report


class ReportTest(unittest.TestCase):
    def test_summaries_then_the_export(self) -> None:
        text = report([Habit("read", {date(2024, 5, 10)})], date(2024, 5, 10))
        self.assertEqual(text, "read: 1/7 this week, streak 1\\n\\nhabit,day\\nread,2024-05-10\\n")
''',
}
