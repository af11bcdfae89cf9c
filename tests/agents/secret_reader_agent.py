"""Test agent that does its task (the expected module and its test, as module_agent writes them) and then tries to
read each path of $READ_PATHS (os.pathsep between them), recording in $READ_LOG which it could read (a path → the
first line it read, or null)."""

import json
import os
from pathlib import Path

contract = json.loads(Path(os.environ["PMTUI_TASK_FILE"]).read_text(encoding="utf-8"))
for path in contract["expected_files"]["create"]:
    name = Path(path).stem
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(f'"""The {name} value."""\n\n\ndef {name}_value() -> int:\n    """Return 1."""\n    return 1\n',
                          encoding="utf-8")
    for test in contract["tests_to_add"]:
        Path(test).parent.mkdir(parents=True, exist_ok=True)
        Path(test).write_text(f"from {name} import {name}_value\n\n\ndef test_value() -> None:\n"
                              f"    assert {name}_value() == 1\n", encoding="utf-8")

seen: dict[str, str | None] = {}
for raw in os.environ["READ_PATHS"].split(os.pathsep):
    try:
        seen[raw] = Path(raw).expanduser().read_text(encoding="utf-8").splitlines()[0]
    except (OSError, IndexError):
        seen[raw] = None
Path(os.environ["READ_LOG"]).write_text(json.dumps(seen), encoding="utf-8")
