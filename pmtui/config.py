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


class DeliveryConfig(BaseModel):
    """`[delivery]`: how many agents at once, which tiers may run in parallel (seed rule: low only),
    the sandbox of agents and gate commands, and how big a file and a change may be."""

    model_config = ConfigDict(extra="forbid")

    max_parallel: int = Field(default=3, ge=1, le=64)
    parallel_tiers: list[ParallelTier] = Field(default_factory=_seed_parallel_tiers)
    sandbox: SandboxMode = "auto"
    # Paths outside the worktree the sandbox lets agents write (an agent CLI's own state dir, e.g. ~/.aider).
    sandbox_writable: list[str] = Field(default_factory=list)
    max_file_mb: float = Field(default=10.0, gt=0)
    max_change_mb: float = Field(default=50.0, gt=0)
    # Where attempts run (docs/scale.md): on this machine, or one Ray task each on a Ray cluster.
    executor: Literal["local", "ray"] = "local"
    ray_address: str = "auto"  # HOST:PORT of the cluster's head, or auto (the cluster this machine joined)
    ray_num_cpus: float = Field(default=1.0, gt=0)  # CPUs one attempt asks of its node
    ray_remote: str = ""  # a git URL the nodes fetch the base commit from (else a bundle in the object store)
    # Names of environment variables (an agent's API key) handed to the nodes as Ray runtime-env secrets.
    ray_env: list[str] = Field(default_factory=list)


class Config(BaseModel):
    """The whole configuration. `models` maps a task type (or 'default') to a route."""

    model_config = ConfigDict(extra="forbid")

    models: dict[str, ModelRoute] = Field(default_factory=dict)
    budget: BudgetConfig = Field(default_factory=BudgetConfig)
    ui: UIConfig = Field(default_factory=UIConfig)
    search: SearchConfig = Field(default_factory=SearchConfig)
    delivery: DeliveryConfig = Field(default_factory=DeliveryConfig)
    eval: EvalConfig = Field(default_factory=EvalConfig)
    offline: bool = False
    source: str = Field(default="defaults", exclude=True)

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
        """The route for a task type; offline when forced, unconfigured, or the API key is absent."""
        if self.offline:
            return ModelRoute()
        route = self.models.get(task_type) or self.models.get("default")
        if route is None or route.is_offline or not route.has_key():
            return ModelRoute()
        return route

    @property
    def is_offline(self) -> bool:
        return all(self.route(task).is_offline for task in ("conversation", "extraction"))

    def describe_model(self) -> str:
        """Short status-bar text: the conversation model, or 'offline engine'."""
        route = self.route("conversation")
        return "offline engine" if route.is_offline else route.model


def load_config(path: Path | None = None, offline: bool = False) -> Config:
    """Load the first config file found (or `path`); defaults when there is none."""
    from pmtui.redaction import watch_env

    path = path or find_config_file()
    config = Config() if path is None else parse_config(path)
    if offline or os.environ.get("PMTUI_MODEL", "").strip().lower() == OFFLINE:
        config.offline = True
    # The variables that hold the configured models' keys are secret whatever their names.
    watch_env(route.key_env() for route in config.models.values())
    return config


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


def parse_config(path: Path) -> Config:
    text = read_config_text(path)
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
