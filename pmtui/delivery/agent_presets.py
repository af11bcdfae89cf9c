"""Coding-agent presets: what `--agent aider|claude|codex|gemini|opencode|mini-swe-agent` runs.

Each preset is the tool's documented non-interactive command line (no auto-commit, no prompts),
with the task's expected files passed the way the tool wants them and the model and base URL of
pmtui's `models.agent` route forwarded where the tool accepts them. `[agents.NAME]` in pmtui.toml
adds an agent of your own (`command`) or adjusts a preset (`program`, `args`, `env`). A command is
a template: the placeholders of the sub-agent protocol are filled per attempt by the command
executor; `FLAG {files}` repeats FLAG before each of the task's files, a lone `{files}` lists them.

resolve_agent() turns the `--agent` value into an AgentCommand or raises AgentError (the CLI's
exit 2) before anything starts; agent_catalog() is what `pmtui agents` lists.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pmtui.config import Config, ModelRoute

VERSION_TIMEOUT_S = 20.0
_VERSION = re.compile(r"(?<![\w.])v?(\d+\.\d+(?:\.\d+)?(?:[-.]?(?:dev|rc|alpha|beta|a|b)\d*)?)")
# litellm provider → the provider id opencode uses for the same models.
_OPENCODE_PROVIDERS = {"openai": "openai", "anthropic": "anthropic", "gemini": "google", "groq": "groq",
                       "openrouter": "openrouter", "mistral": "mistral", "deepseek": "deepseek",
                       "together_ai": "togetherai"}
_OPENAI_COMPATIBLE = frozenset({"openai", "hosted_vllm", "lm_studio", "openai_like"})
# With a base URL, Gemini CLI 0.61 signs in as a "gateway", which its non-interactive mode refuses ("Invalid auth method
# selected.") unless settings choose the API key. A system settings file (GEMINI_CLI_SYSTEM_SETTINGS_PATH) is skipped
# unless root owns it and every folder above it, so the run gets a home of its own (GEMINI_CLI_HOME) holding only that.
GEMINI_HOME_SETTINGS = {".gemini/settings.json": json.dumps({"security": {"auth": {"selectedType": "gemini-api-key"}}})}
GEMINI_HOME_NOTE = ("with a base URL, Gemini CLI runs with a home of pmtui's own (GEMINI_CLI_HOME in the run's folder) "
                    "whose settings choose the API key: ~/.gemini is not read then")
# Claude Code 2.1 retries a refused key (401) like a busy server, 10 times by default with a growing wait: over
# 150 s per attempt before it says the key is wrong. This variable (read by its cli, at most 15) bounds it.
CLAUDE_RETRIES = "CLAUDE_CODE_MAX_RETRIES"
# The model provider id a forwarded base URL gets in Codex (openai, ollama and lmstudio are its reserved ids).
CODEX_PROVIDER = "pmtui"


class AgentError(Exception):
    """An `--agent` value that cannot run: unknown, not installed, or a bad `[agents.NAME]`."""


@dataclass(frozen=True)
class Forwarded:
    """What a preset passes on of pmtui's model route: extra arguments, environment, and what it could not."""

    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    note: str = ""
    # Files of a home of the run's own (path under it → text), for a tool whose settings cannot come otherwise.
    home_files: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class AgentPreset:
    """One tool's non-interactive command line; `args` are a template (see the module docstring)."""

    name: str
    program: str
    install: str
    args: tuple[str, ...]
    forward: Callable[[ModelRoute | None], Forwarded]
    # The arguments that carry the prompt, last on the line (after the forwarded model and [agents] args).
    prompt_args: tuple[str, ...] = ()
    # The commands whose --help lists the flags `args` uses (checked by the test suite).
    help_commands: tuple[tuple[str, ...], ...] = (("--help",),)
    version_args: tuple[str, ...] = ("--version",)
    env: Mapping[str, str] = field(default_factory=dict)
    # The prompt reaches the tool on standard input (else through a placeholder in args).
    stdin: bool = True
    # The tool can write $PMTUI_RESULT_FILE (it runs commands); an edit-only tool cannot.
    writes_result_file: bool = True
    # Files the tool leaves in the repository root for itself (caches): removed after each attempt.
    leftovers: tuple[str, ...] = ()
    # What its output says when it could not apply its model's edits, and what the user can change about it.
    unapplied: tuple[str, ...] = ()
    unapplied_fix: str = ""
    # Where the tool keeps its own state (login, settings, history): writable under the sandbox (`~` is $HOME; one
    # naming a variable counts when the variable is set).
    state_dirs: tuple[str, ...] = ()
    # `args` with the tool's own sandbox lifted, run instead of them when pmtui's sandbox confines the tool: a
    # tool's sandbox does not nest in pmtui's (Codex's bubblewrap cannot mount over pmtui's read-only /tmp).
    confined_args: tuple[str, ...] | None = None
    # The variable that moves the tool's home (where it reads its settings), for Forwarded.home_files.
    home_env: str = ""
    # How the tool signs in: key variables it reads (besides the forwarded model's), the files its own login
    # writes (`~` is $HOME; shown to it alone under pmtui's sandbox, which hides the rest of $HOME),
    # and the command that logs in.
    key_envs: tuple[str, ...] = ()
    login_files: tuple[str, ...] = ()
    login_how: str = ""
    # The key variable of the one provider the tool speaks to (None: it speaks to any, as configured).
    provider_key: str | None = None
    # Files of $HOME the tool reads besides its state folders and login files (its settings): pmtui's sandbox hides
    # the rest of $HOME and shows these, with login_files, read-only.
    reads: tuple[str, ...] = ()
    # The flag that takes a cost limit in USD: `[budget] task_usd` goes there when it is set.
    cost_limit_flag: str = ""


@dataclass(frozen=True)
class AgentCommand:
    """A resolved agent: the command template `--agent NAME` runs, and how to run it."""

    name: str
    command: str
    env: Mapping[str, str] = field(default_factory=dict)
    preset: bool = False
    installed: bool = True
    version: str | None = None
    path: str | None = None
    stdin: bool = True
    writes_result_file: bool = True
    leftovers: tuple[str, ...] = ()
    unapplied: tuple[str, ...] = ()
    unapplied_fix: str = ""
    state_dirs: tuple[str, ...] = ()
    source: str = "command line"
    note: str = ""
    # The command run when pmtui's sandbox confines the agent, when it differs (a preset's confined_args).
    confined_command: str | None = None
    # A home of the run's own: the variable naming it and its files (written by the executor in the run's folder).
    home_env: str = ""
    home_files: Mapping[str, str] = field(default_factory=dict)
    # Which sign-in the tool will use, in words (a variable's name or a login file's path, never a value).
    login: str = ""
    # Files of $HOME it reads (its login and settings), shown read-only in pmtui's sandbox, which hides the rest.
    readable: tuple[str, ...] = ()

    @property
    def argv(self) -> list[str]:
        return shlex.split(self.command)

    def argv_for(self, confined: bool) -> list[str]:
        """The command's argv as run under pmtui's sandbox (confined) or without it."""
        return shlex.split(self.confined_command) if confined and self.confined_command else self.argv

    def as_json(self) -> dict[str, object]:
        """The `pmtui agents --json` object (environment values are never shown, only their names)."""
        return {
            "name": self.name, "installed": self.installed, "version": self.version, "command": self.command,
            "path": self.path, "preset": self.preset, "source": self.source, "env": sorted(self.env),
            "note": self.note, "confined_command": self.confined_command, "login": self.login,
        }


# -- model forwarding -------------------------------------------------------------------------------
def _provider(model: str) -> tuple[str, str]:
    """('openai', 'gpt-4o') from a litellm model string; a bare name is an OpenAI model."""
    if "/" in model:
        provider, name = model.split("/", 1)
        return provider.lower(), name
    return "openai", model


def _forward_aider(route: ModelRoute | None) -> Forwarded:
    if route is None:
        return Forwarded(note="no models.agent configured: aider uses its own configuration")
    args: list[str] = ["--model", route.model]
    env: dict[str, str] = {}
    provider, _ = _provider(route.model)
    if route.api_base:
        if provider in _OPENAI_COMPATIBLE:
            args += ["--openai-api-base", route.api_base]
        else:
            env[f"{provider.upper()}_API_BASE"] = route.api_base
    return Forwarded(tuple(args), env)


def _forward_mini(route: ModelRoute | None) -> Forwarded:
    if route is None:
        return Forwarded(note="no models.agent configured: mini-swe-agent uses its own configuration")
    args: list[str] = ["--model", route.model]
    if route.api_base:
        # After the preset's `-c mini.yaml` (a -c replaces the default config; a second mini.yaml would undo the
        # preset's limits).
        args += ["-c", f"model.model_kwargs.api_base={route.api_base}"]
    return Forwarded(tuple(args))


def _forward_claude(route: ModelRoute | None) -> Forwarded:
    if route is None:
        return Forwarded(note="no models.agent configured: Claude Code uses its own configuration")
    provider, name = _provider(route.model)
    if provider != "anthropic":
        return Forwarded(note=f"models.agent is {route.model}, not an Anthropic model: Claude Code keeps its own")
    env = {"ANTHROPIC_BASE_URL": route.api_base} if route.api_base else {}
    # The route's retries, as pmtui's own calls make them (the preset's default is 2, Claude Code's own 10).
    env[CLAUDE_RETRIES] = str(route.max_retries)
    return Forwarded(("--model", name), env)


def _forward_codex(route: ModelRoute | None) -> Forwarded:
    if route is None:
        return Forwarded(note="no models.agent configured: Codex uses its own configuration")
    provider, name = _provider(route.model)
    if provider not in _OPENAI_COMPATIBLE:
        return Forwarded(note=f"models.agent is {route.model}, not an OpenAI model: Codex keeps its own")
    if not route.api_base:
        return Forwarded(("--model", name))
    # Codex reads no OPENAI_BASE_URL (0.169 went to api.openai.com with it set): a base URL reaches it as a
    # model provider of its own, which speaks the Responses API ({api_base}/responses) over HTTPS, no WebSocket.
    table = f"model_providers.{CODEX_PROVIDER}"
    args = ["--model", name, "-c", f"model_provider={CODEX_PROVIDER}", "-c", f'{table}.name="pmtui models.agent"',
            "-c", f"{table}.base_url={json.dumps(route.api_base)}", "-c", f'{table}.wire_api="responses"']
    key = route.key_env()
    if key and os.environ.get(key):
        # Codex reads the key from the variable named here; a keyless local server gets no Authorization.
        args += ["-c", f'{table}.env_key="{key}"']
    elif codex_login() is not None:
        # Without a key in the environment, a `codex login` is what the user has: a provider of its own sends
        # nothing unless told to use it (0.169 sent no Authorization with ~/.codex/auth.json holding the key).
        args += ["-c", f"{table}.requires_openai_auth=true"]
    return Forwarded(tuple(args))


def codex_login() -> Path | None:
    """The file `codex login` writes (CODEX_HOME, else ~/.codex), when there is one."""
    home = Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex")
    path = home / "auth.json"
    return path if path.is_file() else None


def _forward_gemini(route: ModelRoute | None) -> Forwarded:
    if route is None:
        return Forwarded(note="no models.agent configured: Gemini CLI uses its own configuration")
    provider, name = _provider(route.model)
    if provider not in ("gemini", "vertex_ai"):
        return Forwarded(note=f"models.agent is {route.model}, not a Gemini model: Gemini CLI keeps its own")
    if not route.api_base:
        return Forwarded(("--model", name))
    # Gemini CLI adds its API version to the base URL (/v1beta/models/…); litellm's api_base carries it.
    base = re.sub(r"/v1(?:beta|alpha)?/?$", "", route.api_base)
    return Forwarded(("--model", name), {"GOOGLE_GEMINI_BASE_URL": base}, note=GEMINI_HOME_NOTE,
                     home_files=GEMINI_HOME_SETTINGS)


def _forward_opencode(route: ModelRoute | None) -> Forwarded:
    if route is None:
        return Forwarded(note="no models.agent configured: opencode uses its own configuration")
    provider, name = _provider(route.model)
    target = _OPENCODE_PROVIDERS.get(provider)
    if target is None:
        return Forwarded(note=f"models.agent is {route.model}: opencode has no provider of that name built in")
    env: dict[str, str] = {}
    if route.api_base:
        # The model is named too: opencode knows a model only from the models.dev catalog it fetches, and one it
        # cannot fetch (offline) or a name of the endpoint's own failed as "Unexpected server error" before any call.
        env["OPENCODE_CONFIG_CONTENT"] = json.dumps(
            {"provider": {target: {"options": {"baseURL": route.api_base}, "models": {name: {}}}}})
    return Forwarded(("--model", f"{target}/{name}"), env)


# -- the presets ------------------------------------------------------------------------------------
PRESETS: tuple[AgentPreset, ...] = (
    AgentPreset(
        name="aider",
        program="aider",
        install="pip install aider-chat (or: pipx install aider-chat)",
        args=(
            "--yes-always", "--no-auto-commits", "--no-dirty-commits", "--no-gitignore", "--no-auto-lint",
            "--no-check-update", "--no-show-release-notes", "--analytics-disable", "--no-pretty",
            "--no-fancy-input", "--no-detect-urls", "--no-suggest-shell-commands", "--no-show-model-warnings",
            "--no-restore-chat-history", "--chat-history-file", "{scratch_dir}/aider.chat.history.md",
            "--input-history-file", "{scratch_dir}/aider.input.history",
            "--read", "{context_file}", "--file", "{files}",
        ),
        forward=_forward_aider,
        prompt_args=("--message-file", "{prompt_file}"),
        stdin=False,
        writes_result_file=False,
        leftovers=(".aider.tags.cache.v*", ".aider.chat.history.md", ".aider.input.history"),
        # Its search/replace (diff) formats, which it picks for most known models, fail when the model's SEARCH text
        # is not in the file verbatim; after three reflections it gives up and exits 0 with the edit unapplied.
        unapplied=("SearchReplaceNoExactMatch", "did not conform to the edit format", "reflections allowed, stopping"),
        unapplied_fix=('set `[agents.aider] args = ["--edit-format", "whole"]` in pmtui.toml (the model writes whole '
                       "files: nothing to match), or choose a stronger models.agent or another --agent"),
        state_dirs=("~/.aider",),
        login_files=("~/.aider.conf.yml", "~/.env"),
        reads=("~/.aider.model.settings.yml", "~/.aider.model.metadata.json"),
    ),
    AgentPreset(
        name="claude",
        program="claude",
        install="npm install -g @anthropic-ai/claude-code",
        args=(
            "--print", "--output-format", "text", "--no-session-persistence", "--permission-mode", "acceptEdits",
            "--allowedTools", "Bash", "Edit", "Write", "Read",
            "--disallowedTools", "Bash(git commit:*)", "Bash(git push:*)", "Bash(git checkout:*)",
            "Bash(git switch:*)", "Bash(git reset:*)", "Bash(git stash:*)",
            "--add-dir", "{scratch_dir}",
        ),
        forward=_forward_claude,
        env={CLAUDE_RETRIES: "2"},
        state_dirs=("~/.claude", "~/.claude.json", "$CLAUDE_CONFIG_DIR"),
        key_envs=("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"),
        provider_key="ANTHROPIC_API_KEY",
        login_files=("~/.claude/.credentials.json",),
        login_how="`claude`, then /login",
    ),
    AgentPreset(
        name="codex",
        program="codex",
        install="npm install -g @openai/codex",
        args=("exec", "--sandbox", "workspace-write", "--skip-git-repo-check", "--ephemeral", "--color", "never"),
        # Under pmtui's bubblewrap its own fails on every command (`bwrap: Can't mkdir /tmp/.git: Read-only file
        # system`): the flag its --help gives for "environments that are externally sandboxed".
        confined_args=("exec", "--dangerously-bypass-approvals-and-sandbox", "--skip-git-repo-check", "--ephemeral",
                       "--color", "never"),
        forward=_forward_codex,
        prompt_args=("-",),
        help_commands=(("exec", "--help"),),
        state_dirs=("~/.codex", "$CODEX_HOME"),
        key_envs=("OPENAI_API_KEY",),
        provider_key="OPENAI_API_KEY",
        login_files=("$CODEX_HOME/auth.json", "~/.codex/auth.json"),
        login_how="`codex login`",
    ),
    AgentPreset(
        name="gemini",
        program="gemini",
        install="npm install -g @google/gemini-cli",
        args=("--approval-mode", "yolo", "--skip-trust", "--output-format", "text",
              "--include-directories", "{scratch_dir}"),
        forward=_forward_gemini,
        prompt_args=("--prompt", "Carry out the task given on standard input; it is complete as written."),
        state_dirs=("~/.gemini",),
        home_env="GEMINI_CLI_HOME",
        key_envs=("GEMINI_API_KEY", "GOOGLE_API_KEY"),
        provider_key="GEMINI_API_KEY",
        login_files=("~/.gemini/oauth_creds.json",),
        login_how="`gemini`, Sign in with Google",
    ),
    AgentPreset(
        name="opencode",
        program="opencode",
        install="npm install -g opencode-ai",
        args=("run", "--auto", "--dir", "{repo}"),
        forward=_forward_opencode,
        prompt_args=("{prompt}",),
        help_commands=(("run", "--help"),),
        stdin=False,
        state_dirs=("~/.local/share/opencode", "~/.config/opencode",
                    "~/.cache/opencode", "~/.local/state/opencode", "$XDG_DATA_HOME/opencode",
                    "$XDG_CONFIG_HOME/opencode", "$XDG_CACHE_HOME/opencode", "$XDG_STATE_HOME/opencode"),
        login_files=("~/.local/share/opencode/auth.json",),
        login_how="`opencode auth login`",
    ),
    AgentPreset(
        name="mini-swe-agent",
        program="mini",
        install="pip install mini-swe-agent (or: pipx install mini-swe-agent)",
        # Its default config has no step limit (step_limit: 0) and a cost limit that an unpriced model never reaches:
        # a model that never submits looped until the task's time budget killed it. Its own limits stop it first
        # (agent.step_limit, agent.wall_time_limit_seconds: AgentConfig of its agents/default.py), from the task's
        # time budget; [budget] task_usd, when set, is its cost limit (-l). A -c replaces the default config, so the
        # default is named first (mini's own --help says so).
        args=("--yolo", "--exit-immediately", "-c", "mini.yaml", "-c", "agent.step_limit={step_limit}",
              "-c", "agent.wall_time_limit_seconds={time_limit_s}", "--output", "{scratch_dir}/mini.traj.json"),
        cost_limit_flag="--cost-limit",
        forward=_forward_mini,
        prompt_args=("--task", "{prompt}"),
        # mini has no --version; its --help starts with "This is mini-swe-agent version X".
        version_args=("--help",),
        env={"MSWEA_CONFIGURED": "true", "MSWEA_COST_TRACKING": "ignore_errors"},
        stdin=False,
        state_dirs=("~/.config/mini-swe-agent", "$XDG_CONFIG_HOME/mini-swe-agent", "$MSWEA_GLOBAL_CONFIG_DIR"),
        login_files=("~/.config/mini-swe-agent/.env",),
        login_how="`mini-extra config setup`",
    ),
)
PRESET_NAMES: tuple[str, ...] = tuple(preset.name for preset in PRESETS)


def preset(name: str) -> AgentPreset | None:
    return next((p for p in PRESETS if p.name == name), None)


# -- the installed tool -----------------------------------------------------------------------------
def tool_version(path: str, args: tuple[str, ...] = ("--version",), env: Mapping[str, str] | None = None) -> str | None:
    """The version an installed tool reports (first version-like token of its output), or None."""
    try:
        done = subprocess.run(
            [path, *args], capture_output=True, text=True, timeout=VERSION_TIMEOUT_S, check=False,
            stdin=subprocess.DEVNULL, env={**os.environ, **(env or {}), "NO_COLOR": "1", "CI": "true"},
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = done.stdout + "\n" + done.stderr
    marked = re.search(r"version\s+v?(\d+\.\d+[\w.\-]*)", text, re.IGNORECASE)
    if marked:
        return marked.group(1).rstrip(".")
    found = _VERSION.search(text)
    return found.group(1) if found else None


def tool_help(path: str, help_args: tuple[str, ...], env: Mapping[str, str] | None = None,
              timeout: float = VERSION_TIMEOUT_S) -> str:
    """The tool's --help text (stdout and stderr), '' when it cannot run within `timeout` seconds."""
    try:
        done = subprocess.run(
            [path, *help_args], capture_output=True, text=True, timeout=timeout, check=False,
            stdin=subprocess.DEVNULL, env={**os.environ, **(env or {}), "NO_COLOR": "1", "COLUMNS": "200"},
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout + "\n" + done.stderr


def flags_of(argv: list[str]) -> list[str]:
    """The long options an argv uses (`--model`, not its value, not `-`)."""
    return [arg.split("=", 1)[0] for arg in argv if arg.startswith("--") and len(arg) > 2]


def missing_flags(argv: list[str], help_text: str) -> list[str]:
    """Flags of argv that the tool's --help does not mention (a preset out of step with the tool)."""
    return [flag for flag in flags_of(argv) if not re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", help_text)]


# -- resolution -------------------------------------------------------------------------------------
def _agent_route(config: Config) -> ModelRoute | None:
    """The configured agent model (forwarded even when its key is not in pmtui's environment)."""
    route = config.models.get("agent") or config.models.get("default")
    if route is None or route.is_offline:
        return None
    return route


_SAFE_ARG = re.compile(r"[\w./{}:=+@%,-]+")


def join_command(argv: list[str]) -> str:
    """A command line that shlex splits back into argv, placeholders left readable (`{prompt_file}`)."""
    return " ".join(arg if _SAFE_ARG.fullmatch(arg) else shlex.quote(arg) for arg in argv)


def _key_env(config: Config) -> dict[str, str]:
    """The route's key under the name tools read, when pmtui's config keeps it under another (api_key_env)."""
    from pmtui.config import PROVIDER_KEY_ENV

    route = _agent_route(config)
    if route is None or not route.api_key_env:
        return {}
    standard = PROVIDER_KEY_ENV.get(_provider(route.model)[0])
    value = os.environ.get(route.api_key_env)
    return {standard: value} if standard and value and standard != route.api_key_env else {}


def login_of(spec: AgentPreset, route: ModelRoute | None, env: Mapping[str, str], own_home: bool = False) -> str:
    """Which sign-in the tool will use, in words: a key variable that is set (the forwarded model's first), else the
    file its own login wrote, else what to do. `route` is the model forwarded to the tool (None when it keeps its
    own). Names and paths only, never a value."""
    forwarded = route.key_env() if route is not None else None
    # With a home of the run's own, the tool's login files are not read: only the forwarded key counts.
    names = [forwarded] if own_home and forwarded else [name for name in (forwarded, *spec.key_envs) if name]
    for name in dict.fromkeys(names):
        if env.get(name) or os.environ.get(name):
            return f"the key in ${name}"
    for raw in () if own_home else spec.login_files:
        codex_home = os.environ.get("CODEX_HOME", "")
        if raw.startswith("$CODEX_HOME/") and not codex_home:
            continue
        if Path(raw.replace("$CODEX_HOME", codex_home)).expanduser().is_file():
            return f"its own login ({raw.replace('$CODEX_HOME', codex_home)})"
    if route is not None and forwarded is None:
        return "none needed (the model's address takes no key)"
    wanted = " or ".join(f"${name}" for name in dict.fromkeys(names)) or ANY_PROVIDER_KEY
    how = f", or sign in: {spec.login_how}" if spec.login_how else ""
    return f"{NO_SIGN_IN}{wanted}{how}"


# login_of's words when the tool has no way to sign in that pmtui can see; with ANY_PROVIDER_KEY, the tool picks its
# provider by the keys it finds (aider with no model forwarded), so pmtui cannot tell which one it would need.
NO_SIGN_IN = "none found: set "
ANY_PROVIDER_KEY = "the provider's key variable"


def cannot_sign_in(agent: AgentCommand) -> bool:
    """The agent names the sign-in it needs (a key variable, its own login) and none of them is there: it would fail
    on its first model call. An agent of the user's own (no sign-in known) and a tool that takes any provider's key
    are never judged so."""
    return agent.login.startswith(NO_SIGN_IN) and not agent.login.startswith(NO_SIGN_IN + ANY_PROVIDER_KEY)


def _which(program: str) -> str | None:
    if "/" in program:
        path = os.path.expanduser(program)
        return path if os.path.isfile(path) and os.access(path, os.X_OK) else None
    return shutil.which(program)


def _from_preset(spec: AgentPreset, config: Config, *, probe: bool) -> AgentCommand:
    own = config.agents.get(spec.name)
    program = (own.program if own and own.program else None) or spec.program
    forwarded = spec.forward(_agent_route(config))
    cost = [spec.cost_limit_flag, f"{config.budget.task_usd:g}"] if spec.cost_limit_flag and config.budget.task_usd else []
    tail = [*forwarded.args, *cost, *(own.args if own else []), *spec.prompt_args]
    # The preset's own settings (and the retries) are defaults: what the user's environment sets is left to it.
    # The forwarded route is pmtui's config and wins.
    env = {**spec.env, **forwarded.env}
    env = {name: value for name, value in env.items() if name not in os.environ
           or (name in forwarded.env and name != CLAUDE_RETRIES)}
    env = {**env, **_key_env(config), **(own.env if own else {})}
    path = _which(program)
    command = join_command([program, *spec.args, *tail])
    confined = join_command([program, *spec.confined_args, *tail]) if spec.confined_args is not None else None
    if own and own.command:
        command = own.command
        confined = None
        path = _which(shlex.split(command)[0]) if shlex.split(command) else None
    version = tool_version(path, spec.version_args, env) if probe and path else None
    return AgentCommand(
        name=spec.name, command=command, env=env, preset=True, installed=path is not None, version=version,
        path=path, stdin=spec.stdin, writes_result_file=spec.writes_result_file, leftovers=spec.leftovers,
        unapplied=spec.unapplied, unapplied_fix=spec.unapplied_fix,
        state_dirs=spec.state_dirs, source=f"[agents.{spec.name}] in {config.source}" if own else "preset",
        note=forwarded.note, confined_command=confined,
        home_env=spec.home_env if forwarded.home_files else "", home_files=forwarded.home_files if spec.home_env else {},
        login=login_of(spec, _agent_route(config) if forwarded.args else None, env,
                       own_home=bool(forwarded.home_files and spec.home_env)),
        readable=(*spec.login_files, *spec.reads),
    )


def _from_config(name: str, config: Config, *, probe: bool) -> AgentCommand:
    own = config.agents[name]
    if not own.command:
        raise AgentError(f"[agents.{name}] in {config.source} has no `command` (and {name!r} is not a preset: "
                         f"{', '.join(PRESET_NAMES)})")
    argv = shlex.split(own.command) + list(own.args)
    # A command of your own is never run just to ask its version: it might start working.
    return AgentCommand(
        name=name, command=join_command(argv), env=dict(own.env), installed=_which(argv[0]) is not None,
        path=_which(argv[0]), source=f"[agents.{name}] in {config.source}",
    )


def agent_catalog(config: Config, *, probe: bool = True) -> list[AgentCommand]:
    """Every preset and every `[agents.NAME]`, installed or not (`pmtui agents`)."""
    from concurrent.futures import ThreadPoolExecutor

    # Each installed tool is asked its version at once: node CLIs take a second or more to answer.
    with ThreadPoolExecutor(max_workers=len(PRESETS)) as pool:
        agents = list(pool.map(lambda spec: _from_preset(spec, config, probe=probe), PRESETS))
    agents += [_from_config(name, config, probe=probe) for name in sorted(config.agents) if preset(name) is None]
    return agents


def resolve_agent(value: str, config: Config) -> AgentCommand:
    """The `--agent` value as an AgentCommand: a preset or `[agents.NAME]` name, else a command line.

    Raises AgentError with what to do when the agent is unknown, not installed or cannot be parsed.
    """
    text = value.strip()
    if not text:
        raise AgentError("--agent is empty: give a preset name (`pmtui agents` lists them) or a command line")
    names = [*PRESET_NAMES, *sorted(n for n in config.agents if preset(n) is None)]
    if text in names:
        found = preset(text)
        agent = _from_preset(found, config, probe=False) if found else _from_config(text, config, probe=False)
        if not agent.installed:
            program = agent.argv[0] if agent.argv else text
            how = f"; install it with `{found.install}`" if found else ""
            raise AgentError(f"the {text} agent needs `{program}`, which is not on PATH{how}")
        return agent
    try:
        argv = shlex.split(text)
    except ValueError as error:
        raise AgentError(f"--agent {value!r} cannot be split like a shell command: {error}") from None
    path = _which(argv[0])
    if path is None:
        if len(argv) == 1 and "/" not in argv[0]:
            raise AgentError(f"unknown agent {argv[0]!r}: not a preset ({', '.join(names)}) and no program of that "
                             "name on PATH; `pmtui agents` lists the presets")
        raise AgentError(f"agent command not found: {argv[0]!r} is not on PATH (nor an executable file)")
    if "/" in argv[0] and not os.path.isabs(path):
        # `./my-agent.sh` means the one beside the user, not one in each task's worktree (where agents run).
        path = os.path.abspath(path)
        stream = io.StringIO(text)
        lexer = shlex.shlex(stream, posix=True)
        lexer.whitespace_split = True
        lexer.get_token()
        rest = text[stream.tell():].lstrip()
        text = shlex.quote(path) + (f" {rest}" if rest else "")
    return AgentCommand(name=os.path.basename(argv[0]), command=text, path=path)


def review_config(config: Config, agent: str | None) -> Config:
    """The config as delivering with `--agent agent`: a review model found from the keys is the preset's provider's."""
    found = preset(agent) if agent else None
    if found is None or found.provider_key is None:
        return config
    return config.model_copy(update={"agent_key": found.provider_key})


def review_line(config: Config) -> str:
    """Which model and address pmtui's own review of the agents' work uses, and why (`pmtui agents`)."""
    route, why = config.pick("review")
    if route.is_offline:
        return f"pmtui's review: the offline reviewer ({why})"
    where = route.api_base or "the provider's public address"
    return f"pmtui's review: {route.model} at {where} ({why})"


def agents_table(agents: list[AgentCommand], review: str = "", config: Config | None = None) -> str:
    """`pmtui agents` as text: one block per agent (name, installed and version, the command it runs); with the
    config, each preset whose review model differs from the general one (`review`) says its own."""
    blocks: list[str] = []
    for agent in agents:
        state = f"installed {agent.version or ''}".rstrip() if agent.installed else "not installed"
        head = f"{agent.name:<15} {state}" + (f" ({agent.path})" if agent.path else "")
        lines = [head, f"    {agent.command}"]
        if agent.confined_command:
            lines.append(f"    in pmtui's sandbox: {agent.confined_command}")
        if agent.login:
            lines.append(f"    signs in with: {agent.login}")
        if agent.state_dirs or agent.readable:
            shown = [f"{', '.join(agent.state_dirs)} (writable)"] if agent.state_dirs else []
            shown += [f"{', '.join(agent.readable)} (read-only)"] if agent.readable else []
            lines.append(f"    of your home, pmtui's sandbox shows it: {'; '.join(shown)}")
        own = review_line(review_config(config, agent.name)) if config is not None else review
        if own != review:
            lines.append(f"    {own.replace('pmtui', 'with it, pmtui', 1)}")
        if agent.note:
            lines.append(f"    note: {agent.note}")
        if not agent.installed:
            found = preset(agent.name)
            if found is not None:
                lines.append(f"    install: {found.install}")
        blocks.append("\n".join(lines))
    tail = "\n\n--agent NAME runs one of these; --agent \"CMD ARGS\" runs any other command."
    return "\n".join(blocks) + tail + (f"\n{review}" if review else "")
