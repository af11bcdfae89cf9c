"""Heavy imports stay off the start-up path (no litellm, Textual, git or networkx when the engine loads);
which module may import which is tests/test_layers.py's job (import-linter contracts)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_importing_the_engine_loads_neither_textual_nor_litellm() -> None:
    code = (
        "import sys\n"
        "import pmtui.product.orchestrator, pmtui.store, pmtui.config, pmtui.product.brains.offline\n"
        "heavy = [m for m in ('textual', 'litellm', 'git', 'networkx') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_engine_and_the_ray_executor_load_no_ray() -> None:
    """Ray (seconds to import, and chatty on the terminal) lives only in the driver child process."""
    code = (
        "import sys\n"
        "import pmtui.cli, pmtui.delivery.engine, pmtui.delivery.ray_executor, pmtui.delivery.node_attempt\n"
        "print(','.join(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_first_frame_of_pmtui_needs_no_pydantic_no_store_and_no_eval() -> None:
    """DESIGN.md's first-paint budget: what `pmtui` imports before its first frame is Textual, argparse and
    the home screen. Building the CLI's parser once imported the eval harness (pydantic, the config, YAML,
    the orchestrator) for the names of its founder sets: 1.74-1.80x the minimal app instead of 1.25x."""
    code = (
        "import sys\n"
        "from textual import events\n"
        "from textual.app import App\n"
        "post = App.post_message\n"
        "def report(self, message):\n"
        "    if isinstance(message, events.Ready):\n"
        "        heavy = ('pydantic', 'yaml', 'sqlite3', 'litellm', 'git', 'networkx', 'pmtui.config',\n"
        "                 'pmtui.store', 'pmtui.product.orchestrator', 'pmtui.product.eval.founders')\n"
        "        print('LOADED:' + ','.join(m for m in heavy if m in sys.modules), flush=True)\n"
        "        self.call_later(self.exit)\n"
        "    return post(self, message)\n"
        "App.post_message = report\n"
        "run = App.run\n"
        "App.run = lambda self, *a, **k: run(self, headless=True)\n"
        "from pmtui.cli import main\n"
        "main([])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120)
    loaded = [line for line in out.stdout.splitlines() if line.startswith("LOADED:")]
    assert loaded == ["LOADED:"], out.stdout[-2000:] + out.stderr[-2000:]


def test_a_run_with_a_review_model_imports_litellm_in_the_background_once_and_silently() -> None:
    """The review model's warm-up starts litellm's import in a thread (the task driver calls it as an agent's attempt
    starts, tests/test_agent_side_escalations.py), so the first tier review does not wait for it after the first
    agent; making the reviewer imports nothing, and an offline review route has nothing to warm."""
    code = (
        "import sys, threading\n"
        "from pmtui.config import Config\n"
        "from pmtui.store import Store\n"
        "from pmtui.delivery.engine import model_reviewer, model_criteria_mapper\n"
        "from pmtui.llm import gateway\n"
        "store = Store(':memory:')\n"
        "assert model_reviewer(Config(offline=True), store) is None and gateway._WARMING is None\n"
        "assert 'litellm' not in sys.modules\n"
        "config = Config.model_validate({'models': {'review': {'model': 'openai/some-model'}}})\n"
        "review, mapper = model_reviewer(config, store), model_criteria_mapper(config, store)\n"
        "assert review is not None and mapper is not None\n"
        "assert gateway._WARMING is None and 'litellm' not in sys.modules, 'made, not warmed'\n"
        "review.warm()\n"
        "first = gateway._WARMING\n"
        "assert first is not None and first.daemon\n"
        "mapper.warm()\n"
        "assert gateway._WARMING is first\n"
        "first.join(120)\n"
        "assert gateway._LITELLM is not None and gateway.load_litellm() is gateway._LITELLM\n"
        "print([t.name for t in threading.enumerate() if t.name.startswith('pmtui-litellm')])\n"
    )
    env = {**{k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}, "OPENAI_API_KEY": "sk-fake-for-tests"}
    out = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, env=env,
                         timeout=180)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[]" and out.stderr == ""


def test_the_tuis_process_never_loads_the_engine_or_the_criteria_vocabularies() -> None:
    """Every run in the TUI delivers in a process of its own, so the UI process needs the dashboard and what
    "Deliver this plan" checks (git, the agent presets, an executor), not the engine: its warm-up used to
    import the engine and, through the gates package, the criteria vocabularies (half a second of imports
    holding the GIL while a live run's first rows were drawn). An executor needs only the gates' command
    runner, so the gates package loads each of its rooms when one of its names is first used."""
    code = (
        "import sys\n"
        "import pmtui.app, pmtui.screens.delivery_run\n"
        "pmtui.app._warm_imports()\n"
        "from pmtui.delivery.agent_presets import resolve_agent\n"
        "from pmtui.delivery.executors import CommandExecutor\n"
        "from pmtui.config import Config\n"
        "CommandExecutor(resolve_agent(sys.executable + ' -c pass {prompt_file}', Config(offline=True)))\n"
        "heavy = ('pmtui.delivery.engine', 'pmtui.delivery.gates.alignment', 'pmtui.delivery.gates.vocabulary')\n"
        "print(','.join(m for m in heavy if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == ""


def test_every_public_name_of_the_gates_package_is_found_in_its_room() -> None:
    from pmtui.delivery import gates

    assert sorted(gates.__all__) == sorted(gates._HOME_OF)
    for name, module in gates._HOME_OF.items():
        assert getattr(gates, name) is getattr(sys.modules[module], name), name
    try:
        gates.no_such_gate  # noqa: B018 - the attribute error is what is tested
    except AttributeError as error:
        assert "no_such_gate" in str(error)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def _loaded_after(code: str, heavy: tuple[str, ...]) -> tuple[list[str], str]:
    """Run `code` in a fresh interpreter; the `heavy` modules it left loaded, and what it printed before."""
    report = f"\nimport sys\nprint('LOADED:' + ','.join(m for m in {heavy!r} if m in sys.modules))\n"
    out = subprocess.run([sys.executable, "-c", code + report], capture_output=True, text=True, check=False,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    printed, _, loaded = out.stdout.rpartition("LOADED:")
    return [name for name in loaded.strip().split(",") if name], printed


def test_pmtui_status_json_loads_no_conversation_schema_no_graph_library_no_git_and_no_ui(tmp_path: Path) -> None:
    """`pmtui status --json` reads the store: about 60 of them start in the suite, and every user's status.
    It used to build the conversation's schemas (the store and pmtui.models imported them at load)."""
    from pmtui.delivery.store import DeliveryStore, PlannedTask
    from pmtui.store import Store

    db = tmp_path / "status.db"
    store = Store(db)
    dstore = DeliveryStore(store)
    run = dstore.create_run("habit-mvp", "/tmp/habit", plan_name="Habit tracker MVP")
    dstore.add_tasks(run.id, [PlannedTask(task_id="T1", title="Auth", tier="critical"),
                              PlannedTask(task_id="T2", title="Sync docs", tier="low", depends=["T1"])])
    dstore.add_escalation(run.id, "T1", "the tests fail twice", "T2 waits", ["retry", "skip"], recommended=1)
    store.close()
    heavy = ("pmtui.models.discovery", "pmtui.models.scoping", "pmtui.models.state", "pmtui.product.orchestrator",
             "networkx", "git", "yaml", "litellm", "textual", "pmtui.delivery.engine", "pmtui.delivery.gates")
    code = f"from pmtui.cli import main\nassert main(['--db', {str(db)!r}, 'status', '--json']) == 0\n"
    loaded, printed = _loaded_after(code, heavy)
    status = json.loads(printed)
    assert status["plan_id"] == "habit-mvp" and [task["id"] for task in status["tasks"]] == ["T1", "T2"]
    assert status["escalations"][0]["options"] == ["retry", "skip"]
    assert loaded == []


def test_a_headless_delivery_process_loads_no_conversation_schema(
    tmp_path: Path,
) -> None:
    """`pmtui deliver` from start to release (about 40 of them in the suite, and the engine's process and the
    demo do the same work): the conversation's schemas stay unbuilt, and neither the model layer nor the UI
    is loaded. (GitPython and networkx, the design card's git and graph libraries, are used in one place each.)"""
    from tests.fixtures.delivery_repo import make_project, plan_text, task_block

    project = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("hygiene", [task_block("T1", "Alpha value", module="alpha")], lint=False))
    agent = f"{sys.executable} {ROOT / 'tests' / 'agents' / 'module_agent.py'}"
    argv = ["--db", str(tmp_path / "run.db"), "deliver", str(plan), "--repo", str(project), "--agent", agent,
            "--headless"]
    code = f"from pmtui.cli import main\nassert main({argv!r}) == 0\n"
    # urllib.request: the Ollama probe's, which PMTUI_NO_NETWORK (tests/conftest.py) turns off.
    heavy = ("pmtui.models.discovery", "pmtui.models.scoping", "pmtui.product.orchestrator", "litellm", "textual",
             "urllib.request")
    loaded, printed = _loaded_after(code, heavy)
    assert "[commit] T1 committed" in printed and "pmtui deliver: released" in printed, printed[-2000:]
    assert loaded == []


def test_the_engine_loads_the_criteria_vocabularies_only_when_a_gate_first_checks_a_change() -> None:
    """A delivery that ends before any change is checked (a bad repository, a held lease, a released run run
    again, an agent that fails and escalates) never needs plan alignment's rule tables: about 0.1 s of CPU at
    each start, once loaded by the engine's import through the minimum gates, the tier review and the
    reviewer's CriterionLocation."""
    vocabularies = ("pmtui.delivery.gates.alignment", "pmtui.delivery.gates.change_evidence",
                    "pmtui.delivery.gates.vocabulary")
    code = (
        "import pmtui.cli, pmtui.delivery.engine, pmtui.delivery.engine_process, pmtui.delivery.release\n"
        "from pmtui.delivery import gates\n"
        "from pmtui.delivery.gates import minimum, reviewer, tier_gates\n"
        "gates.CriterionLocation(criterion='Habits persist', location='src/store.py:3')\n"
    )
    loaded, _ = _loaded_after(code, vocabularies)
    assert loaded == []
    loaded, _ = _loaded_after(code + "gates.plan_alignment\n", vocabularies)
    assert loaded == list(vocabularies)
