"""`pmtui deliver --executor ray` when it cannot start: each mistake gets its own message and exit code,
before anything is delivered (no cluster needed: nothing may reach one)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixtures.delivery_repo import make_project, plan_text, task_block
from tests.fixtures.ray_cluster import free_port


def pmtui(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pmtui", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})}, check=False)


@pytest.fixture
def plan(tmp_path: Path) -> tuple[Path, Path]:
    root = make_project(tmp_path)
    path = tmp_path / "plan.md"
    path.write_text(plan_text("cli-ray", [task_block("T1", "Alpha", module="alpha", tier="low")]))
    return path, root


def deliver(plan: tuple[Path, Path], *extra: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return pmtui("deliver", str(plan[0]), "--repo", str(plan[1]), "--headless", *extra, env=env)


def test_a_free_port_for_the_test_cluster_is_never_one_ray_takes_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2026-11-27: the kernel handed out 52365 for the GCS, and `ray start` refused it ("dashboard_agent_http is
    # trying to use a port number 52365 that is used by other components"). The kernel cannot be made to; a socket
    # that is handed 52365 first stands in for it.
    import socket

    handed = iter([52365, 41234])

    class Socket(socket.socket):
        def getsockname(self) -> tuple[str, int]:
            return ("127.0.0.1", next(handed))

    monkeypatch.setattr(socket, "socket", Socket)
    assert free_port() == 41234


def test_the_ray_executor_needs_an_agent_command(plan: tuple[Path, Path]) -> None:
    done = deliver(plan, "--executor", "ray")
    assert done.returncode == 2
    assert "--executor ray runs an agent command on the nodes: pass --agent" in done.stderr


def test_cluster_options_without_the_ray_executor_are_refused(plan: tuple[Path, Path]) -> None:
    done = deliver(plan, "--agent", "true", "--remote", "https://git.example/app.git")
    assert done.returncode == 2 and "--ray-address and --remote go with --executor ray" in done.stderr


def test_an_address_where_nothing_answers_fails_fast_and_says_so(plan: tuple[Path, Path]) -> None:
    address = f"127.0.0.1:{free_port()}"
    done = deliver(plan, "--agent", "true", "--executor", "ray", "--ray-address", address)
    assert done.returncode == 1
    assert f"nothing answers at {address}" in done.stderr and "ray start --head" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_ray_client_address_is_refused_with_what_to_do(plan: tuple[Path, Path]) -> None:
    done = deliver(plan, "--agent", "true", "--executor", "ray", "--ray-address", "ray://head:10001")
    assert done.returncode == 1 and "Ray Client address" in done.stderr and "on a node of the cluster" in done.stderr


def test_the_executor_and_address_come_from_the_config_too(plan: tuple[Path, Path], tmp_path: Path) -> None:
    address = f"127.0.0.1:{free_port()}"
    config = tmp_path / "pmtui.toml"
    config.write_text(f'[delivery]\nexecutor = "ray"\nray_address = "{address}"\n')
    done = deliver(plan, "--agent", "true", env={"PMTUI_CONFIG": str(config)})
    assert done.returncode == 1 and f"nothing answers at {address}" in done.stderr
    config.write_text('[delivery]\nexecutor = "cluster"\n')
    done = deliver(plan, "--agent", "true", env={"PMTUI_CONFIG": str(config)})
    assert done.returncode == 2 and "delivery.executor" in done.stderr
