"""Test agent: writes an unusable result file; argv[1] chooses how (notjson, list, types, huge)."""

import json
import os
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "notjson"
path = os.environ["PMTUI_RESULT_FILE"]
payloads = {
    "notjson": "{'files_changed': oops, not json",
    "list": json.dumps(["a.py", "b.py"]),
    "types": json.dumps({"files_changed": "a.py", "self_assessment": "very sure", "criteria_map": ["x"]}),
    "huge": "[" + "0," * 600_000 + "0]",
}
with open(path, "w", encoding="utf-8") as handle:
    handle.write(payloads[mode])
print("garbage agent wrote", mode)
