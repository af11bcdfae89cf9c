"""Test agent that hides keys at the cut of a long output line: it does the module agent's work, then prints
two lines of well over 1 MB made of one key repeated with a space between (the pmtui process's
OPENAI_API_KEY, then a key-shaped GitHub token that is in no environment variable). pmtui hands such a line
on in pieces of about 1 MB; wherever a piece ends, it ends inside a key unless pmtui cuts around keys."""

import os
import runpy
import sys
from pathlib import Path

runpy.run_path(str(Path(__file__).with_name("module_agent.py")), run_name="__main__")
for key in (os.environ["OPENAI_API_KEY"], os.environ["LONG_LINE_TOKEN"]):
    copies = 1_300_000 // (len(key) + 1)
    sys.stdout.write(" ".join([key] * copies) + "\n")
sys.stdout.flush()
