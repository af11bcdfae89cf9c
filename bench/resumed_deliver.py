"""CPU of `pmtui deliver --no-wait` resumed on a run that waits for its human, with a review model configured.

The planted-key test's flow (tests/test_planted_key.py): a one-task plan, the review model a fake server answering 400,
so the first delivery escalates; then `--runs` resumes with the question still open (each exits 3), the human's answer
(the offline reviewer), and the resume that releases. Each line is the CPU (user + sys) of the `pmtui` process, as
getrusage sees its children: the figure that says whether a start imported what it did not need (litellm, 2-4 s).

    .venv/bin/python bench/resumed_deliver.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.fake_llm_server import FakeLLMServer, FakeResponse
from tests.fixtures.delivery_repo import make_project
from tests.test_planted_key import AGENT, plan


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="resumed-deliver-"))
    with FakeLLMServer() as server:
        repo = make_project(tmp)
        config = tmp / "pmtui.toml"
        config.write_text(f'[models.review]\nmodel = "openai/reviewer"\napi_base = "{server.api_base}"\n'
                          "timeout = 30\nmax_retries = 0\n", encoding="utf-8")
        for _ in range(3):
            server.enqueue(FakeResponse(status=400, error_message="Incorrect API key provided"))
        env = {**os.environ, "OPENAI_API_KEY": "sk-bench", "PMTUI_CONFIG": str(config), "HOME": str(tmp),
               "PMTUI_DB": str(tmp / "db" / "pmtui.db"), "PMTUI_LOG": str(tmp / "pmtui.log")}

        def pmtui(*argv: str) -> tuple[subprocess.CompletedProcess[str], float]:
            before = _children_cpu()
            done = subprocess.run([sys.executable, "-m", "pmtui", *argv], capture_output=True, text=True, env=env,
                                  check=False, timeout=300)
            return done, _children_cpu() - before

        deliver = ["deliver", str(plan(tmp)), "--repo", str(repo), "--agent", AGENT, "--headless", "--no-wait"]
        first, cpu = pmtui(*deliver)
        print(f"first delivery (the review model answers 400): exit {first.returncode}, {cpu:.2f} s of CPU")
        waits = []
        for _ in range(args.runs):
            done, cpu = pmtui(*deliver)
            if done.returncode != 3:
                print(done.stdout[-2000:] + done.stderr[-2000:], file=sys.stderr)
                return 1
            waits.append(cpu)
        print("resumed, waiting for the human (exit 3):", ", ".join(f"{cpu:.2f}" for cpu in waits), "s of CPU")
        report = json.loads(pmtui("status", "--json")[0].stdout)
        (asked,) = [e for e in report["escalations"] if e["answer"] is None]
        pmtui("answer", str(asked["id"]), "--option", "2")
        last, cpu = pmtui(*deliver)
        print(f"resumed after the answer (the offline reviewer): exit {last.returncode}, {cpu:.2f} s of CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
