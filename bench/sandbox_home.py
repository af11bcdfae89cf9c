"""What hiding $HOME costs each sandboxed command: `Sandbox.wrap()` (working out what of the home to bind back) and a
real bubblewrap start (`true`), with the home hidden and shown, in one run.

The home is a user's: N tools installed with pipx (a link in ~/.local/bin into a venv of its own each), a Node
prefix under ~/.nvm on the PATH, a repository under ~/work with a worktree beside it, git settings and keys.

    .venv/bin/python bench/sandbox_home.py [--tools 40] [--calls 300] [--starts 30]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pmtui.delivery.sandbox import Sandbox, probe


def user_home(root: Path, tools: int) -> tuple[Path, Path]:
    home = root / "home"
    bin_dir = home / ".local" / "bin"
    bin_dir.mkdir(parents=True)
    for index in range(tools):
        venv = home / ".local" / "share" / "pipx" / "venvs" / f"tool{index}"
        (venv / "bin").mkdir(parents=True)
        (venv / "lib").mkdir()
        (venv / "pyvenv.cfg").write_text("home = /usr/bin\n")
        script = venv / "bin" / f"tool{index}"
        script.write_text("#!/bin/sh\n")
        script.chmod(0o755)
        (bin_dir / f"tool{index}").symlink_to(script)
    node = home / ".nvm" / "versions" / "node" / "v22"
    (node / "bin").mkdir(parents=True)
    (node / "lib").mkdir()
    for name, text in {".gitconfig": "[user]\n\tname = x\n", ".ssh/id_rsa": "key", ".aws/credentials": "key"}.items():
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_text(text)
    repo = home / "work" / "repo"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q",
                    "--allow-empty", "-m", "start"], check=True)
    tree = home / ".local" / "share" / "pmtui" / "runs" / "run-1" / "worktrees" / "slot-0" / "tree"
    subprocess.run(["git", "-C", str(repo), "worktree", "add", "-q", "--detach", str(tree)], check=True)
    os.environ["PATH"] = f"{bin_dir}{os.pathsep}{node / 'bin'}{os.pathsep}{os.environ['PATH']}"
    return home, tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", type=int, default=40)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--starts", type=int, default=30)
    args = parser.parse_args()
    bwrap = shutil.which("bwrap")
    layout = probe(bwrap)[0] if bwrap else None
    if bwrap is None or layout is None:
        sys.exit("bubblewrap cannot make a sandbox here: nothing to measure")
    with tempfile.TemporaryDirectory(prefix="pmtui-bench-home-") as folder:
        home, tree = user_home(Path(folder), args.tools)
        shown = Sandbox(mode="on", bwrap=bwrap, layout=layout, reason="")
        hidden = Sandbox(mode="on", bwrap=bwrap, layout=layout, reason="", home=str(home))
        argv = ["ruff", "check", "."]
        print(f"home: {args.tools} pipx tools, a Node prefix, a repository and its worktree; "
              f"{len(hidden.wrap(argv, tree)) - len(shown.wrap(argv, tree))} more bubblewrap arguments hidden")
        for name, sandbox in (("shown", shown), ("hidden", hidden)):
            started = time.perf_counter()
            for _ in range(args.calls):
                sandbox.wrap(argv, tree)
            print(f"wrap(), home {name}: {(time.perf_counter() - started) / args.calls * 1e3:.3f} ms a call")
        starts: dict[str, list[float]] = {"shown": [], "hidden": []}
        for _ in range(args.starts):  # interleaved, so a load change hits both alike
            for name, sandbox in (("shown", shown), ("hidden", hidden)):
                started = time.perf_counter()
                subprocess.run(sandbox.wrap(["true"], tree), cwd=tree, check=True)
                starts[name].append((time.perf_counter() - started) * 1e3)
        for name, times in starts.items():
            print(f"wrap() + bwrap true, home {name}: median {statistics.median(times):.1f} ms "
                  f"(min {min(times):.1f}, of {len(times)})")
        ratio = statistics.median(starts["hidden"]) / statistics.median(starts["shown"])
        print(f"hidden / shown: {ratio:.2f}x a sandboxed command's start")


if __name__ == "__main__":
    main()
