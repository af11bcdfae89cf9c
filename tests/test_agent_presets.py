"""Agent presets: what `--agent NAME` runs, `pmtui agents`, a bad agent refused before anything starts,
and each preset's flags checked against the real `--help` of the installed tool (skipped, with the
reason, where the tool is not installed)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.config import AgentConfig, Config, ModelRoute
from pmtui.delivery.agent_presets import (
    PRESETS,
    AgentCommand,
    AgentError,
    agent_catalog,
    missing_flags,
    resolve_agent,
    tool_help,
)
from pmtui.delivery.executors import CommandExecutor, criteria_map_from_output, expand_argv
from pmtui.models.delivery import ExpectedFiles, TaskContract
from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block
from tests.fixtures.processes import run_pmtui

ROOT = Path(__file__).resolve().parent.parent
# Where `make test` installs the real tools: aider and mini in their own venv, the npm CLIs beside it.
TOOL_DIRS = [ROOT / ".venv-agents" / "bin", ROOT / ".venv-agents" / "npm" / "node_modules" / ".bin"]
# A model each preset forwards (claude takes Anthropic models, gemini Gemini ones, the rest OpenAI's).
MODELS = {"claude": "anthropic/claude-sonnet-4-5", "gemini": "gemini/gemini-2.5-pro"}


def fake_tool(folder: Path, name: str, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"#!{sys.executable}\n{body}\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def with_path(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")


def test_files_placeholder_repeats_its_flag_and_vanishes_without_files() -> None:
    values = {"prompt_file": "/p.md", "repo": "/r"}
    argv = ["tool", "--read", "{prompt_file}", "--file", "{files}", "--cwd={repo}"]
    assert expand_argv(argv, values, ["a.py", "tests/test_a.py"]) == [
        "tool", "--read", "/p.md", "--file", "a.py", "--file", "tests/test_a.py", "--cwd=/r"]
    assert expand_argv(argv, values, []) == ["tool", "--read", "/p.md", "--cwd=/r"]
    assert expand_argv(["tool", "{files}"], values, ["a.py", "b.py"]) == ["tool", "a.py", "b.py"]


def test_a_preset_forwards_the_agent_model_and_its_base_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_tool(tmp_path / "bin", "aider", "print('aider 0.86.2')")
    fake_tool(tmp_path / "bin", "mini", "print('This is mini-swe-agent version 2.4.6.')")
    with_path(monkeypatch, tmp_path / "bin")
    monkeypatch.setenv("MY_KEY", "sk-test")
    config = Config(models={"agent": ModelRoute(model="openai/coder", api_base="http://127.0.0.1:9/v1",
                                                api_key_env="MY_KEY")})

    aider = resolve_agent("aider", config)
    argv = aider.argv
    assert argv[0] == "aider" and aider.preset and aider.installed
    assert argv[argv.index("--model") + 1] == "openai/coder"
    assert argv[argv.index("--openai-api-base") + 1] == "http://127.0.0.1:9/v1"
    assert "--no-auto-commits" in argv and "--yes-always" in argv
    assert argv[-2:] == ["--message-file", "{prompt_file}"]
    assert aider.env["OPENAI_API_KEY"] == "sk-test"
    assert "sk-test" not in json.dumps(aider.as_json())

    mini = resolve_agent("mini-swe-agent", config)
    assert mini.argv[-2:] == ["--task", "{prompt}"] and not mini.stdin
    assert "model.model_kwargs.api_base=http://127.0.0.1:9/v1" in mini.argv
    assert mini.env["MSWEA_CONFIGURED"] == "true"


def test_codex_gets_the_base_url_as_a_model_provider_of_its_own(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Found delivering with codex 0.169: it reads no OPENAI_BASE_URL, so the forwarded base URL was ignored and
    it went to api.openai.com ("failed to lookup address information", reconnecting until the time budget)."""
    fake_tool(tmp_path / "bin", "codex", "print('codex-cli 0.169.0')")
    with_path(monkeypatch, tmp_path / "bin")
    monkeypatch.setenv("MY_KEY", "sk-test")
    config = Config(models={"agent": ModelRoute(model="openai/coder", api_base="http://127.0.0.1:9/v1",
                                                api_key_env="MY_KEY")})

    codex = resolve_agent("codex", config)

    settings = [codex.argv[i + 1] for i, arg in enumerate(codex.argv) if arg == "-c"]
    assert settings == ["model_provider=pmtui", 'model_providers.pmtui.name="pmtui models.agent"',
                        'model_providers.pmtui.base_url="http://127.0.0.1:9/v1"',
                        'model_providers.pmtui.wire_api="responses"', 'model_providers.pmtui.env_key="MY_KEY"']
    assert codex.argv[codex.argv.index("--model") + 1] == "coder" and codex.argv[-1] == "-"
    assert "OPENAI_BASE_URL" not in codex.env and "sk-test" not in codex.command
    # A keyless local server: no key variable named (codex would refuse to start without it).
    local = Config(models={"agent": ModelRoute(model="hosted_vllm/qwen", api_base="http://127.0.0.1:8/v1")})
    assert not [arg for arg in resolve_agent("codex", local).argv if "env_key" in arg]
    # No base URL: codex keeps its own provider.
    plain = resolve_agent("codex", Config(models={"agent": ModelRoute(model="openai/gpt-5")}))
    assert "-c" not in plain.argv and plain.argv[plain.argv.index("--model") + 1] == "gpt-5"


def test_opencode_is_told_the_model_it_cannot_look_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found delivering with opencode 1.18 offline: it knows a model only from the models.dev catalog it fetches,
    so with the catalog out of reach (or a model name of the endpoint's own) every attempt failed with
    "Unexpected server error" before any model call. The forwarded provider names the model."""
    fake_tool(tmp_path / "bin", "opencode", "print('1.18.33')")
    with_path(monkeypatch, tmp_path / "bin")
    config = Config(models={"agent": ModelRoute(model="openai/fake-coder", api_base="http://127.0.0.1:9/v1")})

    opencode = resolve_agent("opencode", config)

    assert opencode.argv[opencode.argv.index("--model") + 1] == "openai/fake-coder"
    assert json.loads(opencode.env["OPENCODE_CONFIG_CONTENT"]) == {"provider": {"openai": {
        "options": {"baseURL": "http://127.0.0.1:9/v1"}, "models": {"fake-coder": {}}}}}


async def test_gemini_with_a_base_url_gets_a_home_of_the_runs_own_whose_settings_choose_the_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found delivering with Gemini CLI 0.61: the forwarded GOOGLE_GEMINI_BASE_URL makes it sign in as a "gateway",
    which its non-interactive mode refuses ("Invalid auth method selected.") unless settings choose the API key;
    users had to edit ~/.gemini/settings.json. A system settings file pmtui could name is skipped unless root owns
    it, so the run gives the tool a home of its own (GEMINI_CLI_HOME, its source: `homedir()` of its paths.ts) in
    the run's folder, holding only that setting; the user's home is not written."""
    home = tmp_path / "home"
    (home / ".gemini").mkdir(parents=True)
    (home / ".gemini" / "settings.json").write_text('{"ui": {"theme": "mine"}}', encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    seen = tmp_path / "seen.json"
    fake_tool(tmp_path / "bin", "gemini", f"""
import json, os, sys
from pathlib import Path
if "--version" in sys.argv: print("0.61.0"); sys.exit(0)
home = Path(os.environ["GEMINI_CLI_HOME"])
Path({str(seen)!r}).write_text(json.dumps({{"home": str(home), "base": os.environ["GOOGLE_GEMINI_BASE_URL"],
    "settings": json.loads((home / ".gemini" / "settings.json").read_text())}}))
""")
    with_path(monkeypatch, tmp_path / "bin")
    route = ModelRoute(model="gemini/gemini-2.5-pro", api_base="http://127.0.0.1:9")

    gemini = resolve_agent("gemini", Config(models={"agent": route}))
    result = await CommandExecutor(gemini).run(contract(), make_project(tmp_path), attempt=1, run_dir=tmp_path / "runs")

    assert result.exit_code == 0, result.output_tail
    got = json.loads(seen.read_text())
    assert got["settings"] == {"security": {"auth": {"selectedType": "gemini-api-key"}}}
    assert got["base"] == "http://127.0.0.1:9" and Path(got["home"]).is_relative_to(tmp_path / "runs")
    assert (home / ".gemini" / "settings.json").read_text(encoding="utf-8") == '{"ui": {"theme": "mine"}}'
    assert "GEMINI_CLI_HOME" in gemini.note
    # Without a base URL nothing moves: the tool's own sign-in (a key, its Google login) is the user's.
    plain = resolve_agent("gemini", Config(models={"agent": ModelRoute(model="gemini/gemini-2.5-pro")}))
    assert plain.home_files == {} and plain.note == ""
    # A base URL written as litellm takes it (with its API version) reaches Gemini CLI without it: the CLI adds its own.
    versioned = ModelRoute(model="gemini/gemini-2.5-pro", api_base="http://127.0.0.1:9/v1beta")
    assert resolve_agent("gemini", Config(models={"agent": versioned})).env["GOOGLE_GEMINI_BASE_URL"] == (
        "http://127.0.0.1:9")


def _bwrap_missing() -> str:
    from pmtui.delivery.sandbox import probe

    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap is not installed (apt-get install bubblewrap)"
    return "" if probe(bwrap)[0] is not None else probe(bwrap)[1]


async def test_an_agent_with_a_sandbox_of_its_own_runs_it_only_outside_pmtuis(tmp_path: Path) -> None:
    """Found delivering with codex 0.169 under pmtui's bubblewrap: its own sandbox failed on every command it ran
    (`bwrap: Can't mkdir /tmp/.git: Read-only file system`), so it wrote nothing and the task escalated. Under
    pmtui's sandbox a preset runs its confined command (codex's sandbox lifted); outside it, its own."""
    from pmtui.delivery.sandbox import SANDBOX, resolve

    repo = make_project(tmp_path)
    tool = fake_tool(tmp_path / "bin", "boxed-tool", "import sys\nopen('ran.txt', 'w').write(sys.argv[1])")
    agent = AgentCommand(name="boxed", command=f"{tool} own-sandbox", confined_command=f"{tool} pmtuis-sandbox",
                         preset=True, writes_result_file=False)
    codex = resolve_agent("codex", Config(agents={"codex": AgentConfig(program=str(tool))}))
    assert "--sandbox" in codex.argv and "--dangerously-bypass-approvals-and-sandbox" not in codex.argv
    assert "--sandbox" not in codex.argv_for(True) and "--dangerously-bypass-approvals-and-sandbox" in codex.argv_for(True)

    await CommandExecutor(agent).run(contract(), repo, attempt=1, run_dir=tmp_path / "runs")
    assert (repo / "ran.txt").read_text() == "own-sandbox"
    if missing := _bwrap_missing():
        pytest.skip(f"no working sandbox here: {missing}")
    token = SANDBOX.set(resolve("on"))
    try:
        await CommandExecutor(agent).run(contract(), repo, attempt=2, run_dir=tmp_path / "runs")
    finally:
        SANDBOX.reset(token)
    assert (repo / "ran.txt").read_text() == "pmtuis-sandbox"


def logged_in_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A HOME where the user signed in with `claude` /login and `codex login` (fake credentials), no key set."""
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / ".credentials.json").write_text('{"claudeAiOauth": {"accessToken": "sk-ant-oat01-SECRET"}}')
    (home / ".codex").mkdir()
    (home / ".codex" / "auth.json").write_text('{"OPENAI_API_KEY": "sk-codex-SECRET"}')
    monkeypatch.setenv("HOME", str(home))
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "OPENAI_API_KEY", "CODEX_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home


def test_pmtui_agents_says_which_sign_in_each_tool_uses_and_codex_keeps_its_login(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Users of Claude Code and Codex sign in with the tool (`claude` /login, `codex login`), not a key in the
    environment. Found by running Codex 0.169 with only ~/.codex/auth.json and pmtui's base URL: the provider pmtui
    gives it sent no Authorization at all. Now it is told to use the login, and `pmtui agents` names the sign-in
    each tool will use (names and paths, never a value)."""
    logged_in_home(tmp_path, monkeypatch)
    route = ModelRoute(model="openai/fake-coder", api_base="http://127.0.0.1:9/v1")

    catalog = {a.name: a for a in agent_catalog(Config(models={"agent": route}), probe=False)}

    assert catalog["claude"].login == "its own login (~/.claude/.credentials.json)"
    assert catalog["codex"].login == "its own login (~/.codex/auth.json)"
    assert "model_providers.pmtui.requires_openai_auth=true" in catalog["codex"].argv
    assert catalog["gemini"].login.startswith("none found: set $GEMINI_API_KEY")
    assert "SECRET" not in json.dumps([a.as_json() for a in catalog.values()])
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    keyed = {a.name: a for a in agent_catalog(Config(models={"agent": route}), probe=False)}["codex"]
    assert keyed.login == "the key in $OPENAI_API_KEY" and 'model_providers.pmtui.env_key="OPENAI_API_KEY"' in keyed.argv
    assert not any("requires_openai_auth" in arg for arg in keyed.argv)


async def test_a_tools_login_is_readable_under_pmtuis_sandbox_and_the_rest_of_home_is_not_writable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sandbox binds / read-only (the login files with it) and only the preset's own state folders writable:
    the tool reads its login and saves its state, and writes nothing else in the user's home."""
    from pmtui.delivery.sandbox import SANDBOX, resolve

    if missing := _bwrap_missing():
        pytest.skip(f"no working sandbox here: {missing}")
    home = logged_in_home(tmp_path, monkeypatch)
    seen = tmp_path / "runs" / "seen.txt"
    tool = fake_tool(tmp_path / "bin", "claude", f"""
import os, sys
from pathlib import Path
home = Path.home()
said = [(home / ".claude" / ".credentials.json").read_text()[:16]]
for target in (home / ".claude" / "session.json", home / "elsewhere.txt"):
    try:
        target.write_text("x")
        said.append("wrote " + target.name)
    except OSError:
        said.append("refused " + target.name)
Path({str(seen)!r}).write_text(" | ".join(said))
""")
    agent = resolve_agent("claude", Config(agents={"claude": AgentConfig(program=str(tool))}))
    token = SANDBOX.set(resolve("on"))
    try:
        result = await CommandExecutor(agent).run(contract(), make_project(tmp_path), attempt=1,
                                                  run_dir=tmp_path / "runs")
    finally:
        SANDBOX.reset(token)

    assert result.sandboxed and result.exit_code == 0, result.output_tail
    assert seen.read_text() == '{"claudeAiOauth" | wrote session.json | refused elsewhere.txt'
    assert not (home / "elsewhere.txt").exists()


def test_agents_of_your_own_and_adjusted_presets_come_from_the_config(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    fake_tool(tmp_path / "bin", "aider", "print('aider 0.86.2')")
    fake_tool(tmp_path / "bin", "my-agent", "print('mine')")
    with_path(monkeypatch, tmp_path / "bin")
    config = Config(agents={"mine": AgentConfig(command="my-agent --task {task_file}"),
                            "aider": AgentConfig(args=["--edit-format", "diff"], env={"AIDER_DARK_MODE": "1"})})

    mine = resolve_agent("mine", config)
    assert mine.argv == ["my-agent", "--task", "{task_file}"] and mine.writes_result_file and mine.stdin
    aider = resolve_agent("aider", config)
    assert aider.argv[-4:-2] == ["--edit-format", "diff"] and aider.env["AIDER_DARK_MODE"] == "1"
    assert resolve_agent(f"{sys.executable} -c pass", config).name == Path(sys.executable).name

    names = [agent.name for agent in agent_catalog(config, probe=False)]
    assert names == ["aider", "claude", "codex", "gemini", "opencode", "mini-swe-agent", "mine"]


def test_an_unknown_or_missing_agent_says_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    config = Config(agents={"broken": AgentConfig()})
    with pytest.raises(AgentError, match="unknown agent 'aidr': not a preset"):
        resolve_agent("aidr", config)
    with pytest.raises(AgentError, match="needs `codex`, which is not on PATH; install it with `npm install -g @openai/codex`"):
        resolve_agent("codex", config)
    with pytest.raises(AgentError, match="not on PATH"):
        resolve_agent("/no/such/agent --flag", config)
    with pytest.raises(AgentError, match=r"\[agents.broken\] .* has no `command`"):
        resolve_agent("broken", config)
    with pytest.raises(AgentError, match="cannot be split"):
        resolve_agent("aider 'unterminated", config)


def test_a_relative_agent_path_means_the_one_beside_the_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found delivering with `--agent '../agent.sh {prompt_file}'`: the path was checked from the user's folder
    and accepted, then run from each task's worktree, where it is not: "execvp ../agent.sh: No such file",
    and the task escalated after two identical failures."""
    script = tmp_path / "tools" / "my agent.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho done\n")
    script.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    agent = resolve_agent("'./tools/my agent.sh' --fast {prompt_file}", Config())
    assert agent.argv == [str(script), "--fast", "{prompt_file}"]
    monkeypatch.chdir(tmp_path / "tools")
    assert Path(agent.argv[0]).is_file()  # from anywhere, as from a worktree
    assert resolve_agent("sh ./tools/x.sh", Config()).command == "sh ./tools/x.sh"  # arguments are the agent's own


def pmtui(*args: str, env: dict[str, str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_pmtui(args, env=env, cwd=cwd, timeout=120)


def test_pmtui_agents_lists_presets_and_config_agents(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    fake_tool(bin_dir, "aider", "print('aider 9.9.1')")
    config = tmp_path / "pmtui.toml"
    config.write_text('[agents.team]\ncommand = "team-agent --repo {repo}"\n', encoding="utf-8")
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}/usr/bin{os.pathsep}/bin", "PMTUI_CONFIG": str(config)}

    done = pmtui("agents", "--json", env=env)

    assert done.returncode == 0, done.stderr
    listed = {item["name"]: item for item in json.loads(done.stdout)}
    assert list(listed) == ["aider", "claude", "codex", "gemini", "opencode", "mini-swe-agent", "team"]
    assert listed["aider"]["installed"] is True and listed["aider"]["version"] == "9.9.1"
    assert listed["aider"]["command"].startswith("aider --yes-always")
    assert listed["codex"]["installed"] is False and listed["codex"]["version"] is None
    assert listed["team"]["command"] == "team-agent --repo {repo}" and listed["team"]["installed"] is False
    text = pmtui("agents", env=env)
    assert text.returncode == 0 and "install: npm install -g @openai/codex" in text.stdout


def test_deliver_with_an_unknown_agent_exits_2_before_anything_starts(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("agentless", [task_block("T1", "Alpha", module="alpha")]))
    env = {**os.environ, "PMTUI_DB": str(tmp_path / "pmtui.db")}

    for agent, message in (("aidr", "unknown agent 'aidr'"), ("/nowhere/agent --go", "not on PATH")):
        done = pmtui("deliver", str(plan), "--repo", str(repo), "--agent", agent, "--headless", env=env)
        assert done.returncode == 2 and message in done.stderr, done.stderr
    assert not (tmp_path / "pmtui.db").exists() or "no delivery runs" in pmtui("status", env=env).stderr
    assert git(repo, "branch", "--list", "pm/*") == ""


def contract(**update: object) -> TaskContract:
    base = TaskContract(task_id="T1", title="Subtraction", tier="normal",
                        acceptance_criteria=["sub returns the difference of a and b"],
                        expected_files=ExpectedFiles(modify=["calc.py"]), tests_to_add=["tests/test_sub.py"],
                        time_budget_ms=60_000)
    return base.model_copy(update=update)


async def test_a_preset_gets_its_prompt_files_and_scratch_and_leaves_no_cache(tmp_path: Path) -> None:
    """A tool that takes the prompt as an argument, names the files it edits, writes a cache in the repo
    (removed) and answers a fix prompt's mapping request with MAP lines (read as its criteria map)."""
    repo = make_project(tmp_path)
    record = tmp_path / "seen.json"
    agent_script = fake_tool(tmp_path / "bin", "fake-tool", f"""
import json, os, sys
from pathlib import Path
args = sys.argv[1:]
Path(".fake-cache").mkdir(exist_ok=True)
Path(".fake-cache/index").write_text("cache")
Path("calc.py").write_text("def sub(a, b):\\n    return a - b\\n")
Path({str(record)!r}).write_text(json.dumps({{"args": args, "stdin": sys.stdin.read() if not sys.stdin.isatty() else ""}}))
print("MAP 1: calc.py:2")
""")
    agent = AgentCommand(name="fake", command=f"{agent_script} --ctx {{context_file}} --file {{files}} "
                         "--scratch {scratch_dir} --prompt {prompt}", preset=True, stdin=False,
                         writes_result_file=False, leftovers=(".fake-cache",))
    executor = CommandExecutor(agent)

    result = await executor.run(contract(attempt=2, unmapped_criteria=["sub returns the difference of a and b"],
                                         failure_evidence=["gate plan_alignment FAILED"]),
                                repo, attempt=2, run_dir=tmp_path / "runs")

    seen = json.loads(record.read_text())
    args = seen["args"]
    assert seen["stdin"] == ""
    assert args[args.index("--file") + 1] == "calc.py" and args[args.index("--file") + 3] == "tests/test_sub.py"
    context = Path(args[args.index("--ctx") + 1])
    assert context.is_file() and context.parent == Path(args[args.index("--scratch") + 1])
    prompt = args[args.index("--prompt") + 1]
    assert "# Task T1: Subtraction" in prompt and str(context) in prompt and "MAP <number>" in prompt
    assert "PMTUI_RESULT_FILE" not in prompt
    assert not (repo / ".fake-cache").exists()
    assert result.exit_code == 0 and result.criteria_map == {"sub returns the difference of a and b": "calc.py:2"}
    assert executor.name == "fake"


def test_map_lines_are_read_by_number_and_ignore_the_rest() -> None:
    criteria = ["first thing", "second thing"]
    output = "Sure.\nMAP 2: src/b.py:14\n`MAP 1: src/a.py:3`\nMAP 7: nowhere.py:1\nMAP x: bad"
    assert criteria_map_from_output(criteria, output) == {"second thing": "src/b.py:14", "first thing": "src/a.py:3"}


def _installed(program: str) -> str | None:
    for folder in TOOL_DIRS:
        candidate = folder / program
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which(program)


@pytest.mark.parametrize("name", [preset.name for preset in PRESETS])
def test_every_preset_flag_exists_in_the_installed_tools_help(name: str) -> None:
    spec = next(preset for preset in PRESETS if preset.name == name)
    path = _installed(spec.program)
    if path is None:
        pytest.skip(f"{spec.program} is not installed here ({spec.install}); `make test` installs it when its "
                    "registry is reachable")
    config = Config(models={"agent": ModelRoute(model=MODELS.get(name, "openai/gpt-4o-mini"),
                                                api_base="http://127.0.0.1:9/v1")},
                    agents={name: AgentConfig(program=path)})
    agent = resolve_agent(name, config)
    # A Node CLI's first start on a loaded 2-core machine took over 20 s (Gemini CLI, 2026-11-27, load 10): the check
    # is about the flags, not the start time, so it waits longer than `pmtui agents` does.
    # Gemini CLI starts Node a second time to raise its heap (`--max-old-space-size`) unless told not to: the same
    # help text, byte for byte, at half the CPU (1.5 -> 0.8 s). The deliveries in test_npm_agents run it as a user does.
    env = {**agent.env, "GEMINI_CLI_NO_RELAUNCH": "true"} if name == "gemini" else agent.env
    help_text = "\n".join(tool_help(path, args, env, timeout=180) for args in spec.help_commands)
    assert len(help_text) > 200, f"{path} printed no help: {help_text!r}"
    assert "--model" in agent.argv
    assert missing_flags(agent.argv, help_text) == []
    assert missing_flags(agent.argv_for(True), help_text) == []


def test_claude_codes_retries_are_bounded_unless_the_user_set_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Claude Code retries a refused key 10 times by default (over 150 s); the preset sets its retries to the
    forwarded route's max_retries (2 without a route), and leaves a value the user's environment sets alone."""
    monkeypatch.delenv("CLAUDE_CODE_MAX_RETRIES", raising=False)
    route = ModelRoute(model="anthropic/claude-sonnet-4-5", max_retries=4)
    assert resolve_agent_env("claude", Config())["CLAUDE_CODE_MAX_RETRIES"] == "2"
    assert resolve_agent_env("claude", Config(models={"agent": route}))["CLAUDE_CODE_MAX_RETRIES"] == "4"
    monkeypatch.setenv("CLAUDE_CODE_MAX_RETRIES", "7")
    assert "CLAUDE_CODE_MAX_RETRIES" not in resolve_agent_env("claude", Config(models={"agent": route}))
    assert "CLAUDE_CODE_MAX_RETRIES" not in resolve_agent_env("codex", Config())


def resolve_agent_env(name: str, config: Config) -> dict[str, str]:
    return dict({agent.name: agent for agent in agent_catalog(config, probe=False)}[name].env)
