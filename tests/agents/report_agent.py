"""Test agent: records what pmtui gave it (argv, PMTUI_* variables, cwd, standard input) and reports.

The record goes beside the result file as <result file>.seen.json; the result file is a valid one.
"""

import json
import os
import sys

seen = {
    "argv": sys.argv[1:],
    "env": {name: value for name, value in os.environ.items() if name.startswith(("PMTUI_", "AGENT_"))},
    "cwd": os.getcwd(),
    "stdin": sys.stdin.read(),
}
result_file = os.environ["PMTUI_RESULT_FILE"]
with open(result_file + ".seen.json", "w", encoding="utf-8") as handle:
    json.dump(seen, handle)
print("report agent: recorded task", os.environ.get("PMTUI_TASK_ID"))
with open(result_file, "w", encoding="utf-8") as handle:
    json.dump({"files_changed": [], "self_assessment": "confident", "evidence": ["recorded"]}, handle)
