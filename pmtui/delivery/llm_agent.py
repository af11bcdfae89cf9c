"""The built-in coding agent: a litellm tool-calling loop whose tools are confined to the repository.

Tools: read_file, write_file, list_dir, run_command (argv, no shell, timeout, cwd = repository)
and finish (the agent's report). Every path is resolved component by component: absolute paths,
`..` that leaves the root, the `.git` directory and symlinks that lead outside are refused, and the
refusal goes back to the model as the tool's result. Models without native tool calls may answer
with one JSON object {"tool": ..., "args": {...}} per message instead. Every model call is recorded
in the store's ledger with task type "agent".
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pmtui.delivery.contract import contract_markdown
from pmtui.delivery.executors import OutputCallback, OutputViewer, ResultFile, run_process
from pmtui.delivery.git_env import run_git_env
from pmtui.delivery.sandbox import current as current_sandbox
from pmtui.llm.gateway import LLMGateway, first_json_object, load_litellm
from pmtui.models.delivery import AgentResult, TaskContract
from pmtui.prompts import render_prompt
from pmtui.redaction import clip

if TYPE_CHECKING:
    from pmtui.config import Config
    from pmtui.store import Store

MAX_STEPS = 20
READ_LIMIT_CHARS = 60_000
WRITE_LIMIT_CHARS = 400_000
LIST_LIMIT = 400
COMMAND_TIMEOUT_S = 120.0
COMMAND_OUTPUT_LINES = 60
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "fish", "ksh", "csh", "tcsh", "ash", "busybox"})
# Variables a command run by the model must not see: it could print them.
_SECRET_ENV = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE|SESSION", re.IGNORECASE)

TOOLS: list[dict[str, Any]] = [
    {"type": "function", "function": {
        "name": "read_file",
        "description": "Read a text file of the repository.",
        "parameters": {"type": "object", "properties": {
            "path": {"type": "string", "description": "path relative to the repository root"}},
            "required": ["path"]}}},
    {"type": "function", "function": {
        "name": "write_file",
        "description": "Create or replace a file of the repository with the given full content.",
        "parameters": {"type": "object", "properties": {
            "path": {"type": "string", "description": "path relative to the repository root"},
            "content": {"type": "string"}},
            "required": ["path", "content"]}}},
    {"type": "function", "function": {
        "name": "list_dir",
        "description": "List a directory of the repository ('.' is the root).",
        "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": []}}},
    {"type": "function", "function": {
        "name": "run_command",
        "description": "Run a program in the repository root without a shell; returns exit code and output.",
        "parameters": {"type": "object", "properties": {
            "argv": {"type": "array", "items": {"type": "string"}},
            "timeout_s": {"type": "number"}},
            "required": ["argv"]}}},
    {"type": "function", "function": {
        "name": "finish",
        "description": "End the task and report what was done.",
        "parameters": {"type": "object", "properties": {
            "files_changed": {"type": "array", "items": {"type": "string"}},
            "self_assessment": {"type": "string", "enum": ["confident", "uncertain", "blocked"]},
            "blockers": {"type": "array", "items": {"type": "string"}},
            "evidence": {"type": "array", "items": {"type": "string"}},
            "criteria_map": {"type": "object", "additionalProperties": {"type": "string"}}},
            "required": ["self_assessment"]}}},
]


class PathRefused(Exception):
    """A path the agent may not use; the message goes back to the model."""


class RepositoryJail:
    """Resolves agent paths inside one repository root and refuses everything else."""

    def __init__(self, root: Path) -> None:
        self.root = Path(os.path.realpath(root))

    def _inside(self, path: str) -> bool:
        return os.path.commonpath([str(self.root), path]) == str(self.root)

    def resolve(self, raw: Any) -> Path:
        """The real path of `raw` inside the root; PathRefused when it is not there (or in .git)."""
        if not isinstance(raw, str):
            raise PathRefused("the path must be a string relative to the repository root")
        text = raw.strip() or "."
        if "\x00" in text:
            raise PathRefused("the path contains a NUL byte")
        if os.path.isabs(text) or text.startswith("~"):
            raise PathRefused(f"refused {raw!r}: absolute paths are outside the repository; use a relative path")
        current = str(self.root)
        for part in Path(text).parts:
            if part in ("", "."):
                continue
            if part == ".git":
                raise PathRefused(f"refused {raw!r}: the .git directory belongs to the PM")
            if part == "..":
                parent = os.path.dirname(current)
                if not self._inside(parent):
                    raise PathRefused(f"refused {raw!r}: '..' leads outside the repository")
                current = parent
                continue
            candidate = os.path.join(current, part)
            if os.path.islink(candidate):
                target = os.path.realpath(candidate)
                if not self._inside(target):
                    raise PathRefused(f"refused {raw!r}: {part!r} is a symlink that points outside the repository")
                current = target
            else:
                current = candidate
        if not self._inside(current):
            raise PathRefused(f"refused {raw!r}: it resolves outside the repository")
        return Path(current)

    def relative(self, path: Path) -> str:
        return os.path.relpath(path, self.root)


class AgentTools:
    """The tools the model calls; each returns text for the model and never raises."""

    def __init__(self, repo: Path, *, command_timeout_s: float = COMMAND_TIMEOUT_S) -> None:
        self.jail = RepositoryJail(repo)
        self.command_timeout_s = command_timeout_s
        self.written: list[str] = []

    async def call(self, name: str, args: Any) -> str:
        if not isinstance(args, dict):
            return f"error: the arguments of {name} must be a JSON object"
        try:
            if name == "read_file":
                return self.read_file(args.get("path"))
            if name == "write_file":
                return self.write_file(args.get("path"), args.get("content"))
            if name == "list_dir":
                return self.list_dir(args.get("path", "."))
            if name == "run_command":
                return await self.run_command(args.get("argv"), args.get("timeout_s"))
        except PathRefused as refusal:
            return f"error: {refusal}"
        except OSError as exc:
            return f"error: {exc.strerror or exc}"
        return f"error: unknown tool {name!r}; the tools are read_file, write_file, list_dir, run_command, finish"

    def read_file(self, raw: Any) -> str:
        path = self.jail.resolve(raw)
        if not path.is_file():
            return f"error: {raw!r} is not a file"
        text = path.read_text(encoding="utf-8", errors="replace")
        if len(text) > READ_LIMIT_CHARS:
            return text[:READ_LIMIT_CHARS] + f"\n[truncated: the file has {len(text)} characters]"
        return text

    def write_file(self, raw: Any, content: Any) -> str:
        if not isinstance(content, str):
            return "error: content must be a string"
        if len(content) > WRITE_LIMIT_CHARS:
            return f"error: content is {len(content)} characters; the limit is {WRITE_LIMIT_CHARS}"
        path = self.jail.resolve(raw)
        if path == self.jail.root or path.is_dir():
            return f"error: {raw!r} is a directory"
        self._make_parents(path)
        # O_NOFOLLOW: a symlink planted at the last component after the check is not followed.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(content)
        relative = self.jail.relative(path)
        if relative not in self.written:
            self.written.append(relative)
        return f"wrote {relative} ({len(content)} characters)"

    def _make_parents(self, path: Path) -> None:
        missing: list[Path] = []
        parent = path.parent
        while not parent.exists():
            missing.append(parent)
            parent = parent.parent
        for directory in reversed(missing):
            directory.mkdir()
            # Re-check each created directory: nothing may have turned it into a way out.
            self.jail.resolve(self.jail.relative(directory))

    def list_dir(self, raw: Any) -> str:
        path = self.jail.resolve(raw if raw is not None else ".")
        if not path.is_dir():
            return f"error: {raw!r} is not a directory"
        entries = sorted(p for p in os.listdir(path) if p != ".git")
        lines = [f"{name}/" if (path / name).is_dir() and not (path / name).is_symlink() else name
                 for name in entries[:LIST_LIMIT]]
        if len(entries) > LIST_LIMIT:
            lines.append(f"[{len(entries) - LIST_LIMIT} more entries]")
        return "\n".join(lines) or "(empty directory)"

    async def run_command(self, argv: Any, timeout_s: Any) -> str:
        if not isinstance(argv, list) or not argv or not all(isinstance(a, str) for a in argv):
            return "error: argv must be a non-empty list of strings, e.g. [\"pytest\", \"-q\"]"
        program = os.path.basename(argv[0])
        if program in SHELLS:
            return f"error: refused {argv[0]!r}: commands run without a shell; call the program directly"
        # An installed program may be named by absolute path; a relative one must be in the repository.
        if "/" in argv[0] and not os.path.isabs(argv[0]):
            self.jail.resolve(argv[0])
        for arg in argv[1:]:
            self._check_argument(arg)
        limit = self.command_timeout_s
        if isinstance(timeout_s, (int, float)) and timeout_s > 0:
            limit = min(float(timeout_s), limit)
        env = {name: value for name, value in os.environ.items() if not _SECRET_ENV.search(name)}
        env.update(run_git_env())
        outcome = await run_process(current_sandbox().wrap(argv, self.jail.root), cwd=self.jail.root, env=env,
                                    timeout_s=limit, tail_lines=COMMAND_OUTPUT_LINES)
        if outcome.not_started:
            return f"error: {outcome.evidence[0]}"
        status = f"timed out after {limit:g} s" if outcome.timed_out else f"exit code {outcome.exit_code}"
        return f"{status}\n{outcome.tail}".rstrip()

    def _check_argument(self, arg: str) -> None:
        """Path-like arguments (absolute, or climbing with ..) must stay inside the repository."""
        value = arg.split("=", 1)[1] if arg.startswith("-") and "=" in arg else arg
        if os.path.isabs(value) or value.startswith("~") or ".." in Path(value).parts:
            self.jail.resolve(value)


def _system_prompt(max_steps: int) -> str:
    return render_prompt("agent_system", max_steps=max_steps)


class LLMAgentExecutor:
    """The `llm` executor: a tool-calling loop over the model routed for task type "agent"."""

    name = "llm"
    in_process = True  # pmtui's own tool-calling loop: no program to confine

    def __init__(
        self,
        gateway_factory: Callable[[], LLMGateway],
        *,
        project_id: int | None = None,
        max_steps: int = MAX_STEPS,
        command_timeout_s: float = COMMAND_TIMEOUT_S,
        budget_usd: float | None = None,
    ) -> None:
        self.gateway_factory = gateway_factory
        self.project_id = project_id
        self.max_steps = max_steps
        self.command_timeout_s = command_timeout_s
        self.budget_usd = budget_usd

    async def run(
        self,
        contract: TaskContract,
        workdir: Path,
        *,
        attempt: int,
        run_dir: Path,
        on_output: OutputCallback | None = None,
    ) -> AgentResult:
        contract = contract.model_copy(update={"attempt": attempt})
        log: list[str] = []
        viewer = OutputViewer(on_output, log.append)

        def note(line: str) -> None:
            log.append(line)
            viewer(line)

        tools = AgentTools(Path(workdir), command_timeout_s=self.command_timeout_s)
        budget_s = contract.time_budget_ms / 1000
        try:
            result = await asyncio.wait_for(self._loop(contract, tools, note), timeout=budget_s)
        except TimeoutError:
            message = f"agent timed out after {budget_s:g} s"
            note(message)
            result = AgentResult(timed_out=True, files_changed=list(tools.written), evidence=[message])
        return result.model_copy(update={"output_tail": "\n".join(log[-200:])})

    async def _loop(self, contract: TaskContract, tools: AgentTools, note: OutputCallback) -> AgentResult:
        gateway = self.gateway_factory()
        route = gateway.config.route("agent")
        if route.is_offline:
            message = ("no model is configured for the agent task type (or its API key is missing); "
                       "set models.agent in pmtui.toml or use --agent with a coding-agent command")
            return AgentResult(exit_code=1, self_assessment="blocked", blockers=[message], evidence=[message])
        litellm = load_litellm()
        key_env = route.key_env()
        api_key = os.environ.get(key_env) if key_env else None
        budget = self.budget_usd if self.budget_usd is not None else gateway.config.budget.task_usd
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": _system_prompt(self.max_steps)},
            {"role": "user", "content": contract_markdown(contract)},
        ]
        spent = 0.0
        for step in range(1, self.max_steps + 1):
            if budget is not None and spent >= budget:
                message = f"the task's LLM budget of ${budget:.2f} is spent (${spent:.4f}); stopped before step {step}"
                note(message)
                return AgentResult(exit_code=1, self_assessment="blocked", files_changed=list(tools.written),
                                   blockers=[message], evidence=[message])
            kwargs: dict[str, Any] = {"model": route.model, "messages": messages, "tools": TOOLS,
                                      "timeout": route.timeout, "num_retries": 0, "max_retries": 0}
            if route.api_base:
                kwargs["api_base"] = route.api_base
            if api_key:
                kwargs["api_key"] = api_key
            started = time.perf_counter()
            try:
                response = await asyncio.wait_for(litellm.acompletion(**kwargs), route.timeout + 1.0)
            except Exception as exc:  # noqa: BLE001 - litellm raises many types; each ends the attempt
                latency = (time.perf_counter() - started) * 1000
                detail = str(exc).replace("\n", " ")
                if api_key:
                    detail = detail.replace(api_key, "***")
                # Cut after the key is out, and never inside another one (a cut key escapes redaction).
                detail = clip(detail, 300)
                gateway.store.record_llm_call(self.project_id, "agent", route.model, 0, 0, 0.0, latency,
                                              f"{type(exc).__name__}: {detail}")
                message = f"the agent model {route.model} failed at step {step}: {type(exc).__name__}: {detail}"
                note(message)
                return AgentResult(exit_code=1, files_changed=list(tools.written), evidence=[message])
            spent += self._record(gateway, litellm, route.model, response, messages, started)
            reply = response.choices[0].message
            content = reply.content or ""
            native = list(getattr(reply, "tool_calls", None) or [])
            if native:
                messages.append({
                    "role": "assistant",
                    "content": content or None,
                    "tool_calls": [{"id": call.id, "type": "function", "function": {
                        "name": call.function.name, "arguments": call.function.arguments or "{}"}}
                        for call in native],
                })
                for call in native:
                    name, args = call.function.name, _arguments(call.function.arguments)
                    finished = _finish(name, args, tools)
                    if finished is not None:
                        note(f"step {step}: finish ({finished.self_assessment})")
                        return finished
                    output = await tools.call(name, args)
                    note(f"step {step}: {name} {_describe(args)} -> {output.splitlines()[0] if output else ''}")
                    messages.append({"role": "tool", "tool_call_id": call.id, "content": output})
                continue
            messages.append({"role": "assistant", "content": content})
            try:
                request = first_json_object(content)
            except ValueError:
                request = {}
            name = request.get("tool") or request.get("name")
            if not isinstance(name, str):
                note(f"step {step}: no tool call in the reply")
                messages.append({"role": "user", "content": (
                    "Call one of the tools (read_file, write_file, list_dir, run_command, finish). "
                    'Without native tool calls, answer with one JSON object: {"tool": NAME, "args": {...}}.')})
                continue
            args = request.get("args", request.get("arguments", {}))
            if isinstance(args, str):
                args = _arguments(args)
            finished = _finish(name, args, tools)
            if finished is not None:
                note(f"step {step}: finish ({finished.self_assessment})")
                return finished
            output = await tools.call(name, args)
            note(f"step {step}: {name} {_describe(args)} -> {output.splitlines()[0] if output else ''}")
            messages.append({"role": "user", "content": f"Result of {name}:\n{output}"})
        message = f"the agent used its {self.max_steps} tool steps without calling finish"
        note(message)
        return AgentResult(exit_code=1, self_assessment="uncertain", files_changed=list(tools.written),
                           evidence=[message])

    def _record(self, gateway: LLMGateway, litellm: Any, model: str, response: Any,
                messages: list[dict[str, Any]], started: float) -> float:
        """Write the call to the ledger; returns its cost in USD."""
        latency = round((time.perf_counter() - started) * 1000, 1)
        usage = getattr(response, "usage", None)
        prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0) if usage else 0
        completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0) if usage else 0
        try:
            cost = float(litellm.completion_cost(completion_response=response, model=model) or 0.0)
        except Exception:  # noqa: BLE001 - litellm raises a bare Exception for models it has no price for
            cost = 0.0
        gateway.store.record_llm_call(self.project_id, "agent", model, prompt_tokens, completion_tokens, cost,
                                      latency, "")
        return cost


def model_agent(config: Config, store: Store) -> LLMAgentExecutor:
    """The built-in agent of `models.agent`, its calls recorded in `store` (the delivering process's)."""
    return LLMAgentExecutor(lambda: LLMGateway(config, store), budget_usd=config.budget.task_usd)


def _arguments(raw: Any) -> Any:
    if isinstance(raw, dict):
        return raw
    try:
        return json.loads(raw or "{}")
    except (TypeError, json.JSONDecodeError):
        return None


def _describe(args: Any) -> str:
    if not isinstance(args, dict):
        return ""
    if "path" in args:
        return str(args["path"])[:120]
    if "argv" in args:
        return " ".join(str(a) for a in args["argv"])[:120] if isinstance(args["argv"], list) else ""
    return ""


def _finish(name: str, args: Any, tools: AgentTools) -> AgentResult | None:
    """The AgentResult when the model called finish; None for any other tool."""
    if name != "finish":
        return None
    report = args if isinstance(args, dict) else {}
    try:
        parsed = ResultFile.model_validate({key: report[key] for key in ResultFile.model_fields if key in report})
    except ValueError as exc:
        error = f"the agent's finish report has wrong types: {str(exc).splitlines()[0]}"
        return AgentResult(exit_code=0, files_changed=list(tools.written), result_file_error=error,
                           evidence=[error])
    changed = list(dict.fromkeys([*parsed.files_changed, *tools.written]))
    return AgentResult(exit_code=0, files_changed=changed, self_assessment=parsed.self_assessment,
                       blockers=parsed.blockers, evidence=parsed.evidence, criteria_map=parsed.criteria_map)
