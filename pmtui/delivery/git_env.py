"""What one delivery run adds to the environment of the processes it starts, for git: per run, not per process.

The identity lent to git for a run (git_identity.py) was set in os.environ for the run's length: two engines in one
process on repositories where git knows nobody shared it, and the first to end gave it back while the other still
committed ("Author identity unknown"). It is now a context variable the engine sets for its run: pmtui's own git
calls (git_ops), the agents' processes (executors, llm_agent) and the gate commands (gates.commands) add it to their
environment; asyncio tasks and `asyncio.to_thread` carry it, so each engine's processes see its own and no other.
"""

from __future__ import annotations

import contextvars

# (name, value) pairs; empty outside a run, or for a run that lends nothing.
RUN_GIT_ENV: contextvars.ContextVar[tuple[tuple[str, str], ...]] = contextvars.ContextVar("pmtui_run_git_env",
                                                                                          default=())


def run_git_env() -> dict[str, str]:
    """The variables the current run adds for git (empty outside a run)."""
    return dict(RUN_GIT_ENV.get())
