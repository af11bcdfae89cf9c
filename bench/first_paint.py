"""Time to first paint of `pmtui` against a minimal Textual app, side by side in one run.

Each sample is a fresh interpreter. The parent takes the wall time from spawning the child until the
child prints "painted", which the app does from a callback scheduled after its first refresh; the
child then exits. Both apps run headless through the same hook, the runs are interleaved (and the
order alternates) so drift on the machine hits both alike. Budget (DESIGN.md): pmtui's median is
within 1.25x of the minimal app's.

    .venv/bin/python bench/first_paint.py [--runs 15] [--warmup 2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BUDGET_RATIO = 1.25

# Both children install the same hook: run headless and report when the first frame is displayed.
_HOOK = """
import sys
from textual import events
from textual.app import App

_post = App.post_message

def _post_and_report(self, message):
    # Textual posts Ready once the first frame has been displayed: that is first paint.
    if isinstance(message, events.Ready):
        print("painted", flush=True)
        self.call_later(self.exit)
    return _post(self, message)

App.post_message = _post_and_report
_run = App.run
App.run = lambda self, *args, **kwargs: _run(self, headless=True)
"""

MINIMAL_CHILD = _HOOK + """
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("Hello from a minimal Textual app")

Minimal().run()
"""

PMTUI_CHILD = _HOOK + """
from pmtui.cli import main

sys.exit(main(sys.argv[1:]))
"""


def sample(code: str, args: list[str], env: dict[str, str]) -> float:
    """Seconds from spawn to the child's "painted" line."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    elapsed = None
    for line in child.stdout:
        if line.strip() == "painted":
            elapsed = time.perf_counter() - start
            break
    _, err = child.communicate(timeout=60)
    if elapsed is None or child.returncode != 0:
        raise SystemExit(f"the child did not paint (exit {child.returncode}):\n{err[-3000:]}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="samples per app (default 15)")
    parser.add_argument("--warmup", type=int, default=2, help="unrecorded runs of each app first (default 2)")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="pmtui-bench-") as tmp:
        home = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY") and not k.startswith("PMTUI_")}
        env.update(
            PMTUI_CONFIG=str(home / "missing-pmtui.toml"),
            PMTUI_LOG=str(home / "pmtui.log"),
            PMTUI_NO_NETWORK="1",
        )
        pmtui_args = ["--db", str(home / "pmtui.db"), "--offline"]
        apps = {
            "minimal Textual app": (MINIMAL_CHILD, []),
            "pmtui": (PMTUI_CHILD, pmtui_args),
        }
        for _ in range(options.warmup):
            for code, args in apps.values():
                sample(code, args, env)
        times: dict[str, list[float]] = {name: [] for name in apps}
        names = list(apps)
        for run in range(options.runs):
            for name in names if run % 2 == 0 else reversed(names):
                code, args = apps[name]
                times[name].append(sample(code, args, env))

    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"time to first paint, {options.runs} interleaved runs each, Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs")
    print(f"{'app':<22}{'median ms':>11}{'min ms':>9}{'max ms':>9}")
    for name, values in times.items():
        print(f"{name:<22}{medians[name] * 1000:>11.0f}{min(values) * 1000:>9.0f}{max(values) * 1000:>9.0f}")
    ratio = medians["pmtui"] / medians["minimal Textual app"]
    verdict = "within" if ratio <= BUDGET_RATIO else "OVER"
    print(f"ratio pmtui / minimal: {ratio:.2f}x ({verdict} the {BUDGET_RATIO}x budget)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
