"""The Ray driver: the child process of `pmtui deliver --executor ray` that holds the cluster connection.

pmtui talks to it over its standard input and output, one JSON object a line. Everything else
this process writes (Ray's logging, the core worker's messages) goes to a log file, so nothing
reaches the TUI. Ray is imported here and on the nodes, never in pmtui's own process: that also
makes a lost head a clean stop, since Ray ends a driver whose cluster is gone and pmtui, which
sees this process end, stops the run so that the same command resumes it.

Requests on stdin: `submit` {key, spec, tree} and `cancel` {key}; end of input shuts down.
Replies on stdout: `ready`/`fatal` once, `cluster` (the nodes and free slots, also a heartbeat),
and per attempt `started` {node, name}, `output` {lines}, `lost` {node, name, reason} (the try died
with its node and runs again elsewhere), `steered` {node, name, reason, need} (the node lacks what the
attempt needs: it runs again elsewhere), then one of `result` {outcome}, `unfit` {node, name, reason,
nodes}, `failed` {reason, lost} or `cancelled`.

One attempt is one Ray task (a generator: it yields the node it landed on, then whether that node can
run it, the agent's output in batches, then the outcome) asking for `num_cpus`. Ray places it; when its node dies, the task is
submitted again and Ray places it on a live node — up to `node_retries` times. A node that lacks
what an attempt needs (the agent's program, a gate's, git, bubblewrap under `--sandbox on`, pmtui) is
not used again in this run for attempts that need it: they are submitted with a label selector
leaving it out (`ray.io/node-id`, Ray ≥ 2.49). When no live node is left for an attempt, it comes
back `unfit`, naming every node and what it lacks; those nodes are tried again on the next submit
(a retry after the fix).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import queue
import socket
import sys
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

# How long the node gathers output lines before it sends them (the dashboard's live view).
FLUSH_S = 0.2
CLUSTER_POLL_S = 1.0
HEARTBEAT_S = 3.0
BUNDLES_KEPT = 4
# How long start-up waits for a warm worker on every node (a node that joins later is warmed as it joins).
WARM_UP_S = 30.0
# A driver whose head is gone gives up after this long (Ray's default is 60 s): pmtui stops the run.
HEAD_RECONNECT_S = 10
# Ray's default label of every node: its id (label selectors, Ray ≥ 2.49).
NODE_ID_LABEL = "ray.io/node-id"


# -- on the node ---------------------------------------------------------------------------------
def attempt_on_node(spec_wire: dict[str, Any], bundle: bytes | None) -> Iterator[dict[str, Any]]:
    """The body of the Ray task: where it runs, the agent's output as it comes, then the outcome."""
    import ray

    yield {"kind": "started", "node": ray.get_runtime_context().get_node_id(), "host": socket.gethostname()}
    # After the node is known: a node that cannot import pmtui is then named in the escalation.
    from pmtui.delivery.node_attempt import AttemptSpec, AttemptThread, refusal

    spec = AttemptSpec.from_wire(spec_wire)
    refused = refusal(spec)
    if refused is not None:
        yield {"kind": "result", "outcome": refused}
        return
    yield {"kind": "working"}
    runner = AttemptThread(spec, bundle)
    runner.start()
    try:
        lines: list[str] = []
        last = time.monotonic()
        while True:
            try:
                kind, value = runner.events.get(timeout=FLUSH_S)
            except queue.Empty:
                kind, value = "", None
            if kind == "line":
                lines.append(value)
            if lines and (kind != "line" or time.monotonic() - last >= FLUSH_S or len(lines) >= 500):
                yield {"kind": "output", "lines": lines}
                lines, last = [], time.monotonic()
            if kind == "outcome":
                yield {"kind": "result", "outcome": value}
                return
            if kind == "error":
                raise value
            if kind == "cancelled":
                return
    finally:
        # Cancelled (ray.cancel raises KeyboardInterrupt here) or done: the agent's group dies with it.
        runner.cancel()


def warm_node() -> str:
    """Start this job's worker on a node and load what an attempt imports, before the first attempt."""
    import ray

    import pmtui.delivery.node_attempt  # noqa: F401 - the import is the point: it is paid now

    return str(ray.get_runtime_context().get_node_id())


# -- the driver ------------------------------------------------------------------------------------
class Channel:
    """The reply side of the protocol: one JSON object a line, from any thread."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._lock = threading.Lock()

    def send(self, op: str, **fields: Any) -> None:
        line = json.dumps({"op": op, **fields}, separators=(",", ":"))
        with self._lock:
            try:
                self._stream.write(line + "\n")
                self._stream.flush()
            except (BrokenPipeError, ValueError):
                pass  # pmtui is gone; the end of stdin ends this process


class Driver:
    """Runs the attempts pmtui submits on the cluster and reports the cluster's size."""

    def __init__(self, channel: Channel, *, address: str, num_cpus: float, node_retries: int) -> None:
        import ray

        self.ray = ray
        self.channel = channel
        self.address = address
        self.num_cpus = num_cpus
        self.node_retries = node_retries
        self.remote = ray.remote(attempt_on_node)
        self.warm = ray.remote(warm_node)
        self._warmed: set[str] = set()
        self._lock = threading.Lock()
        self._running: dict[str, Any] = {}
        self._cancelled: set[str] = set()
        self._bundles: OrderedDict[str, Any] = OrderedDict()
        self._bundle_lock = threading.Lock()
        self._names: dict[str, str] = {}
        self._live: set[str] = set()
        # Nodes that can take an attempt (CPU for one), as last seen.
        self._placeable: set[str] = set()
        # What a node lacks (node_attempt.needs) → node id → why it cannot run an attempt needing it.
        self._unfit: dict[str, dict[str, str]] = {}
        self._stopping = threading.Event()

    # -- the cluster ---------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """Live nodes, attempt slots (CPUs / num_cpus per node) and the slots free now."""
        alive = self._alive()
        slots = sum(int(float(node.get("Resources", {}).get("CPU", 0)) // self.num_cpus) for node in alive)
        free_cpus = float(self.ray.available_resources().get("CPU", 0))
        names = sorted(self._names[node["NodeID"]] for node in alive)
        return {"executor": "ray", "address": self.address, "nodes": len(alive), "slots": slots,
                "free": min(slots, int(free_cpus // self.num_cpus)), "node_names": names}

    def warm_up(self, wait_s: float = 0.0) -> None:
        """A worker of this job on each node not warmed yet, with pmtui loaded (it takes no CPU slot):
        the first attempt on a node then starts in milliseconds instead of the seconds a worker
        process takes to start. Waits up to `wait_s` for them (at start-up, before `ready`)."""
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        refs = []
        for node_id in list(self._live):
            if node_id in self._warmed:
                continue
            self._warmed.add(node_id)
            strategy = NodeAffinitySchedulingStrategy(node_id, soft=True)
            refs.append(self.warm.options(num_cpus=0, scheduling_strategy=strategy, max_retries=0).remote())
        if refs and wait_s > 0:
            self.ray.wait(refs, num_returns=len(refs), timeout=wait_s)

    def watch_cluster(self) -> None:
        last: dict[str, Any] | None = None
        sent = 0.0
        while not self._stopping.wait(CLUSTER_POLL_S):
            view = self.view()
            self.warm_up()
            if view != last or time.monotonic() - sent >= HEARTBEAT_S:
                self.channel.send("cluster", view=view)
                last, sent = view, time.monotonic()

    def _alive(self) -> list[dict[str, Any]]:
        """The live nodes; each node is named the first time it is seen, and keeps its name."""
        alive = [node for node in self.ray.nodes() if node.get("Alive")]
        self._live = {node["NodeID"] for node in alive}
        self._placeable = {node["NodeID"] for node in alive
                           if float(node.get("Resources", {}).get("CPU", 0)) >= self.num_cpus}
        self._names.update(_node_names(alive, self._names))
        return alive

    def name_of(self, node_id: str) -> str:
        if node_id not in self._names:
            self._alive()
        return self._names.get(node_id, "")

    # -- attempts ------------------------------------------------------------------------------
    def submit(self, key: str, spec: dict[str, Any], tree: str) -> None:
        threading.Thread(target=self._attempt, args=(key, spec, tree), name=f"attempt-{key}", daemon=True).start()

    def cancel(self, key: str) -> None:
        with self._lock:
            self._cancelled.add(key)
            generator = self._running.get(key)
        if generator is not None:
            try:
                self.ray.cancel(generator)
            except Exception as error:  # noqa: BLE001 - already finished or gone: nothing to cancel
                logging.getLogger(__name__).info("cancel %s: %s", key, error)

    def _bundle(self, spec: dict[str, Any], tree: str) -> Any:
        """The repository at the base commit in the object store: one bundle per base, the last few kept."""
        if spec.get("remote"):
            return None
        from pmtui.delivery import git_ops, git_transfer

        base = spec["base"]
        with self._bundle_lock:
            if base in self._bundles:
                self._bundles.move_to_end(base)
                return self._bundles[base]
            with tempfile.TemporaryDirectory(prefix="pmtui-bundle-") as folder:
                path = Path(folder) / "base.bundle"
                held = git_transfer.bundle_head(tree, path)
                if held != base:
                    raise git_ops.GitError(f"the tree moved from {base[:12]} to {held[:12]} before it was bundled")
                ref = self.ray.put(path.read_bytes())
            self._bundles[base] = ref
            while len(self._bundles) > BUNDLES_KEPT:
                self._bundles.popitem(last=False)
            return ref

    def _attempt(self, key: str, spec: dict[str, Any], tree: str) -> None:
        from ray import exceptions as rx

        node_loss = (rx.NodeDiedError, rx.WorkerCrashedError, rx.ObjectLostError, rx.LocalRayletDiedError,
                     rx.OutOfMemoryError, rx.RaySystemError)
        lost: list[dict[str, str]] = []
        try:
            bundle = self._bundle(spec, tree)
        except Exception as error:  # noqa: BLE001 - reported; the attempt did not start
            self.channel.send("failed", key=key, reason=f"cannot bundle the repository: {error}", lost=lost)
            return
        name = f"pmtui {spec['task_id']} attempt {spec['attempt']}"
        wanted = _needs(spec)
        while True:
            options: dict[str, Any] = {"num_cpus": self.num_cpus, "max_retries": 0, "name": name}
            avoid = self._avoid(wanted)
            if avoid:
                self._alive()
                if not self._placeable - set(avoid):
                    self._no_node_left(key, wanted, avoid)
                    return
                options["label_selector"] = {NODE_ID_LABEL: "!in(" + ",".join(sorted(avoid)) + ")"}
            with self._lock:
                if key in self._cancelled:
                    self.channel.send("cancelled", key=key)
                    return
                # An ObjectRefGenerator: one ref per value the task yields, as it yields them.
                generator: Any = self.remote.options(**options).remote(spec, bundle)
                self._running[key] = generator
            node = {"node": "", "name": ""}
            steered = False
            try:
                for ref in generator:
                    item = self.ray.get(ref)
                    kind = item["kind"]
                    if kind == "started":
                        # Known, not yet said: a node that cannot run the attempt is never said to run it.
                        node = {"node": item["node"], "name": self.name_of(item["node"]) or item["host"]}
                    elif kind == "working":
                        self.channel.send("started", key=key, **node)
                    elif kind == "output":
                        self.channel.send("output", key=key, lines=item["lines"])
                    elif kind == "result":
                        outcome = item["outcome"]
                        if outcome.unfit and outcome.need and node["node"]:
                            steered = self._steer(key, node, outcome.need, outcome.unfit, wanted)
                            if steered:
                                break
                            return
                        if outcome.unfit:
                            self.channel.send("unfit", key=key, reason=outcome.unfit, **node)
                        else:
                            self.channel.send("result", key=key, outcome=outcome.to_wire(), **node)
                        return
                if steered:
                    continue
                self.channel.send("cancelled" if key in self._cancelled else "failed", key=key,
                                  reason="the attempt ended without an outcome", lost=lost)
                return
            except rx.TaskCancelledError:
                self.channel.send("cancelled", key=key)
                return
            except node_loss as error:
                if key in self._cancelled:
                    self.channel.send("cancelled", key=key)
                    return
                lost.append(node)
                reason = _first_line(error)
                if len(lost) > self.node_retries:
                    self.channel.send("failed", key=key, reason=f"lost with its node {len(lost)} times; last: {reason}",
                                      lost=lost)
                    return
                self.channel.send("lost", key=key, reason=reason, **node)
            except rx.RayTaskError as error:
                if isinstance(getattr(error, "cause", None), ImportError):
                    if not node["node"]:
                        self.channel.send("unfit", key=key, reason=_missing_module(error), **node)
                    elif self._steer(key, node, "pmtui", _missing_module(error), wanted):
                        continue
                else:
                    self.channel.send("failed", key=key, reason=_task_error(error), lost=lost)
                return
            except Exception as error:  # noqa: BLE001 - reported to pmtui, which escalates it
                self.channel.send("failed", key=key, reason=f"{type(error).__name__}: {_first_line(error)}", lost=lost)
                return
            finally:
                with self._lock:
                    self._running.pop(key, None)

    def _avoid(self, wanted: set[str]) -> dict[str, str]:
        """node id → why it cannot run an attempt needing `wanted` (what it lacks), for the nodes known to lack some."""
        with self._lock:
            return {node_id: why for need in sorted(wanted) for node_id, why in self._unfit.get(need, {}).items()}

    def _steer(self, key: str, node: dict[str, str], need: str, reason: str, wanted: set[str]) -> bool:
        """The node lacks `need`: not used again for attempts needing it. True: this attempt is to be submitted
        again, elsewhere; False: it ended here (cancelled, or no other node is left: `unfit` was sent)."""
        with self._lock:
            self._unfit.setdefault(need, {})[node["node"]] = reason
            cancelled = key in self._cancelled
        if cancelled:
            self.channel.send("cancelled", key=key)
            return False
        avoid = self._avoid(wanted)
        self._alive()
        if not self._placeable - set(avoid):
            self._no_node_left(key, wanted, avoid)
            return False
        self.channel.send("steered", key=key, reason=reason, need=need, **node)
        return True

    def _no_node_left(self, key: str, wanted: set[str], avoid: dict[str, str]) -> None:
        """Every live node lacks something the attempt needs: `unfit`, naming each. They are forgotten, so that the
        attempt's next submit (a retry once the nodes have it) tries them again."""
        with self._lock:
            for need in wanted:
                for node_id in avoid:
                    self._unfit.get(need, {}).pop(node_id, None)
        nodes = [{"node": node_id, "name": self.name_of(node_id), "reason": why}
                 for node_id, why in sorted(avoid.items(), key=lambda item: self.name_of(item[0]))
                 if node_id in self._placeable]
        reason = "; ".join(f"{n['name'] or n['node'][:8]}: {n['reason']}" for n in nodes)
        self.channel.send("unfit", key=key, reason=reason, nodes=nodes, node="", name="")

    def shutdown(self, grace_s: float = 5.0) -> None:
        """End of input: cancel what runs (the agents stop), then leave the cluster."""
        self._stopping.set()
        with self._lock:
            keys = list(self._running)
        for key in keys:
            self.cancel(key)
        deadline = time.monotonic() + grace_s
        while time.monotonic() < deadline:
            with self._lock:
                if not self._running:
                    break
            time.sleep(0.05)
        self.ray.shutdown()


def _node_names(alive: list[dict[str, Any]], known: dict[str, str]) -> dict[str, str]:
    """Names for the nodes not named yet: the host name, or `host:port` where several nodes share a
    host (one machine, many raylets). A name, once given, stays (known names are not revisited)."""
    def host(node: dict[str, Any]) -> str:
        return str(node.get("NodeManagerHostname") or node.get("NodeManagerAddress") or "")

    hosts: dict[str, int] = {}
    for node in alive:
        hosts[host(node)] = hosts.get(host(node), 0) + 1
    taken = set(known.values())
    names = {}
    for node in alive:
        if node["NodeID"] in known:
            continue
        name = host(node)
        if hosts[name] > 1 or name in taken:
            name = f"{name}:{node.get('NodeManagerPort')}"
        names[node["NodeID"]] = name
    return names


def _needs(spec: dict[str, Any]) -> set[str]:
    """What a node must have for this attempt (node_attempt.needs), read from its wire form."""
    from pmtui.delivery.node_attempt import AttemptSpec, needs

    return needs(AttemptSpec.from_wire(spec))


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0][:400] if text else type(error).__name__


def _task_error(error: Exception) -> str:
    """A Python error raised on the node: its last line names it (the traceback goes to the log)."""
    logging.getLogger(__name__).error("attempt raised on the node: %s", error)
    lines = [line for line in str(error).strip().splitlines() if line.strip()]
    return (lines[-1] if lines else type(error).__name__)[:400]


def _missing_module(error: Exception) -> str:
    """A node whose Python cannot import pmtui (or one of its dependencies)."""
    cause = getattr(error, "cause", error)
    logging.getLogger(__name__).error("pmtui cannot be imported on a node: %s", error)
    return (f"pmtui cannot be imported there ({type(cause).__name__}: {cause}); nodes need "
            "`pip install 'pmtui[ray]'` at the version of the machine that delivers")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pmtui.delivery.ray_driver")
    parser.add_argument("--address", default="auto")
    parser.add_argument("--num-cpus", type=float, default=1.0)
    parser.add_argument("--node-retries", type=int, default=2)
    parser.add_argument("--env", action="append", default=[], metavar="NAME",
                        help="an environment variable handed to the nodes as a runtime-env secret")
    parser.add_argument("--log", default=os.devnull)
    args = parser.parse_args(argv)

    # stdout becomes the protocol channel; whatever Ray prints on fds 1 and 2 goes to the log.
    channel = Channel(os.fdopen(os.dup(1), "w", encoding="utf-8"))
    Path(args.log).parent.mkdir(parents=True, exist_ok=True)
    log_fd = os.open(args.log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(log_fd, 1)
    os.dup2(log_fd, 2)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("RAY_gcs_rpc_server_reconnect_timeout_s", str(HEAD_RECONNECT_S))
    secrets = {name: os.environ[name] for name in args.env if name in os.environ}
    try:
        import ray

        ray.init(address=args.address, log_to_driver=False, logging_level=logging.WARNING,
                 runtime_env={"env_vars": secrets} if secrets else None)
        driver = Driver(channel, address=args.address, num_cpus=args.num_cpus, node_retries=args.node_retries)
        driver.view()
        driver.warm_up(wait_s=WARM_UP_S)
        channel.send("ready", view=driver.view(), missing_env=[n for n in args.env if n not in os.environ])
    except Exception as error:  # noqa: BLE001 - the reason goes to pmtui, which tells the user
        channel.send("fatal", message=_first_line(error))
        return 1
    threading.Thread(target=driver.watch_cluster, name="cluster", daemon=True).start()
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            continue
        if request.get("op") == "submit":
            driver.submit(request["key"], request["spec"], request["tree"])
        elif request.get("op") == "cancel":
            driver.cancel(request["key"])
    driver.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
