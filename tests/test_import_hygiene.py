"""Heavy imports stay off the start-up path (no litellm, Textual, git or networkx when the engine loads);
which module may import which is tests/test_layers.py's job (import-linter contracts)."""

from __future__ import annotations

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
