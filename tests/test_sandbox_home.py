"""The user's home under pmtui's sandbox: an agent or gate command sees its repository (the project's own secret
files included), the toolchains and caches it runs with, the git and linter settings, its tool's own state and login,
and what `[delivery] sandbox_readable` gives back; not the user's keys (~/.ssh, ~/.aws, ~/.netrc, ~/.config/gh,
~/.docker), other projects' `.env` files, other agents' logins or pmtui's own store. Real bubblewrap, real
processes, a temporary $HOME; skipped with the reason where bubblewrap cannot make a sandbox."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.config import Config, ConfigError, load_config
from pmtui.delivery.sandbox import SANDBOX, Sandbox, resolve
from tests.fixtures.bwrap import BWRAP_MISSING, needs_bwrap
from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block
from tests.fixtures.processes import run_pmtui

READER = f"{sys.executable} {Path(__file__).parent / 'agents' / 'secret_reader_agent.py'}"
# What a user's home holds that no agent should read: a path under $HOME → its first line.
SECRETS = {
    ".ssh/id_rsa": "-----BEGIN OPENSSH PRIVATE KEY----- ssh-secret",
    ".aws/credentials": "[default] aws_secret_access_key=aws-secret",
    ".netrc": "machine github.com login me password netrc-secret",
    ".config/gh/hosts.yml": "github.com: oauth_token: gh-secret",
    ".docker/config.json": '{"auths": {"registry": {"auth": "docker-secret"}}}',
    ".pypirc": "[pypi] password = pypi-secret",
    ".git-credentials": "https://me:git-secret@github.com",
    "other-project/.env": "STRIPE_KEY=other-project-secret",
    ".codex/auth.json": '{"OPENAI_API_KEY": "codex-login-secret"}',
}


def plant(home: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = home / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")


def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch | None = None) -> Path:
    home = tmp_path / "home"
    plant(home, {**SECRETS, ".gitconfig": "[user]\n\tname = Home Owner"})
    if monkeypatch is not None:
        monkeypatch.setenv("HOME", str(home))
    return home


def read_in(sandbox: Sandbox, cwd: Path, paths: list[str], **wrap: object) -> dict[str, str | None]:
    """What a real command confined by `sandbox` in `cwd` reads of each path (its first line, or None)."""
    code = ("import json, sys, pathlib\nout = {}\nfor p in sys.argv[1:]:\n    try:\n"
            "        out[p] = pathlib.Path(p).expanduser().read_text().splitlines()[0]\n"
            "    except (OSError, IndexError):\n        out[p] = None\nprint(json.dumps(out))")
    argv = sandbox.wrap([sys.executable, "-c", code, *paths], cwd, **wrap)  # type: ignore[arg-type]
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@needs_bwrap
def test_a_delivered_agent_reads_its_repository_not_the_users_keys_and_the_gates_pass(tmp_path: Path) -> None:
    """The layout a user has: the repository and pmtui's store (so the run's worktrees) under $HOME. The agent does
    its task, then tries every secret; the gates (real ruff, the project's tests) run confined and pass."""
    home = user_home(tmp_path)
    repo = make_project(home)  # ~/work/repo
    (repo / ".env").write_text("DATABASE_URL=the-projects-own\n", encoding="utf-8")
    (repo / ".git" / "info" / "exclude").write_text(".env\n", encoding="utf-8")
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("home", [task_block("T1", "Alpha value", module="alpha")]))
    logs = tmp_path / "logs"
    logs.mkdir()
    config = tmp_path / "pmtui.toml"
    config.write_text(f'[delivery]\nsandbox_writable = ["{logs}"]\n', encoding="utf-8")
    paths = [f"~/{relative}" for relative in SECRETS] + ["~/.gitconfig", str(repo / ".env"),
                                                         "~/.local/share/pmtui/pmtui.db"]
    env = {**os.environ, "HOME": str(home), "PMTUI_CONFIG": str(config),
           "PMTUI_DB": str(home / ".local" / "share" / "pmtui" / "pmtui.db"),
           "PMTUI_GATE_CACHE": str(home / ".cache" / "pmtui-gates"),
           "READ_PATHS": os.pathsep.join(paths), "READ_LOG": str(logs / "read.json")}

    done = run_pmtui(["deliver", str(plan), "--repo", str(repo), "--agent", READER, "--headless", "--sandbox", "on",
                      "--no-wait"], env=env, timeout=180)

    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    seen = json.loads((logs / "read.json").read_text(encoding="utf-8"))
    assert {path: seen[path] for path in paths[:len(SECRETS)]} == dict.fromkeys(paths[:len(SECRETS)]), seen
    assert f"{home} is hidden" in done.stdout
    assert seen["~/.local/share/pmtui/pmtui.db"] is None, "pmtui's own store is the user's, not the agent's"
    assert seen["~/.gitconfig"] == "[user]" and seen[str(repo / ".env")] == "DATABASE_URL=the-projects-own"
    status = json.loads(run_pmtui(["status", "--json"], env=env).stdout)
    assert [(task["state"], task["sandboxed"]) for task in status["tasks"]] == [("completed", True)]
    assert "def alpha_value" in git(repo, "show", "pm/home:src/alpha.py")


@needs_bwrap
async def test_a_preset_reads_its_own_state_and_login_not_another_tools(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Claude Code keeps its login in ~/.claude (writable, as it saves its state there) and aider its settings in
    ~/.aider.conf.yml (read-only); neither sees the other's, Codex's login, or the user's keys."""
    from pmtui.config import AgentConfig
    from pmtui.delivery.agent_presets import resolve_agent
    from pmtui.delivery.executors import CommandExecutor
    from tests.test_agent_presets import contract, fake_tool

    home = user_home(tmp_path, monkeypatch)
    plant(home, {".claude/.credentials.json": '{"claudeAiOauth": "claude-login"}', ".aider.conf.yml": "model: x"})
    seen = tmp_path / "runs" / "seen.json"
    probe = f"""
import json, sys
from pathlib import Path
home = Path.home()
out = {{}}
for name in (".claude/.credentials.json", ".aider.conf.yml", ".codex/auth.json", ".ssh/id_rsa", ".aws/credentials"):
    try:
        out[name] = (home / name).read_text().splitlines()[0]
    except OSError:
        out[name] = None
for name in (".claude/session.json", "elsewhere.txt"):
    try:
        (home / name).write_text("x")
        out[name] = "written"
    except OSError:
        out[name] = None
Path({str(seen)!r}).write_text(json.dumps(out))
"""
    found: dict[str, dict[str, str | None]] = {}
    for name in ("claude", "aider"):
        tool = fake_tool(tmp_path / "bin" / name, name, probe)
        agent = resolve_agent(name, Config(agents={name: AgentConfig(program=str(tool))}))
        token = SANDBOX.set(resolve("on"))
        try:
            result = await CommandExecutor(agent).run(contract(), make_project(tmp_path / name), attempt=1,
                                                      run_dir=tmp_path / "runs")
        finally:
            SANDBOX.reset(token)
        assert result.sandboxed and result.exit_code == 0, result.output_tail
        found[name] = json.loads(seen.read_text())

    keys = {".codex/auth.json": None, ".ssh/id_rsa": None, ".aws/credentials": None, "elsewhere.txt": None}
    assert found["claude"] == {**keys, ".claude/.credentials.json": '{"claudeAiOauth": "claude-login"}',
                               ".aider.conf.yml": None, ".claude/session.json": "written"}
    assert found["aider"] == {**keys, ".claude/.credentials.json": None, ".aider.conf.yml": "model: x",
                              ".claude/session.json": None}
    assert (home / ".claude" / "session.json").read_text() == "x" and not (home / "elsewhere.txt").exists()


@needs_bwrap
def test_toolchains_under_home_run_and_linked_settings_are_followed(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A tool on the PATH under $HOME runs with its installation (a pipx-style link from ~/.local/bin into a venv
    whose interpreter is itself under $HOME; a Node-style prefix with bin/ and lib/), and a settings file linked
    from a dotfiles folder is still found at its usual path; the keys beside them stay hidden."""
    home = user_home(tmp_path, monkeypatch)
    interpreter = home / ".localpython" / "bin"
    interpreter.mkdir(parents=True)
    (home / ".localpython" / "lib").mkdir()
    (interpreter / "python").symlink_to(sys.executable)
    venv = home / ".local" / "share" / "pipx" / "venvs" / "tool"
    plant(venv, {"pyvenv.cfg": f"home = {interpreter}", "lib/data.txt": "venv-data"})
    script = venv / "bin" / "tool"
    script.parent.mkdir(parents=True)
    script.write_text(f"#!{interpreter / 'python'}\nimport sys, pathlib\n"
                      f"print(pathlib.Path({str(venv / 'lib' / 'data.txt')!r}).read_text().strip())\n")
    script.chmod(0o755)
    (home / ".local" / "bin").mkdir(parents=True)
    (home / ".local" / "bin" / "tool").symlink_to(script)
    node = home / ".nvm" / "versions" / "node" / "v22"
    plant(node, {"lib/node_modules/cli/index.txt": "node-module", "bin/.keep": ""})
    plant(home, {"dotfiles/gitconfig": "[user]\n\tname = Linked", ".local/share/keyrings/login.keyring": "keyring"})
    (home / ".gitconfig").unlink()
    (home / ".gitconfig").symlink_to("dotfiles/gitconfig")
    monkeypatch.setenv("PATH", f"{home / '.local' / 'bin'}{os.pathsep}{node / 'bin'}{os.pathsep}{os.environ['PATH']}")
    tree = make_project(tmp_path)
    sandbox = resolve("on")

    ran = subprocess.run(sandbox.wrap(["tool"], tree), cwd=tree, capture_output=True, text=True, timeout=60,
                         check=False)
    assert (ran.returncode, ran.stdout.strip()) == (0, "venv-data"), ran.stderr
    seen = read_in(sandbox, tree, [str(node / "lib/node_modules/cli/index.txt"), "~/.local/share/keyrings/login.keyring",
                                   "~/.ssh/id_rsa", "~/dotfiles/gitconfig"])
    global_name = subprocess.run(sandbox.wrap(["git", "config", "--global", "user.name"], tree), cwd=tree,
                                 capture_output=True, text=True, timeout=60, check=False)
    assert global_name.stdout.strip() == "Linked", global_name.stderr
    assert seen == {str(node / "lib/node_modules/cli/index.txt"): "node-module",
                    "~/.local/share/keyrings/login.keyring": None, "~/.ssh/id_rsa": None,
                    "~/dotfiles/gitconfig": "[user]"}


@needs_bwrap
def test_git_settings_under_a_moved_config_folder_still_reach_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With XDG_CONFIG_HOME set, git reads $XDG_CONFIG_HOME/git/config (and ruff its settings there): the gates and
    the agents' commits see the user's settings, not the keys kept beside them."""
    home = user_home(tmp_path, monkeypatch)
    (home / ".gitconfig").unlink()
    plant(home, {"dots/config/git/config": "[user]\n\tname = From XDG", "dots/config/gh/hosts.yml": "gh-xdg-secret"})
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "dots" / "config"))
    tree = make_project(tmp_path)
    sandbox = resolve("on")

    name = subprocess.run(sandbox.wrap(["git", "config", "--global", "user.name"], tree), cwd=tree,
                          capture_output=True, text=True, timeout=60, check=False)

    assert name.stdout.strip() == "From XDG", name.stderr
    # (named from ~: a command's own absolute arguments are given back, as the program it runs)
    assert read_in(sandbox, tree, ["~/dots/config/gh/hosts.yml"]) == {"~/dots/config/gh/hosts.yml": None}


@needs_bwrap
def test_sandbox_readable_gives_paths_back_and_the_home_itself_shows_it_all(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    home = user_home(tmp_path, monkeypatch)
    plant(home, {".config/mytool/settings.toml": "colour = 1"})
    tree = make_project(tmp_path)
    paths = ["~/.config/mytool/settings.toml", "~/.ssh/id_rsa"]

    assert read_in(resolve("on"), tree, paths) == dict.fromkeys(paths)
    assert read_in(resolve("on", readable=["~/.config/mytool"]), tree, paths) == {paths[0]: "colour = 1",
                                                                                 paths[1]: None}
    shown = resolve("on", readable=["~"])
    assert shown.home == "" and "hidden" not in shown.describe()
    assert read_in(shown, tree, paths) == {paths[0]: "colour = 1", paths[1]: SECRETS[".ssh/id_rsa"]}


def test_sandbox_readable_takes_absolute_or_home_paths_and_says_what_is_wrong(tmp_path: Path) -> None:
    good = load_config(tmp_path / "pmtui.toml", text='[delivery]\nsandbox_readable = ["~/.config/tool", "/opt/x"]\n')
    assert good.delivery.sandbox_readable == ["~/.config/tool", "/opt/x"]
    for value, said in (('["config/tool"]', "'config/tool' is not an absolute path"), ('[" "]', "an entry is empty")):
        with pytest.raises(ConfigError) as error:
            load_config(tmp_path / "pmtui.toml", text=f"[delivery]\nsandbox_readable = {value}\n")
        assert said in str(error.value) and "sandbox_readable" in str(error.value)


def test_a_home_inside_a_writable_folder_is_left_as_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A repository that is the home itself (a dotfiles checkout) or a folder given writable holding it: hiding the
    home there would hide or freeze the worktree, so it is shown as the rest of the project."""
    if BWRAP_MISSING:
        pytest.skip(f"no working sandbox here: {BWRAP_MISSING}")
    monkeypatch.setenv("HOME", str(tmp_path / "work"))
    tree = make_project(tmp_path)  # tmp_path/work/repo
    sandbox = resolve("on")
    assert sandbox.home == str((tmp_path / "work").resolve())
    assert "--tmpfs" in sandbox.wrap(["true"], tree)
    assert "--tmpfs" not in sandbox.wrap(["true"], tmp_path / "work")
    assert "--tmpfs" not in sandbox.wrap(["true"], tree, writable=[tmp_path])


@needs_bwrap
async def test_a_tool_home_moved_by_its_variable_is_its_state_under_the_sandbox(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Codex reads its login from $CODEX_HOME when set (Claude Code: $CLAUDE_CONFIG_DIR): that folder is the tool's
    state under the sandbox, writable, while the keys stay hidden."""
    from pmtui.config import AgentConfig
    from pmtui.delivery.agent_presets import resolve_agent
    from pmtui.delivery.executors import CommandExecutor
    from tests.test_agent_presets import contract, fake_tool

    home = user_home(tmp_path, monkeypatch)
    plant(home, {"tools/codex/auth.json": '{"OPENAI_API_KEY": "moved-login"}'})
    monkeypatch.setenv("CODEX_HOME", str(home / "tools" / "codex"))
    seen = tmp_path / "runs" / "seen.json"
    tool = fake_tool(tmp_path / "bin", "codex", f"""
import json, os
from pathlib import Path
out = {{}}
for path in (Path(os.environ["CODEX_HOME"]) / "auth.json", Path.home() / ".ssh" / "id_rsa"):
    try:
        out[path.name] = path.read_text().splitlines()[0]
    except OSError:
        out[path.name] = None
(Path(os.environ["CODEX_HOME"]) / "state.json").write_text("saved")
Path({str(seen)!r}).write_text(json.dumps(out))
""")
    agent = resolve_agent("codex", Config(agents={"codex": AgentConfig(program=str(tool))}))
    token = SANDBOX.set(resolve("on"))
    try:
        result = await CommandExecutor(agent).run(contract(), make_project(tmp_path), attempt=1,
                                                  run_dir=tmp_path / "runs")
    finally:
        SANDBOX.reset(token)

    assert result.sandboxed and result.exit_code == 0, result.output_tail
    assert json.loads(seen.read_text()) == {"auth.json": '{"OPENAI_API_KEY": "moved-login"}', "id_rsa": None}
    assert (home / "tools" / "codex" / "state.json").read_text() == "saved"


@needs_bwrap
def test_an_agent_of_your_own_kept_in_the_home_runs_with_its_folder(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """`--agent "python ~/agents/mine/run.py"` (as an absolute path) or a program in such a folder: the folder it is
    kept in comes back read-only (its helper modules with it), the keys beside it do not; a script kept beside a
    key file comes back alone."""
    home = user_home(tmp_path, monkeypatch)
    check = "print(pathlib.Path.home().joinpath('.ssh', 'id_rsa').exists())"
    plant(home, {"agents/mine/helper.py": "WORD = 'helped'",
                 "agents/mine/run.py": f"import helper, pathlib\nprint(helper.WORD)\n{check}",
                 "scripts/api_token.txt": "script-folder-secret",
                 "scripts/run.py": f"import pathlib\nprint(pathlib.Path(__file__).with_name('api_token.txt').exists())\n"
                                   f"{check}"})
    tree = make_project(tmp_path)
    said = []
    for script in (home / "agents" / "mine" / "run.py", home / "scripts" / "run.py"):
        argv = resolve("on").wrap([sys.executable, str(script)], tree)
        ran = subprocess.run(argv, cwd=tree, capture_output=True, text=True, timeout=60, check=False)
        assert ran.returncode == 0, ran.stderr
        said.append(ran.stdout.split())

    assert said == [["helped", "False"], ["False", "False"]]


@needs_bwrap
def test_a_venv_in_the_home_imports_its_editable_and_pth_sources(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A tool installed with `pip install -e ~/src/tool` into a venv under $HOME imports its source through
    setuptools' editable finder (and older installs through a .pth line): run by the venv's python, named by its
    path (a link out of the venv), it finds both; the folder beside them holding a key stays hidden."""
    home = user_home(tmp_path, monkeypatch)
    venv = home / ".venvs" / "tool"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    (site,) = venv.glob("lib/python*/site-packages")
    plant(home, {"src/tool/tool/__init__.py": "WORD = 'editable'", "src/other/other.py": "WORD = 'pth'",
                 "src/keys/token.txt": "src-secret"})
    template = next((found for entry in sys.path if entry for found in Path(entry).glob("__editable___*_finder.py")),
                    None)
    if template is None:
        pytest.skip("no setuptools editable finder in this venv to model one on (pip install -e .)")
    text = template.read_text(encoding="utf-8")
    mapping = f"MAPPING: dict[str, str] = {{'tool': {str(home / 'src' / 'tool' / 'tool')!r}}}"
    (site / "__editable___tool_0_1_finder.py").write_text(
        "\n".join(mapping if line.startswith("MAPPING") else line for line in text.splitlines()), encoding="utf-8")
    (site / "__editable__.tool-0.1.pth").write_text("import __editable___tool_0_1_finder; "
                                                    "__editable___tool_0_1_finder.install()", encoding="utf-8")
    (site / "other.pth").write_text(f"{home / 'src' / 'other'}\n{home / 'src' / 'keys'}\n", encoding="utf-8")
    tree = make_project(tmp_path)
    code = ("import tool, other, pathlib; print(tool.WORD, other.WORD, "
            f"pathlib.Path({str(home / 'src' / 'keys' / 'token.txt')!r}).exists())")

    ran = subprocess.run(resolve("on").wrap([str(venv / "bin" / "python"), "-c", code], tree), cwd=tree,
                         capture_output=True, text=True, timeout=60, check=False)

    assert (ran.returncode, ran.stdout.split()) == (0, ["editable", "pth", "False"]), ran.stderr


@needs_bwrap
def test_a_path_given_back_through_a_link_inside_the_repository_still_starts(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A path reached through a link that lives in a folder bound back (the repository, read-only beside the task's
    worktree): the link is there already, and making it again stopped bubblewrap ("Can't make symlink …: File
    exists") before any command ran."""
    home = user_home(tmp_path, monkeypatch)
    repo = make_project(home)  # ~/work/repo
    plant(home, {"data/fixture.txt": "shared fixture"})
    (repo / "datalink").symlink_to(Path("..") / ".." / "data")
    git(repo, "worktree", "add", "-q", "--detach", str(tmp_path / "tree"))
    sandbox = resolve("on", readable=["~/work/repo/datalink/fixture.txt"])

    seen = read_in(sandbox, tmp_path / "tree", ["~/work/repo/datalink/fixture.txt", "~/.ssh/id_rsa"])

    assert seen == {"~/work/repo/datalink/fixture.txt": "shared fixture", "~/.ssh/id_rsa": None}


@needs_bwrap
@pytest.mark.parametrize("preset, variable, folder", [
    ("mini-swe-agent", "XDG_CONFIG_HOME", "mini-swe-agent"),
    ("mini-swe-agent", "MSWEA_GLOBAL_CONFIG_DIR", ""),
    ("opencode", "XDG_DATA_HOME", "opencode"),
])
async def test_a_tool_following_the_xdg_folders_keeps_its_state_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, preset: str, variable: str, folder: str) -> None:
    """mini-swe-agent keeps its keys in $XDG_CONFIG_HOME/mini-swe-agent/.env (or $MSWEA_GLOBAL_CONFIG_DIR), opencode
    its login in $XDG_DATA_HOME/opencode/auth.json, when the user moved those folders: under the hidden home the
    tool still reads and writes them, and not the keys beside them."""
    from pmtui.config import AgentConfig
    from pmtui.delivery.agent_presets import resolve_agent
    from pmtui.delivery.executors import CommandExecutor
    from tests.test_agent_presets import contract, fake_tool

    home = user_home(tmp_path, monkeypatch)
    moved = home / "xdg" / variable.lower()
    state = moved / folder if folder else moved
    plant(state, {"auth.env": "TOOL_KEY=its-own"})
    other = (moved if folder else moved.parent) / "other-tool" / "token"  # beside the tool's folder
    plant(other.parent, {"token": "another-tools-secret"})
    monkeypatch.setenv(variable, str(moved))
    seen = tmp_path / "runs" / "seen.txt"
    tool = fake_tool(tmp_path / "bin", preset, f"""
from pathlib import Path
state, other = Path({str(state)!r}), Path({str(other)!r})
said = [state.joinpath("auth.env").read_text().strip(), str(other.exists()), str((Path.home() / ".ssh").exists())]
state.joinpath("history").write_text("kept")
Path({str(seen)!r}).write_text(" ".join(said))
""")
    agent = resolve_agent(preset, Config(agents={preset: AgentConfig(program=str(tool))}))
    token = SANDBOX.set(resolve("on"))
    try:
        result = await CommandExecutor(agent).run(contract(), make_project(tmp_path), attempt=1,
                                                  run_dir=tmp_path / "runs")
    finally:
        SANDBOX.reset(token)

    assert result.sandboxed and result.exit_code == 0, result.output_tail
    assert seen.read_text() == "TOOL_KEY=its-own False False"
    assert (state / "history").read_text() == "kept"


def test_pmtui_agents_says_what_of_the_home_each_preset_sees(tmp_path: Path) -> None:
    from pmtui.delivery.agent_presets import agent_catalog, agents_table

    table = agents_table(agent_catalog(Config(), probe=False))
    blocks: dict[str, str] = {}
    for line in table.splitlines():
        if line and not line.startswith(" "):
            name = line.split()[0]
        blocks[name] = blocks.get(name, "") + line + "\n"
    assert ("of your home, pmtui's sandbox shows it: ~/.claude, ~/.claude.json, $CLAUDE_CONFIG_DIR (writable); "
            "~/.claude/.credentials.json (read-only)") in blocks["claude"]
    assert "~/.aider (writable); ~/.aider.conf.yml, ~/.env, ~/.aider.model.settings.yml" in blocks["aider"]
    assert "~/.ssh" not in table and "~/.aws" not in table


@needs_bwrap
async def test_a_link_an_agent_leaves_in_its_state_folder_does_not_open_the_home_next_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An agent can write its tool's state folder: on its first attempt it turns its login file into a link to
    ~/.ssh/id_rsa (dangling inside, where ~/.ssh is hidden). Binding back the login file's real path on the next
    attempt would show the key at ~/.ssh; nothing found through the agent's writable folders is followed."""
    from pmtui.config import AgentConfig
    from pmtui.delivery.agent_presets import resolve_agent
    from pmtui.delivery.executors import CommandExecutor
    from tests.test_agent_presets import contract, fake_tool

    home = user_home(tmp_path, monkeypatch)
    plant(home, {".claude/.credentials.json": '{"claudeAiOauth": "claude-login"}'})
    seen = tmp_path / "runs" / "seen.json"
    tool = fake_tool(tmp_path / "bin", "claude", f"""
import json, os
from pathlib import Path
login, key = Path.home() / ".claude" / ".credentials.json", Path.home() / ".ssh" / "id_rsa"
if os.environ["PMTUI_ATTEMPT"] == "1":
    login.unlink()
    login.symlink_to(key)
out = {{}}
for path in (login, key):
    try:
        out[path.name] = path.read_text().splitlines()[0]
    except OSError:
        out[path.name] = None
Path({str(seen)!r}).write_text(json.dumps(out))
""")
    agent = resolve_agent("claude", Config(agents={"claude": AgentConfig(program=str(tool))}))
    repo = make_project(tmp_path)
    token = SANDBOX.set(resolve("on"))
    try:
        for attempt in (1, 2):
            result = await CommandExecutor(agent).run(contract(), repo, attempt=attempt, run_dir=tmp_path / "runs")
            assert result.exit_code == 0, result.output_tail
    finally:
        SANDBOX.reset(token)

    assert json.loads(seen.read_text()) == {".credentials.json": None, "id_rsa": None}
