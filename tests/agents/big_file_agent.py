"""Test agent that does the module agent's work and also leaves a big file of random bytes
(data/dump.bin, $BIG_FILE_MB megabytes, new content each attempt), as an agent that dumps a dataset would."""

import os
import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).with_name("module_agent.py")), run_name="__main__")
Path("data").mkdir(exist_ok=True)
Path("data/dump.bin").write_bytes(os.urandom(int(float(os.environ["BIG_FILE_MB"]) * 1_000_000)))
