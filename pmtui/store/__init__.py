"""SQLite state store: projects, conversation, scoping edits, LLM calls and the event table."""

from pmtui.store.db import SCHEMA_VERSION, Store, StoreError

__all__ = ["SCHEMA_VERSION", "Store", "StoreError"]
