"""Test agent for delivery runs: writes each expected module and its test, deterministically.

For src/<name>.py it writes `<name>_value()` returning 1 and, for each test to add, a test of it.
A pyproject.toml to create (a new project's skeleton task) is a valid one that puts src/ on the
test path. Tasks listed in $AGENT_FAIL (comma-separated ids) get a test that fails the same way every time.
The result file maps every criterion to the function's line.
"""

import json
import os
from pathlib import Path

contract = json.loads(Path(os.environ["PMTUI_TASK_FILE"]).read_text(encoding="utf-8"))
failing = contract["task_id"] in os.environ.get("AGENT_FAIL", "").split(",")
modules = [Path(path).stem for path in contract["expected_files"]["create"] if path.endswith(".py")]
written = []
criteria_map = {}
PYPROJECT = '[project]\nname = "app"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\npythonpath = ["src"]\n'
for path in contract["expected_files"]["create"]:
    name = Path(path).stem
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    if Path(path).name == "pyproject.toml":
        Path(path).write_text(PYPROJECT, encoding="utf-8")
        written.append(path)
        continue
    Path(path).write_text(
        f'"""The {name} value."""\n\n\ndef {name}_value() -> int:\n    """Return the {name} value."""\n    return 1\n',
        encoding="utf-8",
    )
    written.append(path)
    for criterion in contract["acceptance_criteria"]:
        criteria_map[criterion] = f"{path}:4"
for test in contract["tests_to_add"]:
    name = modules[0] if modules else "calc"
    expected = 0 if failing else 1
    Path(test).parent.mkdir(parents=True, exist_ok=True)
    Path(test).write_text(
        f"from {name} import {name}_value\n\n\ndef test_{name}_value() -> None:\n    assert {name}_value() == {expected}\n",
        encoding="utf-8",
    )
    written.append(test)
print("module agent wrote", ", ".join(written))
Path(os.environ["PMTUI_RESULT_FILE"]).write_text(
    json.dumps({"files_changed": written, "self_assessment": "confident", "criteria_map": criteria_map}),
    encoding="utf-8",
)
