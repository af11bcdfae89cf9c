"""The layers of pyproject's [tool.importlinter] hold: `lint-imports` on the package as installed.

screens/, widgets/, prompts/ and themes/ are installed inside pmtui through package-dir, so on disk
pmtui/ alone is not the package import-linter must see. The test lays the installed package out
with symlinks to the live files ([tool.setuptools.package-dir] says where each part comes from) and
runs lint-imports on it; probes that break each contract show the check can fail.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"


def _mirror(source: Path, target: Path, down: list[str]) -> None:
    """`target` as a folder of symlinks to `source`'s entries; along `down` the folders are real."""
    target.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        if entry.name == "__pycache__" or (target / entry.name).exists():
            continue
        if down and entry.name == down[0] and entry.is_dir():
            _mirror(entry, target / entry.name, down[1:])
        else:
            (target / entry.name).symlink_to(entry)


def installed_layout(base: Path, probe: tuple[str, str] | None = None) -> Path:
    """`base/pmtui` as the installed package, built of symlinks; the folders down to the probe are real."""
    package_dirs = tomllib.loads(PYPROJECT.read_text())["tool"]["setuptools"]["package-dir"]
    down = list(Path(probe[0]).parent.parts) if probe else []
    mounts = {name.removeprefix("pmtui."): ROOT / path for name, path in package_dirs.items() if name != "pmtui"}
    for name, source in mounts.items():
        if down[:1] == [name]:
            _mirror(source, base / "pmtui" / name, down[1:])
        else:
            (base / "pmtui").mkdir(parents=True, exist_ok=True)
            (base / "pmtui" / name).symlink_to(source)
    _mirror(ROOT / package_dirs["pmtui"], base / "pmtui", [] if down[:1] and down[0] in mounts else down)
    if probe is not None:
        written = base / "pmtui" / probe[0]
        assert written.parent.resolve().is_relative_to(base.resolve()), "the probe must not land in the worktree"
        written.write_text(probe[1])
    return base


def lint_imports(layout: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(layout)}
    command = [str(Path(sys.executable).with_name("lint-imports")), str(PYPROJECT), "--no-cache"]
    return subprocess.run(command, cwd=layout, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_the_layers_hold(tmp_path: Path) -> None:
    result = lint_imports(installed_layout(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    # The one ignored import, cli -> app (the CLI reaches the UI only through pmtui.app), must match: unmatched ones
    # are errors. That the UI parts are in the graph the probes below show (an engine module importing a screen breaks).
    assert "0 broken" in result.stdout and "(1 ignored import)" in result.stdout


@pytest.mark.parametrize(
    ("probe", "contract"),
    [
        (("delivery/layer_probe.py", "import textual\n"), "The engine never imports Textual or the UI"),
        (("llm/layer_probe.py", "from pmtui.screens import dashboard\n"), "The engine never imports Textual or the UI"),
        (("store/layer_probe.py", "import pmtui.delivery.plan\n"), "Layers of the engine"),
        (("llm/layer_probe.py", "import pmtui.product.rice\n"), "Layers of the engine"),
        (("widgets/layer_probe.py", "import sqlite3\n"), "The UI reaches SQLite and litellm only through the engine"),
    ],
    ids=["engine-textual", "engine-screens", "store-delivery", "llm-product", "widget-sqlite"],
)
def test_a_forbidden_import_breaks_its_contract(tmp_path: Path, probe: tuple[str, str], contract: str) -> None:
    result = lint_imports(installed_layout(tmp_path, probe))
    assert result.returncode != 0, result.stdout
    broken = result.stdout.split("Broken contracts", 1)[-1]
    assert contract in broken and "layer_probe" in broken, result.stdout


def test_no_module_of_pmtui_screens_or_widgets_is_over_800_lines() -> None:
    """Issue 9's rooms: a module past 800 lines is split by what it does (engine.py was 1,290 lines, gates.py
    924, offline/discovery.py 2,152); files grew back past it unnoticed until this test."""
    sizes = {str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
             for folder in ("pmtui", "screens", "widgets") for path in (ROOT / folder).rglob("*.py")}
    assert len(sizes) > 100
    assert {path: lines for path, lines in sizes.items() if lines > 800} == {}
