"""A plan pmtui's PM wrote, delivered by an agent that knows nothing of pmtui: how many tasks pass on its first run.

For each founder, the offline PM is given the founder's answers (`pmtui chat`, the real conversation loop), the plan
it writes is delivered headless (`pmtui deliver`, real git, real ruff, mypy and pytest gates of this venv) by
`tests/agents/plain_agent.py`: it reads only the prompt file it is given and writes code a developer wrote beforehand
in their own words (no result file, no criteria map). A task that fails plan alignment on its first run costs a real
agent a whole second run; this prints, per task, the attempts and what the first run left unmapped.

    .venv/bin/python bench/plain_agent_delivery.py [--founder nurses|hire] [--parallel-tiers low,normal]

`--parallel-tiers low,normal` runs the plan's normal tasks with distinct ownership side by side (each in a tree
that holds only the tasks integrated before it started), as `pmtui deliver --parallel-tiers` does.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fixtures.written_code import FOUNDERS

PMTUI = [sys.executable, "-m", "pmtui"]


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]


def bench_env() -> dict[str, str]:
    """This venv's tools (ruff, mypy, pytest) first on PATH; no model key: pmtui's own PM is the offline one."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("OPENAI_API_KEY", None)
    return env


def write_plan(founder: str, base: Path, env: dict[str, str]) -> tuple[Path, Path]:
    """The founder's answers through the offline PM; the plan it writes and the store it wrote it in."""
    answers, _code = FOUNDERS[founder]
    db = base / "pmtui.db"
    _run([*PMTUI, "--db", str(db), "--offline", "chat", "--jsonl", "--project", founder],
         input="\n".join(answers) + "\n", env=env)
    exported = json.loads(_run([*PMTUI, "--db", str(db), "export", "--project", founder, "--json"], env=env).stdout)
    plan = base / "plan.md"
    plan.write_text(exported["plan_markdown"])
    return plan, db


def start_repo(base: Path, *, gitignore: bool = True) -> Path:
    """The founder's empty repository: a README (and a .gitignore of Python's caches), one commit on main."""
    repo = base / "repo"
    repo.mkdir()
    for args in (["init", "-q", "-b", "main"], ["config", "user.name", "Founder"], ["config", "user.email", "f@x"]):
        _run(["git", *args], cwd=repo)
    (repo / "README.md").write_text("# App\n")
    if gitignore:
        (repo / ".gitignore").write_text("__pycache__/\n.pytest_cache/\n.ruff_cache/\n.mypy_cache/\n")
    _run(["git", "add", "-A"], cwd=repo)
    _run(["git", "commit", "-q", "-m", "start"], cwd=repo)
    return repo


def report(founder: str, db: Path) -> None:
    """Per task: agent runs, whether the first passed (else the failed gates and the lines why), escalations."""
    store = sqlite3.connect(db)
    attempts: dict[str, list[list[dict[str, object]]]] = {}
    for task_id, _attempt, gate_results in store.execute(
            "select task_id, attempt, gate_results from attempts order by task_id, attempt"):
        attempts.setdefault(task_id, []).append(json.loads(gate_results or "[]"))
    spans = {task_id: (started, finished) for task_id, started, finished in store.execute(
        "select task_id, started_at, finished_at from tasks where started_at is not null")}
    # The agent's share of a task's time: the states it works in, from entering one to the next transition.
    agent_s: dict[str, float] = {}
    entered: dict[str, tuple[str, datetime]] = {}
    for task_id, state, at in store.execute("select task_id, to_state, created_at from transitions order by id"):
        stamp = datetime.fromisoformat(at)
        if task_id in entered and entered[task_id][0] in ("implementing", "fixing_issues"):
            agent_s[task_id] = agent_s.get(task_id, 0.0) + (stamp - entered[task_id][1]).total_seconds()
        entered[task_id] = (state, stamp)
    escalated: dict[str, list[str]] = {}
    for task_id, problem in store.execute("select task_id, problem from escalations order by id"):
        escalated.setdefault(str(task_id), []).append(str(problem))
    first = 0
    for task_id, runs in attempts.items():
        failed = [g for g in runs[0] if not g["passed"]]
        first += bool(runs[0]) and not failed
        started, finished = spans.get(task_id, (None, None))
        wall = f"{(datetime.fromisoformat(finished) - datetime.fromisoformat(started)).total_seconds():.1f} s" if (
            started and finished) else "unfinished"
        wall += f" (agent {agent_s.get(task_id, 0.0):.1f} s)"
        verdict = ("did not reach the gates" if not runs[0] else "passed" if not failed else
                   "failed " + ", ".join(str(g["gate"]) for g in failed))
        print(f"  {task_id}: {len(runs)} run(s), {wall}; first run {verdict}")
        for gate in failed:
            # Plan alignment's unmapped criteria are its ✗ lines; another gate's first lines say why.
            lines = [str(x) for x in gate["evidence"]]
            for line in [x for x in lines if x.startswith("✗")] if gate["gate"] == "plan_alignment" else lines[:4]:
                print(f"      {line[:150]}")
        for problem in escalated.get(task_id, []):
            print(f"      escalated: {problem[:150]}")
    print(f"{founder}: {first}/{len(attempts)} tasks passed on the agent's first run; "
          f"{sum(len(r) for r in attempts.values())} agent runs for {len(attempts)} tasks; "
          f"{sum(len(p) for p in escalated.values())} escalation(s)")


def deliver(founder: str, base: Path, parallel_tiers: str = "") -> None:
    env = bench_env()
    plan, db = write_plan(founder, base, env)
    repo = start_repo(base)
    code = FOUNDERS[founder][1]
    agent = f"{sys.executable} {ROOT / 'tests' / 'agents' / 'plain_agent.py'} --message-file {{prompt_file}} --code {code}"
    run = _run([*PMTUI, "--db", str(db), "--offline", "deliver", str(plan), "--repo", str(repo), "--headless",
                "--no-wait", "--agent", agent, *(["--parallel-tiers", parallel_tiers] if parallel_tiers else [])],
               env=env)
    print(f"{founder}: pmtui deliver exited {run.returncode}: {run.stdout.strip().splitlines()[-1]}")
    report(founder, db)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--founder", choices=sorted(FOUNDERS), action="append")
    parser.add_argument("--parallel-tiers", default="", help="as `pmtui deliver --parallel-tiers` (default: its own)")
    args = parser.parse_args()
    for founder in args.founder or sorted(FOUNDERS):
        with tempfile.TemporaryDirectory(prefix=f"plain-{founder}-") as tmp:
            deliver(founder, Path(tmp), args.parallel_tiers)


if __name__ == "__main__":
    main()
