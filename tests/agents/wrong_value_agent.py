"""Test agent that never gets a task right: for each src/<name>.py to create it writes `<name>_value()` returning 1
and a test that expects 100 + the attempt number, so every attempt fails its tests, never the same way twice (no
"same failure" escalation cuts the retry budget short). With WRONG_AGENT_HANG=1 it hangs first, for a test to kill
the run in the middle of an attempt."""

import json
import os
import time
from pathlib import Path

if os.environ.get("WRONG_AGENT_HANG") == "1":
    print("working on it", flush=True)
    time.sleep(300)
attempt = int(os.environ["PMTUI_ATTEMPT"])
contract = json.loads(Path(os.environ["PMTUI_TASK_FILE"]).read_text(encoding="utf-8"))
for source in contract["expected_files"]["create"]:
    name = Path(source).stem
    Path(source).parent.mkdir(parents=True, exist_ok=True)
    Path(source).write_text(f'"""The {name} value."""\n\n\ndef {name}_value() -> int:\n    """Return the {name} value."""\n'
                            "    return 1\n", encoding="utf-8")
    Path("tests").mkdir(exist_ok=True)
    Path(f"tests/test_{name}.py").write_text(
        f"from {name} import {name}_value\n\n\ndef test_{name}_value() -> None:\n"
        f"    assert {name}_value() == {100 + attempt}\n", encoding="utf-8")
print(f"{contract['task_id']} attempt {attempt} of at most {contract['retry_budget'] + 1}: wrong again")
