"""Another agent for one task: the installed agents an escalation offers, and the executor a task runs with once the
human chose one ("Retry with another agent", its note naming it).

Only a run whose agent is a command (a preset, `[agents.NAME]` or a command line) run on this machine is offered
another: the built-in model agent and a cluster's nodes have no catalogue of installed tools to choose from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pmtui.delivery.escalations import AGENT_CHOSEN, RETRY, SKIP, other_agent_option

if TYPE_CHECKING:
    from pmtui.config import Config


def agent_name(executor: Any) -> str | None:
    """The name of a command executor's agent (a preset's or `[agents.NAME]`'s), None for any other executor."""
    from pmtui.delivery.executors import CommandExecutor

    return executor.agent.name if isinstance(executor, CommandExecutor) else None


def chosen_agent(decision_log: list[str]) -> str | None:
    """The agent the human chose for the task last (AGENT_CHOSEN in its decision log), None when none was."""
    return next((line.removeprefix(AGENT_CHOSEN) for line in reversed(decision_log) if line.startswith(AGENT_CHOSEN)),
                None)


def other_agents(config: Config, current: str | None) -> list[str]:
    """The agents (presets and `[agents.NAME]`) that could take the task instead of the one that failed, by name:
    installed and able to sign in (a tool on PATH with no key and no login of its own would fail on its first
    model call: offering it costs the human a round trip); none when the run's agent is not a command."""
    from pmtui.delivery.agent_presets import cannot_sign_in

    return [agent.name for agent in _others(config, current) if not cannot_sign_in(agent)]


def unready_agents(config: Config, current: str | None) -> list[str]:
    """The installed agents left out of other_agents because they cannot sign in, by name (the option says so)."""
    from pmtui.delivery.agent_presets import cannot_sign_in

    return [agent.name for agent in _others(config, current) if cannot_sign_in(agent)]


def _others(config: Config, current: str | None) -> list[Any]:
    if current is None:
        return []
    from pmtui.delivery.agent_presets import agent_catalog

    return [agent for agent in agent_catalog(config, probe=False) if agent.installed and agent.name != current]


class AgentChoice:
    """The executor each task runs with: the run's, or the agent the human chose for it (one executor per name)."""

    def __init__(self, executor: Any, config: Config, *, local: bool) -> None:
        self.executor = executor
        self.config = config
        self.local = local
        self._chosen: dict[str, Any] = {}

    def current(self, decision_log: list[str]) -> str | None:
        """The name of the agent the task runs with now (None: not a command agent on this machine)."""
        if not self.local or agent_name(self.executor) is None:
            return None
        return chosen_agent(decision_log) or agent_name(self.executor)

    def others(self, decision_log: list[str]) -> list[str]:
        return other_agents(self.config, self.current(decision_log))

    def unready(self, decision_log: list[str]) -> list[str]:
        return unready_agents(self.config, self.current(decision_log))

    def executor_for(self, decision_log: list[str]) -> Any:
        """The task's executor. A chosen agent that can no longer run (uninstalled since) raises AgentError, which
        the task's driver turns into an escalation that says so."""
        name = chosen_agent(decision_log) if self.local else None
        if not name or name == agent_name(self.executor):
            return self.executor
        if name not in self._chosen:
            from pmtui.delivery.agent_presets import resolve_agent
            from pmtui.delivery.executors import CommandExecutor

            self._chosen[name] = CommandExecutor(resolve_agent(name, self.config))
        return self._chosen[name]

    def unavailable(self, decision_log: list[str]) -> tuple[str, tuple[str, ...], int] | None:
        """The escalation when the agent the human chose for the task cannot run (uninstalled since, or gone from
        pmtui.toml): its problem, options and recommendation (another installed agent when there is one); None
        when it can run. Asked before the attempt starts: no retry budget is spent."""
        from pmtui.delivery.agent_presets import AgentError

        try:
            self.executor_for(decision_log)
        except AgentError as error:
            others = other_agents(self.config, chosen_agent(decision_log))
            unready = unready_agents(self.config, chosen_agent(decision_log))
            options = (RETRY, other_agent_option(others, unready), SKIP) if others else (RETRY, SKIP)
            reason = (f"the agent chosen for this task cannot run: {error}. Install it and answer Retry, or name "
                      "another agent (the retry budget was not spent)")
            return reason, options, 2 if others else 1
        return None
