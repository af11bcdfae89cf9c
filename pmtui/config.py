"""TOML configuration: ./pmtui.toml, then the user config dir, then defaults.

Read with tomllib; written with tomli-w (imported only when writing). A malformed file raises
ConfigError naming the file, the line and the key.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from pmtui.errors import ConfigError
from pmtui.paths import find_config_file

TASK_TYPES: tuple[str, ...] = ("conversation", "spec", "extraction", "classification", "review", "agent")
TaskType = Literal["conversation", "spec", "extraction", "classification", "review", "agent"]
OFFLINE = "offline"

# Which environment variable carries the key for a litellm provider prefix.
PROVIDER_KEY_ENV: dict[str, str | None] = {
    "openai": "OPENAI_API_KEY",
    "groq": "GROQ_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
    "gemini": "GEMINI_API_KEY",
    "mistral": "MISTRAL_API_KEY",
    "openrouter": "OPENROUTER_API_KEY",
    "together_ai": "TOGETHERAI_API_KEY",
    "deepseek": "DEEPSEEK_API_KEY",
    "ollama": None,
    "ollama_chat": None,
    "lm_studio": None,
    "hosted_vllm": None,
}


# Like aider: with no model configured, the first provider whose key is set picks the models, a strong one
# for talking and writing and a fast one for extraction and classification (litellm model strings).
PROVIDER_DEFAULTS: tuple[tuple[str, str, str], ...] = (
    ("ANTHROPIC_API_KEY", "anthropic/claude-sonnet-4-20250514", "anthropic/claude-haiku-4-5"),
    ("OPENAI_API_KEY", "openai/gpt-4o", "openai/gpt-4o-mini"),
    ("GEMINI_API_KEY", "gemini/gemini-2.5-pro", "gemini/gemini-2.5-flash"),
    ("GROQ_API_KEY", "groq/llama-3.3-70b-versatile", "groq/llama-3.1-8b-instant"),
    ("OPENROUTER_API_KEY", "openrouter/anthropic/claude-sonnet-4", "openrouter/openai/gpt-4o-mini"),
    ("DEEPSEEK_API_KEY", "deepseek/deepseek-chat", "deepseek/deepseek-chat"),
    ("MISTRAL_API_KEY", "mistral/mistral-large-latest", "mistral/mistral-small-latest"),
)
FAST_TASKS = frozenset({"extraction", "classification"})
# The environment variables litellm reads for a provider's base URL, per key.
BASE_URL_ENVS: dict[str, tuple[str, ...]] = {
    "OPENAI_API_KEY": ("OPENAI_BASE_URL", "OPENAI_API_BASE"),
    "ANTHROPIC_API_KEY": ("ANTHROPIC_BASE_URL", "ANTHROPIC_API_BASE"),
}


class ModelRoute(BaseModel):
    """How one task type reaches a model."""

    model_config = ConfigDict(extra="forbid")

    model: str = OFFLINE
    api_base: str | None = None
    api_key_env: str | None = None
    fallbacks: list[str] = Field(default_factory=list)
    timeout: float = Field(default=60.0, gt=0)
    max_retries: int = Field(default=2, ge=0, le=10)

    @field_validator("model")
    @classmethod
    def _model_string(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("model must not be empty (use 'offline' for the built-in engine)")
        return value

    @property
    def is_offline(self) -> bool:
        return self.model == OFFLINE

    def key_env(self) -> str | None:
        """The environment variable that must hold this route's API key, or None when none is needed."""
        if self.api_key_env:
            return self.api_key_env
        provider = self.model.split("/", 1)[0] if "/" in self.model else "openai"
        return PROVIDER_KEY_ENV.get(provider, f"{provider.upper()}_API_KEY")

    def has_key(self) -> bool:
        env = self.key_env()
        return env is None or bool(os.environ.get(env))


class BudgetConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    project_usd: float | None = Field(default=None, gt=0)
    task_usd: float | None = Field(default=None, gt=0)
    run_usd: float | None = Field(default=None, gt=0)


class UIConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    theme: str = "pmtui-dark"


class SearchConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    backend: Literal["auto", "catalog", "web"] = "auto"


class EvalConfig(BaseModel):
    """`[eval]`: optional models for `pmtui eval` — a judge of the spec and a simulated founder."""

    model_config = ConfigDict(extra="forbid")

    judge: str | None = None
    founder: str | None = None


ParallelTier = Literal["low", "normal"]


def _seed_parallel_tiers() -> list[ParallelTier]:
    return ["low"]


SandboxMode = Literal["auto", "on", "off"]
# The most agents at once, from the config or the command line (each is a process group and a worktree).
MAX_PARALLEL = 64
# Seed 003's pm_config.retry_budget: fix attempts after the first before a task goes to a human. Each
# attempt is a paid agent run, so users choose it; more than 10 fixes of one task is a loop, not a budget.
DEFAULT_RETRY_BUDGET = 2
# The agent value (`--agent`, `[delivery] agent`, the TUI's question) that names pmtui's own agent on models.agent.
BUILT_IN_AGENT = "built-in"
MAX_RETRY_BUDGET = 10


class DeliveryConfig(BaseModel):
    """`[delivery]`: how many agents at once, which tiers may run in parallel (seed rule: low only),
    how many fix attempts a task gets, the sandbox of agents and gate commands, and how big a file and a
    change may be."""

    model_config = ConfigDict(extra="forbid")

    max_parallel: int = Field(default=3, ge=1, le=MAX_PARALLEL)
    # The coding agent `pmtui deliver` (without --agent) and the TUI's Deliver run: a preset, an [agents.NAME] or a
    # command line; BUILT_IN_AGENT (or nothing) is pmtui's own agent on models.agent.
    agent: str = ""
    parallel_tiers: list[ParallelTier] = Field(default_factory=_seed_parallel_tiers)
    # Strict: "2", 2.5 and true are refused, not read as 2, 2 and 1.
    retry_budget: int = Field(default=DEFAULT_RETRY_BUDGET, ge=0, le=MAX_RETRY_BUDGET, strict=True)
    sandbox: SandboxMode = "auto"
    # Paths outside the worktree the sandbox lets agents write (an agent CLI's own state dir, e.g. ~/.aider).
    sandbox_writable: list[str] = Field(default_factory=list)
    # Paths of $HOME the sandbox shows agents and gates read-only besides what it gives back itself (its home is
    # hidden: delivery/sandbox_home.py); "~" shows the whole home as it is.
    sandbox_readable: list[str] = Field(default_factory=list)
    max_file_mb: float = Field(default=10.0, gt=0)
    max_change_mb: float = Field(default=50.0, gt=0)
    # Where attempts run (docs/scale.md): on this machine, or one Ray task each on a Ray cluster.
    executor: Literal["local", "ray"] = "local"
    ray_address: str = "auto"  # HOST:PORT of the cluster's head, or auto (the cluster this machine joined)
    ray_num_cpus: float = Field(default=1.0, gt=0)  # CPUs one attempt asks of its node
    ray_remote: str = ""  # a git URL the nodes fetch the base commit from (else a bundle in the object store)
    # Names of environment variables (an agent's API key) handed to the nodes as Ray runtime-env secrets.
    ray_env: list[str] = Field(default_factory=list)


    @field_validator("sandbox_readable")
    @classmethod
    def _readable_paths(cls, value: list[str]) -> list[str]:
        cleaned: list[str] = []
        for raw in value:
            path = raw.strip()
            if not path:
                raise ValueError("an entry is empty: give a path such as \"~/.config/mytool\"")
            if not path.startswith(("~", "/")):
                raise ValueError(f"{raw!r} is not an absolute path: give it from / or from ~ (e.g. \"~/{path}\")")
            cleaned.append(path)
        return cleaned


class FoundOllama(BaseModel):
    """An Ollama server that answered on this machine, and the model picked from what it has pulled."""

    model: str
    api_base: str


class AgentConfig(BaseModel):
    """`[agents.NAME]`: a coding agent of your own (`command`), or adjustments to a preset of that name."""

    model_config = ConfigDict(extra="forbid")

    command: str | None = None
    program: str | None = None
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)

    @field_validator("command")
    @classmethod
    def _command(cls, value: str | None) -> str | None:
        import shlex

        if value is None:
            return None
        try:
            argv = shlex.split(value)
        except ValueError as exc:
            raise ValueError(f"command cannot be split like a shell command: {exc}") from None
        if not argv:
            raise ValueError("command must not be empty")
        return value.strip()


class Config(BaseModel):
    """The whole configuration. `models` maps a task type (or 'default') to a route."""

    model_config = ConfigDict(extra="forbid")

    models: dict[str, ModelRoute] = Field(default_factory=dict)
    budget: BudgetConfig = Field(default_factory=BudgetConfig)
    ui: UIConfig = Field(default_factory=UIConfig)
    search: SearchConfig = Field(default_factory=SearchConfig)
    delivery: DeliveryConfig = Field(default_factory=DeliveryConfig)
    eval: EvalConfig = Field(default_factory=EvalConfig)
    agents: dict[str, AgentConfig] = Field(default_factory=dict)
    offline: bool = False
    # Pick models from the API keys present (and an Ollama server found) when none is configured.
    auto_models: bool = True
    source: str = Field(default="defaults", exclude=True)
    ollama: FoundOllama | None = Field(default=None, exclude=True)
    # The key variable of the provider the delivering agent preset speaks to (codex: OPENAI_API_KEY), when known:
    # a review model found from the keys is that provider's first.
    agent_key: str | None = Field(default=None, exclude=True)

    @field_validator("models", mode="before")
    @classmethod
    def _routes(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        routes: dict[str, Any] = {}
        for key, route in value.items():
            if key != "default" and key not in TASK_TYPES:
                raise ValueError(
                    f"unknown task type {key!r}; expected one of default, {', '.join(TASK_TYPES)}"
                )
            routes[key] = {"model": route} if isinstance(route, str) else route
        return routes

    def route(self, task_type: str) -> ModelRoute:
        """The route for a task type: configured (with its key), else found, else the offline engine."""
        return self.pick(task_type)[0]

    def pick(self, task_type: str) -> tuple[ModelRoute, str]:
        """The route for a task type and why it was chosen, in a few words."""
        if self.offline:
            return ModelRoute(), "offline forced (--offline or PMTUI_MODEL=offline)"
        route = self.models.get(task_type) or self.models.get("default")
        if route is not None and route.is_offline:
            return ModelRoute(), "configured offline"
        if route is not None and route.has_key():
            return route, f"configured in {self.source}"
        agent = self.models.get("agent")
        if route is None and task_type == "review" and agent is not None and not agent.is_offline and agent.has_key():
            # pmtui reviews what the agent wrote at the endpoint the user named for the agent (a proxy, a local
            # server), not at a public URL a key elsewhere in the environment would pick.
            return _as_litellm_route(agent), f"the agent's model, configured in {self.source}"
        found = self.found(task_type)
        if found is not None:
            picked, why = found
            if route is not None:
                why += f"; the configured {route.model} has no {route.key_env()}"
            return picked, why
        if route is not None:
            return ModelRoute(), f"configured {route.model}, but {route.key_env()} is not set"
        return ModelRoute(), "no model configured, no API key or Ollama found"

    def found(self, task_type: str) -> tuple[ModelRoute, str] | None:
        """A model picked from the keys in the environment, else from an Ollama server found on localhost."""
        if not self.auto_models:
            return None
        order = PROVIDER_DEFAULTS
        if task_type == "review" and self.agent_key:
            order = tuple(sorted(PROVIDER_DEFAULTS, key=lambda row: row[0] != self.agent_key))
        for env, strong, fast in order:
            if os.environ.get(env):
                model = fast if task_type in FAST_TASKS else strong
                # A base URL set beside the key (a proxy, a gateway) is where that key works: say so, use it.
                base_env = next((b for b in BASE_URL_ENVS.get(env, ()) if os.environ.get(b)), "")
                if base_env:
                    return ModelRoute(model=model, api_base=os.environ[base_env]), f"found {env}, {base_env}"
                return ModelRoute(model=model), f"found {env}"
        if self.ollama is not None:
            return ModelRoute(model=self.ollama.model, api_base=self.ollama.api_base), "found Ollama on localhost"
        return None

    def needs_ollama_probe(self) -> bool:
        """True when nothing configured or in the environment gives a model, so an Ollama server might."""
        return (
            self.auto_models and not self.offline and self.ollama is None
            and all(self.route(task).is_offline for task in ("conversation", "extraction"))
        )

    @property
    def is_offline(self) -> bool:
        return all(self.route(task).is_offline for task in ("conversation", "extraction"))

    def describe_model(self) -> str:
        """Short status-bar text: the conversation model and why it was picked, or 'offline engine'."""
        route, why = self.pick("conversation")
        if route.is_offline:
            return "offline engine"
        return route.model if why.startswith("configured") else f"{route.model} ({why})"

    def show_lines(self, source: Path | None) -> list[str]:
        """`pmtui config show`: the file, every task's model and why, the budget, theme and search."""
        lines = [f"config file: {source if source else 'none (defaults)'}"]
        if self.offline:
            lines.append("offline: forced (--offline or PMTUI_MODEL=offline)")
        lines += ["models:", *self.model_lines()]
        limits = {"project_usd": self.budget.project_usd, "task_usd": self.budget.task_usd,
                  "run_usd": self.budget.run_usd}
        shown = ", ".join(f"{key}={value}" for key, value in limits.items() if value is not None)
        lines += [f"budget: {shown or 'none'}", f"ui.theme: {self.ui.theme}", f"search.backend: {self.search.backend}"]
        return lines

    def model_lines(self) -> list[str]:
        """`pmtui config show`: every task type's model, and why it was picked."""
        lines = []
        for task in TASK_TYPES:
            route, why = self.pick(task)
            line = f"  {task:<15}{'offline engine' if route.is_offline else route.model}  ({why})"
            if route.api_base:
                line += f"  api_base={route.api_base}"
            if route.fallbacks:
                line += f"  fallbacks={', '.join(route.fallbacks)}"
            lines.append(line)
        return lines


def _as_litellm_route(route: ModelRoute) -> ModelRoute:
    """The agent's route as litellm reaches it: a Gemini base URL without its API version (how Gemini CLI takes
    it: it adds /v1beta itself) gets the version litellm does not add ({api_base}/models/M:generateContent)."""
    if route.model.startswith("gemini/") and route.api_base and not re.search(r"/v1(?:beta|alpha)?/?$", route.api_base):
        return route.model_copy(update={"api_base": route.api_base.rstrip("/") + "/v1beta"})
    return route


def load_config(path: Path | None = None, offline: bool = False, find_models: bool = False, *,
                text: str | None = None, passed_over: Path | None = None) -> Config:
    """Load the first config file found (or `path`, read as `text` when given); defaults when there is none.
    `passed_over` is a candidate not to read (a file a delivery's own tasks wrote).

    With `find_models`, an Ollama server on localhost is looked for when nothing else gives a model
    (a short HTTP probe: callers keep it off the first paint)."""
    explicit = os.environ.get("PMTUI_CONFIG")
    if path is None and explicit and Path(explicit).exists() and not Path(explicit).is_file():
        # A missing PMTUI_CONFIG means no config (how tests and scripts keep discovery out); a folder is a mistake.
        raise ConfigError("PMTUI_CONFIG names a directory, not a TOML file", Path(explicit))
    path = path or find_config_file(passed_over)
    config = Config() if path is None else parse_config(path, text)
    if offline or os.environ.get("PMTUI_MODEL", "").strip().lower() == OFFLINE:
        config.offline = True
    watch_keys(config)
    if find_models and config.needs_ollama_probe():
        config.ollama = find_ollama()
    return config


def watch_keys(config: Config) -> None:
    """The variables that hold the configured (or found) models' keys are secret whatever their names:
    redaction masks their values wherever they would be written."""
    from pmtui.redaction import watch_env

    watch_env(route.key_env() for route in config.models.values())
    watch_env(env for env, _strong, _fast in PROVIDER_DEFAULTS)


OLLAMA_URL = "http://127.0.0.1:11434"
OLLAMA_TIMEOUT_S = 0.3
# Models that follow instructions and emit JSON well enough for the PM, best first.
OLLAMA_PREFERRED = ("qwen3", "qwen2.5", "llama3.3", "llama3.1", "llama3.2", "mistral", "gemma3", "phi4")


def find_ollama(url: str | None = None, timeout: float = OLLAMA_TIMEOUT_S) -> FoundOllama | None:
    """The Ollama server answering on localhost (or PMTUI_OLLAMA_URL / OLLAMA_HOST) and a model it has pulled.

    Never raises: no server, no model, a slow answer or PMTUI_NO_NETWORK all mean None."""
    explicit = url or os.environ.get("PMTUI_OLLAMA_URL")
    if os.environ.get("PMTUI_NO_NETWORK") and not explicit:
        return None
    import json
    import urllib.request  # http.client and email: ~10 ms, only where the probe is made

    base = (explicit or os.environ.get("OLLAMA_HOST") or OLLAMA_URL).rstrip("/")
    if not base.startswith(("http://", "https://")):
        base = f"http://{base}"
    try:
        with urllib.request.urlopen(f"{base}/api/tags", timeout=timeout) as response:
            names = [m.get("name", "") for m in json.loads(response.read().decode("utf-8")).get("models", [])]
    except (OSError, ValueError, AttributeError):
        return None
    names = [n for n in names if n and "embed" not in n]
    if not names:
        return None
    ranked = sorted(names, key=lambda n: next((i for i, p in enumerate(OLLAMA_PREFERRED) if n.startswith(p)), 99))
    return FoundOllama(model=f"ollama_chat/{ranked[0]}", api_base=base)


def read_config_text(path: Path) -> str:
    """The config file's text; unreadable or not UTF-8 is a ConfigError naming the file and line."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror or exc}", path) from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ConfigError(f"not UTF-8 text (byte 0x{data[exc.start]:02x}); TOML files are UTF-8", path, line) from None


def parse_config(path: Path, text: str | None = None) -> Config:
    """The config in `path` (or `text`, what that file held at some point; errors still name `path`)."""
    text = read_config_text(path) if text is None else text
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) if match else None
        key = _key_on_line(text, line) if line else ""
        raise ConfigError(f"malformed TOML: {exc}", path, line, key) from exc
    try:
        config = Config.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        loc = [str(part) for part in error["loc"]]
        if error["type"] == "value_error" and loc == ["models"]:
            bad = re.search(r"unknown task type '([^']+)'", error["msg"])
            loc = ["models", bad.group(1)] if bad else loc
        key = ".".join(loc)
        message = error["msg"].removeprefix("Value error, ")
        raise ConfigError(message, path, _line_of_key(text, loc), key) from exc
    config.source = str(path)
    return config


def _key_on_line(text: str, line: int) -> str:
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return ""
    match = re.match(r"\s*\[*\s*([A-Za-z0-9_.\-\"]+)", lines[line - 1])
    return match.group(1).strip('"') if match else ""


def _line_of_key(text: str, loc: list[str]) -> int | None:
    """Best-effort line of a dotted key: the table header, then the key within it."""
    lines = text.splitlines()
    table: list[str] = []
    best: int | None = None
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        header = re.match(r"^\[\s*([^\]]+?)\s*\]$", stripped)
        if header:
            table = [part.strip().strip('"') for part in header.group(1).split(".")]
            if table == loc[: len(table)] and best is None and len(table) == len(loc):
                best = number
            continue
        key = re.match(r'^"?([A-Za-z0-9_\-]+)"?\s*=', stripped)
        if not key:
            continue
        dotted = table + [key.group(1)]
        if dotted == loc[: len(dotted)]:
            return number
    return best


def write_config_value(dotted_key: str, raw_value: str, path: Path | None = None) -> Path:
    """Set one key (e.g. models.conversation.model) and write the file with tomli-w."""
    import tomli_w

    target = path or find_config_file() or (Path.cwd() / "pmtui.toml")
    data: dict[str, Any] = {}
    if target.is_file():
        text = read_config_text(target)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"malformed TOML: {exc}", target) from exc
    parts = dotted_key.split(".")
    node = data
    for part in parts[:-1]:
        child = node.get(part)
        if isinstance(child, str) and part in TASK_TYPES + ("default",):
            child = {"model": child}
        node[part] = child if isinstance(child, dict) else {}
        node = node[part]
    node[parts[-1]] = _coerce(raw_value)
    try:
        Config.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        raise ConfigError(error["msg"].removeprefix("Value error, "), target, None, dotted_key) from exc
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(tomli_w.dumps(data), encoding="utf-8")
    return target


def _coerce(raw: str) -> Any:
    lowered = raw.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for cast in (int, float):
        try:
            return cast(raw)
        except ValueError:
            pass
    if raw.startswith("[") and raw.endswith("]"):
        return [item.strip().strip("\"'") for item in raw[1:-1].split(",") if item.strip()]
    return raw


def configured_agent(config: Config) -> str | None:
    """`[delivery] agent`, the agent a delivery runs when none is given: None for pmtui's built-in agent (or none
    set)."""
    chosen = config.delivery.agent.strip()
    return None if not chosen or chosen == BUILT_IN_AGENT else chosen
