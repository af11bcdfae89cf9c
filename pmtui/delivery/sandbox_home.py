"""What of the user's home a sandboxed command sees.

Under the sandbox $HOME is an empty read-only folder (a tmpfs) and only what commands need is bound back into it:
the repository they work on (secret files inside it included: they are the project's), the toolchains they run
(the PATH's folders under $HOME with their installation's prefix, the program's own, well-known tool managers),
the caches and git settings they read, the agent tool's own state (writable) and login, and what the config gives
back (`[delivery] sandbox_readable`). Everything else stays out of sight: ~/.ssh, ~/.aws, ~/.gnupg, ~/.netrc,
~/.config/gh, ~/.docker, ~/.kube, ~/.pypirc, ~/.npmrc, browser profiles, the password store, other projects and
their `.env` files, other agents' logins, pmtui's own store. A list of secret paths to mask would miss every secret
it does not name (another project's `.env`); what is not named here is hidden, and a missing tool folder is one
line of config to give back.
"""

from __future__ import annotations

import ast
import glob
import os
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

# Folders that hold installed tools and language runtimes and no keys, bound back when they exist.
TOOLCHAINS: tuple[str, ...] = (
    ".local/bin", ".local/lib", "bin", ".local/share/pipx", ".local/pipx", ".local/share/uv/tools",
    ".local/share/uv/python", ".pyenv", ".nvm", ".volta", ".fnm", ".local/share/fnm", ".npm-global",
    ".npm-packages", ".cargo/bin", ".rustup", "go/bin", "go/pkg/mod", ".bun/bin", ".deno/bin",
    ".local/share/mise/installs", ".local/share/mise/shims", ".asdf/installs", ".asdf/shims", ".asdf/bin",
    ".linuxbrew", "miniconda3", "anaconda3", "miniforge3", "mambaforge", ".conda/envs", ".virtualenvs",
    ".local/share/virtualenvs", ".cache/pypoetry/virtualenvs", ".sdkman/candidates",
)
# Caches tools read (read-only, as all of $HOME was before).
CACHES: tuple[str, ...] = (
    ".cache/pip", ".cache/uv", ".npm/_cacache", ".cache/pre-commit", ".cache/node-gyp", ".cache/go-build",
    ".cache/ms-playwright", ".cache/huggingface/hub", ".m2/repository", ".gradle/caches",
)
# The git settings commits and diffs follow (not ~/.git-credentials nor ~/.config/git/credentials), and the
# linters' and type checkers' settings of the user's own that gates read as the user's own runs do.
SETTINGS: tuple[str, ...] = (
    ".gitconfig", ".gitignore", ".gitignore_global", ".config/git/config", ".config/git/ignore",
    ".config/git/attributes", ".config/ruff", ".config/mypy", ".mypy.ini", ".pylintrc", ".config/pylintrc",
    ".config/pycodestyle", ".editorconfig",
)
# Folders too broad to bind whole: they hold tools and keys side by side (~/.local/share/keyrings, ~/.config/gh).
BROAD: tuple[str, ...] = ("", ".local", ".local/share", ".local/state", ".config", ".cache")
# Names of files that hold keys: a toolchain prefix holding one (~/.cargo/credentials.toml) is bound by its bin only.
SECRET_NAME = re.compile(r"(?i)(credential|secret|token|passw|auth\.json|\.pem$|\.key$|^\.env|\.netrc|\.npmrc|"
                         r"\.pypirc|^id_(rsa|dsa|ecdsa|ed25519))")


def hidden_home() -> str | None:
    """The folder the sandbox hides ($HOME resolved), None when there is none to hide (unset, missing or /)."""
    raw = os.environ.get("HOME") or str(Path.home())
    real = os.path.realpath(os.path.expanduser(raw))
    return real if real != "/" and os.path.isdir(real) else None


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _broad(path: str, home: str) -> bool:
    return any(path == os.path.join(home, name).rstrip("/") for name in BROAD)


def _holds_keys(folder: str) -> bool:
    try:
        return any(SECRET_NAME.search(name) for name in os.listdir(folder))
    except OSError:
        return True


def _prefix(path: str, home: str) -> str | None:
    """The installation a file under $HOME belongs to: the nearest folder above it that is a venv (pyvenv.cfg) or
    has bin/ and lib/ (a Node, Python or Homebrew prefix), short of the broad folders; None when there is none."""
    folder = os.path.dirname(path)
    while _inside(folder, home) and not _broad(folder, home):
        if os.path.isfile(os.path.join(folder, "pyvenv.cfg")) or (
                os.path.isdir(os.path.join(folder, "bin")) and os.path.isdir(os.path.join(folder, "lib"))):
            return folder
        folder = os.path.dirname(folder)
    return None


def _venv_home(prefix: str) -> str | None:
    """The interpreter folder a venv was made from (pyvenv.cfg's `home`)."""
    try:
        text = Path(prefix, "pyvenv.cfg").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = re.search(r"(?m)^\s*home\s*=\s*(.+?)\s*$", text)
    return os.path.realpath(found.group(1)) if found else None


def _venv_sources(prefix: str) -> list[str]:
    """The folders a venv imports from outside itself: absolute paths in its .pth files (pipx's shared libraries,
    old editable installs) and the MAPPING of setuptools' editable finders (`pip install -e ~/src/tool`)."""
    found: list[str] = []
    for path in glob.glob(os.path.join(glob.escape(prefix), "lib", "python*", "site-packages", "*.pth")):
        try:
            lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        found += [line.strip() for line in lines if line.strip().startswith("/")]
    for path in glob.glob(os.path.join(glob.escape(prefix), "lib", "python*", "site-packages", "__editable__*finder.py")):
        try:
            text = Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        mapping = re.search(r"(?m)^MAPPING[^=]*=\s*(\{.*\})\s*$", text)
        try:
            values = ast.literal_eval(mapping.group(1)).values() if mapping else ()
        except (ValueError, SyntaxError):
            values = ()
        found += [value for value in values if isinstance(value, str) and value.startswith("/")]
    return [os.path.realpath(path) for path in found if os.path.exists(path)]


def _installation(path: str, home: str) -> list[str]:
    """What running the file at `path` (resolved) needs of $HOME: its installation's prefix (the interpreter a
    venv was made from too), or its own folder when it has none, never a broad folder or one that holds keys."""
    found: list[str] = []
    for _ in range(4):  # a venv's interpreter can be another venv's (pyenv-virtualenv): a few hops at most
        if not _inside(path, home):
            break
        prefix = _prefix(path, home)
        if prefix is None or _holds_keys(prefix):
            folder = os.path.dirname(path)
            found.append(path if _broad(folder, home) or _holds_keys(folder) else folder)
            break
        found.append(prefix)
        found += [source for source in _venv_sources(prefix) if _inside(source, home) and not _broad(source, home)
                  and not _holds_keys(source)]
        interpreter = _venv_home(prefix)
        if interpreter is None:
            break
        path = os.path.join(interpreter, "python")
    return found


def _path_folders(home: str, path_variable: str) -> list[tuple[str, str]]:
    """The PATH's folders under $HOME and what their programs need: the folder, the prefix it is the bin/ of, and
    the installations its links point into (pipx and uv link ~/.local/bin/TOOL into a venv of their own); each with
    where it was found (the folder, or the link in it)."""
    found: list[tuple[str, str]] = []
    for raw in path_variable.split(os.pathsep):
        if not raw or not os.path.isabs(raw):
            continue
        folder = os.path.realpath(raw)
        if not _inside(folder, home) or _broad(folder, home) or not os.path.isdir(folder):
            continue
        found.append((folder, folder))
        parent = os.path.dirname(folder)
        if os.path.basename(folder) == "bin" and not _broad(parent, home) and not _holds_keys(parent):
            found.append((folder, parent))
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.is_symlink():
                target = os.path.realpath(entry.path)
                if _inside(target, home) and not _inside(target, folder):
                    found += [(entry.path, path) for path in _installation(target, home)]
    return found


def repository_of(workdir: str) -> str | None:
    """The checkout whose git metadata a worktree's `.git` pointer leads to (read from the pointer, no git process),
    or the git folder itself when it is not inside a checkout; None for a folder that is no worktree."""
    dot = os.path.join(workdir, ".git")
    try:
        if os.path.isdir(dot):
            return workdir
        text = Path(dot).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    gitdir = os.path.realpath(os.path.join(workdir, text.removeprefix("gitdir:").strip()))
    common = gitdir
    try:
        common = os.path.realpath(os.path.join(gitdir, Path(gitdir, "commondir").read_text(encoding="utf-8").strip()))
    except OSError:
        pass
    return os.path.dirname(common) if os.path.basename(common) == ".git" else common


def _program(argv: Sequence[str], path_variable: str) -> list[str]:
    """The absolute paths a command names (its program found on the PATH, a script it is given)."""
    import shutil

    named: list[str] = []
    if argv:
        found = shutil.which(argv[0], path=path_variable) if "/" not in argv[0] else argv[0]
        if found:
            named.append(found)
    named += [arg for arg in argv[1:] if os.path.isabs(arg)]
    return named


# A path to give back: where it was asked for (a setting's name, a PATH folder or the link in it), its real path ("" when
# outside the home) and the links on the way to it.
Found = tuple[str, str, tuple[str, ...]]


@lru_cache(maxsize=8)
def _toolchains(home: str, path_variable: str, config_home: str, stamp: tuple[int, ...]) -> tuple[Found, ...]:
    """What every command gets back of `home` (worked out once for a home and PATH as they are: `stamp` changes when
    a tool is installed in the home or in one of its PATH folders); the settings under ~/.config are looked for in
    $XDG_CONFIG_HOME too (`config_home`), where git and the linters read them when it is set."""
    wanted = [os.path.join(home, name) for name in (*TOOLCHAINS, *CACHES, *SETTINGS)]
    if config_home:
        wanted += [os.path.join(config_home, name.removeprefix(".config/")) for name in SETTINGS
                   if name.startswith(".config/")]
    return _resolved(home, [*((path, path) for path in wanted), *_path_folders(home, path_variable)])


def _resolved(home: str, paths: Iterable[tuple[str, str]]) -> tuple[Found, ...]:
    """The (origin, path) pairs whose path exists, as Found."""
    found: list[Found] = []
    for origin, path in paths:
        real = os.path.realpath(path)
        if real != home and os.path.exists(real):
            found.append((os.path.abspath(origin), real if _inside(real, home) else "", tuple(_links_to(path, home))))
    return tuple(found)


def _stamp(home: str, path_variable: str) -> tuple[int, ...]:
    """The modification times of the home and of the PATH's folders in it (a link added there changes them)."""
    stamps: list[int] = []
    for folder in (home, *path_variable.split(os.pathsep)):
        if folder and _inside(os.path.abspath(folder), home):
            try:
                stamps.append(os.stat(folder).st_mtime_ns)
            except OSError:
                stamps.append(0)
    return tuple(stamps)


def home_view(home: str, workdir: str, argv: Sequence[str], readable: Iterable[str],
              writable: Sequence[str] = ()) -> list[str]:
    """bubblewrap's arguments that hide `home` and bind back, read-only, what a command in `workdir` needs of it
    (the writable paths are bound after these, over them; the caller remounts `home` read-only last).

    Nothing is followed that lies in a `writable` folder, where an earlier command could have left a link: a tool's
    login file made a link to ~/.ssh/id_rsa in its own state folder would otherwise be bound back at ~/.ssh. What is
    in those folders is shown by their own binds anyway."""
    path_variable = os.environ.get("PATH", "")
    wanted: list[str] = []
    repository = repository_of(workdir)
    if repository is not None:
        wanted.append(repository)
    for named in _program(argv, path_variable):
        # As named (a venv's bin/python is a link out of the venv) and as resolved (a link into an installation).
        for path in dict.fromkeys((os.path.abspath(named), os.path.realpath(named))):
            if os.path.isfile(path):
                wanted += _installation(path, home)
            elif os.path.isdir(path) and not _broad(path, home):
                wanted.append(path)
    wanted += [os.path.expanduser(path) for path in readable]
    config_home = os.environ.get("XDG_CONFIG_HOME", "")
    found = (*_toolchains(home, path_variable, config_home, _stamp(home, path_variable)),
             *_resolved(home, ((path, path) for path in wanted)))

    def planted(path: str) -> bool:
        return any(_inside(path, folder) for folder in writable)

    trusted = [(real, links) for origin, real, links in found
               if not planted(origin) and not planted(real) and not any(planted(link) for link in links)]
    links = [link for _, on_the_way in trusted for link in on_the_way]
    reals = {real for real, _ in trusted if real}
    args = ["--tmpfs", home]
    bound: list[str] = []
    for real in sorted(reals):  # a folder before what is in it, which it then shows already
        if not bound or not _inside(real, bound[-1]):
            bound.append(real)
            args += ["--ro-bind", real, real]
    for link in dict.fromkeys(links):
        if not any(_inside(link, folder) for folder in bound):  # one in a folder bound back is there already
            args += ["--symlink", os.readlink(link), link]
    return args


def _links_to(path: str, home: str) -> list[str]:
    """The symbolic links on the way to `path` under $HOME (~/.gitconfig → dotfiles/gitconfig), made again in the
    hidden home so the path a tool asks for still leads to what was bound back."""
    links: list[str] = []
    current = os.path.abspath(path)
    while _inside(current, home) and current != home:
        if os.path.islink(current) and _inside(os.path.dirname(current), home):
            parent = os.path.realpath(os.path.dirname(current))
            links.append(os.path.join(parent, os.path.basename(current)))
        current = os.path.dirname(current)
    return list(reversed(links))
