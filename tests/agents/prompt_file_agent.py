"""Test agent shaped like an agent CLI: `prompt_file_agent.py --message-file PROMPT --out RESULT`.

It reads the prompt from the file named on the command line and writes the result where told,
without looking at any PMTUI_* variable.
"""

import argparse
import json

parser = argparse.ArgumentParser()
parser.add_argument("--message-file", required=True)
parser.add_argument("--out", required=True)
parser.add_argument("--task", default="")
options = parser.parse_args()
with open(options.message_file, encoding="utf-8") as handle:
    prompt = handle.read()
with open(options.out, "w", encoding="utf-8") as handle:
    json.dump({"self_assessment": "uncertain", "blockers": ["prompt file agent knows nothing"],
               "evidence": [prompt.splitlines()[0], f"task {options.task}"]}, handle)
