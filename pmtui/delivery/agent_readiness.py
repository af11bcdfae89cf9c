"""Can a preset agent work here at all, before a run starts? An agent that has no model to use does not fail: aider
with no model and no key offers a browser sign-in to OpenRouter and waits five minutes for it (seen 2026-11-27 from
"Deliver this plan" with `aider` and no `[models.agent]`), per task, per attempt. So the run is refused up front with
what to set, as an unknown agent is.

Only what the tool itself would find is checked (names and paths, never a value): aider picks a model from
`--model` (pmtui forwards `[models.agent]`), `AIDER_MODEL`, `model:` in a `.aider.conf.yml` (home, the repository),
or one of the provider keys it knows, also read from a `.env` (home, the repository).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from pmtui.delivery.agent_presets import AgentCommand

# The keys aider 0.86 picks a default model from (aider/onboarding.py, try_to_select_default_model).
AIDER_KEYS = ("OPENROUTER_API_KEY", "ANTHROPIC_API_KEY", "DEEPSEEK_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY",
              "VERTEXAI_PROJECT")
_SET_IN_FILE = re.compile(r"^\s*(?:export\s+)?(?P<name>[A-Z_][A-Z0-9_]*)\s*=\s*\S", re.MULTILINE)
_MODEL_IN_CONF = re.compile(r"^\s*model\s*:\s*\S", re.MULTILINE)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _aider_has_a_model(agent: AgentCommand, repo: Path | None, env: Mapping[str, str]) -> bool:
    if "--model" in agent.argv or env.get("AIDER_MODEL") or any(env.get(name) for name in AIDER_KEYS):
        return True
    places = [Path("~").expanduser(), *([repo] if repo is not None else [])]
    if any(_MODEL_IN_CONF.search(_read(place / ".aider.conf.yml")) for place in places):
        return True
    named = {m.group("name") for place in places for m in _SET_IN_FILE.finditer(_read(place / ".env"))}
    return bool(named & {"AIDER_MODEL", *AIDER_KEYS})


def setup_missing(agent: AgentCommand, repo: Path | None = None, env: Mapping[str, str] | None = None) -> str | None:
    """What the agent lacks to work at all here, said as what to do; None when nothing is known to be missing."""
    seen = {**os.environ, **agent.env, **(env or {})}
    if agent.preset and agent.name == "aider" and not _aider_has_a_model(agent, repo, seen):
        keys = ", ".join(f"${name}" for name in AIDER_KEYS[:4])
        return ("aider has no model to use here: no [models.agent] in pmtui.toml (pmtui forwards it as --model), no "
                f"$AIDER_MODEL, no `model:` in a .aider.conf.yml, and none of the keys aider picks one from ({keys} …). "
                "Without one it waits five minutes for a browser sign-in. Set [models.agent], or one of those keys")
    return None
