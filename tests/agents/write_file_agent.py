"""Test agent: reads the task contract from $PMTUI_TASK_FILE, creates its expected files, reports.

Each created file gets one line per acceptance criterion; criteria_map points at those lines.
"""

import json
import os
from pathlib import Path

contract = json.loads(Path(os.environ["PMTUI_TASK_FILE"]).read_text(encoding="utf-8"))
criteria = contract["acceptance_criteria"]
written = []
criteria_map = {}
for path in contract["expected_files"]["create"]:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"# {contract['task_id']} attempt {contract['attempt']}"]
    for criterion in criteria:
        lines.append(f"# implements: {criterion}")
        criteria_map[criterion] = f"{path}:{len(lines)}"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    written.append(path)
    print("wrote", path)
Path(os.environ["PMTUI_RESULT_FILE"]).write_text(json.dumps({
    "files_changed": written,
    "self_assessment": "confident",
    "blockers": [],
    "evidence": [f"wrote {len(written)} files", f"failure evidence seen: {len(contract['failure_evidence'])}"],
    "criteria_map": criteria_map,
}), encoding="utf-8")
