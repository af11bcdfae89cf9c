"""The `pmtui` command as scripts use it: `chat --jsonl` through every phase, `export`, `config`, `plan check`.

The chat session runs as a real subprocess (`python -m pmtui`) on the offline engine, driven one
line at a time, on a store in a temporary directory.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pmtui.cli import main

JSONL_TYPES: dict[str, type] = {
    "project": str,
    "phase": str,
    "reply": str,
    "summary_shown": bool,
    "negotiation_round": int,
}
PHASES = {"discovery", "scoping", "spec", "done"}
IDEA = "I want to build an app that lets hospital nurses swap shifts without endless group texts."
# What a founder answers, by the aspect the PM's question is about (the first keyword found wins).
ANSWER_BY_ASPECT: dict[str, tuple[tuple[str, ...], str]] = {
    "why_now": (
        ("why now", "right moment", "timing", "urgent", "five years ago"),
        "Since this year the hospital policy finally allows scheduling apps on personal phones.",
    ),
    "core_problem": (
        ("problem", "painful", "pain", "wish this existed"),
        (
            "Swapping one shift takes dozens of messages and days of waiting, and approved swaps get lost, "
            "so nurses end up working shifts they already gave away."
        ),
    ),
    "success_metric": (
        ("success", "measure", "metric", "know it works"),
        "Success means 60% of swaps go through the app within 3 months.",
    ),
    "revenue_model": (
        ("pay", "revenue", "money", "pricing", "price", "charge"),
        "Hospitals pay a subscription of $2 per nurse per month.",
    ),
    "current_alternatives": (
        ("today", "alternative", "currently", "instead", "workaround", "right now"),
        "Today they post in a WhatsApp group and the charge nurse tracks approved swaps in a spreadsheet.",
    ),
    "constraints": (
        ("constraint", "budget", "deadline", "team", "weeks", "limit"),
        "I'm a solo developer with 6 weeks, and it must run on phones.",
    ),
    "feature_wishlist": (
        ("feature", "must do", "first version", "should it do", "wishlist"),
        (
            "It should let nurses post a shift, offer a swap, get manager approval and see a team calendar. "
            "Maybe a social feed too."
        ),
    ),
    "target_user": (
        ("who", "user", "role", "exactly", "typical day"),
        "ICU nurses at mid-size hospitals, around 400 per hospital, who trade shifts every week.",
    ),
}
ANSWERS = [IDEA, *(answer for _, answer in ANSWER_BY_ASPECT.values())]


def answer_for(reply: str, used: set[str]) -> str:
    """The founder's answer to the PM's question in `reply`; an unused answer when none matches."""
    questions = reply.split("?")[:-1]
    question = questions[-1].lower() if questions else reply.lower()
    for aspect, (keywords, answer) in ANSWER_BY_ASPECT.items():
        if aspect not in used and any(keyword in question for keyword in keywords):
            used.add(aspect)
            return answer
    for aspect, (_, answer) in ANSWER_BY_ASPECT.items():
        if aspect not in used:
            used.add(aspect)
            return answer
    return ANSWER_BY_ASPECT["core_problem"][1]
# Guards a hung child so the suite fails instead of waiting forever; not a performance assertion.
READ_GUARD_S = 120


def cli_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY") and not k.startswith("PMTUI_")}
    env.update(
        PMTUI_CONFIG=str(home / "missing-pmtui.toml"),
        PMTUI_NO_NETWORK="1",
        PMTUI_LOG=str(home / "pmtui.log"),
        PYTHONIOENCODING="utf-8",
    )
    return env


def pmtui(*args: str, env: dict[str, str], stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pmtui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=READ_GUARD_S,
        check=False,
    )


class JsonlChat:
    """`pmtui chat --jsonl` as a live subprocess: send one line, read its one JSON line."""

    def __init__(self, db: Path, env: dict[str, str], *extra: str) -> None:
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pmtui", "chat", "--jsonl", "--offline", "--db", str(db), *extra],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            bufsize=1,
        )
        self._selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self._selector.register(self.process.stdout, selectors.EVENT_READ)

    def send(self, text: str) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        if not self._selector.select(timeout=READ_GUARD_S):
            self.process.kill()
            pytest.fail(f"no JSON line after {text!r}; stderr: {self.process.stderr.read() if self.process.stderr else ''}")
        line = self.process.stdout.readline()
        assert line.endswith("\n"), f"no complete line after {text!r}: {line!r}"
        self.lines.append(line)
        return check_jsonl_line(line)

    def close(self) -> tuple[str, str, int]:
        out, err = self.process.communicate(timeout=READ_GUARD_S)
        return out, err, self.process.returncode


def check_jsonl_line(line: str) -> dict[str, Any]:
    record = json.loads(line)
    assert isinstance(record, dict)
    assert set(record) == set(JSONL_TYPES), record.keys()
    for key, kind in JSONL_TYPES.items():
        assert type(record[key]) is kind, (key, record[key])
    assert record["phase"] in PHASES
    assert record["negotiation_round"] >= 0
    return record


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One whole conversation, idea to spec, recorded for the tests below."""
    home = tmp_path_factory.mktemp("cli")
    env = cli_env(home)
    db = home / "pmtui.db"
    chat = JsonlChat(db, env, "--project", "Shift swap")
    discovery = [chat.send(IDEA)]
    used: set[str] = set()
    while not discovery[-1]["summary_shown"] and len(discovery) < 14:
        discovery.append(chat.send(answer_for(discovery[-1]["reply"], used)))
    confirmed = chat.send("yes that's right")
    pushback = chat.send("But the social feed is our differentiator, nurses will come for it!")
    agreed = chat.send("looks good, agreed")
    chat.process.stdin.write("\n   \n")  # blank lines are skipped, not answered
    out, err, code = chat.close()
    yield {
        "home": home,
        "env": env,
        "db": db,
        "discovery": discovery,
        "confirmed": confirmed,
        "pushback": pushback,
        "agreed": agreed,
        "lines": chat.lines,
        "trailing_stdout": out,
        "stderr": err,
        "code": code,
    }


@pytest.fixture(scope="module")
def exported(session: dict[str, Any]) -> dict[str, Any]:
    result = pmtui("export", "--json", "--db", str(session["db"]), env=session["env"])
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


# -- chat --jsonl ---------------------------------------------------------------------------------
def test_chat_jsonl_walks_discovery_scoping_and_spec(session: dict[str, Any]) -> None:
    discovery = session["discovery"]
    assert discovery[-1]["summary_shown"] is True, [d["reply"] for d in discovery]
    assert len(discovery) >= 4
    for record in discovery:
        assert record["project"] == "Shift swap"
        assert record["phase"] == "discovery"
        assert record["negotiation_round"] == 0
    assert all(not record["summary_shown"] for record in discovery[:-1])

    confirmed = session["confirmed"]
    assert confirmed["phase"] == "scoping" and confirmed["summary_shown"] is False
    assert confirmed["negotiation_round"] == 0

    pushback = session["pushback"]
    assert pushback["phase"] == "scoping" and pushback["negotiation_round"] == 1

    agreed = session["agreed"]
    assert agreed["phase"] == "done" and agreed["negotiation_round"] == 1


def test_chat_jsonl_prints_exactly_one_line_per_message_and_nothing_else(session: dict[str, Any]) -> None:
    assert session["code"] == 0, session["stderr"]
    assert session["trailing_stdout"] == ""
    assert len(session["lines"]) == len(session["discovery"]) + 3
    for line in session["lines"]:
        assert line.count("\n") == 1
        check_jsonl_line(line)


def test_scoping_reply_holds_the_proposal_and_done_reply_holds_the_spec(
    session: dict[str, Any], exported: dict[str, Any]
) -> None:
    proposal = session["confirmed"]["reply"]
    # Every row of the table was in the proposal, except what the founder asked for in argue-back.
    for feature in exported["scoping_output"]["mvp_features"]:
        origin = feature["provenance"].get("origin", {}).get("reason", "")
        if "argue-back" not in origin:
            assert feature["name"] in proposal
    spec = exported["spec_markdown"]
    assert spec.strip() and spec.strip() in session["agreed"]["reply"]


# -- export --json --------------------------------------------------------------------------------
def test_export_json_top_level_fields(exported: dict[str, Any]) -> None:
    assert exported["project"] == "Shift swap"
    assert exported["phase"] == "done"
    assert exported["phases_visited"] == ["discovery", "scoping", "spec", "done"]
    assert exported["negotiation_rounds"] == 1
    assert isinstance(exported["spec_markdown"], str) and exported["spec_markdown"].strip()
    assert isinstance(exported["plan_markdown"], str) and exported["plan_markdown"].startswith("# Plan:")
    assert isinstance(exported["scoping_edits"], list)


def test_export_json_messages(exported: dict[str, Any], session: dict[str, Any]) -> None:
    messages = exported["messages"]
    for message in messages:
        assert set(message) == {"role", "content", "phase"}
        assert message["role"] in ("user", "assistant", "system")
        assert isinstance(message["content"], str) and message["content"]
        assert message["phase"] in PHASES
    user_texts = [m["content"] for m in messages if m["role"] == "user"]
    assert user_texts[0] == IDEA
    assert "looks good, agreed" in user_texts
    assert messages[0]["role"] == "assistant" and messages[0]["phase"] == "discovery"
    assert len(user_texts) == len(session["lines"])


def test_export_json_discovery_summary_and_completeness(exported: dict[str, Any]) -> None:
    summary = exported["discovery_summary"]
    assert set(summary) == {
        "target_user", "core_problem", "current_alternatives", "why_now", "feature_wishlist",
        "success_metric", "revenue_model", "constraints",
    }
    for key, value in summary.items():
        assert isinstance(value, list if key == "feature_wishlist" else str), key
    assert "nurse" in summary["target_user"].lower()
    completeness = exported["completeness"]
    assert isinstance(completeness["score"], float) and 0.75 <= completeness["score"] <= 1.0
    assert isinstance(completeness["gaps"], list)
    assert completeness["is_complete"] is True


def test_export_json_scoping_output(exported: dict[str, Any]) -> None:
    scoping = exported["scoping_output"]
    for key in ("mvp_features", "cut_features", "comparable_products", "core_user_flow", "scope_rationale",
                "key_screens", "implementation_phases", "decisions"):
        assert key in scoping, key
    assert scoping["mvp_features"]
    for feature in scoping["mvp_features"]:
        assert feature["priority"] in ("P0", "P1", "P2")
        assert feature["phase"] in (1, 2, 3)
        for field in ("rice_reach", "rice_impact", "rice_confidence", "rice_effort", "rice_score"):
            assert isinstance(feature[field], int | float), field
        expected = feature["rice_reach"] * feature["rice_impact"] * feature["rice_confidence"] / feature["rice_effort"]
        assert feature["rice_score"] == pytest.approx(expected, abs=0.01)
    for cut in scoping["cut_features"]:
        assert isinstance(cut["name"], str) and isinstance(cut["reason"], str) and cut["reason"]
    assert isinstance(scoping["comparable_products"], list)
    assert isinstance(scoping["core_user_flow"], list) and scoping["core_user_flow"]
    assert isinstance(scoping["scope_rationale"], str)
    assert isinstance(scoping["key_screens"], list)
    assert scoping["implementation_phases"]
    for phase in scoping["implementation_phases"]:
        assert isinstance(phase["phase_number"], int)
        assert isinstance(phase["name"], str) and isinstance(phase["goal"], str)
        assert isinstance(phase["estimated_weeks"], int | float)
        assert isinstance(phase["features"], list)
    (decision,) = scoping["decisions"]
    assert decision["round"] == 1 and "social feed" in decision["ask"].lower()
    assert decision["outcome"] in ("held", "conceded", "answered")


def test_export_json_llm_usage(exported: dict[str, Any]) -> None:
    usage = exported["llm_usage"]
    assert isinstance(usage["calls"], int) and isinstance(usage["tokens"], int)
    assert isinstance(usage["cost"], float)
    assert usage["calls"] == 0 and usage["cost"] == 0.0  # the offline engine makes no model calls


def test_export_md_prints_the_spec(session: dict[str, Any], exported: dict[str, Any]) -> None:
    result = pmtui("--db", str(session["db"]), "export", "--md", env=session["env"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == exported["spec_markdown"].strip()


def test_global_options_work_before_and_after_the_subcommand(session: dict[str, Any]) -> None:
    before = pmtui("--db", str(session["db"]), "--offline", "export", "--json", env=session["env"])
    after = pmtui("export", "--json", "--offline", "--db", str(session["db"]), env=session["env"])
    assert before.returncode == after.returncode == 0
    assert json.loads(before.stdout) == json.loads(after.stdout)
    env = dict(session["env"], PMTUI_DB=str(session["db"]))
    assert json.loads(pmtui("export", env=env).stdout)["project"] == "Shift swap"


# -- plan check -----------------------------------------------------------------------------------
def test_plan_check_accepts_the_exported_plan(
    session: dict[str, Any], exported: dict[str, Any], tmp_path: Path
) -> None:
    plan = tmp_path / "PLAN.md"
    plan.write_text(exported["plan_markdown"], encoding="utf-8")
    result = pmtui("plan", "check", str(plan), env=session["env"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1].startswith("1. T1  Project skeleton  [normal]")


def test_plan_check_names_the_line_of_a_broken_plan(session: dict[str, Any], exported: dict[str, Any],
                                                     tmp_path: Path) -> None:
    lines = exported["plan_markdown"].splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("- depends: T1"))
    lines[number - 1] = "- depends: T1, T99"
    plan = tmp_path / "PLAN.md"
    plan.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = pmtui("plan", "check", str(plan), env=session["env"])
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == f"{plan}:{number}: task T2 depends on unknown task T99"


def test_plan_check_of_a_missing_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "check", str(tmp_path / "nope.md")]) == 2
    assert "cannot read" in capsys.readouterr().err


# -- other chat behaviour -------------------------------------------------------------------------
def test_chat_resumes_an_existing_project(tmp_path: Path) -> None:
    env = cli_env(tmp_path)
    db = tmp_path / "pmtui.db"
    first = pmtui("chat", "--jsonl", "--offline", "--db", str(db), "--project", "Nurses",
                  stdin=ANSWERS[0] + "\n", env=env)
    second = pmtui("chat", "--jsonl", "--offline", "--db", str(db), "--project", "Nurses",
                   stdin=ANSWERS[1] + "\n", env=env)
    assert first.returncode == second.returncode == 0
    state = json.loads(pmtui("export", "--db", str(db), "--project", "Nurses", env=env).stdout)
    assert [m["content"] for m in state["messages"] if m["role"] == "user"] == ANSWERS[:2]
    assert sum(1 for m in state["messages"] if m["role"] == "assistant") == 3


def test_chat_without_project_names_it_from_the_first_line_and_plain_mode_reads_well(tmp_path: Path) -> None:
    env = cli_env(tmp_path)
    db = tmp_path / "pmtui.db"
    result = pmtui("chat", "--offline", "--db", str(db), stdin="\n" + ANSWERS[0] + "\n", env=env)
    assert result.returncode == 0, result.stderr
    assert "New project 'I want to build an'" in result.stdout
    assert "{" not in result.stdout.splitlines()[0]
    state = json.loads(pmtui("export", "--db", str(db), env=env).stdout)
    assert state["project"] == "I want to build an"
    assert state["messages"][0]["content"] in result.stdout
    assert state["messages"][-1]["content"] in result.stdout


def test_export_errors(tmp_path: Path) -> None:
    env = cli_env(tmp_path)
    db = tmp_path / "pmtui.db"
    empty = pmtui("export", "--db", str(db), env=env)
    assert empty.returncode == 1 and "no projects" in empty.stderr
    pmtui("chat", "--jsonl", "--offline", "--db", str(db), "--project", "Early", stdin="an idea\n", env=env)
    unknown = pmtui("export", "--db", str(db), "--project", "Nope", env=env)
    assert unknown.returncode == 2 and "no project named 'Nope'" in unknown.stderr
    no_spec = pmtui("export", "--md", "--db", str(db), env=env)
    assert no_spec.returncode == 1 and "no spec yet" in no_spec.stderr
    state = json.loads(pmtui("export", "--db", str(db), env=env).stdout)
    assert state["phase"] == "discovery" and state["scoping_output"] is None


# -- config, help, later commands -----------------------------------------------------------------
def test_a_malformed_config_exits_2_naming_file_line_and_key(tmp_path: Path) -> None:
    config = tmp_path / "pmtui.toml"
    config.write_text('[models]\nconversation = "openai/gpt-4o-mini"\n\n[budget]\nproject_usd = "lots"\n',
                      encoding="utf-8")
    env = dict(cli_env(tmp_path), PMTUI_CONFIG=str(config))
    result = pmtui("chat", "--jsonl", "--db", str(tmp_path / "pmtui.db"), stdin="an idea\n", env=env)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("pmtui: ")
    assert str(config) in result.stderr and "line 5" in result.stderr and "budget.project_usd" in result.stderr


def test_a_config_that_is_not_toml_exits_2(tmp_path: Path) -> None:
    config = tmp_path / "pmtui.toml"
    config.write_text('[ui]\ntheme = "dark\n', encoding="utf-8")
    env = dict(cli_env(tmp_path), PMTUI_CONFIG=str(config))
    result = pmtui("config", "show", env=env)
    assert result.returncode == 2
    assert str(config) in result.stderr and "line 2" in result.stderr


def test_config_set_then_show_never_prints_a_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "pmtui.toml"
    monkeypatch.setenv("PMTUI_CONFIG", str(config))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-very-secret-value")
    assert main(["config", "set", "models.conversation.model", "openai/gpt-4o-mini"]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {config}"
    assert main(["config", "show"]) == 0
    shown = capsys.readouterr().out
    assert f"config file: {config}" in shown
    assert "conversation   openai/gpt-4o-mini" in shown and "OPENAI_API_KEY" in shown
    assert "sk-very-secret-value" not in shown
    assert main(["config", "show", "--offline"]) == 0
    assert "offline: forced" in capsys.readouterr().out


def test_config_set_refuses_an_invalid_value(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PMTUI_CONFIG", str(tmp_path / "pmtui.toml"))
    assert main(["config", "set", "budget.project_usd", "-3"]) == 2
    assert "budget.project_usd" in capsys.readouterr().err
    assert not (tmp_path / "pmtui.toml").exists()


def test_help_lists_every_subcommand(tmp_path: Path) -> None:
    result = pmtui("--help", env=cli_env(tmp_path))
    assert result.returncode == 0
    for command in ("chat", "export", "config", "plan", "deliver", "watch", "status", "answer", "demo"):
        assert f"\n    {command} " in result.stdout, command


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    result = pmtui("export", "--json", "--md", env=cli_env(tmp_path))
    assert result.returncode == 2 and "not allowed with" in result.stderr


@pytest.mark.parametrize(
    ("args", "stdin"),
    [(["--help"], ""), (["chat", "--jsonl", "--offline"], ANSWERS[0] + "\n"), (["export", "--json"], "")],
)
def test_scripted_commands_do_not_import_textual_or_litellm(args: list[str], stdin: str, tmp_path: Path) -> None:
    env = cli_env(tmp_path)
    db = tmp_path / "pmtui.db"
    extra = ["--db", str(db)] if args != ["--help"] else []
    if extra:  # a project for chat and export to work on (--help reads no store)
        pmtui("chat", "--jsonl", "--offline", "--db", str(db), stdin="seed idea\n", env=env)
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pmtui", *args, *extra],
        input=stdin, capture_output=True, text=True, env=env, timeout=READ_GUARD_S, check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    imported = {line.split("|")[-1].strip().split(".")[0] for line in result.stderr.splitlines() if "|" in line}
    assert "pmtui" in imported
    assert "textual" not in imported and "litellm" not in imported
