"""TOML config: precedence, routing to offline, and errors that name file, line and key."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pmtui.config import ConfigError, load_config, parse_config, write_config_value


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pmtui.toml"
    path.write_text(text)
    return path


def test_defaults_are_offline() -> None:
    config = load_config()
    assert config.is_offline
    assert config.describe_model() == "offline engine"


def test_model_without_its_key_falls_back_to_offline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path, '[models]\ndefault = "groq/llama-3.1-8b-instant"\n')
    assert parse_config(path).route("conversation").is_offline
    monkeypatch.setenv("GROQ_API_KEY", "gsk-test")
    route = parse_config(path).route("conversation")
    assert route.model == "groq/llama-3.1-8b-instant"
    assert load_config(path, offline=True).route("conversation").is_offline


def test_per_task_routes_and_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    path = _write(
        tmp_path,
        '[models]\ndefault = "openai/gpt-4o-mini"\n\n[models.spec]\nmodel = "openai/gpt-4o"\n'
        'fallbacks = ["openai/gpt-4o-mini"]\ntimeout = 90\n',
    )
    config = parse_config(path)
    assert config.route("spec").model == "openai/gpt-4o"
    assert config.route("spec").fallbacks == ["openai/gpt-4o-mini"]
    assert config.route("extraction").model == "openai/gpt-4o-mini"


def test_current_directory_wins_over_user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PMTUI_CONFIG")
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, '[ui]\ntheme = "pmtui-light"\n')
    assert load_config().ui.theme == "pmtui-light"


@pytest.mark.parametrize(
    ("text", "line", "key"),
    [
        ('[models]\nconversation = "openai/x"\n\n[models.spec]\nmodel = "x/y"\ntimeout = -3\n', 6, "models.spec.timeout"),
        ('[ui]\ntheme = "pmtui-dark"\n[modelz]\nx = 1\n', 3, "modelz"),
        ('[models]\nchat = "openai/x"\n', 2, "models.chat"),
        ('[budget]\nproject_usd = "lots"\n', 2, "budget.project_usd"),
        ('[models\nx = 1\n', 1, "models"),
    ],
)
def test_malformed_config_names_file_line_and_key(tmp_path: Path, text: str, line: int, key: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        parse_config(path)
    assert caught.value.line == line
    assert caught.value.key == key
    assert str(path) in str(caught.value) and f"line {line}" in str(caught.value)


def test_write_config_value_round_trips_and_validates(tmp_path: Path) -> None:
    path = tmp_path / "pmtui.toml"
    write_config_value("models.conversation.model", "openai/gpt-4o-mini", path)
    write_config_value("budget.project_usd", "2.5", path)
    data = tomllib.loads(path.read_text())
    assert data["models"]["conversation"]["model"] == "openai/gpt-4o-mini"
    assert data["budget"]["project_usd"] == 2.5
    with pytest.raises(ConfigError, match="budget.project_usd"):
        write_config_value("budget.project_usd", "-1", path)
    assert tomllib.loads(path.read_text())["budget"]["project_usd"] == 2.5
