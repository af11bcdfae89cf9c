"""An agent's output streams to the attempt's log while it works, where the dashboard tails it."""

from __future__ import annotations

import sys
from pathlib import Path

from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.feed import output_log_path
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import make_project, plan_text, task_block

AGENT = Path(__file__).parent / "agents" / "module_agent.py"
CHATTY = (
    "import runpy, sys\n"
    "print('reading the contract', flush=True)\n"
    "print('writing the module', flush=True)\n"
    f"sys.argv = [{str(AGENT)!r}]\n"
    f"runpy.run_path({str(AGENT)!r}, run_name='__main__')\n"
)


async def test_agent_lines_reach_the_attempt_log(tmp_path: Path, store: Store) -> None:
    root = make_project(tmp_path)
    script = tmp_path / "chatty_agent.py"
    script.write_text(CHATTY)
    plan_path = tmp_path / "plan.md"
    plan_path.write_text(plan_text("chatty", [task_block("T1", "Greeting module", module="greet")]))
    engine = DeliveryEngine(
        store,
        Config(offline=True),
        repo=root,
        plan_path=plan_path,
        executor=CommandExecutor(f"{sys.executable} {script}"),
        poll_interval=0.05,
        gate_timeout_s=60,
    )
    outcome = await engine.run(no_wait=True)
    assert outcome.state == "released", outcome.message
    dstore = DeliveryStore(store)
    run = dstore.get_run(outcome.run_id)
    assert run.config["run_dir"]
    log = output_log_path(run, store.path, "T1", 1).read_text(encoding="utf-8")
    assert "reading the contract\nwriting the module\n" in log
