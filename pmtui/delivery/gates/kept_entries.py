"""What a project's manifest had is kept: a change that drops its dependencies or settings fails this gate.

Delivering a plan into a founder's existing project (stop 28), the skeleton task said "create pyproject.toml" and
the agent wrote a new one over theirs: the project's dependency on Flask and its settings were gone, and every gate
passed, so pmtui committed it. The prompt now says the file is there to edit; this gate checks what came of it. In a
manifest the change modified (pyproject.toml, package.json, requirements*.txt, setup.cfg, Cargo.toml, go.mod,
Gemfile, composer.json), an entry the file had is kept when its line is still there (moved), when its key is set
again (`version = "0.4.0"` for `version = "0.3.0"`: a change, not a loss), or when its package is named again
(`flask>=3` for `flask>=2`). What is left is lost, and named in the evidence: the fix prompt carries it back to the
agent, and the human may still accept it (a removal can be the task).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from pmtui.delivery.diffs import ChangeSet
from pmtui.models.delivery import GateResult

MANIFESTS = frozenset({"pyproject.toml", "package.json", "setup.cfg", "cargo.toml", "go.mod", "gemfile",
                       "composer.json", "pipfile"})
_REQUIREMENTS = re.compile(r"^requirements[\w.-]*\.(?:txt|in)$")
_KEY = re.compile(r"""^["']?([\w.@/-]+)["']?\s*[=:]""")
# A dependency said alone ("flask>=2", "  'requests[socks]~=2.31',", "github.com/x/y v1.2.0", "gem 'rails'").
_PACKAGE = re.compile(r"""^(?:gem\s+|require\s+)?["']?([A-Za-z0-9][\w.@/-]*)""")
_NOISE = re.compile(r"^(?:[\[\]{}(),]+|#.*|//.*|\[[^\]]*\])?$")


def is_manifest(path: str) -> bool:
    name = PurePosixPath(path).name.lower()
    return name in MANIFESTS or bool(_REQUIREMENTS.match(name))


def _normal(line: str) -> str:
    return line.strip().rstrip(",").strip()


def lost_entries(change: ChangeSet) -> dict[str, list[str]]:
    """Per modified manifest, the lines it had that the change dropped (not moved, re-keyed or re-versioned)."""
    lost: dict[str, list[str]] = {}
    for path in change.modified:
        if not is_manifest(path):
            continue
        added = [_normal(text) for _, text in change.added_lines.get(path, [])]
        still = set(added)
        keys = {match.group(1).lower() for line in added if (match := _KEY.match(line))}
        packages = {match.group(1).lower() for line in added if (match := _PACKAGE.match(line))}
        gone = []
        for _, text in change.removed_lines.get(path, []):
            line = _normal(text)
            if _NOISE.match(line) or line in still:
                continue
            key = _KEY.match(line)
            if key is not None and key.group(1).lower() in keys:
                continue
            package = _PACKAGE.match(line)
            if key is None and package is not None and package.group(1).lower() in packages:
                continue
            gone.append(line)
        if gone:
            lost[path] = gone
    return lost


def kept_entries_gate(change: ChangeSet) -> GateResult:
    """Fails when the change drops entries a manifest had, naming them and the file."""
    lost = lost_entries(change)
    if not lost:
        return GateResult(gate="kept_entries", passed=True, evidence=["no manifest lost an entry it had"])
    evidence = []
    for path, lines in lost.items():
        shown = ", ".join(f"`{line}`" for line in lines[:5]) + (f" and {len(lines) - 5} more" if len(lines) > 5 else "")
        evidence.append(f"✗ {path} lost what it had before this task: {shown}; keep them (edit the file, do not write "
                        "it anew) unless the task is to remove them")
    return GateResult(gate="kept_entries", passed=False, evidence=evidence)
