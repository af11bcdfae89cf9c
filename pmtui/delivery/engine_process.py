"""The delivery engine of a live dashboard, in a process of its own.

A TUI that ran the engine in a thread of its own process still shared one interpreter lock with it: while
the engine's Python work (git processes started and read, the store, the gates' output) held the lock, the
compositor waited, and frames came late (bench/live_delivery.py: 25–68 ms). Here the engine runs in a child
Python process that the TUI's delivery thread supervises:

- the job (store, repository, plan, agent, the parent's resolved configuration) goes to the child on its
  stdin, never on its command line; the configuration holds no keys (they stay in the environment);
- the child answers on its stdout with one JSON object per line: `{"run_id": N}` once the run exists (the
  dashboard then follows it in the store, as `pmtui watch` follows another process's run) and
  `{"outcome": {...}}` or `{"error": "..."}` at the end; everything else it would print goes to a file;
- stopping closes the child's stdin (or SIGTERM): the engine's stop event is set, running attempts are
  cancelled, the run stays resumable. A parent that dies closes that pipe too, so the child never outlives
  the dashboard unnoticed.

Run as `python -m pmtui.delivery.engine_process` (the child); EngineProcess is the parent's side.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pmtui.config import Config
    from pmtui.delivery.engine import DeliveryEngine
    from pmtui.delivery.run_context import RunOutcome
    from pmtui.delivery.sandbox import SandboxMode
    from pmtui.store.db import Store

# How long a stopped child has to end its attempts and say how the run ended before it is killed.
STOP_GRACE_S = 60.0
# What the parent keeps of the child's stderr to explain a child that ended without an outcome.
STDERR_TAIL = 2000


@dataclass
class EngineJob:
    """Everything the child needs to build the engine the parent would have built (JSON on the pipe)."""

    store_path: str
    config: dict[str, Any]
    config_source: str = "defaults"
    ollama: dict[str, Any] | None = None
    repo: str = ""
    plan_path: str = ""
    agent: str | None = None  # a preset, an [agents.NAME] or a command line; None: the built-in LLM agent
    max_parallel: int | None = None
    parallel_tiers: list[str] | None = None
    sandbox: SandboxMode | None = None
    retry_budget: int | None = None  # --retry-budget; None: [delivery] retry_budget
    no_wait: bool = False
    # The demo (`pmtui demo`): its sandbox, already created by the parent, and the scripted agent's pace.
    demo: dict[str, Any] | None = None
    niceness: int = 0
    # What the user types to resume the run after a stop, when it is not the command that started it (a run
    # started from the TUI's "Deliver this plan"); None: "the same command".
    resume_command: str | None = None

    def resume_hint(self) -> str | None:
        """The command that resumes this job's run, if the user did not type one to start it."""
        if self.demo is not None:
            return self.demo.get("resume_command")
        return self.resume_command

    @classmethod
    def for_config(cls, config: Config, store_path: Path, **fields: Any) -> EngineJob:
        ollama = config.ollama.model_dump(mode="json") if config.ollama is not None else None
        return cls(store_path=str(store_path), config=config.model_dump(mode="json"),
                   config_source=config.source, ollama=ollama, **fields)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> EngineJob:
        return cls(**json.loads(text))


@dataclass
class ChildReport:
    """What the child said: the run it created and how the run ended (or why it could not)."""

    run_id: int = 0
    outcome: RunOutcome | None = None
    error: str = ""


def outcome_from(data: dict[str, Any]) -> RunOutcome:
    from pmtui.delivery.run_context import RunOutcome

    return RunOutcome(state=data["state"], ending=data["ending"], run_id=data.get("run_id"),
                      message=data.get("message", ""), handoff=data.get("handoff", ""),
                      escalations=list(data.get("escalations", [])))


class EngineProcess:
    """The parent's side: start the child with a job, hear its run id and outcome, stop it on request."""

    def __init__(self, job: EngineJob, *, python: str | None = None) -> None:
        self.job = job
        self.python = python or sys.executable
        self.process: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()

    def run(self, stop: threading.Event, on_run: Callable[[int], None]) -> ChildReport:
        """Start the child and wait for it (in the caller's thread); `stop` set ends it gracefully."""
        report = ChildReport()
        try:
            self._start()
        except OSError as exc:
            report.error = f"delivery could not start its engine process: {exc}"
            return report
        assert self.process is not None and self.process.stdout is not None
        reader = threading.Thread(target=self._read, args=(self.process.stdout,), name="engine-child-out",
                                  daemon=True)
        reader.start()
        stopping_since: float | None = None
        while True:
            try:
                line = self._lines.get(timeout=0.1)
            except queue.Empty:
                line = b""
            if line is None:  # the child closed its stdout: it is ending
                break
            if line:
                self._heard(line, report, on_run)
            if stop.is_set() and stopping_since is None:
                stopping_since = time.monotonic()
                self._close_stdin()
            if stopping_since is not None and time.monotonic() - stopping_since > STOP_GRACE_S:
                self._kill()
        self.process.wait()
        reader.join(timeout=5)
        if report.outcome is None and not report.error:
            report.error = self._died_message()
        self._close_stdin()
        if not reader.is_alive():
            self.process.stdout.close()  # read to its end; left open it was a ResourceWarning in the TUI's log
        if self._stderr is not None:
            self._stderr.close()
        return report

    def _start(self) -> None:
        self._stderr = tempfile.TemporaryFile(prefix="pmtui-engine-")  # noqa: SIM115 - closed in run()
        self.process = subprocess.Popen(
            [self.python, "-m", "pmtui.delivery.engine_process"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
            # Its own session: a terminal's signals go to the dashboard, which decides; the child's own
            # agents are process groups the engine kills itself.
            start_new_session=True,
        )
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(self.job.to_json().encode() + b"\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass  # the child ended already: its exit code and its last words say why

    def _read(self, stream: IO[bytes]) -> None:
        for line in stream:
            self._lines.put(line)
        self._lines.put(None)

    def _heard(self, line: bytes, report: ChildReport, on_run: Callable[[int], None]) -> None:
        try:
            said = json.loads(line)
        except ValueError:
            return  # not the protocol: the child prints nothing else on this pipe, so this is noise
        if not isinstance(said, dict):
            return
        if isinstance(said.get("run_id"), int) and not report.run_id:
            report.run_id = said["run_id"]
            on_run(report.run_id)
        if isinstance(said.get("outcome"), dict):
            report.outcome = outcome_from(said["outcome"])
        if isinstance(said.get("error"), str):
            report.error = said["error"]

    def _close_stdin(self) -> None:
        if self.process is not None and self.process.stdin is not None and not self.process.stdin.closed:
            try:
                self.process.stdin.close()
            except OSError:
                pass

    def _kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                self.process.kill()

    def _died_message(self) -> str:
        code = self.process.returncode if self.process is not None else None
        tail = ""
        if self._stderr is not None:
            try:
                self._stderr.seek(0, os.SEEK_END)
                self._stderr.seek(max(0, self._stderr.tell() - STDERR_TAIL))
                lines = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
                tail = lines[-1].strip() if lines else ""
            except OSError:
                tail = ""
        from pmtui.redaction import redact

        why = f" ({redact(tail)})" if tail else ""
        resume = self.job.resume_hint()
        again = f"`{resume}` resumes it" if resume else "the same command resumes"
        return (f"delivery stopped: its engine process ended with exit code {code} before saying how the run "
                f"ended{why}; everything stored stays, and {again}")


# -- the child ---------------------------------------------------------------------------------------
def build_config(job: EngineJob) -> Config:
    from pmtui.config import Config, FoundOllama, watch_keys

    config = Config.model_validate(job.config)
    config.source = job.config_source
    if job.ollama is not None:
        config.ollama = FoundOllama.model_validate(job.ollama)
    watch_keys(config)  # as load_config does: the keys' values are masked in everything this process writes
    return config


def build_engine(job: EngineJob, store: Store, on_event: Callable[[str, str], None], stop: threading.Event, *,
                 config: Config | None = None, executor: Any = None) -> DeliveryEngine:
    """The engine of a job: in the child, or in the process that made the job (with its `config` as it is, and
    an `executor` of its own, such as a Ray cluster's)."""
    config = config or build_config(job)
    if job.demo is not None:
        from pmtui.delivery import demo

        return demo.demo_engine(demo.sandbox_from_job(job.demo), store, config,
                                pace=float(job.demo.get("pace", 0.0)), on_event=on_event, stop=stop)
    from pmtui.delivery.agent_presets import review_config
    from pmtui.delivery.engine import DeliveryEngine, model_criteria_mapper, model_reviewer

    config = review_config(config, job.agent)
    return DeliveryEngine(
        store, config, repo=Path(job.repo), plan_path=Path(job.plan_path),
        executor=executor if executor is not None else job_executor(job, config, store),
        max_parallel=job.max_parallel or config.delivery.max_parallel,
        parallel_tiers=job.parallel_tiers if job.parallel_tiers is not None else config.delivery.parallel_tiers,
        reviewer=model_reviewer(config, store), criteria_mapper=model_criteria_mapper(config, store),
        on_event=on_event, stop=stop, sandbox=job.sandbox, resume_command=job.resume_command,
        retry_budget=job.retry_budget,
    )


def job_executor(job: EngineJob, config: Config, store: Store) -> Any:
    if job.agent is not None:
        from pmtui.delivery.agent_presets import resolve_agent
        from pmtui.delivery.executors import CommandExecutor

        return CommandExecutor(resolve_agent(job.agent, config))
    from pmtui.delivery.llm_agent import model_agent

    return model_agent(config, store)



def lower_priority(niceness: int) -> None:
    """Run below the UI: this process and what it starts (agents, gates) at `niceness`. The process is the leader of
    a session of its own, and with Linux's autogroup scheduling (on by default) a nice value counts only inside its
    session's group: against the TUI's session the run's group still took half the cores, and a live dashboard
    waited 40-75 ms for a core while the baseline's ruff, mypy and pytest ran. So the group is niced too (a process
    may raise its own group's nice value). Elsewhere, or when refused, what can be lowered is."""
    try:
        os.nice(niceness)
    except OSError:
        pass
    try:
        Path("/proc/self/autogroup").write_text(str(niceness), encoding="ascii")
    except OSError:
        pass

def child_main() -> int:
    """The child: read the job, run the engine, say the run id and the outcome on stdout as JSON lines."""
    # The protocol keeps the real stdout; anything else the engine or a library prints goes to stderr,
    # which the parent keeps in a file (never on the dashboard's terminal).
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    from pmtui.logs import setup_logging
    from pmtui.redaction import redact

    setup_logging()
    stop = threading.Event()

    def say(**fields: Any) -> None:
        protocol.write(json.dumps(fields) + "\n")
        protocol.flush()

    line = sys.stdin.readline()
    try:
        job = EngineJob.from_json(line)
    except (ValueError, TypeError) as exc:
        say(error=f"delivery could not read its job: {exc}")
        return 2
    if job.niceness:
        lower_priority(job.niceness)

    def watch_stdin() -> None:
        # The parent closes the pipe to stop the run (or dies, which closes it too).
        sys.stdin.read()
        stop.set()

    threading.Thread(target=watch_stdin, name="engine-stop", daemon=True).start()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: stop.set())
    from pmtui.store import Store

    try:
        store = Store(Path(job.store_path))
    except Exception as exc:  # noqa: BLE001 - said to the parent, which shows it
        say(error=f"delivery could not open the store: {exc}")
        return 1
    holder: dict[str, DeliveryEngine] = {}
    told = False

    def on_event(kind: str, text: str) -> None:
        nonlocal told
        engine = holder.get("engine")
        if not told and engine is not None and engine.run_id:
            told = True
            say(run_id=engine.run_id)

    try:
        holder["engine"] = engine = build_engine(job, store, on_event, stop)
        outcome = asyncio.run(engine.run(no_wait=job.no_wait))
    except Exception as exc:  # noqa: BLE001 - said to the parent; the store stays resumable
        say(error=redact(f"delivery stopped: {type(exc).__name__}: {exc}"))
        return 1
    finally:
        store.close()
    if not told and outcome.run_id:
        say(run_id=outcome.run_id)
    said = asdict(outcome)
    said.update(message=redact(outcome.message), handoff=redact(outcome.handoff))
    say(outcome=said)
    return 0


if __name__ == "__main__":
    sys.exit(child_main())
