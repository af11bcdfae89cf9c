"""Test agent that leaks: it does the module agent's work, then prints the pmtui process's API key
(inherited in its environment) to its output, and puts it in its result file's evidence and blockers."""

import json
import os
import runpy
import sys
from pathlib import Path

runpy.run_path(str(Path(__file__).with_name("module_agent.py")), run_name="__main__")
key = os.environ.get("OPENAI_API_KEY", "")
print(f"debug: using OPENAI_API_KEY={key}")
print(f"Authorization: Bearer {key}", file=sys.stderr)
result = Path(os.environ["PMTUI_RESULT_FILE"])
data = json.loads(result.read_text(encoding="utf-8"))
data["evidence"] = [f"called the API with {key}"]
data["blockers"] = [f"the key {key} may be rate-limited"]
result.write_text(json.dumps(data), encoding="utf-8")
