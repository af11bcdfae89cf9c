"""An agent's own limits come from pmtui's task budget: a model that never finishes stops at the tool's limit, not
at the task's time budget.

Found in round 21 (issue 7): mini-swe-agent's preset set no step limit (its default config has step_limit: 0 and a
cost limit that an unpriced model never reaches), so a looping model ran until the attempt was timed out. Real
mini-swe-agent (installed by `make test` in .venv-agents) against the scripted OpenAI-compatible server.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pmtui.config import BudgetConfig, Config, ModelRoute
from pmtui.delivery.agent_presets import agent_catalog, resolve_agent
from pmtui.delivery.contract import build_contract
from pmtui.delivery.executors import CommandExecutor, budget_limits
from pmtui.delivery.plan import parse_plan
from tests.fake_llm_server import FakeLLMServer, FakeResponse
from tests.fixtures.delivery_repo import make_project, plan_text, task_block

AGENT_BIN = Path(__file__).resolve().parent.parent / ".venv-agents" / "bin"


def test_the_limits_follow_the_task_budget() -> None:
    # A step per 10 s of the budget, at least 10; the tool's own clock stops it at 90 % of the budget.
    assert budget_limits(30_000) == {"step_limit": "10", "time_limit_s": "27"}
    assert budget_limits(600_000) == {"step_limit": "60", "time_limit_s": "540"}
    route = ModelRoute(model="openai/fake-coder", api_base="http://127.0.0.1:9/v1")
    priced = Config(models={"agent": route}, budget=BudgetConfig(task_usd=0.5))
    [mini] = [agent for agent in agent_catalog(priced, probe=False) if agent.name == "mini-swe-agent"]
    argv = mini.argv
    assert argv[argv.index("--cost-limit") + 1] == "0.5"
    # One default config, named before the limits: a second `-c mini.yaml` after them would undo them.
    assert argv.count("mini.yaml") == 1 and argv.index("mini.yaml") < argv.index("agent.step_limit={step_limit}")
    assert argv.index("agent.step_limit={step_limit}") < argv.index("model.model_kwargs.api_base=http://127.0.0.1:9/v1")


async def test_a_mini_swe_agent_model_that_never_submits_stops_at_its_step_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not (AGENT_BIN / "mini").is_file():
        pytest.skip("mini is not installed in .venv-agents: `make test` (or `make agents`) installs it")
    monkeypatch.setenv("PATH", f"{AGENT_BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake-for-tests")
    monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    monkeypatch.setenv("NO_COLOR", "1")
    repo = make_project(tmp_path)
    plan = parse_plan(plan_text("loop", [task_block("T1", "Delta value", module="delta", time_budget="40s")]))
    contract = build_contract(plan, plan.tasks[0], shared_context="", task_delta="")
    with FakeLLMServer() as server:
        # The model looks around forever and never submits.
        server.set_responder(lambda body: FakeResponse(text="Let me look once more.", tool_calls=[
            {"name": "bash", "arguments": {"command": "ls src"}}]))
        agent = resolve_agent("mini-swe-agent", Config(models={"agent": ModelRoute(
            model="openai/fake-coder", api_base=server.api_base, max_retries=0)}))
        result = await CommandExecutor(agent).run(contract, repo, attempt=1, run_dir=tmp_path / "runs")
        calls = server.call_count
    # Stopped by its own step limit (10 for a 40 s budget), cleanly: not killed at the time budget.
    assert not result.timed_out, result.output_tail[-2000:]
    assert calls == int(budget_limits(contract.time_budget_ms)["step_limit"]), (calls, result.output_tail[-2000:])
    assert "LimitsExceeded" in result.output_tail
