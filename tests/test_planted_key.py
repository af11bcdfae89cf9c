"""A planted key after a full run: the pmtui process holds an API key; the agent prints it, the test
command prints it, the review model's provider echoes it in a 400. After the run is released, the key
is nowhere pmtui writes: not the store, the log, the run's files, the repository, or the terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fake_llm_server import FakeLLMServer, FakeResponse
from tests.fixtures.delivery_repo import QUICK_TESTS, git, make_project

KEY = "sk-proj-PLANTED0r8Vt3QxL2mZ9wK4nB7cY1fJ6hD5sA"
AGENT = f"{sys.executable} {Path(__file__).parent / 'agents' / 'leaky_agent.py'}"


def plan(tmp_path: Path) -> Path:
    path = tmp_path / "plan.md"
    path.write_text("\n".join([
        "# Plan: Planted key", "plan-id: planted", "", "## Environment", "- lint: none", "- typecheck: none",
        f"- test: sh -c 'echo \"token in use: $OPENAI_API_KEY\"; {QUICK_TESTS}'",
        "- build: none", "", "## Tasks", "",
        "### T1: Alpha value", "- tier: normal", "- ownership: alpha", "- files: create src/alpha.py",
        "- tests: tests/test_alpha.py", "", "Acceptance criteria:", "- alpha_value returns the alpha value", "",
    ]), encoding="utf-8")
    return path


@pytest.fixture
def fake_llm() -> Iterator[FakeLLMServer]:
    """The review model's provider. Not tests/fake_llm_server.py's `fake_llm`, which imports litellm in the test's
    own process (3-4 s of CPU, and a place in the workers' litellm group): here only the `pmtui` processes call it."""
    with FakeLLMServer() as server:
        yield server


def test_a_planted_key_is_nowhere_after_a_full_run(tmp_path: Path, fake_llm: FakeLLMServer) -> None:
    repo = make_project(tmp_path)
    config = tmp_path / "pmtui.toml"
    config.write_text(f'[models.review]\nmodel = "openai/reviewer"\napi_base = "{fake_llm.api_base}"\n'
                      "timeout = 30\nmax_retries = 0\n", encoding="utf-8")
    for _ in range(3):
        fake_llm.enqueue(FakeResponse(status=400, error_message="Incorrect API key provided: {authorization}"))
    env = {**os.environ, "OPENAI_API_KEY": KEY, "PMTUI_CONFIG": str(config)}
    said: list[str] = []

    def pmtui(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([sys.executable, "-m", "pmtui", *args], capture_output=True, text=True, timeout=180,
                              env=env, check=False)
        said.extend([done.stdout, done.stderr])
        return done

    deliver = ["deliver", str(plan(tmp_path)), "--repo", str(repo), "--agent", AGENT, "--headless", "--no-wait"]
    first = pmtui(*deliver)
    assert first.returncode == 3, first.stdout + first.stderr
    assert any(KEY in request.authorization for request in fake_llm.requests), "the key did reach the provider"
    escalations = json.loads(pmtui("status", "--json").stdout)["escalations"]
    (asked,) = [e for e in escalations if e["answer"] is None]
    assert "review model unavailable" in asked["problem"] and "Incorrect API key provided" in asked["problem"]
    assert pmtui("answer", str(asked["id"]), "--option", "2").returncode == 0  # the offline reviewer
    second = pmtui(*deliver)
    assert second.returncode == 0, second.stdout + second.stderr

    leaks: list[str] = []
    db = Path(os.environ["PMTUI_DB"])
    written = [*db.parent.rglob("*"), Path(os.environ["PMTUI_LOG"]), *repo.rglob("*")]
    for path in written:
        if path.is_file() and KEY.encode() in path.read_bytes():
            leaks.append(str(path))
    history = git(repo, "log", "--all", "-p", "--format=%H%n%B")
    if KEY in history:
        leaks.append("git history")
    loose = subprocess.run(["git", "grep", "-I", "-l", KEY, *git(repo, "rev-list", "--all").split()], cwd=repo,
                           capture_output=True, text=True, check=False).stdout
    if loose.strip():
        leaks.append("a committed tree")
    for number, text in enumerate(said):
        if KEY in text:
            leaks.append(f"terminal output {number}")
    assert not leaks, leaks
    review = git(repo, "show", "pm/planted~1:docs/reviews/T1-review.md")
    assert "[REDACTED]" in review, "the review artifact carried the gate's output, redacted"
