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
        [--no-gitignore] [--keep] [--ray-address HOST:PORT]

With `--ray-address` the attempts run on that Ray cluster (`--executor ray`; the key reaches the nodes through
`[delivery] ray_env`, the agent must be on the nodes' PATH), and the feed's lines about nodes are printed.
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

from bench.plain_agent_delivery import PMTUI, bench_env, report, start_repo, write_plan
from tests.fake_llm_server import FakeLLMServer, FakeResponse
from tests.fixtures.written_code import (
    FOUNDERS,
    aider_edits,
    code_written_beforehand,
    map_lines,
    task_prompt,
    wanted_files,
)

AGENT_BIN = ROOT / ".venv-agents" / "bin"


def aider_responder(code: dict[str, str]):  # type: ignore[no-untyped-def]
    def respond(body: dict[str, Any]) -> FakeResponse:
        prompt = task_prompt(body)
        files = wanted_files(prompt, code)
        if not files:
            return FakeResponse(text="I could not work out which files this task is about.")
        return FakeResponse(text="Here is the code.\n\n" + aider_edits(files) + "\n\n" + map_lines(prompt, files) + "\n")

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


def deliver(agent: str, founder: str, base: Path, *, gitignore: bool = True, ray_address: str = "",
            extra: tuple[str, ...] = ()) -> None:
    make, program = RESPONDERS[agent]
    if not (AGENT_BIN / program).is_file():
        sys.exit(f"{program} is not in {AGENT_BIN}: `make agents` installs it")
    env = bench_env()
    plan, db = write_plan(founder, base, env)
    repo = start_repo(base, gitignore=gitignore)
    with FakeLLMServer() as server:
        server.set_responder(make(code_written_beforehand(founder)))
        config = base / "pmtui.toml"
        config.write_text(f'[models.agent]\nmodel = "openai/fake-coder"\napi_base = "{server.api_base}"\n'
                          + ('[delivery]\nray_env = ["OPENAI_API_KEY"]\n' if ray_address else ""), encoding="utf-8")
        on_ray = ["--executor", "ray", "--ray-address", ray_address] if ray_address else []
        env = {**env, "PATH": f"{AGENT_BIN}:{env['PATH']}", "PMTUI_CONFIG": str(config), "HOME": str(base / "home"),
               "OPENAI_API_KEY": "sk-fake-for-bench", "NO_COLOR": "1"}
        started = time.perf_counter()
        run = subprocess.run([*PMTUI, "--db", str(db), "--offline", "deliver", str(plan), "--repo", str(repo),
                              "--headless", "--no-wait", "--agent", agent, *on_ray, *extra], capture_output=True, text=True,
                             env=env, check=False)
        wall = time.perf_counter() - started
        last = (run.stdout.strip().splitlines() or run.stderr.strip().splitlines() or [""])[-1]
        print(f"{founder} with {agent}: pmtui deliver exited {run.returncode} in {wall:.0f} s "
              f"({server.call_count} model calls): {last}")
        if run.returncode not in (0, 3):
            print(run.stderr[-3000:])
        if ray_address:
            for line in (run.stdout + run.stderr).splitlines():
                if re.search(r"Ray node|on node|node .* cannot run", line):
                    print("  " + line)
    report(founder, db)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", choices=sorted(RESPONDERS), action="append")
    parser.add_argument("--founder", choices=sorted(FOUNDERS), action="append")
    parser.add_argument("--no-gitignore", action="store_true",
                        help="the founder's repository holds only a README, as `git init` and a first commit leave it")
    parser.add_argument("--keep", action="store_true", help="keep the run's folder (repo, store, agent files)")
    parser.add_argument("--ray-address", default="", help="deliver on this Ray cluster (HOST:PORT)")
    options = parser.parse_args()
    for agent in options.agent or ["aider"]:
        for founder in options.founder or sorted(FOUNDERS):
            base = Path(tempfile.mkdtemp(prefix=f"real-{agent}-{founder}-"))
            deliver(agent, founder, base, gitignore=not options.no_gitignore, ray_address=options.ray_address)
            if options.keep:
                print(f"  kept in {base}")
            else:
                subprocess.run(["rm", "-rf", str(base)], check=False)


if __name__ == "__main__":
    main()
