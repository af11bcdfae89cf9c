"""A coding agent that knows nothing of pmtui, as third-party agent CLIs are: it writes the files given in
$AGENT_FILES (JSON, path → text; none when unset), prints $AGENT_SAYS (its last words, if any) and exits 0. No result
file, no criteria map: what it did is read from the tree."""

import json
import os
from pathlib import Path

for path, text in json.loads(os.environ.get("AGENT_FILES") or "{}").items():
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(text, encoding="utf-8")
said = os.environ.get("AGENT_SAYS", "")
if said:
    print(said)
