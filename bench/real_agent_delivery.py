"""A plan pmtui's PM wrote, delivered by a real coding agent: aider-chat or mini-swe-agent, as a user brings them.

The founder's answers go through the offline PM (`pmtui chat`); the plan it writes is delivered headless by
`pmtui deliver --agent aider|mini-swe-agent`: the real tool (from .venv-agents, `make agents`), real git, real ruff,
mypy and pytest gates of this venv. The agent's model is a scripted OpenAI-compatible server on 127.0.0.1
(tests/fake_llm_server.py) that reads only what the agent sends: the task's prompt, found by its `# Task Tn:`
heading, and the paths it names; it answers with the code a developer wrote beforehand for those paths
(tests/agents/*_code.txt, as bench/plain_agent_delivery.py's agent does), in the tool's own format (aider: whole-file
edits; mini-swe-agent: a bash heredoc, the tests, then submit). pmtui's own review is the offline one. Prints, per
task, the agent runs, whether the first passed (else why), the escalations and the task's wall time.

    .venv/bin/python bench/real_agent_delivery.py [--agent aider|mini-swe-agent] [--founder nurses|hire]
        [--no-gitignore] [--keep]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.plain_agent_delivery import FOUNDERS, PMTUI, bench_env, report, start_repo, write_plan
from tests.fake_llm_server import FakeLLMServer, FakeResponse

AGENT_BIN = ROOT / ".venv-agents" / "bin"
TASK = re.compile(r"# Task (T\d+): ")
# The paths a prompt asks for, as plain_agent.py reads them.
PATHS = re.compile(r"[\w./-]+\.(?:py|toml)\b")


def code_written_beforehand(founder: str) -> dict[str, str]:
    sections = re.split(r"^=== (\S+)\n", FOUNDERS[founder][1].read_text(encoding="utf-8"), flags=re.MULTILINE)[1:]
    return dict(zip(sections[::2], sections[1::2], strict=True))


def task_prompt(body: dict[str, Any]) -> str:
    """The message that carries the task (the prompt file's text), '' when none does."""
    for message in reversed(body.get("messages", [])):
        content = message.get("content")
        text = content if isinstance(content, str) else " ".join(
            str(part.get("text", "")) for part in content or [] if isinstance(part, dict))
        if TASK.search(text):
            return text
    return ""


def wanted_files(prompt: str, code: dict[str, str]) -> dict[str, str]:
    asked = set(PATHS.findall(prompt))
    return {path: text for path, text in code.items() if path in asked}


def map_lines(prompt: str, files: dict[str, str]) -> str:
    """A fix prompt's `MAP <number>: <path>:<line>` request answered as a model does: for each numbered criterion,
    the line of the task's code that shares the most words with it."""
    if "MAP <number>" not in prompt:
        return ""
    asked = re.findall(r"^(\d+)\. (.+)$", prompt.split("MAP <number>", 1)[1], flags=re.MULTILINE)
    sources = [(path, n, line) for path, text in files.items() if not path.startswith("tests/")
               for n, line in enumerate(text.splitlines(), start=1)]
    answers = []
    for number, criterion in asked:
        words = set(re.findall(r"[a-z]{3,}", criterion.lower()))
        path, line, _ = max(sources, key=lambda s: len(words & set(re.findall(r"[a-z]{3,}", s[2].lower()))))
        answers.append(f"MAP {number}: {path}:{line}")
    return "\n".join(answers)


def aider_responder(code: dict[str, str]):  # type: ignore[no-untyped-def]
    def respond(body: dict[str, Any]) -> FakeResponse:
        prompt = task_prompt(body)
        files = wanted_files(prompt, code)
        if not files:
            return FakeResponse(text="I could not work out which files this task is about.")
        edits = "\n\n".join(f"{path}\n```\n{text}```" for path, text in files.items())
        return FakeResponse(text="Here is the code.\n\n" + edits + "\n\n" + map_lines(prompt, files) + "\n")

    return respond


def mini_responder(code: dict[str, str]):  # type: ignore[no-untyped-def]
    def respond(body: dict[str, Any]) -> FakeResponse:
        prompt = task_prompt(body)
        files = wanted_files(prompt, code)
        turns = sum(1 for m in body.get("messages", []) if m.get("role") == "assistant")
        if not files or turns >= 2:
            return FakeResponse(text="Done.\n" + map_lines(prompt, files), tool_calls=[
                {"name": "bash", "arguments": {"command": "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"}}])
        if turns == 0:
            dirs = sorted({str(Path(p).parent) for p in files if Path(p).parent != Path(".")})
            script = "\n".join([f"mkdir -p {' '.join(dirs)}"] * bool(dirs) + [
                f"cat > {path} <<'PMTUI_EOF'\n{text}PMTUI_EOF" for path, text in files.items()])
            return FakeResponse(text="I will write the code and its test.",
                                tool_calls=[{"name": "bash", "arguments": {"command": script}}])
        # The commands the prompt gives (lint, typecheck, test), as a developer runs them before handing in.
        commands = re.findall(r"^- (?:lint|typecheck|test|build): `(.+)`$", prompt, flags=re.MULTILINE)
        return FakeResponse(text="Now the checks.", tool_calls=[
            {"name": "bash", "arguments": {"command": "; ".join(commands) or "true"}}])

    return respond


RESPONDERS = {"aider": (aider_responder, "aider"), "mini-swe-agent": (mini_responder, "mini")}


def deliver(agent: str, founder: str, base: Path, *, gitignore: bool = True) -> None:
    make, program = RESPONDERS[agent]
    if not (AGENT_BIN / program).is_file():
        sys.exit(f"{program} is not in {AGENT_BIN}: `make agents` installs it")
    env = bench_env()
    plan, db = write_plan(founder, base, env)
    repo = start_repo(base, gitignore=gitignore)
    with FakeLLMServer() as server:
        server.set_responder(make(code_written_beforehand(founder)))
        config = base / "pmtui.toml"
        config.write_text(f'[models.agent]\nmodel = "openai/fake-coder"\napi_base = "{server.api_base}"\n',
                          encoding="utf-8")
        env = {**env, "PATH": f"{AGENT_BIN}:{env['PATH']}", "PMTUI_CONFIG": str(config), "HOME": str(base / "home"),
               "OPENAI_API_KEY": "sk-fake-for-bench", "NO_COLOR": "1"}
        started = time.perf_counter()
        run = subprocess.run([*PMTUI, "--db", str(db), "--offline", "deliver", str(plan), "--repo", str(repo),
                              "--headless", "--no-wait", "--agent", agent], capture_output=True, text=True,
                             env=env, check=False)
        wall = time.perf_counter() - started
        last = (run.stdout.strip().splitlines() or run.stderr.strip().splitlines() or [""])[-1]
        print(f"{founder} with {agent}: pmtui deliver exited {run.returncode} in {wall:.0f} s "
              f"({server.call_count} model calls): {last}")
        if run.returncode not in (0, 3):
            print(run.stderr[-3000:])
    report(founder, db)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", choices=sorted(RESPONDERS), action="append")
    parser.add_argument("--founder", choices=sorted(FOUNDERS), action="append")
    parser.add_argument("--no-gitignore", action="store_true",
                        help="the founder's repository holds only a README, as `git init` and a first commit leave it")
    parser.add_argument("--keep", action="store_true", help="keep the run's folder (repo, store, agent files)")
    options = parser.parse_args()
    for agent in options.agent or ["aider"]:
        for founder in options.founder or sorted(FOUNDERS):
            base = Path(tempfile.mkdtemp(prefix=f"real-{agent}-{founder}-"))
            deliver(agent, founder, base, gitignore=not options.no_gitignore)
            if options.keep:
                print(f"  kept in {base}")
            else:
                subprocess.run(["rm", "-rf", str(base)], check=False)


if __name__ == "__main__":
    main()
