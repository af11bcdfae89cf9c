"""Test agent that does its task, then leaves git repositories of its own inside its tree: vendor/lib, with
a commit and a core.fsmonitor hook that creates $HIJACK_MARKER whenever git consults it, and notes/draft,
a repository with no commit yet. Staged as they are, each is a pointer to a commit that exists nowhere else
(its files lost), or a `git add` that fails."""

import os
import runpy
import subprocess
from pathlib import Path

runpy.run_path(str(Path(__file__).with_name("module_agent.py")), run_name="__main__")
IDENTITY = ["-c", "user.name=Agent", "-c", "user.email=agent@example.com", "-c", "core.fsmonitor=false"]
lib = Path("vendor/lib")
if not (lib / ".git").exists():  # a fix attempt finds it from the attempt before
    lib.mkdir(parents=True, exist_ok=True)
    (lib / "helper.py").write_text('"""Vendored helper."""\n', encoding="utf-8")
    for args in (["init", "-q"], [*IDENTITY, "add", "helper.py"], [*IDENTITY, "commit", "-q", "-m", "vendored"]):
        subprocess.run(["git", *args], cwd=lib, check=True, capture_output=True)
    hook = lib / ".git" / "fsmonitor-hook"
    hook.write_text(f"#!/bin/sh\ntouch {os.environ['HIJACK_MARKER']}\n", encoding="utf-8")
    hook.chmod(0o755)
    subprocess.run(["git", "config", "core.fsmonitor", str(hook.resolve())], cwd=lib, check=True)
draft = Path("notes/draft")
draft.mkdir(parents=True, exist_ok=True)
(draft / "ideas.md").write_text("# Ideas\n", encoding="utf-8")
subprocess.run(["git", "init", "-q"], cwd=draft, check=True)
