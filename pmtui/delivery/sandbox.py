"""Confinement of what pmtui runs in the user's repository: command agents and gate commands under
bubblewrap (`--sandbox auto|on|off`, `[delivery] sandbox`).

In the sandbox the whole file system is read-only except the task's worktree, the attempt's folder
(where the agent writes its result file), the run's scratch folder (TMPDIR inside) and the paths the config adds
(`[delivery] sandbox_writable`, e.g. an agent CLI's own state folder). $HOME is hidden: an empty read-only folder
with only what commands need bound back (the repository, toolchains, caches, git settings, the agent tool's own
state and login, `[delivery] sandbox_readable`: sandbox_home), so no agent reads the user's keys; /dev and /proc are fresh and
the network is shared. The git metadata is read-only too: an agent inside can read history and stage its
work (in an index and object folder of its own, private_git) but cannot commit, branch or tag. `auto` uses bubblewrap when it is installed *and* can make a sandbox
here (user namespaces may be off, as in some containers), else runs unconfined and says why; `on`
refuses to deliver without one; `off` never confines. The run's sandbox is set for the run's
context (SANDBOX) so every process runner of the run — agents, gates, the release gate — sees it.
"""

from __future__ import annotations

import contextvars
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pmtui.delivery.lease import pid_runs
from pmtui.delivery.sandbox_home import hidden_home, home_view

SandboxMode = Literal["auto", "on", "off"]
PROBE_TIMEOUT_S = 10.0
INSTALL_HINT = "install it with `apt-get install bubblewrap` (Debian/Ubuntu) or `dnf install bubblewrap`"


class SandboxUnavailable(Exception):
    """`--sandbox on` and bubblewrap cannot confine here: the message says why and what to do."""


@dataclass(frozen=True)
class SandboxPolicy:
    """A run's sandbox settings as given (`--sandbox`, `[delivery] sandbox_writable`/`sandbox_readable`), before
    any machine resolved them: what an attempt carries to the node that runs it (node_attempt.py)."""

    mode: SandboxMode = "off"
    writable: tuple[str, ...] = ()
    readable: tuple[str, ...] = ()

    def resolve(self) -> Sandbox:
        """This machine's sandbox for the policy; SandboxUnavailable when `on` cannot be honoured here."""
        return resolve(self.mode, self.writable, self.readable)


@dataclass(frozen=True)
class Sandbox:
    """How this run confines the commands it starts. `active` False: they run as they are."""

    mode: SandboxMode = "off"
    bwrap: str | None = None
    layout: tuple[str, ...] = ()
    reason: str = "the sandbox is off (--sandbox off)"
    writable: tuple[str, ...] = field(default_factory=tuple)
    # The run's scratch folder: writable inside and TMPDIR there. /tmp itself stays readable (an agent's
    # script or the repository may live there) and read-only like the rest.
    scratch: str = ""
    # The user's home, hidden inside (an empty read-only folder with what commands need bound back: sandbox_home);
    # "" shows it as it is. `readable`: paths the config gives back read-only ([delivery] sandbox_readable).
    home: str = ""
    readable: tuple[str, ...] = field(default_factory=tuple)

    @property
    def active(self) -> bool:
        return self.bwrap is not None

    def policy(self) -> SandboxPolicy:
        """What the run asked for, as data another machine resolves for itself (a cluster node: its own bubblewrap,
        home and temp dir); none of this machine's paths but the configured ones, `~` left for the node."""
        return SandboxPolicy(mode=self.mode, writable=self.writable, readable=self.readable)

    def describe(self) -> str:
        if self.active:
            hidden = (f"; {self.home} is hidden but for the repository, toolchains, caches, git settings and the "
                      "agent's own folders") if self.home else ""
            return ("sandbox: bubblewrap — agents and gate commands may write only their worktree; the rest of the "
                    f"file system is read-only{hidden}; the network is open")
        return f"sandbox: none — {self.reason}; writes outside the worktree are detected, not prevented"

    def wrap(self, argv: Sequence[str], cwd: str | Path, writable: Iterable[str | Path] = (),
             readable: Iterable[str | Path] = ()) -> list[str]:
        """argv confined to `cwd` (read-write) plus `writable`; with the home hidden, `readable` (an agent's login
        files) is shown read-only besides what every command gets back; argv itself when the sandbox is not active."""
        if self.bwrap is None:
            return list(argv)
        binds: list[str] = []
        targets: list[str] = []
        for path in (cwd, *writable, *self.writable, *([self.scratch] if self.scratch else [])):
            target = os.path.realpath(os.path.expanduser(str(path)))
            if target in targets or not os.path.exists(target):
                continue
            targets.append(target)
            binds += ["--bind", target, target]
        for target in targets:
            # Git metadata stays read-only inside a writable folder too: pmtui's own git runs unconfined, so a
            # worktree's `.git` pointer or a checkout's hooks and config rewritten here would run the writer's code.
            dot = os.path.join(target, ".git")
            if os.path.lexists(dot):
                real = os.path.realpath(dot)
                binds += ["--ro-bind", real, real if os.path.islink(dot) else dot]
        cwd_real = os.path.realpath(str(cwd))
        tmp = ["--setenv", "TMPDIR", os.path.realpath(self.scratch)] if self.scratch else []
        hide: list[str] = []
        home = os.path.realpath(self.home) if self.home else ""
        # A home that is (inside) a writable folder is the project itself: it stays as it is.
        if home and os.path.isdir(home) and not any(home == t or home.startswith(t + "/") for t in targets):
            hide = home_view(home, cwd_real, argv, [*self.readable, *(str(path) for path in readable)], targets)
            binds += ["--remount-ro", home]  # after the binds: their mount points are made in it first
        return [self.bwrap, *self.layout, *hide, *binds, "--chdir", cwd_real, *tmp, "--", *argv]


# The layouts tried, most confined first: a new pid namespace keeps an agent's leftover children
# inside it; some hosts allow bubblewrap but not a fresh /proc or pid namespace.
_LAYOUTS: tuple[tuple[str, ...], ...] = (
    ("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-pid", "--die-with-parent"),
    ("--ro-bind", "/", "/", "--dev", "/dev", "--die-with-parent"),
)


@lru_cache(maxsize=4)
def probe(bwrap: str) -> tuple[tuple[str, ...] | None, str]:
    """The first layout bubblewrap can run `true` in here, or None and why not (once per process)."""
    problem = ""
    for layout in _LAYOUTS:
        try:
            done = subprocess.run([bwrap, *layout, "--", "true"], capture_output=True, text=True,
                                  timeout=PROBE_TIMEOUT_S, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            problem = str(error)
            continue
        if done.returncode == 0:
            return layout, ""
        said = (done.stderr or done.stdout).strip().splitlines()
        problem = said[-1] if said else f"exit {done.returncode}"
    return None, f"bubblewrap is installed but cannot make a sandbox here ({problem})"


def resolve(mode: SandboxMode, writable: Iterable[str] = (), readable: Iterable[str] = ()) -> Sandbox:
    """The sandbox of a run in `mode`, hiding $HOME but for `readable` (all of it shown when that names the home
    itself); SandboxUnavailable when `on` cannot be honoured."""
    if mode == "off":
        return Sandbox(mode="off")
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        reason = f"bubblewrap is not installed ({INSTALL_HINT})"
    else:
        layout, reason = probe(bwrap)
        if layout is not None:
            readable = tuple(readable)
            home = hidden_home() or ""
            if any(os.path.realpath(os.path.expanduser(path)) == home for path in readable):
                home = ""
            return Sandbox(mode=mode, bwrap=bwrap, layout=layout, reason="", writable=tuple(writable), home=home,
                           readable=readable)
    if mode == "on":
        raise SandboxUnavailable(f"--sandbox on: {reason}; or run with --sandbox auto to deliver unconfined")
    # The paths stay with it unconfined too: they are the run's policy, which travels to cluster nodes (policy()).
    return Sandbox(mode=mode, reason=reason, writable=tuple(writable), readable=tuple(readable))


def state_paths(paths: Iterable[str]) -> list[str]:
    """An agent tool's state folders (`~` and variables expanded; one naming an unset variable is left out), made
    when missing so they can be bound writable: a tool that cannot save its login or settings fails in a read-only
    $HOME. Files are taken as they are."""
    found: list[str] = []
    for raw in paths:
        expanded = os.path.expandvars(raw)
        if "$" in expanded:
            continue
        path = Path(expanded).expanduser()
        if not path.exists() and not path.suffix:
            try:
                path.mkdir(parents=True, exist_ok=True)
            except OSError:
                continue
        found.append(str(path))
    return found


def readable_paths(paths: Iterable[str]) -> list[str]:
    """Files an agent tool reads (`~` and variables expanded; one naming an unset variable is left out)."""
    expanded = (os.path.expandvars(raw) for raw in paths)
    return [os.path.expanduser(path) for path in expanded if "$" not in path]


# The sandbox of the run this context belongs to (the engine sets it for the run; off elsewhere).
SANDBOX: contextvars.ContextVar[Sandbox | None] = contextvars.ContextVar("pmtui_sandbox", default=None)
_OFF = Sandbox()


def private_git(workdir: Path, scratch: Path) -> dict[str, str]:
    """Environment that lets a confined agent stage its work (`git add`, `git status` refreshing the index)
    while the repository's git metadata stays read-only: its own copy of the worktree's index and its own
    object folder in the attempt's scratch, the repository's objects read through alternates. Commits,
    branches and tags still cannot be written. Empty when `workdir` is not a git worktree (read from its
    `.git` pointer: no git process)."""
    dot = workdir / ".git"
    try:
        if dot.is_dir():
            gitdir = dot
        else:
            text = dot.read_text(encoding="utf-8").strip()
            if not text.startswith("gitdir:"):
                return {}
            gitdir = (workdir / text.removeprefix("gitdir:").strip()).resolve()
        common = gitdir
        if (gitdir / "commondir").is_file():
            common = (gitdir / (gitdir / "commondir").read_text(encoding="utf-8").strip()).resolve()
        index = scratch / "git-index"
        objects = scratch / "git-objects"
        objects.mkdir(parents=True, exist_ok=True)
        if (gitdir / "index").is_file():
            shutil.copy2(gitdir / "index", index)  # with its time: git's racy-clean check reads it
    except OSError:
        return {}
    return {"GIT_INDEX_FILE": str(index), "GIT_OBJECT_DIRECTORY": str(objects),
            "GIT_ALTERNATE_OBJECT_DIRECTORIES": str(common / "objects")}


def current() -> Sandbox:
    return SANDBOX.get() or _OFF


SCRATCH_PREFIX = "pmtui-sandbox-"


def new_scratch() -> str:
    """The run's scratch folder (TMPDIR inside the sandbox), named after this process; earlier ones whose
    process is gone (a run killed with -9 never deleted its own) are swept first."""
    sweep_scratch()
    return tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-")


def sweep_scratch() -> list[str]:
    """Delete the scratch folders of processes on this host that no longer run; the paths deleted."""
    swept: list[str] = []
    for path in Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*-*"):
        pid = path.name[len(SCRATCH_PREFIX):].partition("-")[0]
        if pid.isdigit() and not pid_runs(int(pid)):
            shutil.rmtree(path, ignore_errors=True)
            swept.append(str(path))
    return swept

