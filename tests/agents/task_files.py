"""The task as module_agent does it, for test agents that do their task and then something else (escape_agent,
secret_reader_agent): each src/<name>.py to create gets `<name>_value()` returning 1, each test to add a test of it.
Imported from beside the agent script (a script's own folder is first on sys.path)."""

import json
import os
from pathlib import Path


def do_the_task() -> dict:  # type: ignore[type-arg]
    """Write the task's modules and tests; the contract read from $PMTUI_TASK_FILE."""
    contract = json.loads(Path(os.environ["PMTUI_TASK_FILE"]).read_text(encoding="utf-8"))
    for path in contract["expected_files"]["create"]:
        name = Path(path).stem
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(f'"""The {name} value."""\n\n\ndef {name}_value() -> int:\n    """Return 1."""\n'
                              "    return 1\n", encoding="utf-8")
        for test in contract["tests_to_add"]:
            Path(test).parent.mkdir(parents=True, exist_ok=True)
            Path(test).write_text(f"from {name} import {name}_value\n\n\ndef test_value() -> None:\n"
                                  f"    assert {name}_value() == 1\n", encoding="utf-8")
    return contract
