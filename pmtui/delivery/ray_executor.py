"""The Ray executor: each attempt runs as one Ray task on a node of a cluster (`--executor ray`).

pmtui's process never imports Ray: it starts the Ray driver (ray_driver.py) as a child process and
talks to it in JSON lines. For each attempt it sends the task's base commit (the pooled tree's
HEAD; the driver puts a git bundle of it in the object store, or the nodes fetch it from
`--remote`), the change earlier attempts left (a binary patch), the agent's executor and the run's
sandbox policy. The node runs the agent and the task's gate commands in a scratch clone, confined by
its own bubblewrap as a local attempt is here (node_attempt.py), and sends back
the whole change, the gate results and the result file; the agent's output streams into the
attempt's log as it comes. Here the change is applied to the pooled tree, so the engine reviews,
integrates, re-gates and commits exactly as it does for a local attempt.

A try lost with its node runs again elsewhere inside the same attempt (no retry budget spent); a
node that cannot run the agent, an attempt lost too often and a lost head raise the AttemptNotRun
errors of nodes.py, which the task driver turns into an escalation or a clean stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pmtui.delivery import git_ops, git_transfer, git_worktrees
from pmtui.delivery.executors import Executor, OutputCallback, attempt_files
from pmtui.delivery.gates import CommandResult
from pmtui.delivery.node_attempt import AttemptSpec, NodeOutcome, pickled_executor
from pmtui.delivery.nodes import (
    AttemptLost,
    AttemptNotRun,
    ClusterLost,
    ClusterView,
    NodeCallback,
    NodeRef,
    NodeReport,
    NodeUnfit,
    SteerCallback,
)
from pmtui.delivery.sandbox import current as current_sandbox
from pmtui.models.delivery import AgentResult, TaskContract

CONNECT_TIMEOUT_S = 90.0
# No word from the driver for this long (it reports the cluster every few seconds): the head is lost.
SILENCE_LIMIT_S = 45.0


class ClusterUnavailable(Exception):
    """The cluster cannot be reached (or the driver cannot start): the message says what to do."""


class RayExecutor:
    """Runs each attempt of `agent` (an agent command's executor) as a Ray task; see the module docstring."""

    name = "ray"

    def __init__(
        self,
        agent: Executor,
        *,
        address: str = "auto",
        num_cpus: float = 1.0,
        remote: str = "",
        env_names: Iterable[str] = (),
        node_retries: int = 2,
        gate_timeout_s: float | None = None,
        log_path: Path | None = None,
        python: str = sys.executable,
    ) -> None:
        if num_cpus <= 0:
            raise ValueError("num_cpus must be above 0")
        self.agent = agent
        self.address = address or "auto"
        self.num_cpus = num_cpus
        self.remote = remote
        self.env_names = [name for name in env_names if name]
        self.node_retries = node_retries
        self.gate_timeout_s = gate_timeout_s
        self.log_path = log_path
        self.python = python
        self._blob, self._program = pickled_executor(agent)
        self._process: subprocess.Popen[str] | None = None
        self._write_lock = threading.Lock()
        self._attempts: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Queue[dict[str, Any]]]] = {}
        self._attempts_lock = threading.Lock()
        self._ready = threading.Event()
        self._fatal = ""
        self._lost = ""
        self._view: ClusterView | None = None
        self._heard = time.monotonic()
        self._reports: dict[tuple[str, int], NodeReport] = {}
        self._pushed: set[str] = set()
        self._push_lock = threading.Lock()
        self.missing_env: list[str] = []

    # -- the driver process ----------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        return {"executor": "ray", "ray_address": self.address, "num_cpus": self.num_cpus,
                "remote": self.remote, "env": list(self.env_names)}

    def connect(self, timeout_s: float = CONNECT_TIMEOUT_S) -> ClusterView:
        """Start the driver and wait until it joined the cluster; ClusterUnavailable when it cannot."""
        if self._process is None:
            if not _has_ray(self.python):
                raise ClusterUnavailable("Ray is not installed here: pip install 'pmtui[ray]'")
            _check_reachable(self.address)
            self._spawn()
        if not self._ready.wait(timeout_s):
            self.close()
            raise ClusterUnavailable(f"no answer from the Ray cluster at {self.address} within {timeout_s:.0f} s")
        if self._fatal:
            message = self._fatal
            self.close()
            raise ClusterUnavailable(f"cannot join the Ray cluster at {self.address}: {message}")
        assert self._view is not None
        return self._view

    def _spawn(self) -> None:
        from pmtui.logs import log_path

        log = self.log_path = self.log_path or log_path().with_name("ray-driver.log")
        argv = [self.python, "-m", "pmtui.delivery.ray_driver", "--address", self.address,
                "--num-cpus", repr(self.num_cpus), "--node-retries", str(self.node_retries), "--log", str(log)]
        for name in self.env_names:
            argv += ["--env", name]
        self._process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            encoding="utf-8", start_new_session=True, bufsize=1,
        )
        self._heard = time.monotonic()
        threading.Thread(target=self._read, name="ray-driver-reader", daemon=True).start()

    def _read(self) -> None:
        process = self._process
        assert process is not None and process.stdout is not None
        for line in process.stdout:
            try:
                message = json.loads(line)
            except json.JSONDecodeError:
                continue
            self._heard = time.monotonic()
            op = message.get("op")
            if op in ("ready", "cluster"):
                self._view = ClusterView.from_dict(message.get("view"))
                self.missing_env = list(message.get("missing_env", self.missing_env))
                self._ready.set()
            elif op == "fatal":
                self._fatal = str(message.get("message", "the driver stopped"))
                self._ready.set()
            else:
                self._deliver(message)
        code = process.wait()
        self._fatal = self._fatal or f"the Ray driver ended (exit {code}); see {self.log_path or 'ray-driver.log'}"
        self._ready.set()
        self._lose_all(f"the Ray cluster at {self.address} was lost (its driver ended with exit {code})")

    def _deliver(self, message: dict[str, Any]) -> None:
        with self._attempts_lock:
            target = self._attempts.get(str(message.get("key")))
        if target is not None:
            loop, inbox = target
            with contextlib.suppress(RuntimeError):  # the attempt's loop closed: nobody waits for it
                loop.call_soon_threadsafe(inbox.put_nowait, message)

    def _lose_all(self, reason: str) -> None:
        self._lost = reason
        with self._attempts_lock:
            keys = list(self._attempts)
        for key in keys:
            self._deliver({"op": "head_lost", "key": key, "reason": reason})

    def _send(self, **request: Any) -> None:
        process = self._process
        if process is None or process.stdin is None or process.poll() is not None:
            raise ClusterLost(self._lost or f"the Ray driver for {self.address} is not running")
        with self._write_lock:
            try:
                process.stdin.write(json.dumps(request, separators=(",", ":")) + "\n")
                process.stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                raise ClusterLost(self._lost or f"the Ray cluster at {self.address} was lost") from None

    def close(self, grace_s: float = 10.0) -> None:
        """End the driver: its end of input cancels what runs on the nodes, then it leaves the cluster."""
        process, self._process = self._process, None
        if process is None:
            return
        with contextlib.suppress(OSError, ValueError):
            assert process.stdin is not None
            process.stdin.close()
        try:
            process.wait(grace_s)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def cluster_view(self) -> ClusterView | None:
        return self._view

    # -- one attempt -----------------------------------------------------------------------------
    async def run(
        self,
        contract: TaskContract,
        workdir: Path,
        *,
        attempt: int,
        run_dir: Path,
        on_output: OutputCallback | None = None,
        on_node: NodeCallback | None = None,
        on_steered: SteerCallback | None = None,
    ) -> AgentResult:
        contract = contract.model_copy(update={"attempt": attempt})
        tree = Path(workdir).resolve()
        if self._process is None:
            await asyncio.to_thread(self.connect)
        started = time.perf_counter()
        base = git_ops.head(tree)[0]
        if base is None:
            raise git_ops.GitError(f"{tree} has no commit to start the attempt from")
        start_patch = await asyncio.to_thread(git_transfer.binary_patch, tree, base)
        remote_ref = await asyncio.to_thread(self._push, tree, base) if self.remote else ""
        timeout = self.gate_timeout_s or max(30.0, contract.time_budget_ms / 1000)
        # The run's sandbox as it was asked for (the engine set it for the run): each node resolves it for itself.
        policy = current_sandbox().policy()
        spec = AttemptSpec(task_id=contract.task_id, attempt=attempt, contract_json=contract.model_dump_json(),
                           executor=self._blob, program=self._program, base=base, start_patch=start_patch,
                           gate_timeout_s=timeout, remote=self.remote, remote_ref=remote_ref, sandbox=policy.mode,
                           sandbox_writable=list(policy.writable), sandbox_readable=list(policy.readable))
        key = f"{contract.task_id}#{attempt}#{uuid.uuid4().hex[:8]}"
        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        with self._attempts_lock:
            self._attempts[key] = (asyncio.get_running_loop(), inbox)
        clock = {"prepare": time.perf_counter() - started}
        try:
            if self._lost:
                raise ClusterLost(self._lost)
            self._send(op="submit", key=key, spec=spec.to_wire(), tree=str(tree))
            outcome, node, lost_on, unfit_on = await self._follow(key, inbox, on_output, on_node, on_steered, clock)
        except asyncio.CancelledError:
            with contextlib.suppress(ClusterLost):
                self._send(op="cancel", key=key)
            raise
        finally:
            with self._attempts_lock:
                self._attempts.pop(key, None)
        return await asyncio.to_thread(self._take, contract, attempt, tree, run_dir, base, outcome, node,
                                       (lost_on, unfit_on), clock, started)

    async def _follow(
        self, key: str, inbox: asyncio.Queue[dict[str, Any]], on_output: OutputCallback | None,
        on_node: NodeCallback | None, on_steered: SteerCallback | None, clock: dict[str, float],
    ) -> tuple[NodeOutcome, NodeRef, list[NodeRef], list[tuple[NodeRef, str]]]:
        """The driver's messages about one attempt until its outcome (or an AttemptNotRun error)."""
        node = NodeRef("")
        lost_on: list[NodeRef] = []
        unfit_on: list[tuple[NodeRef, str]] = []
        begun = time.perf_counter() - clock["prepare"]
        while True:
            try:
                message = await asyncio.wait_for(inbox.get(), timeout=5.0)
            except TimeoutError:
                if time.monotonic() - self._heard > SILENCE_LIMIT_S:
                    self.close(grace_s=0)
                    raise ClusterLost(f"the Ray cluster at {self.address} went silent for "
                                      f"{SILENCE_LIMIT_S:.0f} s") from None
                continue
            op = message["op"]
            if op == "started":
                clock["started"] = time.perf_counter() - begun
                node = NodeRef(message["node"], message.get("name", ""))
                if on_node is not None:
                    on_node(node)
            elif op == "output":
                if on_output is not None:
                    for line in message["lines"]:
                        on_output(line)
            elif op == "lost":
                gone = NodeRef(message.get("node", ""), message.get("name", ""))
                lost_on.append(gone)
                if on_output is not None:
                    on_output(f"[pmtui] node {gone.label() or '(not yet placed)'} was lost mid-attempt "
                              f"({message.get('reason', '')}); the attempt runs again on another node, "
                              "without spending the retry budget")
            elif op == "steered":
                lacking = NodeRef(message.get("node", ""), message.get("name", ""))
                unfit_on.append((lacking, message["reason"]))
                if on_output is not None:
                    on_output(f"[pmtui] node {lacking.label()} cannot run the attempt: {message['reason']}; it is not "
                              "used again for that in this run, and the attempt waits for another node (the retry "
                              "budget is not spent)")
                if on_steered is not None:
                    on_steered(lacking, message["reason"])
            elif op == "result":
                clock["result"] = time.perf_counter() - begun
                outcome = NodeOutcome.from_wire(message["outcome"])
                if on_output is not None and outcome.sandbox:
                    on_output(f"[pmtui] node {node.label()}: {outcome.sandbox}")
                return outcome, node, lost_on, unfit_on
            elif op == "unfit":
                each = [(NodeRef(n.get("node", ""), n.get("name", "")), str(n.get("reason", "")))
                        for n in message.get("nodes", [])]
                raise NodeUnfit(NodeRef(message.get("node", ""), message.get("name", "")), message["reason"], each)
            elif op == "failed":
                lost = [NodeRef(n.get("node", ""), n.get("name", "")) for n in message.get("lost", [])]
                raise AttemptLost(f"the attempt could not run on the cluster: {message.get('reason', '')}", lost)
            elif op == "head_lost":
                raise ClusterLost(message["reason"])
            elif op == "cancelled":
                # Not asked for here (a cancel of ours ends this wait first): the driver is shutting down.
                raise ClusterLost(f"the Ray driver for {self.address} stopped the attempt (it is shutting down)")

    def _push(self, tree: Path, base: str) -> str:
        """The base commit made fetchable from the remote, once per base (parallel attempts share one)."""
        with self._push_lock:
            if base not in self._pushed:
                try:
                    git_transfer.push_base(tree, self.remote, base)
                except git_ops.GitError as error:
                    raise AttemptNotRun(f"the base commit {base[:12]} cannot be pushed to {self.remote}, "
                                        f"where the nodes fetch it: {error}") from None
                self._pushed.add(base)
        return f"refs/pmtui/bases/{base}"

    def _take(
        self, contract: TaskContract, attempt: int, tree: Path, run_dir: Path, base: str, outcome: NodeOutcome,
        node: NodeRef, elsewhere: tuple[list[NodeRef], list[tuple[NodeRef, str]]], clock: dict[str, float],
        started: float,
    ) -> AgentResult:
        """The node's change applied to the pooled tree, its result file and report kept beside the attempt."""
        lost_on, unfit_on = elsewhere
        git_worktrees.reset_worktree(tree, base)
        git_transfer.apply_patch(tree, outcome.patch)
        run_dir.mkdir(parents=True, exist_ok=True)
        result_path = attempt_files(run_dir, contract.task_id, attempt)[2]
        result_path.unlink(missing_ok=True)
        if outcome.result_file is not None:
            result_path.write_text(outcome.result_file, encoding="utf-8")
        report = NodeReport(
            node=node,
            gate_results={name: CommandResult.model_validate_json(text) for name, text in outcome.gates.items()},
            tampering=list(outcome.tampering),
            lost_on=lost_on,
            sandbox=outcome.sandbox,
            unfit_on=unfit_on,
        )
        self._reports[(contract.task_id, attempt)] = report
        _report_path(run_dir, contract.task_id, attempt).write_text(json.dumps({
            "node": {"id": node.node_id, "name": node.name},
            "gates": outcome.gates,
            "tampering": outcome.tampering,
            "lost_on": [{"id": n.node_id, "name": n.name} for n in lost_on],
            "unfit_on": [{"id": n.node_id, "name": n.name, "reason": why} for n, why in unfit_on],
            "sandbox": outcome.sandbox,
            "timings_ms": outcome.timings_ms,
            # Here, from the attempt's start: prepared, its node started it, its outcome arrived, applied.
            "clock_ms": {**{k: round(v * 1000, 1) for k, v in clock.items()},
                         "applied": round((time.perf_counter() - started) * 1000, 1)},
        }), encoding="utf-8")
        return AgentResult.model_validate_json(outcome.agent_result_json)

    def node_report(self, task_id: str, attempt: int, run_dir: Path) -> NodeReport | None:
        """The node's report of an attempt: from memory, else from the file beside it (after a restart)."""
        found = self._reports.get((task_id, attempt))
        if found is not None:
            return found
        path = _report_path(run_dir, task_id, attempt)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return NodeReport(
                node=NodeRef(data["node"]["id"], data["node"]["name"]),
                gate_results={name: CommandResult.model_validate_json(text) for name, text in data["gates"].items()},
                tampering=list(data["tampering"]),
                lost_on=[NodeRef(n["id"], n["name"]) for n in data.get("lost_on", [])],
                sandbox=str(data.get("sandbox", "")),
                unfit_on=[(NodeRef(n["id"], n["name"]), str(n["reason"])) for n in data.get("unfit_on", [])],
            )
        except (OSError, ValueError, KeyError, TypeError):
            return None


def _report_path(run_dir: Path, task_id: str, attempt: int) -> Path:
    """`<task>-attempt-<n>.node.json` beside the attempt's task, prompt and result files."""
    result = attempt_files(run_dir, task_id, attempt)[2]
    return result.with_name(result.name.removesuffix(".result.json") + ".node.json")


def _has_ray(python: str) -> bool:
    """Whether `python` can import Ray, found without importing it (a Ray import takes seconds)."""
    import importlib.util

    if python == sys.executable:
        return importlib.util.find_spec("ray") is not None
    return subprocess.run([python, "-c", "import ray"], capture_output=True, check=False).returncode == 0


def _check_reachable(address: str, timeout_s: float = 5.0) -> None:
    """HOST:PORT must accept a connection (Ray itself would retry for half a minute before it says so)."""
    import socket

    if address == "auto":
        return
    if "://" in address:
        raise ClusterUnavailable(f"{address} is a Ray Client address, which pmtui does not use: run pmtui deliver "
                                 "on a node of the cluster with --ray-address HOST:PORT (docs/scale.md)")
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ClusterUnavailable(f"--ray-address takes HOST:PORT or auto, not {address!r}")
    try:
        socket.create_connection((host, int(port)), timeout=timeout_s).close()
    except OSError as error:
        raise ClusterUnavailable(f"nothing answers at {address} ({error.strerror or error})") from None
