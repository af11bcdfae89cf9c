"""A secret where a line-based scan does not look: the agent writes the pmtui process's key into a binary
file and into a file's name. The scan finds both, the escalation offers no accept, and nothing of it
reaches git."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block

KEY = "sk-proj-HIDDEN7r8Vt3QxL2mZ9wK4nB7cY1fJ6hD5s"
AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'hidden_key_agent.py'}"


def test_a_key_in_a_binary_file_or_a_file_name_is_found_and_never_committed(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    block = task_block("T1", "Alpha value", module="alpha").replace(
        "- files: create src/alpha.py", "- files: create src/alpha.py; create data/cache.db")
    plan.write_text(plan_text("hidden", [block], lint=False), encoding="utf-8")
    env = {**os.environ, "OPENAI_API_KEY": KEY, "PMTUI_MODEL": "offline"}

    def pmtui(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pmtui", *args], capture_output=True, text=True, timeout=180,
                              env=env, check=False)

    first = pmtui("deliver", str(plan), "--repo", str(repo), "--agent", AGENT, "--headless", "--no-wait")
    assert first.returncode == 3, first.stdout + first.stderr
    (asked,) = json.loads(pmtui("status", "--json").stdout)["escalations"]
    assert "secrets_scan" in asked["problem"], asked
    assert not any(option.lower().startswith("accept") for option in asked["options"]), asked["options"]
    store = Store(os.environ["PMTUI_DB"])
    try:
        attempt = DeliveryStore(store).attempt(asked_run(store), "T1", 1)
    finally:
        store.close()
    assert attempt is not None
    (scan,) = [gate for gate in attempt.gate_results if gate.gate == "secrets_scan"]
    found = "\n".join(scan.evidence)
    assert "data/cache.db: OpenAI key" in found and "in a file's name" in found, found
    assert "data/app.cfg: OpenAI key" in found, found
    assert KEY not in found
    everything = subprocess.run(["git", "log", "--all", "-p", "--binary", "--format=%B%n%H"], cwd=repo,
                                capture_output=True, check=True).stdout
    assert KEY.encode() not in everything
    assert git(repo, "rev-list", "--count", "pm/hidden") == "1", "nothing was committed"


def asked_run(store: Store) -> int:
    run = DeliveryStore(store).latest_run()
    assert run is not None
    return run.id
