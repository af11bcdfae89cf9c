"""One attempt on a cluster node: a scratch clone at the base commit, the agent, its gates, the change.

This is what a cluster task runs on the node (pmtui/delivery/ray_driver.py wraps it in a Ray task);
nothing here imports Ray, so it is tested on this machine as it runs there. The node gets the
repository at the task's base commit (from a git bundle, or fetched from a remote), the change the
task's earlier attempts left (a binary patch), the executor that runs the agent and the run's
sandbox policy. The node confines the agent and the gate commands as a local run does (sandbox.py),
with its own bubblewrap, home and temp dir; a run that asks for a sandbox (`on`) on a node that
cannot make one gets the node back as unfit, nothing run. It returns the agent's result, the whole
change against the base as one binary-safe patch, the gate commands' results, what the agent did
that it must not (seen on the node), the raw result file and how the node confined it.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import pickle
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pmtui.delivery import agent_watch, gates, git_ops, git_transfer
from pmtui.delivery.executors import attempt_files
from pmtui.delivery.git_identity import lend_identity_to_clone
from pmtui.delivery.sandbox import SANDBOX, Sandbox, SandboxPolicy, SandboxUnavailable
from pmtui.delivery.toolcheck import missing_tool, program_of
from pmtui.models.delivery import TaskContract

OutputSink = Callable[[str], None]


@dataclass
class AttemptSpec:
    """Everything a node needs for one attempt; plain data, so it crosses any wire."""

    task_id: str
    attempt: int
    contract_json: str
    executor: bytes  # the pickled Executor that runs the agent (a CommandExecutor for agent CLIs)
    program: str  # the agent's program, checked on the node's PATH before anything else ("" skips it)
    base: str
    start_patch: bytes = b""
    gate_timeout_s: float = 600.0
    remote: str = ""  # fetch the base from this URL (else: the bundle given beside the spec)
    remote_ref: str = ""
    # The run's sandbox policy (Sandbox.policy()), resolved on the node: `~` is the node's home.
    sandbox: str = "off"
    sandbox_writable: list[str] = field(default_factory=list)
    sandbox_readable: list[str] = field(default_factory=list)

    def sandbox_policy(self) -> SandboxPolicy:
        return SandboxPolicy(mode=self.sandbox, writable=tuple(self.sandbox_writable),  # type: ignore[arg-type]
                             readable=tuple(self.sandbox_readable))

    def to_wire(self) -> dict[str, Any]:
        data = asdict(self)
        data["executor"] = base64.b64encode(self.executor).decode("ascii")
        data["start_patch"] = base64.b64encode(self.start_patch).decode("ascii")
        return data

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> AttemptSpec:
        values = dict(data)
        values["executor"] = base64.b64decode(values["executor"])
        values["start_patch"] = base64.b64decode(values["start_patch"])
        return cls(**values)


@dataclass
class NodeOutcome:
    """What came back from the node. `unfit` is set (and nothing else) when the node cannot run it, and `need`
    names what it lacks (needs()), so that attempts needing it are steered to other nodes."""

    unfit: str = ""
    need: str = ""
    agent_result_json: str = ""
    patch: bytes = b""
    gates: dict[str, str] = field(default_factory=dict)  # gate name → CommandResult JSON
    tampering: list[str] = field(default_factory=list)
    result_file: str | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)
    sandbox: str = ""  # how the node confined the agent and its gates (Sandbox.describe() there)

    def to_wire(self) -> dict[str, Any]:
        data = asdict(self)
        data["patch"] = base64.b64encode(self.patch).decode("ascii")
        return data

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> NodeOutcome:
        values = dict(data)
        values["patch"] = base64.b64decode(values["patch"])
        return cls(**values)


# What a node needs for any attempt: git, and pmtui importable (ray_driver names a node that cannot import it).
GIT, PMTUI, SANDBOX_ON = "git", "pmtui", "sandbox on"


def needs(spec: AttemptSpec) -> set[str]:
    """What a node must have to run this attempt, by the names unmet() gives what is missing."""
    found = {GIT, PMTUI}
    if spec.program:
        found.add(f"agent {spec.program}")
    found.update(f"gate {program}" for _, _, program in _gate_programs(spec))
    if spec.sandbox == "on":
        found.add(SANDBOX_ON)
    return found


def _gate_programs(spec: AttemptSpec) -> list[tuple[str, str, str]]:
    """(gate name, command, program) of the gate commands whose program is looked up on PATH."""
    contract = TaskContract.model_validate_json(spec.contract_json)
    found = []
    for name, command in gates.gate_commands(contract).items():
        if not command or command.strip().lower() == "none":
            continue
        program = program_of(command)
        if program and not ("/" in program and not program.startswith("/")):
            found.append((name, command, program))
    return found


def unmet(spec: AttemptSpec) -> tuple[str, str]:
    """(what this node lacks, why it cannot run the attempt), ("", "") when it can: git, the agent's program and
    the gate commands' programs on PATH. A gate program missing on one node is the node's problem, not the agent's:
    run, its gate would fail with exit 127, blamed on the agent's change, and spend the task's budget."""
    if shutil.which("git") is None:
        return GIT, "git is not installed (or not on PATH)"
    if spec.program and shutil.which(spec.program) is None:
        return (f"agent {spec.program}",
                f"agent command not found: {spec.program!r} (is it installed and on PATH on this node?)")
    for name, command, program in _gate_programs(spec):
        if missing_tool(command, Path("/")):
            why = (f"gate command not found: {program!r}, which the plan's {name} command `{command}` runs (is it "
                   "installed and on PATH on this node?)")
            return f"gate {program}", why
    return "", ""


def preflight(spec: AttemptSpec) -> str:
    """Why this node cannot run the attempt ("" when it can): unmet()'s reason."""
    return unmet(spec)[1]


def refusal(spec: AttemptSpec) -> NodeOutcome | None:
    """The outcome of a node that cannot run the attempt (what it lacks, or `--sandbox on` and no sandbox here), else
    None: checked before the node says it works on the attempt, so a node that cannot is never said to be at work."""
    need, unfit = unmet(spec)
    if unfit:
        return NodeOutcome(unfit=unfit, need=need)
    if spec.sandbox == "on":
        try:
            spec.sandbox_policy().resolve()
        except SandboxUnavailable as error:
            return NodeOutcome(unfit=str(error), need=SANDBOX_ON)
    return None


async def run_attempt(spec: AttemptSpec, bundle: bytes | None, on_output: OutputSink | None = None) -> NodeOutcome:
    """The attempt in a scratch clone that is removed afterwards, whatever happens."""
    need, unfit = unmet(spec)
    if unfit:
        return NodeOutcome(unfit=unfit, need=need)
    try:
        # The same rule as a local run's start: `on` and no sandbox here is a refusal, `auto` runs unconfined.
        sandbox = await asyncio.to_thread(spec.sandbox_policy().resolve)
    except SandboxUnavailable as error:
        return NodeOutcome(unfit=str(error), need=SANDBOX_ON)
    scratch = Path(tempfile.mkdtemp(prefix="pmtui-attempt-"))
    if sandbox.active:
        # The attempt's own TMPDIR inside the sandbox, removed with the clone.
        (scratch / "tmp").mkdir()
        sandbox = dataclasses.replace(sandbox, scratch=str(scratch / "tmp"))
    # The agent and the gate commands read the sandbox from the context (sandbox.current()), as in a local run.
    token = SANDBOX.set(sandbox)
    try:
        return await _in_scratch(spec, bundle, scratch, on_output, sandbox)
    finally:
        SANDBOX.reset(token)
        await asyncio.to_thread(shutil.rmtree, scratch, True)


async def _in_scratch(spec: AttemptSpec, bundle: bytes | None, scratch: Path, on_output: OutputSink | None,
                      sandbox: Sandbox) -> NodeOutcome:
    timings: dict[str, float] = {}
    started = time.perf_counter()
    # The clone sits alone in its folder, as a pooled worktree does: the outside check sees only it.
    tree = scratch / "clone" / "repo"
    run_dir = scratch / "attempts"
    run_dir.mkdir()
    if spec.remote:
        source: str | Path = spec.remote
    else:
        if bundle is None:
            raise ValueError("an attempt without a remote needs the repository bundle")
        source = scratch / "base.bundle"
        source.write_bytes(bundle)
    await asyncio.to_thread(git_transfer.clone_at, source, tree, spec.base, ref=spec.remote_ref)
    await asyncio.to_thread(git_transfer.apply_patch, tree, spec.start_patch)
    # A node where git knows nobody: the scratch clone (pmtui's own, thrown away) says who, so an agent that checks
    # it first (aider) neither writes it nor crashes under the node's sandbox (git_identity.py says why).
    await asyncio.to_thread(lend_identity_to_clone, tree)
    timings["clone"] = _ms(started)

    contract = TaskContract.model_validate_json(spec.contract_json)
    # Our own executor, pickled by this run's driver for its nodes.
    executor = pickle.loads(spec.executor)
    before = await asyncio.to_thread(git_ops.snapshot, tree, worktrees=[], with_status=False)
    mark = time.perf_counter()
    result = await executor.run(contract, tree, attempt=spec.attempt, run_dir=run_dir, on_output=on_output)
    timings["agent"] = _ms(mark)
    tampering = await asyncio.to_thread(agent_watch.undo_agent_moves, before, tree)

    mark = time.perf_counter()
    patch = await asyncio.to_thread(git_transfer.binary_patch, tree, spec.base)
    results = await gates.run_commands(gates.gate_commands(contract), tree, spec.gate_timeout_s)
    timings["gates"] = _ms(mark)
    result_path = attempt_files(run_dir, contract.task_id, spec.attempt)[2]
    result_text = result_path.read_text(encoding="utf-8", errors="replace") if result_path.is_file() else None
    timings["total"] = _ms(started)
    return NodeOutcome(
        agent_result_json=result.model_dump_json(),
        patch=patch,
        gates={name: value.model_dump_json() for name, value in results.items()},
        tampering=tampering,
        result_file=result_text,
        timings_ms=timings,
        sandbox=sandbox.describe(),
    )


def _ms(since: float) -> float:
    return round((time.perf_counter() - since) * 1000, 1)


class AttemptThread:
    """run_attempt in a thread of its own with its own event loop, for a caller that must stay
    synchronous (a Ray generator task): output lines and the outcome arrive through `events`,
    and `cancel()` stops the agent (its process group dies with the cancelled attempt)."""

    def __init__(self, spec: AttemptSpec, bundle: bytes | None) -> None:
        import queue

        self.events: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._spec = spec
        self._bundle = bundle
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[NodeOutcome] | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name=f"pmtui-attempt-{spec.task_id}", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait()

    def _main(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            self._task = loop.create_task(run_attempt(self._spec, self._bundle,
                                                      lambda line: self.events.put(("line", line))))
            self._ready.set()
            outcome = loop.run_until_complete(self._task)
            self.events.put(("outcome", outcome))
        except asyncio.CancelledError:
            self.events.put(("cancelled", None))
        except BaseException as error:  # noqa: BLE001 - reported to the caller, who raises it on the node
            self.events.put(("error", error))
        finally:
            self._ready.set()
            loop.close()

    def cancel(self, wait_s: float = 10.0) -> None:
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not task.done():
            try:
                loop.call_soon_threadsafe(task.cancel)
            except RuntimeError:
                pass  # the loop closed meanwhile: nothing left to cancel
        self._thread.join(wait_s)


def pickled_executor(executor: Any) -> tuple[bytes, str]:
    """The executor as bytes for the nodes, and the program a node must have on PATH to run it."""
    argv = getattr(executor, "argv", None)
    program = str(argv[0]) if argv else ""
    try:
        blob = pickle.dumps(executor)
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        raise ValueError(f"the {getattr(executor, 'name', 'agent')} executor cannot be sent to a node ({error}); "
                         "run the agent as a command (--agent \"CMD ARGS\")") from None
    return blob, program

