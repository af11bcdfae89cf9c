"""Test agent: starts a grandchild that sleeps, records both pids in argv[1], then sleeps itself."""

import json
import os
import subprocess
import sys
import time

grandchild = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
with open(sys.argv[1], "w", encoding="utf-8") as handle:
    json.dump({"agent": os.getpid(), "grandchild": grandchild.pid}, handle)
print("sleeping", flush=True)
time.sleep(120)
