"""Which coding agent the TUI's "Deliver this plan" runs: the one `[delivery] agent` names, else asked.

A founder who walked from an idea to a plan in the TUI brings their own agent (aider, Claude Code…). Before, the
question was asked only when no agent model was configured: with models.agent set (often set *for* the agent CLI, to
forward its model and address), the built-in agent ran and an installed, signed-in Claude Code was never offered.
Now the TUI asks whenever there is a choice to make, prefilled with the likeliest answer, and says how to stop being
asked (`[delivery] agent`); with a model and no agent installed, there is nothing to ask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pmtui.config import BUILT_IN_AGENT

if TYPE_CHECKING:
    from pathlib import Path

    from pmtui.config import Config
    from pmtui.delivery.records import RunRecord
    from pmtui.store import Store

PLACEHOLDERS = "{prompt_file}, {task_file}, {result_file}, {repo}"


@dataclass(frozen=True)
class AgentQuestion:
    """Ask (prompt, prefilled answer), or run `agent` at once (None: the built-in agent)."""

    ask: bool
    agent: str | None
    prompt: str = ""


def ready_agents(config: Config) -> list[str]:
    """The installed agents that can sign in (presets and `[agents.NAME]`), by name."""
    from pmtui.delivery.agent_presets import agent_catalog, cannot_sign_in

    return [agent.name for agent in agent_catalog(config, probe=False) if agent.installed and not cannot_sign_in(agent)]


# The name a run of pmtui's built-in agent records as its agent (llm_agent.ModelAgent.name).
BUILT_IN_NAME = "llm"


def which_agent(config: Config, previous: str | None = None, *, builds_on: bool = False) -> AgentQuestion:
    """What "Deliver this plan" does about the agent: `[delivery] agent` when set (an agent that cannot run is asked
    about again by the dialog's check, with its words), else a question when there is a choice. `previous` is the
    agent the unfinished run being resumed used, or (`builds_on`) the one of the release a new run builds on: the
    answer prefilled, when it can still run."""
    chosen = config.delivery.agent.strip()
    route = config.route("agent")
    model = not route.is_offline
    if chosen and (chosen != BUILT_IN_AGENT or model):
        return AgentQuestion(False, None if chosen == BUILT_IN_AGENT else chosen)
    ready = ready_agents(config)
    if model and not ready:
        return AgentQuestion(False, None)
    installed = (f"Installed and signed in: {', '.join(ready)}." if ready else
                 "None of the presets is installed and signed in (`pmtui agents` says what each needs).")
    again = {BUILT_IN_NAME: BUILT_IN_AGENT} if model else {}
    again.update((name, name) for name in ready)
    resumed = again.get(previous or "")
    if resumed:
        installed += f" The {'release this run builds on' if builds_on else 'run this resumes'} used {resumed}."
    if model:
        prompt = (f"Which coding agent should pmtui run for each task? {installed} Or {BUILT_IN_AGENT}: pmtui's own "
                  f"agent on models.agent ({route.model}). Any other command works too, with the placeholders "
                  f"{PLACEHOLDERS}. Set [delivery] agent in pmtui.toml to stop this question.")
        return AgentQuestion(True, resumed or BUILT_IN_AGENT, prompt)
    from pmtui.delivery.agent_presets import PRESET_NAMES

    prompt = ("No agent model is configured (models.agent). Which coding agent should pmtui run for each task? "
              f"{installed} A preset ({', '.join(PRESET_NAMES)}; `pmtui agents` shows what each needs) or a command, "
              f"with the placeholders {PLACEHOLDERS}. Set [delivery] agent in pmtui.toml to stop this question.")
    return AgentQuestion(True, resumed or (ready[0] if ready else ""), prompt)


def latest_run_of(store: Store, plan_markdown: str, repo: Path) -> RunRecord | None:
    """The latest run of this plan (its `plan-id:`) in `repo`, None when it never ran there."""
    import re

    from pmtui.delivery.store import DeliveryStore

    found = re.search(r"^plan-id:\s*(\S+)", plan_markdown, re.MULTILINE)
    return DeliveryStore(store).latest_run(found.group(1), repo) if found else None


def released_and_changed(store: Store, plan_markdown: str, run: RunRecord) -> bool:
    """Whether `run` released this plan and the plan has changed since (tasks it did not deliver): Deliver then
    starts a new run that builds on the release, rather than opening the released run's dashboard."""
    from pmtui.delivery.plan_revisions import plan_changed, released_tasks
    from pmtui.delivery.store import DeliveryStore

    return run.state == "released" and plan_changed(plan_markdown, run, released_tasks(DeliveryStore(store), run))


def resumed_agent(run: RunRecord | None) -> str | None:
    """The agent an unfinished run used (its recorded name), or a released one (Deliver on its changed plan builds on
    it); None when there is none."""
    if run is None or (run.finished and run.state != "released"):
        return None
    agent = run.config.get("agent")
    return agent if isinstance(agent, str) else None
