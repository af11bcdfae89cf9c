"""The one redaction layer: secret environment values and key-shaped strings never reach the store,
the log, the terminal or the screen, whichever module wrote them."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest

from pmtui.cli import main
from pmtui.redaction import MASK, RedactingStream, redact, watch_env
from pmtui.store import Store
from tests.fake_llm_server import FakeLLMServer, FakeResponse

KEY = "sk-proj-Zq8RkV3xw0LmTa9YbC4uNe7HgP2dFs6J"


@pytest.fixture(autouse=True)
def _key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)


def stored_bytes(db: Path) -> bytes:
    """Everything SQLite keeps for the store: the file and its write-ahead log."""
    return b"".join(path.read_bytes() for path in db.parent.glob(db.name + "*"))


# -- the function ---------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    f"Incorrect API key provided: Bearer {KEY}",
    f"OPENAI_API_KEY={KEY}",
    f"the key is {KEY[:-1]}X, close to the real one",
    "GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345",
    "aws AKIAIOSFODNN7EXAMPLE here",
    "slack xoxb-123456789012-abcdefghijkl",
    "groq gsk_abcdefghijklmnopqrstuvwx",
    "google AIzaSyA-0123456789abcdefghijklmnopqrstu",
    "stripe sk_live_0123456789abcdefABCD",
    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
    "Authorization: bearer abcdefghijklmnop.qrstu",
    "DB_PASSWORD=hunter2hunter2",
])
def test_key_shaped_strings_and_secret_values_are_masked(text: str) -> None:
    masked = redact(text)
    assert MASK in masked
    for secret in (KEY, "ghp_0123", "AKIAIOSF", "xoxb-1234", "gsk_abcd", "AIzaSyA", "sk_live_01", "b3BlbnNz",
                   "qrstu", "hunter2"):
        assert secret not in masked


@pytest.mark.parametrize("text", [
    "commit 0123456789abcdef0123456789abcdef01234567 on pm/plan",
    "Refs: task-T1\nReview: docs/reviews/T1-review.md",
    "src/risk-sk-module.py:12: E501 line too long",
    "API_TOKEN = os.environ['API_TOKEN']",
    "password = input('password: ')",
    "tokenizer warmup took 12 ms",
])
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert redact(text) == text


def test_a_variable_the_config_names_as_a_key_is_secret_whatever_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LLM_CREDS", "plain-looking-value-42")
    assert redact("value plain-looking-value-42") == "value plain-looking-value-42"
    watch_env(["LLM_CREDS"])
    assert redact("value plain-looking-value-42") == f"value {MASK}"


def test_a_secret_set_after_start_is_masked_on_the_next_call(monkeypatch: pytest.MonkeyPatch) -> None:
    assert redact("late-secret-value-99") == "late-secret-value-99"
    monkeypatch.setenv("SERVICE_TOKEN", "late-secret-value-99")
    assert redact("late-secret-value-99") == MASK


def test_the_stream_sees_a_secret_written_in_pieces() -> None:
    out = io.StringIO()
    stream = RedactingStream(out)
    for piece in ("key: ", KEY[:10], KEY[10:], "\nnext line"):
        stream.write(piece)
    stream.flush()
    assert out.getvalue() == f"key: {MASK}\nnext line"


# -- its exits --------------------------------------------------------------------------------------
def test_no_store_write_keeps_a_secret(tmp_path: Path) -> None:
    db = tmp_path / "pmtui.db"
    store = Store(db)
    project = store.create_project(f"project {KEY}")
    store.add_message(project, "user", f"my key is {KEY}", "discovery")
    store.record_llm_call(project, "conversation", "openai/x", error=f"bad_request: Bearer {KEY}")
    store.emit(project, "note", {"text": f"OPENAI_API_KEY={KEY}", "nested": [KEY]})
    state = store.load_state(project)
    assert KEY not in state.messages[0].content and MASK in state.messages[0].content
    assert all(KEY not in str(event) for event in store.events_since(0))
    store.close()
    assert KEY.encode() not in stored_bytes(db)


def test_the_log_file_is_redacted(tmp_path: Path) -> None:
    from pmtui.logs import log_path, setup_logging

    setup_logging()
    try:
        raise RuntimeError(f"provider said: Incorrect API key provided: {KEY}")
    except RuntimeError:
        logging.getLogger("pmtui.test").exception("call failed with %s", KEY)
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = log_path().read_text(encoding="utf-8")
    assert "call failed with" in text and "Incorrect API key provided" in text
    assert KEY not in text


def test_a_provider_that_echoes_the_key_leaves_it_nowhere(
    fake_llm: FakeLLMServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 400 "Incorrect API key provided: Bearer sk-…" in chat: not on stderr, the log, the store or the reply."""
    config = tmp_path / "pmtui.toml"
    config.write_text(f'[models.default]\nmodel = "openai/gpt-4o-mini"\napi_base = "{fake_llm.api_base}"\n'
                      "max_retries = 0\n", encoding="utf-8")
    monkeypatch.setenv("PMTUI_CONFIG", str(config))
    for _ in range(8):
        fake_llm.enqueue(FakeResponse(status=400, error_message="Incorrect API key provided: {authorization}"))
    db = tmp_path / "chat.db"
    monkeypatch.setattr("sys.stdin", io.StringIO("A habit tracker for night-shift nurses\n"))
    code = main(["--db", str(db), "chat", "--project", "Nurses", "--jsonl"])
    out, err = capsys.readouterr()
    assert code == 0
    assert fake_llm.requests and KEY in fake_llm.requests[0].authorization, "the key went to the provider"
    assert "Incorrect API key provided" in out + err, "the provider's words still reach the user"
    assert KEY not in out and KEY not in err
    from pmtui.logs import log_path

    for handler in logging.getLogger().handlers:
        handler.flush()
    assert KEY not in log_path().read_text(encoding="utf-8")
    assert KEY.encode() not in stored_bytes(db)


def test_safe_cut_never_cuts_a_key_in_two(monkeypatch: pytest.MonkeyPatch) -> None:
    from pmtui.redaction import safe_cut

    secret = "v3ry-s3cret-value-of-the-env"
    monkeypatch.setenv("SERVICE_TOKEN", secret)
    text = "a" * 95 + secret + " tail"
    assert safe_cut(text, 100) == 95
    token = "ghp_" + "A1" * 20
    text = "b" * 90 + " " + token + " tail"
    assert safe_cut(text, 100) == 91
    assert safe_cut("c" * 200, 100) == 100
    # A key longer than the piece, at its start, goes whole into the first piece.
    assert safe_cut(token + " rest", 10) == len(token)


def test_clip_and_clip_end_never_keep_half_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from pmtui.redaction import clip, clip_end

    secret = "another-s3cret-value-here"
    monkeypatch.setenv("PAYMENT_API_KEY", secret)
    text = "x" * 290 + secret + "y" * 300
    assert secret[:10] not in clip(text, 300) and clip(text, 300) == "x" * 290
    assert clip_end(text, 310).startswith(secret)  # whole, so redaction masks it
