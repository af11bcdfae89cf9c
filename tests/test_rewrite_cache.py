"""Workers that collect the same uncached test module together rewrite it once (tests/rewrite_cache.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKERS = 2

# Each pytest waits for the others before it collects, and a rewrite takes a while, so without the shared
# cache every one of them finds no cached module and rewrites it.
CONFTEST = f"""
import os, sys, time
from pathlib import Path
sys.dont_write_bytecode = False
from _pytest.assertion import rewrite
from tests.rewrite_cache import share_rewritten_modules
share_rewritten_modules()

here = Path(__file__).parent
_rewrite = rewrite._rewrite_test
def slow_rewrite(fn, config):
    with open(here / "rewrites.log", "a") as log:
        log.write(f"{{os.getpid()}} {{Path(fn).name}}\\n")
    time.sleep(0.3)
    return _rewrite(fn, config)
rewrite._rewrite_test = slow_rewrite

(here / "ready" / str(os.getpid())).touch()
deadline = time.monotonic() + 60
while len(list((here / "ready").iterdir())) < {WORKERS} and time.monotonic() < deadline:
    time.sleep(0.01)
"""


def test_pytests_collecting_one_uncached_module_together_rewrite_it_once(tmp_path: Path) -> None:
    (tmp_path / "ready").mkdir()
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_sample.py").write_text("def test_sum():\n    total = 1 + 1\n    assert total == 2\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1",
           "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
               str(tmp_path / "test_sample.py")]
    runs = [subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True) for _ in range(WORKERS)]
    outputs = [run.communicate(timeout=120)[0] for run in runs]

    assert [run.returncode for run in runs] == [0] * WORKERS, outputs
    assert all("1 passed" in output for output in outputs), outputs
    rewrites = (tmp_path / "rewrites.log").read_text().splitlines()
    assert [line.split()[1] for line in rewrites] == ["test_sample.py"], rewrites
    cached = list((tmp_path / "__pycache__").glob("test_sample.*-pytest-*.pyc"))
    assert len(cached) == 1, cached
