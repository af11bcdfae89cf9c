"""Executors: what runs a coding sub-agent on one task contract and reports its AgentResult.

One interface (Executor) behind which sit the command executor (any agent CLI, the protocol in
DESIGN.md "Sub-agent protocol"), the scripted executor (tests and `pmtui demo`: real file changes
from Python steps) and the built-in LLM agent (pmtui.delivery.llm_agent). An executor never
raises for what the agent did: a crash, a timeout, a missing program or a garbage result file all
come back as an AgentResult whose fields say what happened.
"""

from __future__ import annotations

import asyncio
import codecs
import collections
import inspect
import json
import os
import re
import shlex
import signal
import subprocess
import time
import traceback
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pmtui.delivery.agent_presets import AgentCommand
from pmtui.delivery.contract import contract_context_markdown, contract_markdown
from pmtui.delivery.gates.commands import signal_process_group
from pmtui.delivery.git_env import run_git_env
from pmtui.delivery.sandbox import current as current_sandbox
from pmtui.delivery.sandbox import private_git, readable_paths, state_paths
from pmtui.models.delivery import AgentResult, SelfAssessment, TaskContract
from pmtui.redaction import CUT_MARGIN, clip, clip_end, redact, safe_cut

OutputCallback = Callable[[str], None]
OUTPUT_TAIL_LINES = 200
RESULT_FILE_MAX_BYTES = 1_000_000
# An output line longer than this (characters) is handed on in pieces (_read_lines).
LINE_PIECE = 1_000_000
# After the agent exits, how long its output pipe may stay open (held by a leftover child).
PIPE_DRAIN_GRACE_S = 2.0
TERM_GRACE_S = 1.0
PLACEHOLDERS = ("prompt_file", "task_file", "result_file", "context_file", "scratch_dir", "task_id", "attempt",
                "repo", "prompt", "step_limit", "time_limit_s")
# An agent's own limits from the task's time budget, for a tool that would otherwise loop until pmtui stops it:
# a model step per STEP_SECONDS of the budget (at least MIN_STEPS), and a wall-clock stop at STOP_SHARE of it, so
# the tool ends by itself (its log saved, its own words said) before the attempt is timed out.
STEP_SECONDS = 10
MIN_STEPS = 10
STOP_SHARE = 0.9
FILES_PLACEHOLDER = "{files}"
# `MAP 2: src/app.py:14` lines in an agent's output: its answer to the fix prompt's request for a mapping.
_MAP_LINE = re.compile(r"^\W*MAP\s+(\d+)\s*[:=\-]\s*`?([^\s`]+:\d+)`?", re.MULTILINE)


class Executor(Protocol):
    """Runs one attempt of one task in `workdir`; files it writes for the agent go in `run_dir`."""

    name: str

    async def run(
        self,
        contract: TaskContract,
        workdir: Path,
        *,
        attempt: int,
        run_dir: Path,
        on_output: OutputCallback | None = None,
    ) -> AgentResult: ...


class ResultFile(BaseModel):
    """The JSON an agent writes to $PMTUI_RESULT_FILE; every key optional, unknown keys ignored."""

    model_config = ConfigDict(extra="ignore", strict=True)

    files_changed: list[str] = Field(default_factory=list)
    self_assessment: SelfAssessment = "uncertain"
    blockers: list[str] = Field(default_factory=list)
    evidence: list[str] = Field(default_factory=list)
    criteria_map: dict[str, str] = Field(default_factory=dict)


def attempt_files(run_dir: Path, task_id: str, attempt: int) -> tuple[Path, Path, Path]:
    """(task file, prompt file, result file) of one attempt, under run_dir and outside the repository."""
    base = run_dir / f"{_safe_name(task_id)}-attempt-{attempt}"
    return base.with_suffix(".task.json"), base.with_suffix(".prompt.md"), base.with_suffix(".result.json")


def attempt_dir(run_dir: Path, task_id: str, attempt: int) -> Path:
    """The attempt's own folder outside the repository: its context file, the agent's scratch files, its pid."""
    return run_dir / f"{_safe_name(task_id)}-attempt-{attempt}"


def editable_files(contract: TaskContract) -> list[str]:
    """The files the task may edit, for tools that want them named (`{files}`): create, modify and its tests."""
    tests = [test.split("::", 1)[0].strip() for test in contract.tests_to_add]
    return list(dict.fromkeys([*contract.expected_files.create, *contract.expected_files.modify, *tests]))


def criteria_map_from_output(criteria: list[str], output: str) -> dict[str, str]:
    """`MAP n: path:line` lines of the agent's output, as criterion → path:line (n counts from 1)."""
    found: dict[str, str] = {}
    for number, location in _MAP_LINE.findall(output):
        index = int(number) - 1
        if 0 <= index < len(criteria):
            found[criteria[index]] = location
    return found


def _safe_name(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text) or "task"


def read_result_file(path: Path) -> tuple[ResultFile | None, str]:
    """The parsed result file, or (None, "") when absent, or (None, error) when it cannot be used."""
    if not path.exists():
        return None, ""
    try:
        size = path.stat().st_size
        if size > RESULT_FILE_MAX_BYTES:
            return None, f"result file {path.name} is {size} bytes; the limit is {RESULT_FILE_MAX_BYTES}"
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"result file {path.name} could not be read: {exc}"
    clean = redact(raw)
    if clean != raw:
        # The file stays in pmtui's run folder: a secret the agent put in it does not stay with it.
        try:
            path.write_text(clean, encoding="utf-8")
        except OSError:
            pass
        raw = clean
    if not raw.strip():
        return None, f"result file {path.name} is empty; expected one JSON object"
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        return None, f"result file {path.name} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"
    if not isinstance(value, dict):
        return None, f"result file {path.name} holds a JSON {type(value).__name__}; expected an object"
    try:
        return ResultFile.model_validate(value), ""
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '(root)'}: {err['msg']}" for err in exc.errors()[:6]
        )
        return None, f"result file {path.name} has wrong types: {problems}"


def apply_result_file(result: AgentResult, path: Path) -> AgentResult:
    """Fill an AgentResult from the agent's result file; a missing or bad file is noted, never raised."""
    parsed, error = read_result_file(path)
    if parsed is not None:
        return result.model_copy(update={
            "files_changed": parsed.files_changed,
            "self_assessment": parsed.self_assessment,
            "blockers": parsed.blockers,
            "evidence": [*result.evidence, *parsed.evidence],
            "criteria_map": parsed.criteria_map,
        })
    if error:
        return result.model_copy(update={
            "self_assessment": "uncertain",
            "result_file_error": error,
            "evidence": [*result.evidence, error],
        })
    return result.model_copy(update={
        "self_assessment": "uncertain",
        "evidence": [*result.evidence, "no result file written; the changed files are taken from git"],
    })


# -- the command executor ----------------------------------------------------------------------------
def unapplied_edits(agent: AgentCommand, output: str) -> str:
    """What the tool said when it could not apply its model's edits (a preset knows its own words), with what the
    user can change about it; '' when it said no such thing."""
    said = next((line.strip(" #") for line in output.splitlines() if any(m in line for m in agent.unapplied)), "")
    if not said:
        return ""
    return f"{agent.name} did not apply its model's edits ({clip(said, 160)}): {agent.unapplied_fix}"


class CommandExecutor:
    """Runs an agent CLI per DESIGN.md: split like a shell, run without one, in its own process group."""

    name = "command"
    # Its agent is a process pmtui starts: under the run's sandbox when there is one.
    runs_in_sandbox = True

    def __init__(self, command: str | AgentCommand, env: Mapping[str, str] | None = None) -> None:
        self.agent = command if isinstance(command, AgentCommand) else AgentCommand(name="command", command=command)
        self.command = self.agent.command
        # A preset's or an `[agents.NAME]`'s name (the run records it: Deliver again offers it back); else "command".
        self.name = self.agent.name if self.agent.preset or self.agent.source.startswith("[agents.") else "command"
        self.env = {**self.agent.env, **(env or {})}
        self.argv = shlex.split(self.command)
        if not self.argv:
            raise ValueError("the agent command is empty")

    async def run(
        self,
        contract: TaskContract,
        workdir: Path,
        *,
        attempt: int,
        run_dir: Path,
        on_output: OutputCallback | None = None,
    ) -> AgentResult:
        contract = contract.model_copy(update={"attempt": attempt})
        workdir = Path(workdir).resolve()
        run_dir.mkdir(parents=True, exist_ok=True)
        task_file, prompt_file, result_file = attempt_files(run_dir.resolve(), contract.task_id, attempt)
        scratch = attempt_dir(run_dir.resolve(), contract.task_id, attempt)
        scratch.mkdir(parents=True, exist_ok=True)
        context_file = scratch / "context.md"
        context_file.write_text(redact(contract_context_markdown(contract)), encoding="utf-8")
        prompt = redact(contract_markdown(contract, context_file=str(context_file),
                                          result_file_rules=self.agent.writes_result_file))
        task_file.write_text(redact(contract.model_dump_json(indent=2)), encoding="utf-8")
        prompt_file.write_text(prompt, encoding="utf-8")
        # A result left by an earlier run of this attempt must not be read as this run's.
        result_file.unlink(missing_ok=True)

        values = {
            "prompt_file": str(prompt_file),
            "task_file": str(task_file),
            "result_file": str(result_file),
            "context_file": str(context_file),
            "scratch_dir": str(scratch),
            "task_id": contract.task_id,
            "attempt": str(attempt),
            "repo": str(workdir),
            "prompt": prompt,
            **budget_limits(contract.time_budget_ms),
        }
        sandbox = current_sandbox()
        state = state_paths(self.agent.state_dirs) if sandbox.active else []
        home = tool_home(run_dir.resolve(), self.agent.name, self.agent.home_files)
        if home is not None:
            state.append(str(home))
        argv = sandbox.wrap(expand_argv(self.agent.argv_for(sandbox.active), values, editable_files(contract)), workdir,
                            writable=[run_dir.resolve(), *state], readable=readable_paths(self.agent.readable))
        env = {
            **os.environ,
            **run_git_env(),
            **self.env,
            "PMTUI_TASK_ID": contract.task_id,
            "PMTUI_ATTEMPT": str(attempt),
            "PMTUI_TASK_FILE": str(task_file),
            "PMTUI_PROMPT_FILE": str(prompt_file),
            "PMTUI_RESULT_FILE": str(result_file),
            "PMTUI_REPO": str(workdir),
        }
        if home is not None:
            env[self.agent.home_env] = str(home)
        if sandbox.active:
            env.update(private_git(workdir, scratch))
        outcome = await run_process(
            argv, cwd=workdir, env=env, stdin_text=prompt if self.agent.stdin else None,
            timeout_s=contract.time_budget_ms / 1000, on_output=on_output, pid_file=scratch / "agent.pid",
        )
        if self.agent.leftovers:
            from pmtui.delivery.tree_hygiene import remove_untracked

            await asyncio.to_thread(remove_untracked, workdir, self.agent.leftovers)
        result = AgentResult(
            exit_code=outcome.exit_code,
            timed_out=outcome.timed_out,
            output_tail=outcome.tail,
            evidence=list(outcome.evidence),
            self_assessment="blocked" if outcome.not_started else "uncertain",
            blockers=list(outcome.evidence) if outcome.not_started else [],
            sandboxed=sandbox.active,
        )
        if outcome.not_started:
            return result
        unapplied = unapplied_edits(self.agent, outcome.tail)
        if unapplied:
            result = result.model_copy(update={"blockers": [*result.blockers, unapplied]})
        result = apply_result_file(result, result_file)
        if not result.criteria_map:
            mapped = criteria_map_from_output(contract.unmapped_criteria or contract.acceptance_criteria,
                                              outcome.tail)
            if mapped:
                result = result.model_copy(update={"criteria_map": mapped})
        return result


def budget_limits(time_budget_ms: int) -> dict[str, str]:
    """The `{step_limit}` and `{time_limit_s}` placeholders for a task's time budget."""
    seconds = time_budget_ms / 1000
    return {"step_limit": str(max(MIN_STEPS, int(seconds // STEP_SECONDS))),
            "time_limit_s": str(max(1, int(seconds * STOP_SHARE)))}


def tool_home(run_dir: Path, name: str, files: Mapping[str, str]) -> Path | None:
    """The home of the run's own an agent tool gets (its settings files written there, private), None without files.
    Kept beside the attempts: the user's own home and settings are never written."""
    if not files:
        return None
    home = run_dir / f"{name}-home"
    for relative, text in files.items():
        path = home / relative
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        path.write_text(text, encoding="utf-8")
        path.chmod(0o600)
    return home


def expand_argv(argv: list[str], values: Mapping[str, str], files: list[str]) -> list[str]:
    """The command's arguments with placeholders filled; `FLAG {files}` repeats FLAG per file, a lone
    `{files}` becomes one argument per file, and either disappears when the task names no files."""
    expanded: list[str] = []
    for index, arg in enumerate(argv):
        if arg == FILES_PLACEHOLDER:
            flag = expanded.pop() if index > 0 and argv[index - 1].startswith("-") and expanded else None
            for path in files:
                expanded.extend([flag, path] if flag else [path])
            continue
        expanded.append(_fill(arg, values))
    return expanded


def _fill(arg: str, values: Mapping[str, str]) -> str:
    for key in PLACEHOLDERS:
        if key in values:
            arg = arg.replace("{" + key + "}", values[key])
    return arg


class OutputViewer:
    """Passes agent output to a viewer; a viewer that raises is detached once, with a note why."""

    def __init__(self, callback: OutputCallback | None, note: Callable[[str], None]) -> None:
        self._callback = callback
        self._note = note

    def __call__(self, line: str) -> None:
        if self._callback is None:
            return
        try:
            self._callback(line)
        except Exception as exc:  # noqa: BLE001 - a broken viewer must not stop the agent
            self._note(f"output callback failed and was detached: {type(exc).__name__}: {exc}")
            self._callback = None


class ProcessOutcome(BaseModel):
    exit_code: int | None = None
    timed_out: bool = False
    not_started: bool = False
    tail: str = ""
    evidence: list[str] = Field(default_factory=list)
    duration_ms: float = 0.0


async def run_process(
    argv: list[str],
    *,
    cwd: Path,
    env: Mapping[str, str] | None,
    timeout_s: float,
    stdin_text: str | None = None,
    on_output: OutputCallback | None = None,
    tail_lines: int = OUTPUT_TAIL_LINES,
    pid_file: Path | None = None,
) -> ProcessOutcome:
    """Run argv (no shell) in its own process group with a deadline; the whole group dies on timeout.

    Output (stdout and stderr together) streams line by line to on_output; the last `tail_lines`
    are kept. A program that cannot be started gives exit code 127 (126 when not executable).
    """
    started = time.perf_counter()
    if not Path(cwd).is_dir():
        return ProcessOutcome(exit_code=126, not_started=True,
                              evidence=[f"the working directory {cwd} does not exist; the agent was not started"])
    try:
        proc = await asyncio.create_subprocess_exec(
            *argv,
            cwd=str(cwd),
            env=dict(env) if env is not None else None,
            stdin=subprocess.PIPE if stdin_text is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    except FileNotFoundError:
        return ProcessOutcome(exit_code=127, not_started=True,
                              evidence=[f"agent command not found: {argv[0]!r} (is it installed and on PATH?)"])
    except PermissionError:
        return ProcessOutcome(exit_code=126, not_started=True,
                              evidence=[f"agent command is not executable: {argv[0]!r}"])
    except OSError as exc:
        return ProcessOutcome(exit_code=126, not_started=True,
                              evidence=[f"agent command could not start: {argv[0]!r}: {exc.strerror or exc}"])

    if pid_file is not None:
        # A run killed while the agent works leaves this file: the resumed run stops the agent's group first.
        _write_pid_file(pid_file, proc.pid)
    tail: collections.deque[str] = collections.deque(maxlen=tail_lines)
    notes: list[str] = []
    viewer = OutputViewer(on_output, notes.append)

    def emit(line: str) -> None:
        tail.append(line)
        viewer(line)

    reader = asyncio.create_task(_read_lines(proc.stdout, emit))
    feeder = asyncio.create_task(_feed(proc.stdin, stdin_text)) if stdin_text is not None else None
    timed_out = False
    try:
        try:
            await asyncio.wait_for(proc.wait(), timeout=max(0.0, timeout_s))
        except TimeoutError:
            timed_out = True
            await _kill_group(proc)
        # Leftover children of a finished agent die with its group; what they wrote stays in the pipe.
        signal_process_group(proc.pid, signal.SIGKILL)
        try:
            await asyncio.wait_for(asyncio.shield(reader), timeout=PIPE_DRAIN_GRACE_S)
        except TimeoutError:
            notes.append("a process the agent started outside its group kept the output open; stopped reading")
    finally:
        if proc.returncode is None:
            signal_process_group(proc.pid, signal.SIGKILL)
            await proc.wait()
        if pid_file is not None:
            pid_file.unlink(missing_ok=True)
        for task in (reader, feeder):
            if task is not None and not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)

    evidence = list(notes)
    if timed_out:
        evidence.insert(0, f"agent timed out after {timeout_s:g} s; its process group was killed")
    elif proc.returncode:
        evidence.insert(0, f"agent exited with code {proc.returncode}")
    return ProcessOutcome(
        exit_code=proc.returncode,
        timed_out=timed_out,
        tail="\n".join(tail),
        evidence=evidence,
        duration_ms=round((time.perf_counter() - started) * 1000, 1),
    )


def _start_time(pid: int) -> str | None:
    """The kernel's start time of a process (field 22 of /proc/PID/stat), so a reused pid is not mistaken."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[-1].split()[19]


def _write_pid_file(path: Path, pid: int) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{pid} {_start_time(pid) or '-'}\n", encoding="utf-8")
    except OSError:
        pass


def stop_leftover_agent(pid_file: Path) -> str | None:
    """Kill the process group of an agent a killed run left running (its pid file says which); what was done."""
    try:
        pid_text, started = pid_file.read_text(encoding="utf-8").split()[:2]
        pid = int(pid_text)
    except (OSError, ValueError):
        return None
    pid_file.unlink(missing_ok=True)
    now = _start_time(pid)
    if now is None or (started != "-" and now != started):
        return None
    signal_process_group(pid, signal.SIGKILL)
    return f"stopped the agent (process group {pid}) that a killed run had left working"


async def _read_lines(stream: asyncio.StreamReader | None, emit: OutputCallback) -> None:
    """Lines from the stream, however long: a line over LINE_PIECE characters is handed on in pieces, each
    cut where no key spans the cut (redaction sees every key whole) and held only while its end is unread."""
    if stream is None:
        return
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    pending = ""
    while True:
        chunk = await stream.read(65536)
        if not chunk:
            break
        pending += decoder.decode(chunk)
        *lines, pending = pending.split("\n")
        for line in lines:
            emit(line.rstrip("\r"))
        while len(pending) > LINE_PIECE + CUT_MARGIN:
            cut = safe_cut(pending, LINE_PIECE)
            emit(pending[:cut])
            pending = pending[cut:]
    pending += decoder.decode(b"", final=True)
    if pending:
        emit(pending.rstrip("\r"))


async def _feed(stdin: asyncio.StreamWriter | None, text: str) -> None:
    """Give the prompt on standard input; an agent that does not read it is not an error."""
    if stdin is None:
        return
    try:
        stdin.write(text.encode("utf-8"))
        await stdin.drain()
    except (BrokenPipeError, ConnectionResetError):
        pass
    finally:
        try:
            stdin.close()
            await stdin.wait_closed()
        except (BrokenPipeError, ConnectionResetError):
            pass


async def _kill_group(proc: asyncio.subprocess.Process) -> None:
    """SIGTERM the process group, then SIGKILL it if the agent has not gone within a grace period."""
    signal_process_group(proc.pid, signal.SIGTERM)
    try:
        await asyncio.wait_for(proc.wait(), timeout=TERM_GRACE_S)
    except TimeoutError:
        pass
    signal_process_group(proc.pid, signal.SIGKILL)
    if proc.returncode is None:
        await proc.wait()


# -- the scripted executor ---------------------------------------------------------------------------
StepOutcome = AgentResult | None
Step = Callable[[Path, TaskContract], StepOutcome | Awaitable[StepOutcome]]
Script = Mapping[str, list[Step]] | Callable[[TaskContract, int], Step | None]


class ScriptedExecutor:
    """Plays scripted steps, one per attempt, that make real changes in the working tree.

    `script` maps a task id (or "*" for any other task) to its steps; attempt N plays step N, and
    the last step repeats after the list runs out. It may instead be a function (contract, attempt)
    -> step. A step returning None is an agent that wrote no result file; a step that raises is a
    crash (exit code 1); a step that outlives the time budget is a timeout.
    """

    in_process = True  # pmtui's own code: no program to confine

    name = "scripted"

    def __init__(self, script: Script) -> None:
        self.script = script
        self.calls: list[tuple[str, int]] = []

    def step_for(self, contract: TaskContract, attempt: int) -> Step | None:
        if callable(self.script) and not isinstance(self.script, Mapping):
            return self.script(contract, attempt)
        steps = self.script.get(contract.task_id) or self.script.get("*")
        if not steps:
            return None
        return steps[min(attempt, len(steps)) - 1]

    async def run(
        self,
        contract: TaskContract,
        workdir: Path,
        *,
        attempt: int,
        run_dir: Path,
        on_output: OutputCallback | None = None,
    ) -> AgentResult:
        contract = contract.model_copy(update={"attempt": attempt})
        self.calls.append((contract.task_id, attempt))
        step = self.step_for(contract, attempt)
        if step is None:
            message = f"no scripted step for task {contract.task_id} attempt {attempt}"
            return AgentResult(exit_code=1, self_assessment="blocked", blockers=[message], evidence=[message],
                               output_tail=message)
        budget_s = contract.time_budget_ms / 1000
        workdir = Path(workdir)
        try:
            if inspect.iscoroutinefunction(step):
                outcome = await asyncio.wait_for(step(workdir, contract), timeout=budget_s)
            else:
                # A thread keeps a slow step from blocking the engine; it cannot be killed, only abandoned.
                outcome = await asyncio.wait_for(asyncio.to_thread(_call_sync, step, workdir, contract), budget_s)
        except TimeoutError:
            message = f"agent timed out after {budget_s:g} s"
            return AgentResult(exit_code=None, timed_out=True, evidence=[message], output_tail=message)
        except Exception as exc:  # noqa: BLE001 - a crashing scripted agent is an outcome, not an engine error
            lines = traceback.format_exception(exc)
            message = f"agent crashed: {type(exc).__name__}: {exc}"
            return AgentResult(exit_code=1, evidence=[message], output_tail=clip_end("".join(lines), 4000))
        if outcome is None:
            result = AgentResult(exit_code=0, self_assessment="uncertain",
                                 evidence=["no result file written; the changed files are taken from git"])
        else:
            result = outcome if outcome.exit_code is not None else outcome.model_copy(update={"exit_code": 0})
        if on_output is not None and result.output_tail:
            for line in result.output_tail.splitlines():
                on_output(line)
        return result


def _call_sync(step: Step, workdir: Path, contract: TaskContract) -> StepOutcome:
    outcome = step(workdir, contract)
    if inspect.isawaitable(outcome):
        raise TypeError("a synchronous step returned an awaitable; declare it with async def")
    return outcome


def write_files(
    contents: Mapping[str, str],
    *,
    criteria_map: Mapping[str, str] | None = None,
    self_assessment: SelfAssessment = "confident",
    evidence: list[str] | None = None,
    blockers: list[str] | None = None,
) -> Step:
    """A step that writes files (parents created) and reports them, like a well-behaved agent."""

    def step(workdir: Path, contract: TaskContract) -> AgentResult:
        for path, text in contents.items():
            target = workdir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        return AgentResult(
            files_changed=list(contents),
            self_assessment=self_assessment,
            criteria_map=dict(criteria_map or {}),
            evidence=list(evidence or []),
            blockers=list(blockers or []),
            exit_code=0,
            output_tail="\n".join(f"wrote {path}" for path in contents),
        )

    return step
