"""A preset agent with no model to use is refused before the run starts, with what to set. aider with no model and
no key offered a browser sign-in to OpenRouter and waited five minutes for it, each task, each attempt (seen from
"Deliver this plan" with `aider` and no [models.agent], 2026-11-27)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.config import Config, ModelRoute
from pmtui.delivery.agent_presets import resolve_agent
from pmtui.delivery.agent_readiness import AIDER_KEYS, setup_missing
from tests.fixtures.delivery_repo import make_project

AIDER = Path(__file__).resolve().parent.parent / ".venv-agents" / "bin" / "aider"


@pytest.fixture
def bare_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user with no model set anywhere aider looks: no key variables, a home with no aider config or .env."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in (*AIDER_KEYS, "AIDER_MODEL"):
        monkeypatch.delenv(name, raising=False)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    tool = bin_dir / "aider"
    tool.write_text(f"#!{sys.executable}\nprint('aider 0.86.2')\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    return home


def test_aider_with_no_model_anywhere_is_refused_with_what_to_set(bare_home: Path, tmp_path: Path) -> None:
    said = setup_missing(resolve_agent("aider", Config()), tmp_path)
    assert said is not None and "[models.agent]" in said and "$OPENAI_API_KEY" in said and "sign-in" in said


@pytest.mark.parametrize("where", ["forwarded", "env key", "AIDER_MODEL", "home conf", "repo conf", "home .env",
                                   "repo .env"])
def test_aider_finds_a_model_in_each_place_it_looks(bare_home: Path, tmp_path: Path, where: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    config = Config()
    if where == "forwarded":
        config = Config(models={"agent": ModelRoute(model="openai/gpt-4o-mini", api_base="http://127.0.0.1:9/v1")})
    elif where == "env key":
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    elif where == "AIDER_MODEL":
        monkeypatch.setenv("AIDER_MODEL", "gpt-4o")
    elif where.endswith("conf"):
        (bare_home if where == "home conf" else repo).joinpath(".aider.conf.yml").write_text("model: sonnet\n")
    else:
        (bare_home if where == "home .env" else repo).joinpath(".env").write_text("OPENROUTER_API_KEY=sk-or-x\n")
    assert setup_missing(resolve_agent("aider", config), repo) is None


def test_other_agents_are_not_second_guessed(bare_home: Path, tmp_path: Path) -> None:
    assert setup_missing(resolve_agent(f"{sys.executable} -c pass", Config()), tmp_path) is None


@pytest.mark.skipif(not AIDER.exists(), reason="aider is not installed in .venv-agents: `make test` installs it")
def test_pmtui_deliver_with_the_real_aider_and_no_model_exits_2_before_anything_starts(tmp_path: Path) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text("# Plan: x\nplan-id: x\n\n## Tasks\n\n### T1: One\n\nDo it.\n\n- files: create a.py\n\n"
                    "Acceptance criteria:\n- it works\n")
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": f"{AIDER.parent}:/usr/bin:/bin", "HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "pmtui", "--db", str(tmp_path / "p.db"), "deliver", str(plan),
                           "--repo", str(repo), "--agent", "aider", "--headless"], capture_output=True, text=True,
                          timeout=120, env=env, check=False)
    assert done.returncode == 2, done.stderr
    assert "aider has no model to use here" in done.stderr
    assert not (tmp_path / "runs").exists() and "run" not in done.stdout.lower()
