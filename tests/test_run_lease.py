"""One `deliver` at a time: a second one on the same store and repository exits 2 naming the pid and
host that hold the run; a lease whose holder was killed is taken over on resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pmtui.delivery.lease import LeaseHeld, RunLease, lease_holder, this_host
from pmtui.store import Store
from tests.fixtures.delivery_repo import make_project, plan_text, task_block

AGENTS = Path(__file__).parent / "agents"
MODULE_AGENT = f"{sys.executable} {AGENTS / 'module_agent.py'}"


def deliver(plan: Path, repo: Path, agent: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "pmtui", "deliver", str(plan), "--repo", str(repo), "--agent", agent, "--headless",
         *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )


def wait_for(condition: object, timeout: float = 60) -> None:
    stop = time.monotonic() + timeout
    while time.monotonic() < stop:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting")


def test_a_second_deliver_is_refused_and_a_killed_holder_is_taken_over(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("lease", [task_block("T1", "Alpha value", module="alpha")]))
    pids = tmp_path / "pids.json"
    # Unconfined: the agent reports its pids in a file outside its worktree (a sandbox would hide it).
    first = deliver(plan, repo, f"{sys.executable} {AGENTS / 'sleeping_agent.py'} {pids}", "--sandbox", "off")
    try:
        wait_for(pids.exists)  # the first run owns the repository and its agent is at work
        second = deliver(plan, repo, MODULE_AGENT)
        out, err = second.communicate(timeout=60)
        assert second.returncode == 2, out + err
        assert err.strip() == f"pmtui deliver: run 1 is being delivered by pid {first.pid} on {this_host()}; use `pmtui watch`"
        assert "Traceback" not in out + err
        # The refused process touched nothing: the first still holds its lease and its agent runs.
        store = Store(os.environ["PMTUI_DB"])
        holder = lease_holder(store, repo)
        store.close()
        assert holder is not None and holder.pid == first.pid and holder.run_id == 1
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()
        agent = json.loads(pids.read_text())
        for pid in agent.values():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    resumed = deliver(plan, repo, MODULE_AGENT)
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, out + err
    assert f"taking over from pid {first.pid} on {this_host()}, which no longer delivers run 1" in out
    assert "released" in out
    store = Store(os.environ["PMTUI_DB"])
    try:
        assert lease_holder(store, repo) is None, "a finished run lets go of its lease"
        assert store.query("SELECT COUNT(*) FROM run_leases")[0][0] == 0
    finally:
        store.close()


def test_a_lease_is_refused_while_its_holder_runs_and_taken_over_when_it_is_gone(tmp_path: Path) -> None:
    store = Store(tmp_path / "pmtui.db")
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        first = RunLease(store, tmp_path, "plan-a")
        first.acquire()
        first.attach(3)
        with store.transaction() as conn:
            conn.execute("UPDATE run_leases SET pid = ?", (holder.pid,))
        second = RunLease(store, tmp_path, "plan-b")
        with pytest.raises(LeaseHeld) as refused:
            second.acquire()
        assert str(refused.value).startswith(f"run 3 is being delivered by pid {holder.pid} on {this_host()}")
        assert first.beat(), "the holder keeps its lease alive"
        holder.kill()
        holder.wait()
        second.acquire()
        assert second.taken_over is not None and second.taken_over.pid == holder.pid
        assert not first.beat(), "a holder whose lease was taken over learns it at its next beat"
        first.release()
        found = lease_holder(store, tmp_path)
        assert found is not None and found.token == second.token, "releasing a lost lease leaves the new one"
        second.release()
        assert lease_holder(store, tmp_path) is None
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
        store.close()


def test_a_holder_on_another_host_is_live_until_its_heartbeat_is_old(tmp_path: Path) -> None:
    from pmtui.delivery import lease as lease_module

    store = Store(tmp_path / "pmtui.db")
    try:
        remote = RunLease(store, tmp_path, "plan")
        remote.acquire()
        with store.transaction() as conn:
            conn.execute("UPDATE run_leases SET host = 'build-node-7', pid = 1")
        local = RunLease(store, tmp_path, "plan")
        with pytest.raises(LeaseHeld, match="pid 1 on build-node-7"):
            local.acquire()
        with store.transaction() as conn:
            conn.execute("UPDATE run_leases SET heartbeat_at = '2000-01-01T00:00:00+00:00'")
        local.acquire()
        assert local.taken_over is not None and local.taken_over.host == "build-node-7"
        assert lease_module.STALE_S > 5 * lease_module.HEARTBEAT_S
    finally:
        store.close()


def test_a_deliver_from_another_store_on_the_same_repository_is_refused(tmp_path: Path) -> None:
    """The lease lives in a store; the repository is one whichever store drives it: a second `deliver` with
    another --db is refused too, naming the pid, the host and the store to watch."""
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("lease", [task_block("T1", "Alpha value", module="alpha")]))
    pids = tmp_path / "pids.json"
    first_db, second_db = tmp_path / "first.db", tmp_path / "second.db"
    first = deliver(plan, repo, f"{sys.executable} {AGENTS / 'sleeping_agent.py'} {pids}", "--sandbox", "off",
                    "--db", str(first_db))
    try:
        wait_for(pids.exists)
        branch = subprocess.run(["git", "branch", "--show-current"], cwd=repo, capture_output=True, text=True,
                                check=True).stdout
        second = deliver(plan, repo, MODULE_AGENT, "--db", str(second_db))
        out, err = second.communicate(timeout=60)
        assert second.returncode == 2, out + err
        assert err.strip() == (f"pmtui deliver: {repo} is being delivered by pid {first.pid} on {this_host()} "
                               f"(store {first_db}); use `pmtui watch --db {first_db}`")
        assert subprocess.run(["git", "branch", "--show-current"], cwd=repo, capture_output=True, text=True,
                              check=True).stdout == branch
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()
        for pid in json.loads(pids.read_text()).values():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    resumed = deliver(plan, repo, MODULE_AGENT, "--db", str(first_db))
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, out + err


def test_two_stores_in_one_folder_keep_their_runs_apart(tmp_path: Path) -> None:
    """Runs of two stores side by side (or of a store deleted and started afresh) never share a run folder:
    a run never resumes from another's checkpoints, worktrees or logs."""
    for name in ("one", "two"):
        repo = make_project(tmp_path / name)
        (repo / "src" / f"{name}.py").write_text(f'"""Only in {name}."""\n')
        subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
        subprocess.run(["git", "commit", "-qm", name], cwd=repo, check=True)
        plan = tmp_path / name / "plan.md"
        plan.write_text(plan_text("apart", [task_block("T1", "Alpha value", module="alpha")]))
        run = deliver(plan, repo, MODULE_AGENT, "--db", str(tmp_path / f"{name}.db"), "--no-wait")
        out, err = run.communicate(timeout=120)
        assert run.returncode == 0, out + err
        committed = subprocess.run(["git", "ls-tree", "-r", "--name-only", "pm/apart"], cwd=repo, capture_output=True,
                                   text=True, check=True).stdout.split()
        assert "src/alpha.py" in committed and f"src/{name}.py" in committed
        assert name == "one" or "src/one.py" not in committed
