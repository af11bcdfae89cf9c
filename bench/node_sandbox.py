"""What confining an attempt costs on a cluster node: node_attempt.run_attempt (what a Ray task runs, without Ray) with
the run's sandbox off and on, alternating, in one run. The agent is a real command that writes a module and its test;
the test gate runs them (tests/fixtures/quick_tests.py). Reported: the median and min of each phase the node times
(clone, agent, gates, total) per mode, and the ratio on/off of the totals.

    .venv/bin/python bench/node_sandbox.py [--attempts 15]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pmtui.delivery import git_ops, git_transfer
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.node_attempt import AttemptSpec, pickled_executor, run_attempt
from pmtui.delivery.sandbox import probe
from pmtui.models.delivery import EnvironmentContract, ExpectedFiles, TaskContract
from tests.fixtures.delivery_repo import QUICK_TESTS, make_project

AGENT = f"{sys.executable} {ROOT / 'tests' / 'agents' / 'cluster_agent.py'}"
PHASES = ("clone", "agent", "gates", "total")


def spec(root: Path, mode: str) -> AttemptSpec:
    contract = TaskContract(task_id="T1", title="Module m1", tier="low", acceptance_criteria=["m1 returns 1"],
                            expected_files=ExpectedFiles(create=["src/m1.py"]),
                            environment=EnvironmentContract(test_command=QUICK_TESTS), time_budget_ms=60_000)
    blob, program = pickled_executor(CommandExecutor(AGENT))
    return AttemptSpec(task_id="T1", attempt=1, contract_json=contract.model_dump_json(), executor=blob,
                       program=program, base=git_ops.head(root)[0] or "", gate_timeout_s=60, sandbox=mode)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--attempts", type=int, default=15)
    args = parser.parse_args()
    bwrap = shutil.which("bwrap")
    if bwrap is None or probe(bwrap)[0] is None:
        sys.exit("bubblewrap cannot make a sandbox here: nothing to measure")
    base = Path(tempfile.mkdtemp(prefix="pmtui-bench-node-sandbox-"))
    try:
        root = make_project(base)
        bundle_path = base / "base.bundle"
        git_transfer.bundle_head(root, bundle_path)
        bundle = bundle_path.read_bytes()
        timings: dict[str, dict[str, list[float]]] = {mode: {phase: [] for phase in PHASES} for mode in ("off", "on")}
        sandboxes = {}
        for _ in range(args.attempts):
            for mode in ("off", "on"):  # alternating: a load change hits both modes alike
                outcome = asyncio.run(run_attempt(spec(root, mode), bundle))
                assert outcome.unfit == "" and '"exit_code":0' in outcome.gates["test"], outcome
                sandboxes[mode] = outcome.sandbox.split(" — ")[0]
                for phase in PHASES:
                    timings[mode][phase].append(outcome.timings_ms[phase])
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"{args.attempts} attempts per mode; ms per attempt, median (min)")
    print("| mode | " + " | ".join(PHASES) + " |")
    print("|---|" + "---|" * len(PHASES))
    for mode in ("off", "on"):
        cells = [f"{statistics.median(timings[mode][p]):.0f} ({min(timings[mode][p]):.0f})" for p in PHASES]
        print(f"| {sandboxes[mode]} | " + " | ".join(cells) + " |")
    ratio = statistics.median(timings["on"]["total"]) / statistics.median(timings["off"]["total"])
    extra = statistics.median(timings["on"]["total"]) - statistics.median(timings["off"]["total"])
    print(f"confined / unconfined, median total: {ratio:.2f}x ({extra:+.0f} ms per attempt)")


if __name__ == "__main__":
    main()
