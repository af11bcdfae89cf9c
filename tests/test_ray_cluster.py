"""Delivery on a real Ray cluster: a head and a worker node started as separate `ray start --block`
processes (1 CPU each), a real repository and a real agent command (tests/agents/cluster_agent.py).

One cluster serves the module (the `ray` xdist group keeps these tests in one worker, so it is
started once); a test that needs a node another test killed starts it again. The cluster's
fixture stops every process its nodes started, by process group, however the tests end.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine, RunOutcome
from pmtui.delivery.executors import CommandExecutor
from pmtui.delivery.feed import output_log_path
from pmtui.delivery.progress import status_json
from pmtui.delivery.ray_executor import RayExecutor
from pmtui.delivery.store import DeliveryStore
from pmtui.store import Store
from tests.fixtures.delivery_repo import git, make_project, plan_text, refs_count, task_block
from tests.fixtures.processes import run_pmtui
from tests.fixtures.ray_cluster import RayCluster

pytestmark = [pytest.mark.ray, pytest.mark.xdist_group("ray")]

AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'cluster_agent.py'}"
SECRET_NAME = "PMTUI_TEST_AGENT_API_KEY"
# cluster_agent.py as a program on PATH (`pmtui-cluster-agent`): on the module cluster's nodes, not on a node that
# joins without this folder on its PATH.
AGENT_BIN = Path(__file__).parent / "agents" / "bin"


@pytest.fixture(scope="module")
def later_bin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder on every node's PATH that starts empty: a test "installs" a program on the nodes by linking it here."""
    return tmp_path_factory.mktemp("later-bin")


@pytest.fixture(scope="module")
def cluster(later_bin: Path) -> Iterator[RayCluster]:
    running = RayCluster(env={"PATH": f"{AGENT_BIN}{os.pathsep}{later_bin}{os.pathsep}{os.environ['PATH']}"})
    running.start(workers=1)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def live(cluster: RayCluster) -> RayCluster:
    """The module's cluster with its head and one worker up (restarted when an earlier test killed one)."""
    return cluster.ensure(workers=1)


def low_plan(tmp_path: Path, plan_id: str, count: int) -> Path:
    tasks = [task_block(f"T{n}", f"Module m{n}", module=f"m{n}", tier="low") for n in range(1, count + 1)]
    path = tmp_path / f"{plan_id}.md"
    path.write_text(plan_text(plan_id, tasks, lint=False))
    return path


def pmtui(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return run_pmtui(args, env={**os.environ, **env}, timeout=240)


def commit_contents(root: Path, sha: str) -> tuple[str, dict[str, str]]:
    """A task's commit as (subject, path → blob), its review artifact left out (it holds timings)."""
    subject = git(root, "log", "-1", "--format=%s", sha)
    files = git(root, "diff-tree", "--no-commit-id", "-r", sha).splitlines()
    blobs = {line.split("\t")[1]: line.split()[3] for line in files if not line.split("\t")[1].startswith("docs/")}
    return subject, blobs


def test_a_plan_on_two_nodes_commits_what_the_local_executor_commits(tmp_path: Path, live: RayCluster) -> None:
    plan = low_plan(tmp_path, "twin", 3)
    secret = f"sk-test-{uuid.uuid4().hex}"
    agent = f"{AGENT} --sleep 0.3 --need-env {SECRET_NAME}"
    roots = {executor: make_project(tmp_path / executor) for executor in ("local", "ray")}

    # On this machine, in process; then on the cluster, as a user runs it.
    os.environ[SECRET_NAME] = secret
    try:
        local_run = asyncio.run(engine_for(tmp_path / "local", roots["local"], plan, CommandExecutor(agent)).run())
    finally:
        del os.environ[SECRET_NAME]
    assert local_run.state == "released", local_run.message
    config = tmp_path / "pmtui.toml"
    config.write_text(f'[delivery]\nray_env = ["{SECRET_NAME}"]\n')
    env = {"PMTUI_CONFIG": str(config), SECRET_NAME: secret}
    # The nodes fetch each base commit from a remote here (the other tests send a bundle through Ray).
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    done = pmtui("--db", str(tmp_path / "ray.db"), "deliver", str(plan), "--repo", str(roots["ray"]),
                 "--agent", agent, "--headless", "--no-wait", "--executor", "ray", "--ray-address", live.address,
                 "--remote", str(remote), env=env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(rf"Ray cluster at {live.address}: 2 nodes · [0-2]/2 slots free", done.stderr), done.stderr
    status = pmtui("--db", str(tmp_path / "ray.db"), "status", "--json", env=env)
    ray = json.loads(status.stdout)
    local = status_json(DeliveryStore(Store(tmp_path / "local" / "pmtui.db")), local_run.run_id or 0)
    assert ray["state"] == "released"
    assert [t["node"] for t in local["tasks"]] == ["local"] * 3
    # Every task ran on a node of the cluster, and both nodes had work.
    assert {t["node_name"] for t in ray["tasks"]} == {live.node_name("head"), live.node_name("worker-1")}
    assert all(len(t["node"]) == 56 for t in ray["tasks"])  # Ray's hex node id

    # The same commits: per task the same subject and the same files with the same contents, and
    # the same tree at the end of the plan branch (review artifacts aside: they hold timings).
    for task_local, task_ray in zip(local["tasks"], ray["tasks"], strict=True):
        assert task_local["id"] == task_ray["id"] and task_ray["attempts"] == 1
        assert commit_contents(roots["local"], task_local["commit"]) == commit_contents(roots["ray"], task_ray["commit"])
        assert refs_count(roots["ray"], task_ray["id"]) == 1
    trees = [git(root, "ls-tree", "-r", "pm/twin", "--", "src", "tests") for root in roots.values()]
    assert trees[0] == trees[1]
    counts = [git(root, "rev-list", "--count", "main..pm/twin") for root in roots.values()]
    assert counts[0] == counts[1] == "4"  # three tasks and the release manifest
    # Each base the nodes started from was pushed under refs/pmtui/bases/ (no branch of the remote moved).
    pushed = git(remote, "for-each-ref", "--format=%(refname)").split()
    assert pushed and all(ref.startswith("refs/pmtui/bases/") for ref in pushed)

    # The agent's output came back into the attempt's log; the key reached the nodes as a runtime-env
    # secret and was written nowhere.
    db = Store(tmp_path / "ray.db")
    try:
        run = DeliveryStore(db).latest_run("twin", roots["ray"])
        assert run is not None and run.config["executor"] == "ray" and run.config["env"] == [SECRET_NAME]
        log = output_log_path(run, db.path, "T1", 1)
    finally:
        db.close()
    text = log.read_text()
    assert f"agent T1: {SECRET_NAME} is set" in text and "agent T1 done" in text
    for path in [tmp_path / "ray.db", *log.parent.rglob("*"), *Path(os.environ["PMTUI_LOG"]).parent.rglob("*")]:
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path


def engine_for(tmp_path: Path, root: Path, plan: Path, executor: object, on_event: object = None,
               max_parallel: int = 2) -> DeliveryEngine:
    tmp_path.mkdir(parents=True, exist_ok=True)
    config = Config(offline=True)
    # The holding agent's marks folder is the test's channel to it: writable under the sandbox, which confines the
    # agent on a node as on this machine (tests/test_ray_sandbox.py).
    config.delivery.sandbox_writable = [str(tmp_path / "marks")]
    return DeliveryEngine(Store(tmp_path / "pmtui.db"), config, repo=root, plan_path=plan,
                          executor=executor, run_dir=tmp_path / "runs", poll_interval=0.05,  # type: ignore[arg-type]
                          gate_timeout_s=60, max_parallel=max_parallel, on_event=on_event)  # type: ignore[arg-type]


def holding_agent(marks: Path, hold: str) -> CommandExecutor:
    return CommandExecutor(AGENT, env={"PMTUI_TEST_AGENT_HOLD": hold, "PMTUI_TEST_AGENT_MARKS": str(marks)})


async def both_held(marks: Path, count: int = 2, within: float = 300.0) -> None:
    """The holding agents' marks, or a failure saying so: an agent that cannot write its mark (a sandbox refusing
    the folder) hung this wait forever instead of failing the test."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while len(list(marks.glob("*.try-*"))) < count:
        assert loop.time() < deadline, f"only {len(list(marks.glob('*.try-*')))} of {count} agents held within {within:g} s"
        await asyncio.sleep(0.05)


def test_a_node_without_the_agent_escalates_naming_it_and_spends_no_budget(tmp_path: Path, live: RayCluster) -> None:
    root = make_project(tmp_path)
    executor = RayExecutor(CommandExecutor("pmtui-no-such-agent --yes {prompt_file}"), address=live.address)
    try:
        executor.connect()
        outcome = asyncio.run(engine_for(tmp_path, root, low_plan(tmp_path, "unfit", 1), executor).run(no_wait=True))
    finally:
        executor.close()
    assert outcome.ending == "waiting"
    dstore = DeliveryStore(Store(tmp_path / "pmtui.db"))
    (escalation,) = dstore.escalations(outcome.run_id or 0)
    assert escalation.kind == "node_unfit"
    assert "agent command not found: 'pmtui-no-such-agent'" in escalation.problem
    assert escalation.options == ["Retry with a fresh budget", "Skip this task (dependents blocked)"]  # nothing ran
    # No node has it: each was tried once (the first one it landed on is not used again for it), and both are named.
    assert "no node of the cluster can run the attempt (2 tried)" in escalation.problem, escalation.problem
    assert all(f"node {name} (" in escalation.problem for name in (live.node_name("head"), live.node_name("worker-1")))
    task = dstore.task(outcome.run_id or 0, "T1")
    assert task.retry_budget == 2 and task.attempts == 1
    assert dstore.last_attempt(outcome.run_id or 0, "T1").outcome == "not_run"  # type: ignore[union-attr]


def test_retry_once_the_agent_is_installed_tries_the_nodes_that_lacked_it_again(
    tmp_path: Path, live: RayCluster, later_bin: Path
) -> None:
    # The dashboard's flow: the same pmtui (the same Ray driver) asked the human, who installs the agent and answers
    # "retry". Every node lacked it, so none may still be left out.
    root = make_project(tmp_path)
    program = f"pmtui-late-agent-{uuid.uuid4().hex[:8]}"
    executor = RayExecutor(CommandExecutor(f"{program} --sleep 0.2"), address=live.address)
    try:
        executor.connect()
        plan = low_plan(tmp_path, "later", 1)
        first = asyncio.run(engine_for(tmp_path, root, plan, executor).run(no_wait=True))
        assert first.ending == "waiting", first.message
        dstore = DeliveryStore(Store(tmp_path / "pmtui.db"))
        (escalation,) = dstore.escalations(first.run_id or 0)
        assert f"agent command not found: '{program}'" in escalation.problem
        (later_bin / program).symlink_to(AGENT_BIN / "pmtui-cluster-agent")  # installed on every node
        dstore.answer_escalation(escalation.id, 1)
        again = asyncio.run(engine_for(tmp_path, root, plan, executor).run(no_wait=True))
    finally:
        executor.close()
        (later_bin / program).unlink(missing_ok=True)
    assert again.state == "released" and again.run_id == first.run_id, again.message
    assert refs_count(root, "T1") == 1


def test_a_node_without_the_agent_is_left_out_and_its_attempt_runs_elsewhere_without_spending_budget(
    tmp_path: Path, live: RayCluster
) -> None:
    # The operator walk of stop 29: a worker without aider on its PATH made every attempt Ray placed there escalate.
    with_agent, live.env = live.env, {}  # worker-2 joins without the agents' folders on its PATH
    try:
        live.add_worker("worker-2")
    finally:
        live.env = with_agent
    lacking = live.node_name("worker-2")
    root = make_project(tmp_path)
    feed: list[str] = []
    # Three one-slot nodes and three attempts at once: Ray puts one on each, worker-2's included.
    executor = RayExecutor(CommandExecutor("pmtui-cluster-agent --sleep 3"), address=live.address)
    engine = engine_for(tmp_path, root, low_plan(tmp_path, "uneven", 3), executor, max_parallel=3,
                        on_event=lambda kind, text: feed.append(f"[{kind}] {text}"))
    try:
        executor.connect()
        outcome = asyncio.run(engine.run(no_wait=True))
    finally:
        executor.close()
        live.kill("worker-2")
    assert outcome.state == "released", (outcome.message, feed)
    dstore = DeliveryStore(Store(tmp_path / "pmtui.db"))
    assert dstore.escalations(outcome.run_id or 0) == []
    # The first attempt that landed there says which node lacks which agent, once.
    said = [line for line in feed if f"node {lacking} (" in line and "cannot run it" in line]
    assert len(said) == 1, feed
    assert "agent command not found: 'pmtui-cluster-agent'" in said[0] and "not used again" in said[0]
    status = {t["id"]: t for t in status_json(dstore, outcome.run_id or 0)["tasks"]}
    # It ran elsewhere under the same number (no retry budget spent); no task ran on the node without the agent.
    assert all(t["attempts"] == 1 and t["node_name"] != lacking for t in status.values()), status
    assert all([a.attempt for a in dstore.attempts(outcome.run_id or 0, t)] == [1] for t in status)
    # Each attempt that landed there (its log says so; one queued before the first came back may land there too)
    # has it in its review note; the others' notes do not.
    run = dstore.get_run(outcome.run_id or 0)
    landed = {task_id for task_id in status if f"[pmtui] node {lacking} (" in
              output_log_path(run, tmp_path / "pmtui.db", task_id, 1).read_text()}
    assert said[0].split()[1] in landed  # "[agent] T2 attempt 1: node …"
    for task_id in status:
        risks = dstore.task(outcome.run_id or 0, task_id).review_note.risks  # type: ignore[union-attr]
        named = [risk for risk in risks if f"node {lacking} (" in risk]
        assert bool(named and "agent command not found: 'pmtui-cluster-agent'" in named[0]) == (task_id in landed), risks
    # Each attempt waited for a Ray node and then said the node it works on (never "at work" before it had one).
    for task_id in status:
        mine = [line for line in feed if line.startswith(f"[agent] {task_id} attempt 1")]
        waiting = [n for n, line in enumerate(mine) if line.endswith("agent waiting for a Ray node")]
        working = [n for n, line in enumerate(mine) if "agent at work" in line]
        assert waiting and working and waiting[0] < working[0], mine
        assert all(" at work on node " in mine[n] for n in working), mine
    # A node that cannot run an attempt is never said to work on it.
    assert not [line for line in feed if f"at work on node {lacking}" in line], feed


def test_what_this_machine_writes_beside_the_repository_is_not_blamed_on_an_agent_that_ran_on_a_node(
    tmp_path: Path, live: RayCluster
) -> None:
    # The layout an operator (and bench/real_agent_delivery.py) uses: the store, the run's logs and the shell's
    # output file beside the repository. pmtui writes them while the attempt runs on a node; the agent, in a
    # scratch clone on that node, never could. Run 1 of the operator walk (2026-11-28) failed T1 twice on
    # "a file outside the repository was changed: …/pmtui.db-wal" and escalated.
    root = make_project(tmp_path)
    beside = root.parent
    executor = RayExecutor(CommandExecutor(f"{AGENT} --sleep 0.5"), address=live.address)
    engine = engine_for(beside, root, low_plan(tmp_path, "beside", 1), executor)

    async def write_beside() -> None:
        # The operator's `pmtui deliver … > out.txt` grows while the agent works.
        while not list((beside / "runs").rglob("T1-attempt-1.output.log")):
            await asyncio.sleep(0.05)
        (beside / "out.txt").write_text("[agent] T1 attempt 1: command agent waiting for a Ray node\n")

    async def run() -> tuple[RunOutcome, None]:
        return await asyncio.gather(engine.run(no_wait=True), write_beside())

    try:
        executor.connect()
        outcome, _ = asyncio.run(run())
    finally:
        executor.close()
    assert outcome.state == "released", outcome.message
    dstore = DeliveryStore(Store(beside / "pmtui.db"))
    (attempt,) = dstore.attempts(outcome.run_id or 0, "T1")
    assert attempt.outcome == "agent_done"
    assert not [line for line in attempt.evidence if "outside the repository" in line], attempt.evidence


def test_a_worker_killed_mid_attempt_reruns_it_elsewhere_and_commits_once(tmp_path: Path, live: RayCluster) -> None:
    root = make_project(tmp_path)
    marks = tmp_path / "marks"
    marks.mkdir()
    executor = RayExecutor(holding_agent(marks, "T1,T2"), address=live.address)
    worker = live.node_name("worker-1")
    feed: list[str] = []
    engine = engine_for(tmp_path, root, low_plan(tmp_path, "kill", 2), executor,
                        on_event=lambda kind, text: feed.append(f"[{kind}] {text}"))

    async def kill_the_worker() -> str:
        await both_held(marks)
        dstore = DeliveryStore(Store(tmp_path / "pmtui.db"))
        while True:
            status = status_json(dstore, engine.run_id)
            on_worker = [t["id"] for t in status["tasks"] if t["node_name"] == worker]
            if on_worker:
                log = output_log_path(dstore.get_run(engine.run_id), tmp_path / "pmtui.db", on_worker[0], 1)
                # The agent's output streams back while it works: its hold line is here before the kill.
                if log.exists() and "holds (first try)" in log.read_text():
                    break
            await asyncio.sleep(0.05)
        await asyncio.to_thread(live.kill, "worker-1")
        (marks / "release").write_text("go")
        return on_worker[0]

    async def run() -> tuple[RunOutcome, str]:
        return await asyncio.gather(engine.run(), kill_the_worker())

    try:
        executor.connect()
        outcome, victim = asyncio.run(run())
    finally:
        executor.close()
    assert outcome.state == "released", outcome.message
    dstore = DeliveryStore(Store(tmp_path / "pmtui.db"))
    status = {t["id"]: t for t in status_json(dstore, outcome.run_id or 0)["tasks"]}
    assert status[victim]["attempts"] == 1  # the retry budget was not spent
    assert status[victim]["node_name"] == live.node_name("head")  # it ran again, on the node that was left
    assert sorted(p.name for p in marks.glob(f"{victim}.try-*")) == [f"{victim}.try-1", f"{victim}.try-2"]
    assert refs_count(root, victim) == 1 and refs_count(root, "T1") == refs_count(root, "T2") == 1
    text = output_log_path(dstore.get_run(outcome.run_id or 0), tmp_path / "pmtui.db", victim, 1).read_text()
    assert f"[pmtui] node {worker}" in text and "was lost mid-attempt" in text
    assert text.count(f"agent {victim} done") == 1
    # The feed (what `pmtui deliver` prints, the dashboard's log) says the node was lost where it says the node.
    again = [line for line in feed if f"{victim} attempt 1 runs again, on node {live.node_name('head')}" in line]
    assert len(again) == 1 and f"node {worker} (" in again[0] and "was lost mid-attempt" in again[0], feed
    # Before that, each attempt waited for a Ray node, then said which node it works on.
    for task_id in ("T1", "T2"):
        mine = [line for line in feed if line.startswith(f"[agent] {task_id} attempt 1")]
        assert mine[0].endswith("agent waiting for a Ray node"), mine
        assert " agent at work on node " in mine[1] and "agent at work" not in mine[0], mine


def test_the_head_lost_mid_attempt_stops_the_run_and_the_same_command_resumes_it(
    tmp_path: Path, cluster: RayCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ray ends a driver whose head stays away this long (60 s by default).
    monkeypatch.setenv("RAY_gcs_rpc_server_reconnect_timeout_s", "3")
    head = cluster.ensure(workers=0)  # a worker, if one is up, is of no use once the head is gone
    root = make_project(tmp_path)
    marks = tmp_path / "marks"
    marks.mkdir()
    plan = low_plan(tmp_path, "head", 2)
    executor = RayExecutor(holding_agent(marks, "T1,T2"), address=head.address)
    engine = engine_for(tmp_path, root, plan, executor)

    async def kill_the_head() -> None:
        await both_held(marks, count=1)
        await asyncio.to_thread(head.kill, "head")

    async def run() -> tuple[RunOutcome, None]:
        return await asyncio.gather(engine.run(), kill_the_head())

    try:
        executor.connect()
        stopped, _ = asyncio.run(run())
    finally:
        executor.close()
    assert stopped.ending == "failed" and stopped.state == "running"
    assert "was lost" in stopped.message and "run the same command again to resume" in stopped.message
    dstore = DeliveryStore(Store(tmp_path / "pmtui.db"))
    held = [t for t in ("T1", "T2") if (marks / f"{t}.try-1").exists()]
    # Every attempt the head's loss cut short is recorded as not run: one, or both when a worker node was up too and
    # the second task had started on it before the head went (the module's earlier tests decide whether one is).
    assert held and [dstore.last_attempt(stopped.run_id or 0, t).outcome  # type: ignore[union-attr]
                     for t in held] == ["not_run"] * len(held)
    assert git(root, "rev-list", "--count", "main..pm/head") == "0"

    # The same run resumes (here on this machine: the cluster is gone) and commits each task once.
    (marks / "release").write_text("go")
    resumed = asyncio.run(engine_for(tmp_path, root, plan, holding_agent(marks, "")).run())
    assert resumed.state == "released" and resumed.run_id == stopped.run_id
    status = status_json(dstore, resumed.run_id or 0)
    assert [(t["attempts"], t["node"]) for t in status["tasks"]] == [(1, "local")] * 2
    assert [refs_count(root, f"T{n}") for n in (1, 2)] == [1, 1]
