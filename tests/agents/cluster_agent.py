"""Test agent for the cluster tests and bench/ray_scale.py: a real command, so it runs on any node.

For each `create src/<module>.py` of the contract it writes the module and its test (passing the
gates), printing a line per step so the output streams. `--sleep S` sleeps first (a sleeping
agent: the time is all the agent's); `--need-env NAME` exits 2 unless NAME is set (an API key
the node must be handed), never printing its value. Environment:
- PMTUI_TEST_AGENT_HOLD: task ids whose first try holds until the file `release` appears in
  PMTUI_TEST_AGENT_MARKS (60 s at most; the test kills a node meanwhile); each try writes
  `<task>.try-<n>` there, so the next try knows it is not the first.
The agent exits when its parent dies (its node was killed), as it would on a machine that died.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

options = argparse.ArgumentParser()
options.add_argument("--sleep", type=float, default=0.0)
options.add_argument("--need-env", default="")
args = options.parse_args()
contract = json.loads(Path(os.environ["PMTUI_TASK_FILE"]).read_text(encoding="utf-8"))
task_id = contract["task_id"]
parent = os.getppid()


def nap(seconds: float, until: Path | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not (until is not None and until.exists()):
        if os.getppid() != parent:
            sys.exit(3)
        time.sleep(min(0.1, max(0.0, deadline - time.monotonic())))


print(f"agent {task_id} attempt {contract['attempt']} starts in {os.getcwd()}", flush=True)
if args.need_env:
    if not os.environ.get(args.need_env):
        print(f"agent {task_id}: {args.need_env} is not set on this node", flush=True)
        sys.exit(2)
    print(f"agent {task_id}: {args.need_env} is set ({len(os.environ[args.need_env])} characters)", flush=True)
marks = os.environ.get("PMTUI_TEST_AGENT_MARKS", "")
if marks and task_id in os.environ.get("PMTUI_TEST_AGENT_HOLD", "").split(","):
    tries = len(list(Path(marks).glob(f"{task_id}.try-*")))
    (Path(marks) / f"{task_id}.try-{tries + 1}").write_text(str(os.getpid()), encoding="utf-8")
    if tries == 0:
        print(f"agent {task_id} holds (first try)", flush=True)
        nap(60, until=Path(marks) / "release")
nap(args.sleep)

written = []
criteria_map = {}
for path in contract["expected_files"]["create"]:
    module = Path(path).stem
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    lines = [f'"""The {module} value ({task_id})."""', "", "", f"def {module}_value() -> int:",
             f'    """Return the {module} value."""', "    return 1"]
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    test = Path("tests") / f"test_{module}.py"
    test.parent.mkdir(parents=True, exist_ok=True)
    test.write_text(f"from {module} import {module}_value\n\n\ndef test_{module}_value() -> None:\n"
                    f"    assert {module}_value() == 1\n", encoding="utf-8")
    written += [path, str(test)]
    for criterion in contract["acceptance_criteria"]:
        criteria_map[criterion] = f"{path}:4"
    print(f"agent {task_id} wrote {path} and {test}", flush=True)
Path(os.environ["PMTUI_RESULT_FILE"]).write_text(json.dumps({
    "files_changed": written,
    "self_assessment": "confident",
    "evidence": [f"wrote {len(written)} files"],
    "criteria_map": criteria_map,
}), encoding="utf-8")
print(f"agent {task_id} done", flush=True)
