"""Test isolation: no user config, no network, no API keys, no cursor blink, a store in tmp_path."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# PYTHONDONTWRITEBYTECODE is set on these machines (and on many CI images): pytest then cannot keep the
# assert-rewritten test modules, and every worker rewrote all of them on every run (3-4 s of CPU each).
# This process keeps them in tests/__pycache__ as pytest does by default; the processes the tests start
# keep the environment as it is (gates write no bytecode, whatever this says).
sys.dont_write_bytecode = False

from tests.rewrite_cache import share_rewritten_modules

share_rewritten_modules()

from pmtui.config import Config
from pmtui.store import Store

_KEY_VARS = [name for name in os.environ if name.endswith("_API_KEY")]

pytest_plugins = ["tests.fake_llm_server"] if (Path(__file__).parent / "fake_llm_server.py").exists() else []


def _isolate(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PMTUI_CONFIG", str(home / "no-such-pmtui.toml"))
    monkeypatch.setenv("PMTUI_DB", str(home / "pmtui.db"))
    monkeypatch.setenv("PMTUI_LOG", str(home / "pmtui.log"))
    monkeypatch.setenv("PMTUI_GATE_CACHE", str(home / "gate-cache"))
    monkeypatch.setenv("PMTUI_NO_NETWORK", "1")
    monkeypatch.delenv("PMTUI_MODEL", raising=False)
    for name in _KEY_VARS:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session", autouse=True)
def _isolated_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The same isolation for module and session fixtures, which are set up before any test's own: the
    headless demo's gates wrote their caches in the user's real cache folder."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        _isolate(tmp_path_factory.mktemp("session-home"), monkeypatch)
        yield


def new_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of its own for one test's isolation, made without listing anything. `tmp_path_factory.mktemp`
    numbers a new folder by listing the whole base folder first: with a home and a `tmp_path` per test, a worker's
    base folder grew to ~1,800 entries and the listings cost it 1.2 s of CPU over the suite (quadratic in its tests)."""
    homes = tmp_path_factory.getbasetemp() / "homes"
    homes.mkdir(exist_ok=True)
    return Path(tempfile.mkdtemp(prefix="home", dir=homes))


@pytest.fixture(autouse=True)
def _isolated(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    _isolate(new_home(tmp_path_factory), monkeypatch)


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """Snapshots must not depend on where the blink timer happens to be."""
    from textual.widgets import Input

    original = Input._on_mount

    def _mount_without_blink(self: Input, event: object) -> None:
        self.cursor_blink = False
        original(self, event)  # type: ignore[arg-type]

    monkeypatch.setattr(Input, "_on_mount", _mount_without_blink)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    db = Store(tmp_path / "pmtui.db")
    yield db
    db.close()


@pytest.fixture
def offline_config() -> Config:
    return Config(offline=True)


# The files holding the longest tests (seconds each, from `--durations` and `bench/suite_cpu.py --tail`), started
# first: xdist hands work out in collection order, so a 20 s test collected last kept one worker busy while the others
# sat idle at the end. With `--dist loadgroup` the xdist groups (litellm, ray, the module fixtures) go out before
# single tests, largest group first; this order decides among the single tests. The last five were found starting
# 277-358 s into a 370 s run (load 8, 2026-11-27): the 20 s litellm-import test, the npm agents' deliveries (19 s
# each), the spec-to-dashboard Pilot test (13 s), the choices test (12 s) and the Gemini --help check (11 s).
SLOW_FIRST = (
    "tests/test_real_agents.py",
    "tests/test_ray_cluster.py",
    "tests/test_kill_resume.py",
    "tests/test_code_checks.py",
    "tests/test_demo.py",
    "tests/test_whole_path.py",
    "tests/test_planted_key.py",
    "tests/test_tui_flow.py",
    "tests/test_import_hygiene.py",
    "tests/test_npm_agents.py",
    "tests/test_delivery_cli.py",
    "tests/test_engine.py",
    "tests/test_controls.py",
    "tests/test_eval_llm.py",
    "tests/test_spec_deliver.py",
    "tests/test_tui_choices.py",
    "tests/test_agent_presets.py",
    "tests/test_engine_process.py",
    "tests/test_fail_closed.py",
)


# The tests that use litellm in the worker itself (the `litellm_loaded` fixture, through `fake_llm` too) share one
# worker: importing litellm costs 3-4 s of CPU in each worker that does, and they were spread over all three.
LITELLM_GROUP = "litellm"


def _module_fixtures(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(
        any(d.scope == "module" for d in defs) for defs in info.name2fixturedefs.values())


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under xdist (--dist loadgroup), the tests that share a module-scoped fixture go to one worker,
    so the fixture (a whole chat session, a headless demo run, a cluster) is built once, not per worker;
    so do the tests that import litellm in the worker (LITELLM_GROUP); and the longest modules go first
    (SLOW_FIRST), the rest in their collected order."""
    rank = {path: n for n, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(SLOW_FIRST)))
    litellm_files = {item.nodeid.split("::", 1)[0] for item in items if "litellm_loaded" in item.fixturenames}
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        path = item.nodeid.split("::", 1)[0]
        if "litellm_loaded" in item.fixturenames:
            item.add_marker(pytest.mark.xdist_group(LITELLM_GROUP))
        elif _module_fixtures(item):
            # A module fixture is built once only if all its tests share a worker, litellm's ones included.
            group = LITELLM_GROUP if path in litellm_files else f"{path}:module-fixtures"
            item.add_marker(pytest.mark.xdist_group(group))
