"""Test agent that does its task (the expected module and its test, as module_agent writes them) and then tries to
read each path of $READ_PATHS (os.pathsep between them), recording in $READ_LOG which it could read (a path → the
first line it read, or null)."""

import json
import os
from pathlib import Path

from task_files import do_the_task

contract = do_the_task()

seen: dict[str, str | None] = {}
for raw in os.environ["READ_PATHS"].split(os.pathsep):
    try:
        seen[raw] = Path(raw).expanduser().read_text(encoding="utf-8").splitlines()[0]
    except (OSError, IndexError):
        seen[raw] = None
Path(os.environ["READ_LOG"]).write_text(json.dumps(seen), encoding="utf-8")
