"""Test agent that, like some agent CLIs, takes its prompt only on standard input.

It fails (exit 2) without one; otherwise it writes NOTES.md with the prompt's task heading.
"""

import json
import os
import sys

prompt = sys.stdin.read()
if not prompt.strip():
    print("no prompt on stdin", file=sys.stderr)
    sys.exit(2)
heading = prompt.splitlines()[0]
with open("NOTES.md", "w", encoding="utf-8") as handle:
    handle.write(heading + "\n")
with open(os.environ["PMTUI_RESULT_FILE"], "w", encoding="utf-8") as handle:
    json.dump({"files_changed": ["NOTES.md"], "self_assessment": "confident",
               "criteria_map": {}, "evidence": [f"prompt lines: {len(prompt.splitlines())}"]}, handle)
