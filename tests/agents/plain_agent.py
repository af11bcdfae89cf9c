"""A coding agent that knows nothing of pmtui, shaped like an agent CLI: `plain_agent.py --message-file PROMPT`.

It reads only the prompt file named on its command line (no PMTUI_* variable, no task file, no result file, no
criteria map), finds the paths the prompt asks for, and writes what a careful developer wrote for them beforehand
in their own words, for their own project (`--code`, default nurse_habits_code.txt beside this file: sections
headed `=== path`). A prompt naming no path it has code for is an agent that cannot do the task: it says so and
exits 1, as a real agent CLI would.
"""

import argparse
import re
import sys
from pathlib import Path

parser = argparse.ArgumentParser()
parser.add_argument("--message-file", required=True)
parser.add_argument("--code", default=str(Path(__file__).with_name("nurse_habits_code.txt")))
options = parser.parse_args()
prompt = Path(options.message_file).read_text(encoding="utf-8")
sections = re.split(r"^=== (\S+)\n", Path(options.code).read_text(encoding="utf-8"), flags=re.MULTILINE)[1:]
written_beforehand = dict(zip(sections[::2], sections[1::2], strict=True))
asked = set(re.findall(r"[\w./-]+\.(?:py|toml)\b", prompt))
wanted = [path for path in written_beforehand if path in asked]
if "pyproject.toml" in wanted:  # a new project gets its smoke test too, as any developer would add
    wanted.append("tests/test_smoke.py")
if not wanted:
    print("I could not work out which files this task is about.", file=sys.stderr)
    sys.exit(1)
for path in dict.fromkeys(wanted):
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(written_beforehand[path], encoding="utf-8")
    print(f"Wrote {path}")
