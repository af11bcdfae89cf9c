"""Test agent that does its task and then tries to get out: it writes the expected module and test
(as module_agent does), then a file beside the repository ($ESCAPE_DIR), one in $HOME and one in the
user's checkout, makes a branch and a tag, and records in $ESCAPE_LOG which of these worked."""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from task_files import do_the_task

contract = do_the_task()

tried: dict[str, bool] = {}
attempt = os.environ["PMTUI_ATTEMPT"]
targets = {
    "beside_repo": Path(os.environ["ESCAPE_DIR"]) / f"escaped-{attempt}.txt",
    "home": Path.home() / f".pmtui-escape-test-{os.environ['ESCAPE_TAG']}-{attempt}",
    "checkout": Path(os.environ["ESCAPE_CHECKOUT"]) / f"escaped-{attempt}.txt",
}
for name, target in targets.items():
    try:
        target.write_text("out\n", encoding="utf-8")
        tried[name] = True
    except OSError:
        tried[name] = False
try:  # scratch space is not an escape: TMPDIR stays writable, confined or not
    with tempfile.NamedTemporaryFile() as scratch:
        scratch.write(b"scratch")
    tried["tmpdir"] = True
except OSError:
    tried["tmpdir"] = False
for name, args in (("branch", ["branch", f"stray-{attempt}"]), ("tag", ["tag", f"stray-tag-{attempt}"])):
    done = subprocess.run(["git", *args], capture_output=True, text=True, check=False)
    tried[name] = done.returncode == 0
if os.environ.get("ESCAPE_GIT"):  # staging is an agent's ordinary work; committing is not its to do
    for name, args in (("stage", ["add", "-A"]), ("status", ["status", "--porcelain"]),
                       ("commit", ["-c", "user.name=a", "-c", "user.email=a@b.c", "commit", "-qm", "by the agent"])):
        done = subprocess.run(["git", *args], capture_output=True, text=True, check=False)
        tried[name] = done.returncode == 0
        if name == "status":
            tried["staged"] = any(line.startswith("A ") for line in done.stdout.splitlines())
log = Path(os.environ["ESCAPE_LOG"])
try:
    earlier = json.loads(log.read_text(encoding="utf-8"))
except (OSError, ValueError):
    earlier = []
# The log lives in a folder the test makes writable for the agent (sandbox_writable).
log.write_text(json.dumps([*earlier, tried]), encoding="utf-8")
print("escape agent:", tried, file=sys.stderr)
