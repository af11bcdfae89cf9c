"""Test agent (unconfined) that does its task, then leaves refs outside branches and tags in the repository
it shares with the user: a stash of a scratch file (`git stash push`), a note on HEAD (refs/notes/commits),
a replace ref that makes git read HEAD as another commit (refs/replace/<HEAD>), and a remote-tracking branch."""

import os
import runpy
import subprocess
import tempfile
from pathlib import Path

runpy.run_path(str(Path(__file__).with_name("module_agent.py")), run_name="__main__")


def git(*args: str, **env: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True,
                          env={**os.environ, **env}).stdout.strip()


Path("scratch.txt").write_text("the agent's scratch\n", encoding="utf-8")
git("stash", "push", "--include-untracked", "-m", "agent stash", "--", "scratch.txt")
git("notes", "add", "-f", "-m", "agent note", "HEAD")
index = Path(tempfile.mkdtemp()) / "index"
git("read-tree", "HEAD", GIT_INDEX_FILE=str(index))
blob = subprocess.run(["git", "hash-object", "-w", "--stdin"], input="planted\n", capture_output=True, text=True,
                      check=True).stdout.strip()
git("update-index", "--add", "--cacheinfo", f"100644,{blob},planted.txt", GIT_INDEX_FILE=str(index))
tree = git("write-tree", GIT_INDEX_FILE=str(index))
fake = git("commit-tree", tree, "-m", "not the commit you think")
git("replace", "-f", "HEAD", fake)
git("update-ref", "refs/remotes/origin/agent", "HEAD")
