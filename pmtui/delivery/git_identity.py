"""Who the run's commits are by when git does not know who the user is.

On a fresh machine (a container, a new laptop) git has no user.name or user.email, and a repository pmtui started
for the founder has none of its own either. Then every commit pmtui makes fails ("unable to auto-detect email
address"), and an agent that checks the identity first writes one into the repository's config: aider's
`git config user.name "Your Name"`, which pmtui's sandbox refuses (the git metadata is read-only there), so the agent
crashed on every attempt — seen delivering from the TUI at stop 28. For the run, git is lent the identity it lacks,
"pmtui <pmtui@localhost>" (as the first commit of a repository pmtui starts), through GIT_CONFIG_COUNT in the run's
own environment (git_env.py, a context variable; not os.environ, which two engines in one process would share):
pmtui's own git calls, the agents and the gates all see it, nothing is written to any config file, and the user's own
identity, where it exists, is never overridden (only a missing key is lent). The run says so once.
"""

from __future__ import annotations

import contextvars
import os
from pathlib import Path

from pmtui.delivery.git_env import RUN_GIT_ENV
from pmtui.delivery.git_ops import GitError, run_git

FALLBACK = {"user.name": "pmtui", "user.email": "pmtui@localhost"}


def missing_keys(root: Path) -> list[str]:
    """The identity keys git cannot find for commits in `root` (from any config, or the environment's author)."""
    missing: list[str] = []
    for key, variable in (("user.name", "GIT_AUTHOR_NAME"), ("user.email", "GIT_AUTHOR_EMAIL")):
        try:
            found = run_git(root, "config", "--get", key)
        except GitError:
            found = ""
        if not found and not os.environ.get(variable):
            missing.append(key)
    return missing


class LentIdentity:
    """The fallback identity lent to git for one run: `env` holds the GIT_CONFIG_COUNT/KEY/VALUE variables that add the
    missing keys after any the user's environment has. The engine puts them in the run's context (git_env.py), never
    in os.environ: a second engine in the same process lends and gives back its own."""

    def __init__(self, root: Path) -> None:
        self.keys = missing_keys(root)
        self.env: dict[str, str] = {}
        if not self.keys:
            return
        count = _count()
        for offset, key in enumerate(self.keys):
            self.env[f"GIT_CONFIG_KEY_{count + offset}"] = key
            self.env[f"GIT_CONFIG_VALUE_{count + offset}"] = FALLBACK[key]
        self.env["GIT_CONFIG_COUNT"] = str(count + len(self.keys))

    def note(self) -> str:
        """What the run says about it ("" when git knew the user)."""
        if not self.keys:
            return ""
        lent = ", ".join(f"{key} = {FALLBACK[key]}" for key in self.keys)
        return (f"git has no {' or '.join(self.keys)} for this repository: the run's commits use {lent} (set "
                f"`git config --global {self.keys[0]} …` to sign them as you)")

    def lend(self) -> contextvars.Token[tuple[tuple[str, str], ...]]:
        """Lend it to the processes of the current context (and the tasks and threads it starts); reset the token
        returned to give it back."""
        return RUN_GIT_ENV.set(tuple({**dict(RUN_GIT_ENV.get()), **self.env}.items()))


def _count() -> int:
    """How many GIT_CONFIG_* entries the environment already has (the user's own, kept first)."""
    lent = dict(RUN_GIT_ENV.get())
    try:
        return max(0, int(lent.get("GIT_CONFIG_COUNT") or os.environ.get("GIT_CONFIG_COUNT", "0")))
    except ValueError:
        return 0


def lend_identity_to_clone(clone: Path) -> None:
    """The identity git lacks, written into a scratch clone's own config (a node's clone is pmtui's, never the
    user's: nothing of it but the change comes back)."""
    for key in missing_keys(clone):
        run_git(clone, "config", key, FALLBACK[key])
