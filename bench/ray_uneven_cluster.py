"""A real agent on a Ray cluster whose worker lacks it: the operator walk of stop 29, fault "a worker without the agent".

A head `ray start` with the agents of `.venv-agents` on its PATH and a worker without them (and with a HOME of its
own), both on this machine (tests/fixtures/ray_cluster.py); the founder's plan delivered by bench/real_agent_delivery.py
with `--executor ray`. Before stop 30 every attempt Ray placed on the worker escalated ("agent command not found");
now the first one says which node lacks which agent and runs again on the head, and no task escalates. Prints the
delivery's report and the feed's lines about nodes.

    .venv/bin/python bench/ray_uneven_cluster.py [--agent aider|mini-swe-agent] [--founder hire|nurses]
        [--parallel-tiers low,normal]

With the plan's tiers (one attempt at a time) Ray keeps every attempt on the head, the driver's node, while it has a
free slot; `--parallel-tiers low,normal` runs attempts side by side, and Ray places some on the worker.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.real_agent_delivery import AGENT_BIN, deliver
from tests.fixtures.ray_cluster import RayCluster


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default="aider", choices=["aider", "mini-swe-agent"])
    parser.add_argument("--founder", default="hire", choices=["hire", "nurses"])
    parser.add_argument("--parallel-tiers", default="", help="passed to pmtui deliver")
    options = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix=f"ray-uneven-{options.agent}-"))
    # Both nodes have git and the gates' tools (this venv's ruff, mypy, pytest); only the head has the agents.
    without = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    cluster = RayCluster(env={"PATH": f"{Path(sys.executable).parent}{os.pathsep}{AGENT_BIN}{os.pathsep}"
                                      f"{os.environ['PATH']}"})
    try:
        started = time.perf_counter()
        cluster.start(workers=0)
        (base / "worker-home").mkdir()
        cluster.env = {"PATH": without, "HOME": str(base / "worker-home")}
        cluster.add_worker("worker-1")
        print(f"cluster up in {time.perf_counter() - started:.1f} s: head {cluster.node_name('head')} (with "
              f"{options.agent}), worker {cluster.node_name('worker-1')} (without it)")
        extra = ("--parallel-tiers", options.parallel_tiers) if options.parallel_tiers else ()
        deliver(options.agent, options.founder, base, ray_address=cluster.address, extra=extra)
    finally:
        cluster.stop()
        subprocess.run(["rm", "-rf", str(base)], check=False)


if __name__ == "__main__":
    main()
