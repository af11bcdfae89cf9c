"""The SQLite store on disk: migrations, pragmas, transactions, resume, events."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pmtui.models import Completeness, DecisionRecord, DiscoverySummary, Feature, ScopingOutput
from pmtui.store import SCHEMA_VERSION, Store, StoreError


def test_new_store_is_migrated_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    store = Store(tmp_path / "a.db")
    assert store.schema_version == SCHEMA_VERSION
    conn = sqlite3.connect(tmp_path / "a.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"projects", "messages", "scoping_edits", "negotiation_rounds", "llm_calls", "events"} <= tables
    assert store._conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_newer_schema_is_refused_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    with pytest.raises(StoreError, match="newer than this pmtui understands"):
        Store(path)


def test_failed_transaction_leaves_nothing_behind(store: Store) -> None:
    project_id = store.create_project("Atomic")
    with pytest.raises(RuntimeError), store.transaction():
        store.add_message(project_id, "user", "half a turn", "discovery")
        raise RuntimeError("crash mid-turn")
    assert store.load_state(project_id).messages == []


def test_state_round_trips_through_a_reopened_file(tmp_path: Path) -> None:
    path = tmp_path / "resume.db"
    store = Store(path)
    project_id = store.create_project("Nurse swap")
    store.add_message(project_id, "user", "An app for [nurses] to swap shifts", "discovery")
    summary = DiscoverySummary(target_user="ICU nurses", feature_wishlist=["shift swap", "alerts"])
    store.save_discovery(project_id, summary, Completeness(score=0.3, gaps=["why_now"]))
    output = ScopingOutput(mvp_features=[Feature(name="Shift swap", rice_reach=100, rice_effort=2)])
    store.save_scoping(project_id, output, "proposal")
    store.record_edit(project_id, "Shift swap", "effort", 2, 3, output)
    store.add_negotiation_round(project_id, DecisionRecord(round=1, ask="keep alerts", outcome="held"))
    state = store.load_state(project_id)
    state.phase = "scoping"
    state.phases_visited.append("scoping")
    state.negotiation_rounds = 1
    store.save_flags(state)
    store.close()

    reopened = Store(path).load_state(project_id)
    assert reopened.phase == "scoping"
    assert reopened.phases_visited == ["discovery", "scoping"]
    assert reopened.negotiation_rounds == 1
    assert reopened.messages[0].content == "An app for [nurses] to swap shifts"
    assert reopened.discovery_summary.feature_wishlist == ["shift swap", "alerts"]
    assert reopened.scoping_output is not None
    assert reopened.scoping_output.mvp_features[0].name == "Shift swap"
    assert Store(path).scoping_edits(project_id)[0]["new"] == 3


def test_delete_cascades_and_names_are_unique(store: Store) -> None:
    project_id = store.create_project("Dup")
    store.add_message(project_id, "user", "hi", "discovery")
    with pytest.raises(StoreError, match="already exists"):
        store.create_project("Dup")
    store.delete_project(project_id)
    assert store.list_projects() == []
    assert store._conn.execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 0


def test_events_are_rows_another_connection_sees_only_after_commit(store: Store) -> None:
    follower = Store(store.path)
    with store.transaction():
        project_id = store.create_project("Evented")
        store.add_message(project_id, "user", "hello", "discovery")
        assert follower.events_since(0) == []
    kinds = [event["kind"] for event in follower.events_since(0)]
    assert kinds == ["project_created", "message"]
    follower.close()


def test_llm_ledger_sums_per_project(store: Store) -> None:
    first = store.create_project("One")
    second = store.create_project("Two")
    store.record_llm_call(first, "conversation", "openai/x", 100, 20, 0.002, 350.0)
    store.record_llm_call(first, "extraction", "openai/x", 50, 10, 0.001, 120.0, error="429")
    store.record_llm_call(second, "conversation", "openai/x", 1, 1, 0.5, 1.0)
    usage = store.llm_usage(first)
    assert usage == {
        "calls": 2,
        "prompt_tokens": 150,
        "completion_tokens": 30,
        "tokens": 180,
        "cost": pytest.approx(0.003),
        "errors": 1,
    }
