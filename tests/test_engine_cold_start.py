"""A fresh process's first run: GitPython is not imported by a run whose commits stay loose, and the heavy modules
the run imports later (networkx, the criteria vocabularies, the reviewer, yaml) are imported on the prewarm thread,
none on the thread that drives the run. Counts of imports, not times. The run happens in a fresh interpreter: this
one has imported everything already."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pmtui.delivery import git_ops
from pmtui.delivery.prewarm import HEAVY
from tests.fixtures.delivery_repo import git, make_project, module_files, plan_text, task_block

ROOT = Path(__file__).resolve().parents[1]

# Records which thread first asked for each top-level module of HEAVY and for GitPython, then delivers a plan.
SCRIPT = r"""
import asyncio, json, sys, threading
from pathlib import Path

WATCHED = set(sys.argv[5].split(","))
seen = {}


class Recorder:
    def find_spec(self, name, path=None, target=None):
        if name in WATCHED and name not in sys.modules:
            seen.setdefault(name, threading.current_thread().name)
        return None


sys.meta_path.insert(0, Recorder())
from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import ScriptedExecutor, write_files
from pmtui.store import Store

files = json.loads(sys.argv[4])
store = Store(Path(sys.argv[3]))
engine = DeliveryEngine(store, Config(offline=True), repo=Path(sys.argv[1]), plan_path=Path(sys.argv[2]),
                        executor=ScriptedExecutor({task: [write_files(f)] for task, f in files.items()}),
                        run_dir=Path(sys.argv[3]).parent / "runs", poll_interval=0.05, gate_timeout_s=60)
outcome = asyncio.run(engine.run(no_wait=True))
store.close()
print(json.dumps({"ending": outcome.ending, "message": outcome.message, "seen": seen,
                  "loaded": sorted(name for name in WATCHED if name in sys.modules)}))
"""


def _deliver_in_a_fresh_process(tmp_path: Path) -> dict[str, object]:
    root = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("cold", [task_block("T1", "Alpha value", module="alpha", tier="low"),
                                       task_block("T2", "Beta value", module="beta", tier="low")],
                              lint=False, test=False))
    files = {"T1": module_files("alpha", "1"), "T2": module_files("beta", "2")}
    watched = ",".join([*HEAVY, "git"])
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(root), str(plan), str(tmp_path / "pmtui.db"),
                           json.dumps(files), watched], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["ending"] == "released", report["message"]
    return report


def test_a_fresh_processs_run_imports_no_gitpython_and_its_heavy_modules_beside_the_run(tmp_path: Path) -> None:
    report = _deliver_in_a_fresh_process(tmp_path)
    seen = report["seen"]
    assert isinstance(seen, dict)
    # GitPython: not imported at all (the commits are loose; a packed one would still be read through it).
    assert "git" not in report["loaded"]
    assert "git" not in seen
    # Every heavy module was used by the run (so imported), and each import was the prewarm thread's.
    assert sorted(report["loaded"]) == sorted(HEAVY)
    assert {name: seen.get(name) for name in HEAVY} == dict.fromkeys(HEAVY, "pmtui-prewarm")


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in (ROOT / "pmtui").rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _top_level_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.update(name for name in (node.module, *(f"{node.module}.{a.name}" for a in node.names))
                         if name in modules)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names if alias.name in modules)
    return names


def test_no_module_the_prewarm_thread_imports_is_in_an_import_cycle() -> None:
    """Two threads importing at once can deadlock on the import locks only through a cycle (Python then hands one of
    them a half-made module): pmtui's modules the prewarm thread imports are in none."""
    modules = _modules()
    graph = {name: _top_level_imports(path, modules) for name, path in modules.items()}

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for after in graph.get(todo.pop(), set()):
                if after not in seen:
                    seen.add(after)
                    todo.append(after)
        return seen

    ours = [name for name in HEAVY if name in modules]
    assert ours, "the prewarm list names pmtui modules"
    imported = set(ours).union(*(reach(name) for name in ours))
    assert len(imported) > 20  # the criteria vocabularies: the check reads the real graph
    assert [name for name in sorted(imported) if name in reach(name)] == []


def test_the_work_tree_of_a_checkout_a_linked_worktree_and_a_folder_inside_either(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    linked = tmp_path / "linked"
    git(root, "worktree", "add", "-q", "--detach", str(linked))
    assert git_ops.work_tree(root) == root.resolve()
    assert git_ops.work_tree(linked) == linked.resolve()
    # A folder inside a tree is asked of GitPython, as open_repo always did: its top is found.
    assert git_ops.work_tree(root / "src") == root.resolve()
    assert git_ops.work_tree(linked / "src") == linked.resolve()


def test_a_folder_that_is_no_repository_or_only_looks_like_one_is_refused(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(git_ops.GitError, match="is not a git repository"):
        git_ops.work_tree(plain)
    with pytest.raises(git_ops.GitError, match="no such directory"):
        git_ops.work_tree(tmp_path / "missing")
    fake = tmp_path / "fake"
    (fake / ".git").mkdir(parents=True)  # a `.git` folder with no HEAD nor objects: not taken on sight
    with pytest.raises(git_ops.GitError, match="is not a git repository"):
        git_ops.work_tree(fake)


BAD_INPUT = r"""
import asyncio, json, sys, threading
from pathlib import Path

from pmtui.config import Config
from pmtui.delivery.engine import DeliveryEngine
from pmtui.delivery.executors import ScriptedExecutor
from pmtui.store import Store

store = Store(Path(sys.argv[3]))
engine = DeliveryEngine(store, Config(offline=True), repo=Path(sys.argv[1]), plan_path=Path(sys.argv[2]),
                        executor=ScriptedExecutor({}), run_dir=Path(sys.argv[3]).parent / "runs")
outcome = asyncio.run(engine.run(no_wait=True))
store.close()
print(json.dumps({"ending": outcome.ending, "message": outcome.message,
                  "threads": sorted(t.name for t in threading.enumerate()),
                  "loaded": sorted(name for name in sys.argv[4].split(",") if name in sys.modules)}))
"""


@pytest.mark.parametrize("case", ["a plan that does not parse", "a folder that is no repository"])
def test_a_command_refused_as_bad_input_imports_nothing_heavy_on_the_way_out(tmp_path: Path, case: str) -> None:
    repo = make_project(tmp_path)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("cold", [task_block("T1", "Alpha value", module="alpha")], lint=False, test=False))
    if case == "a plan that does not parse":
        plan.write_text("no plan here\n")
    else:
        repo = tmp_path / "plain"
        repo.mkdir()
    done = subprocess.run([sys.executable, "-c", BAD_INPUT, str(repo), str(plan), str(tmp_path / "pmtui.db"),
                           ",".join(HEAVY)], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["ending"] == "bad_input", report["message"]
    assert "pmtui-prewarm" not in report["threads"]
    assert report["loaded"] == []
