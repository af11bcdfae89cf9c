"""Bad input, clear words: plans, configs and stores pmtui cannot use end with a message and exit 2,
never a traceback; a plan that names paths outside the repository is refused with file:line."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.delivery.plan import PlanError, execution_order, find_cycle, parse_plan

PLAN_HEAD = "# Plan: Bad input\nplan-id: bad\n\n## Environment\n- test: none\n\n## Tasks\n\n"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# -- plans --------------------------------------------------------------------------------------
@pytest.mark.parametrize("entry", [
    "files: create ../../outside.py",
    "files: modify src/app.py, /etc/hosts",
    "files: create src/../../escape.py",
    "files: delete ~/notes.txt",
    "tests: ..\\..\\tests\\test_x.py",
    "files: create C:/Users/x/app.py",
])
def test_plan_check_refuses_paths_outside_the_repository_with_file_and_line(
    entry: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = tmp_path / "plan.md"
    plan.write_text(PLAN_HEAD + f"### T1: Something\n- ownership: app\n- {entry}\n", encoding="utf-8")
    code, out, err = run(["plan", "check", str(plan)], capsys)
    assert code == 2
    assert err.startswith(f"{plan}:11: path ")
    assert "outside the repository" in err
    assert "Traceback" not in out + err


@pytest.mark.parametrize("entry", [
    "files: create .git/hooks/pre-commit",
    "files: modify ./.git/config",
    "files: create vendor/lib/.git/config",
    "tests: .GIT/info/attributes",
])
def test_plan_check_refuses_paths_in_the_git_metadata_with_file_and_line(
    entry: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hooks and config under .git are code git runs, never part of a change: no task may be told to write them."""
    plan = tmp_path / "plan.md"
    plan.write_text(PLAN_HEAD + f"### T1: Something\n- ownership: app\n- {entry}\n", encoding="utf-8")
    code, out, err = run(["plan", "check", str(plan)], capsys)
    assert code == 2, out
    assert err.startswith(f"{plan}:11: path ") and "git metadata" in err
    assert "Traceback" not in out + err


def test_paths_that_stay_inside_the_repository_are_kept_as_written() -> None:
    plan = parse_plan(PLAN_HEAD + "### T1: Inside\n- files: create src/../lib/a.py, ./b.py\n- tests: tests/t.py\n")
    assert plan.tasks[0].files.create == ["src/../lib/a.py", "./b.py"]


def test_a_plan_that_is_not_utf8_is_a_usage_error_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = tmp_path / "latin1.md"
    plan.write_bytes((PLAN_HEAD + "### T1: Caf\xe9 menu\n").encode("latin-1"))
    code, out, err = run(["plan", "check", str(plan)], capsys)
    assert code == 2
    assert err.startswith(f"{plan}:9: the plan is not UTF-8 text: byte 0xe9")
    assert "Traceback" not in out + err


def test_deliver_of_a_plan_that_is_not_utf8_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = tmp_path / "binary.md"
    plan.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xff")
    code, out, err = run(["deliver", str(plan), "--repo", str(tmp_path), "--agent", "true", "--headless"], capsys)
    assert code == 2
    assert "not UTF-8" in err and str(plan) in err
    assert "Traceback" not in out + err


def test_a_utf8_bom_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plan = tmp_path / "bom.md"
    plan.write_bytes(b"\xef\xbb\xbf" + (PLAN_HEAD + "### T1: Hello\n").encode())
    code, out, _ = run(["plan", "check", str(plan)], capsys)
    assert code == 0 and "1. T1  Hello" in out


def test_a_duplicate_id_far_down_a_big_plan_names_both_lines() -> None:
    blocks = "".join(f"### T{n}: Task {n}\n" for n in range(1, 3001))
    with pytest.raises(PlanError) as caught:
        parse_plan(PLAN_HEAD + blocks + "### T17: Again\n")
    assert caught.value.line == 9 + 3000
    assert "duplicate task id T17 (first defined on line 25)" in caught.value.message


def test_a_chain_listed_backwards_is_ordered_without_recursion() -> None:
    """A 20,000-deep dependency chain written last task first: the cycle check must not recurse."""
    count = 20_000
    blocks = "".join(
        f"### T{n}: Step {n}\n- depends: {f'T{n - 1}' if n > 1 else 'none'}\n" for n in range(count, 0, -1)
    )
    plan = parse_plan(PLAN_HEAD + blocks)
    assert find_cycle(plan) == []
    assert [task.id for task in execution_order(plan)][:3] == ["T1", "T2", "T3"]
    cyclic = parse_plan(PLAN_HEAD + "### A: a\n- depends: C\n### B: b\n- depends: A\n### C: c\n- depends: none\n")
    cyclic.tasks[2].depends = ["B"]
    assert find_cycle(cyclic) == ["A", "C", "B", "A"]


# -- configs ------------------------------------------------------------------------------------
def test_a_config_that_is_not_utf8_is_a_usage_error_naming_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "pmtui.toml"
    config.write_bytes(b'[ui]\ntheme = "pmtui-dark"\n[models.default]\nmodel = "caf\xe9"\n')
    monkeypatch.setenv("PMTUI_CONFIG", str(config))
    code, out, err = run(["config", "show"], capsys)
    assert code == 2
    assert err.startswith(f"pmtui: {config}, line 4: not UTF-8 text (byte 0xe9)")
    assert "Traceback" not in out + err
    code, _, err = run(["config", "set", "ui.theme", "pmtui-light"], capsys)
    assert code == 2 and "not UTF-8" in err
    assert config.read_bytes().endswith(b'"caf\xe9"\n'), "a refused config is left as it was"


def test_a_config_path_that_is_a_directory_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PMTUI_CONFIG", str(tmp_path))
    code, out, err = run(["config", "show"], capsys)
    assert code == 2, out
    assert err.strip() == f"pmtui: {tmp_path}: PMTUI_CONFIG names a directory, not a TOML file"


def test_the_tui_theme_peek_survives_a_config_that_is_not_utf8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pmtui.paths import peek_theme

    config = tmp_path / "pmtui.toml"
    config.write_bytes(b'[ui]\ntheme = "\xff"\n')
    monkeypatch.setenv("PMTUI_CONFIG", str(config))
    assert peek_theme("fallback") == "fallback"


# -- stores -------------------------------------------------------------------------------------
def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("INSERT INTO customers (name) VALUES ('Ada')")
    conn.close()


def _truncated(path: Path) -> None:
    from pmtui.store import Store

    store = Store(path)
    for number in range(200):
        store.create_project(f"project {number}")
    store.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


@pytest.mark.parametrize(("make", "words"), [
    (lambda path: path.write_bytes(b"this is a text file, not a database\n" * 200), "not an SQLite database"),
    (_foreign, "is an SQLite database but not a pmtui store (it holds customers)"),
    (_truncated, "is damaged"),
])
@pytest.mark.parametrize("command", [["status"], ["export"], ["answer", "1", "--option", "1"]])
def test_a_store_pmtui_cannot_use_is_a_usage_error_and_is_left_untouched(
    make: object, words: str, command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "store.db"
    make(db)  # type: ignore[operator]
    before = db.read_bytes()
    code, out, err = run(["--db", str(db), *command], capsys)
    assert code == 2, err
    assert words in err and str(db) in err
    assert "Traceback" not in out + err
    assert db.read_bytes() == before


@pytest.mark.parametrize("command", [["status"], ["status", "--json"], ["export"], ["answer", "1", "--option", "1"],
                                     ["retry", "T1"], ["watch"]])
def test_a_command_that_only_reads_never_creates_a_store(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mistyped --db given to a command that reads is said so; no empty store (nor its folders) is left behind."""
    db = tmp_path / "typo" / "pmtui.db"
    code, out, err = run(["--db", str(db), *command], capsys)
    assert code in (1, 2), out + err
    assert str(db) in err and "no store there" in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "typo").exists()


@pytest.mark.parametrize("argv", [
    ["deliver", "PLAN", "--repo", "", "--agent", "true", "--headless", "--no-wait"],
    ["deliver", "", "--agent", "true"],
    ["--db", "", "status"],
    ["status", "--db", " "],
    ["export", "--project", ""],
    ["chat", "--project", ""],
    ["plan", "check", ""],
    ["demo", "--dir", "", "--headless"],
])
def test_an_empty_path_or_name_is_a_usage_error(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--repo "$REPO"` with REPO unset is not the current directory's repository, nor `--db ""` the default store."""
    from tests.fixtures.delivery_repo import git, make_project, plan_text, task_block

    repo = make_project(tmp_path)
    monkeypatch.chdir(repo)
    plan = tmp_path / "plan.md"
    plan.write_text(plan_text("empty", [task_block("T1", "Alpha value", module="alpha")]), encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main([str(plan) if arg == "PLAN" else arg for arg in argv])
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert "must not be empty" in err.strip().splitlines()[-1], err
    assert git(repo, "branch", "--list", "pm/*") == "", "nothing was delivered"


def test_an_empty_file_or_an_empty_sqlite_database_becomes_a_store(tmp_path: Path) -> None:
    from pmtui.store import SCHEMA_VERSION, Store

    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    blank = tmp_path / "blank.db"
    sqlite3.connect(blank).close()
    for path in (empty, blank):
        store = Store(path)
        assert store.schema_version == SCHEMA_VERSION
        store.close()


def test_a_read_only_store_is_reported_not_thrown(tmp_path: Path) -> None:
    """Under bubblewrap the store's folder is mounted read-only (root ignores file modes)."""
    import shutil
    import subprocess
    import sys

    from pmtui.store import Store

    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "pmtui.db"
    store = Store(db)
    store.create_project("Kept")
    store.close()
    for leftover in folder.glob("pmtui.db-*"):
        leftover.unlink()
    script = "from pmtui.cli import main; import sys; sys.exit(main(['--db', sys.argv[1], 'chat', '--project', 'New']))"
    argv = [sys.executable, "-c", script, str(db)]
    if shutil.which("bwrap") and subprocess.run(["bwrap", "--ro-bind", "/", "/", "true"], check=False).returncode == 0:
        argv = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", *argv]
    elif hasattr(os, "geteuid") and os.geteuid() != 0:
        folder.chmod(0o555)
        db.chmod(0o444)
    else:
        pytest.skip("running as root without a working bubblewrap: nothing here can make a file read-only")
    try:
        done = subprocess.run(argv, input="hello\n", capture_output=True, text=True, timeout=60, check=False)
    finally:
        folder.chmod(0o755)
    assert done.returncode in (1, 2), done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert str(db) in done.stderr and ("cannot be written" in done.stderr or "read" in done.stderr.lower())


@pytest.mark.parametrize("value", ["65", "100000"])
def test_a_max_parallel_above_the_cap_is_a_usage_error(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The config caps [delivery] max_parallel at 64; the command line is held to the same cap, before a run starts."""
    plan = tmp_path / "plan.md"
    plan.write_text(PLAN_HEAD + "### T1: Something\n- ownership: app\n- files: create src/app.py\n", encoding="utf-8")
    code, _out, err = run(["deliver", str(plan), "--repo", str(tmp_path), "--agent", "true", "--headless",
                           "--max-parallel", value], capsys)
    assert code == 2, err
    assert "--max-parallel" in err and "64" in err
    assert "Traceback" not in err
