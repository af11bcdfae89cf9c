"""The project's own static checks run in `make test`: ruff over every folder of Python we ship or
test with, and mypy over the package. Both were run by hand before commits, and twice mypy errors
from merged work landed unseen; here they fail the suite. Each check is also shown able to fail on
a probe file with a fault of its kind."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CHECKED = ("pmtui", "screens", "widgets", "themes", "prompts", "tests", "bench")
TYPED = ("pmtui", "screens", "widgets")


def run(argv: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=600, check=False)


def ruff(*paths: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run([str(BIN / "ruff"), "check", "--no-cache", *paths], cwd=cwd)


def mypy(*paths: str, cwd: Path = ROOT, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "mypy", *paths]
    if cache is not None:
        argv[3:3] = ["--cache-dir", str(cache)]
    return run(argv, cwd=cwd)


def test_ruff_passes_on_the_project() -> None:
    result = ruff(*CHECKED)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def test_mypy_passes_on_the_package() -> None:
    # The repository's own cache (.mypy_cache, ignored by git): a clean clone checks cold (about 19 s of CPU), a
    # rerun in the same checkout in about 2 s.
    result = mypy(*TYPED)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "Success" in result.stdout


def test_both_checks_can_fail(tmp_path: Path) -> None:
    """A probe package with an unused import and a wrong return type: each check names its fault."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    probe = tmp_path / "probe"
    probe.mkdir()
    (probe / "__init__.py").write_text("import os\n\n\ndef count() -> int:\n    return 'three'\n", encoding="utf-8")

    linted = ruff("probe", cwd=tmp_path)
    typed = mypy("probe", cwd=tmp_path, cache=tmp_path / ".mypy_cache")

    assert linted.returncode != 0 and "F401" in linted.stdout, linted.stdout
    assert typed.returncode != 0 and "Incompatible return value type" in typed.stdout, typed.stdout
